package terrace_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/boardrules/boardrules/internal/svgtest"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/terrace"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The golden drawings are rewritten with: go test ./terrace -run SVG -update
func init() { svgtest.DefineUpdateFlag() }

func TestSVGGolden(t *testing.T) {
	var cases []svgtest.Case
	for _, v := range terrace.Variants() {
		p, err := terrace.New(v)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, svgtest.Case{Name: "start-" + v.String(), SVG: p.SVG()})
	}
	v1 := svgtest.MustDecode[terrace.Position](t, "terrace 8 2p 0 7T/8/8/8/1C6/8/ddcc4/tabb4")
	long := terrace.Standard()
	v6 := svgtest.MustMove(t, long, "D-b2-a1:T")
	v8 := svgtest.MustDecode[terrace.Position](t, "terrace 8 2p 0 7T/6t1/8/8/8/8/8/8")
	v8m := svgtest.MustMove(t, v8, "T-g7-h8:T")
	v11 := svgtest.MustDecode[terrace.Position](t, "terrace 8 4p 0 5b't'1/D'7/7B/8/4c3/3T4/T'7/1t6")
	v11m := svgtest.MustMove(t, v11, "C-e4-d3:T")
	cases = append(cases,
		svgtest.Case{Name: "v1-highlight", SVG: v1.SVGWith(terrace.SVGOptions{Highlight: svgtest.MustMove(t, v1, "C-d2-c4")})},
		svgtest.Case{Name: "v6-self-capture", SVG: long.PlayUnchecked(v6).SVGWith(terrace.SVGOptions{Size: 300, Highlight: v6})},
		svgtest.Case{Name: "v8-goal", SVG: v8.PlayUnchecked(v8m).SVGWith(terrace.SVGOptions{Highlight: v8m})},
		svgtest.Case{Name: "v11-eliminated", SVG: v11.PlayUnchecked(v11m).SVGWith(terrace.SVGOptions{Highlight: v11m})},
	)
	svgtest.Golden(t, cases, func(want, got string) string { return cmp.Diff(want, got) })
}

func TestSVGOptions(t *testing.T) {
	p := terrace.Standard()
	// The zero Position (an empty board, the game over) draws as well.
	var zero terrace.Position
	svgtest.Defaults(t, p.SVG(), p.SVGWith(terrace.SVGOptions{}), zero.SVG())
	six, _ := terrace.New(terrace.Variant{Board: 6})
	for _, c := range []struct {
		p                      terrace.Position
		size                   int
		width, height, viewBox string
	}{
		{p, 0, "480", "480", "0 0 512 512"},
		{p, -3, "480", "480", "0 0 512 512"},
		{p, 256, "256", "256", "0 0 512 512"},
		{six, 0, "480", "480", "0 0 392 392"},
	} {
		svgtest.Size(t, c.p.SVGWith(terrace.SVGOptions{Size: c.size}), c.size, c.width, c.height, c.viewBox)
	}
	if s := p.SVGWith(terrace.SVGOptions{Highlight: svgtest.MustMove(t, p, "d1-d3")}); !strings.Contains(s, "<title>move B-d1-d3</title>") {
		t.Errorf("Highlight B-d1-d3 is not drawn")
	}
	// g1 is off the 6x6 board: the highlight of an 8x8 move is left out.
	m := svgtest.MustMove(t, p, "D-g1-f2:B")
	if s := six.SVGWith(terrace.SVGOptions{Highlight: m}); strings.Contains(s, "<title>move") {
		t.Errorf("a move off the 6x6 board is drawn")
	}
}

// TestSVGLabels checks that the drawing reads without colour: each piece's
// glyph, each square's level and the corner letters are written.
func TestSVGLabels(t *testing.T) {
	p, err := terrace.New(terrace.Variant{Board: 6, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	s := p.SVG()
	for _, want := range []struct {
		text string
		n    int
	}{
		{`<title>e1: T of Lowercase</title>`, 1},
		{`<title>b6: T of Uppercase</title>`, 1},
		{`<title>a5: T of Lowercase primed</title>`, 1},
		{`<title>f2: T of Uppercase primed</title>`, 1},
		{`stroke="#e0b000"`, 4}, // the T rings
		{`">c'</text>`, 1},
		{`">C'</text>`, 1},
		{`paint-order="stroke">H</text>`, 2},
		{`paint-order="stroke">L</text>`, 2},
		{`<g><title>`, 16},
	} {
		if got := strings.Count(s, want.text); got != want.n {
			t.Errorf("%d times %q, want %d", got, want.text, want.n)
		}
	}
	for level := 1; level <= 6; level++ {
		if !strings.Contains(s, `fill-opacity="0.8">`+strconv.Itoa(level)+"</text>") {
			t.Errorf("no square is labelled with level %d", level)
		}
	}
}

// TestSVGWalls: a wall stands between two neighbouring squares exactly when
// their levels differ (8x8: 2 · (8·7) edges in all, of which the terraces'
// own inner edges are not walls).
func TestSVGWalls(t *testing.T) {
	for _, board := range []int{8, 6} {
		p, err := terrace.New(terrace.Variant{Board: board})
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for r := range board {
			for f := range board {
				sq := notation.SquareAt(f, r)
				if f+1 < board && p.Level(notation.SquareAt(f+1, r)) != p.Level(sq) {
					want++
				}
				if r+1 < board && p.Level(notation.SquareAt(f, r+1)) != p.Level(sq) {
					want++
				}
			}
		}
		s := p.SVG()
		i := strings.Index(s, `<path d="`)
		if i < 0 {
			t.Fatalf("%dx%d: no walls drawn", board, board)
		}
		d := s[i+len(`<path d="`):]
		d = d[:strings.IndexByte(d, '"')]
		if got := strings.Count(d, "M"); got != want {
			t.Errorf("%dx%d: %d walls, want %d", board, board, got, want)
		}
	}
}

// TestSVGProperty: every position reached by random play draws as
// well-formed XML, the same twice, with one titled group per piece.
func TestSVGProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		vs := terrace.Variants()
		p, _ := terrace.New(vs[rapid.IntRange(0, len(vs)-1).Draw(t, "variant")])
		p, last := svgtest.Playout(p, rapid.IntRange(0, 150).Draw(t, "plies"), func(n int) int {
			return rapid.IntRange(0, n-1).Draw(t, "move")
		})
		o := terrace.SVGOptions{Size: rapid.IntRange(-5, 2000).Draw(t, "size"), Highlight: last}
		s := svgtest.Stable(t, func() string { return p.SVGWith(o) })
		groups := 0
		for r := range p.Size() {
			for f := range p.Size() {
				sq := notation.SquareAt(f, r)
				if pc, ok := p.At(sq); ok {
					groups++
					if !strings.Contains(s, "<title>"+sq.String()+": "+pc.Kind().String()+" of ") {
						t.Fatalf("piece on %s has no title", sq)
					}
				}
			}
		}
		if last != (terrace.Move{}) {
			groups++ // the highlight
		}
		if got := strings.Count(s, "<g><title>"); got != groups {
			t.Fatalf("%d titled groups, want %d (pieces and highlight)", got, groups)
		}
	})
}

// The drawing is a standalone SVG document: its first line carries the
// viewBox and the pixel size, its second the title for screen readers.
func ExamplePosition_SVGWith() {
	p := terrace.Standard()
	m, err := p.ParseMove("d1-d3")
	if err != nil {
		panic(err)
	}
	svg := p.SVGWith(terrace.SVGOptions{Size: 240, Highlight: m})
	lines := strings.Split(svg, "\n")
	fmt.Println(lines[0])
	fmt.Println(lines[1])
	fmt.Println(strings.Contains(svg, "<title>move "+m.String()+"</title>"))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="240" height="240" role="img" font-family="sans-serif">
	// <title>Terrace 8-long: Lowercase to move</title>
	// true
}

// BenchmarkSVG draws the start position.
func BenchmarkSVG(b *testing.B) { svgtest.Benchmark(b, terrace.Standard().SVG) }
