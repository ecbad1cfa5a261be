// Command speed measures the engines against a well-known chess move
// generator (github.com/corentings/chess/v2) in the same process, so that
// the machine's load weighs on both alike: perft with every leaf played
// (each last move is made, not only counted), in nodes per second, and the
// ratio of each engine's rate to the chess generator's.
//
//	go run ./examples/speed                 # every engine, three rounds
//	go run ./examples/speed -game terrace -rounds 5
//
// Each round measures the chess generator and then each engine, every
// measurement repeating its perft for at least -min; the figures printed
// are the medians over the rounds. The depths are fixed per game, so that
// one perft takes between some milliseconds and a second: chess perft(4)
// from the start (197,281 nodes), Tumbling Down perft(3), FloopRail
// perft(9), Terrace perft(4) and Crumble perft(2).
//
// It is a module of its own (examples/speed/go.mod), since the library
// itself depends on nothing but the standard library.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/internal/playedperft"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
	"github.com/corentings/chess/v2"
)

func main() {
	os.Exit(command(os.Args[1:], os.Stdout, os.Stderr))
}

// subject is one perft measured: a name, its depth and its count, and the
// function that runs it once, returning the count.
type subject struct {
	name  string
	depth int
	nodes uint64
	run   func() uint64
}

// chessDepth is the chess perft's depth: perft(4) from the start.
const chessDepth = 4

func chessSubject() subject {
	start := chess.StartingPosition()
	return subject{"chess (corentings/chess)", chessDepth, 197281, func() uint64 {
		var sink uint64
		n := chessPerft(start, chessDepth, &sink)
		if sink == 1 {
			n-- // never in practice: keeps the played leaves alive
		}
		return n
	}}
}

// chessPerft counts the move sequences of depth plies, playing every move
// of the last ply as the engines' perft does.
func chessPerft(p *chess.Position, depth int, sink *uint64) uint64 {
	moves := p.ValidMoves()
	if depth == 1 {
		for i := range moves {
			q := p.Update(&moves[i])
			*sink += uint64(q.HalfMoveClock())
		}
		return uint64(len(moves))
	}
	var n uint64
	for i := range moves {
		n += chessPerft(p.Update(&moves[i]), depth-1, sink)
	}
	return n
}

// engineSubject measures an engine's perft from p with every leaf played,
// through the generic contract, as a bot or a program would use it.
func engineSubject[P boardrules.Position[P, M], M any](name string, p P, depth int, nodes uint64) subject {
	bufs := make([][]M, depth)
	return subject{name, depth, nodes, func() uint64 {
		var sink uint64
		n := playedperft.Count(p, depth, bufs, &sink)
		if sink == 1 {
			n--
		}
		return n
	}}
}

// engines are the engines measured, by registry name, with their depths
// and the counts that check them.
func engines() []subject {
	return []subject{
		engineSubject("tumbling", tumbling.Standard(), 3, 3440208),
		engineSubject("flooprail", flooprail.Standard(), 9, 3963680),
		engineSubject("terrace", terrace.Standard(), 4, 6607522),
		engineSubject("crumble", crumble.Standard(), 2, 10980),
	}
}

func command(args []string, stdout, stderr io.Writer) int {
	prog := &cli.Program{
		Name:    "speed",
		Summary: "Measures each engine's perft, every leaf played, against a chess move generator in the same process.",
		Example: "go run ./examples/speed -game terrace -rounds 5",
		Stdout:  stdout, Stderr: stderr,
	}
	fs := prog.Flags()
	game := fs.String("game", "", "only this engine: tumbling, flooprail, terrace or crumble (default: every one)")
	rounds := fs.Int("rounds", 3, "rounds of measurements; the figures are their medians")
	least := fs.Duration("min", time.Second, "the least time of one measurement, which repeats its perft")
	if ok, code := prog.Parse(args); !ok {
		return code
	}
	if *rounds < 1 || *least <= 0 {
		return prog.Exit(cli.Usagef("-rounds must be 1 or more and -min more than 0"))
	}
	subjects := engines()
	if *game != "" {
		i := slices.IndexFunc(subjects, func(s subject) bool { return s.name == *game })
		if i < 0 {
			return prog.Exit(cli.Usagef("-game %s: the engines measured are tumbling, flooprail, terrace and crumble", *game))
		}
		subjects = subjects[i : i+1]
	}
	return prog.Exit(measure(prog, chessSubject(), subjects, *rounds, *least))
}

func measure(prog *cli.Program, ref subject, subjects []subject, rounds int, least time.Duration) error {
	all := append([]subject{ref}, subjects...)
	rates := make([][]float64, len(all))
	pr := prog.Progress("measurements", rounds*len(all))
	defer pr.Done()
	for range rounds {
		for i, s := range all {
			rate, err := rateOf(s, least)
			if err != nil {
				return err
			}
			rates[i] = append(rates[i], rate)
			pr.Add(1)
		}
	}
	pr.Done()
	w := prog.Stdout
	chessRate := median(rates[0])
	fmt.Fprintf(w, "perft with every leaf played, medians of %s of at least %v each\n", cli.Count(rounds, "round", "rounds"), least)
	fmt.Fprintf(w, "%-26s %6s %12s %14s %8s\n", "", "depth", "nodes", "nodes/s", "× chess")
	for i, s := range all {
		r := median(rates[i])
		fmt.Fprintf(w, "%-26s %6d %12d %14.0f %8.1f\n", s.name, s.depth, s.nodes, r, r/chessRate)
	}
	return nil
}

// rateOf runs s's perft until least has passed and returns its nodes per
// second; a count other than s.nodes is an error (a broken generator).
func rateOf(s subject, least time.Duration) (float64, error) {
	var nodes uint64
	start := time.Now()
	for nodes == 0 || time.Since(start) < least {
		n := s.run()
		if n != s.nodes {
			return 0, fmt.Errorf("%s perft(%d) = %d, want %d", s.name, s.depth, n, s.nodes)
		}
		nodes += n
	}
	return float64(nodes) / time.Since(start).Seconds(), nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
