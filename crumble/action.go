package crumble

// Splits and joins: the pieces a cut takes, the rectangles a join may
// cover, and what an action removes and creates.

import "slices"

// locate returns the index of the piece that holds the points just beside
// (px, py) on the given side: east means just right of px, north just above
// py. It returns -1 when there is none (outside the board). maxH is the
// greatest piece height: pieces lower than py-maxH cannot hold the point,
// and the pieces are sorted by y, so the search starts above them.
func locate(ps []piece, maxH, px, py int64, east, north bool) int {
	lo, hi := 0, len(ps)
	for lo < hi { // first piece with y >= py-maxH
		m := int(uint(lo+hi) >> 1)
		if ps[m].Y() < py-maxH {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for i := lo; i < len(ps); i++ {
		r := ps[i].R()
		if r.y > py {
			break
		}
		if north {
			if !(r.y <= py && py < r.y+r.h) {
				continue
			}
		} else if !(r.y < py && py <= r.y+r.h) {
			continue
		}
		if east {
			if r.x <= px && px < r.x+r.w {
				return i
			}
		} else if r.x < px && px <= r.x+r.w {
			return i
		}
	}
	return -1
}

// maxHeight returns the greatest height of the pieces.
func maxHeight(ps []piece) int64 {
	var m int64
	for i := range ps {
		m = max(m, ps[i].H())
	}
	return m
}

// walk appends to dst the pieces a cut starting at anchor i can take, in
// walk order, starting with i itself. vertical selects a V cut. The
// anchor must be the mover's and allow the cut with an even length (checked
// by the caller); the walk then lists every further piece.
func walk(dst []int32, f *cutFinder, wf, hf int64, i int, vertical bool, mover Color) []int32 {
	dst, _ = walkTo(dst, f, wf, hf, i, vertical, mover)
	return dst
}

// cutFinder finds the pieces just beyond a point of a cut line: among the
// neighbours of the piece the walk is at when g holds the position's
// contact graph, else by locate.
type cutFinder struct {
	ps     []piece
	wf, hf int64     // the board's size on the grid
	maxH   int64     // the greatest height, for locate
	b      *bitGraph // the contact graph of ps as bitsets, or nil
	g      *graph    // as lists, or nil
}

// finder returns the cutFinder for p.
func (s *scratch) finder(p *Position) cutFinder {
	wf, hf := p.dims()
	if s.holdsBits(p) {
		return cutFinder{ps: p.pieces, wf: wf, hf: hf, b: &s.bits}
	}
	if s.holds(p) {
		return cutFinder{ps: p.pieces, wf: wf, hf: hf, g: &s.g}
	}
	return cutFinder{ps: p.pieces, wf: wf, hf: hf, maxH: maxHeight(p.pieces)}
}

// beyond returns the pieces just beyond at on either side of the line
// (North then South of an H line, East then West of a V one), which
// locate finds: a and b of walkTo. u is the piece the walk is at on the
// first side: the anchor, the piece it last took, or the one beyond the
// last point on that side. It holds the points just beyond at or has at
// on its boundary, and so do the pieces sought (the point (at, c) is on
// both), so with the contact graph only u and its neighbours are tried.
func (f *cutFinder) beyond(u int, at, c int64, vertical bool) (a, b int) {
	if f.g == nil && f.b == nil {
		if vertical {
			return locate(f.ps, f.maxH, c, at, true, true), locate(f.ps, f.maxH, c, at, false, true)
		}
		return locate(f.ps, f.maxH, at, c, true, true), locate(f.ps, f.maxH, at, c, true, false)
	}
	a, b = -1, -1
	try := func(i int) {
		r := f.ps[i].R()
		along, across, length, width := r.x, r.y, r.w, r.h
		if vertical {
			along, across, length, width = r.y, r.x, r.h, r.w
		}
		if along <= at && at < along+length {
			if across <= c && c < across+width {
				a = i
			}
			if across < c && c <= across+width {
				b = i
			}
		}
	}
	try(u)
	if g := f.b; g != nil {
		beside := g.touch[uint8(g.slotOf[u])].and(g.base) // the position's pieces, whatever the overlay
		for w := beside.pop(); w >= 0; w = beside.pop() {
			try(int(g.pieceOf[uint8(w)]))
		}
		return a, b
	}
	g := f.g
	for _, e := range g.adj[g.off[u]:g.off[u+1]] { // the position's lists, whatever the overlay
		try(int(e >> 1))
	}
	return a, b
}

// walkTo is walk that also reports where the walk stopped: the x (H) or y
// (V) at which the line is blocked, or the board's size when it reached
// the side. An H cut's line runs East along the anchor's horizontal
// midline, a V cut's North along its vertical one.
func walkTo(dst []int32, f *cutFinder, wf, hf int64, i int, vertical bool, mover Color) ([]int32, int64) {
	ps := f.ps
	dst = append(dst, int32(i))
	at, across, width := ps[i].R().cutLine(vertical)
	c := across + width/2 // the line
	end, ahead := wf, dirE
	if vertical {
		end, ahead = hf, dirN
	}
	u := i        // the piece the walk is at, on the first side
	onMid := true // the line is u's midline and at its far side
	for at < end {
		// the pieces just beyond at on either side of the line: the
		// piece sharing u's far side when the line is u's midline, else
		// those beside it
		a, b := -1, -1
		if onMid {
			a = f.next(u, ahead)
			b = a
		}
		if a < 0 {
			a, b = f.beyond(u, at, c, vertical)
		}
		u = a
		if a < 0 || b < 0 {
			break
		}
		aEnd, aAcross, aWidth := ps[a].R().cutLine(vertical)
		if a == b {
			// the line enters a piece: it takes it if it is the mover's
			// and the line is its midline, the right way for its shape
			if shape, _ := splitOK(ps[a].R(), vertical); ps[a].C() == mover && shape && 2*(c-aAcross) == aWidth {
				dst = append(dst, int32(a))
				at, onMid = aEnd, true
				continue
			}
			break
		}
		// the line runs along an edge between two pieces
		bEnd, _, _ := ps[b].R().cutLine(vertical)
		at, onMid = min(aEnd, bEnd), false
	}
	return dst, at
}

// next returns the piece sharing piece u's full side in direction d, or
// -1: read off the contact graph, or -1 without one. An overlay in place
// may have linked u to a created piece, or unlinked it from a removed
// one: then next gives -1 too, and beyond, which reads the position's
// contacts, finds the piece.
func (f *cutFinder) next(u, d int) int {
	switch {
	case f.b != nil:
		if v := f.b.nb[uint8(f.b.slotOf[u])][d&3]; v >= 0 && f.b.base.has(v) {
			return int(f.b.pieceOf[uint8(v)])
		}
	case f.g != nil:
		if v := f.g.nb[u][d&3]; v >= 0 && v < int32(f.g.n) {
			return int(v)
		}
	}
	return -1
}

// cutLine describes r for a cut that runs East (H) or North (V): where r
// ends along the line, and where r starts across it and how wide it is.
func (r rect) cutLine(vertical bool) (end, across, width int64) {
	if vertical {
		return r.y + r.h, r.x, r.w
	}
	return r.x + r.w, r.y, r.h
}

// halves returns the two halves of r for a cut, in letter order: N, S for
// H and E, W for V.
func halves(r rect, vertical bool) (rect, rect) {
	if !vertical {
		h := r.h / 2
		return rect{r.x, r.y + h, r.w, h}, rect{r.x, r.y, r.w, h}
	}
	w := r.w / 2
	return rect{r.x + w, r.y, w, r.h}, rect{r.x, r.y, w, r.h}
}

// splitOK reports whether the anchor allows the cut with representable
// halves.
func splitOK(r rect, vertical bool) (shape, fine bool) {
	if !vertical {
		return r.canH(), r.h%2 == 0
	}
	return r.canV(), r.w%2 == 0
}

// joinFrom checks the mover's join of R, from the lower-left corner of
// piece first (none when first is -1) to (x1, y1), and appends the indices
// of the pieces inside to dst. ok is false when R is not a legal join.
func joinFrom(dst []int32, ps []piece, first int, x1, y1 int64, mover Color) ([]int32, bool) {
	if first < 0 {
		return dst, false
	}
	x0, y0 := ps[first].X(), ps[first].Y()
	if !(rect{x0, y0, x1 - x0, y1 - y0}).legal() {
		return dst, false
	}
	// R's bottom row: pieces standing on y0 side by side from x0 to x1. If
	// they cover it, no piece from below crosses into R, so R's pieces are
	// those from the first of them on, in (y, x) order, up to y1.
	x := x0
	for i := first; x < x1 && i < len(ps) && ps[i].Y() == y0 && ps[i].X() == x; i++ {
		x += ps[i].w
	}
	if x != x1 {
		return dst, false
	}
	start := len(dst)
	for i := first; i < len(ps) && ps[i].Y() < y1; i++ {
		p := &ps[i]
		if p.X() >= x1 || p.X()+p.w <= x0 || p.Y()+p.H() <= y0 {
			continue
		}
		if p.C() != mover || p.X() < x0 || p.X()+p.w > x1 || p.Y()+p.H() > y1 {
			return dst, false
		}
		dst = append(dst, int32(i))
	}
	return dst, len(dst)-start >= 2
}

// findPiece returns the index of the piece whose lower-left corner is
// (x, y), or -1. The pieces are in (y, x) order.
func findPiece(ps []piece, x, y int64) int {
	i := searchPieces(ps, x, y)
	if i < len(ps) && ps[i].X() == x && ps[i].Y() == y {
		return i
	}
	return -1
}

// cornerBefore reports whether lower-left corner (x0, y0) comes before
// (x1, y1) in position-code order: by y, then x.
func cornerBefore(x0, y0, x1, y1 int64) bool { return y0 < y1 || (y0 == y1 && x0 < x1) }

// searchPieces returns the index of the first piece whose lower-left
// corner (x, y) does not come before the given one in (y, x) order.
func searchPieces(ps []piece, x, y int64) int {
	lo, hi := 0, len(ps)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if cornerBefore(ps[m].X(), ps[m].Y(), x, y) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// action is a resolved split or join: what it removes and what it adds.
type action struct {
	removed []int32    // indices in the position before the action, sorted
	added   []rect     // the created pieces, in source order
	parent  []int32    // for each created piece, a piece it replaces
	of      actionName // which split or join it is (nameOf)
}

func (a *action) reset() {
	a.removed, a.added, a.parent = a.removed[:0], a.added[:0], a.parent[:0]
	a.of = actionName{}
}

// actionName names the split or join of a move, bound to the move's
// position: two actions of one position are the same exactly when their
// names are, since the created pieces follow from it (and the removed ones
// from them). So a graph keeps an overlay for the next action of the same
// name (see graph.overlay), and Play the action itself.
type actionName struct {
	ps *piece
	np int32
	base
}

// nameOf returns the name of m's split or join in p.
func (p *Position) nameOf(m *Move) actionName {
	return actionName{&p.pieces[0], int32(len(p.pieces)), baseOf(m)}
}

// anyBeside reports whether try(r, v) holds for a created piece r and a
// removed piece v that r's full-side neighbours, if any, touch: for a
// split the half's own parent, for a join every removed piece.
func (a *action) anyBeside(try func(r rect, v int32) bool) bool {
	for k, r := range a.added {
		if len(a.added) == 1 { // a join: around every removed piece
			for _, v := range a.removed {
				if try(r, v) {
					return true
				}
			}
			continue
		}
		if try(r, a.parent[k]) {
			return true
		}
	}
	return false
}

// addHalves records the split of piece i (rectangle r).
func (a *action) addHalves(r rect, i int32, vertical bool) {
	h1, h2 := halves(r, vertical)
	a.added = append(a.added, h1, h2)
	a.parent = append(a.parent, i, i)
	a.removed = append(a.removed, i)
}

// addJoin records the joined rectangle; a.removed must hold its pieces.
func (a *action) addJoin(r rect) {
	a.added = append(a.added, r)
	a.parent = append(a.parent, a.removed[0])
}

// hasBase reports whether the side to move has at least one split or join.
func (p *Position) hasBase() bool {
	if len(p.pieces) == 0 {
		return false
	}
	for _, pc := range p.pieces {
		if pc.C() != p.turn {
			continue
		}
		r := pc.R()
		if shape, fine := splitOK(r, false); shape && fine {
			return true
		}
		if shape, fine := splitOK(r, true); shape && fine {
			return true
		}
	}
	// Every own piece is at the precision limit: look for a join.
	var buf []int32
	for i, a := range p.pieces {
		if a.C() != p.turn {
			continue
		}
		for _, b := range p.pieces {
			if b.C() != p.turn {
				continue
			}
			var ok bool
			if buf, ok = joinFrom(buf[:0], p.pieces, i, b.X()+b.w, b.Y()+b.H(), p.turn); ok {
				return true
			}
		}
	}
	return false
}

// resolveAction fills s.act for a move's base, reading the walk again for
// splits, unless s.act holds it already (the moves of one split or join,
// played in turn). It trusts the move.
func (p *Position) resolveAction(s *scratch, m *Move) {
	if m.kind != kindNone && s.act.of == p.nameOf(m) {
		return
	}
	s.walkBuf = s.walkBuf[:0]
	if m.kind != kindJ {
		wf, hf := p.dims()
		f := s.finder(p)
		s.walkBuf = walk(s.walkBuf, &f, wf, hf, int(m.anchor), m.kind == kindV, p.turn)
	}
	p.fillAction(s, m, s.walkBuf)
}

// fillAction fills s.act with the action of m, a split whose pieces are
// walked[:m.n] or a join.
func (p *Position) fillAction(s *scratch, m *Move, walked []int32) {
	s.act.reset()
	switch m.kind {
	case kindH, kindV:
		for _, i := range walked[:m.n] {
			s.act.addHalves(p.pieces[i].R(), i, m.kind == kindV)
		}
		slices.Sort(s.act.removed)
	case kindJ:
		a := p.pieces[m.anchor]
		s.act.removed, _ = joinFrom(s.act.removed, p.pieces, int(m.anchor), a.X()+m.wide, a.Y()+m.joinHeight(), p.turn)
		s.act.addJoin(rect{a.X(), a.Y(), m.wide, m.joinHeight()})
	}
	s.act.of = p.nameOf(m)
}

// basesOf appends to s.bases the splits and joins anchored at the mover's
// piece i, in move generation order.
func (p *Position) basesOf(s *scratch, i int, f *cutFinder) {
	wf, hf := p.dims()
	a := p.pieces[i]
	// splits
	for _, vertical := range [2]bool{false, true} {
		shape, fine := splitOK(a.R(), vertical)
		if !shape || !fine {
			continue
		}
		walkOff := int32(len(s.walks))
		s.walks = walk(s.walks, f, wf, hf, i, vertical, p.turn)
		kind := kindH
		if vertical {
			kind = kindV
		}
		for n := int32(1); n <= int32(len(s.walks))-walkOff; n++ {
			s.bases = append(s.bases, baseDesc{base: base{kind: kind, anchor: int32(i), n: n}, walkOff: walkOff})
		}
	}
	// joins: R's bottom row is a run of the mover's pieces standing on the
	// anchor's bottom line, so its far corner x1 is the right side of one
	// of them, and its height follows from the width (w/2, w or 2w). That
	// lists the joins by x1, then y1.
	room := hf - a.Y()
	for x1, k := a.X()+a.w, i; ; {
		w := x1 - a.X()
		for _, hgt := range [3]int64{w / 2, w, 2 * w} {
			if hgt > room || (hgt == w/2 && w%2 != 0) || hgt < a.H() || (w == a.w && hgt == a.H()) { // R holds the anchor and more
				continue
			}
			var ok bool
			if s.members, ok = joinFrom(s.members[:0], p.pieces, i, x1, a.Y()+hgt, p.turn); ok {
				s.bases = append(s.bases, baseDesc{base: base{kind: kindJ, anchor: int32(i), wide: w, shape: joinShape(w, hgt)}})
			}
		}
		// the next piece of the bottom row: pieces are in (y, x) order, so
		// it is the next one if it stands on the same line right beside;
		// else a piece crosses the line here (or this is the board's side)
		// and every wider R would cut it
		if k++; x1 >= wf || k >= len(p.pieces) || p.pieces[k].Y() != a.Y() || p.pieces[k].X() != x1 || p.pieces[k].C() != p.turn {
			break
		}
		x1 += p.pieces[k].w
	}
}

// base is a split or join of a position: a Move's fields without the
// path, its text and its position.
type base struct {
	kind      uint8
	shape     uint8 // join: joinWide, joinTall or 0 for a square
	anchor, n int32
	wide      int64 // join: the joined piece's width
}

// baseOf returns the base of m.
func baseOf(m *Move) base {
	return base{kind: m.kind, shape: m.flags & shapeFlags, anchor: m.anchor, n: m.n, wide: m.wide}
}

// move returns the base as a Move of position tag without a path; head
// is its text.
func (b *base) move(tag uint64, head []byte) Move {
	m := Move{tag: tag, kind: b.kind, flags: b.shape, anchor: b.anchor, n: b.n, wide: b.wide}
	m.setText(head, nil)
	return m
}

// of reports whether m is of base b.
func (b *base) of(m *Move) bool { return *b == baseOf(m) }

// setAction fills s.act with the action of base k and returns the base's
// move without a path.
func (p *Position) setAction(s *scratch, k int) Move {
	b := &s.bases[k]
	m := b.move(p.hash, s.headOf(p, &b.base))
	p.fillAction(s, &m, s.walks[b.walkOff:])
	return m
}
