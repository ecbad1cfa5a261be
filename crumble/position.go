package crumble

import (
	"strconv"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// DrawRules selects the automatic draw rules.
type DrawRules uint8

// The draw rules: Repetition (threefold repetition) and Renewables
// (renewable iteration) may be combined; NoDraws switches both off and is
// valid only on its own. The zero value means Repetition|Renewables.
const (
	Repetition DrawRules = 1 << iota
	Renewables
	NoDraws
)

// Variant describes a game of Crumble. The zero value is the standard game:
// 6x6, Black first, both draw rules. A field at its default is 0 in the
// normalised Variant (ParseVariant, Variants, Position.Variant), as in
// every engine, so Standard().Variant() == Variant{}; New reads the
// default spelled out (Width 6, Draws Repetition|Renewables) as well.
// Size gives the board's width and height with the defaults filled in.
type Variant struct {
	Width, Height int       // 0 means 6; otherwise 2..32
	FirstPlayer   Color     // Black (zero value) or White
	Draws         DrawRules // 0 means Repetition|Renewables
}

// Size returns the board's width and height in units, the defaults filled
// in: 6, 6 for the zero Variant.
func (v Variant) Size() (width, height int) {
	width, height = v.Width, v.Height
	if width == 0 {
		width = 6
	}
	if height == 0 {
		height = 6
	}
	return width, height
}

// zeroDefaults returns the normalised form of v, which normalise has
// checked and filled in: every field at its default written 0. The engine
// keeps the defaults filled in (Position.v); the API reports this form.
func (v Variant) zeroDefaults() Variant {
	if v.Width == 6 {
		v.Width = 0
	}
	if v.Height == 6 {
		v.Height = 0
	}
	if v.Draws == Repetition|Renewables {
		v.Draws = 0
	}
	return v
}

// normalise fills in the defaults and checks every field.
func (v Variant) normalise() (Variant, error) {
	given := v // as New was given it, for the error
	if v.Width == 0 {
		v.Width = 6
	}
	if v.Height == 0 {
		v.Height = 6
	}
	if v.Width < 2 || v.Width > 32 {
		return v, notation.InvalidVariant(given, "Width %d is not 2 to 32", v.Width)
	}
	if v.Height < 2 || v.Height > 32 {
		return v, notation.InvalidVariant(given, "Height %d is not 2 to 32", v.Height)
	}
	if v.FirstPlayer != Black && v.FirstPlayer != White {
		return v, notation.InvalidVariant(given, "FirstPlayer %d is neither Black nor White", v.FirstPlayer)
	}
	switch v.Draws {
	case 0:
		v.Draws = Repetition | Renewables
	case Repetition, Renewables, Repetition | Renewables, NoDraws:
	default:
		return v, notation.InvalidVariant(given, "Draws %d is not a valid combination", v.Draws)
	}
	return v, nil
}

// String returns the variant's name: "6x6", "8x8-white", "6x6-nodraws".
func (v Variant) String() string {
	n, err := v.normalise()
	if err != nil {
		return notation.InvalidText(v)
	}
	s := strconv.Itoa(n.Width) + "x" + strconv.Itoa(n.Height)
	return string(appendVariantSuffix([]byte(s), n))
}

// Variants lists the variants the registry offers, the standard game
// first: 6x6 and 8x8, normalised (Variants()[0] == Standard().Variant() ==
// Variant{}). Any other Variant that New accepts may be played too.
func Variants() []Variant {
	return []Variant{{}, {Width: 8, Height: 8}}
}

// variantSyntax is the grammar of the variant names ParseVariant reads, as
// the registry's GameInfo.VariantSyntax shows it.
const variantSyntax = "<W>x<H>[-white][-repetition|-renewables|-nodraws], W and H from 2 to 32"

// ParseVariant reads a variant name as Variant.String writes it,
// <W>x<H>[-white][-repetition|-renewables|-nodraws] with W and H from 2 to
// 32 (the registry's GameInfo.VariantSyntax), into the normalised Variant,
// the one Variants lists and Position.Variant reports for it (a field at
// its default 0), so that ParseVariant(v.String()) == v for every
// normalised v. Errors are *notation.ParseError and wrap
// boardrules.ErrSyntax; white space around the name is refused.
func ParseVariant(s string) (Variant, error) {
	if err := noSpaceAround(s, "variant name"); err != nil {
		return Variant{}, err
	}
	bad := func() (Variant, error) {
		return Variant{}, notation.UnknownVariant(s, Name, variantSyntax)
	}
	parts := strings.Split(s, "-")
	size := strings.SplitN(parts[0], "x", 2)
	if len(size) != 2 {
		return bad()
	}
	w, err1 := strconv.Atoi(size[0])
	h, err2 := strconv.Atoi(size[1])
	if err1 != nil || err2 != nil || strconv.Itoa(w) != size[0] || strconv.Itoa(h) != size[1] {
		return bad()
	}
	v := Variant{Width: w, Height: h}
	rest := parts[1:]
	if len(rest) > 0 && rest[0] == "white" {
		v.FirstPlayer = White
		rest = rest[1:]
	}
	if len(rest) > 0 {
		switch rest[0] {
		case "repetition":
			v.Draws = Repetition
		case "renewables":
			v.Draws = Renewables
		case "nodraws":
			v.Draws = NoDraws
		default:
			return bad()
		}
		rest = rest[1:]
	}
	if len(rest) > 0 || w < 2 || w > 32 || h < 2 || h > 32 {
		return bad()
	}
	n, err := v.normalise() // checks the rest
	if err != nil {
		return Variant{}, err
	}
	return n.zeroDefaults(), nil
}

// Position is a Crumble position: the tiling, the side to move, the outcome
// and the game's history (for the draw rules). It is an immutable value:
// Play returns a new Position, and one Position may be used from many
// goroutines at once. Compare positions with Equal: a Position holds a
// slice, so it is not comparable with ==.
//
// The zero Position is no game (see the boardrules package doc, One
// vocabulary): it has no pieces and no moves, and its code is
// boardrules.ErrNoGame.
type Position struct {
	v      Variant
	shift  uint8 // the fixed grid: every value is a multiple of 2^-shift units
	turn   Color
	status boardrules.Status
	winner Color
	reason uint8
	t      *tiling // the pieces (nil for the zero Position); never modified
	hash   uint64
	hist   *history
}

// outcome reasons.
const (
	reasonNone uint8 = iota
	reasonBlackWins
	reasonWhiteWins
	reasonRepetition
	reasonRenewables
	reasonNoMove
)

var reasonText = [...]string{"", "Black connects all four sides", "White connects all four sides",
	"threefold repetition", "renewable iteration", "no legal move"}

// outcomeKey is XORed into the hash of a position whose game has ended,
// one key per reason, so that a position drawn by repetition and the same
// board going on, which are not Equal, hash apart. A game going on adds
// nothing.
var outcomeKey = [...]uint64{
	reasonNone:       0,
	reasonBlackWins:  0x3c6ef372fe94f82b,
	reasonWhiteWins:  0xa54ff53a5f1d36f1,
	reasonRepetition: 0x510e527fade682d1,
	reasonRenewables: 0x9b05688c2b3e6c1f,
	reasonNoMove:     0x1f83d9abfb41bd6b,
}

// variantKey is XORed into the hash of every position of a variant that
// does not have the default first player and draw rules (the board size
// is in the pieces), so that positions of 2x2 and 2x2-white, which are not
// Equal, hash apart. The default variants add nothing: their hashes are
// those of the board and the side to move alone.
func variantKey(v Variant) uint64 {
	if v.FirstPlayer == Black && v.Draws == Repetition|Renewables {
		return 0
	}
	return mix64(0x5be0cd19137e2179 ^ uint64(v.FirstPlayer)<<8 ^ uint64(v.Draws))
}

// New starts a game of the variant. The error names the first invalid field
// and wraps boardrules.ErrSyntax.
func New(v Variant) (Position, error) {
	n, err := v.normalise()
	if err != nil {
		return Position{}, err
	}
	p := Position{v: n, shift: maxShift(n.Width, n.Height), turn: n.FirstPlayer}
	one := int64(1) << p.shift
	ps := make([]piece, 0, n.Width*n.Height)
	for j := 0; j < n.Height; j++ {
		for i := 0; i < n.Width; i++ {
			c := White
			if (i+j+n.Height-1)%2 == 0 {
				c = Black
			}
			ps = append(ps, newPiece(rect{int64(i) * one, int64(j) * one, one, one}, c))
		}
	}
	wf, _ := p.dims()
	p.t = newTiling(ps, wf)
	p.finishFresh()
	return p, nil
}

// Standard returns the start of the standard game: 6x6, Black to move.
func Standard() Position {
	p, _ := New(Variant{})
	return p
}

// finishFresh computes the hash, starts a fresh history and sets the outcome
// of a position that starts a game (New, UnmarshalText).
func (p *Position) finishFresh() {
	p.status, p.winner, p.reason = boardrules.Ongoing, Black, reasonNone
	p.hash = p.computeHash()
	p.hist = newHistory(p)
	if !p.hasBase() {
		p.end(boardrules.Draw, Black, reasonNoMove)
	}
}

// end records the outcome of a game that has ended, and keeps the hash
// covering it.
func (p *Position) end(st boardrules.Status, winner Color, reason uint8) {
	p.hash ^= outcomeKey[p.reason] ^ outcomeKey[reason]
	p.status, p.winner, p.reason = st, winner, reason
}

// computeHash hashes the position from scratch.
func (p *Position) computeHash() uint64 {
	h := variantKey(p.v) ^ outcomeKey[p.reason]
	for _, pc := range p.t.all() {
		h ^= pieceKey(pc)
	}
	if p.turn == White {
		h ^= whiteToMoveKey
	}
	return h
}

// Variant returns the normalised variant: every field at its default 0, so
// the standard game's is Variant{}. New(p.Variant()) starts the same game.
// The zero Position, which is no game, reports the standard variant.
func (p Position) Variant() Variant {
	return p.v.zeroDefaults() // the zero Position's v is Variant{} already
}

// Players returns 2.
func (p Position) Players() int { return 2 }

// ToMove returns the seat to move: Player(0) when Black is to move,
// Player(1) when White is, in every variant. It is boardrules.NoPlayer
// once the game has ended, and for the zero Position.
func (p Position) ToMove() boardrules.Player {
	if p.status != boardrules.Ongoing || p.t == nil {
		return boardrules.NoPlayer
	}
	return boardrules.Player(p.turn)
}

// ColorOf returns the colour seat pl plays: Black for seat 0, White for
// seat 1 (in every variant, whoever moves first), NoColor for any other.
func (p Position) ColorOf(pl boardrules.Player) Color {
	if pl != 0 && pl != 1 {
		return NoColor
	}
	return Color(pl)
}

// PlayerOf returns the seat that plays colour c: 0 for Black, 1 for White,
// boardrules.NoPlayer for anything else.
func (p Position) PlayerOf(c Color) boardrules.Player {
	if c != Black && c != White {
		return boardrules.NoPlayer
	}
	return boardrules.Player(c)
}

// noGame is the Outcome of the zero Position, which is no game.
var noGame = boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}

// Outcome reports whether the game goes on, was won or drawn. The zero
// Position, which is no game, reports {Draw, NoPlayer, "no game",
// boardrules.RuleNoGame}.
func (p Position) Outcome() boardrules.Outcome {
	if p.t == nil {
		return noGame
	}
	switch p.status {
	case boardrules.Win:
		return boardrules.Outcome{Status: boardrules.Win, Winner: boardrules.Player(p.winner), Reason: reasonText[p.reason], Rule: ruleOf[p.reason]}
	case boardrules.Draw:
		return boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: reasonText[p.reason], Rule: ruleOf[p.reason]}
	}
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}

// Hash returns the Zobrist hash of what Equal compares: tiling, colours,
// side to move, and the first player, draw rules and outcome where they
// are not the standard game's going on (a game of the standard variant
// going on hashes its board and side to move alone). It does not depend
// on the history. The zero Position's hash is 0.
func (p Position) Hash() uint64 { return p.hash }

// NumPieces returns the number of pieces.
func (p Position) NumPieces() int {
	if p.t == nil {
		return 0
	}
	return int(p.t.n)
}

// Piece returns the i-th piece in position-code order (lower-left y, then
// x). It panics when i is out of range, like slice indexing.
func (p Position) Piece(i int) Piece {
	if uint(i) >= uint(p.NumPieces()) {
		panic(indexError{i, p.NumPieces()})
	}
	return p.pieceOf(p.t.piece(i))
}

// indexError is the panic of an index out of range, as slice indexing
// words it.
type indexError struct{ i, n int }

func (e indexError) Error() string {
	return "runtime error: index out of range [" + strconv.Itoa(e.i) + "] with length " + strconv.Itoa(e.n)
}

// pieceOf returns the Piece of pc in p's units.
func (p *Position) pieceOf(pc piece) Piece {
	return pieceOf(pc.C(), coordOf(pc.X(), p.shift), coordOf(pc.Y(), p.shift),
		coordOf(pc.w, p.shift), coordOf(pc.H(), p.shift))
}

// Pieces returns the pieces in position-code order, in a new slice.
func (p Position) Pieces() []Piece {
	out := make([]Piece, p.NumPieces())
	for i, pc := range p.t.all() {
		out[i] = p.pieceOf(pc)
	}
	return out
}

// list returns the pieces in position-code order, in a new slice.
func (p Position) list() []piece { return p.t.appendPieces(make([]piece, 0, p.NumPieces())) }

// Equal reports whether p and q are the same game state: the same variant
// (size, first player and draw rules), pieces, side to move and outcome.
// It ignores the history, which the draw rules read but a position does
// not show. Equal positions have equal hashes. The zero Position is Equal
// only to itself.
func (p Position) Equal(q Position) bool {
	if p.t == nil || q.t == nil {
		return p.t == q.t // the zero Position: UnmarshalText and New never give a position without pieces
	}
	if p.v != q.v || p.turn != q.turn || p.status != q.status || p.reason != q.reason || p.hash != q.hash {
		return false
	}
	return p.t.equal(q.t)
}

// exponent returns the position's normalised exponent E: the smallest E >= 0
// at which every coordinate is a multiple of 2^-E.
func (p Position) exponent() int {
	var or uint64
	for _, pc := range p.t.all() {
		or |= uint64(pc.X() | pc.Y() | pc.w | pc.H())
	}
	if or == 0 {
		return 0
	}
	tz := 0
	for or&1 == 0 && tz < int(p.shift) {
		or >>= 1
		tz++
	}
	return int(p.shift) - tz
}

// SeatName names seat pl by its colour: "Black" (seat 0) or "White". It
// returns "" for a seat not in the game.
func (p Position) SeatName(pl boardrules.Player) string {
	switch pl {
	case boardrules.Player(Black):
		return "Black"
	case boardrules.Player(White):
		return "White"
	}
	return ""
}
