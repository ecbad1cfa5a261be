// Command arena plays seeded games between two bots on any registered game
// and variant, and prints the results and the speed of the search.
//
//	go run ./examples/arena -game terrace -variant 8-long -a mcts -b random -n 20
//	go run ./examples/arena -game tumbling -a mcts -b mcts -nodes-b 5000 -n 10
//
// In the n-th game of a run (counting from 1) bot A takes seat (n-1) mod
// players, so over a run it plays every seat in turn, and bot B plays the
// other seats; bot A is seeded with seed+n-1 and bot B with seed+n-1+2^32,
// so a run is reproducible when the budgets are
// node counts given on the command line (-nodes-a, -nodes-b) rather than
// times (-time-a, -time-b). A bot given neither runs the default node
// count but stops early at 3 s a move (cli.BotMoveTime): in the slowest
// game, 6x6 Crumble, the node count alone once took minutes a move; so a
// default run is reproducible only where no move reaches the cap.
// -nodes-a 0 means no node limit, so it needs -time-a (and likewise for B).
//
// The engines are linked in by this directory's other files, one per
// engine, which also register the engine types with the bots so that the
// search runs on them at full speed (see package bots).
//
// It runs with GOGC=400 unless the environment sets GOGC: a search drops
// positions by the million (cli.SetSearchGC says why, with the figures).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/internal/cli"
)

func main() {
	cli.SetSearchGC() // bots search: see cli.SetSearchGC
	os.Exit(command(os.Args[1:], os.Stdout, os.Stderr))
}

type config struct {
	game, variant string
	kind          [2]string
	opts          [2]bots.Options
	games         int
	seed          uint64
	maxPlies      int
	verbose       bool
}

// command runs the program with the command line args and returns its exit
// code: results on stdout, progress (games played) and errors on stderr.
func command(args []string, stdout, stderr io.Writer) int {
	prog := &cli.Program{
		Name:    "arena",
		Summary: "Plays seeded games between two bots on a game and prints the results and the search speed.",
		Example: "go run ./examples/arena -game terrace -a mcts -b random -n 20",
		Stdout:  stdout, Stderr: stderr,
	}
	fs := prog.Flags()
	var c config
	fs.StringVar(&c.game, "game", "", "the game (default: the first registered)")
	fs.StringVar(&c.variant, "variant", "", "the variant, any the game accepts (see -list; default: the game's standard one)")
	fs.StringVar(&c.kind[0], "a", "mcts", "bot A: "+strings.Join(bots.Kinds, ", "))
	fs.StringVar(&c.kind[1], "b", "random", "bot B: "+strings.Join(bots.Kinds, ", "))
	fs.IntVar(&c.games, "n", 10, "number of games")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the first game")
	fs.IntVar(&c.maxPlies, "maxplies", 1000, "count a game still running after this many plies as unfinished")
	for k, ab := range []string{"a", "b"} {
		fs.IntVar(&c.opts[k].Nodes, "nodes-"+ab, bots.DefaultNodes, fmt.Sprintf(
			"MCTS iterations per move of bot %s (given neither -nodes-%s nor -time-%s: the default, stopping early at %v a move; 0: no limit, which needs -time-%s)",
			strings.ToUpper(ab), ab, ab, cli.BotMoveTime, ab))
		fs.DurationVar(&c.opts[k].Time, "time-"+ab, 0, fmt.Sprintf(
			"MCTS time per move of bot %s (with -nodes-%s too, whichever ends first; with -nodes-%s 0: time only)",
			strings.ToUpper(ab), ab, ab))
	}
	fs.BoolVar(&c.verbose, "v", false, "print every game's moves")
	list := prog.AddList()
	if ok, code := prog.Parse(args); !ok {
		return code
	}
	if *list {
		cli.ListGames(stdout)
		return 0
	}
	if err := c.check(fs); err != nil {
		return prog.Exit(err)
	}
	return prog.Exit(arena(prog, c))
}

// check refuses the numbers that make no run, and gives a bot with no budget
// on the command line the default one, capped at cli.BotMoveTime.
func (c *config) check(fs *flag.FlagSet) error {
	if c.games < 1 {
		return cli.Usagef("-n %d: play at least one game", c.games)
	}
	if c.maxPlies < 1 {
		return cli.Usagef("-maxplies %d: must be 1 or more", c.maxPlies)
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for k, ab := range []string{"a", "b"} {
		o := &c.opts[k]
		switch {
		case o.Nodes < 0:
			return cli.Usagef("-nodes-%s %d: must be 0 or more", ab, o.Nodes)
		case o.Time < 0:
			return cli.Usagef("-time-%s %v: must be 0 or more", ab, o.Time)
		case o.Nodes == 0 && o.Time == 0:
			// The bots would run their default node count, so the header
			// would describe a budget that is not the one played.
			return cli.Usagef("-nodes-%s 0 means no node limit: give the time with -time-%s", ab, ab)
		case !given["nodes-"+ab] && !given["time-"+ab]:
			o.Time = cli.BotMoveTime
		}
	}
	return nil
}

func arena(prog *cli.Program, c config) error {
	out := prog.Stdout
	start, err := cli.NewGame(c.game, c.variant)
	if err != nil {
		return err
	}
	for i := range c.kind {
		if _, err := bots.New(c.kind[i], c.opts[i]); err != nil {
			return cli.Usagef("-%s: %v", []string{"a", "b"}[i], err)
		}
	}
	pr := prog.Progress("games", c.games)
	defer pr.Done()
	players := start.Players()
	fmt.Fprintf(out, "%s %s, %d games: A = %s, B = %s\n", start.Game(), start.Variant(), c.games, describe(c.kind[0], c.opts[0]), describe(c.kind[1], c.opts[1]))
	var winsA, winsB, draws, unfinished, plies int
	var stats [2]bots.Stats
	for i := range c.games {
		seat := boardrules.Player(i % players)
		var b [2]bots.Bot
		for k := range b {
			o := c.opts[k]
			o.Seed = c.seed + uint64(i) + uint64(k)<<32
			b[k], _ = bots.New(c.kind[k], o)
		}
		h := boardrules.NewHistory(start)
		for h.Len() < c.maxPlies && h.Position().Outcome().Status == boardrules.Ongoing {
			p := h.Position()
			bot := b[1]
			if p.ToMove() == seat {
				bot = b[0]
			}
			m, err := bot.Move(p)
			if err == nil {
				err = h.Play(m)
			}
			if err != nil {
				return fmt.Errorf("game %d ply %d: bot %s: %w", i+1, h.Len()+1, bot.Name(), err)
			}
		}
		end := h.Position()
		o := end.Outcome()
		var result string
		switch {
		case o.Status == boardrules.Ongoing:
			unfinished++
			result = fmt.Sprintf("unfinished after %d plies", h.Len())
		case o.Status == boardrules.Draw:
			draws++
			result = boardrules.Describe(end)
		case o.Winner == seat:
			winsA++
			result = "A wins (" + boardrules.Describe(end) + ")"
		default:
			winsB++
			result = "B wins (" + boardrules.Describe(end) + ")"
		}
		plies += h.Len()
		pr.Add(1)
		fmt.Fprintf(out, "game %d: A plays %s: %s, %d plies\n", i+1, start.SeatName(seat), result, h.Len())
		if c.verbose {
			fmt.Fprint(out, h.Record().Format())
		}
		for k := range b {
			s := b[k].Stats()
			stats[k].Moves += s.Moves
			stats[k].Playouts += s.Playouts
			stats[k].Plies += s.Plies
			stats[k].Time += s.Time
		}
	}
	fmt.Fprintf(out, "A (%s) won %d, B (%s) won %d, %d drawn, %d unfinished; %d plies in all\n", c.kind[0], winsA, c.kind[1], winsB, draws, unfinished, plies)
	for k, name := range []string{"A", "B"} {
		s := stats[k]
		if s.Moves == 0 {
			continue
		}
		fmt.Fprintf(out, "%s (%s): %d moves in %v, %v a move", name, c.kind[k], s.Moves, s.Time.Round(time.Millisecond), (s.Time / time.Duration(s.Moves)).Round(time.Microsecond))
		if s.Playouts > 0 {
			fmt.Fprintf(out, "; %d playouts, %.0f playouts/s, %.0f plies/s", s.Playouts, s.PlayoutsPerSecond(), float64(s.Plies)/s.Time.Seconds())
		}
		fmt.Fprintln(out)
	}
	return nil
}

func describe(kind string, o bots.Options) string {
	if kind != "mcts" {
		return kind
	}
	switch {
	case o.Nodes > 0 && o.Time > 0:
		return fmt.Sprintf("mcts (%d nodes or %v a move)", o.Nodes, o.Time)
	case o.Time > 0:
		return fmt.Sprintf("mcts (%v a move)", o.Time)
	}
	return fmt.Sprintf("mcts (%d nodes a move)", o.Nodes)
}
