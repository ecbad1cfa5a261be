package terrace

// A Move and how its one word holds the kind, the squares and the capture.

import (
	"github.com/boardrules/boardrules/notation"
)

// Move is one move of a position, as LegalMoves, AppendLegalMoves and
// Position.ParseMove give it: the kind that moves, its two squares and the
// piece it captures. Moves come only from a position; the zero Move is no
// move.
type Move struct {
	// One word, so that a move travels in a register and the generator
	// writes it with one store: the kind (bits 0-7), the captured cell
	// (bits 8-15), the from and to squares as notation.Square holds them,
	// file+1 and rank+1 (bits 16-31 and 32-47), and their board indices
	// (bits 48-53 and 56-61), which PlayUnchecked reads.
	v uint64
}

// The bits of Move.v.
const (
	moveCaptured  = 8
	moveFrom      = 16
	moveTo        = 32
	moveFromIndex = 48
	moveToIndex   = 56
)

// newMove builds the move of kind k from from to to, capturing the piece
// of cell captured (0 for none).
func newMove(k Kind, from, to notation.Square, captured cell) Move {
	return Move{uint64(uint8(k)) | uint64(captured)<<moveCaptured | squareBits(from, moveFrom, moveFromIndex) | squareBits(to, moveTo, moveToIndex)}
}

// squareBits is square s in a Move's bits: as notation.Square holds it at
// bit at, and its index (folded into 0-63 when it is off the 8x8 board, as
// no position makes such a move) at bit index.
func squareBits(s notation.Square, at, index uint) uint64 {
	return uint64(s.File()+1)<<at | uint64(s.Rank()+1)<<(at+8) | uint64(squareIndex(s))<<index
}

// moveSquare reads back a square that squareBits stored at bit at.
func moveSquare(v uint64, at uint) notation.Square {
	return notation.SquareAt(int(v>>at&0xff)-1, int(v>>(at+8)&0xff)-1)
}

// Kind is the kind of the piece that moves (T for the T); NoKind for the
// zero Move.
func (m Move) Kind() Kind { return Kind(int8(m.v)) }

// From is the square the piece leaves.
func (m Move) From() notation.Square { return moveSquare(m.v, moveFrom) }

// To is the square the piece goes to, where it captures what stands there.
func (m Move) To() notation.Square { return moveSquare(m.v, moveTo) }

// Captures lists the squares of the pieces the move captures, as in every
// engine: To when it takes a piece there, else nil. Taken says which piece.
func (m Move) Captures() []notation.Square {
	if m.Taken() == (Piece{}) {
		return nil
	}
	return []notation.Square{m.To()}
}

// Taken is the piece the move captures on To: its owner (the mover's own
// pieces may be captured too) and kind. It is the zero Piece (Owner()
// NoPlayer, Kind() NoKind) when the move captures nothing.
func (m Move) Taken() Piece { return Piece{cell(m.v >> moveCaptured)} }
