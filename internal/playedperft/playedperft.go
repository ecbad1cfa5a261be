// Package playedperft counts perft with every leaf played, through the
// generic contract: the measure examples/speed compares with a chess move
// generator, and the engines' benchmarks of the same name repeat in their
// own packages. Playing the leaves (and hashing them, so that the compiler
// cannot drop the work) is what a search pays; boardrules.Perft counts the
// last ply without playing it.
package playedperft

import "github.com/boardrules/boardrules"

// Count returns the number of move sequences of depth plies from p,
// playing every one of them. bufs holds a move buffer per ply (len(bufs) >=
// depth, reused from call to call, so nothing is allocated once they have
// grown); the hashes of the leaves are folded into sink.
func Count[P boardrules.Position[P, M], M any](p P, depth int, bufs [][]M, sink *uint64) uint64 {
	moves := p.AppendLegalMoves(bufs[depth-1][:0])
	bufs[depth-1] = moves
	if depth == 1 {
		var h uint64
		for _, m := range moves {
			h ^= p.PlayUnchecked(m).Hash()
		}
		*sink ^= h
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += Count(p.PlayUnchecked(m), depth-1, bufs, sink)
	}
	return n
}
