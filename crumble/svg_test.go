package crumble

import (
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

func TestSVGDrawsPiecesExactly(t *testing.T) {
	p, _ := New(Variant{Width: 2, Height: 2})
	svg := p.SVG()
	for _, s := range []string{
		`viewBox="0 0 158 158" width="480" height="480"`,
		`<rect x="0" y="1" width="1" height="1" fill="#000"/>`,
		`<rect x="0" y="0" width="1" height="1" fill="#fff"/>`,
		`<title>Crumble 2x2: Black to move</title>`,
	} {
		if !strings.Contains(svg, s) {
			t.Errorf("2x2 SVG lacks %s:\n%s", s, svg)
		}
	}
	if strings.Contains(svg, "vector-effect") {
		t.Error("the SVG uses vector-effect, which librsvg does not draw")
	}
	q, err := boardrules.Replay(Standard(), "1HN", "0H", "1,2V")
	if err != nil {
		t.Fatal(err)
	}
	svg = q.SVG()
	for _, s := range []string{`<rect x="1" y="0.5" width="1" height="0.5" fill="#fff"/>`, `<rect x="1.5" y="1" width="0.5" height="1" fill="#000"/>`} {
		if !strings.Contains(svg, s) {
			t.Errorf("SVG lacks %s:\n%s", s, svg)
		}
	}
}

func TestSVGWithSizeAndHighlight(t *testing.T) {
	p := Standard()
	m, err := p.ParseMove("1HN")
	if err != nil {
		t.Fatal(err)
	}
	q, _ := p.Play(m)
	svg := q.SVGWith(SVGOptions{Size: 200, Highlight: m})
	for _, s := range []string{`width="200" height="220"`, `viewBox="0 0 398 438"`, `>last move: 1HN</text>`} {
		if !strings.Contains(svg, s) {
			t.Errorf("SVGWith lacks %s:\n%s", s, svg)
		}
	}
	if q.SVG() != q.SVGWith(SVGOptions{}) || strings.Contains(q.SVG(), "last move") {
		t.Error("SVG is not SVGWith of the zero options")
	}
}
