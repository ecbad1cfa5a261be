package terrace

// The pieces: their kinds, a Piece as the API gives it, and a cell, a
// piece as the board and the tables hold it.

import (
	"fmt"

	"github.com/boardrules/boardrules"
)

// Kind is the kind of a piece. Its size decides what it may capture.
type Kind int8

// The kinds. T is the key piece; it has the size of an A.
const (
	NoKind Kind = iota
	T
	A
	B
	C
	D
)

var kindSize = [8]int8{0, 1, 1, 2, 3, 4, 0, 0}

// Size is 1 for T and A, 2 for B, 3 for C, 4 for D, 0 for NoKind.
func (k Kind) Size() int { return int(kindSize[k&7]) }

// String is the upper-case letter of the kind, "" for NoKind.
func (k Kind) String() string {
	switch k {
	case NoKind:
		return ""
	case T, A, B, C, D:
		return string("TABCD"[k-1])
	}
	return fmt.Sprintf("Kind(%d)", int8(k))
}

// Piece is a piece on the board, read through Owner and Kind. The zero
// Piece is no piece: Owner() is NoPlayer and Kind() is NoKind; At returns
// it for an empty square, and Move.Taken for a move that captures
// nothing.
type Piece struct {
	c cell // 0, or kind | owner<<ownerShift
}

// Owner is the seat whose piece it is; NoPlayer for the zero Piece.
func (pc Piece) Owner() boardrules.Player {
	if pc.c&kindMask == 0 {
		return boardrules.NoPlayer
	}
	return boardrules.Player(pc.c >> ownerShift & 3)
}

// Kind is the piece's kind; NoKind for the zero Piece.
func (pc Piece) Kind() Kind { return Kind(pc.c & kindMask) }

// A cell is one square spelled out: 0 when empty, else kind | owner<<3. The
// position code, the board text, Move.Taken and the hash keys use it.
type cell = uint8

const (
	ownerShift = 3
	kindMask   = 7
)

func makeCell(owner int, k Kind) cell { return cell(k) | cell(owner)<<ownerShift }
