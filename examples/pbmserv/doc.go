// Command pbmserv is a play-by-email style game server built on the
// boardrules engines, in the manner of Richard Rognlie's pbmserv: players
// send one-line commands (by mail through a robot, or over HTTP), the
// server checks them against the rules and replies with the board.
//
//	go run ./examples/pbmserv -stdin                      # commands on stdin, SQLite in ./pbmserv.db
//	go run ./examples/pbmserv -http 127.0.0.1:8080        # POST /command, GET /games/N, the page /boards/N
//	go run ./examples/pbmserv -http :8080 -db postgres://user:pw@host/db
//
// It is meant to be read: one core (command.go parses a line, server.go
// runs it), two front doors (main.go for standard input, http.go for the
// web) and one storage interface (store.go) with an SQLite (sqlite.go) and a
// PostgreSQL (postgres.go) schema. games.go maps pbmserv's game words and
// challenge options onto the library's registry.
//
// # Commands
//
// One per line; words are separated by spaces; command words, game words
// and user ids may be in any case.
//
//	register USER PASSWORD
//	games USER                                  the boards USER plays on
//	help
//	GAME challenge USER1 USER2 [USER3 [USER4]] [options]   prints the new board's number
//	GAME move BOARD USER PASSWORD MOVE[#N]
//	GAME board BOARD[#N]
//	GAME history BOARD                          the game record
//	GAME resign BOARD USER PASSWORD
//	GAME propose BOARD USER PASSWORD draw
//	GAME accept BOARD USER PASSWORD
//	GAME reject BOARD USER PASSWORD
//
// The games and their challenge options (options may stand anywhere
// after "challenge"):
//
//	tumble      Tumbling Down. -c (or -corner): the corner layout;
//	            -classic, -boardspace: those rule sets instead of pbmserv's.
//	terrace     Terrace 8x8. -short, -medium, -long (the default), -master;
//	            three or four users give the multi-player game.
//	terrace6x6  Terrace 6x6, the same options.
//	flooprail   FloopRail. -reverse, -misere or -losing: the reverse game.
//	crumble     Crumble. -WxH: the board (default -6x6, 2 to 32 each way);
//	            -white: White moves first; -repetition, -renewables or
//	            -nodraws: the automatic draw rules (default both).
//
// Any other engine linked in is reached by its registry name, with one
// option per variant ("-8x8"). A reply is the board as the engine prints
// it, with a header naming the board, variant and players, and a last line
// saying whose move it is or how the game ended. Every error is one line,
// "error: " and the reason.
//
// # Decisions
//
// Seats. USER1 takes seat 0, USER2 seat 1, and so on, seat numbers being
// the engine's Player values: seat 0 is Black in Tumbling Down (pbmserv
// rules), O in FloopRail, the bottom army in Terrace and Black in Crumble.
// The engine decides who moves first, so in Crumble -white seat 1 does.
// One user may not take two seats of a board.
//
// Move numbers. Moves are numbered from 1 on each board. MOVE#N says "this
// is move N": the server refuses it with "wrong move number" unless the
// board has exactly N-1 moves, so a move mailed against a position that has
// changed since is never played on the new one. A move without #N is played
// on the current position. "board B#N" shows the board after N moves, #0
// being the start. A move is checked in this order: password, board,
// player, game not over, move number, turn, legality; the number comes
// before the turn so that of two racing moves the loser hears "wrong move
// number", not "not your turn".
//
// Concurrency. The core keeps no state between commands. A command that
// changes a board reads it with its version, checks everything against
// what it read, and writes it back only if the version is unchanged
// (UPDATE ... WHERE version = ?, in the same transaction as the new move);
// otherwise it starts again from the read, at most 8 times. Of two
// simultaneous moves on one board exactly one is stored, and the other,
// re-checked, gets "wrong move number" (or is played after the first, if
// it carried no number and is still legal and still its sender's turn).
// Several server processes may share one PostgreSQL database.
//
// Durability. Every change is one transaction, committed before the reply
// is written; -stdin flushes each reply as soon as it is made. SQLite runs
// with synchronous=FULL (the commit is on disk) and WAL. A board read
// replays its moves and compares the result with the stored position code:
// a board whose record and position disagree is reported as damaged and
// never played on.
//
// Passwords. Stored only as bcrypt hashes (cost 10 by default, -cost to
// change; the tests use the minimum to stay fast). bcrypt reads at most 72
// bytes, so longer passwords are refused rather than silently cut. A wrong
// user id and a wrong password get different replies: user ids are public
// anyway, on every board, and a player who mistyped deserves to know which.
// Only a board's players may move, resign or propose, and only the player
// to move may move. board, history and games need no password, as in
// pbmserv: games are public.
//
// User ids are 1 to 32 letters, digits and ". _ @ + -", starting with a
// letter or digit (a leading '-' is an option), kept in lower case.
//
// Moves are the rest of the line after the password, so Crumble's "1, 2H"
// needs no quoting. A Crumble move may end in '#' (crumble-mate announced);
// a '#' with no digits after it is therefore left to the engine rather
// than read as a move number.
//
// Draws by agreement. A proposal stands until every player has accepted it
// (then the game is drawn) or one player has rejected it; moves do not
// withdraw it, since mail players answer days apart. In three- and
// four-player Terrace everyone must accept.
//
// Resignation. With two players the other one wins. In a three- or
// four-player game the rules cannot take one army off the board, so a
// resignation ends the game for everyone, without a winner.
//
// Records. "history" prints the library's game record (boardrules.Record):
// game, variant, moves and, for an end by the rules, the Result the rules
// give. The server adds the tags Board, Event, Date, Seat0, Seat1, ... and,
// for a game ended off the board (resignation, agreed draw), Termination:
// the library vouches only for results its rules produce, so such a
// record has no Result. A variant the registry does not list (Crumble's
// "4x4") also carries its start's position code, so that any reader can
// replay the record.
//
// # Front doors
//
// -stdin reads commands from standard input, as a mail robot would feed
// them: for each command it prints the command after "> " (password
// replaced by stars), the reply, and an empty line. Empty lines and lines
// starting with '#' are skipped.
//
// -http ADDRESS serves:
//
//	POST /command    the body is a command line; the reply is text. Several
//	                 lines get the -stdin format.
//	GET  /games/N    board N as JSON: game, variant, players, moves, the
//	                 position code, the legal moves, the rules' outcome, the
//	                 result, the draw proposal, the version.
//	GET  /boards/N   board N as a web page: the engine's SVG picture (the
//	                 text board for an engine that does not draw), the legal
//	                 moves, and a form to move.
//	POST /boards/N   the form. It is pinned to the move number the page
//	                 showed, so a stale page cannot move on a changed board,
//	                 and it builds the command itself, so that no field can
//	                 smuggle in a second command.
//
// The page finds the picture through the Any's Unwrap method and an
// interface{ SVG() string } on the engine's position, so an engine gains
// pictures on the page by adding the method.
//
// # Storage
//
// -db names the store: a postgres:// or postgresql:// URL selects
// PostgreSQL, anything else is an SQLite file, created when missing. The
// schema is four tables: users (name, bcrypt hash), boards (game, variant,
// players, position code, end, draw proposal, version), seats (who plays
// where, for "games USER") and moves (board, number, canonical text). The
// queries are shared; PostgreSQL reads a board and its moves in one
// REPEATABLE READ snapshot, which SQLite's transactions are already.
//
// Dependencies, each for a reason the standard library cannot meet:
// modernc.org/sqlite (SQLite translated to Go: an embedded database with
// no cgo, so "go run" works on a machine with only Go), github.com/jackc/pgx/v5
// (the PostgreSQL driver, used through database/sql so that both stores
// share their queries) and golang.org/x/crypto (bcrypt). They live in this
// module's go.mod, not the library's.
//
// # Tests
//
// The suites run against a real SQLite file and, when
// PBMSERV_TEST_POSTGRES names a PostgreSQL database (a URL), against it
// too: a session of every command and every error, a golden -stdin
// transcript, the HTTP door, simultaneous moves on one board, random games
// on many boards from many goroutines, and a crash test that kills a child
// server with SIGKILL in the middle of a stream of moves and checks, after
// each restart, that every move that got a reply is stored and every board
// replays to its stored position. A browser test drives the page in
// headless Chromium when one is installed. ci.sh installs Chromium and
// PostgreSQL on Debian and runs them all.
package main
