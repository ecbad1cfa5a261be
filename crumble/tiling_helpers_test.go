package crumble

import (
	"cmp"
	"slices"
)

// withPieces returns p with the pieces ps (in any order), a fresh hash
// and nothing else changed: for tests that set up a board by hand.
func withPieces(p Position, ps []piece) Position {
	ps = slices.SortedFunc(slices.Values(ps), func(a, b piece) int {
		return cmp.Or(cmp.Compare(a.Y(), b.Y()), cmp.Compare(a.X(), b.X()))
	})
	wf, _ := p.dims()
	p.t = newTiling(ps, wf)
	p.hash = p.computeHash()
	return p
}
