package crumble

import (
	"maps"
	"testing"
)

// locate, the reference of view.find, returns the index of the piece that holds the points just beside
// (px, py) on the given side: east means just right of px, north just above
// py. It returns -1 when there is none (outside the board). maxH is the
// greatest piece height: pieces lower than py-maxH cannot hold the point,
// and the pieces are sorted by y, so the search starts above them.
func locate(ps []piece, maxH, px, py int64, east, north bool) int {
	lo, hi := 0, len(ps)
	for lo < hi { // first piece with y >= py-maxH
		m := int(uint(lo+hi) >> 1)
		if ps[m].Y() < py-maxH {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for i := lo; i < len(ps); i++ {
		r := ps[i].R()
		if r.y > py {
			break
		}
		if north {
			if !(r.y <= py && py < r.y+r.h) {
				continue
			}
		} else if !(r.y < py && py <= r.y+r.h) {
			continue
		}
		if east {
			if r.x <= px && px < r.x+r.w {
				return i
			}
		} else if r.x < px && px <= r.x+r.w {
			return i
		}
	}
	return -1
}

// maxHeight returns the greatest height of the pieces.
func maxHeight(ps []piece) int64 {
	var m int64
	for i := range ps {
		m = max(m, ps[i].H())
	}
	return m
}

// TestStitchQueries: the queries the stitches answer agree with brute
// force on random positions of several boards: the piece beside every
// corner of every piece on each side (view.find, from that piece and
// from one far away), every full-side neighbour (view.fullSide), and the
// pieces touching each piece (view.touching).
func TestStitchQueries(t *testing.T) {
	queries := 0
	for _, variant := range []string{"3x3", "6x6", "4x7", "2x5"} {
		for _, p := range randomPositions(t, variant, 3, 40) {
			var v view
			wf, hf := p.dims()
			v.load(p.t, wf, hf)
			ps := p.list()
			maxH := maxHeight(ps)
			ref := refBoard{ps: ps, wf: wf, hf: hf}
			for i, pc := range ps {
				r := pc.R()
				for _, c := range [4]pt{{r.x, r.y}, {r.x + r.w, r.y}, {r.x, r.y + r.h}, {r.x + r.w, r.y + r.h}} {
					for q := range 4 {
						east, north := q&1 != 0, q&2 != 0
						want := locate(ps, maxH, c.x, c.y, east, north)
						for _, hint := range []int32{int32(i), int32(len(ps) - 1 - i)} {
							if got := v.find(c.x, c.y, east, north, hint, wf, hf); int(got) != want {
								t.Fatalf("%s: the piece beside (%d,%d) east %v north %v from %d is %d, want %d", code(p), c.x, c.y, east, north, hint, got, want)
							}
							queries++
						}
					}
				}
				for d := range 4 {
					if got, want := v.fullSide(int32(i), d), ref.fullSide(i, dirLetters[d]); int(got) != want {
						t.Fatalf("%s: piece %d's full-side neighbour %c is %d, want %d", code(p), i, dirLetters[d], got, want)
					}
				}
				want := map[int32]bool{}
				for j, q := range ps {
					if touch, edge := touches(r, q.R()); j != i && touch {
						want[int32(j)] = edge
					}
				}
				got := map[int32]bool{}
				for _, a := range v.touching(nil, int32(i), wf, hf) {
					j := a >> 1
					if _, dup := got[j]; dup {
						t.Fatalf("%s: piece %d touches %d twice", code(p), i, j)
					}
					got[j] = a&1 != 0
				}
				if !maps.Equal(got, want) {
					t.Fatalf("%s: piece %d touches %v, want %v", code(p), i, got, want)
				}
			}
		}
	}
	if queries < 10000 {
		t.Errorf("only %d queries compared", queries)
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
