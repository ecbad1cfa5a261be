package crumble

// What the two forms of the contact graph share. The contact graph of a
// position says which pieces touch, along an edge or at a corner, which
// share a full side (the swap steps' neighbours) and which lie on a side
// of the board; it takes one split or join at a time as an overlay; and it
// derives, from the position's colouring, the chains and the side forest
// that the captures and the win check read. A swap step moves the
// travelling piece once, settles the captures it causes (repeated until no
// group is cut off from every side) and tests for a chain that connects
// all four sides.
//
// The graph has two forms. The bitset form (bitgraph.go) gives each piece
// the set of pieces it touches and the set it meets along an edge, as
// four 64-bit words, so that a flood takes a few word operations per
// piece; it holds positions of up to 240 pieces (a 6x6 game rarely has
// more than 200) with the pieces their splits and joins create, 256 in
// all, and lists, draws and plays their moves. The list form (graph.go),
// adjacency lists whose pieces around an overlay are rewritten only when
// first read, holds any position: the larger ones, and a split or join
// that would not fit the 256 slots. Both forms give the same moves in the
// same order, the same captures and the same positions; the tests compare
// them, with each other and with the rectangles, on thousands of random
// positions.
//
// This file holds their contract (below), swapGraph, which holds either
// form for the searches and Play's paths, and slotMap, the rest of what
// Play needs of them; then what both build on: directions and sides, the
// contact test and the pairs that may touch, a colouring's bits, and the
// win check's bound.

// What each form provides, with the same meaning (the list form's
// signatures take colourings as []uint64, the bitset form's as sets):
//
//   - build(ps, v, wf, hf): the graph of a position's pieces;
//   - overlay(act, mover), undo(): one split or join laid over it and
//     taken off, placeCreated and linkCreated doing the overlay's share;
//   - derive(), labelChains, growForest, deriveCreated: the chains and the
//     side forest of the position's colouring, and provenSet: the pieces
//     that forest proves;
//   - step(col, tr, d, mover, b): one swap step with its captures and win;
//   - oppFullSide(r, v, mover): whether an opponent's piece beside v
//     shares a full side with r (mayStep: whether a path can start);
//   - the numbering of its slots (slotMap, below), by which Play reads
//     the colouring a path left without knowing the form.

// slotMap is how a form numbers its slots, which Play reads once a path
// is played: which slots of a colouring hold the position's pieces and
// which piece each holds. The bitset graph b keeps slots from ply to ply;
// the list form's slots are the pieces' indices, as the view v numbers
// them, created pieces after them. One of the two is set. It is a plain
// struct rather than an interface for the reason swapGraph gives:
// Play's recolour loop reads it once a word.
type slotMap struct {
	b *bitGraph
	v *view
}

// held returns the bits of word w of a colouring whose slots hold pieces
// of the position.
func (m slotMap) held(w int) uint64 {
	if m.b != nil {
		return m.b.base.words()[w]
	}
	if rest := len(m.v.ps) - w<<6; rest < 64 {
		return 1<<uint(rest) - 1
	}
	return ^uint64(0)
}

// pieceIn returns the index of the piece in slot sv, and false for a
// created piece's slot.
func (m slotMap) pieceIn(sv int32) (int32, bool) {
	if m.b != nil {
		return m.b.pieceOf[uint8(sv)], m.b.base.has(sv)
	}
	return sv, int(sv) < len(m.v.ps)
}

// kept reports whether the next position's graph is made from this one
// by a commit (see take), rather than built afresh: whether it is the
// bitset form's.
func (m slotMap) kept() bool { return m.b != nil }

// swapGraph is the contact graph a search over swap paths reads, with an
// action overlaid: the bitset graph b, or else the lists l. Each method
// branches between the two, a branch that goes the same way for a whole
// search. It is a plain struct rather than an interface or a type
// parameter so that its calls are direct and neighbours and recoloured
// inline into the search's loop (Go calls a type parameter's methods
// through a dictionary, as an interface's, when both forms are
// pointers): the two forms behind one interface cost 3% more
// instructions in the start position's listing, 1% in perft(2).
type swapGraph struct {
	b *bitGraph
	l *graph
}

// overlaid returns the colouring right after the action and the slots of
// the created pieces, in source order.
func (w swapGraph) overlaid(s *scratch) (c0 []uint64, made []int32) {
	if w.b != nil {
		return w.b.c0.words(), w.b.made
	}
	return w.l.c0, w.l.made(s)
}

// neighbours returns the full-side neighbours of slot tr by direction, -1
// for none.
func (w swapGraph) neighbours(tr int32) [4]int32 {
	if w.b != nil {
		return w.b.nb[uint8(tr)]
	}
	return w.l.nb[tr]
}

// step makes a swap step (see graph.step).
func (w swapGraph) step(col []uint64, tr int32, d int, mover Color, b *bound) (int32, bool, int8) {
	if w.b != nil {
		return w.b.step(col, tr, d, mover, b)
	}
	return w.l.step(col, tr, d, mover, b)
}

// recoloured lists the pieces the last step recoloured: the two swapped
// pieces first, then the captures.
func (w swapGraph) recoloured() []int32 {
	if w.b != nil {
		return w.b.changed
	}
	return w.l.changed
}

// Directions of swap steps, in ASCII order of their letters: the order in
// which move generation expands them.
const (
	dirE = iota
	dirN
	dirS
	dirW
)

const dirLetters = "ENSW"

// opposite returns the direction opposite d (E-W, N-S).
func opposite(d int) int { return dirW - d }

// Side bits: the sides of the board a piece touches.
const (
	sideW uint8 = 1 << iota
	sideE
	sideS
	sideN
	allSides = sideW | sideE | sideS | sideN
)

// bound is what a colouring of a swap-path search carries beside its
// words: for each colour, a superset of the sides that a chain holding a
// piece recoloured since the action can touch (see winner), and the words
// of the colouring where a piece was recoloured since the action (bit k
// for word k, its last bit for every word from the 15th on), which the
// list form's provenSet reads instead of every word.
type bound struct {
	sides [2]uint8
	words uint16
}

// widen makes m colour c's bound and returns c's bit (1<<c) if m holds all
// four sides, else 0: the colours whose chains need a search.
func (b *bound) widen(c Color, m uint8) uint8 {
	b.sides[c] = m
	if m == allSides {
		return 1 << c
	}
	return 0
}

// recolour notes that slot v was recoloured.
func (b *bound) recolour(v int32) { b.words |= wordBit(v) }

// wordBit is the bit of slot v's word in bound.words.
func wordBit(v int32) uint16 { return 1 << min(uint32(v)>>6, 15) }

type pair struct {
	i, j int32
	edge bool
}

// colorAt returns the colour of slot i in the colouring col. (A slot is
// never negative: unsigned, the word's index is a plain shift.)
func colorAt(col []uint64, i int32) Color { return Color(col[uint32(i)>>6] >> (uint32(i) & 63) & 1) }

func flip(col []uint64, i int32) { col[i>>6] ^= 1 << (uint(i) & 63) }

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

func sideMask(a rect, wf, hf int64) uint8 {
	var s uint8
	if a.x == 0 {
		s |= sideW
	}
	if a.x+a.w == wf {
		s |= sideE
	}
	if a.y == 0 {
		s |= sideS
	}
	if a.y+a.h == hf {
		s |= sideN
	}
	return s
}

// contact tests rectangles a and b (of one tiling) for contact: whether
// they touch, whether along an edge, and the direction in which b is a's
// full-side neighbour, or -1.
func contact(a, b *rect) (touch, edge bool, d int) {
	ox := min(a.x+a.w, b.x+b.w) - max(a.x, b.x)
	oy := min(a.y+a.h, b.y+b.h) - max(a.y, b.y)
	if ox < 0 || oy < 0 {
		return false, false, -1
	}
	switch {
	case oy == 0 && ox > 0: // one above the other
		if a.x != b.x || a.w != b.w {
			return true, true, -1
		}
		if a.y < b.y {
			return true, true, dirN
		}
		return true, true, dirS
	case ox == 0 && oy > 0: // side by side
		if a.y != b.y || a.h != b.h {
			return true, true, -1
		}
		if a.x < b.x {
			return true, true, dirE
		}
		return true, true, dirW
	}
	return true, false, -1
}

// pairsOf appends to pairs the pairs of the tiling rs (in code order)
// that may touch, i < j, and returns the levels it used too: from the
// stitches of the tiling's view v, only the pairs that touch, else from
// the rectangles (candidates).
func pairsOf(levels []int32, pairs []pair, rs []rect, v *view, wf, hf int64) ([]int32, []pair) {
	if v == nil {
		levels = levelEnds(levels, rs)
		return levels, candidates(pairs, rs, levels)
	}
	var buf [32]int32
	for i := range int32(len(rs)) {
		for _, a := range v.touching(buf[:0], i, wf, hf) {
			if j := a >> 1; j > i {
				pairs = append(pairs, pair{i: i, j: j})
			}
		}
	}
	return levels, pairs
}

// levelEnds returns, for each rectangle of rs (a tiling's, sorted by
// lower-left y, then x), the index just past its level: a level is a run
// of rectangles with the same y, standing side by side, so their x ranges
// are disjoint and in order.
func levelEnds(dst []int32, rs []rect) []int32 {
	n := len(rs)
	dst = resize(dst, n)
	for i := n - 1; i >= 0; i-- {
		if i+1 < n && rs[i+1].y == rs[i].y {
			dst[i] = dst[i+1]
		} else {
			dst[i] = int32(i + 1)
		}
	}
	return dst
}

// candidates appends to dst every pair of rectangles i < j of rs that
// may touch (and some that do not): each meets the rectangles after it,
// on its own level only the next one, and on each higher level up to its
// top those whose x range meets its own, found by binary search. levelEnd
// is levelEnds(rs).
func candidates(dst []pair, rs []rect, levelEnd []int32) []pair {
	n := len(rs)
	for i := range rs {
		top := rs[i].y + rs[i].h
		ax0, ax1 := rs[i].x, rs[i].x+rs[i].w
		j := i + 1
		if j < n && rs[j].y == rs[i].y {
			dst = append(dst, pair{i: int32(i), j: int32(j)})
			j = int(levelEnd[i])
		}
		for j < n && rs[j].y <= top {
			end := int(levelEnd[j])
			lo, hi := j, end
			for lo < hi { // the first rectangle of the level reaching ax0
				m := int(uint(lo+hi) >> 1)
				if rs[m].x+rs[m].w < ax0 {
					lo = m + 1
				} else {
					hi = m
				}
			}
			for k := lo; k < end && rs[k].x <= ax1; k++ {
				dst = append(dst, pair{i: int32(i), j: int32(k)})
			}
			j = end
		}
	}
	return dst
}
