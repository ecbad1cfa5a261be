// Command tour shows every registered engine at work: for each game and
// variant it prints the starting board and the number of legal moves, then
// plays a seeded random game to its end, printing the board every few plies
// and the result.
//
//	go run ./examples/tour                      # every game and variant
//	go run ./examples/tour -game terrace -every 5
//	go run ./examples/tour -game crumble -svg out/   # also write SVG drawings
//
// The engines are linked in by the blank imports in this directory's other
// files (one per engine); the tour finds them only through
// boardrules.Games, so an engine added to the module appears here by adding
// its import.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/randplay"
)

func main() {
	game := flag.String("game", "", "only this game (default: every registered game)")
	variant := flag.String("variant", "", "only this variant (default: every variant)")
	seed := flag.Uint64("seed", 1, "random seed of the games")
	every := flag.Int("every", 25, "print the board every this many plies")
	maxPlies := flag.Int("maxplies", 300, "report a game still running after this many plies as unfinished")
	svgDir := flag.String("svg", "", "write each final position's SVG drawing into this directory (engines that draw)")
	flag.Parse()
	if err := tour(os.Stdout, options{*game, *variant, *seed, *every, *maxPlies, *svgDir}); err != nil {
		fmt.Fprintln(os.Stderr, "tour:", err)
		os.Exit(1)
	}
}

type options struct {
	game, variant string
	seed          uint64
	every         int
	maxPlies      int
	svgDir        string
}

func tour(w io.Writer, o options) error {
	games := boardrules.Games()
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	fmt.Fprintf(w, "boardrules tour: %d engines present: %s\n", len(games), strings.Join(names, ", "))
	if len(games) == 0 {
		fmt.Fprintln(w, "No engine is linked in: add a blank import of an engine package to examples/tour.")
		return nil
	}
	found := false
	for _, g := range games {
		if o.game != "" && g.Name != o.game {
			continue
		}
		for _, v := range g.Variants {
			if o.variant != "" && v != o.variant {
				continue
			}
			found = true
			if err := playOne(w, g, v, o); err != nil {
				return err
			}
		}
	}
	if !found {
		return fmt.Errorf("no game %q with variant %q is registered", o.game, o.variant)
	}
	return nil
}

func playOne(w io.Writer, g boardrules.GameInfo, variant string, o options) error {
	p, err := g.New(variant)
	if err != nil {
		return fmt.Errorf("%s %s: %w", g.Name, variant, err)
	}
	rule := strings.Repeat("=", 72)
	fmt.Fprintf(w, "\n%s\n%s (%s), variant %s, %d players\n%s\n", rule, g.Title, g.Name, variant, p.Players(), rule)
	fmt.Fprintf(w, "%s\n", strings.TrimRight(p.String(), "\n"))
	fmt.Fprintf(w, "%d legal moves at the start.\n", len(p.LegalMoves()))

	r := randplay.New(o.seed, g.Name+"/"+variant)
	ply := 0
	var last []string
	for ; ply < o.maxPlies; ply++ {
		next, m, ok, err := randplay.Step(p, r)
		if err != nil {
			return fmt.Errorf("%s %s ply %d: %w", g.Name, variant, ply+1, err)
		}
		if !ok {
			break
		}
		p = next
		last = append(last, m)
		if o.every > 0 && (ply+1)%o.every == 0 && p.Outcome().Status == boardrules.Ongoing {
			fmt.Fprintf(w, "\nAfter %d plies (last moves: %s), seat %d to move:\n%s\n", ply+1, tail(last, 5), p.ToMove(), strings.TrimRight(p.String(), "\n"))
		}
	}
	out := p.Outcome()
	fmt.Fprintf(w, "\nFinal position after %d plies (last moves: %s):\n%s\n", ply, tail(last, 5), strings.TrimRight(p.String(), "\n"))
	switch out.Status {
	case boardrules.Ongoing:
		fmt.Fprintf(w, "Unfinished: still running after %d plies.\n", ply)
	case boardrules.Win:
		fmt.Fprintf(w, "Result: seat %d wins (%s).\n", out.Winner, out.Reason)
	default:
		fmt.Fprintf(w, "Result: %s (%s).\n", out.Status, out.Reason)
	}
	if code, err := p.MarshalText(); err == nil {
		fmt.Fprintf(w, "Position code: %s\n", code)
	}
	if o.svgDir != "" {
		if err := writeSVG(w, o.svgDir, g.Name+"-"+variant, p); err != nil {
			return err
		}
	}
	return nil
}

// writeSVG writes the drawing of engines whose positions have an SVG method.
func writeSVG(w io.Writer, dir, name string, p boardrules.Any) error {
	u, ok := p.(interface{ Unwrap() any })
	if !ok {
		return nil
	}
	drawer, ok := u.Unwrap().(interface{ SVG() string })
	if !ok {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(name)+".svg")
	if err := os.WriteFile(path, []byte(drawer.SVG()), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(w, "Drawing written to %s\n", path)
	return nil
}

func tail(moves []string, n int) string {
	if len(moves) == 0 {
		return "none"
	}
	if len(moves) > n {
		return "... " + strings.Join(moves[len(moves)-n:], " ")
	}
	return strings.Join(moves, " ")
}
