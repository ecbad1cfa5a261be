package crumble

import (
	"math/rand/v2"

	"github.com/boardrules/boardrules"
)

// sampleTries is how many pieces RandomMove tries before it lists every
// split and join: a miss is a piece with none, which happens only on a
// board cut to its finest grid.
const sampleTries = 32

// RandomMove draws a legal move and reports false when the game is over.
// It implements boardrules.Sampler, which Playout and the bots use for
// playouts.
//
// The draw has three stages: a piece of the side to move, uniformly among
// those that anchor at least one split or join; one of the splits and
// joins it anchors, uniformly (a split of n pieces counts as its own
// choice, and so does each join); then one of the moves LegalMoves lists
// for that split or join, uniformly (the one without a swap path and one
// per distinct end of a swap path). So every legal move can be drawn, and
// the move returned is the very value LegalMoves holds. The first stage
// draws pieces until one anchors something; after 32 misses in a row it
// draws uniformly among all splits and joins instead. Only the chosen split
// or join has its swap paths searched, which is what makes a draw much
// cheaper than listing every move.
func (p Position) RandomMove(r *rand.Rand) (Move, bool) {
	if p.status != boardrules.Ongoing || p.t == nil {
		return Move{}, false
	}
	s := acquire()
	defer scratchPool.Put(s)
	s.take(&p)
	m := p.sample(s, r)
	return m, m.resolved()
}

// sample is RandomMove in scratch s, for a game going on; the zero Move
// if the side to move has no split or join after all.
func (p *Position) sample(s *scratch, r *rand.Rand) Move {
	s.newSearches(p)
	f := p.startBases(s)
	// a uniform piece of the mover: any piece, drawn again while it is the
	// opponent's (a game going on leaves the mover about half the pieces;
	// the bound only guards against a side with next to none)
	for try, draws := 0, 0; try < sampleTries && len(s.list.bases) == 0 && draws < 64*sampleTries; draws++ {
		if i := r.IntN(len(s.last.v.ps)); s.last.v.ps[i].C() == p.turn {
			p.basesOf(s, i, &f)
			try++
		}
	}
	if len(s.list.bases) == 0 {
		if p.prepare(s); len(s.list.bases) == 0 {
			return Move{}
		}
	}
	s.list.moves = s.list.moves[:0]
	p.genBase(s, r.IntN(len(s.list.bases)), fitsBits(p.NumPieces()), false, sink{list: &s.list.moves})
	if len(s.list.moves) == 1 { // no second draw for a split or join that cannot swap
		return s.list.moves[0]
	}
	return s.list.moves[r.IntN(len(s.list.moves))]
}
