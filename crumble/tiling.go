package crumble

// The tiling of a position, as a persistent structure that successive
// positions share: Play copies the few parts a move changes, never the
// whole board, and finds every neighbour it needs without a graph built
// for the position.
//
// Each piece lives in a slot, which it keeps from ply to ply. A slot's
// record holds the piece's rectangle and its four corner stitches, the
// slots of the pieces just beyond two of its corners (the corner
// stitching of VLSI layout editors): bl and lb at the lower-left corner,
// the piece just left of it at its bottom and the piece just below it at
// its left; tr and rt at the upper-right corner, the piece just right of
// it at its top and the piece just above it at its right. From them a
// walk along a side finds the pieces beyond it, one step a piece, and a
// walk from a piece nearby finds the piece holding a point. The records
// are in leaves of leafSize slots under one root; the slots in position-
// code order (lower-left y, then x) in chunks of up to ropeMax; the
// colours in one set of bits by slot. A move copies the root, the leaves
// of the pieces it creates and of the pieces around them whose stitches
// change, the chunks of the order it edits, and the colours (a bit a
// slot); the rest is shared with the position it was played from, and
// none of it is ever written again.
//
// The memory comes from slabs that the pooled working memory carves, so
// that a Play allocates nothing but, now and then, a new slab; a position
// keeps alive the slabs its parts were carved from.

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"unsafe"
)

// leafSize is the number of records in a leaf, ropeMax the most slots a
// chunk of the order holds (at most 64: writeRope edits a chunk by a word
// of bits).
const (
	leafSize = 8
	ropeMax  = 64
)

// The corner stitches, by index into record.st.
const (
	stBL = iota // just left of the lower-left corner: (x-ε, y+ε)
	stLB        // just below the lower-left corner: (x+ε, y-ε)
	stTR        // just right of the upper-right corner: (x+w+ε, y+h-ε)
	stRT        // just above the upper-right corner: (x+w-ε, y+h+ε)
)

// record is a slot's piece (its rectangle; the colour is in the tiling's
// set) and its stitches, slots or -1 beyond the board.
type record struct {
	pc piece
	st [4]int32
}

type leaf [leafSize]record

type ropeChunk [ropeMax]int32

// ropeRef is a chunk of the order: n slots, the first of them the
// start-th piece in code order.
type ropeRef struct {
	c        *ropeChunk
	n, start int32
}

// tiling is a position's pieces; it is never changed once made. A tiling
// of up to flatMax pieces is flat: its pieces in code order, with their
// colours, in one block without pointers, as many bytes a piece as the
// position code needs (a move copies them all, which costs less than the
// parts of the other form up to that size, and the collector need not
// scan them); their stitches are worked out into the view when it is
// needed, carried over from the position the move was played from when
// the working memory has just made it (see view.carry), else from the
// contact graph. A larger tiling has its records, with their stitches,
// in leaves under a root and its order in chunks.
type tiling struct {
	n      int32     // pieces
	slots  int32     // slots taken so far: the next new one (flat: n)
	flat   []piece   // flat: the pieces in code order, with their colours
	leaves []*leaf   // else the records, by slot,
	rope   []ropeRef // the slots in code order,
	white  []uint64  // and the slots of White pieces
}

// flatMax is the most pieces a flat tiling holds.
const flatMax = 256

// rec returns the record of a slot of a tiling in leaves. (A slot is
// never negative: unsigned, the division and the remainder are a shift
// and a mask.)
func (t *tiling) rec(slot int32) *record {
	return &t.leaves[uint32(slot)/leafSize][uint32(slot)%leafSize]
}

// whiteBit returns the bit of slot in white, a tiling in leaves' set of
// White slots: 1 for a White piece, 0 for a Black one.
func whiteBit(white []uint64, slot int32) uint64 {
	return white[uint32(slot)>>6] >> (uint32(slot) & 63) & 1
}

// pieceAt returns the piece in a slot, with its colour.
func (t *tiling) pieceAt(slot int32) piece {
	if t.flat != nil {
		return t.flat[slot]
	}
	pc := t.rec(slot).pc
	if whiteBit(t.white, slot) != 0 {
		pc.ys |= 1 << 63
	}
	return pc
}

// slotAt returns the slot of the i-th piece in code order.
func (t *tiling) slotAt(i int) int32 {
	if t.flat != nil {
		return int32(i)
	}
	lo, hi := 0, len(t.rope)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(t.rope[m].start) <= i {
			lo = m
		} else {
			hi = m
		}
	}
	r := &t.rope[lo]
	return r.c[i-int(r.start)]
}

// piece returns the i-th piece in code order, with its colour.
func (t *tiling) piece(i int) piece { return t.pieceAt(t.slotAt(i)) }

// all yields each piece in code order, with its colour, and its index,
// walking the flat pieces or the chunks of the order rather than finding
// each piece by its index.
func (t *tiling) all() iter.Seq2[int, piece] {
	return func(yield func(int, piece) bool) {
		if t == nil {
			return
		}
		if t.flat != nil {
			for i, pc := range t.flat {
				if !yield(i, pc) {
					return
				}
			}
			return
		}
		i := 0
		for _, r := range t.rope {
			for _, sl := range r.c[:r.n] {
				if !yield(i, t.pieceAt(sl)) {
					return
				}
				i++
			}
		}
	}
}

// appendSlots appends the slots of t's pieces in code order (a flat
// tiling's are its places).
func (t *tiling) appendSlots(dst []int32) []int32 {
	if t.flat != nil {
		return append(dst, identity32[:len(t.flat)]...)
	}
	for _, r := range t.rope {
		dst = append(dst, r.c[:r.n]...)
	}
	return dst
}

// appendPieces appends the pieces in code order, with their colours (a
// flat tiling's in one copy).
func (t *tiling) appendPieces(dst []piece) []piece {
	if t != nil && t.flat != nil {
		return append(dst, t.flat...)
	}
	for _, pc := range t.all() {
		dst = append(dst, pc)
	}
	return dst
}

// equal reports whether t and u hold the same pieces in the same colours.
func (t *tiling) equal(u *tiling) bool {
	if t == u {
		return true
	}
	if t == nil || u == nil || t.n != u.n {
		return false
	}
	if t.flat != nil && u.flat != nil {
		return slices.Equal(t.flat, u.flat)
	}
	for i := range int(t.n) {
		if t.piece(i) != u.piece(i) {
			return false
		}
	}
	return true
}

// identity32 is 0, 1, 2, ...: a flat tiling's slots.
var identity32 = func() (a [flatMax + 1]int32) {
	for i := range a {
		a[i] = int32(i)
	}
	return a
}()

// slab hands out pieces of larger arrays, so that the parts of a
// tiling cost an allocation only when a slab runs out. Every piece is
// handed out once, zeroed, and the slab never writes it again.
type slab[T any] struct{ buf []T }

// slabBytes is the size of a slab.
const slabBytes = 32 << 10

// take returns n zeroed elements.
func (s *slab[T]) take(n int) []T {
	if cap(s.buf)-len(s.buf) < n {
		var zero T
		size := max(slabBytes/int(unsafe.Sizeof(zero)), n)
		s.buf = make([]T, 0, size)
	}
	i := len(s.buf)
	s.buf = s.buf[:i+n]
	return s.buf[i : i+n : i+n]
}

// slabs are a working memory's slabs for tilings.
type slabs struct {
	leaves slab[leaf]
	roots  slab[*leaf]
	chunks slab[ropeChunk]
	refs   slab[ropeRef]
	words  slab[uint64]
	pieces slab[piece]
	rects  slab[rect] // the turn records' rectangles that outgrow their room
}

// view is a tiling laid out flat for the code that reads it: the pieces
// in code order with their colours (as the position code lists them),
// their slots, and their stitches as indices in that order. A working
// memory keeps the view of the last position it served.
type view struct {
	t      *tiling
	wf, hf int64 // the board's size on the grid
	ps     []piece
	slot   []int32    // the slot of each piece
	idx    []int32    // the index of the piece in each slot (stale for slots not taken)
	st     [][4]int32 // the stitches, as indices, -1 beyond the board

	// the pieces' rectMix, the costly part of their hash keys, worked out
	// when first asked for (see mixOf): valid where mixAt is mixGen
	mixes  []uint64
	mixAt  []uint32
	mixGen uint32

	sweep skyline // the working memory of stitch
}

// skyline works out the stitches of a tiling's pieces in one pass up the
// board, in code order: the pieces seen so far cover a region whose upper
// edge is a row of segments West to East, each the uncovered part of one
// piece's top side. A piece P at (x, y) stands on the segments over
// [x, x+w), which lie at height y: the first is the piece below P's
// lower-left corner (lb), the one just West of them the piece left of it
// (bl), which reaches above y; each of them ending within P's width has
// P above its upper-right corner (rt). The segment East of P, if it
// reaches P's top, is the piece right of P's upper-right corner (tr);
// else that piece comes later, standing with P as its bl and reaching at
// least P's top. P then replaces the segments under it. The first
// segment is found as the piece before P's continuation when it stands
// on the same line and ends at x, else from a table of about 64 columns
// holding the segment over each column's West end, walking East.
type skyline struct {
	nodes []skyNode
	col   []int32
}

// skyNode is a piece in the skyline (node i is piece i; after the pieces,
// the floor and the walls West and East): the uncovered part [start, r)
// of its top side, at height t.
type skyNode struct {
	start, r, t int64
	prev, next  int32
}

// stitch works out the stitches st of the pieces ps, a tiling of a board
// wf wide in code order.
func (k *skyline) stitch(ps []piece, st [][4]int32, wf int64) {
	n := int32(len(ps))
	floor, west, east := n, n+1, n+2
	const far = 1 << 62
	k.nodes = resize(k.nodes, int(n)+3)
	nodes := k.nodes
	nodes[floor] = skyNode{start: 0, r: wf, t: 0, prev: west, next: east}
	nodes[west] = skyNode{start: -1, r: 0, t: far, prev: -1, next: floor}
	nodes[east] = skyNode{start: wf, r: far, t: far, prev: floor, next: -1}
	cs := uint(max(0, bits.Len64(uint64(wf))-6)) // columns of 2^cs grid units, 32 to 64
	gm := int64(1)<<cs - 1
	k.col = resize(k.col, int(wf>>cs)+1)
	for c := range k.col {
		k.col[c] = floor
	}
	col := k.col
	lastY, lastR := int64(-1), int64(-1)
	for j := range n {
		pc := &ps[j]
		x, y, w, h := pc.X(), pc.Y(), pc.w, pc.H()
		xr, top := x+w, y+h
		st[j] = [4]int32{-1, -1, -1, -1}
		var u int32 // the first segment under the piece
		if y == lastY && x == lastR {
			u = nodes[j-1].next
		} else {
			u = col[x>>cs]
			for nodes[u].start != x {
				u = nodes[u].next
			}
		}
		l := nodes[u].prev
		if u < n {
			st[j][stLB] = u
		}
		if l < n { // l reaches above y
			st[j][stBL] = l
			if nodes[l].t <= top {
				st[l][stTR] = j
			}
		}
		v := u
		for {
			nv := &nodes[v]
			if nv.r > xr { // the segment goes on past the piece
				nv.start = xr
				break
			}
			if v < n {
				st[v][stRT] = j
			}
			v = nv.next
			if nodes[v].start >= xr {
				break
			}
		}
		if v < n && nodes[v].t >= top {
			st[j][stTR] = v
		}
		nj := &nodes[j] // field by field: a literal is built aside and copied
		nj.start, nj.r, nj.t, nj.prev, nj.next = x, xr, top, l, v
		nodes[l].next, nodes[v].prev = j, j
		for q := (x + gm) >> cs; q<<cs < xr; q++ {
			col[q] = j
		}
		lastY, lastR = y, xr
	}
}

// newMixes forgets the rectMix values of the view's last tiling, which it
// has for n pieces now.
func (v *view) newMixes(n int) {
	v.mixes = resize(v.mixes, n)
	v.mixAt = resize(v.mixAt, n)
	nextEpoch(&v.mixGen, v.mixAt[:cap(v.mixAt)])
}

// mixOf returns rectMix of piece i. A position is played from many times
// (a search plays each of its moves), and Play hashes the pieces a move
// removes or recolours, so the view keeps each piece's once worked out.
func (v *view) mixOf(i int32) uint64 {
	if v.mixAt[i] == v.mixGen {
		return v.mixes[i]
	}
	m := rectMix(v.ps[i])
	v.mixes[i], v.mixAt[i] = m, v.mixGen
	return m
}

// holds reports whether v is the view of t.
func (v *view) holds(t *tiling) bool { return v.t == t && t != nil }

// load makes v the view of t: a flat tiling's pieces, with stitches
// worked out by a sweep up the board (skyline); a tiling in leaves laid
// out in code order, its stitches turned into indices.
func (v *view) load(t *tiling, wf, hf int64) {
	v.t, v.wf, v.hf = t, wf, hf
	if t == nil {
		v.ps, v.slot, v.st = v.ps[:0], v.slot[:0], v.st[:0]
		v.newMixes(0)
		return
	}
	n := int(t.n)
	v.newMixes(n)
	v.ps = resize(v.ps, n)
	v.slot = resize(v.slot, n)
	v.idx = resize(v.idx, int(t.slots))
	v.st = resize(v.st, n)
	if t.flat != nil {
		copy(v.ps, t.flat)
		copy(v.slot, identity32[:n])
		copy(v.idx, identity32[:n])
		v.sweep.stitch(v.ps, v.st, wf)
		if strict {
			v.checkView()
		}
		return
	}
	v.slot = t.appendSlots(v.slot[:0])
	if strict && len(v.slot) != n {
		panic(fmt.Sprintf("crumble: the order of a tiling of %d pieces holds %d slots", n, len(v.slot)))
	}
	for i, sl := range v.slot {
		v.idx[sl] = int32(i)
	}
	idx, ps, st := v.idx, v.ps[:n], v.st[:n]
	for i, sl := range v.slot[:n] {
		rc := t.rec(sl)
		ps[i] = rc.pc
		if whiteBit(t.white, sl) != 0 {
			ps[i].ys |= 1 << 63
		}
		a, b, c, d := rc.st[0], rc.st[1], rc.st[2], rc.st[3]
		if a >= 0 {
			a = idx[a]
		}
		if b >= 0 {
			b = idx[b]
		}
		if c >= 0 {
			c = idx[c]
		}
		if d >= 0 {
			d = idx[d]
		}
		st[i] = [4]int32{a, b, c, d}
	}
	if strict {
		v.checkView()
	}
}

// carry makes v, the view of the tiling a move was played from, the view
// of the tiling t it led to, flat, by e, the move's edit: the pieces are
// t's, and the stitches the old view's, renumbered, but for those the
// move changed, which it works out here (an edit into a flat tiling
// leaves them undone: a position played from but never listed, as the
// leaves of a search are, needs none). nv is the spare view it is built
// in; the two trade places.
func (v *view) carry(nv *view, e *edit, t *tiling) {
	n := int(t.n)
	nv.t, nv.wf, nv.hf = t, v.wf, v.hf
	nv.newMixes(n)
	nv.ps = append(nv.ps[:0], t.flat...)
	nv.slot = append(nv.slot[:0], identity32[:n]...)
	nv.idx = append(nv.idx[:0], identity32[:n]...)
	nv.st = resize(nv.st, n)
	d := &e.done
	if v.t.flat != nil && e.doneSplit { // a split: one piece in at
		e.recs = e.recs[:0]
		e.splitRecords(v, v.wf, v.hf)
		r, ns := e.half.first, e.slots[0]
		at := int32(searchPieces(v.ps, r.x, r.y))
		copy(nv.st, v.st[:at])
		copy(nv.st[at+1:], v.st[at:])
		for k := range nv.st {
			st := &nv.st[k]
			st[0], st[1], st[2], st[3] = pastInsert(st[0], at), pastInsert(st[1], at), pastInsert(st[2], at), pastInsert(st[3], at)
		}
		pos := func(s int32) int32 {
			if s == ns {
				return at
			}
			return pastInsert(s, at)
		}
		for _, w := range e.recs {
			st := w.rec.st
			for d, j := range st {
				if j >= 0 {
					st[d] = pos(j)
				}
			}
			nv.st[pos(w.slot)] = st
		}
		*v, *nv = *nv, *v
		if strict {
			v.checkView()
		}
		return
	}
	e.begin(len(v.ps))
	e.records(v, d, v.wf, v.hf)
	e.mergeOrder(v, d.removed, d.added)
	e.pos = resize(e.pos, int(e.next))
	pos := e.pos
	for k, s := range e.order {
		pos[s] = int32(k)
	}
	old := v.t.slots
	for k, s := range e.order {
		if s >= old {
			continue // a new slot: its record was written
		}
		st := v.st[v.idx[s]]
		for d, j := range st {
			if j >= 0 {
				st[d] = pos[v.slot[j]]
			}
		}
		nv.st[k] = st
	}
	for _, w := range e.recs {
		st := w.rec.st
		for d, j := range st {
			if j >= 0 {
				st[d] = pos[j]
			}
		}
		nv.st[pos[w.slot]] = st
	}
	*v, *nv = *nv, *v
	if strict {
		v.checkView()
	}
}

// stitchPoint returns the point a stitch of r names, with the sides of it
// the piece sought lies on (see cutFinder.inside).
func stitchPoint(r rect, d int) (x, y int64, east, north bool) {
	switch d {
	case stBL:
		return r.x, r.y, false, true
	case stLB:
		return r.x, r.y, true, false
	case stTR:
		return r.x + r.w, r.y + r.h, true, false
	}
	return r.x + r.w, r.y + r.h, false, true
}

// holdsPoint reports whether r holds the point just beside (x, y) on the
// given sides: east means just right of x, else just left; north just
// above y, else just below.
func holdsPoint(r *rect, x, y int64, east, north bool) bool {
	if east {
		if !(r.x <= x && x < r.x+r.w) {
			return false
		}
	} else if !(r.x < x && x <= r.x+r.w) {
		return false
	}
	if north {
		return r.y <= y && y < r.y+r.h
	}
	return r.y < y && y <= r.y+r.h
}

// offBoard reports whether the point just beside (x, y) on the given
// sides lies beyond a board wf x hf.
func offBoard(x, y int64, east, north bool, wf, hf int64) bool {
	return (!east && x <= 0) || (east && x >= wf) || (!north && y <= 0) || (north && y >= hf)
}

// find returns the piece holding the point just beside (x, y) on the
// given sides (see holdsPoint), or -1 beyond a board wf x hf, walking by
// the stitches from piece hint: up or down until the piece spans y, then
// left or right until it spans x, and again. From a piece near the
// point, as every caller's is, it takes a step or two.
func (v *view) find(x, y int64, east, north bool, hint int32, wf, hf int64) int32 {
	if offBoard(x, y, east, north, wf, hf) {
		return -1
	}
	t := hint
	for {
		pc := &v.ps[t]
		ty, th := pc.Y(), pc.H()
		switch {
		case north && y < ty, !north && y <= ty:
			t = v.st[t][stLB]
			continue
		case north && y >= ty+th, !north && y > ty+th:
			t = v.st[t][stRT]
			continue
		}
		tx := pc.X()
		switch {
		case east && x < tx, !east && x <= tx:
			t = v.st[t][stBL]
		case east && x >= tx+pc.w, !east && x > tx+pc.w:
			t = v.st[t][stTR]
		default:
			return t
		}
	}
}

// fullSide returns piece u's full-side neighbour in direction d (dirE
// ... dirW), or -1: the piece beyond the side's stitch, when its side
// matches u's.
func (v *view) fullSide(u int32, d int) int32 {
	a := &v.ps[u]
	var t int32
	switch d {
	case dirN:
		t = v.st[u][stRT]
	case dirS:
		t = v.st[u][stLB]
	case dirE:
		t = v.st[u][stTR]
	default:
		t = v.st[u][stBL]
	}
	if t < 0 {
		return -1
	}
	b := &v.ps[t]
	if d == dirN || d == dirS {
		if b.X() == a.X() && b.w == a.w {
			return t
		}
	} else if b.Y() == a.Y() && b.H() == a.H() {
		return t
	}
	return -1
}

// edgeNeighbours calls fn with each piece in edge contact with piece i of
// the view (a positive length of their sides shared).
func (v *view) edgeNeighbours(i int32, fn func(j int32)) {
	v.around(v.ps[i].R(), v.st[i], fn)
}

// around calls fn with each piece in edge contact with the rectangle r
// from outside, given the pieces beyond r's corners as its stitches st
// would name them, walking its four sides by the stitches: the top from
// right to left, the left side up, the bottom from left to right, the
// right side down. (A rectangle shares a length with one side of another
// at most.) Every stitch the walks follow names a point outside r, so r
// may be a rectangle the view's pieces do not have, as a join's.
func (v *view) around(r rect, st [4]int32, fn func(j int32)) {
	for t := st[stRT]; t >= 0; t = v.st[t][stBL] {
		fn(t)
		if v.ps[t].X() <= r.x {
			break
		}
	}
	for t := st[stBL]; t >= 0; t = v.st[t][stRT] {
		fn(t)
		if q := v.ps[t]; q.Y()+q.H() >= r.y+r.h {
			break
		}
	}
	for t := st[stLB]; t >= 0; t = v.st[t][stTR] {
		fn(t)
		if q := v.ps[t]; q.X()+q.w >= r.x+r.w {
			break
		}
	}
	for t := st[stTR]; t >= 0; t = v.st[t][stLB] {
		fn(t)
		if v.ps[t].Y() <= r.y {
			break
		}
	}
}

// touching appends to dst each piece touching piece i, as j<<1 | 1 for
// an edge contact and j<<1 for a corner contact: the edge neighbours,
// walking the four sides by the stitches (the top from right to left,
// the left side up, the bottom from left to right, the right side down),
// then the pieces meeting it at a corner only, where four pieces meet.
// At the upper left and lower right corners that piece is the stitch of
// the last piece a walk met; at the other two it is found from it.
func (v *view) touching(dst []int32, i int32, wf, hf int64) []int32 {
	ps, st := v.ps, v.st
	r := ps[i].R()
	right, top := r.x+r.w, r.y+r.h
	upLeft, downRight := int32(-1), int32(-1) // the last pieces of the top and bottom walks
	for t := st[i][stRT]; t >= 0; t = st[t][stBL] {
		dst = append(dst, t<<1|1)
		if upLeft = t; ps[t].X() <= r.x {
			break
		}
	}
	leftTop := false // the left walk's last piece ends at top
	for t := st[i][stBL]; t >= 0; t = st[t][stRT] {
		dst = append(dst, t<<1|1)
		if q := &ps[t]; q.Y()+q.H() >= top {
			leftTop = q.Y()+q.H() == top
			break
		}
	}
	for t := st[i][stLB]; t >= 0; t = st[t][stTR] {
		dst = append(dst, t<<1|1)
		if q := &ps[t]; q.X()+q.w >= right {
			downRight = t
			break
		}
	}
	rightBottom := false // the right walk's last piece starts at r.y
	for t := st[i][stTR]; t >= 0; t = st[t][stLB] {
		dst = append(dst, t<<1|1)
		if ps[t].Y() <= r.y {
			rightBottom = ps[t].Y() == r.y
			break
		}
	}
	// upper left: the top walk's last piece starts at r.x, the left
	// walk's ends at top; the piece beyond is left of the former's corner
	if upLeft >= 0 && leftTop && ps[upLeft].X() == r.x {
		dst = append(dst, st[upLeft][stBL]<<1)
	}
	// lower right: below the right walk's last piece's corner
	if downRight >= 0 && rightBottom && ps[downRight].X()+ps[downRight].w == right {
		dst = append(dst, st[downRight][stTR]<<1)
	}
	// upper right: the leftmost piece above the right walk's first piece,
	// which starts at right; lower left: the rightmost piece below the
	// left walk's first piece, which ends at r.x
	if a, b := st[i][stRT], st[i][stTR]; a >= 0 && b >= 0 && ps[a].X()+ps[a].w == right && ps[b].Y()+ps[b].H() == top {
		t := st[b][stRT]
		for ps[t].X() > right {
			t = st[t][stBL]
		}
		dst = append(dst, t<<1)
	}
	if a, b := st[i][stLB], st[i][stBL]; a >= 0 && b >= 0 && ps[a].X() == r.x && ps[b].Y() == r.y {
		t := st[b][stLB]
		for ps[t].X()+ps[t].w < r.x {
			t = st[t][stTR]
		}
		dst = append(dst, t<<1)
	}
	return dst
}

// fullSides returns piece i's full-side neighbours by direction (see
// fullSide).
func (v *view) fullSides(i int32) (nb [4]int32) {
	ps, st := v.ps, &v.st[i]
	a := &ps[i]
	x, y, w, h := a.X(), a.Y(), a.w, a.H()
	nb = [4]int32{-1, -1, -1, -1}
	if t := st[stTR]; t >= 0 && ps[t].Y() == y && ps[t].H() == h {
		nb[dirE] = t
	}
	if t := st[stRT]; t >= 0 && ps[t].X() == x && ps[t].w == w {
		nb[dirN] = t
	}
	if t := st[stLB]; t >= 0 && ps[t].X() == x && ps[t].w == w {
		nb[dirS] = t
	}
	if t := st[stBL]; t >= 0 && ps[t].Y() == y && ps[t].H() == h {
		nb[dirW] = t
	}
	return nb
}

// strict is set in test builds (see strict_test.go). Then the edit
// checks the order it writes, the view the order it reads and the
// stitches of every view it makes (a walk along broken stitches may
// never end), and the tables of the working memory check each
// generation they start, each with a panic that names what broke: a
// broken edit or table fails the test that meets it at once, where it
// would otherwise loop or grow until the test is killed.
var strict bool

// checkView panics unless v keeps what stitchFault checks. It costs a
// few steps a piece, as making the view does, so test builds run it on
// every view they make.
func (v *view) checkView() {
	if f := v.stitchFault(); f != "" {
		panic("crumble: " + f)
	}
}

// stitchFault says how v breaks what a view promises, or returns "":
// its pieces in code order, and each stitch naming the piece that holds
// its point, or -1 where that point lies beyond the board. Walks along
// such stitches end.
func (v *view) stitchFault() string {
	for i := range v.ps {
		if i > 0 && !cornerBefore(v.ps[i-1].X(), v.ps[i-1].Y(), v.ps[i].X(), v.ps[i].Y()) {
			return fmt.Sprintf("piece %d of the view is out of order", i)
		}
		r := v.ps[i].R()
		for d, j := range v.st[i] {
			x, y, east, north := stitchPoint(r, d)
			if j < 0 {
				if !offBoard(x, y, east, north, v.wf, v.hf) {
					return fmt.Sprintf("stitch %d of piece %d names no piece, but its point is on the board", d, i)
				}
				continue
			}
			if int(j) >= len(v.ps) {
				return fmt.Sprintf("stitch %d of piece %d names piece %d of %d", d, i, j, len(v.ps))
			}
			if q := v.ps[j].R(); !holdsPoint(&q, x, y, east, north) {
				return fmt.Sprintf("stitch %d of piece %d names piece %d, which does not hold its point", d, i, j)
			}
		}
	}
	return ""
}

// checkOrder panics unless t, a tiling a move just made, keeps what
// orderFault checks. It costs a step a chunk of the order, so test
// builds run it on every move.
func checkOrder(t *tiling) {
	if f := t.orderFault(); f != "" {
		panic("crumble: " + f)
	}
}

// orderFault says how t breaks what a tiling promises of its shape, or
// returns "": as many pieces as t.n, a flat one in as many slots; else
// chunks of the order of 1 to ropeMax slots, each starting where the one
// before ends, at most t.slots pieces, a leaf for every eight slots and
// a bit of colour for every slot.
func (t *tiling) orderFault() string {
	if t.flat != nil {
		if len(t.flat) != int(t.n) || t.slots != t.n || t.leaves != nil || t.rope != nil {
			return fmt.Sprintf("a flat tiling of %d pieces holds %d in %d slots", t.n, len(t.flat), t.slots)
		}
		return ""
	}
	start := int32(0)
	for k, r := range t.rope {
		if r.n < 1 || r.n > ropeMax || r.start != start {
			return fmt.Sprintf("chunk %d of the order holds %d slots from piece %d, after %d pieces", k, r.n, r.start, start)
		}
		start += r.n
	}
	if start != t.n {
		return fmt.Sprintf("the order's chunks hold %d slots for %d pieces", start, t.n)
	}
	if t.n > t.slots || len(t.leaves) != int(t.slots+leafSize-1)/leafSize || len(t.white) < int(t.slots+63)>>6 {
		return fmt.Sprintf("a tiling of %d pieces in %d slots has %d leaves and %d words of colours", t.n, t.slots, len(t.leaves), len(t.white))
	}
	return ""
}

// checkGeneration panics unless no entry of a table of the working
// memory, whose generation gen returns, has the generation g that the
// table has just started: a stale entry would count as filed, and a
// table full of them makes a probe go round for ever.
func checkGeneration[T any](table []T, gen func(*T) uint32, g uint32, what string) {
	for i := range table {
		if gen(&table[i]) == g {
			panic(fmt.Sprintf("crumble: %s starts generation %d with entry %d in it", what, g, i))
		}
	}
}

// newTiling makes the tiling of ps, a tiling of a board wf wide in code
// order: flat up to flatMax pieces, else piece i in slot i of leaves.
func newTiling(ps []piece, wf int64) *tiling {
	n := len(ps)
	t := &tiling{n: int32(n), slots: int32(n)}
	if n <= flatMax {
		t.flat = slices.Clone(ps)
		return t
	}
	var k skyline
	st := make([][4]int32, n)
	k.stitch(ps, st, wf)
	t.white = make([]uint64, (n+63)>>6)
	t.leaves = make([]*leaf, (n+leafSize-1)/leafSize)
	lv := make([]leaf, len(t.leaves))
	for k := range t.leaves {
		t.leaves[k] = &lv[k]
	}
	for i, pc := range ps {
		*t.rec(int32(i)) = record{pc: pc.withColor(Black), st: st[i]}
		if pc.C() == White {
			t.white[i>>6] |= 1 << (uint(i) & 63)
		}
	}
	chunks := make([]ropeChunk, (n+ropeMax/2-1)/(ropeMax/2))
	t.rope = make([]ropeRef, len(chunks))
	for k := range chunks {
		lo, hi := k*(ropeMax/2), min(n, (k+1)*(ropeMax/2))
		for i := lo; i < hi; i++ {
			chunks[k][i-lo] = int32(i)
		}
		t.rope[k] = ropeRef{c: &chunks[k], n: int32(hi - lo), start: int32(lo)}
	}
	return t
}

// edit builds the tiling a move leads to from the view of the tiling it
// is played on: the action (s.act) removes pieces and creates others,
// which take the colours of created, and the path recolours the kept
// pieces listed in flips (indices in the view). The created pieces take
// the removed pieces' slots, then new ones; the pieces around the action
// whose stitches named a removed piece get stitches to the created ones,
// found among them; the created pieces' stitches are found among each
// other and the pieces around.
type edit struct {
	slots   []int32 // the slot of each created piece
	ring    []int32 // the pieces in edge contact with a removed one (view indices)
	mark    []uint32
	epoch   uint32
	first   []int32 // the first of a split piece's halves (by view index), when removed
	corner  int32   // the removed piece at a join's upper-right corner, once found (else -1)
	flips   []int32
	colours []Color // each created piece's colour
	recs    []slotRecord
	ins     []ropeIns
	spare   []ropeIns // and the keys of sortIns
	keys    []uint64
	kept    []int32 // the removed pieces whose slots created ones take
	gone    []int32 // and the others
	order   []int32
	refs    []ropeRef
	pos     []int32     // the new index of each slot (of the created ones, from a flat tiling)
	shifts  []runShift  // the runs of a flat tiling's pieces kept, by where they moved
	made    []rect      // the created pieces (the action's)
	into    *tiling     // the zeroed header the tiling is written into
	half    splitHalves // the split, when the edit is one

	// the last edit that made a flat tiling, for view.carry: from the
	// view of from to the tiling to by the action done, or by the split
	// half when doneSplit, with slots up to next
	from, to  *tiling
	done      action
	doneSplit bool
	next      int32
}

// slotRecord is a record to write into a slot.
type slotRecord struct {
	slot int32
	rec  record
}

// ropeIns is a created piece to insert into the order before the view's
// piece at (the end when at is the number of pieces).
type ropeIns struct {
	at   int32
	key  pt
	slot int32
}

// mark values of edit.mark, against its epoch.
func (e *edit) begin(n int) {
	if len(e.mark) < n {
		e.mark = make([]uint32, 2*n+16)
		e.first = make([]int32, len(e.mark))
		e.epoch = 0
	}
	e.epoch += 2
	if e.epoch < 2 {
		clear(e.mark)
		e.epoch = 2
	}
	e.ring, e.flips, e.recs, e.ins = e.ring[:0], e.flips[:0], e.recs[:0], e.ins[:0]
	e.colours = e.colours[:0]
}

// removed reports whether piece i is one the action removes (marked
// epoch; a piece around the action is marked epoch+1).
func (e *edit) removed(i int32) bool { return e.mark[i] == e.epoch }

// build makes the tiling of the move from view v: s.act is its action,
// e.colours the created pieces' colours and e.flips the kept pieces the
// path recoloured.
func (e *edit) build(v *view, act *action, sl *slabs, wf, hf int64) *tiling {
	t := v.t
	e.made = act.added
	if len(act.removed) == 1 && len(act.added) == 2 {
		return e.split(v, act, sl, wf, hf)
	}
	// the created pieces' slots: a created piece with a removed piece's
	// lower-left corner takes its slot (whose stitches at that corner stay
	// right), the others new ones
	e.slots = e.slots[:0]
	next := t.slots
	for c, r := range act.added {
		if q := v.ps[act.parent[c]]; q.X() == r.x && q.Y() == r.y {
			e.slots = append(e.slots, v.slot[act.parent[c]])
		} else {
			e.slots = append(e.slots, next)
			next++
		}
	}
	n := t.n - int32(len(act.removed)) + int32(len(act.added))
	if n > flatMax { // else the records are view.carry's to work out, if it is called
		e.records(v, act, wf, hf)
	}
	return e.write(v, act.removed, act.added, act.parent, next, n, sl)
}

// records appends to e.recs the records of the move's action act on view
// v whose stitches change (see build; e.slots holds the created pieces'
// slots): the created pieces', and those of the pieces around the action,
// in edge contact with the removed ones from outside. For a split, a
// stitch of theirs that named a piece cut names the half holding its
// point now; a join's are joinRecords'.
func (e *edit) records(v *view, act *action, wf, hf int64) {
	if len(act.added) == 1 {
		e.joinRecords(v, act, wf, hf)
		return
	}
	for _, i := range act.removed {
		e.mark[i] = e.epoch
	}
	for c := 0; c < len(act.added); c += 2 { // a split's halves come in pairs
		e.first[act.parent[c]] = int32(c)
	}
	ring := func(j int32) {
		if e.mark[j] < e.epoch {
			e.mark[j] = e.epoch + 1
			e.ring = append(e.ring, j)
		}
	}
	// the halves' stitches, and the pieces around the pieces cut
	for c, r := range act.added {
		rc := record{pc: newPiece(r, Black), st: e.halfStitches(v, act, c, wf, hf)}
		e.recs = append(e.recs, slotRecord{e.slots[c], rc})
	}
	for _, i := range act.removed {
		v.edgeNeighbours(i, ring)
	}
	for _, j := range e.ring {
		var rc record
		moved := false
		for d, u := range v.st[j] {
			switch {
			case u < 0:
				rc.st[d] = -1
			case e.removed(u):
				x, y, east, north := stitchPoint(v.ps[j].R(), d)
				rc.st[d] = e.createdIn(act, u, x, y, east, north)
				moved = moved || rc.st[d] != v.slot[u]
			default:
				rc.st[d] = v.slot[u]
			}
		}
		if moved {
			rc.pc = v.ps[j].withColor(Black)
			e.recs = append(e.recs, slotRecord{v.slot[j], rc})
		}
	}
}

// write makes the tiling of n pieces from the view's: its records with
// e.recs written (by slot), the created pieces (e.slots) in the colours
// e.colours and the kept pieces e.flips recoloured, in the order of the
// view's without removed and with added (e.slots[:len(added)]) in their
// places (parent: their parents, for view.carry); slots are taken up to
// next. It is flat up to flatMax pieces.
func (e *edit) write(v *view, removed []int32, added []rect, parent []int32, next, n int32, sl *slabs) *tiling {
	u := e.into // zeroed: a new turn record's
	u.n = n
	e.from, e.to = nil, nil
	if n <= flatMax {
		e.writeFlat(v, removed, added, next, u, sl)
		if strict {
			checkOrder(u)
		}
		// for carry: the move's edit of the order
		e.from, e.to, e.next = v.t, u, next
		// a split's is e.half, which the edit of another move alone
		// writes over, as it does done and these
		if e.doneSplit = removed == nil; !e.doneSplit {
			d := &e.done
			d.removed = append(d.removed[:0], removed...)
			d.added = append(d.added[:0], added...)
			d.parent = append(d.parent[:0], parent...)
		}
		return u
	}
	u.slots = next
	u.leaves = e.writeLeaves(v, next, sl)
	u.white = e.writeColours(v, v.t, next, sl)
	u.rope = e.writeRope(v, removed, added, sl)
	if strict {
		checkOrder(u)
	}
	return u
}

// writeFlat makes u flat: its pieces in the new order, with their
// colours. A split's first half goes into its place with the pieces from
// there on moved up by one; any other move's pieces are laid out by the
// new order of the slots.
func (e *edit) writeFlat(v *view, removed []int32, added []rect, next int32, u *tiling, sl *slabs) {
	n := int(v.t.n) - len(removed) + len(added)
	flat := sl.pieces.take(n)
	if v.t.flat != nil && len(removed) == 0 && len(added) == 1 {
		r, ns := added[0], e.slots[0]
		at := int32(searchPieces(v.ps, r.x, r.y))
		copy(flat, v.ps[:at])
		copy(flat[at+1:], v.ps[at:])
		// slot s of a flat tiling is its index: the new piece ns at at,
		// those from at on one further
		for c, s := range e.slots {
			k := at
			if s != ns {
				k = pastInsert(s, at)
			}
			flat[k] = newPiece(e.made[c], e.colours[c])
		}
		for _, i := range e.flips {
			s := v.slot[i]
			k := pastInsert(s, at)
			flat[k] = flat[k].withColor(flat[k].C().Other())
		}
	} else {
		if v.t.flat != nil {
			e.mergeFlat(v, removed, added, next, flat)
		} else {
			e.mergeOrder(v, removed, added)
			e.pos = resize(e.pos, int(next))
			for k, s := range e.order {
				e.pos[s] = int32(k)
				if s < v.t.slots {
					flat[k] = v.ps[v.idx[s]]
				}
			}
		}
		for c, s := range e.slots { // the created pieces, in their colours
			flat[e.pos[s]] = newPiece(e.made[c], e.colours[c])
		}
		for _, i := range e.flips {
			k := e.movedTo(v, i)
			flat[k] = flat[k].withColor(flat[k].C().Other())
		}
	}
	u.flat, u.slots = flat, int32(n)
}

// mergeFlat is writeFlat's merge when v's tiling is flat too, whose slots
// are the pieces' indices: it copies the pieces kept into flat run by run
// (see runs), noting how far each run moved (e.shifts, for movedTo), and
// sets e.pos for the created pieces' slots, leaving their places to be
// written.
func (e *edit) mergeFlat(v *view, removed []int32, added []rect, next int32, flat []piece) {
	// a created piece in a removed piece's slot takes its place: that
	// piece is copied with the run it is in and written over
	e.keepSlots(v, added)
	gone, j := e.gone[:0], 0
	for _, i := range removed {
		if j < len(e.kept) && e.kept[j] == i {
			j++
			continue
		}
		gone = append(gone, i)
	}
	e.gone = gone
	e.pos = resize(e.pos, int(next))
	e.shifts = e.shifts[:0]
	k := int32(0)
	for r := e.runs(int32(len(v.ps)), gone); r.next(); {
		copy(flat[k:], v.ps[r.at:r.to])
		e.shifts = append(e.shifts, runShift{at: r.at, by: k - r.at})
		if k += r.to - r.at; r.ins >= 0 {
			e.pos[r.ins] = k
			k++
		}
	}
	for _, i := range e.kept { // slot i is piece i
		e.pos[i] = e.movedTo(v, i)
	}
}

// runShift is a run of the pieces a merge kept: from the view's piece
// at on, each moved by by places.
type runShift struct{ at, by int32 }

// movedTo returns the new index of view piece i, which the edit keeps:
// from a flat tiling, by the run it is in (mergeFlat), else by its slot.
func (e *edit) movedTo(v *view, i int32) int32 {
	if v.t.flat == nil {
		return e.pos[v.slot[i]]
	}
	lo, hi := 0, len(e.shifts) // the last run starting at i or before
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if e.shifts[m].at <= i {
			lo = m
		} else {
			hi = m
		}
	}
	return i + e.shifts[lo].by
}

// mergeOrder sets e.order to the slots in the new order: the view's
// without removed, with added (e.slots) in their places.
func (e *edit) mergeOrder(v *view, removed []int32, added []rect) {
	e.places(v, added)
	e.order = e.order[:0]
	for r := e.runs(int32(len(v.slot)), removed); r.next(); {
		e.order = append(e.order, v.slot[r.at:r.to]...)
		if r.ins >= 0 {
			e.order = append(e.order, r.ins)
		}
	}
}

// runWalk walks the new order of a view's pieces: each run [at, to) of
// them that it keeps, then the slot of the added piece placed after it
// (ins), or -1 after the last run.
type runWalk struct {
	at, to, ins, n int32
	removed        []int32
	places         []ropeIns
}

// runs returns the walk of the new order of a view of n pieces, without
// removed (ascending), with the pieces e.ins places.
func (e *edit) runs(n int32, removed []int32) runWalk {
	return runWalk{to: -1, ins: -1, n: n, removed: removed, places: e.ins}
}

// next moves to the next run and reports whether there is one.
func (r *runWalk) next() bool {
	switch {
	case r.to < 0: // the first run
	case r.ins >= 0:
		r.places = r.places[1:]
		r.at = r.to
	case r.to < r.n:
		r.removed = r.removed[1:]
		r.at = r.to + 1
	default:
		return false
	}
	r.to, r.ins = r.n, -1
	if len(r.removed) > 0 {
		r.to = r.removed[0]
	}
	if len(r.places) > 0 && r.places[0].at <= r.to {
		r.to, r.ins = r.places[0].at, r.places[0].slot
	}
	return true
}

// places sets e.ins to the added pieces (in slots e.slots) by place:
// each before the view's piece at, in code order. A created piece in a
// removed piece's slot has its lower-left corner (see build), so it takes
// its place.
func (e *edit) places(v *view, added []rect) {
	e.ins = e.ins[:0]
	for c, r := range added {
		var at int32
		if s := e.slots[c]; s < v.t.slots {
			at = v.idx[s]
		} else {
			at = int32(searchPieces(v.ps, r.x, r.y))
		}
		e.ins = append(e.ins, ropeIns{at: at, key: pt{r.x, r.y}, slot: e.slots[c]})
	}
	e.sortIns()
}

// sortIns sorts e.ins by place, and the created pieces of one place by
// their lower-left corners.
func (e *edit) sortIns() {
	if len(e.ins) > 12 { // a cut through many pieces, whose halves interleave: by place first, packed with the index
		keys := e.keys[:0]
		for k, in := range e.ins {
			keys = append(keys, uint64(uint32(in.at))<<32|uint64(k))
		}
		slices.Sort(keys)
		by := e.spare[:0]
		for _, k := range keys {
			by = append(by, e.ins[uint32(k)])
		}
		e.keys, e.ins, e.spare = keys, by, e.ins
	}
	for a := 1; a < len(e.ins); a++ { // insertion: few, mostly in order
		for b := a; b > 0 && (e.ins[b].at < e.ins[b-1].at || e.ins[b].at == e.ins[b-1].at && cmpPt(e.ins[b].key, e.ins[b-1].key) < 0); b-- {
			e.ins[b], e.ins[b-1] = e.ins[b-1], e.ins[b]
		}
	}
}

// split is build for the split of one piece P, whose halves are in the
// action's letter order (N, S for an H cut, E, W for a V cut): the second
// half, which has P's lower-left corner, keeps P's slot and its place in
// the order, the first takes a new slot. The stitches that change are
// the halves', and, around P, those that now name the first half: for an
// H cut, the stitches below the corners of the pieces above P, left of
// the corners of the pieces right of P from its midline up, and right of
// the corners of the pieces left of P ending above its midline; for a V
// cut, below the corners of the pieces above P from its midline on, left
// of the corners of all the pieces right of P, and above the corners of
// the pieces below P ending past its midline.
func (e *edit) split(v *view, act *action, sl *slabs, wf, hf int64) *tiling {
	t := v.t
	i := act.removed[0]
	e.slots = append(e.slots[:0], t.slots, v.slot[i])
	e.half = splitHalves{i: i, h: act.of.kind == kindH, first: act.added[0], second: act.added[1]}
	if t.flat == nil || t.n+1 > flatMax {
		e.splitRecords(v, wf, hf)
	}
	return e.write(v, nil, act.added[:1], nil, t.slots+1, t.n+1, sl)
}

// splitHalves is a split as splitRecords needs it: the piece cut (an
// index in the view), whether the cut is H, and the halves.
type splitHalves struct {
	i             int32
	h             bool
	first, second rect
}

// splitRecords appends to e.recs the records of the split e.half on view
// v whose stitches change (see split). A split of a flat tiling into a
// flat one leaves them to view.carry, which alone reads them then: a
// position that is played from but never listed needs no stitches.
func (e *edit) splitRecords(v *view, wf, hf int64) {
	i, first, second := e.half.i, e.half.first, e.half.second
	p := v.ps[i].R()
	keep, next := v.slot[i], v.t.slots
	st := &v.st[i]
	slotOf := func(j int32) int32 {
		if j < 0 {
			return -1
		}
		return v.slot[j]
	}
	var a, b record // the first half (new slot) and the second (P's)
	a.pc, b.pc = newPiece(first, Black), newPiece(second, Black)
	if e.half.h { // first = N, second = S
		mid := p.y + p.h/2
		a.st = [4]int32{slotOf(v.find(p.x, mid, false, true, i, wf, hf)), keep, slotOf(st[stTR]), slotOf(st[stRT])}
		b.st = [4]int32{slotOf(st[stBL]), slotOf(st[stLB]), slotOf(v.find(p.x+p.w, mid, true, false, i, wf, hf)), next}
		for u := st[stRT]; u >= 0 && v.ps[u].X() >= p.x; u = v.st[u][stBL] {
			e.restitch(v, u, stLB, next)
		}
		for u := st[stTR]; u >= 0 && v.ps[u].Y() >= mid; u = v.st[u][stLB] {
			e.restitch(v, u, stBL, next)
		}
		for u := st[stBL]; u >= 0; u = v.st[u][stRT] {
			if top := v.ps[u].Y() + v.ps[u].H(); top > p.y+p.h {
				break
			} else if top > mid {
				e.restitch(v, u, stTR, next)
			}
		}
	} else { // first = E, second = W
		c := p.x + p.w/2
		a.st = [4]int32{keep, slotOf(v.find(c, p.y, true, false, i, wf, hf)), slotOf(st[stTR]), slotOf(st[stRT])}
		b.st = [4]int32{slotOf(st[stBL]), slotOf(st[stLB]), next, slotOf(v.find(c, p.y+p.h, false, true, i, wf, hf))}
		for u := st[stRT]; u >= 0 && v.ps[u].X() >= c; u = v.st[u][stBL] {
			e.restitch(v, u, stLB, next)
		}
		for u := st[stTR]; u >= 0 && v.ps[u].Y() >= p.y; u = v.st[u][stLB] {
			e.restitch(v, u, stBL, next)
		}
		for u := st[stLB]; u >= 0; u = v.st[u][stTR] {
			if right := v.ps[u].X() + v.ps[u].w; right > p.x+p.w {
				break
			} else if right > c {
				e.restitch(v, u, stRT, next)
			}
		}
	}
	e.recs = append(e.recs, slotRecord{next, a}, slotRecord{keep, b})
}

// joinRecords is records for a join. The joined piece's stitches name
// the pieces that find finds from the anchor and from the piece at its
// upper-right corner. Of a piece in edge contact with the rectangle from
// outside, one stitch at most names a piece inside it: below the
// lower-left corner of a piece above, right of the upper-right corner of
// a piece to the left, above the upper-right corner of a piece below,
// left of the lower-left corner of a piece to the right, when that corner
// lies along the rectangle. That stitch names the joined piece now,
// unless it named the anchor, whose slot the joined piece takes.
func (e *edit) joinRecords(v *view, act *action, wf, hf int64) {
	r, s := act.added[0], e.slots[0]
	e.corner = -1
	rc := record{pc: newPiece(r, Black)}
	var nb [4]int32
	for d := range 4 {
		nb[d] = e.find(v, act, d, wf, hf)
		rc.st[d] = -1
		if nb[d] >= 0 {
			rc.st[d] = v.slot[nb[d]]
		}
	}
	e.recs = append(e.recs, slotRecord{s, rc})
	into := func(j int32, d int) {
		if v.slot[v.st[j][d]] != s {
			e.restitch(v, j, d, s)
		}
	}
	right, top := r.x+r.w, r.y+r.h
	for t := nb[stRT]; t >= 0; t = v.st[t][stBL] { // above, right to left
		x := v.ps[t].X()
		if x >= r.x {
			into(t, stLB)
		}
		if x <= r.x {
			break
		}
	}
	for t := nb[stBL]; t >= 0; t = v.st[t][stRT] { // to the left, upwards
		q := &v.ps[t]
		y := q.Y() + q.H()
		if y <= top {
			into(t, stTR)
		}
		if y >= top {
			break
		}
	}
	for t := nb[stLB]; t >= 0; t = v.st[t][stTR] { // below, left to right
		q := &v.ps[t]
		x := q.X() + q.w
		if x <= right {
			into(t, stRT)
		}
		if x >= right {
			break
		}
	}
	for t := nb[stTR]; t >= 0; t = v.st[t][stLB] { // to the right, downwards
		y := v.ps[t].Y()
		if y >= r.y {
			into(t, stBL)
		}
		if y <= r.y {
			break
		}
	}
}

// restitch records piece j of the view with stitch d naming slot s.
func (e *edit) restitch(v *view, j int32, d int, s int32) {
	rc := record{pc: v.ps[j].withColor(Black)}
	for k, u := range v.st[j] {
		rc.st[k] = -1
		if u >= 0 {
			rc.st[k] = v.slot[u]
		}
	}
	rc.st[d] = s
	e.recs = append(e.recs, slotRecord{v.slot[j], rc})
}

// find returns the piece of the view holding the point that stitch d of
// the joined piece names, or -1 beyond the board, walking from a removed
// piece whose closure holds the point: the join's anchor, or for the
// upper-right corner the piece there, whose own stitches name the pieces
// at the corner it shares with the joined one.
func (e *edit) find(v *view, act *action, d int, wf, hf int64) int32 {
	r := &act.added[0]
	x, y, east, north := stitchPoint(*r, d)
	if offBoard(x, y, east, north, wf, hf) {
		return -1
	}
	hint := act.parent[0]
	if d == stTR || d == stRT {
		if e.corner < 0 { // from the last: it lies in the top band, last in code order
			for k := len(act.removed) - 1; k >= 0; k-- {
				i := act.removed[k]
				if r := v.ps[i].R(); r.x <= x && x <= r.x+r.w && r.y <= y && y <= r.y+r.h {
					e.corner = i
					break
				}
			}
		}
		hint = e.corner
	}
	q := &v.ps[hint]
	if d == stBL || d == stLB {
		if q.X() == r.x && q.Y() == r.y {
			return v.st[hint][d]
		}
	} else if q.X()+q.w == r.x+r.w && q.Y()+q.H() == r.y+r.h {
		return v.st[hint][d]
	}
	return v.find(x, y, east, north, hint, wf, hf)
}

// halfStitches returns the stitches of created piece c, a half of a
// split piece P: a point inside P is the other half's (the halves come in
// pairs, see records); at the corner the half shares with P, P's stitch
// names the piece; elsewhere the piece holding the point is found from P.
// A piece found that is split too stands for its half holding the point.
func (e *edit) halfStitches(v *view, act *action, c int, wf, hf int64) (st [4]int32) {
	r, i := act.added[c], act.parent[c]
	p := v.ps[i].R()
	for d := range 4 {
		x, y, east, north := stitchPoint(r, d)
		var u int32
		switch {
		case holdsPoint(&p, x, y, east, north):
			st[d] = e.slots[c^1]
			continue
		case d <= stLB && p.x == r.x && p.y == r.y, d >= stTR && p.x+p.w == r.x+r.w && p.y+p.h == r.y+r.h:
			u = v.st[i][d]
		default:
			u = v.find(x, y, east, north, i, wf, hf)
		}
		switch {
		case u < 0:
			st[d] = -1
		case e.removed(u):
			st[d] = e.createdIn(act, u, x, y, east, north)
		default:
			st[d] = v.slot[u]
		}
	}
	return st
}

// createdIn returns the slot of the half of split piece u that holds the
// point just beside (x, y) on the given sides, which u held.
func (e *edit) createdIn(act *action, u int32, x, y int64, east, north bool) int32 {
	c := e.first[u]
	if !holdsPoint(&act.added[c], x, y, east, north) {
		c++
	}
	return e.slots[c]
}

// copyRuns copies to dst the elements of src whose bits are set in mask,
// in order, a run of set bits at a time: a chunk edited loses a few slots
// and keeps long runs, which a copy moves faster than one slot a bit.
// It returns how many it copied.
func copyRuns(dst, src []int32, mask uint64) int {
	n := 0
	for mask != 0 {
		a := uint(bits.TrailingZeros64(mask))
		// the run's length; 64 when every bit is set, and then 1<<run-1
		// below is all ones
		run := uint(bits.TrailingZeros64(^(mask >> a)))
		if run < 8 { // a short run costs less by hand than by a call
			for i := a; i < a+run; i++ {
				dst[n] = src[i]
				n++
			}
		} else {
			n += copy(dst[n:], src[a:a+run])
		}
		mask &^= (1<<run - 1) << a
	}
	return n
}

// writeLeaves returns the tiling's leaves: the view's tiling's, with
// copies of those e.recs writes into, for slots 0 .. slots-1 (from a
// flat tiling, every leaf afresh).
func (e *edit) writeLeaves(v *view, slots int32, sl *slabs) []*leaf {
	t := v.t
	nl := int((slots + leafSize - 1) / leafSize)
	root := sl.roots.take(nl)
	if t.flat != nil { // every record from the view: slot i is piece i
		lv := sl.leaves.take(nl)
		for k := range root {
			root[k] = &lv[k]
		}
		for i := range v.ps {
			root[i/leafSize][i%leafSize] = record{pc: v.ps[i].withColor(Black), st: v.st[i]}
		}
	} else {
		copy(root, t.leaves)
	}
	for _, w := range e.recs {
		k := int(w.slot / leafSize)
		if root[k] == nil || (k < len(t.leaves) && root[k] == t.leaves[k]) {
			l := &sl.leaves.take(1)[0]
			if root[k] != nil {
				*l = *root[k]
			}
			root[k] = l
		}
		root[k][w.slot%leafSize] = w.rec
	}
	return root
}

// writeColours returns the tiling's colours: t's, with the created
// pieces' colours and the path's flips.
func (e *edit) writeColours(v *view, t *tiling, slots int32, sl *slabs) []uint64 {
	w := sl.words.take(int(slots+63) >> 6)
	if t.flat != nil {
		for i := range v.ps {
			if v.ps[i].C() == White {
				w[i>>6] |= 1 << (uint(i) & 63)
			}
		}
	} else {
		copy(w, t.white)
	}
	for c, s := range e.slots {
		w[s>>6] &^= 1 << (uint(s) & 63)
		if e.colours[c] == White {
			w[s>>6] |= 1 << (uint(s) & 63)
		}
	}
	for _, i := range e.flips {
		s := v.slot[i]
		w[s>>6] ^= 1 << (uint(s) & 63)
	}
	return w
}

// writeRope returns the tiling's order: the view's without the removed
// pieces (view indices, sorted), with the added ones (in e.slots' slots)
// in their places, copying the chunks it edits. A created piece in a
// removed piece's slot takes that piece's place (see places), so the
// order keeps that slot where it was: only the other removed pieces leave
// it and only the pieces in new slots enter it, and the chunks between
// the edits are shared, their refs copied in runs.
func (e *edit) writeRope(v *view, removed []int32, added []rect, sl *slabs) []ropeRef {
	t := v.t
	if t.rope == nil { // from a flat tiling: the whole order in chunks
		e.mergeOrder(v, removed, added)
		e.refs = e.refs[:0]
		for rest := e.order; len(rest) > 0; {
			m := min(len(rest), ropeMax/2)
			c := &sl.chunks.take(1)[0]
			copy(c[:], rest[:m])
			e.refs = append(e.refs, ropeRef{c: c, n: int32(m)})
			rest = rest[m:]
		}
		return e.rootOf(sl)
	}
	e.keepSlots(v, added)
	rope, kept := t.rope, e.kept
	e.refs = e.refs[:0]
	ri, ii, ki := 0, 0, 0 // the next removed piece, insertion, kept slot
	start := int32(0)     // the new order's index of the next chunk
	for k := 0; k < len(rope); {
		// the next chunk touched: the one holding the next removal or
		// place (a place past the last piece is the last chunk's)
		for ; ri < len(removed) && ki < len(kept) && removed[ri] == kept[ki]; ri, ki = ri+1, ki+1 {
		}
		next := t.n
		if ri < len(removed) {
			next = removed[ri]
		}
		if ii < len(e.ins) && e.ins[ii].at < next {
			next = e.ins[ii].at
		}
		kt := len(rope)
		if ri < len(removed) || ii < len(e.ins) {
			kt = k + int(lastStart(rope[k:], next))
		}
		if k < kt { // untouched: shared, from start on
			base := len(e.refs)
			e.refs = append(e.refs, rope[k:kt]...)
			if delta := start - rope[k].start; delta != 0 {
				for q := range e.refs[base:] {
					e.refs[base+q].start += delta
				}
			}
			start = rope[kt-1].start + rope[kt-1].n + start - rope[k].start
		}
		if kt == len(rope) {
			break
		}
		// the chunk's slots but the removed ones, with the created pieces'
		// before the pieces they are placed before (and at the end of the
		// last chunk, those placed after every piece)
		r := rope[kt]
		kc := r.c[:r.n]
		need := len(kc) + len(e.ins) - ii
		if cap(e.order) < need {
			e.order = make([]int32, need, 2*need)
		}
		buf := e.order[:need]
		// by bits: the chunk's removed pieces, then the pieces kept
		// before each place and after the last
		lo, hi := r.start, r.start+r.n
		var gone uint64
		for ; ri < len(removed) && removed[ri] < hi; ri++ {
			if ki < len(kept) && kept[ki] == removed[ri] {
				ki++
				continue
			}
			gone |= 1 << uint(removed[ri]-lo)
		}
		keep := ^gone & (1<<uint(r.n) - 1) // a full chunk: all ones
		n := 0
		for ; ii < len(e.ins) && (e.ins[ii].at < hi || kt == len(rope)-1); ii++ {
			before := keep & (1<<uint(e.ins[ii].at-lo) - 1)
			n += copyRuns(buf[n:], kc, before)
			keep &^= before
			buf[n] = e.ins[ii].slot
			n++
		}
		n += copyRuns(buf[n:], kc, keep)
		e.order = buf[:n]
		for rest := e.order; len(rest) > 0; { // chunks of up to ropeMax, halves when it overflows
			m := len(rest)
			if m > ropeMax {
				m = ropeMax / 2
			}
			c := &sl.chunks.take(1)[0]
			copy(c[:], rest[:m])
			e.refs = append(e.refs, ropeRef{c: c, n: int32(m), start: start})
			start += int32(m)
			rest = rest[m:]
		}
		k = kt + 1
	}
	root := sl.refs.take(len(e.refs))
	copy(root, e.refs)
	return root
}

// lastStart returns the index of the last chunk of rope that starts at
// or before index i of the order.
func lastStart(rope []ropeRef, i int32) int32 {
	lo, hi := 0, len(rope)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if rope[m].start <= i {
			lo = m
		} else {
			hi = m
		}
	}
	return int32(lo)
}

// keepSlots sets e.ins to the places of the created pieces in new slots
// (see places) and e.kept to the removed pieces (ascending) whose slot a
// created piece takes, its parent (see build).
func (e *edit) keepSlots(v *view, added []rect) {
	e.ins = e.ins[:0]
	e.kept = e.kept[:0]
	old := v.t.slots
	for c, r := range added {
		if s := e.slots[c]; s < old {
			e.kept = append(e.kept, v.idx[s])
			continue
		}
		e.ins = append(e.ins, ropeIns{at: int32(searchPieces(v.ps, r.x, r.y)), key: pt{r.x, r.y}, slot: e.slots[c]})
	}
	e.sortIns()
	slices.Sort(e.kept)
}

// rootOf returns the order's root of the chunks e.refs.
func (e *edit) rootOf(sl *slabs) []ropeRef {
	root := sl.refs.take(len(e.refs))
	start := int32(0)
	for k, r := range e.refs {
		root[k] = ropeRef{c: r.c, n: r.n, start: start}
		start += r.n
	}
	return root
}

// pastInsert returns where index s of a flat tiling's pieces goes when a
// piece is inserted at index at: one further from at on. It branches on
// nothing, since the edit runs it over every stitch of the tiling.
func pastInsert(s, at int32) int32 {
	return s + int32(uint32(at-1-s)>>31)
}
