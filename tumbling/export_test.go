package tumbling

import "github.com/boardrules/boardrules/notation"

// HashFromScratch exposes the from-scratch hash to the external tests, which
// check that the hash kept by PlayUnchecked always equals it.
func HashFromScratch(p Position) uint64 { return p.hashFromScratch() }

// MakeMove builds any Move, even one no position lists, so that the external
// tests can check what Play and SVGWith do with it.
func MakeMove(from, to notation.Square, tumble bool) Move { return Move{from, to, tumble} }
