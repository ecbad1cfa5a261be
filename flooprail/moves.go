package flooprail

// This file is the hot path: the bitboard geometry, move generation, Play
// and the hash.

import (
	"iter"
	"math/bits"
	"slices"

	"github.com/boardrules/boardrules/notation"
)

// Bit layout. The space with letter L (A=1 … H=8) and row R holds bit
// (L + 7R + 21) mod 32. That map is one-to-one on the 32 spaces of the
// diamond, so a board fits a uint32, and every direction is a rotation by a
// constant: right +1, left -1, down +7, up -7. A rotation may carry a piece
// off one edge of the diamond onto another space, so every shift first masks
// its sources with the spaces that have a neighbour that way (stepFrom,
// leapFrom).

// Directions. The Move encoding stores them in two bits per step.
const (
	dirUp = iota
	dirRight
	dirDown
	dirLeft
)

// dirDelta is (letter, row) of one step in each direction.
var dirDelta = [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// Direction sets as bit masks over the four directions. O's Floopers go
// down or right, X's up or left; SooperFloopers go all four ways.
const allDirs = 1<<dirUp | 1<<dirRight | 1<<dirDown | 1<<dirLeft

var forwardDirs = [2]uint8{1<<dirRight | 1<<dirDown, 1<<dirUp | 1<<dirLeft}

// forward lists the two forward directions of each player.
var forward = [2][2]int{{dirRight, dirDown}, {dirUp, dirLeft}}

// The spaces with a neighbour in each direction (a Floop's sources) and
// with a space two steps away (a Fleap step's), as constants, so that the
// move generator's masks are immediates; a test checks them against the
// geometry.
const (
	upStep    = 0xfdf9edbc
	rightStep = 0x7dfdf5dd
	downStep  = 0x79fbf3db
	leftStep  = 0xfbfbebba
	upLeap    = 0xfcf0cc3c
	rightLeap = 0x3cfcf0cc
	downLeap  = 0x30f3f3c3
	leftLeap  = 0xf3f3c330
)

// Geometry tables, filled by initGeometry.
var (
	// bitOf[L][R] is the bit index of a space, -1 for no space.
	bitOf [10][9]int8
	// letterOf and rowOf give a bit index's letter (1-8) and row (1-7).
	letterOf, rowOf [32]int8
	// boardOrder lists the bit indexes in board order (rows 1-7, left to
	// right).
	boardOrder [32]uint8
	// stepFrom[d] holds the spaces with a neighbour in direction d;
	// leapFrom[d] the spaces with a space two steps away in direction d
	// (the hot path has them as constants, which a test checks).
	stepFrom, leapFrom [4]uint32
	// midBit[d][i] and landBit[d][i] are the one-bit masks of the space
	// leapt and the landing space of a Fleap step from i in direction d,
	// 0 when the step leaves the board. landIdx is the landing space's
	// index.
	midBit, landBit [4][32]uint32
	landIdx         [4][32]uint8
	// neighbour[d][i] is the bit index of i's neighbour in direction d, or
	// -1.
	neighbour [4][32]int8
	// moveTable holds the moves that AppendLegalMoves writes from its
	// target sets. At 128*pl + 32*k + t: the Floop of player pl onto space
	// t in the k-th direction of pl's order, a Flooper's two forward
	// directions and then a SooperFlooper's two others (O: right, down, up,
	// left; X: up, left, right, down). At fleapBase + 128*pl + 32*k + t: the
	// single Fleap step of a Flooper of pl that lands on t in its k-th
	// direction. Zero where there is no such move.
	moveTable [512]Move
	// bitMask[i] is 1<<i, read rather than shifted by PlayUnchecked.
	bitMask [32]uint32
)

// fleapBase is where the single Fleap steps start in moveTable.
const fleapBase = 256

// floopOrder lists the directions of player pl's Floops in moveTable.
var floopOrder = [2][4]int{{dirRight, dirDown, dirUp, dirLeft}, {dirUp, dirLeft, dirRight, dirDown}}

// goal[pl] holds the goal spaces of player pl: O's are H4 G5 F6 E7, X's
// D1 C2 B3 A4.
var goal [2]uint32

// goalO and goalX hold the goal spaces of O (H4 G5 F6 E7) and of X (D1 C2
// B3 A4) as constants for the hot path, goalSpaces both; a test checks
// them against goal.
const (
	goalO      = 1<<5 | 1<<11 | 1<<25 | 1<<31
	goalX      = 1<<0 | 1<<6 | 1<<12 | 1<<18
	goalSpaces = goalO | goalX
)

// startO and startX are the starting Floopers.
var startO, startX uint32

func init() { initGeometry() }

func isSpace(letter, row int) bool {
	if row < 1 || row > 7 {
		return false
	}
	off := row - 4
	if off < 0 {
		off = -off
	}
	return letter >= off+1 && letter <= 8-off
}

func initGeometry() {
	for l := range bitOf {
		for r := range bitOf[l] {
			bitOf[l][r] = -1
		}
	}
	n := 0
	for r := 1; r <= 7; r++ {
		for l := 1; l <= 8; l++ {
			if !isSpace(l, r) {
				continue
			}
			i := (l + 7*r + 21) % 32
			bitOf[l][r] = int8(i)
			letterOf[i], rowOf[i] = int8(l), int8(r)
			boardOrder[n] = uint8(i)
			n++
		}
	}
	for i := 0; i < 32; i++ {
		l, r := int(letterOf[i]), int(rowOf[i])
		for d := 0; d < 4; d++ {
			neighbour[d][i] = -1
			l1, r1 := l+dirDelta[d][0], r+dirDelta[d][1]
			if !isSpace(l1, r1) {
				continue
			}
			neighbour[d][i] = bitOf[l1][r1]
			stepFrom[d] |= 1 << i
			l2, r2 := l1+dirDelta[d][0], r1+dirDelta[d][1]
			if !isSpace(l2, r2) {
				continue
			}
			leapFrom[d] |= 1 << i
			midBit[d][i] = 1 << bitOf[l1][r1]
			landBit[d][i] = 1 << bitOf[l2][r2]
			landIdx[d][i] = uint8(bitOf[l2][r2])
		}
		// A Flooper's goal spaces are where it has no forward neighbour.
		if !isSpace(l+1, r) && !isSpace(l, r+1) {
			goal[O] |= 1 << i
		}
		if !isSpace(l-1, r) && !isSpace(l, r-1) {
			goal[X] |= 1 << i
		}
	}
	for i := range bitMask {
		bitMask[i] = 1 << i
	}
	for i := range 32 {
		for d := range 4 {
			for pl, order := range floopOrder {
				for k, dir := range order {
					if to := neighbour[d][i]; dir == d && to >= 0 {
						moveTable[128*pl+32*k+int(to)] = makeMove(uint8(i), uint8(to), 1, uint64(d), 0)
					}
					if to := landIdx[d][i]; dir == d && k < 2 && landBit[d][i] != 0 {
						moveTable[fleapBase+128*pl+32*k+int(to)] = makeMove(uint8(i), to, 1, uint64(d), midBit[d][i])
					}
				}
			}
		}
	}
	for _, s := range [...]string{"D1", "E1", "C2", "D2", "E2", "B3", "C3", "D3", "A4", "B4", "C4", "B5"} {
		startO |= 1 << bitOf[s[0]-'A'+1][s[1]-'0']
	}
	for _, s := range [...]string{"G3", "F4", "G4", "H4", "E5", "F5", "G5", "D6", "E6", "F6", "D7", "E7"} {
		startX |= 1 << bitOf[s[0]-'A'+1][s[1]-'0']
	}
}

// The constants of the hash. hashK0 has bits set at the same place in both
// halves, and no position's sides word (whose halves are disjoint) equals
// it; hashK1 has high bits that no meta word has. So neither factor of the
// first product is ever 0, which would lose the other word. hashK2 is the
// first round's result for the zero Position, whose hash is therefore 0; a
// test checks it.
const (
	hashK0 = 0xa0761d6478bd642f
	hashK1 = 0xe7037ed1a0b428db
	hashK2 = 0x1ff5c2923a788d2c
	hashK3 = 0x589965cc75374cc3
)

// hashFromScratch computes the hash of p's two words, that is of its
// board, side, variant and game flag: two rounds of a 128-bit
// multiplication folded to 64 bits (the mix of wyhash).
func (p Position) hashFromScratch() uint64 {
	hi, lo := bits.Mul64(p.sides^hashK0, p.meta^hashK1)
	hi, lo = bits.Mul64(hi^lo^hashK2, hashK3)
	return hi ^ lo
}

// leaps returns the spaces where the pieces src land with a Fleap step
// over a piece of opp onto an empty space, in the direction whose Fleap
// sources are from and whose rotation is r.
func leaps(src, opp, empty, from uint32, r int) uint32 {
	return bits.RotateLeft32(src&from, 2*r) & bits.RotateLeft32(opp, r) & empty
}

// floops returns the spaces the pieces src reach by a Floop in the
// direction whose Floop sources are from and whose rotation is r.
func floops(src, empty, from uint32, r int) uint32 {
	return bits.RotateLeft32(src&from, r) & empty
}

// The side to move's moves in the bitboards: for O, Floopers go right
// (rotation 1) and down (7), SooperFloopers also up (-7) and left (-1); for
// X, Floopers go up and left, SooperFloopers also right and down. The
// rotations are constants in each branch, so that every shift is an
// immediate.

// canFleap reports whether the side to move has a Fleap, and so must
// Fleap.
func (p Position) canFleap() bool {
	me, opp := p.me(), p.them()
	empty := ^(me | opp)
	kings := me & p.kings()
	if p.meta&(flagX<<32) == 0 {
		return leaps(me, opp, empty, rightLeap, 1)|leaps(me, opp, empty, downLeap, 7)|
			leaps(kings, opp, empty, upLeap, -7)|leaps(kings, opp, empty, leftLeap, -1) != 0
	}
	return leaps(me, opp, empty, upLeap, -7)|leaps(me, opp, empty, leftLeap, -1)|
		leaps(kings, opp, empty, rightLeap, 1)|leaps(kings, opp, empty, downLeap, 7) != 0
}

// hasMove reports whether the side to move has a legal move. It tests the
// bitboards without listing any move, because ToMove and Outcome call it
// at every node of a search; the test for a Floop, which settles most
// positions, is a few instructions.
func (p Position) hasMove() bool {
	me := p.me()
	kings := me & p.kings()
	var targets uint32
	if p.meta&(flagX<<32) == 0 {
		targets = bits.RotateLeft32(me&rightStep, 1) | bits.RotateLeft32(me&downStep, 7) |
			bits.RotateLeft32(kings&upStep, -7) | bits.RotateLeft32(kings&leftStep, -1)
	} else {
		targets = bits.RotateLeft32(me&upStep, -7) | bits.RotateLeft32(me&leftStep, -1) |
			bits.RotateLeft32(kings&rightStep, 1) | bits.RotateLeft32(kings&downStep, 7)
	}
	return targets&^(me|p.them()) != 0 || p.canFleap()
}

// LegalMoves returns every legal move, in a deterministic order: the
// Fleap moves of Floopers grouped by the direction of their first step,
// then those of SooperFloopers piece by piece, each piece's paths depth
// first; or the Floops grouped by direction. It is nil once the game has
// ended, and for the zero Position.
func (p Position) LegalMoves() []Move {
	var buf [bufMoves]Move
	moves := p.AppendLegalMoves(buf[:0])
	if len(moves) == 0 {
		return nil
	}
	return append([]Move(nil), moves...)
}

// LegalMovesSeq yields the moves LegalMoves lists, in the same order. A
// side has at most 12 pieces, so the moves are generated into a buffer on
// the stack and yielded from there: nothing is allocated in any position
// that fits it.
func (p Position) LegalMovesSeq() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [bufMoves]Move
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// bufMoves is the size of the move buffers on the stack of LegalMoves,
// Play and ParseMove: room for the moves of nearly every position (a side
// has at most 12 pieces, each with at most 4 Floops); AppendLegalMoves
// grows a buffer that is too small.
const bufMoves = 64

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice, or dst unchanged when there is none (the game has ended, or p is
// the zero Position). It allocates nothing when dst has room for them;
// when it must grow dst, it leaves room for 64 moves more, so that a
// buffer reused from ply to ply grows once.
//
// The moves of a position without Fleaps, and of one whose Fleaps are all
// single steps of Floopers, come from moveTable: each is one bit in two
// target sets of 64 bits (the targets in a piece's first direction in the
// low 32 bits, in its second direction in the high 32), and the set bits
// in ascending order give the moves in the documented order.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	me, opp := p.me(), p.them()
	empty := ^(me | opp)
	kings := me & p.kings()
	men := me &^ kings
	// first and second are the two target sets of the moves, and base is
	// where their moves start in moveTable (Floops at 128*pl).
	var first, second uint64
	var base uint
	if p.meta&(flagX<<32) == 0 {
		// O: the Floopers' Fleap steps right and down, and whether a
		// SooperFlooper has one in any direction.
		l := uint64(leaps(men, opp, empty, rightLeap, 1)) | uint64(leaps(men, opp, empty, downLeap, 7))<<32
		var kingLeaps uint32
		if kings != 0 {
			kingLeaps = leaps(kings, opp, empty, rightLeap, 1) | leaps(kings, opp, empty, downLeap, 7) |
				leaps(kings, opp, empty, upLeap, -7) | leaps(kings, opp, empty, leftLeap, -1)
		}
		if l|uint64(kingLeaps) != 0 {
			// A Flooper that lands on one of these spaces leaps on. (None is
			// a goal space, where a Flooper has no forward neighbour.)
			on := uint64(onward(opp, empty, rightLeap, 1) | onward(opp, empty, downLeap, 7))
			if kingLeaps != 0 || l&(on|on<<32) != 0 {
				return p.appendFleaps(dst, l, on)
			}
			first, base = l, fleapBase
		} else {
			first = uint64(floops(me, empty, rightStep, 1)) | uint64(floops(me, empty, downStep, 7))<<32
			if kings != 0 {
				second = uint64(floops(kings, empty, upStep, -7)) | uint64(floops(kings, empty, leftStep, -1))<<32
			}
		}
	} else {
		// X: Floopers up and left, SooperFloopers also right and down.
		l := uint64(leaps(men, opp, empty, upLeap, -7)) | uint64(leaps(men, opp, empty, leftLeap, -1))<<32
		var kingLeaps uint32
		if kings != 0 {
			kingLeaps = leaps(kings, opp, empty, upLeap, -7) | leaps(kings, opp, empty, leftLeap, -1) |
				leaps(kings, opp, empty, rightLeap, 1) | leaps(kings, opp, empty, downLeap, 7)
		}
		if l|uint64(kingLeaps) != 0 {
			on := uint64(onward(opp, empty, upLeap, -7) | onward(opp, empty, leftLeap, -1))
			if kingLeaps != 0 || l&(on|on<<32) != 0 {
				return p.appendFleaps(dst, l, on)
			}
			first, base = l, fleapBase+128
		} else {
			first = uint64(floops(me, empty, upStep, -7)) | uint64(floops(me, empty, leftStep, -1))<<32
			if kings != 0 {
				second = uint64(floops(kings, empty, rightStep, 1)) | uint64(floops(kings, empty, downStep, 7))<<32
			}
			base = 128
		}
	}
	if cap(dst)-len(dst) < bufMoves {
		dst = grow(dst, bits.OnesCount64(first)+bits.OnesCount64(second))
	}
	base &= 3 * 128 // base+128 is within moveTable: no bounds check
	tab := (*[128]Move)(moveTable[base : base+128])
	for ; first != 0; first &= first - 1 {
		dst = append(dst, tab[bits.TrailingZeros64(first)])
	}
	for ; second != 0; second &= second - 1 {
		dst = append(dst, tab[64+bits.TrailingZeros64(second)&63])
	}
	return dst
}

// grow returns dst with room for n more moves: dst itself when it has the
// room, else a copy with room for bufMoves more at least, so that a buffer
// reused from ply to ply, as perft and playouts do, grows once.
func grow(dst []Move, n int) []Move {
	if cap(dst)-len(dst) >= n {
		return dst
	}
	return slices.Grow(dst, max(n, bufMoves))
}

// onward returns the spaces from which a Fleap step over a piece of opp
// onto an empty space starts, in the direction whose Fleap sources are
// from and whose rotation is r.
func onward(opp, empty, from uint32, r int) uint32 {
	return from & bits.RotateLeft32(opp, -r) & bits.RotateLeft32(empty, -2*r)
}

// appendFleaps appends the Fleap moves of the side to move: first those of
// its Floopers, whose first steps land on the set bits of lands (in their
// first direction in the low 32 bits, in their second in the high 32), and
// then each SooperFlooper's. A Flooper that lands on a space of onward
// leaps on, and its paths are searched depth first; the others' moves are
// single Fleap steps. The piece a Flooper has just leapt lies behind it,
// and the space it came from further behind, so neither is in the way of
// its forward steps, and onward, taken before the move, holds for its
// second step.
func (p Position) appendFleaps(dst []Move, lands, onward uint64) []Move {
	pl := p.turn()
	base := fleapBase + 128*uint(pl)
	g := fleapGen{empty: ^(p.me() | p.them()), goal: goal[pl], d0: forward[pl][0], d1: forward[pl][1]}
	for ; lands != 0; lands &= lands - 1 {
		b := uint(bits.TrailingZeros64(lands)) & 63
		m := moveTable[(base+b)&511]
		if onward>>(b&31)&1 == 0 {
			dst = append(dst, m)
			continue
		}
		g.from = m.from()
		dst = g.man(dst, b&31, p.them()&^m.caps(), m.caps(), m.path&3, 1)
	}
	for kings := p.me() & p.kings(); kings != 0; kings &= kings - 1 {
		i := uint(bits.TrailingZeros32(kings)) & 31
		// The SooperFlooper has left its space.
		g.empty = ^(p.me() | p.them()) | 1<<i
		g.from = uint8(i)
		dst = g.king(dst, i, p.them(), 0, 0, 0)
	}
	return dst
}

// fleapGen holds what the depth-first search for the Fleap moves of one
// piece needs besides the path in the making: its last space, the spaces
// it has leapt, the directions of its steps and their number. The moves
// go in and out of the search as a slice, never into a field, so that a
// buffer passed to AppendLegalMoves can stay on its caller's stack.
type fleapGen struct {
	empty  uint32 // the empty spaces, a SooperFlooper's start included
	goal   uint32 // the mover's goal spaces
	from   uint8  // the moving piece's space
	d0, d1 int    // a Flooper's two directions
}

// man appends the paths of a Flooper that stands on sq after n >= 1 Fleap
// steps; opp holds the opposing pieces not yet leapt. A Flooper never
// returns to a space, and landing on a goal space ends its move.
func (g *fleapGen) man(dst []Move, sq uint, opp, caps uint32, dirs uint64, n int) []Move {
	found := false
	for _, d := range [2]int{g.d0, g.d1} {
		mid := midBit[d][sq&31]
		land := landBit[d][sq&31]
		if mid&opp == 0 || land&g.empty == 0 {
			continue
		}
		found = true
		to := landIdx[d][sq&31]
		next := dirs | uint64(d)<<(2*n)
		if land&g.goal != 0 {
			dst = append(dst, makeMove(g.from, to, n+1, next, caps|mid))
			continue
		}
		dst = g.man(dst, uint(to), opp&^mid, caps|mid, next, n+1)
	}
	if !found {
		dst = append(dst, makeMove(g.from, uint8(sq), n, dirs, caps))
	}
	return dst
}

// king is man for a SooperFlooper, which Fleaps in all four directions and
// is not affected by goal spaces; it starts with n = 0. Its starting space
// is in empty (it has left it), and a leapt piece leaves opp, so it cannot
// be leapt twice; leapt spaces are never landing spaces, because a Fleap
// step changes a letter or a row by two.
func (g *fleapGen) king(dst []Move, sq uint, opp, caps uint32, dirs uint64, n int) []Move {
	found := false
	for d := 0; d < 4; d++ {
		mid := midBit[d][sq&31]
		if mid&opp == 0 || landBit[d][sq&31]&g.empty == 0 {
			continue
		}
		found = true
		dst = g.king(dst, uint(landIdx[d][sq&31]), opp&^mid, caps|mid, dirs|uint64(d)<<(2*n), n+1)
	}
	if !found && n > 0 {
		dst = append(dst, makeMove(g.from, uint8(sq), n, dirs, caps))
	}
	return dst
}

// PlayUnchecked returns the position after m, which must be a move just
// generated from p (by LegalMoves, AppendLegalMoves or ParseMove). It does
// not validate m: use Play for moves from elsewhere.
func (p Position) PlayUnchecked(m Move) Position {
	meta := p.meta ^ flagX<<32
	// The SooperFloopers change only when one moves or is captured, or when
	// a Flooper is crowned: seldom, so the test is cheaper than the change.
	// The piece moves from the space of fromTo it holds to the other one
	// (to none for a loop, which ends where it starts).
	fromTo, caps := uint32(m.play), uint32(m.play>>32)
	if kings := p.kings(); kings&(fromTo|caps) != 0 || m.path>>pathGoal != 0 {
		from, to := fromTo&p.me(), fromTo&^p.me()
		k := kings &^ caps
		// A SooperFlooper takes its crown along, and a Flooper that ends on
		// a goal space is crowned. Only O's Floopers can reach O's goal
		// spaces and only X's reach X's, so one mask does.
		if k&from != 0 {
			k ^= fromTo
		}
		k |= to & goalSpaces
		meta ^= uint64(kings ^ k)
	}
	// The piece moves in the low half of sides, the captured pieces leave
	// the high half, and the halves swap: the other side moves next.
	return Position{sides: bits.RotateLeft64(p.sides^m.play, 32), meta: meta}
}

// Play returns the position after m, which must be one of p's legal moves
// (a move of p or of a position Equal to p). Otherwise it returns p and an
// error: boardrules.ErrGameOver when p has no legal move (the game has
// ended, or p is the zero Position), then exactly notation.NoMove() for the
// zero Move, else boardrules.ErrIllegalMove saying what is wrong. It never
// changes p.
func (p Position) Play(m Move) (Position, error) {
	var buf [bufMoves]Move
	moves := p.AppendLegalMoves(buf[:0])
	if len(moves) == 0 {
		return p, p.gameOverError(m.String())
	}
	for _, l := range moves {
		if l == m {
			return p.PlayUnchecked(m), nil
		}
	}
	if m == (Move{}) {
		return p, notation.NoMove()
	}
	return p, p.illegalError(m.String(), m)
}
