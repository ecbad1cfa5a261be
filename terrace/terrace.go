package terrace

import (
	"fmt"
	"iter"
	"math/bits"
	"math/rand/v2"

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
// it for an empty square, and Move.Taken for a move that captures
// nothing.
type Piece struct {
	c cell // 0, or kind | owner<<ownerShift
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
	// One word, so that a move travels in a register and the generator
	// writes it with one store: the kind (bits 0-7), the captured cell
	// (bits 8-15), the from and to squares as notation.Square holds them,
	// file+1 and rank+1 (bits 16-31 and 32-47), and their board indices
	// (bits 48-53 and 56-61), which PlayUnchecked reads.
	v uint64
}

// The bits of Move.v.
const (
	moveCaptured  = 8
	moveFrom      = 16
	moveTo        = 32
	moveFromIndex = 48
	moveToIndex   = 56
)

// newMove builds the move of kind k from from to to, capturing the piece
// of cell captured (0 for none).
func newMove(k Kind, from, to notation.Square, captured cell) Move {
	return Move{uint64(uint8(k)) | uint64(captured)<<moveCaptured | squareBits(from, moveFrom, moveFromIndex) | squareBits(to, moveTo, moveToIndex)}
}

// squareBits is square s in a Move's bits: as notation.Square holds it at
// bit at, and its index (folded into 0-63 when it is off the 8x8 board, as
// no position makes such a move) at bit index.
func squareBits(s notation.Square, at, index uint) uint64 {
	return uint64(s.File()+1)<<at | uint64(s.Rank()+1)<<(at+8) | uint64(squareIndex(s))<<index
}

// moveSquare reads back a square that squareBits stored at bit at.
func moveSquare(v uint64, at uint) notation.Square {
	return notation.SquareAt(int(v>>at&0xff)-1, int(v>>(at+8)&0xff)-1)
}

// Kind is the kind of the piece that moves (T for the T); NoKind for the
// zero Move.
func (m Move) Kind() Kind { return Kind(int8(m.v)) }

// From is the square the piece leaves.
func (m Move) From() notation.Square { return moveSquare(m.v, moveFrom) }

// To is the square the piece goes to, where it captures what stands there.
func (m Move) To() notation.Square { return moveSquare(m.v, moveTo) }

// Captures lists the squares of the pieces the move captures, as in every
// engine: To when it takes a piece there, else nil. Taken says which piece.
func (m Move) Captures() []notation.Square {
	if m.Taken() == (Piece{}) {
		return nil
	}
	return []notation.Square{m.To()}
}

// Taken is the piece the move captures on To: its owner (the mover's own
// pieces may be captured too) and kind. It is the zero Piece (Owner()
// NoPlayer, Kind() NoKind) when the move captures nothing.
func (m Move) Taken() Piece { return Piece{cell(m.v >> moveCaptured)} }

// A cell is one square spelled out: 0 when empty, else kind | owner<<3. The
// position code, the board text, Move.Taken and the hash keys use it.
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

// fromBits and toBits are each square's bits in a Move as its from and to
// square.
var fromBits, toBits = func() (f, t [64]uint64) {
	for i := range f {
		f[i] = squareBits(squares[i], moveFrom, moveFromIndex)
		t[i] = squareBits(squares[i], moveTo, moveToIndex)
	}
	return f, t
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
	paths             [][]int8 // each terrace in path order, by number-1
	// A piece's slides, looked up by the blockers on its terrace: the
	// other players' pieces on the square's terrace (slideMask), times
	// slideMagic, give in their top 6 bits the index of the list in
	// slides: the squares the piece reaches along the path one way,
	// nearest first, then the other way, up to the first square held by
	// another player, as bytes t|slideMark (low byte first). The mover's
	// own pieces are passed over; the empty squares of the list are the
	// slides.
	slideMask, slideMagic [64]uint64
	slides                *[64][64]uint64
}

// slideMark marks each byte of a slide list, so that a1 (0) is not the
// list's end.
const slideMark = 0x40

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
	var rays [64][2]ray // the two ways along the terrace path
	for _, path := range g.paths {
		for i, s := range path {
			fwd, back := &rays[s][0], &rays[s][1]
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
	g.slides = new([64][64]uint64)
	random := rand.New(rand.NewPCG(0x7e77ace, uint64(n)))
	for s := 0; s < 64; s++ {
		var mask uint64
		for _, r := range rays[s] {
			for _, t := range r.sq[:r.n] {
				mask |= 1 << t
			}
		}
		// list is the slide list when the blockers are b.
		list := func(b uint64) uint64 {
			var l uint64
			at := 0
			for _, r := range rays[s] {
				for _, t := range r.sq[:r.n] {
					if b>>t&1 != 0 {
						break
					}
					l |= uint64(t|slideMark) << at
					at += 8
				}
			}
			return l
		}
		// A magic sends two blocker sets to one index only when they give
		// the same list. It is drawn at random from a fixed seed, so the
		// tables are the same in every run; a terrace has at most 7
		// squares and a square at most 16 lists, so a few draws suffice.
		for magic := uint64(0); mask != 0; magic = random.Uint64() & random.Uint64() & random.Uint64() {
			var slot [64]uint64
			var used [64]bool
			ok := true
			for b := uint64(0); ok; b = (b - mask) & mask { // every subset of mask
				i, l := b*magic>>58, list(b)
				ok = !used[i] || slot[i] == l
				used[i], slot[i] = true, l
				if b == mask {
					break
				}
			}
			if ok {
				g.slideMask[s], g.slideMagic[s], g.slides[s] = mask, magic, slot
				break
			}
		}
	}
	return g
}

// slideList returns the slide list of square s when the other players'
// pieces are opp.
func (g *geometry) slideList(s int, opp uint64) uint64 {
	s &= 63
	return g.slides[s][(opp&g.slideMask[s])*g.slideMagic[s]>>58]
}

// Position is a Terrace position: the board, the number of players, the
// seat to move and the setup the game started from. It is an immutable
// value, comparable with ==, and == is Equal; one position may be shared
// between goroutines. The zero Position is no game (see the package doc).
//
// The board is five bitboards (bit rank*8 + file) and the rest is one
// byte: 56 bytes in seven fields, which Go passes to and returns from a
// method in registers (see the package doc, Layout). Bits are set on
// occupied squares only, so equal positions have equal fields.
type Position struct {
	kind0, kind1, kind2 uint64 // the Kind on each square in binary (T 1, A 2, B 3, C 4, D 5), 0 when empty
	seat1, seat2        uint64 // the owner's seat in binary: bit 0 (seats 1 and 3) and bit 1 (seats 2 and 3)
	hash                uint64
	state               uint8 // the seat to move | players<<2 | geo<<5 | setup<<6
}

// The fields of Position.state.
const (
	playersShift = 2
	geoShift     = 5
	setupShift   = 6
)

func makeState(toMove, players, geo uint8, setup Setup) uint8 {
	return toMove&3 | (players&7)<<playersShift | (geo&1)<<geoShift | uint8(setup&3)<<setupShift
}

// mover is the seat to move as the position holds it, finished games
// included.
func (p *Position) mover() uint8        { return p.state & 3 }
func (p *Position) players() int        { return int(p.state >> playersShift & 7) }
func (p *Position) geo() uint8          { return p.state >> geoShift & 1 }
func (p *Position) setup() Setup        { return Setup(p.state >> setupShift) }
func (p *Position) geometry() *geometry { return &geometries[p.geo()] }

// all is the set of occupied squares.
func (p *Position) all() uint64 { return p.kind0 | p.kind1 | p.kind2 }

// tees is the set of T's, kind 1.
func (p *Position) tees() uint64 { return p.kind0 &^ (p.kind1 | p.kind2) }

// own is the set of seat's pieces.
func (p *Position) own(seat uint8) uint64 {
	return p.all() &^ (p.seat1 ^ -uint64(seat&1)) &^ (p.seat2 ^ -uint64(seat>>1&1))
}

// kindAt is the Kind on square s, NoKind when it is empty.
func (p *Position) kindAt(s int) uint64 {
	return p.kind0>>s&1 | p.kind1>>s&1<<1 | p.kind2>>s&1<<2
}

// seatAt is the seat of the piece on square s, 0 when it is empty.
func (p *Position) seatAt(s int) int {
	s &= 63
	return int(p.seat1>>s&1 | p.seat2>>s&1<<1)
}

// cellAt returns the cell of square s, 0 when it is empty.
func (p *Position) cellAt(s int) cell {
	s &= 63
	return cell(p.kindAt(s)) | cell(p.seatAt(s))<<ownerShift
}

// cells spells the board out square by square.
func (p *Position) cells() (b [64]cell) {
	for s := range b {
		b[s] = p.cellAt(s)
	}
	return b
}

// build returns the position of these cells and fields; the bitboards and
// the hash follow from the cells.
func build(cells *[64]cell, geo, players, toMove uint8, setup Setup) Position {
	p := Position{state: makeState(toMove, players, geo, setup)}
	for s, c := range cells {
		if c&kindMask == 0 {
			continue
		}
		bit := uint64(1) << s
		o, k := c>>ownerShift, c&kindMask
		p.kind0 |= bit & -uint64(k&1)
		p.kind1 |= bit & -uint64(k>>1&1)
		p.kind2 |= bit & -uint64(k>>2)
		p.seat1 |= bit & -uint64(o&1)
		p.seat2 |= bit & -uint64(o>>1&1)
	}
	p.hash = p.computeHash()
	return p
}

// Players is 2, 3 or 4. The zero Position, which is no game, has the
// standard variant's 2, as its Variant says.
func (p Position) Players() int { return max(p.players(), 2) }

// ToMove is the seat whose turn it is, which has a T on the board; NoPlayer
// once the game is over (Outcome().Status != Ongoing) and for the zero
// Position.
func (p Position) ToMove() boardrules.Player {
	if p.over() {
		return boardrules.NoPlayer
	}
	return boardrules.Player(p.mover())
}

// over reports whether the game is over: no game (the zero Position), a win
// or a player to move without a move. It is Outcome().Status != Ongoing,
// without building the Outcome.
func (p *Position) over() bool {
	if p.players() == 0 {
		return true
	}
	if w, _ := p.decided(); w >= 0 {
		return true
	}
	return !p.hasMove()
}

// Size is the board size, 8 or 6.
func (p Position) Size() int { return p.geometry().n }

// Variant is the variant the game was started as, normalised (a field at
// its default 0): the Board, the Players and the Setup of its first
// position. The standard game's, and the zero Position's, is Variant{}.
func (p Position) Variant() Variant {
	return Variant{Board: p.geometry().n, Setup: p.setup(), Players: p.Players()}.normal()
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
	c := p.cellAt(squareIndex(sq))
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
	if pl < 0 || int(pl) >= p.players() {
		return notation.Square{}
	}
	return squares[goalIndex(p.geo(), p.players(), int(pl))]
}

// Alive reports whether pl is a seat of this game whose T is on the board.
func (p Position) Alive(pl boardrules.Player) bool {
	return pl >= 0 && int(pl) < p.players() && p.tees()&p.own(uint8(pl)) != 0
}

// goals[geo][multi][seat] is a square index.
var goals = [2][2][4]int8{
	{{63, 0, 0, 0}, {63, 0, 0, 63}}, // 8x8: h8, a1 / h8, a1, a1, h8
	{{45, 0, 0, 0}, {45, 0, 45, 0}}, // 6x6: f6, a1 / f6, a1, f6, a1
}

// goalCorners[geo] are the goal squares of every seat: the Low corners.
var goalCorners = [2]uint64{1 | 1<<63, 1 | 1<<45}

func goalIndex(geo uint8, players, seat int) int8 {
	multi := 0
	if players > 2 {
		multi = 1
	}
	return goals[geo&1][multi][seat&3]
}

// decided returns the winner when a win rule holds (a T on its goal, or
// the last T left), with the reason; -1 otherwise. Every T on the board is
// its seat's only one, so the T's tell the seats still in the game.
func (p *Position) decided() (int, string) {
	ts := p.tees()
	players := p.players()
	// A T on a Low corner wins when the corner is its seat's goal. Two such
	// T's are never on the board; the rules would check the lower seat
	// first.
	winner := -1
	for c := ts & goalCorners[p.geo()]; c != 0; c &= c - 1 {
		sq := bits.TrailingZeros64(c)
		seat := p.seatAt(sq)
		if int(goalIndex(p.geo(), players, seat)) == sq && (winner < 0 || seat < winner) {
			winner = seat
		}
	}
	if winner >= 0 {
		return winner, reasonGoal
	}
	if ts == 0 || ts&(ts-1) != 0 {
		return -1, ""
	}
	last := p.seatAt(bits.TrailingZeros64(ts))
	if players == 2 {
		return last, reasonCaptured
	}
	return last, reasonLastPlayer
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
	if p.players() == 0 {
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

// LegalMovesSeq yields the moves LegalMoves lists, in the same order.
// They are generated into a buffer on the stack, which holds the moves of
// nearly every position, and yielded from there.
func (p Position) LegalMovesSeq() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [256]Move
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// capturable returns, by the mover's size less one (sizeIndex), the pieces
// a piece of that size may capture: those of its size or smaller.
func (p *Position) capturable() [4]uint64 {
	all := p.all()
	return [4]uint64{
		(p.kind0 ^ p.kind1) &^ p.kind2, // T 001, A 010
		(p.kind0 | p.kind1) &^ p.kind2, // and B 011
		all &^ (p.kind2 & p.kind0),     // all but D 101
		all,
	}
}

// sizeIndex is the size of each Kind less one.
var sizeIndex = [8]uint8{T: 0, A: 0, B: 1, C: 2, D: 3}

// hasMove reports whether the seat to move has a legal move, ignoring the
// win rules. It asks appendMoves's questions in the cheapest order and
// stops at the first yes: ToMove asks it, and a search calls ToMove at
// every node.
func (p *Position) hasMove() bool {
	g := p.geometry()
	own := p.own(p.mover())
	all := p.all()
	// A step up or down is the commonest move: look for one first.
	for b := own; b != 0; b &= b - 1 {
		if s := bits.TrailingZeros64(b); (g.up[s]|g.down[s])&^all != 0 {
			return true
		}
	}
	prey := p.capturable()
	for b := own; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		if g.capture[s]&prey[sizeIndex[p.kindAt(s)]] != 0 {
			return true
		}
		for l := g.slideList(s, all&^own); l != 0; l >>= 8 {
			if all>>(l&63)&1 == 0 {
				return true
			}
		}
	}
	return false
}

// appendMoves appends the moves of the seat to move, ignoring the win
// rules.
func (p *Position) appendMoves(dst []Move) []Move {
	g := p.geometry()
	own := p.own(p.mover())
	all := p.all()
	opp := all &^ own
	prey := p.capturable()
	// The kind boards in locals: dst's stores could alias *p, so the
	// compiler would load p's again after each move.
	k0, k1, k2 := p.kind0, p.kind1, p.kind2
	for b := own; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		k := k0>>s&1 | k1>>s&1<<1 | k2>>s&1<<2
		base := k | fromBits[s]
		for l := g.slideList(s, opp); l != 0; l >>= 8 {
			if t := l & 63; all>>t&1 == 0 {
				dst = append(dst, Move{base | toBits[t]})
			}
		}
		for e := (g.up[s] | g.down[s]) &^ all; e != 0; e &= e - 1 {
			dst = append(dst, Move{base | toBits[bits.TrailingZeros64(e)]})
		}
		if e := g.capture[s] & all; e != 0 {
			for e &= prey[sizeIndex[k]]; e != 0; e &= e - 1 {
				t := bits.TrailingZeros64(e)
				dst = append(dst, Move{base | toBits[t] | uint64(p.cellAt(t))<<moveCaptured})
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
	all := p.all()
	own := p.own(p.mover())
	empty := all>>to&1 == 0
	switch {
	case g.level[to] == g.level[from]:
		for l := g.slideList(from, all&^own); l != 0; l >>= 8 {
			if int(l&63) == to {
				return NoKind, empty
			}
		}
	case (g.up[from]|g.down[from])>>to&1 != 0:
		return NoKind, empty
	case g.capture[from]>>to&1 != 0 && !empty:
		ck := Kind(p.cellAt(to) & kindMask)
		return ck, kindSize[ck] <= kindSize[p.cellAt(from)&kindMask]
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
	v := m.v
	victim := cell(v >> moveCaptured)
	if Kind(victim&kindMask) == T || p.state>>playersShift&7 != 2 {
		return p.playSlow(m)
	}
	// Two players, no T taken: the turn passes to the other seat. Every
	// word is computed into a local and the result built at once, so that
	// the compiler passes it back in registers without copying it through
	// memory.
	fi, ti := v>>moveFromIndex&63, v>>moveToIndex&63
	f, t := uint64(1)<<fi, uint64(1)<<ti
	ft := f | t
	me := p.state & 3
	k := v & kindMask
	pc := cell(k) | me<<ownerShift
	return Position{
		kind0: p.kind0&^t ^ ft&-(k&1),
		kind1: p.kind1&^t ^ ft&-(k>>1&1),
		kind2: p.kind2&^t ^ ft&-(k>>2),
		seat1: p.seat1&^t ^ ft&-uint64(me&1),
		seat2: p.seat2, // empty in a 2-player game
		hash:  p.hash ^ zobrist[fi][pc&31] ^ zobrist[ti][pc&31] ^ zobrist[ti][victim&31] ^ zobristPass[me],
		state: p.state ^ 1,
	}
}

// playSlow is PlayUnchecked for the moves that take a T or are played by
// three or four players.
func (p Position) playSlow(m Move) Position {
	v := m.v
	fi, ti := v>>moveFromIndex&63, v>>moveToIndex&63
	f, t := uint64(1)<<fi, uint64(1)<<ti
	ft := f | t
	me := p.state & 3
	pc := cell(v&kindMask) | me<<ownerShift
	victim := cell(v >> moveCaptured)
	p.hash ^= zobrist[fi][pc&31] ^ zobrist[ti][pc&31] ^ zobrist[ti][victim&31]
	// The piece on to, if any, leaves every plane; the mover's bits go
	// from from to to.
	k := v & kindMask
	p.kind0 = p.kind0&^t ^ ft&-(k&1)
	p.kind1 = p.kind1&^t ^ ft&-(k>>1&1)
	p.kind2 = p.kind2&^t ^ ft&-(k>>2)
	p.seat1 = p.seat1&^t ^ ft&-uint64(me&1)
	p.seat2 = p.seat2&^t ^ ft&-uint64(me>>1)
	next := p.passTurn(me, victim)
	p.hash ^= zobristToMove[me] ^ zobristToMove[next]
	p.state = p.state&^3 | next
	return p
}

// passTurn removes the pieces of a seat whose T was just taken in a game of
// three or four, and returns the seat that moves after me: the next one in
// turn with a T, or me when no other seat has one.
func (p *Position) passTurn(me uint8, victim cell) uint8 {
	n := uint8(p.players())
	if Kind(victim&kindMask) == T && n > 2 {
		// The T's owner is eliminated with all his pieces, the mover's
		// piece too when he took his own T.
		gone := p.own(victim >> ownerShift & 3)
		for b := gone; b != 0; b &= b - 1 {
			s := bits.TrailingZeros64(b)
			p.hash ^= zobrist[s][p.cellAt(s)&31]
		}
		p.kind0 &^= gone
		p.kind1 &^= gone
		p.kind2 &^= gone
		p.seat1 &^= gone
		p.seat2 &^= gone
	}
	s := me
	for range n {
		if s++; s >= n {
			s = 0
		}
		if p.tees()&p.own(s) != 0 {
			return s
		}
	}
	return me
}

// Zobrist keys from a fixed seed, so hashes are stable between runs.
var (
	zobrist        [64][32]uint64 // [square][cell]
	zobristToMove  [4]uint64
	zobristPass    [4]uint64    // zobristToMove of seat and seat^1: the turn passing in a 2-player game
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
	for i := range zobristPass {
		zobristPass[i] = zobristToMove[i] ^ zobristToMove[i^1]
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
	h := zobristVariant[p.geo()][p.players()%5] ^ zobristSetup[p.setup()&3] ^ zobristToMove[p.mover()]
	for b := p.all(); b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		h ^= zobrist[s][p.cellAt(s)&31]
	}
	return h
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
