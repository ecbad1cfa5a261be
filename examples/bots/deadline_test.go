package bots_test

import (
	"context"
	"iter"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/tumbling"
)

// slowRace is a game whose playouts outlast any small time budget: two
// seats count to 10,000 in turns, adding 1 or 2, and whoever reaches it
// wins; each move costs plyCost.
type slowRace struct {
	n      int
	toMove boardrules.Player
}

type step int

const plyCost = 200 * time.Microsecond

func (s step) String() string { return strconv.Itoa(int(s)) }

func (p slowRace) Players() int { return 2 }
func (p slowRace) ToMove() boardrules.Player {
	if p.n >= 10000 {
		return boardrules.NoPlayer
	}
	return p.toMove
}
func (p slowRace) LegalMoves() []step            { return p.AppendLegalMoves(nil) }
func (p slowRace) LegalMovesSeq() iter.Seq[step] { return slices.Values(p.LegalMoves()) }

func (p slowRace) AppendLegalMoves(dst []step) []step {
	if p.n >= 10000 {
		return dst
	}
	return append(dst, 1, 2)
}
func (p slowRace) PlayUnchecked(m step) slowRace {
	spin(plyCost)
	return slowRace{p.n + int(m), 1 - p.toMove}
}
func (p slowRace) Play(m step) (slowRace, error)    { return p.PlayUnchecked(m), nil }
func (p slowRace) ParseMove(s string) (step, error) { n, err := strconv.Atoi(s); return step(n), err }
func (p slowRace) Outcome() boardrules.Outcome {
	if p.n >= 10000 {
		return boardrules.Outcome{Status: boardrules.Win, Winner: 1 - p.toMove}
	}
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}
func (p slowRace) Hash() uint64   { return uint64(p.n) }
func (p slowRace) String() string { return strconv.Itoa(p.n) }

// TestMCTSKeepsItsTime: a Time budget holds even when one playout would
// take many times it (300 plies of 200 µs here, 60 ms against 5 ms): the
// playout reads the clock as it goes, so the search overruns by a few
// plies, not by a playout. The overrun is measured as the clock test's
// (TestBotsKeepTheirTime), which a busy machine does not fail.
func TestMCTSKeepsItsTime(t *testing.T) {
	const budget = 5 * time.Millisecond
	b := bots.NewMCTS[slowRace, step](bots.Options{Seed: 1, Time: budget})
	o := measure(budget, func() {
		if _, err := b.Choose(context.Background(), slowRace{}); err != nil {
			t.Fatal(err)
		}
	})
	if o.over(margin(budget)) {
		t.Errorf("a %v search overran: %v (%d playouts, %d plies)", budget, o, b.Stats().Playouts, b.Stats().Plies)
	}
}

// TestMCTSTreeStaysBounded: once the tree reaches its memory bound, the
// search goes on running playouts without adding nodes, so a long Time
// budget cannot take all the memory. A bound of 200 KB (tumbling: a
// position costs some 600 bytes, and listing a node adds some 150
// children of 64 bytes) stops the tree at a few dozen positions of a
// 1,000-iteration search.
func TestMCTSTreeStaysBounded(t *testing.T) {
	const limit = 200 << 10
	s := bots.NewMCTS[tumbling.Position, tumbling.Move](bots.Options{Seed: 1, Nodes: 1000, MaxPlies: 20})
	bots.SetTreeLimit(s, limit)
	p := tumbling.Standard()
	m, err := s.Choose(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Play(m); err != nil {
		t.Errorf("the bounded search chose %v: %v", m, err)
	}
	nodes := bots.TreeNodes(s)
	// the last listing may pass the bound by its children, and so may the
	// listings of the final choice's check of the move it plays
	if size := bots.TreeSize(s); size > limit+32<<10 || nodes >= 1000 {
		t.Errorf("%d nodes, %d bytes in the tree, bound %d", nodes, size, limit)
	}
	t.Logf("%d positions, %d bytes", nodes, bots.TreeSize(s))
	if got := s.Stats().Playouts; got != 1000 {
		t.Errorf("%d playouts, want all 1000 iterations to run one", got)
	}
}

// TestBotsAnswerPastTheirTime: a budget spent before the search starts (1
// ns, spent listing Tumbling Down's 150 moves) still gets a legal move,
// from no iteration at all: the clock is kept, not stretched to one
// iteration.
func TestBotsAnswerPastTheirTime(t *testing.T) {
	p := tumbling.Standard()
	for _, kind := range bots.Kinds {
		s, _ := bots.NewSearcher[tumbling.Position, tumbling.Move](kind, bots.Options{Seed: 1, Time: time.Nanosecond})
		m, err := s.Choose(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if _, err := p.Play(m); err != nil {
			t.Errorf("%s played %v: %v", kind, m, err)
		}
		if st := s.Stats(); st.Playouts != 0 || st.Depth != 0 {
			t.Errorf("%s: %d playouts, depth %d completed; want none", kind, st.Playouts, st.Depth)
		}
	}
}

// TestMCTSTimeAloneHasNoNodeLimit: a Time budget without Nodes searches for
// the whole time, not the default number of iterations (the default is for
// a bot given no budget at all). The game never ends, so the solver cannot
// settle it and stop early, and its iterations (playouts of 10 plies) cost
// a few microseconds, so 300 ms hold many times DefaultNodes. A machine
// busy enough (and a race detector slow enough) may leave fewer in 300
// ms: the search then gets twice the time, up to 4.8 s, where a search
// bounded by DefaultNodes stops at it every time.
func TestMCTSTimeAloneHasNoNodeLimit(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"0": {toMove: 0, moves: []string{"x>1", "y>1"}},
		"1": {toMove: 1, moves: []string{"x>0", "y>0"}},
	}}
	var got []int64
	for budget := 300 * time.Millisecond; budget <= 4800*time.Millisecond; budget *= 2 {
		s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: 1, Time: budget, MaxPlies: 10})
		if _, err := s.Choose(context.Background(), tb.start("0")); err != nil {
			t.Fatal(err)
		}
		n := s.Stats().Playouts
		if n > bots.DefaultNodes {
			return
		}
		got = append(got, n)
	}
	t.Errorf("%v playouts in 300 ms to 4.8 s, want more than DefaultNodes (%d) in one", got, bots.DefaultNodes)
}

// TestMCTSPlayoutStopsAtMaxPlies: a playout of a game that never ends
// stops after MaxPlies plies: ten iterations with MaxPlies 7 play 70.
func TestMCTSPlayoutStopsAtMaxPlies(t *testing.T) {
	tb := &table{players: 2, spots: map[string]spot{
		"0": {toMove: 0, moves: []string{"x>1", "y>1"}},
		"1": {toMove: 1, moves: []string{"x>0", "y>0"}},
	}}
	s := bots.NewMCTS[tablePos, tableMove](bots.Options{Seed: 1, Nodes: 10, MaxPlies: 7})
	if _, err := s.Choose(context.Background(), tb.start("0")); err != nil {
		t.Fatal(err)
	}
	if st := s.Stats(); st.Playouts != 10 || st.Plies != 70 {
		t.Errorf("%d playouts of %d plies in all, want 10 of 70", st.Playouts, st.Plies)
	}
}
