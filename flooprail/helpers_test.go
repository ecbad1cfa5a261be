package flooprail

import "github.com/boardrules/boardrules/notation"

// pieceAt is At without the ok: Empty for an empty space or a non-space.
func (p Position) pieceAt(sq notation.Square) Piece {
	pc, _ := p.At(sq)
	return pc
}
