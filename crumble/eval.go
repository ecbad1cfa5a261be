package crumble

// The chains of a position, for evaluations: AppendChains finds them in
// time linear in the pieces, without floating point until each chain's
// area, in one of two ways by the tiling's layout.
//
// The order. The contacts between pieces of one colour go to a
// union-find, joined in the order of the plain quadratic method, a scan
// of every pair of pieces (each piece with the later pieces it touches,
// both in position-code order, the set of the earlier one linked under
// the other's root); each set keeps the piece that would be its root in
// that scan, and the chains are listed in the order of those roots, so
// that a float64 sum over them is bit for bit the scan's: an evaluation
// written on the scan keeps its values. Both ways link the smaller set
// under the larger's root, which keeps the trees shallow (the scan's
// trees grow deep), and carry the scan's root beside: joining the set of
// an earlier piece to that of a later one, the scan makes the later
// one's root the root.
//
// A flat tiling (up to flatMax pieces) keeps no stitches, and working
// them out costs what a sweep up the board that finds the contacts does. Pieces tile the board and are stored in order
// of their lower-left corners, y then x. Taken in that order, the pieces
// already seen cover a region whose upper edge, the skyline, is a row of
// segments West to East, each the uncovered part of one piece's top side;
// a piece's top is covered from the West as the pieces above it come, so
// what is left of it is one segment, [start, right). When a piece P at
// (x, y) comes, the skyline over [x, x+w) lies at height y: its segments
// are the tops of exactly the pieces under P's bottom side, each in edge
// contact with P. The segment just West of them belongs to the piece on
// P's West side at y (edge contact: it reaches above y), and the one just
// East, when it reaches above y, to the piece on P's East side at y.
// Every edge contact is found once, from its later piece, and listed at
// the earlier one; P then replaces the segments under it, cutting the
// last one short. P's first segment follows the segment of the piece
// before P when that piece stands on the same line and ends at x (seven
// pieces in ten on crowded boards), and otherwise is found from a table
// of about 64 sub-columns across the board, each holding the segment
// over its West end, walking East a segment or two. A last pass adds each
// piece to its chain's box, count and area, in position-code order.
//
// A tiling in leaves has its corner stitches in its records: each piece
// finds its later contacts by walking its sides (the top from right to
// left, the right side down to its own bottom, the left side up from its
// lower-left neighbour), and no sweep is needed. The records are read by
// slot as they lie, the order of the slots from the tiling's chunks. A
// set's root carries the set's box, area and count, added as sets join;
// the areas, added in the order of the joins, are those added in code
// order whenever every partial sum is exact in float64 (the board's area
// within 2^53 of the finest unit of the pieces' sides), and are added
// again in code order otherwise.
//
// Cost, on crowded boards (callgrind): about 300 to 430 machine
// instructions a piece by the stitches, 450 to 570 by the sweep;
// BENCHMARKS.md has the times. The working memory, 80 to 110 bytes a piece, comes from a
// pool and is kept between calls.

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/boardrules/boardrules"
)

// Chain is one chain of a position: a maximal set of pieces of one colour
// joined by edge contact (corner contact joins the groups that captures
// read, not chains), read through AppendChains. A chain that touches all
// four sides of the board wins. Its bounding box, X, Y, W and H as a
// Piece has them, tells how far it reaches toward each side: it touches
// the West side when X is 0, the East side when X+W is the board's width,
// the South side when Y is 0 and the North side when Y+H is the board's
// height.
type Chain struct {
	x, y, w, h int64 // the bounding box on the position's fixed grid
	area       float64
	pieces     int32
	shift      uint8
	c          int8 // the colour plus one, so that the zero Chain has none
}

// Color returns the chain's colour, NoColor for the zero Chain.
func (c Chain) Color() Color { return Color(c.c - 1) }

// Owner returns the seat whose colour the chain has (Black seat 0, White
// seat 1), boardrules.NoPlayer for the zero Chain.
func (c Chain) Owner() boardrules.Player {
	if c.c == 0 {
		return boardrules.NoPlayer
	}
	return boardrules.Player(c.c - 1)
}

// NumPieces returns the number of pieces in the chain.
func (c Chain) NumPieces() int { return int(c.pieces) }

// X returns the x coordinate of the lower-left corner of the chain's
// bounding box.
func (c Chain) X() Coord { return coordOf(c.x, c.shift) }

// Y returns the y coordinate of the lower-left corner of the chain's
// bounding box.
func (c Chain) Y() Coord { return coordOf(c.y, c.shift) }

// W returns the width of the chain's bounding box: how far the chain
// spans from West to East.
func (c Chain) W() Coord { return coordOf(c.w, c.shift) }

// H returns the height of the chain's bounding box: how far the chain
// spans from South to North.
func (c Chain) H() Coord { return coordOf(c.h, c.shift) }

// Size returns the width and height of the chain's bounding box in
// units, as float64: W().Float64() and H().Float64(), without making the
// Coords, for an evaluation that reads many chains.
func (c Chain) Size() (w, h float64) {
	unit := math.Float64frombits(uint64(1023-int(c.shift)) << 52) // 2^-shift
	return float64(c.w) * unit, float64(c.h) * unit
}

// Area returns the chain's area in square units: its pieces' areas w·h,
// each in float64, added in position-code order. It is exact unless the
// pieces are finer than about 2^-21 units, where float64's 53 bits cannot
// hold the sum; then it is rounded, the same way on every machine.
func (c Chain) Area() float64 { return c.area }

// AppendChains appends the chains of p to dst and returns the extended
// slice. Every piece is in one chain. The order is fixed by the position,
// the same on every call: that of the union-find that joins each piece,
// in position-code order, with the later pieces it touches, in that order,
// and lists the sets by their roots, so that a sum over the chains in
// this order is the one such a scan gives. AppendChains costs time linear
// in the pieces and allocates nothing when dst has room. The zero
// Position has no chains.
func (p Position) AppendChains(dst []Chain) []Chain {
	if p.t == nil {
		return dst
	}
	s := chainPool.Get().(*chainScratch)
	if p.t.flat != nil {
		s.ps = append(s.ps[:0], p.t.flat...)
		s.sweep(&p)
		s.join()
		dst = s.appendChains(dst, &p)
	} else {
		w := &s.walk
		w.load(p.t, &p)
		w.contacts()
		w.join()
		dst = w.appendChains(dst, &p)
	}
	chainPool.Put(s)
	return dst
}

// chainPiece returns piece i, its rectangle on the fixed grid and its
// colour, from the pieces laid out in s.ps: the one place where the chains
// read how a position stores its pieces.
func (s *chainScratch) chainPiece(i int32) (x, y, w, h int64, c Color) {
	pc := s.ps[i]
	return pc.X(), pc.Y(), pc.w, pc.H(), pc.C()
}

var chainPool = sync.Pool{New: func() any { return new(chainScratch) }}

// chainScratch is the working memory of AppendChains: that of the sweep,
// and walk, that of the walks along the stitches.
type chainScratch struct {
	walk  stitchScratch
	ps    []piece // the position's pieces, in position-code order
	n     int32
	nodes []chainNode
	col   []int32 // the node over each sub-column's West end
	// the contacts between pieces of one colour, listed at the earlier
	// piece: the later pieces in ej, the lists through next, each list
	// from head to tail
	head, tail []int32
	ej, next   []int32
	par, ref   []int32 // the union-find, and the scan's root of each set
	size       []int32 // the pieces of each set, at its root
}

// chainNode is a piece in the skyline: node i is piece i, and the three
// nodes after the pieces are the floor under the board and the walls West
// and East of it.
type chainNode struct {
	start, r, t int64 // the uncovered part of the top side, [start, r) at height t
	prev, next  int32 // the skyline's nodes, West to East
	c           Color // NoColor for the floor and the walls
}

// sweep goes up the board through the pieces of a flat tiling, finding
// the edge contacts between pieces of one colour.
func (s *chainScratch) sweep(p *Position) {
	n := int32(len(s.ps))
	s.n = n
	wf, _ := p.dims()
	floor, west, east := n, n+1, n+2
	const far = math.MaxInt64
	s.nodes = resize(s.nodes, int(n)+3)
	s.head, s.tail = resize(s.head, int(n)), resize(s.tail, int(n))
	nodes, head, tail := s.nodes, s.head, s.tail
	for i := range head {
		head[i] = -1
	}
	nodes[floor] = chainNode{start: 0, r: wf, t: 0, prev: west, next: east, c: NoColor}
	nodes[west] = chainNode{start: -1, r: 0, t: far, prev: -1, next: floor, c: NoColor}
	nodes[east] = chainNode{start: wf, r: far, t: far, prev: floor, next: -1, c: NoColor}
	// sub-columns of 2^cs grid units, about 64 across the board
	k := uint8(0)
	for units := wf >> p.shift; units<<(k+1) <= 64 && k < p.shift; k++ {
	}
	cs := (p.shift - k) & 63
	gm := int64(1)<<cs - 1
	s.col = resize(s.col, int(wf>>cs)+1)
	col := s.col
	for c := range col {
		col[c] = floor
	}
	if cap(s.ej) < 3*int(n) { // a tiling's contacts number below 3n
		s.ej, s.next = make([]int32, 3*n), make([]int32, 3*n)
	}
	ej, next := s.ej[:3*n], s.next[:3*n]
	e := int32(0)
	lastY, lastR := int64(-1), int64(-1)
	for j := range n {
		x, y, w, h, c := s.chainPiece(j)
		xr := x + w
		var u int32 // the first node under the piece
		if y == lastY && x == lastR {
			u = nodes[j-1].next
		} else {
			u = col[x>>cs]
			for nodes[u].start != x {
				u = nodes[u].next
			}
		}
		l := nodes[u].prev
		if nodes[l].c == c {
			e = addContact(head, tail, ej, next, l, j, e)
		}
		v := u
		for {
			nv := &nodes[v]
			if nv.c == c {
				e = addContact(head, tail, ej, next, v, j, e)
			}
			if nv.r > xr {
				nv.start = xr
				break
			}
			v = nv.next
			if nodes[v].start >= xr {
				if nodes[v].t > y && nodes[v].c == c {
					e = addContact(head, tail, ej, next, v, j, e)
				}
				break
			}
		}
		nj := &nodes[j]
		nj.start, nj.r, nj.t, nj.prev, nj.next, nj.c = x, xr, y+h, l, v, c
		nodes[l].next, nodes[v].prev = j, j
		for q := (x + gm) >> cs; q<<cs < xr; q++ {
			col[q] = j
		}
		lastY, lastR = y, xr
	}
}

// addContact appends contact e, of earlier piece i with later piece j, to
// i's list, and returns the next contact's index.
func addContact(head, tail, ej, next []int32, i, j, e int32) int32 {
	ej[e], next[e] = j, -1
	if head[i] < 0 {
		head[i] = e
	} else {
		next[tail[i]] = e
	}
	tail[i] = e
	return e + 1
}

// join unites the contacts in the scan's order: each piece in turn with
// the later pieces it touches. The smaller set goes under the larger's
// root, which keeps the trees shallow (the scan links the earlier piece's
// root under the later one's, and its trees grow deep), and each set
// keeps the scan's root in ref: joining the set of an earlier piece to
// that of a later one, the scan makes the later one's root the root.
func (s *chainScratch) join() {
	n := s.n
	s.par, s.ref = resize(s.par, int(n)), resize(s.ref, int(n))
	s.size = resize(s.size, int(n))
	par, ref, size, head, ej, next := s.par, s.ref, s.size, s.head, s.ej, s.next
	for i := range par {
		par[i], ref[i], size[i] = int32(i), int32(i), 1
	}
	for i := range n {
		e := head[i]
		if e < 0 {
			continue
		}
		a := find(par, i) // i's root, through its contacts
		for ; e >= 0; e = next[e] {
			b := ej[e]
			if par[b] != b {
				b = find(par, b)
			}
			if a == b {
				continue
			}
			r := ref[b]
			if size[a] < size[b] {
				a, b = b, a
			}
			par[b] = a
			size[a] += size[b]
			ref[a] = r
		}
	}
}

// appendChains appends the chains to dst in the order of the scan's
// roots, and adds each piece to its chain.
func (s *chainScratch) appendChains(dst []Chain, p *Position) []Chain {
	n := s.n
	par, ref := s.par, s.ref
	at := s.head // the set whose scan's root is each piece
	for i := range n {
		at[i] = -1
	}
	k := 0
	for i := range n {
		if par[i] == i {
			at[ref[i]] = i
			k++
		}
	}
	base := len(dst)
	dst = slices.Grow(dst, k)[:base+k]
	chains := dst[base:]
	k = 0
	for i := range n {
		if r := at[i]; r >= 0 {
			ref[r] = int32(k) // the set's chain
			_, _, _, _, c := s.chainPiece(r)
			chains[k] = Chain{x: math.MaxInt64, y: math.MaxInt64, shift: p.shift, c: int8(c) + 1}
			k++
		}
	}
	unit := math.Ldexp(1, -int(p.shift))
	for i := range n {
		ch := &chains[ref[find(par, i)]]
		x, y, w, h, _ := s.chainPiece(i)
		ch.x, ch.y = min(ch.x, x), min(ch.y, y)
		ch.w, ch.h = max(ch.w, x+w), max(ch.h, y+h) // the East and North sides until the end
		ch.area += float64(w) * unit * (float64(h) * unit)
		ch.pieces++
	}
	for k := range chains {
		chains[k].w -= chains[k].x
		chains[k].h -= chains[k].y
	}
	return dst
}

// stitchScratch is the working memory of the walks along the stitches.
// It names the pieces by their slots in the tiling, and by their places
// in code order.
type stitchScratch struct {
	nodes  []stitchNode // by slot
	order  []int32      // the slots in code order
	start  []int32      // where each piece's later contacts begin in later, by place
	later  []int64      // the later contacts of each piece, of its colour: place<<32 | slot
	par    []int32      // the union-find, by slot
	ref    []int32      // the place of the scan's root of each set, at its root
	at     []int32      // the root of the set whose scan's root is at each place
	ws, hs uint64       // all the pieces' widths and heights or-ed
}

// stitchNode is a piece: its rectangle from (x, y) to (r, t) on the fixed
// grid, its area in square units, its stitches (slots), its place in
// code order with its colour (place<<1 | colour); at the root of a set,
// the set's bounding box, area and count of pieces.
type stitchNode struct {
	x, y, r, t int64
	area       float64
	st         [4]int32
	key        int32
	pieces     int32
}

// load lays out the pieces of t, a tiling in leaves, by slot, with their
// stitches, and the slots in code order, each piece a set of its own.
func (s *stitchScratch) load(t *tiling, p *Position) {
	unit := math.Ldexp(1, -int(p.shift))
	ws, hs := uint64(0), uint64(0)
	s.nodes = resize(s.nodes, len(t.leaves)*leafSize)
	nodes := s.nodes
	for li, l := range t.leaves {
		nl := nodes[li*leafSize : li*leafSize+leafSize]
		white := t.white[li*leafSize>>6] >> (uint(li*leafSize) & 63)
		for m := range l {
			pc := &l[m].pc
			x, y, w, h := pc.X(), pc.Y(), pc.w, pc.H()
			ws, hs = ws|uint64(w), hs|uint64(h)
			nd := &nl[m]
			nd.x, nd.y, nd.r, nd.t = x, y, x+w, y+h
			nd.area = float64(w) * unit * (float64(h) * unit)
			nd.st = l[m].st
			nd.key = int32(white >> (uint(m) & 63) & 1)
			nd.pieces = 1
		}
	}
	s.order = s.order[:0]
	for _, r := range t.rope {
		s.order = append(s.order, r.c[:r.n]...)
	}
	s.ws, s.hs = ws, hs
	s.par, s.ref = resize(s.par, len(nodes)), resize(s.ref, len(nodes))
	par, ref := s.par, s.ref
	for k, sl := range s.order {
		nodes[sl].key |= int32(k) << 1
		par[sl], ref[sl] = sl, int32(k)
	}
}

// contacts lists each piece's later contacts of its colour, in code
// order: those beyond its top, found walking the top from right to left,
// those on its right side that start no lower than it, walking down, and
// those on its left side that start higher, walking up.
func (s *stitchScratch) contacts() {
	nodes, order := s.nodes, s.order
	n := len(order)
	s.start = resize(s.start, n+1)
	start := s.start[:n+1]
	// a tiling's edge contacts number below 3n, and a walk writes one
	// more, which it keeps if it is of the piece's colour
	if len(s.later) < 3*n+1 {
		s.later = make([]int64, 3*n+1)
	}
	out := s.later
	m := 0
	for k, i := range order {
		start[k] = int32(m)
		nd := &nodes[i]
		x, y, top, key, st := nd.x, nd.y, nd.t, nd.key, nd.st
		if t := st[stBL]; t >= 0 {
			for nodes[t].t < top {
				t = nodes[t].st[stRT]
				qk := nodes[t].key
				out[m] = int64(qk>>1)<<32 | int64(t)
				m += int(^(qk ^ key) & 1)
			}
		}
		for t := st[stTR]; t >= 0; {
			q := &nodes[t]
			qk := q.key
			if qk < key { // an earlier piece, which starts lower
				break
			}
			out[m] = int64(qk>>1)<<32 | int64(t)
			m += int(^(qk ^ key) & 1)
			if q.y <= y {
				break
			}
			t = q.st[stLB]
		}
		for t := st[stRT]; t >= 0; {
			q := &nodes[t]
			qk := q.key
			out[m] = int64(qk>>1)<<32 | int64(t)
			m += int(^(qk ^ key) & 1)
			if q.x <= x {
				break
			}
			t = q.st[stBL]
		}
		if m-int(start[k]) > 1 {
			js := out[start[k]:m]
			for a := 1; a < len(js); a++ {
				for b := a; b > 0 && js[b] < js[b-1]; b-- {
					js[b], js[b-1] = js[b-1], js[b]
				}
			}
		}
	}
	start[n] = int32(m)
}

// join unites each piece, in code order, with its later contacts, in
// code order. The set with fewer pieces goes under the other's root,
// which adds it to its box, area and count, and each set keeps the
// scan's root in ref: joining the set of an earlier piece to that of a
// later one, the scan makes the later one's root the root.
func (s *stitchScratch) join() {
	nodes, order := s.nodes, s.order
	par, ref, start, later := s.par, s.ref, s.start[:len(order)+1], s.later
	e := int32(0)
	for k, i := range order {
		end := start[k+1]
		if e == end {
			continue
		}
		a := find(par, i)
		for ; e < end; e++ {
			b := int32(later[e])
			if par[b] != b {
				b = find(par, b)
			}
			if a == b {
				continue
			}
			r := ref[b]
			if nodes[a].pieces < nodes[b].pieces {
				a, b = b, a
			}
			na, nb := &nodes[a], &nodes[b]
			na.x, na.y = min(na.x, nb.x), min(na.y, nb.y)
			na.r, na.t = max(na.r, nb.r), max(na.t, nb.t)
			na.area += nb.area
			na.pieces += nb.pieces
			par[b], ref[a] = a, r
		}
	}
}

// find returns the root of i's set in the union-find par, halving the
// path to it.
func find(par []int32, i int32) int32 {
	for par[i] != i {
		par[i] = par[par[i]]
		i = par[i]
	}
	return i
}

// appendChains appends the chains to dst in the order of the scan's
// roots.
func (s *stitchScratch) appendChains(dst []Chain, p *Position) []Chain {
	nodes, order, par, ref := s.nodes, s.order, s.par, s.ref
	n := len(order)
	s.at = resize(s.at, n)
	at := s.at
	for k := range at {
		at[k] = -1
	}
	roots := 0
	for _, i := range order {
		if par[i] == i {
			at[ref[i]] = i
			roots++
		}
	}
	if !s.exact(p) {
		s.areas(p)
	}
	base := len(dst)
	dst = slices.Grow(dst, roots)[:base+roots]
	chains := dst[base:]
	c := 0
	for _, r := range at {
		if r >= 0 {
			nd := &nodes[r]
			chains[c] = Chain{x: nd.x, y: nd.y, w: nd.r - nd.x, h: nd.t - nd.y, area: nd.area,
				pieces: nd.pieces, shift: p.shift, c: int8(nd.key&1) + 1}
			c++
		}
	}
	return dst
}

// exact reports whether every sum of the pieces' areas is exact in
// float64, as it is when the board's area is at most 2^53 times the
// finest unit of their widths times that of their heights: then the
// areas of the sets, added in the order of the joins, are those added in
// code order.
func (s *stitchScratch) exact(p *Position) bool {
	board := bits.Len64(uint64(p.v.Width)*uint64(p.v.Height)) + 2*int(p.shift)
	return board <= 53+bits.TrailingZeros64(s.ws)+bits.TrailingZeros64(s.hs)
}

// areas adds up each set's area again, in code order.
func (s *stitchScratch) areas(p *Position) {
	nodes, order, par := s.nodes, s.order, s.par
	unit := math.Ldexp(1, -int(p.shift))
	for _, i := range order {
		if par[i] == i {
			nodes[i].area = 0
		}
	}
	for _, i := range order {
		pc := p.t.pieceAt(i)
		nodes[find(par, i)].area += float64(pc.w) * unit * (float64(pc.H()) * unit)
	}
}
