package bots

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// Evaluator scores a position of an engine of type P for one seat: a
// heuristic of how good p is for pl, above 0 good, below 0 bad, in the
// evaluation's own units (each game's evaluation names them). MCTS scores
// the playouts it cuts short with it (Options.Cut, Options.Squash) and
// alpha-beta its leaves.
//
// A two-player evaluation must be antisymmetric, Evaluate(p, 0) ==
// -Evaluate(p, 1): the searches ask for one seat's view and take the
// other's as its negation. In a game of three or four, a seat that is out
// scores far below every seat still playing. Evaluate is called on
// positions whose game goes on; the searches score ended games themselves.
type Evaluator[P any] interface {
	Evaluate(p P, pl boardrules.Player) float64
}

// EvalFunc makes a function an Evaluator.
type EvalFunc[P any] func(p P, pl boardrules.Player) float64

// Evaluate calls f.
func (f EvalFunc[P]) Evaluate(p P, pl boardrules.Player) float64 { return f(p, pl) }

// EvaluatorOf returns this package's evaluation of the engine type P (one
// of TumblingEval, FloopRailEval, TerraceEval and CrumbleEval), or nil for
// a type it does not know. NewMCTS and NewAlphaBeta start with it; their
// SetEvaluator replaces it.
func EvaluatorOf[P any]() Evaluator[P] {
	e, _ := tuningOf[P]().eval.(Evaluator[P])
	return e
}

// Defaults are the settings of a game that Options fields left zero take:
// MCTS's iterations, cut and squash, alpha-beta's depth. The budgets were
// chosen by measurement so that a move takes about a second or less on the
// project's machine (see the package doc, Budgets).
type Defaults struct {
	Nodes   int     // MCTS iterations per move
	Cut     int     // MCTS playout plies before the evaluation (-1: never cut; NoPlayout: none)
	Squash  float64 // MCTS evaluation scale
	Minimax float64 // MCTS weight of the implicit minimax values (-1: none)
	// MCTS contempt for a draw when ahead at the root (-1: none)
	Contempt float64
	Depth    int // alpha-beta depth
}

// DefaultTime is the cap the programs (examples/play, examples/arena) put
// on a default budget: the game's count or DefaultTime, whichever ends
// first. The counts fit most moves within it; the cap bounds the others
// (a Crumble middle game with hundreds of pieces).
const DefaultTime = time.Second

// DefaultsOf returns the defaults of the game by its registry name
// ("tumbling", "flooprail", "terrace", "crumble"), and the package-wide
// ones for any other name.
func DefaultsOf(game string) Defaults {
	if d, ok := gameDefaults[game]; ok {
		return d
	}
	return Defaults{Nodes: DefaultNodes, Cut: -1, Squash: 1, Minimax: -1, Contempt: -1, Depth: DefaultDepth}
}

// gameDefaults are the measured defaults of the four games; the package
// doc gives the measurements.
var gameDefaults = map[string]Defaults{
	tumbling.Name:  {Nodes: 200000, Cut: 1, Squash: 4, Minimax: 0.6, Contempt: -1, Depth: 2},
	flooprail.Name: {Nodes: 20000, Cut: 8, Squash: 2, Minimax: -1, Contempt: -1, Depth: 6},
	terrace.Name:   {Nodes: 100000, Cut: 8, Squash: 3, Minimax: -1, Contempt: -1, Depth: 3},
	crumble.Name:   {Nodes: 50000, Cut: NoPlayout, Squash: 1, Minimax: 0.5, Contempt: 1, Depth: 2},
}

// tuning is what a searcher of engine type P starts from: the game's
// evaluation (an Evaluator[P], nil for an unknown type) and defaults, and
// its other evaluations by name (Options.Eval).
type tuning struct {
	eval  any
	named map[string]any
	Defaults
}

// namedEvals are the evaluations besides each game's own, by the name
// Options.Eval gives.
var namedEvals = map[string]map[string]any{
	tumbling.Name: {"material": TumblingMaterial{}},
}

// Evaluations lists the names Options.Eval accepts for the game by its
// registry name: "" (its own evaluation) and those it has besides, such as
// Tumbling Down's "material".
func Evaluations(game string) []string {
	names := []string{""}
	for name := range namedEvals[game] {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// evaluatorFor returns the evaluation of type P that o.Eval names, and
// whether P's game has it.
func evaluatorFor[P any](o Options) (Evaluator[P], bool) {
	tn := tuningOf[P]()
	if o.Eval == "" {
		e, _ := tn.eval.(Evaluator[P])
		return e, true
	}
	e, ok := tn.named[o.Eval].(Evaluator[P])
	return e, ok
}

// tuningOf finds P's game. The evaluations are values of types without
// state, so the conversions allocate nothing.
func tuningOf[P any]() tuning {
	switch any(*new(P)).(type) {
	case tumbling.Position:
		return tuning{TumblingEval{}, namedEvals[tumbling.Name], gameDefaults[tumbling.Name]}
	case flooprail.Position:
		return tuning{FloopRailEval{}, nil, gameDefaults[flooprail.Name]}
	case terrace.Position:
		return tuning{TerraceEval{}, nil, gameDefaults[terrace.Name]}
	case crumble.Position:
		return tuning{CrumbleEval{}, nil, gameDefaults[crumble.Name]}
	}
	return tuning{nil, nil, DefaultsOf("")}
}

// squash turns one evaluation of a two-player position, from seat 0's
// view, into seat 0's reward.
func squash(v, scale float64) float64 {
	return 1 / (1 + math.Exp(-v/scale))
}

// DefaultsList lists one default of each game this package knows, by
// name, for help texts: DefaultsList(func(d Defaults) int { return d.Depth })
// is "crumble 2, flooprail 6, terrace 3, tumbling 2".
func DefaultsList[T int | float64](field func(Defaults) T) string {
	names := make([]string, 0, len(gameDefaults))
	for name := range gameDefaults {
		names = append(names, name)
	}
	slices.Sort(names)
	for i, name := range names {
		names[i] = fmt.Sprintf("%s %v", name, field(gameDefaults[name]))
	}
	return strings.Join(names, ", ")
}
