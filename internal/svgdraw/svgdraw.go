// Package svgdraw holds the drawing helpers that the engines' SVG and
// SVGWith methods share: the document's start and end, number formatting,
// text escaping, the pixel height for a pixel width, arrows, and the
// coordinate labels around a square board.
//
// What a drawing shows stays in its engine; this package only writes the
// pieces that every drawing writes the same way. Like the drawings, every
// helper depends on its arguments only (no map order, no clock), and numbers
// are written with at most two decimals, so equal positions give equal bytes
// and the engines' golden files stay stable.
//
// The package uses the standard library only and imports no engine.
package svgdraw

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// DefaultSize is the drawing's width in pixels when SVGOptions.Size is 0 or
// less.
const DefaultSize = 480

// MaxSize caps SVGOptions.Size: a million pixels is beyond any screen or
// page, and a larger width would only make the height's arithmetic
// overflow.
const MaxSize = 1 << 20

// Begin writes the start of a self-contained SVG document: the svg element
// with a viewBox of width×height units drawn size pixels wide (DefaultSize
// if size is 0 or less; the height follows the viewBox's aspect), the
// document's title (escaped here), and a background rect of the colour fill
// over the whole viewBox.
func Begin(b *strings.Builder, width, height, size int, title, fill string) {
	if size <= 0 {
		size = DefaultSize
	}
	size = min(size, MaxSize)
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" font-family="sans-serif">`+"\n",
		width, height, size, Scale(size, height, width))
	fmt.Fprintf(b, "<title>%s</title>\n", Escape(title))
	fmt.Fprintf(b, `<rect x="0" y="0" width="%d" height="%d" fill="%s"/>`+"\n", width, height, fill)
}

// End writes the end of the document that Begin started.
func End(b *strings.Builder) { b.WriteString("</svg>\n") }

// Labels writes the coordinates of an n×n board of squares cell units wide
// whose upper left corner is (left, top): the file letters, from first on,
// below the board, and the rank digits, 1 at the bottom, to its left.
func Labels(b *strings.Builder, left, top, cell, n int, first rune) {
	for i := 0; i < n; i++ {
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" text-anchor="middle" fill="#333">%c</text>`+"\n",
			left+i*cell+cell/2, top+n*cell+18, first+rune(i))
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" text-anchor="middle" dominant-baseline="central" fill="#333">%d</text>`+"\n",
			left/2, top+(n-1-i)*cell+cell/2, i+1)
	}
}

// Arrow writes a straight arrow of the colour stroke, 4 units wide and
// slightly transparent, from (x1, y1) toward (x2, y2), its tip gap units
// short of (x2, y2).
func Arrow(b *strings.Builder, x1, y1, x2, y2, gap float64, stroke string) {
	head := ArrowHead(x1, y1, x2, y2, gap)
	fmt.Fprintf(b, `<polyline points="%s,%s %s" fill="none" stroke="%s" stroke-width="4" stroke-linecap="round" opacity="0.8"/>`+"\n", Num(x1), Num(y1), head[1], stroke)
	fmt.Fprintf(b, `<polygon points="%s" fill="%s" opacity="0.8"/>`+"\n", head[0]+" "+head[2]+" "+head[3], stroke)
}

// ArrowHead returns the corners of the head of an arrow from (x1, y1)
// toward (x2, y2) whose tip stops gap units short of (x2, y2): the tip, the
// middle of the head's base (where the shaft ends), then the two barbs.
func ArrowHead(x1, y1, x2, y2, gap float64) [4]string {
	const length, half = 14.0, 8.0
	l := math.Hypot(x2-x1, y2-y1)
	ux, uy := (x2-x1)/l, (y2-y1)/l
	tx, ty := x2-ux*gap, y2-uy*gap
	bx, by := tx-ux*length, ty-uy*length
	pt := func(x, y float64) string { return Num(x) + "," + Num(y) }
	return [4]string{pt(tx, ty), pt(bx, by), pt(bx-uy*half, by+ux*half), pt(bx+uy*half, by-ux*half)}
}

// Num writes x with at most two decimals and no trailing zeros.
func Num(x float64) string {
	x = math.Round(x*100) / 100
	if x == 0 {
		x = 0 // no "-0"
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// Scale is size·num/den rounded, the pixel height for a pixel width, at
// least 1 (a renderer refuses a drawing without height); computed in
// floating point, so that no size overflows it.
func Scale(size, num, den int) int {
	return max(1, int(math.Round(float64(size)*float64(num)/float64(den))))
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// Escape makes s safe as the text of an element or an attribute's value.
func Escape(s string) string { return escaper.Replace(s) }
