package flooprail_test

import (
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardrules/boardrules/flooprail"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The golden drawings are rewritten with: go test ./flooprail -run SVG -update
// The flag is defined here unless another test file of the package defines
// it first (package variables are initialised before init functions run).
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

func svgUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// svgFataler is what testing.T and rapid.T have in common.
type svgFataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// svgRoot checks that s is well-formed XML with one svg root element and
// returns the root's attributes.
func svgRoot(t svgFataler, s string) map[string]string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	var root map[string]string
	depth := 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v\n%s", err, s)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if root != nil {
					t.Fatalf("SVG has a second root element <%s>", tok.Name.Local)
				}
				root = map[string]string{"element": tok.Name.Local, "xmlns": tok.Name.Space}
				for _, a := range tok.Attr {
					root[a.Name.Local] = a.Value
				}
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if root == nil || root["element"] != "svg" || root["xmlns"] != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element is %v, want an svg element in the SVG namespace", root)
	}
	if root["viewBox"] == "" {
		t.Fatalf("SVG has no viewBox")
	}
	return root
}

func svgMustDecode(t testing.TB, code string) flooprail.Position {
	t.Helper()
	var p flooprail.Position
	if err := p.UnmarshalText([]byte(code)); err != nil {
		t.Fatalf("decode %q: %v", code, err)
	}
	return p
}

func svgMustMove(t testing.TB, p flooprail.Position, s string) flooprail.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return m
}

func TestSVGGolden(t *testing.T) {
	f2 := svgMustDecode(t, "flooprail normal x ../..../.o..../o......./.o..../.ox./..")
	f2Move := svgMustMove(t, f2, "E6-C6-C4-C2")
	f5 := svgMustDecode(t, "flooprail normal o ../..../....../o.....x./...Ox./..../x.")
	f8 := svgMustDecode(t, "flooprail reverse o ../..../....../......../oxx.../..../.x")
	cases := []struct {
		name string
		svg  string
	}{
		{"start", flooprail.Standard().SVG()},
		{"start-highlight", flooprail.Standard().SVGWith(flooprail.SVGOptions{Size: 300, Highlight: svgMustMove(t, flooprail.Standard(), "C4-D4")})},
		{"f2-before", f2.SVGWith(flooprail.SVGOptions{Highlight: f2Move})},
		{"f2-after", f2.PlayUnchecked(f2Move).SVGWith(flooprail.SVGOptions{Highlight: f2Move})},
		{"f5-sooper", f5.SVGWith(flooprail.SVGOptions{Highlight: svgMustMove(t, f5, "E5-G5-G3")})},
		{"f8-reverse-ended", f8.SVG()},
		{"f12", svgMustDecode(t, "flooprail normal o ../..X./..o..x/..o...xx/ox..../.x.O/..").SVG()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			svgRoot(t, c.svg)
			path := filepath.Join("testdata", "svg", c.name+".svg")
			if svgUpdating() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(c.svg), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run SVG -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), c.svg); diff != "" {
				t.Errorf("%s differs from the golden file (-want +got):\n%s", c.name, diff)
			}
		})
	}
}

func TestSVGOptions(t *testing.T) {
	p := flooprail.Standard()
	if got, want := p.SVG(), p.SVGWith(flooprail.SVGOptions{}); got != want {
		t.Errorf("SVG() differs from SVGWith(SVGOptions{})")
	}
	for _, c := range []struct {
		size          int
		width, height string
	}{{0, "480", "422"}, {-3, "480", "422"}, {496, "496", "436"}} {
		root := svgRoot(t, p.SVGWith(flooprail.SVGOptions{Size: c.size}))
		if root["width"] != c.width || root["height"] != c.height || root["viewBox"] != "0 0 496 436" {
			t.Errorf("Size %d: width %q height %q viewBox %q, want %s %s and 0 0 496 436", c.size, root["width"], root["height"], root["viewBox"], c.width, c.height)
		}
	}
	// The zero Position (an empty board, the game over) draws as well.
	var zero flooprail.Position
	svgRoot(t, zero.SVG())
	if !strings.Contains(zero.SVG(), " wins, ") && !strings.Contains(zero.SVG(), "draw, ") {
		t.Errorf("the zero Position's drawing does not give its result")
	}
	if strings.Contains(p.SVG(), "<title>move") {
		t.Errorf("the zero Highlight marks a move")
	}
	if s := p.SVGWith(flooprail.SVGOptions{Highlight: svgMustMove(t, p, "E2-F2")}); !strings.Contains(s, "<title>move E2-F2</title>") {
		t.Errorf("Highlight E2-F2 is not drawn")
	}
	// A syntactically valid move that is illegal here is still drawn.
	m, err := flooprail.ParseMove("C4-E4-C4")
	if err != nil {
		t.Fatal(err)
	}
	if s := p.SVGWith(flooprail.SVGOptions{Highlight: m}); strings.Count(s, `stroke="#d01010"`) != 2 {
		t.Errorf("C4-E4-C4 should cross out D4 twice")
	}
}

// TestSVGLabels checks that the drawing reads without colour: letters on
// the pieces, a ring for each SooperFlooper, a shape for each goal space.
func TestSVGLabels(t *testing.T) {
	s := svgMustDecode(t, "flooprail normal o ../..X./..o..x/..o...xx/ox..../.x.O/..").SVG()
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
		var last flooprail.Move
		for range rapid.IntRange(0, 150).Draw(t, "plies") {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			last = moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			p = p.PlayUnchecked(last)
		}
		o := flooprail.SVGOptions{Size: rapid.IntRange(-5, 2000).Draw(t, "size"), Highlight: last}
		s := p.SVGWith(o)
		svgRoot(t, s)
		if again := p.SVGWith(o); again != s {
			t.Fatalf("two drawings of one position differ")
		}
		pieces := 0
		for _, sq := range flooprail.Spaces() {
			if pc := p.At(sq); pc != flooprail.Empty {
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

// BenchmarkSVG draws the start position; drawing is not on any hot path, so
// allocations are not minimised here.
func BenchmarkSVG(b *testing.B) {
	p := flooprail.Standard()
	b.ReportAllocs()
	for b.Loop() {
		_ = p.SVG()
	}
}
