package tumbling

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

// SVGWith draws the position as a self-contained SVG document:
//
//   - The board is 8×8 squares of 60 units in a 512×512 viewBox, rank 8 on
//     top whoever is to move (as String does), with the file letters A–H
//     below and the rank digits 1–8 to the left.
//   - Each stack is a column of bands from the bottom, one band per run
//     (black for Black, white for White), the band's height proportional to
//     the run's count. A man is 8 units high until the stack would pass 50
//     units; taller stacks are scaled to 50, so every stack stays inside its
//     square. A band of 2 or more men carries its count when it is at least
//     7 units high.
//   - The owner (the top man's colour) is also written as a letter, B or W,
//     in the square's upper right corner, and each king of either colour
//     (Kings, the kings of the turn about to start) gets a crown below that
//     letter: the drawing reads without colour too.
//   - Every stack has a title (a tooltip in browsers) with its square and
//     runs, and the drawing's title names the game, the rules and the side to
//     move or the result.
//
// The output depends on the position and the options only (no map order,
// no clock): numbers are written with at most two decimals, so equal
// positions give equal bytes and golden files stay stable.
func (p Position) SVGWith(o SVGOptions) string {
	const (
		cell   = 60
		left   = 24 // room for the rank digits
		top    = 8
		board  = 8 * cell
		width  = left + board + 8
		height = top + board + 24 // room for the file letters
	)
	var b strings.Builder
	b.Grow(16 << 10) // about the size of a start position's drawing
	svgdraw.Begin(&b, width, height, o.Size, p.svgTitle(), "#f7f3ea")

	// x and y of a square's upper left corner.
	corner := func(sq notation.Square) (int, int) {
		return left + sq.File()*cell, top + (7-sq.Rank())*cell
	}
	kings := map[notation.Square]bool{}
	for pl := boardrules.Player(0); pl < 2; pl++ {
		for _, sq := range p.Kings(pl) {
			kings[sq] = true
		}
	}
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			sq := notation.SquareAt(file, rank)
			x, y := corner(sq)
			fill := "#eadfc6"
			if (file+rank)%2 == 0 {
				fill = "#c9b68f" // A1 is dark, as on a chessboard
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, cell, cell, fill)
			if s, ok := p.At(sq); ok {
				svgStack(&b, sq, s, x, y, kings[sq])
			}
		}
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#5a4a2a" stroke-width="2"/>`+"\n", left, top, board, board)
	svgdraw.Labels(&b, left, top, cell, 8, 'A')
	if h := o.Highlight; svgOnBoard(h.from) && svgOnBoard(h.to) && h.from != h.to {
		fx, fy := corner(h.from)
		tx, ty := corner(h.to)
		fmt.Fprintf(&b, `<g fill="none" stroke="#1565c0" stroke-width="4"><title>move %s</title>`+"\n", svgdraw.Escape(h.String()))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" stroke-dasharray="8 5"/>`+"\n", fx+2, fy+2, cell-4, cell-4)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d"/>`+"\n", tx+2, ty+2, cell-4, cell-4)
		b.WriteString("</g>\n")
		svgdraw.Arrow(&b, float64(fx+cell/2), float64(fy+cell/2), float64(tx+cell/2), float64(ty+cell/2), 6, "#1565c0")
	}
	svgdraw.End(&b)
	return b.String()
}

// svgStack draws the stack s on the square whose upper left corner is x, y.
func svgStack(b *strings.Builder, sq notation.Square, s Stack, x, y int, king bool) {
	const (
		colX, colW = 10, 26 // the column's left edge and width within the square
		bottom     = 56     // the column's foot within the square
		maxH       = 50.0
	)
	unit := math.Min(8, maxH/float64(s.Height()))
	runs := s.Runs()
	words := make([]string, len(runs))
	for i, r := range runs {
		words[i] = svgColorLetter(r.Color) + strconv.Itoa(r.Count)
	}
	owner := svgColorLetter(s.Color())
	tip := sq.Upper() + ": " + strings.Join(words, " ") + ", owned by " + s.Color().String()
	if king {
		tip += ", a king"
	}
	fmt.Fprintf(b, "<g><title>%s</title>\n", svgdraw.Escape(tip))
	base := float64(y + bottom)
	for _, r := range runs {
		h := unit * float64(r.Count)
		fill, ink := "#1d1d1d", "#ffffff"
		if r.Color == White {
			fill, ink = "#fafafa", "#000000"
		}
		fmt.Fprintf(b, `<rect x="%d" y="%s" width="%d" height="%s" fill="%s" stroke="#555" stroke-width="1"/>`+"\n",
			x+colX, svgdraw.Num(base-h), colW, svgdraw.Num(h), fill)
		if r.Count >= 2 && h >= 7 {
			fmt.Fprintf(b, `<text x="%d" y="%s" font-size="%s" text-anchor="middle" dominant-baseline="central" fill="%s">%d</text>`+"\n",
				x+colX+colW/2, svgdraw.Num(base-h/2), svgdraw.Num(math.Min(13, h-1)), ink, r.Count)
		}
		base -= h
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="15" font-weight="bold" text-anchor="middle" fill="#222">%s</text>`+"\n", x+49, y+19, owner)
	if king {
		// A three-pointed crown under the owner's letter.
		cx, cy := x+49, y+31
		fmt.Fprintf(b, `<polygon points="%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d %d,%d" fill="#e0b000" stroke="#6b5300" stroke-width="1"/>`+"\n",
			cx-8, cy+9, cx-8, cy, cx-4, cy+4, cx, cy-2, cx+4, cy+4, cx+8, cy, cx+8, cy+9)
	}
	b.WriteString("</g>\n")
}

// svgTitle names the game, the rules and the side to move or the result.
func (p Position) svgTitle() string {
	t := Title + " (" + p.Variant().Rules.String() + " rules): "
	switch out := p.Outcome(); out.Status {
	case boardrules.Ongoing:
		return t + p.ColorOf(p.ToMove()).String() + " to move"
	case boardrules.Win:
		return t + p.ColorOf(out.Winner).String() + " wins, " + out.Reason
	default:
		return t + out.Status.String() + ", " + out.Reason
	}
}

func svgColorLetter(c Color) string {
	switch c {
	case Black:
		return "B"
	case White:
		return "W"
	}
	return ""
}

func svgOnBoard(sq notation.Square) bool {
	return !sq.IsZero() && sq.File() < 8 && sq.Rank() < 8
}
