package bots_test

import (
	"fmt"
	"testing"

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
func unsafeGame() *table {
	tb := &table{players: 2, spots: map[string]spot{
		"drawn":    {end: draw},
		"won by 0": {end: win(0)},
		"won by 1": {end: win(1)},
		"safe":     {toMove: 1, moves: []string{"x>drawn"}},
	}}
	var next []string
	for i := range 19 {
		at := fmt.Sprintf("unsafe%d", i)
		tb.fan(at, 1, "r", append(repeat("won by 0", 29), "won by 1")...)
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
		if m, err := s.Choose(tb.start("start")); err != nil || m != "s" {
			t.Errorf("seed %d: %v, %v; want the safe move s (visits %v)", seed, m, err, bots.RootVisits(s))
		}
	}
}

func TestGreedyPlaysTheSafeMove(t *testing.T) {
	tb := unsafeGame()
	for seed := range uint64(20) {
		if m, err := bots.NewGreedy[tablePos, tableMove](bots.Options{Seed: seed}).Choose(tb.start("start")); err != nil || m != "s" {
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
			if m, err := s.Choose(tb.start("start")); err != nil || m != "b" {
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
		if m, err := s.Choose(tb.start("start")); err != nil || m != "safe" {
			t.Errorf("seed %d: %v, %v; want safe (visits %v)", seed, m, err, bots.RootVisits(s))
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
	if m, err := s.Choose(tb.start("start")); err != nil || m != "b" {
		t.Errorf("%v, %v; want the draw b", m, err)
	}
	if got := s.Stats().Playouts; got != 0 {
		t.Errorf("%d playouts, want none: the root is proven from the start", got)
	}
}
