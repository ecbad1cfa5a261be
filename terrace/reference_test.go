package terrace

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"pgregory.net/rapid"
)

// The reference below is the package's former hot path, kept as it was
// before the position became bitboards: the board as 64 cells, one
// occupancy set per seat and the T squares, the slides walked square by
// square along the terrace, the hash kept with the same keys. The tests
// play random games with it and with the package side by side and compare
// them at every ply: legal moves in order, board, seat to move, hash and
// outcome.

// refMove is the former Move: the kind, the two squares, the captured cell.
type refMove struct {
	kind     Kind
	from, to notation.Square
	captured Piece
}

// refPosition is the former Position.
type refPosition struct {
	board   [64]cell
	occ     [4]uint64 // squares of each seat's pieces
	hash    uint64
	tsq     [4]int8 // square of each seat's T, -1 when it has none
	geo     uint8   // index into geometries
	players uint8
	toMove  uint8
	setup   Setup
}

// refRays are the two ways along the terrace path from each square,
// nearest first, as the former geometry held them.
var refRays = func() (t [2][64][2]ray) {
	for geo := range geometries {
		for _, path := range geometries[geo].paths {
			for i, s := range path {
				fwd, back := &t[geo][s][0], &t[geo][s][1]
				for j := i + 1; j < len(path); j++ {
					fwd.sq[fwd.n] = path[j]
					fwd.n++
				}
				for j := i - 1; j >= 0; j-- {
					back.sq[back.n] = path[j]
					back.n++
				}
			}
		}
	}
	return t
}()

// refOfPosition spells p out in the former layout.
func refOfPosition(p Position) refPosition {
	r := refPosition{board: p.cells(), geo: p.geo(), players: uint8(p.players()), toMove: p.mover(), setup: p.setup()}
	r.finish()
	return r
}

func (p *refPosition) geometry() *geometry { return &geometries[p.geo&1] }

func (p *refPosition) finish() {
	p.occ = [4]uint64{}
	p.tsq = [4]int8{-1, -1, -1, -1}
	for s, c := range p.board {
		if c == 0 {
			continue
		}
		o := c >> ownerShift & 3
		p.occ[o] |= 1 << s
		if Kind(c&kindMask) == T {
			p.tsq[o] = int8(s)
		}
	}
	p.hash = p.computeHash()
}

func (p *refPosition) computeHash() uint64 {
	h := zobristVariant[p.geo&1][p.players%5] ^ zobristSetup[p.setup&3] ^ zobristToMove[p.toMove&3]
	for s, c := range p.board {
		h ^= zobrist[s][c&31]
	}
	return h
}

func (p *refPosition) decided() (int, string) {
	alive, last := 0, -1
	for s := 0; s < int(p.players); s++ {
		t := p.tsq[s]
		if t < 0 {
			continue
		}
		if t == goalIndex(p.geo, int(p.players), s) {
			return s, reasonGoal
		}
		alive++
		last = s
	}
	if alive == 1 {
		if p.players == 2 {
			return last, reasonCaptured
		}
		return last, reasonLastPlayer
	}
	return -1, ""
}

func (p *refPosition) hasMove() bool {
	g := p.geometry()
	own := p.occ[p.toMove&3]
	all := p.occ[0] | p.occ[1] | p.occ[2] | p.occ[3]
	for b := own; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		if (g.up[s]|g.down[s])&^all != 0 {
			return true
		}
		z := kindSize[p.board[s]&kindMask]
		for e := g.capture[s] & all; e != 0; e &= e - 1 {
			if kindSize[p.board[bits.TrailingZeros64(e)]&kindMask] <= z {
				return true
			}
		}
		rays := &refRays[p.geo&1][s]
		for d := range rays {
			r := &rays[d]
			for i := 0; i < int(r.n); i++ {
				t := r.sq[i] & 63
				if all>>t&1 == 0 {
					return true
				}
				if own>>t&1 == 0 {
					break
				}
			}
		}
	}
	return false
}

func (p *refPosition) outcome() boardrules.Outcome {
	if w, why := p.decided(); w >= 0 {
		return boardrules.Outcome{Status: boardrules.Win, Winner: boardrules.Player(w), Reason: why, Rule: ruleOf[why]}
	}
	if !p.hasMove() {
		return boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: reasonNoMove, Rule: RuleNoMoves}
	}
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}

func (p *refPosition) legalMoves() []refMove {
	if w, _ := p.decided(); w >= 0 {
		return nil
	}
	var dst []refMove
	g := p.geometry()
	own := p.occ[p.toMove&3]
	all := p.occ[0] | p.occ[1] | p.occ[2] | p.occ[3]
	for b := own; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		k := Kind(p.board[s] & kindMask)
		from := squares[s]
		rays := &refRays[p.geo&1][s]
		for d := range rays {
			r := &rays[d]
			for i := 0; i < int(r.n); i++ {
				t := r.sq[i] & 63
				if all>>t&1 == 0 {
					dst = append(dst, refMove{kind: k, from: from, to: squares[t]})
				} else if own>>t&1 == 0 {
					break
				}
			}
		}
		for e := (g.up[s] | g.down[s]) &^ all; e != 0; e &= e - 1 {
			dst = append(dst, refMove{kind: k, from: from, to: squares[bits.TrailingZeros64(e)]})
		}
		z := kindSize[k]
		for e := g.capture[s] & all; e != 0; e &= e - 1 {
			t := bits.TrailingZeros64(e)
			c := p.board[t]
			if kindSize[c&kindMask] <= z {
				dst = append(dst, refMove{kind: k, from: from, to: squares[t], captured: Piece{c}})
			}
		}
	}
	return dst
}

func (p refPosition) playUnchecked(m refMove) refPosition {
	from, to := squareIndex(m.from), squareIndex(m.to)
	me := int(p.toMove & 3)
	pc := p.board[from]
	p.board[from] = 0
	p.occ[me] &^= 1 << from
	p.hash ^= zobrist[from][pc&31]
	victim := -1
	if c := p.board[to]; c != 0 {
		o := int(c>>ownerShift) & 3
		p.occ[o] &^= 1 << to
		p.hash ^= zobrist[to][c&31]
		if Kind(c&kindMask) == T {
			p.tsq[o] = -1
			victim = o
		}
	}
	p.board[to] = pc
	p.occ[me] |= 1 << to
	p.hash ^= zobrist[to][pc&31]
	if Kind(pc&kindMask) == T {
		p.tsq[me] = int8(to)
	}
	if victim >= 0 && p.players > 2 {
		for b := p.occ[victim]; b != 0; b &= b - 1 {
			s := bits.TrailingZeros64(b)
			p.hash ^= zobrist[s][p.board[s]&31]
			p.board[s] = 0
		}
		p.occ[victim] = 0
	}
	p.hash ^= zobristToMove[me]
	n := int(p.players)
	next, s := me, me
	for range n {
		if s++; s >= n {
			s = 0
		}
		if p.tsq[s&3] >= 0 {
			next = s
			break
		}
	}
	p.toMove = uint8(next)
	p.hash ^= zobristToMove[next]
	return p
}

// agree reports how p differs from the reference r, or "" when it does
// not: board, seat to move, hash, outcome, ToMove and the legal moves in
// order, each with its kind, squares and captured piece.
func agree(p Position, r *refPosition) string {
	if p.cells() != r.board || p.mover() != r.toMove || p.players() != int(r.players) || p.geo() != r.geo || p.setup() != r.setup {
		return "the board or the seat to move differs"
	}
	if p.Hash() != r.hash {
		return "the hash differs"
	}
	want := r.outcome()
	if got := p.Outcome(); got != want {
		return "the outcome differs"
	}
	toMove := boardrules.Player(r.toMove)
	if want.Status != boardrules.Ongoing {
		toMove = boardrules.NoPlayer
	}
	if p.ToMove() != toMove {
		return "ToMove differs"
	}
	got, wantMoves := p.LegalMoves(), r.legalMoves()
	if len(got) != len(wantMoves) {
		return "the number of legal moves differs"
	}
	for i, m := range got {
		w := wantMoves[i]
		if m.Kind() != w.kind || m.From() != w.from || m.To() != w.to || m.Taken() != w.captured {
			return "legal move " + m.String() + " differs from the reference's"
		}
	}
	return ""
}

// TestAgainstFormerImplementation plays random games of every variant to
// their end with the package and the former implementation side by side,
// the same move in both, and compares them at every ply.
func TestAgainstFormerImplementation(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	r := rand.New(rand.NewPCG(31, 7))
	plies := 0
	for _, v := range Variants() {
		for game := range games {
			p := mustNew(t, v)
			ref := refOfPosition(p)
			for ply := 0; ; ply++ {
				if why := agree(p, &ref); why != "" {
					c, _ := p.MarshalText()
					t.Fatalf("%v game %d ply %d, %s: %s", v, game, ply, c, why)
				}
				moves := p.LegalMoves()
				if len(moves) == 0 || ply == 2000 {
					break
				}
				i := r.IntN(len(moves))
				p = p.PlayUnchecked(moves[i])
				ref = ref.playUnchecked(ref.legalMoves()[i])
				plies++
			}
		}
	}
	t.Logf("%d plies compared", plies)
}

// TestPropAgainstFormerImplementation compares the package with the former
// implementation on arbitrary positions (any material, finished games,
// eliminations in three- and four-player games) and on the position after
// each of their legal moves.
func TestPropAgainstFormerImplementation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		ref := refOfPosition(p)
		if why := agree(p, &ref); why != "" {
			c, _ := p.MarshalText()
			t.Fatalf("%s: %s", c, why)
		}
		for i, m := range p.LegalMoves() {
			q, after := p.PlayUnchecked(m), ref.playUnchecked(ref.legalMoves()[i])
			if why := agree(q, &after); why != "" {
				c, _ := p.MarshalText()
				t.Fatalf("%s after %v: %s", c, m, why)
			}
		}
	})
}

// TestSlideTables checks the slide tables against the former walk along
// the terrace, for every square of both boards and every set of blockers
// on its terrace: the squares reached, in order, up to the first blocker
// each way.
func TestSlideTables(t *testing.T) {
	for geo := range geometries {
		g := &geometries[geo]
		for s := range 64 {
			mask := g.slideMask[s]
			for b := uint64(0); ; b = (b - mask) & mask {
				var want []int8
				for _, r := range refRays[geo][s] {
					for _, sq := range r.sq[:r.n] {
						if b>>sq&1 != 0 {
							break
						}
						want = append(want, sq)
					}
				}
				var got []int8
				for l := g.slideList(s, b|^mask); l != 0; l >>= 8 {
					got = append(got, int8(l&63))
				}
				if !slices.Equal(got, want) {
					t.Fatalf("board %d, %v, blockers %#x: slides %v, want %v", g.n, squares[s], b, got, want)
				}
				if b == mask {
					break
				}
			}
		}
	}
}
