package crumble

import (
	"testing"

	"pgregory.net/rapid"
)

// twoLegsByLineSteps is the reference of locWalk.down and twoLegs: the
// location c1,c2 of the corner (x, y), y > 0, by lineStep South again
// and again down to the bottom row, c2 the steps, c1 the corners along
// the bottom West of the line; ok is false when a step would cross a
// piece. hint is a piece whose closure holds the corner.
func twoLegsByLineSteps(w *locWalk, x, y int64, hint int) (c1, c2 int64, ok bool) {
	for y > 0 {
		if x, y, hint, ok = w.f.lineStep(x, y, dirS, hint); !ok {
			return 0, 0, false
		}
		c2++
	}
	return int64(searchPieces(w.f.ps, x, 0)), c2, true
}

// checkWalkDown compares down and twoLegs with twoLegsByLineSteps from
// every corner above the bottom row of every piece of p, and returns how
// many walks ran along edges to the bottom.
func checkWalkDown(t interface{ Fatalf(string, ...any) }, s *scratch, p Position) (down int) {
	w := s.locWalkOf(&p)
	v := &s.last.v
	for i, pc := range v.ps {
		r := pc.R()
		for k, c := range [4]pt{{r.x, r.y}, {r.x + r.w, r.y}, {r.x, r.y + r.h}, {r.x + r.w, r.y + r.h}} {
			if c.y == 0 {
				continue
			}
			type legs struct {
				c1, c2 int64
				ok     bool
			}
			var want, got legs
			want.c1, want.c2, want.ok = twoLegsByLineSteps(w, c.x, c.y, i)
			got.c1, got.c2, got.ok = w.twoLegs(c.x, c.y, i)
			if got != want {
				t.Fatalf("%s: the two legs to corner %d of piece %d, (%d,%d): twoLegs %+v, lineStep South %+v", code(p), k, i, c.x, c.y, got, want)
			}
			if k == 0 { // the lower-left corner, as appendLocation asks: from the stitch below it
				got.c1, got.c2, got.ok = w.down(c.x, c.y, v.st[i][stLB], int32(i))
				if got != want {
					t.Fatalf("%s: the two legs to piece %d's corner (%d,%d): down %+v, lineStep South %+v", code(p), i, c.x, c.y, got, want)
				}
			}
			if want.ok {
				down++
			}
		}
	}
	return down
}

// TestWalkDown: down, which walks down a line by the stitches of the two
// pieces either side of it, finds the locations that lineStep South,
// step after step, finds: from every corner of every piece, on the
// crowded positions (up to 1,205 pieces, tilings in leaves among them,
// and the constructed rows of small squares), and, at random, on the
// positions of random games on boards of every shape and on tilings cut
// into as many as 600 pieces.
func TestWalkDown(t *testing.T) {
	s := new(scratch)
	walks := 0
	for _, c := range readCrowded(t) {
		walks += checkWalkDown(t, s, c.p)
	}
	if walks < 1000 {
		t.Errorf("the crowded positions have %d corners with two legs, want at least 1,000", walks)
	}
	rapid.Check(t, func(t *rapid.T) {
		if rapid.Bool().Draw(t, "subdivided") {
			v := Variant{Width: rapid.IntRange(2, 9).Draw(t, "w"), Height: rapid.IntRange(2, 9).Draw(t, "h")}
			n := rapid.IntRange(v.Width*v.Height, 600).Draw(t, "pieces")
			checkWalkDown(t, s, subdivided(v, rapid.Uint64().Draw(t, "seed"), n))
			return
		}
		checkWalkDown(t, s, genPosition(t))
	})
}
