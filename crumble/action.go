package crumble

// Splits and joins: the pieces a cut takes, the rectangles a join may
// cover, and what an action removes and creates.
//
// A listing finds an anchor's joins by width (the bottom row's pieces),
// then height, and finds each join's pieces by walking the stitches of
// the pieces inside (tiled). Most of a crowded listing's joins are rows
// of small pieces, which nest, so a join is found from one found before
// wherever it can be: a taller join of a width is the lower one and the
// strip above it (joinAbove), a wider one as high as a narrower one of the
// anchor is that one and the strip beside it (joinBeside), and a strip,
// which is often a join of the piece at its lower-left corner that the
// listing comes to later, is remembered there (tileMemo). A join's pieces
// are kept in the order found and sorted into its action only when the
// join is overlaid or played, which few joins of a crowded position are;
// a split of n pieces takes the action of the split of n-1 listed before
// it and adds two halves.

import (
	"math/bits"
	"slices"
)

// walk appends to dst the pieces a cut starting at anchor i can take, in
// walk order, starting with i itself. vertical selects a V cut. The
// anchor must be the mover's and allow the cut with an even length (checked
// by the caller); the walk then lists every further piece.
func walk(dst []int32, f *cutFinder, wf, hf int64, i int, vertical bool, mover Color) []int32 {
	dst, _ = walkTo(dst, f, wf, hf, i, vertical, mover)
	return dst
}

// cutFinder finds the pieces around a point of the tiling, by the
// stitches of the view of its pieces.
type cutFinder struct {
	ps     []piece
	v      *view
	wf, hf int64 // the board's size on the grid
}

// set makes f find in the pieces of view v. Field by field, as
// actionName.set stores a name.
func (f *cutFinder) set(v *view) { f.ps, f.v, f.wf, f.hf = v.ps, v, v.wf, v.hf }

// finder returns the cutFinder of the pieces of the position s has last
// seen, whose view s holds (each caller has seen its position already).
func (s *scratch) finder() cutFinder {
	var f cutFinder
	f.set(&s.last.v)
	return f
}

// beyond returns the pieces just beyond at on either side of the line
// (North then South of an H line, East then West of a V one): a and b of
// walkTo. u is the piece the walk is at on the first side, whose closure
// holds the point.
func (f *cutFinder) beyond(u int, at, c int64, vertical bool) (a, b int) {
	if vertical {
		return int(f.v.find(c, at, true, true, int32(u), f.wf, f.hf)), int(f.v.find(c, at, false, true, int32(u), f.wf, f.hf))
	}
	return int(f.v.find(at, c, true, true, int32(u), f.wf, f.hf)), int(f.v.find(at, c, true, false, int32(u), f.wf, f.hf))
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
// -1.
func (f *cutFinder) next(u, d int) int { return int(f.v.fullSide(int32(u), d&3)) }

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
// of the pieces inside, in code order, to dst. ok is false when R is not a
// legal join (dst is then as it was).
func (v *view) joinFrom(dst []int32, first int, x1, y1 int64, mover Color) ([]int32, bool) {
	if first < 0 {
		return dst, false
	}
	near := [2]int32{int32(first), int32(first)}
	start := len(dst)
	dst, ok := v.joinNear(dst, nil, first, x1, y1, mover, &near)
	if ok {
		sortMembers(dst[start:], int32(first))
	}
	return dst, ok
}

// joinNear is joinFrom, but for the order of the pieces it appends (see
// tiled), that seeks the pieces just inside R's top corners
// from near[0] (the East one, at the top-left) and near[1] (the West one,
// at the top-right), pieces near them, and leaves there the pieces it
// finds: the joins of one anchor, tested in turn, so seek each from the
// last one's, where a walk from the anchor climbs the whole height of R.
// first must be a piece. A listing passes its memo of the strips tiled
// (m), where R may be found; other callers nil.
func (v *view) joinNear(dst []int32, m *tileMemo, first int, x1, y1 int64, mover Color, near *[2]int32) ([]int32, bool) {
	x0, y0 := v.ps[first].X(), v.ps[first].Y()
	if !(rect{x0, y0, x1 - x0, y1 - y0}).legal() || x1 > v.wf || y1 > v.hf {
		return dst, false
	}
	start := len(dst)
	var ok bool
	if m != nil && m.used > 0 { // a listing with strips noted
		dst, ok = v.tiledOnce(dst, m, first, x1, y1, mover, near, false)
	} else {
		dst, ok = v.tiled(dst, first, x1, y1, mover, near)
	}
	if ok && len(dst)-start >= 2 {
		return dst, true
	}
	return dst[:start], false
}

// joinAbove is joinNear for R from (x0, y0), the anchor's lower-left
// corner, to (x1, y1), over a join of the anchor as wide but lower, whose
// pieces are dst[from:] and whose top-left one is tl. R is that join and
// the strip above it, so it is a join when the strip is tiled by the
// mover's pieces, and its pieces are the lower join's and then the
// strip's: the pieces of a join are found once, not again for each taller
// join of the same width.
func (v *view) joinAbove(dst []int32, m *tileMemo, from int, tl int32, x0, y0, x1, y1 int64, mover Color, near *[2]int32) ([]int32, bool) {
	if !(rect{x0, y0, x1 - x0, y1 - y0}).legal() || y1 > v.hf {
		return dst, false
	}
	t := aboveLeft(v.ps, v.st, tl) // the strip's anchor
	if v.ps[t].X() != x0 {         // it crosses R's left side
		return dst, false
	}
	start := len(dst)
	dst = append(dst, dst[from:start]...)
	if dst, ok := v.tiledOnce(dst, m, int(t), x1, y1, mover, near, true); ok {
		return dst, true
	}
	return dst[:start], false
}

// joinAsHigh returns the widest of the joins js, an anchor's joins in
// the order found (by width), that is hgt high, or nil.
func joinAsHigh(js []baseDesc, hgt int64) *baseDesc {
	for k := len(js) - 1; k >= 0; k-- {
		if joinHeightOf(js[k].wide, js[k].shape) == hgt {
			return &js[k]
		}
	}
	return nil
}

// joinBeside is joinNear for R from (x0, y0), the anchor's lower-left
// corner, to (x1, y1), beside a narrower join b of the anchor as high. R
// is that join and the strip to its right, whose lower-left piece is the
// next of the bottom row after b's bottom-right one, so it is a join when
// the strip is tiled by the mover's pieces (b's right side is the strip's
// left side, which no piece crosses), and its pieces are b's and then the
// strip's: the pieces of b are not found again. It leaves near[0] at R's
// top-left piece, b's.
func (v *view) joinBeside(dst []int32, m *tileMemo, b *baseDesc, x0, y0, x1, y1 int64, mover Color, near *[2]int32) ([]int32, bool) {
	if !(rect{x0, y0, x1 - x0, y1 - y0}).legal() {
		return dst, false
	}
	start := len(dst)
	dst = append(dst, dst[b.walkOff:b.walkOff+b.members]...)
	if dst, ok := v.tiledOnce(dst, m, int(b.corners[0])+1, x1, y1, mover, near, true); ok {
		near[0] = b.corners[1]
		return dst, true
	}
	return dst[:start], false
}

// aboveLeft returns the piece above piece i's top-left corner, holding
// the point just North-East of it, by the stitches st of the pieces ps;
// i's top is not the board's.
func aboveLeft(ps []piece, st [][4]int32, i int32) int32 {
	x, t := ps[i].X(), st[i][stRT]
	for ps[t].X() > x {
		t = st[t][stBL]
	}
	return t
}

// tileMemo is what a listing has learnt of the rectangles it tested for
// a tiling (tiled) as the strips above or beside its joins: such a strip
// is often a join of the piece at its lower-left corner, which the
// listing comes to later and finds here instead of tiling it again. An
// entry of a strip tiled keeps where its pieces are in the listing's
// walks (whose pieces of a join found stay until the next listing) and
// the pieces at its top corners. It is an open-addressing table of keys
// (anchor, x1, y1), cleared by its generation, which doubles when half
// full (and so allocates only for a listing with more strips than any
// before it in the working memory).
type tileMemo struct {
	slots []tileEntry
	gen   uint32
	used  int
}

type tileEntry struct {
	x1, y1 int64
	first  int32
	gen    uint32
	ok     bool
	off, n int32    // its pieces, in the listing's walks
	near   [2]int32 // the pieces at its top corners
}

// reset empties m for a listing.
func (m *tileMemo) reset() {
	if len(m.slots) == 0 {
		m.slots = make([]tileEntry, 256)
	}
	nextEpoch(&m.gen, m.slots)
	if strict {
		checkGeneration(m.slots, func(e *tileEntry) uint32 { return e.gen }, m.gen, "the memo of strips")
	}
	m.used = 0
}

// slot returns the entry of R (first, x1, y1), or the free slot where it
// goes.
func (m *tileMemo) slot(first int32, x1, y1 int64) *tileEntry {
	mask := uint64(len(m.slots) - 1)
	for h := mix64(uint64(first)^uint64(x1)*0x9e3779b97f4a7c15^uint64(y1)*0xc2b2ae3d27d4eb4f) & mask; ; h = (h + 1) & mask {
		e := &m.slots[h]
		if e.gen != m.gen || (e.first == first && e.x1 == x1 && e.y1 == y1) {
			return e
		}
	}
}

// tiledOnce is tiled, which reads R in the memo m when it holds it, and
// else, for a strip (note set), notes it there: R's pieces are copied
// from where the walks hold them. A caller whose pieces found may not
// stay in the walks passes nil; a join's R, which no later anchor's
// strip is, is not noted (and joinNear seeks it only once a strip is: a
// listing without joins pays nothing for the memo).
func (v *view) tiledOnce(dst []int32, m *tileMemo, first int, x1, y1 int64, mover Color, near *[2]int32, note bool) ([]int32, bool) {
	if m == nil {
		return v.tiled(dst, first, x1, y1, mover, near)
	}
	e := m.slot(int32(first), x1, y1)
	if e.gen == m.gen {
		if !e.ok {
			return dst, false
		}
		*near = e.near
		return append(dst, dst[e.off:e.off+e.n]...), true
	}
	start := len(dst)
	dst, ok := v.tiled(dst, first, x1, y1, mover, near)
	if note {
		if 2*(m.used+1) > len(m.slots) {
			m.grow()
			e = m.slot(int32(first), x1, y1)
		}
		*e = tileEntry{x1: x1, y1: y1, first: int32(first), gen: m.gen, ok: ok, off: int32(start), n: int32(len(dst) - start), near: *near}
		m.used++
	}
	return dst, ok
}

// grow doubles m's room, keeping its entries.
func (m *tileMemo) grow() {
	old := m.slots
	m.slots = make([]tileEntry, 2*len(old))
	for i := range old {
		if e := &old[i]; e.gen == m.gen {
			*m.slot(e.first, e.x1, e.y1) = *e
		}
	}
}

// tiled reports whether R, from the lower-left corner of piece first to
// (x1, y1), is tiled by the mover's pieces, and appends them to dst (and
// else some of them), first the anchor, the rest in no set order: a
// listing sorts a join's pieces only when it overlays the join, which few
// of the joins of a crowded position can swap (sortMembers). It seeks the
// pieces at R's top corners from near, as joinNear says.
func (v *view) tiled(dst []int32, first int, x1, y1 int64, mover Color, near *[2]int32) ([]int32, bool) {
	ps := v.ps
	x0, y0 := ps[first].X(), ps[first].Y()
	// R's bottom row: pieces standing on y0 side by side from x0 to x1,
	// which come in code order; if they do not cover it, a piece from
	// below crosses into R
	x := x0
	for i := first; x < x1 && i < len(ps) && ps[i].Y() == y0 && ps[i].X() == x; i++ {
		x += ps[i].w
	}
	if x != x1 {
		return dst, false
	}
	// the pieces just inside R's top corners must end there and be the
	// mover's: a test of a few steps that spares most floods of an R
	// that is not tiled
	for c, east := range [2]bool{true, false} {
		xc := x1
		if east {
			xc = x0
		}
		j := v.find(xc, y1, east, false, near[c], v.wf, v.hf)
		if j < 0 {
			return dst, false
		}
		near[c] = j
		q := &ps[j]
		if q.C() != mover || q.Y()+q.H() != y1 || (east && q.X() != x0) || (!east && q.X()+q.w != x1) {
			return dst, false
		}
	}
	// the pieces whose lower-left corners lie in R, from the anchor: each
	// is reached once, from the piece that holds the point just West of
	// its lower-left corner, or from the one below it on R's left side.
	// When none crosses R's left side (the pieces up that side, each
	// found above the last, show whether one does) or its bottom row
	// (above), every piece that meets R's interior is one of them, so R
	// is a join when each lies inside R and is the mover's.
	start := len(dst)
	dst = append(dst, int32(first))
	for k := start; k < len(dst); k++ {
		i := dst[k]
		q := &ps[i]
		qx, qy := q.X(), q.Y()
		qr, qt := qx+q.w, qy+q.H()
		if q.C() != mover || qr > x1 || qt > y1 || qx < x0 {
			return dst, false
		}
		if qx == x0 && qt < y1 { // on the left side
			dst = append(dst, aboveLeft(ps, v.st, i))
		}
		if qr < x1 { // the pieces whose lower-left corners lie on q's right side, top down
			for t := v.st[i][stTR]; t >= 0 && ps[t].Y() >= qy; t = v.st[t][stLB] {
				if ps[t].Y() < y1 {
					dst = append(dst, t)
				}
			}
		}
	}
	return dst, true
}

// membersSpan is how far past a join's anchor, in code order, sortMembers
// orders its pieces by a bitset on the stack: 2,048 indices, as far as a
// join reaches in a position of that many pieces.
const membersSpan = 2048

// sortMembers sorts m, the distinct indices of a join's pieces, the
// least of which is lo, its anchor. A join of many pieces has them marked
// in a bitset and read back in order, in time linear in them and the
// span: a sort by comparisons takes a quarter of the listing of a crowded
// position.
func sortMembers(m []int32, lo int32) {
	if len(m) <= 12 {
		slices.Sort(m) // by insertion
		return
	}
	hi := slices.Max(m)
	if hi-lo >= membersSpan { // beyond the bitset
		slices.Sort(m)
		return
	}
	var in [membersSpan / 64]uint64
	for _, i := range m {
		d := i - lo
		in[d>>6] |= 1 << (d & 63)
	}
	k := 0
	for w, x := range in[:(hi-lo)>>6+1] {
		for ; x != 0; x &= x - 1 {
			m[k] = lo + int32(w<<6+bits.TrailingZeros64(x))
			k++
		}
	}
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

	joined  [2]rect  // a join's piece twice,
	corners [2]int32 // with its pieces at its bottom-right and top-left corners (setAction)
}

func (a *action) reset() {
	a.removed, a.added, a.parent = a.removed[:0], a.added[:0], a.parent[:0]
	a.of.set(nil, base{})
}

// actionName names the split or join of a move, bound to the move's
// position: two actions of one position are the same exactly when their
// names are, since the created pieces follow from it (and the removed ones
// from them). So a graph keeps an overlay for the next action of the same
// name (see graph.overlay), and Play the action itself.
type actionName struct {
	t *tiling
	base
}

// set names base b of the pieces t. Field by field: a store of the whole
// name into the working memory would pass every word of it through the
// collector's write barrier while a collection runs.
func (n *actionName) set(t *tiling, b base) { n.t, n.base = t, b }

// nameOf returns the name of m's split or join in p.
func (p *Position) nameOf(m *Move) actionName { return actionName{p.t, baseOf(m)} }

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
	if p.t == nil {
		return false
	}
	splits := func(pc piece) bool {
		if pc.C() != p.turn {
			return false
		}
		r := pc.R()
		shape, fine := splitOK(r, false)
		if !shape || !fine {
			shape, fine = splitOK(r, true)
		}
		return shape && fine
	}
	if p.t.flat != nil { // most positions: the first own piece splits
		for _, pc := range p.t.flat {
			if splits(pc) {
				return true
			}
		}
	} else {
		for _, pc := range p.t.all() {
			if splits(pc) {
				return true
			}
		}
	}
	// Every own piece is at the precision limit: look for a join.
	var buf []int32
	var v view
	wf, hf := p.dims()
	v.load(p.t, wf, hf)
	for i, a := range v.ps {
		if a.C() != p.turn {
			continue
		}
		for _, b := range v.ps {
			if b.C() != p.turn {
				continue
			}
			var ok bool
			if buf, ok = v.joinFrom(buf[:0], i, b.X()+b.w, b.Y()+b.H(), p.turn); ok {
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
	s.see(p)
	if m.kind != kindNone && s.act.of == p.nameOf(m) {
		return
	}
	if b := s.listedBase(p, m); b != nil { // its pieces as the listing found them
		p.fillListed(s, m, b)
		return
	}
	s.walkBuf = s.walkBuf[:0]
	if m.kind != kindJ {
		wf, hf := p.dims()
		f := s.finder()
		s.walkBuf = walk(s.walkBuf, &f, wf, hf, int(m.anchor), m.kind == kindV, p.turn)
	}
	p.fillAction(s, m, s.walkBuf)
}

// fillAction fills s.act with the action of m, a split whose pieces are
// walked[:m.n] or a join, whose pieces walked holds if it is not empty.
func (p *Position) fillAction(s *scratch, m *Move, walked []int32) {
	s.act.reset()
	switch m.kind {
	case kindH, kindV:
		for _, i := range walked[:m.n] {
			s.act.addHalves(s.last.v.ps[i].R(), i, m.kind == kindV)
		}
		slices.Sort(s.act.removed)
	case kindJ: // walked holds its pieces when listed, else they are found
		a := s.last.v.ps[m.anchor]
		if len(walked) > 0 {
			s.act.removed = append(s.act.removed, walked...)
		} else {
			s.act.removed, _ = s.last.v.joinFrom(s.act.removed, int(m.anchor), a.X()+m.wide, a.Y()+m.joinHeight(), p.turn)
		}
		s.act.addJoin(rect{a.X(), a.Y(), m.wide, m.joinHeight()})
	}
	s.act.of.set(p.t, baseOf(m))
}

// basesOf appends to s.list.bases the splits and joins anchored at the mover's
// piece i, in move generation order.
func (p *Position) basesOf(s *scratch, i int, f *cutFinder) {
	wf, hf := p.dims()
	ps := s.last.v.ps
	a := ps[i]
	// splits
	for _, vertical := range [2]bool{false, true} {
		shape, fine := splitOK(a.R(), vertical)
		if !shape || !fine {
			continue
		}
		walkOff := int32(len(s.list.walks))
		s.list.walks = walk(s.list.walks, f, wf, hf, i, vertical, p.turn)
		kind := kindH
		if vertical {
			kind = kindV
		}
		for n := int32(1); n <= int32(len(s.list.walks))-walkOff; n++ {
			s.list.bases = append(s.list.bases, baseDesc{base: base{kind: kind, anchor: int32(i), n: n}, walkOff: walkOff})
		}
	}
	// joins: R's bottom row is a run of the mover's pieces standing on the
	// anchor's bottom line, so its far corner x1 is the right side of one
	// of them, and its height follows from the width (w/2, w or 2w). That
	// lists the joins by x1, then y1.
	room := hf - a.Y()
	v := &s.last.v
	near := [2]int32{int32(i), int32(i)} // the pieces at the top corners of the last join tested
	narrower := len(s.list.bases)        // the anchor's joins found so far start here
	for x1, k := a.X()+a.w, i; ; {
		w := x1 - a.X()
		lower, tl := -1, int32(-1) // the last join found as wide: where its pieces start, its top-left piece
		for _, hgt := range [3]int64{w / 2, w, 2 * w} {
			if hgt > room || (hgt == w/2 && w%2 != 0) || hgt < a.H() || (w == a.w && hgt == a.H()) { // R holds the anchor and more
				continue
			}
			off := len(s.list.walks)
			var ok bool
			if lower >= 0 {
				s.list.walks, ok = v.joinAbove(s.list.walks, &s.list.tiles, lower, tl, a.X(), a.Y(), x1, a.Y()+hgt, p.turn, &near)
			} else if b := joinAsHigh(s.list.bases[narrower:], hgt); b != nil {
				s.list.walks, ok = v.joinBeside(s.list.walks, &s.list.tiles, b, a.X(), a.Y(), x1, a.Y()+hgt, p.turn, &near)
			} else {
				s.list.walks, ok = v.joinNear(s.list.walks, &s.list.tiles, i, x1, a.Y()+hgt, p.turn, &near)
			}
			if ok { // its pieces kept for setAction, with those at its bottom-right and top-left corners
				s.list.bases = append(s.list.bases, baseDesc{base: base{kind: kindJ, anchor: int32(i), wide: w, shape: joinShape(w, hgt)}, walkOff: int32(off), members: int32(len(s.list.walks) - off), corners: [2]int32{int32(k), near[0]}})
				lower, tl = off, near[0]
			}
		}
		// the next piece of the bottom row: pieces are in (y, x) order, so
		// it is the next one if it stands on the same line right beside;
		// else a piece crosses the line here (or this is the board's side)
		// and every wider R would cut it
		if k++; x1 >= wf || k >= len(ps) || ps[k].Y() != a.Y() || ps[k].X() != x1 || ps[k].C() != p.turn {
			break
		}
		x1 += ps[k].w
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
	if len(head) <= headMax { // the rest of a new Move's head is zero already
		m.hlen = uint8(copy(m.head[:], head))
		return m
	}
	m.setText(head, nil)
	return m
}

// setAction fills s.act with the action of base k and returns the base's
// move without a path. Of a join it fills only the joined piece and the
// pieces at its corners, which mayStep reads: the pieces it removes, which
// only an overlay reads, are sorted into it by fillListed when the join
// can swap, as few joins of a crowded position can. Until then s.act
// names no action.
func (p *Position) setAction(s *scratch, k int) Move {
	b := &s.list.bases[k]
	m := b.move(p.hash, s.headOf(p, &b.base))
	if b.kind != kindJ {
		if b.n > 1 && s.act.of.t == p.t && s.act.of.base == s.list.bases[k-1].base {
			// s.act holds the split of one piece fewer of the same walk,
			// listed just before: its halves and two more, which spares
			// a walk of L pieces the L^2 halves of all its splits
			i := s.walkOf(b)[b.n-1]
			s.act.addHalves(s.last.v.ps[i].R(), i, b.kind == kindV)
			r := s.act.removed // sorted but for i, the last
			for j := len(r) - 1; j > 0 && r[j-1] > r[j]; j-- {
				r[j-1], r[j] = r[j], r[j-1]
			}
			s.act.of.set(p.t, b.base)
			return m
		}
		p.fillAction(s, &m, s.walkOf(b))
		return m
	}
	s.act.reset()
	a := s.last.v.ps[b.anchor]
	r := rect{a.X(), a.Y(), m.wide, m.joinHeight()}
	s.act.added, s.act.parent = append(s.act.added, r), append(s.act.parent, b.anchor)
	s.act.joined, s.act.corners = [2]rect{r, r}, b.corners
	return m
}

// fillListed fills s.act with the action of m, of listed base b, from the
// pieces the listing found: a join's sorted into code order.
func (p *Position) fillListed(s *scratch, m *Move, b *baseDesc) {
	p.fillAction(s, m, s.walkOf(b))
	if b.kind == kindJ {
		sortMembers(s.act.removed, b.anchor)
	}
}

// walkOf returns the pieces of listed base b, as fillAction takes them: a
// split's walk or a join's pieces.
func (s *scratch) walkOf(b *baseDesc) []int32 {
	walked := s.list.walks[b.walkOff:]
	if b.kind == kindJ {
		walked = walked[:b.members]
	}
	return walked
}
