package crumble

import (
	"slices"
	"testing"
)

// TestCutWalks: a cut line walked through the contact graph takes the
// pieces that locate finds, and stops at the same place, from every piece
// and for both cuts, along random games on boards of several shapes.
func TestCutWalks(t *testing.T) {
	walks := 0
	for _, variant := range []string{"3x3", "6x6", "4x7"} {
		for _, p := range randomPositions(t, variant, 3, 40) {
			s := new(scratch)
			p.tile(s)
			byGraph := s.finder(&p)
			byLocate := cutFinder{ps: p.pieces, maxH: maxHeight(p.pieces)}
			if byGraph.g == nil {
				t.Fatal("the scratch does not hold the graph it was given")
			}
			wf, hf := p.dims()
			for i := range p.pieces {
				for _, vertical := range []bool{false, true} {
					g, gAt := walkTo(nil, &byGraph, wf, hf, i, vertical, p.pieces[i].C())
					l, lAt := walkTo(nil, &byLocate, wf, hf, i, vertical, p.pieces[i].C())
					if !slices.Equal(g, l) || gAt != lAt {
						t.Fatalf("%s piece %d vertical %v: through the graph %v stopping at %d, by locate %v stopping at %d", code(p), i, vertical, g, gAt, l, lAt)
					}
					walks++
				}
			}
		}
	}
	if walks < 1000 {
		t.Errorf("only %d walks compared", walks)
	}
}
