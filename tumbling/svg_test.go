package tumbling_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardrules/boardrules/internal/svgtest"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The golden drawings are rewritten with: go test ./tumbling -run SVG -update
func init() { svgtest.DefineUpdateFlag() }

func TestSVGGolden(t *testing.T) {
	corner, _ := tumbling.New(tumbling.Variant{Layout: tumbling.CornerLayout})
	w1Before := svgtest.MustDecode[tumbling.Position](t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2W1B1W2B3,,W3,,,,,W1/,,,,,,,")
	w1After := svgtest.MustDecode[tumbling.Position](t, "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B1,W3B1,W1,B1,W1,W1,W1B3/,,,,,,, b:capture:C2")
	long := svgtest.MustDecode[tumbling.Position](t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,B12W10B1W2,W1B1W1B1W1B1W1,,,/,,,,,,,/,,,,,,,/B3,,,,,,,")
	cases := []svgtest.Case{
		{Name: "start-standard", SVG: tumbling.Standard().SVG()},
		{Name: "start-corner", SVG: corner.SVG()},
		{Name: "start-standard-highlight", SVG: tumbling.Standard().SVGWith(tumbling.SVGOptions{Size: 300, Highlight: svgtest.MustMove(t, tumbling.Standard(), "C1-D2T")})},
		{Name: "w1-before", SVG: w1Before.SVGWith(tumbling.SVGOptions{Highlight: svgtest.MustMove(t, w1Before, "A2-B2T")})},
		{Name: "w1-after", SVG: w1After.SVG()},
		{Name: "long-counts", SVG: long.SVG()},
	}
	svgtest.Golden(t, cases, func(want, got string) string { return cmp.Diff(want, got) })
}

func TestSVGOptions(t *testing.T) {
	p := tumbling.Standard()
	// The zero Position (an empty board, the game over) draws as well.
	var zero tumbling.Position
	svgtest.Defaults(t, p.SVG(), p.SVGWith(tumbling.SVGOptions{}), zero.SVG())
	for _, c := range []struct {
		size          int
		width, height string
	}{{0, "480", "480"}, {-3, "480", "480"}, {256, "256", "256"}} {
		svgtest.Size(t, p.SVGWith(tumbling.SVGOptions{Size: c.size}), c.size, c.width, c.height, "0 0 512 512")
	}
	m := svgtest.MustMove(t, p, "B2-C3")
	if s := p.SVGWith(tumbling.SVGOptions{Highlight: m}); !strings.Contains(s, "<title>move B2-C3</title>") {
		t.Errorf("Highlight B2-C3 is not drawn")
	}
	// A hand-made move that could come from no ParseMove is drawn as far as
	// it makes sense and never panics.
	// The doc ignores a move with a square off the board: nothing is marked,
	// one file or one rank past the edge as well.
	for _, to := range []notation.Square{notation.SquareAt(12, 30), notation.SquareAt(8, 3), notation.SquareAt(3, 8)} {
		odd := tumbling.MakeMove(notation.SquareAt(0, 0), to, false)
		s := p.SVGWith(tumbling.SVGOptions{Highlight: odd})
		svgtest.Root(t, s)
		if strings.Contains(s, "<title>move") {
			t.Errorf("Highlight A1 to file %d rank %d, off the board, is drawn", to.File(), to.Rank())
		}
	}
}

// TestSVGLabels checks that the drawing reads without colour: each stack's
// owner letter and each king's crown are there.
func TestSVGLabels(t *testing.T) {
	p := tumbling.Standard()
	s := p.SVG()
	if got := strings.Count(s, "<polygon"); got != 2 {
		t.Errorf("%d crowns in the start position, want 2 (C1 and F8)", got)
	}
	for _, tip := range []string{"C1: B4, owned by Black, a king", "F8: W4, owned by White, a king", "C4: B1, owned by Black<"} {
		if !strings.Contains(s, "<title>"+tip) {
			t.Errorf("no stack title %q", tip)
		}
	}
	if got := strings.Count(s, `font-weight="bold" text-anchor="middle" fill="#222">B<`); got != 15 {
		t.Errorf("%d owner letters B, want 15", got)
	}
}

// TestSVGBandCount: a band carries its count from 7 units high (the doc's
// bound), not below. In a stack of 50 men a man is exactly 1 unit, so B7
// is 7 units and B6 is 6.
func TestSVGBandCount(t *testing.T) {
	for _, c := range []struct {
		code, count string
		shown       bool
	}{
		{"tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B7W22B21,,,,,,,", `fill="#ffffff">7</text>`, true},
		{"tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B6W23B21,,,,,,,", `fill="#ffffff">6</text>`, false},
	} {
		s := svgtest.MustDecode[tumbling.Position](t, c.code).SVG()
		if strings.Contains(s, c.count) != c.shown {
			t.Errorf("%s: count %s shown %v, want %v", c.code, c.count, !c.shown, c.shown)
		}
	}
}

// TestSVGProperty: every position reached by random play draws as
// well-formed XML, the same twice, with one titled group per stack.
func TestSVGProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		vs := tumbling.Variants()
		p, _ := tumbling.New(vs[rapid.IntRange(0, len(vs)-1).Draw(t, "variant")])
		p, last := svgtest.Playout(p, rapid.IntRange(0, 150).Draw(t, "plies"), func(n int) int {
			return rapid.IntRange(0, n-1).Draw(t, "move")
		})
		o := tumbling.SVGOptions{Size: rapid.IntRange(-5, 2000).Draw(t, "size"), Highlight: last}
		s := svgtest.Stable(t, func() string { return p.SVGWith(o) })
		stacks := 0
		for rank := range 8 {
			for file := range 8 {
				sq := notation.SquareAt(file, rank)
				if st := stackAt(p, sq); st.Height() > 0 {
					stacks++
					if !strings.Contains(s, "<title>"+sq.Upper()+": ") {
						t.Fatalf("stack on %s has no title", sq.Upper())
					}
				}
			}
		}
		if got := strings.Count(s, "<g><title>"); got != stacks {
			t.Fatalf("%d stack groups, want %d", got, stacks)
		}
	})
}

// The drawing is a standalone SVG document: its first line carries the
// viewBox and the pixel size, its second the title for screen readers.
func ExamplePosition_SVGWith() {
	p := tumbling.Standard()
	m, err := p.ParseMove("C1-C2T")
	if err != nil {
		panic(err)
	}
	svg := p.SVGWith(tumbling.SVGOptions{Size: 240, Highlight: m})
	lines := strings.Split(svg, "\n")
	fmt.Println(lines[0])
	fmt.Println(lines[1])
	fmt.Println(strings.Contains(svg, "<title>move "+m.String()+"</title>"))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="240" height="240" role="img" font-family="sans-serif">
	// <title>Tumbling Down (pbmserv rules): Black to move</title>
	// true
}

// BenchmarkSVG draws the start position.
func BenchmarkSVG(b *testing.B) { svgtest.Benchmark(b, tumbling.Standard().SVG) }
