package flooprail

// This file is the hot path: the bitboard geometry, move generation, Play
// and the Zobrist hash.

import (
	"math/bits"

	"github.com/boardrules/boardrules/internal/hashkeys"
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

// rotation is the bit rotation of one step in each direction.
var rotation = [4]int{-7, 1, 7, -1}

// dirDelta is (letter, row) of one step in each direction.
var dirDelta = [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// Direction sets as bit masks over the four directions. O's Floopers go
// down or right, X's up or left; SooperFloopers go all four ways.
const allDirs = 1<<dirUp | 1<<dirRight | 1<<dirDown | 1<<dirLeft

var forwardDirs = [2]uint8{1<<dirRight | 1<<dirDown, 1<<dirUp | 1<<dirLeft}

// forward and backward list the two forward and the two backward
// directions of each player, for the bitboard passes.
var (
	forward  = [2][2]int{{dirRight, dirDown}, {dirUp, dirLeft}}
	backward = [2][2]int{{dirUp, dirLeft}, {dirRight, dirDown}}
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
	// leapFrom[d] the spaces with a space two steps away in direction d.
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
)

// goal[pl] holds the goal spaces of player pl: O's are H4 G5 F6 E7, X's
// D1 C2 B3 A4.
var goal [2]uint32

// goalSpaces holds the goal spaces of both sides, D1 C2 B3 A4 and H4 G5 F6
// E7, as a constant for PlayUnchecked; a test checks it against goal.
const goalSpaces = 1<<0 | 1<<6 | 1<<12 | 1<<18 | 1<<25 | 1<<31 | 1<<5 | 1<<11

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
	for _, s := range [...]string{"D1", "E1", "C2", "D2", "E2", "B3", "C3", "D3", "A4", "B4", "C4", "B5"} {
		startO |= 1 << bitOf[s[0]-'A'+1][s[1]-'0']
	}
	for _, s := range [...]string{"G3", "F4", "G4", "H4", "E5", "F5", "G5", "D6", "E6", "F6", "D7", "E7"} {
		startX |= 1 << bitOf[s[0]-'A'+1][s[1]-'0']
	}
	initZobrist()
}

// Zobrist keys, indexed by kind<<5 | space, where kind is 2*player + 1 for
// a SooperFlooper, 2*player for a Flooper.
var (
	zobrist    [128]uint64
	zobristX   uint64 // X to move
	zobristRev uint64 // the reverse game
	// zobristGame is in the hash of every position of a game, so that the
	// zero Position (hash 0), which is no game, differs in its hash too from
	// the empty board of a normal game with O to move.
	zobristGame uint64
)

func initZobrist() {
	next := hashkeys.New(0x466c6f6f70526169).Next // seed "FloopRai"
	for i := range zobrist {
		zobrist[i] = next()
	}
	zobristX = next()
	zobristRev = next()
	zobristGame = next()
}

// hashFromScratch computes the Zobrist hash of p's board, side, variant and
// game flag.
func (p Position) hashFromScratch() uint64 {
	var h uint64
	for pl := uint(0); pl < 2; pl++ {
		for b := p.pieces(uint8(pl)); b != 0; b &= b - 1 {
			i := uint(bits.TrailingZeros32(b))
			h ^= zobrist[pl<<6|uint(p.kings>>i&1)<<5|i]
		}
	}
	if p.turn() == 1 {
		h ^= zobristX
	}
	if p.reverse() {
		h ^= zobristRev
	}
	if p.flags&flagGame != 0 {
		h ^= zobristGame
	}
	return h
}

// jumpLands returns the spaces where the pieces of src land with a Fleap
// step in direction d over a piece of opp onto an empty space.
func jumpLands(src uint32, d int, opp, empty uint32) uint32 {
	r := rotation[d&3]
	return bits.RotateLeft32(bits.RotateLeft32(src&leapFrom[d&3], r)&opp, r) & empty
}

// floopTargets returns the spaces the pieces of src reach by a Floop in
// direction d.
func floopTargets(src uint32, d int, empty uint32) uint32 {
	return bits.RotateLeft32(src&stepFrom[d&3], rotation[d&3]) & empty
}

// canFleap reports whether the side to move has a Fleap, and so must
// Fleap.
func (p Position) canFleap() bool {
	own, opp := p.me(), p.them()
	empty := ^(own | opp)
	f := &forward[p.turn()&1]
	if jumpLands(own, f[0], opp, empty)|jumpLands(own, f[1], opp, empty) != 0 {
		return true
	}
	kings := own & p.kings
	b := &backward[p.turn()&1]
	return kings != 0 && jumpLands(kings, b[0], opp, empty)|jumpLands(kings, b[1], opp, empty) != 0
}

// hasMove reports whether the side to move has a legal move. It tests the
// bitboards without listing any move, because ToMove and Outcome call it
// at every node of a search; the rotations of each side are constants, so
// that the Floop test, which settles most positions, is a few instructions.
func (p Position) hasMove() bool {
	own, opp := p.me(), p.them()
	empty := ^(own | opp)
	kings := own & p.kings
	var floops uint32
	if p.flags&flagX == 0 { // O: Floopers right and down, SooperFloopers also up and left
		floops = bits.RotateLeft32(own&stepFrom[dirRight], 1) | bits.RotateLeft32(own&stepFrom[dirDown], 7) |
			bits.RotateLeft32(kings&stepFrom[dirUp], -7) | bits.RotateLeft32(kings&stepFrom[dirLeft], -1)
	} else { // X: Floopers up and left, SooperFloopers also right and down
		floops = bits.RotateLeft32(own&stepFrom[dirUp], -7) | bits.RotateLeft32(own&stepFrom[dirLeft], -1) |
			bits.RotateLeft32(kings&stepFrom[dirRight], 1) | bits.RotateLeft32(kings&stepFrom[dirDown], 7)
	}
	if floops&empty != 0 {
		return true
	}
	return p.canFleap()
}

// LegalMoves returns every legal move, in a deterministic order: the
// Fleap moves of Floopers grouped by the direction of their first step,
// then those of SooperFloopers piece by piece, each piece's paths depth
// first; or the Floops grouped by direction. It is nil once the game has
// ended, and for the zero Position.
func (p Position) LegalMoves() []Move {
	var buf [48]Move
	moves := p.AppendLegalMoves(buf[:0])
	if len(moves) == 0 {
		return nil
	}
	return append([]Move(nil), moves...)
}

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice, or dst unchanged when there is none (the game has ended, or p is
// the zero Position). It allocates nothing when dst has room.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	own, opp := p.me(), p.them()
	empty := ^(own | opp)
	kings := own & p.kings
	f, b := &forward[p.turn()&1], &backward[p.turn()&1]

	if jumpLands(own, f[0], opp, empty)|jumpLands(own, f[1], opp, empty) != 0 ||
		kings != 0 && jumpLands(kings, b[0], opp, empty)|jumpLands(kings, b[1], opp, empty) != 0 {
		return p.appendFleaps(dst)
	}

	t0, t1 := floopTargets(own, f[0], empty), floopTargets(own, f[1], empty)
	var t2, t3 uint32
	if kings != 0 {
		t2, t3 = floopTargets(kings, b[0], empty), floopTargets(kings, b[1], empty)
	}
	n := len(dst)
	if cap(dst)-n < maxFloops {
		// Make exactly the room needed, so that a small dst with room
		// enough for these moves is not reallocated.
		total := bits.OnesCount32(t0) + bits.OnesCount32(t1) + bits.OnesCount32(t2) + bits.OnesCount32(t3)
		if cap(dst)-n < total {
			dst = append(dst[:cap(dst)], make([]Move, n+total-cap(dst))...)
		}
		dst = dst[:n+total]
	} else {
		dst = dst[:n+maxFloops]
	}
	// A side has at most 12 pieces, each with at most 4 Floops.
	out := dst[n:]
	k := fillFloops(out, 0, t0, f[0])
	k = fillFloops(out, k, t1, f[1])
	if t2|t3 != 0 {
		k = fillFloops(out, k, t2, b[0])
		k = fillFloops(out, k, t3, b[1])
	}
	return dst[:n+k]
}

// maxFloops bounds the Floops of a position: 12 pieces, 4 directions.
const maxFloops = 48

// fillFloops writes the Floops in direction d onto the spaces in to at
// out[k:], and returns the next free index.
func fillFloops(out []Move, k int, to uint32, d int) int {
	r := rotation[d&3]
	for ; to != 0; to &= to - 1 {
		t := bits.TrailingZeros32(to)
		out[k] = Move{dirs: uint32(d), info: uint16((t-r)&31) | uint16(t)<<5 | 1<<10}
		k++
	}
	return k
}

// appendFleaps appends the Fleap moves of the side to move. Floopers go
// first, their first steps found for all of them at once, direction by
// direction; only a Flooper that can leap again needs the depth-first
// search. Then each SooperFlooper searches its paths.
func (p Position) appendFleaps(dst []Move) []Move {
	me := p.turn() & 1
	opp := p.them()
	empty := ^(p.me() | opp)
	g := fleapGen{empty: empty, goal: goal[me]}
	g.d0, g.d1 = forward[me][0], forward[me][1]
	men := p.me() &^ p.kings
	for _, d := range [2]int{g.d0, g.d1} {
		d &= 3
		r := rotation[d]
		lands := bits.RotateLeft32(bits.RotateLeft32(men&leapFrom[d], r)&opp, r) & empty
		for ; lands != 0; lands &= lands - 1 {
			t := uint(bits.TrailingZeros32(lands))
			mid := uint32(1) << ((int(t) - r) & 31)
			from := uint16((int(t) - 2*r) & 31)
			left := opp &^ mid
			if g.goal>>t&1 == 0 &&
				(midBit[g.d0&3][t&31]&left != 0 && landBit[g.d0&3][t&31]&empty != 0 ||
					midBit[g.d1&3][t&31]&left != 0 && landBit[g.d1&3][t&31]&empty != 0) {
				g.dst, g.from = dst, from
				g.man(t, left, mid, uint32(d), 1)
				dst = g.dst
				continue
			}
			dst = append(dst, Move{caps: mid, dirs: uint32(d), info: from | uint16(t)<<5 | 1<<10})
		}
	}
	for ks := p.me() & p.kings; ks != 0; ks &= ks - 1 {
		i := uint(bits.TrailingZeros32(ks))
		// The SooperFlooper has left its space.
		g.dst, g.from, g.empty = dst, uint16(i), empty|1<<i
		g.king(i, opp, 0, 0, 0)
		dst = g.dst
	}
	return dst
}

// fleapGen collects the Fleap moves of one piece, depth first.
type fleapGen struct {
	dst    []Move
	empty  uint32 // the empty spaces, the moving piece's start included
	goal   uint32 // the mover's goal spaces
	from   uint16 // the starting space
	d0, d1 int    // a Flooper's two directions
}

// man extends the path of a Flooper that has made n steps (dirs), leapt the
// pieces caps and stands on sq; opp holds the opposing pieces not yet
// leapt. A Flooper never returns to a space, and landing on a goal space
// ends its move.
func (g *fleapGen) man(sq uint, opp, caps, dirs uint32, n uint16) {
	found := false
	for _, d := range [2]int{g.d0, g.d1} {
		d &= 3
		mid := midBit[d][sq&31]
		land := landBit[d][sq&31]
		if mid&opp == 0 || land&g.empty == 0 {
			continue
		}
		found = true
		to := uint(landIdx[d][sq&31])
		if land&g.goal != 0 {
			g.dst = append(g.dst, Move{caps: caps | mid, dirs: dirs | uint32(d)<<(2*n), info: g.from | uint16(to)<<5 | (n+1)<<10})
			continue
		}
		g.man(to, opp&^mid, caps|mid, dirs|uint32(d)<<(2*n), n+1)
	}
	if !found && n > 0 {
		g.dst = append(g.dst, Move{caps: caps, dirs: dirs, info: g.from | uint16(sq)<<5 | n<<10})
	}
}

// king is man for a SooperFlooper, which Fleaps in all four directions and
// is not affected by goal spaces. Its starting space is in empty (it has
// left it), and a leapt piece leaves opp, so it cannot be leapt twice;
// leapt spaces are never landing spaces, because a Fleap step changes a
// letter or a row by two.
func (g *fleapGen) king(sq uint, opp, caps, dirs uint32, n uint16) {
	found := false
	for d := 0; d < 4; d++ {
		mid := midBit[d][sq&31]
		if mid&opp == 0 || landBit[d][sq&31]&g.empty == 0 {
			continue
		}
		found = true
		g.king(uint(landIdx[d][sq&31]), opp&^mid, caps|mid, dirs|uint32(d)<<(2*n), n+1)
	}
	if !found && n > 0 {
		g.dst = append(g.dst, Move{caps: caps, dirs: dirs, info: g.from | uint16(sq)<<5 | n<<10})
	}
}

// PlayUnchecked returns the position after m, which must be a move just
// generated from p (by LegalMoves, AppendLegalMoves or ParseMove). It does
// not validate m: use Play for moves from elsewhere.
func (p Position) PlayUnchecked(m Move) Position {
	from, to := uint(m.info&31), uint(m.info>>5&31)
	me := uint(p.flags&1) << 6 // the mover's Zobrist kinds start at me
	king := uint(p.kings>>from) & 1
	// A Flooper that ends on a goal space is promoted. Only O's Floopers can
	// reach O's goal spaces and only X's reach X's, so one mask does.
	crowned := king | goalSpaces>>to&1
	h := p.hash ^ zobristX ^ zobrist[(me|king<<5|from)&127] ^ zobrist[(me|crowned<<5|to)&127]
	// A SooperFlooper may end where it started (a loop): clear, then set.
	kings := p.kings&^(1<<from) | uint32(crowned)<<to
	mine := uint64(uint32(p.sides)&^(1<<from) | 1<<to)
	q := Position{hash: h, sides: p.sides>>32 | mine<<32, kings: kings, flags: p.flags ^ 1}
	if m.caps != 0 {
		q = q.removeCaptured(m.caps, p.kings, me^64)
	}
	return q
}

// removeCaptured takes the pieces caps of the side now to move off the
// board; kings are the SooperFloopers before the move and opp the first
// Zobrist kind of the captured side.
func (q Position) removeCaptured(caps, kings uint32, opp uint) Position {
	for c := caps; c != 0; c &= c - 1 {
		i := uint(bits.TrailingZeros32(c))
		q.hash ^= zobrist[(opp|uint(kings>>i&1)<<5|i)&127]
	}
	q.sides &^= uint64(caps)
	q.kings &^= caps
	return q
}

// Play returns the position after m, which must be one of p's legal moves
// (a move of p or of a position Equal to p). Otherwise it returns p and an
// error: boardrules.ErrGameOver when p has no legal move (the game has
// ended, or p is the zero Position), then exactly notation.NoMove() for the
// zero Move, else boardrules.ErrIllegalMove saying what is wrong. It never
// changes p.
func (p Position) Play(m Move) (Position, error) {
	var buf [48]Move
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
