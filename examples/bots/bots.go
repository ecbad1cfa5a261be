package bots

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/boardrules/boardrules"
)

// Searcher chooses a move for the side to move, with the engine's own
// types.
//
// Choose searches until its budget (Options) is spent or ctx is done,
// whichever comes first, and returns the best move it has found by then:
// a search cut short by ctx still answers with a move, which the caller
// may play or drop (ctx.Err() tells it was cut). It returns an error only
// when it has no move at all: one wrapping boardrules.ErrGameOver when the
// game has ended, one wrapping ctx.Err() when ctx is done before the
// search begins.
type Searcher[P boardrules.Position[P, M], M comparable] interface {
	Choose(ctx context.Context, p P) (M, error)
	Stats() Stats
}

// Options configure the bots. The zero value is usable: each field left
// zero takes the game's default (see Defaults) or, for a game this package
// does not know, the package-wide default below.
type Options struct {
	Seed uint64 // seeds the bot's random source

	// The budget. MCTS runs Nodes iterations and alpha-beta searches to
	// Depth plies; Time bounds either (whichever ends first). With neither
	// a count nor Time the game's default count applies; with Time alone
	// MCTS has no iteration limit and alpha-beta deepens until the time is
	// spent (to MaxDepth at most).
	Nodes int           // MCTS: iterations per move (each adds at most one node and runs one playout)
	Depth int           // alpha-beta: the depth of the last iteration of its iterative deepening
	Time  time.Duration // every bot: time per move

	// Eval names the evaluation of MCTS and alpha-beta: "" for the game's
	// own (EvaluatorOf), else one of the game's others (Evaluations), such
	// as Tumbling Down's "material". A name the game lacks is an error of
	// New and NewSearcher, or of Move when the game is known only then.
	Eval string

	// MCTS only.
	MaxPlies int     // a playout stops after this many plies, counted as a draw (default DefaultMaxPlies)
	C        float64 // the exploration constant of UCT (default DefaultC)
	// Cut ends a playout after this many plies and scores its position
	// with the game's evaluation (see Evaluator): 0 takes the game's
	// default, NoPlayout plays no ply (the evaluation scores the new node
	// itself), any other negative value plays every playout to its end
	// (or to MaxPlies). A game without an evaluation never cuts.
	Cut int
	// Squash turns an evaluation into a reward: seat i's reward is the
	// softmax of Evaluate(p, i)/Squash over the seats, in a two-player
	// game the logistic 1/(1+e^(-v/Squash)) of seat 0's score v. A score
	// of Squash is worth 0.73 of a win. 0 takes the game's default.
	Squash float64
	// Minimax weighs the implicit minimax value of a node against the
	// mean of its rewards in the selection, in a two-player game with an
	// evaluation (see the package doc, MCTS): 0 takes the game's default,
	// a negative value uses the means alone.
	Minimax float64
	// Contempt makes a draw worth less than half a win to the side that
	// stands better at the root and more to the other: a draw is worth
	// 1/2 + Contempt (1/2 - v) to the seat to move at the root, v its
	// value of the root (the squashed evaluation of the root, then, as
	// the search goes, the mean reward of its most visited move), in a
	// two-player game with an evaluation; and a side that stands better
	// does not play a move whose reply can draw at once while another is
	// worth more than the draw. 0 takes the game's default, a negative
	// value none (a draw is worth 1/2 to both).
	Contempt float64
}

// NoPlayout, as Options.Cut, scores each new node of MCTS by the
// evaluation of its own position, with no random ply.
const NoPlayout = -2

// The package-wide defaults of Options, for games without their own (see
// Defaults).
const (
	DefaultNodes    = 1000
	DefaultDepth    = 2
	DefaultMaxPlies = 300
	DefaultC        = 1.0
	// MaxDepth bounds alpha-beta's iterative deepening under a Time budget
	// alone.
	MaxDepth = 64
)

func (o Options) rand() *rand.Rand {
	return rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))
}

// Stats count a bot's work since it was made.
type Stats struct {
	Moves    int           // moves chosen
	Playouts int64         // MCTS playouts run
	Plies    int64         // plies played in those playouts
	Nodes    int64         // alpha-beta: positions searched
	Depth    int64         // alpha-beta: the depths completed, summed over the moves
	Time     time.Duration // time spent choosing
}

// PlayoutsPerSecond is Playouts over Time, 0 when no time was spent.
func (s Stats) PlayoutsPerSecond() float64 {
	if s.Time <= 0 {
		return 0
	}
	return float64(s.Playouts) / s.Time.Seconds()
}

// Add returns the sum of s and t.
func (s Stats) Add(t Stats) Stats {
	return Stats{
		Moves: s.Moves + t.Moves, Playouts: s.Playouts + t.Playouts, Plies: s.Plies + t.Plies,
		Nodes: s.Nodes + t.Nodes, Depth: s.Depth + t.Depth, Time: s.Time + t.Time,
	}
}

func gameOver(p interface{ Outcome() boardrules.Outcome }) error {
	return fmt.Errorf("%w: no move to choose (%s)", boardrules.ErrGameOver, p.Outcome().Reason)
}

// Random plays a uniformly random legal move.
//
// A position whose moves cannot all be listed within the time (a crowded
// Crumble board has millions) gets a move of the engine's sampler
// (boardrules.Sampler: every move can come, not all equally), or without
// one a uniform choice among the moves listed by then.
type Random[P boardrules.Position[P, M], M comparable] struct {
	r      *rand.Rand
	time   time.Duration
	clk    clock
	stream bool
	sample func(P, *rand.Rand) (M, bool)
	buf    []M
	stats  Stats
}

// NewRandom returns a random bot; only o.Seed and o.Time matter.
func NewRandom[P boardrules.Position[P, M], M comparable](o Options) *Random[P, M] {
	return &Random[P, M]{r: o.rand(), time: o.Time, stream: streamsMoves[P](), sample: samplerOf[P, M]()}
}

// Choose returns a uniformly random legal move of p.
func (b *Random[P, M]) Choose(ctx context.Context, p P) (M, error) {
	start := time.Now()
	defer func() { b.stats.Time += time.Since(start) }()
	var none M
	if err := b.clk.begin(ctx, b.time); err != nil {
		return none, err
	}
	// a reservoir of one: a uniform choice among the moves seen
	buf, l := appendMoves(&b.clk, p, b.buf[:0], b.stream, 1, b.r, nil)
	b.buf = buf
	if l.seen == 0 {
		return none, gameOver(p)
	}
	b.stats.Moves++
	if l.cut && b.sample != nil {
		if m, ok := b.sample(p, b.r); ok {
			return m, nil
		}
	}
	if !b.stream {
		return b.buf[b.r.IntN(len(b.buf))], nil
	}
	return b.buf[0], nil
}

// Stats returns the bot's counts.
func (b *Random[P, M]) Stats() Stats { return b.stats }

// Greedy looks two plies ahead, for tactics only: a move that wins now;
// else a move after which the opponent cannot win at once (a safe move),
// preferring one that keeps the game going to one that draws; else a draw;
// else the move that leaves the opponent the fewest winning replies; a
// move that loses at once last. Random among equals.
//
// Options.Time bounds it: when the time runs out it plays the best move
// it knows of by then, a move not yet found unsafe before a draw, a draw
// before a move found unsafe (see the package doc, Tactics).
type Greedy[P boardrules.Position[P, M], M comparable] struct {
	r     *rand.Rand
	time  time.Duration
	clk   clock
	lclk  clock // the listing's: half the time
	t     tactics[P, M]
	pc    pacer
	buf   []M
	on    []M // the moves that go on, in the random order
	bad   []M // the moves found unsafe
	stats Stats
}

// NewGreedy returns a greedy bot; only o.Seed and o.Time matter.
func NewGreedy[P boardrules.Position[P, M], M comparable](o Options) *Greedy[P, M] {
	b := &Greedy[P, M]{r: o.rand(), time: o.Time, t: newTactics[P, M]()}
	b.t.clk = &b.clk
	return b
}

// Choose returns the best move of p two plies ahead, by the order above.
func (b *Greedy[P, M]) Choose(ctx context.Context, p P) (M, error) {
	start := time.Now()
	defer func() { b.stats.Time += time.Since(start) }()
	var none M
	if err := b.clk.begin(ctx, b.time); err != nil {
		return none, err
	}
	// The moves, but a listing that would take more than half the time
	// is cut; with the moves' own flag of a win, the first win listed.
	b.lclk = b.clk.part(0.5)
	buf, l := appendMoves(&b.lclk, p, b.buf[:0], b.t.stream, maxRootMoves, b.r, b.t.wins)
	b.buf = buf
	if l.seen == 0 {
		return none, gameOver(p)
	}
	b.stats.Moves++
	if l.hit >= 0 {
		return b.buf[l.hit], nil
	}
	me := p.ToMove()
	// A random order: the first win, or the first safe move, of a random
	// order is a uniform choice among them, found without trying them all.
	b.r.Shuffle(len(b.buf), func(i, j int) { b.buf[i], b.buf[j] = b.buf[j], b.buf[i] })
	// Each move by its immediate result: a win is played at once; the
	// moves that go on are tried for safety (at once when the moves' own
	// flag has ruled out the wins, else once every move is known not to
	// win); a draw or a loss is kept for the end.
	b.on, b.bad = b.on[:0], b.bad[:0]
	var draw, loss M
	var draws, losses bool
	k, unknown := 0, 0 // b.on[unknown:] are not known to be unsafe
	for ; k < len(b.buf); k++ {
		if k > 0 && b.clk.poll(&b.pc) {
			break
		}
		m := b.buf[k]
		q := p.PlayUnchecked(m)
		switch over, w := ended(q); {
		case !over && b.t.wins != nil:
			if safe, done := b.safe(q); safe {
				return m, nil
			} else if done {
				b.bad = append(b.bad, m)
			} else {
				b.on = append(b.on, m) // the clock cut its check
			}
		case !over:
			b.on = append(b.on, m)
		case w == me:
			return m, nil
		case w == boardrules.NoPlayer && !draws:
			draw, draws = m, true
		case w != boardrules.NoPlayer && !losses:
			loss, losses = m, true
		}
	}
	if b.t.wins == nil && k == len(b.buf) {
		// every move was tried, none wins: the safety of those that go on
		for ; unknown < len(b.on); unknown++ {
			m := b.on[unknown]
			safe, done := b.safe(p.PlayUnchecked(m))
			if safe {
				return m, nil
			}
			if !done {
				break
			}
			b.bad = append(b.bad, m)
		}
	}
	switch {
	case unknown < len(b.on): // not known to be unsafe: the clock ran out first
		return b.on[unknown], nil
	case k < len(b.buf): // not tried at all
		return b.buf[k], nil
	case draws:
		return draw, nil
	case len(b.bad) > 0:
		return b.t.fewestThreats(p, b.bad, nil), nil
	}
	return loss, nil
}

// safe reports whether the next player in q has no move that wins at
// once, and whether the check was done (not cut by the clock).
func (b *Greedy[P, M]) safe(q P) (safe, done bool) {
	win, known := b.t.hasWin(q)
	return known && !win, known
}

// Stats returns the bot's counts.
func (b *Greedy[P, M]) Stats() Stats { return b.stats }

// Kinds are the bot names New and NewSearcher accept.
var Kinds = []string{"random", "greedy", "mcts", "alphabeta"}

// Budgets names the budgets a kind of bot (one of Kinds) takes, as the
// Options fields are named in lower case: "time" for every kind, "nodes"
// for mcts, "depth" for alphabeta. Programs refuse a budget the kind would
// ignore; nil for a kind not in Kinds.
func Budgets(kind string) []string {
	switch kind {
	case "random", "greedy":
		return []string{"time"}
	case "mcts":
		return []string{"nodes", "time"}
	case "alphabeta":
		return []string{"depth", "time"}
	}
	return nil
}

// NewSearcher returns the bot of that kind (one of Kinds) for one engine's
// types, with the game's own evaluation and defaults (see Defaults).
func NewSearcher[P boardrules.Position[P, M], M comparable](kind string, o Options) (Searcher[P, M], error) {
	if _, ok := evaluatorFor[P](o); !ok {
		return nil, fmt.Errorf("this game has no evaluation %q", o.Eval)
	}
	switch kind {
	case "random":
		return NewRandom[P, M](o), nil
	case "greedy":
		return NewGreedy[P, M](o), nil
	case "mcts":
		return NewMCTS[P, M](o), nil
	case "alphabeta":
		return NewAlphaBeta[P, M](o), nil
	}
	return nil, fmt.Errorf("unknown bot %q (known: random, greedy, mcts, alphabeta)", kind)
}
