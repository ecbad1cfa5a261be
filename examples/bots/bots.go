package bots

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/boardrules/boardrules"
)

// Searcher chooses a move for the side to move, with the engine's own
// types. Choose returns an error wrapping boardrules.ErrGameOver when the
// game has ended.
type Searcher[P boardrules.Position[P, M], M boardrules.Move] interface {
	Choose(p P) (M, error)
	Stats() Stats
}

// Options configure the bots. The zero value is usable: MCTS then runs
// DefaultNodes iterations per move.
type Options struct {
	Seed     uint64        // seeds the bot's random source
	Nodes    int           // MCTS: iterations per move (each adds at most one node and runs one playout)
	Time     time.Duration // MCTS: time per move; with Nodes too, whichever ends first
	MaxPlies int           // MCTS: a playout stops after this many plies, counted as a draw (default DefaultMaxPlies)
	C        float64       // MCTS: exploration constant of UCT (default DefaultC)
}

// The defaults of Options.
const (
	DefaultNodes    = 1000
	DefaultMaxPlies = 300
	DefaultC        = 1.0
)

func (o Options) withDefaults() Options {
	if o.Nodes <= 0 && o.Time <= 0 {
		o.Nodes = DefaultNodes
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = DefaultMaxPlies
	}
	if o.C <= 0 {
		o.C = DefaultC
	}
	return o
}

func (o Options) rand() *rand.Rand {
	return rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))
}

// Stats count a bot's work since it was made.
type Stats struct {
	Moves    int           // moves chosen
	Playouts int64         // MCTS playouts run
	Plies    int64         // plies played in those playouts
	Time     time.Duration // time spent choosing
}

// PlayoutsPerSecond is Playouts over Time, 0 when no time was spent.
func (s Stats) PlayoutsPerSecond() float64 {
	if s.Time <= 0 {
		return 0
	}
	return float64(s.Playouts) / s.Time.Seconds()
}

func gameOver(p interface{ Outcome() boardrules.Outcome }) error {
	return fmt.Errorf("%w: no move to choose (%s)", boardrules.ErrGameOver, p.Outcome().Reason)
}

// Random plays a uniformly random legal move.
type Random[P boardrules.Position[P, M], M boardrules.Move] struct {
	r     *rand.Rand
	buf   []M
	stats Stats
}

// NewRandom returns a random bot; only o.Seed matters.
func NewRandom[P boardrules.Position[P, M], M boardrules.Move](o Options) *Random[P, M] {
	return &Random[P, M]{r: o.rand()}
}

// Choose returns a uniformly random legal move of p.
func (b *Random[P, M]) Choose(p P) (M, error) {
	start := time.Now()
	defer func() { b.stats.Time += time.Since(start) }()
	b.buf = p.AppendLegalMoves(b.buf[:0])
	if len(b.buf) == 0 {
		var none M
		return none, gameOver(p)
	}
	b.stats.Moves++
	return b.buf[b.r.IntN(len(b.buf))], nil
}

// Stats returns the bot's counts.
func (b *Random[P, M]) Stats() Stats { return b.stats }

// Greedy looks one ply ahead: a move that wins now, else one that does not
// lose now, preferring one that keeps the game going to one that draws;
// random among equals.
type Greedy[P boardrules.Position[P, M], M boardrules.Move] struct {
	r     *rand.Rand
	buf   []M
	best  []M
	stats Stats
}

// NewGreedy returns a greedy one-ply bot; only o.Seed matters.
func NewGreedy[P boardrules.Position[P, M], M boardrules.Move](o Options) *Greedy[P, M] {
	return &Greedy[P, M]{r: o.rand()}
}

// The ranks of a move's immediate result for the side that plays it.
const (
	rankLoses = iota
	rankDraws
	rankGoesOn
	rankWins
)

// oneplyRank ranks the position q reached by a move of seat me.
func oneplyRank(o boardrules.Outcome, me boardrules.Player) int {
	switch {
	case o.Status == boardrules.Ongoing:
		return rankGoesOn
	case o.Status == boardrules.Win && o.Winner == me:
		return rankWins
	case o.Status == boardrules.Win:
		return rankLoses
	}
	return rankDraws
}

// Choose returns the best move of p one ply ahead.
func (b *Greedy[P, M]) Choose(p P) (M, error) {
	start := time.Now()
	defer func() { b.stats.Time += time.Since(start) }()
	b.buf = p.AppendLegalMoves(b.buf[:0])
	if len(b.buf) == 0 {
		var none M
		return none, gameOver(p)
	}
	me := p.ToMove()
	bestRank := -1
	b.best = b.best[:0]
	for _, m := range b.buf {
		rank := oneplyRank(p.PlayUnchecked(m).Outcome(), me)
		if rank > bestRank {
			bestRank, b.best = rank, b.best[:0]
		}
		if rank == bestRank {
			b.best = append(b.best, m)
		}
	}
	b.stats.Moves++
	return b.best[b.r.IntN(len(b.best))], nil
}

// Stats returns the bot's counts.
func (b *Greedy[P, M]) Stats() Stats { return b.stats }

// Kinds are the bot names New and NewSearcher accept.
var Kinds = []string{"random", "greedy", "mcts"}

// NewSearcher returns the bot of that kind ("random", "greedy" or "mcts")
// for one engine's types.
func NewSearcher[P boardrules.Position[P, M], M boardrules.Move](kind string, o Options) (Searcher[P, M], error) {
	switch kind {
	case "random":
		return NewRandom[P, M](o), nil
	case "greedy":
		return NewGreedy[P, M](o), nil
	case "mcts":
		return NewMCTS[P, M](o), nil
	}
	return nil, fmt.Errorf("unknown bot %q (known: random, greedy, mcts)", kind)
}
