package crumble

// The chains of a position, for evaluations: AppendChains finds them in
// time linear in the pieces, without floating point until each chain's
// area, by the corner stitches of the tiling.
//
// The order. The contacts between pieces of one colour go to a
// union-find, joined in the order of the plain quadratic method, a scan
// of every pair of pieces (each piece with the later pieces it touches,
// both in position-code order, the set of the earlier one linked under
// the other's root); each set keeps the piece that would be its root in
// that scan, and the chains are listed in the order of those roots, so
// that a float64 sum over them is bit for bit the scan's: an evaluation
// written on the scan keeps its values. The union-find links the smaller
// set under the larger's root, which keeps the trees shallow (the scan's
// trees grow deep), and carries the scan's root beside: joining the set
// of an earlier piece to that of a later one, the scan makes the later
// one's root the root.
//
// The contacts. A tiling in leaves has its stitches in its records; a
// flat one's (up to flatMax pieces) are worked out by the sweep up the
// board that the view uses (skyline.stitch). The pieces are laid out by
// slot, read in code order, each in one node with the set it heads. Each
// piece in turn finds its later contacts by walking its sides: the left
// side up from its lower-left neighbour (pieces that start higher, in
// code order), the top from right to left and the right side down to the
// first earlier piece (both against code order, and all of the right
// side's before the top's, so they are written down from the end of the
// buffer and read up in code order); it is joined with them at once, as
// the scan would, which needs no list of every contact. A set's root
// carries the set's box, area and count, added as sets join; the areas,
// added in the order of the joins, are those added in code order
// whenever every partial sum is exact in float64 (the board's area within
// 2^53 of the finest unit of the pieces' sides), and are added again in
// code order otherwise.
//
// Cost, on crowded boards (callgrind): about 260 to 340 machine
// instructions a piece on a tiling in leaves, the fewer where most chains
// are one piece, and 500 to 700 on a flat one, whose stitches the sweep
// works out; BENCHMARKS.md has the times. The working memory, about 100
// bytes a piece, comes from a pool and is kept between calls.

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
	unit := gridUnit(c.shift)
	return float64(c.w) * unit, float64(c.h) * unit
}

// gridUnit returns the side of the fixed grid's unit, 2^-shift, in
// square units' sides. (Its exponent written straight in is what
// math.Ldexp would give, without the call.)
func gridUnit(shift uint8) float64 { return math.Float64frombits(uint64(1023-int(shift)) << 52) }

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
	wf, _ := p.dims()
	s.load(p.t, wf, gridUnit(p.shift))
	s.join()
	dst = s.appendChains(dst, &p)
	chainPool.Put(s)
	return dst
}

var chainPool = sync.Pool{New: func() any { return new(chainScratch) }}

// chainScratch is the working memory of AppendChains. It names the pieces
// by their slots in the tiling (a flat tiling's slots are its places),
// and by their places in code order.
type chainScratch struct {
	nodes  []chainNode // by slot
	order  []int32     // the slots in code order
	later  []int32     // a piece's later contacts of its colour
	at     []int32     // the root of the set whose scan's root is at each place
	st     [][4]int32  // a flat tiling's stitches
	sky    skyline     // the working memory that works them out
	ws, hs uint64      // all the pieces' widths and heights or-ed
}

// chainNode is a piece and the set of the union-find it is in. The walks
// along its neighbours' sides read its left side x and top t on the
// fixed grid, which stay as they are, its stitches (slots), and its place
// in code order with its colour (place<<1 | colour). par is its parent in
// the union-find; at the root of a set, box and area are the set's
// bounding box (x, y, right, top) and area, pieces its count, and ref the
// place of the scan's root. One node holds both, which costs the joins
// one bounds check where three arrays cost three.
type chainNode struct {
	x, t   int64
	st     [4]int32
	key    int32
	par    int32
	box    [4]int64
	area   float64
	pieces int32
	ref    int32
}

// load lays out the pieces of t by slot, read in code order, with their
// stitches: a tiling in leaves has them in its records, a flat one's are
// worked out by the sweep up the board that the view uses; and makes each
// piece a set of its own. unit is the grid's unit in square units' sides.
func (s *chainScratch) load(t *tiling, wf int64, unit float64) {
	flat := t.flat
	slots := len(t.leaves) * leafSize
	if flat != nil {
		slots = len(flat)
		s.st = resize(s.st, slots)
		s.sky.stitch(flat, s.st, wf)
	}
	s.order = t.appendSlots(s.order[:0])
	s.nodes = resize(s.nodes, slots)
	nodes, white := s.nodes, t.white
	ws, hs := uint64(0), uint64(0)
	for k, sl := range s.order {
		nd := &nodes[sl]
		var pc *piece
		var c int32
		if flat != nil {
			pc, nd.st = &flat[sl], s.st[sl]
			c = int32(pc.ys >> 63)
		} else {
			rc := t.rec(sl)
			pc, nd.st = &rc.pc, rc.st
			c = int32(whiteBit(white, sl))
		}
		x, y, w, h := pc.X(), pc.Y(), pc.w, pc.H()
		ws, hs = ws|uint64(w), hs|uint64(h)
		nd.x, nd.t, nd.key, nd.par = x, y+h, int32(k)<<1|c, sl
		nd.box = [4]int64{x, y, x + w, y + h}
		nd.area = squareUnits(w, h, unit)
		nd.pieces, nd.ref = 1, int32(k)
	}
	s.ws, s.hs = ws, hs
}

// join unites each piece, in code order, with its later contacts of its
// colour, in code order, as it finds them: those on its left side that
// start higher, walking up, those on its right side that start no lower
// than it, walking down to the first earlier piece, and those beyond its
// top, walking the top from right to left. The set with fewer pieces goes
// under the other's root, which adds it to its box, area and count, and
// each set keeps the scan's root in ref: joining the set of an earlier
// piece to that of a later one, the scan makes the later one's root the
// root.
func (s *chainScratch) join() {
	nodes := s.nodes
	// A piece's later contacts are at most the other pieces, and a walk
	// writes one more, which it keeps if it is of the piece's colour. The
	// walks find those on the left side in code order, and those on the
	// right side and beyond the top against it, all of the right side's
	// before the top's; the left side's go up from the start of later,
	// the others down from its end, where they lie in order.
	n := len(s.order)
	if len(s.later) < 2*n+2 {
		s.later = make([]int32, 2*n+2)
	}
	out := s.later[:2*n+2]
	end := len(out) - 1
	for _, i := range s.order {
		nd := &nodes[i]
		x, top, key, st := nd.x, nd.t, nd.key, &nd.st
		m, d := 0, end
		if t := st[stBL]; t >= 0 {
			for nodes[t].t < top {
				t = nodes[t].st[stRT]
				out[m] = t
				m += sameColor(nodes[t].key, key)
			}
		}
		for t := st[stRT]; t >= 0; {
			q := &nodes[t]
			out[d] = t
			d -= sameColor(q.key, key)
			if q.x <= x {
				break
			}
			t = q.st[stBL]
		}
		for t := st[stTR]; t >= 0; {
			q := &nodes[t]
			qk := q.key
			if qk < key { // an earlier piece, which starts lower
				break
			}
			out[d] = t
			d -= sameColor(qk, key)
			t = q.st[stLB]
		}
		if m == 0 && d == end {
			continue // no contact to join
		}
		// the contacts are out[lo:hi]; the left side's, if any, go in
		// among the others, which is rare
		lo, hi := d+1, end+1
		if m > 0 {
			hi = m + copy(out[m:], out[lo:hi])
			lo = 0
			for a := m; a < hi; a++ {
				for b := a; b > 0 && nodes[out[b]].key < nodes[out[b-1]].key; b-- {
					out[b], out[b-1] = out[b-1], out[b]
				}
			}
		}
		a := nd.par
		if nodes[a].par != a {
			a = find(nodes, a)
		}
		na := &nodes[a]
		for k := lo; k < hi; k++ {
			b := out[k]
			nb := &nodes[b]
			if nb.par == a {
				continue // already in the set: often, after the halving
			} else if nb.par != b {
				if b = find(nodes, nb.par); a == b {
					continue
				}
				nb = &nodes[b]
			}
			r := nb.ref
			if na.pieces < nb.pieces {
				a, na, nb = b, nb, na
			}
			na.box[0], na.box[1] = min(na.box[0], nb.box[0]), min(na.box[1], nb.box[1])
			na.box[2], na.box[3] = max(na.box[2], nb.box[2]), max(na.box[3], nb.box[3])
			na.area += nb.area
			na.pieces += nb.pieces
			na.ref = r
			nb.par = a
		}
	}
}

// sameColor returns 1 if the pieces of keys a and b (place<<1 | colour)
// have one colour, else 0: a walk writes down every piece it passes and
// keeps it by this count, without a branch.
func sameColor(a, b int32) int { return int(^(a ^ b) & 1) }

// find returns the root of i's set in the union-find of nodes, halving
// the path to it.
func find(nodes []chainNode, i int32) int32 {
	for {
		p := nodes[i].par
		if p == i {
			return i
		}
		gp := nodes[p].par
		nodes[i].par = gp
		i = gp
	}
}

// appendChains appends the chains to dst in the order of the scan's
// roots.
func (s *chainScratch) appendChains(dst []Chain, p *Position) []Chain {
	nodes, order := s.nodes, s.order
	s.at = resize(s.at, len(order))
	at := s.at
	for k := range at {
		at[k] = -1
	}
	roots := 0
	for _, i := range order {
		if nd := &nodes[i]; nd.par == i {
			at[nd.ref] = i
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
			// field by field: a composite literal is built aside and
			// copied in wider stores than it was written with, which
			// stalls
			nd, ch := &nodes[r], &chains[c]
			ch.x, ch.y, ch.w, ch.h = nd.box[0], nd.box[1], nd.box[2]-nd.box[0], nd.box[3]-nd.box[1]
			ch.area, ch.pieces, ch.shift = nd.area, nd.pieces, p.shift
			ch.c = int8(nd.key&1) + 1
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
func (s *chainScratch) exact(p *Position) bool {
	board := bits.Len64(uint64(p.v.Width)*uint64(p.v.Height)) + 2*int(p.shift)
	return board <= 53+bits.TrailingZeros64(s.ws)+bits.TrailingZeros64(s.hs)
}

// areas adds up each set's area again, in code order.
func (s *chainScratch) areas(p *Position) {
	nodes, order := s.nodes, s.order
	unit := gridUnit(p.shift)
	for _, i := range order {
		if nodes[i].par == i {
			nodes[i].area = 0
		}
	}
	for _, i := range order {
		pc := p.t.pieceAt(i)
		nodes[find(nodes, i)].area += squareUnits(pc.w, pc.H(), unit)
	}
}

// squareUnits returns the area of a piece w by h on the fixed grid of
// unit, in square units, rounded the same way wherever it is added.
func squareUnits(w, h int64, unit float64) float64 { return float64(w) * unit * (float64(h) * unit) }
