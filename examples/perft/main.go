// Command perft counts the move sequences of a given length from the start
// of any registered game (or from a position code), the standard check of a
// move generator, and reports the speed.
//
//	go run ./examples/perft -game flooprail -depth 9
//	go run ./examples/perft -game terrace -variant 6-short -depth 3 -divide
//	go run ./examples/perft -code 'tumbling pbmserv w ...' -depth 2
//
// Progress (first moves counted out of all, with the rate) goes to stderr;
// -q silences it. Engines are linked in by the blank imports in this
// directory's other files; the program finds them only through
// boardrules.Games.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	prog := &cli.Program{
		Name:    "perft",
		Summary: "Counts the move sequences of -depth plies from a game's start or a position code, and the speed.",
		Example: "go run ./examples/perft -game flooprail -depth 6 -divide",
		Stdout:  stdout, Stderr: stderr,
	}
	fs := prog.Flags()
	game := fs.String("game", "", "game name (see -list)")
	variant := fs.String("variant", "", "variant name, any the game accepts (see -list; default: the game's standard variant)")
	code := fs.String("code", "", "start from this position code instead of -game/-variant")
	depth := fs.Int("depth", 3, "number of plies")
	divide := fs.Bool("divide", false, "also print the count after each first move")
	list := prog.AddList()
	if ok, c := prog.Parse(args); !ok {
		return c
	}
	return prog.Exit(perft(prog, *game, *variant, *code, *depth, *divide, *list))
}

func perft(prog *cli.Program, game, variant, code string, depth int, divide, list bool) error {
	w := prog.Stdout
	if list {
		cli.ListGames(w)
		return nil
	}
	if depth < 0 {
		return cli.Usagef("-depth %d: must be 0 or more", depth)
	}
	if divide && depth == 0 {
		return cli.Usagef("-divide: -depth 0 plays no first move to divide by")
	}
	p, err := start(game, variant, code)
	if err != nil {
		return err
	}
	began := time.Now()
	nodes := uint64(1)
	var moves []string
	if depth > 0 {
		// One first move at a time, so that the progress can be shown.
		moves = p.LegalMoves()
		sort.Strings(moves)
		pr := prog.Progress("first moves", len(moves))
		nodes = 0
		for _, m := range moves {
			q, err := p.Play(m)
			if err != nil {
				pr.Done()
				return err
			}
			n := boardrules.Perft(q, depth-1)
			nodes += n
			pr.Add(1)
			if divide {
				fmt.Fprintf(w, "%s %d\n", m, n)
			}
		}
		pr.Done()
	}
	elapsed := time.Since(began)
	fmt.Fprintf(w, "%s %s perft(%d) = %d", p.Game(), p.Variant(), depth, nodes)
	if len(moves) > 0 {
		// perft(0), and perft of a finished game, play no move: nothing
		// was timed.
		rate := float64(nodes) / max(elapsed.Seconds(), 1e-9)
		fmt.Fprintf(w, " in %v (%.0f nodes/s)", elapsed.Round(time.Microsecond), rate)
	}
	fmt.Fprintln(w)
	return nil
}

func start(game, variant, code string) (boardrules.Any, error) {
	if code != "" {
		if game != "" || variant != "" {
			return nil, cli.Usagef("-code names its own game: leave out -game and -variant")
		}
		p, err := boardrules.Decode([]byte(code))
		if err != nil {
			return nil, cli.Usagef("-code: %s", cli.FirstLine(err))
		}
		return p, nil
	}
	if game == "" {
		return nil, cli.Usagef("name a game with -game (one of: %s) or give -code", cli.GameNames())
	}
	return cli.NewGame(game, variant)
}
