package tumbling

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// packedPosition is a second engine with another layout than Position's
// word of colours and byte of height per square: each stack packed into a
// uint64 of its own, 64 of them, with bitboards of owners, pure stacks and
// kings per colour. Its hot path (build, move generation, apply, the kings
// and the end-of-game checks) is the reference that TestAgainstPackedEngine
// plays random games against. It shares only the tables of keys and
// geometry with the engine.
type packedPosition struct {
	board [64]uint64

	hash  uint64
	own   [2]uint64
	pure  [2]uint64
	kings [2]uint64
	kingH [2]uint8

	rules  Rules
	layout Layout
	toMove Color
	result result
	game   bool
}

// build fills the derived fields of a position from its board.
func packedBuild(board [64]uint64, v Variant, toMove Color, res result) packedPosition {
	p := packedPosition{board: board, rules: v.Rules, layout: v.Layout, toMove: toMove, result: res, game: true}
	p.updateMasks(^uint64(0))
	p.updateKings()
	p.hash = p.hashFromScratch()
	return p
}

// hashFromScratch computes the hash that PlayUnchecked keeps incrementally.
func (p *packedPosition) hashFromScratch() uint64 {
	var h uint64
	for i, v := range p.board {
		for l := range height(v) {
			h ^= zobrist[i][l][v>>(6+l)&1]
		}
	}
	h ^= rulesKey[p.rules%3] ^ layoutKey[p.layout&1]
	if p.game {
		h ^= gameKey
	}
	if p.toMove == White {
		h ^= sideKey
	}
	if p.result.kind != noResult {
		h ^= resultKey[p.result.kind][p.result.sq]
	}
	return h
}

// updateKings recomputes the kings of both colours from the pure stacks.
func (p *packedPosition) updateKings() {
	p.scanKings(Black)
	p.scanKings(White)
}

// minKing is the least height of a king: Classic never crowns a single man.
func (p *packedPosition) minKing() uint64 {
	if p.rules == Classic {
		return 2
	}
	return 1
}

// scanKings recomputes the kings of colour c from all its pure stacks.
func (p *packedPosition) scanKings(c Color) {
	var best, km uint64
	for m := p.pure[c&1]; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		switch h := p.board[i] & heightMask; {
		case h > best:
			best, km = h, uint64(1)<<i
		case h == best:
			km |= uint64(1) << i
		}
	}
	if best < p.minKing() {
		best, km = 0, 0
	}
	p.kings[c&1], p.kingH[c&1] = km, uint8(best)
}

// moveKings brings the kings up to date after a move that changed only the
// squares in touched. A king that was not touched is still a pure stack of
// the old king height, and every other untouched pure stack is lower; so the
// new kings follow from the old ones and the touched squares, unless every
// king of a colour was touched and no touched square reaches the old height:
// then that colour's pure stacks are scanned.
func (p *packedPosition) moveKings(touched uint64) {
	low := p.minKing()
	for c := range 2 {
		k, old := p.kings[c], uint64(p.kingH[c])
		var best, km uint64 // the tallest touched pure stacks
		for m := touched & p.pure[c]; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			switch h := p.board[i] & heightMask; {
			case h < low:
			case h > best:
				best, km = h, uint64(1)<<i
			case h == best:
				km |= uint64(1) << i
			}
		}
		switch rest := k &^ touched; {
		case best > old:
			p.kings[c], p.kingH[c] = km, uint8(best)
		case best == old && best > 0:
			p.kings[c] = km | rest
		case rest != 0 || k == 0:
			p.kings[c] = rest // the untouched kings stay; kingH too
		default:
			p.scanKings(Color(c))
		}
	}
}

// updateMasks brings the owner and pure masks of the squares in touched up
// to date with the board.
func (p *packedPosition) updateMasks(touched uint64) {
	p.own[0] &^= touched
	p.own[1] &^= touched
	p.pure[0] &^= touched
	p.pure[1] &^= touched
	for m := touched; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		v := p.board[i]
		if v == 0 {
			continue
		}
		bit := uint64(1) << i
		h := v & heightMask
		cols := v >> 6
		white := -(cols >> (h - 1) & 1) // all ones when the top man is White
		p.own[0] |= bit &^ white
		p.own[1] |= bit & white
		if cols == 0 {
			p.pure[0] |= bit
		} else if cols == uint64(1)<<h-1 {
			p.pure[1] |= bit
		}
	}
}

// over reports whether the game has ended.
func (p *packedPosition) over() bool {
	return p.result.kind != noResult || p.own[p.toMove&1] == 0
}

// LegalMoves returns every legal move: the mover's stacks in square
// order, for each its man moves and then its tumbles, each toward the
// neighbours in square order. It is nil once the game has ended (and in
// and returns dst unchanged once the game has ended.
func (p *packedPosition) AppendLegalMoves(dst []Move) []Move {
	if p.result.kind != noResult {
		return dst
	}
	tall := bothList
	if p.rules == Boardspace {
		tall = tumbleList
	}
	for m := p.own[p.toMove&1]; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		list := tall
		if p.board[i]&heightMask == 1 {
			list = manList
		}
		b := &moveLists[list][i]
		if l := len(dst); cap(dst)-l >= len(b.moves) {
			// Copy the whole fixed-size block (no call to memmove), then
			// keep only its moves; the rest lies beyond len.
			dst = dst[:l+len(b.moves)]
			*(*[16]Move)(dst[l:]) = b.moves
			dst = dst[:l+int(b.n)]
		} else {
			dst = append(dst, b.moves[:b.n]...)
		}
	}
	return dst
}

// moveBlock is the moves of one kind from one square, in a fixed-size array
// apply plays m on p in place.
func (p *packedPosition) apply(m Move) {
	from := 8*m.from.Rank() + m.from.File()
	to := 8*m.to.Rank() + m.to.File()
	from &= 63
	to &= 63
	mover := p.toMove & 1
	oldKings, oldH := p.kings, p.kingH
	v := p.board[from]
	h := v & heightMask
	hash := p.hash
	var touched uint64
	if !m.tumble || h <= 1 {
		// Man move: the top man goes onto the neighbour.
		c := v >> (5 + h) & 1
		p.board[from] = (v &^ (c << (5 + h))) - 1
		d := p.board[to]
		hd := d & heightMask
		p.board[to] = d | c<<(6+hd) + 1
		hash ^= zobrist[from][(h-1)&63][c] ^ zobrist[to][hd&63][c]
		touched = uint64(1)<<from | uint64(1)<<to
	} else {
		// Tumble: the bottom man to the first square, and so on; the edge
		// square takes what is left as one sub-stack.
		dir, ok := direction(m.from, m.to)
		k := uint64(lineLen[from][dir])
		if !ok || k == 0 {
			return // not a tumble of this board: PlayUnchecked must not panic
		}
		step := dirStep[dir]
		n := min(h, k)
		cols := v >> 6
		p.board[from] = 0
		touched = uint64(1) << from
		for l := range h {
			hash ^= zobrist[from][l&63][cols>>l&1]
		}
		sq := from
		for j := uint64(0); j < n-1; j++ {
			sq += step
			d := p.board[sq&63]
			hd := d & heightMask
			c := cols >> j & 1
			p.board[sq&63] = d | c<<(6+hd) + 1
			hash ^= zobrist[sq&63][hd&63][c]
			touched |= uint64(1) << sq
		}
		sq += step
		d := p.board[sq&63]
		hd := d & heightMask
		rest := cols >> (n - 1)
		r := h - n + 1
		p.board[sq&63] = d | rest<<(6+hd) + r
		for l := range r {
			hash ^= zobrist[sq&63][(hd+l)&63][rest>>l&1]
		}
		touched |= uint64(1) << sq
	}
	p.toMove = mover ^ 1
	hash ^= sideKey
	p.updateMasks(touched)
	p.moveKings(touched)
	// Under Pbmserv only a touched king of the opponent can end the game.
	if p.rules == Pbmserv && oldKings[mover^1]&touched == 0 {
		p.hash = hash
		return
	}
	if res := p.endCheck(mover, touched, oldKings, oldH); res.kind != noResult {
		p.result = res
		hash ^= resultKey[res.kind][res.sq]
	}
	p.hash = hash
}

// endCheck applies the end-of-game checks of the rules (see the package
// documentation) after a move by mover that changed the
// squares in touched; oldKings and oldH are the kings before the move. The
// derived fields of p describe the board after the move. It returns the
// result to store, if any; the loss of a side that owns no stack is never
// stored (Outcome derives it from the board).
func (p *packedPosition) endCheck(mover Color, touched uint64, oldKings [2]uint64, oldH [2]uint8) result {
	me, opp := mover, mover^1
	switch p.rules {
	case Pbmserv:
		// A king of the opponent that now holds exactly two runs, his below
		// and the mover's above. Untouched kings are still pure.
		for m := oldKings[opp] & touched; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			v := p.board[i]
			if v != 0 && Color(v>>6&1) == opp && runCount(v) == 2 {
				return result{capture, uint8(i)}
			}
		}
	case Classic:
		if p.kingH[opp] <= oldH[opp] {
			if m := oldKings[opp] & p.own[me]; m != 0 {
				return result{capture, uint8(bits.TrailingZeros64(m))}
			}
		}
		if m := oldKings[me] & p.own[opp]; m != 0 {
			return result{ownCapture, uint8(bits.TrailingZeros64(m))}
		}
		if p.kingH[me] == 0 {
			return result{kind: noKing}
		}
	case Boardspace:
		if p.pure[opp] == 0 {
			return result{kind: oppNoKing}
		}
		notKing := (p.own[0] | p.own[1]) &^ (p.kings[0] | p.kings[1])
		if p.kingH[opp] <= oldH[opp] {
			if m := oldKings[opp] & notKing; m != 0 {
				return result{capture, uint8(bits.TrailingZeros64(m))}
			}
		}
		// No check that the mover has a pure stack left: Boardspace's
		// program never applies it (see the package documentation).
		if p.kingH[me] <= oldH[me] {
			if m := oldKings[me] & notKing; m != 0 {
				return result{ownCapture, uint8(bits.TrailingZeros64(m))}
			}
		}
	}
	return result{}
}

// SeatName names seat pl by the colour it plays under the position's rules:
// "Black" or "White" (Player 0 is Black under Pbmserv and Classic rules,

// play returns the position after m, as PlayUnchecked did.
func (p packedPosition) play(m Move) packedPosition {
	p.apply(m)
	return p
}

// TestAgainstPackedEngine plays random games to their end, from every
// start and from random boards (tall stacks included), with the engine and
// with the packed one it replaced, and compares at every ply the legal
// moves, the boards, the derived masks and kings, the results and the
// hashes; every few plies, the positions after each legal move too.
func TestAgainstPackedEngine(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	plies, successors := 0, 0
	r := rand.New(rand.NewPCG(31, 1))
	var bufP, bufQ []Move
	for g := range games {
		var p Position
		var q packedPosition
		vs := Variants()
		v := vs[g/2%len(vs)]
		if g%2 == 0 {
			p, _ = New(v)
			q = packedBuild(p.stacks(), v, p.toMove, result{})
		} else {
			board := randomBoard(r, g%3 == 0)
			toMove := Color(r.IntN(2))
			p, q = build(board, v, toMove, result{}), packedBuild(board, v, toMove, result{})
		}
		for ply := 0; ; ply++ {
			where := fmt.Sprintf("game %d (%v), ply %d", g, v, ply)
			if d := packedDiff(p, q); d != "" {
				t.Fatalf("%s: %s\n%s", where, d, p)
			}
			bufP, bufQ = p.AppendLegalMoves(bufP[:0]), q.AppendLegalMoves(bufQ[:0])
			if !slices.Equal(bufP, bufQ) {
				t.Fatalf("%s: legal moves %v, the packed engine's %v", where, bufP, bufQ)
			}
			if len(bufP) == 0 {
				break
			}
			plies++
			if ply%7 == 0 {
				successors += len(bufP)
				for _, m := range bufP {
					if d := packedDiff(p.PlayUnchecked(m), q.play(m)); d != "" {
						t.Fatalf("%s, after %v: %s\n%s", where, m, d, p)
					}
				}
			}
			m := bufP[r.IntN(len(bufP))]
			p, q = p.PlayUnchecked(m), q.play(m)
		}
	}
	t.Logf("%d games, %d plies, %d successors compared", games, plies, successors)
}

// randomBoard draws up to 29 men of each colour onto random squares, on
// few squares when tall is set (so that stacks reach 20 men and more).
func randomBoard(r *rand.Rand, tall bool) [64]uint64 {
	var board [64]uint64
	squares := 1 + r.IntN(64)
	if tall {
		squares = 1 + r.IntN(4)
	}
	for c := range uint64(2) {
		for range r.IntN(30) {
			i := r.IntN(squares) * 61 % 64
			h := board[i] & heightMask
			board[i] = board[i] | c<<(6+h) + 1
		}
	}
	return board
}

// packedDiff describes how p differs from the packed engine's q, or is "".
func packedDiff(p Position, q packedPosition) string {
	switch {
	case p.stacks() != q.board:
		return "boards differ"
	case p.own != q.own:
		return fmt.Sprintf("owners %x, packed %x", p.own, q.own)
	case p.pure&p.own[0] != q.pure[0] || p.pure&p.own[1] != q.pure[1] || p.pure&^(p.own[0]|p.own[1]) != 0:
		return fmt.Sprintf("pure stacks %x, packed %x", p.pure, q.pure)
	case p.kings&p.own[0] != q.kings[0] || p.kings&p.own[1] != q.kings[1] || p.kings&^p.pure != 0 || p.kingH != q.kingH:
		return fmt.Sprintf("kings %x of height %v, packed %x of %v", p.kings, p.kingH, q.kings, q.kingH)
	case p.hash != q.hash || p.hash != p.hashFromScratch():
		return fmt.Sprintf("hash %x, packed %x, from scratch %x", p.hash, q.hash, p.hashFromScratch())
	case p.toMove != q.toMove || p.result != q.result || p.rules != q.rules || p.layout != q.layout || p.game != q.game:
		return fmt.Sprintf("to move %v, result %v; packed %v, %v", p.toMove, p.result, q.toMove, q.result)
	case p.over() != q.over():
		return "over differs"
	}
	// The layout itself: the rank sums and nothing above the last man.
	var ranks uint64
	for i := range 64 {
		ranks += uint64(p.height(uint(i))) << (8 * (i >> 3))
	}
	if ranks != p.rankMen {
		return fmt.Sprintf("men by rank %x, counted %x", p.rankMen, ranks)
	}
	if n := ranks * bytesOnes >> 56; n < 64 && p.men>>n != 0 {
		return fmt.Sprintf("colour bits above the last of %d men: %x", n, p.men)
	}
	return ""
}
