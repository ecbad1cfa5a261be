package terrace

// This file is the hot path, and nothing else: the legal moves
// (AppendLegalMoves and what a search asks of a position at every node)
// and Play. The tables it reads are built in geometry.go; notation lives
// in notation.go, the board text in render.go, the position code in
// code.go.

import (
	"iter"
	"math/bits"
)

// LegalMoves lists every legal move; nil when the game is over.
func (p Position) LegalMoves() []Move {
	moves := p.AppendLegalMoves(make([]Move, 0, 64))
	if len(moves) == 0 {
		return nil
	}
	return moves
}

// AppendLegalMoves appends the legal moves to dst, piece by piece from a1
// towards h8, each piece's slides first, then its steps up and down, then
// its captures. It allocates nothing when dst has room, and returns dst
// unchanged when the game is over.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if w, _ := p.decided(); w >= 0 {
		return dst
	}
	return p.appendMoves(dst)
}

// LegalMovesSeq yields the moves LegalMoves lists, in the same order.
// They are generated into a buffer on the stack, which holds the moves of
// nearly every position, and yielded from there.
func (p Position) LegalMovesSeq() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [256]Move
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// capturable returns, by the mover's size less one (sizeIndex), the pieces
// a piece of that size may capture: those of its size or smaller.
func (p *Position) capturable() [4]uint64 {
	all := p.all()
	return [4]uint64{
		(p.kind0 ^ p.kind1) &^ p.kind2, // T 001, A 010
		(p.kind0 | p.kind1) &^ p.kind2, // and B 011
		all &^ (p.kind2 & p.kind0),     // all but D 101
		all,
	}
}

// sizeIndex is the size of each Kind less one.
var sizeIndex = [8]uint8{T: 0, A: 0, B: 1, C: 2, D: 3}

// hasMove reports whether the seat to move has a legal move, ignoring the
// win rules. It asks appendMoves's questions in the cheapest order and
// stops at the first yes: ToMove asks it, and a search calls ToMove at
// every node.
func (p *Position) hasMove() bool {
	g := p.geometry()
	own := p.own(p.mover())
	all := p.all()
	// A step up or down is the commonest move: look for one first.
	for b := own; b != 0; b &= b - 1 {
		if s := bits.TrailingZeros64(b); (g.up[s]|g.down[s])&^all != 0 {
			return true
		}
	}
	prey := p.capturable()
	for b := own; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		if g.capture[s]&prey[sizeIndex[p.kindAt(s)]] != 0 {
			return true
		}
		for l := g.slideList(s, all&^own); l != 0; l >>= 8 {
			if all>>(l&63)&1 == 0 {
				return true
			}
		}
	}
	return false
}

// appendMoves appends the moves of the seat to move, ignoring the win
// rules.
func (p *Position) appendMoves(dst []Move) []Move {
	g := p.geometry()
	own := p.own(p.mover())
	all := p.all()
	opp := all &^ own
	prey := p.capturable()
	// The kind boards in locals: dst's stores could alias *p, so the
	// compiler would load p's again after each move.
	k0, k1, k2 := p.kind0, p.kind1, p.kind2
	for b := own; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		k := k0>>s&1 | k1>>s&1<<1 | k2>>s&1<<2
		base := k | fromBits[s]
		for l := g.slideList(s, opp); l != 0; l >>= 8 {
			if t := l & 63; all>>t&1 == 0 {
				dst = append(dst, Move{base | toBits[t]})
			}
		}
		for e := (g.up[s] | g.down[s]) &^ all; e != 0; e &= e - 1 {
			dst = append(dst, Move{base | toBits[bits.TrailingZeros64(e)]})
		}
		if e := g.capture[s] & all; e != 0 {
			for e &= prey[sizeIndex[k]]; e != 0; e &= e - 1 {
				t := bits.TrailingZeros64(e)
				dst = append(dst, Move{base | toBits[t] | uint64(p.cellAt(t))<<moveCaptured})
			}
		}
	}
	return dst
}

// legal reports whether the seat to move may move the piece on from to to,
// and what it captures there. Both squares must be on the board and from
// must hold a piece of the seat to move.
func (p *Position) legal(from, to int) (captured Kind, ok bool) {
	g := p.geometry()
	if from == to {
		return NoKind, false
	}
	all := p.all()
	own := p.own(p.mover())
	empty := all>>to&1 == 0
	switch {
	case g.level[to] == g.level[from]:
		for l := g.slideList(from, all&^own); l != 0; l >>= 8 {
			if int(l&63) == to {
				return NoKind, empty
			}
		}
	case (g.up[from]|g.down[from])>>to&1 != 0:
		return NoKind, empty
	case g.capture[from]>>to&1 != 0 && !empty:
		ck := Kind(p.cellAt(to) & kindMask)
		return ck, kindSize[ck] <= kindSize[p.cellAt(from)&kindMask]
	}
	return NoKind, false
}

// Play plays m if it is a legal move of p: a move of p's LegalMoves (or of
// a position Equal to p), equal to it in every field. It never changes p.
// A move of another position is refused with ErrIllegalMove, and the zero
// Move with notation.NoMove's error; once the game is over, every move is
// refused with ErrGameOver.
func (p Position) Play(m Move) (Position, error) {
	if err := p.check(m); err != nil {
		return p, err
	}
	return p.PlayUnchecked(m), nil
}

// PlayUnchecked plays m, which must be a legal move of p (from LegalMoves or
// ParseMove), without checking it. Given any other move it returns a
// position that is not meaningful, and does not panic.
func (p Position) PlayUnchecked(m Move) Position {
	v := m.v
	victim := cell(v >> moveCaptured)
	if Kind(victim&kindMask) == T || p.state>>playersShift&7 != 2 {
		return p.playTCaptureOrMultiplayer(m)
	}
	// Two players, no T taken: the turn passes to the other seat. Every
	// word is computed into a local and the result built at once, so that
	// the compiler passes it back in registers without copying it through
	// memory.
	fi, ti := v>>moveFromIndex&63, v>>moveToIndex&63
	f, t := uint64(1)<<fi, uint64(1)<<ti
	ft := f | t
	me := p.state & 3
	k := v & kindMask
	pc := cell(k) | me<<ownerShift
	return Position{
		kind0: p.kind0&^t ^ ft&-(k&1),
		kind1: p.kind1&^t ^ ft&-(k>>1&1),
		kind2: p.kind2&^t ^ ft&-(k>>2),
		seat1: p.seat1&^t ^ ft&-uint64(me&1),
		seat2: p.seat2, // empty in a 2-player game
		hash:  p.hash ^ zobrist[fi][pc&31] ^ zobrist[ti][pc&31] ^ zobrist[ti][victim&31] ^ zobristPass[me],
		state: p.state ^ 1,
	}
}

// playTCaptureOrMultiplayer is PlayUnchecked for the moves that take a T
// or are played by three or four players, where the seat to move next must
// be found (passTurn) and a seat may leave the game.
func (p Position) playTCaptureOrMultiplayer(m Move) Position {
	v := m.v
	fi, ti := v>>moveFromIndex&63, v>>moveToIndex&63
	f, t := uint64(1)<<fi, uint64(1)<<ti
	ft := f | t
	me := p.state & 3
	pc := cell(v&kindMask) | me<<ownerShift
	victim := cell(v >> moveCaptured)
	p.hash ^= zobrist[fi][pc&31] ^ zobrist[ti][pc&31] ^ zobrist[ti][victim&31]
	// The piece on to, if any, leaves every plane; the mover's bits go
	// from from to to.
	k := v & kindMask
	p.kind0 = p.kind0&^t ^ ft&-(k&1)
	p.kind1 = p.kind1&^t ^ ft&-(k>>1&1)
	p.kind2 = p.kind2&^t ^ ft&-(k>>2)
	p.seat1 = p.seat1&^t ^ ft&-uint64(me&1)
	p.seat2 = p.seat2&^t ^ ft&-uint64(me>>1)
	next := p.passTurn(me, victim)
	p.hash ^= zobristToMove[me] ^ zobristToMove[next]
	p.state = p.state&^3 | next
	return p
}

// passTurn removes the pieces of a seat whose T was just taken in a game of
// three or four, and returns the seat that moves after me: the next one in
// turn with a T, or me when no other seat has one.
func (p *Position) passTurn(me uint8, victim cell) uint8 {
	n := uint8(p.players())
	if Kind(victim&kindMask) == T && n > 2 {
		// The T's owner is eliminated with all his pieces, the mover's
		// piece too when he took his own T.
		gone := p.own(victim >> ownerShift & 3)
		for b := gone; b != 0; b &= b - 1 {
			s := bits.TrailingZeros64(b)
			p.hash ^= zobrist[s][p.cellAt(s)&31]
		}
		p.kind0 &^= gone
		p.kind1 &^= gone
		p.kind2 &^= gone
		p.seat1 &^= gone
		p.seat2 &^= gone
	}
	s := me
	for range n {
		if s++; s >= n {
			s = 0
		}
		if p.tees()&p.own(s) != 0 {
			return s
		}
	}
	return me
}
