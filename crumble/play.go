package crumble

// Play: a move applied to a position, with its captures, the win, the
// hash and the draw rules.

import (
	"math/bits"
	"slices"

	"github.com/boardrules/boardrules"
)

// dims returns the board's width and height on the position's grid.
func (p *Position) dims() (int64, int64) {
	return int64(p.v.Width) << p.shift, int64(p.v.Height) << p.shift
}

// Play plays a move of this position (from LegalMoves or ParseMove): it
// accepts m exactly when ParseMove(m.String()) returns m, or a Move equal to
// m but for its binding to another position value with the same pieces.
func (p Position) Play(m Move) (Position, error) {
	if !m.resolved() {
		if m.raw == "" && p.status != boardrules.Ongoing && len(p.pieces) > 0 {
			return Position{}, gameOver("(zero move)", "the game is over")
		}
		if m.raw == "" {
			return Position{}, illegal("(zero move)", "not a move")
		}
	}
	if !m.resolved() || !slices.Equal(m.pieces(), p.pieces) {
		// a text-only Move, or one of another position: its text may not
		// even read here (ParseMove's error), and if it does, ParseMove's
		// Move is bound to these pieces, so it is not m
		text := m.String()
		if _, err := p.ParseMove(text); err != nil {
			return Position{}, err
		}
		return Position{}, illegal(text, "the move does not belong to this position")
	}
	// m's text, written with this position's corner graph, which is m's,
	// then read back in the same scratch: ParseMove checks the move and
	// leaves it played out for finish
	s := acquire()
	defer scratchPool.Put(s)
	return p.playIn(s, m)
}

// playIn is Play of a move bound to p's pieces, in scratch s.
func (p *Position) playIn(s *scratch, m Move) (Position, error) {
	wf, hf := p.dims()
	s.corners.build(p.pieces, wf, hf)
	s.text = m.appendText(s, s.text[:0])
	text := string(s.text)
	q, tr, win, err := p.parseMove(s, text, true)
	if err != nil {
		return Position{}, err
	}
	q.ps = m.ps // the same pieces, perhaps of a copy
	if q != m {
		return Position{}, illegal(text, "the move does not belong to this position")
	}
	if q.steps() == 0 {
		return p.finishNoPath(s), nil
	}
	return p.finish(s, s.col, int32(len(p.pieces)), tr, win), nil
}

// PlayUnchecked plays a move from this position's LegalMoves, RandomMove or
// ParseMove without checking it.
func (p Position) PlayUnchecked(m Move) Position {
	s := acquire()
	defer scratchPool.Put(s)
	return p.playUnchecked(s, m)
}

func (p *Position) playUnchecked(s *scratch, m Move) Position {
	p.resolveAction(s, &m)
	if m.steps() == 0 {
		return p.finishNoPath(s)
	}
	if b, i := s.searched(p, &m); i >= 0 {
		at := int(b.firstWord) + int(i-b.first)*int(b.nw)
		st := &s.states[i]
		win := int8(-1)
		if st.dir >= 0 && st.dir&stateWon != 0 {
			win = int8(b2i(st.dir&stateWhiteWon != 0))
		}
		return p.finish(s, s.words[at:at+int(b.nw)], b.slot0, st.tr, win)
	}
	tr := p.startPath(s, m.src)
	tr, win := s.g.playPath(s.col, tr, &m, p.turn)
	return p.finish(s, s.col, int32(len(p.pieces)), tr, win)
}

// searched finds the state that move m (its action in s.act) ends in
// among the searches kept in s: its base's search, then the path's steps
// down that search's tree. It returns the base and the state's index, or
// -1 when the search was not made (or was of another position) or the
// path is not the search's (a longer path ParseMove read: Play replays it).
func (s *scratch) searched(p *Position, m *Move) (*baseDesc, int32) {
	if len(p.pieces) == 0 || len(s.searchedFor) != len(p.pieces) || &s.searchedFor[0] != &p.pieces[0] {
		return nil, -1
	}
	bs := s.bases
	k, _ := slices.BinarySearchFunc(bs, m.anchor, func(b baseDesc, a int32) int { return int(b.m.anchor - a) })
	for ; k < len(bs) && bs[k].m.anchor == m.anchor; k++ {
		b := &bs[k]
		if b.m.kind != m.kind || b.m.n != m.n || b.m.x1 != m.x1 || b.m.y1 != m.y1 {
			continue
		}
		if b.first < 0 || m.src >= b.count {
			return nil, -1
		}
		i := b.first + m.src // the sources come first, in source order
		for j := range m.steps() {
			d := int8(m.dir(j))
			st := &s.states[i]
			next := int32(-1)
			for c := st.kids; c < st.kids+int32(st.nkids); c++ {
				if s.states[c].dir&3 == d {
					next = c
					break
				}
			}
			if next < 0 {
				return nil, -1
			}
			i = next
		}
		return b, i
	}
	return nil, -1
}

// startPath overlays the action in s.act on p's contact graph, sets s.col
// to the colouring right after it, and returns the slot of created piece
// src, the travelling piece of a path's first step.
func (p *Position) startPath(s *scratch, src int32) int32 {
	g := p.tile(s)
	g.overlay(&s.act, p.turn)
	s.col = append(s.col[:0], g.c0...)
	return int32(g.n) + src
}

// playPath plays the steps of m's path from the travelling piece tr in
// colouring col, until the path ends, a step is refused or one wins, and
// returns the last travelling piece and the winner, or -1.
func (g *graph) playPath(col []uint64, tr int32, m *Move, mover Color) (int32, int8) {
	var b bound
	for i := range m.steps() {
		u, ok, win := g.step(col, tr, m.dir(i), mover, &b)
		if !ok {
			break
		}
		if tr = u; win >= 0 {
			return tr, win
		}
	}
	return tr, -1
}

func dirIndex(c byte) int {
	switch c {
	case 'E':
		return dirE
	case 'N':
		return dirN
	case 'S':
		return dirS
	}
	return dirW
}

// finish makes the next position from the move whose action is in s.act
// and whose path left colouring col (over a graph's slots: p's pieces,
// and the created ones from slot0 on), with tr the travelling piece's slot
// at the end and win the colour that won, or -1: sorted pieces, hash,
// turn, outcome and history.
func (p *Position) finish(s *scratch, col []uint64, slot0, tr int32, win int8) Position {
	n := len(p.pieces)
	post, h := p.keptPieces(s)
	// the pieces of p the path recoloured
	changed := false
	for k := 0; k<<6 < n; k++ {
		var was uint64 // p's White pieces in this word
		for i := k << 6; i < min(n, k<<6+64); i++ {
			was |= uint64(p.pieces[i].c) << (uint(i) & 63)
		}
		diff := col[k] ^ was
		if rest := n - k<<6; rest < 64 {
			diff &= 1<<uint(rest) - 1
		}
		for ; diff != 0; diff &= diff - 1 {
			i := int32(k<<6 + bits.TrailingZeros64(diff))
			j := int(i) - removedBefore(s.act.removed, i) // its index in post
			h ^= pieceKey(post[j])
			post[j].c = colorAt(col, i)
			h ^= pieceKey(post[j])
			changed = true
		}
	}
	for c, r := range s.act.added {
		pc := piece{r, colorAt(col, slot0+int32(c))}
		changed = changed || pc.c != p.turn
		h ^= pieceKey(pc)
		s.created = append(s.created, pc)
	}
	var x rect
	if int(tr) < n {
		x = p.pieces[tr].rect
	} else {
		x = s.act.added[tr-slot0]
	}
	return p.conclude(s, post, h, win, x, changed)
}

// conclude makes the next position from the kept pieces post (with room
// for the created ones, s.created) and its hash h: the pieces in order,
// the turn passed, and the outcome, a win (win >= 0) or else the turn
// recorded with its final piece x (when hasX) and the draw rules applied.
func (p *Position) conclude(s *scratch, post []piece, h uint64, win int8, x rect, hasX bool) Position {
	post = s.placeCreated(post)
	q := Position{v: p.v, shift: p.shift, turn: p.turn.Other(), pieces: post, hash: h}
	if win >= 0 {
		q.status, q.winner = boardrules.Win, Color(win)
		q.reason = reasonBlackWins + uint8(win)
		q.hist = p.hist
		return q
	}
	p.record(&q, s, x, hasX)
	return q
}

// record pushes the turn that led from p to q onto the history and sets
// q's status: a draw by the draw rules or for want of a move, or ongoing.
func (p *Position) record(q *Position, s *scratch, x rect, hasX bool) {
	q.hist = p.hist.push(q, s.act, p.pieces, x, hasX)
	q.status = boardrules.Ongoing
	if r := q.hist.draw(q); r != reasonNone {
		q.status, q.reason = boardrules.Draw, r
	} else if !q.hasBase() {
		q.status, q.reason = boardrules.Draw, reasonNoMove
	}
}

// placeCreated inserts the created pieces (s.created, in the action's
// order) into the kept pieces post, which has room for them, in one pass
// from the back.
func (s *scratch) placeCreated(post []piece) []piece {
	k := len(s.created)
	// the created pieces by their place, by insertion: they are few
	ord := s.order[:0]
	for c := range k {
		ord = append(ord, int32(c))
		for j := len(ord) - 1; j > 0; j-- {
			a, b := s.created[ord[j]], s.created[ord[j-1]]
			if !cornerBefore(a.x, a.y, b.x, b.y) {
				break
			}
			ord[j], ord[j-1] = ord[j-1], ord[j]
		}
	}
	s.order = ord
	end := len(post) // the kept pieces not yet moved are post[:end]
	post = post[:end+k]
	for r := k - 1; r >= 0; r-- {
		c := s.created[ord[r]]
		at := searchPieces(post[:end], c.x, c.y)
		copy(post[at+r+1:], post[at:end])
		post[at+r] = c
		end = at
	}
	return post
}

// keptPieces returns the pieces of p that the action keeps, in order, in a
// slice with room for the created ones, and p's hash with the turn passed
// and the removed pieces taken out.
func (p *Position) keptPieces(s *scratch) ([]piece, uint64) {
	post := make([]piece, 0, len(p.pieces)-len(s.act.removed)+len(s.act.added))
	s.created = s.created[:0]
	h := p.hash ^ whiteToMoveKey
	from := 0
	for _, i := range s.act.removed { // sorted
		post = append(post, p.pieces[from:i]...)
		h ^= pieceKey(p.pieces[i])
		from = int(i) + 1
	}
	return append(post, p.pieces[from:]...), h
}

// removedBefore returns how many of the removed pieces (sorted) come
// before piece i.
func removedBefore(removed []int32, i int32) int {
	n := 0
	for n < len(removed) && removed[n] < i {
		n++
	}
	return n
}

// finishNoPath is finish for a move without a swap path: the action alone
// changes no colours, so no contact graph is needed.
func (p *Position) finishNoPath(s *scratch) Position {
	post, h := p.keptPieces(s)
	for _, r := range s.act.added {
		pc := piece{r, p.turn}
		h ^= pieceKey(pc)
		s.created = append(s.created, pc)
	}
	return p.conclude(s, post, h, -1, rect{}, false)
}
