package crumble

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
)

// graphByIndex is a tiling's base contact graph by the pieces' indices in
// their position, whatever slots the tiling keeps them in: each piece with
// its colour, its sorted contact list, its full-side neighbours and sides.
type graphByIndex struct {
	Pieces []piece
	Adj    [][]int32
	Nb     [][4]int32
	Side   []uint8
}

func graphOf(t *testing.T, tl *tiling, n int) graphByIndex {
	t.Helper()
	var g graphByIndex
	index := func(v int32) int32 {
		if v < 0 {
			return v
		}
		if v >= int32(tl.n0) || tl.pos[v] < 0 {
			t.Fatalf("slot %d is listed but not a piece of the base", v)
		}
		return tl.pos[v]
	}
	for j := range n {
		v := tl.slot[j]
		pc := tl.ps[v]
		if c := colorAt(tl.bCol, v); c != pc.c {
			t.Fatalf("slot %d: the colour bits say %v, the piece %v", v, c, pc.c)
		}
		g.Pieces = append(g.Pieces, pc)
		var l []int32
		for _, a := range tl.adj[tl.bLo[v]:tl.bHi[v]] {
			l = append(l, index(a>>1)<<1|a&1)
		}
		slices.Sort(l)
		g.Adj = append(g.Adj, l)
		var nb [4]int32
		for d, u := range tl.bNb[v] {
			nb[d] = index(u)
		}
		g.Nb = append(g.Nb, nb)
		g.Side = append(g.Side, tl.side[v])
	}
	return g
}

// committedDiff compares the graph tl committed for p with one built
// afresh in fresh; it returns "" when they agree, by p's piece indices.
func committedDiff(t *testing.T, fresh, tl *tiling, p Position) string {
	t.Helper()
	wf, hf := p.dims()
	fresh.buildBase(p.pieces, wf, hf)
	return cmp.Diff(graphOf(t, fresh, len(p.pieces)), graphOf(t, tl, len(p.pieces)), cmp.AllowUnexported(piece{}, rect{}))
}

// TestCommit: the contact graph a scratch commits for the position its
// last Play or PlayUnchecked led to (a playout's next ply) is the graph
// buildBase computes for that position, over hundreds of plies of splits,
// joins and swap paths, with and without a path, across the rebuilds that
// free slots force.
func TestCommit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, variant := range []string{"6x6", "3x5", "4x4", "8x8"} {
		start := startOf(t, variant)
		s := new(scratch)
		var fresh tiling
		commits, carried, rebuilt, paths, plain := 0, 0, 0, 0, 0
		for game := 0; game < 6; game++ {
			p := start
			for ply := 0; ply < 150 && p.status == boardrules.Ongoing; ply++ {
				pending := s.next != nil
				s.take(&p)
				if pending && s.holds(&p) {
					if diff := committedDiff(t, &fresh, &s.t, p); diff != "" {
						t.Fatalf("%s game %d ply %d: committed graph differs from a fresh one (-fresh +committed):\n%s", variant, game, ply, diff)
					}
					commits++
					if s.t.n0 == len(p.pieces) && ply > 1 {
						rebuilt++ // no free slot: built afresh (or nothing removed yet)
					}
					if s.t.derived {
						checkDerived(t, &s.t)
						carried++
					}
				}
				// as RandomMove does: one split or join searched, then played
				p.prepare(s)
				moves := p.genBase(s, nil, r.IntN(len(s.bases)))
				m := moves[r.IntN(len(moves))]
				if m.steps() > 0 {
					paths++
				} else {
					plain++
				}
				if ply%3 == 0 { // the checked Play hands on its graph too
					q, err := p.playIn(s, m)
					if err != nil {
						t.Fatalf("%s: Play(%s): %v", code(p), m, err)
					}
					p = q
				} else {
					p = p.playUnchecked(s, m)
				}
			}
		}
		if commits < 100 || carried < 20 || rebuilt == 0 || paths == 0 || plain == 0 {
			t.Errorf("%s: %d commits checked (%d with derived data carried, %d rebuilt), %d moves with a path, %d without: the test misses a case",
				variant, commits, carried, rebuilt, paths, plain)
		}
	}
}

// checkDerived checks the chains and side forest a commit carried over: a
// forest link joins two live pieces in contact (or ends on a dead slot),
// a piece the forest proves safe has a group that touches a side, and the
// sides recorded for each piece's chain include all that its chain touches
// (they bound a new chain's sides).
func checkDerived(t *testing.T, tl *tiling) {
	t.Helper()
	tl.c0 = append(tl.c0[:0], tl.bCol...) // the colouring right after no action
	onSide := groupsOnSides(tl)
	for v := range int32(tl.n0) {
		if tl.pos[v] < 0 {
			continue
		}
		list := tl.adj[tl.bLo[v]:tl.bHi[v]]
		if w := tl.par[v]; w >= 0 {
			live := w < int32(tl.n0) && tl.pos[w] >= 0
			beside := slices.ContainsFunc(list, func(a int32) bool { return a>>1 == w })
			if live && !beside || !live && !tl.dead[w] {
				t.Fatalf("slot %d: side forest link to %d, which is neither a live piece beside it nor dead", v, w)
			}
		}
		if tl.treeSafe(tl.bCol, v) && !onSide[v] {
			t.Fatalf("slot %d: the side forest proves it safe, but its group touches no side", v)
		}
		var sides uint8
		seen := map[int32]bool{v: true}
		stack := []int32{v}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			sides |= tl.side[u]
			for _, a := range tl.adj[tl.bLo[u]:tl.bHi[u]] {
				if w := a >> 1; a&1 != 0 && !seen[w] && tl.ps[w].c == tl.ps[v].c {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
		if got := tl.chainSides(v); got&sides != sides {
			t.Fatalf("slot %d: its chain's sides recorded as %04b, but it touches %04b", v, got, sides)
		}
	}
}

// groupsOnSides marks the live pieces of the base tiling whose group (one
// colour, edge or corner contact) touches a side of the board.
func groupsOnSides(tl *tiling) []bool {
	on := make([]bool, tl.n0)
	var queue []int32
	for v := range int32(tl.n0) {
		if tl.pos[v] >= 0 && tl.side[v] != 0 {
			on[v] = true
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, a := range tl.adj[tl.bLo[u]:tl.bHi[u]] {
			if w := a >> 1; !on[w] && tl.ps[w].c == tl.ps[u].c {
				on[w] = true
				queue = append(queue, w)
			}
		}
	}
	return on
}
