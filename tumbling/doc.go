// Package tumbling is a rule engine for Tumbling Down (Michael Shuck, 2000):
// stacks of black and white men on a chess board, moved one man at a time or
// tumbled across the board, until a king falls. It plays the game as the
// pbmserv play-by-mail server did ("tumble") and also the two other
// published rule sets, so that a server or a bot can use whichever its
// players know.
//
// # The rules in brief
//
// The board has 8×8 squares, files A–H, ranks 1–8; 29 Black and 29 White men
// stand on it in stacks. A stack is its men from the bottom up, colours mixed
// freely; its owner is the colour of its top man, and only the owner may
// move from it. A turn is exactly one move; there is no pass.
//
//   - A man move takes the top man of a stack to one of the 8 neighbouring
//     squares, onto whatever stands there.
//   - A tumble lifts a whole stack of two or more men and drops them along a
//     line in one of the 8 directions, bottom man first, one man on each
//     square; when the edge comes first, the edge square takes all the men
//     left, as one unchanged sub-stack. The source square ends empty and the
//     distance follows from the height; only the direction is chosen.
//     Tumbling a single man is the man move to the neighbour (see below).
//   - A colour's kings are its pure (one-colour) stacks of the greatest
//     height. Kings are fixed at the start of each turn: a king made during
//     a move counts only from the next turn.
//   - The game is won by capturing an opponent's king, in the manner the
//     rule set defines, and lost by a player who owns no stack when his turn
//     begins ("Black has no stack left"). There are no draws.
//
// # Example
//
//	p := tumbling.Standard() // Pbmserv rules, Black to move
//	fmt.Println(len(p.LegalMoves()), "moves for", p.ColorOf(p.ToMove())) // 152 moves for Black
//	m, err := p.ParseMove("c1-c8t") // any pbmserv notation: C1-C2T
//	if err != nil { ... }           // wraps boardrules.ErrSyntax, ErrIllegalMove or ErrGameOver
//	p, _ = p.Play(m)                // a new Position; the old one is unchanged
//	fmt.Println("played", m)        // played C1-C2T
//	...
//	fmt.Println(p.Outcome().Status) // ongoing
//
// (the package's Example), and fmt.Print(p) draws the board as pbmserv
// printed it.
//
// Position satisfies boardrules.Position, so boardrules.Perft, Playout and
// Replay work on it, and the package registers itself as "tumbling" with
// boardrules.Register (import it for its side effect to use it by name).
//
// The package follows the module's conventions (see the boardrules package
// doc, One vocabulary). What is particular to Tumbling Down:
//
//   - Moves come from Position.ParseMove and LegalMoves. [Move.From] is the
//     stack a man leaves or that tumbles, [Move.To] a neighbour of it (for
//     a tumble it names only the direction), [Move.Tumble] tells the kinds
//     apart. A move captures nothing (men only change places, and a king is
//     captured by covering it), so there is no Captures. Play takes exactly
//     the moves LegalMoves lists, and the zero Move is no move.
//   - [Position.At] reads a square as a [Stack]. Its [Stack.Color] is the
//     colour of its top man and its [Stack.Owner] the seat that plays that
//     colour, which depends on the rules (seat 0 is White under Boardspace),
//     so a Stack read by At carries the colour of seat 0 of its position.
//     [Position.ColorOf] and [Position.PlayerOf] map seats and colours.
//   - Position and Move are comparable: p == q means p.Equal(q), which
//     compares the variant (rules and layout), the board, the side to move
//     and a stored result. The game has no repetition rule.
//   - Once the game has ended, ToMove is boardrules.NoPlayer and LegalMoves
//     nil, while the position code keeps the colour that would have moved
//     next ("w" after Black's winning capture), which the stored result is
//     read against.
//   - The zero Position is no game. The code of an empty board is a game,
//     not the zero Position: the side to move owns no stack and has lost.
//
// # Rule sets
//
// [Variant] chooses a rule set ([Rules]) and a starting [Layout]. Any rule
// set goes with either layout; a layout only places the first men.
//
//	                     Pbmserv (default)     Classic               Boardspace
//	moves first          Black                 Black                 White
//	Player 0 / 1         Black / White         Black / White         White / Black
//	man moves            yes                   yes                   only from a one-man stack
//	a single man a king  yes                   no (kings have 2+)    yes
//	king captured when   it holds exactly two  it is topped by the   it is no longer a king,
//	                     runs, the king's      mover and the loser   unless the loser now has
//	                     colour below and the  has no taller pure    a taller pure stack
//	                     mover's above         stack now
//	the mover loses if   never                 his own king is       his own king is no
//	                                           covered, or he has    longer one (as above)
//	                                           no king left
//	the mover also wins  the opponent owns     the opponent owns     the opponent has no pure
//	                     no stack              no stack              stack at all
//
// After each move the checks run in this order, the first that applies
// ending the game (Outcome.Reason in quotes; S is the first such square in
// the order A1, B1, …, H8):
//
//   - Pbmserv: an opponent's king now holds exactly two runs, his men below
//     and the mover's above: the mover wins, "king captured on S".
//   - Classic: (1) the opponent has no pure stack taller than his kings
//     before the move, and one of those kings is now topped by the mover:
//     the mover wins, "king captured on S" (a move that both wins and loses
//     wins); (2) one of the mover's kings is topped by the opponent: the
//     opponent wins, "own king captured on S"; (3) the mover has no pure
//     stack of 2 or more men: the opponent wins, "no king left".
//   - Boardspace: (1) the opponent has no pure stack: the mover wins,
//     "opponent has no king"; (2) the opponent has no pure stack taller than
//     his kings before the move, and one of those kings is non-empty and not
//     a king (of either colour) now: the mover wins, "king captured on S";
//     (3) as (2) for the mover's own kings: the opponent wins, "own king
//     captured on S". A mover left without a pure stack plays on (see
//     Decisions).
//
// In every rule set a king square emptied by a tumble never counts, and a
// side to move that owns no stack has lost: the other side wins, "Black has
// no stack left" (or "White ..."), naming the loser by colour.
//
// [boardrules.Outcome.Rule] names the rule that ended the game, one of
// [RuleKingCaptured] ("king-captured"), [RuleOwnKingCaptured]
// ("own-king-captured"), [RuleNoKing] ("no-king", Classic only),
// [RuleOpponentNoKing] ("opponent-no-king", Boardspace only) and
// [RuleNoPieces] ("no-pieces", the side to move owns no stack). There is no
// "no-moves": in every rule set a side that owns a stack has a legal move
// (a man move, or under Boardspace a tumble, toward any neighbour).
// [Position.SeatName] names a seat by its colour: "Black" or "White" (seat
// 0 is White under Boardspace).
//
// The corner layout (pbmserv's "-c" challenge option, the designer's own
// set-up) puts each side's 15 stacks in a corner triangle: Black's around
// H1, White's around A8. The standard layout puts them in a triangle with
// the tallest stacks on the back rank: Black's king C1 (4 men), White's F8.
//
// # Notation
//
// A move is written as pbmserv accepts it: the source square, an optional
// hyphen, a second square, and an optional kind, "T" or "t" for a tumble,
// "M" or "m" (or nothing) for a man move; squares are a file letter and a
// rank digit in either case. For a tumble the second square may be any
// square on the line (E5-H5T is E5-F5T); for a man move it must be a
// neighbour. Nothing else is accepted: no spaces, at most one hyphen, and no
// "#12" move number (split it off with notation.SplitMoveNumber). The
// canonical form, [Move.String], is upper case with a hyphen: "A2-B2T",
// "F2-G2". E5F5 and E5F5T are different moves: one man, or the whole stack.
//
// [Position.ParseMove] checks the text first (a syntax error whatever the
// position), then the move against the position, and turns a tumble of a
// one-man stack into the man move it equals.
//
// # Board text
//
// [Position.String] draws the board as pbmserv mails it, rank 8 on top, each
// square an 8-byte cell holding the stack's runs from the bottom as tokens
// ("B2 W1 B1"), at most three tokens and eight bytes to a cell line; a rank
// takes more lines when a cell needs them. [Position.Render] with [Upright]
// gives pbmserv's "set u" view, which fills a cell column by column:
//
// the stack B2 W1 B1 W2 B3 on A2, beside a W3 on C2 and a W1 on H2, is,
// with Horizontal (String),
//
//	 |W2 B3   |        |        |        |        |        |        |        |
//	2|B2 W1 B1|        |W3      |        |        |        |        |W1      |
//
// and with Upright
//
//	 |W1 W2   |        |        |        |        |        |        |        |
//	2|B2 B1 B3|        |W3      |        |        |        |        |W1      |
//
// # Position code
//
// [Position.MarshalText] writes one line that [Position.UnmarshalText] reads
// back to an equal position (==, same Hash, Outcome and Variant), finished
// or not; the zero Position, no game, has no code (boardrules.ErrNoGame):
//
//	tumbling pbmserv b ,,W1,W2,W3,W4,W3,W2/,,,W1,W2,W3,W2,W1/,,,,W1,W2,W1,/,,,,,W1,,/,,B1,,,,,/,B1,B2,B1,,,,/B1,B2,B3,B2,B1,,,/B2,B3,B4,B3,B2,B1,,
//
// The grammar, fields separated by single spaces:
//
//	code    = "tumbling" variant tomove ranks [ result ]
//	variant = "pbmserv" | "classic" | "boardspace" [ "-corner" ]
//	tomove  = "b" | "w"
//	ranks   = rank 8 "/" rank 7 ... "/" rank 1;  rank = square "," ... "," square (A to H)
//	square  = { ( "B" | "W" ) count }             (runs from the bottom; empty: nothing)
//	result  = ( "b" | "w" ) ":" ( "capture:" S | "owncapture:" S | "noking" | "oppnoking" )
//
// The variant is the variant's name: the rules word, with "-corner" for a
// game started from the corner layout (so codes of the standard layout are
// unchanged). The result is written after a stored game end ("b:capture:C2").
// UnmarshalText accepts only this canonical form and rejects boards with
// more than 29 men of a colour and results that do not fit the board or the
// rules. The game has no repetition rule, so a code holds all that decides
// the rest of the game.
//
// # Drawing
//
// [Position.SVG] and [Position.SVGWith] draw the position as a self-contained
// SVG document: the board, each stack's runs, owner and crown. [SVGOptions]
// sets the width in pixels (Size) and a move to mark (Highlight). The output
// is deterministic: equal positions and options give equal bytes.
//
// # Decisions
//
// Where the sources leave a question open, the package decides as follows.
//
//   - Players are numbered by turn order: Player 0 is the colour that moves
//     first (Black, but White under Boardspace); colours stay Black and
//     White in every text. [Position.ColorOf] and [Position.PlayerOf] map
//     between them.
//   - Classic lets Black move first, as pbmserv does (its source does not
//     say). Any rule set goes with any layout; Boardspace knows only the
//     standard one, but no rule depends on the layout.
//   - A tumble of a one-man stack is the man move to that neighbour (the same
//     position), so [Position.LegalMoves] lists only the man move and
//     Position.ParseMove returns it. Play takes a Move as it is and refuses
//     the tumble of one man (no position lists it) with ErrIllegalMove,
//     naming the man move; PlayUnchecked plays it as the man move.
//   - [Position.LegalMoves] lists the mover's stacks in square order (A1, B1,
//     …, H8), for each its man moves and then its tumbles, each toward the
//     neighbours in square order (SW, S, SE, W, E, NW, N, NE).
//   - Under Pbmserv a lone man can be a king: pbmserv never excludes it, and
//     its own examples of good captures include a one-man king.
//   - Classic's "capture" is the king's square getting the other colour on
//     top (covering changes the owner); the taller-king exception applies only
//     to the mover's win, not to losing his own king.
//   - When several kings fall at once, the reason names the first square.
//   - A player who owns no stack when his turn begins has lost ("Black has
//     no stack left", RuleNoPieces); owning a stack always gives a move.
//     This holds for decoded positions too: the code of an empty board
//     decodes to a game that the side to move has lost. The zero Position,
//     which no code decodes to, is no game.
//   - A result that depends on the kings before the move (a capture, no king
//     left) is stored in the position and in its code; the loss of a side
//     owning no stack is always derived from the board. An ended position
//     holds the final board, and its code the other side to move; ToMove is
//     boardrules.NoPlayer, LegalMoves nil, and Play and Position.ParseMove
//     return boardrules.ErrGameOver.
//   - There are no draws: no move limit and no repetition rule. Agreed draws
//     and resignation belong to the server.
//   - The move grammar is strict (callers trim), and a move that exists in no
//     position (the same square twice, a tumble off its line, a man move to
//     a square that is no neighbour) is a syntax error, whatever the
//     position.
//   - The board text ends every line with "\n" and no "\r", and draws only
//     the board (no flipped view, names, turn or result). A cell line holds
//     at most three tokens and eight bytes, so counts of 10 or more take
//     fewer tokens to a line and cells never widen; the number of lines is
//     chosen per rank, so ranks of one-line cells look exactly like pbmserv's
//     diagrams. Any Style other than Upright draws Horizontal.
//   - A position code spells each position one way (no two adjacent runs of
//     one colour, no leading zeros), so codes can serve as keys; boards with
//     fewer than 29 men of a colour are accepted for tests and puzzles.
//   - The layout constants are StandardLayout and CornerLayout, because
//     Standard is the function that returns the standard start.
//     No rule depends on the layout, but a position and its code remember it,
//     so that [Position.Variant] and a decoded code name the variant the game
//     was started as. Variant names are the rules word with "-corner" for the
//     corner layout.
//   - Boardspace's "no king left" loss (the mover owns no pure stack after
//     his own move) is not applied. Checked move for move against
//     Boardspace's own program, it marks kings after a move while the square
//     the mover just left still counts as a one-man stack of his colour, so
//     that loss never fires there; the mover loses only when one of his
//     kings from the start of the turn is still occupied and no longer a
//     king. The Boardspace rule set exists to replay Boardspace's games, so
//     it follows the program: from ",,,,,,,W2/.../B1,B1W1,,,,,," with Black
//     to move, A1-B1 leaves Black without a pure stack and White to move.
//     Classic keeps the loss.
//
// And where the rules say nothing:
//
//   - [New] returns an error wrapping boardrules.ErrSyntax for a Variant out
//     of range; [ParseVariant] likewise for an unknown name.
//   - Play and Position.ParseMove return a [*notation.MoveError] for a well-formed
//     move that cannot be played ("E5-F5T: E5 is empty", "F8-F7T: F8
//     belongs to White", "F8-F7: only tumbles (F8 holds 4 men)"); it wraps
//     boardrules.ErrIllegalMove or ErrGameOver. Syntax errors are
//     *notation.ParseError values that wrap boardrules.ErrSyntax and point at
//     the offending byte.
//   - PlayUnchecked on a move that is not legal returns an unspecified
//     position but never panics.
//   - [Position.Hash] is a Zobrist hash with one key per square, height level
//     and colour of a man, plus keys for the rules, the layout, the side to
//     move, the stored result and being a game at all; every move updates it
//     incrementally. So it covers all that Equal compares: positions with the
//     same board that differ in Equal hash apart (but for a collision). Keys
//     come from a fixed seed, so hashes are the same in every run and build;
//     the zero Position hashes to 0.
//
// # Speed
//
// A Position is a comparable value of 128 bytes, two cache lines, because a
// search copies it for every move it plays: copying and the moves' work
// share the time, and 576 bytes (a packed word per square) cost more to
// copy than the move itself. A game has at most 58 men, so the colours of
// all of them fit one word: the men are numbered square after square from
// A1, each stack from the bottom up, and bit n is 1 when man n is White.
// The height of each square is a byte, eight to a word per rank, and a word
// holds the number of men on each rank; where a square's men begin in the
// word of colours is the sum of the ranks below and of the squares to its
// left, which one multiplication adds up. A man move takes one bit out of
// the word and puts it back after To's men; a tumble takes its stack's
// bits out and puts them back along its line, one on each square and the
// rest on the edge square. Bitboards of the
// owners (the top men's colours), the pure stacks and the kings, the kings'
// heights and a Zobrist hash are kept up to date square by square, so that
// listing the moves walks the mover's stacks only and the kings are
// recounted only when a move touches one or makes a stack as tall as they
// are. AppendLegalMoves (into a buffer with room) and PlayUnchecked
// allocate nothing; Play and Position.ParseMove allocate nothing either on
// a legal move. See BENCHMARKS.md in the module root.
package tumbling
