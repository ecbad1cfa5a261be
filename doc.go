// Package boardrules is the root of a module of exact, fast rule engines for
// four abstract games, three of them from Richard Rognlie's play-by-email
// server (pbmserv): Tumbling Down and Terrace were played there for
// decades, and FloopRail's rules come from a help page written for it (an
// April-Fool joke that never ran there).
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
// any number of goroutines.
//
// Every engine's Position has Equal(q Position) bool. The positions of
// tumbling, flooprail and terrace are also comparable with == (and usable as
// map keys), == meaning the same as Equal; crumble's are not (its Position
// holds a slice), so compare those with Equal, or key maps by Hash or by
// the position code.
//
// Generic helpers work on any engine: Perft and Divide count move sequences
// (the standard check of a move generator), Playout plays random games, and
// Replay plays a list of moves in notation, naming the ply that fails.
//
// Errors wrap one of three sentinels, so a caller can tell them apart with
// errors.Is: ErrSyntax (not a move in this game's notation), ErrIllegalMove
// (well-formed but not legal here) and ErrGameOver (the game has ended).
//
// # One vocabulary
//
// The engine packages name the same things the same way:
//
//   - ParseMove(s) (Move, error), package-level, checks the notation only;
//     Position.ParseMove also checks that the move is legal there.
//   - A syntax error is a *notation.ParseError (it wraps ErrSyntax and shows
//     the text with a caret under the offending byte). A well-formed move
//     that cannot be played is a *notation.MoveError, whose text is
//     "move: reason" ("E5-G5t: E5 is empty") and which wraps ErrIllegalMove,
//     or ErrGameOver once the game has ended.
//   - At(sq notation.Square) (T, bool) reads the board: the stack or piece
//     on sq, and false for an empty square or one off the board (crumble,
//     whose pieces are rectangles and not squares, has Pieces and Piece(i)
//     instead).
//   - Variants() lists the package's variants, the standard game first;
//     ParseVariant reads a variant name; New(Variant) starts one and
//     Standard() is the standard game; Position.Variant tells which variant a
//     position belongs to.
//   - MarshalText and UnmarshalText read and write a one-line position code
//     whose first word is the game's name. Codes keep the whole game: for
//     every position a game reaches, finished or not, decoding its code
//     gives an Equal position with the same Outcome and Variant. (A zero
//     Position is no game: tumbling's and flooprail's, an empty board,
//     round-trip; terrace's does not marshal, and crumble's writes
//     "crumble 0x0 b", which UnmarshalText refuses.) What a code cannot hold (a
//     game's repetition history) each engine's doc names.
//   - SeatName(Player) names a seat in the game's own words ("Black",
//     "White", "O", "X", "lowercase", ...), and Outcome.Rule names the rule
//     that ended the game with an identifier that each engine exports as a
//     constant named Rule... ("king-captured", "no-moves", "goal", ...).
//   - SVG() and SVGWith(SVGOptions) draw a position.
//   - The constants Name and Title are the game's word (its name in the
//     registry, GameInfo.Name, and the first word of its codes) and its
//     name for people (GameInfo.Title): "tumbling" and "Tumbling Down".
//
// # Games by name
//
// Tools that choose the game at run time use Any, a type-erased position
// with moves as text. Each engine registers a GameInfo in its init; Games
// lists them, Lookup finds one, NewGame starts one by name (GameInfo.New(""),
// like NewGame(g, ""), is the standard game), and Decode reads any engine's
// position code (a one-line text whose first word is the game's name). An
// unknown game or variant gives an *UnknownError, which wraps ErrSyntax and
// lists what exists. AsAny turns an engine position into an Any, and
// Any.Unwrap gives the engine's own position back.
//
// # Records and histories
//
// A History keeps a game being played (the moves in canonical text, every
// position, Undo), and a Record writes it down in a PGN-like text that
// ParseRecord reads back, checking every move and the result by replaying.
package boardrules
