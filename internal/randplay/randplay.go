// Package randplay holds what the example programs share to play seeded
// random games over boardrules.Any: one random stream per game and variant,
// and one random legal move at a time.
package randplay

import (
	"fmt"
	"math/rand/v2"

	"github.com/boardrules/boardrules"
)

// New returns a random stream for one seed and one name (a game and
// variant, say), so that every game of a program gets a stream of its own
// and adding a game does not change the others' moves.
func New(seed uint64, name string) *rand.Rand {
	h := uint64(14695981039346656037) // FNV-1a
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return rand.New(rand.NewPCG(seed, h))
}

// Step plays a uniformly random legal move of p and returns the position
// after it and the move. ok is false, and p is returned, when the game has
// ended. An error means the engine refused a move it listed: a bug.
func Step(p boardrules.Any, r *rand.Rand) (next boardrules.Any, move string, ok bool, err error) {
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return p, "", false, nil
	}
	move = moves[r.IntN(len(moves))]
	next, err = p.Play(move)
	if err != nil {
		return p, move, false, fmt.Errorf("legal move %q refused: %w", move, err)
	}
	return next, move, true, nil
}
