// Package boardrules is the root of a module of exact, fast rule engines for
// four abstract games, three of them from Richard Rognlie's play-by-email
// server (pbmserv):
//
//   - Tumbling Down (package tumbling): stacks of men on an 8x8 board. A
//     move either steps a stack or tumbles it, spreading its men one by one
//     along a line; you win by capturing the opponent's king, the tallest
//     stack it owns. Three published rule sets and two starting layouts.
//   - FloopRail (package flooprail): English checkers redrawn on a diamond
//     of 32 spaces joined by rails. Floopers step and Fleap (jump) along
//     rails, captures are compulsory, and a Flooper reaching the far side
//     becomes a SooperFlooper. Normal and reverse (give-away) games.
//   - Terrace (package terrace): a stepped board of terraces at different
//     levels. Pieces of four sizes slide along their terrace, climb or drop a
//     level, and capture diagonally downhill; win by taking the opponent's T
//     or bringing your own T to the opposite corner. 8x8 and 6x6 boards,
//     four setups, two to four players.
//   - Crumble (package crumble): rectangles that split in halves, join into
//     larger rectangles and swap places, capturing groups they enclose; win
//     by connecting your two sides. Exact dyadic geometry, no floating point.
//
// # Choosing an engine
//
// Import the engine package of the game you need and use its types directly:
// its Position and Move are small values with no hidden state. A program that
// picks the game at run time imports the engines for their side effect and
// goes through the registry instead:
//
//	import _ "github.com/boardrules/boardrules/terrace"
//
//	g, _ := boardrules.Lookup("terrace")
//	p, _ := g.New("8-long")
//	p, err := p.Play("B-d1-d3")
//
// # The contract
//
// Every engine's Position satisfies Position[P, M]: LegalMoves and
// AppendLegalMoves (zero allocations into a buffer with room), Play (checked)
// and PlayUnchecked (for moves just generated), ParseMove (every notation
// form the game accepts), Outcome, Hash and String. Positions are immutable:
// playing a move returns a new position, so one position can be shared by
// any number of goroutines, kept as a map key, or compared with ==.
//
// Generic helpers work on any engine: Perft and Divide count move sequences
// (the standard check of a move generator), Playout plays random games, and
// Replay plays a list of moves in notation, naming the ply that fails.
//
// Errors wrap one of three sentinels, so a caller can tell them apart with
// errors.Is: ErrSyntax (not a move in this game's notation), ErrIllegalMove
// (well-formed but not legal here) and ErrGameOver (the game has ended).
//
// # Games by name
//
// Tools that choose the game at run time use Any, a type-erased position
// with moves as text. Each engine registers a GameInfo in its init; Games
// lists them, Lookup finds one, and Decode reads any engine's position code
// (a one-line text whose first word is the game's name). AsAny turns an
// engine position into an Any.
//
// # Records and histories
//
// A History keeps a game being played (the moves in canonical text, every
// position, Undo), and a Record writes it down in a PGN-like text that
// ParseRecord reads back, checking every move and the result by replaying.
package boardrules
