package terrace

// The Zobrist keys and the hash of a position from scratch; PlayUnchecked
// keeps the hash up to date move by move.

import (
	"math/bits"

	"github.com/boardrules/boardrules/internal/hashkeys"
)

// Hash is a Zobrist hash of the board size, player count, setup, every
// piece and the seat to move: all that Equal compares. It is kept up to
// date move by move. The zero Position's is 0.
func (p Position) Hash() uint64 { return p.hash }

// Zobrist keys from a fixed seed, so hashes are stable between runs.
var (
	zobrist        [64][32]uint64 // [square][cell]
	zobristToMove  [4]uint64
	zobristPass    [4]uint64    // zobristToMove of seat and seat^1: the turn passing in a 2-player game
	zobristVariant [2][5]uint64 // [geo][players]
	zobristSetup   [4]uint64    // [setup]; 0 for Long
)

func init() {
	next := hashkeys.New(0x7e77ace5eed00001).Next
	for s := range zobrist {
		for c := range zobrist[s] {
			if c&kindMask != 0 {
				zobrist[s][c] = next()
			}
		}
	}
	for i := range zobristToMove {
		zobristToMove[i] = next()
	}
	for i := range zobristPass {
		zobristPass[i] = zobristToMove[i] ^ zobristToMove[i^1]
	}
	for g := range zobristVariant {
		for n := range zobristVariant[g] {
			zobristVariant[g][n] = next()
		}
	}
	// Drawn last, and none for Long, so that the keys above do not depend
	// on them and a Long game hashes as a game with no setup at all.
	for s := Short; s <= Master; s++ {
		zobristSetup[s] = next()
	}
}

// computeHash hashes p from scratch.
func (p *Position) computeHash() uint64 {
	h := zobristVariant[p.geo()][p.players()%5] ^ zobristSetup[p.setup()&3] ^ zobristToMove[p.mover()]
	for b := p.all(); b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		h ^= zobrist[s][p.cellAt(s)&31]
	}
	return h
}
