package bots_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
)

// fan adds to tb a position named at, seat toMove to move, with one move
// "<prefix><i>" to each of the positions next[i].
func (tb *table) fan(at string, toMove boardrules.Player, prefix string, next ...string) {
	tb.spots[at] = spot{toMove: toMove, moves: tb.fanMoves(prefix, next)}
}

// repeat returns n copies of s.
func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// unsafeGame: seat 0 chooses among nineteen moves after which seat 1 has
// one winning reply among thirty (the other 29 lose for it, so random
// playouts rate these moves near 97%) and one safe move that only draws.
// The safe move must be played.
func unsafeGame() *table { return unsafeGameTo("won by 0", "drawn") }

// unsafeGameTo is unsafeGame with the other 29 replies of each unsafe move
// leading to rest, and the safe move's one reply to after.
func unsafeGameTo(rest, after string) *table {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn":    {end: draw},
		"won by 0": {end: win(0)},
		"won by 1": {end: win(1)},
		"calm":     {toMove: 0, moves: []string{"x>calm"}},
		"safe":     {toMove: 1, moves: []string{"x>" + after}},
	}}
	var next []string
	for i := range 19 {
		at := fmt.Sprintf("unsafe%d", i)
		tb.fan(at, 1, "r", append(repeat(rest, 29), "won by 1")...)
		next = append(next, at)
	}
	tb.spots["start"] = spot{toMove: 0, moves: append(tb.fanMoves("u", next), "s>safe")}
	return tb
}

// fanMoves are the moves "<prefix><i>>next[i]".
func (tb *table) fanMoves(prefix string, next []string) []string {
	var moves []string
	for i, n := range next {
		moves = append(moves, fmt.Sprintf("%s%d>%s", prefix, i, n))
	}
	return moves
}

// TestMCTSPlaysTheSafeMove: with a budget far too small to see each
// reply (25 iterations over twenty moves), MCTS still never plays a move
// after which the opponent wins at once when another move is safe.
func TestMCTSPlaysTheSafeMove(t *testing.T) {
	tb := unsafeGame()
	for seed := range uint64(10) {
		s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 25})
		if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != "s" {
			t.Errorf("seed %d: %v, %v; want the safe move s (visits %v)", seed, m, err, bots.RootVisits(s))
		}
	}
}

func TestGreedyPlaysTheSafeMove(t *testing.T) {
	tb := unsafeGame()
	for seed := range uint64(20) {
		if m, err := bots.NewGreedy[tablePos, tableMove](bots.Options{Seed: seed}).Choose(context.Background(), tb.start("start")); err != nil || m != "s" {
			t.Errorf("seed %d: %v, %v; want the safe move s", seed, m, err)
		}
	}
}

// threatGame: every move of seat 0 lets seat 1 win at once, by 3, 1 or 2
// replies of ten: the move leaving one threat (b) must be played.
func threatGame() *table {
	tb := &table{players: 2, spots: map[string]spot{
		"won by 0": {end: win(0)},
		"won by 1": {end: win(1)},
		"start":    {toMove: 0, moves: []string{"a>A", "b>B", "c>C"}},
	}}
	for name, wins := range map[string]int{"A": 3, "B": 1, "C": 2} {
		tb.fan(name, 1, "r", append(repeat("won by 0", 10-wins), repeat("won by 1", wins)...)...)
	}
	return tb
}

// TestBotsLeaveTheFewestThreats: with no safe move, MCTS and Greedy play
// the move that leaves the opponent the fewest winning replies.
func TestBotsLeaveTheFewestThreats(t *testing.T) {
	tb := threatGame()
	for seed := range uint64(10) {
		for _, kind := range []string{"greedy", "mcts"} {
			s, _ := bots.NewSearcher[tablePos, tableMove](kind, bots.Options{Seed: seed, Nodes: 50})
			if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != "b" {
				t.Errorf("%s, seed %d: %v, %v; want b, which leaves one winning reply", kind, seed, m, err)
			}
		}
	}
}

// trapGame: move "trap" of seat 0 looks good to random playouts (29 of
// seat 1's 30 replies lose at once) but reply r29 wins by force: after it,
// each of seat 0's ten moves lets seat 1 win at once. Move "safe" draws.
// Only a search that proves the loss inside its tree (the solver: a
// position whose every move lets the opponent win at once is lost, and so
// is the move that leads there) plays "safe".
func trapGame() *table {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn":    {end: draw},
		"won by 0": {end: win(0)},
		"won by 1": {end: win(1)},
		"start":    {toMove: 0, moves: []string{"trap>T1", "safe>S1"}},
		"S1":       {toMove: 1, moves: []string{"d>drawn"}},
	}}
	tb.fan("T1", 1, "r", append(repeat("won by 0", 29), "T2")...)
	var next []string
	for i := range 10 {
		at := fmt.Sprintf("T3-%d", i)
		tb.fan(at, 1, "k", append(repeat("won by 0", 29), "won by 1")...)
		next = append(next, at)
	}
	tb.fan("T2", 0, "m", next...)
	return tb
}

func TestMCTSProvesALossInItsTree(t *testing.T) {
	tb := trapGame()
	for seed := range uint64(5) {
		s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 1000})
		if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != "safe" {
			t.Errorf("seed %d: %v, %v; want safe (visits %v)", seed, m, err, bots.RootVisits(s))
		}
		if w, ok := bots.RootProof(s, "trap"); !ok || w != 1 {
			t.Errorf("seed %d: trap proven %v, won by %d; want proven won by seat 1", seed, ok, w)
		}
	}
}

// TestMCTSStopsOnAProvenRoot: once the solver proves the root, the search
// stops: here every move of the root ends the game, so the listing of the
// root proves them all, and the root, before any iteration.
func TestMCTSStopsOnAProvenRoot(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn":    {end: draw},
		"won by 1": {end: win(1)},
		"start":    {toMove: 0, moves: []string{"a>won by 1", "b>drawn", "c>won by 1"}},
	}}
	s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: 1, Nodes: 1000})
	if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != "b" {
		t.Errorf("%v, %v; want the draw b", m, err)
	}
	if got := s.Stats().Playouts; got != 0 {
		t.Errorf("%d playouts, want none: the root is proven from the start", got)
	}
}

// TestMCTSMarksALossAtOnceFoundAfterACutScan: when the clock cut the scan
// of a node before its winning reply, the search finds the reply by
// visiting it, and the node is then marked as lost at once (the next
// player wins in one), as the scan would have marked it, not as lost
// deeper: the final choice ranks the two apart. Here every scan stops
// after one move, and move a's thirty replies hold one that wins.
func TestMCTSMarksALossAtOnceFoundAfterACutScan(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn":    {end: draw},
		"won by 0": {end: win(0)},
		"won by 1": {end: win(1)},
		"start":    {toMove: 0, moves: []string{"a>A", "b>B"}},
		"B":        {toMove: 1, moves: []string{"x>drawn"}},
	}}
	tb.fan("A", 1, "r", append(repeat("won by 0", 29), "won by 1")...)
	for seed := range uint64(5) {
		s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 500})
		bots.CutScans(s, 1)
		if _, err := s.Choose(context.Background(), tb.start("start")); err != nil {
			t.Fatal(err)
		}
		if w, ok := bots.RootProof(s, "a"); !ok || w != 1 {
			t.Errorf("seed %d: a proven %v, won by %d; want proven won by seat 1", seed, ok, w)
		}
		if !bots.RootLostAtOnce(s, "a") {
			t.Errorf("seed %d: a is not marked as lost at once", seed)
		}
	}
}

// TestMCTSProvesADrawWithLossesBeside: a node whose moves all end the
// game, one in a draw and the others in losses for its side to move, is
// proven drawn: that side takes the draw.
func TestMCTSProvesADrawWithLossesBeside(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn":    {end: draw},
		"won by 0": {end: win(0)},
		"start":    {toMove: 0, moves: []string{"x>X", "y>Y"}},
		"X":        {toMove: 1, moves: []string{"l1>won by 0", "d>drawn", "l2>won by 0"}},
		"Y":        {toMove: 1, moves: []string{"a>Y2", "b>Y2"}},
		"Y2":       {toMove: 0, moves: []string{"a>Y", "b>Y"}},
	}}
	for seed := range uint64(5) {
		s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 200, MaxPlies: 10})
		if _, err := s.Choose(context.Background(), tb.start("start")); err != nil {
			t.Fatal(err)
		}
		if w, ok := bots.RootProof(s, "x"); !ok || w != -1 {
			t.Errorf("seed %d: x proven %v, won by %d; want proven drawn", seed, ok, w)
		}
	}
}

// TestMCTSChecksItsMoveInTheTimeItKeeps: MCTS keeps a tenth of its time
// for the check of the move it plays, so that a search whose iterations
// are slow still plays a safe move. Here every evaluation takes 25 ms of
// the search's clock, so that a 500 ms search visits each of the twenty
// moves once at most and checks none; nineteen of them let the opponent
// win at once (one reply of thirty), and the check, a few microseconds,
// finds the safe one in the 50 ms kept. A search that used its whole time
// would have none left for the check. The evaluation under way at 450 ms
// from the call, where the search's part of the time ends, stops there:
// else it would run on into the time kept, and leave the check less of it
// by the phase of the evaluations alone, on a busy machine nothing.
func TestMCTSChecksItsMoveInTheTimeItKeeps(t *testing.T) {
	tb := unsafeGameTo("calm", "calm")
	safeIn := func(searches int) (safe int) {
		for seed := range uint64(searches) {
			s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Time: 500 * time.Millisecond, Cut: 1, Squash: 1})
			var searchEnds time.Time
			s.SetEvaluator(bots.EvalFunc[tablePos](func(p tablePos, pl boardrules.Player) float64 {
				d := 25 * time.Millisecond
				if left := time.Until(searchEnds); left > 0 && left < d {
					d = left
				}
				spinFor(d)
				return 0
			}))
			searchEnds = time.Now().Add(450 * time.Millisecond)
			m, err := s.Choose(context.Background(), tb.start("start"))
			if err != nil {
				t.Fatal(err)
			}
			if m == "s" {
				safe++
			}
		}
		return safe
	}
	// A seed may lose its check to a busy machine's scheduling, and a
	// round of five to a burst of load, so three rounds are tried; without
	// the time kept, the most visited move, one of twenty, is played, and
	// three safe moves of five would come by chance once in a thousand
	// rounds.
	var got []int
	for range 3 {
		safe := safeIn(5)
		if safe >= 3 {
			return
		}
		got = append(got, safe)
	}
	t.Errorf("the safe move in %v of 5 searches in three rounds, want 3 at least in one", got)
}

// TestMCTSProvesNothingFromSomeMoves: a node whose listing kept some of
// its moves only (here the tree's bound leaves room for two of the root's
// four) is not proven lost when those all lose: a move not listed may not.
// Three of the four moves lose at once, so most seeds keep two losers.
func TestMCTSProvesNothingFromSomeMoves(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"won by 1": {end: win(1)},
		"calm":     {toMove: 0, moves: []string{"x>calm"}},
		"start":    {toMove: 0, moves: []string{"l1>won by 1", "l2>won by 1", "l3>won by 1", "ok>calm"}},
	}}
	for seed := range uint64(10) {
		s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 20, MaxPlies: 5})
		bots.SetTreeLimit(s, bots.TreeSizeOf(s, 3, 1)) // the root and two children
		if _, err := s.Choose(context.Background(), tb.start("start")); err != nil {
			t.Fatal(err)
		}
		if got := s.Stats().Playouts; got != 20 {
			t.Errorf("seed %d: %d playouts, want 20: the root was proven from two of its moves", seed, got)
		}
	}
}

// TestBlunder: a move after which the opponent can win at once is a
// blunder when another move is safe, and none is when every move lets the
// opponent win.
func TestBlunder(t *testing.T) {
	tb := unsafeGame()
	p := tb.start("start")
	if !bots.Blunder(p, "u0") {
		t.Error("u0 lets seat 1 win at once while s is safe: not a blunder?")
	}
	if bots.Blunder(p, "s") {
		t.Error("s is safe: a blunder?")
	}
	tb = threatGame()
	for _, m := range []tableMove{"a", "b", "c"} {
		if bots.Blunder(tb.start("start"), m) {
			t.Errorf("%s: every move lets seat 1 win, so none is a blunder", m)
		}
	}
}

// TestBlunderCountsADrawAsSafe: a move that lets the opponent win at once
// is a blunder when another move draws at once: the draw is the safe
// alternative.
func TestBlunderCountsADrawAsSafe(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn":    {end: draw},
		"won by 1": {end: win(1)},
		"won by 0": {end: win(0)},
		"start":    {toMove: 0, moves: []string{"risky>R", "draw>drawn"}},
	}}
	tb.fan("R", 1, "r", "won by 0", "won by 1", "won by 0")
	if !bots.Blunder(tb.start("start"), "risky") {
		t.Error("risky lets seat 1 win at once while draw draws: not a blunder?")
	}
}

// TestGreedyTakesADrawOverARiskyMove: of a move that draws at once and
// moves that let the opponent win at once, Greedy plays the draw,
// whatever its seed.
func TestGreedyTakesADrawOverARiskyMove(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn":    {end: draw},
		"won by 1": {end: win(1)},
		"won by 0": {end: win(0)},
		"start":    {toMove: 0, moves: []string{"risky1>R", "draw>drawn", "risky2>R", "lose>won by 1"}},
	}}
	tb.fan("R", 1, "r", append(repeat("won by 0", 9), "won by 1")...)
	for seed := range uint64(20) {
		m, err := bots.NewGreedy[tablePos, tableMove](bots.Options{Seed: seed}).Choose(context.Background(), tb.start("start"))
		if err != nil || m != "draw" {
			t.Errorf("seed %d: %v, %v; want draw", seed, m, err)
		}
	}
}

// scoreByName is an evaluation of table games: a position whose name
// starts with "good" is worth +1 to seat 0, "bad" -2, others 0.
var scoreByName = bots.EvalFunc[tablePos](func(p tablePos, pl boardrules.Player) float64 {
	v := 0.0
	switch {
	case len(p.at) >= 4 && p.at[:4] == "good":
		v = 1
	case len(p.at) >= 3 && p.at[:3] == "bad":
		v = -2
	}
	if pl == 1 {
		return -v
	}
	return v
})

// goodOrBad is a game that never ends, where move a leads to positions
// scoreByName likes for seat 0 and b to ones it dislikes.
func goodOrBad() *table {
	return &table{players: 2, spots: map[string]spot{
		"start": {toMove: 0, moves: []string{"a>good1", "b>bad1"}},
		"good1": {toMove: 1, moves: []string{"x>good2", "y>good2"}},
		"good2": {toMove: 0, moves: []string{"x>good1", "y>good1"}},
		"bad1":  {toMove: 1, moves: []string{"x>bad2", "y>bad2"}},
		"bad2":  {toMove: 0, moves: []string{"x>bad1", "y>bad1"}},
	}}
}

// TestMCTSCutsPlayouts: with an evaluation, a playout stops after Cut
// plies and the evaluation scores it; Cut -1 plays to MaxPlies. In a game
// that never ends, move a leads to positions the evaluation likes for
// seat 0 and b to ones it dislikes: cut playouts see it, full ones (all
// draws at MaxPlies) cannot.
func TestMCTSCutsPlayouts(t *testing.T) {
	tb := goodOrBad()
	for seed := range uint64(5) {
		s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 200, Cut: 3, Squash: 1, MaxPlies: 50})
		s.SetEvaluator(scoreByName)
		if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != "a" {
			t.Errorf("seed %d: %v, %v; want a", seed, m, err)
		}
		if st := s.Stats(); st.Plies != 3*st.Playouts {
			t.Errorf("seed %d: %d playouts of %d plies in all, want 3 plies each", seed, st.Playouts, st.Plies)
		}
	}
	s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: 1, Nodes: 100, Cut: -1, MaxPlies: 50})
	s.SetEvaluator(scoreByName)
	s.Choose(context.Background(), tb.start("start"))
	if st := s.Stats(); st.Plies != 50*st.Playouts {
		t.Errorf("Cut -1: %d playouts of %d plies in all, want 50 plies each (MaxPlies)", st.Playouts, st.Plies)
	}
}

// TestMCTSNoPlayout: with Cut NoPlayout the evaluation scores each new
// node's own position, no random ply is played, and with implicit minimax
// values (which evaluate that position too) an iteration evaluates it
// once: one evaluation a playout, and one of the root for the draw's
// worth.
func TestMCTSNoPlayout(t *testing.T) {
	tb := goodOrBad()
	for _, minimax := range []float64{-1, 0.5} {
		for seed := range uint64(5) {
			s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 200, Cut: bots.NoPlayout, Squash: 1, Minimax: minimax, Contempt: 1})
			evals := 0
			s.SetEvaluator(bots.EvalFunc[tablePos](func(p tablePos, pl boardrules.Player) float64 {
				evals++
				return scoreByName(p, pl)
			}))
			if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != "a" {
				t.Errorf("Minimax %v, seed %d: %v, %v; want a", minimax, seed, m, err)
			}
			st := s.Stats()
			if st.Plies != 0 || st.Playouts == 0 {
				t.Errorf("Minimax %v, seed %d: %d playouts of %d plies in all, want none played", minimax, seed, st.Playouts, st.Plies)
			}
			if minimax > 0 && int64(evals) != st.Playouts+1 {
				t.Errorf("Minimax %v, seed %d: %d evaluations for %d playouts, want one each and one of the root", minimax, seed, evals, st.Playouts)
			}
		}
	}
}

// TestMCTSMinimaxSeesTheRefutation: after move a, 59 of seat 1's 60
// replies lead to positions good for seat 0 and one to a bad one; after b,
// every reply leads to a neutral one. With a budget that tries each reply
// of a about once, the means of the rewards favour a (59 good replies in
// 60); the minimax values say that seat 1 will answer a with the bad one.
// Selecting by minimax (Options.Minimax 1) plays b; by the means alone
// (-1), a. With minimax, a's value is the bad reply's, 1/(1+e^4) for seat
// 0 (an evaluation of -2 at Squash 0.5), and b's the even one's, 1/2.
func TestMCTSMinimaxSeesTheRefutation(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"start": {toMove: 0, moves: []string{"a>A", "b>B"}},
	}}
	var good []string
	for i := range 59 {
		at := fmt.Sprintf("good%d", i)
		tb.spots[at] = spot{toMove: 0, moves: []string{"z>" + at}}
		good = append(good, at)
	}
	tb.spots["bad"] = spot{toMove: 0, moves: []string{"z>bad"}}
	tb.fan("A", 1, "r", append(good, "bad")...)
	tb.spots["even"] = spot{toMove: 0, moves: []string{"z>even"}}
	tb.fan("B", 1, "r", repeat("even", 10)...)
	for _, c := range []struct {
		minimax float64
		want    tableMove
	}{{1, "b"}, {-1, "a"}} {
		for seed := range uint64(5) {
			s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 150, Cut: 1, Squash: 0.5, Minimax: c.minimax})
			s.SetEvaluator(scoreByName)
			if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != c.want {
				t.Errorf("Minimax %v, seed %d: %v, %v; want %v (visits %v)", c.minimax, seed, m, err, c.want, bots.RootVisits(s))
			}
			if c.minimax < 0 {
				continue
			}
			if a, b, want := bots.RootMinimax(s, "a"), bots.RootMinimax(s, "b"), 1/(1+math.Exp(4)); !near(a, want) || !near(b, 0.5) {
				t.Errorf("seed %d: minimax values a %v, b %v; want %v and 0.5", seed, a, b, want)
			}
		}
	}
}

// TestMCTSContempt: seat 0 chooses between a draw (d) and playing on (p),
// into a position its evaluation scores on; the start scores start. With
// Contempt 1 the draw's worth follows the search's value of playing on
// (redraw), not the evaluation of the start: standing better at the start
// (+1) but finding playing on worth 0.40 (-0.4), a draw is worth 0.60: d;
// standing worse at the start (-1) but finding playing on worth 0.60
// (+0.4), a draw is worth 0.40: p. Without contempt a draw is worth 1/2,
// and the choices are the same.
func TestMCTSContempt(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn": {end: draw},
		"start": {toMove: 0, moves: []string{"d>drawn", "p>on1"}},
		"on1":   {toMove: 1, moves: []string{"x>on0", "y>on0"}},
		"on0":   {toMove: 0, moves: []string{"x>on1", "y>on1"}},
	}}
	for _, c := range []struct {
		start, on, contempt float64
		want                tableMove
	}{{1, -0.4, 1, "d"}, {1, -0.4, -1, "d"}, {-1, 0.4, 1, "p"}, {-1, 0.4, -1, "p"}} {
		eval := bots.EvalFunc[tablePos](func(p tablePos, pl boardrules.Player) float64 {
			v := c.on
			if p.at == "start" {
				v = c.start
			}
			if pl == 1 {
				return -v
			}
			return v
		})
		for seed := range uint64(5) {
			s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 3000, Cut: 2, Squash: 1, Minimax: -1, Contempt: c.contempt})
			s.SetEvaluator(eval)
			if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != c.want {
				t.Errorf("start %v, on %v, Contempt %v, seed %d: %v, %v; want %v (visits %v)", c.start, c.on, c.contempt, seed, m, err, c.want, bots.RootVisits(s))
			}
		}
	}
}

// TestMCTSLeavesTheOpponentNoDraw: seat 0, standing better (+1 at the
// start, a draw worth 0.27 to it with Contempt 1), chooses between a, after
// which seat 1 has forty replies, thirty-nine into positions worth +2 to
// seat 0 and one that draws at once, and b, after which all ten replies
// lead to positions worth on to seat 0. Thirty iterations leave a the
// most visited, its draw often not tried: seat 1, standing worse, would
// take it, so b worth +1 (0.73) is better; but b worth -1.2 (0.23) is
// worse than the draw, and a stays the choice. (C 4 spreads the visits,
// so that b has enough for its mean to count.)
func TestMCTSLeavesTheOpponentNoDraw(t *testing.T) {
	for _, c := range []struct {
		on   float64
		want tableMove
	}{{1, "b"}, {-1.2, "a"}} {
		tb := &table{players: 2, spots: map[string]spot{
			"start": {toMove: 0, moves: []string{"a>A", "b>B"}},
			"drawn": {end: draw},
			"hi":    {toMove: 0, moves: []string{"z>hi"}},
			"on":    {toMove: 0, moves: []string{"z>on"}},
		}}
		tb.fan("A", 1, "r", append(repeat("hi", 39), "drawn")...)
		tb.fan("B", 1, "r", repeat("on", 10)...)
		eval := bots.EvalFunc[tablePos](func(p tablePos, pl boardrules.Player) float64 {
			v := map[string]float64{"start": 1, "hi": 2, "on": c.on}[p.at]
			if pl == 1 {
				return -v
			}
			return v
		})
		for seed := range uint64(10) {
			s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 30, C: 4, Cut: 1, Squash: 1, Minimax: -1, Contempt: 1})
			s.SetEvaluator(eval)
			if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != c.want {
				t.Errorf("b worth %v, seed %d: %v, %v; want %v (visits %v)", c.on, seed, m, err, c.want, bots.RootVisits(s))
			}
		}
	}
}
