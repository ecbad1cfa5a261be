package crumble

import (
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
