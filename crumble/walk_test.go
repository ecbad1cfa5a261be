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
			byLocate := cutFinder{ps: p.list(), maxH: maxHeight(p.list())}
			if byGraph.g == nil {
				t.Fatal("the scratch does not hold the graph it was given")
			}
			wf, hf := p.dims()
			for i := range p.list() {
				for _, vertical := range []bool{false, true} {
					g, gAt := walkTo(nil, &byGraph, wf, hf, i, vertical, p.list()[i].C())
					l, lAt := walkTo(nil, &byLocate, wf, hf, i, vertical, p.list()[i].C())
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

// TestVerticalCutOnATallBoard: a V cut's line runs North to the board's
// North side, H high, not W wide. On 2x4, Black's column of four unit
// squares along the West side (White's fills the East) is a run of four
// pieces a V line can cut: 0V4 cuts them all, and the run gives
// 4·5/2 = 10 V splits.
func TestVerticalCutOnATallBoard(t *testing.T) {
	p := mustDecode(t, "crumble 2x4 b B0,0,1,1 W1,0,1,1 B0,1,1,1 W1,1,1,1 B0,2,1,1 W1,2,1,1 B0,3,1,1 W1,3,1,1")
	if _, err := p.ParseMove("0V4"); err != nil {
		t.Errorf("0V4: %v", err)
	}
	splits := 0
	for _, m := range p.LegalMoves() {
		if m.kind == kindV && m.steps() == 0 {
			splits++
		}
	}
	if splits != 10 {
		t.Errorf("%d V splits, want 10", splits)
	}
}
