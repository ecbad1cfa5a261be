package flooprail

// The move generator, Play, Outcome and hash of the package as they were
// before the position became two words and the Move one: a Zobrist-hashed
// Position of three fields and a Move of a capture set, step directions and
// packed ends. They are kept here, tables included, as the reference that
// TestReferenceGames and TestPropReferenceGame play the engine against.

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/hashkeys"
	"pgregory.net/rapid"
)

type refPosition struct {
	hash  uint64
	sides uint64 // the side to move's pieces (low 32 bits), the other side's (high 32)
	kings uint32
	flags uint8 // flagX, flagReverse, flagGame as in Position
}

type refMove struct {
	caps uint32
	dirs uint32 // the direction of step k in bits 2k, 2k+1
	info uint16 // first space (bits 0-4), last (5-9), steps (10-13)
}

func (m refMove) from() uint8 { return uint8(m.info & 31) }
func (m refMove) n() uint8    { return uint8(m.info >> 10) }

// String writes the path as Move.String does.
func (m refMove) String() string {
	if m.n() == 0 {
		return ""
	}
	step := 1
	if m.caps != 0 {
		step = 2
	}
	i := m.from()
	s := squareOf(i).Upper()
	for k := uint8(0); k < m.n(); k++ {
		d := m.dirs >> (2 * k) & 3
		for range step {
			i = uint8(refNeighbour[d][i])
		}
		s += "-" + squareOf(i).Upper()
	}
	return s
}

var (
	refRotation = [4]int{-7, 1, 7, -1}
	refForward  = [2][2]int{{dirRight, dirDown}, {dirUp, dirLeft}}
	refBackward = [2][2]int{{dirUp, dirLeft}, {dirRight, dirDown}}

	refStepFrom, refLeapFrom                   [4]uint32
	refMidBit, refLandBit                      [4][32]uint32
	refLandIdx                                 [4][32]uint8
	refNeighbour                               [4][32]int8
	refGoal                                    [2]uint32
	refZobrist                                 [128]uint64
	refZobristX, refZobristRev, refZobristGame uint64
)

const refGoalSpaces = 1<<0 | 1<<6 | 1<<12 | 1<<18 | 1<<25 | 1<<31 | 1<<5 | 1<<11

func init() {
	delta := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	index := func(l, r int) int { return (l + 7*r + 21) % 32 }
	for r := 1; r <= 7; r++ {
		for l := 1; l <= 8; l++ {
			if !isSpace(l, r) {
				continue
			}
			i := index(l, r)
			for d := 0; d < 4; d++ {
				refNeighbour[d][i] = -1
				l1, r1 := l+delta[d][0], r+delta[d][1]
				if !isSpace(l1, r1) {
					continue
				}
				refNeighbour[d][i] = int8(index(l1, r1))
				refStepFrom[d] |= 1 << i
				l2, r2 := l1+delta[d][0], r1+delta[d][1]
				if !isSpace(l2, r2) {
					continue
				}
				refLeapFrom[d] |= 1 << i
				refMidBit[d][i] = 1 << index(l1, r1)
				refLandBit[d][i] = 1 << index(l2, r2)
				refLandIdx[d][i] = uint8(index(l2, r2))
			}
			if !isSpace(l+1, r) && !isSpace(l, r+1) {
				refGoal[O] |= 1 << i
			}
			if !isSpace(l-1, r) && !isSpace(l, r-1) {
				refGoal[X] |= 1 << i
			}
		}
	}
	next := hashkeys.New(0x466c6f6f70526169).Next
	for i := range refZobrist {
		refZobrist[i] = next()
	}
	refZobristX, refZobristRev, refZobristGame = next(), next(), next()
}

func newRefPosition(o, x, kings uint32, turn uint8, reverse bool) refPosition {
	p := refPosition{sides: uint64(o) | uint64(x)<<32, kings: kings, flags: turn&flagX | flagGame}
	if turn&1 == 1 {
		p.sides = uint64(x) | uint64(o)<<32
	}
	if reverse {
		p.flags |= flagReverse
	}
	p.hash = p.hashFromScratch()
	return p
}

func (p refPosition) me() uint32   { return uint32(p.sides) }
func (p refPosition) them() uint32 { return uint32(p.sides >> 32) }
func (p refPosition) turn() uint8  { return p.flags & flagX }

func (p refPosition) pieces(pl uint8) uint32 {
	if pl == p.turn() {
		return p.me()
	}
	return p.them()
}

func (p refPosition) hashFromScratch() uint64 {
	var h uint64
	for pl := uint(0); pl < 2; pl++ {
		for b := p.pieces(uint8(pl)); b != 0; b &= b - 1 {
			i := uint(bits.TrailingZeros32(b))
			h ^= refZobrist[pl<<6|uint(p.kings>>i&1)<<5|i]
		}
	}
	if p.turn() == 1 {
		h ^= refZobristX
	}
	if p.flags&flagReverse != 0 {
		h ^= refZobristRev
	}
	if p.flags&flagGame != 0 {
		h ^= refZobristGame
	}
	return h
}

func refJumpLands(src uint32, d int, opp, empty uint32) uint32 {
	r := refRotation[d&3]
	return bits.RotateLeft32(bits.RotateLeft32(src&refLeapFrom[d&3], r)&opp, r) & empty
}

func refFloopTargets(src uint32, d int, empty uint32) uint32 {
	return bits.RotateLeft32(src&refStepFrom[d&3], refRotation[d&3]) & empty
}

func (p refPosition) canFleap() bool {
	own, opp := p.me(), p.them()
	empty := ^(own | opp)
	f := &refForward[p.turn()&1]
	if refJumpLands(own, f[0], opp, empty)|refJumpLands(own, f[1], opp, empty) != 0 {
		return true
	}
	kings := own & p.kings
	b := &refBackward[p.turn()&1]
	return kings != 0 && refJumpLands(kings, b[0], opp, empty)|refJumpLands(kings, b[1], opp, empty) != 0
}

func (p refPosition) hasMove() bool {
	own, opp := p.me(), p.them()
	empty := ^(own | opp)
	kings := own & p.kings
	var floops uint32
	if p.flags&flagX == 0 {
		floops = bits.RotateLeft32(own&refStepFrom[dirRight], 1) | bits.RotateLeft32(own&refStepFrom[dirDown], 7) |
			bits.RotateLeft32(kings&refStepFrom[dirUp], -7) | bits.RotateLeft32(kings&refStepFrom[dirLeft], -1)
	} else {
		floops = bits.RotateLeft32(own&refStepFrom[dirUp], -7) | bits.RotateLeft32(own&refStepFrom[dirLeft], -1) |
			bits.RotateLeft32(kings&refStepFrom[dirRight], 1) | bits.RotateLeft32(kings&refStepFrom[dirDown], 7)
	}
	if floops&empty != 0 {
		return true
	}
	return p.canFleap()
}

func (p refPosition) Outcome() boardrules.Outcome {
	if p.hasMove() {
		return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
	}
	if p.flags&flagGame == 0 {
		return boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
	}
	winner := boardrules.Player(p.turn() ^ 1)
	if p.flags&flagReverse != 0 {
		winner = boardrules.Player(p.turn())
	}
	reason, rule := noMoveReason[p.turn()], RuleNoMoves
	if p.me() == 0 {
		reason, rule = noPieceReason[p.turn()], RuleNoPieces
	}
	return boardrules.Outcome{Status: boardrules.Win, Winner: winner, Reason: reason, Rule: rule}
}

func (p refPosition) AppendLegalMoves(dst []refMove) []refMove {
	own, opp := p.me(), p.them()
	empty := ^(own | opp)
	kings := own & p.kings
	f, b := &refForward[p.turn()&1], &refBackward[p.turn()&1]
	if refJumpLands(own, f[0], opp, empty)|refJumpLands(own, f[1], opp, empty) != 0 ||
		kings != 0 && refJumpLands(kings, b[0], opp, empty)|refJumpLands(kings, b[1], opp, empty) != 0 {
		return p.appendFleaps(dst)
	}
	for _, t := range [4]struct {
		to uint32
		d  int
	}{
		{refFloopTargets(own, f[0], empty), f[0]},
		{refFloopTargets(own, f[1], empty), f[1]},
		{refFloopTargets(kings, b[0], empty), b[0]},
		{refFloopTargets(kings, b[1], empty), b[1]},
	} {
		r := refRotation[t.d&3]
		for to := t.to; to != 0; to &= to - 1 {
			s := bits.TrailingZeros32(to)
			dst = append(dst, refMove{dirs: uint32(t.d), info: uint16((s-r)&31) | uint16(s)<<5 | 1<<10})
		}
	}
	return dst
}

func (p refPosition) appendFleaps(dst []refMove) []refMove {
	me := p.turn() & 1
	opp := p.them()
	empty := ^(p.me() | opp)
	g := refFleapGen{empty: empty, goal: refGoal[me]}
	g.d0, g.d1 = refForward[me][0], refForward[me][1]
	men := p.me() &^ p.kings
	for _, d := range [2]int{g.d0, g.d1} {
		d &= 3
		r := refRotation[d]
		lands := bits.RotateLeft32(bits.RotateLeft32(men&refLeapFrom[d], r)&opp, r) & empty
		for ; lands != 0; lands &= lands - 1 {
			t := uint(bits.TrailingZeros32(lands))
			mid := uint32(1) << ((int(t) - r) & 31)
			from := uint16((int(t) - 2*r) & 31)
			left := opp &^ mid
			if g.goal>>t&1 == 0 &&
				(refMidBit[g.d0&3][t&31]&left != 0 && refLandBit[g.d0&3][t&31]&empty != 0 ||
					refMidBit[g.d1&3][t&31]&left != 0 && refLandBit[g.d1&3][t&31]&empty != 0) {
				g.dst, g.from = dst, from
				g.man(t, left, mid, uint32(d), 1)
				dst = g.dst
				continue
			}
			dst = append(dst, refMove{caps: mid, dirs: uint32(d), info: from | uint16(t)<<5 | 1<<10})
		}
	}
	for ks := p.me() & p.kings; ks != 0; ks &= ks - 1 {
		i := uint(bits.TrailingZeros32(ks))
		g.dst, g.from, g.empty = dst, uint16(i), empty|1<<i
		g.king(i, opp, 0, 0, 0)
		dst = g.dst
	}
	return dst
}

type refFleapGen struct {
	dst    []refMove
	empty  uint32
	goal   uint32
	from   uint16
	d0, d1 int
}

func (g *refFleapGen) man(sq uint, opp, caps, dirs uint32, n uint16) {
	found := false
	for _, d := range [2]int{g.d0, g.d1} {
		d &= 3
		mid := refMidBit[d][sq&31]
		land := refLandBit[d][sq&31]
		if mid&opp == 0 || land&g.empty == 0 {
			continue
		}
		found = true
		to := uint(refLandIdx[d][sq&31])
		if land&g.goal != 0 {
			g.dst = append(g.dst, refMove{caps: caps | mid, dirs: dirs | uint32(d)<<(2*n), info: g.from | uint16(to)<<5 | (n+1)<<10})
			continue
		}
		g.man(to, opp&^mid, caps|mid, dirs|uint32(d)<<(2*n), n+1)
	}
	if !found && n > 0 {
		g.dst = append(g.dst, refMove{caps: caps, dirs: dirs, info: g.from | uint16(sq)<<5 | n<<10})
	}
}

func (g *refFleapGen) king(sq uint, opp, caps, dirs uint32, n uint16) {
	found := false
	for d := 0; d < 4; d++ {
		mid := refMidBit[d][sq&31]
		if mid&opp == 0 || refLandBit[d][sq&31]&g.empty == 0 {
			continue
		}
		found = true
		g.king(uint(refLandIdx[d][sq&31]), opp&^mid, caps|mid, dirs|uint32(d)<<(2*n), n+1)
	}
	if !found && n > 0 {
		g.dst = append(g.dst, refMove{caps: caps, dirs: dirs, info: g.from | uint16(sq)<<5 | n<<10})
	}
}

func (p refPosition) PlayUnchecked(m refMove) refPosition {
	from, to := uint(m.info&31), uint(m.info>>5&31)
	me := uint(p.flags&1) << 6
	king := uint(p.kings>>from) & 1
	crowned := king | refGoalSpaces>>to&1
	h := p.hash ^ refZobristX ^ refZobrist[(me|king<<5|from)&127] ^ refZobrist[(me|crowned<<5|to)&127]
	kings := p.kings&^(1<<from) | uint32(crowned)<<to
	mine := uint64(uint32(p.sides)&^(1<<from) | 1<<to)
	q := refPosition{hash: h, sides: p.sides>>32 | mine<<32, kings: kings, flags: p.flags ^ 1}
	if m.caps != 0 {
		for c := m.caps; c != 0; c &= c - 1 {
			i := uint(bits.TrailingZeros32(c))
			q.hash ^= refZobrist[(me^64|uint(p.kings>>i&1)<<5|i)&127]
		}
		q.sides &^= uint64(m.caps)
		q.kings &^= m.caps
	}
	return q
}

// failer is what the comparisons need of a *testing.T or a *rapid.T.
type failer interface {
	Helper()
	Fatalf(format string, args ...any)
}

// refOf gives the reference's version of p.
func refOf(p Position) refPosition {
	return newRefPosition(p.pieces(0), p.pieces(1), p.kings(), p.turn(), p.reverse())
}

// sameAsReference fails unless p and r hold the same board, side to move,
// variant and outcome, with the same legal moves in the same order (the
// order decides which move a seeded random playout draws). It returns the
// two move lists.
func sameAsReference(t failer, p Position, r refPosition) ([]Move, []refMove) {
	t.Helper()
	if p.pieces(0) != r.pieces(0) || p.pieces(1) != r.pieces(1) || p.kings() != r.kings ||
		p.turn() != r.turn() || p.reverse() != (r.flags&flagReverse != 0) || p.flags()&flagGame != r.flags&flagGame {
		t.Fatalf("%s: the board differs from the reference's", p.codeOrZero())
	}
	if r.hash != r.hashFromScratch() || p.Hash() != p.hashFromScratch() {
		t.Fatalf("%s: a hash differs from its hash from scratch", p.codeOrZero())
	}
	if got, want := p.Outcome(), r.Outcome(); got != want {
		t.Fatalf("%s: Outcome %+v, the reference %+v", p.codeOrZero(), got, want)
	}
	moves, refs := p.LegalMoves(), r.AppendLegalMoves(nil)
	if len(moves) != len(refs) {
		t.Fatalf("%s: %d moves %v, the reference %d %v", p.codeOrZero(), len(moves), moves, len(refs), refs)
	}
	for i := range moves {
		if moves[i].String() != refs[i].String() {
			t.Fatalf("%s: move %d is %s, the reference's %s", p.codeOrZero(), i, moves[i], refs[i])
		}
	}
	return moves, refs
}

func (p Position) codeOrZero() string {
	b, err := p.MarshalText()
	if err != nil {
		return "the zero Position"
	}
	return string(b)
}

// playAgainstReference plays random games from p to their end (or to
// maxPlies), the engine and the reference side by side, checking at every
// ply the board, outcome, hashes and legal moves, the captures of every
// legal move against the pieces its successor lost, and that the engine's
// hashes tell apart exactly the positions the reference's tell apart.
func playAgainstReference(t failer, p Position, pick func(n int) int, maxPlies int, seen map[uint64]uint64) {
	t.Helper()
	r := refOf(p)
	for range maxPlies {
		moves, refs := sameAsReference(t, p, r)
		if seen != nil {
			if h, ok := seen[r.hash]; ok && h != p.Hash() {
				t.Fatalf("%s: one position, two hashes", p.codeOrZero())
			}
			seen[r.hash] = p.Hash()
		}
		if len(moves) == 0 {
			return
		}
		for i, m := range moves {
			q := p.PlayUnchecked(m)
			lost := p.pieces(p.turn()^1) &^ q.pieces(p.turn()^1)
			if lost != refs[i].caps || m.IsFleap() != (refs[i].caps != 0) || len(m.Captures()) != int(bits.OnesCount32(refs[i].caps)) {
				t.Fatalf("%s: %s captures %v", p.codeOrZero(), m, m.Captures())
			}
		}
		i := pick(len(moves))
		p, r = p.PlayUnchecked(moves[i]), r.PlayUnchecked(refs[i])
	}
	sameAsReference(t, p, r)
}

// TestReferenceGames plays random games from the start of both variants to
// their end against the reference, and from boards drawn at random.
func TestReferenceGames(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	rng := rand.New(rand.NewPCG(31, 7))
	seen := map[uint64]uint64{}
	hashes := map[uint64]uint64{}
	for g := range games {
		p, _ := New(Variant{Reverse: g%2 == 1})
		playAgainstReference(t, p, rng.IntN, 400, seen)
	}
	// Distinct positions have distinct hashes (a 64-bit collision among a
	// few hundred thousand positions would be a broken hash).
	for ref, h := range seen {
		if other, ok := hashes[h]; ok && other != ref {
			t.Fatalf("two positions share the hash %x", h)
		}
		hashes[h] = ref
	}
	if len(seen) < 1000 {
		t.Fatalf("only %d positions seen", len(seen))
	}
}

// TestPropReferenceGame plays a game to its end from any board the code
// accepts against the reference.
func TestPropReferenceGame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		playAgainstReference(t, p, func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "move") }, 200, nil)
	})
}

// TestPerftPlayedAgainstReference compares perft(7) from the start, with
// every leaf played and hashed, node for node: each position's moves in
// order and each successor's board.
func TestPerftPlayedAgainstReference(t *testing.T) {
	var walk func(p Position, r refPosition, depth int) uint64
	walk = func(p Position, r refPosition, depth int) uint64 {
		moves, refs := sameAsReference(t, p, r)
		if depth == 1 {
			for i := range moves {
				q, s := p.PlayUnchecked(moves[i]), r.PlayUnchecked(refs[i])
				if q.pieces(0) != s.pieces(0) || q.pieces(1) != s.pieces(1) || q.kings() != s.kings || q.turn() != s.turn() {
					t.Fatalf("%s: %s gives another board than the reference", p.codeOrZero(), moves[i])
				}
			}
			return uint64(len(moves))
		}
		var n uint64
		for i := range moves {
			n += walk(p.PlayUnchecked(moves[i]), r.PlayUnchecked(refs[i]), depth-1)
		}
		return n
	}
	depth := 7
	if testing.Short() {
		depth = 6
	}
	want := []uint64{7, 49, 302, 1469, 7361, 36768, 179740}
	if n := walk(Standard(), refOf(Standard()), depth); n != want[depth-1] {
		t.Fatalf("perft(%d) = %d", depth, n)
	}
}
