package bots_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
)

var update = flag.Bool("update", false, "rewrite testdata/crowded.txt")

// crowdedFile holds the crowded positions of the clock test, one a line:
// a name, a tab, the position code. crumbleCorpus is the crumble
// package's corpus of crowded boards, up to 3.4 million moves: a line
// "# name: how; N pieces, M legal moves", then the position's code.
const (
	crowdedFile   = "testdata/crowded.txt"
	crumbleCorpus = "../../crumble/testdata/crowded.txt"
)

// crowded is a named position of the clock test.
type crowded struct {
	name string
	p    boardrules.Any
	big  bool // in the -short run too
}

// loadPositions reads a file of named positions, such as crowdedFile:
// a name, a tab, the position code, one a line.
func loadPositions(t testing.TB, file string) []crowded {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []crowded
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, code, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("%s: no tab in %.40q", file, line)
		}
		p, err := boardrules.Decode([]byte(code))
		if err != nil {
			t.Fatalf("%s: %s: %v", file, name, err)
		}
		out = append(out, crowded{name, p, true})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// loadCorpus reads crumbleCorpus; big marks the boards of a thousand
// pieces or a hundred thousand moves.
func loadCorpus(t testing.TB) []crowded {
	text, err := os.ReadFile(crumbleCorpus)
	if err != nil {
		t.Fatal(err)
	}
	var out []crowded
	var name, about string
	for line := range strings.Lines(string(text)) {
		line = strings.TrimSuffix(line, "\n")
		if c, ok := strings.CutPrefix(line, "# "); ok {
			name, about, _ = strings.Cut(c, ": ")
			continue
		}
		if line == "" || name == "" {
			continue
		}
		p, err := boardrules.Decode([]byte(line))
		if err != nil {
			t.Fatalf("%s: %s: %v", crumbleCorpus, name, err)
		}
		var pieces, moves int
		if _, tail, ok := strings.Cut(about, "; "); ok {
			fmt.Sscanf(strings.ReplaceAll(lastPart(tail), ",", ""), "%d pieces %d legal moves", &pieces, &moves)
		}
		out = append(out, crowded{"crumble-" + name, p, pieces >= 1000 || moves >= 100_000})
		name = ""
	}
	return out
}

// lastPart is what follows the last "; " of s.
func lastPart(s string) string {
	if i := strings.LastIndex(s, "; "); i >= 0 {
		return s[i+2:]
	}
	return s
}

// TestCrowdedFile rewrites crowdedFile with -update: for each game and
// board size, the position with the most legal moves met in seeded random
// games, and two Crumble boards crowded by games of splits alone (a split
// adds pieces, and the cost of every search step grows with them) that
// the crumble package's corpus lacks: 32x32 at 1,600 pieces, and a board
// of 2x32; none with a win at once for the side to move.
func TestCrowdedFile(t *testing.T) {
	if !*update {
		loadPositions(t, crowdedFile)
		return
	}
	var b strings.Builder
	b.WriteString("# Crowded positions of every game and board size, for the test that bots keep their\n")
	b.WriteString("# time (TestBotsKeepTheirTime); written by go test -run TestCrowdedFile -update.\n")
	add := func(name string, p boardrules.Any) {
		code, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s\t%s\n", name, code)
		t.Logf("%s: %d legal moves", name, len(p.LegalMoves()))
	}
	for _, gv := range []struct{ game, variant string }{
		{"tumbling", "pbmserv"}, {"flooprail", "normal"},
		{"terrace", "8-long"}, {"terrace", "8-4p"}, {"terrace", "6-long"}, {"terrace", "6-3p"},
	} {
		start, err := boardrules.NewGame(gv.game, gv.variant)
		if err != nil {
			t.Fatal(err)
		}
		add(gv.game+"-"+gv.variant, widest(start, 20))
	}
	for _, c := range []struct {
		variant string
		pieces  int
	}{{"32x32", 1600}, {"2x32", 600}} { // (the crumble package's corpus has the others)
		start, err := boardrules.NewGame("crumble", c.variant)
		if err != nil {
			t.Fatal(err)
		}
		add(fmt.Sprintf("crumble-%s-%d", c.variant, c.pieces), splitTo(t, start, c.pieces))
	}
	if err := os.WriteFile(crowdedFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// widest returns the position with the most legal moves met in games
// seeded random games from start.
func widest(start boardrules.Any, games int) boardrules.Any {
	best, most := start, len(start.LegalMoves())
	for g := range games {
		r := rand.New(rand.NewPCG(uint64(g), 7))
		for p := start; p.Outcome().Status == boardrules.Ongoing; {
			moves := p.LegalMoves()
			if len(moves) > most && !winsAtOnce(p) {
				best, most = p, len(moves)
			}
			p, _ = p.Play(moves[r.IntN(len(moves))])
		}
	}
	return best
}

// winsAtOnce reports whether the side to move in p has a move that wins
// at once: a position of the clock test should not have one, since the
// bots play it without searching.
func winsAtOnce[P boardrules.Position[P, M], M any](p P) bool {
	for _, m := range p.LegalMoves() {
		if q := p.PlayUnchecked(m); q.Outcome().Status == boardrules.Win && q.Outcome().Winner == p.ToMove() {
			return true
		}
	}
	return false
}

// splitTo plays a seeded game of Crumble splits from start (a uniform
// choice among the splits that do not end the game) until the board holds
// pieces pieces and the side to move cannot win at once.
func splitTo(t testing.TB, start boardrules.Any, pieces int) boardrules.Any {
	p := start.Unwrap().(crumble.Position)
	r := rand.New(rand.NewPCG(uint64(pieces), 9))
	for p.NumPieces() < pieces || winsAtOnce(p) {
		var splits []crumble.Move
		for _, m := range p.LegalMoves() {
			if m.Base() == crumble.StepSplit {
				splits = append(splits, m)
			}
		}
		r.Shuffle(len(splits), func(i, j int) { splits[i], splits[j] = splits[j], splits[i] })
		moved := false
		for _, m := range splits {
			if q := p.PlayUnchecked(m); q.ToMove() != boardrules.NoPlayer {
				p, moved = q, true
				break
			}
		}
		if !moved {
			t.Fatalf("no split goes on at %d pieces", p.NumPieces())
		}
	}
	a, err := boardrules.Decode(mustCode(t, p))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func mustCode(t testing.TB, p crumble.Position) []byte {
	code, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// margin is what a move may take past its budget: a tenth of it and 20
// ms, for the clock reads' spacing, the final check's last step and the
// return.
func margin(budget time.Duration) time.Duration { return budget/10 + 20*time.Millisecond }

// TestBotsKeepTheirTime: every bot, given a time budget on a crowded
// position of every game and board size, answers with a legal move within
// the budget and the margin. A move overruns when both its wall time and
// the CPU time its thread spent after the budget's end pass the margin:
// the CPU time does not count the time a busy machine gave to others, so
// the test holds under load, and the wall time does not count a watcher
// woken late. A bot fails when its move overruns on overrunTries tries in
// a row.
func TestBotsKeepTheirTime(t *testing.T) {
	budget := 300 * time.Millisecond
	if testing.Short() {
		budget = 100 * time.Millisecond
	}
	games := map[string]bool{}
	worst := map[string]overrun{} // by game and kind
	for _, c := range append(loadPositions(t, crowdedFile), loadCorpus(t)...) {
		if raceEnabled && games[c.p.Game()] {
			continue // the first position of each game: a listing of a crowded board takes seconds under the race detector
		}
		if testing.Short() && !c.big {
			continue
		}
		games[c.p.Game()] = true
		t.Run(c.name, func(t *testing.T) {
			for _, kind := range bots.Kinds {
				o := keepsTime(t, c, kind, budget)
				w := worst[c.p.Game()+" "+kind]
				worst[c.p.Game()+" "+kind] = overrun{max(w.wall, o.wall), max(w.cpu, o.cpu)}
			}
		})
	}
	for _, g := range slices.Sorted(maps.Keys(worst)) {
		t.Logf("%-20s the most past a %v budget: %v", g, budget, worst[g])
	}
}

// keepsTime is TestBotsKeepTheirTime on one position and bot.
func keepsTime(t *testing.T, c crowded, kind string, budget time.Duration) overrun {
	b, err := bots.New(kind, bots.Options{Seed: 1, Time: budget})
	if err != nil {
		t.Fatal(err)
	}
	// A move may meet a pause that is not the bot's (such as a page fault
	// or the collector's work on its thread, on a busy machine); a bot
	// that does not keep its clock overruns on every try,
	// so a move is tried again when it overruns, up to overrunTries times.
	var o overrun
	for try := 1; ; try++ {
		var m string
		o = measure(budget, func() { m, err = b.Move(context.Background(), c.p) })
		if err != nil {
			t.Fatalf("%s, %s: %v", c.name, kind, err)
		}
		if _, err := c.p.Play(m); err != nil {
			t.Errorf("%s, %s: illegal move %q: %v", c.name, kind, m, err)
		}
		t.Logf("%-22s %-9s %v", c.name, kind, o)
		// (the race detector's slowdown says nothing of the bot's clock)
		if !o.over(margin(budget)) || raceEnabled {
			return o
		}
		if try == overrunTries {
			t.Errorf("%s, %s: a %v move overran %d times in a row: %v (margin %v)", c.name, kind, budget, try, o, margin(budget))
			return o
		}
	}
}

// overrunTries is how many times in a row a move must overrun its budget
// for TestBotsKeepTheirTime to fail.
const overrunTries = 3

// overrun is how far a move went past its budget: by the wall clock, and
// in CPU time of the thread that searched (the wall time where the
// system does not tell it).
type overrun struct{ wall, cpu time.Duration }

func (o overrun) over(m time.Duration) bool { return o.wall > m && o.cpu > m }

func (o overrun) String() string {
	return fmt.Sprintf("past the budget: %v wall, %v CPU", o.wall.Round(time.Microsecond), o.cpu.Round(time.Microsecond))
}
