package tumbling_test

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

	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The golden drawings are rewritten with: go test ./tumbling -run SVG -update
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

func svgMustDecode(t testing.TB, code string) tumbling.Position {
	t.Helper()
	var p tumbling.Position
	if err := p.UnmarshalText([]byte(code)); err != nil {
		t.Fatalf("decode %q: %v", code, err)
	}
	return p
}

func svgMustMove(t testing.TB, p tumbling.Position, s string) tumbling.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return m
}

func TestSVGGolden(t *testing.T) {
	corner, _ := tumbling.New(tumbling.Variant{Layout: tumbling.CornerLayout})
	w1Before := svgMustDecode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2W1B1W2B3,,W3,,,,,W1/,,,,,,,")
	w1After := svgMustDecode(t, "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B1,W3B1,W1,B1,W1,W1,W1B3/,,,,,,, b:capture:C2")
	long := svgMustDecode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,B12W10B1W2,W1B1W1B1W1B1W1,,,/,,,,,,,/,,,,,,,/B3,,,,,,,")
	cases := []struct {
		name string
		svg  string
	}{
		{"start-standard", tumbling.Standard().SVG()},
		{"start-corner", corner.SVG()},
		{"start-standard-highlight", tumbling.Standard().SVGWith(tumbling.SVGOptions{Size: 300, Highlight: svgMustMove(t, tumbling.Standard(), "C1-D2T")})},
		{"w1-before", w1Before.SVGWith(tumbling.SVGOptions{Highlight: svgMustMove(t, w1Before, "A2-B2T")})},
		{"w1-after", w1After.SVG()},
		{"long-counts", long.SVG()},
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
	p := tumbling.Standard()
	if got, want := p.SVG(), p.SVGWith(tumbling.SVGOptions{}); got != want {
		t.Errorf("SVG() differs from SVGWith(SVGOptions{})")
	}
	for _, c := range []struct {
		size          int
		width, height string
	}{{0, "480", "480"}, {-3, "480", "480"}, {256, "256", "256"}} {
		root := svgRoot(t, p.SVGWith(tumbling.SVGOptions{Size: c.size}))
		if root["width"] != c.width || root["height"] != c.height || root["viewBox"] != "0 0 512 512" {
			t.Errorf("Size %d: width %q height %q viewBox %q, want %s %s and 0 0 512 512", c.size, root["width"], root["height"], root["viewBox"], c.width, c.height)
		}
	}
	// The zero Position (an empty board, the game over) draws as well.
	var zero tumbling.Position
	svgRoot(t, zero.SVG())
	if !strings.Contains(zero.SVG(), " wins, ") && !strings.Contains(zero.SVG(), "draw, ") {
		t.Errorf("the zero Position's drawing does not give its result")
	}
	if strings.Contains(p.SVG(), "<title>move") {
		t.Errorf("the zero Highlight marks a move")
	}
	m := svgMustMove(t, p, "B2-C3")
	if s := p.SVGWith(tumbling.SVGOptions{Highlight: m}); !strings.Contains(s, "<title>move B2-C3</title>") {
		t.Errorf("Highlight B2-C3 is not drawn")
	}
	// A hand-made move that could come from no ParseMove is drawn as far as
	// it makes sense and never panics.
	odd := tumbling.Move{From: notation.SquareAt(0, 0), To: notation.SquareAt(12, 30)}
	svgRoot(t, p.SVGWith(tumbling.SVGOptions{Highlight: odd}))
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

// TestSVGProperty: every position reached by random play draws as
// well-formed XML, the same twice, with one titled group per stack.
func TestSVGProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		vs := tumbling.Variants()
		p, _ := tumbling.New(vs[rapid.IntRange(0, len(vs)-1).Draw(t, "variant")])
		var last tumbling.Move
		for range rapid.IntRange(0, 150).Draw(t, "plies") {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			last = moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			p = p.PlayUnchecked(last)
		}
		o := tumbling.SVGOptions{Size: rapid.IntRange(-5, 2000).Draw(t, "size"), Highlight: last}
		s := p.SVGWith(o)
		svgRoot(t, s)
		if again := p.SVGWith(o); again != s {
			t.Fatalf("two drawings of one position differ")
		}
		stacks := 0
		for rank := range 8 {
			for file := range 8 {
				sq := notation.SquareAt(file, rank)
				if st := p.At(sq); st.Height() > 0 {
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

// BenchmarkSVG draws the start position; drawing is not on any hot path, so
// allocations are not minimised here.
func BenchmarkSVG(b *testing.B) {
	p := tumbling.Standard()
	b.ReportAllocs()
	for b.Loop() {
		_ = p.SVG()
	}
}
