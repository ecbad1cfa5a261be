package crumble

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
)

// checkStitches fails unless q's tiling keeps its order's promises (see
// checkOrderOf) and the view of q in s (carried over from the position
// before, when s made q) is the view of q's pieces built afresh: the
// pieces in position-code order in distinct slots, and every stitch
// naming the piece that holds its point; and q's tiling holds those
// pieces.
func checkStitches(t *testing.T, s *scratch, q Position, what string) {
	t.Helper()
	checkOrderOf(t, q.t, what)
	s.see(&q)
	v := &s.last.v
	if !slices.IsSortedFunc(v.ps, func(a, b piece) int { return cmp.Or(cmp.Compare(a.Y(), b.Y()), cmp.Compare(a.X(), b.X())) }) {
		t.Fatalf("%s: %s: the pieces are out of order", what, code(q))
	}
	seen := map[int32]bool{}
	for _, s := range v.slot {
		if s < 0 || s >= q.t.slots || seen[s] {
			t.Fatalf("%s: %s: slot %d taken twice or out of range", what, code(q), s)
		}
		seen[s] = true
	}
	wf, hf := q.dims()
	want := stitchesOf(v.ps, nil, wf, hf)
	for i := range want {
		if v.st[i] != want[i] {
			t.Fatalf("%s: %s: piece %d (%v) has stitches %v, want %v", what, code(q), i, v.ps[i].R(), v.st[i], want[i])
		}
	}
	if fresh := withPieces(q, v.ps); !fresh.t.equal(q.t) || fresh.hash != q.hash {
		t.Fatalf("%s: %s: the tiling differs from the one built afresh", what, code(q))
	}
}

// checkOrderOf fails unless tiling u keeps its shape's promises
// (orderFault) and its order holds every slot once: each of u.n slots
// below u.slots, taken by a record (in a leaf) when u is not flat.
func checkOrderOf(t *testing.T, u *tiling, what string) {
	t.Helper()
	if f := u.orderFault(); f != "" {
		t.Fatalf("%s: %s", what, f)
	}
	slots := u.appendSlots(nil)
	if len(slots) != int(u.n) {
		t.Fatalf("%s: the order holds %d slots for %d pieces", what, len(slots), u.n)
	}
	seen := make([]bool, u.slots)
	for k, sl := range slots {
		if sl < 0 || sl >= u.slots || seen[sl] {
			t.Fatalf("%s: slot %d, at %d in the order, is out of range or taken twice", what, sl, k)
		}
		seen[sl] = true
		if u.flat == nil && u.leaves[sl/leafSize] == nil {
			t.Fatalf("%s: slot %d, at %d in the order, has no leaf", what, sl, k)
		}
	}
}

// stitchesOf, the reference of the stitches, computes the stitches of every piece of ps, a tiling of a
// board wf x hf in code order, from its contact graph g (nil: built
// here): each stitch's piece is in edge contact with the piece. The
// stitches are indices.
func stitchesOf(ps []piece, g *graph, wf, hf int64) [][4]int32 {
	if g == nil {
		g = new(graph)
		g.build(ps, nil, wf, hf)
	}
	st := make([][4]int32, len(ps))
	for i := range ps {
		r := ps[i].R()
		for d := range 4 {
			st[i][d] = -1
			x, y, east, north := stitchPoint(r, d)
			if offBoard(x, y, east, north, wf, hf) {
				continue
			}
			for _, a := range g.adj[g.off[i]:g.off[i+1]] {
				j := a >> 1
				if q := ps[j].R(); a&1 != 0 && holdsPoint(&q, x, y, east, north) {
					st[i][d] = j
					break
				}
			}
		}
	}
	return st
}

// TestTilingAfterPlay: the tiling every move leads to, and the view of it
// carried over from the position it was played from, are the ones built
// afresh from its pieces, on every third move of positions along random
// games of several boards and on moves of the crowded positions. The games
// are those of randomPositions, played here so that each position is
// checked as soon as it is made, before anything walks its stitches: a
// broken edit fails on the move that made it, where a walk along stitches
// that loop would never end.
func TestTilingAfterPlay(t *testing.T) {
	n := 0
	s := new(scratch)
	for _, variant := range []string{"6x6", "3x3", "4x4", "2x5", "8x8"} {
		r := rand.New(rand.NewPCG(2, 60)) // randomPositions(t, variant, 2, 60)'s games
		for range 2 {
			p := startOf(t, variant)
			checkStitches(t, s, p, "the start")
			for range scaled(60) {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				for i, m := range moves {
					if i%3 != 0 {
						continue
					}
					s.see(&p)
					checkStitches(t, s, p.playUnchecked(s, m), code(p)+" "+m.String())
					n++
				}
				m := moves[r.IntN(len(moves))]
				s.see(&p)
				q := p.playUnchecked(s, m)
				checkStitches(t, s, q, code(p)+" "+m.String())
				p = q
			}
		}
	}
	for _, c := range readCrowded(t) {
		if (testing.Short() || raceEnabled) && c.moves > 2000 { // as TestCrowdedCorpus
			continue
		}
		for _, m := range sampleMoves(c.p, 20) {
			s.see(&c.p)
			checkStitches(t, s, c.p.playUnchecked(s, m), c.name+" "+m.String())
			n++
		}
	}
	if n < scaled(5000) {
		t.Fatalf("only %d moves checked", n)
	}
}

// TestTilingAcrossTheFlatLimit: moves that take a tiling past flatMax
// pieces (from the flat form to leaves) and back (joins) give the tilings
// built afresh.
func TestTilingAcrossTheFlatLimit(t *testing.T) {
	p := crowdedPosition(t, "random6-200")
	r := rand.New(rand.NewPCG(1, 2))
	s := new(scratch)
	crossed := 0
	// play plays m from p, checks the stitches of the tiling it gives and
	// counts the crossings of the limit.
	play := func(p Position, m Move) Position {
		s.see(&p)
		q := p.playUnchecked(s, m)
		checkStitches(t, s, q, code(p)+" "+m.String())
		if (p.NumPieces() <= flatMax) != (q.NumPieces() <= flatMax) {
			crossed++
		}
		return q
	}
	for p.NumPieces() <= flatMax+20 {
		m, ok := p.RandomMove(r)
		if !ok {
			t.Fatal("the game ended")
		}
		p = play(p, m)
	}
	for p.NumPieces() > flatMax-20 {
		var joins []Move
		for _, m := range p.LegalMoves() {
			if m.Base() == StepJoin && p.PlayUnchecked(m).Outcome().Status == boardrules.Ongoing {
				joins = append(joins, m)
			}
		}
		if len(joins) == 0 {
			m, _ := p.RandomMove(r)
			joins = append(joins, m)
		}
		m := joins[r.IntN(len(joins))]
		p = play(p, m)
	}
	if crossed < 2 {
		t.Fatalf("the limit was crossed %d times", crossed)
	}
}

// TestStrictChecks: the checks that test builds run on every tiling, view
// and table (see strict) find a broken one: a stitch naming a piece that
// does not hold its point, pieces out of order, a chunk of the order
// that lost a slot, and a table starting a generation that an entry has.
func TestStrictChecks(t *testing.T) {
	p := crowdedPosition(t, "split6-300") // a tiling in leaves
	var v view
	wf, hf := p.dims()
	v.load(p.t, wf, hf)
	if f := v.stitchFault(); f != "" {
		t.Fatalf("a sound view: %s", f)
	}
	v.st[7][stTR] = v.st[7][stRT]
	if v.stitchFault() == "" {
		t.Error("a stitch naming the piece above for the piece to the right is not found")
	}
	v.load(p.t, wf, hf)
	v.ps[3], v.ps[4] = v.ps[4], v.ps[3]
	if v.stitchFault() == "" {
		t.Error("two pieces out of order are not found")
	}
	if f := p.t.orderFault(); f != "" {
		t.Fatalf("a sound tiling: %s", f)
	}
	u := *p.t
	u.rope = slices.Clone(u.rope)
	u.rope[1].n--
	if u.orderFault() == "" {
		t.Error("a chunk that lost a slot is not found")
	}
	defer func() {
		if recover() == nil {
			t.Error("a table with an entry of the generation it starts is not refused")
		}
	}()
	table := []uint64{0, 5 << 32, 0}
	checkGeneration(table, func(e *uint64) uint32 { return uint32(*e >> 32) }, 5, "the test's table")
}
