package crumble

// Canonical locations found by walking the lines of the tiling from the
// piece named, rather than by the corner graph of the whole position: a
// Move carries its text, so every listed base needs its anchor's
// location, and most anchors are one, two or three legs from the origin,
// which a walk of a few corners finds. A location of four to locDeepLegs
// legs comes from a memoised walk of the lines, and one of more from the
// corner graph (notation.go), which gives the same text.

import (
	"cmp"
	"slices"
	"strconv"
)

// occupant returns the piece holding the point just beside (x, y) on the
// given sides, or -1 beyond the board. hint is a piece whose closure
// holds (x, y).
func (f *cutFinder) occupant(x, y int64, east, north bool, hint int) int {
	return int(f.v.find(x, y, east, north, int32(hint), f.wf, f.hf))
}

// lineStep moves from the corner (x, y) to the next intersection in
// direction d, if the way there runs along edges or the board's sides;
// ok is false when it would cross a piece or leave the board. hint is a
// piece whose closure holds (x, y), nh one whose closure holds the next
// point.
func (f *cutFinder) lineStep(x, y int64, d int, hint int) (nx, ny int64, nh int, ok bool) {
	var a, b int // the pieces on either side of the way: above and below, or right and left
	switch d {
	case dirE:
		a, b = f.occupant(x, y, true, true, hint), f.occupant(x, y, true, false, hint)
	case dirW:
		a, b = f.occupant(x, y, false, true, hint), f.occupant(x, y, false, false, hint)
	case dirN:
		a, b = f.occupant(x, y, true, true, hint), f.occupant(x, y, false, true, hint)
	default:
		a, b = f.occupant(x, y, true, false, hint), f.occupant(x, y, false, false, hint)
	}
	if a == b { // one piece across the way, or both beyond the board
		return 0, 0, 0, false
	}
	// the next intersection is where the first of the two pieces ends
	forward := d == dirE || d == dirN
	var end int64
	nh = -1
	for _, i := range [2]int{a, b} {
		if i < 0 {
			continue
		}
		r := f.ps[i].R()
		var v int64
		switch d {
		case dirE:
			v = r.x + r.w
		case dirW:
			v = r.x
		case dirN:
			v = r.y + r.h
		default:
			v = r.y
		}
		if nh < 0 || (forward && v < end) || (!forward && v > end) {
			end, nh = v, i
		}
	}
	if d == dirE || d == dirW {
		return end, y, nh, true
	}
	return x, end, nh, true
}

// locWalk finds canonical locations in one position by walking its lines
// (see the file's header).
type locWalk struct {
	f cutFinder

	// the walks of four legs or more, memoised for the tiling t: the
	// best walk of each number of legs to each point sought, in an open
	// addressing table of entries stamped with epoch
	t     *tiling
	table []locEntry
	epoch uint32
	used  int
	steps int
	seqA  []int64
	seqB  []int64
}

// locEntry is the best walk of legs legs from the origin to the point
// (x, y): the point its last leg starts at and the leg's count (ok false:
// none).
type locEntry struct {
	x, y   int64
	px, py int64
	count  int64
	epoch  uint32
	legs   int8
	ok     bool
}

// locDeepLegs is the most legs the memoised walks look for, and
// locDeepSteps the most line steps they take for one location; past
// either, the corner graph gives the location.
const (
	locDeepLegs  = 8
	locDeepSteps = 1 << 14
)

// lookup returns the entry of (x, y, legs), and whether it was there; a
// new entry is claimed for it (the table grows at half full).
func (w *locWalk) lookup(x, y int64, legs int8) (*locEntry, bool) {
	if 2*(w.used+1) > len(w.table) {
		w.grow()
	}
	mask := uint64(len(w.table) - 1)
	h := mix64(uint64(x)*0x9e3779b97f4a7c15^uint64(y)) ^ uint64(legs)
	for i := h & mask; ; i = (i + 1) & mask {
		e := &w.table[i]
		if e.epoch != w.epoch {
			*e = locEntry{x: x, y: y, legs: legs, epoch: w.epoch}
			w.used++
			return e, false
		}
		if e.x == x && e.y == y && e.legs == legs {
			return e, true
		}
	}
}

// grow doubles the table, keeping its entries.
func (w *locWalk) grow() {
	old := w.table
	w.table = make([]locEntry, max(256, 2*len(old)))
	w.used = 0
	epoch := w.epoch
	w.epoch = 1
	for i := range old {
		if e := old[i]; e.epoch == epoch && epoch != 0 {
			n, _ := w.lookup(e.x, e.y, e.legs)
			*n = e
			n.epoch = w.epoch
		}
	}
}

// forget empties the table.
func (w *locWalk) forget() {
	w.used = 0
	if w.epoch++; w.epoch == 0 {
		clear(w.table)
		w.epoch = 1
	}
}

// best returns the lexicographically largest walk of exactly legs legs
// from the origin to the corner (x, y), whose closure piece hint holds:
// legs alternate East and North from the first, and a later leg moves at
// least one intersection. ok is false when there is none or the steps ran
// out (w.steps > locDeepSteps).
func (w *locWalk) best(x, y int64, legs int8, hint int) locEntry {
	if e, ok := w.lookup(x, y, legs); ok {
		return *e
	}
	var e locEntry
	switch {
	case legs == 1:
		if y == 0 {
			e = locEntry{ok: true, count: int64(searchPieces(w.f.ps, x, 0))}
		}
	default:
		d := dirW // the last leg runs East: walk back West
		if legs%2 == 0 {
			d = dirS
		}
		cx, cy, ch := x, y, hint
		for count := int64(1); w.steps <= locDeepSteps; count++ {
			var ok bool
			if cx, cy, ch, ok = w.f.lineStep(cx, cy, d, ch); !ok {
				break
			}
			w.steps++
			if c := w.best(cx, cy, legs-1, ch); !c.ok || (e.ok && !w.greater(cx, cy, e.px, e.py, legs-1)) {
				continue
			}
			e = locEntry{ok: true, px: cx, py: cy, count: count}
		}
		if w.steps > locDeepSteps {
			e.ok = false
		}
	}
	n, _ := w.lookup(x, y, legs)
	e.x, e.y, e.legs, e.epoch = x, y, legs, w.epoch
	*n = e
	return e
}

// greater reports whether the best walk of legs legs to (ax, ay) is
// lexicographically greater than the one to (bx, by); both exist.
func (w *locWalk) greater(ax, ay, bx, by int64, legs int8) bool {
	w.seqA = w.sequence(w.seqA[:0], ax, ay, legs)
	w.seqB = w.sequence(w.seqB[:0], bx, by, legs)
	for i := range w.seqA {
		if w.seqA[i] != w.seqB[i] {
			return w.seqA[i] > w.seqB[i]
		}
	}
	return false
}

// sequence appends the counts of the best walk of legs legs to (x, y),
// first leg first.
func (w *locWalk) sequence(dst []int64, x, y int64, legs int8) []int64 {
	start := len(dst)
	for ; legs >= 1; legs-- {
		e, _ := w.lookup(x, y, legs)
		dst = append(dst, e.count)
		x, y = e.px, e.py
	}
	s := dst[start:]
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
	return dst
}

// appendLocation appends the canonical location of piece i's lower-left
// corner t: one leg on the bottom row; two when the line from the bottom
// straight up to t runs along edges; three when one does to a corner
// West of t on t's row (the eastmost such corner gives the largest first
// count); up to locDeepLegs by a memoised walk of the lines (best); more
// from the corner graph.
func (p *Position) appendLocation(s *scratch, dst []byte, i int) []byte {
	pc := s.last.v.ps[i]
	x, y := pc.X(), pc.Y()
	if y == 0 { // the bottom row: pieces before i are the corners passed
		return strconv.AppendInt(dst, int64(i), 10)
	}
	w := s.locWalkOf(p)
	if c1, c2, ok := w.down(x, y, s.last.v.st[i][stLB], int32(i)); ok { // below i's corner, East of the line: its stitch
		return appendCounts(dst, c1, c2)
	}
	for cx, cy, ch, c3 := x, y, i, int64(1); ; c3++ {
		var ok bool
		if cx, cy, ch, ok = w.f.lineStep(cx, cy, dirW, ch); !ok {
			break
		}
		if c1, c2, ok := w.twoLegs(cx, cy, ch); ok {
			return appendCounts(dst, c1, c2, c3)
		}
	}
	if w.t != p.t {
		w.t = p.t
		w.forget()
	}
	w.steps = 0
	for legs := int8(4); legs <= locDeepLegs && w.steps <= locDeepSteps; legs++ {
		if e := w.best(x, y, legs, i); e.ok {
			w.seqA = w.sequence(w.seqA[:0], x, y, legs)
			return appendCounts(dst, w.seqA...)
		}
	}
	if w.steps > locDeepSteps {
		w.forget() // walks cut short are in the table as none
	}
	return s.cornerGraphOf(p).appendCanonical(dst, x, y)
}

// appendCounts appends a location's counts, separated by commas.
func appendCounts(dst []byte, counts ...int64) []byte {
	for k, c := range counts {
		if k > 0 {
			dst = append(dst, ',')
		}
		if 0 <= c && c < 10 { // the most common, without strconv's call
			dst = append(dst, byte('0'+c))
			continue
		}
		dst = strconv.AppendInt(dst, c, 10)
	}
	return dst
}

// twoLegs returns the location c1,c2 of the corner (x, y), y > 0, when
// the line from (x, 0) up to it runs along edges: c1 corners along the
// bottom, c2 up the line. hint is a piece whose closure holds the corner.
func (w *locWalk) twoLegs(x, y int64, hint int) (c1, c2 int64, ok bool) {
	return w.down(x, y, int32(w.f.occupant(x, y, true, false, hint)), int32(hint))
}

// down is twoLegs from the piece a just East of the line below the corner
// (-1 on the board's East side), and a piece hint whose closure holds the
// corner. It is lineStep South again and again, kept to the two pieces
// either side of the line below each corner: the one East of it steps
// down by its lower-left stitch, the one West is sought from its own.
func (w *locWalk) down(x, y int64, a, hint int32) (c1, c2 int64, ok bool) {
	v, wf, hf := w.f.v, w.f.wf, w.f.hf
	if a >= 0 {
		hint = a
	}
	b := v.find(x, y, false, false, hint, wf, hf) // just West of the line
	for {
		if a == b { // one piece across the line
			return 0, 0, false
		}
		ya, yb := int64(-1), int64(-1)
		if a >= 0 {
			ya = v.ps[a].Y()
		}
		if b >= 0 {
			yb = v.ps[b].Y()
		}
		y = max(ya, yb) // the next corner down: where the first of the two ends
		c2++
		if y == 0 {
			break
		}
		if ya == y {
			a = v.st[a][stLB]
		}
		if yb == y { // the piece below b's lower-left corner, if it reaches the line
			if b = v.st[b][stLB]; v.ps[b].X()+v.ps[b].w < x {
				b = v.find(x, y, false, false, b, wf, hf)
			}
		}
	}
	if a >= 0 { // on the bottom row, at x: the pieces before it are the corners passed
		return int64(a), c2, true
	}
	return int64(searchPieces(w.f.ps, x, 0)), c2, true
}

// joinCounts returns the counts a, b of the legs of join b of p: East
// from the anchor's lower-left corner (x0, y0) to (x1, y0), then North to
// (x1, y1). The legs walked are kept and walked on: the joins of an
// anchor come by x1, then y1, so each goes on from the last one's East
// leg (s.text.legs); and the anchors of a row share their joins' far
// sides, so the North leg from (x1, y0) is walked once for all of them
// (s.text.north).
func (p *Position) joinCounts(s *scratch, b *base) (int, int) {
	w := s.locWalkOf(p)
	a := s.last.v.ps[b.anchor]
	x0, y0 := a.X(), a.Y()
	x1, y1 := x0+b.wide, y0+joinHeightOf(b.wide, b.shape)
	l := &s.text.legs
	if l.t != p.t || l.anchor != b.anchor || l.ex > x1 {
		*l = legs{t: p.t, anchor: b.anchor, ex: x0, eh: int(b.anchor)}
	}
	for l.ex < x1 {
		var ok bool
		if l.ex, _, l.eh, ok = w.f.lineStep(l.ex, y0, dirE, l.eh); !ok {
			panic("crumble: a join's bottom leg crosses a piece")
		}
		l.ea++
	}
	return l.ea, s.text.north.count(&w.f, p.t, x1, y0, y1, l.eh)
}

// legs is the East leg of the last join whose text was written: from the
// anchor's lower-left corner (x0, y0) in the pieces t East to (ex, y0)
// past ea intersections, the piece eh holding that corner.
type legs struct {
	t      *tiling
	anchor int32
	ex     int64
	ea, eh int
}

// northLegs is the North legs of the joins of one row of anchors (those
// on y0, in the pieces t) whose texts were written: for each far side
// x1, in order, the intersections met from (x1, y0), in order, in ys.
type northLegs struct {
	t    *tiling
	y0   int64
	legs []northLeg
	ys   []int64
}

// northLeg is the North leg from (x1, y0): its intersections are
// ys[off:off+n], the piece nh holding the last.
type northLeg struct {
	x1     int64
	off, n int
	nh     int
}

// count returns the intersections of the North leg from (x1, y0) up to
// (x1, y1), one of them, walking on from the leg's last, or from (x1, y0)
// with the piece hint holding it.
func (nl *northLegs) count(f *cutFinder, t *tiling, x1, y0, y1 int64, hint int) int {
	if nl.t != t || nl.y0 != y0 {
		nl.t, nl.y0, nl.legs, nl.ys = t, y0, nl.legs[:0], nl.ys[:0]
	}
	k, found := slices.BinarySearchFunc(nl.legs, x1, func(e northLeg, x int64) int { return cmp.Compare(e.x1, x) })
	if !found {
		nl.legs = slices.Insert(nl.legs, k, northLeg{x1: x1, off: len(nl.ys), nh: hint})
	}
	e := &nl.legs[k]
	if e.n == 0 || nl.ys[e.off+e.n-1] < y1 {
		if e.off+e.n != len(nl.ys) { // another leg grew since: this one moves to the end
			nl.ys = append(nl.ys, nl.ys[e.off:e.off+e.n]...)
			e.off = len(nl.ys) - e.n
		}
		y := y0
		if e.n > 0 {
			y = nl.ys[e.off+e.n-1]
		}
		for y < y1 {
			var ok bool
			if _, y, e.nh, ok = f.lineStep(x1, y, dirN, e.nh); !ok {
				panic("crumble: a join's side leg crosses a piece")
			}
			nl.ys = append(nl.ys, y)
			e.n++
		}
	}
	i, _ := slices.BinarySearch(nl.ys[e.off:e.off+e.n], y1)
	return i + 1
}

// joinHeightOf returns the height of a joined piece w wide of the shape.
func joinHeightOf(w int64, shape uint8) int64 {
	m := Move{wide: w, flags: shape}
	return m.joinHeight()
}

// locWalkOf returns s's location walker, ready for p.
func (s *scratch) locWalkOf(p *Position) *locWalk {
	s.see(p)
	s.text.loc.f.set(&s.last.v)
	return &s.text.loc
}

// headOf returns the text of base b of p up to its path: the anchor's
// canonical location and the base's letters. The location is kept for
// the next base of the same anchor.
func (s *scratch) headOf(p *Position, b *base) []byte {
	if s.text.headFor != p.t || s.text.headAnchor != b.anchor {
		s.text.headLoc = p.appendLocation(s, s.text.headLoc[:0], int(b.anchor))
		s.text.headFor, s.text.headAnchor = p.t, b.anchor
	}
	ja, jb := 0, 0
	if b.kind == kindJ {
		ja, jb = p.joinCounts(s, b)
	}
	s.text.head = appendBaseText(append(s.text.head[:0], s.text.headLoc...), b.kind, b.n, ja, jb)
	return s.text.head
}
