package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/internal/clitest"
	"github.com/google/go-cmp/cmp"
)

func TestArenaOnEveryGame(t *testing.T) {
	for _, g := range boardrules.Games() {
		p, err := g.New(g.Variants[0])
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		// Greedy's time is far more than it needs, so that no clock, slowed
		// by the race detector on a busy machine, cuts its tactics short and
		// the count of blunders below depends on the bots alone.
		err = runErr(&out, []string{"-game", g.Name, "-n", "2", "-a", "mcts", "-nodes-a", "30", "-b", "greedy", "-time-b", "1h", "-v", "-maxplies", "60"})
		if err != nil {
			t.Fatalf("%s: %v\n%s", g.Name, err, out.String())
		}
		s := out.String()
		for _, want := range []string{
			g.Name + " " + g.Variants[0] + ", 2 games: A = mcts (30 nodes a move), B = greedy",
			"game 1: A plays " + p.SeatName(0) + ": ", "game 2: A plays " + p.SeatName(1) + ": ",
			"[Game \"" + g.Name + "\"]",
			"A (mcts) won ",
			"playouts/s",
			"games lost by a blunder (a move that let the next player win at once when another did not): A 0, B 0",
		} {
			if !strings.Contains(s, want) {
				t.Errorf("%s: output lacks %q:\n%s", g.Name, want, s)
			}
		}
		m := regexp.MustCompile(`won (\d+), B \(greedy\) won (\d+), (\d+) drawn, (\d+) unfinished`).FindStringSubmatch(s)
		if m == nil {
			t.Errorf("%s: no result line:\n%s", g.Name, s)
			continue
		}
		total := 0
		for _, n := range m[1:] {
			total += int(n[0] - '0')
		}
		if total != 2 {
			t.Errorf("%s: the results add up to %d games, want 2:\n%s", g.Name, total, s)
		}
	}
}

func TestArenaMultiPlayerAndLimits(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-game", "terrace", "-variant", "6-3p", "-n", "3", "-a", "random", "-b", "random", "-maxplies", "5"}); err != nil {
		t.Fatal(err)
	}
	p, err := boardrules.NewGame("terrace", "6-3p")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"A plays " + p.SeatName(2) + ":", "unfinished after 5 plies", "0 drawn, 3 unfinished"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestArenaErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-game", "terrace", "-variant", "9x9"},
		{"-a", "oracle"},
		{"-b", "oracle"},
		{"-nosuchflag"},
		{"extra"},
	} {
		var out strings.Builder
		if err := runErr(&out, args); err == nil {
			t.Errorf("run(%q) did not fail", args)
		}
	}
}

// runErr runs the program quietly (see clitest.Quiet).
func runErr(out io.Writer, args []string) error { return clitest.Quiet(command, out, args...) }

func TestArenaCommandLine(t *testing.T) {
	clitest.Check(t, command, []clitest.Case{
		{Args: []string{"-h"}, Code: 0, Want: "Example:"},
		{Args: []string{"-n", "x"}, Code: 2, Want: "Usage:"},
		{Args: []string{"-n", "0"}, Code: 2, Want: "at least one game"},
		{Args: []string{"-game", "chess"}, Code: 2, Want: "the games are: "},
		{Args: []string{"-a", "nobody"}, Code: 2, Want: "-a: "},
		{Args: []string{"-game", "flooprail", "-variant", "bogus"}, Code: 2, Want: `arena: flooprail has no variant "bogus"; its variants are: normal (standard), reverse` + "\n"},
		{Args: []string{"-list"}, Code: 0, Want: "flooprail  FloopRail: normal (standard), reverse\n"},
	})
}

// TestArenaRefusesBadNumbers: a number that would play no game, or give a
// bot a budget other than the one the header names, is a usage error (exit
// 2) before any game is played.
func TestArenaRefusesBadNumbers(t *testing.T) {
	base := []string{"-q", "-game", "flooprail", "-n", "1", "-a", "mcts", "-b", "mcts"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-maxplies", "-3"}, "arena: -maxplies -3: must be 1 or more\n"},
		{[]string{"-maxplies", "0"}, "arena: -maxplies 0: must be 1 or more\n"},
		{[]string{"-nodes-a", "-5"}, "arena: -nodes-a -5: must be 0 or more\n"},
		{[]string{"-nodes-b", "-1", "-time-b", "1s"}, "arena: -nodes-b -1: must be 0 or more\n"},
		{[]string{"-time-a", "-1s"}, "arena: -time-a -1s: must be 0 or more\n"},
		{[]string{"-nodes-b", "5", "-time-b", "-1ms"}, "arena: -time-b -1ms: must be 0 or more\n"},
		{[]string{"-nodes-a", "0"}, "arena: -nodes-a 0 means no node limit: give the time with -time-a\n"},
		{[]string{"-nodes-b", "0", "-time-b", "0s"}, "arena: -nodes-b 0 means no node limit: give the time with -time-b\n"},
		{[]string{"-depth-a", "-2"}, "arena: -depth-a -2: must be 0 or more\n"},
		{[]string{"-depth-b", "0"}, "arena: -depth-b 0 means no depth limit: give the time with -time-b\n"},
		// a budget the kind of bot does not take
		{[]string{"-depth-a", "3"}, "arena: -depth-a: -a mcts takes -nodes-a and -time-a, not -depth-a\n"},
		{[]string{"-b", "alphabeta", "-nodes-b", "30"}, "arena: -nodes-b: -b alphabeta takes -depth-b and -time-b, not -nodes-b\n"},
		{[]string{"-a", "random", "-depth-a", "3"}, "arena: -depth-a: -a random takes -time-a, not -depth-a\n"},
		{[]string{"-b", "greedy", "-nodes-b", "3", "-time-b", "1s"}, "arena: -nodes-b: -b greedy takes -time-b, not -nodes-b\n"},
		{[]string{"-b", "greedy", "-eval-b", "material"}, "arena: -eval-b: -b greedy has no evaluation\n"},
		{[]string{"-eval-a", "material"}, "arena: -eval-a material: flooprail has no evaluation besides its own\n"},
		{[]string{"-eval-a", "nonesuch"}, "arena: -a: no game has an evaluation \"nonesuch\"\n"},
		// MCTS's options, to another bot or out of range
		{[]string{"-b", "alphabeta", "-cut-b", "1"}, "arena: -cut-b: -b alphabeta is not mcts\n"},
		{[]string{"-a", "greedy", "-minimax-a", "0.5"}, "arena: -minimax-a: -a greedy is not mcts\n"},
		{[]string{"-b", "random", "-contempt-b", "1"}, "arena: -contempt-b: -b random is not mcts\n"},
		{[]string{"-c-a", "0"}, "arena: -c-a 0: must be more than 0\n"},
		{[]string{"-squash-b", "-1"}, "arena: -squash-b -1: must be more than 0\n"},
		{[]string{"-minimax-a", "1.5"}, "arena: -minimax-a 1.5: must be 1 or less\n"},
	} {
		var out, errb strings.Builder
		code := command(append(base, c.args...), &out, &errb)
		if code != 2 || out.Len() != 0 || !strings.HasPrefix(errb.String(), c.want) || !strings.Contains(errb.String(), "Usage:") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, %q and the usage", c.args, code, out.String(), errb.String(), c.want)
		}
	}
}

// TestDefaultBudgets: a bot given no budget runs the game's default counts
// capped at bots.DefaultTime a move; any budget on the command line
// replaces the default whole, so a run with -nodes-a stays reproducible,
// and -time alone is a time budget.
func TestDefaultBudgets(t *testing.T) {
	d := bots.DefaultsOf("flooprail")
	def := fmt.Sprintf("mcts (%d nodes or 1s a move)", d.Nodes)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "A = " + def + ", B = " + def},
		{[]string{"-nodes-a", "200"}, "A = mcts (200 nodes a move), B = " + def},
		{[]string{"-time-b", "2s"}, "A = " + def + ", B = mcts (2s a move)"},
		{[]string{"-nodes-b", "0", "-time-b", "1s"}, "B = mcts (1s a move)"},
		{[]string{"-nodes-b", "50", "-time-b", "1s"}, "B = mcts (50 nodes or 1s a move)"},
		{[]string{"-b", "alphabeta"}, fmt.Sprintf("B = alphabeta (depth %d or 1s a move)", d.Depth)},
		{[]string{"-b", "alphabeta", "-depth-b", "3"}, "B = alphabeta (depth 3 a move)"},
		{[]string{"-b", "greedy"}, "B = greedy (1s a move)"},
		{[]string{"-b", "random", "-time-b", "50ms"}, "B = random (50ms a move)"},
	} {
		var out strings.Builder
		args := append([]string{"-game", "flooprail", "-n", "1", "-maxplies", "1", "-a", "mcts", "-b", "mcts"}, c.args...)
		if err := runErr(&out, args); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("%q: output lacks %q:\n%s", c.args, c.want, out.String())
		}
	}
	if bots.DefaultTime != time.Second {
		t.Errorf("bots.DefaultTime is %v: update the wanted texts above", bots.DefaultTime)
	}
}

// TestEvalChoosesTheEvaluation: -eval-b material gives alpha-beta Tumbling
// Down's material evaluation, and the header says so.
func TestEvalChoosesTheEvaluation(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-game", "tumbling", "-n", "1", "-maxplies", "2", "-a", "mcts", "-nodes-a", "10", "-b", "alphabeta", "-depth-b", "1", "-eval-b", "material"}); err != nil {
		t.Fatal(err)
	}
	if want := "B = alphabeta with material (depth 1 a move)"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}

// TestDefaultBudgetMovesSoon plays MCTS and alpha-beta moves at the default
// budget in the game whose moves cost most, 6x6 Crumble, four plies into a
// game: each must answer within about a second. The bound leaves room past
// the cap for the final check of MCTS's move and a loaded machine.
func TestDefaultBudgetMovesSoon(t *testing.T) {
	if testing.Short() {
		t.Skipf("thinks for up to %v a move", bots.DefaultTime)
	}
	for _, kind := range []string{"mcts", "alphabeta"} {
		var out strings.Builder
		began := time.Now()
		if err := runErr(&out, []string{"-game", "crumble", "-variant", "6x6", "-n", "1", "-maxplies", "4", "-a", kind, "-b", kind}); err != nil {
			t.Fatal(err)
		}
		if took, bound := time.Since(began), 4*(bots.DefaultTime+time.Second); took > bound {
			t.Errorf("%s: four moves at the default budget took %v, over %v:\n%s", kind, took, bound, out.String())
		}
		if !strings.Contains(out.String(), "unfinished after 4 plies") {
			t.Errorf("%s: the game did not reach its 4 plies:\n%s", kind, out.String())
		}
	}
}

// TestArenaShowsProgress: while a run plays, stderr shows the games played
// and the plies of the one under way, so that a long game (32x32 Crumble)
// does not sit at "0/1 games" for minutes; -q silences it, and the
// results on stdout are the same.
func TestArenaShowsProgress(t *testing.T) {
	defer func(d time.Duration) { cli.ProgressEvery = d }(cli.ProgressEvery)
	cli.ProgressEvery = 0 // a line at every ply
	args := []string{"-game", "flooprail", "-n", "2", "-a", "random", "-b", "random", "-maxplies", "3"}
	var quiet strings.Builder
	if err := runErr(&quiet, args); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	results := func(s string) string { r, _, _ := strings.Cut(s, "\nA (random): "); return r } // (the speed lines vary)
	if code := command(args, &out, &errb); code != 0 || results(out.String()) != results(quiet.String()) {
		t.Errorf("exit %d; stdout differs from -q's:\n%s\nwant\n%s", code, out.String(), quiet.String())
	}
	for _, want := range []string{"\rarena: 0/2 games (0%), 0s; game 1: 1 ply", "; game 1: 3 plies", "\rarena: 1/2 games (50%)", "; game 2: 2 plies"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q: %.400q", want, errb.String())
		}
	}
	// a count of one in the plural, not a rate such as "41 games/s"
	plural1 := regexp.MustCompile(`\b1 (plies|games)([^/]|$)`)
	if m := plural1.FindString(out.String() + errb.String()); m != "" {
		t.Errorf("the output says %q:\n%s%s", m, out.String(), errb.String())
	}
}

// TestArenaCountsInTheRightNumber: one game, one ply, one move, one node
// and one playout are said in the singular.
func TestArenaCountsInTheRightNumber(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-game", "flooprail", "-n", "1", "-maxplies", "1", "-a", "mcts", "-nodes-a", "1", "-b", "random"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"flooprail normal, 1 game: ", "unfinished after 1 ply, 1 ply\n", "; 1 ply in all", "A (mcts): 1 move in ", "; 1 playout, "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestDefaultGameIsTheFirstRegistered: without -game the arena plays the
// first registered game in its standard (first) variant, as -h says.
func TestDefaultGameIsTheFirstRegistered(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-n", "1", "-maxplies", "1", "-a", "random", "-b", "random"}); err != nil {
		t.Fatal(err)
	}
	g := boardrules.Games()[0]
	if want := g.Name + " " + g.Variants[0] + ", 1 game:"; !strings.HasPrefix(out.String(), want) {
		t.Errorf("output does not begin with %q:\n%s", want, out.String())
	}
}

// TestBotAPlaysItsSeat: in game 1 bot A takes seat 0, so in a one-ply game
// A makes the only move and B makes none (B's speed line is then left out).
func TestBotAPlaysItsSeat(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-game", "terrace", "-n", "1", "-maxplies", "1", "-a", "random", "-b", "greedy"}); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "A (random): 1 move in") || strings.Contains(s, "B (greedy): ") {
		t.Errorf("the first move was not bot A's:\n%s", s)
	}
}

// TestGameIsSeededWithSeedPlusIndex: game i of a run is seeded with
// seed+i-1 (counting games from 1), so game 3 of a run from seed 4 is the
// same game as game 1 of a run from seed 6 (bot A holds seat 0 in both).
func TestGameIsSeededWithSeedPlusIndex(t *testing.T) {
	game := func(seed string, n, i int) string {
		var out strings.Builder
		args := []string{"-game", "flooprail", "-a", "random", "-b", "random", "-v", "-seed", seed, "-n", fmt.Sprint(n)}
		if err := runErr(&out, args); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		_, after, ok := strings.Cut(s, fmt.Sprintf("game %d: ", i))
		if !ok {
			t.Fatalf("%q: no game %d:\n%s", args, i, s)
		}
		if end := strings.Index(after, "\ngame "); end >= 0 {
			after = after[:end]
		} else if end := strings.Index(after, "\nA (random) won"); end >= 0 {
			after = after[:end]
		}
		return after
	}
	if a, b := game("4", 3, 3), game("6", 1, 1); a != b {
		t.Errorf("game 3 from seed 4:\n%s\ndiffers from game 1 from seed 6:\n%s", a, b)
	}
}

// TestMovesOnlyWithV: a game's record (its moves) is printed with -v only.
func TestMovesOnlyWithV(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-game", "terrace", "-n", "1", "-maxplies", "2", "-a", "random", "-b", "random"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "[Game ") {
		t.Errorf("a game record printed without -v:\n%s", out.String())
	}
}

// arenaGame is one game of a run printed with -v: its line ("A plays X:
// ..."), and the game replayed from the record printed under it.
type arenaGame struct {
	line string
	h    *boardrules.History
}

// arenaGames splits the output of a run with -v into its games and
// replays each record, so that a test can judge the results the arena
// printed by the games themselves.
func arenaGames(t *testing.T, out string) []arenaGame {
	t.Helper()
	var games []arenaGame
	blocks := regexp.MustCompile(`(?m)^game \d+: `).Split(out, -1)
	for _, b := range blocks[1:] {
		line, rec, _ := strings.Cut(b, "\n")
		rec, _, _ = strings.Cut(rec, "\nA (") // the last game runs into the summary
		r, err := boardrules.ParseRecord(rec)
		if err != nil {
			t.Fatalf("game %q: the record does not parse: %v\n%s", line, err, rec)
		}
		h, err := r.History()
		if err != nil {
			t.Fatalf("game %q: the record does not replay: %v", line, err)
		}
		games = append(games, arenaGame{line, h})
	}
	return games
}

// TestArenaScoresEachGameAndTheTotals judges every result line by the game
// it reports: "A wins" when the winner is the seat A held, "B wins" for any
// other winner, a draw as a draw; and the summary line must add up the
// games, their plies and each bot's moves. Games 1 to 9 of 6-4p Terrace
// from seed 1 take every seat in turn and include a draw (game 9: no legal
// move), so a swap of A's and B's wins, a draw counted as unfinished or a
// total that keeps the last game only all show.
func TestArenaScoresEachGameAndTheTotals(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-game", "terrace", "-variant", "6-4p", "-a", "random", "-b", "random", "-seed", "1", "-n", "9", "-v"}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	games := arenaGames(t, s)
	if len(games) != 9 {
		t.Fatalf("%d games in the output, want 9:\n%s", len(games), s)
	}
	var winsA, winsB, draws, plies int
	for i, g := range games {
		o := g.h.Position().Outcome()
		seatA := boardrules.Player(i % 4)
		var want string
		switch {
		case o.Status == boardrules.Draw:
			draws++
			want = "Draw"
		case o.Status == boardrules.Win && o.Winner == seatA:
			winsA++
			want = "A wins"
		case o.Status == boardrules.Win:
			winsB++
			want = "B wins"
		default:
			t.Fatalf("game %d did not end: %s", i+1, g.line)
		}
		if !strings.Contains(g.line, ": "+want) || !strings.HasSuffix(g.line, fmt.Sprintf(", %d plies", g.h.Len())) {
			t.Errorf("game %d (A in seat %d, %v won, %d plies) is reported as %q", i+1, seatA, o.Winner, g.h.Len(), g.line)
		}
		plies += g.h.Len()
	}
	if draws == 0 {
		t.Fatal("no draw among the games: choose a run that has one")
	}
	want := fmt.Sprintf("A (random) won %d, B (random) won %d, %d drawn, 0 unfinished; %d plies in all", winsA, winsB, draws, plies)
	if !strings.Contains(s, want) {
		t.Errorf("the summary is not %q:\n%s", want, s)
	}
	// each ply is one move of A or B
	m := regexp.MustCompile(`(?m)^A \(random\): (\d+) moves.*\nB \(random\): (\d+) moves`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no speed lines:\n%s", s)
	}
	if a, b := atoi(t, m[1]), atoi(t, m[2]); a+b != plies {
		t.Errorf("A made %d moves and B %d, want %d in all", a, b, plies)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestBotsAreSeededAsTheDocSays: in game n bot A is seeded with seed+n-1
// and bot B with seed+n-1+2^32 (so that two bots of one kind do not play
// from one stream). Game 2 of a run from seed 5, replayed here with bots
// so seeded (A in seat 1), must be the game the arena printed.
func TestBotsAreSeededAsTheDocSays(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-game", "flooprail", "-a", "random", "-b", "random", "-seed", "5", "-n", "2", "-v"}); err != nil {
		t.Fatal(err)
	}
	games := arenaGames(t, out.String())
	if len(games) != 2 {
		t.Fatalf("%d games, want 2:\n%s", len(games), out.String())
	}
	a, _ := bots.New("random", bots.Options{Seed: 6})
	b, _ := bots.New("random", bots.Options{Seed: 6 + 1<<32})
	start, err := boardrules.NewGame("flooprail", "")
	if err != nil {
		t.Fatal(err)
	}
	h := boardrules.NewHistory(start)
	for h.Position().Outcome().Status == boardrules.Ongoing && h.Len() < 1000 {
		bot := b
		if h.Position().ToMove() == 1 {
			bot = a
		}
		m, err := bot.Move(context.Background(), h.Position())
		if err == nil {
			err = h.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(h.Moves(), games[1].h.Moves()); diff != "" {
		t.Errorf("game 2 from seed 5 is not the game of A seeded 6 and B seeded 6+2^32 (-want +got):\n%s", diff)
	}
}

// TestArenaCountsBlunders: the count of games lost by a blunder is judged
// from the games themselves. Random blunders often in Tumbling Down, and
// Greedy, which takes every win in one, punishes it; Greedy itself never
// blunders. Each game that ends with a win is replayed: when the winner's
// last move followed a move of the loser that let it win while another
// move would not have, that game counts for the loser.
func TestArenaCountsBlunders(t *testing.T) {
	var out strings.Builder
	if err := runErr(&out, []string{"-game", "tumbling", "-a", "random", "-b", "greedy", "-n", "8", "-v"}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	var want [2]int
	for i, g := range arenaGames(t, s) {
		moves := g.h.Moves()
		o := g.h.Position().Outcome()
		if o.Status != boardrules.Win || len(moves) < 2 {
			continue
		}
		p := g.h.Start()
		for _, m := range moves[:len(moves)-2] {
			p = p.PlayUnchecked(m)
		}
		if loser := p.ToMove(); loser != o.Winner && bots.Blunder(p, moves[len(moves)-2]) {
			k := 1 // B
			if loser == boardrules.Player(i%2) {
				k = 0
			}
			want[k]++
			if !strings.Contains(g.line, " after a blunder by "+[]string{"A", "B"}[k]) {
				t.Errorf("game %d: %q does not name the blunder", i+1, g.line)
			}
		}
	}
	if want[0] == 0 || want[1] != 0 {
		t.Errorf("random lost %d games by a blunder and greedy %d: want some and none", want[0], want[1])
	}
	line := fmt.Sprintf("games lost by a blunder (a move that let the next player win at once when another did not): A %d, B %d", want[0], want[1])
	if !strings.Contains(s, line) {
		t.Errorf("output lacks %q:\n%s", line, s)
	}
}

// TestMCTSOptionsReachTheBot: each of MCTS's options on the command line
// (-cut-a, -c-a, -squash-a, -minimax-a, -contempt-a) is named in the
// header, which is made from the options the bots get, and changes the
// game a seeded bot at a fixed count plays (but the contempt, which
// changes only what a draw is worth, and these games have none near);
// -cut-a 1 plays one ply a playout at most.
func TestMCTSOptionsReachTheBot(t *testing.T) {
	run := func(flags ...string) (header, record, stats string) {
		t.Helper()
		var out strings.Builder
		args := append([]string{"-game", "flooprail", "-n", "1", "-maxplies", "16", "-a", "mcts", "-nodes-a", "300", "-b", "greedy", "-v"}, flags...)
		if err := runErr(&out, args); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		s := out.String()
		header, _, _ = strings.Cut(s, "\n")
		_, record, _ = strings.Cut(s, "[Game ")
		record, stats, _ = strings.Cut(record, "\nA (mcts) won")
		return header, record, stats
	}
	_, def, _ := run()
	for _, c := range []struct {
		flags []string
		named string
		same  bool // the game may be the default's
	}{
		{[]string{"-cut-a", "1"}, "cut 1", false},
		{[]string{"-c-a", "4"}, "c 4", false},
		{[]string{"-squash-a", "0.1"}, "squash 0.1", false},
		{[]string{"-minimax-a", "0.9"}, "minimax 0.9", false},
		{[]string{"-contempt-a", "3"}, "contempt 3", true},
	} {
		header, record, _ := run(c.flags...)
		if want := "A = mcts (300 nodes a move; " + c.named + "), B = greedy"; !strings.Contains(header, want) {
			t.Errorf("%q: header %q lacks %q", c.flags, header, want)
		}
		if record == def && !c.same {
			t.Errorf("%q: the game is the one played without it:\n%s", c.flags, record)
		}
	}
	header, _, stats := run("-cut-a", fmt.Sprint(bots.NoPlayout), "-minimax-a", "0.5")
	if want := "A = mcts (300 nodes a move; no playout, minimax 0.5)"; !strings.Contains(header, want) {
		t.Errorf("header %q lacks %q", header, want)
	}
	if !regexp.MustCompile(`A \(mcts\):.*playouts/s, 0 plies/s`).MatchString(stats) {
		t.Errorf("-cut-a %d: plies played:\n%s", bots.NoPlayout, stats)
	}
	_, _, stats = run("-cut-a", "1")
	m := regexp.MustCompile(`A \(mcts\):.*; ([0-9]+) playouts, ([0-9]+) playouts/s, ([0-9]+) plies/s`).FindStringSubmatch(stats)
	if m == nil {
		t.Fatalf("no playouts in the counts:\n%s", stats)
	}
	if playouts, plies := atoi(t, m[2]), atoi(t, m[3]); plies > playouts {
		t.Errorf("-cut-a 1: %d plies/s in %d playouts/s, want one ply a playout at most", plies, playouts)
	}
	if header, _, _ := run("-cut-a", "-1", "-minimax-a", "-1", "-contempt-a", "-1"); !strings.Contains(header, "A = mcts (300 nodes a move; playouts played out, minimax off, no contempt)") {
		t.Errorf("header %q does not name the options turned off", header)
	}
}
