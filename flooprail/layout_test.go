package flooprail

import (
	"math/bits"
	"testing"

	"pgregory.net/rapid"
)

// TestLayoutConstants checks the constants of the hot path against the
// tables initGeometry computes from the board: the Floop and Fleap sources
// of each direction, the goal spaces, and the hash of the zero Position.
func TestLayoutConstants(t *testing.T) {
	steps := [4]uint32{upStep, rightStep, downStep, leftStep}
	leapsFrom := [4]uint32{upLeap, rightLeap, downLeap, leftLeap}
	for d := range 4 {
		if steps[d] != stepFrom[d] || leapsFrom[d] != leapFrom[d] {
			t.Errorf("direction %d: step sources %#x, constant %#x; leap sources %#x, constant %#x",
				d, stepFrom[d], steps[d], leapFrom[d], leapsFrom[d])
		}
	}
	if goal[O] != goalO || goal[X] != goalX {
		t.Errorf("goal spaces %#x %#x, constants %#x %#x", goal[O], goal[X], uint32(goalO), uint32(goalX))
	}
	for i, m := range bitMask {
		if m != 1<<i {
			t.Errorf("bitMask[%d] = %#x", i, m)
		}
	}
	hi, lo := bits.Mul64(hashK0, hashK1)
	if hi^lo != hashK2 || (Position{}).Hash() != 0 {
		t.Errorf("hashK2 %#x, the zero Position's first round %#x; its hash %#x", uint64(hashK2), hi^lo, (Position{}).Hash())
	}
}

// TestMoveTable: every move AppendLegalMoves copies from moveTable is the
// Move its text parses to, so that the two ways of making a Move agree, and
// sits where the generator looks for it: its last space and direction give
// its place. Zero entries are where no such move exists.
func TestMoveTable(t *testing.T) {
	n := 0
	for i, m := range moveTable {
		if m == (Move{}) {
			continue
		}
		n++
		parsed, err := parseMove(m.String())
		if err != nil || parsed != m {
			t.Errorf("moveTable[%d] = %s (%#x %#x) parses to %#x %#x, %v", i, m, m.play, m.path, parsed.play, parsed.path, err)
		}
		pl, k := i>>7&1, i>>5&3
		if i >= fleapBase {
			k &= 1
		}
		if d := stepDir(m.from(), m.to()); floopOrder[pl][k] != d || int(m.to()) != i&31 || m.IsFleap() != (i >= fleapBase) {
			t.Errorf("moveTable[%d] = %s: direction %d, want %d", i, m, d, floopOrder[pl][k])
		}
	}
	// Each side has a Floop onto every space with a neighbour in each of
	// the four directions, and a single Fleap step from every space with a
	// space two steps away in each of its two forward directions.
	want := 0
	for pl := range 2 {
		for d := range 4 {
			want += bits.OnesCount32(stepFrom[d])
		}
		for _, d := range forward[pl] {
			want += bits.OnesCount32(leapFrom[d])
		}
	}
	if n != want {
		t.Errorf("%d moves in moveTable, want %d", n, want)
	}
}

// TestPropMoveRoundTrip: every well-formed path, legal or not (a space
// leapt twice included), gives a Move whose text, path and captures name
// the same spaces, and whose text parses back to an equal Move.
func TestPropMoveRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genPath().Draw(t, "m")
		back, err := parseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%s: parses back to %v, %v", m, back, err)
		}
		path := m.Path()
		text := ""
		for i, s := range path {
			if i > 0 {
				text += "-"
			}
			text += s.Upper()
		}
		if text != m.String() || m.From() != path[0] || m.To() != path[len(path)-1] {
			t.Fatalf("%s: path %s, from %s, to %s", m, text, m.From().Upper(), m.To().Upper())
		}
		caps := m.Captures()
		if m.IsFleap() != (caps != nil) || m.IsFleap() && len(caps) != len(path)-1 {
			t.Fatalf("%s: captures %v", m, caps)
		}
		for i, c := range caps {
			if a, b := spaceBit(path[i]), spaceBit(path[i+1]); spaceBit(c) != int(midway(uint8(a), uint8(b))) {
				t.Fatalf("%s: capture %d is %s", m, i, c.Upper())
			}
		}
	})
}

// TestHashSeparatesPositions: no two of the positions within 8 plies of
// the start (both variants, with every side to move) share a hash, and
// flipping any one bit of either word of a Position changes its hash.
func TestHashSeparatesPositions(t *testing.T) {
	depth := 8
	if testing.Short() {
		depth = 6
	}
	seen := map[uint64]Position{}
	var walk func(p Position, d int)
	walk = func(p Position, d int) {
		if q, ok := seen[p.Hash()]; ok && q != p {
			t.Fatalf("%s and %s share the hash %#x", p.codeOrZero(), q.codeOrZero(), p.Hash())
		}
		seen[p.Hash()] = p
		if d == 0 {
			return
		}
		for _, m := range p.LegalMoves() {
			walk(p.PlayUnchecked(m), d-1)
		}
	}
	for _, v := range Variants() {
		p, _ := New(v)
		walk(p, depth)
	}
	n := 0
	for _, p := range seen {
		if n++; n > 2000 {
			break
		}
		for b := range 128 {
			q := p
			if b < 64 {
				q.sides ^= 1 << b
			} else {
				q.meta ^= 1 << (b - 64)
			}
			if q.Hash() == p.Hash() {
				t.Fatalf("%s: bit %d of the position does not change its hash", p.codeOrZero(), b)
			}
		}
	}
}

// TestNoAllocations: listing the moves into a buffer with room for them
// (exactly, or more), playing them unchecked or checked, and hashing
// allocate nothing, in positions with Floops, single Fleap steps, a
// Flooper's multi-Fleap and SooperFloopers' paths.
func TestNoAllocations(t *testing.T) {
	for _, c := range append([]string{
		"flooprail normal o ../..../....../o.....x./...Ox./..../x.", // a SooperFlooper's Fleap
		"flooprail normal o ../..../.Ox.../..x.x.../..x.../..../..", // a SooperFlooper's loops
	}, benchPositions...) {
		p := decode(t, c)
		moves := p.LegalMoves()
		exact := make([]Move, 0, len(moves))
		roomy := make([]Move, 0, 256)
		var h uint64
		allocs := testing.AllocsPerRun(20, func() {
			exact = p.AppendLegalMoves(exact[:0])
			roomy = p.AppendLegalMoves(roomy[:0])
			for m := range p.LegalMovesSeq() {
				h ^= uint64(m.From().File())
			}
			for _, m := range roomy {
				q, err := p.Play(m)
				if err != nil {
					panic(err)
				}
				h ^= p.PlayUnchecked(m).Hash() ^ q.Hash()
			}
		})
		if allocs != 0 || len(exact) != len(moves) || cap(exact) != len(moves) {
			t.Errorf("%s: %v allocations, %d of %d moves into a buffer of %d", c, allocs, len(exact), len(moves), cap(exact))
		}
	}
}

// TestGrowsOnce: a buffer that AppendLegalMoves must grow gets room for 64
// moves more than it holds, so that perft and playouts, which reuse one
// buffer a ply, allocate it once.
func TestGrowsOnce(t *testing.T) {
	p := Standard()
	for _, dst := range [][]Move{nil, make([]Move, 3, 5)} {
		got := p.AppendLegalMoves(dst)
		if len(got) != len(dst)+7 || cap(got)-len(dst) < bufMoves {
			t.Errorf("from len %d cap %d: len %d cap %d", len(dst), cap(dst), len(got), cap(got))
		}
	}
}
