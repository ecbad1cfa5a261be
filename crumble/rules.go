package crumble

// This file is the hot path: the tiling's contact graph, swap steps with
// captures and the win check, splits and joins, move generation and Play.

import (
	"cmp"
	"math/bits"
	"slices"
	"sync"

	"github.com/boardrules/boardrules"
)

// Directions of swap steps, in ASCII order of their letters: the order in
// which move generation expands them.
const (
	dirE = iota
	dirN
	dirS
	dirW
)

const dirLetters = "ENSW"

// Side bits of tiling.side.
const (
	sideW uint8 = 1 << iota
	sideE
	sideS
	sideN
	allSides = sideW | sideE | sideS | sideN
)

// tiling is the contact graph of one tiling, with the scratch that the swap
// steps use. Colours are kept apart, as bitsets (bit set = White), so that
// a search can hold many colourings of one tiling.
//
// A tiling is built once for a position (buildBase) and then, for each split
// or join, overlaid with the action's result (overlay): the removed pieces
// stay in place as dead indices, the created pieces are appended, and only
// the lists of the pieces around the action are rebuilt. Piece order does
// not matter to the search; finish sorts the pieces of the next position.
type tiling struct {
	wf, hf int64
	n0     int     // pieces of the base tiling
	ps     []piece // the base pieces, then the created ones
	lo, hi []int32 // the neighbours of v are adj[lo[v]:hi[v]]
	adj    []int32 // neighbour<<1 | 1 for edge contact, 0 for corner contact
	nb     [][4]int32
	side   []uint8
	dead   []bool

	// the base tiling, restored before each overlay
	bLo, bHi []int32
	bNb      [][4]int32
	bAdj     int
	bCol     []uint64 // colours of the base pieces
	// chains of the base tiling (edge contact, same colour): a label per
	// piece (created pieces take their parent's) and each label's sides
	chain     []int32
	chainMask []uint8
	// derived: chain and par are computed (by derive, on the first
	// overlay: a position whose moves make no swap step never needs them)
	derived bool
	// the colouring right after the action
	c0 []uint64
	// par links each base piece towards a side within its group
	par      []int32
	lastDead []int32

	pairs    []pair
	levelEnd []int32
	cnt      []int32
	patched  []int32
	// kept from patchAround for the next action with the same removed set
	memo      bool
	slack     int
	regionEnd int
	nbClean   [][4]int32
	filtEnd   []int32
	mark      []uint32
	vis       []uint32
	safe      []uint32
	flood     uint32
	round     uint32
	stack     []int32
	comp      []int32
	capt      []int32
	seeds     []int32
	// changed lists the pieces the last step recoloured (the two swapped
	// pieces and every capture).
	changed []int32
}

type pair struct {
	i, j int32
	edge bool
}

func colorAt(col []uint64, i int32) Color { return Color(col[i>>6] >> (uint(i) & 63) & 1) }
func flip(col []uint64, i int32)          { col[i>>6] ^= 1 << (uint(i) & 63) }

func sideMask(a rect, wf, hf int64) uint8 {
	var s uint8
	if a.x == 0 {
		s |= sideW
	}
	if a.x+a.w == wf {
		s |= sideE
	}
	if a.y == 0 {
		s |= sideS
	}
	if a.y+a.h == hf {
		s |= sideN
	}
	return s
}

// link tests pieces i and j for contact and records full-side neighbours.
func (t *tiling) link(i, j int32) (touch, edge bool) {
	a, b := t.ps[i].rect, t.ps[j].rect
	ox := min(a.x+a.w, b.x+b.w) - max(a.x, b.x)
	oy := min(a.y+a.h, b.y+b.h) - max(a.y, b.y)
	if ox < 0 || oy < 0 {
		return false, false
	}
	switch {
	case oy == 0 && ox > 0:
		if b.y < a.y {
			i, j, a, b = j, i, b, a
		}
		// b above a
		if b.x == a.x && b.w == a.w {
			t.nb[i][dirN] = j
			t.nb[j][dirS] = i
		}
		return true, true
	case ox == 0 && oy > 0:
		if b.x < a.x {
			i, j, a, b = j, i, b, a
		}
		// b east of a
		if b.y == a.y && b.h == a.h {
			t.nb[i][dirE] = j
			t.nb[j][dirW] = i
		}
		return true, true
	}
	return true, false
}

// resize returns s with length n, keeping its contents.
func resize[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	return append(s[:cap(s)], make([]T, n-cap(s))...)[:n]
}

// grow makes room for n pieces, keeping the lists of the pieces so far.
func (t *tiling) grow(n int) {
	t.lo = resize(t.lo, n)
	t.hi = resize(t.hi, n)
	t.nb = resize(t.nb, n)
	t.side = resize(t.side, n)
	t.dead = resize(t.dead, n)
	if len(t.vis) < n {
		t.vis = make([]uint32, n+n/2+8)
		t.safe = make([]uint32, n+n/2+8)
		t.mark = make([]uint32, n+n/2+8)
		t.flood, t.round = 0, 0
	}
}

// buildBase computes the contact graph of ps, sorted by lower-left y then x.
func (t *tiling) buildBase(ps []piece, wf, hf int64) {
	n := len(ps)
	t.wf, t.hf, t.n0 = wf, hf, n
	t.ps = append(t.ps[:0], ps...)
	t.grow(n)
	t.pairs = t.pairs[:0]
	clear(t.dead)
	t.lastDead = t.lastDead[:0]
	t.memo = false
	for i := range ps {
		t.nb[i] = [4]int32{-1, -1, -1, -1}
		t.side[i] = sideMask(ps[i].rect, wf, hf)
		t.lo[i] = 0
	}
	// A level is a run of pieces with the same y; its pieces stand side by
	// side, so their x ranges are disjoint and in order. levelEnd[i] is the
	// index just past piece i's level.
	t.levelEnd = resize(t.levelEnd, n)
	for i := n - 1; i >= 0; i-- {
		if i+1 < n && ps[i+1].y == ps[i].y {
			t.levelEnd[i] = t.levelEnd[i+1]
		} else {
			t.levelEnd[i] = int32(i + 1)
		}
	}
	pairUp := func(i, j int) {
		if touch, edge := t.link(int32(i), int32(j)); touch {
			t.pairs = append(t.pairs, pair{int32(i), int32(j), edge})
			t.lo[i]++
			t.lo[j]++
		}
	}
	// Each piece meets the pieces after it: on its own level only the next
	// one can touch it, and on each higher level up to its top the pieces
	// whose x range meets its own, found by binary search.
	for i := range ps {
		top := ps[i].y + ps[i].h
		ax0, ax1 := ps[i].x, ps[i].x+ps[i].w
		j := i + 1
		if j < n && ps[j].y == ps[i].y {
			pairUp(i, j)
			j = int(t.levelEnd[i])
		}
		for j < n && ps[j].y <= top {
			end := int(t.levelEnd[j])
			lo, hi := j, end
			for lo < hi { // the first piece of the level reaching ax0
				m := int(uint(lo+hi) >> 1)
				if ps[m].x+ps[m].w < ax0 {
					lo = m + 1
				} else {
					hi = m
				}
			}
			for k := lo; k < end && ps[k].x <= ax1; k++ {
				pairUp(i, k)
			}
			j = end
		}
	}
	// lo holds degrees: turn them into offsets
	sum := int32(0)
	for i := 0; i < n; i++ {
		d := t.lo[i]
		t.lo[i] = sum
		t.hi[i] = sum
		sum += d
	}
	t.adj = slices.Grow(t.adj[:0], int(sum))[:sum]
	for _, pr := range t.pairs {
		e := int32(0)
		if pr.edge {
			e = 1
		}
		t.adj[t.hi[pr.i]] = pr.j<<1 | e
		t.hi[pr.i]++
		t.adj[t.hi[pr.j]] = pr.i<<1 | e
		t.hi[pr.j]++
	}
	t.bAdj = int(sum)
	t.derived = false
	t.bCol = slices.Grow(t.bCol[:0], (n+63)>>6)[:(n+63)>>6]
	clear(t.bCol)
	for i := range ps {
		if ps[i].c == White {
			t.bCol[i>>6] |= 1 << (uint(i) & 63)
		}
	}
	t.bLo = append(t.bLo[:0], t.lo[:n]...)
	t.bHi = append(t.bHi[:0], t.hi[:n]...)
	t.bNb = append(t.bNb[:0], t.nb[:n]...)
	t.patched = t.patched[:0]
}

// derive computes the chains and the side forest of the base tiling, once.
func (t *tiling) derive() {
	if !t.derived {
		t.labelChains()
		t.sideForest()
		t.derived = true
	}
}

// sideForest links every base piece to a piece of its group (same colour,
// touching) one step nearer a side of the board, by a breadth-first search
// from the pieces on the sides. Pieces on a side get -1, pieces of groups
// that touch no side -2.
func (t *tiling) sideForest() {
	n := t.n0
	t.par = resize(t.par, n)
	t.comp = t.comp[:0]
	for i := 0; i < n; i++ {
		t.par[i] = -2
		if t.side[i] != 0 {
			t.par[i] = -1
			t.comp = append(t.comp, int32(i))
		}
	}
	for qi := 0; qi < len(t.comp); qi++ {
		v := t.comp[qi]
		c := t.ps[v].c
		for _, a := range t.adj[t.lo[v]:t.hi[v]] {
			if w := a >> 1; t.par[w] == -2 && t.ps[w].c == c {
				t.par[w] = v
				t.comp = append(t.comp, w)
			}
		}
	}
	t.comp = t.comp[:0]
}

// treeSafe reports whether v's way to a side along the forest is still
// intact: v and every piece on the way are base pieces that still exist
// and have the colour they had right after the action. Then v's group
// touches a side. A false answer proves nothing.
func (t *tiling) treeSafe(col []uint64, v int32) bool {
	for {
		if int(v) >= t.n0 || t.dead[v] || colorAt(col, v) != colorAt(t.c0, v) {
			return false
		}
		if t.side[v] != 0 {
			return true
		}
		if v = t.par[v]; v < 0 {
			return false
		}
	}
}

// labelChains labels the chains of the base tiling.
func (t *tiling) labelChains() {
	n := t.n0
	t.chain = resize(t.chain, n)
	for i := range t.chain {
		t.chain[i] = -1
	}
	t.chainMask = t.chainMask[:0]
	for i := 0; i < n; i++ {
		if t.chain[i] >= 0 {
			continue
		}
		l := int32(len(t.chainMask))
		c := t.ps[i].c
		var m uint8
		t.chain[i] = l
		t.stack = append(t.stack[:0], int32(i))
		for len(t.stack) > 0 {
			v := t.stack[len(t.stack)-1]
			t.stack = t.stack[:len(t.stack)-1]
			m |= t.side[v]
			for _, a := range t.adj[t.lo[v]:t.hi[v]] {
				if w := a >> 1; a&1 != 0 && t.chain[w] < 0 && t.ps[w].c == c {
					t.chain[w] = l
					t.stack = append(t.stack, w)
				}
			}
		}
		t.chainMask = append(t.chainMask, m)
	}
}

// overlay makes the tiling the base with the action applied: the removed
// pieces die, the created pieces (coloured mover) get the indices n0, n0+1,
// ... in source order.
//
// The pieces around the removed ones are patched: their lists lose the dead
// pieces and gain the created ones beside them. The first part depends
// only on the removed set, so it is kept for the next action when that
// removes the same pieces (the H and V split of one piece).
func (t *tiling) overlay(act *action, mover Color) {
	t.derive()
	n0 := t.n0
	k := len(act.added)
	n := n0 + k
	t.ps = t.ps[:n0]
	t.grow(n)
	if !t.memo || k > t.slack || !slices.Equal(act.removed, t.lastDead) {
		t.patchAround(act.removed, k)
	} else {
		for i, w := range t.patched {
			t.nb[w] = t.nbClean[i]
		}
		t.adj = t.adj[:t.regionEnd]
	}
	t.chain = resize(t.chain, n)
	for k, r := range act.added {
		t.ps = append(t.ps, piece{r, mover})
		i := n0 + k
		t.nb[i] = [4]int32{-1, -1, -1, -1}
		t.side[i] = sideMask(r, t.wf, t.hf)
		t.dead[i] = false
		t.chain[i] = t.chain[act.parent[k]]
	}
	t.c0 = t.colours(t.c0)
	// contacts of the created pieces
	t.pairs = t.pairs[:0]
	for i := n0; i < n; i++ {
		for _, w := range t.patched {
			if touch, edge := t.link(int32(i), w); touch {
				t.pairs = append(t.pairs, pair{int32(i), w, edge})
			}
		}
		for j := i + 1; j < n; j++ {
			if touch, edge := t.link(int32(i), int32(j)); touch {
				t.pairs = append(t.pairs, pair{int32(i), int32(j), edge})
			}
		}
	}
	// the patched lists take the created pieces after their live base
	// entries (room was left for them); the created pieces' lists follow
	for i, w := range t.patched {
		t.hi[w] = t.filtEnd[i]
	}
	t.cnt = resize(t.cnt, n)
	for i := n0; i < n; i++ {
		t.cnt[i] = 0
	}
	for _, pr := range t.pairs {
		t.cnt[pr.i]++
		if int(pr.j) >= n0 {
			t.cnt[pr.j]++
		}
	}
	for i := n0; i < n; i++ {
		t.lo[i], t.hi[i] = int32(len(t.adj)), int32(len(t.adj))
		t.adj = resize(t.adj, len(t.adj)+int(t.cnt[i]))
	}
	for _, pr := range t.pairs {
		e := b2i(pr.edge)
		t.adj[t.hi[pr.i]] = pr.j<<1 | e
		t.hi[pr.i]++
		t.adj[t.hi[pr.j]] = pr.i<<1 | e
		t.hi[pr.j]++
	}
}

// patchAround undoes the last overlay and prepares the pieces around the
// removed ones: dead marks, the patched set, their full-side neighbours
// without the dead, and their live base entries, each list followed by
// room for k created neighbours.
func (t *tiling) patchAround(removed []int32, k int) {
	for _, v := range t.lastDead {
		t.dead[v] = false
	}
	for _, w := range t.patched {
		t.lo[w], t.hi[w], t.nb[w] = t.bLo[w], t.bHi[w], t.bNb[w]
	}
	t.adj = t.adj[:t.bAdj]
	t.lastDead = append(t.lastDead[:0], removed...)
	for _, v := range removed {
		t.dead[v] = true
	}
	m := t.nextMark()
	t.patched = t.patched[:0]
	for _, v := range removed {
		for _, a := range t.adj[t.lo[v]:t.hi[v]] {
			w := a >> 1
			if !t.dead[w] && t.mark[w] != m {
				t.mark[w] = m
				t.patched = append(t.patched, w)
			}
		}
	}
	t.nbClean = t.nbClean[:0]
	t.filtEnd = t.filtEnd[:0]
	for _, w := range t.patched {
		for d, u := range t.nb[w] {
			if u >= 0 && t.dead[u] {
				t.nb[w][d] = -1
			}
		}
		t.nbClean = append(t.nbClean, t.nb[w])
		lo, blo, bhi := int32(len(t.adj)), t.lo[w], t.hi[w]
		t.adj = resize(t.adj, len(t.adj)+int(bhi-blo)+k)
		end := lo
		for _, a := range t.adj[blo:bhi] {
			t.adj[end] = a
			end += 1 - b2i(t.dead[a>>1])
		}
		t.lo[w], t.hi[w] = lo, end
		t.filtEnd = append(t.filtEnd, end)
	}
	t.regionEnd = len(t.adj)
	t.slack = k
	t.memo = true
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

func (t *tiling) nextMark() uint32 {
	t.flood++
	if t.flood == 0 {
		clear(t.vis)
		clear(t.mark)
		t.flood = 1
	}
	return t.flood
}

// colours writes the colours of t.ps into a bitset.
func (t *tiling) colours(dst []uint64) []uint64 {
	nw := (len(t.ps) + 63) >> 6
	dst = slices.Grow(dst[:0], nw)[:nw]
	clear(dst)
	copy(dst, t.bCol)
	for i := t.n0; i < len(t.ps); i++ {
		if t.ps[i].c == White {
			dst[i>>6] |= 1 << (uint(i) & 63)
		}
	}
	return dst
}

// nextFlood returns a fresh flood mark.
func (t *tiling) nextFlood() uint32 { return t.nextMark() }

func (t *tiling) nextRound() uint32 {
	t.round++
	if t.round == 0 {
		clear(t.safe)
		t.round = 1
	}
	return t.round
}

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

func (t *tiling) appendNeighbours(dst []int32, v int32) []int32 {
	for _, a := range t.adj[t.lo[v]:t.hi[v]] {
		dst = append(dst, a>>1)
	}
	return dst
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
					m |= t.chainMask[t.chain[y]]
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

// locate returns the index of the piece that holds the points just beside
// (px, py) on the given side: east means just right of px, north just above
// py. It returns -1 when there is none (outside the board). maxH is the
// greatest piece height: pieces lower than py-maxH cannot hold the point,
// and the pieces are sorted by y, so the search starts above them.
func locate(ps []piece, maxH, px, py int64, east, north bool) int {
	lo, hi := 0, len(ps)
	for lo < hi { // first piece with y >= py-maxH
		m := int(uint(lo+hi) >> 1)
		if ps[m].y < py-maxH {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for i := lo; i < len(ps); i++ {
		r := &ps[i].rect
		if r.y > py {
			break
		}
		if north {
			if !(r.y <= py && py < r.y+r.h) {
				continue
			}
		} else if !(r.y < py && py <= r.y+r.h) {
			continue
		}
		if east {
			if r.x <= px && px < r.x+r.w {
				return i
			}
		} else if r.x < px && px <= r.x+r.w {
			return i
		}
	}
	return -1
}

// maxHeight returns the greatest height of the pieces.
func maxHeight(ps []piece) int64 {
	var m int64
	for i := range ps {
		m = max(m, ps[i].h)
	}
	return m
}

// walk appends to dst the pieces a cut starting at anchor i can take, in
// walk order, starting with i itself. vertical selects a V cut. The
// anchor must be the mover's and allow the cut with an even length (checked
// by the caller); the walk then lists every further piece.
func walk(dst []int32, ps []piece, maxH, wf, hf int64, i int, vertical bool, mover Color) []int32 {
	dst, _ = walkTo(dst, ps, maxH, wf, hf, i, vertical, mover)
	return dst
}

// walkTo is walk that also reports where the walk stopped: the x (H) or y
// (V) at which the line is blocked, or the board's size when it reached
// the side.
func walkTo(dst []int32, ps []piece, maxH, wf, hf int64, i int, vertical bool, mover Color) ([]int32, int64) {
	dst = append(dst, int32(i))
	p1 := ps[i].rect
	if !vertical {
		c := p1.y + p1.h/2
		x := p1.x + p1.w
		for x < wf {
			a := locate(ps, maxH, x, c, true, true)
			b := locate(ps, maxH, x, c, true, false)
			if a < 0 || b < 0 {
				break
			}
			if a == b {
				pa := ps[a]
				if pa.c == mover && pa.canH() && 2*(c-pa.y) == pa.h {
					dst = append(dst, int32(a))
					x = pa.x + pa.w
					continue
				}
				break
			}
			x = min(ps[a].x+ps[a].w, ps[b].x+ps[b].w)
		}
		return dst, x
	}
	c := p1.x + p1.w/2
	y := p1.y + p1.h
	for y < hf {
		a := locate(ps, maxH, c, y, true, true)
		b := locate(ps, maxH, c, y, false, true)
		if a < 0 || b < 0 {
			break
		}
		if a == b {
			pa := ps[a]
			if pa.c == mover && pa.canV() && 2*(c-pa.x) == pa.w {
				dst = append(dst, int32(a))
				y = pa.y + pa.h
				continue
			}
			break
		}
		y = min(ps[a].y+ps[a].h, ps[b].y+ps[b].h)
	}
	return dst, y
}

// halves returns the two halves of r for a cut, in letter order: N, S for
// H and E, W for V.
func halves(r rect, vertical bool) (rect, rect) {
	if !vertical {
		h := r.h / 2
		return rect{r.x, r.y + h, r.w, h}, rect{r.x, r.y, r.w, h}
	}
	w := r.w / 2
	return rect{r.x + w, r.y, w, r.h}, rect{r.x, r.y, w, r.h}
}

// splitOK reports whether the anchor allows the cut with representable
// halves.
func splitOK(r rect, vertical bool) (shape, fine bool) {
	if !vertical {
		return r.canH(), r.h%2 == 0
	}
	return r.canV(), r.w%2 == 0
}

// joinMembers checks the join of R = [x0,x1]x[y0,y1] for the mover and
// appends the indices of the pieces inside to dst. ok is false when R is
// not a legal join.
func joinMembers(dst []int32, ps []piece, x0, y0, x1, y1 int64, mover Color) ([]int32, bool) {
	r := rect{x0, y0, x1 - x0, y1 - y0}
	if !r.legal() {
		return dst, false
	}
	start := len(dst)
	for i := range ps {
		p := &ps[i]
		if p.y >= y1 {
			break
		}
		if p.x >= x1 || p.x+p.w <= x0 || p.y+p.h <= y0 {
			continue
		}
		if p.c != mover || p.x < x0 || p.x+p.w > x1 || p.y < y0 || p.y+p.h > y1 {
			return dst, false
		}
		dst = append(dst, int32(i))
	}
	return dst, len(dst)-start >= 2
}

// joinable is the quick form of joinMembers for move generation: R's
// border must run along edges of the corner graph g of ps, and then the
// pieces inside R (found by their lower-left corners) must be the mover's,
// at least two of them.
func (g *cornerGraph) joinable(ps []piece, x0, y0, x1, y1 int64, mover Color) bool {
	v00, v01 := g.index(x0, y0), g.index(x0, y1)
	if v00 < 0 || v01 < 0 || !g.along(v00, x1, false) || !g.along(v01, x1, false) ||
		!g.along(v00, y1, true) || !g.along(g.index(x1, y0), y1, true) {
		return false
	}
	count := 0
	k, _ := slices.BinarySearchFunc(ps, y0, func(p piece, y int64) int {
		if p.y < y {
			return -1
		}
		if p.y > y {
			return 1
		}
		return 0
	})
	for ; k < len(ps) && ps[k].y < y1; k++ {
		if ps[k].x < x0 || ps[k].x >= x1 {
			continue
		}
		if ps[k].c != mover {
			return false
		}
		count++
	}
	return count >= 2
}

// along reports whether the way from corner v East (or North) to the
// coordinate to runs along edges and ends on a corner there.
func (g *cornerGraph) along(v int, to int64, north bool) bool {
	if v < 0 {
		return false
	}
	for {
		at := g.pts[v].x
		if north {
			at = g.pts[v].y
		}
		if at >= to {
			return at == to
		}
		if v, _ = g.next(v, north); v < 0 {
			return false
		}
	}
}

// insertSorted inserts p into ps, kept in position-code order, and returns
// the grown slice and p's index.
func insertSorted(ps []piece, p piece) ([]piece, int) {
	i, _ := slices.BinarySearchFunc(ps, p, func(a, b piece) int {
		return cmp.Or(cmp.Compare(a.y, b.y), cmp.Compare(a.x, b.x))
	})
	ps = slices.Insert(ps, i, p)
	return ps, i
}

// findPiece returns the index of the piece whose lower-left corner is
// (x, y), or -1.
func findPiece(ps []piece, x, y int64) int {
	i, ok := slices.BinarySearchFunc(ps, rect{x: x, y: y}, func(a piece, b rect) int {
		if a.y != b.y {
			if a.y < b.y {
				return -1
			}
			return 1
		}
		if a.x < b.x {
			return -1
		}
		if a.x > b.x {
			return 1
		}
		return 0
	})
	if !ok {
		return -1
	}
	return i
}

// action is a resolved split or join: what it removes and what it adds.
type action struct {
	removed []int32 // indices in the position before the action, sorted
	added   []rect  // the created pieces, in source order
	parent  []int32 // for each created piece, a piece it replaces
}

func (a *action) reset() {
	a.removed, a.added, a.parent = a.removed[:0], a.added[:0], a.parent[:0]
}

// addHalves records the split of piece i (rectangle r).
func (a *action) addHalves(r rect, i int32, vertical bool) {
	h1, h2 := halves(r, vertical)
	a.added = append(a.added, h1, h2)
	a.parent = append(a.parent, i, i)
	a.removed = append(a.removed, i)
}

// addJoin records the joined rectangle; a.removed must hold its pieces.
func (a *action) addJoin(r rect) {
	a.added = append(a.added, r)
	a.parent = append(a.parent, a.removed[0])
}

// scratch is the per-call working memory of move generation and Play.
type scratch struct {
	t       tiling
	walkBuf []int32
	act     action
	col     []uint64
	c0      []uint64
	g       cornerGraph
	// breadth-first search
	states []bfsState
	words  []uint64 // colourings of the states, nw words each
	table  []int32  // open addressing: state index+1, 0 = empty
	bases  []baseDesc
	own    []int32 // RandomMove: the mover's pieces
	moves  []Move  // RandomMove's moves of one base
	walks  []int32
	text   []byte // Move.String's text
	path   []byte
}

type bfsState struct {
	parent int32
	tr     int32
	dir    int8
	src    int32 // index into the sources (only for roots)
	hash   uint64
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// hasBase reports whether the side to move has at least one split or join.
func (p *Position) hasBase() bool {
	if len(p.pieces) == 0 {
		return false
	}
	for _, pc := range p.pieces {
		if pc.c != p.turn {
			continue
		}
		if (pc.canH() && pc.h%2 == 0) || (pc.canV() && pc.w%2 == 0) {
			return true
		}
	}
	// Every own piece is at the precision limit: look for a join.
	var buf []int32
	for i, a := range p.pieces {
		if a.c != p.turn {
			continue
		}
		for _, b := range p.pieces {
			if b.c != p.turn {
				continue
			}
			var ok bool
			buf, ok = joinMembers(buf[:0], p.pieces, a.x, a.y, b.x+b.w, b.y+b.h, p.turn)
			if ok {
				return true
			}
		}
		_ = i
	}
	return false
}

func (p *Position) dims() (int64, int64) {
	return int64(p.v.Width) << p.shift, int64(p.v.Height) << p.shift
}

// resolveAction fills s.act for a move's base, reading the walk again for
// splits. It trusts the move.
func (p *Position) resolveAction(s *scratch, m *Move) {
	wf, hf := p.dims()
	s.act.reset()
	switch m.kind {
	case kindH, kindV:
		vertical := m.kind == kindV
		s.walkBuf = walk(s.walkBuf[:0], p.pieces, maxHeight(p.pieces), wf, hf, int(m.anchor), vertical, p.turn)
		for _, i := range s.walkBuf[:m.n] {
			s.act.addHalves(p.pieces[i].rect, i, vertical)
		}
		slices.Sort(s.act.removed)
	case kindJ:
		a := p.pieces[m.anchor]
		s.act.removed, _ = joinMembers(s.act.removed, p.pieces, a.x, a.y, m.x1, m.y1, p.turn)
		s.act.addJoin(rect{a.x, a.y, m.x1 - a.x, m.y1 - a.y})
	}
}

// Play plays a move of this position (from LegalMoves or ParseMove): it
// accepts m exactly when ParseMove(m.String()) returns m, or a Move equal to
// m but for its binding to another position value with the same pieces.
func (p Position) Play(m Move) (Position, error) {
	if !m.resolved() {
		if m.raw == "" && p.status != boardrules.Ongoing && len(p.pieces) > 0 {
			return Position{}, gameOver("(zero move)", "the game is over")
		}
		if m.raw == "" {
			return Position{}, illegal("(zero move)", "not a move")
		}
	}
	text := m.String()
	q, err := p.ParseMove(text)
	if err != nil {
		return Position{}, err
	}
	if q.ps != m.ps && m.ps != nil && slices.Equal(m.pieces(), p.pieces) {
		q.ps = m.ps // a move of an Equal position value
	}
	if q != m {
		return Position{}, illegal(text, "the move does not belong to this position")
	}
	return p.PlayUnchecked(q), nil
}

// PlayUnchecked plays a move from this position's LegalMoves, RandomMove or
// ParseMove without checking it.
func (p Position) PlayUnchecked(m Move) Position {
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	p.resolveAction(s, &m)
	steps := m.steps()
	if steps == 0 {
		return p.finishNoPath(s)
	}
	wf, hf := p.dims()
	s.t.buildBase(p.pieces, wf, hf)
	s.t.overlay(&s.act, p.turn)
	s.col = append(s.col[:0], s.t.c0...)
	tr := int32(s.t.n0) + m.src
	win := int8(-1)
	for i := 0; i < steps; i++ {
		u, ok, w := s.t.step(s.col, tr, m.dir(i), p.turn)
		if !ok {
			break
		}
		tr, win = u, w
		if w >= 0 {
			break
		}
	}
	return p.finish(s, tr, win)
}

func dirIndex(c byte) int {
	switch c {
	case 'E':
		return dirE
	case 'N':
		return dirN
	case 'S':
		return dirS
	}
	return dirW
}

// finish turns the tiling after a move, with the colours in s.col, into the
// next position: sorted pieces, hash, turn, outcome and history. tr is the
// travelling piece's index in the tiling, or -1 without a path.
func (p *Position) finish(s *scratch, tr int32, win int8) Position {
	t := &s.t
	post := make([]piece, 0, len(t.ps)-len(s.act.removed))
	h := p.hash ^ whiteToMoveKey
	changed := false
	for i := 0; i < t.n0; i++ {
		pc := p.pieces[i]
		if t.dead[i] {
			h ^= pieceKey(pc)
			continue
		}
		if c := colorAt(s.col, int32(i)); c != pc.c {
			h ^= pieceKey(pc)
			pc.c = c
			h ^= pieceKey(pc)
			changed = true
		}
		post = append(post, pc)
	}
	for i := t.n0; i < len(t.ps); i++ {
		pc := t.ps[i]
		if c := colorAt(s.col, int32(i)); c != pc.c {
			pc.c = c
			changed = true
		}
		h ^= pieceKey(pc)
		post, _ = insertSorted(post, pc)
	}
	q := Position{v: p.v, shift: p.shift, turn: p.turn.Other(), pieces: post}
	q.hash = h
	if win >= 0 {
		q.status, q.winner = boardrules.Win, Color(win)
		q.reason = reasonBlackWins + uint8(win)
		q.hist = p.hist
		return q
	}
	var x rect
	hasX := changed && tr >= 0
	if hasX {
		x = t.ps[tr].rect
	}
	q.hist = p.hist.push(&q, s.act, p.pieces, x, hasX)
	q.status = boardrules.Ongoing
	if r := q.hist.draw(&q); r != reasonNone {
		q.status, q.reason = boardrules.Draw, r
	} else if !q.hasBase() {
		q.status, q.reason = boardrules.Draw, reasonNoMove
	}
	return q
}

// finishNoPath is finish for a move without a swap path: the action alone
// changes no colours, so no contact graph is needed.
func (p *Position) finishNoPath(s *scratch) Position {
	post := make([]piece, 0, len(p.pieces)-len(s.act.removed)+len(s.act.added))
	h := p.hash ^ whiteToMoveKey
	k := 0
	for i, pc := range p.pieces {
		if k < len(s.act.removed) && s.act.removed[k] == int32(i) {
			k++
			h ^= pieceKey(pc)
			continue
		}
		post = append(post, pc)
	}
	for _, r := range s.act.added {
		pc := piece{r, p.turn}
		h ^= pieceKey(pc)
		post, _ = insertSorted(post, pc)
	}
	q := Position{v: p.v, shift: p.shift, turn: p.turn.Other(), pieces: post, hash: h}
	q.hist = p.hist.push(&q, s.act, p.pieces, rect{}, false)
	q.status = boardrules.Ongoing
	if r := q.hist.draw(&q); r != reasonNone {
		q.status, q.reason = boardrules.Draw, r
	} else if !q.hasBase() {
		q.status, q.reason = boardrules.Draw, reasonNoMove
	}
	return q
}

// mayStep reports whether a piece the action creates could make a first
// swap step: whether it has a full-side neighbour of the opponent's colour
// among the base pieces around the piece it replaces (the other created
// pieces are the mover's). It reads only the base tiling.
func (t *tiling) mayStep(act *action, mover Color) bool {
	for k, r := range act.added {
		par := act.parent[k]
		if len(act.added) == 1 { // a join: around every removed piece
			for _, v := range act.removed {
				if t.oppFullSide(r, v, mover) {
					return true
				}
			}
			continue
		}
		if t.oppFullSide(r, par, mover) {
			return true
		}
	}
	return false
}

// oppFullSide looks among the base neighbours of piece v for an opponent
// piece sharing a full side with r.
func (t *tiling) oppFullSide(r rect, v int32, mover Color) bool {
	for _, a := range t.adj[t.bLo[v]:t.bHi[v]] { // the base list, whatever the last overlay did
		if a&1 == 0 {
			continue
		}
		b := &t.ps[a>>1]
		if b.c == mover {
			continue
		}
		if (b.x == r.x && b.w == r.w && (b.y == r.y+r.h || b.y+b.h == r.y)) ||
			(b.y == r.y && b.h == r.h && (b.x == r.x+r.w || b.x+b.w == r.x)) {
			return true
		}
	}
	return false
}

// LegalMoves returns every legal move in the order of the move generation
// contract (see the package documentation).
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(nil) }

// AppendLegalMoves appends the legal moves to dst. It allocates nothing
// when dst has room (the scratch of the search is pooled), but for a move
// whose swap path is longer than 64 steps.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.status != boardrules.Ongoing || len(p.pieces) == 0 {
		return dst
	}
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	p.prepare(s)
	for k := range s.bases {
		dst = p.genBase(s, dst, k)
	}
	return dst
}

// baseDesc is one split or join of the side to move, as prepare lists
// them: the move without its path, and for a split where its pieces are in
// scratch.walks.
type baseDesc struct {
	m       Move
	walkOff int32
}

// prepare builds the position's contact graph in s and lists its splits and
// joins in s.bases, in move generation order: by anchor piece, then H
// splits by count, V splits by count, then joins by x1, then y1.
func (p *Position) prepare(s *scratch) {
	s.bases = s.bases[:0]
	s.walks = s.walks[:0]
	wf, hf := p.dims()
	s.t.buildBase(p.pieces, wf, hf)
	maxH := maxHeight(p.pieces)
	tmpl := p.moveOf()
	for i := range p.pieces {
		if p.pieces[i].c == p.turn {
			p.basesOf(s, i, maxH, tmpl)
		}
	}
}

// basesOf appends to s.bases the splits and joins anchored at the mover's
// piece i, in move generation order; tmpl is p.moveOf().
func (p *Position) basesOf(s *scratch, i int, maxH int64, tmpl Move) {
	wf, hf := p.dims()
	a := p.pieces[i]
	// splits
	for _, vertical := range [2]bool{false, true} {
		shape, fine := splitOK(a.rect, vertical)
		if !shape || !fine {
			continue
		}
		walkOff := int32(len(s.walks))
		s.walks = walk(s.walks, p.pieces, maxH, wf, hf, i, vertical, p.turn)
		m := tmpl
		m.kind, m.anchor = kindH, int32(i)
		if vertical {
			m.kind = kindV
		}
		for n := int32(1); n <= int32(len(s.walks))-walkOff; n++ {
			m.n = n
			s.bases = append(s.bases, baseDesc{m: m, walkOff: walkOff})
		}
	}
	// joins: R's bottom row is a run of the mover's pieces standing on the
	// anchor's bottom line, so its far corner x1 is the right side of one
	// of them, and its height follows from the width (w/2, w or 2w). That
	// lists the joins by x1, then y1.
	room := hf - a.y
	for x1, k := a.x+a.w, i; ; {
		w := x1 - a.x
		for _, hgt := range [3]int64{w / 2, w, 2 * w} {
			if hgt > room || (hgt == w/2 && w%2 != 0) || hgt < a.h || (w == a.w && hgt == a.h) { // R holds the anchor and more
				continue
			}
			if joinable(p.pieces, maxH, a.x, a.y, x1, a.y+hgt, p.turn) {
				m := tmpl
				m.kind, m.anchor, m.x1, m.y1 = kindJ, int32(i), x1, a.y+hgt
				s.bases = append(s.bases, baseDesc{m: m})
			}
		}
		// the next piece of the bottom row: pieces are in (y, x) order, so
		// it is the next one if it stands on the same line right beside;
		// else a piece crosses the line here (or this is the board's side)
		// and every wider R would cut it
		if k++; x1 >= wf || k >= len(p.pieces) || p.pieces[k].y != a.y || p.pieces[k].x != x1 || p.pieces[k].c != p.turn {
			break
		}
		x1 += p.pieces[k].w
	}
}

// joinable reports whether R = [x0,x1]x[y0,y1] is a legal join for the
// mover: a legal shape tiled by at least two of the mover's pieces, with
// no piece crossing its border. maxH is the greatest piece height: pieces
// lower than y0-maxH cannot reach into R.
func joinable(ps []piece, maxH, x0, y0, x1, y1 int64, mover Color) bool {
	if !(rect{x0, y0, x1 - x0, y1 - y0}).legal() {
		return false
	}
	lo, hi := 0, len(ps)
	for lo < hi { // the first piece with y > y0-maxH
		m := int(uint(lo+hi) >> 1)
		if ps[m].y <= y0-maxH {
			lo = m + 1
		} else {
			hi = m
		}
	}
	count := 0
	for i := lo; i < len(ps); i++ {
		p := &ps[i]
		if p.y >= y1 {
			break
		}
		if p.x >= x1 || p.x+p.w <= x0 || p.y+p.h <= y0 {
			continue
		}
		if p.c != mover || p.x < x0 || p.x+p.w > x1 || p.y < y0 || p.y+p.h > y1 {
			return false
		}
		count++
	}
	return count >= 2
}

// setAction fills s.act with the action of base k.
func (p *Position) setAction(s *scratch, k int) {
	b := &s.bases[k]
	s.act.reset()
	switch b.m.kind {
	case kindH, kindV:
		vertical := b.m.kind == kindV
		for _, j := range s.walks[b.walkOff : b.walkOff+b.m.n] {
			s.act.addHalves(p.pieces[j].rect, j, vertical)
		}
		slices.Sort(s.act.removed)
	case kindJ:
		a := p.pieces[b.m.anchor]
		s.act.removed, _ = joinMembers(s.act.removed, p.pieces, a.x, a.y, b.m.x1, b.m.y1, p.turn)
		s.act.added = append(s.act.added, rect{a.x, a.y, b.m.x1 - a.x, b.m.y1 - a.y})
		s.act.parent = append(s.act.parent, s.act.removed[0])
	}
}

// genBase emits the moves of base k of s.bases: the base without a swap,
// then one shortest path per distinct reachable end state, in
// breadth-first order.
func (p *Position) genBase(s *scratch, dst []Move, k int) []Move {
	p.setAction(s, k)
	base := s.bases[k].m
	dst = append(dst, base) // no swap
	if !s.t.mayStep(&s.act, p.turn) {
		return dst
	}
	s.t.overlay(&s.act, p.turn)
	// Quick exit: no source has an opponent full-side neighbour.
	any := false
	for v := s.t.n0; v < len(s.t.ps); v++ {
		for d := 0; d < 4; d++ {
			if u := s.t.nb[v][d]; u >= 0 && s.t.ps[u].c != p.turn {
				any = true
			}
		}
	}
	if !any {
		return dst
	}
	s.c0 = append(s.c0[:0], s.t.c0...)
	nw := len(s.c0)
	s.states = s.states[:0]
	s.words = s.words[:0]
	s.resetTable(64)
	for k := 0; k < len(s.act.added); k++ {
		v := int32(s.t.n0 + k)
		st := bfsState{parent: -1, tr: v, dir: -1, src: int32(k), hash: stateHash(0, v)}
		s.insert(st, s.c0, nw)
	}
	path := s.path[:0]
	for qi := 0; qi < len(s.states); qi++ {
		st := s.states[qi]
		cw := s.words[qi*nw : (qi+1)*nw]
		// terminal states are not expanded; roots are never terminal
		if st.dir >= 0 {
			if colorAt(cw, st.tr) != p.turn || s.isWinState(qi) {
				continue
			}
		}
		// Stepping straight back after a step without captures restores the
		// parent state, which is capture-free, won by nobody and seen.
		back := int32(-1)
		if st.parent >= 0 && st.dir&16 == 0 {
			back = s.states[st.parent].tr
		}
		for d := 0; d < 4; d++ {
			u := s.t.nb[st.tr][d]
			if u < 0 || u == back || colorAt(cw, u) == p.turn {
				continue
			}
			s.col = append(s.col[:0], cw...)
			cw = nil
			h := st.hash ^ trKey(st.tr)
			_, _, win := s.t.step(s.col, st.tr, d, p.turn)
			for _, c := range s.t.changed {
				h ^= pieceSlotKey(c)
			}
			h ^= trKey(u)
			cw = s.words[qi*nw : (qi+1)*nw]
			ns := bfsState{parent: int32(qi), tr: u, dir: int8(d), hash: h}
			if win >= 0 {
				ns.dir |= 8 // mark win
			}
			if len(s.t.changed) > 2 {
				ns.dir |= 16 // mark captures
			}
			if !s.insert(ns, s.col, nw) {
				continue
			}
			cw = s.words[qi*nw : (qi+1)*nw]
			if slices.Equal(s.col, s.c0) {
				continue
			}
			// emit
			path = s.pathOf(path[:0], int32(len(s.states)-1))
			root := s.rootOf(int32(len(s.states) - 1))
			mv := base
			mv.src = s.states[root].src
			mv.setPath(path)
			dst = append(dst, mv)
		}
	}
	s.path = path
	return dst
}

func (s *scratch) isWinState(i int) bool { return s.states[i].dir&8 != 0 }

func (s *scratch) pathOf(dst []byte, i int32) []byte {
	for s.states[i].parent >= 0 {
		dst = append(dst, dirLetters[s.states[i].dir&7])
		i = s.states[i].parent
	}
	slices.Reverse(dst)
	return dst
}

func (s *scratch) rootOf(i int32) int32 {
	for s.states[i].parent >= 0 {
		i = s.states[i].parent
	}
	return i
}

func trKey(i int32) uint64        { return mix64(uint64(i)*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019) }
func pieceSlotKey(i int32) uint64 { return mix64(uint64(i) + 0xa0761d6478bd642f) }

func stateHash(h uint64, tr int32) uint64 { return h ^ trKey(tr) }

func (s *scratch) resetTable(size int) {
	if cap(s.table) < size {
		s.table = make([]int32, size)
	}
	s.table = s.table[:size]
	clear(s.table)
}

// insert adds a state unless an equal one (same colouring and travelling
// piece) is known; it reports whether it was added.
func (s *scratch) insert(st bfsState, col []uint64, nw int) bool {
	if 2*(len(s.states)+1) > len(s.table) {
		old := s.states
		s.resetTable(len(s.table) * 2)
		for i := range old {
			s.place(old[i].hash, int32(i))
		}
	}
	mask := uint64(len(s.table) - 1)
	for h := st.hash & mask; ; h = (h + 1) & mask {
		e := s.table[h]
		if e == 0 {
			break
		}
		o := s.states[e-1]
		if o.hash == st.hash && o.tr == st.tr && slices.Equal(s.words[int(e-1)*nw:int(e)*nw], col) {
			return false
		}
	}
	s.states = append(s.states, st)
	s.words = append(s.words, col...)
	s.place(st.hash, int32(len(s.states)-1))
	return true
}

func (s *scratch) place(h uint64, i int32) {
	mask := uint64(len(s.table) - 1)
	for h &= mask; s.table[h] != 0; h = (h + 1) & mask {
	}
	s.table[h] = i + 1
}
