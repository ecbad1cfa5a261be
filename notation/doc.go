// Package notation holds the pieces of move notation that the engines share:
// board squares ("e5"), the move-number suffix pbmserv appends to a move
// ("e5h5t#12"), and ParseError, the syntax error every parser returns.
//
// A Square names a square of a board of up to 26 files (a to z) and 99 ranks
// (1 to 99). Squares are read case-insensitively and written in lower case
// by String and in upper case by Upper, as pbmserv printed them:
//
//	sq, _ := notation.ParseSquare("E5")
//	fmt.Println(sq, sq.Upper(), sq.File(), sq.Rank()) // e5 E5 4 4
//
// The zero Square means "no square"; a1 is a real square and is not zero.
//
// Every error of this package's parsers is a *ParseError, which wraps
// boardrules.ErrSyntax and shows where in the input the problem is: the
// input on a line of its own after a tab and a caret under the offending
// character; ParseSquare("e5x") gives:
//
//	syntax error at offset 2: unexpected "x" after square
//		e5x
//		  ^
//
// MoveError is the other error the engines share: a well-formed move that
// cannot be played, "move: reason" ("E5-G5t: E5 is empty"), wrapping
// boardrules.ErrIllegalMove or boardrules.ErrGameOver.
//
// # Errors of a bounded size
//
// An error quotes at most MaxQuoted (64) bytes of the input that caused
// it, cut on a character boundary and followed by "..." and the input's
// length in bytes, so that a server logging the errors of what it was sent
// writes a bounded line; and it shows what was typed: printable text as it
// stands (accents included) and anything else as Go quotes it ("\t",
// "\u2028", "\xff" for a byte that is not UTF-8), never a byte as a
// Latin-1 character. ParseError's caret line, MoveError's move, Quote (for
// a text inside a reason) and QuoteAt (for the character a parser found)
// do this for every engine, and the wordings the engines share are made
// here too: Ended (a move after the end, the zero Position's included),
// ScanGame (a position code of another game), UnknownVariant and
// InvalidVariant (a variant name or value that is none), RefuseMoveNumber
// (a '#' inside a move).
package notation
