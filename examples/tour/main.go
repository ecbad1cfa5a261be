// Command tour introduces every registered game to someone who has never
// played it: for each game, what it is about, how to read its board text,
// who moves first, a short opening in which every move is explained, and
// then a seeded random game played to its end or to -maxplies plies (1000,
// past the end of every standard game's random game at the default seed),
// summarised.
//
//	go run ./examples/tour                      # every game, standard variant
//	go run ./examples/tour -game terrace -v     # every variant, boards as it goes
//	go run ./examples/tour -svg out/            # also write SVG drawings
//
// With -v it plays every variant and prints the board every -every plies of
// the random game, as a check that everything works rather than a guide.
//
// The engines are linked in by the blank imports in this directory's other
// files (one per engine); the tour finds them only through
// boardrules.Games, so an engine added to the module appears here by adding
// its import (and, for its guide, an entry in guide.go).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/internal/randplay"
)

func main() {
	os.Exit(command(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	game, variant string
	seed          uint64
	every         int
	maxPlies      int
	svgDir        string
	verbose       bool
}

// command runs the tour with the command line args and returns the exit code.
func command(args []string, stdout, stderr io.Writer) int {
	prog := &cli.Program{
		Name:    "tour",
		Summary: "Introduces every game: its goal, how to read its board, an explained opening and a random game.",
		Example: "go run ./examples/tour -game crumble",
		Stdout:  stdout, Stderr: stderr,
	}
	fs := prog.Flags()
	var o options
	fs.StringVar(&o.game, "game", "", "only this game (default: every registered game)")
	fs.StringVar(&o.variant, "variant", "", "only this variant of the game, any the game accepts (see -list); needs -game (default: the standard one; every listed one with -v)")
	fs.Uint64Var(&o.seed, "seed", 1, "random seed of the games")
	fs.BoolVar(&o.verbose, "v", false, "verbose: every variant, and the board every -every plies of the random games")
	fs.IntVar(&o.every, "every", 25, "with -v, print the board every this many plies")
	fs.IntVar(&o.maxPlies, "maxplies", 1000, "stop a random game still running after this many plies and say so")
	fs.StringVar(&o.svgDir, "svg", "", "write each final position's SVG drawing into this directory")
	list := prog.AddList()
	if ok, code := prog.Parse(args); !ok {
		return code
	}
	if *list {
		cli.ListGames(stdout)
		return 0
	}
	if o.maxPlies < 0 || o.every < 0 {
		return prog.Exit(cli.Usagef("-maxplies and -every must not be negative"))
	}
	every := false
	fs.Visit(func(f *flag.Flag) { every = every || f.Name == "every" })
	if every && !o.verbose {
		return prog.Exit(cli.Usagef("-every %d: boards are printed on the way with -v only", o.every))
	}
	return prog.Exit(tour(prog, o))
}

// tour writes the tour on the program's stdout, and on its stderr the
// games played and the plies of the one under way (a random game on a
// large Crumble board runs for a minute).
func tour(prog *cli.Program, o options) error {
	w := prog.Stdout
	// Every flag is checked before the first line is printed, so that a bad
	// one gives its error alone rather than after part of the tour.
	if err := cli.CheckGame(o.game); err != nil {
		return err
	}
	if o.variant != "" {
		// A variant name means something in one game only.
		if o.game == "" {
			return cli.Usagef("-variant %s: name its game with -game", o.variant)
		}
		if _, err := cli.NewGame(o.game, o.variant); err != nil {
			return err
		}
	}
	if o.svgDir != "" {
		// the directory is made now, so that one that cannot be comes
		// before the tour, not after its first game
		if err := os.MkdirAll(o.svgDir, 0o755); err != nil {
			return err
		}
	}
	games := boardrules.Games()
	fmt.Fprintf(w, "boardrules tour: %s: %s.\n", cli.Count(len(games), "game", "games"), cli.GameNames())
	if len(games) == 0 {
		fmt.Fprintln(w, "No engine is linked in: add a blank import of an engine package to examples/tour.")
		return nil
	}
	var plan []played
	for _, g := range games {
		if o.game != "" && g.Name != o.game {
			continue
		}
		variants := g.Variants
		if o.variant != "" {
			variants = []string{o.variant}
		} else if !o.verbose {
			variants = variants[:1]
		}
		for i, v := range variants {
			plan = append(plan, played{g, v, i == 0})
		}
	}
	pr := prog.Progress("games", len(plan))
	defer pr.Done()
	for _, pl := range plan {
		pr.Item(pl.game.Name+" "+pl.variant, "ply", "plies")
		if err := playOne(pr.Writer(w), pl.game, pl.variant, pl.first, o, pr.Step); err != nil {
			return err
		}
		pr.Add(1)
	}
	return nil
}

// played is a game of the tour: the game, the variant, and whether it is
// the game's first variant in the tour, which its guide introduces.
type played struct {
	game    boardrules.GameInfo
	variant string
	first   bool
}

// playOne introduces variant of g and plays its random game, calling step
// after every ply.
func playOne(w io.Writer, g boardrules.GameInfo, variant string, first bool, o options, step func()) error {
	p, err := g.New(variant)
	if err != nil {
		return fmt.Errorf("%s %s: %w", g.Name, variant, err)
	}
	fmt.Fprintf(w, "\n== %s (%s), variant %s of: %s ==\n", g.Title, g.Name, p.Variant(), cli.Variants(g))
	gd, hasGuide := guides[g.Name]
	if first && hasGuide {
		fmt.Fprintf(w, "%s\n%s\n", gd.goal, gd.legend)
	}
	seats := make([]string, p.Players())
	for i := range seats {
		seats[i] = p.SeatName(boardrules.Player(i))
	}
	fmt.Fprintf(w, "Seats in turn order: %s. %s moves first; %s at the start.\n", strings.Join(seats, ", "), p.SeatName(p.ToMove()), cli.Count(len(p.LegalMoves()), "legal move", "legal moves"))
	fmt.Fprintln(w, cli.Board(p))
	if first && hasGuide && variant == g.Variants[0] {
		q := p
		fmt.Fprintln(w, "An opening:")
		for i, s := range gd.opening {
			q, err = q.Play(s.move)
			if err != nil {
				return fmt.Errorf("%s opening move %d: %w", g.Name, i+1, err)
			}
			fmt.Fprintf(w, "  %d. %-7s %s\n", i+1, s.move, s.why)
		}
		if o.verbose {
			fmt.Fprintln(w, cli.Board(q))
		}
	}

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
		step()
		if o.verbose && o.every > 0 && (ply+1)%o.every == 0 && p.Outcome().Status == boardrules.Ongoing {
			fmt.Fprintf(w, "\nAfter %s (last moves: %s), %s to move:\n%s\n", cli.Count(ply+1, "ply", "plies"), tail(last, 5), p.SeatName(p.ToMove()), cli.Board(p))
		}
	}
	if o.verbose {
		fmt.Fprintf(w, "\nFinal position after %s (last moves: %s):\n%s\n", cli.Count(ply, "ply", "plies"), tail(last, 5), cli.Board(p))
	}
	fmt.Fprintf(w, "A random game (seed %d): %s, last moves %s.\n", o.seed, cli.Count(ply, "ply", "plies"), tail(last, 3))
	fmt.Fprintf(w, "Result: %s\n", result(p, ply))
	if o.verbose {
		if code, err := p.MarshalText(); err == nil {
			fmt.Fprintf(w, "Position code: %s\n", code)
		}
	}
	if o.svgDir != "" {
		if err := writeSVG(w, o.svgDir, g.Name+"-"+variant, p); err != nil {
			return err
		}
	}
	return nil
}

// result says how the game ended, with seats by name and the rule's
// identifier.
func result(p boardrules.Any, ply int) string {
	out := p.Outcome()
	if out.Status == boardrules.Ongoing {
		return fmt.Sprintf("unfinished: stopped after %s (-maxplies), %s.", cli.Count(ply, "ply", "plies"), boardrules.Describe(p))
	}
	return fmt.Sprintf("%s (rule %s).", boardrules.Describe(p), out.Rule)
}

// writeSVG writes the drawing of engines whose positions have an SVG method
// into dir, which tour made before its first game.
func writeSVG(w io.Writer, dir, name string, p boardrules.Any) error {
	drawer, ok := p.Unwrap().(interface{ SVG() string })
	if !ok {
		return nil
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
