package bots_test

import (
	"math/rand/v2"
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
	{"crumble", 100, func(t *testing.T, games, nodes int) { engineTests(t, crumble.Standard(), games, nodes) }},
	{"flooprail", 50, func(t *testing.T, games, nodes int) { engineTests(t, flooprail.Standard(), games, nodes) }},
	{"terrace", 50, func(t *testing.T, games, nodes int) { engineTests(t, terrace.Standard(), games, nodes) }},
	{"tumbling", 100, func(t *testing.T, games, nodes int) { engineTests(t, tumbling.Standard(), games, nodes) }},
}

func init() {
	bots.Register[crumble.Position, crumble.Move]()
	bots.Register[flooprail.Position, flooprail.Move]()
	bots.Register[terrace.Position, terrace.Move]()
	bots.Register[tumbling.Position, tumbling.Move]()
}

// slowPly is the time of a random ply above which the match test would
// not fit its time budget; an engine that slow is skipped, with a message.
const slowPly = 50 * time.Microsecond

func engineTests[P boardrules.Position[P, M], M boardrules.Move](t *testing.T, start P, games, nodes int) {
	began := time.Now()
	_, moves := boardrules.Playout(start, rand.New(rand.NewPCG(1, 1)), 20)
	if d := time.Since(began) / time.Duration(max(1, len(moves))); d > slowPly {
		t.Skipf("a random ply takes %v (over %v): too slow for %d games of MCTS", d, slowPly, games)
	}
	t.Run("BeatsRandom", func(t *testing.T) { beatsRandom(t, start, games, bots.Options{Nodes: nodes}) })
	t.Run("Deterministic", func(t *testing.T) { deterministic(t, start) })
	t.Run("NoAllocations", func(t *testing.T) { noAllocations(t, start) })
}
