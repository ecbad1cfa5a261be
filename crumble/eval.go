package crumble

// The chains of a position, for evaluations: AppendChains finds them in
// time linear in the pieces, without floating point until each chain's
// area.
//
// The method. Pieces tile the board and are stored in order of their
// lower-left corners, y then x. Taken in that order, the pieces already
// seen cover a region whose upper edge, the skyline, is a row of segments
// West to East, each the uncovered part of one piece's top side; a piece's
// top is covered from the West as the pieces above it come, so what is
// left of it is one segment, [start, right). When a piece P at (x, y)
// comes, the skyline over [x, x+w) lies at height y: its segments are the
// tops of exactly the pieces under P's bottom side, each in edge contact
// with P. The segment just West of them belongs to the piece on P's West
// side at y (edge contact: it reaches above y), and the one just East,
// when it reaches above y, to the piece on P's East side at y. Every edge
// contact is found once, from its later piece: contacts with the pieces
// further up P's sides are found when those come, from P's segment. P
// then replaces the segments under it, cutting the last one short.
//
// P's first segment begins exactly at x: it follows the segment of the
// piece before P when that piece stands on the same line and ends at x
// (seven pieces in ten on crowded boards), and otherwise is found from a table of about 64
// sub-columns across the board, each holding the segment over its West
// end, walking East a segment or two. So a piece costs a constant amount
// of work, plus one step per piece under it.
//
// The contacts between pieces of one colour go to a union-find. They are
// joined in the order of the plain quadratic method, a scan of every pair
// of pieces (each piece with the later pieces it touches, both in
// position-code order, the set of the earlier one linked under the
// other's root), and each set keeps the piece that would be its root in
// that scan. The chains are listed in the order of those roots, so that a
// float64 sum over them is bit for bit the scan's: an evaluation written
// on the scan keeps its values. A last pass adds each piece to its
// chain's box, count and area, in position-code order.
//
// Cost: about 500 machine instructions a piece, a sixth of them for the
// scan's order (1,100 pieces: 0.55 M); BENCHMARKS.md has the times. The
// working memory, about 80 bytes a piece, comes from a pool and is kept
// between calls.

import (
	"math"
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
// in the pieces (about 500 machine instructions a piece) and allocates
// nothing when dst has room. The zero Position has no chains.
func (p Position) AppendChains(dst []Chain) []Chain {
	if p.t == nil {
		return dst
	}
	s := chainPool.Get().(*chainScratch)
	s.ps = p.t.appendPieces(s.ps[:0])
	s.sweep(&p)
	s.join()
	dst = s.appendChains(dst, &p)
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

// chainScratch is the working memory of AppendChains.
type chainScratch struct {
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

// sweep goes up the board through the pieces, finding the edge contacts
// between pieces of one colour.
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
		a := s.find(i) // i's root, through its contacts
		for ; e >= 0; e = next[e] {
			b := ej[e]
			if par[b] != b {
				b = s.find(b)
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

// find returns the root of i's set, halving the path to it.
func (s *chainScratch) find(i int32) int32 {
	par := s.par
	for par[i] != i {
		par[i] = par[par[i]]
		i = par[i]
	}
	return i
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
		ch := &chains[ref[s.find(i)]]
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
