// Package bots holds game-playing bots that work on every engine of the
// module through the shared contract, boardrules.Position: a uniformly
// random bot, a greedy one-ply bot and a Monte-Carlo tree search (UCT). They
// are a working, fast starting point for bot writers, and the opponents of
// the terminal player (examples/play) and the arena (examples/arena).
//
//	s := bots.NewMCTS[terrace.Position, terrace.Move](bots.Options{Seed: 1, Nodes: 2000})
//	m, err := s.Choose(terrace.Standard())
//
// # Two levels: engine types and Any
//
// The search runs on the engine's own types, as generic code over
// boardrules.Position[P, M]: Random, Greedy and MCTS are Searcher[P, M]
// values. That is what makes the playouts fast: positions and moves are
// small values, legal moves go into a reused buffer, and nothing is
// allocated per playout.
//
// Programs that choose the game at run time only see boardrules.Any, whose
// moves are text. Go cannot instantiate a generic function for a type
// known only at run time, so the Any-level Bot (made by New) has two paths,
// and we chose to offer both rather than one:
//
//   - Fast: a program calls Register[P, M]() once per engine it links in
//     (one line, next to its import of the engine). A Bot then unwraps an
//     Any made by boardrules.AsAny (its Unwrap method) and, when the engine
//     position inside is a registered P, searches with Searcher[P, M] at
//     full speed.
//   - Universal: any other Any is searched through Text, an adapter that
//     makes any Any a boardrules.Position[Text, TextMove]. It is the same
//     generic code, so every registered engine works with no registration
//     at all, only slower (each move is parsed from text and allocates).
//
// The other design considered, MCTS over Any with a fast playout method on
// the root package's Any (as AnyPerft does for perft), would have added a
// method to the shared contract for one client, and would still have run
// the tree through text moves.
//
// # The bots
//
// Random plays a uniformly random legal move. Greedy looks one ply ahead: it
// plays a move that wins at once if there is one, avoids moves that lose at
// once (a move can end the game for the other side, as capturing one's own
// king in Tumbling Down or losing all pieces in reverse FloopRail), prefers
// a move that keeps the game going to one that draws, and chooses at random
// among equals. It does not look at the opponent's replies: that is search,
// and MCTS does it.
//
// MCTS is UCT: each iteration walks down the tree choosing the child with
// the best upper confidence bound, adds one child, plays a uniformly random
// game from it (a playout) and credits the result to every node on the way
// back. Before searching, MCTS plays a move that wins at once if there is
// one: the search would only find it, and a small budget spread over a
// hundred moves might miss it. Rewards are counted per seat, so the same code plays the three- and
// four-player games: a node's reward is from the view of the seat that made
// its move, 1 for a win, 1/players for a draw and 0 for a loss. A playout
// that reaches Options.MaxPlies is counted as a draw. The move played is the
// root's most visited child. The budget is a number of iterations (Nodes),
// a time (Time), or both, whichever ends first; with the same seed and a
// Nodes budget only, the search is deterministic. A Time budget is read
// between iterations, every 16 moves of the win-in-one scan and every 16
// plies of a playout (a playout it cuts short counts as a draw, like one
// cut by MaxPlies), so a search overruns it by at most 16 plies and the
// root's listing, even where one playout takes many times the budget (a
// large Crumble board through the text adapter); it always makes one
// iteration. The exploration
// constant defaults to 1.0, a little below the textbook √2 since rewards
// are 0 or 1 and budgets small; against random play 0.7 and 1.0 did alike.
// What mattered was the win-in-one rule: with a hundred iterations in
// Tumbling Down (some 150 moves a turn) MCTS won 66% of its games against
// random play without it, and 96% with it.
//
// The match test (MCTS against Random, 50 seeded games, both seats, at
// least 80% wins) runs on every engine. For crumble it plays the 6x6 game,
// 20 games at most, 100 iterations per move and playouts capped at 40 plies
// (Options.MaxPlies; a capped playout counts as a draw): a random 6x6 ply
// costs some 10 to 15 µs, a playout runs about 100 plies uncapped, and the cap
// keeps the match near ten seconds while MCTS still wins 19 or 20 of the
// 20 games. Under the race detector, ten times slower, it plays the 3x3
// board (every rule, shorter games) with playouts capped at 20 plies.
// Crumble's Play allocates (the new position's pieces and its history
// link), so its searches are not allocation-free and the allocation test
// pins the bot's own count (zero) on the three engines that allocate
// nothing.
//
// The tree lives in slices of nodes that are reused from one move to the
// next, each node keeping its position, so descending the tree costs no
// replaying; legal moves of all nodes share one pool. After the first few
// moves a search allocates nothing, except what an engine's Outcome
// allocates at the end of a playout.
//
// The tree is bounded to 128 MiB, counting its nodes, their positions and
// their untried moves (a Crumble position's pieces lie outside, in the
// heap). Once it is full, an iteration plays out from the node where the
// walk down stops, without adding a child, so a long Time budget refines
// the tree it has instead of taking all the memory: on this project's
// machine Tumbling Down fills it in about 7 s of thinking (some 18 MB a
// second), Crumble's 6x6 game in about half a minute. A Nodes budget
// reaches it only past some 100,000 iterations in Tumbling Down and
// 13,000 in Crumble (whose nodes hold up to hundreds of moves); the bound
// does not depend on time, so a Nodes-only search stays deterministic.
//
// Searchers and Bots are not safe for concurrent use: each owns its random
// source and buffers. Use one per goroutine.
package bots
