package crumble

// The game's history for the draw rules: a parent-linked list of turn
// records and a persistent hash trie of position occurrences. Both are
// shared with every ancestor and never modified, so Play costs O(1) in the
// length of the game and positions stay safe for concurrent use.

import (
	"math/bits"
	"slices"
)

type history struct {
	parent *history
	turns  int
	// the turn record of the turn that led here
	a    []rect
	x    rect
	hasX bool
	// occurrences of positions so far, this one included
	occ *trieNode
	// rep: this position has now occurred three times
	rep bool
}

// newHistory starts the history of a game at p: one occurrence of p.
func newHistory(p *Position) *history {
	h := &history{}
	if p.v.Draws&Repetition != 0 {
		h.occ, _ = h.occ.insert(0, p.hash, p.pieces, p.turn)
	}
	return h
}

// push records a turn that led from the position with pieces pre to q.
func (h *history) push(q *Position, act action, pre []piece, x rect, hasX bool) *history {
	if h == nil || q.v.Draws == NoDraws {
		return h
	}
	n := &history{parent: h, turns: h.turns + 1, occ: h.occ}
	if q.v.Draws&Renewables != 0 {
		n.x, n.hasX = x, hasX
		if len(act.added) == 1 { // a join removes its rectangle R
			n.a = []rect{act.added[0]}
		} else {
			n.a = make([]rect, len(act.removed))
			for i, j := range act.removed {
				n.a[i] = pre[j].rect
			}
		}
	}
	if q.v.Draws&Repetition != 0 {
		var count int32
		n.occ, count = h.occ.insert(0, q.hash, q.pieces, q.turn)
		n.turns = h.turns + 1
		if count >= 3 {
			n.rep = true
		}
	}
	return n
}

// draw returns the draw reason that applies after the turn that made q.
func (h *history) draw(q *Position) uint8 {
	if h == nil {
		return reasonNone
	}
	if h.rep {
		return reasonRepetition
	}
	if q.v.Draws&Renewables == 0 || h.turns < 6 {
		return reasonNone
	}
	var t [6]*history
	c := h
	for i := 5; i >= 0; i-- {
		t[i] = c
		c = c.parent
	}
	for _, r := range t {
		if !r.hasX || r.x != t[5].x {
			return reasonNone
		}
	}
	for k := 0; k < 2; k++ {
		u1, u2, u3 := t[k], t[k+2], t[k+4]
		if !covered(u3.a, u1.a) || !covered(u3.a, u2.a) {
			return reasonNone
		}
	}
	return reasonRenewables
}

// covered reports whether every rectangle of a lies within the union of the
// rectangles of b, which are pairwise interior-disjoint: the areas of the
// intersections must add up to the rectangle's area (128-bit arithmetic,
// since areas on the fixed grid exceed 64 bits).
func covered(a, b []rect) bool {
	for _, r := range a {
		var hi, lo uint64
		for _, s := range b {
			w := min(r.x+r.w, s.x+s.w) - max(r.x, s.x)
			hgt := min(r.y+r.h, s.y+s.h) - max(r.y, s.y)
			if w <= 0 || hgt <= 0 {
				continue
			}
			ph, pl := bits.Mul64(uint64(w), uint64(hgt))
			var carry uint64
			lo, carry = bits.Add64(lo, pl, 0)
			hi += ph + carry
		}
		ah, al := bits.Mul64(uint64(r.w), uint64(r.h))
		if hi != ah || lo != al {
			return false
		}
	}
	return true
}

// trieNode is a node of a persistent hash trie (5 bits per level) from
// position hash to occurrence count. Positions with equal hashes are told
// apart by comparing them exactly.
type trieNode struct {
	bitmap uint32
	kids   []trieKid
}

type trieKid struct {
	node *trieNode
	leaf *trieLeaf
}

type trieLeaf struct {
	hash   uint64
	pieces []piece
	turn   Color
	count  int32
	next   *trieLeaf // other positions with the same hash
}

const trieMaxDepth = 12 // 13 levels of 5 bits cover 64 bits

// insert returns a trie with one more occurrence of the position, and its
// count now. The receiver is not changed.
func (n *trieNode) insert(depth int, hash uint64, ps []piece, turn Color) (*trieNode, int32) {
	bit := uint32(1) << (hash >> (5 * depth) & 31)
	var out trieNode
	if n != nil {
		out.bitmap = n.bitmap
	}
	idx := 0
	if n != nil {
		idx = bits.OnesCount32(n.bitmap & (bit - 1))
	}
	if n == nil || n.bitmap&bit == 0 {
		out.bitmap |= bit
		out.kids = make([]trieKid, 0, len(kidsOf(n))+1)
		out.kids = append(out.kids, kidsOf(n)[:idx]...)
		out.kids = append(out.kids, trieKid{leaf: &trieLeaf{hash: hash, pieces: ps, turn: turn, count: 1}})
		out.kids = append(out.kids, kidsOf(n)[idx:]...)
		return &out, 1
	}
	out.kids = slices.Clone(n.kids)
	k := n.kids[idx]
	var count int32
	switch {
	case k.node != nil:
		var sub *trieNode
		sub, count = k.node.insert(depth+1, hash, ps, turn)
		out.kids[idx] = trieKid{node: sub}
	case k.leaf.hash == hash || depth == trieMaxDepth:
		out.kids[idx] = trieKid{leaf: k.leaf.bump(hash, ps, turn, &count)}
	default:
		// push the old leaf one level down, then insert beside it
		sub := &trieNode{bitmap: uint32(1) << (k.leaf.hash >> (5 * (depth + 1)) & 31), kids: []trieKid{{leaf: k.leaf}}}
		sub, count = sub.insert(depth+1, hash, ps, turn)
		out.kids[idx] = trieKid{node: sub}
	}
	return &out, count
}

func kidsOf(n *trieNode) []trieKid {
	if n == nil {
		return nil
	}
	return n.kids
}

// bump returns a leaf chain with the position's count raised by one.
func (l *trieLeaf) bump(hash uint64, ps []piece, turn Color, count *int32) *trieLeaf {
	if l == nil {
		*count = 1
		return &trieLeaf{hash: hash, pieces: ps, turn: turn, count: 1}
	}
	if l.hash == hash && l.turn == turn && slices.Equal(l.pieces, ps) {
		c := *l
		c.count++
		*count = c.count
		return &c
	}
	c := *l
	c.next = l.next.bump(hash, ps, turn, count)
	return &c
}
