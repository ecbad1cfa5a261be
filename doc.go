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
//   - Crumble (package crumble): black and white rectangles that tile the
//     board. A move splits pieces in halves or joins a cluster into one,
//     then may walk a swap path on which the new piece exchanges colours
//     with its neighbours, capturing the groups it encloses; a chain of one
//     colour that touches all four sides of the board wins. Exact dyadic
//     geometry, no floating point.
//
// # Choosing an engine
//
// Import the engine package of the game you need and use its types directly:
// its Position and Move are small values with no hidden state. A program that
// picks the game at run time imports the engines for their side effect
// (import _ "github.com/boardrules/boardrules/terrace") and goes through the
// registry instead, with moves as text:
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
// What a user learns in one engine holds in the other three. These are the
// conventions; each engine's doc points here rather than restating them,
// and a test runs each of them over every engine.
//
//  1. Moves come from a position. Position.ParseMove, LegalMoves,
//     AppendLegalMoves, LegalMovesSeq and (where an engine has it)
//     RandomMove are the only
//     ways to get a Move; there is no package-level ParseMove.
//     Position.ParseMove reads every notation form the game accepts: a text
//     that is not a move in the game's notation is a syntax error whatever
//     the position (the zero Position included), then a move of an ended
//     game is ErrGameOver and any other bad move ErrIllegalMove. For every
//     m in p.LegalMoves(), p.ParseMove(m.String()) == m. Play accepts a
//     move of p or of a position Equal to p, and refuses any other with
//     ErrIllegalMove.
//  2. Moves and pieces are read through methods, never exported fields.
//     From() and To() where a move goes between squares, Captures() for
//     the squares of what a move captures, in order (FloopRail's spaces
//     leapt, Terrace's To or nil), Path() only where the path is a list of
//     squares (FloopRail's); a name means one thing with one type in every
//     engine, so Terrace's captured piece is Taken(), Crumble's direction
//     letters are SwapPath() and its split-or-join is Base(). Every piece
//     type (a Tumbling Down Stack included) has Owner() Player, which is
//     NoPlayer for its zero value; the games whose seats are marked by a
//     colour or a letter (Tumbling Down and Crumble's Black and White,
//     FloopRail's O and X) have a Color type whose constants print as the
//     seat's name, NoColor for no piece, a piece's Color(), and their
//     Positions' ColorOf(Player) and PlayerOf(Color).
//  3. After the end, ToMove() is NoPlayer, exactly when Outcome().Status !=
//     Ongoing; LegalMoves() is nil then, and AppendLegalMoves(dst) returns
//     dst unchanged.
//  4. Equal compares everything that decides the game's future except the
//     repetition history: the variant (normalised, Crumble's draw rules
//     included), the board, the side to move and a stored outcome. Equal
//     positions have equal hashes. Each engine's doc says whether its
//     Position is comparable with == as well (tumbling's, flooprail's and
//     terrace's are, == meaning Equal; crumble's holds a slice).
//  5. Variants. Variants() lists the package's variants, the standard game
//     first; ParseVariant reads a name as Variant.String writes it; New(v)
//     starts a variant and Standard() is New(Variant{}). Variant() returns
//     the variant normalised, so that ParseVariant(p.Variant().String()) ==
//     p.Variant(). Variant{} is the standard game in every engine: a field
//     at its default is 0 in the normalised Variant (New reads the default
//     spelled out too), so Standard().Variant() == Variant{}, and a program
//     reads a board's size from the position (Terrace's Size) or from
//     Variant.Size (Crumble's). The registry's names are the Strings of
//     Variants(), an Any is named by its normalised variant, and
//     GameInfo.VariantSyntax describes the names a list cannot hold
//     (Crumble's sizes and options). A name that is no variant is
//     notation.UnknownVariant's error, and a Variant value that is none
//     prints, and fails New, as notation.InvalidText writes it.
//  6. Text in. ParseMove, ParseVariant and UnmarshalText (and so Decode)
//     refuse leading or trailing white space, as strconv does: programs trim
//     what people type; a position code has exactly one space between two
//     fields. Squares are read in either case. A move that names one
//     square twice in a row ("A2-A2") is a syntax error (a FloopRail path
//     may come back to a space it left: a loop). A '#' is part of no move:
//     it starts pbmserv's move number ("e5h5t#12"), which a program splits
//     off with notation.SplitMoveNumber, and every ParseMove refuses it as
//     notation.RefuseMoveNumber does. A move text does not say its game:
//     "E2-F2" is FloopRail's first move and a legal Tumbling Down move too,
//     and each engine reads it as its own; the game is known from the
//     position, a record's Game tag or a code's first word. A position
//     code of another game is refused in one wording (notation.ScanGame).
//  7. Text out. Canonical move text keeps each game's pbmserv case:
//     Tumbling Down and FloopRail write squares in upper case ("A2-B2T",
//     "E6-D6"), Terrace in lower case ("B-d1-d3"), and so do their board
//     texts, reasons and errors. A notation.Square is one value in every
//     engine, and == compares it whatever case it was read in, so it has
//     no case of its own: String writes it in lower case and Upper in
//     upper case, and a program that prints a square of Tumbling Down or
//     FloopRail calls Upper. A syntax error is a *notation.ParseError: it
//     wraps ErrSyntax and shows the text with a caret under the offending
//     character. A well-formed move that cannot be played is a
//     *notation.MoveError, which quotes the move as given, in the case it
//     was typed, then the reason ("E5-F5T: E5 is empty"), and wraps
//     ErrIllegalMove, or ErrGameOver once the game has ended, with one
//     wording in every engine: "the game is over (" and the Outcome's
//     reason (notation.Ended).
//  8. Names. Color.String and SeatName spell a seat the same way,
//     capitalised ("Black", "White", "O", "X", "Lowercase", ...), and
//     Outcome.Reason uses those names. SeatName returns "" for a seat not in
//     the game. Programs and records show seats by name (Describe), never as
//     "seat 1"; an Outcome alone does not know the names, so its String
//     names no winner ("win: king captured on G2 (king-captured)").
//  9. Rule identifiers name the condition, and one identifier means one
//     condition in every engine (whether it wins or draws is the game's
//     rule): RuleNoPieces ("no-pieces") when the side to move has no piece
//     or stack of its own, RuleNoMoves ("no-moves") when it has some and no
//     legal move. Each engine exports its identifiers as constants whose
//     names match their values (RuleKingCaptured = "king-captured").
//  10. Zero values. An engine's zero Position is no game, the same way in
//     every engine: LegalMoves nil, ToMove NoPlayer, Outcome {Draw,
//     NoPlayer, "no game", RuleNoGame}, Play and ParseMove of a well-formed
//     move ErrGameOver ("the game is over (no game)"), MarshalText
//     ErrNoGame and String "no game\n"; its Variant(), Players() and
//     SeatName are the standard variant's. No position code decodes to it.
//     The zero Move is no move: its String is "", and Play refuses it with
//     notation.NoMove's error ("the zero Move is no move", wrapping
//     ErrIllegalMove) once it has checked that the game goes on. The zero
//     piece prints "".
//  11. Registry values are first-class: an Any is a Position[Any, string],
//     so Perft, Divide, Playout and Replay take it under the same names
//     (running the engine's own code for an Any made by AsAny); Outcome,
//     Status and GameInfo print readably with %v.
//  12. Moves as a stream. LegalMovesSeq() iter.Seq[M] yields the moves
//     LegalMoves lists, in the same order, without building the list, so
//     a caller that stops early (a search at its deadline, on a position
//     of millions of moves) pays only for the moves it took; it yields
//     nothing once the game has ended. Every engine's Position, Any and
//     the Position contract have it; on an engine's own type it allocates
//     nothing.
//  13. Errors have a bounded size. An error quotes at most 64 bytes of the
//     input that caused it, cut on a character boundary, then "..." and
//     the input's length in bytes, and shows what was typed: accents as
//     they are, anything not printable and bytes that are not UTF-8 as Go
//     quotes them, never a byte as a Latin-1 character. A server may log
//     the errors of whatever it was sent (package notation does the
//     quoting for every engine).
//
// Beyond these, the engines share more names: At(sq notation.Square) (T,
// bool) reads the board (the stack or piece on sq, and false for an empty
// square or one off the board; crumble, whose pieces are rectangles, has
// Pieces and Piece(i) instead); MarshalText and UnmarshalText read and
// write a one-line position code whose first word is the game's name, and
// for every position a game reaches, finished or not, decoding its code
// gives an Equal position with the same Outcome and Variant (what a code
// cannot hold, a game's repetition history, each engine's doc names);
// SVG() and SVGWith(SVGOptions) draw a position; the constants Name and
// Title are the game's word (GameInfo.Name and the first word of its codes)
// and its name for people (GameInfo.Title), "tumbling" and "Tumbling Down".
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
// position, Undo), and a Record writes it down as PGN: tags, the moves
// numbered by rounds, PGN's result marker ("1-0", "0-1", "1/2-1/2", "*";
// ResultMarker gives the marker of an Outcome, three- and four-seat games
// included) and a Termination saying how the game ended in words, as
// Describe says it ("White wins: king captured on G2"). ParseRecord and
// ParseRecords read records back, checking every move and the result by
// replaying.
package boardrules
