package terrace

import (
	"fmt"
	"math/bits"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/hashkeys"
	"github.com/boardrules/boardrules/notation"
)

// This file is the hot path: the board tables, move generation, Play,
// Outcome and Hash. Notation lives in notation.go, the board text in
// render.go, the position code in code.go.

// Kind is the kind of a piece. Its size decides what it may capture.
type Kind int8

// The kinds. T is the key piece; it has the size of an A.
const (
	NoKind Kind = iota
	T
	A
	B
	C
	D
)

var kindSize = [8]int8{0, 1, 1, 2, 3, 4, 0, 0}

// Size is 1 for T and A, 2 for B, 3 for C, 4 for D, 0 for NoKind.
func (k Kind) Size() int { return int(kindSize[k&7]) }

// String is the upper-case letter of the kind, "" for NoKind.
func (k Kind) String() string {
	switch k {
	case NoKind:
		return ""
	case T, A, B, C, D:
		return string("TABCD"[k-1])
	}
	return fmt.Sprintf("Kind(%d)", int8(k))
}

// Piece is a piece on the board: its owner's seat and its kind.
type Piece struct {
	Owner boardrules.Player
	Kind  Kind
}

// Move is one move: the kind that moves, its squares, and what it captures.
//
// Captured.Kind() is the kind the move captures: NoKind when the move
// captures nothing, or when ParseMove read a move written without ":d". A
// capture made by LegalMoves or Position.ParseMove also says whose piece it
// takes and whether that is the mover's own (Captured.Owner, Captured.Own);
// the package ParseMove cannot know them (the notation writes only the
// kind). They are information for the caller: Play does not require them,
// and String does not write them.
type Move struct {
	// Four small fields: the compiler keeps a struct of up to four fields
	// in registers, and a fifth field, or a wider one, slows the move
	// generator measurably, so a capture is one byte.
	Kind     Kind
	From, To notation.Square
	Captured Capture
}

// Capture is what a move captures, in one byte: the kind and, when known,
// the owner's seat and whether it is the mover's own. The zero Capture
// captures nothing.
type Capture uint8

// The bits of a Capture above a cell (kind | owner<<ownerShift).
const (
	captureKnown Capture = 1 << 5 // the owner is known
	captureOwn   Capture = 1 << 6 // the mover's own piece
)

// Captures returns a capture of kind k whose owner is not given, as a Move
// built by hand or read by the package ParseMove has it.
func Captures(k Kind) Capture { return Capture(k & kindMask) }

// Kind is the captured kind, NoKind for none.
func (c Capture) Kind() Kind { return Kind(c & kindMask) }

// Owner returns the seat whose piece is captured, and false when nothing is
// captured or the owner is not known.
func (c Capture) Owner() (boardrules.Player, bool) {
	return boardrules.Player(c >> ownerShift & 3), c&captureKnown != 0
}

// Own reports whether the captured piece is the mover's own (false when the
// owner is not known).
func (c Capture) Own() bool { return c&captureOwn != 0 }

// String is the captured kind's letter, "" for none.
func (c Capture) String() string { return c.Kind().String() }

// A cell of Position.board: 0 when empty, else kind | owner<<3.
type cell = uint8

const (
	ownerShift = 3
	kindMask   = 7
)

func makeCell(owner int, k Kind) cell { return cell(k) | cell(owner)<<ownerShift }

// Squares are indexed rank*8 + file on both boards; a 6x6 board uses the
// indices whose file and rank are below 6.
func squareIndex(s notation.Square) int { return (s.Rank()<<3 | s.File()) & 63 }

// onBoard reports whether s is a square of the n x n board.
func onBoard(s notation.Square, n int) bool {
	return !s.IsZero() && s.File() < n && s.Rank() < n
}

var squares = func() (t [64]notation.Square) {
	for i := range t {
		t[i] = notation.SquareAt(i&7, i>>3)
	}
	return t
}()

// ray lists the squares of a terrace path beyond a square, nearest first.
type ray struct {
	n  int8
	sq [7]int8
}

// geometry holds the precomputed tables of one board size.
type geometry struct {
	n       int
	board   uint64 // the squares of the board
	level   [64]int8
	terrace [64]int8 // terrace number, 0 off the board
	// up: neighbours one level higher (orthogonal or diagonal).
	// down: orthogonal neighbours one level lower.
	// capture: diagonal neighbours one level lower.
	up, down, capture [64]uint64
	rays              [64][2]ray // the two ways along the terrace path
	paths             [][]int8   // each terrace in path order, by number-1
}

var geometries = [2]geometry{newGeometry(8), newGeometry(6)}

// geoIndex is 0 for the 8x8 board and 1 for 6x6.
func geoIndex(n int) uint8 {
	if n == 6 {
		return 1
	}
	return 0
}

func levelOf(c, r, n int) int {
	return min(max(c, r), max(n-1-c, n-1-r)) + 1
}

func newGeometry(n int) geometry {
	g := geometry{n: n}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g.board |= 1 << (r*8 + c)
			g.level[r*8+c] = int8(levelOf(c, r, n))
		}
	}
	inside := func(c, r int) bool { return c >= 0 && c < n && r >= 0 && r < n }
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			s := r*8 + c
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if (dr == 0 && dc == 0) || !inside(c+dc, r+dr) {
						continue
					}
					t := (r+dr)*8 + c + dc
					diagonal := dr != 0 && dc != 0
					switch g.level[t] - g.level[s] {
					case 1:
						g.up[s] |= 1 << t
					case -1:
						if diagonal {
							g.capture[s] |= 1 << t
						} else {
							g.down[s] |= 1 << t
						}
					}
				}
			}
		}
	}
	// Terraces: components of same-level squares joined orthogonally. Each
	// is a simple path; walk it from an end.
	sameNeighbours := func(s int) []int {
		var out []int
		c, r := s&7, s>>3
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if inside(c+d[0], r+d[1]) && g.level[(r+d[1])*8+c+d[0]] == g.level[s] {
				out = append(out, (r+d[1])*8+c+d[0])
			}
		}
		return out
	}
	for s := 0; s < 64; s++ {
		if g.board>>s&1 == 0 || g.terrace[s] != 0 || len(sameNeighbours(s)) > 1 {
			continue
		}
		// s is an end of an unnumbered terrace.
		id := int8(len(g.paths) + 1)
		var path []int8
		prev, cur := -1, s
		for cur >= 0 {
			g.terrace[cur] = id
			path = append(path, int8(cur))
			next := -1
			for _, t := range sameNeighbours(cur) {
				if t != prev {
					next = t
				}
			}
			prev, cur = cur, next
		}
		g.paths = append(g.paths, path)
	}
	for _, path := range g.paths {
		for i, s := range path {
			fwd, back := &g.rays[s][0], &g.rays[s][1]
			for j := i + 1; j < len(path); j++ {
				fwd.sq[fwd.n] = path[j]
				fwd.n++
			}
			for j := i - 1; j >= 0; j-- {
				back.sq[back.n] = path[j]
				back.n++
			}
		}
	}
	return g
}

// Position is a Terrace position: the board, the number of players and the
// seat to move. It is an immutable value, comparable with ==: equal
// positions are ==, and one position may be shared between goroutines.
type Position struct {
	board   [64]cell
	occ     [4]uint64 // squares of each seat's pieces
	hash    uint64
	tsq     [4]int8 // square of each seat's T, -1 when it has none
	geo     uint8   // index into geometries
	players uint8
	toMove  uint8
	setup   Setup // the setup the game started from; no rule depends on it
}

func (p *Position) geometry() *geometry { return &geometries[p.geo&1] }

// Players is 2, 3 or 4.
func (p Position) Players() int { return int(p.players) }

// ToMove is the seat whose turn it is. It always has a T on the board.
func (p Position) ToMove() boardrules.Player { return boardrules.Player(p.toMove) }

// Size is the board size, 8 or 6.
func (p Position) Size() int { return p.geometry().n }

// Variant is the variant the game was started as: Board, Players and the
// Setup of its first position.
func (p Position) Variant() Variant {
	return Variant{Board: p.geometry().n, Setup: p.setup, Players: int(p.players)}
}

// Equal reports whether p and q are the same position: the same board, seat
// to move, players and setup. It is p == q.
func (p Position) Equal(q Position) bool { return p == q }

// At returns the piece on sq; false for an empty square or one off this board.
func (p Position) At(sq notation.Square) (Piece, bool) {
	if !onBoard(sq, p.geometry().n) {
		return Piece{}, false
	}
	c := p.board[squareIndex(sq)]
	if c == 0 {
		return Piece{}, false
	}
	return Piece{Owner: boardrules.Player(c >> ownerShift), Kind: Kind(c & kindMask)}, true
}

// Level returns the level of sq, 1 to the board size; 0 off this board.
func (p Position) Level(sq notation.Square) int {
	if !onBoard(sq, p.geometry().n) {
		return 0
	}
	return int(p.geometry().level[squareIndex(sq)])
}

// Goal returns the square seat pl's T must reach; the zero Square when pl is
// not a seat of this game.
func (p Position) Goal(pl boardrules.Player) notation.Square {
	if pl < 0 || int(pl) >= int(p.players) {
		return notation.Square{}
	}
	return squares[goalIndex(p.geo, p.players, int(pl))]
}

// Alive reports whether pl is a seat of this game whose T is on the board.
func (p Position) Alive(pl boardrules.Player) bool {
	return pl >= 0 && int(pl) < int(p.players) && p.tsq[pl] >= 0
}

// goals[geo][multi][seat] is a square index.
var goals = [2][2][4]int8{
	{{63, 0, 0, 0}, {63, 0, 0, 63}}, // 8x8: h8, a1 / h8, a1, a1, h8
	{{45, 0, 0, 0}, {45, 0, 45, 0}}, // 6x6: f6, a1 / f6, a1, f6, a1
}

func goalIndex(geo, players uint8, seat int) int8 {
	multi := 0
	if players > 2 {
		multi = 1
	}
	return goals[geo&1][multi][seat&3]
}

// decided returns the winner when a win rule holds (a T on its goal, or
// the last T left), with the reason; -1 otherwise.
func (p *Position) decided() (int, string) {
	alive, last := 0, -1
	for s := 0; s < int(p.players); s++ {
		t := p.tsq[s]
		if t < 0 {
			continue
		}
		if t == goalIndex(p.geo, p.players, s) {
			return s, reasonGoal
		}
		alive++
		last = s
	}
	if alive == 1 {
		if p.players == 2 {
			return last, reasonCaptured
		}
		return last, reasonLastPlayer
	}
	return -1, ""
}

// The Reason texts of Outcome.
const (
	reasonGoal       = "T reached goal"
	reasonCaptured   = "T captured"
	reasonLastPlayer = "last player left"
	reasonNoMove     = "no legal move"
)

// The identifiers of Outcome.Rule, one for each way a game ends.
const (
	RuleGoal       = "goal"        // a T reached its goal corner
	RuleTCaptured  = "t-captured"  // the other T of a two-player game was captured
	RuleLastPlayer = "last-player" // every other T of a three- or four-player game was captured
	RuleNoMoves    = "no-moves"    // the player to move had no legal move: a draw
)

var ruleOf = map[string]string{
	reasonGoal:       RuleGoal,
	reasonCaptured:   RuleTCaptured,
	reasonLastPlayer: RuleLastPlayer,
}

// Outcome applies the checks of the rules in order: a T on its goal wins,
// then a last remaining T wins, then a player to move without a move draws
// the game for everyone.
func (p Position) Outcome() boardrules.Outcome {
	if w, why := p.decided(); w >= 0 {
		return boardrules.Outcome{Status: boardrules.Win, Winner: boardrules.Player(w), Reason: why, Rule: ruleOf[why]}
	}
	if !p.hasMove() {
		return boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: reasonNoMove, Rule: RuleNoMoves}
	}
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}

// Hash is a Zobrist hash of the board size, player count, every piece and
// the seat to move. It is kept up to date move by move.
func (p Position) Hash() uint64 { return p.hash }

// LegalMoves lists every legal move; none when the game is over.
func (p Position) LegalMoves() []Move {
	return p.AppendLegalMoves(make([]Move, 0, 64))
}

// AppendLegalMoves appends the legal moves to dst, piece by piece from a1
// towards h8, each piece's slides first, then its steps up and down, then
// its captures. It allocates nothing when dst has room.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if w, _ := p.decided(); w >= 0 {
		return dst
	}
	return p.appendMoves(dst, false)
}

// hasMove reports whether the seat to move has a legal move, ignoring the
// win rules.
func (p *Position) hasMove() bool {
	var buf [maxPieceMoves]Move
	return len(p.appendMoves(buf[:0], true)) > 0
}

// maxPieceMoves bounds the moves of one piece: 6 along a terrace of at most
// 7 squares, and at most one to each of its 8 neighbours.
const maxPieceMoves = 14

// appendMoves appends the moves of the seat to move, ignoring the win
// rules. With first set it stops after the first piece that can move.
func (p *Position) appendMoves(dst []Move, first bool) []Move {
	g := p.geometry()
	own := p.occ[p.toMove&3]
	all := p.occ[0] | p.occ[1] | p.occ[2] | p.occ[3]
	for b := own; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		k := Kind(p.board[s] & kindMask)
		from := squares[s]
		rays := &g.rays[s]
		for d := range rays {
			r := &rays[d]
			for i := 0; i < int(r.n); i++ {
				t := r.sq[i] & 63
				if all>>t&1 == 0 {
					dst = append(dst, Move{Kind: k, From: from, To: squares[t]})
				} else if own>>t&1 == 0 {
					break
				}
			}
		}
		for e := (g.up[s] | g.down[s]) &^ all; e != 0; e &= e - 1 {
			dst = append(dst, Move{Kind: k, From: from, To: squares[bits.TrailingZeros64(e)]})
		}
		z := kindSize[k]
		for e := g.capture[s] & all; e != 0; e &= e - 1 {
			t := bits.TrailingZeros64(e)
			c := p.board[t]
			if kindSize[c&kindMask] <= z {
				dst = append(dst, Move{Kind: k, From: from, To: squares[t], Captured: p.capture(c)})
			}
		}
		if first && len(dst) > 0 {
			return dst
		}
	}
	return dst
}

// legal reports whether the seat to move may move the piece on from to to,
// and what it captures there. Both squares must be on the board and from
// must hold a piece of the seat to move.
func (p *Position) legal(from, to int) (captured Kind, ok bool) {
	g := p.geometry()
	if from == to {
		return NoKind, false
	}
	all := p.occ[0] | p.occ[1] | p.occ[2] | p.occ[3]
	own := p.occ[p.toMove&3]
	empty := all>>to&1 == 0
	switch {
	case g.level[to] == g.level[from]:
		for d := range g.rays[from] {
			r := &g.rays[from][d]
			for i := 0; i < int(r.n); i++ {
				t := int(r.sq[i])
				if t == to {
					return NoKind, empty
				}
				if all>>t&1 != 0 && own>>t&1 == 0 {
					break
				}
			}
		}
	case (g.up[from]|g.down[from])>>to&1 != 0:
		return NoKind, empty
	case g.capture[from]>>to&1 != 0 && !empty:
		ck := Kind(p.board[to] & kindMask)
		return ck, kindSize[ck] <= kindSize[p.board[from]&kindMask]
	}
	return NoKind, false
}

// capture describes the capture of the piece c by the seat to move.
func (p *Position) capture(c cell) Capture {
	x := Capture(c) | captureKnown
	if c>>ownerShift&3 == p.toMove {
		x |= captureOwn
	}
	return x
}

// Play plays m if it is legal: it must equal a move of LegalMoves in Kind,
// From, To and Captured.Kind() (the owner of a capture is not checked). It
// never changes p. Use ParseMove to complete a move written without its
// kind or capture.
func (p Position) Play(m Move) (Position, error) {
	if err := p.check(m); err != nil {
		return p, err
	}
	return p.PlayUnchecked(m), nil
}

// PlayUnchecked plays m, which must be a legal move of p (from LegalMoves or
// ParseMove), without checking it.
func (p Position) PlayUnchecked(m Move) Position {
	from, to := squareIndex(m.From), squareIndex(m.To)
	me := int(p.toMove & 3)
	pc := p.board[from]
	p.board[from] = 0
	p.occ[me] &^= 1 << from
	p.hash ^= zobrist[from][pc&31]
	victim := -1
	if c := p.board[to]; c != 0 {
		o := int(c>>ownerShift) & 3
		p.occ[o] &^= 1 << to
		p.hash ^= zobrist[to][c&31]
		if Kind(c&kindMask) == T {
			p.tsq[o] = -1
			victim = o
		}
	}
	p.board[to] = pc
	p.occ[me] |= 1 << to
	p.hash ^= zobrist[to][pc&31]
	if Kind(pc&kindMask) == T {
		p.tsq[me] = int8(to)
	}
	if victim >= 0 && p.players > 2 {
		// The T's owner is eliminated with all his pieces, the mover's
		// piece too when he took his own T.
		for b := p.occ[victim]; b != 0; b &= b - 1 {
			s := bits.TrailingZeros64(b)
			p.hash ^= zobrist[s][p.board[s]&31]
			p.board[s] = 0
		}
		p.occ[victim] = 0
	}
	p.hash ^= zobristToMove[me]
	n := int(p.players)
	next, s := me, me
	for range n {
		if s++; s >= n {
			s = 0
		}
		if p.tsq[s&3] >= 0 {
			next = s
			break
		}
	}
	p.toMove = uint8(next)
	p.hash ^= zobristToMove[next]
	return p
}

// Zobrist keys from a fixed seed, so hashes are stable between runs.
var (
	zobrist        [64][32]uint64 // [square][cell]
	zobristToMove  [4]uint64
	zobristVariant [2][5]uint64 // [geo][players]
)

func init() {
	next := hashkeys.New(0x7e77ace5eed00001).Next
	for s := range zobrist {
		for c := range zobrist[s] {
			if c&kindMask != 0 {
				zobrist[s][c] = next()
			}
		}
	}
	for i := range zobristToMove {
		zobristToMove[i] = next()
	}
	for g := range zobristVariant {
		for n := range zobristVariant[g] {
			zobristVariant[g][n] = next()
		}
	}
}

// computeHash hashes p from scratch.
func (p *Position) computeHash() uint64 {
	h := zobristVariant[p.geo&1][p.players%5] ^ zobristToMove[p.toMove&3]
	for s, c := range p.board {
		h ^= zobrist[s][c&31]
	}
	return h
}

// finish fills the derived fields (occupancy, T squares, hash) from board.
func (p *Position) finish() {
	p.occ = [4]uint64{}
	p.tsq = [4]int8{-1, -1, -1, -1}
	for s, c := range p.board {
		if c == 0 {
			continue
		}
		o := c >> ownerShift & 3
		p.occ[o] |= 1 << s
		if Kind(c&kindMask) == T {
			p.tsq[o] = int8(s)
		}
	}
	p.hash = p.computeHash()
}

// seatNames are the armies in seat order, as the board text writes them.
var seatNames = [4]string{"lowercase", "UPPERCASE", "lowercase primed", "UPPERCASE primed"}

// SeatName names seat pl by its army: "lowercase" (seat 0, who moves first),
// "UPPERCASE", "lowercase primed", "UPPERCASE primed". It returns "" for a
// seat not in the game.
func (p Position) SeatName(pl boardrules.Player) string {
	if pl < 0 || int(pl) >= p.Players() {
		return ""
	}
	return seatNames[pl]
}
