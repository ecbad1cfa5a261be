package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/internal/clitest"
	"github.com/boardrules/boardrules/internal/randplay"
)

func runString(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := runErr(&out, args); err != nil {
		t.Fatalf("run %q: %v", args, err)
	}
	return out.String()
}

// checkWellFormed parses the page as XML: it is written to be both HTML and
// well-formed XML, so a broken drawing or a stray bracket shows here.
func checkWellFormed(t *testing.T, page string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(page))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("the page is not well-formed: %v", err)
		}
	}
}

func TestGalleryShowsEveryVariant(t *testing.T) {
	games := boardrules.Games()
	if len(games) < 4 {
		t.Fatalf("%d engines linked in, want the module's four", len(games))
	}
	page := runString(t)
	checkWellFormed(t, page)
	variants, marked := 0, 0
	for _, g := range games {
		if !strings.Contains(page, `<section id="`+g.Name+`">`) {
			t.Errorf("no section for %s", g.Name)
		}
		for _, v := range g.Variants {
			variants++
			if !strings.Contains(page, "<h3>"+v+", ") {
				t.Errorf("%s: no heading for variant %s", g.Name, v)
			}
			start, err := g.New(v)
			if err != nil {
				t.Fatal(err)
			}
			code, _ := start.MarshalText()
			if !strings.Contains(page, "<code>"+templateEscape(string(code))+"</code>") {
				t.Errorf("%s %s: the start's position code is not shown", g.Name, v)
			}
			if highlighters[g.Name] != nil {
				marked++
			}
		}
	}
	// Every engine of the module draws itself: two pictures per variant.
	if got := strings.Count(page, "<svg "); got != 2*variants {
		t.Errorf("%d drawings, want %d (2 per variant)", got, 2*variants)
	}
	if got := strings.Count(page, "<pre>"); got != 0 {
		t.Errorf("%d board texts shown instead of drawings", got)
	}
	if got := strings.Count(page, "(the last one marked)"); got != marked {
		t.Errorf("%d pictures mark the last move, want %d", got, marked)
	}
	if got := strings.Count(page, "<title>move "); got != marked {
		t.Errorf("%d drawn highlights, want %d", got, marked)
	}
	if got := strings.Count(page, "<b>After 20 plies.</b>") + strings.Count(page, "Game over"); got < variants {
		t.Errorf("only %d games reached 20 plies or their end, want %d", got, variants)
	}
}

// templateEscape is what html/template makes of a code in text.
func templateEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "'", "&#39;", `"`, "&#34;").Replace(s)
}

func TestGalleryIsDeterministic(t *testing.T) {
	a := runString(t, "-seed", "5", "-plies", "8")
	if b := runString(t, "-seed", "5", "-plies", "8"); a != b {
		t.Errorf("two pages for one seed differ")
	}
	if c := runString(t, "-seed", "6", "-plies", "8"); a == c {
		t.Errorf("seeds 5 and 6 give the same page")
	}
	if !strings.Contains(a, "<b>After 8 plies.</b>") {
		t.Errorf("-plies 8 is not used")
	}
}

func TestGalleryOneGameToFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.html")
	msg := runString(t, "-game", "terrace", "-o", path)
	if !strings.Contains(msg, "gallery written to "+path) {
		t.Errorf("no confirmation on out: %q", msg)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	if page != runString(t, "-game", "terrace") {
		t.Errorf("the file differs from the page written to out")
	}
	checkWellFormed(t, page)
	if strings.Contains(page, `<section id="tumbling">`) || !strings.Contains(page, `<section id="terrace">`) {
		t.Errorf("-game terrace shows other games or not terrace")
	}
	// the page still names every engine linked in, the others being left
	// out by -game, not missing
	if want := "Engines present: " + cli.GameNames() + "."; !strings.Contains(page, want) {
		t.Errorf("-game terrace: the page lacks %q", want)
	}
	if got := strings.Count(page, "<h3>"); got != 12 {
		t.Errorf("%d Terrace variants, want 12", got)
	}
}

func TestGalleryNoPlies(t *testing.T) {
	page := runString(t, "-plies", "0", "-game", "flooprail")
	if !strings.Contains(page, "No move was played.") || strings.Contains(page, "<title>move ") {
		t.Errorf("-plies 0 should show the start twice, unmarked")
	}
}

func TestGalleryErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-plies", "-1"},
		{"-bogus"},
		{"extra"},
		{"-o", filepath.Join(t.TempDir(), "missing", "g.html")},
	} {
		var out bytes.Buffer
		if err := runErr(&out, args); err == nil {
			t.Errorf("run %q did not fail", args)
		}
	}
}

// runErr runs the program quietly (see clitest.Quiet).
func runErr(out io.Writer, args []string) error { return clitest.Quiet(command, out, args...) }

func TestGalleryCommandLine(t *testing.T) {
	clitest.Check(t, command, []clitest.Case{
		{Args: []string{"-h"}, Code: 0, Want: "Example:"},
		{Args: []string{"-plies", "x"}, Code: 2, Want: "Usage:"},
		{Args: []string{"-plies", "-1"}, Code: 2, Want: "must not be negative"},
		{Args: []string{"-game", "chess"}, Code: 2, Want: "the games are: "},
		{Args: []string{"-o", "/nonexistent/dir/g.html"}, Code: 1, Want: "gallery: "},
		{Args: []string{"-list"}, Code: 0, Want: "crumble    Crumble: 6x6 (standard), 8x8; any <W>x<H>"},
		{Args: []string{"-variant", "4x4"}, Code: 2, Want: "-variant 4x4: name its game with -game"},
		{Args: []string{"-game", "crumble", "-variant", "1x1"}, Code: 2, Want: `gallery: crumble has no variant "1x1"; its variants are: 6x6 (standard), 8x8; any <W>x<H>`},
		{Args: []string{"-game", "crumble", "-variant", "4x4-white", "-plies", "2"}, Code: 0, Want: "<h3>4x4-white, 2 players</h3>"},
	})
}

// TestGalleryFileKeepsStdoutForTheMessage: with -o the page goes into the
// file only; stdout carries just the line that says where it went.
func TestGalleryFileKeepsStdoutForTheMessage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.html")
	msg := runString(t, "-game", "flooprail", "-plies", "2", "-o", path)
	if want := "gallery written to " + path + "\n"; msg != want {
		t.Errorf("stdout %.200q, want %q", msg, want)
	}
}

// TestGalleryPlaysEachVariantsOwnStream: each variant's random game is the
// one drawn from the seed and "game/variant" (internal/randplay, as in the
// tour), so the two FloopRail variants play streams of their own, and a
// picture does not change when another game or variant is added.
func TestGalleryPlaysEachVariantsOwnStream(t *testing.T) {
	page := runString(t, "-game", "flooprail", "-seed", "5", "-plies", "8")
	g, _ := boardrules.Lookup("flooprail")
	for _, v := range g.Variants {
		p, err := g.New(v)
		if err != nil {
			t.Fatal(err)
		}
		r := randplay.New(5, "flooprail/"+v)
		var moves []string
		for range 8 {
			next, m, ok, err := randplay.Step(p, r)
			if err != nil || !ok {
				t.Fatalf("%s: the random game ended early: %v", v, err)
			}
			p, moves = next, append(moves, m)
		}
		want := "Random game, seed 5. Moves: " + strings.Join(moves, " ")
		if !strings.Contains(page, want+" (the last one marked).") && !strings.Contains(page, want+".") {
			t.Errorf("%s: the page lacks %q", v, want)
		}
	}
}

// TestGalleryNamesTheWinner: the caption of a game that ended names the
// winner, as its final position (the code under the picture) says.
func TestGalleryNamesTheWinner(t *testing.T) {
	page := runString(t, "-game", "flooprail", "-plies", "400")
	found := regexp.MustCompile(`Game over: (.+?) wins: [^<]*\.<br/><code>([^<]*)</code>`).FindAllStringSubmatch(page, -1)
	if len(found) == 0 {
		t.Fatal("no game was won in 400 plies")
	}
	for _, m := range found {
		p, err := boardrules.Decode([]byte(html.UnescapeString(m[2])))
		if err != nil {
			t.Fatal(err)
		}
		if o := p.Outcome(); o.Status != boardrules.Win || p.SeatName(o.Winner) != m[1] {
			t.Errorf("the caption says %s wins; the position %s: %+v", m[1], m[2], o)
		}
	}
}

func TestGalleryManners(t *testing.T) {
	clitest.Manners(t, "gallery", command)
}

// TestGalleryErrorsAreBounded: a mebibyte given to any flag, or as a flag
// or an argument, gives an error of a line.
func TestGalleryErrorsAreBounded(t *testing.T) {
	clitest.Bounded(t, command, [][]string{
		{"-q", "-o", filepath.Join(t.TempDir(), clitest.Long)},
		{"-game", clitest.Long},
		{"-game", "crumble", "-variant", clitest.Long},
		{"-variant", clitest.Long},
		{"-plies", clitest.Long},
		{"-" + clitest.Long},
		{clitest.Long},
	})
}

// TestGalleryOneIsSingular: a random game of one ply is headed so.
func TestGalleryOneIsSingular(t *testing.T) {
	page := runString(t, "-q", "-game", "flooprail", "-plies", "1")
	for _, want := range []string{"<b>After 1 ply.</b>", "a random game of 1 ply (seed 1)"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page of one ply lacks %q", want)
		}
	}
	if i := strings.Index(page, "1 plies"); i >= 0 {
		t.Errorf("the page of one ply says %q", page[max(0, i-50):i+7])
	}
}

// TestGalleryShowsProgress: while a long random game plays, stderr shows
// the variants drawn and the plies of the one under way; -q silences it.
func TestGalleryShowsProgress(t *testing.T) {
	defer func(d time.Duration) { cli.ProgressEvery = d }(cli.ProgressEvery)
	cli.ProgressEvery = 0 // a line at every ply
	for _, quiet := range []bool{false, true} {
		args := []string{"-o", filepath.Join(t.TempDir(), "g.html"), "-game", "crumble", "-variant", "6x6", "-plies", "5"}
		if quiet {
			args = append(args, "-q")
		}
		var out, errb strings.Builder
		if code := command(args, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		shown := strings.Contains(errb.String(), "\rgallery: 0/1 variants (0%), 0s; crumble 6x6: 5 plies")
		if shown == quiet || quiet && errb.Len() != 0 {
			t.Errorf("quiet %v: stderr %.300q", quiet, errb.String())
		}
	}
}
