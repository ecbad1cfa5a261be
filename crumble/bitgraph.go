package crumble

// The contact graph as bitsets, for positions of up to slotCap pieces with
// the pieces a split or join creates: the form move generation searches
// the swap paths on. Each piece has the set of pieces it touches and the
// set it meets along an edge, as four 64-bit words, so that a flood over a
// group takes a few word operations per piece, and the forest's proof for
// every piece at once is a handful of ORs.
//
// Pieces live in slots, which they keep from ply to ply, and sets may
// hold stale bits that readers mask (see bitGraph). This file holds the
// form's whole method set; contact.go says what the two forms share.

import (
	"math/bits"
	"unsafe"
)

// slotCap is the most slots a bitGraph has: the position's pieces, then
// the created pieces of its overlays.
const slotCap = 256

// fitsBits reports whether a position of n pieces is searched on a
// bitGraph: with room for what its splits and joins usually create (a
// split or join that creates more than the slots left is searched on the
// lists).
func fitsBits(n int) bool { return n <= slotCap-16 }

// overlayFits reports whether the bitset graph of a position of n pieces
// takes the overlay of an action that creates k: the created pieces need
// free slots. Listing, Play and the commit between plies all ask it, and
// fall back to the lists (or a build) when it fails.
func overlayFits(n, k int) bool { return fitsBits(n) && n+k <= slotCap }

// set is a set of slots. It is a struct rather than an array so that the
// compiler keeps it in registers (it does so for structs of up to four
// fields, not for arrays longer than one).
type set struct{ w0, w1, w2, w3 uint64 }

// word returns a pointer to the word holding slot i.
func (s *set) word(i int32) *uint64 {
	switch i >> 6 {
	case 0:
		return &s.w0
	case 1:
		return &s.w1
	case 2:
		return &s.w2
	}
	return &s.w3
}

func (s *set) add(i int32) { *s.word(i) |= 1 << (uint(i) & 63) }

// put adds slot i to a set in memory (a row of the graph): indexing its
// words as an array costs less there than add's switch, which serves sets
// kept in registers.
func (s *set) put(i int32) { (*[4]uint64)(unsafe.Pointer(s))[i>>6&3] |= 1 << (uint(i) & 63) }

// flip toggles slot i in a set in memory (a colouring), as put adds it.
func (s *set) flip(i int32) { (*[4]uint64)(unsafe.Pointer(s))[i>>6&3] ^= 1 << (uint(i) & 63) }

// in reports whether slot i is in a set in memory, as put adds it.
func (s *set) in(i int32) bool {
	return (*[4]uint64)(unsafe.Pointer(s))[i>>6&3]>>(uint(i)&63)&1 != 0
}

func (s *set) remove(i int32)   { *s.word(i) &^= 1 << (uint(i) & 63) }
func (s *set) has(i int32) bool { return *s.word(i)>>(uint(i)&63)&1 != 0 }

func (s set) and(t set) set    { return set{s.w0 & t.w0, s.w1 & t.w1, s.w2 & t.w2, s.w3 & t.w3} }
func (s set) or(t set) set     { return set{s.w0 | t.w0, s.w1 | t.w1, s.w2 | t.w2, s.w3 | t.w3} }
func (s set) andNot(t set) set { return set{s.w0 &^ t.w0, s.w1 &^ t.w1, s.w2 &^ t.w2, s.w3 &^ t.w3} }
func (s set) xor(t set) set    { return set{s.w0 ^ t.w0, s.w1 ^ t.w1, s.w2 ^ t.w2, s.w3 ^ t.w3} }
func (s set) empty() bool      { return s.w0|s.w1|s.w2|s.w3 == 0 }
func (s set) meets(t set) bool { return !s.and(t).empty() }

// first returns the lowest slot in s, or -1 for the empty set.
func (s *set) first() int32 {
	switch {
	case s.w0 != 0:
		return int32(bits.TrailingZeros64(s.w0))
	case s.w1 != 0:
		return int32(64 + bits.TrailingZeros64(s.w1))
	case s.w2 != 0:
		return int32(128 + bits.TrailingZeros64(s.w2))
	case s.w3 != 0:
		return int32(192 + bits.TrailingZeros64(s.w3))
	}
	return -1
}

// pop removes the lowest slot from s and returns it, or -1 for the empty
// set. (Indexing the words as an array keeps it small enough to inline.)
func (s *set) pop() int32 {
	a := (*[4]uint64)(unsafe.Pointer(s))
	for k := range 4 {
		if w := a[k]; w != 0 {
			a[k] = w & (w - 1)
			return int32(k<<6 + bits.TrailingZeros64(w))
		}
	}
	return -1
}

// array returns the set's words, for iterating over them.
func (s set) array() [4]uint64 { return [4]uint64{s.w0, s.w1, s.w2, s.w3} }

// words returns the set as the words of a colouring, the form the search
// keeps its states in.
func (s *set) words() []uint64 { return unsafe.Slice(&s.w0, 4) }

// setOf returns the set whose words col holds (four of them).
func setOf(col []uint64) *set { _ = col[3]; return (*set)(unsafe.Pointer(&col[0])) }

// span returns the set of slots lo .. hi-1.
func span(lo, hi int) set {
	var s set
	for i := lo; i < hi; i++ {
		s.add(int32(i))
	}
	return s
}

// bitGraph is the contact graph of one position's pieces as bitsets, and
// the overlay of one split or join.
//
// Pieces live in slots, which a position's pieces keep from ply to ply:
// after a move, the graph of the position it led to is the graph with the
// move's overlay made permanent (commit), the removed pieces' slots freed,
// rather than a graph built afresh, which a playout's next ply would
// otherwise pay for. slotOf and pieceOf translate between a piece's index
// in the position (position-code order) and its slot. A graph built afresh
// has slot i = piece i.
//
// An overlay's created pieces take slots that are free and clean, with a
// bit in their neighbours' sets, which undo leaves there, and a commit
// leaves the removed pieces' bits: so a set may hold bits of pieces no
// longer there, and every reader masks sets with the live pieces (of a
// colour). Such slots are dirty until clean clears the stale bits, when
// fewer clean slots are left than an overlay creates pieces.
type bitGraph struct {
	t      *tiling // the tiling it is the graph of (set by tileBits and commit)
	wf, hf int64
	// the slots' rectangles, contacts, full-side neighbours and sides, in
	// arrays of slotCap indexed by a slot as a uint8, which spares the
	// bounds checks
	r       [slotCap]rect
	touch   [slotCap]set // touch[i]: the pieces touching i
	edge    [slotCap]set // edge[i]: the pieces in edge contact with i
	nb      [slotCap][4]int32
	side    [slotCap]uint8
	pieceOf [slotCap]int32 // the index in the position of the piece in each slot
	slotOf  []int32        // the slot of each piece of the position
	onSide  set            // the slots on a side (dirty ones too)
	base    set            // the position's pieces' slots
	white   set            // the position's White pieces' slots
	dirty   set            // the slots whose bits may be in sets: freed and created ones (base ones among them are harmless)

	// the overlay in place: created pieces in the slots made, in source
	// order (cidx gives a created slot's place there)
	overlaid      bool
	overlayOf     actionName
	made          []int32
	cidx          [slotCap]int16
	parent        []int32 // a removed piece's slot under each created one
	joined        []int32 // the removed pieces' slots (for a join, its cluster)
	removed, live set
	c0            set // the colouring right after the action
	saved         []savedSide
	removedSaved  int // the changes of saved that took the removed pieces out

	// derived from the position's colouring (derive): chain labels with
	// each chain's sides, the sides of the chains of each colour in edge
	// contact with each piece (the same right after any action: a created
	// piece in edge contact with a piece replaces a removed one that was,
	// in the same chain), and the side forest's desc sets (see
	// graph.derive)
	derived    bool
	chain      [slotCap]int32
	chainSides [slotCap]uint8
	beside     [slotCap][2]uint8
	desc       [slotCap]set
	par        [slotCap]int32
	order      []int32

	changed []int32 // the pieces the last step recoloured: the two swapped, then the captured
	levels  []int32
	pairs   []pair
	cleans  int // how often the clean slots ran out (for the tests)
}

// savedSide is a full-side link an overlay changed: piece w's in direction
// d was nb.
type savedSide struct {
	w  int32
	d  int8
	nb int32
}

// build makes g the contact graph of ps, sorted by lower-left y then x,
// piece i in slot i; len(ps) must fit (fitsBits). v is the view of ps,
// whose stitches give the touching pieces, or nil.
func (g *bitGraph) build(ps []piece, v *view, wf, hf int64) {
	n := len(ps)
	g.t, g.wf, g.hf = nil, wf, hf
	g.overlaid, g.derived = false, false
	g.onSide, g.white = set{}, set{}
	g.slotOf = resize(g.slotOf, n)
	for i := range ps {
		g.initSlot(int32(i), ps[i].R())
		g.slotOf[i], g.pieceOf[uint8(i)] = int32(i), int32(i)
		if ps[i].C() == White {
			g.white.add(int32(i))
		}
	}
	g.base = span(0, n)
	g.live, g.dirty = g.base, set{}
	g.levels, g.pairs = pairsOf(g.levels, g.pairs[:0], g.r[:n], v, wf, hf)
	for _, pr := range g.pairs {
		g.link(pr.i, pr.j, false)
	}
}

// initSlot puts a piece with rectangle r, in contact with nothing yet,
// in slot i: of a build, or created by an overlay.
func (g *bitGraph) initSlot(i int32, r rect) {
	g.r[uint8(i)] = r
	g.touch[uint8(i)], g.edge[uint8(i)] = set{}, set{}
	g.nb[uint8(i)] = [4]int32{-1, -1, -1, -1}
	side := sideMask(r, g.wf, g.hf)
	g.side[uint8(i)] = side
	w := &(*[4]uint64)(unsafe.Pointer(&g.onSide))[i>>6&3] // as put indexes it
	*w = *w&^(1<<(uint(i)&63)) | uint64(b2i(side != 0))<<(uint(i)&63)
}

// commit makes g the graph of q, the position that the move whose action
// g has overlaid led to, with colouring col (over the slots) and slotOf
// the slot of each of q's pieces: the overlay becomes the position, the
// removed pieces leave their neighbours' sets and free their slots.
func (g *bitGraph) commit(q *tiling, col *set, slotOf []int32) {
	g.dirty = g.dirty.or(g.removed)
	g.base = g.live
	g.white = col.and(g.base)
	g.t = q
	g.slotOf = append(g.slotOf[:0], slotOf...)
	for j, v := range slotOf {
		g.pieceOf[uint8(v)] = int32(j)
	}
	g.removed, g.made, g.saved = set{}, g.made[:0], g.saved[:0]
	g.overlaid, g.derived = false, false
}

// clean clears the bits of pieces no longer there from the position's
// pieces' sets, to make every free slot clean.
func (g *bitGraph) clean() {
	for ws := g.base; !ws.empty(); {
		w := ws.pop()
		g.touch[uint8(w)] = g.touch[uint8(w)].and(g.base)
		g.edge[uint8(w)] = g.edge[uint8(w)].and(g.base)
	}
	g.onSide = g.onSide.and(g.base)
	g.dirty = set{}
	g.cleans++
}

// link records the contact of the pieces in slots i and j, if any. An
// overlay links a created piece i with a piece j of the position with
// noted set, so that undo restores the full-side link of j's it changes.
func (g *bitGraph) link(i, j int32, noted bool) {
	touch, edge, d := contact(&g.r[uint8(i)], &g.r[uint8(j)])
	if !touch {
		return
	}
	g.touch[uint8(i)].put(j)
	g.touch[uint8(j)].put(i)
	if edge {
		g.edge[uint8(i)].put(j)
		g.edge[uint8(j)].put(i)
	}
	if d < 0 {
		return
	}
	g.nb[uint8(i)][d] = j
	if noted {
		g.setNb(j, opposite(d), i)
	} else {
		g.nb[uint8(j)][opposite(d)] = i
	}
}

// derive labels the chains of the position's colouring, with the sides of
// those beside each piece, and grows the side forest with its desc sets,
// once per graph (see graph.derive).
func (g *bitGraph) derive() {
	if g.derived {
		return
	}
	black := g.base.andNot(g.white)
	g.labelChains(black)
	g.growForest(black)
	g.derived = true
	if g.overlaid {
		g.deriveCreated()
	}
}

// labelChains labels the chains of the colouring (black is the set of
// Black pieces) and notes the sides of those beside each piece.
func (g *bitGraph) labelChains(black set) {
	// the chains: the classes of the pieces of one colour in edge contact,
	// each labelled by its root (union-find with path halving)
	up := &g.par // the union-find's links, until the forest needs them
	for k, w := range g.base.array() {
		for ; w != 0; w &= w - 1 {
			v := int32(k<<6 + bits.TrailingZeros64(w))
			up[uint8(v)] = v
			g.chainSides[uint8(v)] = 0
		}
	}
	for k, w := range g.base.array() {
		for ; w != 0; w &= w - 1 {
			v := int32(k<<6 + bits.TrailingZeros64(w))
			same := black
			if g.white.has(v) {
				same = g.white
			}
			for k, w := range g.edge[uint8(v)].and(same).array() {
				for ; w != 0; w &= w - 1 {
					y := int32(k<<6 + bits.TrailingZeros64(w))
					if y > v {
						if a, b := rootOf(up, v), rootOf(up, y); a != b {
							up[uint8(a)] = b
						}
					}
				}
			}
		}
	}
	for k, w := range g.base.array() {
		for ; w != 0; w &= w - 1 {
			v := int32(k<<6 + bits.TrailingZeros64(w))
			l := rootOf(up, v)
			g.chain[uint8(v)] = l
			g.chainSides[uint8(l)] |= g.side[uint8(v)]
		}
	}
	for k, w := range g.base.array() {
		for ; w != 0; w &= w - 1 {
			v := int32(k<<6 + bits.TrailingZeros64(w))
			var m [2]uint8
			for k, w := range g.edge[uint8(v)].and(g.base).array() {
				for ; w != 0; w &= w - 1 {
					y := int32(k<<6 + bits.TrailingZeros64(w))
					m[b2i(g.white.has(y))] |= g.chainSides[uint8(g.chain[uint8(y)])]
				}
			}
			g.beside[uint8(v)] = m
		}
	}
}

// growForest grows the side forest over the colouring (black is the set
// of Black pieces), with its desc sets; it takes over the union-find's
// links in g.par.
func (g *bitGraph) growForest(black set) {
	// the forest, breadth first from the pieces on the sides, and the
	// desc sets from the leaves up
	front := g.onSide.and(g.base)
	seen := front
	g.order = g.order[:0]
	par := &g.par
	for k, w := range front.array() {
		for ; w != 0; w &= w - 1 {
			v := int32(k<<6 + bits.TrailingZeros64(w))
			par[uint8(v)] = -1
			g.order = append(g.order, v)
		}
	}
	for qi := 0; qi < len(g.order); qi++ {
		v := g.order[qi]
		same := black
		if g.white.has(v) {
			same = g.white
		}
		reach := g.touch[uint8(v)].and(same).andNot(seen)
		seen = seen.or(reach)
		for k, w := range reach.array() {
			for ; w != 0; w &= w - 1 {
				w := int32(k<<6 + bits.TrailingZeros64(w))
				par[uint8(w)] = v
				g.order = append(g.order, w)
			}
		}
	}
	for _, v := range g.order {
		g.desc[uint8(v)] = set{}
		g.desc[uint8(v)].add(v)
	}
	for k := len(g.order) - 1; k >= 0; k-- {
		if v := g.order[k]; par[uint8(v)] >= 0 {
			g.desc[uint8(par[uint8(v)])] = g.desc[uint8(par[uint8(v)])].or(g.desc[uint8(v)])
		}
	}
}

// deriveCreated gives the overlay's created pieces their parents' chains
// (see graph.deriveCreated).
func (g *bitGraph) deriveCreated() {
	for c, v := range g.parent {
		g.chain[uint8(g.made[c])] = g.chain[uint8(v)]
	}
}

// rootOf returns the root of i's class in the union-find up, halving the
// path to it.
func rootOf(up *[slotCap]int32, i int32) int32 {
	for up[uint8(i)] != i {
		up[uint8(i)] = up[uint8(up[uint8(i)])]
		i = up[uint8(i)]
	}
	return i
}

// provenSet returns the pieces of the position whose way to a side along
// the forest colouring col left intact: every piece but the desc sets of
// those the action removed or col recoloured. Each such piece's group
// touches a side.
func (g *bitGraph) provenSet(col *set) set {
	broken := col.xor(g.c0).or(g.removed).and(g.base)
	var lost set
	for b := broken.pop(); b >= 0; b = broken.pop() {
		lost = lost.or(g.desc[uint8(b)])
	}
	return g.base.andNot(lost)
}

// overlay is graph.overlay on the bitsets: the removed pieces leave the
// live set, the created pieces (the mover's) take the lowest free slots in
// source order, with their sets and full-side neighbours, and the pieces
// around them gain them. The caller checks that the position's pieces and
// the created ones fit in slotCap.
func (g *bitGraph) overlay(act *action, mover Color) {
	if g.overlaid && act.of.kind != kindNone && act.of == g.overlayOf {
		return // the moves of one split or join, played in turn
	}
	if g.overlaid && g.sameRemoved(act) {
		// the H and V splits of one piece remove the same pieces: only
		// the links of the created pieces are undone
		g.undoTo(g.removedSaved)
		g.live = g.base.andNot(g.removed)
	} else {
		g.undo()
		g.removeAction(act)
		g.removedSaved = len(g.saved)
	}
	created := g.placeCreated(act)
	g.linkCreated(act)
	g.live = g.live.or(created)
	g.c0 = g.white // the removed pieces keep their bits, as in graph.c0
	if mover == White {
		g.c0 = g.c0.or(created)
	}
	g.overlaid = true
	g.overlayOf.set(act.of.t, act.of.base)
}

// removeAction takes the action's removed pieces out of the live ones
// and unlinks the full sides into them, saving what it changes for undo.
func (g *bitGraph) removeAction(act *action) {
	var removed set
	g.joined = g.joined[:0]
	for _, i := range act.removed {
		v := g.slotOf[i]
		removed.add(v)
		g.joined = append(g.joined, v)
	}
	g.removed = removed
	g.live = g.base.andNot(removed)
	// full sides are shared both ways, so the links into the removed
	// pieces are found from theirs
	g.saved = g.saved[:0]
	for _, v := range g.joined {
		for d, w := range g.nb[uint8(v)] {
			if w >= 0 && !removed.has(w) {
				g.setNb(w, opposite(d), -1)
			}
		}
	}
}

// placeCreated gives the action's created pieces free slots (cleaning the
// sets when too few are clean) and returns them.
func (g *bitGraph) placeCreated(act *action) set {
	k := len(act.added)
	taken := g.base.or(g.dirty)
	free := set{^taken.w0, ^taken.w1, ^taken.w2, ^taken.w3}
	if n := bits.OnesCount64(free.w0) + bits.OnesCount64(free.w1) + bits.OnesCount64(free.w2) + bits.OnesCount64(free.w3); n < k {
		g.clean()
		free = set{^g.base.w0, ^g.base.w1, ^g.base.w2, ^g.base.w3}
	}
	g.made, g.parent = resize(g.made, k), resize(g.parent, k)
	made, parent := g.made[:k], g.parent[:k]
	var created set
	for c, r := range act.added {
		i := free.pop()
		made[c], parent[c] = i, g.slotOf[act.parent[c]]
		g.cidx[uint8(i)] = int16(c)
		g.initSlot(i, r)
		created.put(i)
	}
	g.dirty = g.dirty.or(created)
	if g.derived {
		g.deriveCreated()
	}
	return created
}

// linkCreated links the created pieces with the pieces around them.
func (g *bitGraph) linkCreated(act *action) {
	k := len(act.added)
	if k == 1 { // a join: the piece touches the pieces around its cluster
		i := g.made[0]
		var around set
		for _, v := range g.joined {
			around = around.or(g.touch[uint8(v)])
		}
		around = around.and(g.live)
		for w := around.pop(); w >= 0; w = around.pop() {
			g.link(i, w, true)
		}
	} else {
		// a split: each half touches only pieces its parent touched, and
		// the other halves
		vertical := act.of.kind == kindV
		for c := 0; c < k; c += 2 {
			v := g.parent[c]
			g.linkHalves(g.made[c], g.made[c+1], v, vertical, g.touch[uint8(v)].and(g.live))
			for _, j := range g.made[:c] { // the halves of the pieces before
				g.link(g.made[c], j, false)
				g.link(g.made[c+1], j, false)
			}
		}
	}
}

// linkHalves links the halves of piece v, cut vertical or not, in slots a
// and b (in letter order: N, S for an H cut, E, W for a V cut) with the
// pieces cand around v, the live ones touching it, which are all the
// pieces but each other that the halves can touch. It reads the geometry
// across the cut, y for an H cut; for a V cut x and y trade places, and so
// do the directions (N and E, S and W).
func (g *bitGraph) linkHalves(a, b, v int32, vertical bool, cand set) {
	p := &g.r[uint8(v)]
	px, py, pw, ph := p.x, p.y, p.w, p.h
	up, down, right, left := dirN, dirS, dirE, dirW
	if vertical {
		px, py, pw, ph = p.y, p.x, p.h, p.w
		up, down, right, left = dirE, dirW, dirN, dirS
	}
	top, mid := py+ph, py+ph/2
	vEdge := g.edge[uint8(v)] // read for every candidate, kept out of memory
	for w := cand.pop(); w >= 0; w = cand.pop() {
		q := &g.r[uint8(w)]
		wx, wy, ww, wh := q.x, q.y, q.w, q.h
		if vertical {
			wx, wy, ww, wh = q.y, q.x, q.h, q.w
		}
		switch {
		case wy == top: // beyond v's far side: the upper half's, along v's
			g.linkHalf(a, w, vEdge.has(w), wx == px && ww == pw, up)
		case wy+wh == py: // below v: the lower half's
			g.linkHalf(b, w, vEdge.has(w), wx == px && ww == pw, down)
		default: // beside v: the part of its side each half keeps
			d := right
			if wx+ww == px {
				d = left
			}
			if o := min(wy+wh, top) - max(wy, mid); o >= 0 {
				g.linkHalf(a, w, o > 0, wy == mid && wh == ph/2, d)
			}
			if o := min(wy+wh, mid) - max(wy, py); o >= 0 {
				g.linkHalf(b, w, o > 0, wy == py && wh == ph/2, d)
			}
		}
	}
	// the halves share the cut
	g.touch[uint8(a)].put(b)
	g.touch[uint8(b)].put(a)
	g.edge[uint8(a)].put(b)
	g.edge[uint8(b)].put(a)
	g.nb[uint8(a)][down], g.nb[uint8(b)][up] = b, a
}

// linkHalf records that half i touches piece w of the position, along an
// edge or not, and shares a full side with it in direction d or not.
func (g *bitGraph) linkHalf(i, w int32, edge, full bool, d int) {
	g.touch[uint8(i)].put(w)
	g.touch[uint8(w)].put(i)
	if edge {
		g.edge[uint8(i)].put(w)
		g.edge[uint8(w)].put(i)
	}
	if full {
		g.nb[uint8(i)][d] = w
		g.setNb(w, opposite(d), i)
	}
}

// setNb sets piece w's full-side neighbour in direction d, noting the
// link it had for undo.
func (g *bitGraph) setNb(w int32, d int, u int32) {
	g.saved = append(g.saved, savedSide{w, int8(d), g.nb[uint8(w)][d]})
	g.nb[uint8(w)][d] = u
}

// undo takes the overlay in place off the graph: the live pieces and the
// full-side links; the created pieces' bits stay in the sets.
func (g *bitGraph) undo() {
	if !g.overlaid {
		return
	}
	g.undoTo(0)
	g.live, g.removed = g.base, set{}
	g.overlaid = false
}

// undoTo restores the full-side links the overlay in place changed after
// its first n changes, and forgets its created pieces.
func (g *bitGraph) undoTo(n int) {
	for k := len(g.saved) - 1; k >= n; k-- {
		sv := g.saved[k]
		g.nb[uint8(sv.w)][sv.d] = sv.nb
	}
	g.made, g.saved = g.made[:0], g.saved[:n]
}

// sameRemoved reports whether the overlay in place removed the pieces act
// removes, in the same order.
func (g *bitGraph) sameRemoved(act *action) bool {
	if len(g.joined) != len(act.removed) {
		return false
	}
	for k, i := range act.removed {
		if g.slotOf[i] != g.joined[k] {
			return false
		}
	}
	return true
}

// step is graph.step on the bitsets, for a colouring col of four words.
func (g *bitGraph) step(col []uint64, tr int32, d int, mover Color, b *bound) (u int32, ok bool, win int8) {
	cs := setOf(col)
	u = g.nb[uint8(tr)][d&3]
	if u < 0 || colorOf(cs, u) == mover {
		return u, false, -1
	}
	cs.flip(tr)
	cs.flip(u)
	g.changed = append(g.changed[:0], tr, u)
	// Groups that may have lost their last side contact: tr's and u's, and
	// those of the other colour beside them that were joined through them
	white := cs.and(g.live)
	own, opp := g.live.andNot(white), white
	if mover == White {
		own, opp = white, own
	}
	seeds := g.touch[uint8(tr)].and(own).or(g.touch[uint8(u)].and(opp))
	seeds.add(tr)
	seeds.add(u)
	if seeds = seeds.andNot(g.onSide); !seeds.empty() {
		g.resolve(cs, seeds)
	}
	return u, true, g.winner(cs, b)
}

// resolve is graph.resolve on the bitsets: every group through a seed that
// touches no side takes the other colour, all groups of a round at once,
// and the next round looks at the groups through the recoloured pieces,
// until a round captures nothing.
func (g *bitGraph) resolve(col *set, seeds set) {
	for {
		todo := seeds.and(g.live).andNot(g.onSide)
		if todo.empty() {
			return
		}
		free := g.onSide // pieces whose group is known to touch a side
		if g.derived {
			free = free.or(g.provenSet(col))
			if todo = todo.andNot(free); todo.empty() {
				return
			}
		}
		white := col.and(g.live)
		black := g.live.andNot(white)
		var capt set
		for s := todo.first(); s >= 0; s = todo.first() {
			same := black
			if white.has(s) {
				same = white
			}
			if g.touch[uint8(s)].and(same).meets(free) { // most groups: a step away
				free.add(s)
				todo.remove(s)
				continue
			}
			var group set
			group.add(s)
			front := group
			enclosed := true
			for !front.empty() {
				if front.meets(free) {
					enclosed = false
					break
				}
				var next set
				for v := front.pop(); v >= 0; v = front.pop() {
					next = next.or(g.touch[uint8(v)])
				}
				front = next.and(same).andNot(group)
				group = group.or(front)
			}
			if enclosed {
				capt = capt.or(group)
			} else {
				free = free.or(group)
			}
			todo = todo.andNot(group)
		}
		if capt.empty() {
			return
		}
		// A captured group is a whole group, so every piece beside it has
		// the other colour and joins it now: the groups that may have lost
		// their last side contact are those through the captured pieces.
		seeds = capt
		*col = col.xor(capt)
		for v := capt.pop(); v >= 0; v = capt.pop() {
			g.changed = append(g.changed, v)
		}
	}
}

// colorOf returns the colour of slot x in colouring col.
func colorOf(col *set, x int32) Color { return Color(b2i(col.in(x))) }

// winner is graph.winner on the bitsets. It bounds a created piece's
// chains by its parent's, which meet along an edge every piece it meets.
func (g *bitGraph) winner(col *set, b *bound) int8 {
	if !g.derived {
		return g.winnerFlood(col, 3)
	}
	var need uint8
	for _, x := range g.changed {
		c := colorOf(col, x)
		m := b.sides[c] | g.side[uint8(x)]
		if g.base.in(x) {
			m |= g.beside[uint8(x)][c]
		} else {
			// a half meets along an edge only pieces its parent met, and
			// other halves, in its parent's chain; a joined piece the
			// pieces its cluster met
			v := g.parent[g.cidx[uint8(x)]]
			if c == colorOf(&g.c0, x) {
				m |= g.chainSides[uint8(g.chain[uint8(v)])]
			}
			if len(g.made) > 1 {
				m |= g.beside[uint8(v)][c]
			} else {
				for _, v := range g.joined {
					m |= g.beside[uint8(v)][c]
				}
			}
		}
		need |= b.widen(c, m)
	}
	if need == 0 {
		return -1
	}
	return g.winnerFlood(col, need)
}

// winnerFlood is graph.winnerFlood on the bitsets.
func (g *bitGraph) winnerFlood(col *set, colours uint8) int8 {
	white := col.and(g.live)
	black := g.live.andNot(white)
	var seen set
	for _, s := range g.changed {
		c := colorOf(&white, s)
		if seen.has(s) || !g.live.has(s) || colours>>c&1 == 0 {
			continue
		}
		same := black
		if c == White {
			same = white
		}
		var chain set
		chain.add(s)
		front := chain
		var sides uint8
		for !front.empty() {
			var next set
			for v := front.pop(); v >= 0; v = front.pop() {
				sides |= g.side[uint8(v)]
				next = next.or(g.edge[uint8(v)])
			}
			if sides == allSides {
				return int8(c)
			}
			front = next.and(same).andNot(chain)
			chain = chain.or(front)
		}
		seen = seen.or(chain)
	}
	return -1
}

// oppBeyond reports whether an opponent's piece shares a full side with a
// half of a split (parents holds the split pieces, one for each half, the
// halves in letter order, N and S for an H cut, E and W for a V cut): the
// side of a half along its parent's side is that side, and so is the
// neighbour beyond it, if any, which the parent's links name. A link an
// overlay in place changed names no piece of the position; oppFullSide
// looks further.
func (g *bitGraph) oppBeyond(parents []int32, vertical bool, mover Color) bool {
	up, down := dirN, dirS
	if vertical {
		up, down = dirE, dirW
	}
	for k, v := range parents {
		d := up
		if k&1 != 0 {
			d = down
		}
		if w := g.nb[uint8(g.slotOf[v])][d]; w >= 0 && g.base.in(w) && g.white.in(w) == (mover == Black) {
			return true
		}
	}
	return false
}

// oppFullSide is graph.oppFullSide on the bitsets: an opponent's piece
// among those in edge contact with piece v (an index in the position) that
// shares a full side with r.
func (g *bitGraph) oppFullSide(r rect, v int32, mover Color) bool {
	opp := g.white
	if mover == White {
		opp = g.base.andNot(g.white)
	}
	cand := g.edge[uint8(g.slotOf[v])].and(opp)
	for w := cand.pop(); w >= 0; w = cand.pop() {
		if fullSide(&r, &g.r[uint8(w)]) {
			return true
		}
	}
	return false
}
