// Package bots holds game-playing bots that work on every engine of the
// module through the shared contract, boardrules.Position: a uniformly
// random bot, a greedy bot that looks two plies ahead for tactics only, a
// Monte-Carlo tree search (UCT with a solver and an evaluation) and an
// alpha-beta search. They are a working, fast starting point for bot
// writers, and the opponents of the terminal player (examples/play) and
// the arena (examples/arena).
//
//	s := bots.NewMCTS[terrace.Position, terrace.Move](bots.Options{Seed: 1, Nodes: 2000})
//	m, err := s.Choose(ctx, terrace.Standard())
//
// The bots keep their time (Options.Time, and the context's deadline and
// cancellation) on every board, however crowded: see Time.
//
// # Two levels: engine types and Any
//
// The searches run on the engine's own types, as generic code over
// boardrules.Position[P, M] (M comparable, as every engine's Move is):
// Random, Greedy, MCTS and AlphaBeta are Searcher[P, M] values. That is
// what makes them fast: positions and moves are small values, legal moves
// go into reused buffers, and nothing is allocated per playout.
//
// Programs that choose the game at run time see boardrules.Any. A Bot (made
// by New) takes one: an Any of one of the module's four engines (as the
// registry and boardrules.AsAny make them) is unwrapped and searched with
// the engine's own types, evaluation and defaults; any other Any, being a
// boardrules.Position[Any, string] itself, is searched through its text
// moves, slower and without an evaluation. The package imports the four
// engines for that, and for their evaluations; a program that links the
// bots links the engines and their registration with them.
//
// # Tactics
//
// The bots that search play a winning move when one exists and never a
// move that lets the next player win at once (a blunder: Blunder tells one)
// when another move does not; where every move does, they play the one
// that leaves the fewest winning replies. All of it as far as their time
// lets them look: a search cut short plays the best it knows of (Time).
//
// Greedy does it two plies deep and no deeper: a win, else a random safe
// move (the first safe move of a random order of the moves that go on, so
// that it tries few), else a draw, else the move with the fewest threats,
// a move that loses at once last. It has no evaluation: it is the baseline
// of tactics. When its time runs out first, it plays a move not yet found
// unsafe (one that goes on, else one not yet tried), else a draw, else the
// fewest threats among the moves counted.
//
// MCTS tries every move of the root for a win at once before searching,
// proves wins and losses inside its tree (below), and checks the move it
// is about to play (Choosing the move). Alpha-beta sees a win at once at
// depth 1 and a reply that wins at once from depth 2.
//
// # MCTS
//
// Each iteration walks down the tree choosing the child with the best upper
// confidence bound (UCT), visits one new child, plays a short random game
// from it (a playout) and credits the result to every node on the way back.
// Rewards are counted per seat, so the same code plays the three- and
// four-player games: a node's reward is from the view of the seat that made
// its move, 1 for a win, 1/players for a draw and 0 for a loss.
//
// The playouts are cut: after Options.Cut plies the game's evaluation
// scores the position, squashed into a reward (Options.Squash: the logistic
// of the score in two-player games, the softmax over the seats in games of
// three or four). A random game of Crumble runs about 100 plies where real
// games end in 15 to 35, and a random game of FloopRail may never end: a
// few random plies and an evaluation say more, and cost far less, than a
// random game to its end. Options.Cut -1 plays the playouts out, to
// Options.MaxPlies at most (a playout stopped there counts as a draw);
// NoPlayout plays none, the evaluation scoring the new node's own
// position (with the implicit minimax values below, one evaluation serves
// both).
//
// In two-player games the tree also keeps implicit minimax values
// (Lanctot, Winands, Pepels and Sturtevant, "Monte Carlo Tree Search with
// Heuristic Evaluations using Implicit Minimax Backups", 2014): a node's
// value is the squashed evaluation of its position when it is first
// visited, and then one less the best of its children's, so that the tree
// holds the minimax of its evaluations beside the means of its playouts.
// The selection weighs them, (1-w) mean + w minimax with w =
// Options.Minimax: a mean over the replies tried hides one strong reply,
// which the minimax shows. Tumbling Down's defaults weigh it 0.6: with
// 150 to 500 moves a turn, it is what lets MCTS beat alpha-beta at depth 2
// there. Crumble's weigh it 0.5 and play no playout (NoPlayout): a
// crowded Crumble turn has 500 to 2,300 moves, where a random ply says
// little of the position and costs a move drawn and played, and a search
// whose new nodes are scored by their own evaluation, backed up as
// minimax, deepens best-first where the evaluation points, with some 3.6
// times the iterations a second of playouts cut after 4 plies (Budgets
// and strength gives the games that chose it). FloopRail's and Terrace's
// defaults leave it off (Options.Minimax turns it on).
//
// A draw is worth 1/players to each seat, except in a game of two with an
// evaluation and a contempt (Options.Contempt, k): then it is worth
// 1/2 + k(1/2 - v) to the seat to move at the root, v its value of the
// root, and the rest to the other. The side that stands better plays on
// rather than take a draw, and the side that stands worse takes it. v is
// first the squashed evaluation of the root, and from the 256th iteration
// on (again at every power of two) the mean reward of the root's most
// visited unproven move: the evaluation of a position from the view of
// its side to move runs below the rewards of the search, whose playouts
// end on a move of the other side (on Crumble by some 0.3, what the move
// just made is worth), so that a side that stood even took draws it could
// have played on from. Crumble's default is 1, chosen when MCTS with a
// draw worth 1/2 drew 3 of its first 4 games on 8x8 against alpha-beta at
// depth 1 by threefold repetition.
//
// The solver (Winands, Björnsson and Saito's MCTS-Solver, on the seats'
// results): a node whose position has ended is proven, with its result; a
// node is proven won by its side to move when one child is, and proven
// when all its children are and agree (drawn when one is drawn and none
// won: the side to move takes the draw; in a game of three or four, lost
// to different seats proves nothing). When a node is listed (its moves
// made children, at its second visit) each of its moves is tried for a
// win at once, so that a move that lets the opponent win at once is proven
// lost as soon as the search comes back to it, not when it happens to try
// the winning reply. The selection leaves out children proven lost for the
// side to move; the search ends when the root is proven.
//
// # Choosing the move
//
// MCTS plays a proven win when it has one. Otherwise it ranks the root's
// moves, most visited first: a move not proven lost whose replies were all
// tried for a win at once, none winning, is safe, and the first safe move
// is played. Where the moves say whether they win (Crumble's), the search
// checks each root move so when it first visits it: the check costs one
// listing of the replies, a move that lets the opponent win at once gets
// no more iterations (in a Crumble middle game nine moves in ten, and
// more, are such moves), and the moves visited are checked whatever time
// the end leaves. The check is made at the end for a move the search has not
// checked (its replies tried for a win at once until one wins), in a tenth
// of the time budget (50 ms at most) that the search leaves it. After the
// moves tried come the moves the search never tried, in their random
// order. When the time runs out before a safe move is found, the first
// move whose check was not finished is played, a move not proven lost;
// then a move proven lost deeper but not at once; then, when every move
// lets the opponent win at once, the one that leaves the fewest winning
// replies (two plies, every move); a move that loses at once last.
//
// With a contempt (Options.Contempt), a safe move worth more than a draw
// to the side to move, by its mean, is played only when no reply draws at
// once (its replies played until one does, or the time is up): the side
// to move stands better, and the opponent, who stands worse, would take
// the draw. A search with hundreds of replies to each move may not have
// tried that reply, and so let the opponent draw by repetition. The next
// safe move by visits is played instead when it is worth more than the
// draw and has a quarter of the visits of the first at least; four such
// moves are tried at most, and then, as when none is worth more than the
// draw, the first is played.
//
// The budget is a number of iterations (Nodes), a time (Time), or both,
// whichever ends first; with the same seed and a Nodes budget only, the
// search is deterministic.
//
// The exploration constant defaults to 1.0, a little below the textbook
// √2 since rewards lie in [0, 1] and budgets are small; against random play
// 0.7 and 1.0 did alike.
//
// # The tree in memory
//
// The tree lives in slices reused from one move to the next. A node's
// children are made when it is listed, all at once and side by side in a
// random order: the selection reads them in one sweep, and the next child
// to visit is the first untried, a random one. A node keeps its position
// only once visited; most children of a wide tree never are. The selection
// keeps 1/visits and 1/√visits in each node, so that choosing among a
// hundred and fifty children costs no division and no square root.
//
// The tree is bounded to 128 MiB, counting its nodes and their positions
// (a Crumble position's pieces lie outside, in the heap). Once it is full,
// an iteration plays out from the node where the walk down stops, without
// adding a node, so a long Time budget refines the tree it has instead of
// taking all the memory; the bound does not depend on time, so a Nodes-only
// search stays deterministic.
//
// # Alpha-beta
//
// AlphaBeta is a depth-first minimax search with alpha-beta pruning and
// iterative deepening, one ply more each iteration, to Options.Depth or
// until Options.Time: a first iteration cut by the time gives the best of
// the moves it searched (the first move of its order when it searched
// none), a later one cut by the time is dropped, and none is started once
// half the time is spent.
// The moves are tried in this order: the best move the transposition table
// holds for the position (by its index in the position's listing, which
// holds for any position of that hash), the two killer moves of the ply
// (moves that cut off lately at that depth), then the rest as listed; at
// the root, the previous iteration's values, best first, from a random
// first order so that the seed chooses among moves of equal value. The
// table holds 2^17 entries (3 MiB a bot) on Hash, with the depth, the
// bound and the best move; its values are the searching seat's, so it is
// cleared (by generation) at every move. A win at ply d scores
// 10^9 - d, so the search takes the fastest win and the slowest loss;
// evaluations are clamped to ±10^8.
//
// With three or four players it searches paranoid: every other seat
// plays against the seat searching, which turns the game into a two-player
// one that alpha-beta prunes soundly (max-n, the other choice, prunes
// little and needs a score for each seat at each leaf). Paranoid is
// pessimistic: offered a sure draw or a choice left to a seat that loses
// either way, it takes the draw (TestAlphaBetaIsParanoid), where MCTS,
// counting each seat's own reward, takes the chance.
//
// # Time
//
// Every bot keeps its time: Choose (and a Bot's Move) returns within the
// budget, the earlier of Options.Time and the context's deadline, and
// soon after the context is cancelled, with the best move it has found
// by then. On the crowded test positions of every game and board size
// (TestBotsKeepTheirTime: Crumble boards up to 1,600 pieces and up to 3.4
// million moves, from the crumble package's corpus and this package's
// testdata) and on a stand-in of two million moves a turn, every move
// returns within a tenth of its budget and 20 ms, the margin the test
// holds them to; the test counts the CPU time spent past the budget, so
// that a busy machine does not fail it. Choose fails only without a move to give: when the game
// is over (boardrules.ErrGameOver), or when the context is done before the
// search begins (ctx.Err()); a search cut short by the context gives its
// move, which a caller may drop.
//
// What keeps the time:
//
//   - Every loop reads the clock (a read costs some 25 ns, as much as a
//     ply of the fastest engines): at its first step, then less often while
//     the reads come close together and more often when they do not, so
//     that it notices the end within some 200 µs of work.
//   - A Crumble position's moves come from LegalMovesSeq, a move at a time,
//     so that a listing stops at the end of the time. The small engines'
//     come from AppendLegalMoves into reused buffers: they have a few
//     hundred moves at most, and the stream through a type parameter
//     allocates.
//   - A search keeps at most 131,072 moves of the position it chooses a
//     move for and 16,384 of any other (an MCTS node's children,
//     alpha-beta's moves inside its tree): past it, a uniform sample of
//     them, or the first in the position's order inside alpha-beta's tree
//     (so that its table's move indexes hold). Only a crowded Crumble
//     board comes near it, where a second could not try more.
//   - The root's listing takes at most half the time, so that the search
//     has some; MCTS's final check of its move has a tenth (above).
//   - A move that says whether it wins at once (a method Wins() bool on
//     the move type, which a search reads instead of playing the move, as
//     Crumble's moves have) makes the scans for a win at once cost nothing
//     beside the listing; Loses() bool, that the move gives the opponent
//     the win, spares MCTS the playouts of such a move.
//
// A search without a Time budget and with a context that has no deadline
// reads no clock, so that a Nodes or Depth budget stays deterministic.
//
// # Evaluations
//
// An Evaluator scores a position for a seat. The package has one for each
// engine (TumblingEval, FloopRailEval, TerraceEval, CrumbleEval, each
// documented in its game's terms), found by EvaluatorOf; MCTS and
// AlphaBeta start with it, and SetEvaluator replaces it (EvalFunc makes a
// function one). A two-player evaluation is antisymmetric; the tests check
// that, that each allocates nothing, that each scores its symmetric start
// 0, the values of its terms on hand-made positions, and Crumble's chains
// against chains found on a grid.
//
// # Budgets and strength
//
// The defaults of each game (DefaultsOf) were chosen by measurement, on a
// 2-core virtual machine shared with other work, so that MCTS answers
// within about a second; the programs cap a default budget at
// DefaultTime. Tumbling Down's and Crumble's counts of iterations are more
// than a second's, so that the cap is the bound and a move uses its
// second. Alpha-beta's default depths answer within milliseconds, and
// within the cap on a crowded Crumble board:
//
//	game        MCTS iterations  cut  squash  minimax  contempt  depth
//	tumbling         200,000       1    4      0.6       off       2
//	flooprail         20,000       8    2      off       off       6
//	terrace          100,000       8    3      off       off       3
//	crumble           50,000     none   1      0.5        1        2
//
// Strength: 20 games a pairing, the bots taking turns to start, MCTS at
// the defaults (examples/arena, the commands, times and loads in the
// module's BENCHMARKS.md). Won-lost-drawn for MCTS, against alpha-beta at
// depth 1 and 2 and against Greedy and Random; games still running at
// 1,000 plies are counted as drawn:
//
//	game         depth 1   depth 2   greedy    random
//	tumbling     18-2-0    13-7-0    20-0-0    20-0-0
//	flooprail    20-0-0    19-0-1    20-0-0    20-0-0
//	terrace      17-0-3    16-2-2    20-0-0    20-0-0
//	crumble 6x6  20-0-0    7-11-2
//	crumble 8x8  17-1-2 (12-2-6, 11-4-5, 13-0-7, 12-2-6)
//
// (Tumbling Down's rows were measured at 20,000 iterations a move, and
// Crumble's at a load average of 2 to 16, which leaves MCTS fewer
// iterations in its second. Crumble's first 6x6 and 8x8 figures against
// depth 1 are its defaults', no playout and minimax 0.5, at a load
// average of 2.5 to 3.9 and 6.9 to 3.7 (on 6x6 with 4-ply playouts it
// went 17-2-1); the others, and the 6x6 figure against depth 2, played
// out 4 plies and weighed no minimax:
// the 6x6 rows with the root moves checked at the end of the search
// only, and a draw worth 1/2; the last two 8x8 figures with the draw's
// worth taken from the evaluation of the root, at a load average of 2 to
// 5; the two before at 0.1 to 1.2, alone on the machine, and at 13 to 7.
// Ten games a setting on the same seeds chose the defaults: on 8x8
// against depth 1, 9-0-1 with no playout and minimax 0.5, 6-1-3 with one
// ply and minimax 0.5, 7-2-1 with 4 plies and no minimax; without a
// playout a search runs some 3.6 times the iterations a second.) MCTS lost
// a game by a blunder on Crumble 6x6 and one on 8x8, at a load average
// of 8 to 13, where its final check ran out of time before it found the
// safe move; on 8x8, where it lost 5 of 40 games so in two runs with that
// check alone, the checks made as the search visits the root moves left
// it none in 40 games at a load average below 6. Its draws on 8x8 are
// draws it takes, behind by the evaluation (the module's BENCHMARKS.md).
// On 6x6 against depth 2, with the draw's worth from the search, it stood
// at 6-11-1 after 18 games, and with Crumble's defaults at 6-9-1 after 16
// and 7-4-0 after 11 in a second run;
// on 8x8 against depth 2 it lost its first 3 games, at 144 to 324 plies
// (a load average of 4 to 8), with 4-ply playouts.
// Against alpha-beta at depth 4 with Tumbling Down's material evaluation
// (TumblingMaterial), the stand-in for a 4-ply alpha-beta program, MCTS
// won 19 of 20. Crumble is where MCTS is weakest: alpha-beta at depth 2 sees
// every reply to every move through the evaluation, where MCTS's
// iterations, some ten thousand a second on 6x6, spread over 150 to 500
// moves a turn.
//
// Searchers and Bots are not safe for concurrent use: each owns its random
// source and buffers. Use one per goroutine.
package bots
