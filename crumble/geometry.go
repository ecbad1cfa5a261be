package crumble

import (
	"math/bits"
	"strconv"

	"github.com/boardrules/boardrules"
)

// Color is the colour of a piece and of a player: Black or White, or
// NoColor for no piece.
type Color int8

// The two colours, and NoColor, the colour of the zero Piece (no piece).
// Black is seat 0 and White seat 1 in every variant (see
// Position.PlayerOf).
const (
	NoColor Color = -1
	Black   Color = 0
	White   Color = 1
)

// String returns "Black", "White" or "NoColor" (the words of SeatName and
// of Outcome.Reason), and "Color(n)" for any other value.
func (c Color) String() string {
	switch c {
	case Black:
		return "Black"
	case White:
		return "White"
	case NoColor:
		return "NoColor"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Other returns the opposite colour: White for Black, Black for White,
// and NoColor for anything else.
func (c Color) Other() Color {
	if c == Black || c == White {
		return 1 - c
	}
	return NoColor
}

// Coord is an exact dyadic rational Num/2^Exp, always normalised (Exp == 0
// or Num odd), so == compares values.
type Coord struct {
	num int64
	exp uint8
}

// NewCoord returns num/2^exp in normalised form. A negative exp is treated as
// 0 and exp is capped at 62; both only matter for values no position holds.
func NewCoord(num int64, exp int) Coord {
	if exp < 0 {
		exp = 0
	}
	if exp > 62 {
		exp = 62
	}
	if num == 0 {
		return Coord{}
	}
	tz := bits.TrailingZeros64(uint64(num))
	if tz > exp {
		tz = exp
	}
	return Coord{num >> tz, uint8(exp - tz)}
}

// Num returns the numerator.
func (c Coord) Num() int64 { return c.num }

// Exp returns the exponent of the denominator 2^Exp.
func (c Coord) Exp() int { return int(c.exp) }

// String returns the position-code form: "3", "5/2", "3/8".
func (c Coord) String() string { return string(c.appendTo(nil)) }

func (c Coord) appendTo(b []byte) []byte {
	b = strconv.AppendInt(b, c.num, 10)
	if c.exp > 0 {
		b = append(b, '/')
		b = strconv.AppendUint(b, 1<<c.exp, 10)
	}
	return b
}

// Float64 returns the value as a float64, for drawing only: the rules never
// use floating point.
func (c Coord) Float64() float64 {
	return float64(c.num) / float64(uint64(1)<<c.exp)
}

// Piece is one rectangle of the tiling with its colour, as Position.Piece
// and Pieces report it: X, Y is its lower-left corner, W and H its width
// and height. The zero Piece is no piece: its Color is NoColor and its
// Owner NoPlayer (Trace's Step holds it where no piece is meant). Pieces
// compare with == by colour and rectangle.
type Piece struct {
	x, y, w, h Coord
	c          int8 // the colour plus one, so that the zero Piece has none
}

// pieceOf returns the piece of colour c (Black or White) at x, y of width w
// and height h.
func pieceOf(c Color, x, y, w, h Coord) Piece { return Piece{x, y, w, h, int8(c) + 1} }

// Color returns the piece's colour, NoColor for the zero Piece.
func (p Piece) Color() Color { return Color(p.c - 1) }

// Owner returns the seat whose colour the piece has (Black seat 0, White
// seat 1), boardrules.NoPlayer for the zero Piece.
func (p Piece) Owner() boardrules.Player {
	if p.c == 0 {
		return boardrules.NoPlayer
	}
	return boardrules.Player(p.c - 1)
}

// X returns the x coordinate of the piece's lower-left corner.
func (p Piece) X() Coord { return p.x }

// Y returns the y coordinate of the piece's lower-left corner.
func (p Piece) Y() Coord { return p.y }

// W returns the piece's width.
func (p Piece) W() Coord { return p.w }

// H returns the piece's height.
func (p Piece) H() Coord { return p.h }

// String returns the piece as the position code writes it: its colour's
// letter and x,y,w,h ("B3/2,0,1/2,1"); "" for the zero Piece.
func (p Piece) String() string {
	if p.c == 0 {
		return ""
	}
	b := []byte{"BW"[p.c-1]}
	for i, v := range [4]Coord{p.x, p.y, p.w, p.h} {
		if i > 0 {
			b = append(b, ',')
		}
		b = v.appendTo(b)
	}
	return string(b)
}

// withColor returns p in colour c.
func (p Piece) withColor(c Color) Piece {
	p.c = int8(c) + 1
	return p
}

// rect is a closed rectangle on a position's fixed grid: every value is an
// integer count of 2^-shift units, where shift is the board's precision
// limit E_max. Storing every position at its limit keeps the exponent out of
// the hot path: a split is legal when the length it halves is even, and the
// position's normalised exponent is derived only when printing.
type rect struct {
	x, y, w, h int64
}

// piece is a rect with its colour, as a position stores it, in three
// words rather than five: a Play allocates a new list of them, and half
// of its cost is that list. A coordinate on the fixed grid is below 2^62
// (see maxShift), so x keeps the shape in its top two bits (square, wide
// or tall: the height follows from the width) and y the colour in its top
// bit; the width takes its word. Pieces compare with == as their
// rectangles and colours do.
type piece struct {
	xs, ys uint64
	w      int64
}

// Shapes, in a piece's top bits of x: the height is the width shifted.
const (
	shapeSquare = iota
	shapeWide   // w = 2h
	shapeTall   // h = 2w
)

const (
	xMask = 1<<62 - 1
	yMask = 1<<63 - 1
)

// newPiece returns the piece of rectangle r, of a legal shape, and colour c.
func newPiece(r rect, c Color) piece {
	var shape uint64
	switch {
	case r.wide():
		shape = shapeWide
	case r.tall():
		shape = shapeTall
	}
	return piece{uint64(r.x) | shape<<62, uint64(r.y) | uint64(c)<<63, r.w}
}

// X returns the piece's x on the fixed grid.
func (p piece) X() int64 { return int64(p.xs & xMask) }

// Y returns the piece's y on the fixed grid.
func (p piece) Y() int64 { return int64(p.ys & yMask) }

// H returns the piece's height, from its width and shape.
func (p piece) H() int64 { s := p.xs >> 62; return p.w << (s >> 1) >> (s & 1) }

// C returns the piece's colour.
func (p piece) C() Color { return Color(p.ys >> 63) }

// R returns the piece's rectangle.
func (p piece) R() rect { return rect{p.X(), p.Y(), p.w, p.H()} }

// withColor returns p in colour c.
func (p piece) withColor(c Color) piece {
	p.ys = p.ys&yMask | uint64(c)<<63
	return p
}

// shape tests.
func (r rect) square() bool { return r.w == r.h }
func (r rect) wide() bool   { return r.w == 2*r.h }
func (r rect) tall() bool   { return r.h == 2*r.w }
func (r rect) legal() bool  { return r.w > 0 && r.h > 0 && (r.square() || r.wide() || r.tall()) }

// canH reports whether an H cut (along the horizontal midline) keeps legal
// shapes; canV likewise for a V cut.
func (r rect) canH() bool { return r.square() || r.tall() }
func (r rect) canV() bool { return r.square() || r.wide() }

// fullSide reports whether rectangles a and b, which do not overlap,
// share a full side.
func fullSide(a, b *rect) bool {
	return (b.x == a.x && b.w == a.w && (b.y == a.y+a.h || b.y+b.h == a.y)) ||
		(b.y == a.y && b.h == a.h && (b.x == a.x+a.w || b.x+b.w == a.x))
}

// less orders rectangles by lower-left corner, y then x: position-code order.
func (r rect) less(s rect) bool {
	if r.y != s.y {
		return r.y < s.y
	}
	return r.x < s.x
}

// maxShift returns E_max = 62 - ceil(log2 max(w, h)) for a board of w x h
// units.
func maxShift(w, h int) uint8 {
	m := w
	if h > m {
		m = h
	}
	return uint8(62 - bits.Len(uint(m-1)))
}

// coordOf converts a fixed-grid value to a normalised Coord.
func coordOf(v int64, shift uint8) Coord { return NewCoord(v, int(shift)) }

// appendNum appends v/2^shift in position-code form ("3", "5/2").
func appendNum(b []byte, v int64, shift uint8) []byte { return coordOf(v, shift).appendTo(b) }

// appendDecimal appends v/2^shift as an exact decimal: "2", "2.5", "0.375".
func appendDecimal(b []byte, v int64, shift uint8) []byte {
	b = strconv.AppendInt(b, v>>shift, 10)
	frac := uint64(v) & (1<<shift - 1)
	if frac == 0 {
		return b
	}
	b = append(b, '.')
	for frac != 0 {
		hi, lo := bits.Mul64(frac, 10)
		// digit = (hi:lo) >> shift; shift <= 61 so the digit fits.
		digit := hi<<(64-shift) | lo>>shift
		b = append(b, byte('0'+digit))
		frac = lo & (1<<shift - 1)
	}
	return b
}

// mix64 is the splitmix64 finaliser, the basis of every hash key.
func mix64(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	z ^= z >> 31
	return z
}

// pieceKey is the Zobrist key of one piece. It depends on the piece's exact
// normalised values only, never on a position's exponent.
func pieceKey(p piece) uint64 { return colourKey(rectMix(p), p.C()) }

// colourKey is the key of a piece of colour c whose rectangle gives rm
// (rectMix).
func colourKey(rm uint64, c Color) uint64 { return mix64(rm ^ uint64(c+1)<<62) }

// flipKey returns what recolouring piece p changes in the hash: the keys
// of its rectangle in either colour, which share the work of the
// rectangle.
func flipKey(p piece) uint64 { return flipOf(rectMix(p)) }

// flipOf is flipKey of a piece whose rectangle gives rm (rectMix).
func flipOf(rm uint64) uint64 { return colourKey(rm, Black) ^ colourKey(rm, White) }

// rectMix is the part of a piece's key that its rectangle gives, before
// its colour is mixed in.
func rectMix(p piece) uint64 {
	h := mix64(uint64(p.X()) ^ 0x9e3779b97f4a7c15)
	h = mix64(h ^ uint64(p.Y()))
	h = mix64(h ^ uint64(p.w)*3)
	return h ^ uint64(p.H())*5
}

// whiteToMoveKey is XORed into the hash when White is to move.
const whiteToMoveKey = 0x6a09e667f3bcc909
