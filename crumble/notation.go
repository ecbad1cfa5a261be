package crumble

// Staircase locations, the move grammar, canonical move text and ParseMove.

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// pt is a point on a position's fixed grid.
type pt struct{ x, y int64 }

// cornerGraph holds the piece corners of a tiling and, for each, whether
// the way to the next corner East (or North) runs along an edge: the graph
// in which staircase legs are walked.
type cornerGraph struct {
	t      *tiling // the tiling it is the graph of (set by cornerGraphOf)
	wf, hf int64
	packed bool     // corners are packed into keys (see build)
	unit   uint8    // packed keys count units of 2^unit grid steps
	keys   []uint64 // packed y<<32 | x, sorted: the points' order
	keysX  []uint64 // packed x<<32 | y, sorted
	pts    []pt     // sorted by y, then x, no duplicates
	byX    []int32  // point indices sorted by x, then y
	posX   []int32  // position of each point in byX
	edgeE  []bool   // pts[v] to pts[v+1] runs along an edge (same y)
	edgeN  []bool   // byX[k] to byX[k+1] runs along an edge (same x)

	// canonical locations: the best staircase to each point, found when a
	// text first needs one (ranked): reading a move walks its legs alone,
	// and the search costs about as much as the rest of the build
	ranked bool
	first  []int32 // state of each point's first layer, -1 when not reached
	stV    []int32
	stPar  []int32
	stCnt  []int64
	cand   []int32 // per point: candidate state in the layer being built
	layerV []int32
	sortK  []int32
}

// cmpPt orders points by row, then column: position-code order.
func cmpPt(a, b pt) int { return cmp.Or(cmp.Compare(a.y, b.y), cmp.Compare(a.x, b.x)) }

// build computes the graph of ps; rank then gives every point it can reach
// its canonical location.
func (g *cornerGraph) build(ps []piece, wf, hf int64) {
	g.t, g.wf, g.hf, g.ranked = nil, wf, hf, false
	// Most positions live on a coarse grid: then every corner packs into
	// one uint64 and the sorts need no comparison function.
	var or int64
	for _, p := range ps {
		or |= p.X() | p.Y() | p.w | p.H()
	}
	g.unit = uint8(bits.TrailingZeros64(uint64(or | wf | hf)))
	g.packed = max(wf, hf)>>g.unit < 1<<31
	if g.packed {
		g.buildPacked(ps)
	} else {
		g.pts = g.pts[:0]
		for _, p := range ps {
			g.pts = append(g.pts, pt{p.X(), p.Y()}, pt{p.X() + p.w, p.Y()}, pt{p.X(), p.Y() + p.H()}, pt{p.X() + p.w, p.Y() + p.H()})
		}
		slices.SortFunc(g.pts, cmpPt)
		g.pts = slices.Compact(g.pts)
		n := len(g.pts)
		g.byX = slices.Grow(g.byX[:0], n)[:n]
		for i := range g.byX {
			g.byX[i] = int32(i)
		}
		slices.SortFunc(g.byX, func(a, b int32) int {
			pa, pb := g.pts[a], g.pts[b]
			return cmp.Or(cmp.Compare(pa.x, pb.x), cmp.Compare(pa.y, pb.y))
		})
	}
	n := len(g.pts)
	g.posX = slices.Grow(g.posX[:0], n)[:n]
	for k, v := range g.byX {
		g.posX[v] = int32(k)
	}
	g.edgeE = slices.Grow(g.edgeE[:0], n)[:n]
	g.edgeN = slices.Grow(g.edgeN[:0], n)[:n]
	clear(g.edgeE)
	clear(g.edgeN)
	// Lower-left corners come in point order with the pieces, and so do
	// lower-right ones: two cursors find them without searching.
	ll, lr := 0, 0
	for _, p := range ps {
		for g.pts[ll] != (pt{p.X(), p.Y()}) {
			ll++
		}
		for g.pts[lr] != (pt{p.X() + p.w, p.Y()}) {
			lr++
		}
		for v := ll; v < n && g.pts[v].x < p.X()+p.w; v++ {
			g.edgeE[v] = true
		}
		for v := g.index(p.X(), p.Y()+p.H()); v < n && g.pts[v].x < p.X()+p.w; v++ {
			g.edgeE[v] = true
		}
		for _, v := range [2]int{ll, lr} {
			for k := int(g.posX[v]); k < n && g.pts[g.byX[k]].y < p.Y()+p.H(); k++ {
				g.edgeN[k] = true
			}
		}
	}
}

// rank finds the canonical locations, once per build.
func (g *cornerGraph) rank() {
	if !g.ranked {
		g.canonical()
		g.ranked = true
	}
}

// buildPacked fills pts and byX from packed keys (y<<32 | x on the grid
// of 2^unit).
func (g *cornerGraph) buildPacked(ps []piece) {
	u := g.unit
	key := func(x, y int64) uint64 { return uint64(y>>u)<<32 | uint64(x>>u) }
	g.keys = g.keys[:0]
	for _, p := range ps {
		g.keys = append(g.keys, key(p.X(), p.Y()), key(p.X()+p.w, p.Y()), key(p.X(), p.Y()+p.H()), key(p.X()+p.w, p.Y()+p.H()))
	}
	slices.Sort(g.keys)
	g.keys = slices.Compact(g.keys)
	n := len(g.keys)
	g.pts = resize(g.pts, n)
	g.keysX = resize(g.keysX, n)
	for i, k := range g.keys {
		g.pts[i] = pt{int64(k&(1<<32-1)) << u, int64(k>>32) << u}
		g.keysX[i] = k<<32 | k>>32
	}
	g.byX = resize(g.byX, n)
	if max(g.wf, g.hf)>>u < 1<<21 && n < 1<<22 {
		// small coordinates: x (21 bits), y (21 bits) and the point's index
		// (22 bits) share one key, so the sort carries the index along
		for i, k := range g.keys {
			g.keysX[i] = (k&(1<<32-1))<<43 | (k>>32)<<22 | uint64(i)
		}
		slices.Sort(g.keysX)
		for i, k := range g.keysX {
			g.byX[i] = int32(k & (1<<22 - 1))
		}
		return
	}
	slices.Sort(g.keysX)
	for i, k := range g.keysX {
		j, _ := slices.BinarySearch(g.keys, k<<32|k>>32)
		g.byX[i] = int32(j)
	}
}

// index returns the index of the point (x, y); it must be a corner.
func (g *cornerGraph) index(x, y int64) int {
	if g.packed {
		if x&(1<<g.unit-1) != 0 || y&(1<<g.unit-1) != 0 {
			return -1
		}
		i, ok := slices.BinarySearch(g.keys, uint64(y>>g.unit)<<32|uint64(x>>g.unit))
		if !ok {
			return -1
		}
		return i
	}
	i, ok := slices.BinarySearchFunc(g.pts, pt{x, y}, cmpPt)
	if !ok {
		return -1
	}
	return i
}

// next returns the next corner from v in direction north (else East), and
// why there is none: blocked (the way crosses a piece's interior) or the
// board ends.
func (g *cornerGraph) next(v int, north bool) (w int, blocked bool) {
	if !north {
		if v+1 >= len(g.pts) || g.pts[v+1].y != g.pts[v].y {
			// no corner further East: the way on runs into a piece unless
			// this is the board's side
			return -1, g.pts[v].x < g.wf
		}
		if !g.edgeE[v] {
			return -1, true
		}
		return v + 1, false
	}
	k := int(g.posX[v])
	if k+1 >= len(g.byX) || g.pts[g.byX[k+1]].x != g.pts[v].x {
		return -1, g.pts[v].y < g.hf
	}
	if !g.edgeN[k] {
		return -1, true
	}
	return int(g.byX[k+1]), false
}

// canonical runs a breadth-first search by number of legs from (0,0),
// keeping for each point and layer the lexicographically largest count
// sequence; a point's canonical location is its best sequence in the first
// layer that reaches it. A later state's sequence compares as
// (rank of its parent's sequence, its count), so ranks within a layer carry
// the whole order.
func (g *cornerGraph) canonical() {
	n := len(g.pts)
	g.first = slices.Grow(g.first[:0], n)[:n]
	g.cand = slices.Grow(g.cand[:0], n)[:n]
	for i := range g.first {
		g.first[i] = -1
		g.cand[i] = -1
	}
	g.stV, g.stPar, g.stCnt = g.stV[:0], g.stPar[:0], g.stCnt[:0]
	// layer 1: East from the origin, count 0 allowed
	v, c := 0, int64(0)
	layerStart := 0
	for v >= 0 {
		g.stV = append(g.stV, int32(v))
		g.stPar = append(g.stPar, -1)
		g.stCnt = append(g.stCnt, c)
		g.first[v] = int32(len(g.stV) - 1)
		v, _ = g.next(v, false)
		c++
	}
	found := len(g.stV)
	north := true
	for layer := 2; found < n && layer <= 2*n+2; layer++ {
		layerEnd := len(g.stV)
		if layerEnd == layerStart {
			break
		}
		// States of the previous layer are in rank order (ascending).
		g.layerV = g.layerV[:0]
		for s := layerStart; s < layerEnd; s++ {
			w := int(g.stV[s])
			for c := int64(1); ; c++ {
				w, _ = g.next(w, north)
				if w < 0 {
					break
				}
				// later s have higher rank, so the last candidate wins ties
				// of parent rank by count, and parents by rank.
				if g.cand[w] < 0 {
					g.layerV = append(g.layerV, int32(w))
				}
				g.cand[w] = int32(len(g.sortK))
				g.sortK = append(g.sortK, int32(s), int32(c))
			}
		}
		// order the new states by (parent rank, count): parent s indices are
		// already in rank order
		slices.SortFunc(g.layerV, func(a, b int32) int {
			ka, kb := g.cand[a], g.cand[b]
			if g.sortK[ka] != g.sortK[kb] {
				return int(g.sortK[ka] - g.sortK[kb])
			}
			return int(g.sortK[ka+1] - g.sortK[kb+1])
		})
		layerStart = layerEnd
		for _, w := range g.layerV {
			k := g.cand[w]
			g.stV = append(g.stV, w)
			g.stPar = append(g.stPar, g.sortK[k])
			g.stCnt = append(g.stCnt, int64(g.sortK[k+1]))
			if g.first[w] < 0 {
				g.first[w] = int32(len(g.stV) - 1)
				found++
			}
			g.cand[w] = -1
		}
		g.sortK = g.sortK[:0]
		north = !north
	}
}

// appendCanonical appends the canonical location of the corner (x, y).
func (g *cornerGraph) appendCanonical(b []byte, x, y int64) []byte {
	g.rank()
	v := g.index(x, y)
	if v < 0 || g.first[v] < 0 {
		return append(b, '?')
	}
	start := len(b)
	for s := g.first[v]; s >= 0; s = g.stPar[s] {
		b = strconv.AppendInt(b, g.stCnt[s], 10)
		b = append(b, ',')
	}
	b = b[:len(b)-1]
	// the counts came out last leg first: reverse the comma-separated list
	reverseFields(b[start:])
	return b
}

// reverseFields reverses the order of the comma-separated fields of b.
func reverseFields(b []byte) {
	slices.Reverse(b)
	i := 0
	for j := 0; j <= len(b); j++ {
		if j == len(b) || b[j] == ',' {
			slices.Reverse(b[i:j])
			i = j + 1
		}
	}
}

// joinCounts returns the counts a, b of a join's legs from (x0, y0) East to
// (x1, y0) and North to (x1, y1).
func (g *cornerGraph) joinCounts(x0, y0, x1, y1 int64) (int, int) {
	a := g.index(x1, y0) - g.index(x0, y0)
	b := int(g.posX[g.index(x1, y1)] - g.posX[g.index(x1, y0)])
	return a, b
}

// Location returns the canonical staircase location of Piece(i). It
// panics when i is out of range, like slice indexing.
func (p Position) Location(i int) string {
	if uint(i) >= uint(p.NumPieces()) {
		panic(indexError{i, p.NumPieces()})
	}
	s := acquire()
	defer scratchPool.Put(s)
	s.take(&p)
	return string(p.appendLocation(s, nil, i))
}

// ---- syntax ----

// parsed is a move as the grammar reads it, before it meets a position.
type parsed struct {
	input string
	// location: staircase counts or one or two fractions
	frac   bool
	counts []uint64
	num    [2]uint64
	den    [2]uint64
	parts  int
	locOff int
	locEnd int
	kind   uint8  // kindH, kindV, kindJ
	n      uint64 // multi-split count (0 for a single split)
	k      uint64 // multi-split: piece whose half starts the path
	half   byte   // 'N', 'S', 'E', 'W' or 0
	path   string // upper case
	a, b   uint64 // join counts
	actOff int
}

// noSpaceAround refuses white space at either end of s (what, a "move",
// names the text in the error), as strconv does: programs trim what
// people type, and the engine reads the text as given. The error points
// at the first character of the white space.
func noSpaceAround(s, what string) error {
	if r, _ := utf8.DecodeRuneInString(s); s != "" && unicode.IsSpace(r) {
		return notation.Errorf(s, 0, "white space before the %s", what)
	}
	if r, _ := utf8.DecodeLastRuneInString(s); s != "" && unicode.IsSpace(r) {
		return notation.Errorf(s, len(strings.TrimRightFunc(s, unicode.IsSpace)), "white space after the %s", what)
	}
	return nil
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// parse reads s by the move grammar alone, whatever the position: a
// Crumble move names pieces by the corners of the position it is played
// in, so the grammar is all a move's text can be checked against without
// one. Errors are *notation.ParseError and wrap boardrules.ErrSyntax.
func (pm *parsed) parse(s string) error {
	pm.input = s
	if err := noSpaceAround(s, "move"); err != nil {
		return err
	}
	if err := notation.RefuseMoveNumber(s); err != nil {
		return err // '#' is pbmserv's move-number marker, in every engine
	}
	end := len(s)
	if end == 0 {
		return notation.Errorf(s, 0, "empty move")
	}
	if s[end-1] == '+' {
		end--
	}
	i, err := pm.parseLocation(s, end)
	if err != nil {
		return err
	}
	if i >= end {
		return notation.Errorf(s, i, "expected H, V or J after the location")
	}
	pm.actOff = i
	switch c := upper(s[i]); c {
	case 'H', 'V':
		i, err = pm.parseSplit(s, i+1, end, c == 'V')
	case 'J':
		i, err = pm.parseJoin(s, i+1, end)
	default:
		return notation.Errorf(s, i, "expected H, V or J after the location")
	}
	if err != nil {
		return err
	}
	if i != end {
		return notation.Errorf(s, i, "unexpected %s", notation.QuoteAt(s, i))
	}
	return nil
}

// locationPart is one comma-separated part of a location as written: a
// count, or a fraction n/d when slash is set.
type locationPart struct {
	n, d  uint64
	slash bool
	off   int
}

// parseLocation reads the location at the start of s, up to end: staircase
// counts ("2,1") or one or two fractions ("1/2, 2/3"), each part followed
// by a comma and at most one space. It returns the offset of the action.
func (pm *parsed) parseLocation(s string, end int) (int, error) {
	pm.locOff = 0
	pm.counts = pm.counts[:0]
	pm.parts = 0
	var room [4]locationPart // most locations have one or two parts
	parts := room[:0]
	i := 0
	for {
		n, j, err := scanCount(s, i, end)
		if err != nil {
			return 0, err
		}
		pr := locationPart{n: n, d: 1, off: i}
		if j < end && s[j] == '/' {
			if pr.d, j, err = scanDenominator(s, j+1, end); err != nil {
				return 0, err
			}
			pr.slash = true
		}
		parts = append(parts, pr)
		i = j
		if i < end && s[i] == ',' {
			i++
			if i < end && s[i] == ' ' {
				i++
			}
			continue
		}
		break
	}
	pm.locEnd = i
	for _, pr := range parts {
		if pr.slash {
			pm.frac = true
		}
	}
	if pm.frac {
		if len(parts) > 2 {
			return 0, notation.Errorf(s, parts[2].off, "a fraction location has at most two parts")
		}
		for k, pr := range parts {
			pm.num[k], pm.den[k] = pr.n, pr.d
		}
		pm.parts = len(parts)
		return i, nil
	}
	for k, pr := range parts {
		if k > 0 && pr.n == 0 {
			return 0, notation.Errorf(s, pr.off, "only the first count of a location may be 0")
		}
		pm.counts = append(pm.counts, pr.n)
	}
	return i, nil
}

// scanDenominator reads a fraction's denominator at s[i:end], a count of
// at least 1, and returns it with the offset just past it.
func scanDenominator(s string, i, end int) (uint64, int, error) {
	d, j, err := scanCount(s, i, end)
	if err != nil {
		return 0, 0, err
	}
	if d == 0 {
		return 0, 0, notation.Errorf(s, i, "denominator must be at least 1")
	}
	return d, j, nil
}

// parseSplit reads what follows H (V when vertical) from s[i:end]: nothing,
// the half that moves with its swap path ("N", "NEE", "N-EE"), or a
// multi-split's count with what parseMultiSplit reads.
func (pm *parsed) parseSplit(s string, i, end int, vertical bool) (int, error) {
	pm.kind = kindH
	halfA, halfB := byte('N'), byte('S')
	if vertical {
		pm.kind = kindV
		halfA, halfB = 'E', 'W'
	}
	if i >= end {
		return i, nil
	}
	h := upper(s[i])
	switch {
	case h == halfA || h == halfB:
		pm.half = h
		i++
		if i < end && s[i] == '-' {
			path, j, err := scanDirs(s, i+1, end, true)
			if err != nil {
				return 0, err
			}
			pm.path = path
			return j, nil
		}
		path, j, err := scanDirs(s, i, end, false)
		if err != nil {
			return 0, err
		}
		if s[i-1] == h && path == s[i:j] {
			pm.path = s[i-1 : j] // the text as given, already upper case
		} else {
			pm.path = string(h) + path
		}
		return j, nil
	case '0' <= h && h <= '9':
		return pm.parseMultiSplit(s, i, end, halfA, halfB)
	}
	return 0, notation.Errorf(s, i, "expected %c or %c (the half), a split count or the end", halfA, halfB)
}

// parseMultiSplit reads a multi-split from its count at s[i:end]: the
// count alone ("3"), or with the number of the piece whose half starts
// the path, that half and the path ("3-2N-EE").
func (pm *parsed) parseMultiSplit(s string, i, end int, halfA, halfB byte) (int, error) {
	n, j, err := scanCount(s, i, end)
	if err != nil {
		return 0, err
	}
	if n < 2 {
		return 0, notation.Errorf(s, i, "a multi-split splits at least 2 pieces")
	}
	pm.n, i = n, j
	if i >= end {
		return i, nil
	}
	if s[i] != '-' {
		return 0, notation.Errorf(s, i, "expected '-' and a piece number after the split count")
	}
	k, j, err := scanCount(s, i+1, end)
	if err != nil {
		return 0, err
	}
	if k < 1 || k > n {
		return 0, notation.Errorf(s, i+1, "piece number must be 1 to %d", n)
	}
	pm.k, i = k, j
	if i >= end || (upper(s[i]) != halfA && upper(s[i]) != halfB) {
		return 0, notation.Errorf(s, i, "expected half %c or %c", halfA, halfB)
	}
	pm.half = upper(s[i])
	i++
	if i >= end || s[i] != '-' {
		return 0, notation.Errorf(s, i, "expected '-' and a swap path")
	}
	path, j, err := scanDirs(s, i+1, end, true)
	if err != nil {
		return 0, err
	}
	pm.path = path
	return j, nil
}

// parseJoin reads what follows J from s[i:end]: the two counts of the
// staircase to the joined piece's upper-right corner, then the swap path.
func (pm *parsed) parseJoin(s string, i, end int) (int, error) {
	pm.kind = kindJ
	a, j, err := scanCount(s, i, end)
	if err != nil {
		return 0, err
	}
	if a < 1 {
		return 0, notation.Errorf(s, i, "join counts must be at least 1")
	}
	i = j
	if i >= end || s[i] != ',' {
		return 0, notation.Errorf(s, i, "expected ',' and the second join count")
	}
	b, j, err := scanCount(s, i+1, end)
	if err != nil {
		return 0, err
	}
	if b < 1 {
		return 0, notation.Errorf(s, i+1, "join counts must be at least 1")
	}
	pm.a, pm.b = a, b
	path, j, err := scanDirs(s, j, end, false)
	if err != nil {
		return 0, err
	}
	pm.path = path
	return j, nil
}

// scanCount reads a decimal count at s[i:end]: "0" or no leading zero, at
// most 18 digits.
func scanCount(s string, i, end int) (uint64, int, error) {
	j := i
	var v uint64
	for j < end && '0' <= s[j] && s[j] <= '9' {
		if j-i == 18 {
			return 0, j, notation.Errorf(s, i, "number has more than 18 digits")
		}
		v = v*10 + uint64(s[j]-'0')
		j++
	}
	if j == i {
		return 0, i, notation.Errorf(s, i, "expected a number")
	}
	if s[i] == '0' && j > i+1 {
		return 0, i, notation.Errorf(s, i, "number has a leading zero")
	}
	return v, j, nil
}

// scanDirs reads swap letters up to end (a path ends the move). need: at
// least one.
func scanDirs(s string, i, end int, need bool) (string, int, error) {
	j := i
	lower := false
	for j < end {
		c := upper(s[j])
		if c != 'N' && c != 'E' && c != 'S' && c != 'W' {
			break
		}
		lower = lower || c != s[j]
		j++
	}
	if need && j == i {
		return "", i, notation.Errorf(s, i, "expected a swap path (N, E, S, W)")
	}
	if !lower {
		return s[i:j], j, nil // canonical text reads without a copy
	}
	return strings.ToUpper(s[i:j]), j, nil
}

// ---- moves against a position ----

// illegal builds the module's one error of a well-formed move that cannot
// be played, *notation.MoveError: the move as given, the reason, and
// ErrIllegalMove (notation.Ended gives the one after the end).
func illegal(move, format string, args ...any) error {
	return notation.Illegal(move, fmt.Sprintf(format, args...))
}

// pointText formats a point as "(x,y)" in position-code numbers.
func (p *Position) pointText(x, y int64) string {
	b := []byte{'('}
	b = appendNum(b, x, p.shift)
	b = append(b, ',')
	b = appendNum(b, y, p.shift)
	return string(append(b, ')'))
}

// walkLegs walks staircase legs from the corner v: counts[i] steps, East
// first when !north. It returns the end point's index.
func (p *Position) walkLegs(g *cornerGraph, move string, v int, counts []uint64, north bool, legBase int) (int, error) {
	for li, c := range counts {
		for k := uint64(0); k < c; k++ {
			w, blocked := g.next(v, north)
			if w < 0 {
				if blocked {
					return -1, illegal(move, "leg %d crosses a piece at %s", legBase+li, p.pointText(g.pts[v].x, g.pts[v].y))
				}
				return -1, illegal(move, "leg %d runs off the board at %s", legBase+li, p.pointText(g.pts[v].x, g.pts[v].y))
			}
			v = w
		}
		north = !north
	}
	return v, nil
}

// fracPoint computes num/den * units on the fixed grid exactly; ok is false
// when the value is not on the grid or lies beyond the board.
func fracPoint(num, den uint64, units int, shift uint8) (int64, bool) {
	size := uint64(units) << shift
	hi, lo := bits.Mul64(num, size)
	if hi >= den {
		return 0, false
	}
	q, r := bits.Div64(hi, lo, den)
	if r != 0 || q > size {
		return 0, false
	}
	return int64(q), true
}

// ParseMove reads a move in any form of the notation (see the package
// doc) and returns the canonical Move, checked for legality here. The
// checks come in order: the grammar, whatever the position (a
// *notation.ParseError wrapping boardrules.ErrSyntax; white space around
// the move is refused), then whether the game goes on (a
// *notation.MoveError wrapping boardrules.ErrGameOver, also for the zero
// Position), then legality (a *notation.MoveError wrapping
// boardrules.ErrIllegalMove). For every m in LegalMoves, ParseMove(m.String())
// == m.
func (p Position) ParseMove(s string) (Move, error) {
	sc := acquire()
	defer scratchPool.Put(sc)
	sc.take(&p)
	return p.parseMove(sc, s)
}

// parseMove is ParseMove in the scratch sc.
func (p *Position) parseMove(sc *scratch, s string) (Move, error) {
	sc.see(p)
	pm := parsed{counts: sc.text.counts[:0]}
	err := pm.parse(s)
	sc.text.counts = pm.counts[:0] // its room, kept for the next move read
	if err != nil {
		return Move{}, err
	}
	if p.t == nil || p.status != boardrules.Ongoing {
		return Move{}, notation.Ended(s, p.Outcome())
	}
	g := sc.cornerGraphOf(p)
	ps := sc.last.v.ps
	x, y, err := p.locate(&pm, g, ps)
	if err != nil {
		return Move{}, err
	}
	ai := findPiece(ps, x, y)
	if ai < 0 {
		return Move{}, illegal(s, "no piece has its lower-left corner at %s", p.pointText(x, y))
	}
	if c := ps[ai].C(); c != p.turn {
		return Move{}, illegal(s, "the piece at %s is %s's, not %s's", p.pointText(x, y), c, p.turn)
	}
	m := Move{tag: p.hash, kind: pm.kind, anchor: int32(ai)}
	sc.act.reset()
	switch pm.kind {
	case kindH, kindV:
		err = p.readSplit(sc, &pm, &m, ai)
	case kindJ:
		err = p.readJoin(sc, g, &pm, &m, ai)
	}
	if err != nil {
		return Move{}, err
	}
	if err := p.readPath(sc, &pm, &m); err != nil {
		return Move{}, err
	}
	return m, nil
}

// readSplit checks the split (H or V) pm reads of the piece ai, the
// anchor, and of as many pieces beyond it as the split's count asks, and
// sets m's count and starting half and sc.act's pieces removed and added.
func (p *Position) readSplit(sc *scratch, pm *parsed, m *Move, ai int) error {
	s, ps := pm.input, sc.last.v.ps
	a := ps[ai]
	vertical := pm.kind == kindV
	shape, fine := splitOK(a.R(), vertical)
	if !shape {
		if vertical {
			return illegal(s, "a tall rectangle cannot be cut V")
		}
		return illegal(s, "a wide rectangle cannot be cut H")
	}
	if !fine {
		return illegal(s, "the halves would be too fine to represent")
	}
	n := uint64(1)
	if pm.n > 0 {
		n = pm.n
	}
	wf, hf := p.dims()
	var stop int64
	f := sc.finder()
	sc.walkBuf, stop = walkTo(sc.walkBuf[:0], &f, wf, hf, ai, vertical, p.turn)
	if uint64(len(sc.walkBuf)) < n {
		bx, by := stop, a.Y()+a.H()/2
		end := wf
		if vertical {
			bx, by, end = a.X()+a.w/2, stop, hf
		}
		if stop >= end {
			return illegal(s, "the split line reaches the side of the board after %s", pieces(len(sc.walkBuf)))
		}
		return illegal(s, "the split line is blocked at %s after %s", p.pointText(bx, by), pieces(len(sc.walkBuf)))
	}
	m.n = int32(n)
	for _, j := range sc.walkBuf[:n] {
		sc.act.addHalves(ps[j].R(), j, vertical)
	}
	slices.Sort(sc.act.removed)
	if pm.half != 0 {
		k := uint64(1)
		if pm.k > 0 {
			k = pm.k
		}
		h := int32(0)
		if pm.half == 'S' || pm.half == 'W' {
			h = 1
		}
		m.src = int32(2*(k-1)) + h
	}
	return nil
}

// readJoin checks the join pm reads from the piece ai, the anchor, to the
// end of its staircase, and sets m's shape and sc.act's pieces removed
// and added.
func (p *Position) readJoin(sc *scratch, g *cornerGraph, pm *parsed, m *Move, ai int) error {
	s, a := pm.input, sc.last.v.ps[ai]
	v0 := g.index(a.X(), a.Y())
	v1, err := p.walkLegs(g, s, v0, []uint64{pm.a, pm.b}, false, 1)
	if err != nil {
		return err
	}
	x1, y1 := g.pts[v1].x, g.pts[v1].y
	if x1 <= a.X() || y1 <= a.Y() {
		return illegal(s, "the join rectangle is empty")
	}
	var ok bool
	sc.act.removed, ok = sc.last.v.joinFrom(sc.act.removed, ai, x1, y1, p.turn)
	if !ok {
		return illegal(s, "%s", p.joinProblem(a.X(), a.Y(), x1, y1))
	}
	sc.act.addJoin(rect{a.X(), a.Y(), x1 - a.X(), y1 - a.Y()})
	m.wide, m.flags = x1-a.X(), joinShape(x1-a.X(), y1-a.Y())
	return nil
}

// readPath gives m, whose action is read, the swap path pm reads: each
// step is played out to check it, and to learn whether the move wins,
// before m gets its text.
func (p *Position) readPath(sc *scratch, pm *parsed, m *Move) error {
	sc.act.of = p.nameOf(m)
	sc.text.path = append(sc.text.path[:0], pm.path...)
	m.setPath(sc.text.path)
	if m.nsteps > 0 {
		pl, fault := p.playOut(sc, m, false, true)
		if fault.step > 0 {
			return illegal(pm.input, "%s", fault.reason(m))
		}
		m.setOutcome(pl.win, p.turn)
	}
	b := baseOf(m)
	m.setText(sc.headOf(p, &b), sc.text.path)
	return nil
}

var dirName = [4]string{"east", "north", "south", "west"}

// pieces writes "1 piece", "3 pieces".
func pieces(n int) string {
	if n == 1 {
		return "1 piece"
	}
	return fmt.Sprintf("%d pieces", n)
}

func startName(m *Move) string {
	switch m.kind {
	case kindJ:
		return "the joined piece"
	case kindH:
		name := [2]string{"the upper half", "the lower half"}[m.src&1]
		if m.n > 1 {
			name += fmt.Sprintf(" of split piece %d", m.src/2+1)
		}
		return name
	}
	name := [2]string{"the east half", "the west half"}[m.src&1]
	if m.n > 1 {
		name += fmt.Sprintf(" of split piece %d", m.src/2+1)
	}
	return name
}

// joinProblem explains why R = [x0,x1]x[y0,y1] is no legal join.
func (p *Position) joinProblem(x0, y0, x1, y1 int64) string {
	r := rect{x0, y0, x1 - x0, y1 - y0}
	if !r.legal() {
		return "the joined piece would not have a legal shape"
	}
	count := 0
	for _, q := range p.t.all() {
		if q.X() >= x1 || q.X()+q.w <= x0 || q.Y() >= y1 || q.Y()+q.H() <= y0 {
			continue
		}
		if q.X() < x0 || q.X()+q.w > x1 || q.Y() < y0 || q.Y()+q.H() > y1 {
			return "the piece at " + p.pointText(q.X(), q.Y()) + " crosses the joined piece's border"
		}
		if q.C() != p.turn {
			return "the joined piece would hold " + q.C().String() + "'s piece at " + p.pointText(q.X(), q.Y())
		}
		count++
	}
	return "a join needs at least two pieces"
}

// locate resolves a parsed location to a point of the position: the end of
// a valid staircase, or a fraction's exact point. Both must be a piece's
// lower-left corner.
func (p *Position) locate(pm *parsed, g *cornerGraph, ps []piece) (int64, int64, error) {
	s := pm.input
	var x, y int64
	if pm.frac {
		var ok bool
		x, ok = fracPoint(pm.num[0], pm.den[0], p.v.Width, p.shift)
		if ok && pm.parts == 2 {
			y, ok = fracPoint(pm.num[1], pm.den[1], p.v.Height, p.shift)
		}
		if !ok {
			return 0, 0, illegal(s, "the location is no piece's lower-left corner")
		}
	} else {
		v, err := p.walkLegs(g, s, 0, pm.counts, false, 1)
		if err != nil {
			return 0, 0, err
		}
		x, y = g.pts[v].x, g.pts[v].y
	}
	if findPiece(ps, x, y) < 0 {
		return 0, 0, illegal(s, "no piece has its lower-left corner at %s", p.pointText(x, y))
	}
	return x, y, nil
}

// resolveLocation reads a location alone ("2,1", "1/2, 2/3") and returns
// the lower-left corner it names.
func (p Position) resolveLocation(loc string) (pt, error) {
	var pm parsed
	if err := pm.parse(loc + "H"); err != nil {
		return pt{}, err
	}
	var g cornerGraph
	wf, hf := p.dims()
	ps := p.list()
	g.build(ps, wf, hf)
	x, y, err := p.locate(&pm, &g, ps)
	return pt{x, y}, err
}
