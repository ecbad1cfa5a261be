package crumble

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
)

var _ boardrules.Sampler[Move] = Position{}

// TestRandomMove: on small boards, along random games, RandomMove returns
// only moves of LegalMoves and, drawn often enough, reaches every one.
func TestRandomMove(t *testing.T) {
	for _, name := range []string{"2x2", "3x3", "2x4"} {
		start := startOf(t, name)
		r := rand.New(rand.NewPCG(1, 2))
		_, game := boardrules.Playout(start, r, 6)
		p := start
		for ply := 0; ; ply++ {
			legal := map[string]bool{}
			for _, m := range p.LegalMoves() {
				legal[m.String()] = true
			}
			seen := map[string]bool{}
			for range 40 * len(legal) {
				m, ok := p.RandomMove(r)
				if !ok {
					break
				}
				if !legal[m.String()] {
					t.Fatalf("%s ply %d: RandomMove %s is not legal", name, ply, m)
				}
				seen[m.String()] = true
			}
			if len(seen) != len(legal) {
				t.Errorf("%s ply %d: sampling reached %d of %d legal moves", name, ply, len(seen), len(legal))
			}
			if ply == len(game) {
				if _, ok := p.RandomMove(r); ok != (len(legal) > 0) {
					t.Errorf("%s: RandomMove ok %v with %d legal moves", name, ok, len(legal))
				}
				break
			}
			p = p.PlayUnchecked(game[ply])
		}
	}
}

// constSource makes every rand.IntN(n) of math/rand/v2 return 0 (for n up
// to 2^32): the product of 2^32 and n has no high word, and its low word
// is at least n, so no draw is rejected.
type constSource struct{}

func (constSource) Uint64() uint64 { return 1 << 32 }

// TestRandomMoveFallback: when the pieces RandomMove draws anchor nothing,
// 32 times in a row, it draws among all splits and joins instead of
// giving up. On this 2x2 board Black's piece at (0,0) is a square at the
// finest grid (2^-61) between White ones, so it can neither split nor
// join; it is the first piece, which a source whose draws are all 0
// picks every time. Black's unit squares at (1,0) and (0,1) can split.
func TestRandomMoveFallback(t *testing.T) {
	p := mustDecode(t, quarteredCorner(61, "B0,0,"+dyadic(61)+","+dyadic(61)))
	m, ok := p.RandomMove(rand.New(constSource{}))
	if !ok {
		t.Fatal("RandomMove gave up on a position whose side to move has splits")
	}
	if want := p.LegalMoves()[0]; m != want {
		t.Errorf("RandomMove = %s, want %s, the first move listed (all draws 0)", m, want)
	}
}

// script is a rand.Source that returns its values in turn, then
// constSource's (draws of 0), so that a test can choose each draw.
type script struct {
	vals []uint64
	next int
}

func (s *script) Uint64() uint64 {
	if s.next == len(s.vals) {
		return constSource{}.Uint64()
	}
	s.next++
	return s.vals[s.next-1]
}

// drawOf returns a source value for which rand.IntN(n) is k, as
// math/rand/v2 reduces a value: its low bits for a power of two n, else
// the high word of value·n (chosen with a low word of at least n, so that
// it is not rejected).
func drawOf(k, n int) uint64 {
	if n&(n-1) == 0 {
		return uint64(k)
	}
	v, _ := bits.Div64(uint64(k), ^uint64(0), uint64(n))
	return v
}

// TestRandomMoveFallbackAfter32: RandomMove's first stage draws pieces of
// the side to move until one anchors a split or join; only 32 misses in a
// row (a piece of the side to move that anchors nothing) make it draw among
// all splits and joins, and drawing an opponent's piece is no miss. On the
// board of TestRandomMoveFallback the draws here are 40 of White's pieces,
// 31 of Black's dead square at (0,0), then Black's square at (0,1): that is
// the piece, and of its two splits (H, then V) the second is drawn, then
// its first move, without a swap.
func TestRandomMoveFallbackAfter32(t *testing.T) {
	p := mustDecode(t, quarteredCorner(61, "B0,0,"+dyadic(61)+","+dyadic(61)))
	n := p.NumPieces()
	dead, live, white := findPiece(p.list(), 0, 0), findPiece(p.list(), 0, 1<<p.shift), findPiece(p.list(), 1<<p.shift, 1<<p.shift)
	type draw struct{ k, n int } // IntN(n) gives k
	var plan []draw
	for range 40 {
		plan = append(plan, draw{white, n})
	}
	for range sampleTries - 1 {
		plan = append(plan, draw{dead, n})
	}
	plan = append(plan, draw{live, n}, draw{1, 2})
	var vals []uint64
	for _, d := range plan {
		vals = append(vals, drawOf(d.k, d.n))
	}
	// the script gives the draws planned (or math/rand/v2 changed)
	r := rand.New(&script{vals: vals})
	for i, d := range plan {
		if got := r.IntN(d.n); got != d.k {
			t.Fatalf("draw %d: IntN(%d) = %d, want %d", i, d.n, got, d.k)
		}
	}
	var want Move
	for _, m := range p.LegalMoves() {
		if int(m.anchor) == live && m.kind == kindV && m.n == 1 && m.steps() == 0 {
			want = m
		}
	}
	if m, ok := p.RandomMove(rand.New(&script{vals: vals})); !ok || m != want {
		t.Errorf("RandomMove = %v, %v; want %v, the V split of the piece at (0,1)", m, ok, want)
	}
}

// TestRandomMoveFallbackAtExactly32: the documented number of misses is
// 32. After 31 misses (Black's dead square at (0,0) on the board of
// TestRandomMoveFallback) RandomMove still draws a piece, Black's square
// at (0,1), and then its V split; after 32 it draws among all splits and
// joins of the side to move instead, here the second of them, and its
// first move (the draws after the script are 0).
func TestRandomMoveFallbackAtExactly32(t *testing.T) {
	p := mustDecode(t, quarteredCorner(61, "B0,0,"+dyadic(61)+","+dyadic(61)))
	n := p.NumPieces()
	dead, live := findPiece(p.list(), 0, 0), findPiece(p.list(), 0, 1<<p.shift)
	moves := p.LegalMoves()
	var bases []Move // the first move of each split or join, in order
	for _, m := range moves {
		if len(bases) == 0 || baseKey(m) != baseKey(bases[len(bases)-1]) {
			bases = append(bases, m)
		}
	}
	var liveV Move
	for _, m := range moves {
		if int(m.anchor) == live && m.kind == kindV && m.n == 1 && m.steps() == 0 {
			liveV = m
		}
	}
	if len(bases) < 3 || bases[1] == liveV || bases[1] == bases[0] {
		t.Fatalf("the board does not tell the draws apart: bases %v", bases)
	}
	for _, c := range []struct {
		misses int
		then   []uint64 // the draws after the misses
		want   Move
	}{
		{31, []uint64{drawOf(live, n), drawOf(1, 2)}, liveV},
		{32, []uint64{drawOf(1, len(bases))}, bases[1]},
	} {
		var vals []uint64
		for range c.misses {
			vals = append(vals, drawOf(dead, n))
		}
		vals = append(vals, c.then...)
		if m, ok := p.RandomMove(rand.New(&script{vals: vals})); !ok || m != c.want {
			t.Errorf("after %d misses: RandomMove = %v, %v; want %v", c.misses, m, ok, c.want)
		}
	}
}

// TestRandomMoveStages: RandomMove draws a piece uniformly among those of
// the side to move that anchor a split or join, one of the splits and
// joins it anchors uniformly, then one of their listed moves uniformly, so
// a move m of base b anchored at a has probability 1/A · 1/B(a) · 1/M(b)
// (A anchors, B(a) bases at a, M(b) moves of b). In a middle game, 60,000
// seeded draws must fit that distribution: the chi-square statistic stays
// below its degrees of freedom plus eight standard deviations, which a
// fair sampler exceeds with a probability far below one in a million (and
// the source is seeded, so the outcome is fixed).
func TestRandomMoveStages(t *testing.T) {
	p := midgame(t)
	moves := p.LegalMoves()
	bases := map[int32]map[string]int{} // anchor -> base -> moves
	for _, m := range moves {
		if bases[m.anchor] == nil {
			bases[m.anchor] = map[string]int{}
		}
		bases[m.anchor][baseKey(m)]++
	}
	index := map[Move]int{}
	for i, m := range moves {
		index[m] = i
	}
	const draws = 60000
	seen := make([]int, len(moves))
	r := rand.New(rand.NewPCG(41, 42))
	for range draws {
		m, ok := p.RandomMove(r)
		i, listed := index[m]
		if !ok || !listed {
			t.Fatalf("RandomMove = %v, %v: not a listed move", m, ok)
		}
		seen[i]++
	}
	var chi2 float64
	for i, m := range moves {
		want := draws / float64(len(bases)) / float64(len(bases[m.anchor])) / float64(bases[m.anchor][baseKey(m)])
		d := float64(seen[i]) - want
		chi2 += d * d / want
	}
	df := float64(len(moves) - 1)
	limit := df + 8*math.Sqrt(2*df)
	t.Logf("chi-square %.0f over %d moves, limit %.0f", chi2, len(moves), limit)
	if chi2 > limit {
		t.Errorf("chi-square %.0f over %d moves, above %.0f: the draws do not follow the three uniform stages", chi2, len(moves), limit)
	}
}
