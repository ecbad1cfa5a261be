package rendertest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	_ "github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/internal/randplay"
	_ "github.com/boardrules/boardrules/terrace"
	_ "github.com/boardrules/boardrules/tumbling"
)

// rasterise draws svg with rsvg-convert at its own size.
func rasterise(t *testing.T, svg string) image.Image {
	t.Helper()
	path, err := exec.LookPath("rsvg-convert")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("rsvg-convert is missing under CI: .ci/run installs librsvg2-bin")
		}
		t.Skip("rsvg-convert is not installed (Debian: apt-get install librsvg2-bin); skipping the rendering test")
	}
	cmd := exec.Command(path, "--format=png")
	cmd.Stdin = bytes.NewReader([]byte(svg))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("rsvg-convert: %v: %s", err, errb.String())
	}
	img, err := png.Decode(&out)
	if err != nil {
		t.Fatalf("rsvg-convert's output: %v", err)
	}
	return img
}

var (
	sizeAttrs  = regexp.MustCompile(`^<svg [^>]*viewBox="0 0 (\d+) (\d+)" width="(\d+)" height="(\d+)"`)
	background = regexp.MustCompile(`<rect x="0" y="0" width="\d+" height="\d+" fill="#([0-9a-f]{6})"/>`)
)

type drawing struct {
	name string
	svg  string
}

// drawings gives each game's start and the end of a seeded random game.
func drawings(t *testing.T) []drawing {
	var ds []drawing
	for _, g := range boardrules.Games() {
		p, err := g.New(g.Variants[0])
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, drawing{g.Name + " start", svgOf(t, p)})
		r := randplay.New(1, g.Name)
		for i := 0; i < 3000; i++ {
			next, _, ok, err := randplay.Step(p, r)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			p = next
		}
		ds = append(ds, drawing{fmt.Sprintf("%s end (%s)", g.Name, p.Outcome().Status), svgOf(t, p)})
	}
	return ds
}

func svgOf(t *testing.T, p boardrules.Any) string {
	d, ok := p.Unwrap().(interface{ SVG() string })
	if !ok {
		t.Fatalf("%s draws no SVG", p.Game())
	}
	return d.SVG()
}

func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("%02x%02x%02x", r>>8, g>>8, b>>8)
}

// TestEveryDrawingRendersAtItsSize checks, for every picture, that librsvg
// draws it at the size the svg element states, that its corner shows the
// background colour and that the board is drawn (many colours, not one).
func TestEveryDrawingRendersAtItsSize(t *testing.T) {
	for _, d := range drawings(t) {
		m := sizeAttrs.FindStringSubmatch(d.svg)
		if m == nil {
			t.Errorf("%s: the svg element lacks viewBox, width or height:\n%.200s", d.name, d.svg)
			continue
		}
		w, _ := strconv.Atoi(m[3])
		h, _ := strconv.Atoi(m[4])
		img := rasterise(t, d.svg)
		if got := img.Bounds().Size(); got != image.Pt(w, h) {
			t.Errorf("%s: rendered %v pixels, the svg says %dx%d", d.name, got, w, h)
			continue
		}
		if bg := background.FindStringSubmatch(d.svg); bg == nil {
			t.Errorf("%s: no background rect", d.name)
		} else if got := hex(img.At(1, 1)); got != bg[1] {
			t.Errorf("%s: corner pixel #%s, want the background #%s", d.name, got, bg[1])
		}
		colours := map[string]bool{}
		for y := 0; y < h; y += 7 {
			for x := 0; x < w; x += 7 {
				colours[hex(img.At(x, y))] = true
			}
		}
		if len(colours) < 4 {
			t.Errorf("%s: only %d colours sampled: the board is not drawn", d.name, len(colours))
		}
	}
}

// TestCrumblePixels samples the middle of squares of Crumble's standard
// start (White on (0,0), colours alternating) and of a split square.
func TestCrumblePixels(t *testing.T) {
	p := crumble.Standard()
	q, err := boardrules.Replay(p, "1HN")
	if err != nil {
		t.Fatal(err)
	}
	// The drawing's layout: 60 units a square, the board's lower-left
	// corner at (30, 368) in a 398-unit square viewBox drawn 480 wide.
	at := func(x, y float64) (int, int) {
		const scale = 480.0 / 398
		return int((30 + 60*x) * scale), int((368 - 60*y) * scale)
	}
	for _, c := range []struct {
		name   string
		svg    string
		x, y   float64
		colour string
	}{
		{"start (0,0)", p.SVG(), 0.5, 0.5, "ffffff"},
		{"start (1,0)", p.SVG(), 1.5, 0.5, "000000"},
		{"start (0,1)", p.SVG(), 0.5, 1.5, "000000"},
		{"start (5,5)", p.SVG(), 5.5, 5.5, "ffffff"},
		{"1HN lower half of (1,0)", q.SVG(), 1.5, 0.25, "000000"},
		{"1HN upper half of (1,0)", q.SVG(), 1.5, 0.75, "ffffff"},
		{"1HN (1,1) swapped", q.SVG(), 1.5, 1.5, "000000"},
	} {
		img := rasterise(t, c.svg)
		x, y := at(c.x, c.y)
		if got := hex(img.At(x, y)); got != c.colour {
			t.Errorf("%s: pixel (%d,%d) is #%s, want #%s", c.name, x, y, got, c.colour)
		}
	}
}
