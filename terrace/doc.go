// Package terrace implements Terrace, the game of Siler/Siler Ventures
// (1995), as the play-by-email server pbmserv ran it: the 8x8 board
// (pbmserv's "terrace") and the 6x6 board ("terrace6x6"), the Long, Short,
// Medium and Master setups, and games of two, three and four players.
//
// # Example
//
//	p := terrace.Standard() // 8x8, Long setup, two players
//	fmt.Println(len(p.LegalMoves()), "moves for", p.SeatName(p.ToMove())) // 50 moves for Lowercase
//	m, err := p.ParseMove("d1-d3") // the kind may be left out: B-d1-d3
//	if err != nil { ... }
//	p, _ = p.Play(m)
//	fmt.Println("played", m)        // played B-d1-d3
//	fmt.Println(p.Outcome().Status) // ongoing
//	fmt.Print(p)                    // the board as pbmserv drew it
//
// Search code uses LegalMoves or AppendLegalMoves (no allocation into a
// buffer with room) and PlayUnchecked; Hash is an incremental Zobrist hash.
//
// # Conventions
//
// The package follows the module's conventions (see the boardrules package
// doc, One vocabulary). What is Terrace's own:
//
//   - A Move comes from a position (LegalMoves, AppendLegalMoves,
//     Position.ParseMove). [Move.Kind] is the kind that moves, [Move.From]
//     the square it leaves and [Move.To] the square it reaches;
//     [Move.Captures] lists the squares of what it captures, as in every
//     engine (To, or nil), and [Move.Taken] is the piece it takes there: a
//     [Piece], with its owner (the mover's own pieces may be taken too) and
//     kind, or the zero Piece (Owner NoPlayer, Kind NoKind) when the move
//     takes nothing.
//   - A Piece is read through [Piece.Owner] and [Piece.Kind]; its String is
//     its glyph ("t", "B", "c'"), "" for the zero Piece.
//   - Position is a comparable value, and == is [Position.Equal]: the
//     variant (board size, players and setup), the board and the seat to
//     move. Terrace has no repetition rule and stores no outcome, so a
//     position holds all that decides the rest of its game. Play never
//     changes its receiver, so positions may be shared between goroutines.
//   - After the end [Position.ToMove] is NoPlayer. The position keeps the
//     seat the turn passed to (see End of the game), and its code writes
//     that seat as before.
//   - The seats are named by their armies: [Position.SeatName] gives
//     "Lowercase" (seat 0), "Uppercase", "Lowercase primed" and "Uppercase
//     primed". The board text keeps pbmserv's letters.
//
// # Rules in brief
//
// The board is a landscape of terraces: every square has a level, from 1 at
// the two Low corners to N (8 or 6) at the two High corners. Each army has
// pieces of four sizes, A (smallest), B, C and D (largest; not on 6x6), and
// one T, its key piece, which has the size of an A. On his turn a player
// moves one of his pieces, in one of four ways:
//
//   - along its terrace, any distance, to an empty square of the same
//     terrace, passing over his own pieces but not over anyone else's;
//   - up one level, straight or diagonally, to an empty square;
//   - down one level, straight only, to an empty square;
//   - down one level diagonally onto a piece of the same size or smaller,
//     which is captured. Any piece may be captured this way, the mover's own
//     too, his own T included.
//
// A player wins by moving his T onto his goal square (the lowest square of
// the far side of the board) or by being the last player with a T: in a
// two-player game, taking the other T wins and taking your own T loses; in a
// game of three or four, whoever's T is taken is out, and all his pieces
// leave the board at once. A player to move who has no move at all draws
// the game for everyone.
//
// # The board
//
// Files a to h (6x6: a to f) run left to right, ranks 1 to N bottom to top,
// as in chess. The level of the square on file c and rank r (both from 0) is
// min(max(c, r), max(N-1-c, N-1-r)) + 1:
//
//	8x8   a b c d e f g h          6x6   a b c d e f
//	  8   8 7 6 5 4 3 2 1            6   6 5 4 3 2 1
//	  7   7 7 6 5 4 3 2 2            5   5 5 4 3 2 2
//	  6   6 6 6 5 4 3 3 3            4   4 4 4 3 3 3
//	  5   5 5 5 5 4 4 4 4            3   3 3 3 4 4 4
//	  4   4 4 4 4 5 5 5 5            2   2 2 3 4 5 5
//	  3   3 3 3 4 5 6 6 6            1   1 2 3 4 5 6
//	  2   2 2 3 4 5 6 7 7
//	  1   1 2 3 4 5 6 7 8
//
// A terrace is a set of same-level squares joined by orthogonal steps. Each
// level has two, in opposite quarters of the board, and each is one square
// wide: a single square, a line or an L, so a slide follows a simple path.
// On 8x8 the level-4 terraces are a4-b4-c4-d4-d3-d2-d1 and
// e8-e7-e6-e5-f5-g5-h5. The two terraces of a level touch only diagonally,
// at the centre, so no slide crosses the centre. The High corners (level N)
// are a8 and h1 (6x6: a6, f1), the Low corners (level 1) a1 and h8 (6x6: a1,
// f6); the board text marks them H and L. Position.Level gives the level of
// a square.
//
// # Armies, setups and goals
//
// Seat 0 plays the lowercase army (t a b c d), seat 1 the upper-case army
// (T A B C D), seat 2 lowercase primed (t' a' ...) and seat 3 upper case
// primed (T' A' ...); SeatName calls them Lowercase, Uppercase, Lowercase
// primed and Uppercase primed. Play is free for all: every piece not your
// own is an opponent's. Seat 0 moves first, then
// 1, 2, 3 in turn, skipping players who are out.
//
// Two-player setups (Variant.Setup): Long (the default: each army fills its
// first two ranks), Short and Medium (one rank of T, B, B, C, C, D; on 6x6
// T, B, B, C), and Master, a handicap game of lowercase's Short army against
// UPPERCASE's Long army. Seat 0 starts at the bottom and seat 1 at the top;
// seat 0's goal is h8 (6x6: f6) and seat 1's is a1.
//
// Three and four players use one layout per board, a row of T, B, B, C, C,
// D (6x6: T, B, B, C) in the middle of each edge: on 8x8 seat 0 at the bottom (goal h8), 1 on the right (goal a1), 2 at
// the top (goal a1), 3 on the left (goal h8); on 6x6 seat 0 at the bottom
// (goal f6), 1 at the top (a1), 2 on the left (f6), 3 on the right (a1).
// A three-player game leaves seat 3's squares empty. Position.Goal tells a
// seat's goal.
//
// The twelve games are named, for Variant.String, ParseVariant and the
// boardrules registry: 8-long, 8-short, 8-medium, 8-master, 8-3p, 8-4p,
// 6-long, 6-short, 6-medium, 6-master, 6-3p, 6-4p.
//
// # End of the game
//
// A move takes the piece from its square and removes any piece on the
// target square. If that piece was a T in a game of three or four, every
// other piece of the T's owner is removed too (when the mover took his own
// T, the piece that moved goes as well). The turn then passes to the next
// seat in order that still has a T; when no other seat has one, to the
// mover himself, so the seat to move always has a T (once the game is over
// ToMove is NoPlayer, but the position and its code keep that seat).
//
// Outcome checks, in this order: a T on its owner's goal wins ("T reached
// goal"); otherwise a single seat with a T wins ("T captured" with two
// players, "last player left" with more); otherwise, if the player to move
// has no legal move, the game is drawn for all ("no legal move"). There is
// no repetition rule and no move limit.
//
// [boardrules.Outcome.Rule] names the rule that ended the game: [RuleGoal]
// ("goal"), [RuleTCaptured] ("t-captured", two players), [RuleLastPlayer]
// ("last-player", three or four) or [RuleNoMoves] ("no-moves", the draw).
// The seat to move always has its T, so a game never ends for want of
// pieces, and there is no "no-pieces" rule.
//
// # Notation
//
// Moves are read in every form pbmserv accepted:
//
//	[kind "-"] square "-" square [":" kind]
//
// where a kind is T, A, B, C or D in either case, optionally followed by one
// prime (ignored), and a square is a file a-h and a rank 1-8 in either
// case: "B-d1-d3", "d1-d3", "b'-D1-D3", "d2-c1", "C-d2-c1:B". The whole
// string must match, with no spaces; a pbmserv move number ("#12") is split
// off first with notation.SplitMoveNumber. Moves are written as the kind in
// upper case, the squares in lower case and, for a capture, ":" and the
// captured kind: "B-d1-d3", "C-b4-c3:C", "T-g7-h8:T". The notation does not
// write whose piece a capture takes; the Move knows it (Move.Taken).
//
// Position.ParseMove resolves a move against the board, in this order:
// syntax (boardrules.ErrSyntax, whatever the position; a move that names
// one square twice, "d1-d1", is a syntax error); the game is over
// (boardrules.ErrGameOver); both squares on the board, the from square holds
// a piece of the player to move, a given kind matches that piece (a T must
// be written T), the move is legal, and a given ":d" names the captured kind
// (otherwise boardrules.ErrIllegalMove, as a *notation.MoveError saying what
// is wrong: "d4 is empty", "e8 is not yours", "d1 holds a B, not an A"). A
// capture may be written without ":d". The result is the complete move, and
// for every move m of LegalMoves, ParseMove(m.String()) == m.
//
// # Board text
//
// String draws the board as pbmserv did, byte for byte: walls between
// squares of different levels, H and L at the corners, the rank digits on
// the left (and, with three or four players, on the right), the file
// letters below; a piece is its letter, then a prime or a space:
//
//	  H---+---+---+---+---+---+---+---L
//	8 | D | D | C | C | B | B | A | T |
//	  +---+   +   +   +   +   +   +---+
//	7 | A   A | B | B | C | C | D   D |
//	  +---+---+   +   +   +   +---+---+
//	6 |           |   |   |           |
//	  +---+---+---+   +   +---+---+---+
//	5 |               |               |
//	  +---+---+---+---+---+---+---+---+
//	4 |               |               |
//	  +---+---+---+   +   +---+---+---+
//	3 |           |   |   |           |
//	  +---+---+   +   +   +   +---+---+
//	2 | d   d | c | c | b | b | a   a |
//	  +---+   +   +   +   +   +   +---+
//	1 | t | a | b | b | c | c | d | d |
//	  L---+---+---+---+---+---+---+---H
//	    a   b   c   d   e   f   g   h
//
// Here the common indent of four spaces is left out; every line of the real
// text starts with four or more spaces (see Example), and the last one ends
// in two spaces.
//
// # Position code
//
// MarshalText writes one line, "terrace <N> <n>p [<setup>] <tomove> <ranks>",
// the ranks from the top down separated by "/", each from file a, a piece as
// its glyph and a run of empty squares as one digit:
//
//	terrace 8 2p 0 DDCCBBAT/AABBCCDD/8/8/8/8/ddccbbaa/tabbccdd
//	terrace 6 2p short 0 1TBBC1/6/6/6/6/1cbbt1
//
// The grammar, fields separated by single spaces:
//
//	code   = "terrace" ( "8" | "6" ) ( "2p" | "3p" | "4p" ) [ setup ] tomove ranks
//	setup  = "short" | "medium" | "master"     (two players only; Long is not written)
//	tomove = "0" | "1" | "2" | "3"             (a seat with a T)
//	ranks  = rank N "/" ... "/" rank 1;  rank = { glyph | "1" ... "8" }
//
// The setup the game started from is kept in the position and its code
// (no rule depends on it), so that a game read back from its code is the
// same variant; codes of Long games are as they always were. Equal compares
// it and Hash covers it; the hashes of Long games are as they always were.
//
// UnmarshalText accepts exactly this canonical form (single spaces, maximal
// runs, nothing after the last rank), and rejects, with an error that wraps
// boardrules.ErrSyntax and names the offset: a D on 6x6; a primed piece in a
// 2-player code, or an UPPERCASE-primed piece in a 3-player one; an army with
// two T's; in a 3- or 4-player code an army with pieces but no T; a seat to
// move without a T; more than one T on its goal. Anything else is accepted,
// finished games and any material included: UnmarshalText(MarshalText(p))
// is Equal to p, with the same Outcome and Variant, for every position of a
// game. There is no repetition rule, so a code holds all that decides the
// rest of the game.
//
// # Drawing
//
// [Position.SVG] and [Position.SVGWith] draw the position as a self-contained
// SVG document: the levels, walls, corners and pieces. [SVGOptions] sets the
// width in pixels (Size) and a move to mark (Highlight). The output is
// deterministic: equal positions and options give equal bytes. The zero
// Move highlights nothing.
//
// # Layout
//
// A Position is seven fields, 56 bytes: the board as five bitboards (bit
// rank*8 + file; a 6x6 board uses the squares whose file and rank are below
// 6), the Zobrist hash, and one byte with the seat to move, the number of
// players, the board size and the setup. Three bitboards hold each square's
// kind in binary (T 1, A 2, B 3, C 4, D 5, none on an empty square), two its
// owner's seat in binary. Every set the rules ask for is a few word
// operations away: the occupied squares are the union of the kind boards, a
// seat's pieces follow from the seat boards, the T's are kind 1, and the
// pieces a piece may capture (its size or smaller) are a mask of the kind
// boards. A move clears its target square in the five boards and moves one
// bit in those of the moving piece, and a search plays and copies positions
// far more often than it reads single squares. The former layout, 64 cells
// and a set per seat in 112 bytes, cost more to copy in and out of every
// Play than the move itself; seven fields fit in the registers Go passes
// arguments and results in. (A caller still stores a result of more than
// four words to memory, and no layout of a Terrace board fits in four:
// its 64 squares take 21 states each.) The slides are looked up rather
// than walked:
// for each square, the other players' pieces on its terrace, multiplied by
// a constant found at start-up from a fixed seed, index a table of the
// squares the piece reaches in the order LegalMoves lists them. A Move is
// one word, so that the generator writes it with one store and Play reads
// its squares' indices without converting them.
//
// # Decisions
//
// The sources leave these open; the package decides:
//
//   - There are no teams: the shared letter case of seats 0 and 2 (and 1 and
//     3) is only a printing device.
//   - A three-player game leaves seat 3 (UPPERCASE primed) out.
//   - The 6x6 help page prints the left army as "t b b c'"; it is read as
//     lowercase primed throughout, mirroring the bottom army.
//   - Master is only a handicap layout; the rules are unchanged.
//   - Seat 0 (pbmserv's first userid, at the bottom) moves first in every
//     setup.
//   - The goal is the lowest square of the board edge opposite the army's
//     starting edge (pbmserv: "the lowest square on your opponent's side").
//   - Slides follow the terrace path orthogonally and never cut a corner,
//     not even the inside corner of an L; pbmserv's "cannot move across the
//     centerpoint" then holds by itself.
//   - After a move the turn passes to the next seat with a T, or back to the
//     mover when no other seat has one, so the seat to move always has a
//     T, finished games included (their code writes it; ToMove is NoPlayer).
//   - Wins come before the no-move draw; a player without a move draws the
//     game for everyone, with three or four players too. Self-capture of the
//     T is legal, and losing the T is losing.
//   - The Outcome reasons are the fixed texts "T reached goal", "T captured",
//     "last player left" and "no legal move".
//   - The move grammar is strict (no surrounding spaces; callers trim), a
//     move number is not part of a move, a move naming one square twice is
//     a syntax error, and a move that is valid notation but off the 6x6
//     board is illegal, not a syntax error.
//   - The position code has one spelling per position, names the setup only
//     when it is not Long, and accepts any position the rules stay well
//     defined on.
//   - The board text of both boards follows the 8x8 seed: right-hand rank
//     digits only with three or four players; the 6x6 help page's extra
//     letters and digits are not followed.
//
// And where the rules say nothing, this package chose:
//
//   - LegalMoves lists the pieces from a1 towards h8 (rank by rank), and for
//     each piece its slides (along the terrace one way, then the other),
//     then its steps up and down, then its captures.
//   - Play accepts a move equal (==) to one of LegalMoves, the captured
//     piece's owner included: a move of another position where the same
//     step takes another seat's piece is refused. PlayUnchecked trusts its
//     move: given one that is not legal here, it returns a position that is
//     not meaningful (it does not panic).
//   - New's errors name the Variant field and wrap boardrules.ErrSyntax, as
//     every error of the module about its input wraps a sentinel.
//     ParseVariant is case-sensitive.
//   - Hash keys come from a fixed seed, so hashes are the same in every run
//     and on every machine.
//   - The zero Position is no game, as the conventions say: it has no
//     piece, no move and no code, prints "no game", and its Players (2),
//     Variant and SeatName are the standard game's. Start from Standard,
//     New or UnmarshalText.
package terrace
