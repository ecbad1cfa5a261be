package crumble

import (
	"math/rand/v2"
	"sync"
)

// movePool lends RandomMove a move buffer, so that a playout ply allocates
// no more than AppendLegalMoves into a buffer with room does.
var movePool = sync.Pool{New: func() any { return new([]Move) }}

// RandomMove draws a legal move, each with the same probability (see the
// package doc), and reports false when the game is over. It implements
// boardrules.Sampler, which Playout and the bots use for playouts.
func (p Position) RandomMove(r *rand.Rand) (Move, bool) {
	buf := movePool.Get().(*[]Move)
	defer movePool.Put(buf)
	*buf = p.AppendLegalMoves((*buf)[:0])
	if len(*buf) == 0 {
		return Move{}, false
	}
	return (*buf)[r.IntN(len(*buf))], true
}
