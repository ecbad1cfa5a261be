package crumble

import (
	"fmt"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/svgdraw"
)

// SVGOptions tunes SVGWith. The zero value draws the plain board at the
// default size; every engine package of the module has an SVGOptions with
// these two fields.
type SVGOptions struct {
	// Size is the drawing's width in pixels (the svg element's width
	// attribute); 0 or less means 480, more than 1,048,576 means that.
	// The height follows the viewBox's aspect, at least 1 pixel.
	Size int
	// Highlight is a move to mark on the position it led to. A Crumble
	// move names its pieces as they were before it, so the drawing writes
	// the move's text in a band under the board rather than pointing at
	// pieces. The zero Move marks nothing.
	Highlight Move
}

// SVG draws the position as an SVG image: SVGWith(SVGOptions{}).
func (p Position) SVG() string { return p.SVGWith(SVGOptions{}) }

// svgUnit is the size of one board square in the viewBox's units, and
// svgMargin the room left of and below the board for the coordinates.
const (
	svgUnit   = 60
	svgMargin = 30
	svgBand   = 40 // the band under the board that holds a highlighted move
)

// SVGWith draws the position as a self-contained SVG document that
// browsers and librsvg draw alike (plain rects and text; no CSS, no
// vector-effect):
//
//   - The board is drawn in a group scaled to board units with y growing
//     North, so each piece is one rect whose x, y, width and height are the
//     piece's exact coordinates, in Pieces order: Black pieces black, White
//     pieces white, with a thin grey edge.
//   - The x coordinate of each square column runs below the board and the
//     y of each row down its left, as in the tour's board text.
//   - The drawing's title names the game, the variant and the side to move
//     or the result; a highlighted move is written under the board.
//
// The output depends on the position and the options only: equal positions
// give equal bytes.
func (p Position) SVGWith(o SVGOptions) string {
	w, h := p.v.Width, p.v.Height
	bottom := svgMargin
	if o.Highlight != (Move{}) {
		bottom += svgBand
	}
	width := svgMargin + w*svgUnit + 8
	height := 8 + h*svgUnit + bottom
	var b strings.Builder
	svgdraw.Begin(&b, width, height, o.Size, p.svgTitle(), "#d8d0c0")
	// Board units, y up: (0,0) is the board's lower-left corner. The edge
	// is at most an eighth of the thinnest piece, which it would otherwise
	// cover (a piece 1/32 unit thick drew grey whatever its colour).
	fmt.Fprintf(&b, `<g transform="translate(%d %d) scale(%d -%d)" stroke="#888" stroke-width="%s">`+"\n",
		svgMargin, 8+h*svgUnit, svgUnit, svgUnit, p.edgeWidth())
	var buf []byte
	for _, pc := range p.t.all() {
		buf = append(buf[:0], `<rect x="`...)
		buf = appendDecimal(buf, pc.X(), p.shift)
		buf = append(buf, `" y="`...)
		buf = appendDecimal(buf, pc.Y(), p.shift)
		buf = append(buf, `" width="`...)
		buf = appendDecimal(buf, pc.w, p.shift)
		buf = append(buf, `" height="`...)
		buf = appendDecimal(buf, pc.H(), p.shift)
		if pc.C() == Black {
			buf = append(buf, `" fill="#000"/>`...)
		} else {
			buf = append(buf, `" fill="#fff"/>`...)
		}
		buf = append(buf, '\n')
		b.Write(buf)
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g font-size="16" fill="#333" text-anchor="middle">`+"\n")
	for x := 0; x < w; x++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d">%d</text>`+"\n", svgMargin+x*svgUnit+svgUnit/2, 8+h*svgUnit+22, x)
	}
	for y := 0; y < h; y++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d">%d</text>`+"\n", svgMargin/2, 8+(h-y)*svgUnit-svgUnit/2+6, y)
	}
	b.WriteString("</g>\n")
	if o.Highlight != (Move{}) {
		m := svgdraw.Escape(o.Highlight.String())
		fmt.Fprintf(&b, `<g><title>move %s</title><text x="%d" y="%d" font-size="22" fill="#a00" text-anchor="middle">last move: %s</text></g>`+"\n",
			m, width/2, height-12, m)
	}
	svgdraw.End(&b)
	return b.String()
}

// edgeWidth is the pieces' edge in board units: 0.03, or an eighth of the
// thinnest piece's side when that is thinner (under a quarter unit), as
// an exact decimal.
func (p Position) edgeWidth() string {
	unit := int64(1) << p.shift
	thinnest := unit
	for _, pc := range p.t.all() {
		thinnest = min(thinnest, pc.w, pc.H())
	}
	if thinnest >= unit>>2 { // an eighth of a quarter unit is 0.03125
		return "0.03"
	}
	return string(appendDecimal(nil, thinnest>>3, p.shift))
}

// svgTitle names the game, the variant and who is to move, or the result.
func (p Position) svgTitle() string {
	t := "Crumble " + p.Variant().String() + ": "
	switch o := p.Outcome(); o.Status {
	case boardrules.Ongoing:
		return t + p.SeatName(p.ToMove()) + " to move"
	case boardrules.Win:
		return t + p.SeatName(o.Winner) + " wins (" + o.Reason + ")"
	default:
		return t + o.Status.String() + " (" + o.Reason + ")"
	}
}
