package crumble

import (
	"math/rand/v2"
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
		// y grows North: row 0's coordinate is the lower one, by the
		// bottom row
		`<text x="15" y="104">0</text>`,
		`<text x="15" y="44">1</text>`,
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

// TestSVGEdgeAndTitle: the pieces' edge is at most an eighth of the
// thinnest piece (a piece 1/32 thick drew grey under an edge of 0.03), and
// the title names the variant, and the result of a finished game.
func TestSVGEdgeAndTitle(t *testing.T) {
	if svg := Standard().SVG(); !strings.Contains(svg, `stroke-width="0.03"`) {
		t.Errorf("the start's edge is not 0.03:\n%.400s", svg)
	}
	// seeded random 2x2 games, up to a piece thinner than a quarter unit
	start := startOf(t, "2x2-nodraws")
	p := start
	r := rand.New(rand.NewPCG(3, 4))
	thinnest := int64(1) << p.shift
	for ply := 0; thinnest >= int64(1)<<p.shift>>2; ply++ {
		if ply == 10000 {
			t.Fatal("no piece under a quarter unit")
		}
		m, ok := p.RandomMove(r)
		if !ok {
			p = start // the game is over: another
			continue
		}
		p = p.PlayUnchecked(m)
		for _, pc := range p.list() {
			thinnest = min(thinnest, pc.w, pc.H())
		}
	}
	want := `stroke-width="` + string(appendDecimal(nil, thinnest>>3, p.shift)) + `"`
	if svg := p.SVG(); thinnest >= int64(1)<<p.shift>>2 || !strings.Contains(svg, want) {
		t.Errorf("thinnest piece %d/2^%d: want %s in\n%.400s", thinnest, p.shift, want, svg)
	}
	white, _ := New(Variant{Width: 6, Height: 6, FirstPlayer: White})
	if svg := white.SVG(); !strings.Contains(svg, "<title>Crumble 6x6-white: White to move</title>") {
		t.Errorf("the title does not name the variant:\n%.400s", svg)
	}
	// a finished game's title gives the result: the winner or the draw,
	// with the reason
	for code, want := range map[string]string{
		"crumble 2x2 b W0,0,2,2": "<title>Crumble 2x2: White wins (White connects all four sides)</title>",
		"crumble 2x2 b repetition B0,0,1,1 W1,0,1,1 W0,1,1,1 B1,1,1,1": "<title>Crumble 2x2: draw (threefold repetition)</title>",
	} {
		if svg := mustDecode(t, code).SVG(); !strings.Contains(svg, want) {
			t.Errorf("%s: want %s in\n%.400s", code, want, svg)
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
