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
	s := acquire(&p)
	defer scratchPool.Put(s)
	return p.playIn(s, m)
}

// playIn is Play of a move bound to p's pieces, in scratch s.
func (p *Position) playIn(s *scratch, m Move) (Position, error) {
	wf, hf := p.dims()
	s.g.build(p.pieces, wf, hf)
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
	return p.finish(s, tr, win), nil
}

// PlayUnchecked plays a move from this position's LegalMoves, RandomMove or
// ParseMove without checking it.
func (p Position) PlayUnchecked(m Move) Position {
	s := acquire(&p)
	defer scratchPool.Put(s)
	return p.playUnchecked(s, m)
}

func (p *Position) playUnchecked(s *scratch, m Move) Position {
	p.resolveAction(s, &m)
	if m.steps() == 0 {
		return p.finishNoPath(s)
	}
	if s.bits.holds(p) && s.bits.room(len(p.pieces), &s.act) {
		return p.playBits(s, &m)
	}
	start := p.startPath(s, m.src) // sets s.col
	tr, win := swapGraph{t: &s.t}.playPath(s.col, start, &m, p.turn)
	return p.finish(s, tr, win)
}

// playBits plays the path of m, whose action is in s.act, on the bitGraph
// s.bits, which holds p: so a search that listed p's moves plays them
// without building the tiling. When the tiling holds p too (a playout's
// ply after a listing), it is handed on with the path's recolourings, so
// the next ply still commits it rather than building it (see handOn).
func (p *Position) playBits(s *scratch, m *Move) Position {
	g := &s.bits
	g.derive()
	g.overlay(&s.act, p.turn)
	col := g.c0
	tr, win := swapGraph{g: g}.playPath(col.words(), int32(g.first)+m.src, m, p.turn)
	return p.finishBits(s, &col, tr, win)
}

// startPath overlays the action in s.act on p's contact graph, sets s.col
// to the colouring right after it, and returns the index in the tiling of
// created piece src, the travelling piece of a path's first step.
func (p *Position) startPath(s *scratch, src int32) int32 {
	p.tile(s)
	s.t.overlay(&s.act, p.turn, false)
	s.col = append(s.col[:0], s.t.c0...)
	return int32(s.t.n0) + src
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

// finish turns the tiling after a move, with the colours in s.col, into the
// next position: sorted pieces, hash, turn, outcome and history. tr is the
// travelling piece's index in the tiling, or -1 without a path.
func (p *Position) finish(s *scratch, tr int32, win int8) Position {
	t := &s.t
	post, h := p.keptPieces(s)
	// the base pieces the path recoloured: their bits differ from the
	// colouring right after the action, which holds their old colours
	changed := false
	for k := 0; k<<6 < t.n0; k++ {
		diff := s.col[k] ^ t.c0[k]
		if rest := t.n0 - k<<6; rest < 64 {
			diff &= 1<<uint(rest) - 1
		}
		for ; diff != 0; diff &= diff - 1 {
			i := int32(k<<6 + bits.TrailingZeros64(diff))
			pi := t.pos[i]                                  // its index in p
			j := int(pi) - removedBefore(s.act.removed, pi) // and in post
			h ^= pieceKey(post[j])
			post[j].c = colorAt(s.col, i)
			h ^= pieceKey(post[j])
			changed = true
		}
	}
	for i := t.n0; i < len(t.ps); i++ {
		pc := t.ps[i]
		if c := colorAt(s.col, int32(i)); c != pc.c {
			pc.c = c
			changed = true
		}
		h ^= pieceKey(pc)
		s.created = append(s.created, pc)
	}
	var x rect
	if tr >= 0 {
		x = t.ps[tr].rect
	}
	q := p.conclude(s, post, h, win, x, changed && tr >= 0)
	s.handOn(p, &q, true)
	return q
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

// finishBits is finish for a path played on the bitGraph s.bits, whose
// colouring after the path is col.
func (p *Position) finishBits(s *scratch, col *set, tr int32, win int8) Position {
	g := &s.bits
	post, h := p.keptPieces(s)
	changed := false
	diff := col.xor(g.c0).and(g.base)
	for i := diff.first(); i >= 0; i = diff.first() {
		diff.flip(i)
		j := int(i) - removedBefore(s.act.removed, i) // its index in post
		h ^= pieceKey(post[j])
		post[j].c = Color(b2i(col.has(i)))
		h ^= pieceKey(post[j])
		changed = true
		s.nextFlips = append(s.nextFlips, i)
	}
	for k, r := range s.act.added {
		i := int32(g.first + k)
		pc := piece{r, Color(b2i(col.has(i)))}
		changed = changed || pc.c != p.turn
		h ^= pieceKey(pc)
		s.created = append(s.created, pc)
	}
	q := p.conclude(s, post, h, win, g.ps[tr], changed)
	s.handOn(p, &q, false)
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
// from the back, and notes where they are now (s.createdAt, in the
// action's order) and their order by place (s.createdOrder), for the
// commit of the next position's graph.
func (s *scratch) placeCreated(post []piece) []piece {
	k := len(s.created)
	s.createdAt = resize(s.createdAt, k)
	// the created pieces by their place, by insertion: they are few
	ord := s.createdOrder[:0]
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
	s.createdOrder = ord
	end := len(post) // the kept pieces not yet moved are post[:end]
	post = post[:end+k]
	for r := k - 1; r >= 0; r-- {
		c := s.created[ord[r]]
		at := searchPieces(post[:end], c.x, c.y)
		copy(post[at+r+1:], post[at:end])
		post[at+r] = c
		s.createdAt[ord[r]] = int32(at + r)
		end = at
	}
	return post
}

// keptPieces returns the pieces of p that the action keeps, in order, in a
// slice with room for the created ones, and p's hash with the turn passed
// and the removed pieces taken out.
func (p *Position) keptPieces(s *scratch) ([]piece, uint64) {
	post := make([]piece, 0, len(p.pieces)-len(s.act.removed)+len(s.act.added))
	s.created, s.nextFlips = s.created[:0], s.nextFlips[:0]
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
	q := p.conclude(s, post, h, -1, rect{}, false)
	s.handOn(p, &q, false)
	return q
}
