package bots

import "testing"

// TestTableEntrySettles: an entry settles a search only when it is deep
// enough and its value is exact or a bound outside the window; a win's
// distance moves with the ply it is met at.
func TestTableEntrySettles(t *testing.T) {
	for _, c := range []struct {
		e           ttEntry
		depth, ply  int
		alpha, beta float64
		v           float64
		ok          bool
	}{
		{ttEntry{value: 5, depth: 3, bound: boundExact}, 3, 0, 0, 10, 5, true},
		{ttEntry{value: 5, depth: 3, bound: boundExact}, 4, 0, 0, 10, 0, false}, // too shallow
		{ttEntry{value: 5, depth: 4, bound: boundExact}, 3, 0, 0, 10, 5, true},  // deeper settles
		{ttEntry{value: 12, depth: 3, bound: boundLower}, 3, 0, 0, 10, 12, true},
		{ttEntry{value: 5, depth: 3, bound: boundLower}, 3, 0, 0, 10, 0, false}, // at least 5: could be 7
		{ttEntry{value: -2, depth: 3, bound: boundUpper}, 3, 0, 0, 10, -2, true},
		{ttEntry{value: 5, depth: 3, bound: boundUpper}, 3, 0, 0, 10, 0, false}, // at most 5: could be 3
		{ttEntry{value: winScore - 2, depth: 3, bound: boundExact}, 3, 4, 0, 10, winScore - 6, true},
		{ttEntry{value: -winScore + 2, depth: 3, bound: boundExact}, 3, 4, 0, 10, -winScore + 6, true},
	} {
		v, ok := c.e.settles(c.depth, c.ply, c.alpha, c.beta)
		if v != c.v || ok != c.ok {
			t.Errorf("%+v at depth %d ply %d in (%v, %v): %v, %v; want %v, %v", c.e, c.depth, c.ply, c.alpha, c.beta, v, ok, c.v, c.ok)
		}
	}
	// toTable and fromTable are inverses at every ply
	for _, v := range []float64{3, winScore - 7, -winScore + 7} {
		for ply := range 10 {
			if got := fromTable(toTable(v, ply), ply); got != v {
				t.Errorf("%v at ply %d comes back as %v", v, ply, got)
			}
		}
	}
}

// TestBoundOfAWindow: a search that failed low in its window stores an
// upper bound, one that failed high a lower bound, and the entry then
// settles only the searches it should: an upper bound at or below alpha,
// a lower bound at or above beta. Swapped, a failed-low value would cut
// off a search above it.
func TestBoundOfAWindow(t *testing.T) {
	for _, c := range []struct {
		v, alpha, beta float64
		want           int8
	}{{-3, 0, 10, boundUpper}, {0, 0, 10, boundUpper}, {12, 0, 10, boundLower}, {10, 0, 10, boundLower}, {4, 0, 10, boundExact}} {
		if got := boundOf(c.v, c.alpha, c.beta); got != c.want {
			t.Errorf("%v in (%v, %v): bound %d, want %d", c.v, c.alpha, c.beta, got, c.want)
		}
	}
	// A search in (0, 10) failed low with -3: the value is at most -3,
	// which settles a later search in (-1, 5) (it fails low there too)
	// and not one in (-10, -5) (the value may lie inside).
	e := ttEntry{value: -3, depth: 2, bound: boundOf(-3, 0, 10)}
	if _, ok := e.settles(2, 0, -1, 5); !ok {
		t.Error("an upper bound of -3 does not settle a search in (-1, 5)")
	}
	if v, ok := e.settles(2, 0, -10, -5); ok {
		t.Errorf("an upper bound of -3 settles a search in (-10, -5) with %v", v)
	}
}
