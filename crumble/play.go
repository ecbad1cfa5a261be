package crumble

// Play: a move applied to a position, with its captures, the win, the
// hash and the draw rules.

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// dims returns the board's width and height on the position's grid.
func (p *Position) dims() (int64, int64) {
	return int64(p.v.Width) << p.shift, int64(p.v.Height) << p.shift
}

// Play plays a move of this position (from LegalMoves, LegalMovesSeq,
// RandomMove or ParseMove) or of a position Equal to it, however that was
// reached or decoded, checking it: it refuses a move of any other
// position (ErrIllegalMove, with ParseMove's error when the move's text
// does not read here), and checks that the move is legal here before it
// plays it, so that even a move of another position whose hash happens to
// be this one's is never played unless it is legal here. Once the game
// has ended, and for the zero Position, every move is refused with
// ErrGameOver; the zero Move, in a game going on, with notation.NoMove's
// error.
func (p Position) Play(m Move) (Position, error) {
	if p.t == nil || p.status != boardrules.Ongoing {
		return Position{}, notation.Ended(m.String(), p.Outcome())
	}
	if !m.resolved() {
		return Position{}, notation.NoMove()
	}
	if m.tag != p.hash {
		// a move of another position: its text may not even read here
		// (ParseMove's error), and if it does, it reads as a move of
		// this position, which is not m
		text := m.String()
		if _, err := p.ParseMove(text); err != nil {
			return Position{}, err
		}
		return Position{}, illegal(text, "the move does not belong to this position")
	}
	s := acquire()
	defer scratchPool.Put(s)
	s.take(&p)
	if !p.resolveChecked(s, &m) {
		return Position{}, illegal(m.String(), "the move does not belong to this position")
	}
	if m.nsteps == 0 {
		return p.finish(s, played{tr: -1, win: -1}), nil
	}
	if b, i := s.searched(&p, &m); i >= 0 { // a listed path: legal
		return p.finish(s, p.fromSearch(s, b, i)), nil
	}
	pl, fault := p.playOut(s, &m, p.onBits(s), true)
	if fault.step > 0 {
		return Position{}, illegal(m.String(), "%s", fault.reason(&m))
	}
	return p.finish(s, pl), nil
}

// resolveChecked fills s.act with the action of m, as resolveAction does,
// after checking that p allows it: the anchor is the mover's piece, the
// cut fits its shape and the precision and its line takes m.n pieces, or
// the join is legal, and the path starts at a created piece.
func (p *Position) resolveChecked(s *scratch, m *Move) bool {
	ps := s.last.v.ps
	if m.anchor < 0 || int(m.anchor) >= len(ps) || ps[m.anchor].C() != p.turn {
		return false
	}
	a := ps[m.anchor]
	switch m.kind {
	case kindH, kindV:
		shape, fine := splitOK(a.R(), m.kind == kindV)
		if !shape || !fine || m.n < 1 || m.src < 0 || m.src >= 2*m.n {
			return false
		}
		wf, hf := p.dims()
		f := s.finder()
		s.walkBuf = walk(s.walkBuf[:0], &f, wf, hf, int(m.anchor), m.kind == kindV, p.turn)
		if int(m.n) > len(s.walkBuf) {
			return false
		}
		p.fillAction(s, m, s.walkBuf)
	case kindJ:
		var ok bool
		x1, y1 := a.X()+m.wide, a.Y()+m.joinHeight()
		if s.play.members, ok = s.last.v.joinFrom(s.play.members[:0], int(m.anchor), x1, y1, p.turn); !ok || m.src != 0 {
			return false
		}
		p.fillAction(s, m, s.play.members)
	default:
		return false
	}
	return true
}

// PlayUnchecked plays a move from this position's LegalMoves,
// LegalMovesSeq, RandomMove or ParseMove (or an Equal position's) without
// checking it.
func (p Position) PlayUnchecked(m Move) Position {
	if p.t == nil {
		return p // the zero Position: no game, and no move to play
	}
	s := acquire()
	defer scratchPool.Put(s)
	s.take(&p)
	return p.playUnchecked(s, m)
}

func (p *Position) playUnchecked(s *scratch, m Move) Position {
	s.see(p)
	p.resolveAction(s, &m)
	if m.nsteps == 0 {
		return p.finish(s, played{tr: -1, win: -1})
	}
	if b, i := s.searched(p, &m); i >= 0 {
		return p.finish(s, p.fromSearch(s, b, i))
	}
	pl, _ := p.playOut(s, &m, p.onBits(s), false)
	return p.finish(s, pl)
}

// fromSearch returns the move played out whose end is state i of the
// search of base b, which s keeps.
func (p *Position) fromSearch(s *scratch, b *baseDesc, i int32) played {
	st := &s.search.states[i]
	pl := played{col: s.colouring(b, i), made: s.search.madeSlots[b.made : int(b.made)+len(s.act.added)], tr: st.tr, win: -1}
	if st.dir >= 0 && st.dir&stateWon != 0 {
		pl.win = int8(b2i(st.dir&stateWhiteWon != 0))
	}
	pl.slots, pl.was = p.slotsOf(s, b.onBits)
	return pl
}

// playOut plays the path of m, whose action s.act holds, on a contact
// graph of p: the bitset graph if bits allows it and the created pieces
// fit, which the next position's calls then find committed (see take),
// else the lists. With check set it stops at the first step that is not
// legal and reports it (fault.step > 0); without, it trusts the path.
func (p *Position) playOut(s *scratch, m *Move, bits, check bool) (played, pathFault) {
	g := p.overlayAction(s, bits, false)
	c0, made := g.overlaid(s)
	s.play.col = append(s.play.col[:0], c0...)
	pl := played{col: s.play.col, made: made}
	var fault pathFault
	pl.tr, pl.win, fault = g.playPath(s.play.col, made[m.src], m, p.turn, check)
	pl.slots, pl.was = p.slotsOf(s, g.b != nil)
	return pl, fault
}

// onBits reports whether a path of p is played on the bitset graph: when
// p fits it, unless s holds p's lists and not its bitsets, as after
// UnmarshalText, where building the bitsets would cost more than playing
// the path on the lists.
func (p *Position) onBits(s *scratch) bool {
	return fitsBits(p.NumPieces()) && (s.holdsBits(p) || !s.holds(p))
}

// played is what finish reads of a move played out: the colouring col
// over a graph's slots (nil for a move without a path), the position's
// colouring was over them, the created pieces' slots made, the travelling
// piece's slot tr at the end and the colour that won, or -1. slots is
// the numbering of the form the path was played on (zero without a path).
type played struct {
	col, was []uint64
	made     []int32
	slots    slotMap
	tr       int32
	win      int8
}

// slotsOf returns the numbering of the slots of the form a path of p was
// played on, the bitset graph's when onBits is set, else the lists', and
// p's colouring over them: the one place Play tells the forms apart.
func (p *Position) slotsOf(s *scratch, onBits bool) (slotMap, []uint64) {
	if onBits {
		return slotMap{b: &s.last.bits}, s.last.bits.white.words()
	}
	return slotMap{v: &s.last.v}, p.whiteOf(s)
}

// whiteOf returns p's colouring (its White pieces) over the lists' slots,
// which are the pieces' indices: the held list graph's, else written into
// s.play.was. (The bitset graph's colouring will not do: after a commit its
// slots are not the indices.)
func (p *Position) whiteOf(s *scratch) []uint64 {
	if s.holds(p) {
		return s.last.g.white
	}
	s.play.was = resize(s.play.was, (len(s.last.v.ps)+63)>>6)
	clear(s.play.was)
	for i := range s.last.v.ps {
		if s.last.v.ps[i].C() == White {
			s.play.was[i>>6] |= 1 << (uint(i) & 63)
		}
	}
	return s.play.was
}

// searched finds the state that move m (its action in s.act) ends in
// among the searches kept in s: its base's search, then the path's steps
// down that search's tree. It returns the base and the state's index, or
// -1 when the search was not made (or was of another position) or the
// path is not the search's (a longer path ParseMove read: Play replays it).
func (s *scratch) searched(p *Position, m *Move) (*baseDesc, int32) {
	b := s.listedBase(p, m)
	if b == nil || b.first < 0 || m.src >= b.count || (b.onBits && b.gen != s.last.bitsGen) {
		return nil, -1
	}
	i := b.first + m.src // the sources come first, in source order
	for j := range int(m.nsteps) {
		d := int8(m.dir(j))
		st := &s.search.states[i]
		next := int32(-1)
		for c := st.kids; c < st.kids+int32(st.nkids); c++ {
			if s.search.states[c].dir&3 == d {
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

// listedBase returns m's split or join among those s lists for p (the
// last listing's or draw's), or nil. It tries the base it found last and
// the one after first: a Play looks its move up twice (its action, then
// its path's end), and a search plays a position's moves in their order,
// base after base.
func (s *scratch) listedBase(p *Position, m *Move) *baseDesc {
	if s.search.searchedFor != p.t || p.t == nil {
		return nil
	}
	bs, want := s.list.bases, baseOf(m)
	for k, end := s.play.listed, min(s.play.listed+2, len(bs)); k < end; k++ {
		if bs[k].base == want {
			s.play.listed = k
			return &bs[k]
		}
	}
	lo, hi := 0, len(bs) // the first base of m's anchor: bases are in anchor order
	for lo < hi {
		if mid := int(uint(lo+hi) >> 1); bs[mid].anchor < m.anchor {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	for k := lo; k < len(bs) && bs[k].anchor == m.anchor; k++ {
		if bs[k].base == want {
			s.play.listed = k
			return &bs[k]
		}
	}
	return nil
}

// pathFault is why a path is not legal: at which step (from 1; 0 for a
// legal path) and what stopped it.
type pathFault struct {
	step int
	why  uint8
}

// Why a step is refused.
const (
	faultNoNeighbour  = iota + 1 // no full-side neighbour that way
	faultOwnColour               // the neighbour has the mover's colour
	faultAfterWin                // the step before won the game
	faultAfterCapture            // the travelling piece was captured the step before
)

// reason words the fault for the error of move m.
func (f pathFault) reason(m *Move) string {
	who := "the travelling piece"
	if f.step == 1 {
		who = startName(m)
	}
	d := dirName[m.dir(f.step-1)]
	switch f.why {
	case faultNoNeighbour:
		return fmt.Sprintf("%s has no full-side neighbour to the %s (step %d)", who, d, f.step)
	case faultOwnColour:
		return fmt.Sprintf("%s has its own colour to the %s (step %d)", who, d, f.step)
	case faultAfterWin:
		return fmt.Sprintf("the game was won after step %d", f.step-1)
	}
	return fmt.Sprintf("the travelling piece was captured in step %d", f.step-1)
}

// playPath plays the steps of m's path from the travelling piece tr in
// colouring col and returns the last travelling piece and the winner, or
// -1. Without check it trusts the path, stopping at a step it cannot
// make; with check it reports the first step that is not legal: one with
// no full-side neighbour or onto an own piece, or one after a win or after
// the travelling piece was captured.
func (g swapGraph) playPath(col []uint64, tr int32, m *Move, mover Color, check bool) (int32, int8, pathFault) {
	var b bound
	win := int8(-1)
	for i := range int(m.nsteps) {
		if check && i > 0 {
			if win >= 0 {
				return tr, win, pathFault{i + 1, faultAfterWin}
			}
			if colorAt(col, tr) != mover {
				return tr, win, pathFault{i + 1, faultAfterCapture}
			}
		}
		d := m.dir(i)
		u, ok, w := g.step(col, tr, d, mover, &b)
		if !ok {
			if !check {
				break
			}
			if u < 0 {
				return tr, win, pathFault{i + 1, faultNoNeighbour}
			}
			return tr, win, pathFault{i + 1, faultOwnColour}
		}
		tr, win = u, w
		if win >= 0 && !check {
			break
		}
	}
	return tr, win, pathFault{}
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

// finish makes the next position from the move whose action is in s.act,
// played out as pl: its tiling (an edit of p's, which s's view shows),
// hash, turn, outcome and history. When the move was played on the
// bitset graph (or has no path), it notes what the graph needs to become
// the next position's (see take).
func (p *Position) finish(s *scratch, pl played) Position {
	v := &s.last.v
	e := &s.play.ed
	e.begin(len(v.ps))
	h := p.hash ^ whiteToMoveKey
	for _, i := range s.act.removed {
		h ^= colourKey(v.mixOf(i), v.ps[i].C())
	}
	h, made := p.placeCreated(s, &pl, h)
	h, flipped := p.recolour(s, &pl, h)
	// the turn's record, which holds the header of the next position's
	// tiling; a move that wins records no turn, and takes a plain record
	// for the header alone
	var rec *history
	if pl.win < 0 {
		rec = p.hist.next(p.v.Draws, &s.play.recs)
	} else {
		rec = s.play.recs.carve(p.hist.homeSlab())
	}
	e.into = &rec.tl
	wf, hf := p.dims()
	q := Position{v: p.v, shift: p.shift, turn: p.turn.Other(), t: e.build(v, &s.act, &s.play.sl, wf, hf), hash: h}
	if s.holdsBits(p) && (pl.col == nil || pl.slots.kept()) {
		s.handOn(p, &q, &pl)
	}
	if pl.win >= 0 {
		q.end(boardrules.Win, Color(pl.win), reasonBlackWins+uint8(pl.win))
		q.hist = p.hist
		return q
	}
	p.record(&q, s, p.travellerAt(s, &pl), made || flipped, rec)
	return q
}

// placeCreated notes the colours the path left the pieces the action
// creates in, for the tiling's edit; it returns the hash h with them in,
// and whether any of them is not the mover's.
func (p *Position) placeCreated(s *scratch, pl *played, h uint64) (uint64, bool) {
	e := &s.play.ed
	changed := false
	for c := range s.act.added {
		col := p.turn
		if pl.col != nil {
			col = colorAt(pl.col, pl.made[c])
			changed = changed || col != p.turn
		}
		h ^= pieceKey(newPiece(s.act.added[c], col))
		e.colours = append(e.colours, col)
	}
	return h, changed
}

// createdByPlace sets s.play.created to the pieces the action s.act
// creates, by place (their colours aside), and s.play.order to their
// indices in s.act.added, for the commit of the bitset graph: a move's
// child that is never played from (a leaf of a search) needs neither.
func (s *scratch) createdByPlace() {
	cs, ord := s.play.created[:0], s.play.order[:0]
	for c := range s.act.added {
		cs, ord = append(cs, newPiece(s.act.added[c], Black)), append(ord, int32(c))
		for j := len(cs) - 1; j > 0 && cornerBefore(cs[j].X(), cs[j].Y(), cs[j-1].X(), cs[j-1].Y()); j-- { // insertion: few
			cs[j], cs[j-1] = cs[j-1], cs[j]
			ord[j], ord[j-1] = ord[j-1], ord[j]
		}
	}
	s.play.created, s.play.order = cs, ord
}

// recolour notes the pieces of p the path recoloured for the tiling's
// edit; it returns the hash h with their new colours, and whether there
// were any.
func (p *Position) recolour(s *scratch, pl *played, h uint64) (uint64, bool) {
	if pl.col == nil {
		return h, false
	}
	v, e := &s.last.v, &s.play.ed
	changed := false
	for w := range pl.was {
		diff := (pl.col[w] ^ pl.was[w]) & pl.slots.held(w)
		for ; diff != 0; diff &= diff - 1 {
			sv := int32(w<<6 + bits.TrailingZeros64(diff))
			i, _ := pl.slots.pieceIn(sv)
			h ^= flipOf(v.mixOf(i))
			e.flips = append(e.flips, i)
			changed = true
		}
	}
	return h, changed
}

// travellerAt returns the rectangle of the travelling piece at the end of
// the path, which the turn's record keeps, or the zero rect for a move
// without a path.
func (p *Position) travellerAt(s *scratch, pl *played) rect {
	if pl.col == nil {
		return rect{}
	}
	if i, ok := pl.slots.pieceIn(pl.tr); ok {
		return s.last.v.ps[i].R()
	}
	return s.act.added[slices.Index(pl.made, pl.tr)] // a created piece
}

// record pushes the turn that led from p to q onto the history and sets
// q's status: a draw by the draw rules or for want of a move, or ongoing.
func (p *Position) record(q *Position, s *scratch, x rect, hasX bool, rec *history) {
	q.hist = p.hist.push(rec, q, &s.act, s.last.v.ps, x, hasX, &s.play.sl.rects)
	q.status = boardrules.Ongoing
	if r := q.hist.draw(q); r != reasonNone {
		q.end(boardrules.Draw, Black, r)
	} else if !q.hasBase() {
		q.end(boardrules.Draw, Black, reasonNoMove)
	}
}
