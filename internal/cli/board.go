package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardrules/boardrules"
)

// Board is a position's board text as a program shows it to a person: the
// engine's own text, with coordinates added where the engine's text has
// none (Crumble's, whose moves name points by their x and y). Crumble
// prints its position code instead of a drawing once its pieces are too
// small to draw in letters; Board then says so above the code, which
// would otherwise stand unexplained where the board was.
func Board(p boardrules.Any) string {
	text := strings.TrimRight(p.String(), "\n")
	if p.Game() != "crumble" {
		return text
	}
	if drawn, ok := withCoordinates(text, p.Variant()); ok {
		return drawn
	}
	return TooFineToDraw + "\n" + text
}

// TooFineToDraw is the line Board writes above a Crumble position code
// that stands for the board.
const TooFineToDraw = "The pieces are too small to draw in letters (a square would take more than 16x16), so here is the position code:"

// withCoordinates labels a Crumble board: the board is W x H squares (from
// the variant name, as "6x6") and each square k x k letters, k the text's
// height over H. The y of each square's row is on the left, x below, so
// that a reader finds the point (x,y) a move's walk ends on. A text that is
// not such a drawing (the position code Crumble prints for a board too fine
// to draw) comes back unchanged, and ok false.
func withCoordinates(text, variant string) (drawn string, ok bool) {
	var width, height int
	if _, err := fmt.Sscanf(variant, "%dx%d", &width, &height); err != nil || height <= 0 {
		return text, false
	}
	lines := strings.Split(text, "\n")
	k := len(lines) / height
	if k == 0 || len(lines) != k*height || len(lines[0]) != k*width {
		return text, false
	}
	var b strings.Builder
	for i, l := range lines {
		label := "  "
		if i%k == k-1 {
			label = fmt.Sprintf("%2d", height-1-i/k)
		}
		fmt.Fprintf(&b, "%s %s\n", label, l)
	}
	for _, row := range xLabels(width, k) {
		b.WriteString("   " + row + "\n")
	}
	fmt.Fprintf(&b, "   (each square is %dx%d letters)", k, k)
	return b.String(), true
}

// xLabels are the rows of x coordinates under a board of width squares of
// k letters, each number starting under its square's first letter, each
// row as wide as the board. Where
// a number and a space do not fit in a square, as "10" in a square of two
// letters ("9 1011" ran together), the numbers are written downwards, one
// row a digit, most significant first.
func xLabels(width, k int) []string {
	digits := len(strconv.Itoa(width - 1))
	if k > digits {
		var row strings.Builder
		for x := range width {
			fmt.Fprintf(&row, "%-*d", k, x)
		}
		return []string{row.String()}
	}
	rows := make([]string, digits)
	for d := range digits {
		var row strings.Builder
		for x := range width {
			s := fmt.Sprintf("%*d", digits, x)
			row.WriteByte(s[d])
			row.WriteString(strings.Repeat(" ", k-1))
		}
		rows[d] = row.String()
	}
	return rows
}
