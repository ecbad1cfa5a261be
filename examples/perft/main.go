// Command perft counts the move sequences of a given length from the start
// of any registered game (or from a position code), the standard check of a
// move generator, and reports the speed.
//
//	go run ./examples/perft -game flooprail -depth 9
//	go run ./examples/perft -game terrace -variant 6-short -depth 3 -divide
//	go run ./examples/perft -code 'tumbling pbmserv w ...' -depth 2
//
// Engines are linked in by the blank imports in this directory's other
// files; the program finds them only through boardrules.Games.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/boardrules/boardrules"
)

func main() {
	game := flag.String("game", "", "game name (see -list)")
	variant := flag.String("variant", "", "variant name (default: the game's standard variant)")
	code := flag.String("code", "", "start from this position code instead of -game/-variant")
	depth := flag.Int("depth", 3, "number of plies")
	divide := flag.Bool("divide", false, "also print the count after each first move")
	list := flag.Bool("list", false, "list the registered games and variants")
	flag.Parse()
	if err := run(os.Stdout, *game, *variant, *code, *depth, *divide, *list); err != nil {
		fmt.Fprintln(os.Stderr, "perft:", err)
		os.Exit(2)
	}
}

func run(w io.Writer, game, variant, code string, depth int, divide, list bool) error {
	if list {
		for _, g := range boardrules.Games() {
			fmt.Fprintf(w, "%-10s %s\n", g.Name, g.Variants)
		}
		return nil
	}
	p, err := start(game, variant, code)
	if err != nil {
		return err
	}
	if depth < 0 {
		return fmt.Errorf("depth %d: must be 0 or more", depth)
	}
	began := time.Now()
	var nodes uint64
	if divide {
		counts := boardrules.AnyDivide(p, depth)
		moves := make([]string, 0, len(counts))
		for m := range counts {
			moves = append(moves, m)
		}
		sort.Strings(moves)
		for _, m := range moves {
			fmt.Fprintf(w, "%s %d\n", m, counts[m])
			nodes += counts[m]
		}
		if depth == 0 {
			nodes = 1
		}
	} else {
		nodes = boardrules.AnyPerft(p, depth)
	}
	elapsed := time.Since(began)
	rate := float64(nodes) / max(elapsed.Seconds(), 1e-9)
	fmt.Fprintf(w, "%s %s perft(%d) = %d in %v (%.0f nodes/s)\n", p.Game(), p.Variant(), depth, nodes, elapsed.Round(time.Microsecond), rate)
	return nil
}

func start(game, variant, code string) (boardrules.Any, error) {
	if code != "" {
		return boardrules.Decode([]byte(code))
	}
	if game == "" {
		return nil, fmt.Errorf("name a game with -game (or -list to see them)")
	}
	return boardrules.NewGame(game, variant)
}
