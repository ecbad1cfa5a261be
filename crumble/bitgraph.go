package crumble

// The contact graph as bitsets, for move generation on positions of up to
// slotCap pieces: which pieces touch, along an edge or at a corner, and
// which share a full side, overlaid with each split or join; the swap steps
// with their captures and the win check, as word operations on sets of
// pieces.
//
// A flood over a group is a few words ORed per piece reached, and an
// overlay is the created pieces' rows plus a bit in each neighbour's row:
// no list is rebuilt. Each overlay takes fresh slots for its created
// pieces, above the last overlay's, so its bits need no undoing: a row may
// hold bits of pieces the action removed and of pieces an earlier overlay
// created, and every reader masks rows with the live pieces (of a colour).
// Only when the slots run out are the rows cleaned.

import (
	"math/bits"
	"unsafe"
)

// slotCap is the most pieces, created ones included, that a bitGraph
// holds: 6x6 games rarely pass 200. Positions with more use the tiling.
const slotCap = 256

// set is a set of piece slots. It is a struct rather than an array so
// that the compiler keeps it in registers (it does so for structs of up to
// four fields, not for arrays longer than one).
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

func (s *set) add(i int32)      { *s.word(i) |= 1 << (uint(i) & 63) }
func (s *set) has(i int32) bool { return *s.word(i)>>(uint(i)&63)&1 != 0 }
func (s *set) flip(i int32)     { *s.word(i) ^= 1 << (uint(i) & 63) }

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

// words returns the set as the words of a colouring, the form the search
// keeps its states in.
func (s *set) words() []uint64 { return unsafe.Slice(&s.w0, 4) }

// setOf returns the set whose words col holds (four of them).
func setOf(col []uint64) *set { return (*set)(unsafe.Pointer(&col[0])) }

// span returns the set of slots lo .. hi-1.
func span(lo, hi int) set {
	var s set
	for i := lo; i < hi; i++ {
		s.add(int32(i))
	}
	return s
}

// bitGraph is the contact graph of one position's pieces (slot i = piece
// i), and the overlay of one split or join (created pieces in slots first,
// first+1, ... in source order).
type bitGraph struct {
	wf, hf  int64
	n0      int
	builtOn []piece // the pieces the graph is of (see holds)
	ps      []rect
	touch   []set // touch[i]: the pieces touching i
	edge    []set // edge[i]: the pieces in edge contact with i
	nb      [][4]int32
	side    []uint8
	// the pieces on a side (and stale slots), the live pieces
	onSide set
	live   set
	base   set // the base pieces, 0 .. n0-1
	white  set // the base pieces that are White
	c0     set // White pieces right after the action, live only
	// chains of the base colouring (edge contact), derived on demand: a
	// label per piece (a created piece takes its parent's) and its sides
	derived    bool
	chain      []int32
	chainSides []uint8
	// beside[v][c]: the sides of the chains of colour c in edge contact
	// with base piece v. They are the same right after any action: a
	// created piece in edge contact with v replaces a removed one that
	// was, in the same chain.
	beside [][2]uint8
	// the side forest of the base colouring: each piece in forested has a
	// way through its group to a side, and desc[b] holds the pieces whose
	// way passes piece b (b included). A piece none of whose way was
	// recoloured or removed by the action still has its group on a side.
	forested set
	desc     []set
	par      []int32
	order    []int32 // forested pieces in breadth-first order
	removed  set     // the pieces the action in place removed
	// the overlay in place, to undo: created pieces (slots first, first+1,
	// ...; next is the first slot the next overlay may take), the live
	// pieces around the removed ones and the full-side links changed
	overlaid    bool
	overlayOf   actionName // the action overlaid (action.of)
	first, next int
	created     set
	region      []int32
	saved       []savedNb
	// a step's recoloured pieces: the two swapped ones, then the captures
	changed []int32
	levels  []int32
	pairs   []pair
	cleans  int // how often the slots ran out (for the tests)
}

// fits reports whether a position of n pieces can be listed on a bitGraph,
// with room for what its splits and joins usually create (a few pieces:
// genBaseBits checks each, and a larger one is searched on the tiling).
func fits(n int) bool { return n <= slotCap-8 }

// room reports whether the slots hold the n pieces of the position and
// the pieces act creates.
func (g *bitGraph) room(n int, act *action) bool { return n+len(act.added) <= slotCap }

// holds reports whether g is the graph of p's pieces.
func (g *bitGraph) holds(p *Position) bool {
	wf, hf := p.dims()
	return len(p.pieces) > 0 && len(g.builtOn) == len(p.pieces) && &g.builtOn[0] == &p.pieces[0] &&
		g.wf == wf && g.hf == hf
}

// build makes g the contact graph of ps, sorted by lower-left y then x.
func (g *bitGraph) build(ps []piece, wf, hf int64) {
	n := len(ps)
	g.wf, g.hf, g.n0 = wf, hf, n
	if len(g.ps) < slotCap {
		g.ps = make([]rect, slotCap)
		g.touch = make([]set, slotCap)
		g.edge = make([]set, slotCap)
		g.nb = make([][4]int32, slotCap)
		g.side = make([]uint8, slotCap)
		g.chain = make([]int32, slotCap)
		g.desc = make([]set, slotCap)
		g.beside = make([][2]uint8, slotCap)
		g.par = make([]int32, slotCap)
	}
	g.overlaid, g.derived = false, false
	g.onSide, g.white = set{}, set{}
	for i := range ps {
		r := ps[i].rect
		g.ps[i] = r
		g.touch[i], g.edge[i] = set{}, set{}
		g.nb[i] = [4]int32{-1, -1, -1, -1}
		g.setSide(int32(i), r)
		if ps[i].c == White {
			g.white.add(int32(i))
		}
	}
	g.base = span(0, n)
	g.live = g.base
	g.next = n
	g.levels = levelEnds(g.levels, ps)
	g.pairs = candidates(g.pairs[:0], ps, g.levels)
	for _, pr := range g.pairs {
		g.link(pr.i, pr.j, false)
	}
	g.builtOn = ps
}

// setSide records the sides piece i (rectangle r) touches.
func (g *bitGraph) setSide(i int32, r rect) {
	m := sideMask(r, g.wf, g.hf)
	g.side[i] = m
	if m != 0 {
		g.onSide.add(i)
	}
}

// link records the contact of pieces i and j, if any. noted notes the
// full-side link of j it changes, for undo: an overlay's link of a created
// piece i with a base piece j.
func (g *bitGraph) link(i, j int32, noted bool) {
	touch, edge, d := contact(&g.ps[i], &g.ps[j])
	if !touch {
		return
	}
	g.touch[i].add(j)
	g.touch[j].add(i)
	if edge {
		g.edge[i].add(j)
		g.edge[j].add(i)
	}
	if d < 0 {
		return
	}
	g.nb[i][d] = j
	if noted {
		g.setNb(j, opposite(d), i)
	} else {
		g.nb[j][opposite(d)] = i
	}
}

// derive labels the chains of the base colouring, with the sides of those
// beside each piece, and computes the side forest, once per graph: the win
// check bounds a new chain by the chains beside its recoloured pieces, and
// the forest proves most groups safe after a step.
func (g *bitGraph) derive() {
	if g.derived {
		return
	}
	g.chainSides = g.chainSides[:0]
	todo := g.base
	black := g.base.andNot(g.white)
	for v := todo.first(); v >= 0; v = todo.first() {
		same := black
		if g.white.has(v) {
			same = g.white
		}
		l := int32(len(g.chainSides))
		var m uint8
		var chain set
		chain.add(v)
		front := chain
		for !front.empty() {
			var next set
			for i := front.first(); i >= 0; i = front.first() {
				front.flip(i)
				g.chain[i] = l
				m |= g.side[i]
				next = next.or(g.edge[i])
			}
			front = next.and(same).andNot(chain)
			chain = chain.or(front)
		}
		g.chainSides = append(g.chainSides, m)
		todo = todo.andNot(chain)
	}
	for v := range int32(g.n0) {
		var m [2]uint8
		edge := g.edge[v].and(g.base)
		for y := edge.first(); y >= 0; y = edge.first() {
			edge.flip(y)
			m[b2i(g.white.has(y))] |= g.chainSides[g.chain[y]]
		}
		g.beside[v] = m
	}
	g.sideForest(black)
	g.derived = true
}

// sideForest computes the side forest of the base colouring by a
// breadth-first search from the pieces on the sides, each piece reached
// through a piece of its group one step nearer a side, and then desc from
// the leaves up. black is the base's Black pieces.
func (g *bitGraph) sideForest(black set) {
	front := g.onSide.and(g.base)
	g.forested = front
	g.order = g.order[:0]
	for v := front.first(); v >= 0; v = front.first() {
		front.flip(v)
		g.par[v] = -1
		g.order = append(g.order, v)
	}
	for qi := 0; qi < len(g.order); qi++ {
		v := g.order[qi]
		same := black
		if g.white.has(v) {
			same = g.white
		}
		reach := g.touch[v].and(same).andNot(g.forested)
		g.forested = g.forested.or(reach)
		for w := reach.first(); w >= 0; w = reach.first() {
			reach.flip(w)
			g.par[w] = v
			g.order = append(g.order, w)
		}
	}
	for _, v := range g.order {
		g.desc[v] = set{}
		g.desc[v].add(v)
	}
	for k := len(g.order) - 1; k >= 0; k-- {
		if v := g.order[k]; g.par[v] >= 0 {
			g.desc[g.par[v]] = g.desc[g.par[v]].or(g.desc[v])
		}
	}
}

// proven returns the pieces whose group the side forest still proves to
// be on a side in colouring col: those of the forest whose way kept every
// piece and its colour.
func (g *bitGraph) proven(col *set) set {
	broken := col.xor(g.c0).or(g.removed).and(g.forested)
	var lost set
	for b := broken.first(); b >= 0; b = broken.first() {
		broken.flip(b)
		lost = lost.or(g.desc[b])
	}
	return g.forested.andNot(lost)
}

// savedNb is a full-side link an overlay changed: piece w's in direction
// d was nb.
type savedNb struct {
	w  int32
	d  int8
	nb int32
}

// setNb sets piece w's full-side neighbour in direction d, noting the
// link it had for undo.
func (g *bitGraph) setNb(w int32, d int, u int32) {
	g.saved = append(g.saved, savedNb{w, int8(d), g.nb[w][d]})
	g.nb[w][d] = u
}

// overlay applies the action to the graph: the removed pieces leave the
// live set, the created pieces (the mover's) take slots first, first+1,
// ... in source order, with their rows and full-side neighbours, and the
// pieces around them gain them. The caller checks that n0 and the created
// pieces fit in slotCap.
func (g *bitGraph) overlay(act *action, mover Color) {
	if g.overlays(act) {
		return // the moves of one split or join, played in turn (a perft's leaves)
	}
	g.undo()
	var removed, around set
	for _, v := range act.removed {
		removed.add(v)
		around = around.or(g.touch[v])
	}
	around = around.and(g.base).andNot(removed)
	g.region = g.region[:0]
	for w := around.first(); w >= 0; w = around.first() {
		around.flip(w)
		g.region = append(g.region, w)
	}
	// full sides are shared both ways, so the links into the removed
	// pieces are found from theirs
	g.saved = g.saved[:0]
	for _, v := range act.removed {
		for d, w := range g.nb[v] {
			if w >= 0 && !removed.has(w) {
				g.setNb(w, opposite(d), -1)
			}
		}
	}
	g.removed = removed
	g.live = g.base.andNot(removed)
	g.c0 = g.white.andNot(removed)
	g.created = set{}
	if g.next+len(act.added) > slotCap {
		g.clean()
	}
	g.first = g.next
	g.next += len(act.added)
	for k, r := range act.added {
		i := int32(g.first + k)
		g.ps[i] = r
		g.touch[i], g.edge[i] = set{}, set{}
		g.nb[i] = [4]int32{-1, -1, -1, -1}
		g.setSide(i, r)
		for _, w := range g.region {
			if q := &g.ps[w]; q.x <= r.x+r.w && r.x <= q.x+q.w && q.y <= r.y+r.h && r.y <= q.y+q.h {
				g.link(i, w, true)
			}
		}
		for j := int32(g.first); j < i; j++ {
			g.link(i, j, false)
		}
		g.created.add(i)
		if g.derived {
			g.chain[i] = g.chain[act.parent[k]]
		}
	}
	g.live = g.live.or(g.created)
	if mover == White {
		g.c0 = g.c0.or(g.created)
	}
	g.overlaid, g.overlayOf = true, act.of
}

// overlays is tiling.overlays on the bitsets.
func (g *bitGraph) overlays(act *action) bool {
	return g.overlaid && act.of.kind != kindNone && act.of == g.overlayOf
}

// undo takes the overlay in place off the graph: the live pieces and the
// full-side neighbours; the created pieces' bits stay in the rows.
func (g *bitGraph) undo() {
	if !g.overlaid {
		return
	}
	for k := len(g.saved) - 1; k >= 0; k-- {
		sv := g.saved[k]
		g.nb[sv.w][sv.d] = sv.nb
	}
	g.live = g.base
	g.overlaid = false
}

// clean clears the bits of created pieces from the base pieces' rows, to
// free every slot above them.
func (g *bitGraph) clean() {
	for w := range g.n0 {
		g.touch[w] = g.touch[w].and(g.base)
		g.edge[w] = g.edge[w].and(g.base)
	}
	g.onSide = g.onSide.and(g.base)
	g.next = g.n0
	g.cleans++
}

// colours returns the live White and Black pieces of colouring col.
func (g *bitGraph) colours(col *set) (white, black set) {
	white = col.and(g.live)
	return white, g.live.andNot(white)
}

// mayStep is tiling.mayStep on the bitsets: a piece sharing a full side
// with a created piece touches a piece the action removed.
func (g *bitGraph) mayStep(act *action, mover Color) bool {
	return act.anyBeside(func(r rect, v int32) bool { return g.oppFullSide(r, v, mover) })
}

// oppFullSide looks among the base pieces in edge contact with base piece
// v for an opponent piece sharing a full side with r.
func (g *bitGraph) oppFullSide(r rect, v int32, mover Color) bool {
	opp := g.white
	if mover == White {
		opp = g.base.andNot(g.white)
	}
	cand := g.edge[v].and(opp)
	for b := cand.first(); b >= 0; b = cand.first() {
		cand.flip(b)
		if _, _, d := contact(&r, &g.ps[b]); d >= 0 {
			return true
		}
	}
	return false
}

// step makes one swap step of the travelling piece tr in direction d for
// the mover in colouring col (a set of White pieces), with its captures:
// tiling.step on the bitsets.
func (g *bitGraph) step(col *set, tr int32, d int, mover Color) (u int32, ok bool, win int8) {
	u = g.nb[tr][d]
	if u < 0 || Color(b2i(col.has(u))) == mover {
		return u, false, -1
	}
	col.flip(tr)
	col.flip(u)
	g.changed = append(g.changed[:0], tr, u)
	// Groups that may have lost their last side contact: tr's and u's, and
	// those of the other colour beside them that were joined through them
	white, black := g.colours(col)
	own, opp := black, white
	if mover == White {
		own, opp = white, black
	}
	var seeds set
	seeds.add(tr)
	seeds.add(u)
	seeds = seeds.or(g.touch[tr].and(own)).or(g.touch[u].and(opp)).andNot(g.onSide)
	g.resolve(col, seeds)
	return u, true, g.winner(col)
}

// resolve settles captures from the seeds: every group through a seed
// that touches no side takes the other colour, all groups of a round at
// once, and the next round looks at the groups through the recoloured
// pieces, until a round captures nothing.
func (g *bitGraph) resolve(col *set, seeds set) {
	for !seeds.empty() {
		todo := seeds.and(g.live).andNot(g.onSide)
		if todo.empty() {
			return
		}
		white, black := g.colours(col)
		free := g.onSide // pieces whose group is known to touch a side
		if g.derived {
			free = free.or(g.proven(col))
			todo = todo.andNot(free)
		}
		var capt set
		for s := todo.first(); s >= 0; s = todo.first() {
			same := black
			if white.has(s) {
				same = white
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
				for v := front.first(); v >= 0; v = front.first() {
					front.flip(v)
					next = next.or(g.touch[v])
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
		for v := capt.first(); v >= 0; v = capt.first() {
			capt.flip(v)
			g.changed = append(g.changed, v)
		}
	}
}

// winner returns the colour with a chain touching all four sides, or -1,
// as tiling.winner does: the sides of the pieces recoloured since the
// action, with those of the after-action chains of their colour beside
// them, bound the sides of any new chain; below all four nothing is
// searched.
func (g *bitGraph) winner(col *set) int8 {
	if !g.derived {
		return g.winnerFlood(col, [2]bool{true, true})
	}
	var bound [2]uint8
	c0w, c0b := g.colours(&g.c0)
	diff := col.xor(g.c0).and(g.live)
	for x := diff.first(); x >= 0; x = diff.first() {
		diff.flip(x)
		c := Color(b2i(col.has(x)))
		if bound[c] == allSides {
			continue
		}
		m := bound[c] | g.side[x]
		if int(x) < g.n0 {
			m |= g.beside[x][c]
		} else {
			beside := g.edge[x].and(c0b)
			if c == White {
				beside = g.edge[x].and(c0w)
			}
			for y := beside.first(); y >= 0; y = beside.first() {
				beside.flip(y)
				m |= g.chainSides[g.chain[y]]
			}
		}
		bound[c] = m
	}
	if bound[Black] != allSides && bound[White] != allSides {
		return -1
	}
	return g.winnerFlood(col, [2]bool{bound[Black] == allSides, bound[White] == allSides})
}

// winnerFlood searches the chains of the colours asked for through the
// pieces the step recoloured: a new winning chain holds one of them, since
// the colouring before the step had none.
func (g *bitGraph) winnerFlood(col *set, colours [2]bool) int8 {
	white, black := g.colours(col)
	var seen set
	for _, s := range g.changed {
		if seen.has(s) || !g.live.has(s) {
			continue
		}
		c := Color(b2i(white.has(s)))
		if !colours[c] {
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
			for v := front.first(); v >= 0; v = front.first() {
				front.flip(v)
				sides |= g.side[v]
				next = next.or(g.edge[v])
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
