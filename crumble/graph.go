package crumble

// The contact graph of a position: which pieces touch, along an edge or at
// a corner, which share a full side (the swap steps' neighbours) and which
// lie on a side of the board; overlaid with one split or join at a time;
// and, derived from the position's colouring, the chains and the side
// forest that the captures and the win check read.
//
// The graph has two forms. The bitset form (bitgraph.go) gives each piece
// the set of pieces it touches and the set it meets along an edge, as
// four 64-bit words, so that a flood takes a few word operations per
// piece; it holds positions of up to 240 pieces (a 6x6 game rarely has
// more than 200) with the pieces their splits and joins create, 256 in
// all, and lists, draws and plays their moves. The list form (this file),
// adjacency lists whose pieces around an overlay are rewritten only when
// first read, holds any position: the larger ones, and a split or join
// that would not fit the 256 slots. Both forms give the same moves in the
// same order, the same captures and the same positions; the tests compare
// them, with each other and with the rectangles, on thousands of random
// positions.

import "math/bits"

// What each form provides, with the same meaning (the list form's
// signatures take colourings as []uint64, the bitset form's as sets):
//
//   - build(ps, v, wf, hf): the graph of a position's pieces;
//   - overlay(act, mover), undo(): one split or join laid over it and
//     taken off, placeCreated and linkCreated doing the overlay's share;
//   - derive(), labelChains, growForest, deriveCreated: the chains and the
//     side forest of the position's colouring, and provenSet: the pieces
//     that forest proves;
//   - step(col, tr, d, mover, b): one swap step with its captures and win;
//   - the slotMap methods below, by which Play reads the colouring a path
//     left without knowing the form.
//
// swapGraph (search.go) holds either form for the searches and Play's
// paths; slotMap is the rest of what Play needs of them.

// slotMap is how a form numbers its slots, which Play reads once a path
// is played: which slots of a colouring hold the position's pieces and
// which piece each holds. The bitset graph keeps slots from ply to ply
// (bitGraph); the list form's slots are the pieces' indices, as the view
// numbers them (listSlots).
type slotMap interface {
	// held returns the bits of word w of a colouring whose slots hold
	// pieces of the position.
	held(w int) uint64
	// pieceIn returns the index of the piece in slot sv, and false for a
	// created piece's slot.
	pieceIn(sv int32) (int32, bool)
	// kept reports whether the next position's graph is made from this
	// one by a commit (see take), rather than built afresh.
	kept() bool
}

// listSlots is the list form's slotMap: the view of the position's
// pieces, slot i = piece i, created pieces after them.
type listSlots view

func (l *listSlots) held(w int) uint64 {
	if rest := len(l.ps) - w<<6; rest < 64 {
		return 1<<uint(rest) - 1
	}
	return ^uint64(0)
}

func (l *listSlots) pieceIn(sv int32) (int32, bool) { return sv, int(sv) < len(l.ps) }

func (l *listSlots) kept() bool { return false }

// Directions of swap steps, in ASCII order of their letters: the order in
// which move generation expands them.
const (
	dirE = iota
	dirN
	dirS
	dirW
)

const dirLetters = "ENSW"

// opposite returns the direction opposite d (E-W, N-S).
func opposite(d int) int { return dirW - d }

// Side bits: the sides of the board a piece touches.
const (
	sideW uint8 = 1 << iota
	sideE
	sideS
	sideN
	allSides = sideW | sideE | sideS | sideN
)

// graph is the contact graph of one position's pieces. Slot i holds piece
// i; an overlay (one split or join) puts its created pieces in slots n,
// n+1, ... in source order, takes the removed pieces out of every list and
// gives the pieces around them lists that hold the created ones. Colourings
// are bitsets over the slots (bit set = White), so that a search can hold
// many colourings of one tiling.
//
// The lists of the position's own pieces (off) never change once built:
// an overlay writes the lists of the pieces around the action (lo, hi)
// into adj past the base lists, and undo points them back.
type graph struct {
	t       *tiling // the tiling it is the graph of (set by tile)
	n       int
	wf, hf  int64
	r       []rect  // every slot's rectangle
	off     []int32 // piece i's neighbours are adj[off[i]:off[i+1]]
	lo, hi  []int32 // slot v's neighbours with the overlay: adj[lo[v]:hi[v]]
	adj     []int32 // neighbour<<1 | 1 for edge contact, 0 for corner contact
	baseAdj int     // the base lists' share of adj
	nb      [][4]int32
	side    []uint8
	white   []uint64 // the position's White pieces

	// the overlay in place
	overlaid  bool
	overlayOf actionName // the action overlaid (action.of)
	k         int        // created pieces, in slots n .. n+k-1
	parent    []int32    // a removed piece under each created one
	removed   []uint64   // the removed pieces
	saved     []savedNb  // the pieces around them, with their full sides before
	c0        []uint64   // the colouring right after the action

	// derived from the position's colouring (derive): chain labels
	// (created pieces take their parent's) with each chain's sides, and
	// the side forest with its desc sets; prov is the set of pieces the
	// forest proves in the colouring at hand (provenSet)
	derived    bool
	chain      []int32
	chainSides []uint8
	par        []int32
	desc       []uint64 // desc[v] is desc[v*nw : (v+1)*nw], nw = len(white)
	prov, lost []uint64

	// working memory of the floods
	mark  []uint32 // visited marks, against the epoch
	epoch uint32
	safe  []uint32 // proven-safe marks, against the round
	round uint32
	// stale marks the pieces around the overlay's action whose lists
	// are not written yet (list), against ovEpoch; firstChild gives a
	// removed piece's first created piece (source index)
	stale      []uint32
	ovEpoch    uint32
	firstChild []int32
	queue      []int32
	seeds      []int32
	capt       []int32
	changed    []int32 // the pieces the last step recoloured: the two swapped, then the captured
	levels     []int32
	pairs      []pair
}

// savedNb is a piece around an overlay's action with its full-side
// neighbours before the overlay.
type savedNb struct {
	w  int32
	nb [4]int32
}

type pair struct {
	i, j int32
	edge bool
}

func colorAt(col []uint64, i int32) Color { return Color(col[i>>6] >> (uint(i) & 63) & 1) }

func flip(col []uint64, i int32) { col[i>>6] ^= 1 << (uint(i) & 63) }

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// resize returns s with length n, keeping its contents.
func resize[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	return append(s[:cap(s)], make([]T, n-cap(s))...)[:n]
}

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

// build makes g the contact graph of ps, sorted by lower-left y then x;
// v is the view of ps, whose stitches give the touching pieces, or nil.
func (g *graph) build(ps []piece, v *view, wf, hf int64) {
	n := len(ps)
	g.t, g.n, g.wf, g.hf = nil, n, wf, hf
	g.overlaid, g.derived, g.k = false, false, 0
	g.saved = g.saved[:0]
	g.r = resize(g.r, n)
	g.side = resize(g.side, n)
	g.nb = resize(g.nb, n)
	g.off = resize(g.off, n+1)
	g.white = resize(g.white, (n+63)>>6)
	clear(g.white)
	for i := range ps {
		g.r[i] = ps[i].R()
		g.side[i] = sideMask(g.r[i], wf, hf)
		g.nb[i] = [4]int32{-1, -1, -1, -1}
		if ps[i].C() == White {
			g.white[i>>6] |= 1 << (uint(i) & 63)
		}
	}
	if v != nil {
		g.listsOf(v, wf, hf)
	} else {
		g.pairLists()
	}
	copy(g.lo, g.off[:n])
	if len(g.mark) < n {
		g.mark = make([]uint32, 2*n+16)
		g.safe = make([]uint32, 2*n+16)
		g.stale = make([]uint32, 2*n+16)
		g.epoch, g.round, g.ovEpoch = 0, 0, 0
	}
	g.firstChild = resize(g.firstChild, n)
	nextEpoch(&g.ovEpoch, g.stale)
}

// listsOf fills the lists (adj, off) and the full-side neighbours of the
// pieces of view v from its stitches, piece by piece.
func (g *graph) listsOf(v *view, wf, hf int64) {
	n := g.n
	g.adj = g.adj[:0]
	for i := range int32(n) {
		g.off[i] = int32(len(g.adj))
		g.adj = v.touching(g.adj, i, wf, hf)
		g.nb[i] = v.fullSides(i)
	}
	g.off[n] = int32(len(g.adj))
	g.baseAdj = len(g.adj)
	g.lo = resize(g.lo, n)
	g.hi = resize(g.hi, n)
	copy(g.hi, g.off[1:])
}

// pairLists fills the lists (adj, off) and the full-side neighbours of
// the pieces from the rectangles: the pairs that may touch (candidates),
// tested one by one.
func (g *graph) pairLists() {
	n := g.n
	clear(g.off)
	g.levels = levelEnds(g.levels, g.r)
	g.pairs = candidates(g.pairs[:0], g.r, g.levels)
	touching := g.pairs[:0]
	for _, pr := range g.pairs {
		touch, edge, d := contact(&g.r[pr.i], &g.r[pr.j])
		if !touch {
			continue
		}
		if d >= 0 {
			g.nb[pr.i][d] = pr.j
			g.nb[pr.j][opposite(d)] = pr.i
		}
		touching = append(touching, pair{pr.i, pr.j, edge})
		g.off[pr.i+1]++
		g.off[pr.j+1]++
	}
	g.pairs = touching
	for i := 1; i <= n; i++ {
		g.off[i] += g.off[i-1]
	}
	g.baseAdj = int(g.off[n])
	g.adj = resize(g.adj, g.baseAdj)
	g.lo = resize(g.lo, n)
	g.hi = resize(g.hi, n)
	copy(g.hi, g.off[:n]) // fill cursors
	for _, pr := range touching {
		e := b2i(pr.edge)
		g.adj[g.hi[pr.i]] = pr.j<<1 | e
		g.hi[pr.i]++
		g.adj[g.hi[pr.j]] = pr.i<<1 | e
		g.hi[pr.j]++
	}
}

// pairsOf appends to pairs the pairs of the tiling rs (in code order)
// that may touch, i < j, and returns the levels it used too: from the
// stitches of the tiling's view v, only the pairs that touch, else from
// the rectangles (candidates).
func pairsOf(levels []int32, pairs []pair, rs []rect, v *view, wf, hf int64) ([]int32, []pair) {
	if v == nil {
		levels = levelEnds(levels, rs)
		return levels, candidates(pairs, rs, levels)
	}
	var buf [32]int32
	for i := range int32(len(rs)) {
		for _, a := range v.touching(buf[:0], i, wf, hf) {
			if j := a >> 1; j > i {
				pairs = append(pairs, pair{i: i, j: j})
			}
		}
	}
	return levels, pairs
}

// levelEnds returns, for each rectangle of rs (a tiling's, sorted by
// lower-left y, then x), the index just past its level: a level is a run
// of rectangles with the same y, standing side by side, so their x ranges
// are disjoint and in order.
func levelEnds(dst []int32, rs []rect) []int32 {
	n := len(rs)
	dst = resize(dst, n)
	for i := n - 1; i >= 0; i-- {
		if i+1 < n && rs[i+1].y == rs[i].y {
			dst[i] = dst[i+1]
		} else {
			dst[i] = int32(i + 1)
		}
	}
	return dst
}

// candidates appends to dst every pair of rectangles i < j of rs that
// may touch (and some that do not): each meets the rectangles after it,
// on its own level only the next one, and on each higher level up to its
// top those whose x range meets its own, found by binary search. levelEnd
// is levelEnds(rs).
func candidates(dst []pair, rs []rect, levelEnd []int32) []pair {
	n := len(rs)
	for i := range rs {
		top := rs[i].y + rs[i].h
		ax0, ax1 := rs[i].x, rs[i].x+rs[i].w
		j := i + 1
		if j < n && rs[j].y == rs[i].y {
			dst = append(dst, pair{i: int32(i), j: int32(j)})
			j = int(levelEnd[i])
		}
		for j < n && rs[j].y <= top {
			end := int(levelEnd[j])
			lo, hi := j, end
			for lo < hi { // the first rectangle of the level reaching ax0
				m := int(uint(lo+hi) >> 1)
				if rs[m].x+rs[m].w < ax0 {
					lo = m + 1
				} else {
					hi = m
				}
			}
			for k := lo; k < end && rs[k].x <= ax1; k++ {
				dst = append(dst, pair{i: int32(i), j: int32(k)})
			}
			j = end
		}
	}
	return dst
}

// nextMark returns a fresh visited mark.
func (g *graph) nextMark() uint32 { return nextEpoch(&g.epoch, g.mark) }

// nextRound returns a fresh proven-safe mark.
func (g *graph) nextRound() uint32 { return nextEpoch(&g.round, g.safe) }

// nextEpoch advances the counter e of the marks in marks and returns it,
// clearing the marks when it wraps round, so that no stale mark equals it
// (and none equals 0, the cleared marks').
func nextEpoch[T uint32 | uint64](e *uint32, marks []T) uint32 {
	*e++
	if *e == 0 {
		clear(marks)
		*e = 1
	}
	return *e
}

// isRemoved reports whether slot v holds a piece the overlay removed.
func (g *graph) isRemoved(v int32) bool { return g.removed[v>>6]>>(uint(v)&63)&1 != 0 }

// overlay puts the action on the graph for the mover: the removed pieces
// leave every list, the created pieces (the mover's) take slots n, n+1, ...
// in source order with their lists and full-side neighbours, and the
// pieces around the removed ones see them. c0 becomes the colouring right
// after the action. An overlay of the action in place already is kept: the
// moves of one split or join, played in turn.
//
// The pieces around the removed ones get their full-side neighbours at
// once, their lists only when first read (list): a search reads few of
// them, and around a large split or join there are many.
func (g *graph) overlay(act *action, mover Color) {
	if g.overlaid && act.of.kind != kindNone && act.of == g.overlayOf {
		return
	}
	g.undo()
	g.placeCreated(act)
	g.unlinkAround(act)
	g.listCreated(act)
	n, k := g.n, len(act.added)
	nw := (n + k + 63) >> 6
	g.c0 = resize(g.c0, nw)
	clear(g.c0)
	copy(g.c0, g.white)
	if mover == White {
		for i := int32(n); i < int32(n+k); i++ {
			flip(g.c0, i)
		}
	}
	if g.derived {
		g.deriveCreated()
	}
	g.overlaid, g.overlayOf = true, act.of
}

// placeCreated marks the action's removed pieces, sizes the graph for its
// created pieces and places them, still without contacts.
func (g *graph) placeCreated(act *action) {
	n, k := g.n, len(act.added)
	g.k = k
	nw := (n + k + 63) >> 6 // words of a colouring of the slots
	g.removed = resize(g.removed, nw)
	clear(g.removed)
	for _, v := range act.removed {
		g.removed[v>>6] |= 1 << (uint(v) & 63)
		g.firstChild[v] = 0 // a join's one piece
	}
	if k > 1 { // a split: each removed piece's halves are created in turn
		for c := 0; c < k; c += 2 {
			g.firstChild[act.parent[c]] = int32(c)
		}
	}
	g.parent = append(g.parent[:0], act.parent...)
	g.r = resize(g.r, n+k)
	g.side = resize(g.side, n+k)
	g.nb = resize(g.nb, n+k)
	g.lo = resize(g.lo, n+k)
	g.hi = resize(g.hi, n+k)
	if len(g.mark) < n+k {
		more := n + k - len(g.mark) + 16
		g.mark = append(g.mark, make([]uint32, more)...)
		g.safe = append(g.safe, make([]uint32, more)...)
		g.stale = append(g.stale, make([]uint32, more)...)
	}
	for c, r := range act.added {
		i := n + c
		g.r[i] = r
		g.side[i] = sideMask(r, g.wf, g.hf)
		g.nb[i] = [4]int32{-1, -1, -1, -1}
	}
}

// unlinkAround notes the pieces around the removed ones, whose lists are
// now stale, and takes the removed pieces off their full sides, saving
// what it changes for undo.
func (g *graph) unlinkAround(act *action) {
	e := g.ovEpoch
	for _, v := range act.removed {
		for _, a := range g.adj[g.off[v]:g.off[v+1]] {
			w := a >> 1
			if g.stale[w] == e || g.isRemoved(w) {
				continue
			}
			g.stale[w] = e
			g.saved = append(g.saved, savedNb{w, g.nb[w]})
			for d, u := range g.nb[w] {
				if u >= 0 && g.isRemoved(u) {
					g.nb[w][d] = -1
				}
			}
		}
	}
}

// listCreated writes the created pieces' lists: a half touches only
// pieces its parent touched and the other created pieces; a joined piece
// the pieces around its cluster.
func (g *graph) listCreated(act *action) {
	n, k := g.n, len(act.added)
	for c := range k {
		i := int32(n + c)
		start := int32(len(g.adj))
		if k > 1 {
			v := act.parent[c]
			for _, a := range g.adj[g.off[v]:g.off[v+1]] {
				if w := a >> 1; !g.isRemoved(w) {
					g.linkCreated(i, w)
				}
			}
		} else {
			for _, sv := range g.saved {
				g.linkCreated(i, sv.w)
			}
		}
		for j := int32(n); j < int32(n+k); j++ {
			if j != i {
				g.linkCreated(i, j)
			}
		}
		g.lo[i], g.hi[i] = start, int32(len(g.adj))
	}
}

// linkCreated records the contact, if any, of created piece i with piece
// w (one around the action, or another created piece) in i's list (being
// written at the end of adj) and the full sides they share.
func (g *graph) linkCreated(i, w int32) {
	touch, edge, d := contact(&g.r[i], &g.r[w])
	if !touch {
		return
	}
	g.adj = append(g.adj, w<<1|b2i(edge))
	if d >= 0 {
		g.nb[i][d] = w
		g.nb[w][opposite(d)] = i
	}
}

// list returns the neighbours of slot v with the overlay in place,
// writing them first if v is a piece around the action not yet read.
func (g *graph) list(v int32) []int32 {
	if g.stale[v] == g.ovEpoch {
		g.patch(v)
	}
	return g.adj[g.lo[v]:g.hi[v]]
}

// patch writes the list of piece w around the action: its own list
// without the removed pieces, with the created pieces that touch it,
// which lie inside the removed ones it touched.
func (g *graph) patch(w int32) {
	start := int32(len(g.adj))
	joined := false
	for _, a := range g.adj[g.off[w]:g.off[w+1]] {
		x := a >> 1
		if !g.isRemoved(x) {
			g.adj = append(g.adj, a)
			continue
		}
		c, last := g.firstChild[x], g.firstChild[x]+1
		if g.k == 1 { // a join: its one piece, once
			if joined {
				continue
			}
			joined, last = true, c
		}
		for ; c <= last; c++ {
			i := int32(g.n) + c
			if touch, edge, _ := contact(&g.r[w], &g.r[i]); touch {
				g.adj = append(g.adj, i<<1|b2i(edge))
			}
		}
	}
	g.lo[w], g.hi[w] = start, int32(len(g.adj))
	g.stale[w] = 0
}

// made returns the created pieces' slots, n .. n+k-1.
func (g *graph) made(s *scratch) []int32 {
	s.listMade = s.listMade[:0]
	for c := range g.k {
		s.listMade = append(s.listMade, int32(g.n+c))
	}
	return s.listMade
}

// undo takes the overlay in place off the graph.
func (g *graph) undo() {
	if !g.overlaid {
		return
	}
	for _, sv := range g.saved {
		g.lo[sv.w], g.hi[sv.w], g.nb[sv.w] = g.off[sv.w], g.off[sv.w+1], sv.nb
	}
	g.saved = g.saved[:0]
	g.adj = g.adj[:g.baseAdj]
	g.overlaid = false
	nextEpoch(&g.ovEpoch, g.stale)
}

// derive labels the chains of the position's colouring and grows its side
// forest, once per graph: the win check bounds a new chain's sides by the
// chains around its recoloured pieces, and the forest proves most groups
// safe after a step without a flood.
//
// The side forest links each piece to a piece of its group one step
// nearer a side of the board (a breadth-first search from the pieces on
// the sides), and desc[v] is the set of pieces whose way to a side along
// it passes v (v included). A piece none of whose way was recoloured or
// removed still has its group on a side, so after a step the pieces the
// forest proves are all of them but the desc sets of the pieces changed
// since the position: a few words ORed (provenSet).
func (g *graph) derive() {
	if g.derived {
		return
	}
	g.labelChains()
	g.growForest()
	g.prov = resize(g.prov, len(g.white))
	g.lost = resize(g.lost, len(g.white))
	g.derived = true
	if g.overlaid {
		g.deriveCreated()
	}
}

// labelChains labels the chains of the colouring by flooding each, with
// the sides each touches.
func (g *graph) labelChains() {
	n := int32(g.n)
	g.chain = resize(g.chain, g.n)
	for i := range g.chain {
		g.chain[i] = -1
	}
	g.chainSides = g.chainSides[:0]
	for v := range n {
		if g.chain[v] >= 0 {
			continue
		}
		l := int32(len(g.chainSides))
		c := colorAt(g.white, v)
		var sides uint8
		g.chain[v] = l
		q := append(g.queue[:0], v)
		for qi := 0; qi < len(q); qi++ {
			x := q[qi]
			sides |= g.side[x]
			for _, a := range g.adj[g.off[x]:g.off[x+1]] {
				if y := a >> 1; a&1 != 0 && g.chain[y] < 0 && colorAt(g.white, y) == c {
					g.chain[y] = l
					q = append(q, y)
				}
			}
		}
		g.queue = q
		g.chainSides = append(g.chainSides, sides)
	}
}

// growForest grows the side forest over the colouring, breadth first
// from the pieces on the sides, and its desc sets from the leaves up.
func (g *graph) growForest() {
	n := int32(g.n)
	g.par = resize(g.par, g.n)
	for i := range g.par {
		g.par[i] = -2
	}
	q := g.queue[:0]
	for v := range n {
		if g.side[v] != 0 {
			g.par[v] = -1
			q = append(q, v)
		}
	}
	for qi := 0; qi < len(q); qi++ {
		v := q[qi]
		c := colorAt(g.white, v)
		for _, a := range g.adj[g.off[v]:g.off[v+1]] {
			if w := a >> 1; g.par[w] == -2 && colorAt(g.white, w) == c {
				g.par[w] = v
				q = append(q, w)
			}
		}
	}
	g.queue = q
	// the desc sets, from the leaves up
	nw := len(g.white)
	g.desc = resize(g.desc, g.n*nw)
	clear(g.desc)
	for _, v := range q {
		g.desc[int(v)*nw+int(v>>6)] |= 1 << (uint(v) & 63)
	}
	for k := len(q) - 1; k >= 0; k-- {
		if v := q[k]; g.par[v] >= 0 {
			or(g.desc[int(g.par[v])*nw:int(g.par[v]+1)*nw], g.desc[int(v)*nw:int(v+1)*nw])
		}
	}
}

// or sets dst to dst | a; a is as long as dst.
func or(dst, a []uint64) {
	a = a[:len(dst)]
	for i := range dst {
		dst[i] |= a[i]
	}
}

// deriveCreated gives the overlay's created pieces their parents' chains:
// what an action creates covers what it removes, in the mover's colour,
// so the chains right after it are the position's.
func (g *graph) deriveCreated() {
	g.chain = resize(g.chain, g.n+g.k)
	for c, v := range g.parent {
		g.chain[g.n+c] = g.chain[v]
	}
}

// provenSet sets g.prov to the pieces of the position whose way to a side
// along the forest colouring col left intact: every piece but the desc
// sets of those the action removed or col recoloured. Each such piece's
// group touches a side.
func (g *graph) provenSet(col []uint64) {
	nw := len(g.white)
	lost := g.lost
	clear(lost)
	for k := range nw {
		for broken := (col[k] ^ g.white[k]) | g.removed[k]; broken != 0; broken &= broken - 1 {
			b := k<<6 + bits.TrailingZeros64(broken)
			if b >= g.n {
				break
			}
			or(lost, g.desc[b*nw:(b+1)*nw])
		}
	}
	for k := range nw {
		g.prov[k] = ^lost[k]
	}
}

// proven reports whether piece v's group is known to touch a side: v is
// on a side, the forest proves it (provenSet) or the round found it safe.
func (g *graph) proven(v int32, round uint32) bool {
	return g.side[v] != 0 || g.safe[v] == round || (g.derived && int(v) < g.n && g.prov[v>>6]>>(uint(v)&63)&1 != 0)
}
