// Command pbmserv is a play-by-email style game server built on the
// boardrules engines, in the manner of Richard Rognlie's pbmserv: players
// send one-line commands (by mail through a robot, or over HTTP), the
// server checks them against the rules and replies with the board.
//
//	go run ./examples/pbmserv -stdin                      # commands on stdin, SQLite in ./pbmserv.db
//	go run ./examples/pbmserv -http 127.0.0.1:8080        # POST /command, GET /games/N, the page /boards/N
//	go run ./examples/pbmserv -http :8080 -db postgres://user:pw@host/db
//	go run ./examples/pbmserv -h                          # every flag
//
// A person against a bot, on standard input:
//
//	register alice secret
//	crumble challenge alice bot:mcts -8x8     # board 1: alice moves first, the bot answers each move
//	crumble move 1 alice secret 1V
//
// It is meant to be read: one core (command.go parses a line, server.go
// runs it, bot.go and botwork.go play the bots' seats), two front doors (main.go for standard input, http.go for the
// web) and one storage interface (store.go) with an SQLite (sqlite.go) and a
// PostgreSQL (postgres.go) schema. games.go maps the game words and
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
//	GAME challenge USER1 USER2 [USER3 [USER4]] [options]   prints the new board's number;
//	                                            a USER may be a bot: bot:random, bot:greedy, bot:mcts, bot:alphabeta
//	GAME move BOARD USER PASSWORD MOVE[#N]
//	GAME board BOARD[#N]
//	GAME history BOARD                          the game record
//	GAME resign BOARD USER PASSWORD
//	GAME propose BOARD USER PASSWORD draw
//	GAME accept BOARD USER PASSWORD
//	GAME reject BOARD USER PASSWORD
//
// The games are named as the registry and every other program name them
// (pbmserv -list lists them with their variants), and their challenge
// options may stand anywhere after "challenge":
//
//	tumbling    Tumbling Down. -c (or -corner): the corner layout;
//	            -classic, -boardspace: those rule sets instead of pbmserv's.
//	terrace     Terrace. -8x8 (the default) or -6x6: the board; -short,
//	            -medium, -long (the default), -master: the setup; three or
//	            four users give the multi-player game.
//	flooprail   FloopRail. -reverse, -misere or -losing: the reverse game.
//	crumble     Crumble. -WxH: the board (default -6x6, 2 to 32 each way);
//	            -white: White moves first; -repetition, -renewables or
//	            -nodraws: the automatic draw rules (default both).
//
// In every game -variant NAME names a registry variant outright, as the
// other programs' -variant flag does ("terrace challenge alice bob
// -variant 6-long"), instead of the options. Any other engine linked in is
// reached by its registry name, with one option per variant ("-8x8").
// pbmserv's older game words stay as aliases, so that the commands of the
// boards made under them go on working: tumble (tumbling) and terrace6x6
// (terrace -6x6); a board answers to any name of its game, and shows its
// registry name. A reply is the board as the engine prints it, with a
// header naming the board, variant and players, and a last line saying
// whose move it is or how the game ended. Every error is one line,
// "error: " and the reason, and quotes at most 64 bytes of any input
// (Go-quoted, so that it reads as typed, then "..." and the input's
// length), so that no input makes a long error.
//
// # Decisions
//
// Seats. USER1 takes seat 0, USER2 seat 1, and so on, seat numbers being
// the engine's Player values: seat 0 is Black in Tumbling Down (pbmserv
// rules), O in FloopRail, the bottom army in Terrace and Black in Crumble.
// The engine decides who moves first, so in Crumble -white seat 1 does.
// One user may not take two seats of a board. Wherever a person reads a
// board (replies, the page, the JSON's texts) a seat is its user and the
// seat's name in the game's own words, "alice (Black)", and a result
// names the winner and the reason: "bob (White) wins: king captured on
// G2". Seat numbers appear only where a program reads them (the JSON's
// toMove and winner, beside the names).
//
// Bots. A challenge may seat a bot in place of a user: bot:KIND, KIND
// one of the examples/bots package's kinds (random, greedy, mcts,
// alphabeta), in any case; help and the front page list them, and an
// unknown kind is refused with the list. A user id cannot hold ':', so
// no user can register a bot's name (register and every other command
// say "... is a bot's seat, not a user id"). At least one seat is a
// person; a bot may hold several seats (Terrace with 3 or 4), since it
// keeps nothing between moves. The bots are not in the users table and
// have no quota: the per-user caps count the people seated.
//
// Joining. A challenge needs no password (pbmserv's syntax), so anyone
// may seat anyone: a board a person has not acted on could be a
// stranger's. A person joins a board with the first command sent with
// their password on it: a move, or "GAME accept BOARD USER PASSWORD"
// (accept with no draw proposed accepts the challenge), or any other.
// "games USER" lists the boards the user has joined, then, by number
// alone, the newest ten that seat the user and that the user has not
// joined ("challenges alice has not joined ...: boards 12, 9"); the front
// page lists the open boards some person has joined. So a flood of
// challenges naming a player never buries the games the player plays.
// [Decision: a board still shows to those who ask for it by number, and
// anyone seated may move on it at once, so a challenge between friends
// needs no extra step; the alternative, a challenge that does nothing
// until every seat accepts, cost every game a round of mail.]
//
// When a bot moves. A bot moves only on a board a person has joined:
// until then, even a bot that moves first waits (its board says "to play
// once a player joins"), and costs nothing. Whenever a command leaves a
// joined board going on with a bot's seat to move, its move is owed: the
// board says so (its BotDue, kept with every write), the reply says
// "bot:mcts is thinking; board 1 shows its move once it is made" and
// shows the board with "bot:mcts (White) to play, thinking", and the
// board is filed with the bots' work. Over HTTP the reply does not wait
// for the bot: a later read (a command, GET /games/N, whose JSON says
// "thinking" meanwhile, or the page, which reloads itself every 2 s
// meanwhile) shows its move. On standard input, whose mail gets one
// reply per command, the command waits for the bots' moves and its reply
// names them ("bot:mcts played ... (move #2) on board 1"); so does
// Execute. [Decision: a person's reply never waits for a search that may
// take a second, and a request's write timeout and deadline hold
// whatever the bots do.]
//
// The bots' work. A fixed number of workers (-bot-searches: the number
// of CPUs less one, at least one) take the owed moves from a queue
// (-bot-queue boards, 1,024). [Decision: the bots never take the last
// core, so that the players' requests and the store always find one:
// measured with 8 addresses flooding 32x32 bot games on 2 cores, one
// worker answered a player's moves and her bot faster than two.]
// Each turn of a worker is one search, after which a board with another
// bot to move goes back in the queue. The search runs outside any
// transaction, on the board as read (Crumble with draw rules: on the
// record replayed, as a person's move); the move is then checked and
// stored exactly as a person's (the move limit, the end by the rules) by
// the versioned write. If the board changed meanwhile (the person
// resigned) the write fails, the move is dropped and the board read
// again: a bot never plays on a position it did not search. A resignation
// ends the game, and an agreed draw cannot happen (a bot agrees to none:
// a proposal on a board with a bot is refused), so neither is followed
// by a bot's move. The queue is fair between requesters (the address
// whose challenge made the board): a free worker takes the job of the
// requester with the fewest searches under way, then of the one whose
// searches took the least time lately (a sum of search time halved every
// 10 s), so one who floods the queue waits behind itself; and when every
// worker is busy and a requester with one owed move and no search under
// way waits, the search of the busiest requester with more moves waiting
// is cut short once it has run 100 ms, its bot playing the best move it
// has found (the flooders, each with moves waiting, do not cut each
// other's). Servers sharing a store do not search one board at once:
// a worker holds the board's lease (a bucket in the store's limits
// table, for 4 times -bot-time, at least 2 s) while it searches.
//
// Budgets. Each move is searched with the game's default count
// (bots.DefaultsOf: MCTS iterations, alpha-beta depth) capped at 1 s
// (bots.DefaultTime; -bot-time changes it). The seed is the board's
// number times 2^32 plus the move's number, and a bot is made for each
// move, so the same position on the same board and move number gets the
// same move again, and a disputed move can be searched again alike
// exactly so when the count, not the time cap, ended the search: on
// FloopRail and Terrace the defaults end well within it (see Limits);
// Tumbling Down's and Crumble's leave the cap the bound, so that their
// bots' moves use their time, and such a move searched again may differ.
//
// Bot games. One person may play at most 10 open games against bots
// (-bot-games): a move or an accept that would join an eleventh is
// refused ("alice already plays 10 open games against bots, the most
// allowed: finish or resign one first", 429). The challenges from one
// address may make at most 20 open boards seating a bot
// (-bot-games-per-address). Both are counted in the store, in the
// transaction that writes the join or the board, serialised per person
// (PostgreSQL: the user's row locked) and per address (an advisory lock),
// so they hold across servers sharing a store and against commands sent
// at once.
//
// A bot that has not moved. A crash or a shutdown between a person's
// move and the bot's leaves a board whose bot owes its move. On SIGTERM
// the searches under way stop at once and store nothing; the person's
// move stands, and the owed move is made once: a server starting looks
// for the owed moves in the store (and again every minute, for those a
// full queue or another server's death left) and files them, and any
// read of such a board files it too; a read is answered at once, the bot
// thinking. After a SIGKILL the dead server's lease runs out before
// another server searches the board.
//
// Variants. Each game word's options choose one of the registry's
// variants (GameInfo.Variants, and for Crumble every name its
// VariantSyntax allows: any size from 2x2 to 32x32, either player first,
// any draw rule); help, the front page and a refused challenge list the
// options and the registry's variants. Two options that choose one thing
// differently ("-6x6 -8x8", "-classic -boardspace") are refused, not
// decided by the last one.
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
// otherwise it starts again from the read, at most 8 times. A move that
// also reads the record (Crumble with draw rules, below) starts again too
// when the record's read finds the board at another version than the
// first read: what it checked (seat, end, number) held for the old state
// only, and a resignation in between must not let the move through. Of two
// simultaneous moves on one board exactly one is stored, and the other,
// re-checked, gets "wrong move number" (or is played after the first, if
// it carried no number and is still legal and still its sender's turn).
// Several server processes may share one PostgreSQL database.
//
// Durability. Every change is one transaction, committed before the reply
// is written; -stdin flushes each reply as soon as it is made. SQLite runs
// with synchronous=FULL (the commit is on disk) and WAL.
//
// Positions and records. Each board stores its current position code,
// written in the same transaction as the move that made it, beside its
// game, its variant name and its move list. The move list is the record;
// the code is what commands read: board, games, the JSON and the page
// decode it (boardrules.Decode) rather than replay the game, so a read
// costs the same at move 10 and at move 1,000. The board's own game and
// variant names are trusted over what a decoded code reports. A move is
// played on the decoded position, except where the rules look at the past,
// which a position code does not carry: Crumble's automatic draws
// (threefold repetition, renewable iteration) in every variant but
// -nodraws. There the move is played on the record replayed from the
// start, checked against the stored code, so that the draw rules see every
// earlier position. history and "board B#N" replay the record too.
//
// Reads. The JSON and the page of a board are made once per version of
// the board (every change bumps it) and kept, 32 MiB of them at most, the
// oldest going first: a board read again and again, as by a player
// waiting for a bot's move, costs a read of its row, not a listing of its
// legal moves, which on a crowded 32x32 Crumble board is thousands of
// moves.
//
// Damaged boards. A board whose code does not decode, whose row does not
// read, or whose record does not lead to its code (found by the commands
// that replay) is reported as damaged ("error: board N is damaged...",
// HTTP 500, details in the log) and never played on; lists (games, the
// front page) show it as damaged and carry on with the other boards.
//
// Long games. Tumbling Down, Terrace and FloopRail have no rule that ends a
// game that goes round in circles, so every game has a move limit: a game
// that reaches it ends drawn, "draw: the move limit of N moves is reached",
// with a Termination tag in its record. The limit is 1,000 moves for
// Tumbling Down, Terrace (both boards, any number of players) and
// FloopRail, and 200 for Crumble, whose moves replay the record and whose
// Play grows dear as pieces multiply (figures below, under Limits). A
// board that already has more moves (made under an older limit) ends
// drawn with its next move. Games played to win end far sooner.
//
// Limits. Every cost a client can cause is bounded (Limits, ConnLimits;
// the flags set them):
//   - a POST /command body of at most 64 KiB and 100 commands (more is
//     refused whole, 413), its replies at most 1 MiB (the commands after
//     that are not run); when the client goes away the commands not yet
//     run are dropped; a form (POST /boards/N) of at most 64 KiB (413),
//     its move at most 1,000 bytes like a command line (400);
//   - every HTTP request's work has a deadline, 10 s (and a quarter of the
//     write timeout before it, so that the reply is still written): it
//     ends the store's calls and a replay under way ("error: not done: the
//     request's time limit is reached; this command changed nothing",
//     503), and the commands of a body not yet started are not run, the
//     reply ending "error: time limit reached: stopped after K of N
//     commands; the rest were not run" (503 unless an earlier command
//     failed). A write once begun is finished (one short transaction), so
//     that a change is never stored and reported as not done;
//   - one HTTP request may replay a game's record at most 10 times:
//     history, "board N#k" (k > 0) and a move on a Crumble board with the
//     draw rules each cost one (a move once, however often it starts
//     again). The commands beyond are refused, not run: "error: not run:
//     one request may replay a game's record at most 10 times ..." (413);
//     the others in the body still run. -stdin has no such budget: it runs
//     one command a line, so each costs at most one replay;
//   - wrong passwords, counted in the store (so that servers sharing it
//     count together, and a restart forgets nothing), each bucket taken
//     before the hash and given back when the password is right: one
//     client address may send 5 wrong passwords for one account, then one
//     per 20 s, and 20 for all accounts together, then one per 30 s; the
//     addresses that sent a wrong password for an account lately share 10
//     more, then one per 6 s; the addresses new to the account (no wrong
//     password lately, never its right one) share 10 checks, then one per
//     6 s. An address that gave the account's right password in the last
//     30 days (the owner's, usually) is held by none of the account's
//     limits, only by its own, so no stranger can lock a player out from
//     where she plays, however many addresses guess; from the attacker's
//     own address (a shared NAT) or from an address new to the account
//     during a flood, the owner waits like a guess. A refused check costs
//     no hash: "error: too many wrong passwords for alice from
//     192.0.2.7: try again in 20 s" (HTTP 429 with Retry-After), and a
//     check that a limit refused a moment ago is refused again at once,
//     without a word to the store, whose connections the owner's
//     commands would otherwise queue behind. Right passwords sent at once
//     from one address wait for the checks under way (up to 2 s) rather
//     than being refused, through one server or several: with no wrong
//     password from the address lately, the wait asks the store, where
//     another server's checks give their tokens back, 17 times at most.
//     So a guess through a server that has seen none of its address's
//     wrong passwords (they went through another) costs that server 17
//     store calls and 2 s before it is refused, and so does each guess
//     sent while such a wait is under way; the address's later guesses
//     are refused at once. The hashes of the addresses new to an account
//     run at most half the CPUs' worth at once (a check waits up to 2 s
//     for its turn); the owners' do not queue behind them. [Decision: the
//     owner's lane is the address she gave her password from, since
//     nothing else tells her from a stranger; the alternative, one limit
//     for everyone, let one stranger lock the owner out.]
//   - password checks, this process's hashing time: 20 at once from one
//     client address, then 5 per second (at bcrypt cost 10 a check is
//     about 55 ms of one core);
//   - new users and new boards, counted in the store: 10 users per
//     address, then one per 6 min, and 100 on the server, then one per
//     second; 30 boards per address, then one per 2 min, and 300 on the
//     server, then 2 per second;
//   - challenges need no password (pbmserv's syntax), so each user may sit
//     at no more than 100 open boards and be seated on no more than 30 new
//     boards per hour made by the challenges from one address (standard
//     input being one address): a stranger's flood uses up the stranger's
//     share, never the share of the player's friends. The counts come
//     from the database, taken in the transaction that inserts the board,
//     serialised per user (SQLite: every transaction takes the write lock
//     when it begins; PostgreSQL: the players' rows of users are locked
//     FOR UPDATE, in name order), so challenges sent at once cannot all
//     pass one count;
//   - HTTP requests: 100 at once from one address, then 50 per second;
//     replays (history, board N#k, Crumble moves): 30 at once, then 2 per
//     second; counted in the process (health checks and metrics included);
//   - bot searches: at most the number of CPUs less one (at least one)
//     at once in each process (-bot-searches), apart from the requests,
//     from a queue of at most
//     1,024 boards, fairly between requesters (above); at most 10 open
//     games against bots per person, 20 open boards with a bot per
//     address. A search is capped at 1 s (-bot-time), which MCTS on
//     Tumbling Down and Crumble uses to its end; elsewhere the defaults
//     end sooner: measured by "PBMSERV_MEASURE=1 go test -run
//     TestBotCosts -v ./examples/pbmserv/" on the 2-core machine this
//     was written on (load average 4), the CPU time of one move, the
//     slowest of three seeds, at the start and at move 21 of a random
//     game, is 762-946 ms for mcts on Tumbling Down and Crumble 6x6,
//     23-612 ms on the other games (Terrace's four-player game the
//     dearest), and 0-83 ms for alpha-beta (Crumble 6x6 the dearest; the
//     other games 0-2 ms); greedy and random take under a millisecond
//     there. On crowded
//     Crumble boards (hundreds to a thousand pieces, up to 3.4 million
//     legal moves: "PBMSERV_MEASURE=1 go test -run TestBotCostsCrowded")
//     every bot stops at its 1 s, within 14 ms. So the bots use at most
//     the cores given them, never more, and a burst of searches waits
//     its turn while the people's requests go on;
//   - Crumble games of at most 200 moves: see "Crumble's costs" below;
//   - "games USER" lists the newest 200 boards; the front page the newest
//     100 open ones;
//   - each game's move limit (above) bounds a record and any replay, which
//     checks the request's deadline before every move it plays;
//   - HTTP connections: 5 s to send the headers, at most 16 KiB of them;
//     15 s for a whole request; 30 s to write a reply; 60 s idle between
//     requests; 64 open connections per client address (an IPv6 address
//     counted by its /64), 4,096 in all (or the file limit less 128), and
//     once half of those are open, 8 per address (a browser opens 6): a
//     few dozen addresses cannot fill the server (from half full the rest
//     takes 256 addresses), and a newcomer still gets in. A connection
//     beyond a limit is closed as soon as it is accepted.
//
// Shutdown. On SIGTERM or SIGINT the HTTP door stops accepting, closes
// idle connections and lets the requests under way finish for up to 15 s
// (-grace; more than a request's 10 s of work); past it their work stops
// (a write under way finishes) and they are answered 503 "the server is
// shutting down; this command changed nothing". Only when no request
// runs any more is the store closed, so every move stored was answered,
// and every move answered is stored. -stdin finishes the command under
// way, then stops.
//
// Crumble's costs. A checked Crumble Play grows dear as pieces multiply,
// and a Crumble move with the draw rules, history and "board N#k" replay
// the record. Measured in CPU time (getrusage, so that the figures do not
// depend on the machine's other load) by "PBMSERV_MEASURE=1 go test -run
// TestCrumbleCosts -v ./examples/pbmserv/" on the 2-core machine this was
// written on, for random games stopped short of their end:
//
//	board  moves  legal moves    listing   board N#k    history
//	6x6    200      858          1 ms       11 ms        21-24 ms
//	12x12  200    1,054-1,625    1-2 ms     19-23 ms     43-44 ms
//	12x12  500    1,756          3 ms       72 ms       194 ms
//	16x16  500    3,962-4,247    4-5 ms    104-106 ms   237-258 ms
//	32x32  200    7,096-7,129    7-9 ms     84-87 ms    149-186 ms
//	32x32  500    13,009-13,824  16-19 ms  245-249 ms   614-685 ms
//
// (The listing is every legal move's text for the JSON and the page: the
// library writes a position's move texts from one corner graph. A replay
// without a record, as "board N#k" and a Crumble move make, reads each
// move and plays it; history also writes each move's canonical text,
// which costs a ranking of the board's corners a move.) So within the move
// limit a replay costs at most about 0.2 s, on the largest board, and a
// request's replay budget at most about 2 s. A longer board made under the
// old limit of 500 moves still reads and ends drawn with its next move;
// its replays cost up to 0.7 s, within the request's deadline and budget.
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
// needs no quoting. A '#' is part of no move in any game: it starts the
// move number.
//
// Draws by agreement. A proposal stands until every player has accepted it
// (then the game is drawn) or one player has rejected it; moves do not
// withdraw it, since mail players answer days apart, but it ends with its
// game, however the game ends. In three- and four-player Terrace everyone
// must accept.
//
// Resignation. With two players the other one wins. In a three- or
// four-player game the rules cannot take one army off the board, so a
// resignation ends the game for everyone, without a winner.
//
// Records. "history" prints the library's game record (boardrules.Record),
// in PGN's form: game, variant, moves, the result marker ("1-0", "0-1",
// "1/2-1/2", "*" while the game goes on) and a Termination saying how the
// game ended. The server adds the tags Board, Event, Date, Seat0, Seat1,
// ... For a game ended off the board the Termination is the server's
// ("alice (Black) resigned", "draw agreed", "move limit (1000 moves)")
// and the marker follows from it: the other seat wins a two-player
// resignation, an agreed draw and the move limit draw, and a resignation
// of three or four players leaves "*". A variant the registry does not
// list (Crumble's "4x4") also carries its start's position code, so that
// any reader can replay the record.
//
// # Front doors
//
// -stdin reads commands from standard input, as a mail robot would feed
// them: for each command it prints the command after "> " (password
// replaced by stars), the reply, and an empty line. Empty lines and lines
// starting with '#' are skipped. A line longer than 1,000 bytes, or one
// that is not text (invalid UTF-8, control characters), gets an error
// reply (echoed as "(a line of N bytes)" or "(a line that is not text)")
// and the next line is read; the door's memory stays bounded. The length
// is the line's without its end: "\n" and "\r\n" are alike.
//
// -http ADDRESS serves:
//
//	GET  /           the front page: the commands, the games and their
//	                 options, and the open boards with links to their pages.
//	POST /command    the body is a command line; the reply is text. Several
//	                 lines get the -stdin format.
//	GET  /games/N    board N as JSON: game, variant, players and their seats'
//	                 names, moves, the position code, the legal moves, the
//	                 rules' outcome, the result, the draw proposal, the version.
//	GET  /boards/N   board N as a web page: the engine's SVG picture (the
//	                 text board for an engine that does not draw), the legal
//	                 moves, and a form to move.
//	POST /boards/N   the form. It is pinned to the move number the page
//	                 showed, so a stale page cannot move on a changed board,
//	                 and it builds the command itself, so that no field can
//	                 smuggle in a second command.
//	GET  /healthz    200 "ok" while the store answers, 503 when it does not.
//	GET  /metrics    the Prometheus metrics (the README says what each means).
//
// Health checks and metrics answer from a result at most a second old
// (Limits.StatusEvery: one ping of the store, one gathering of the
// metrics), and count in the per-address request limit like any request:
// a flood of them costs the store and the players nothing.
//
// A POST from a browser on another site is refused (403): the browser's
// Sec-Fetch-Site, else its Origin against the Host, must name this server
// or an origin given with -origin. A script, which sends neither header,
// is not held. -tls-cert and -tls-key serve HTTPS. -trusted-proxy names
// the reverse proxies whose X-Forwarded-For is believed: the client
// address the limits count is then the rightmost one that is not a
// trusted proxy. The access log (-access-log) has one JSON line per
// request (method, path, status, bytes, time, client, peer); bodies, and
// so passwords, are never logged. Each reply is flushed before its line
// is written, so a reply that could not be delivered (its client gone,
// the write timeout passed) is logged, and counted in the metrics, as
// 499, with the status it would have had ("sent") and the write's error.
//
// Statuses. A reply keeps its text ("error: ..." included) and says what
// happened in its status: 200; 400 for a malformed command; 403 for a bad
// password, a seat that is not the sender's, or a cross-site post; 404 for
// a missing board, user or move number; 408 for a body that did not
// arrive within the read timeout; 409 for a move the board refuses (wrong
// number, not your turn, illegal, game over) and a name taken; 413 for a
// body beyond the limits and a command beyond the request's replay
// budget; 429 for a limit, with Retry-After; 500 for a damaged board or an
// internal error (a handler's panic included, logged with its stack);
// 503 for work the request's deadline or the shutdown stopped, and while
// the store does not answer ("the store is unreachable: try again later",
// Retry-After 5: an outage is never reported as damage). A body of several
// commands has the status of its first error. Every reply carries a
// Content-Security-Policy (no script, nothing from elsewhere, framed only
// by the site's own pages), X-Frame-Options SAMEORIGIN,
// X-Content-Type-Options nosniff and Referrer-Policy no-referrer.
//
// The page finds the picture through the Any's Unwrap method and an
// interface{ SVG() string } on the engine's position, so an engine gains
// pictures on the page by adding the method.
//
// # Storage
//
// -db names the store: a postgres:// or postgresql:// URL selects
// PostgreSQL, anything else is an SQLite file, created when missing. The
// schema is five tables: users (name, bcrypt hash), boards (game, variant,
// players, position code, end, draw proposal, version, creating address,
// the seats that have joined, whether a bot's move is owed),
// seats (who plays where, for "games USER"), moves (board, number,
// canonical text) and limits (a rate limit's key and the time its bucket
// is full again: a GCRA bucket, checked and spent by one statement, rows
// of full buckets deleted now and then). The queries are shared;
// PostgreSQL reads a board and its moves in one REPEATABLE READ snapshot,
// which SQLite's transactions are already. A board's move count is
// max(ply) of its moves, one probe of the primary key. Servers starting
// at once on an empty PostgreSQL database create the schema one after the
// other, under a session advisory lock (CREATE TABLE IF NOT EXISTS is not
// safe against itself); a store made before a column existed gains it.
// Each server process opens at most 32 PostgreSQL connections (the
// server's default max_connections is 100, for every process sharing it;
// challenges waiting for a user's row lock hold theirs), and queues
// beyond. The limits' buckets use each server's clock: servers sharing a
// store keep their clocks in step (NTP).
//
// Backups. "pbmserv -backup FILE -db STORE" copies an SQLite store with
// VACUUM INTO, one read transaction, while servers go on writing; a
// PostgreSQL store is copied with pg_dump and restored with psql (the
// README has the commands). "pbmserv -check -db STORE" replays every
// board to its stored position, as after a restore, and exits 1 if one is
// damaged. Both only read a store that is there: a -db naming no file, or
// a database without pbmserv's tables, is an error (exit 1), and nothing
// is created, so a mistyped -db cannot pass for an empty store.
//
// Dependencies, each for a reason the standard library cannot meet:
// modernc.org/sqlite (SQLite translated to Go: an embedded database with
// no cgo, so "go run" works on a machine with only Go), github.com/jackc/pgx/v5
// (the PostgreSQL driver, used through database/sql so that both stores
// share their queries), golang.org/x/crypto (bcrypt) and
// github.com/prometheus/client_golang (the metrics in Prometheus's format,
// which an operator's monitoring reads; its data model, client_model, for
// keeping what was gathered). They live in this module's go.mod,
// not the library's.
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
// replays to its stored position. attack_test.go holds a test for each
// defect an attack found, each failing on the server before: 10,000 slow
// connections from other loopback addresses (1,000 with -short) while a
// real client is served, idle and oversized connections, caps on
// challenges, bounded requests, a client that leaves, reads that do not
// replay, the move limit, hostile -stdin lines, two PostgreSQL servers
// starting at once, a damaged board in a list, statuses and headers, and
// password guessing. A review's defects have a test each, failing before
// its fix: a resignation between a move's two reads (race_fix_test.go),
// guesses sent at once, the owner while others guess, guesses refused
// without the store, the owner's lane, right passwords sent at once
// through two servers and a guess's cost through a second server
// (guess_test.go),
// challenges sent at once (caps_race_test.go), CRLF lines at the length
// limit (stdin_crlf_test.go), the form's limits and statuses
// (form_test.go), and Crumble's size, listing, request deadline, write
// timeout, replay budget and the views kept per version (cost_test.go);
// an input of any size in every field and flag gets a short error
// (bounded_test.go); measure_unix_test.go measures Crumble's costs and
// the bots' (above and in the README). bot_test.go plays whole games
// against every bot and against greedy on every game, and tests the bot
// that moves first, bots in a row in Terrace, a resignation while a bot
// searches, the bot's move after a crash, the bound on searches, the
// refused names and kinds, and the seeds; botwork_test.go the bots apart
// from the requests: a reply that does not wait, the board thinking, a
// stop that stores nothing and a restart that moves once, the joining
// of challenges, the caps on bot games (across two servers), the
// fairness between requesters and the lease between servers. The
// operator's parts have theirs: SIGTERM during a stream of moves, past
// the grace period, and SIGTERM and SIGKILL while bots search
// (shutdown_test.go), a stranger's challenges and the quotas
// (quota_test.go), two server processes on one store (shared_test.go),
// an attacker and a player at once over HTTP: guesses from one address
// and from 150, a flood of challenges, of connections, of health checks
// and of 32x32 bot games from 8 addresses (attackers_test.go), cross-site
// posts, trusted proxies, connection fairness, health, metrics and their
// bounds, the store down, a body that times out, panics, the access log,
// a reply not delivered and TLS (ops_test.go), backups and the tools'
// refusal of a store that is not there (backup_test.go). A browser test drives
// the page and the front page in headless Chromium when one is installed.
// ci.sh installs Chromium and PostgreSQL on Debian and runs them all;
// under CI=true a test that needs one of them fails without it.
package main
