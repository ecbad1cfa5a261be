package crumble

// The contact graph as adjacency lists, the list form: it holds any
// position, the ones too large for the bitset form (bitgraph.go) and a
// split or join that would not fit its slots. The pieces around an
// overlay get their lists rewritten only when first read. This file holds
// the form's whole method set: building, overlaying and taking off,
// deriving the chains and the side forest, a swap step with its captures
// and win check and UnmarshalText's validation (fullCheck). contact.go
// says what the two forms share.

import "math/bits"

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
	remWords  uint16     // their words, as bound.words has them
	nRemoved  int        // their number
	saved     []savedNb  // the pieces around them, with their full sides before
	c0        []uint64   // the colouring right after the action

	// derived from the position's colouring (derive): chain labels
	// (created pieces take their parent's) with each chain's sides, and
	// the side forest with its desc sets; lost is the set of pieces the
	// forest does not prove in the colouring at hand (provenSet)
	derived    bool
	chain      []int32
	chainSides []uint8
	par        []int32
	desc       []uint64 // desc[v] is desc[v*nw : (v+1)*nw], nw = len(white)
	lost       []uint64
	// remDesc is the union of the removed pieces' desc sets
	// (removedDesc) once remDescSet
	remDesc    []uint64
	remDescSet bool

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
	near       []int32 // the created pieces a half may touch (listCreated)
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

// build makes g the contact graph of ps, sorted by lower-left y then x;
// v is the view of ps, whose stitches give the touching pieces, or nil.
func (g *graph) build(ps []piece, v *view, wf, hf int64) {
	n := len(ps)
	g.t, g.n, g.wf, g.hf = nil, n, wf, hf
	g.overlaid, g.derived, g.k, g.remDescSet = false, false, 0, false
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

// nextMark returns a fresh visited mark.
func (g *graph) nextMark() uint32 { return nextEpoch(&g.epoch, g.mark) }

// nextRound returns a fresh proven-safe mark.
func (g *graph) nextRound() uint32 { return nextEpoch(&g.round, g.safe) }

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
	g.remDescSet = false
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
	g.overlaid = true
	g.overlayOf.set(act.of.t, act.of.base)
}

// placeCreated marks the action's removed pieces, sizes the graph for its
// created pieces and places them, still without contacts.
func (g *graph) placeCreated(act *action) {
	n, k := g.n, len(act.added)
	g.k = k
	nw := (n + k + 63) >> 6 // words of a colouring of the slots
	g.removed = resize(g.removed, nw)
	clear(g.removed)
	g.remWords, g.nRemoved = 0, len(act.removed)
	for _, v := range act.removed {
		g.removed[v>>6] |= 1 << (uint(v) & 63)
		g.remWords |= wordBit(v)
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
// pieces its parent touched, its other half and the halves of the removed
// pieces its parent touched (a half lies inside its parent, so halves
// whose parents do not touch cannot touch), those after the rest in slot
// order; a joined piece the pieces around its cluster. Testing each half
// against the halves of its parent's neighbours only, not against every
// created piece, keeps a cut through many pieces linear in their number.
func (g *graph) listCreated(act *action) {
	n, k := g.n, len(act.added)
	if k == 1 {
		start := int32(len(g.adj))
		for _, sv := range g.saved {
			g.linkCreated(int32(n), sv.w)
		}
		g.lo[n], g.hi[n] = start, int32(len(g.adj))
		return
	}
	for c := range k {
		i := int32(n + c)
		start := int32(len(g.adj))
		v := act.parent[c]
		if k == 2 { // one piece cut: the halves touch its neighbours and each other
			for _, a := range g.adj[g.off[v]:g.off[v+1]] {
				g.linkCreated(i, a>>1)
			}
			g.linkCreated(i, int32(n)+int32(c^1))
			g.lo[i], g.hi[i] = start, int32(len(g.adj))
			continue
		}
		near := append(g.near[:0], int32(n)+int32(c^1)) // the other half
		for _, a := range g.adj[g.off[v]:g.off[v+1]] {
			if w := a >> 1; !g.isRemoved(w) {
				g.linkCreated(i, w)
			} else {
				h := int32(n) + g.firstChild[w]
				near = append(near, h, h+1)
			}
		}
		for a := 1; a < len(near); a++ { // by insertion: a few pieces
			x, b := near[a], a
			for ; b > 0 && near[b-1] > x; b-- {
				near[b] = near[b-1]
			}
			near[b] = x
		}
		for _, j := range near {
			g.linkCreated(i, j)
		}
		g.near = near
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
	s.last.listMade = s.last.listMade[:0]
	for c := range g.k {
		s.last.listMade = append(s.last.listMade, int32(g.n+c))
	}
	return s.last.listMade
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
	g.lost = resize(g.lost, len(g.white))
	g.derived, g.remDescSet = true, false
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

// provenSet sets g.lost to the pieces of the position whose way to a side
// along the forest colouring col did not leave intact: the desc sets of
// the pieces the action removed or col recoloured, which lie in the words
// words (as bound.words has them). Every other piece's group touches a
// side.
//
// The removed pieces' share is the same in every round of the overlay's
// paths: when they are many (a cut through a row) it is ORed once per
// overlay (removedDesc) and copied after, instead of ORing every one of
// their desc sets in each round of each step.
func (g *graph) provenSet(col []uint64, words uint16) {
	nw := len(g.white)
	lost := g.lost
	var removed []uint64 // the removed pieces, when their share is not copied
	if g.nRemoved > fewRemoved {
		copy(lost, g.removedDesc())
	} else {
		clear(lost)
		removed = g.removed
	}
	for ws := words | g.remWords; ws != 0; ws &= ws - 1 {
		for k, end := wordSpan(ws, nw); k < end; k++ {
			broken := col[k] ^ g.white[k]
			if removed != nil {
				broken |= removed[k]
			}
			for ; broken != 0; broken &= broken - 1 {
				b := k<<6 + bits.TrailingZeros64(broken)
				if b >= g.n {
					break
				}
				or(lost, g.desc[b*nw:(b+1)*nw])
			}
		}
	}
}

// wordSpan returns the words [from, to) of a colouring of nw words that
// the lowest bit of ws names, as wordBit sets them: one word, or every
// word from the 15th on for the last bit.
func wordSpan(ws uint16, nw int) (from, to int) {
	from = bits.TrailingZeros16(ws)
	to = from + 1
	if ws == 1<<15 {
		to = nw
	}
	return from, min(to, nw)
}

// fewRemoved is the most removed pieces whose desc sets provenSet ORs in
// each round: for a few, working out and copying their union once more
// costs more than it saves.
const fewRemoved = 4

// removedDesc returns the union of the desc sets of the pieces the
// overlay removed, worked out on the first call after the overlay.
func (g *graph) removedDesc() []uint64 {
	nw := len(g.white)
	if g.remDescSet {
		return g.remDesc[:nw]
	}
	g.remDescSet = true
	g.remDesc = resize(g.remDesc, nw)
	clear(g.remDesc)
	for ws := g.remWords; ws != 0; ws &= ws - 1 {
		for k, end := wordSpan(ws, nw); k < end; k++ {
			for rem := g.removed[k]; rem != 0; rem &= rem - 1 {
				b := k<<6 + bits.TrailingZeros64(rem)
				or(g.remDesc, g.desc[b*nw:(b+1)*nw])
			}
		}
	}
	return g.remDesc
}

// proven reports whether piece v's group is known to touch a side: v is
// on a side, the forest proves it (provenSet) or the round found it safe.
func (g *graph) proven(v int32, round uint32) bool {
	return g.side[v] != 0 || g.safe[v] == round || (g.derived && int(v) < g.n && g.lost[v>>6]>>(uint(v)&63)&1 == 0)
}

// step makes one swap step of the travelling piece tr in direction d for
// the mover in colouring col, with its captures. It reports the new
// travelling piece and whether the step was legal; a legal step leaves the
// recoloured pieces in g.changed, and win is the colour that now has a
// winning chain, or -1. b is the bound of the colouring before the step
// (the zero bound right after the action); the step widens it.
func (g *graph) step(col []uint64, tr int32, d int, mover Color, b *bound) (u int32, ok bool, win int8) {
	u = g.nb[tr][d]
	if u < 0 || colorAt(col, u) == mover {
		return u, false, -1
	}
	flip(col, tr)
	flip(col, u)
	b.recolour(tr)
	b.recolour(u)
	g.changed = append(g.changed[:0], tr, u)
	// Groups that may have lost their last side contact: tr's and u's own,
	// and those of the other colour beside them that were joined through
	// them (tr's neighbours of the mover's colour, u's of the opponent's).
	// Pieces on a side are safe and need no search.
	seeds := g.seeds[:0]
	if g.side[tr] == 0 {
		seeds = append(seeds, tr)
	}
	if g.side[u] == 0 {
		seeds = append(seeds, u)
	}
	for _, a := range g.list(tr) {
		if w := a >> 1; g.side[w] == 0 && colorAt(col, w) == mover {
			seeds = append(seeds, w)
		}
	}
	for _, a := range g.list(u) {
		if w := a >> 1; g.side[w] == 0 && colorAt(col, w) != mover {
			seeds = append(seeds, w)
		}
	}
	g.seeds = seeds
	g.resolve(col, b)
	return u, true, g.winner(col, b)
}

// resolve settles captures, starting from g.seeds: every group that touches
// no side of the board takes the other colour, all at once, until none is
// left. Only groups through a seed can have lost their last side contact,
// and after a round only groups through a recoloured piece or a neighbour
// of one.
func (g *graph) resolve(col []uint64, b *bound) {
	for {
		round := g.nextRound()
		if g.derived {
			g.provenSet(col, b.words)
		}
		capt := g.capt[:0]
		for _, s := range g.seeds {
			if g.proven(s, round) {
				continue
			}
			// breadth first, so that the nearest side ends the search
			c := colorAt(col, s)
			f := g.nextMark()
			q := append(g.queue[:0], s)
			g.mark[s] = f
			found := false
			for qi := 0; qi < len(q) && !found; qi++ {
				for _, a := range g.list(q[qi]) {
					w := a >> 1
					if g.mark[w] == f || colorAt(col, w) != c {
						continue
					}
					if g.proven(w, round) {
						found = true
						break
					}
					g.mark[w] = f
					q = append(q, w)
				}
			}
			g.queue = q
			for _, v := range q {
				g.safe[v] = round
			}
			if !found {
				capt = append(capt, q...)
			}
		}
		g.capt = capt
		if len(capt) == 0 {
			return
		}
		seeds := g.seeds[:0]
		for _, v := range capt {
			flip(col, v)
			b.recolour(v)
			g.changed = append(g.changed, v)
			seeds = append(seeds, v)
			for _, a := range g.list(v) {
				seeds = append(seeds, a>>1)
			}
		}
		g.seeds = seeds
	}
}

// winner returns the colour with a chain touching all four sides after
// the last step, or -1. Only chains through a piece the step recoloured
// can be new.
//
// Before searching, it bounds the sides such a chain can reach: a chain of
// colour c that holds no piece recoloured since the action lies inside a
// chain of the colouring right after the action (which won nothing), and
// the rest of a new chain belongs to such chains beside its recoloured
// pieces, entered through a piece never recoloured, which has its colour
// of right after the action in every colouring of the path. So the sides
// of the pieces recoloured since the action, with those of the
// after-action chains of their colour beside them through a piece of that
// colour in both colourings, bound the sides any new chain touches: b,
// which each step widens by the pieces it recoloured (a piece recoloured
// back only widens it more than needed). A piece the step recoloured away
// from its chain (the travelling piece leaving the mover's) does not bring
// that chain's sides to its neighbours, which spares many floods of
// paths that walk away from their chain.
// Below all four sides for the colour of a piece the step recoloured
// nothing is searched. Without the chains (a path played once) every step
// searches.
func (g *graph) winner(col []uint64, b *bound) int8 {
	if !g.derived {
		return g.winnerFlood(col, 3)
	}
	var need uint8 // colours that may have won, as bits
	for _, x := range g.changed {
		c := colorAt(col, x)
		m := b.sides[c] | g.side[x]
		for _, a := range g.list(x) {
			if y := a >> 1; a&1 != 0 && colorAt(g.c0, y) == c && colorAt(col, y) == c {
				m |= g.chainSides[g.chain[y]]
			}
		}
		need |= b.widen(c, m)
	}
	if need == 0 {
		return -1
	}
	return g.winnerFlood(col, need)
}

// winnerFlood searches the chains of the colours asked for (bit c for
// colour c) through the pieces the last step recoloured: a new winning
// chain holds one of them, since the colouring before the step had none.
func (g *graph) winnerFlood(col []uint64, colours uint8) int8 {
	f := g.nextMark()
	for _, s := range g.changed {
		c := colorAt(col, s)
		if g.mark[s] == f || colours>>c&1 == 0 {
			continue
		}
		g.mark[s] = f
		q := append(g.queue[:0], s)
		var sides uint8
		for qi := 0; qi < len(q); qi++ {
			v := q[qi]
			sides |= g.side[v]
			if sides == allSides {
				g.queue = q
				return int8(c)
			}
			for _, a := range g.list(v) {
				if w := a >> 1; a&1 != 0 && g.mark[w] != f && colorAt(col, w) == c {
					g.mark[w] = f
					q = append(q, w)
				}
			}
		}
		g.queue = q
	}
	return -1
}

// fullCheck reports whether the position's colouring holds a group that
// touches no side (a capturable group) or a chain that touches all four,
// whose colour it returns as win (else -1): UnmarshalText's validation.
func (g *graph) fullCheck() (capturable bool, win int8) {
	g.derive()
	win = -1
	for v := range int32(g.n) {
		if g.par[v] == -2 {
			capturable = true
		}
		if win < 0 && g.chainSides[g.chain[v]] == allSides {
			win = int8(colorAt(g.white, v))
		}
	}
	return capturable, win
}

// oppFullSide looks among the neighbours of piece v for an opponent
// piece sharing a full side with r.
func (g *graph) oppFullSide(r rect, v int32, mover Color) bool {
	for _, a := range g.adj[g.off[v]:g.off[v+1]] { // the position's lists, whatever the overlay
		if a&1 != 0 && colorAt(g.white, a>>1) != mover && fullSide(&r, &g.r[a>>1]) {
			return true
		}
	}
	return false
}
