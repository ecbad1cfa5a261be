package cli

import (
	"fmt"
	"strings"

	"github.com/boardrules/boardrules"
)

// Board is a position's board text as a program shows it to a person: the
// engine's own text, with coordinates added where the engine's text has
// none (Crumble's, whose moves name points by their x and y).
func Board(p boardrules.Any) string {
	text := strings.TrimRight(p.String(), "\n")
	if p.Game() != "crumble" {
		return text
	}
	return WithCoordinates(text, p.Variant())
}

// WithCoordinates labels a Crumble board: the board is W x H squares (from
// the variant name, as "6x6") and each square k x k letters, k the text's
// height over H. The y of each square's row is on the left, x below, so
// that a reader finds the point (x,y) a move's walk ends on. A text that is
// not such a drawing (the position code Crumble prints for a board too fine
// to draw) comes back unchanged.
func WithCoordinates(text, variant string) string {
	var width, height int
	if _, err := fmt.Sscanf(variant, "%dx%d", &width, &height); err != nil || height <= 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	k := len(lines) / height
	if k == 0 || len(lines) != k*height || len(lines[0]) != k*width {
		return text
	}
	var b strings.Builder
	for i, l := range lines {
		label := "  "
		if i%k == k-1 {
			label = fmt.Sprintf("%2d", height-1-i/k)
		}
		fmt.Fprintf(&b, "%s %s\n", label, l)
	}
	b.WriteString("   ")
	for x := 0; x < width; x++ {
		fmt.Fprintf(&b, "%-*d", k, x)
	}
	fmt.Fprintf(&b, "\n   (each square is %dx%d letters)", k, k)
	return b.String()
}
