// Command arena plays seeded games between two bots on any registered game
// and variant, and prints the results and the speed of the search.
//
//	go run ./examples/arena -game terrace -variant 8-long -a mcts -b random -n 20
//	go run ./examples/arena -game crumble -a mcts -b alphabeta -depth-b 2 -n 20
//	go run ./examples/arena -game tumbling -a mcts -b mcts -nodes-b 5000 -n 10
//
// In the n-th game of a run (counting from 1) bot A takes seat (n-1) mod
// players, so over a run it plays every seat in turn, and bot B plays the
// other seats; bot A is seeded with seed+n-1 and bot B with seed+n-1+2^32,
// so a run is reproducible when the budgets are counts given on the
// command line (-nodes-a, -depth-a, ...) rather than times (-time-a,
// -time-b). A bot given no budget runs the game's default count (MCTS
// iterations, alpha-beta depth: package bots, Budgets and strength),
// chosen so that most moves take well under a second, and stops early at
// bots.DefaultTime (a second), so a default run is reproducible only where
// no move reaches the cap. -nodes-a 0 means no node limit, so it needs
// -time-a (and likewise for B and for -depth). Every bot takes -time; only
// MCTS takes -nodes and only alpha-beta -depth, and a budget given to a
// bot that does not take it is refused.
//
// MCTS's options (bots.Options) have flags of their own, -cut-a, -c-a,
// -squash-a, -minimax-a and -contempt-a (and -b), so that a comparison of
// settings can be rerun from the command line; the header names the ones
// given, the others being the game's defaults:
//
//	go run ./examples/arena -game crumble -variant 8x8 -a mcts -cut-a 1 -minimax-a 0.5 -b alphabeta -depth-b 1
//
// While it plays, stderr shows the games played and the plies of the game
// under way (-q silences it); the results go to stdout.
//
// After the results it counts, for each bot, the games it lost by a
// blunder: a move that let the next player win at once while another move
// would not have (bots.Blunder). The bots' tactics rule these out for
// greedy and mcts.
//
// The bots package links in the four engines of the module, and with them
// their registration.
//
// It runs with GOGC=400 unless the environment sets GOGC: a search drops
// positions by the million (cli.SetSearchGC says why, with the figures).
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
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
	defaulted     [2]bool // the bot has no budget on the command line
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
		AB := strings.ToUpper(ab)
		fs.IntVar(&c.opts[k].Nodes, "nodes-"+ab, 0, fmt.Sprintf(
			"mcts: iterations per move of bot %s (default: the game's, %s, stopping early at %v; 0: no limit, which needs -time-%s)",
			AB, bots.DefaultsList(func(d bots.Defaults) int { return d.Nodes }), bots.DefaultTime, ab))
		fs.IntVar(&c.opts[k].Depth, "depth-"+ab, 0, fmt.Sprintf(
			"alphabeta: depth of bot %s (default: the game's, %s, stopping early at %v; 0: no limit, which needs -time-%s)",
			AB, bots.DefaultsList(func(d bots.Defaults) int { return d.Depth }), bots.DefaultTime, ab))
		fs.StringVar(&c.opts[k].Eval, "eval-"+ab, "", fmt.Sprintf(
			"mcts and alphabeta: the evaluation of bot %s, one of the game's besides its own (tumbling: material, owned and pure stacks)", AB))
		fs.DurationVar(&c.opts[k].Time, "time-"+ab, 0, fmt.Sprintf(
			"every bot: time per move of bot %s (with -nodes-%s or -depth-%s too, whichever ends first; alone: time only)",
			AB, ab, ab))
		// MCTS's options, bots.Options by name (0 or no flag: the game's default)
		fs.IntVar(&c.opts[k].Cut, "cut-"+ab, 0, fmt.Sprintf(
			"mcts: playout plies of bot %s before the evaluation scores the position (default: the game's, %s; %d: none, the evaluation scores the new node; other negative: play the playouts out)",
			AB, bots.DefaultsList(func(d bots.Defaults) int { return d.Cut }), bots.NoPlayout))
		fs.Float64Var(&c.opts[k].C, "c-"+ab, 0, fmt.Sprintf("mcts: the exploration constant of bot %s (default %v)", AB, bots.DefaultC))
		fs.Float64Var(&c.opts[k].Squash, "squash-"+ab, 0, fmt.Sprintf(
			"mcts: the evaluation that is worth 0.73 of a win to bot %s (default: the game's, %s)",
			AB, bots.DefaultsList(func(d bots.Defaults) float64 { return d.Squash })))
		fs.Float64Var(&c.opts[k].Minimax, "minimax-"+ab, 0, fmt.Sprintf(
			"mcts: the weight of the implicit minimax values in bot %s's selection, 0 to 1 (default: the game's, %s; negative: off)",
			AB, bots.DefaultsList(func(d bots.Defaults) float64 { return d.Minimax })))
		fs.Float64Var(&c.opts[k].Contempt, "contempt-"+ab, 0, fmt.Sprintf(
			"mcts: bot %s's contempt for a draw when it stands better, k of a draw worth 1/2 + k(1/2 - v), v its value (default: the game's, %s; negative: none)",
			AB, bots.DefaultsList(func(d bots.Defaults) float64 { return d.Contempt })))
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
// on the command line the default one, capped at bots.DefaultTime.
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
		case o.Depth < 0:
			return cli.Usagef("-depth-%s %d: must be 0 or more", ab, o.Depth)
		case o.Time < 0:
			return cli.Usagef("-time-%s %v: must be 0 or more", ab, o.Time)
		case given["nodes-"+ab] && o.Nodes == 0 && o.Time == 0:
			// The bots would run their default node count, so the header
			// would describe a budget that is not the one played.
			return cli.Usagef("-nodes-%s 0 means no node limit: give the time with -time-%s", ab, ab)
		case given["depth-"+ab] && o.Depth == 0 && o.Time == 0:
			return cli.Usagef("-depth-%s 0 means no depth limit: give the time with -time-%s", ab, ab)
		}
		c.defaulted[k] = !given["nodes-"+ab] && !given["depth-"+ab] && !given["time-"+ab]
		if err := takes(c.kind[k], ab, given); err != nil {
			return err
		}
		if given["eval-"+ab] && c.kind[k] != "mcts" && c.kind[k] != "alphabeta" && slices.Contains(bots.Kinds, c.kind[k]) {
			return cli.Usagef("-eval-%s: -%s %s has no evaluation", ab, ab, c.kind[k])
		}
		for _, f := range mctsFlags {
			if !given[f+"-"+ab] {
				continue
			}
			if c.kind[k] != "mcts" && slices.Contains(bots.Kinds, c.kind[k]) {
				return cli.Usagef("-%s-%s: -%s %s is not mcts", f, ab, ab, c.kind[k])
			}
		}
		switch {
		case given["c-"+ab] && o.C <= 0:
			return cli.Usagef("-c-%s %v: must be more than 0", ab, o.C)
		case given["squash-"+ab] && o.Squash <= 0:
			return cli.Usagef("-squash-%s %v: must be more than 0", ab, o.Squash)
		case o.Minimax > 1:
			return cli.Usagef("-minimax-%s %v: must be 1 or less", ab, o.Minimax)
		}
	}
	return nil
}

// mctsFlags are the flags of MCTS's options, each taken as -name-a and
// -name-b.
var mctsFlags = []string{"cut", "c", "squash", "minimax", "contempt"}

// takes refuses a budget given to bot ab (a or b) of that kind that the
// kind does not take (bots.Budgets), so that no one believes it counted.
// An unknown kind is left to the check that lists the kinds.
func takes(kind, ab string, given map[string]bool) error {
	if !slices.Contains(bots.Kinds, kind) {
		return nil
	}
	budgets := bots.Budgets(kind)
	for _, b := range []string{"nodes", "depth", "time"} {
		if !given[b+"-"+ab] || slices.Contains(budgets, b) {
			continue
		}
		if len(budgets) == 0 {
			return cli.Usagef("-%s-%s: -%s %s takes no budget", b, ab, ab, kind)
		}
		flags := make([]string, len(budgets))
		for i, t := range budgets {
			flags[i] = "-" + t + "-" + ab
		}
		return cli.Usagef("-%s-%s: -%s %s takes %s, not -%s-%s", b, ab, ab, kind, strings.Join(flags, " and "), b, ab)
	}
	return nil
}

func arena(prog *cli.Program, c config) error {
	out := prog.Stdout
	start, err := cli.NewGame(c.game, c.variant)
	if err != nil {
		return err
	}
	defaults := bots.DefaultsOf(start.Game())
	for i, ab := range []string{"a", "b"} {
		if _, err := bots.New(c.kind[i], c.opts[i]); err != nil {
			return cli.Usagef("-%s: %v", ab, err)
		}
		if e := c.opts[i].Eval; e != "" && !slices.Contains(bots.Evaluations(start.Game()), e) {
			others := bots.Evaluations(start.Game())[1:]
			if len(others) == 0 {
				return cli.Usagef("-eval-%s %s: %s has no evaluation besides its own", ab, e, start.Game())
			}
			return cli.Usagef("-eval-%s %s: %s has no such evaluation (it has %s besides its own)", ab, e, start.Game(), strings.Join(others, ", "))
		}
		if c.defaulted[i] {
			// the game's counts, capped: said in full in the header
			c.opts[i].Nodes, c.opts[i].Depth, c.opts[i].Time = defaults.Nodes, defaults.Depth, bots.DefaultTime
			switch c.kind[i] {
			case "mcts":
				c.opts[i].Depth = 0
			case "alphabeta":
				c.opts[i].Nodes = 0
			default:
				c.opts[i].Nodes, c.opts[i].Depth = 0, 0
			}
		}
	}
	pr := prog.Progress("games", c.games)
	defer pr.Done()
	out = pr.Writer(out)
	players := start.Players()
	fmt.Fprintf(out, "%s %s, %s: A = %s, B = %s\n", start.Game(), start.Variant(), cli.Count(c.games, "game", "games"), describe(c.kind[0], c.opts[0], defaults), describe(c.kind[1], c.opts[1], defaults))
	var winsA, winsB, draws, unfinished, plies int
	var stats [2]bots.Stats
	var blunders [2]int
	var slowest [2]time.Duration // each bot's longest move
	for i := range c.games {
		seat := boardrules.Player(i % players)
		var b [2]bots.Bot
		for k := range b {
			o := c.opts[k]
			o.Seed = c.seed + uint64(i) + uint64(k)<<32
			b[k], _ = bots.New(c.kind[k], o)
		}
		botOf := func(pl boardrules.Player) int {
			if pl == seat {
				return 0
			}
			return 1
		}
		pr.Item(fmt.Sprintf("game %d", i+1), "ply", "plies")
		h := boardrules.NewHistory(start)
		line := []boardrules.Any{start} // every position, for the blunder check
		for h.Len() < c.maxPlies && h.Position().Outcome().Status == boardrules.Ongoing {
			p := h.Position()
			k := botOf(p.ToMove())
			bot := b[k]
			began := time.Now()
			m, err := bot.Move(context.Background(), p)
			slowest[k] = max(slowest[k], time.Since(began))
			if err == nil {
				err = h.Play(m)
			}
			if err != nil {
				return fmt.Errorf("game %d ply %d: bot %s: %w", i+1, h.Len()+1, bot.Name(), err)
			}
			line = append(line, h.Position())
			pr.Step()
		}
		end := h.Position()
		o := end.Outcome()
		var result string
		switch {
		case o.Status == boardrules.Ongoing:
			unfinished++
			result = "unfinished after " + cli.Count(h.Len(), "ply", "plies")
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
		// A win made by the move after a loser's blunder.
		if n := h.Len(); o.Status == boardrules.Win && n >= 2 {
			before := line[n-2]
			if loser := before.ToMove(); loser != o.Winner && line[n-1].ToMove() == o.Winner &&
				bots.Blunder(before, h.Moves()[n-2]) {
				blunders[botOf(loser)]++
				result += fmt.Sprintf(" after a blunder by %s", []string{"A", "B"}[botOf(loser)])
			}
		}
		plies += h.Len()
		pr.Add(1)
		fmt.Fprintf(out, "game %d: A plays %s: %s, %s\n", i+1, start.SeatName(seat), result, cli.Count(h.Len(), "ply", "plies"))
		if c.verbose {
			fmt.Fprint(out, h.Record().Format())
		}
		for k := range b {
			stats[k] = stats[k].Add(b[k].Stats())
		}
	}
	fmt.Fprintf(out, "A (%s) won %d, B (%s) won %d, %d drawn, %d unfinished; %s in all\n", c.kind[0], winsA, c.kind[1], winsB, draws, unfinished, cli.Count(plies, "ply", "plies"))
	fmt.Fprintf(out, "games lost by a blunder (a move that let the next player win at once when another did not): A %d, B %d\n", blunders[0], blunders[1])
	for k, name := range []string{"A", "B"} {
		s := stats[k]
		if s.Moves == 0 {
			continue
		}
		fmt.Fprintf(out, "%s (%s): %s in %v, %v a move, at most %v", name, c.kind[k], cli.Count(s.Moves, "move", "moves"), s.Time.Round(time.Millisecond),
			(s.Time / time.Duration(s.Moves)).Round(time.Microsecond), slowest[k].Round(time.Microsecond))
		if s.Playouts > 0 {
			fmt.Fprintf(out, "; %s, %.0f playouts/s, %.0f plies/s", cli.Count(int(s.Playouts), "playout", "playouts"), s.PlayoutsPerSecond(), float64(s.Plies)/s.Time.Seconds())
		}
		if s.Nodes > 0 {
			fmt.Fprintf(out, "; %s, %.0f nodes/s, depth %.1f", cli.Count(int(s.Nodes), "node", "nodes"), float64(s.Nodes)/s.Time.Seconds(), float64(s.Depth)/float64(s.Moves))
		}
		fmt.Fprintln(out)
	}
	return nil
}

// describe names a bot and its budget for the header; d are the game's
// defaults, which a bot given neither a count nor a time runs.
func describe(kind string, o bots.Options, d bots.Defaults) string {
	var count string
	switch kind {
	case "mcts":
		count = fmt.Sprintf("%d nodes", cmp.Or(o.Nodes, d.Nodes))
		if o.Nodes == 0 && o.Time > 0 {
			count = ""
		}
	case "alphabeta":
		count = fmt.Sprintf("depth %d", cmp.Or(o.Depth, d.Depth))
		if o.Depth == 0 && o.Time > 0 {
			count = ""
		}
	}
	if o.Eval != "" {
		kind += " with " + o.Eval
	}
	var budget string
	switch {
	case count != "" && o.Time > 0:
		budget = fmt.Sprintf("%s or %v a move", count, o.Time)
	case o.Time > 0:
		budget = fmt.Sprintf("%v a move", o.Time)
	case count != "":
		budget = count + " a move"
	}
	if t := tuning(o); t != "" {
		budget = strings.TrimPrefix(budget+"; "+t, "; ")
	}
	if budget == "" {
		return kind
	}
	return fmt.Sprintf("%s (%s)", kind, budget)
}

// tuning names the options of MCTS that o sets, those given on the command
// line, for the header: the others are the game's defaults.
func tuning(o bots.Options) string {
	var t []string
	switch {
	case o.Cut == bots.NoPlayout:
		t = append(t, "no playout")
	case o.Cut < 0:
		t = append(t, "playouts played out")
	case o.Cut > 0:
		t = append(t, fmt.Sprintf("cut %d", o.Cut))
	}
	if o.C > 0 {
		t = append(t, fmt.Sprintf("c %v", o.C))
	}
	if o.Squash > 0 {
		t = append(t, fmt.Sprintf("squash %v", o.Squash))
	}
	switch {
	case o.Minimax < 0:
		t = append(t, "minimax off")
	case o.Minimax > 0:
		t = append(t, fmt.Sprintf("minimax %v", o.Minimax))
	}
	switch {
	case o.Contempt < 0:
		t = append(t, "no contempt")
	case o.Contempt > 0:
		t = append(t, fmt.Sprintf("contempt %v", o.Contempt))
	}
	return strings.Join(t, ", ")
}
