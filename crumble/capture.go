package crumble

// Swap steps, captures and the win: one step of the travelling piece, the
// captures it causes (repeated until no group is cut off from every side)
// and the test for a chain that connects all four sides.

import (
	"math/bits"
	"slices"
)

// step makes one swap step of the travelling piece tr in direction d for
// the mover, with its captures. It reports the new travelling piece and
// whether the step was legal; a legal step leaves the recoloured pieces in
// t.changed, and win is the colour that now has a winning chain, or -1.
func (t *tiling) step(col []uint64, tr int32, d int, mover Color) (u int32, ok bool, win int8) {
	u = t.nb[tr][d]
	if u < 0 || colorAt(col, u) == mover {
		return u, false, -1
	}
	flip(col, tr)
	flip(col, u)
	t.changed = append(t.changed[:0], tr, u)
	// Groups that may have lost their last side contact: tr's and u's own,
	// and those of the other colour beside them that were joined through
	// them (tr's neighbours now of the mover's colour, u's now of the
	// opponent's). Pieces on a side are safe and need no search.
	t.seeds = t.seeds[:0]
	if t.side[tr] == 0 {
		t.seeds = append(t.seeds, tr)
	}
	if t.side[u] == 0 {
		t.seeds = append(t.seeds, u)
	}
	for _, a := range t.adj[t.lo[tr]:t.hi[tr]] {
		if w := a >> 1; t.side[w] == 0 && colorAt(col, w) == mover {
			t.seeds = append(t.seeds, w)
		}
	}
	for _, a := range t.adj[t.lo[u]:t.hi[u]] {
		if w := a >> 1; t.side[w] == 0 && colorAt(col, w) != mover {
			t.seeds = append(t.seeds, w)
		}
	}
	t.resolve(col)
	return u, true, t.winner(col)
}

// resolve settles captures, starting from t.seeds: every group that touches
// no side of the board takes the other colour, all at once, until none is
// left. Only groups through a seed can have lost their last side contact,
// and after a round only groups through a recoloured piece or a neighbour of
// one.
func (t *tiling) resolve(col []uint64) {
	for {
		round := t.nextRound()
		t.capt = t.capt[:0]
		for _, s := range t.seeds {
			if t.safe[s] == round {
				continue
			}
			if t.treeSafe(col, s) {
				t.safe[s] = round
				continue
			}
			c := colorAt(col, s)
			f := t.nextFlood()
			// breadth first, so that the nearest side ends the search
			t.comp = append(t.comp[:0], s)
			t.vis[s] = f
			found := false
			for qi := 0; qi < len(t.comp) && !found; qi++ {
				v := t.comp[qi]
				if t.side[v] != 0 || t.safe[v] == round {
					found = true
					break
				}
				for _, a := range t.adj[t.lo[v]:t.hi[v]] {
					w := a >> 1
					if t.vis[w] != f && colorAt(col, w) == c {
						if t.side[w] != 0 || t.safe[w] == round || t.treeSafe(col, w) {
							found = true
							break
						}
						t.vis[w] = f
						t.comp = append(t.comp, w)
					}
				}
			}
			if found {
				for _, v := range t.comp {
					t.safe[v] = round
				}
				continue
			}
			for _, v := range t.comp {
				t.safe[v] = round
			}
			t.capt = append(t.capt, t.comp...)
		}
		if len(t.capt) == 0 {
			return
		}
		t.seeds = t.seeds[:0]
		for _, v := range t.capt {
			flip(col, v)
			t.changed = append(t.changed, v)
			t.seeds = append(t.seeds, v)
			t.seeds = t.appendNeighbours(t.seeds, v)
		}
	}
}

// winner returns the colour with a chain touching all four sides, or -1.
// Only chains through a recoloured piece can be new.
//
// Before searching, it bounds the sides such a chain can reach: a chain of
// colour c that contains no piece recoloured since the action lies inside
// a chain of the colouring right after the action (which won nothing), and
// its other pieces belong to such chains next to a recoloured piece. So the
// sides of the recoloured pieces now of colour c, with those of the
// after-action chains of colour c beside them, bound the sides any new
// chain of colour c touches; below all four the search is skipped.
func (t *tiling) winner(col []uint64) int8 {
	if !t.derived { // no chains to bound with (see overlay)
		return t.winnerFlood(col)
	}
	var bound [2]uint8
	for k, w := range col {
		diff := w ^ t.c0[k]
		for diff != 0 {
			b := bits.TrailingZeros64(diff)
			diff &= diff - 1
			x := int32(k<<6 + b)
			c := colorAt(col, x)
			m := bound[c] | t.side[x]
			for _, a := range t.adj[t.lo[x]:t.hi[x]] {
				if y := a >> 1; a&1 != 0 && colorAt(t.c0, y) == c {
					m |= t.chainSides(y)
				}
			}
			if m == allSides {
				// this bound allows a win already: the flood decides
				return t.winnerFlood(col)
			}
			bound[c] = m
		}
	}
	return -1
}

// winnerFlood searches the chains through the recoloured pieces.
func (t *tiling) winnerFlood(col []uint64) int8 {
	f := t.nextFlood()
	for _, s := range t.changed {
		if t.vis[s] == f {
			continue
		}
		c := colorAt(col, s)
		t.vis[s] = f
		t.stack = append(t.stack[:0], s)
		var sides uint8
		for len(t.stack) > 0 {
			v := t.stack[len(t.stack)-1]
			t.stack = t.stack[:len(t.stack)-1]
			sides |= t.side[v]
			if sides == allSides {
				return int8(c)
			}
			for _, a := range t.adj[t.lo[v]:t.hi[v]] {
				w := a >> 1
				if a&1 != 0 && t.vis[w] != f && colorAt(col, w) == c {
					t.vis[w] = f
					t.stack = append(t.stack, w)
				}
			}
		}
	}
	return -1
}

// fullCheck reports whether the colouring holds a capturable group or a
// winning chain anywhere (used to validate decoded positions).
func (t *tiling) fullCheck(col []uint64) (capturable bool, win int8) {
	t.derive()
	n := int32(len(t.ps))
	t.seeds = t.seeds[:0]
	t.changed = t.changed[:0]
	for i := int32(0); i < n; i++ {
		t.seeds = append(t.seeds, i)
		t.changed = append(t.changed, i)
	}
	t.c0 = append(t.c0[:0], col...)
	work := slices.Clone(col)
	t.resolve(work)
	if !slices.Equal(work, col) {
		capturable = true
	}
	t.changed = t.changed[:n]
	return capturable, t.winnerFlood(col)
}
