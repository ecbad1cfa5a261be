package crumble

// The Move type: what a move holds, and its canonical text.

import (
	"strconv"
	"unsafe"
)

// Move kinds.
const (
	kindNone uint8 = iota
	kindH
	kindV
	kindJ
)

// inlinePath is the longest path a Move holds in its own words; a longer
// one (rare: a swap path crosses the board more than twice) is kept as
// text, which costs an allocation.
const (
	inlinePath = 64
	longPath   = 0xff
)

// Move is a Crumble move: a split or join (its Base), then an optional
// swap path (its SwapPath). Moves come from a position: LegalMoves,
// AppendLegalMoves, RandomMove and Position.ParseMove. The zero Move is no
// move: its String is "", and Play refuses it.
//
// A Move holds what Play needs (the anchor piece, the cut's length or the
// join's far corner, the piece that starts the path and the path's
// directions, two bits a step) and a pointer to the pieces of the position
// it was made for, from which String derives the canonical text on demand.
// So listing moves allocates nothing, and two Moves of one position value
// (or of its copies) are == exactly when their texts are. A Move of another
// position is never == to these, even when the positions are Equal; Play
// still accepts it when the positions are Equal (see Play).
type Move struct {
	ps     *piece // the first piece of the position; nil for the zero Move
	np     int32  // the number of pieces
	anchor int32  // the anchor piece's index
	n      int32  // split: the number of pieces cut
	src    int32  // the created piece that starts the path, in source order
	x1, y1 int64  // join: the upper-right corner

	path       [2]uint64 // the steps, two bits each (dirE ... dirW), first step lowest
	plen       uint8     // the number of steps, or longPath when raw holds them
	kind       uint8
	cols, rows uint8  // the board's size in cells
	shift      uint8  // the position's grid: 2^-shift units
	game       uint8  // the variant's first player and draw rules (see gameOf)
	raw        string // the letters of a path longer than inlinePath
}

// gameOf packs what a Move keeps of its position's variant besides the
// size: the first player and the draw rules, so that a move of a position
// of another variant with the same pieces is not == to its own and Play
// refuses it.
func gameOf(v Variant) uint8 { return uint8(v.Draws)<<1 | uint8(v.FirstPlayer&1) }

// pieces returns the pieces of the position the move was made for.
func (m *Move) pieces() []piece {
	if m.ps == nil {
		return nil
	}
	// The pointer and length are those of a Position's pieces slice, which
	// no one changes after the position is made (positions are immutable):
	// rebuilding the slice from them is safe, and keeping a pointer rather
	// than a slice keeps Move comparable with ==.
	return unsafe.Slice(m.ps, m.np)
}

// moveOf returns the zero move of p: no action yet, but bound to p.
func (p *Position) moveOf() Move {
	m := Move{np: int32(len(p.pieces)), cols: uint8(p.v.Width), rows: uint8(p.v.Height), shift: p.shift, game: gameOf(p.v)}
	if len(p.pieces) > 0 {
		m.ps = &p.pieces[0]
	}
	return m
}

// resolved reports whether m belongs to a position: whether it is a move
// rather than the zero Move.
func (m *Move) resolved() bool { return m.ps != nil && m.kind != kindNone }

// steps returns the number of steps of the path.
func (m *Move) steps() int {
	if m.plen == longPath {
		return len(m.raw)
	}
	return int(m.plen)
}

// dir returns the direction of step i of the path.
func (m *Move) dir(i int) int {
	if m.plen == longPath {
		return dirIndex(m.raw[i])
	}
	return int(m.path[i>>5] >> (uint(i&31) * 2) & 3)
}

// setPath stores the path given by its letters.
func (m *Move) setPath(letters []byte) {
	m.path, m.plen, m.raw = [2]uint64{}, 0, ""
	if len(letters) > inlinePath {
		m.plen, m.raw = longPath, string(letters)
		return
	}
	for i, c := range letters {
		m.path[i>>5] |= uint64(dirIndex(c)) << (uint(i&31) * 2)
	}
	m.plen = uint8(len(letters))
}

// appendPath appends the letters of the path.
func (m *Move) appendPath(b []byte) []byte {
	for i := range m.steps() {
		b = append(b, dirLetters[m.dir(i)])
	}
	return b
}

// String returns the canonical notation of the move, "" for the zero
// Move. The first text of a position builds its corner graph (some µs on
// 6x6, about a checked Play); the working memory keeps it, so the
// position's other moves cost far less (under 0.1 µs). Print moves; do not
// key a hot loop on their text.
func (m Move) String() string {
	if !m.resolved() {
		return ""
	}
	s := acquire()
	defer scratchPool.Put(s)
	ps := m.pieces()
	s.cornerGraphOf(ps, int64(m.cols)<<m.shift, int64(m.rows)<<m.shift)
	s.text = m.appendText(s, s.text[:0])
	return string(s.text)
}

// appendText appends the canonical text of m, whose position's corner
// graph s.corners holds.
func (m *Move) appendText(s *scratch, b []byte) []byte {
	ps := m.pieces()
	a := ps[m.anchor]
	b = s.corners.appendCanonical(b, a.X(), a.Y())
	b = appendBaseText(&s.corners, ps, b, m)
	if m.steps() > 0 {
		s.path = m.appendPath(s.path[:0])
		b = appendPathText(b, m, s.path)
	}
	return b
}

// appendBaseText appends the text of a base after its location: H, Hn, V,
// Vn or Ja,b.
func appendBaseText(g *cornerGraph, ps []piece, b []byte, m *Move) []byte {
	switch m.kind {
	case kindH, kindV:
		b = append(b, "HV"[m.kind-kindH])
		if m.n > 1 {
			b = strconv.AppendInt(b, int64(m.n), 10)
		}
	case kindJ:
		a := ps[m.anchor]
		ca, cb := g.joinCounts(a.X(), a.Y(), m.x1, m.y1)
		b = append(b, 'J')
		b = strconv.AppendInt(b, int64(ca), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(cb), 10)
	}
	return b
}

// appendPathText appends the path part, which names the starting piece
// (source src) when the base text alone does not.
func appendPathText(b []byte, m *Move, path []byte) []byte {
	switch m.kind {
	case kindH, kindV:
		half := "NS"
		if m.kind == kindV {
			half = "EW"
		}
		hs := half[m.src&1]
		if m.n > 1 {
			b = append(b, '-')
			b = strconv.AppendInt(b, int64(m.src/2+1), 10)
			b = append(b, hs, '-')
			return append(b, path...)
		}
		if path[0] == hs {
			return append(b, path...)
		}
		b = append(b, hs, '-')
		return append(b, path...)
	}
	return append(b, path...)
}
