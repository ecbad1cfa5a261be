package crumble

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// replayTrace rebuilds the position after a move from the position before
// and the move's steps alone, checking what each step claims on the way.
func replayTrace(t *rapid.T, p Position, m Move, steps []Step) []Piece {
	mover := p.turn
	ps := p.Pieces()
	act := steps[0]
	if act.Kind != m.Base() || len(steps) != 1+len(m.SwapPath()) || len(act.Removed) == 0 || len(act.Added) == 0 {
		t.Fatalf("%s: action %+v, %d steps", m, act, len(steps))
	}
	for _, pc := range act.Removed {
		i := slices.Index(ps, pc)
		if i < 0 || pc.Color() != mover {
			t.Fatalf("%s: removes %v, not a piece of the mover", m, pc)
		}
		ps = slices.Delete(ps, i, i+1)
	}
	for _, pc := range act.Added {
		if pc.Color() != mover {
			t.Fatalf("%s: adds %v", m, pc)
		}
		ps = append(ps, pc)
	}
	at := func(pc Piece) int {
		for i, q := range ps {
			if q.X() == pc.X() && q.Y() == pc.Y() && q.W() == pc.W() && q.H() == pc.H() {
				return i
			}
		}
		t.Fatalf("%s: no piece at %v", m, pc)
		return -1
	}
	tr := act.Start
	for i, st := range steps[1:] {
		if st.Kind != StepSwap || st.Dir != m.SwapPath()[i] || st.From != tr || st.From.Color() != mover ||
			st.To.Color() == mover || !sharesSide(st.From, st.To, st.Dir) || ps[at(st.From)] != st.From || ps[at(st.To)] != st.To {
			t.Fatalf("%s: step %d %+v from %v", m, i+1, st, tr)
		}
		if (st.TravellerCaptured || st.Winner != boardrules.NoPlayer) && i != len(steps)-2 {
			t.Fatalf("%s: step %d ends the path early", m, i+1)
		}
		ps[at(st.From)], ps[at(st.To)] = ps[at(st.From)].withColor(mover.Other()), ps[at(st.To)].withColor(mover)
		for _, pc := range st.Captured {
			ps[at(pc)] = ps[at(pc)].withColor(pc.Color())
		}
		tr = ps[at(st.To)]
		if st.TravellerCaptured != (tr.Color() != mover) {
			t.Fatalf("%s: step %d: traveller captured %v", m, i+1, st.TravellerCaptured)
		}
	}
	return ps
}

// TestTraceRebuildsTheMove: for random moves of random positions, the
// steps of Trace rebuild the position Play gives, and the last step tells
// the win.
func TestTraceRebuildsTheMove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		moves := p.LegalMoves()
		if len(moves) == 0 {
			return
		}
		m := rapid.SampledFrom(moves).Draw(t, "move")
		steps, err := p.Trace(m)
		if err != nil {
			t.Fatalf("Trace(%s): %v", m, err)
		}
		q := p.PlayUnchecked(m)
		got := replayTrace(t, p, m, steps)
		slices.SortFunc(got, func(a, b Piece) int {
			if c := cmpCoord(a.Y(), b.Y()); c != 0 {
				return c
			}
			return cmpCoord(a.X(), b.X())
		})
		if diff := cmp.Diff(q.Pieces(), got, cmp.AllowUnexported(Coord{}, Piece{})); diff != "" {
			t.Fatalf("%s: the steps rebuild another position (-play +trace):\n%s", m, diff)
		}
		last := steps[len(steps)-1]
		if o := q.Outcome(); (o.Status == boardrules.Win) != (last.Winner != boardrules.NoPlayer) ||
			(o.Status == boardrules.Win && o.Winner != last.Winner) {
			t.Fatalf("%s: outcome %+v, last step %+v", m, o, last)
		}
	})
}

// TestTraceMultiSplit: the path of a multi-split starts from the named
// half of the named piece, counted along the cut.
func TestTraceMultiSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 13))
	found := 0
	for game := 0; game < 20 && found < 50; game++ {
		p := Standard()
		for ply := 0; ply < 40 && p.Outcome().Status == boardrules.Ongoing; ply++ {
			moves := p.LegalMoves()
			for _, m := range moves {
				var pm parsed
				if pm.parse(m.String()) != nil || pm.n == 0 || pm.path == "" {
					continue
				}
				found++
				steps, err := p.Trace(m)
				if err != nil {
					t.Fatalf("%s: %v", m, err)
				}
				if len(steps) != 1+len(pm.path) || steps[1].From != steps[0].Start || len(steps[0].Removed) != int(pm.n) {
					t.Errorf("%s: %+v", m, steps)
				}
			}
			p = p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
	}
	if found == 0 {
		t.Fatal("no multi-split with a path met")
	}
}

// TestTraceErrors: Trace refuses what Play refuses (an illegal move of
// another position, the zero Move) and traces a move of an Equal position.
func TestTraceErrors(t *testing.T) {
	m, _ := Standard().ParseMove("0,1hn")
	steps, err := twins(t, Standard())[1].Trace(m)
	if err != nil || len(steps) != 2 || steps[1].Dir != 'N' {
		t.Errorf("Trace(0,1hn): %v %+v", err, steps)
	}
	after, _ := boardrules.Replay(Standard(), "1H")
	bad, _ := after.ParseMove("0HN-E") // 0 is White's at the start
	if _, err := Standard().Trace(bad); !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Errorf("Trace of a move of another position: %v", err)
	}
	if _, err := Standard().Trace(Move{}); err == nil || err.Error() != notation.NoMove().Error() {
		t.Errorf("Trace of the zero Move: %v", err)
	}
	if m.Base() != StepSplit || m.SwapPath() != "N" || (Move{}).Base() != 0 || (Move{}).SwapPath() != "" {
		t.Errorf("Base %v SwapPath %q", m.Base(), m.SwapPath())
	}
}

// TestMoveBaseAndSwapPath: Base and SwapPath read a move of a position: a
// J action is a join, H and V are splits, and the swap path is every swap
// step in order, including the half's own letter of the short form (0,1HN
// steps North) but not the half named before a '-' (0HN-E steps East
// only), whatever form the text was read in.
func TestMoveBaseAndSwapPath(t *testing.T) {
	for _, c := range []struct {
		before, text string
		base         StepKind
		path         string
	}{
		{"1VW 3H", "0J1,2N", StepJoin, "N"},
		{"1VW 3H", "0j1,2", StepJoin, ""},
		{"5V 3,5HS", "2,3VENE", StepSplit, "ENE"},
		{"", "1VW", StepSplit, "W"},
		{"1H", "0HN-E", StepSplit, "E"},
		{"1H", "0hn-e", StepSplit, "E"},
		{"3HN 1,1H", "0,1H3-2S-W", StepSplit, "W"},
		{"1HN 0V", "0,1H3", StepSplit, ""},
		{"", "0,1HN-N", StepSplit, "N"},
		{"", "0, 1/6hn", StepSplit, "N"},
	} {
		p, err := boardrules.Replay(Standard(), strings.Fields(c.before)...)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.text)
		if err != nil {
			t.Fatalf("after [%s]: ParseMove(%q): %v", c.before, c.text, err)
		}
		if m.Base() != c.base || m.SwapPath() != c.path {
			t.Errorf("%q: Base %v SwapPath %q, want %v %q", c.text, m.Base(), m.SwapPath(), c.base, c.path)
		}
	}
}
