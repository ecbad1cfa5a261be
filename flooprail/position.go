package flooprail

import (
	"math/bits"
	"strconv"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// Color is a side's mark, O or X, as the board text writes its pieces.
// O is seat 0 and moves first; X is seat 1. Color.String and SeatName
// spell a side the same way.
type Color int8

// The sides, and NoColor, the Color of Empty (no piece).
const (
	NoColor Color = -1
	O       Color = 0 // seat 0, who moves first
	X       Color = 1 // seat 1
)

// String returns "O", "X" or "NoColor".
func (c Color) String() string {
	switch c {
	case O:
		return "O"
	case X:
		return "X"
	case NoColor:
		return "NoColor"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Variant chooses the rules. The zero value is the normal game.
type Variant struct {
	// Reverse makes the player left without a legal move the winner
	// (Reverse FloopRail, the pbmserv options -reverse, -misere, -losing).
	Reverse bool
}

// String returns "normal" or "reverse", the words of the position code.
func (v Variant) String() string {
	if v.Reverse {
		return "reverse"
	}
	return "normal"
}

// Variants lists the two games, the normal one (the standard game) first.
func Variants() []Variant { return []Variant{{}, {Reverse: true}} }

// ParseVariant reads "normal" or "reverse" (exactly these words, in lower
// case). Errors are *notation.ParseError and wrap boardrules.ErrSyntax.
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "normal":
		return Variant{}, nil
	case "reverse":
		return Variant{Reverse: true}, nil
	}
	return Variant{}, notation.UnknownVariant(s, Name, "normal or reverse")
}

// Piece is what a space holds.
type Piece uint8

// The pieces. Empty is the zero value.
const (
	Empty Piece = iota
	OFlooper
	XFlooper
	OSooperFlooper
	XSooperFlooper
)

// Owner returns the seat the piece belongs to, 0 for O and 1 for X, or
// boardrules.NoPlayer for Empty.
func (pc Piece) Owner() boardrules.Player {
	if c := pc.Color(); c != NoColor {
		return boardrules.Player(c)
	}
	return boardrules.NoPlayer
}

// Color returns O or X, or NoColor for Empty.
func (pc Piece) Color() Color {
	switch pc {
	case OFlooper, OSooperFlooper:
		return O
	case XFlooper, XSooperFlooper:
		return X
	}
	return NoColor
}

// IsSooper reports whether pc is a SooperFlooper.
func (pc Piece) IsSooper() bool { return pc == OSooperFlooper || pc == XSooperFlooper }

// String returns "O Flooper", "X Flooper", "O SooperFlooper" or "X
// SooperFlooper", and "" for Empty, the zero Piece, as every engine's zero
// piece prints.
func (pc Piece) String() string {
	switch pc {
	case Empty:
		return ""
	case OFlooper:
		return "O Flooper"
	case XFlooper:
		return "X Flooper"
	case OSooperFlooper:
		return "O SooperFlooper"
	case XSooperFlooper:
		return "X SooperFlooper"
	}
	return "Piece(" + strconv.Itoa(int(pc)) + ")"
}

// Position is a FloopRail position: the board, the side to move and the
// variant. It is an immutable value, comparable with == (== is Equal), and
// safe to share between goroutines. The zero Position is no game (see the
// package doc); use New or Standard for the start.
type Position struct {
	// Two words, so that a Position goes in and out of a call in two
	// registers (see the package doc, Speed).
	sides uint64 // the pieces of the side to move (low 32 bits, one bit per space, see moves.go) and of the other side (high 32)
	meta  uint64 // which pieces are SooperFloopers (low 32 bits) and the flags (bits 32-34)
}

// The bits of the flags, Position.meta>>32.
const (
	flagX       = 1 // X is to move (else O); in an ended game, the side without a move
	flagReverse = 2 // the reverse game
	// flagGame is set in every position of a game, and only the zero
	// Position lacks it: so the zero Position, which is no game, differs
	// from a game's empty board, which the position code can hold.
	flagGame = 4
)

// newPosition returns the position with O's pieces o and X's pieces x.
func newPosition(o, x, kings uint32, turn uint8, reverse bool) Position {
	p := Position{sides: uint64(o) | uint64(x)<<32, meta: uint64(kings) | uint64(turn&flagX|flagGame)<<32}
	if turn&1 == 1 {
		p.sides = uint64(x) | uint64(o)<<32
	}
	if reverse {
		p.meta |= flagReverse << 32
	}
	return p
}

func (p Position) me() uint32    { return uint32(p.sides) }
func (p Position) them() uint32  { return uint32(p.sides >> 32) }
func (p Position) kings() uint32 { return uint32(p.meta) }
func (p Position) flags() uint8  { return uint8(p.meta >> 32) }
func (p Position) turn() uint8   { return p.flags() & flagX }
func (p Position) reverse() bool { return p.flags()&flagReverse != 0 }

// pieces returns the pieces of player pl (0 or 1).
func (p Position) pieces(pl uint8) uint32 {
	if pl == p.turn() {
		return p.me()
	}
	return p.them()
}

// New returns the starting position of variant v: 12 Floopers a side, O to
// move. Every Variant is valid, so the error is always nil.
func New(v Variant) (Position, error) {
	return newPosition(startO, startX, 0, 0, v.Reverse), nil
}

// Standard returns the starting position of the normal game.
func Standard() Position {
	p, _ := New(Variant{})
	return p
}

// Variant returns the rules p is played by; the normal game for the zero
// Position. Every Variant is normalised already.
func (p Position) Variant() Variant { return Variant{Reverse: p.reverse()} }

// Players returns 2.
func (p Position) Players() int { return 2 }

// ToMove returns the player to move, O or X, while the game goes on, and
// boardrules.NoPlayer once it has ended (exactly when Outcome().Status is
// not Ongoing) and for the zero Position. It tests the bitboards for any
// move without listing them, so it is cheap enough for every node of a
// search.
func (p Position) ToMove() boardrules.Player {
	if !p.hasMove() {
		return boardrules.NoPlayer
	}
	return boardrules.Player(p.turn())
}

// Hash returns a hash of the board, the side to move, the variant and
// whether p is a game at all (the zero Position's hash is 0). Equal
// positions have equal hashes. It mixes the position's two words with two
// 128-bit multiplications, which costs less than keeping a Zobrist hash up
// to date in every PlayUnchecked.
func (p Position) Hash() uint64 { return p.hashFromScratch() }

// Count returns the number of pieces player pl has on the board.
func (p Position) Count(pl boardrules.Player) int {
	if pl != 0 && pl != 1 {
		return 0
	}
	return bits.OnesCount32(p.pieces(uint8(pl)))
}

// At returns the piece on sq, whose file is the letter and whose rank is
// the row (D1 is notation.SquareAt(3, 0)). It returns Empty and false for an
// empty space or a square that is not one of the 32 spaces.
func (p Position) At(sq notation.Square) (Piece, bool) {
	i := spaceBit(sq)
	if i < 0 {
		return Empty, false
	}
	pc := p.at(uint8(i))
	return pc, pc != Empty
}

func (p Position) at(i uint8) Piece {
	bit := uint32(1) << i
	var pc Piece
	switch {
	case p.pieces(0)&bit != 0:
		pc = OFlooper
	case p.pieces(1)&bit != 0:
		pc = XFlooper
	default:
		return Empty
	}
	if p.kings()&bit != 0 {
		pc += OSooperFlooper - OFlooper
	}
	return pc
}

// spaceBit returns the bit index of sq, or -1 when sq is not a space.
func spaceBit(sq notation.Square) int {
	l, r := sq.File()+1, sq.Rank()+1
	if !isSpace(l, r) {
		return -1
	}
	return int(bitOf[l][r])
}

// squareOf returns the square of a bit index.
func squareOf(i uint8) notation.Square {
	return notation.SquareAt(int(letterOf[i])-1, int(rowOf[i])-1)
}

// Spaces returns the 32 spaces in board order: rows 1 to 7, left to right
// within a row (D1 E1 C2 D2 … D7 E7).
func Spaces() [32]notation.Square {
	var out [32]notation.Square
	for n, i := range boardOrder {
		out[n] = squareOf(i)
	}
	return out
}

// CheckersSquare returns the English-checkers number (1-32) of a space, or
// 0 for a square that is not a space. For letter L (A=1) and row R it is
// 4(L+R-5) + ⌊(4-L+R)/2⌋ + 1.
//
// FloopRail is English checkers turned 45 degrees and mirrored: the rails
// become the diagonals, D1 E1 / C2 … become squares 1 to 32 of the checkers
// board seen from Black's side, O's Floopers start on Black's squares 1-12
// and X's on White's 21-32, and the goal spaces are the crowning rows. Every
// move and position maps across, which is why published English-checkers
// perft counts check this engine.
func CheckersSquare(sq notation.Square) int {
	l, r := sq.File()+1, sq.Rank()+1
	if !isSpace(l, r) {
		return 0
	}
	return 4*(l+r-5) + (4-l+r)/2 + 1
}

// Outcome returns {Ongoing, NoPlayer, ""} while the player to move has a
// legal move. Otherwise the game is over: in the normal game the other
// player wins, in the reverse game the player to move wins. The Reason is
// "O has no piece left" (or X) when the player to move has none, else "O
// has no legal move".
// A game is never drawn: the only Draw is the zero Position's, which is no
// game, {Draw, NoPlayer, "no game", boardrules.RuleNoGame}.
func (p Position) Outcome() boardrules.Outcome {
	if p.hasMove() {
		return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
	}
	if p.flags()&flagGame == 0 {
		return boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
	}
	winner := boardrules.Player(p.turn() ^ 1)
	if p.reverse() {
		winner = boardrules.Player(p.turn())
	}
	reason, rule := noMoveReason[p.turn()], RuleNoMoves
	if p.me() == 0 {
		reason, rule = noPieceReason[p.turn()], RuleNoPieces
	}
	return boardrules.Outcome{Status: boardrules.Win, Winner: winner, Reason: reason, Rule: rule}
}

// The Reasons of the two endings, by the player to move, who is left
// without a piece or a move: made once, so that Outcome allocates nothing.
var (
	noPieceReason = [2]string{"O has no piece left", "X has no piece left"}
	noMoveReason  = [2]string{"O has no legal move", "X has no legal move"}
)

// The identifiers of Outcome.Rule. In the normal game the player to move
// has lost, in the reverse game he has won.
const (
	RuleNoPieces = "no-pieces" // the player to move has no piece left
	RuleNoMoves  = "no-moves"  // the player to move has pieces but no legal move
)

// Equal reports whether p and q are the same position: the same board, side
// to move and variant, and both games or both the zero Position. That is
// all that decides the rest of a game (there is no repetition rule), and
// it is p == q.
func (p Position) Equal(q Position) bool { return p == q }

// Move is a Floop or a Fleap move: the path of the moving piece, 2 to 13
// spaces. It is a small comparable value; two moves are equal exactly when
// their paths are. Moves come from a position (Position.ParseMove,
// LegalMoves, AppendLegalMoves). The zero Move is no move: it prints as "",
// has no path, and Play refuses it.
type Move struct {
	// What PlayUnchecked needs, in a form it applies with one exclusive or
	// to a Position's sides word: the first and the last space (low 32
	// bits, one bit each as in a board, none for a loop, which ends where
	// it starts) and the spaces leapt (high 32 bits; none for a Floop; a
	// space leapt twice, in a path the notation can name but that is never
	// legal, once).
	play uint64
	// The path: the direction of each step (two bits a step from bit 0),
	// the bit index of the first space (bits 24-28) and of the last
	// (29-33), the number of steps (34-37; 0 only for the zero Move), and
	// in bit 63 whether the last space is a goal space, where a Flooper is
	// crowned, for PlayUnchecked. A path names its Move: the rest follows
	// from it.
	path uint64
}

// Fields of Move.path.
const (
	pathFrom  = 24
	pathTo    = 29
	pathSteps = 34
	pathGoal  = 63
)

func (m Move) from() uint8   { return uint8(m.path >> pathFrom & 31) }
func (m Move) to() uint8     { return uint8(m.path >> pathTo & 31) }
func (m Move) caps() uint32  { return uint32(m.play >> 32) }
func (m Move) steps() int    { return int(m.path >> pathSteps & 15) }
func (m Move) dir(k int) int { return int(m.path >> (2 * k) & 3) }

// spaces returns the bit indexes of the path's spaces and their number.
func (m Move) spaces() (path [maxSpaces]uint8, n int) {
	steps := m.steps()
	if steps == 0 {
		return path, 0
	}
	i := m.from()
	path[0] = i
	for k := range steps {
		d := m.dir(k)
		i = uint8(neighbour[d][i])
		if m.caps() != 0 {
			i = uint8(neighbour[d][i])
		}
		path[k+1] = i
	}
	return path, steps + 1
}

// From returns the space the piece starts from, the first space of Path;
// the zero Square for the zero Move.
func (m Move) From() notation.Square {
	if m.path == 0 {
		return notation.Square{}
	}
	return squareOf(m.from())
}

// To returns the space the piece ends on, the last space of Path (From
// again for a SooperFlooper's loop); the zero Square for the zero Move.
func (m Move) To() notation.Square {
	if m.path == 0 {
		return notation.Square{}
	}
	return squareOf(m.to())
}

// IsFleap reports whether m is a Fleap move (it leaps at least one piece).
func (m Move) IsFleap() bool { return m.caps() != 0 }

// makeMove returns the Move of the path from the space with bit index
// from, with steps in the directions dirs (two bits a step) ending on to,
// leaping the spaces caps.
func makeMove(from, to uint8, steps int, dirs uint64, caps uint32) Move {
	return Move{
		play: uint64(bitMask[from]^bitMask[to]) | uint64(caps)<<32,
		path: dirs | uint64(from)<<pathFrom | uint64(to)<<pathTo | uint64(steps)<<pathSteps |
			uint64(goalSpaces>>to&1)<<pathGoal,
	}
}

// Path returns the spaces the piece visits, the first and last included;
// nil for the zero Move.
func (m Move) Path() []notation.Square {
	path, n := m.spaces()
	if n == 0 {
		return nil
	}
	out := make([]notation.Square, n)
	for k, i := range path[:n] {
		out[k] = squareOf(i)
	}
	return out
}

// Captures returns the spaces leapt, in order; nil for a Floop.
func (m Move) Captures() []notation.Square {
	if m.caps() == 0 {
		return nil
	}
	path, n := m.spaces()
	out := make([]notation.Square, n-1)
	for k := range out {
		out[k] = squareOf(midway(path[k], path[k+1]))
	}
	return out
}

// midway returns the space between a and b, two apart on a line: a step
// along a line adds a constant to the bit index (see moves.go), so half of
// the difference is that constant.
func midway(a, b uint8) uint8 {
	return (a + halfLeap[(b-a)&31]) & 31
}

// halfLeap[(b-a)&31] is the one-step rotation of a Fleap step from a to b.
var halfLeap = [32]uint8{2: 1, 30: 31, 14: 7, 18: 25}

// SeatName names seat pl as the board text does: "O" (seat 0, who moves
// first) or "X". It returns "" for a seat not in the game.
func (p Position) SeatName(pl boardrules.Player) string {
	if c := p.ColorOf(pl); c != NoColor {
		return c.String()
	}
	return ""
}

// ColorOf returns the side seat pl plays: O for seat 0, X for seat 1, and
// NoColor for a seat not in the game.
func (p Position) ColorOf(pl boardrules.Player) Color {
	switch pl {
	case 0:
		return O
	case 1:
		return X
	}
	return NoColor
}

// PlayerOf returns the seat that plays c: 0 for O, 1 for X, and
// boardrules.NoPlayer for any other Color.
func (p Position) PlayerOf(c Color) boardrules.Player {
	if c != O && c != X {
		return boardrules.NoPlayer
	}
	return boardrules.Player(c)
}
