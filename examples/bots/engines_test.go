package bots_test

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// engineCase runs the generic tests on one engine's own types. nodes is
// the MCTS budget that beats random play: modest, and per engine, since
// a wide game (Tumbling Down has some 150 moves a turn) needs more
// iterations before the tree sees anything beyond one ply.
type engineCase struct {
	name  string
	nodes int
	run   func(t *testing.T, games, nodes int)
}

// engineCases lists every engine of the module; a new engine adds a line
// here and one in init.
var engineCases = []engineCase{
	{"crumble", 100, func(t *testing.T, games, nodes int) {
		if raceEnabled {
			// ten times slower under the race detector: the small board
			engineTests(t, crumble3x3(t), games, bots.Options{Nodes: nodes, MaxPlies: crumble3x3MaxPlies})
			return
		}
		engineTests(t, crumble.Standard(), min(games, crumbleMaxGames), bots.Options{Nodes: nodes, MaxPlies: crumbleMaxPlies})
	}},
	{"flooprail", 50, func(t *testing.T, games, nodes int) {
		engineTests(t, flooprail.Standard(), games, bots.Options{Nodes: nodes})
	}},
	{"terrace", 50, func(t *testing.T, games, nodes int) {
		engineTests(t, terrace.Standard(), games, bots.Options{Nodes: nodes})
	}},
	{"tumbling", 100, func(t *testing.T, games, nodes int) {
		engineTests(t, tumbling.Standard(), games, bots.Options{Nodes: nodes})
	}},
}

// crumble3x3 is the board of the crumble case under the race detector,
// which makes 6x6 too slow for even four games: 3x3 keeps every rule
// (splits, joins, swap paths, captures, wins) with games short enough to
// fit. See the package doc.
func crumble3x3(t *testing.T) crumble.Position {
	p, err := crumble.New(crumble.Variant{Width: 3, Height: 3})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// crumbleMaxPlies caps crumble's playouts on 6x6 (a capped playout counts
// as a draw): uncapped, a playout runs some 100 plies, and 40 plies keep
// 20 games within about 20 s on two cores while MCTS still wins nearly all
// of them. crumble3x3MaxPlies is the 3x3 board's cap: a random 3x3 game can
// split its pieces ever finer, each ply then costing more.
var (
	crumbleMaxPlies    = envInt("BOTS_MAXPLIES", 40)
	crumble3x3MaxPlies = 20
)

// crumbleMaxGames bounds the crumble match: a 6x6 game against Random
// costs about a second of MCTS.
const crumbleMaxGames = 20

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// slowPly is the time of a random ply above which the match test would
// not fit its time budget; an engine that slow is skipped, with a message.
const slowPly = 250 * time.Microsecond

func engineTests[P boardrules.Position[P, M], M comparable](t *testing.T, start P, games int, o bots.Options) {
	began := time.Now()
	_, moves := boardrules.Playout(start, rand.New(rand.NewPCG(1, 1)), 20)
	limit := slowPly
	if raceEnabled {
		limit *= 10 // the race detector's slowdown, with fewer games
	}
	if d := time.Since(began) / time.Duration(max(1, len(moves))); d > limit {
		t.Skipf("a random ply takes %v (over %v): too slow for %d games of MCTS", d, limit, games)
	}
	t.Run("BeatsRandom", func(t *testing.T) { beatsRandom(t, start, games, o) })
	t.Run("Deterministic", func(t *testing.T) { deterministic(t, start, o.MaxPlies) })
	t.Run("NoAllocations", func(t *testing.T) { noAllocations(t, start, o.MaxPlies) })
}
