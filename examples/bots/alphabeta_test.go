package bots_test

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"slices"
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

// minimax is the value of p for seat me searched depth plies deeper, by
// plain minimax (paranoid in a game of three or four), scored as
// alpha-beta scores: a win at ply d is WinScore-d, a draw 0, a leaf its
// evaluation clamped to EvalMax.
func minimax[P boardrules.Position[P, M], M comparable](p P, e bots.Evaluator[P], me boardrules.Player, depth, ply int) float64 {
	if p.ToMove() == boardrules.NoPlayer {
		switch o := p.Outcome(); {
		case o.Status != boardrules.Win:
			return 0
		case o.Winner == me:
			return bots.WinScore - float64(ply)
		}
		return -bots.WinScore + float64(ply)
	}
	if depth == 0 {
		return math.Max(-bots.EvalMax, math.Min(bots.EvalMax, e.Evaluate(p, me)))
	}
	maxing := p.ToMove() == me
	best := math.Inf(1)
	if maxing {
		best = math.Inf(-1)
	}
	for _, m := range p.LegalMoves() {
		v := minimax(p.PlayUnchecked(m), e, me, depth-1, ply+1)
		if maxing {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// matchesMinimax: on positions of seeded random games, alpha-beta's value
// equals plain minimax's with the same evaluation: at depth 2 with its
// transposition table (no position can come back within two plies, so the
// table only orders moves), and at depth 3 without it (a position met
// again deeper may take the table's deeper value, which is the point of
// the table, but is not minimax's). Pruning and move ordering must not
// change the value. The wide games (Tumbling Down, Crumble) are checked at
// depth 2 only: minimax at depth 3 takes minutes there.
func matchesMinimax[P boardrules.Position[P, M], M comparable](t *testing.T, start P, positions, maxDepth int) {
	e := bots.EvaluatorOf[P]()
	r := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < positions; i++ {
		p, _ := boardrules.Playout(start, r, 5+r.IntN(30))
		if p.ToMove() == boardrules.NoPlayer {
			continue
		}
		for _, c := range []struct {
			depth   int
			noTable bool
		}{{2, false}, {3, true}} {
			if c.depth > maxDepth {
				continue
			}
			s := bots.NewAlphaBeta[P, M](bots.Options{Seed: 1, Depth: c.depth})
			if c.noTable {
				bots.NoTable(s)
			}
			m, err := s.Choose(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.LegalMoves()) == 1 {
				continue // played at once, unsearched
			}
			want := minimax(p, e, p.ToMove(), c.depth, 0)
			if got := bots.LastValue(s); got != want {
				t.Errorf("depth %d (table %v): alpha-beta's value %v, minimax's %v\n%v", c.depth, !c.noTable, got, want, p)
			}
			// and the move has that value
			if v := minimax(p.PlayUnchecked(m), e, p.ToMove(), c.depth-1, 1); v != want {
				t.Errorf("depth %d: the move played, %v, is worth %v, the best %v", c.depth, m, v, want)
			}
		}
	}
}

func TestAlphaBetaMatchesMinimax(t *testing.T) {
	n := 8
	if testing.Short() {
		n = 2
	}
	t.Run("tumbling", func(t *testing.T) { matchesMinimax(t, tumbling.Standard(), n, 2) })
	t.Run("flooprail", func(t *testing.T) { matchesMinimax(t, flooprail.Standard(), n, 3) })
	t.Run("terrace", func(t *testing.T) { matchesMinimax(t, terrace.Standard(), n, 3) })
	t.Run("terrace-6-3p", func(t *testing.T) {
		p, _ := terrace.New(terrace.Variant{Board: 6, Players: 3})
		matchesMinimax(t, p, n, 3)
	})
	t.Run("crumble-4x4", func(t *testing.T) {
		p, _ := crumble.New(crumble.Variant{Width: 4, Height: 4})
		matchesMinimax(t, p, n, 2)
	})
}

// TestAlphaBetaSeesAForcedLoss: in trapGame, "trap" loses by force in four
// plies (seat 1's reply r29, then any move of seat 0 lets seat 1 win).
// Alpha-beta at depth 4 sees it and draws with "safe"; at depth 2 it sees
// only that "trap" gives seat 1 no win at once, and with no evaluation
// both moves are worth 0 at that depth.
func TestAlphaBetaSeesAForcedLoss(t *testing.T) {
	tb := trapGame()
	for seed := range uint64(5) {
		s := bots.NewAlphaBeta[tablePos, tableMove](bots.Options{Seed: seed, Depth: 4})
		if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != "safe" {
			t.Errorf("seed %d: %v, %v; want safe", seed, m, err)
		}
		if v := bots.LastValue(s); v != 0 {
			t.Errorf("seed %d: value %v, want 0 (a draw)", seed, v)
		}
	}
}

// TestAlphaBetaIsParanoid: with three seats, alpha-beta assumes that every
// other seat plays against the one searching. Seat 0 chooses between a
// sure draw and letting seat 1, which loses either way, choose whether
// seat 0 or seat 2 wins: paranoid takes the draw, where MCTS, counting
// each seat's own reward, gambles (TestMCTSRewardsEachSeat).
func TestAlphaBetaIsParanoid(t *testing.T) {
	tb := &table{players: 3, spots: map[string]spot{
		"gamble or draw": {toMove: 0, moves: []string{"draw>drawn", "gamble>seat 1"}},
		"seat 1":         {toMove: 1, moves: []string{"a>won by 0", "b>won by 2"}},
		"drawn":          {end: draw},
		"won by 0":       {end: win(0)},
		"won by 2":       {end: win(2)},
	}}
	s := bots.NewAlphaBeta[tablePos, tableMove](bots.Options{Seed: 1, Depth: 2})
	if m, err := s.Choose(context.Background(), tb.start("gamble or draw")); err != nil || m != "draw" {
		t.Errorf("%v, %v; want draw", m, err)
	}
}

// slowTree is a game of six moves a turn that never ends, each move
// costing plyCost, with an evaluation as good as random: alpha-beta prunes
// little of it, so each iteration costs some three times the last.
type slowTree struct {
	h      uint64
	toMove boardrules.Player
}

func (p slowTree) Players() int                  { return 2 }
func (p slowTree) ToMove() boardrules.Player     { return p.toMove }
func (p slowTree) LegalMoves() []step            { return p.AppendLegalMoves(nil) }
func (p slowTree) LegalMovesSeq() iter.Seq[step] { return slices.Values(p.LegalMoves()) }

func (p slowTree) AppendLegalMoves(dst []step) []step {
	return append(dst, 0, 1, 2, 3, 4, 5)
}
func (p slowTree) PlayUnchecked(m step) slowTree {
	spin(plyCost)
	return slowTree{(p.h + uint64(m) + 1) * 0x9e3779b97f4a7c15, 1 - p.toMove}
}
func (p slowTree) Play(m step) (slowTree, error)    { return p.PlayUnchecked(m), nil }
func (p slowTree) ParseMove(s string) (step, error) { n, err := strconv.Atoi(s); return step(n), err }
func (p slowTree) Outcome() boardrules.Outcome {
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}
func (p slowTree) Hash() uint64   { return p.h }
func (p slowTree) String() string { return strconv.FormatUint(p.h, 16) }

// TestAlphaBetaKeepsItsTime: a Time budget ends the deepening: an
// iteration that the time cuts short is dropped, and the search returns
// within the budget and the margin of the clock test
// (TestBotsKeepTheirTime). In slowTree the iteration running when 100 ms
// end (the fourth, begun before half the time was spent) would take some
// 100 ms more if it were let finish.
func TestAlphaBetaKeepsItsTime(t *testing.T) {
	const budget = 100 * time.Millisecond
	s := bots.NewAlphaBeta[slowTree, step](bots.Options{Seed: 1, Time: budget})
	s.SetEvaluator(bots.EvalFunc[slowTree](func(p slowTree, pl boardrules.Player) float64 {
		v := float64(p.h>>40) / (1 << 24)
		if pl == 1 {
			return -v
		}
		return v
	}))
	// A pause that is not the search's own (see keepsTime) does not come
	// back on every try; a clock that is not kept does.
	var o overrun
	for try := 1; try <= overrunTries; try++ {
		o = measure(budget, func() {
			if _, err := s.Choose(context.Background(), slowTree{h: 1}); err != nil {
				t.Fatal(err)
			}
		})
		if !o.over(margin(budget)) {
			break
		}
		if try == overrunTries {
			t.Errorf("a %v search overran %d times in a row: %v (depth %d)", budget, try, o, s.Stats().Depth)
		}
	}
	t.Logf("%v, depth %d, %d nodes", o, s.Stats().Depth, s.Stats().Nodes)
	if d := s.Stats().Depth; d < 1 {
		t.Errorf("depth %d completed, want at least the first iteration", d)
	}
}

// TestAlphaBetaDropsACutIteration: an iteration cut short is dropped: the
// search answers the best move of the last iteration it completed and
// counts its depth. The cut comes from the context, cancelled by the
// evaluation at its last call but one of the third iteration, when the
// third has found its own best move (the search notices it at the next
// node, the last), so that where it falls does not depend on the
// machine's speed.
func TestAlphaBetaDropsACutIteration(t *testing.T) {
	calls := 0
	var cancel context.CancelFunc
	cutAt := -1
	eval := bots.EvalFunc[slowTree](func(p slowTree, pl boardrules.Player) float64 {
		if calls++; calls == cutAt {
			cancel()
		}
		v := float64(p.h>>40) / (1 << 24)
		if pl == 1 {
			return -v
		}
		return v
	})
	two := bots.NewAlphaBeta[slowTree, step](bots.Options{Seed: 1, Depth: 2})
	two.SetEvaluator(eval)
	want, err := two.Choose(context.Background(), slowTree{h: 1})
	if err != nil {
		t.Fatal(err)
	}
	calls = 0
	three := bots.NewAlphaBeta[slowTree, step](bots.Options{Seed: 1, Depth: 3})
	three.SetEvaluator(eval)
	if m, err := three.Choose(context.Background(), slowTree{h: 1}); err != nil || m == want {
		t.Fatalf("the third iteration chooses %v (%v), the second %v: the test needs them to differ", m, err, want)
	}
	cutAt, calls = calls-1, 0
	var ctx context.Context
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	s := bots.NewAlphaBeta[slowTree, step](bots.Options{Seed: 1, Depth: 3})
	s.SetEvaluator(eval)
	got, err := s.Choose(ctx, slowTree{h: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got != want || s.Stats().Depth != 2 {
		t.Errorf("cut in its third iteration, the search chose %v at depth %d; want %v, the second's best, at depth 2", got, s.Stats().Depth, want)
	}
}

// TestAlphaBetaStopsDeepeningAtHalfItsTime: no iteration begins once half
// the time is spent, since the next would take longer than the rest (each
// level of slowTree costs some three times the last). The budgets double
// from 20 to 320 ms, so that whatever the machine's speed some iteration
// ends between half a budget and the whole of it.
func TestAlphaBetaStopsDeepeningAtHalfItsTime(t *testing.T) {
	for budget := 20 * time.Millisecond; budget <= 320*time.Millisecond; budget *= 2 {
		s := bots.NewAlphaBeta[slowTree, step](bots.Options{Seed: 1, Time: budget})
		s.SetEvaluator(bots.EvalFunc[slowTree](func(p slowTree, pl boardrules.Player) float64 { return 0 }))
		if _, err := s.Choose(context.Background(), slowTree{h: 1}); err != nil {
			t.Fatal(err)
		}
		for _, at := range bots.Deepened(s) {
			if at >= budget/2 {
				t.Errorf("a %v search began an iteration at %v: %v", budget, at, bots.Deepened(s))
			}
		}
	}
}

// TestAlphaBetaKeepsTheBestOfACutFirstIteration: when the time ends the
// first iteration, the move played is the best of the moves it searched:
// every root move leads to a position whose evaluation, slow here, is a
// known number, and the search has time for a few of the hundred.
func TestAlphaBetaKeepsTheBestOfACutFirstIteration(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{}}
	var next []string
	score := map[string]float64{}
	for i := range 100 {
		at := fmt.Sprintf("P%d", i)
		tb.spots[at] = spot{toMove: 1, moves: []string{"z>" + at}}
		score[at] = float64((i * 37) % 100)
		next = append(next, at)
	}
	tb.fan("start", 0, "m", next...)
	// Five searches cut in their first iteration, of at most twenty: on a
	// busy machine the time can end before the first move is searched.
	cut := 0
	for seed := uint64(0); seed < 20 && cut < 5; seed++ {
		var seen []string
		s := bots.NewAlphaBeta[tablePos, tableMove](bots.Options{Seed: seed, Time: 20 * time.Millisecond})
		s.SetEvaluator(bots.EvalFunc[tablePos](func(p tablePos, pl boardrules.Player) float64 {
			spin(time.Millisecond)
			seen = append(seen, p.at)
			if pl == 1 {
				return -score[p.at]
			}
			return score[p.at]
		}))
		m, err := s.Choose(context.Background(), tb.start("start"))
		if err != nil {
			t.Fatal(err)
		}
		if len(seen) == 0 || len(seen) == 100 {
			continue // no move searched, or all (a machine far faster than this test was written for)
		}
		cut++
		best := seen[0]
		for _, at := range seen {
			if score[at] > score[best] {
				best = at
			}
		}
		if got := tb.start("start").PlayUnchecked(m).at; got != best {
			t.Errorf("seed %d: played %v to %s (worth %v); the best of the %d searched was %s (%v)", seed, m, got, score[got], len(seen), best, score[best])
		}
	}
	if cut == 0 {
		t.Error("no search was cut in its first iteration with some moves searched")
	}
}

// TestAlphaBetaTakesTheFastestWin: of a win at once and a win in three
// plies, alpha-beta plays the win at once and scores it WinScore - 1; of
// a loss in two plies and a loss in four, it puts the loss off.
func TestAlphaBetaTakesTheFastestWin(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"won by 0": {end: win(0)},
		"won by 1": {end: win(1)},
		"drawn":    {end: draw},
		"win":      {toMove: 0, moves: []string{"later>L1", "now>won by 0"}},
		"L1":       {toMove: 1, moves: []string{"x>L2"}},
		"L2":       {toMove: 0, moves: []string{"y>won by 0"}},
		"lose":     {toMove: 0, moves: []string{"soon>S1", "late>T1"}},
		"S1":       {toMove: 1, moves: []string{"x>won by 1"}},
		"T1":       {toMove: 1, moves: []string{"x>T2"}},
		"T2":       {toMove: 0, moves: []string{"y>T3"}},
		"T3":       {toMove: 1, moves: []string{"z>won by 1"}},
	}}
	for _, c := range []struct {
		at, want string
		value    float64
	}{{"win", "now", bots.WinScore - 1}, {"lose", "late", -bots.WinScore + 4}} {
		for seed := range uint64(4) {
			s := bots.NewAlphaBeta[tablePos, tableMove](bots.Options{Seed: seed, Depth: 4})
			m, err := s.Choose(context.Background(), tb.start(c.at))
			if err != nil || string(m) != c.want {
				t.Errorf("%s, seed %d: %v, %v; want %s", c.at, seed, m, err, c.want)
			}
			if v := bots.LastValue(s); v != c.value {
				t.Errorf("%s, seed %d: value %v, want %v", c.at, seed, v, c.value)
			}
		}
	}
}

// TestAlphaBetaTableKeepsTheValue: in a two-player game searched to depth
// 4, a position met twice is met at one depth (two moves of different
// sides cannot undo each other, and neither the root nor the leaves are
// stored), so the transposition table saves work without changing the
// value: with and without it, the values are equal. Terrace's middle game
// and FloopRail's endings, where SooperFloopers roam, meet many positions
// twice.
func TestAlphaBetaTableKeepsTheValue(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 4
	}
	t.Run("terrace", func(t *testing.T) { tableKeepsTheValue(t, terrace.Standard(), n, 4, 40) })
	t.Run("flooprail", func(t *testing.T) { tableKeepsTheValue(t, flooprail.Standard(), n, 40, 80) })
}

// tableKeepsTheValue compares the values with and without the table at
// depth 4 in n positions of seeded random games, from plies from to to.
func tableKeepsTheValue[P boardrules.Position[P, M], M comparable](t *testing.T, start P, n, from, to int) {
	r := rand.New(rand.NewPCG(6, 6))
	hits := 0
	for range n {
		p, _ := boardrules.Playout(start, r, from+r.IntN(to-from))
		if p.ToMove() == boardrules.NoPlayer || len(p.LegalMoves()) < 2 {
			continue
		}
		with := bots.NewAlphaBeta[P, M](bots.Options{Seed: 1, Depth: 4})
		without := bots.NewAlphaBeta[P, M](bots.Options{Seed: 1, Depth: 4})
		bots.NoTable(without)
		with.Choose(context.Background(), p)
		without.Choose(context.Background(), p)
		if a, b := bots.LastValue(with), bots.LastValue(without); a != b {
			t.Errorf("with the table %v, without %v\n%v", a, b, p)
		}
		if with.Stats().Nodes < without.Stats().Nodes {
			hits++
		}
	}
	t.Logf("the table saved nodes in %d of %d positions", hits, n)
}

// TestAlphaBetaIsDeterministic: a Depth budget and a seed give the same
// moves; other seeds choose otherwise among moves of equal value.
func TestAlphaBetaIsDeterministic(t *testing.T) {
	play := func(seed uint64) []tumbling.Move {
		s := bots.NewAlphaBeta[tumbling.Position, tumbling.Move](bots.Options{Seed: seed, Depth: 2})
		var moves []tumbling.Move
		p := tumbling.Standard()
		for range 8 {
			m, err := s.Choose(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			p = p.PlayUnchecked(m)
		}
		return moves
	}
	a, b := play(3), play(3)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("two runs of seed 3 differ at move %d: %v and %v", i+1, a, b)
		}
	}
}
