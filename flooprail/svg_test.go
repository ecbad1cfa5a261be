package flooprail_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/internal/svgtest"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The golden drawings are rewritten with: go test ./flooprail -run SVG -update
func init() { svgtest.DefineUpdateFlag() }

func TestSVGGolden(t *testing.T) {
	f2 := svgtest.MustDecode[flooprail.Position](t, "flooprail normal x ../..../.o..../o......./.o..../.ox./..")
	f2Move := svgtest.MustMove(t, f2, "E6-C6-C4-C2")
	f5 := svgtest.MustDecode[flooprail.Position](t, "flooprail normal o ../..../....../o.....x./...Ox./..../x.")
	f8 := svgtest.MustDecode[flooprail.Position](t, "flooprail reverse o ../..../....../......../oxx.../..../.x")
	cases := []svgtest.Case{
		{Name: "start", SVG: flooprail.Standard().SVG()},
		{Name: "start-highlight", SVG: flooprail.Standard().SVGWith(flooprail.SVGOptions{Size: 300, Highlight: svgtest.MustMove(t, flooprail.Standard(), "C4-D4")})},
		{Name: "f2-before", SVG: f2.SVGWith(flooprail.SVGOptions{Highlight: f2Move})},
		{Name: "f2-after", SVG: f2.PlayUnchecked(f2Move).SVGWith(flooprail.SVGOptions{Highlight: f2Move})},
		{Name: "f5-sooper", SVG: f5.SVGWith(flooprail.SVGOptions{Highlight: svgtest.MustMove(t, f5, "E5-G5-G3")})},
		{Name: "f8-reverse-ended", SVG: f8.SVG()},
		{Name: "f12", SVG: svgtest.MustDecode[flooprail.Position](t, "flooprail normal o ../..X./..o..x/..o...xx/ox..../.x.O/..").SVG()},
	}
	svgtest.Golden(t, cases, func(want, got string) string { return cmp.Diff(want, got) })
}

func TestSVGOptions(t *testing.T) {
	p := flooprail.Standard()
	// The zero Position, which is no game, draws as well.
	var zero flooprail.Position
	svgtest.Defaults(t, p.SVG(), p.SVGWith(flooprail.SVGOptions{}), zero.SVG())
	for _, c := range []struct {
		size          int
		width, height string
	}{{0, "480", "422"}, {-3, "480", "422"}, {496, "496", "436"}} {
		svgtest.Size(t, p.SVGWith(flooprail.SVGOptions{Size: c.size}), c.size, c.width, c.height, "0 0 496 436")
	}
	if s := p.SVGWith(flooprail.SVGOptions{Highlight: svgtest.MustMove(t, p, "E2-F2")}); !strings.Contains(s, "<title>move E2-F2</title>") {
		t.Errorf("Highlight E2-F2 is not drawn")
	}
	// A move of another position, illegal here, is still drawn: a
	// SooperFlooper's loop, with its four captures crossed out.
	loop := svgtest.MustMove(t, svgtest.MustDecode[flooprail.Position](t, "flooprail normal o ../..../.Ox.../..x.x.../..x.../..../.."), "C3-E3-E5-C5-C3")
	if s := p.SVGWith(flooprail.SVGOptions{Highlight: loop}); strings.Count(s, `stroke="#d01010"`) != 4 {
		t.Errorf("C3-E3-E5-C5-C3 should cross out four spaces")
	}
}

// TestSVGLabels checks that the drawing reads without colour: letters on
// the pieces, a ring for each SooperFlooper, a shape for each goal space.
func TestSVGLabels(t *testing.T) {
	s := svgtest.MustDecode[flooprail.Position](t, "flooprail normal o ../..X./..o..x/..o...xx/ox..../.x.O/..").SVG()
	for _, want := range []struct {
		text string
		n    int
	}{
		{`fill="#fff">O</text>`, 4},
		{`fill="#fff">X</text>`, 6},
		{`stroke="#f2c230"`, 2},
		{`: goal of O</title>`, 4},
		{`: goal of X</title>`, 4},
		{`<title>E2: X SooperFlooper</title>`, 1},
		{`<title>F6: O SooperFlooper</title>`, 1},
		{`<title>H4: goal of O</title>`, 1},
		{`<title>A4: goal of X</title>`, 1},
		{`<line `, 49},
	} {
		if got := strings.Count(s, want.text); got != want.n {
			t.Errorf("%d times %q, want %d", got, want.text, want.n)
		}
	}
}

// TestSVGProperty: every position reached by random play draws as
// well-formed XML, the same twice, with one titled group per piece.
func TestSVGProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := flooprail.New(flooprail.Variant{Reverse: rapid.Bool().Draw(t, "reverse")})
		p, last := svgtest.Playout(p, rapid.IntRange(0, 150).Draw(t, "plies"), func(n int) int {
			return rapid.IntRange(0, n-1).Draw(t, "move")
		})
		o := flooprail.SVGOptions{Size: rapid.IntRange(-5, 2000).Draw(t, "size"), Highlight: last}
		s := svgtest.Stable(t, func() string { return p.SVGWith(o) })
		pieces := 0
		for _, sq := range flooprail.Spaces() {
			if pc, ok := p.At(sq); ok {
				pieces++
				if !strings.Contains(s, "<title>"+sq.Upper()+": "+pc.String()+"</title>") {
					t.Fatalf("piece on %s has no title", sq.Upper())
				}
			}
		}
		if len(last.Path()) > 0 {
			pieces++ // the highlight's group
		}
		if got := strings.Count(s, "<g><title>"); got != pieces {
			t.Fatalf("%d titled groups, want %d (pieces and highlight)", got, pieces)
		}
	})
}

// The drawing is a standalone SVG document: its first line carries the
// viewBox and the pixel size, its second the title for screen readers.
func ExamplePosition_SVGWith() {
	p := flooprail.Standard()
	m, err := p.ParseMove("C4-D4")
	if err != nil {
		panic(err)
	}
	svg := p.SVGWith(flooprail.SVGOptions{Size: 240, Highlight: m})
	lines := strings.Split(svg, "\n")
	fmt.Println(lines[0])
	fmt.Println(lines[1])
	fmt.Println(strings.Contains(svg, "<title>move "+m.String()+"</title>"))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 496 436" width="240" height="211" role="img" font-family="sans-serif">
	// <title>FloopRail (normal): O to move</title>
	// true
}

// BenchmarkSVG draws the start position.
func BenchmarkSVG(b *testing.B) { svgtest.Benchmark(b, flooprail.Standard().SVG) }
