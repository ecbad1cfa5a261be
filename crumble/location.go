package crumble

// Canonical locations found by walking the lines of the tiling from the
// piece named, rather than by the corner graph of the whole position: a
// Move carries its text, so every listed base needs its anchor's
// location, and most anchors are one, two or three legs from the origin,
// which a walk of a few corners finds. A location of more legs comes from
// the corner graph (notation.go), which gives the same text.

import "strconv"

// inside reports whether piece i holds the point just beside (x, y) on
// the given sides: east means just right of x, else just left; north just
// above y, else just below.
func (f *cutFinder) inside(i int, x, y int64, east, north bool) bool {
	r := f.ps[i].R()
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

// occupant returns the piece holding the point just beside (x, y) on the
// given sides, or -1 beyond the board. hint is a piece whose closure
// holds (x, y): the piece sought is hint or a piece touching it.
func (f *cutFinder) occupant(x, y int64, east, north bool, hint int) int {
	if (!east && x <= 0) || (east && x >= f.wf) || (!north && y <= 0) || (north && y >= f.hf) {
		return -1
	}
	if f.inside(hint, x, y, east, north) {
		return hint
	}
	switch {
	case f.b != nil:
		g := f.b
		around := g.touch[uint8(g.slotOf[hint])].and(g.base)
		for w := around.pop(); w >= 0; w = around.pop() {
			if i := int(g.pieceOf[uint8(w)]); f.inside(i, x, y, east, north) {
				return i
			}
		}
	case f.g != nil:
		g := f.g
		for _, a := range g.adj[g.off[hint]:g.off[hint+1]] {
			if i := int(a >> 1); f.inside(i, x, y, east, north) {
				return i
			}
		}
	default:
		if f.maxH == 0 {
			f.maxH = maxHeight(f.ps)
		}
		return locate(f.ps, f.maxH, x, y, east, north)
	}
	return -1
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
}

// appendLocation appends the canonical location of piece i's lower-left
// corner t: one leg on the bottom row; two when the line from the bottom
// straight up to t runs along edges; three when one does to a corner
// West of t on t's row (the eastmost such corner gives the largest first
// count); more from the corner graph.
func (p *Position) appendLocation(s *scratch, dst []byte, i int) []byte {
	pc := p.pieces[i]
	x, y := pc.X(), pc.Y()
	if y == 0 { // the bottom row: pieces before i are the corners passed
		return strconv.AppendInt(dst, int64(i), 10)
	}
	w := s.locWalkOf(p)
	if c1, c2, ok := w.twoLegs(x, y, i); ok {
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
	wf, hf := p.dims()
	return s.cornerGraphOf(p.pieces, wf, hf).appendCanonical(dst, x, y)
}

// appendCounts appends a location's counts, separated by commas.
func appendCounts(dst []byte, counts ...int64) []byte {
	for k, c := range counts {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, c, 10)
	}
	return dst
}

// twoLegs returns the location c1,c2 of the corner (x, y), y > 0, when
// the line from (x, 0) up to it runs along edges: c1 corners along the
// bottom, c2 up the line. hint is a piece whose closure holds the corner.
func (w *locWalk) twoLegs(x, y int64, hint int) (c1, c2 int64, ok bool) {
	for y > 0 {
		if x, y, hint, ok = w.f.lineStep(x, y, dirS, hint); !ok {
			return 0, 0, false
		}
		c2++
	}
	return int64(searchPieces(w.f.ps, x, 0)), c2, true
}

// joinCounts returns the counts a, b of the legs of join b of p: East
// from the anchor's lower-left corner (x0, y0) to (x1, y0), then North to
// (x1, y1).
func (p *Position) joinCounts(s *scratch, b *base) (int, int) {
	w := s.locWalkOf(p)
	a := p.pieces[b.anchor]
	x0, y0 := a.X(), a.Y()
	x1, y1 := x0+b.wide, y0+joinHeightOf(b.wide, b.shape)
	x, y, h := x0, y0, int(b.anchor)
	ca, cb := 0, 0
	for x < x1 {
		var ok bool
		if x, y, h, ok = w.f.lineStep(x, y, dirE, h); !ok {
			panic("crumble: a join's bottom leg crosses a piece")
		}
		ca++
	}
	for y < y1 {
		var ok bool
		if x, y, h, ok = w.f.lineStep(x, y, dirN, h); !ok {
			panic("crumble: a join's side leg crosses a piece")
		}
		cb++
	}
	return ca, cb
}

// joinHeightOf returns the height of a joined piece w wide of the shape.
func joinHeightOf(w int64, shape uint8) int64 {
	m := Move{wide: w, flags: shape}
	return m.joinHeight()
}

// locWalkOf returns s's location walker, ready for p: it walks on p's
// contact graph, built if s does not hold it (a
// search of the swap paths needs it too, and corner lookups without it
// scan the pieces).
func (s *scratch) locWalkOf(p *Position) *locWalk {
	if fitsBits(len(p.pieces)) {
		p.tileBits(s)
	} else {
		p.tile(s)
	}
	s.loc.f = s.finder(p)
	return &s.loc
}

// headOf returns the text of base b of p up to its path: the anchor's
// canonical location and the base's letters. The location is kept for
// the next base of the same anchor.
func (s *scratch) headOf(p *Position, b *base) []byte {
	if !samePieces(s.headFor, p.pieces) || s.headAnchor != b.anchor {
		s.headLoc = p.appendLocation(s, s.headLoc[:0], int(b.anchor))
		s.headFor, s.headAnchor = p.pieces, b.anchor
	}
	ja, jb := 0, 0
	if b.kind == kindJ {
		ja, jb = p.joinCounts(s, b)
	}
	s.head = appendBaseText(append(s.head[:0], s.headLoc...), b.kind, b.n, ja, jb)
	return s.head
}
