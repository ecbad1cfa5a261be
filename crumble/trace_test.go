package crumble

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// replayTrace rebuilds the position after a move from the position before
// and the move's steps alone, checking what each step claims on the way.
func replayTrace(t *rapid.T, p Position, m Move, steps []Step) []Piece {
	mover := p.Turn()
	ps := p.Pieces()
	act := steps[0]
	if act.Kind != m.Kind() || len(steps) != 1+len(m.Path()) || len(act.Removed) == 0 || len(act.Added) == 0 {
		t.Fatalf("%s: action %+v, %d steps", m, act, len(steps))
	}
	for _, pc := range act.Removed {
		i := slices.Index(ps, pc)
		if i < 0 || pc.Color != mover {
			t.Fatalf("%s: removes %v, not a piece of the mover", m, pc)
		}
		ps = slices.Delete(ps, i, i+1)
	}
	for _, pc := range act.Added {
		if pc.Color != mover {
			t.Fatalf("%s: adds %v", m, pc)
		}
		ps = append(ps, pc)
	}
	at := func(pc Piece) int {
		for i, q := range ps {
			if q.X == pc.X && q.Y == pc.Y && q.W == pc.W && q.H == pc.H {
				return i
			}
		}
		t.Fatalf("%s: no piece at %v", m, pc)
		return -1
	}
	tr := act.Start
	for i, st := range steps[1:] {
		if st.Kind != StepSwap || st.Dir != m.Path()[i] || st.From != tr || st.From.Color != mover ||
			st.To.Color == mover || !sharesSide(st.From, st.To, st.Dir) || ps[at(st.From)] != st.From || ps[at(st.To)] != st.To {
			t.Fatalf("%s: step %d %+v from %v", m, i+1, st, tr)
		}
		if (st.TravellerCaptured || st.Winner != boardrules.NoPlayer) && i != len(steps)-2 {
			t.Fatalf("%s: step %d ends the path early", m, i+1)
		}
		ps[at(st.From)].Color, ps[at(st.To)].Color = mover.Other(), mover
		for _, pc := range st.Captured {
			ps[at(pc)].Color = pc.Color
		}
		tr = ps[at(st.To)]
		if st.TravellerCaptured != (tr.Color != mover) {
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
			if c := cmpCoord(a.Y, b.Y); c != 0 {
				return c
			}
			return cmpCoord(a.X, b.X)
		})
		if diff := cmp.Diff(q.Pieces(), got, cmp.AllowUnexported(Coord{})); diff != "" {
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

// TestTraceErrors: Trace refuses what ParseMove refuses and reads a move
// from its text.
func TestTraceErrors(t *testing.T) {
	m, _ := ParseMove("0,1hn")
	steps, err := Standard().Trace(m)
	if err != nil || len(steps) != 2 || steps[1].Dir != 'N' {
		t.Errorf("Trace(0,1hn): %v %+v", err, steps)
	}
	bad, _ := ParseMove("1HS")
	if _, err := Standard().Trace(bad); err == nil {
		t.Error("Trace of an illegal move")
	}
	if m.Kind() != StepSplit || m.Path() != "N" || (Move{}).Kind() != 0 || (Move{}).Path() != "" {
		t.Errorf("Kind %v Path %q", m.Kind(), m.Path())
	}
}

// TestTextOnlyMoveKindAndPath: a Move of the package-level ParseMove holds
// only its text, and Kind and Path read them from it: a J action is a join,
// H and V are splits, and the path is every swap step in order, including
// the half's own letter of the short form (0,1HN steps North) but not the
// half named before a '-' (0HN-E steps East only).
func TestTextOnlyMoveKindAndPath(t *testing.T) {
	for _, c := range []struct {
		text string
		kind StepKind
		path string
	}{
		{"0J1,2N", StepJoin, "N"},
		{"0j1,2", StepJoin, ""},
		{"2,3VENE", StepSplit, "ENE"},
		{"1VW", StepSplit, "W"},
		{"0HN-E", StepSplit, "E"},
		{"0,1H3-2S-W", StepSplit, "W"},
		{"0,1V3", StepSplit, ""},
		{"1/2, 1/3hs-ew", StepSplit, "EW"},
	} {
		m, err := ParseMove(c.text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", c.text, err)
		}
		if m.Kind() != c.kind || m.Path() != c.path {
			t.Errorf("%q: Kind %v Path %q, want %v %q", c.text, m.Kind(), m.Path(), c.kind, c.path)
		}
	}
}
