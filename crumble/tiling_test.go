package crumble

import (
	"cmp"
	"slices"
	"testing"
)

// checkStitches fails unless q's tiling is the tiling of its pieces built
// afresh: the pieces in position-code order in distinct slots, and every
// stitch naming the piece that holds its point.
func checkStitches(t *testing.T, q Position, what string) {
	t.Helper()
	var v view
	v.load(q.t)
	if !slices.IsSortedFunc(v.ps, func(a, b piece) int { return cmp.Or(cmp.Compare(a.Y(), b.Y()), cmp.Compare(a.X(), b.X())) }) {
		t.Fatalf("%s: %s: the pieces are out of order", what, code(q))
	}
	seen := map[int32]bool{}
	for _, s := range v.slot {
		if s < 0 || s >= q.t.slots || seen[s] {
			t.Fatalf("%s: %s: slot %d taken twice or out of range", what, code(q), s)
		}
		seen[s] = true
	}
	wf, hf := q.dims()
	want := stitchesOf(v.ps, nil, wf, hf)
	for i := range want {
		if v.st[i] != want[i] {
			t.Fatalf("%s: %s: piece %d (%v) has stitches %v, want %v", what, code(q), i, v.ps[i].R(), v.st[i], want[i])
		}
	}
	if fresh := withPieces(q, v.ps); !fresh.t.equal(q.t) || fresh.hash != q.hash {
		t.Fatalf("%s: %s: the tiling differs from the one built afresh", what, code(q))
	}
}

// TestTilingAfterPlay: the tiling every move leads to is the one built
// afresh from its pieces, on every move of positions along random games
// of several boards and on moves of the crowded positions.
func TestTilingAfterPlay(t *testing.T) {
	n := 0
	for _, variant := range []string{"6x6", "3x3", "4x4", "2x5", "8x8"} {
		for _, p := range randomPositions(t, variant, 2, 60) {
			checkStitches(t, p, "before")
			for i, m := range p.LegalMoves() {
				if i%3 != 0 {
					continue
				}
				checkStitches(t, p.PlayUnchecked(m), code(p)+" "+m.String())
				n++
			}
		}
	}
	for _, c := range readCrowded(t) {
		for _, m := range sampleMoves(c.p, 20) {
			checkStitches(t, c.p.PlayUnchecked(m), c.name+" "+m.String())
			n++
		}
	}
	if n < scaled(5000) {
		t.Fatalf("only %d moves checked", n)
	}
}
