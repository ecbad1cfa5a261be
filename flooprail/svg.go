package flooprail

import (
	"fmt"
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
	// drawn: its whole path as an arrow, its first space ringed with a
	// dashed circle, and each leapt space crossed out. The zero Move marks
	// nothing.
	Highlight Move
}

// SVG draws the position as an SVG image: SVGWith(SVGOptions{}).
func (p Position) SVG() string { return p.SVGWith(SVGOptions{}) }

// SVGWith draws the position as a self-contained SVG document:
//
//   - The 32 spaces stand where the board text puts them, row 1 on top and
//     letter A on the left, 56 units apart in a 496×436 viewBox, joined by
//     their 49 rails; the letters run along the top and the row numbers down
//     the left, as in String.
//   - Goal spaces are marked faintly in the colour of the side that is
//     promoted there, and by shape as well: a square under O's goal spaces,
//     a diamond under X's.
//   - Floopers are discs, O red and X blue, each with its letter; a
//     SooperFlooper has a gold ring inside the disc, so the kinds differ by
//     shape and letter and not only by colour.
//   - Every piece has a title (a tooltip in browsers) naming its space and
//     kind, and the drawing's title names the game, the variant and the side
//     to move or the result.
//
// The goal spaces are found from the board's shape (the spaces where a
// Flooper of that side has no forward neighbour), so they are not a second
// copy of the rules. The output depends on the position and the options only:
// equal positions give equal bytes.
func (p Position) SVGWith(o SVGOptions) string {
	const (
		pitch  = 56
		margin = 36 // room for the letters above and the row numbers to the left
		width  = margin + 8*pitch + 12
		height = margin + 7*pitch + 8
	)
	at := func(sq notation.Square) (int, int) {
		return margin + pitch/2 + sq.File()*pitch, margin + pitch/2 + sq.Rank()*pitch
	}
	spaces := Spaces()
	isSpace := map[notation.Square]bool{}
	for _, sq := range spaces {
		isSpace[sq] = true
	}
	right := func(sq notation.Square) notation.Square { return notation.SquareAt(sq.File()+1, sq.Rank()) }
	down := func(sq notation.Square) notation.Square { return notation.SquareAt(sq.File(), sq.Rank()+1) }
	left := func(sq notation.Square) notation.Square { return notation.SquareAt(sq.File()-1, sq.Rank()) }
	up := func(sq notation.Square) notation.Square { return notation.SquareAt(sq.File(), sq.Rank()-1) }

	var b strings.Builder
	b.Grow(12 << 10) // about the size of a start position's drawing
	svgdraw.Begin(&b, width, height, o.Size, p.svgTitle(), "#f4f6f8")

	// Goal spaces first, so that rails and pieces lie on top of them.
	for _, sq := range spaces {
		x, y := at(sq)
		switch {
		case !isSpace[right(sq)] && !isSpace[down(sq)]: // O moves right and down
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="44" height="44" rx="6" fill="#c8442b" fill-opacity="0.16" stroke="#c8442b" stroke-opacity="0.45" stroke-dasharray="4 3"><title>%s: goal of O</title></rect>`+"\n",
				x-22, y-22, sq.Upper())
		case !isSpace[left(sq)] && !isSpace[up(sq)]: // X moves left and up
			fmt.Fprintf(&b, `<polygon points="%d,%d %d,%d %d,%d %d,%d" fill="#24446e" fill-opacity="0.16" stroke="#24446e" stroke-opacity="0.45" stroke-dasharray="4 3"><title>%s: goal of X</title></polygon>`+"\n",
				x, y-27, x+27, y, x, y+27, x-27, y, sq.Upper())
		}
	}
	b.WriteString(`<g stroke="#8c9aa8" stroke-width="5" stroke-linecap="round">` + "\n")
	for _, sq := range spaces {
		x, y := at(sq)
		for _, n := range []notation.Square{right(sq), down(sq)} {
			if isSpace[n] {
				nx, ny := at(n)
				fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", x, y, nx, ny)
			}
		}
	}
	b.WriteString("</g>\n")
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="15" text-anchor="middle" fill="#333">%c</text>`+"\n", margin+pitch/2+i*pitch, margin-12, 'A'+i)
	}
	for r := 0; r < 7; r++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="15" text-anchor="middle" dominant-baseline="central" fill="#333">%d</text>`+"\n", margin/2, margin+pitch/2+r*pitch, r+1)
	}
	if path := o.Highlight.Path(); len(path) >= 2 {
		// The path lies under the pieces, so that it hides no letter.
		fmt.Fprintf(&b, `<g><title>move %s</title>`+"\n", svgdraw.Escape(o.Highlight.String()))
		pts := make([]string, 0, len(path))
		for _, sq := range path[:len(path)-1] {
			x, y := at(sq)
			pts = append(pts, fmt.Sprintf("%d,%d", x, y))
		}
		// The line stops short of the last space's disc, where the arrow's
		// head points at it.
		px, py := at(path[len(path)-2])
		tx, ty := at(path[len(path)-1])
		head := svgdraw.ArrowHead(float64(px), float64(py), float64(tx), float64(ty), 21)
		pts = append(pts, head[1])
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#e07b00" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>`+"\n", strings.Join(pts, " "))
		fmt.Fprintf(&b, `<polygon points="%s" fill="#e07b00"/>`+"\n", head[0]+" "+head[2]+" "+head[3])
		b.WriteString("</g>\n")
	}
	for _, sq := range spaces {
		x, y := at(sq)
		pc, ok := p.At(sq)
		if !ok {
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="7" fill="#8c9aa8"/>`+"\n", x, y)
			continue
		}
		fill, letter := "#c8442b", "O"
		if pc.Color() == X {
			fill, letter = "#24446e", "X"
		}
		fmt.Fprintf(&b, "<g><title>%s: %s</title>\n", sq.Upper(), pc)
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="20" fill="%s" stroke="#111" stroke-width="1.5"/>`+"\n", x, y, fill)
		if pc.IsSooper() {
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="15" fill="none" stroke="#f2c230" stroke-width="3"/>`+"\n", x, y)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="16" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#fff">%s</text>`+"\n", x, y, letter)
		b.WriteString("</g>\n")
	}
	if path := o.Highlight.Path(); len(path) >= 2 {
		// The crosses and the ring lie on the pieces, so that a leapt piece
		// still on the board shows its cross.
		b.WriteString(`<g stroke-linecap="round">` + "\n")
		x0, y0 := at(path[0])
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="25" fill="none" stroke="#e07b00" stroke-width="4" stroke-dasharray="7 4"/>`+"\n", x0, y0)
		for _, sq := range o.Highlight.Captures() {
			x, y := at(sq)
			d := fmt.Sprintf("M%d %dL%d %dM%d %dL%d %d", x-11, y-11, x+11, y+11, x-11, y+11, x+11, y-11)
			// A white edge keeps the cross visible on discs of either colour.
			fmt.Fprintf(&b, `<path d="%s" stroke="#fff" stroke-width="8"/>`+"\n", d)
			fmt.Fprintf(&b, `<path d="%s" stroke="#d01010" stroke-width="4"/>`+"\n", d)
		}
		b.WriteString("</g>\n")
	}
	svgdraw.End(&b)
	return b.String()
}

// svgTitle names the game, the variant and the side to move or the result:
// "draw, no game" for the zero Position, whose Outcome is the only Draw.
func (p Position) svgTitle() string {
	t := "FloopRail (" + p.Variant().String() + "): "
	out := p.Outcome()
	switch out.Status {
	case boardrules.Ongoing:
		return t + p.SeatName(p.ToMove()) + " to move"
	case boardrules.Win:
		return t + p.SeatName(out.Winner) + " wins, " + out.Reason
	}
	return t + out.Status.String() + ", " + out.Reason
}
