package terrace

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/svgdraw"
	"github.com/boardrules/boardrules/notation"
)

// SVGOptions tunes SVGWith. The zero value draws the plain board at the
// default size; the same type, with the same fields, exists in every engine
// package of the module.
type SVGOptions struct {
	// Size is the drawing's width in pixels (the svg element's width
	// attribute); 0 or less means 480, more than 1,048,576 means that.
	// The height follows the viewBox's aspect, at least 1 pixel.
	Size int
	// Highlight is a move to mark, usually the one that led to the position
	// drawn: From with a dashed outline, To with a solid one, and an arrow
	// from one to the other. The zero Move marks nothing; a move with a
	// square off the board is ignored.
	Highlight Move
}

// SVG draws the position as an SVG image: SVGWith(SVGOptions{}).
func (p Position) SVG() string { return p.SVGWith(SVGOptions{}) }

// svgArmies are the fill and letter colours of the four armies, by seat:
// Lowercase ivory, Uppercase black, Lowercase primed red, Uppercase primed
// blue.
var svgArmies = [4]struct{ fill, ink, edge string }{
	{"#fbf7ec", "#111111", "#111111"},
	{"#1c1c1c", "#ffffff", "#e8e8e8"},
	{"#c0392b", "#ffffff", "#111111"},
	{"#2e6fb7", "#ffffff", "#111111"},
}

// SVGWith draws the position as a self-contained SVG document:
//
//   - The board is N×N squares of 60 units (a 512×512 viewBox on 8x8,
//     392×392 on 6x6), rank N on top as in String, with the file letters
//     below and the rank digits to the left.
//   - Each square is shaded by its level, from dark (level 1) to light
//     (level N), and carries its level as a small digit; a thick wall is
//     drawn wherever two neighbouring squares differ in level, so the
//     terraces read as in the board text. The High and Low corners are
//     lettered H and L.
//   - A piece is a disc whose radius grows with its size (T and A 14 units,
//     B 18, C 22, D 26), filled with its army's colour (Lowercase ivory,
//     Uppercase black, Lowercase primed red, Uppercase primed blue) and lettered with its
//     glyph (t, B, c', D'), so armies differ by letter as well as by
//     colour. A T also has a gold ring.
//   - Every piece has a title (a tooltip in browsers) naming its square,
//     kind and army (as SeatName names it), and the drawing's title names the
//     game, the variant and the army to move or the result.
//
// Levels and corners come from Level, so the drawing holds no second copy
// of the board's geometry. The output depends on the position and the
// options only: equal positions give equal bytes.
func (p Position) SVGWith(o SVGOptions) string {
	const (
		cell = 60
		left = 24 // room for the rank digits
		top  = 8
	)
	n := p.Size()
	width, height := left+n*cell+8, top+n*cell+24
	corner := func(sq notation.Square) (int, int) {
		return left + sq.File()*cell, top + (n-1-sq.Rank())*cell
	}
	var b strings.Builder
	b.Grow(24 << 10) // about the size of a start position's drawing
	svgdraw.Begin(&b, width, height, o.Size, p.svgTitle(), "#f6f4ee")
	for rank := n - 1; rank >= 0; rank-- {
		for file := 0; file < n; file++ {
			sq := notation.SquareAt(file, rank)
			x, y := corner(sq)
			level := p.Level(sq)
			t := float64(level-1) / float64(n-1)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#000" stroke-opacity="0.15"/>`+"\n",
				x, y, cell, cell, svgMix("#5d6b48", "#eef1dc", t))
			ink := "#222"
			if t < 0.5 {
				ink = "#fff"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="10" text-anchor="end" fill="%s" fill-opacity="0.8">%d</text>`+"\n", x+cell-3, y+cell-4, ink, level)
		}
	}
	// Walls: the right and upper edge of each square where the level changes.
	var walls []string
	for rank := 0; rank < n; rank++ {
		for file := 0; file < n; file++ {
			sq := notation.SquareAt(file, rank)
			x, y := corner(sq)
			if file+1 < n && p.Level(notation.SquareAt(file+1, rank)) != p.Level(sq) {
				walls = append(walls, fmt.Sprintf("M%d %dv%d", x+cell, y, cell))
			}
			if rank+1 < n && p.Level(notation.SquareAt(file, rank+1)) != p.Level(sq) {
				walls = append(walls, fmt.Sprintf("M%d %dh%d", x, y, cell))
			}
		}
	}
	fmt.Fprintf(&b, `<path d="%s" stroke="#3b2f1e" stroke-width="4" stroke-linecap="square" fill="none"/>`+"\n", strings.Join(walls, ""))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#3b2f1e" stroke-width="4"/>`+"\n", left, top, n*cell, n*cell)
	svgdraw.Labels(&b, left, top, cell, n, 'a')
	for rank := n - 1; rank >= 0; rank-- {
		for file := 0; file < n; file++ {
			sq := notation.SquareAt(file, rank)
			pc, ok := p.At(sq)
			if !ok {
				continue
			}
			x, y := corner(sq)
			cx, cy := x+cell/2, y+cell/2
			army := svgArmies[pc.Owner()]
			r := 10 + 4*pc.Kind().Size()
			fmt.Fprintf(&b, "<g><title>%s: %s of %s</title>\n", sq, pc.Kind(), seatNames[pc.Owner()])
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="1.5"/>`+"\n", cx, cy, r, army.fill, army.edge)
			if pc.Kind() == T {
				fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="#e0b000" stroke-width="3"/>`+"\n", cx, cy, r+4)
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="%d" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text>`+"\n",
				cx, cy, 12+2*pc.Kind().Size(), army.ink, svgdraw.Escape(pc.String()))
			b.WriteString("</g>\n")
		}
	}
	// The corner letters come after the pieces, which would hide them, and
	// have a halo of the square's own shade.
	for rank := n - 1; rank >= 0; rank-- {
		for file := 0; file < n; file++ {
			sq := notation.SquareAt(file, rank)
			x, y := corner(sq)
			letter, fill, halo := "H", "#222", svgMix("#5d6b48", "#eef1dc", 1)
			switch p.Level(sq) {
			case 1:
				letter, fill, halo = "L", "#fff", svgMix("#5d6b48", "#eef1dc", 0)
			case n:
			default:
				continue
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" font-weight="bold" fill="%s" stroke="%s" stroke-width="3" paint-order="stroke">%s</text>`+"\n",
				x+4, y+15, fill, halo, letter)
		}
	}
	if h := o.Highlight; p.svgOnBoard(h.From()) && p.svgOnBoard(h.To()) && h.From() != h.To() {
		fx, fy := corner(h.From())
		tx, ty := corner(h.To())
		fmt.Fprintf(&b, `<g><title>move %s</title>`+"\n", svgdraw.Escape(h.String()))
		fmt.Fprintf(&b, `<g fill="none" stroke="#d35400" stroke-width="4"><rect x="%d" y="%d" width="%d" height="%d" stroke-dasharray="8 5"/><rect x="%d" y="%d" width="%d" height="%d"/></g>`+"\n",
			fx+3, fy+3, cell-6, cell-6, tx+3, ty+3, cell-6, cell-6)
		svgdraw.Arrow(&b, float64(fx+cell/2), float64(fy+cell/2), float64(tx+cell/2), float64(ty+cell/2), 8, "#d35400")
		b.WriteString("</g>\n")
	}
	svgdraw.End(&b)
	return b.String()
}

func (p Position) svgOnBoard(sq notation.Square) bool { return p.Level(sq) > 0 }

// svgTitle names the game, the variant and the army to move or the result.
func (p Position) svgTitle() string {
	t := "Terrace " + p.Variant().String() + ": "
	switch out := p.Outcome(); out.Status {
	case boardrules.Ongoing:
		return t + p.SeatName(p.ToMove()) + " to move"
	case boardrules.Win:
		return t + p.SeatName(out.Winner) + " wins, " + out.Reason
	default:
		return t + out.Status.String() + ", " + out.Reason
	}
}

// svgMix is the colour a fraction t of the way from colour a to colour b
// (both "#rrggbb").
func svgMix(a, b string, t float64) string {
	out := []byte{'#'}
	for i := 1; i < 7; i += 2 {
		x, _ := strconv.ParseUint(a[i:i+2], 16, 8)
		y, _ := strconv.ParseUint(b[i:i+2], 16, 8)
		v := int(math.Round(float64(x) + (float64(y)-float64(x))*t))
		out = append(out, "0123456789abcdef"[v>>4], "0123456789abcdef"[v&15])
	}
	return string(out)
}
