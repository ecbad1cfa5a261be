package crumble

import (
	"math/rand/v2"

	"github.com/boardrules/boardrules"
)

// RandomMove draws a legal move and reports false when the game is over.
// It implements boardrules.Sampler, which Playout and the bots use for
// playouts.
//
// The draw has two stages: a split or join of the side to move, uniformly
// among all of them (a split of n pieces counts as its own choice, and so
// does each join), then a move of that split or join, uniformly among the
// moves LegalMoves lists for it (the one without a swap path and one per
// distinct end of a swap path). So every legal move can be drawn, and the
// move returned is the very value LegalMoves holds. Only the chosen split
// or join has its swap paths searched, which is what makes a draw cheaper
// than listing every move.
func (p Position) RandomMove(r *rand.Rand) (Move, bool) {
	if p.status != boardrules.Ongoing || len(p.pieces) == 0 {
		return Move{}, false
	}
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	p.prepare(s)
	if len(s.bases) == 0 {
		return Move{}, false
	}
	s.moves = p.genBase(s, s.moves[:0], r.IntN(len(s.bases)))
	return s.moves[r.IntN(len(s.moves))], true
}
