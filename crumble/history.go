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

	// Room for what a turn usually adds, so that push allocates it with
	// the turn's record: the rectangles of a (a join's one, or the pieces
	// of a split, rarely more than five), and the trie's new path to the
	// position.
	aRoom [5]rect
	room  trieRoom
}

// newHistory starts the history of a game at p: one occurrence of p.
func newHistory(p *Position) *history {
	h := &history{}
	if p.v.Draws&Repetition != 0 {
		h.occ, _ = h.occ.insert(0, p.hash, p.pieces, p.turn, &h.room)
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
			n.a = append(n.aRoom[:0], act.added[0])
		} else {
			n.a = n.aRoom[:0]
			for _, j := range act.removed {
				n.a = append(n.a, pre[j].rect)
			}
		}
	}
	if q.v.Draws&Repetition != 0 {
		var count int32
		n.occ, count = h.occ.insert(0, q.hash, q.pieces, q.turn, &n.room)
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
// apart by comparing them exactly. A node either branches (bitmap, kids)
// or holds leaves (leaf): one pointer a kid keeps the nodes that every
// insertion copies small.
type trieNode struct {
	bitmap uint32
	kids   []*trieNode
	leaf   *trieLeaf
}

type trieLeaf struct {
	hash   uint64
	pieces []piece
	turn   Color
	count  int32
	next   *trieLeaf // other positions with the same hash
}

// trieRoom is the storage one insertion writes into: the leaf it adds or
// bumps, with the node that holds it, and the copies of the nodes on the
// path to it. The root is copied on every insertion, a node one level down
// on most, and two levels down on some (a game's positions rarely number a
// thousand, 32 per root kid, so the nodes below the root are small), so
// room for those, in the record of the turn, makes a turn's trie path
// cost no allocation of its own; deeper or fuller nodes are allocated.
type trieRoom struct {
	node      trieNode
	leaf      trieLeaf
	root      trieNode
	rootKids  [32]*trieNode
	inner     trieNode
	innerKids [16]*trieNode
	deep      trieNode
	deepKids  [4]*trieNode
}

// copyNode returns an empty node at the depth with room for k kids.
func (r *trieRoom) copyNode(depth int, bitmap uint32, k int) *trieNode {
	switch {
	case depth == 0:
		r.root = trieNode{bitmap: bitmap, kids: r.rootKids[:0:k]}
		return &r.root
	case depth == 1 && k <= len(r.innerKids):
		r.inner = trieNode{bitmap: bitmap, kids: r.innerKids[:0:k]}
		return &r.inner
	case depth == 2 && k <= len(r.deepKids):
		r.deep = trieNode{bitmap: bitmap, kids: r.deepKids[:0:k]}
		return &r.deep
	}
	return newTrieNode(bitmap, k)
}

const trieMaxDepth = 12 // 13 levels of 5 bits cover 64 bits

// insert returns a trie with one more occurrence of the position, and its
// count now. The receiver is not changed. room is storage for what the
// insertion writes: one leaf (a new leaf, or a bumped copy of the old) and
// the path of copied nodes.
func (n *trieNode) insert(depth int, hash uint64, ps []piece, turn Color, room *trieRoom) (*trieNode, int32) {
	bit := uint32(1) << (hash >> (5 * depth) & 31)
	var bitmap uint32
	var kids []*trieNode
	if n != nil {
		bitmap, kids = n.bitmap, n.kids
	}
	idx := bits.OnesCount32(bitmap & (bit - 1))
	if bitmap&bit == 0 {
		out := room.copyNode(depth, bitmap|bit, len(kids)+1)
		room.leaf = trieLeaf{hash: hash, pieces: ps, turn: turn, count: 1}
		room.node = trieNode{leaf: &room.leaf}
		out.kids = append(append(append(out.kids, kids[:idx]...), &room.node), kids[idx:]...)
		return out, 1
	}
	out := room.copyNode(depth, bitmap, len(kids))
	out.kids = append(out.kids, kids...)
	k := kids[idx]
	var count int32
	switch {
	case k.leaf == nil:
		out.kids[idx], count = k.insert(depth+1, hash, ps, turn, room)
	case k.leaf.hash == hash || depth == trieMaxDepth:
		room.node = trieNode{leaf: k.leaf.bump(hash, ps, turn, &count, &room.leaf)}
		out.kids[idx] = &room.node
	default:
		// push the old leaf one level down, then insert beside it: the
		// node holding it alone is copied by the insertion, so it can
		// live on the stack
		one := [1]*trieNode{k}
		sub := trieNode{bitmap: uint32(1) << (k.leaf.hash >> (5 * (depth + 1)) & 31), kids: one[:]}
		out.kids[idx], count = sub.insert(depth+1, hash, ps, turn, room)
	}
	return out, count
}

// smallTrieNode is a node allocated with room for its kids, as the nodes
// below the root mostly hold one or two.
type smallTrieNode struct {
	node trieNode
	room [2]*trieNode
}

// newTrieNode returns an empty node with room for k kids, in one
// allocation when they are few.
func newTrieNode(bitmap uint32, k int) *trieNode {
	if k <= len(smallTrieNode{}.room) {
		b := &smallTrieNode{node: trieNode{bitmap: bitmap}}
		b.node.kids = b.room[:0:k]
		return &b.node
	}
	return &trieNode{bitmap: bitmap, kids: make([]*trieNode, 0, k)}
}

// bump returns a leaf chain with the position's count raised by one; the
// leaf it changes is written into spare, the leaves before it are copied.
func (l *trieLeaf) bump(hash uint64, ps []piece, turn Color, count *int32, spare *trieLeaf) *trieLeaf {
	if l == nil {
		*count = 1
		*spare = trieLeaf{hash: hash, pieces: ps, turn: turn, count: 1}
		return spare
	}
	if l.hash == hash && l.turn == turn && slices.Equal(l.pieces, ps) {
		*spare = *l
		spare.count++
		*count = spare.count
		return spare
	}
	c := *l
	c.next = l.next.bump(hash, ps, turn, count, spare)
	return &c
}
