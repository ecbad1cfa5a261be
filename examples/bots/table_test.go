package bots_test

import (
	"context"
	"hash/fnv"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/terrace"
)

// table is a small game given by a table, for tests that need a position
// whose best move is known: each entry is a position, by name, with the
// seat to move and its moves, each written "move>next" (next the name of
// the position it leads to); a position with no moves has ended, with the
// outcome given. The engines' positions are too rich to know the best move
// of a search, or to reach a draw on demand.
type table struct {
	players int
	spots   map[string]spot
}

type spot struct {
	toMove boardrules.Player
	moves  []string // "move>next"
	end    boardrules.Outcome
}

// win, draw and goesOn are the outcomes of the table's positions.
func win(p boardrules.Player) boardrules.Outcome {
	return boardrules.Outcome{Status: boardrules.Win, Winner: p, Reason: "the table says so", Rule: "table"}
}

var draw = boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "the table says so", Rule: "table"}

var goesOn = boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}

// tablePos is a position of a table game: the table and the entry's name.
type tablePos struct {
	t  *table
	at string
}

type tableMove string

func (m tableMove) String() string { return string(m) }

func (t *table) start(at string) tablePos { return tablePos{t, at} }

func (p tablePos) Players() int { return p.t.players }
func (p tablePos) ToMove() boardrules.Player {
	if s := p.t.spots[p.at]; len(s.moves) > 0 {
		return s.toMove
	}
	return boardrules.NoPlayer // the contract: NoPlayer once the game has ended
}
func (p tablePos) LegalMoves() []tableMove            { return p.AppendLegalMoves(nil) }
func (p tablePos) LegalMovesSeq() iter.Seq[tableMove] { return slices.Values(p.LegalMoves()) }

func (p tablePos) AppendLegalMoves(dst []tableMove) []tableMove {
	for _, m := range p.t.spots[p.at].moves {
		move, _, _ := strings.Cut(m, ">")
		dst = append(dst, tableMove(move))
	}
	return dst
}
func (p tablePos) PlayUnchecked(m tableMove) tablePos {
	for _, e := range p.t.spots[p.at].moves {
		if move, next, _ := strings.Cut(e, ">"); move == string(m) {
			return tablePos{p.t, next}
		}
	}
	panic("no move " + string(m) + " at " + p.at)
}
func (p tablePos) Play(m tableMove) (tablePos, error) { return p.PlayUnchecked(m), nil }
func (p tablePos) ParseMove(s string) (tableMove, error) {
	return tableMove(s), nil
}
func (p tablePos) Outcome() boardrules.Outcome {
	s := p.t.spots[p.at]
	if len(s.moves) > 0 {
		return goesOn
	}
	return s.end
}
func (p tablePos) Hash() uint64 {
	h := fnv.New64a()
	h.Write([]byte(p.at))
	return h.Sum64()
}
func (p tablePos) String() string { return p.at }

var _ boardrules.Position[tablePos, tableMove] = tablePos{}

// TestMCTSExploresAMoveWhosePlayoutsMislead: move b wins for sure (seat 0
// moves again and one of its ten moves wins) but a random playout from it
// wins one time in ten, below the sure draw of move a. Only the
// exploration term of UCT brings the search back to b until it finds the
// win; a search that follows the means alone stays on a.
func TestMCTSExploresAMoveWhosePlayoutsMislead(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"start":  {toMove: 0, moves: []string{"a>drawn", "b>choose"}},
		"choose": {toMove: 0, moves: []string{"l1>lost", "l2>lost", "l3>lost", "l4>lost", "w>won", "l5>lost", "l6>lost", "l7>lost", "l8>lost", "l9>lost"}},
		"drawn":  {end: draw},
		"won":    {end: win(0)},
		"lost":   {end: win(1)},
	}}
	for seed := range uint64(5) {
		s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 500})
		if m, err := s.Choose(context.Background(), tb.start("start")); err != nil || m != "b" {
			t.Errorf("seed %d: %v, %v; want b (visits %v)", seed, m, err, bots.RootVisits(s))
		}
	}
}

// TestMCTSRewardsEachSeat: with three seats a draw is worth 1/3 to each, a
// loss 0. Seat 0 chooses between a sure draw (1/3) and letting seat 1,
// which loses either way, end the game in one of five ways, two of them
// won by seat 0 (2/5): the gamble is better, by the rewards of a
// three-seat game only (a draw worth 1/2, as in a two-seat game, would be
// better than 2/5). And a draw is better than a sure loss.
func TestMCTSRewardsEachSeat(t *testing.T) {
	tb := &table{players: 3, spots: map[string]spot{
		"gamble or draw": {toMove: 0, moves: []string{"draw>drawn", "gamble>seat 1"}},
		"seat 1":         {toMove: 1, moves: []string{"a>won by 0", "b>won by 2", "c>won by 0", "d>won by 2", "e>won by 2"}},
		"lose or draw":   {toMove: 0, moves: []string{"lose1>won by 1", "lose2>won by 2", "draw>drawn", "lose3>won by 1"}},
		"drawn":          {end: draw},
		"won by 0":       {end: win(0)},
		"won by 2":       {end: win(2)},
		"won by 1":       {end: win(1)},
	}}
	for _, c := range []struct{ at, want string }{{"gamble or draw", "gamble"}, {"lose or draw", "draw"}} {
		for seed := range uint64(5) {
			s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: seed, Nodes: 3000})
			if m, err := s.Choose(context.Background(), tb.start(c.at)); err != nil || string(m) != c.want {
				t.Errorf("%s, seed %d: %v, %v; want %s (visits %v)", c.at, seed, m, err, c.want, bots.RootVisits(s))
			}
		}
	}
}

// TestMCTSPlaysTheMostVisitedMove: the move played is the root's most
// visited child (the package doc), not the one with the best mean, which a
// child visited once and won once would have. A hundred iterations over
// Terrace's fifty opening moves leave children of one visit to four.
func TestMCTSPlaysTheMostVisitedMove(t *testing.T) {
	for seed := range uint64(10) {
		s := bots.NewMCTS[terrace.Position, terrace.Move](bots.Options{Seed: seed, Nodes: 100})
		m, err := s.Choose(context.Background(), terrace.Standard())
		if err != nil {
			t.Fatal(err)
		}
		visits := bots.RootVisits(s)
		most := 0.0
		for _, v := range visits {
			most = max(most, v)
		}
		if visits[m.String()] != most {
			t.Errorf("seed %d: played %v, visited %v times; the most visited child had %v", seed, m, visits[m.String()], most)
		}
	}
}

// TestGreedyPrefersGoingOnToADraw: of a move that draws at once, one that
// loses at once and one that keeps the game going, Greedy plays the last,
// whatever its seed.
func TestGreedyPrefersGoingOnToADraw(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"start": {toMove: 0, moves: []string{"draw>drawn", "on>later", "lose>lost"}},
		"later": {toMove: 1, moves: []string{"x>drawn"}},
		"drawn": {end: draw},
		"lost":  {end: win(1)},
	}}
	for seed := range uint64(20) {
		if m, err := bots.NewGreedy[tablePos, tableMove](bots.Options{Seed: seed}).Choose(context.Background(), tb.start("start")); err != nil || m != "on" {
			t.Errorf("seed %d: %v, %v; want on", seed, m, err)
		}
	}
}
