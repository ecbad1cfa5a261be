// Package svgtest holds the test helpers that the engines' SVG tests share:
// the -update flag, the comparison of drawings with their golden files in
// testdata/svg, the check that a drawing is well-formed XML with one svg
// root element, and decoding a position or a move or failing the test.
//
// Only tests import it. It uses the standard library only; the golden
// comparison takes its diff function from the caller, so that the engines'
// tests keep go-cmp's output.
package svgtest

import (
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// DefineUpdateFlag defines the boolean flag -update, which makes Golden
// rewrite the golden files, unless a flag of that name exists already.
// Call it from an init function of the test package: package variables are
// initialised before init functions run, so another test file of the
// package may still define the flag itself (as flag.Bool("update", ...))
// without a clash.
func DefineUpdateFlag() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

// Updating reports whether -update was given.
func Updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// Fataler is what testing.T and rapid.T have in common.
type Fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Root checks that s is well-formed XML with one svg root element and
// returns the root's attributes.
func Root(t Fataler, s string) map[string]string {
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

// Case is one golden drawing: SVG is checked against testdata/svg/Name.svg.
type Case struct {
	Name string
	SVG  string
}

// Golden runs a subtest per case, named after it, that checks the drawing
// with Root and compares it with its golden file; with -update it first
// writes the drawing to the golden file. diff returns the difference
// between want and got as text, "" when they are equal.
func Golden(t *testing.T, cases []Case, diff func(want, got string) string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			Root(t, c.SVG)
			path := filepath.Join("testdata", "svg", c.Name+".svg")
			if Updating() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(c.SVG), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run SVG -update to create it)", err)
			}
			if d := diff(string(want), c.SVG); d != "" {
				t.Errorf("%s differs from the golden file (-want +got):\n%s", c.Name, d)
			}
		})
	}
}

// MustDecode returns the position whose code is code, or fails the test.
func MustDecode[P any, PP interface {
	*P
	UnmarshalText([]byte) error
}](t testing.TB, code string) P {
	t.Helper()
	var p P
	if err := PP(&p).UnmarshalText([]byte(code)); err != nil {
		t.Fatalf("decode %q: %v", code, err)
	}
	return p
}

// MustMove returns the move s in the position p, or fails the test.
func MustMove[M any, P interface{ ParseMove(string) (M, error) }](t testing.TB, p P, s string) M {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return m
}

// Size checks the attributes of the drawing svg, made with SVGOptions.Size
// size: its pixel width and height and its viewBox.
func Size(t testing.TB, svg string, size int, width, height, viewBox string) {
	t.Helper()
	root := Root(t, svg)
	if root["width"] != width || root["height"] != height || root["viewBox"] != viewBox {
		t.Errorf("Size %d: width %q height %q viewBox %q, want %s %s and %s", size, root["width"], root["height"], root["viewBox"], width, height, viewBox)
	}
}

// Defaults checks the drawings made with the default options: plain is a
// position's SVG(), zeroOptions its SVGWith(SVGOptions{}), and zeroPosition
// the zero Position's SVG() (an empty board, the game over). They must be
// equal, the zero Highlight must mark no move, and the zero Position must
// draw as well-formed XML that gives its result.
func Defaults(t testing.TB, plain, zeroOptions, zeroPosition string) {
	t.Helper()
	if plain != zeroOptions {
		t.Errorf("SVG() differs from SVGWith(SVGOptions{})")
	}
	Root(t, zeroPosition)
	if !strings.Contains(zeroPosition, " wins, ") && !strings.Contains(zeroPosition, "draw, ") {
		t.Errorf("the zero Position's drawing does not give its result")
	}
	if strings.Contains(plain, "<title>move") {
		t.Errorf("the zero Highlight marks a move")
	}
}

// Stable draws with draw twice and checks that the drawing is well-formed
// (Root) and the same both times; it returns the drawing.
func Stable(t Fataler, draw func() string) string {
	t.Helper()
	s := draw()
	Root(t, s)
	if again := draw(); again != s {
		t.Fatalf("two drawings of one position differ")
	}
	return s
}

// Playout plays plies random legal moves from p, move i of the n legal ones
// picked by pick(n), and stops early at a position without a legal move. It
// returns the position reached and the last move played (the zero move if
// none).
func Playout[P interface {
	LegalMoves() []M
	PlayUnchecked(M) P
}, M any](p P, plies int, pick func(n int) int) (P, M) {
	var last M
	for range plies {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		last = moves[pick(len(moves))]
		p = p.PlayUnchecked(last)
	}
	return p, last
}

// Benchmark measures draw, a drawing of one position. Drawing is not on any
// hot path, so allocations are reported but not minimised.
func Benchmark(b *testing.B, draw func() string) {
	b.ReportAllocs()
	for b.Loop() {
		_ = draw()
	}
}
