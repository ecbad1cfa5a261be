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

// Piece is a piece on the board, read through Owner and Kind. The zero
// Piece is no piece: Owner() is NoPlayer and Kind() is NoKind; At returns
// it for an empty square, and Move.Captures for a move that captures
// nothing.
type Piece struct {
	c cell // a cell of Position.board: 0, or kind | owner<<ownerShift
}

// Owner is the seat whose piece it is; NoPlayer for the zero Piece.
func (pc Piece) Owner() boardrules.Player {
	if pc.c&kindMask == 0 {
		return boardrules.NoPlayer
	}
	return boardrules.Player(pc.c >> ownerShift & 3)
}

// Kind is the piece's kind; NoKind for the zero Piece.
func (pc Piece) Kind() Kind { return Kind(pc.c & kindMask) }

// Move is one move of a position, as LegalMoves, AppendLegalMoves and
// Position.ParseMove give it: the kind that moves, its two squares and the
// piece it captures. Moves come only from a position; the zero Move is no
// move.
type Move struct {
	// Four small fields: the compiler keeps a struct of up to four fields
	// in registers, and a fifth field, or a wider one, slows the move
	// generator measurably, so the captured piece is one byte (a Piece is
	// a board cell).
	kind     Kind
	from, to notation.Square
	captured Piece
}

// Kind is the kind of the piece that moves (T for the T); NoKind for the
// zero Move.
func (m Move) Kind() Kind { return m.kind }

// From is the square the piece leaves.
func (m Move) From() notation.Square { return m.from }

// To is the square the piece goes to, where it captures what stands there.
func (m Move) To() notation.Square { return m.to }

// Captures is the piece the move captures: its owner (the mover's own
// pieces may be captured too) and kind. It is the zero Piece (Owner()
// NoPlayer, Kind() NoKind) when the move captures nothing.
func (m Move) Captures() Piece { return m.captured }

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

// Position is a Terrace position: the board, the number of players, the
// seat to move and the setup the game started from. It is an immutable
// value, comparable with ==, and == is Equal; one position may be shared
// between goroutines. The zero Position is no game (see the package doc).
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

// Players is 2, 3 or 4. The zero Position, which is no game, has the
// standard variant's 2, as its Variant says.
func (p Position) Players() int { return max(int(p.players), 2) }

// ToMove is the seat whose turn it is, which has a T on the board; NoPlayer
// once the game is over (Outcome().Status != Ongoing) and for the zero
// Position.
func (p Position) ToMove() boardrules.Player {
	if p.over() {
		return boardrules.NoPlayer
	}
	return boardrules.Player(p.toMove)
}

// over reports whether the game is over: no game (the zero Position), a win
// or a player to move without a move. It is Outcome().Status != Ongoing,
// without building the Outcome.
func (p *Position) over() bool {
	if p.players == 0 {
		return true
	}
	if w, _ := p.decided(); w >= 0 {
		return true
	}
	return !p.hasMove()
}

// Size is the board size, 8 or 6.
func (p Position) Size() int { return p.geometry().n }

// Variant is the variant the game was started as, normalised: Board (8 or
// 6), Players (2, 3 or 4) and the Setup of its first position. The zero
// Position's is the standard game's, Variant{8, Long, 2}.
func (p Position) Variant() Variant {
	players := int(p.players)
	if players == 0 {
		players = 2
	}
	return Variant{Board: p.geometry().n, Setup: p.setup, Players: players}
}

// Equal reports whether p and q are the same position: the same variant
// (board size, players and setup), board and seat to move, the one kept
// after the end as well. It is p == q. Terrace has no repetition rule and
// no stored outcome: the Outcome follows from these.
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
	return Piece{c}, true
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

// noGame is the Outcome of the zero Position.
var noGame = boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}

// Outcome applies the checks of the rules in order: a T on its goal wins,
// then a last remaining T wins, then a player to move without a move draws
// the game for everyone. The zero Position is no game: a Draw with Reason
// "no game" and Rule boardrules.RuleNoGame.
func (p Position) Outcome() boardrules.Outcome {
	if p.players == 0 {
		return noGame
	}
	if w, why := p.decided(); w >= 0 {
		return boardrules.Outcome{Status: boardrules.Win, Winner: boardrules.Player(w), Reason: why, Rule: ruleOf[why]}
	}
	if !p.hasMove() {
		return boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: reasonNoMove, Rule: RuleNoMoves}
	}
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}

// Hash is a Zobrist hash of the board size, player count, setup, every
// piece and the seat to move: all that Equal compares. It is kept up to
// date move by move. The zero Position's is 0.
func (p Position) Hash() uint64 { return p.hash }

// LegalMoves lists every legal move; nil when the game is over.
func (p Position) LegalMoves() []Move {
	moves := p.AppendLegalMoves(make([]Move, 0, 64))
	if len(moves) == 0 {
		return nil
	}
	return moves
}

// AppendLegalMoves appends the legal moves to dst, piece by piece from a1
// towards h8, each piece's slides first, then its steps up and down, then
// its captures. It allocates nothing when dst has room, and returns dst
// unchanged when the game is over.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if w, _ := p.decided(); w >= 0 {
		return dst
	}
	return p.appendMoves(dst)
}

// hasMove reports whether the seat to move has a legal move, ignoring the
// win rules. It asks appendMoves's questions in the cheapest order and
// stops at the first yes: ToMove asks it, and a search calls ToMove at
// every node.
func (p *Position) hasMove() bool {
	g := p.geometry()
	own := p.occ[p.toMove&3]
	all := p.occ[0] | p.occ[1] | p.occ[2] | p.occ[3]
	for b := own; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		if (g.up[s]|g.down[s])&^all != 0 {
			return true
		}
		z := kindSize[p.board[s]&kindMask]
		for e := g.capture[s] & all; e != 0; e &= e - 1 {
			if kindSize[p.board[bits.TrailingZeros64(e)]&kindMask] <= z {
				return true
			}
		}
		rays := &g.rays[s]
		for d := range rays {
			r := &rays[d]
			for i := 0; i < int(r.n); i++ {
				t := r.sq[i] & 63
				if all>>t&1 == 0 {
					return true
				}
				if own>>t&1 == 0 {
					break
				}
			}
		}
	}
	return false
}

// appendMoves appends the moves of the seat to move, ignoring the win
// rules.
func (p *Position) appendMoves(dst []Move) []Move {
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
					dst = append(dst, Move{kind: k, from: from, to: squares[t]})
				} else if own>>t&1 == 0 {
					break
				}
			}
		}
		for e := (g.up[s] | g.down[s]) &^ all; e != 0; e &= e - 1 {
			dst = append(dst, Move{kind: k, from: from, to: squares[bits.TrailingZeros64(e)]})
		}
		z := kindSize[k]
		for e := g.capture[s] & all; e != 0; e &= e - 1 {
			t := bits.TrailingZeros64(e)
			c := p.board[t]
			if kindSize[c&kindMask] <= z {
				dst = append(dst, Move{kind: k, from: from, to: squares[t], captured: Piece{c}})
			}
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

// Play plays m if it is a legal move of p: a move of p's LegalMoves (or of
// a position Equal to p), equal to it in every field. It never changes p.
// A move of another position is refused with ErrIllegalMove, and the zero
// Move with notation.NoMove's error; once the game is over, every move is
// refused with ErrGameOver.
func (p Position) Play(m Move) (Position, error) {
	if err := p.check(m); err != nil {
		return p, err
	}
	return p.PlayUnchecked(m), nil
}

// PlayUnchecked plays m, which must be a legal move of p (from LegalMoves or
// ParseMove), without checking it. Given any other move it returns a
// position that is not meaningful, and does not panic.
func (p Position) PlayUnchecked(m Move) Position {
	from, to := squareIndex(m.from), squareIndex(m.to)
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
	zobristSetup   [4]uint64    // [setup]; 0 for Long
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
	// Drawn last, and none for Long, so that the keys above, and with them
	// the hashes of Long games, are what they were before the setup was
	// hashed.
	for s := Short; s <= Master; s++ {
		zobristSetup[s] = next()
	}
}

// computeHash hashes p from scratch.
func (p *Position) computeHash() uint64 {
	h := zobristVariant[p.geo&1][p.players%5] ^ zobristSetup[p.setup&3] ^ zobristToMove[p.toMove&3]
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

// seatNames are the armies in seat order, capitalised as a name.
var seatNames = [4]string{"Lowercase", "Uppercase", "Lowercase primed", "Uppercase primed"}

// SeatName names seat pl by its army: "Lowercase" (seat 0, who moves first),
// "Uppercase", "Lowercase primed", "Uppercase primed". It returns "" for a
// seat not in the game (NoPlayer included).
func (p Position) SeatName(pl boardrules.Player) string {
	if pl < 0 || int(pl) >= p.Players() {
		return ""
	}
	return seatNames[pl]
}
