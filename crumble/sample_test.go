package crumble

import (
	"fmt"
	"math/rand/v2"
	"strconv"
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
	code := "crumble 2x2 b B0,0,1/2305843009213693952,1/2305843009213693952"
	frac := func(k int) string { return "1/" + strconv.FormatUint(1<<k, 10) }
	// the unit square at (0,0), quartered again and again towards its
	// lower-left corner: at each level the other three quarters are
	// White pieces
	for k := 1; k <= 61; k++ {
		s := frac(k)
		code += fmt.Sprintf(" W%s,0,%s,%s W0,%s,%s,%s W%s,%s,%s,%s", s, s, s, s, s, s, s, s, s, s)
	}
	code += " B1,0,1,1 B0,1,1,1 W1,1,1,1"
	p := mustDecode(t, code)
	m, ok := p.RandomMove(rand.New(constSource{}))
	if !ok {
		t.Fatal("RandomMove gave up on a position whose side to move has splits")
	}
	if want := p.LegalMoves()[0]; m != want {
		t.Errorf("RandomMove = %s, want %s, the first move listed (all draws 0)", m, want)
	}
}
