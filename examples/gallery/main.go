// Command gallery writes one HTML page that shows every registered game and
// variant as pictures: the start position and the position after a seeded
// random game of a few plies, each with its caption and position code.
//
//	go run ./examples/gallery -o gallery.html     # the page, into a file
//	go run ./examples/gallery                     # the page, on stdout
//	go run ./examples/gallery -seed 7 -plies 40 -game terrace
//
// The engines are linked in by the other files of this directory, one per
// engine, and the gallery finds them through boardrules.Games, so a new
// engine appears by adding its file. The pictures are the engines' own SVG
// drawings (a position's SVG method, reached through Any's Unwrap); an engine
// without one is shown as its board text. An engine's file may also register
// a highlighter, which draws the random game's last move on the second
// picture with the engine's SVGWith.
//
// Decisions:
//   - The page is self-contained (inline SVG, inline CSS, no script), so it
//     can be mailed or opened from disk, and it is well-formed XML as well as
//     HTML, so a test can check it with encoding/xml.
//   - Each game and variant gets its own random stream derived from the seed
//     and its name, as in the tour: adding an engine leaves the other games'
//     pictures unchanged, and the same seed gives the same page byte for byte.
//   - A game that ends before the last ply is shown at its end, with the
//     result in the caption.
package main

import (
	"fmt"
	"html/template"
	"io"
	"os"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/internal/randplay"
)

func main() {
	os.Exit(command(os.Args[1:], os.Stdout, os.Stderr))
}

// highlighters draw an engine's position with a move marked: after is the
// engine's position after the move, before the one it was played in.
// Each engine file may add its own in its init with addHighlighter.
var highlighters = map[string]func(before, after any, move string) (string, bool){}

// addHighlighter registers, for a game, a drawing of the position after a
// move with that move marked; the move is read in the position before it.
func addHighlighter[P interface{ ParseMove(string) (M, error) }, M any](game string, draw func(after P, m M) string) {
	highlighters[game] = func(before, after any, move string) (string, bool) {
		b, ok := before.(P)
		a, ok2 := after.(P)
		if !ok || !ok2 {
			return "", false
		}
		m, err := b.ParseMove(move)
		if err != nil {
			return "", false
		}
		return draw(a, m), true
	}
}

type figure struct {
	Heading string
	Caption string
	Code    string
	SVG     template.HTML // the drawing, or "" when the engine has none
	Text    string        // the board text, shown when there is no drawing
	Marked  bool          // the drawing marks the last move
}

type row struct {
	Variant string
	Players int
	Start   figure
	After   figure
}

type section struct {
	Name, Title string
	Rows        []row
}

type page struct {
	Engines  string
	Seed     uint64
	Plies    string // "20 plies"
	Sections []section
}

// command parses the command line in args (without the program name),
// writes the page to the file named by -o, or to stdout when there is none,
// and returns the exit code; progress (variants drawn) goes to stderr.
func command(args []string, stdout, stderr io.Writer) int {
	prog := &cli.Program{
		Name:    "gallery",
		Summary: "Writes one self-contained HTML page showing every game and variant as pictures.",
		Example: "go run ./examples/gallery -o gallery.html",
		Stdout:  stdout, Stderr: stderr,
	}
	fs := prog.Flags()
	file := fs.String("o", "", "write the page to this file (default: standard output)")
	seed := fs.Uint64("seed", 1, "random seed of the games")
	plies := fs.Int("plies", 20, "plies of each random game")
	game := fs.String("game", "", "only this game (default: every registered game)")
	variant := fs.String("variant", "", "only this variant of the game, any the game accepts (see -list); needs -game (default: every listed one)")
	list := prog.AddList()
	if ok, code := prog.Parse(args); !ok {
		return code
	}
	if *list {
		cli.ListGames(stdout)
		return 0
	}
	if *plies < 0 {
		return prog.Exit(cli.Usagef("-plies %d: must not be negative", *plies))
	}
	return prog.Exit(write(prog, *file, *game, *variant, *seed, *plies))
}

func write(prog *cli.Program, file, game, variant string, seed uint64, plies int) error {
	out := prog.Stdout
	if err := cli.CheckGame(game); err != nil {
		return err
	}
	if variant != "" {
		if game == "" {
			return cli.Usagef("-variant %s: name its game with -game", variant)
		}
		start, err := cli.NewGame(game, variant)
		if err != nil {
			return err
		}
		variant = start.Variant()
	}
	pr := prog.Progress("variants", countVariants(game, variant))
	pg, err := build(game, variant, seed, plies, pr)
	pr.Done()
	if err != nil {
		return err
	}
	if file == "" {
		return pageTemplate.Execute(out, pg)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := pageTemplate.Execute(f, pg); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(out, "gallery written to %s\n", file)
	return nil
}

func countVariants(only, variant string) int {
	if variant != "" {
		return 1
	}
	n := 0
	for _, g := range boardrules.Games() {
		if only == "" || g.Name == only {
			n += len(g.Variants)
		}
	}
	return n
}

// build draws the page: every listed variant of every game (or of only,
// when it is set), or the one variant given.
func build(only, variant string, seed uint64, plies int, pr *cli.Progress) (page, error) {
	pg := page{Seed: seed, Plies: cli.Count(plies, "ply", "plies")}
	var names []string
	for _, g := range boardrules.Games() {
		names = append(names, g.Name)
		if only != "" && g.Name != only {
			continue
		}
		sec := section{Name: g.Name, Title: g.Title}
		variants := g.Variants
		if variant != "" {
			variants = []string{variant}
		}
		for _, v := range variants {
			pr.Item(g.Name+" "+v, "ply", "plies")
			r, err := variantRow(g, v, seed, plies, pr.Step)
			if err != nil {
				return page{}, err
			}
			sec.Rows = append(sec.Rows, r)
			pr.Add(1)
		}
		pg.Sections = append(pg.Sections, sec)
	}
	pg.Engines = strings.Join(names, ", ")
	if only != "" && len(pg.Sections) == 0 {
		return page{}, fmt.Errorf("no game %q is registered (present: %s)", only, pg.Engines)
	}
	return pg, nil
}

// variantRow draws variant of g at its start and after a random game of
// plies plies, calling step after every ply.
func variantRow(g boardrules.GameInfo, variant string, seed uint64, plies int, step func()) (row, error) {
	start, err := g.New(variant)
	if err != nil {
		return row{}, fmt.Errorf("%s %s: %w", g.Name, variant, err)
	}
	r := randplay.New(seed, g.Name+"/"+variant)
	p, before := start, start
	var moves []string
	for len(moves) < plies {
		next, m, ok, err := randplay.Step(p, r)
		if err != nil {
			return row{}, fmt.Errorf("%s %s ply %d: %w", g.Name, variant, len(moves)+1, err)
		}
		if !ok {
			break
		}
		before, p = p, next
		moves = append(moves, m)
		step()
	}
	startFig := draw(g.Name, start, nil, "")
	startFig.Heading = "Start"
	startFig.Caption = fmt.Sprintf("%s. %s.", state(start), cli.Count(len(start.LegalMoves()), "legal move", "legal moves"))
	last := ""
	if len(moves) > 0 {
		last = moves[len(moves)-1]
	}
	after := draw(g.Name, p, before, last)
	after.Heading = "After " + cli.Count(len(moves), "ply", "plies")
	played := "No move was played."
	switch {
	case after.Marked:
		played = "Moves: " + strings.Join(moves, " ") + " (the last one marked)."
	case len(moves) > 0:
		played = "Moves: " + strings.Join(moves, " ") + "."
	}
	after.Caption = fmt.Sprintf("Random game, seed %d. %s %s.", seed, played, state(p))
	return row{Variant: variant, Players: start.Players(), Start: startFig, After: after}, nil
}

// draw returns p's picture: the engine's SVG with the last move marked when
// the engine has a highlighter, its plain SVG, or its board text.
func draw(game string, p, before boardrules.Any, last string) figure {
	var fig figure
	if code, err := p.MarshalText(); err == nil {
		fig.Code = string(code)
	}
	u, ok := p.(interface{ Unwrap() any })
	if !ok {
		fig.Text = p.String()
		return fig
	}
	if h := highlighters[game]; h != nil && last != "" && before != nil {
		if b, ok := before.(interface{ Unwrap() any }); ok {
			if s, ok := h(b.Unwrap(), u.Unwrap(), last); ok {
				fig.SVG, fig.Marked = template.HTML(s), true
				return fig
			}
		}
	}
	if d, ok := u.Unwrap().(interface{ SVG() string }); ok {
		fig.SVG = template.HTML(d.SVG())
		return fig
	}
	fig.Text = p.String()
	return fig
}

// state says who is to move, or how the game ended, with the seats' names.
func state(p boardrules.Any) string {
	if p.Outcome().Status == boardrules.Ongoing {
		return boardrules.Describe(p)
	}
	return "Game over: " + boardrules.Describe(p)
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<title>boardrules gallery</title>
<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { margin-bottom: 0.2em; }
h2 { border-bottom: 2px solid #ccc; padding-bottom: 0.2em; margin-top: 1.5em; }
h3 { margin: 1em 0 0.4em; }
.variants { display: flex; flex-wrap: wrap; gap: 0.5em 3em; }
.pair { display: flex; gap: 1em; }
figure { margin: 0; width: 264px; }
figure svg { display: block; width: 264px; height: auto; border: 1px solid #ddd; }
figure pre { font-size: 8px; margin: 0; overflow-x: auto; }
figcaption { font-size: 12px; margin-top: 0.4em; overflow-wrap: anywhere; }
code { font-size: 10px; word-break: break-all; color: #444; }
</style>
</head>
<body>
<h1>boardrules gallery</h1>
<p>Engines present: {{.Engines}}. For each game and variant: the start position and the position after a random game of {{.Plies}} (seed {{.Seed}}).</p>
{{range .Sections}}<section id="{{.Name}}">
<h2>{{.Title}} <small>({{.Name}})</small></h2>
<div class="variants">
{{range .Rows}}<div class="variant">
<h3>{{.Variant}}, {{.Players}} players</h3>
<div class="pair">
{{template "figure" .Start}}{{template "figure" .After}}</div>
</div>
{{end}}</div>
</section>
{{end}}</body>
</html>
{{define "figure"}}<figure>
{{if .SVG}}{{.SVG}}{{else}}<pre>{{.Text}}</pre>
{{end}}<figcaption><b>{{.Heading}}.</b> {{.Caption}}<br/><code>{{.Code}}</code></figcaption>
</figure>
{{end}}`))
