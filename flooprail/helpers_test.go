package flooprail

import (
	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// pieceAt is At without the ok: Empty for an empty space or a non-space.
func (p Position) pieceAt(sq notation.Square) Piece {
	pc, _ := p.At(sq)
	return pc
}

// The seats of O and X, for the tests that speak of seats.
const (
	seatO boardrules.Player = 0
	seatX boardrules.Player = 1
)
