package crumble

// The contact graph of a tiling: which pieces touch, along an edge or at a
// corner, and which share a full side (the swap steps' neighbours), built
// once per position and overlaid with each split or join.

import (
	"math/bits"
	"slices"
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
//
// After a move, commit makes the overlay the base of the next position in
// place: the removed pieces' indices (slots) stay free and the created
// pieces keep theirs, so a slot is not a piece's index in its position.
// slot and pos translate; buildBase starts afresh with slot i = piece i
// once the free slots or the lists left behind grow too many.
type tiling struct {
	wf, hf int64
	n0     int     // slots of the base tiling, free ones included
	ps     []piece // the base pieces by slot, then the created ones
	slot   []int32 // slot of each piece of the position, by its index
	pos    []int32 // index in the position of the piece in each slot, -1 if free
	built  int     // len(adj) when buildBase built the lists
	rm     []int32 // the overlay's action: slots of the removed pieces
	rmPar  []int32 // and of each created piece's parent
	recol  []int32 // commit: the pieces whose colour the move changed
	slot2  []int32 // commit's next slot

	createdAt []placedSlot // commit: the created pieces by their place
	lo, hi    []int32      // the neighbours of v are adj[lo[v]:hi[v]]
	adj       []int32      // neighbour<<1 | 1 for edge contact, 0 for corner contact
	nb        [][4]int32
	side      []uint8
	dead      []bool

	// the base tiling, restored before each overlay
	bLo, bHi []int32
	bNb      [][4]int32
	bAdj     int
	bCol     []uint64 // colours of the base pieces
	// chains of the base tiling (edge contact, same colour): a label per
	// piece (created pieces take their parent's), each label's sides, and
	// the label a label was merged into (itself if none; see commit)
	chain     []int32
	chainMask []uint8
	chainUp   []int32
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
	patched  []int32
	// kept from patchAround for the next action with the same removed set
	memo      bool
	overlaid  bool       // an overlay is in place (since the last base)
	overlayOf actionName // and the action it is of (action.of)
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
	stale     int // forest links lost and chains recoloured since derive
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

func flip(col []uint64, i int32) { col[i>>6] ^= 1 << (uint(i) & 63) }

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
	touch, edge, d := contact(&t.ps[i].rect, &t.ps[j].rect)
	if d >= 0 {
		t.nb[i][d] = j
		t.nb[j][opposite(d)] = i
	}
	return touch, edge
}

// contact tests rectangles a and b (of one tiling) for contact: whether
// they touch, whether along an edge, and the direction in which b is a's
// full-side neighbour, or -1.
func contact(a, b *rect) (touch, edge bool, d int) {
	ox := min(a.x+a.w, b.x+b.w) - max(a.x, b.x)
	oy := min(a.y+a.h, b.y+b.h) - max(a.y, b.y)
	if ox < 0 || oy < 0 {
		return false, false, -1
	}
	switch {
	case oy == 0 && ox > 0: // one above the other
		if a.x != b.x || a.w != b.w {
			return true, true, -1
		}
		if a.y < b.y {
			return true, true, dirN
		}
		return true, true, dirS
	case ox == 0 && oy > 0: // side by side
		if a.y != b.y || a.h != b.h {
			return true, true, -1
		}
		if a.x < b.x {
			return true, true, dirE
		}
		return true, true, dirW
	}
	return true, false, -1
}

// opposite returns the direction opposite d (E-W, N-S).
func opposite(d int) int { return dirW - d }

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
	t.slot = resize(t.slot, n)
	t.pos = resize(t.pos, n)
	for i := range int32(n) {
		t.slot[i], t.pos[i] = i, i
	}
	t.pairs = t.pairs[:0]
	clear(t.dead)
	t.lastDead = t.lastDead[:0]
	t.memo = false
	t.overlaid = false
	for i := range ps {
		t.nb[i] = [4]int32{-1, -1, -1, -1}
		t.side[i] = sideMask(ps[i].rect, wf, hf)
		t.lo[i] = 0
	}
	t.levelEnd = levelEnds(t.levelEnd, ps)
	t.pairs = candidates(t.pairs, ps, t.levelEnd)
	touching := t.pairs[:0]
	for _, pr := range t.pairs {
		if touch, edge := t.link(pr.i, pr.j); touch {
			touching = append(touching, pair{pr.i, pr.j, edge})
			t.lo[pr.i]++
			t.lo[pr.j]++
		}
	}
	t.pairs = touching
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
	t.built = t.bAdj
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

// derive labels the chains and computes the side forest of the base
// tiling, once. Both read the base lists (bLo, bHi), which no overlay
// changes: an overlay may have patched the current ones before (see tile).
// After a move, commit mends them instead, up to a point.
func (t *tiling) derive() {
	if !t.derived {
		t.chain = resize(t.chain, t.n0)
		for i := range t.chain {
			t.chain[i] = -1
		}
		t.chainMask, t.chainUp = t.chainMask[:0], t.chainUp[:0]
		for i := range int32(t.n0) {
			if t.chain[i] < 0 && t.pos[i] >= 0 {
				t.labelChain(i)
			}
		}
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
	t.stale = 0
	t.par = resize(t.par, n)
	t.comp = t.comp[:0]
	for i := 0; i < n; i++ {
		t.par[i] = -2
		if t.side[i] != 0 && t.pos[i] >= 0 {
			t.par[i] = -1
			t.comp = append(t.comp, int32(i))
		}
	}
	for qi := 0; qi < len(t.comp); qi++ {
		v := t.comp[qi]
		c := t.ps[v].c
		for _, a := range t.adj[t.bLo[v]:t.bHi[v]] {
			if w := a >> 1; t.par[w] == -2 && t.ps[w].c == c {
				t.par[w] = v
				t.comp = append(t.comp, w)
			}
		}
	}
	t.comp = t.comp[:0]
}

// treeSafe reports whether v's way to a side along the forest is still
// intact: v and every piece on the way are base pieces that still exist,
// have the colour they had right after the action and all have v's. Then
// v's group touches a side. A false answer proves nothing. Since the way
// is checked, a link carried over from an earlier position (see commit)
// that now joins two colours only stops the proof.
func (t *tiling) treeSafe(col []uint64, v int32) bool {
	if !t.derived {
		return false
	}
	c := colorAt(col, v)
	for {
		if int(v) >= t.n0 || t.dead[v] || colorAt(col, v) != c || colorAt(t.c0, v) != c {
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

// labelChain labels the chain of base piece v in the base colouring, which
// is v's chain right after the action too (what an action creates covers
// what it removes, in the mover's colour).
func (t *tiling) labelChain(v int32) int32 {
	l := int32(len(t.chainMask))
	c := t.ps[v].c
	var m uint8
	t.chain[v] = l
	t.stack = append(t.stack[:0], v)
	for len(t.stack) > 0 {
		v := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		m |= t.side[v]
		for _, a := range t.adj[t.bLo[v]:t.bHi[v]] {
			if w := a >> 1; a&1 != 0 && t.chain[w] < 0 && t.ps[w].c == c {
				t.chain[w] = l
				t.stack = append(t.stack, w)
			}
		}
	}
	t.chainMask = append(t.chainMask, m)
	t.chainUp = append(t.chainUp, l)
	return l
}

// chainSides returns the sides recorded for the chain of piece v: those
// the chain touches, or more (see commit).
func (t *tiling) chainSides(v int32) uint8 { return t.chainMask[t.chainRoot(t.chain[v])] }

// overlay makes the tiling the base with the action applied: the removed
// pieces die, the created pieces (coloured mover) get the indices n0, n0+1,
// ... in source order.
//
// The pieces around the removed ones are patched: their lists lose the dead
// pieces and gain the created ones beside them. The first part depends
// only on the removed set, so it is kept for the next action when that
// removes the same pieces (the H and V split of one piece).
//
// search asks for the chains and the side forest (derive), which a search
// over many steps gains by; one path played out does without them unless
// they are there already (its captures and win checks flood instead),
// which spares a position played once, as a server plays a stored game,
// their cost.
func (t *tiling) overlay(act *action, mover Color, search bool) {
	if search {
		t.derive()
	}
	t.overlayGeometry(act, mover)
	if t.derived {
		// a created piece is of its parent's chain
		t.chain = resize(t.chain, len(t.ps))
		for k, v := range t.rmPar {
			t.chain[t.n0+k] = t.chain[v]
		}
	}
	t.c0 = t.colours(t.c0)
}

// overlayGeometry is overlay without the chains and the colouring, which
// only swap steps need.
func (t *tiling) overlayGeometry(act *action, mover Color) {
	t.rm = t.rm[:0]
	for _, v := range act.removed {
		t.rm = append(t.rm, t.slot[v])
	}
	t.rmPar = t.rmPar[:0]
	for _, v := range act.parent {
		t.rmPar = append(t.rmPar, t.slot[v])
	}
	n0 := t.n0
	k := len(act.added)
	n := n0 + k
	if t.overlays(act) {
		return // Play of the move whose split or join a search just overlaid
	}
	t.ps = t.ps[:n0]
	t.grow(n)
	if !t.memo || k > t.slack || !slices.Equal(t.rm, t.lastDead) {
		t.patchAround(t.rm, k)
	} else {
		for i, w := range t.patched {
			t.nb[w] = t.nbClean[i]
		}
		t.adj = t.adj[:t.regionEnd]
	}
	for k, r := range act.added {
		t.ps = append(t.ps, piece{r, mover})
		i := n0 + k
		t.nb[i] = [4]int32{-1, -1, -1, -1}
		t.side[i] = sideMask(r, t.wf, t.hf)
		t.dead[i] = false
	}
	// the patched lists take the created pieces after their live base
	// entries (room was left for them); each created piece's list follows
	// the last, its patched neighbours first, then the created pieces it
	// touches (a pair of those is tested from both ends: they are few)
	for i, w := range t.patched {
		t.hi[w] = t.filtEnd[i]
	}
	for i := int32(n0); i < int32(n); i++ {
		lo := int32(len(t.adj))
		t.adj = resize(t.adj, len(t.adj)+len(t.patched)+k-1)
		end := lo
		for _, w := range t.patched {
			if touch, edge := t.link(i, w); touch {
				e := b2i(edge)
				t.adj[end] = w<<1 | e
				end++
				t.adj[t.hi[w]] = i<<1 | e
				t.hi[w]++
			}
		}
		for j := int32(n0); j < int32(n); j++ {
			if j == i {
				continue
			}
			if touch, edge := t.link(i, j); touch {
				t.adj[end] = j<<1 | b2i(edge)
				end++
			}
		}
		t.lo[i], t.hi[i] = lo, end
		t.adj = t.adj[:end]
	}
	t.overlaid, t.overlayOf = true, act.of
}

// overlays reports whether the tiling holds the overlay of act already.
// A tiling holds one position, so the action's name (action.of) decides;
// every filler of an action names it.
func (t *tiling) overlays(act *action) bool {
	return t.overlaid && act.of.kind != kindNone && act.of == t.overlayOf
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

func (t *tiling) appendNeighbours(dst []int32, v int32) []int32 {
	for _, a := range t.adj[t.lo[v]:t.hi[v]] {
		dst = append(dst, a>>1)
	}
	return dst
}

// commit makes the overlaid tiling, coloured col, the base tiling of the
// next position, whose pieces post are its live pieces in (y, x) order;
// removed are the action's pieces by their index in the position before,
// createdAt the created pieces' indices in post (in the action's order)
// and byPlace their action order sorted by those indices.
// Only the slots around the action change, and the translation between
// slots and indices is redone in one pass. It reports false, leaving the
// tiling to be built afresh, once the free slots or the lists left behind
// by earlier commits outweigh the live ones.
//
// The chains and the side forest stay, mended rather than derived again:
// a created piece takes its parent's chain label and no forest link (the
// created pieces cover the removed ones, in the mover's colour, so the
// groups and chains are the parent's), a forest link into a removed piece
// now ends on a dead slot, and mend deals with what the recoloured pieces
// change. The chains' sides only bound a new chain's (winner), so a label
// may record more sides than its chain touches: a chain that lost a piece
// keeps its label, and one that gained some is merged with their labels.
// Where a forest link is missing or now joins two colours treeSafe stops
// proving, which proves nothing and makes the search flood; so once links
// were lost and colours changed as many times as there are pieces, the
// data is derived afresh (a quarter, half, once and twice as many, or
// never measured the same within 5%).
func (t *tiling) commit(col []uint64, post []piece, removed, createdAt, byPlace []int32) bool {
	n := len(t.ps)
	if n > 3*len(post)+16 || len(t.adj) > 8*t.built+256 {
		return false
	}
	// the colours: those of the base pieces the path changed, and the
	// created pieces'; recol lists the pieces whose colour changed
	t.recol = t.recol[:0]
	for k, w := range t.bCol {
		for diff := w ^ col[k]; diff != 0; diff &= diff - 1 {
			i := int32(k<<6 + bits.TrailingZeros64(diff))
			if i >= int32(t.n0) {
				break
			}
			t.ps[i].c = colorAt(col, i)
			t.recol = append(t.recol, i)
		}
	}
	for i := t.n0; i < n; i++ {
		if c := colorAt(col, int32(i)); c != t.ps[i].c {
			t.ps[i].c = c
			t.recol = append(t.recol, int32(i))
		}
	}
	// the new translation: the created pieces fall where post has them,
	// the kept ones keep their order
	t.pos = resize(t.pos, n)
	for _, v := range t.rm {
		t.pos[v] = -1
	}
	// the created pieces by their place in post
	cs := t.createdAt[:0]
	for _, k := range byPlace {
		cs = append(cs, placedSlot{int(createdAt[k]), int32(t.n0) + k})
	}
	t.createdAt = cs
	// the kept pieces' slots, in runs between a removed and a created one
	next := resize(t.slot2, len(post))
	i, r, ci := 0, 0, 0
	for j := 0; j < len(post); {
		if ci < len(cs) && cs[ci].at == j {
			next[j] = cs[ci].slot
			j, ci = j+1, ci+1
			continue
		}
		for r < len(removed) && int(removed[r]) == i {
			i, r = i+1, r+1
		}
		run := len(post) - j
		if ci < len(cs) {
			run = min(run, cs[ci].at-j)
		}
		if r < len(removed) {
			run = min(run, int(removed[r])-i)
		}
		copy(next[j:j+run], t.slot[i:i+run])
		i, j = i+run, j+run
	}
	t.slot, t.slot2 = next, t.slot
	for j, v := range t.slot {
		t.pos[v] = int32(j)
	}
	// the patched and created lists become the base ones; the removed
	// slots stay dead
	t.bLo, t.bHi, t.bNb = resize(t.bLo, n), resize(t.bHi, n), resize(t.bNb, n)
	for _, w := range t.patched {
		t.bLo[w], t.bHi[w], t.bNb[w] = t.lo[w], t.hi[w], t.nb[w]
	}
	for v := t.n0; v < n; v++ {
		t.bLo[v], t.bHi[v], t.bNb[v] = t.lo[v], t.hi[v], t.nb[v]
	}
	t.bAdj = len(t.adj)
	t.bCol = append(t.bCol[:0], col...)
	if t.derived {
		t.chain = resize(t.chain, n)
		t.par = resize(t.par, n)
		for k, v := range t.rmPar {
			t.chain[t.n0+k] = t.chain[v]
			t.par[t.n0+k] = -2
		}
		t.stale += n - t.n0
		t.mend()
		t.derived = t.stale <= len(post)
	}
	t.n0 = n
	t.patched = t.patched[:0]
	t.lastDead = t.lastDead[:0]
	t.memo = false
	t.overlaid = false
	return true
}

// mend mends the derived data after the pieces in t.recol changed colour:
// each of them joins the chains of its new colour beside it (their labels
// merge, with their sides). The forest links from and to them now join two
// colours, which treeSafe checks, so they stay, counted as lost.
func (t *tiling) mend() {
	if len(t.recol) == 0 {
		return
	}
	t.stale += 3 * len(t.recol) // a piece's own link and, about, those to it
	for _, x := range t.recol {
		l := int32(len(t.chainMask))
		t.chainMask = append(t.chainMask, t.side[x])
		t.chainUp = append(t.chainUp, l)
		t.chain[x] = l
	}
	for _, x := range t.recol {
		c := t.ps[x].c
		for _, a := range t.adj[t.bLo[x]:t.bHi[x]] {
			if y := a >> 1; a&1 != 0 && t.ps[y].c == c {
				t.mergeChains(t.chain[x], t.chain[y])
			}
		}
	}
}

// mergeChains merges the labels of two chains and their sides.
func (t *tiling) mergeChains(a, b int32) {
	a, b = t.chainRoot(a), t.chainRoot(b)
	if a != b {
		t.chainUp[b] = a
		t.chainMask[a] |= t.chainMask[b]
	}
}

// chainRoot returns the label that label l was merged into.
func (t *tiling) chainRoot(l int32) int32 {
	for t.chainUp[l] != l {
		l = t.chainUp[l]
	}
	return l
}

// placedSlot is a created piece's index in the next position and its slot.
type placedSlot struct {
	at   int
	slot int32
}

// levelEnds returns, for each piece of ps (sorted by lower-left y, then x),
// the index just past its level: a level is a run of pieces with the same
// y, standing side by side, so their x ranges are disjoint and in order.
func levelEnds(dst []int32, ps []piece) []int32 {
	n := len(ps)
	dst = resize(dst, n)
	for i := n - 1; i >= 0; i-- {
		if i+1 < n && ps[i+1].y == ps[i].y {
			dst[i] = dst[i+1]
		} else {
			dst[i] = int32(i + 1)
		}
	}
	return dst
}

// candidates appends to dst every pair of pieces i < j of ps that may
// touch (and some that do not): each piece meets the pieces after it, on
// its own level only the next one, and on each higher level up to its top
// the pieces whose x range meets its own, found by binary search.
// levelEnd is levelEnds(ps).
func candidates(dst []pair, ps []piece, levelEnd []int32) []pair {
	n := len(ps)
	for i := range ps {
		top := ps[i].y + ps[i].h
		ax0, ax1 := ps[i].x, ps[i].x+ps[i].w
		j := i + 1
		if j < n && ps[j].y == ps[i].y {
			dst = append(dst, pair{i: int32(i), j: int32(j)})
			j = int(levelEnd[i])
		}
		for j < n && ps[j].y <= top {
			end := int(levelEnd[j])
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
				dst = append(dst, pair{i: int32(i), j: int32(k)})
			}
			j = end
		}
	}
	return dst
}
