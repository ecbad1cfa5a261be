// Package crumble is an exact rule engine for Crumble, the game of pieces
// that split, join and swap colours.
//
// # Example
//
//	p := crumble.Standard()                  // 6x6, Black to move
//	m, err := p.ParseMove("0,1HN")           // split (0,1); its upper half swaps North
//	if err != nil { ... }                    // a *notation.ParseError or *notation.MoveError
//	p, _ = p.Play(m)                         // a new Position; the old one is unchanged
//	fmt.Print(p)                             // the board, 'B' and 'w'
//	fmt.Println(p.ColorOf(p.ToMove()))       // White
//	if o := p.Outcome(); o.Status == boardrules.Win {
//		fmt.Println(o.Reason)            // "Black connects all four sides"
//	}
//
// The package follows the module's conventions (see the boardrules package
// doc, One vocabulary). What is particular to Crumble: a move names no
// squares (it has no From, To or Captures; its pieces are rectangles named
// by staircase locations), so Move.Base tells whether it splits or joins,
// Move.SwapPath gives the directions of its swap steps, Move.Wins and
// Move.Loses whether playing it ends the game, and Position.Trace what
// each step did, captures included. Pieces are read with Piece(i)
// and Pieces (Piece.Color, Owner, X, Y, W, H) rather than At. A seat is a
// colour, in every variant: seat 0 plays Black, seat 1 White
// (Position.ColorOf, PlayerOf), whoever moves first. Moves compare with
// ==: two moves are == when they are the same move of Equal positions
// (see Decisions); a Position holds a slice, so positions compare with
// Equal only.
//
// # The rules in brief
//
// The board is a W×H rectangle (6×6 in the standard game), tiled at the
// start by unit squares in a checkerboard of Black and White. Pieces always
// tile the board exactly; every piece is a square, a wide rectangle (w = 2h)
// or a tall rectangle (h = 2w), of any size. A turn is a split or a join of
// the mover's own pieces (required, no passing), then optionally a swap
// path:
//
//   - Split: cut a piece in half along its horizontal (H) or vertical (V)
//     midline, so that both halves have legal shapes (a square gives two
//     rectangles, a rectangle two squares). One straight cut may split
//     several own pieces at once when it passes through their midlines and
//     otherwise runs only along existing edges.
//   - Join: replace a cluster of at least two own pieces that exactly fills
//     a legal-shaped rectangle by that rectangle.
//   - Swap path: a piece the split or join just created swaps colours with
//     an opponent piece that shares one full side with it, then the piece
//     reached swaps on, and so on.
//
// After every swap step, groups of one colour (pieces connected by edge or
// corner contact) that touch no side of the board are captured: they take
// the other colour, repeatedly until none is left, for both colours. Then a
// colour whose chain (pieces connected by edge contact) touches all four
// sides wins at once, whoever made the step. A step that is captured ends
// the path. The game is drawn by threefold repetition or by renewable
// iteration (both switchable), and when the side to move has no legal move.
//
// [boardrules.Outcome.Rule] names the rule that ended the game:
// [RuleConnection] ("connection", a win: Outcome.Reason "Black connects
// all four sides" or "White connects all four sides"), [RuleRepetition]
// ("repetition"), [RuleRenewableIteration] ("renewable-iteration") or
// [RuleNoMoves] ("no-moves"), the three draws. The module's "no-pieces"
// never applies: a colour that owns every piece has a chain touching all
// four sides, so it has won.
//
// A small example on the 6×6 start, Black to move. Black splits its square
// at (0,1) with an H cut and its upper half swaps North with the White
// square (0,2): the move "0,1HN". The two lower-left units of columns 0
// and 1, rows 0 to 2, as String draws them (two characters per unit):
//
//	before  after
//	wwBB    BBBB    y 2 to 3: (0,2) is Black now
//	wwBB    BBBB
//	BBww    wwww    y 3/2 to 2: the upper half is White
//	BBww    BBww    y 1 to 3/2: the lower half stays Black
//	wwBB    wwBB    y 0 to 1
//	wwBB    wwBB
//
// # Coordinates
//
// The origin is the board's lower-left corner (the 6×6 start has White on
// (0,0)), x grows East and y North, one unit is a starting square. Every
// coordinate is an exact dyadic rational: positions store integers on a
// fixed grid of 2^-E_max units with E_max = 62 − ⌈log2 max(W,H)⌉ (61 for a
// 2-unit board, 59 for 6×6 and 8×8, 57 for 17 to 32). No floating point is
// used in the rules, the notation, the hash or the position code; Coord
// reports values as num/2^exp, and Piece, Pieces, NumPieces and Location
// read the board. A split whose halves would fall off this grid is illegal
// ("too fine to represent"), and LegalMoves leaves it out.
//
// # Notation
//
// A move is a location, an action and an optional path:
//
//	0,1HN        split the piece at 0,1 with an H cut; its upper half swaps North
//	2,3VENE      V cut; the East half swaps East, then North, then East
//	0HN-E        H cut; the upper half starts a path whose first step is East
//	0,1H3        one H cut through three pieces (the anchor and the next two)
//	0,1H3-2S-W   the same; the lower half of the second piece swaps West
//	0J1,2N       join from the anchor at 0 to the corner one intersection
//	             East and then two North; the joined piece swaps North
//
// Each is legal in a 6×6 game (Example_notation plays them): 0,1HN at the
// start, 2,3VENE after 5V 3,5HS, 0HN-E after 1H, 0,1H3 after 1HN 0V,
// 0,1H3-2S-W after 3HN 1,1H and 0J1,2N after 1VW 3H.
//
// Reading a move, for example 1,8VESSS late in a 6×6 game: start at the
// board's lower-left corner, (0,0); walk East along the bottom edge past 1
// corner, then North past 8 corners (every corner of every piece on the
// way counts, so where pieces are small a short walk passes many); the walk
// ends on the lower-left corner of the piece played. V cuts it into a West
// and an East half, and ESSS is the swap path: the East half swaps East,
// then the piece it reached swaps South, three times. To write a move, walk
// to the piece's lower-left corner along the edges, East then North, counting
// corners, or take it from LegalMoves, which lists every move in this form.
//
// A staircase location c1,c2,c3,... walks legs East, North, East, ...
// from (0,0): each count is a number of intersections (piece corners on the
// leg, board corners included); only c1 may be 0. Legs must run along edges
// or the board's sides, and the end must be the lower-left corner of a
// piece. On the 6×6 start "2,1" is the square (2,1) and "3,1,1" names
// (4,1). ParseMove also reads fraction locations ("1/2, 2/3" = (W/2, 2H/3)),
// lower case, a space after a location's commas and a final "+" (threat),
// which is ignored; a "#" is pbmserv's move-number marker, refused as in
// every engine (notation.RefuseMoveNumber), and white space around a move is
// refused. Move.String gives the canonical form: the canonical location,
// upper case, no spaces, and for a single split whose path starts with its
// half's own letter the short form ("2,1HSSS", not "2,1HS-SSS"; "0HN-E"
// otherwise). A location names corners of a position, so a move is read
// by Position.ParseMove alone; its grammar does not depend on the
// position: every position, the zero Position included, refuses a text
// outside it with the same syntax error (the zero Position answers
// ErrGameOver for every move within it).
//
// Errors wrap the sentinels of package boardrules: a syntax error is a
// *notation.ParseError wrapping ErrSyntax with the byte offset; a
// well-formed move that cannot be played is a *notation.MoveError, "move:
// reason", wrapping ErrIllegalMove (or ErrGameOver once the game has ended),
// in words a player understands ("1HS: the lower half has no full-side
// neighbour to the south (step 1)" at the start, "2,1,1H: leg 3 crosses a
// piece at (2,1/2)" after 1H, "3/4,1/2H: the piece at (9/2,3) is Black's,
// not White's"). New's errors name the invalid Variant field and wrap
// ErrSyntax.
//
// # Looking into a move
//
// Move.Base tells whether a move splits or joins (StepSplit or StepJoin)
// and Move.SwapPath gives the directions of its swap steps, one letter of
// "ENSW" each. Position.Trace returns
// the steps of a move in order: the action (the pieces it removed and
// added, and the created piece the path starts from), then each swap step
// (the travelling piece, the piece it swapped with, the pieces the
// captures after it recoloured), the last step telling whether the move
// won or its travelling piece was captured. Trace replays the move through
// ParseMove and Play (the action alone, then each prefix of the path, all
// legal moves themselves) and compares the pieces, so it costs a Play per
// step and agrees with Play by construction.
//
// # Move generation
//
// LegalMoves lists bases (splits and joins) by the anchor's lower-left
// corner (y, then x); for one anchor H splits, V splits, then joins; splits
// by piece count; joins by the far corner (x, then y). For each base comes
// the move without a swap, then one shortest path for each distinct
// reachable end state (colouring and travelling piece), found by a
// breadth-first search from the created pieces (split pieces in walk order,
// halves N before S and E before W) expanding directions E, N, S, W. Every
// legal move with any path is equivalent to exactly one listed move: same
// base, same resulting position, same turn record.
//
// RandomMove (boardrules.Sampler, used by Playout and the bots' playouts)
// draws one of the moves LegalMoves lists without listing them all, in
// three uniform stages: a piece of the side to move among those that
// anchor a split or join, one of the splits and joins it anchors, then one
// of the moves LegalMoves lists for that split or join (the one without a
// swap and one per end state). Every legal move can be drawn, but not each
// with the same probability: a move of a split or join with few swap ends
// is likelier than one of a split or join with many. After 32 draws of a
// piece that anchors nothing (a side cut to its finest grid) it draws
// among all splits and joins instead. The move drawn is == to its
// LegalMoves value.
//
// # Text
//
// String draws the board top row first, each unit a k×k block of 'B' and
// 'w' (k = max(2, 2^E), E the position's exponent); past k = 16 it returns
// the position code instead. This picture keeps its own letters (the
// sources' drawing, 'B' and a lower-case 'w' that stands apart from it),
// and the zero Position prints "no game"; everything else
// names a colour in a capitalised word ("Black", "White"). SVG draws the
// pieces exactly, with the board's coordinates; SVGWith(SVGOptions{Size,
// Highlight}) sets the width in pixels and marks the move that led to the
// position, as in the other engines. MarshalText writes the position code
//
//	crumble 6x6 b W0,0,1,1 B1,0,1,1 ... B4,5,1,1 W5,5,1,1
//
// (size, side to move, pieces sorted by y then x, numbers as integers or
// irreducible dyadic fractions such as 5/2), and UnmarshalText reads it back,
// validating everything. The grammar, fields separated by single spaces
// (UnmarshalText refuses any other white space between fields, and white
// space around the code, as every engine's code does):
//
//	code    = "crumble" variant side [draw] piece {piece}
//	variant = W "x" H ["-white"] ["-repetition" | "-renewables" | "-nodraws"]
//	side    = "b" | "w"
//	draw    = "repetition" | "renewable-iteration"
//	piece   = ("B" | "W") x "," y "," w "," h
//
// The variant is written as Variant.String names it, so "-white" and the
// draw rules appear only when they differ from the default (Black first,
// both draw rules), and a draw appears only once the rules declared it:
// codes of ongoing games of a default variant are the same as before
// finished games and variants were kept. A code keeps the whole game but
// its history: a won position (a chain touching all four sides) loads as
// won, a declared draw as drawn, a side to move without a move as drawn by
// no-moves, and the decoded position starts a fresh history, so it knows
// no earlier occurrences for the draw rules (a game continued from a code
// may be drawn later than the game it came from). The zero Position, which
// is no game, has no code: MarshalText returns boardrules.ErrNoGame.
//
// # Variants
//
// Variant chooses the size (2×2 to 32×32, default 6×6), the first player
// (Black by default) and the draw rules (DrawRules: Repetition, Renewables,
// both by default, or NoDraws). Names: "6x6", "8x8", "3x5-white",
// "6x6-nodraws", "8x8-white-repetition" (ParseVariant, Variant.String):
//
//	<W>x<H>[-white][-repetition|-renewables|-nodraws], W and H from 2 to 32
//
// The game registers as "crumble" with the variants 6x6 (standard) and
// 8x8, the list Variants returns, and this grammar as its
// GameInfo.VariantSyntax: every name of it is accepted.
//
// # Decisions
//
// The sources leave these open; the specification settles them so:
//   - Boards are 2 to 32 units a side: small start positions and int64
//     headroom.
//   - Coordinates are int64 with one spare bit (the precision limit above):
//     math/big would slow every position for games nobody plays.
//   - The start square (i, j) is Black iff i + j + H − 1 is even, so the
//     upper-left square is always Black (the Java rule); with W and H both
//     odd Black has one piece more. FirstPlayer exists because the oldest
//     rules let the first player pick a colour.
//   - A side to move without a legal move draws ("no legal move"); only the
//     precision limit can cause it.
//   - Captures repeat to a fixed point, both colours at once, after every
//     step; corner contact connects groups, edge contact connects chains.
//   - Renewable iteration, formalised: each turn records A (the rectangles
//     its split removed, or the join's rectangle) and X (the final piece of
//     its path if the path left any colour changed, else none); after six
//     turns whose X are all the same rectangle and where, for each colour
//     with turns u1 < u2 < u3, A(u3) lies within A(u1) and within A(u2), the
//     game is drawn. Threefold repetition (tiling, colours, side to move)
//     takes precedence.
//   - The notation uses one fixed frame for both players, origin at the
//     lower-left corner.
//   - The canonical location has the fewest legs and, among those, the
//     lexicographically largest counts (as far East as possible first).
//   - Letters are read in either case and printed in upper case; a final
//     "+" (threat) is ignored.
//   - String uses k = max(2, 2^E) characters per unit up to 16, then the
//     position code.
//   - UnmarshalText gives the code's variant and outcome and a fresh
//     history; a won position loads as won, a declared draw as drawn (a
//     code declaring a draw the variant's rules do not have, or a draw of a
//     won position, is rejected), and a capturable group is still rejected.
//   - Seat 0 is always Black and seat 1 White, in every variant (White
//     first included): Outcome, ToMove and the position code read the same
//     way in all of them.
//   - A Move is a value of its own: what Play needs (the anchor's index,
//     the cut's length or the join's width, the piece that starts the
//     path, the path's directions), its canonical text up to the path
//     (in its own bytes; a text that does not fit, such as a path of
//     more than 64 steps, as a string, the one case in which listing
//     moves allocates), whether it wins or loses, and the hash of the
//     position it was made for. So moves of Equal positions are ==
//     however the positions were reached or decoded, a stored move
//     keeps no position alive, and Play refuses a move of any other
//     position at once (its hash differs) and checks a move whose hash
//     is this position's before playing it (see Play).
//   - Revisits make paths infinite, so move generation lists one shortest
//     path per distinct end state.
//
// Where this package departs from the specification:
//   - A final "#" (crumble-mate announced, a decision of the specification
//     where the sources define no mark) is refused, not ignored: "#" is
//     pbmserv's move-number marker in every engine of the module
//     (notation.SplitMoveNumber splits it off), so a move that carries one
//     reads the same way in every game.
//   - SVG is not the bare form of the specification (a viewBox of W×H
//     units, one rect per piece with y flipped, a stroke that does not
//     scale). Like the other engines' drawings it has a margin with the
//     coordinates, a title, a background, a pixel width and height, and
//     the pieces in a group scaled to board units with y growing North, so
//     each rect still holds the piece's exact x, y, width and height. The
//     non-scaling stroke (vector-effect) is left out because librsvg does
//     not draw it; the edge is 0.03 units instead, or an eighth of the
//     thinnest piece when that is thinner.
//
// Decisions of this package where the specification is silent:
//   - A fraction location that is off the grid or beyond the board is an
//     illegal move ("no piece's lower-left corner"), like any other point
//     that is no corner.
//   - A step with no full-side neighbour, onto an own piece, after a win or
//     after the travelling piece was captured makes the whole move illegal;
//     the error names the step.
//   - Play(m) accepts a move of this position or of an Equal one (the
//     same hash), after checking that it is legal here: the anchor is
//     the mover's, the cut or join is allowed, and the path is one the
//     listing searched or, replayed step by step, legal; so a move of
//     another position whose hash were the same could be played only
//     if it is legal here, and never makes Play panic. A move of any
//     other position is refused (ErrIllegalMove), with ParseMove's error
//     when its text does not read here, also one of a position with the
//     same pieces and side to move in another variant (the hash covers
//     the variant).
//   - A move that wins leaves the history as it was: the game is over.
//   - The zero Position is no game, as in every engine of the module; it
//     prints "no game".
//   - Equal compares the variant (size, first player, draw rules) and the
//     stored outcome besides the board and the side to move: a position
//     drawn by repetition is not Equal to its board going on. Hash covers
//     the same, with keys that are zero for the standard first player and
//     draw rules and for a game going on, so a standard game's hashes are
//     those of its board and side to move.
//   - White space is refused around a move, a variant name and a position
//     code (as strconv refuses it); inside a move only the one space after
//     a location's comma is allowed.
//   - Error texts: "leg N crosses a piece at (x,y)", "leg N runs off the
//     board at (x,y)", "no piece has its lower-left corner at (x,y)", "the
//     split line is blocked at (x,y) after K pieces", "the halves would be
//     too fine to represent", "the game was won after step N", "the
//     travelling piece was captured in step N", and so on, each after the
//     move as given.
//
// # Layout and cost
//
// A Position is a value of a few words: the variant, the side to move,
// the outcome, the hash, and pointers to its tiling (the pieces) and to
// its history (for the draw rules). Both are persistent: a move makes a
// new tiling and a new turn record that share everything the move did not
// change with the position it was played from, and nothing a position
// holds is ever written again.
//
// A tiling of up to 256 pieces is flat: its pieces in code order (y, then
// x), 24 bytes each, in one block without pointers, which a move copies
// whole. A larger tiling keeps each piece in a slot it holds from ply to
// ply, with its corner stitches (the pieces just beyond its lower-left
// and upper-right corners, as VLSI layout editors keep them), in leaves
// of eight slots under a root, the code order in chunks of 64 slots, and
// the colours in a set of bits: a move copies the root, the leaves and
// chunks it touches and the colours, a few hundred bytes and a bit a
// piece. The stitches give whatever a move needs (the pieces a cut line
// takes, the pieces under a join's rectangle, the pieces around a created
// one) by walking from a piece nearby, a step a piece, with nothing built
// for the whole position (a flat tiling's stitches are worked out in the
// working memory, below, and carried from ply to ply). The memory comes
// from slabs, and so does the turn record, which holds the new tiling's
// header: a Play allocates nothing but, now and then, a slab. Nothing
// handed out of a slab is ever written again, and the turn records of a
// slab all descend from one line of play, so that a position kept keeps
// alive the slabs of its own ancestors (with the other positions played
// beside them) and never those of unrelated games.
//
// Move generation finds the splits and joins by the stitches, then
// searches the swap paths of each on a contact graph of the position: a
// bitset graph up to 240 pieces, adjacency lists above. A pooled working
// memory, never a Position, keeps what its last calls worked out: the
// graph and the stitches of the last position it served, which a child
// just played inherits almost ready (the parent's stitches stay beside
// them, for a search that returns to it), the pieces' hash keys as Play
// works them out, and the searches of the last listing, so that
// PlayUnchecked of a move just listed reads the move's end instead of
// playing its path again. A goroutine moved to another
// processor finds another working memory and works everything out afresh,
// with the same results. The file headers of tiling.go, search.go,
// contact.go, bitgraph.go and graph.go say more.
//
// What each operation costs as the board fills, on the positions of
// testdata/crowded.txt (36 to 1,205 pieces; BENCHMARKS.md has the
// figures, their load and the commands):
//
//   - AppendLegalMoves grows with the moves it lists rather than with the
//     pieces: from a quarter of a microsecond a move at the start to
//     about one on crowded boards. It allocates nothing with room in the
//     buffer (but for a swap path of more than 64 steps). A position
//     with millions of moves takes seconds to list; LegalMovesSeq yields
//     the first move of the 3.4 M-move position below in microseconds and
//     stops when the caller does.
//   - Play checks the move in place (see Play) and costs about what
//     PlayUnchecked does: a couple of microseconds at the start, a few in
//     random games of hundreds of pieces, tens to a couple of hundred
//     when a move removes or recolours hundreds of small pieces. Neither
//     allocates but for a slab, once in dozens of plies, and for the one
//     turn in 64 that seals a run of positions (see below): its record,
//     with the run's room, and once more in 128 turns, when the run
//     merges with older ones.
//   - UnmarshalText checks the code on the position's contact graph,
//     which it works out from the stitches (a sweep up the board) in the
//     pooled working memory: tens of microseconds at the start, most of a
//     millisecond at 1,200 pieces, mostly reading the numbers. The first
//     Play of the decoded position finds that graph there, plays its path
//     on it, and costs about what a Play of a listed position does; on
//     another processor it works the stitches and the graph out again:
//     about ten microseconds at the start, up to about half a millisecond
//     at 1,200 pieces.
//   - AppendChains reads each piece once and walks its sides along the
//     stitches: linear in the pieces, about a microsecond at the start and
//     14 to 20 at 1,100 to 1,200 pieces.
//
// # Worst cases
//
// Neither the pieces nor the moves have a practical bound. Every split
// adds pieces and the grid allows halves down to 2^-E_max units (see
// Coordinates), so a board's pieces are bounded only by its area on that
// grid; and swap paths through rows of alternating colours multiply, one
// move for each distinct end. The positions of testdata/crowded.txt (its
// header says how each is made) reach:
//
//	board  position                                               pieces  legal moves
//	6x6    the start                                                  36           96
//	6x6    a random game until 400 pieces                            400        1,102
//	6x6    both players split only, until 1,150 pieces             1,165       13,880
//	6x6    bottom unit row in 1/4 squares, rows W B W W              126      187,630
//	6x6    all in 1/4 squares, rows alternately W and B              576    1,439,364
//	6x6    bottom unit row in 1/8 squares, rows W B then W           414    3,431,354
//	8x8    the start                                                  64          176
//	8x8    split only, until 1,150 pieces                          1,157       12,084
//	8x8    bottom unit row in 1/4 squares, rows W B W W              184      575,214
//	32x32  a random game until 1,100 pieces                        1,100        4,615
//	32x32  split only, until 1,200 pieces                          1,205        4,514
//	32x32  bottom unit row in 1/2 squares, rows B W                1,120    2,935,838
//
// (the constructed rows lie under the start's unit squares, Black to
// move). Random and split-only games stay below about twelve moves a piece; the
// constructed rows give thousands. A search that must not stall takes
// the moves from LegalMovesSeq and stops when its time is up.
//
// # History and concurrency
//
// The history for the draw rules is a persistent structure shared with
// every ancestor position: a parent-linked list of turn records, each with
// the position its turn led to, and runs of earlier positions sorted by
// hash. A position's occurrences are counted by walking back over the
// last 64 positions at most (a 256-bit filter of their hashes skips the
// walk unless the position may be among them) and by bisecting each run.
// Every 64 turns the recent positions are sealed into a run, and runs of
// equal size merge, so a game of n turns has at most log2(n/64)+1 runs: a
// turn costs about the same at ply 1 and ply 1000, with no path of
// pointers copied per turn as a persistent map would. A Position is an
// immutable value, safe to share between goroutines. The
// history is not part of Equal, Hash or the position code.
package crumble
