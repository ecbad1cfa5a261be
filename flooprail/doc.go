// Package flooprail is a rule engine for FloopRail, English checkers drawn
// on a diamond of rails, as the pbmserv help page of 2002 describes it.
//
// # Rules in brief
//
// The board is a diamond of 32 spaces in 7 rows, row 1 at the top, letters
// A to H from left to right; rails join neighbouring spaces along a row and
// along a letter column (there are no diagonal moves):
//
//	   A  B  C  D  E  F  G  H
//	1           O--O
//	            |  |
//	2        O--O--O--.
//	         |  |  |  |
//	3     O--O--O--.--.--X
//	      |  |  |  |  |  |
//	4  O--O--O--.--.--X--X--X
//	      |  |  |  |  |  |
//	5     O--.--.--X--X--X
//	         |  |  |  |
//	6        .--X--X--X
//	            |  |
//	7           X--X
//
// Each side starts with 12 Floopers (men), as shown; O moves first and the
// players alternate, with no pass. An O Flooper moves down or right, an X
// Flooper up or left; a SooperFlooper (king) moves all four ways.
//
//   - A Floop moves a piece along one rail to an empty neighbouring space.
//   - A Fleap step leaps an opposing piece on a neighbouring space to the
//     empty space just beyond it, on the same line, and captures it. After a
//     Fleap step the same piece must go on leaping while it can, and may turn
//     between steps; the whole path is one Fleap move. Leapt pieces are
//     removed when the move is complete, and no piece may be leapt twice in a
//     move. A SooperFlooper's starting space counts as empty from the start of
//     its move, so it may pass through it or end on it (a loop).
//   - Fleaps are compulsory: if any piece of the side to move can Fleap, the
//     legal moves are all its Fleap moves, any of them, not necessarily the
//     longest. Otherwise the legal moves are all its Floops.
//   - A Flooper that ends a Floop on one of its goal spaces, or lands there
//     with a Fleap step, becomes a SooperFlooper, and that ends its move at
//     once. O's goal spaces are H4 G5 F6 E7, X's are D1 C2 B3 A4.
//   - The player to move without a legal move (no pieces, or all blocked) has
//     lost: the other player, the last to complete a move, wins. In Reverse
//     FloopRail he has won instead. There are no draws: no move limit and no
//     repetition rule, so a game of lone SooperFloopers can go on for ever,
//     and playouts must be bounded by the caller.
//
// [boardrules.Outcome.Rule] says why the game ended: [RuleNoPieces]
// ("no-pieces") or [RuleNoMoves] ("no-moves", pieces but all blocked).
// [Position.SeatName] names the seats "O" (seat 0, moves first) and "X".
//
// The package follows the module's conventions (see the boardrules package
// doc, One vocabulary). What is particular to FloopRail: a [Move] is a path,
// so [Move.Path] lists its spaces, [Move.From] and [Move.To] are the first
// and the last of them (the same space for a SooperFlooper's loop), and
// [Move.Captures] the spaces leapt, in order (nil for a Floop). A side is
// a [Color], O or X, as the board text marks its pieces: a [Piece] has an
// Owner (its seat) and a Color, and [Position.ColorOf] and
// [Position.PlayerOf] go between seats and sides. A [Position] is
// comparable with ==, which
// means the same as [Position.Equal]: the board, the side to move and the
// variant, there being no repetition rule.
//
// # Example
//
//	p := flooprail.Standard()
//	m, err := p.ParseMove("C4-D4") // checked for legality in p
//	if err != nil { ... }
//	p, _ = p.Play(m)
//	fmt.Print(p)                   // the board as text
//	fmt.Println(p.LegalMoves())    // X's replies
//	fmt.Println(p.Outcome().Status) // ongoing
//
// # The checkers correspondence
//
// FloopRail is English checkers (American checkers, British draughts)
// turned 45 degrees and mirrored, with new names: Flooper = man,
// SooperFlooper = king, Floop = simple move, Fleap = jump, goal space =
// crowning square. [CheckersSquare] gives the standard checkers number
// (1-32) of each space: rails become diagonal adjacencies, O's start is
// Black's men on 1-12, X's is White's on 21-32, and the goal spaces are the
// crowning rows. So the published English-checkers perft from the start
// (7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564 ...)
// is this engine's proof, and its tests check it.
//
// # Notation
//
// A move is its path: 2 to 13 spaces joined by "-", a space being a letter
// A-H and a row 1-7 that name one of the 32 spaces, in either case on
// input: "E6-D6" (a Floop), "E6-C6" (a single Fleap over D6),
// "E6-C6-C4-C2" (three Fleap steps, over D6, C5 and C3). Two neighbouring
// spaces make a Floop, two spaces two apart on a row or letter column a
// Fleap step; a path of three or more spaces may hold Fleap steps only.
// [Move.String] writes the canonical form, upper case; the zero Move is "".
// Nothing else is accepted: no whitespace (callers trim), no other
// separator, no checkers numbers, no move-number suffix (servers strip it
// with notation.SplitMoveNumber), no more than 13 spaces (12 Fleap steps,
// one per opposing piece).
//
// A path may name a space more than once, because a SooperFlooper's loop
// returns to its start ("C3-E3-E5-C5-C3"); only a space named twice in a
// row ("E6-E6") is a syntax error, two spaces being neither neighbours nor
// two apart.
//
// [Position.ParseMove] checks the text first, whatever the position: a
// *notation.ParseError (wrapping boardrules.ErrSyntax) that names the input
// and the offset. Then it checks, as [Position.Play] does, that the game
// goes on (boardrules.ErrGameOver) and that the move is one of the legal
// moves (boardrules.ErrIllegalMove); those errors are *[notation.MoveError]
// and say what is wrong: "E6-D6: E6 holds an X Flooper, and O is to move"
// at the start, "E6-D6: D6 is occupied" when X is, "A4-B4: a Fleap is
// compulsory", "C3-E3: the Fleap must continue", "E5-G5-G3: the Flooper is
// promoted on G5, which ends its move", "C4-E4-C4: D4 is leapt twice".
//
// # Board text and position code
//
// [Position.String] draws the board as above: 14 lines, each ending in a
// newline, a header and then rows 1 to 7 with rail lines between them, the
// glyph of letter L in column 4+3(L-1), no trailing spaces, no side to
// move. '.' is an empty space, 'O' and 'X' are Floopers, '@' and '*' are
// O's and X's SooperFloopers.
//
// [Position.MarshalText] writes a one-line code, for example the start:
//
//	flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xx
//
// The grammar, fields separated by single spaces:
//
//	code    = "flooprail" variant tomove rows
//	variant = "normal" | "reverse"
//	tomove  = "o" | "x"
//	rows    = row 1 "/" ... "/" row 7      (2, 4, 6, 8, 6, 4 and 2 spaces)
//	space   = "." | "o" | "x" | "O" | "X"
//
// that is the variant, the side to move and rows 1 to 7 left to right ('.'
// empty, 'o' 'x' Floopers, 'O' 'X' SooperFloopers). [Position.UnmarshalText]
// accepts exactly that form, with at most 12 pieces a side and no Flooper
// on its own goal space, and any such board, even one that could not arise
// in play. A code holds the whole game, finished or not: it decodes to an
// Equal position (== too) with the same Outcome and Variant. There is no
// repetition rule, so nothing else decides the rest of the game. The code
// of an ended game names the side left without a move, although ToMove is
// boardrules.NoPlayer then. The zero Position has no code (MarshalText
// returns boardrules.ErrNoGame), and an empty board, which the code
// accepts, is a game that has ended with no pieces left, not the zero
// Position.
//
// # Variants
//
// [Variant] has one field: Reverse. The zero Variant is the normal game;
// Reverse is Reverse FloopRail (pbmserv's -reverse, -misere and -losing),
// where the player left without a legal move wins. Everything else,
// compulsion included, is unchanged, so perft is the same in both.
// [Variants] lists the two games, the normal one first, and [ParseVariant]
// reads their names. The game registers itself with boardrules as
// "flooprail" with the variants "normal" and "reverse".
//
// # Drawing
//
// [Position.SVG] and [Position.SVGWith] draw the position as a self-contained
// SVG document: the spaces, rails, goal spaces and pieces. [SVGOptions] sets
// the width in pixels (Size) and a move to mark (Highlight). The output is
// deterministic: equal positions and options give equal bytes.
//
// # Decisions
//
// The sources leave these open; the package decides as follows.
//
//   - Board geometry: the seed lost its whitespace; the board is the 32-space
//     diamond above, in which the space with letter L and row R exists when
//     |R-4|+1 <= L <= 8-|R-4|.
//   - Loops: a SooperFlooper's starting space is empty from the start of its
//     move, so it may pass through it or end its move on it, as in checkers.
//   - Promotion ends the move, even if the new SooperFlooper could leap on:
//     FloopRail copies pbmserv Checkers, where crowning ends the move, and a
//     Flooper on its goal space has no forward direction left.
//   - Distinct paths are distinct moves, even with the same captures and the
//     same last space (a loop run either way round), as the notation names
//     paths and the published checkers perft counts them so.
//   - Reverse game: only the winner changes; compulsion stays.
//   - Outcome reasons name the player to move: "X has no piece left" when
//     it has none, else "X has no legal move". After the end ToMove is boardrules.NoPlayer,
//     but the position code still names the player without a move, so the
//     codes of ended games are unchanged.
//   - No draws: neither a move limit nor a repetition rule.
//   - Notation: exact grammar, no whitespace, no checkers numbers, at most 13
//     spaces.
//   - Board text: the layout above is a reconstruction (FloopRail never ran
//     on pbmserv); every line ends in a newline, the last included; '@' and
//     '*' for SooperFloopers ([GlyphOSooperFlooper], [GlyphXSooperFlooper]).
//   - Position code: a Flooper on its own goal space is rejected, because it
//     would already have been promoted.
//
// Where the spec is silent, the package also decides:
//
//   - The order of LegalMoves is deterministic but not by board order:
//     Floopers' Fleap moves grouped by the direction of the first step, then
//     each SooperFlooper's paths depth first (up, right, down, left); or the
//     Floops grouped by direction. Tests compare moves as sets.
//   - Illegal-move messages other than the spec's examples: "E5 is empty",
//     "E6 holds an X Flooper, and O is to move" (a piece of the other side,
//     said before anything about its path), "an O Flooper moves only
//     down or right", "D6 is X's own piece", "there is no piece on D5 to
//     Fleap over"; a move in an ended game gives "the game is over (O has
//     no legal move)", and in the zero Position "the game is over (no
//     game)", the wordings of every engine.
//   - GameInfo.New of the registry accepts exactly "normal", "reverse" and
//     "" (the normal game).
//   - The zero Position is no game, as in every engine of the module; use
//     [New] or [Standard] for the start. Its board is empty, like the board
//     an empty-board code gives, so every position of a game carries a flag
//     the zero value lacks: the decoded empty board is a game that the
//     player to move, who has no piece, has lost (in the reverse game,
//     won), not Equal to the zero Position, and with another hash.
//
// # Speed
//
// A Position is two words, so that it goes in and out of every call in two
// registers. The first holds the pieces of the side to move (low 32 bits)
// and of the other side (high 32 bits), one bit a space, the space with
// letter L and row R at bit (L + 7R + 21) mod 32: on that layout every
// direction is a rotation by a constant (right 1, down 7, left -1, up -7),
// so the Floops or the Fleap steps of all pieces in one direction are a few
// shifts of whole bitboards, and the code of each side has its rotations as
// constants. The second word holds the SooperFloopers (low 32 bits) and
// the side to move, the variant and the game flag. A Move is two words as
// well: what PlayUnchecked applies (the bits of its first and last space in
// the low half, of the spaces it leaps in the high half) and the path that
// names it. Playing a move that neither moves nor takes a SooperFlooper nor
// crowns a Flooper, most moves, is one exclusive or of that word into the
// first, a rotation that swaps the halves (the other side moves next) and
// a flipped flag. Hash is computed when asked, from the two words (two
// 128-bit multiplications): a Zobrist hash kept up to date costs a third
// word and table lookups in every PlayUnchecked, about a fifth of the speed
// of a perft with every leaf played and hashed. AppendLegalMoves writes the
// moves of a position without Fleaps, or with single Fleap steps only, from
// a table indexed by the set bits of the target sets; only a Flooper that
// leaps on and a SooperFlooper that can leap need the depth-first search.
// AppendLegalMoves and PlayUnchecked allocate nothing.
package flooprail
