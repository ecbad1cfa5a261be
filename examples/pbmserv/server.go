package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/internal/cli"
	"golang.org/x/crypto/bcrypt"
)

// Server is the core: it runs commands against a Store. It holds no game
// state of its own (every command reads the board, checks, and writes it
// back under the board's version), so any number of goroutines, and of
// server processes sharing a PostgreSQL database, may run commands at once.
type Server struct {
	store  Store
	cost   int              // bcrypt cost of new passwords
	now    func() time.Time // the clock, for board dates and limits
	log    *log.Logger      // internal errors; players see only "internal error"
	limits Limits
	// The limits of this process's own work, per client address; the
	// others are buckets in the store (Store.Take).
	checks   *limiter // password checks (hashes)
	requests *limiter // HTTP requests
	replays  *limiter // replays of game records
	metrics  *metrics // nil: none kept
	health   healthCache
	guard    *guard // what this process remembers of password checks
	views    views  // the JSON and pages of the boards read lately
	mu       sync.Mutex
	underWay map[string]int // password checks under way, per address and account
	// The bots' moves: bots runs them apart from the requests, and
	// choose runs a bot (chooseMove; tests replace it).
	bots   *botWork
	choose func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error)
	// The HTTP door's settings (run sets them from flags).
	crossOrigin *http.CrossOriginProtection
	proxies     []netip.Prefix // trusted proxies, whose X-Forwarded-For is believed
	access      *slog.Logger   // the access log; nil for none
	// compare checks a password against its hash: bcrypt's, replaced
	// only by tests that count the hashes run.
	compare func(hash, password []byte) error
}

// NewServer returns a core over st. cost is the bcrypt cost of new
// password hashes (bcrypt.DefaultCost for a real server; tests use
// bcrypt.MinCost to stay fast). logger receives internal errors; nil
// discards them.
func NewServer(st Store, cost int, logger *log.Logger) *Server {
	if logger == nil {
		logger = log.New(io.Discard, "", 0)
	}
	s := &Server{store: st, cost: cost, now: time.Now, log: logger, compare: bcrypt.CompareHashAndPassword, metrics: newMetrics(),
		underWay: map[string]int{}, choose: botChooser, guard: newGuard()}
	s.bots = newBotWork(s)
	s.crossOrigin, _ = newCrossOrigin(nil)
	s.SetLimits(DefaultLimits)
	return s
}

// Close stops the bots' work (their searches under way end, their moves
// not stored; the moves they owe stay owed in the store), waiting for
// its workers at most wait. Call it before closing the store.
func (s *Server) Close(wait time.Duration) { s.bots.halt(errShuttingDown, wait) }

// SetLimits replaces the limits (zero fields take the defaults) and
// forgets what this process counted (the store's buckets stay). Call it
// before serving: the bots' workers, once started, keep their number.
func (s *Server) SetLimits(l Limits) {
	s.limits = l.withDefaults()
	s.checks = newLimiter(s.limits.PasswordChecks, s.limits.PasswordCheckEvery)
	s.requests = newLimiter(s.limits.Requests, s.limits.RequestEvery)
	s.replays = newLimiter(s.limits.Replays, s.limits.ReplayEvery)
}

// maxRetries bounds how often a command is re-run after another command
// changed its board between the read and the write. Each retry re-checks
// everything against the new state, so a move that carried its number
// fails with "wrong move number" on the first retry.
const maxRetries = 8

// Execute runs one command line and returns the reply: one or more lines,
// each ending in a newline. An error reply is one line starting "error: ".
// A command that leaves a bot to move waits for the bot's moves (at most
// until ctx ends) and its reply names them, as standard input's replies
// do; over HTTP a reply never waits for a bot.
func (s *Server) Execute(ctx context.Context, line string) string {
	r, _ := s.execute(waitingForBots(ctx), line)
	return r
}

// status is how a reply travels over HTTP: its status code and, for a
// limit (429), the seconds to wait before trying again.
type status struct{ code, retry int }

// statusOK is the status of every reply that is not an error.
var statusOK = status{code: http.StatusOK}

// execute is Execute with the reply's HTTP status: 200, or the error's.
func (s *Server) execute(ctx context.Context, line string) (string, status) {
	c, err := parseCommand(line)
	if err != nil {
		return s.errorReply(err), errStatus(err)
	}
	return s.run(ctx, c)
}

func (s *Server) run(ctx context.Context, c command) (reply string, st status) {
	defer func() {
		// A bug in an engine or here must not take the server down with
		// every other player's command; say so, log it, go on.
		if r := recover(); r != nil {
			s.log.Printf("panic running %s %s: %v\n%s", c.word, c.verb, r, debug.Stack())
			reply, st = "error: internal error\n", status{code: http.StatusInternalServerError}
		}
	}()
	if ended(ctx, nil) {
		// The request's time is up, or the client has gone (or the server
		// is stopping): do no work for it.
		err := s.ctxErr(ctx, context.DeadlineExceeded) // errGone if the client has gone
		return s.errorReply(err), errStatus(err)
	}
	var out string
	var err error
	switch c.verb {
	case "help":
		out = s.help()
	case "register":
		out, err = s.register(ctx, c)
	case "games":
		out, err = s.games(ctx, c)
	case "challenge":
		out, err = s.challenge(ctx, c)
	case "board":
		out, err = s.board(ctx, c)
	case "history":
		out, err = s.history(ctx, c)
	default:
		// move, resign, propose, accept, reject: they change a board.
		out, err = s.change(ctx, c)
	}
	if err != nil {
		err = s.storeErr(ctx, err)
		return s.errorReply(err), errStatus(err)
	}
	if c.verb == "move" && s.metrics != nil {
		s.metrics.moves.Inc()
	}
	return out, statusOK
}

// storeErr is the reply's error for an error that is not already one a
// user may see (an errLine): a store call or a replay cut short by the
// request's deadline (or its client's going, or the shutdown) says so;
// a store that does not answer is 503, "try again later", not an
// internal error and never a damaged board; anything else is an internal
// error (500, logged).
func (s *Server) storeErr(ctx context.Context, err error) error {
	if _, ok := errors.AsType[errLine](err); ok || err == nil {
		return err
	}
	if ended(ctx, err) {
		return s.ctxErr(ctx, err)
	}
	s.countStoreError()
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), healthTime)
	defer cancel()
	if perr := s.store.Ping(pctx); perr != nil {
		s.log.Printf("store unreachable: %v (%v)", perr, err)
		return errLine{msg: "the store is unreachable: try again later; this command changed nothing",
			status: http.StatusServiceUnavailable, retry: unavailableRetry}
	}
	return err
}

// unavailableRetry is the Retry-After, in seconds, of a reply while the
// store is unreachable.
const unavailableRetry = 5

func (s *Server) countStoreError() {
	if s.metrics != nil {
		s.metrics.storeErrors.Inc()
	}
}

// statusGone marks a request whose client has gone: nothing is written.
// (499 is nginx's code for it; it never reaches a client.)
const statusGone = 499

// errStatus is the HTTP status of an error reply: the errLine's own, 500
// for anything else (an internal error).
func errStatus(err error) status {
	var le errLine
	if errors.As(err, &le) && le.status != 0 {
		return status{le.status, le.retry}
	}
	return status{code: http.StatusInternalServerError}
}

func (s *Server) errorReply(err error) string {
	var le errLine
	if errors.As(err, &le) {
		return "error: " + le.msg + "\n"
	}
	s.log.Printf("internal error: %v", err)
	return "error: internal error, try again later\n"
}

func (s *Server) help() string {
	var b strings.Builder
	b.WriteString(strings.ReplaceAll(usage, " | ", "\n") + "\n")
	b.WriteString("games and challenge options:\n")
	for _, w := range gameWords() {
		fmt.Fprintf(&b, "  %s: %s\n", w.word, w.describe())
	}
	b.WriteString(botHelp + "\n")
	return b.String()
}

func (s *Server) register(ctx context.Context, c command) (string, error) {
	// New users are limited per address and on the whole server, in the
	// store: a flood of registrations from one address, or from many,
	// stops there. A registration refused later (a name taken) keeps its
	// tokens, so that names cannot be probed for free.
	var held []taken
	if addr := clientOf(ctx); addr != "" {
		l := s.limits
		if _, err := s.takeShared(ctx, &held, "registrations_per_address", "ra:"+addr, l.Registrations, l.RegistrationEvery,
			"too many new users from %s", addr); err != nil {
			return "", err
		}
		if _, err := s.takeShared(ctx, &held, "registrations_total", "r*", l.RegistrationsTotal, l.RegistrationTotalEvery,
			"too many new users on this server just now"); err != nil {
			s.giveBack(ctx, held)
			return "", err
		}
	}
	if err := s.checkAllowed(ctx); err != nil {
		s.giveBack(ctx, held)
		return "", err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(c.password), s.cost)
	if err != nil {
		return "", err
	}
	// Not cut short by the request's deadline, as Save in change.
	if err := s.store.AddUser(context.WithoutCancel(ctx), c.user, string(hash)); err != nil {
		if errors.Is(err, errExists) {
			return "", statusErr(http.StatusConflict, "user %s already exists", c.user)
		}
		return "", err
	}
	return fmt.Sprintf("registered %s\n", c.user), nil
}

func (s *Server) userExists(ctx context.Context, name string) error {
	if _, err := s.passwordHash(ctx, name); err != nil {
		if errors.Is(err, errNotFound) {
			return statusErr(http.StatusNotFound, "unknown user %s (register USER PASSWORD first)", name)
		}
		return err
	}
	return nil
}

// auth checks a password against its slow salted hash. Unknown user and
// bad password get different replies: user ids are public anyway (they are
// on every board), and a player who mistyped one deserves to know which.
//
// Guessing is slowed before any hash is computed, so that a refused guess
// costs the server nothing, and so that no stranger can lock a player
// out. Buckets in the store (shared by every server on it) count wrong
// passwords, each taken before the hash and given back when the password
// is right:
//   - the client address's for all accounts (Limits.WrongPerAddress): an
//     address trying many accounts slows down;
//   - the address's for this account (Limits.WrongFromAddress): an
//     address guessing one account slows down. Its bucket being full
//     (no wrong password from there lately, no check under way) marks an
//     address the account's owner may well be at;
//   - the account's (Limits.WrongPasswords), taken by the addresses
//     that guessed wrong for it lately: guesses spread over many
//     addresses are still one account's, while the owner at an address
//     with no wrong password goes straight through, however fast others
//     guess;
//   - the account's new addresses' (Limits.NewAddressChecks), taken by
//     the addresses with no wrong password lately that have never given
//     the account's right password: a flood of guesses from many fresh
//     addresses gets that many checks, then one every
//     NewAddressCheckEvery. An address that gave the right password
//     lately (30 days, remembered in the store) is the owner's lane: it
//     takes neither of the account's buckets, and its hash is not queued
//     behind the strangers' (below). [Decision: so the owner at a usual
//     address is answered whatever a distributed flood does; at a new
//     address during one, the owner waits like a stranger.]
//
// Then the address's share of this process's hashing (checkAllowed), and
// for an address not yet known to the account a place in the strangers'
// lane, which runs at most half the CPUs' worth of their hashes at once.
// Tokens are taken before the hash, so guesses sent at once cannot all
// find the last one there: from one address at most WrongFromAddress
// hashes of one account run at once. A bucket that refused is remembered
// by this process until it has a token again (guard.empty), so a guess
// that cannot be checked is refused at once, without a word to the
// store (but for one that waits for checks under way: busyWait): a
// flood's guesses do not queue before the owner's commands for the
// store's connections.
func (s *Server) auth(ctx context.Context, name, password string) error {
	hash, err := s.passwordHash(ctx, name)
	if errors.Is(err, errNotFound) {
		return statusErr(http.StatusNotFound, "unknown user %s", name)
	}
	if err != nil {
		return err
	}
	l := s.limits
	addr := clientOf(ctx)
	from := addr
	if from == "" {
		from = "standard input"
	}
	pair := "wp:" + addr + " " + name
	known := addr == "" || s.knownPair(ctx, pair)
	if addr != "" {
		// The guesses that cannot be checked, refused before any word to
		// the store: the buckets they would take are known to be empty.
		now := s.now()
		refused := func(limit, key string, format string, a ...any) error {
			if w := s.guard.wait(key, now); w > 0 {
				return s.refuse(limit, tooMany(w, format, a...))
			}
			return nil
		}
		err := refused("wrong_passwords_per_address", "wa:"+addr, "too many wrong passwords from %s", addr)
		if err == nil && s.checksUnderWay(pair) == 0 {
			err = refused("wrong_passwords_from_address", pair, "too many wrong passwords for %s from %s", name, from)
		}
		if err == nil && !known && s.wrongLately(pair, now) {
			err = refused("wrong_passwords_per_account", "w:"+name, "too many wrong passwords for %s", name)
		} else if err == nil && !known {
			err = refused("new_address_checks", "wn:"+name, "too many password checks for %s from addresses new to it", name)
		}
		if err != nil {
			return err
		}
	}
	var held []taken
	fail := func(err error) error {
		s.giveBack(ctx, held)
		return err
	}
	if addr != "" {
		// (Standard input, the mail robot's door, has no address: it is
		// one address below, and has no share of its own across
		// accounts, since its mail comes from everyone.)
		if _, err := s.takeShared(ctx, &held, "wrong_passwords_per_address", "wa:"+addr, l.WrongPerAddress, l.WrongPerAddressEvery,
			"too many wrong passwords from %s", addr); err != nil {
			return fail(err)
		}
	}
	defer s.checking(pair)()
	var fresh bool
	for waited, poll := time.Duration(0), busyPoll; ; waited, poll = waited+poll, min(2*poll, busyPollMax) {
		// A retry, with no wrong password from the address lately, asks
		// the store: the checks holding the tokens may be another
		// server's on the same store, whose tokens come back there, not
		// in this process's memory of the empty bucket. (After a wrong
		// one, only this process's checks are waited for, and its memory
		// is asked.)
		take := s.takeShared
		if waited > 0 && !s.wrongLately(pair, s.now()) {
			take = s.takeStored
		}
		fresh, err = take(ctx, &held, "wrong_passwords_from_address", pair, l.WrongFromAddress, l.WrongFromAddressEvery,
			"too many wrong passwords for %s from %s", name, from)
		if err == nil {
			break
		}
		if errStatus(err).code != http.StatusTooManyRequests || s.checksUnderWay(pair) <= 1 && s.wrongLately(pair, s.now()) {
			return fail(err)
		}
		// The tokens are held by checks under way, which give them back
		// within a hash's time if they were right: wait for them rather
		// than refuse, so that right passwords sent at once all pass.
		if waited >= busyWait || ctx.Err() != nil {
			return fail(s.refuse("password_checks_at_once", tooMany(time.Second, "too many password checks for %s at once", name)))
		}
		time.Sleep(poll)
	}
	switch {
	case known:
		// The owner's lane: the account's buckets are the strangers'.
	case !fresh:
		if _, err := s.takeShared(ctx, &held, "wrong_passwords_per_account", "w:"+name, l.WrongPasswords, l.WrongPasswordEvery,
			"too many wrong passwords for %s", name); err != nil {
			return fail(err)
		}
	case !known:
		if _, err := s.takeShared(ctx, &held, "new_address_checks", "wn:"+name, l.NewAddressChecks, l.NewAddressCheckEvery,
			"too many password checks for %s from addresses new to it", name); err != nil {
			return fail(err)
		}
	}
	if err := s.checkAllowed(ctx); err != nil {
		return fail(err)
	}
	if !known {
		release, err := s.strangersLane(ctx, name)
		if err != nil {
			return fail(err)
		}
		defer release()
	}
	if s.compare([]byte(hash), []byte(password)) != nil {
		s.wrong(pair)
		return statusErr(http.StatusForbidden, "bad password for %s", name)
	}
	s.giveBack(ctx, held)
	if !known {
		s.rememberPair(ctx, pair)
	}
	return nil
}

// busyWait bounds how long a password check waits for the checks of the
// same account from the same address under way, polling every busyPoll
// at first, then twice as long each time up to busyPollMax: 17 polls in
// all, where one every busyPoll would be 200. A poll that asks the store
// is a store call, so a guess sent through a second server, which has
// seen none of the address's wrong passwords, costs that server 17 calls
// and busyWait before it is refused. The address's next guesses are then
// refused from memory, without a call, but for those sent while a check
// of the same account from it is still under way: each of them waits
// and polls the store the same way.
const (
	busyWait    = 2 * time.Second
	busyPoll    = 10 * time.Millisecond
	busyPollMax = 160 * time.Millisecond
)

// checking counts a password check under way for key (an address and an
// account) in this process, until the function it returns is called.
func (s *Server) checking(key string) func() {
	s.mu.Lock()
	s.underWay[key]++
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.underWay[key]--; s.underWay[key] == 0 {
			delete(s.underWay, key)
		}
	}
}

func (s *Server) checksUnderWay(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.underWay[key]
}

// checkAllowed spends one of the client address's password checks (this
// process's hashing time); the door that has no address (standard input,
// tests) is not limited.
func (s *Server) checkAllowed(ctx context.Context) error {
	addr := clientOf(ctx)
	if addr == "" {
		return nil
	}
	if w := s.checks.take(addr, s.now()); w > 0 {
		return s.refuse("password_checks", tooMany(w, "too many password checks from %s", addr))
	}
	return nil
}

func (s *Server) games(ctx context.Context, c command) (string, error) {
	if err := s.userExists(ctx, c.user); err != nil {
		return "", err
	}
	boards, err := s.store.UserBoards(ctx, c.user, s.limits.MaxListed+1)
	if err != nil {
		return "", err
	}
	waiting, err := s.store.Challenges(ctx, c.user, maxChallengesListed+1)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if len(boards) == 0 {
		fmt.Fprintf(&b, "%s has no games\n", c.user)
	}
	for i, bd := range boards {
		if i == s.limits.MaxListed {
			fmt.Fprintf(&b, "(only the newest %d boards are listed)\n", s.limits.MaxListed)
			break
		}
		fmt.Fprintf(&b, "%d %s\n", bd.ID, s.summary(bd))
	}
	// The boards that seat the user and that the user has not joined come
	// last, by number alone: anyone may challenge anyone, and a stranger's
	// challenges must not bury the games the user plays.
	if len(waiting) > 0 {
		var ids []string
		for _, id := range waiting[:min(len(waiting), maxChallengesListed)] {
			ids = append(ids, strconv.FormatInt(id, 10))
		}
		more := ""
		if len(waiting) > maxChallengesListed {
			more = " and older ones"
		}
		fmt.Fprintf(&b, "challenges %s has not joined (move, or accept one with GAME accept BOARD USER PASSWORD): boards %s%s\n",
			c.user, strings.Join(ids, ", "), more)
	}
	return b.String(), nil
}

// maxChallengesListed bounds the challenges "games USER" names.
const maxChallengesListed = 10

// summary is a board in one line for lists. A board that cannot be read
// is listed as damaged (and logged), and the list goes on.
func (s *Server) summary(bd *Board) string {
	head := fmt.Sprintf("%s (%s) %s: ", bd.Game, bd.Variant, strings.Join(bd.Players, " vs "))
	if bd.Damaged != "" {
		s.log.Printf("board %d: %s", bd.ID, bd.Damaged)
		return "damaged"
	}
	if bd.Over {
		return head + "over: " + bd.Result
	}
	p, err := decodeBoard(bd)
	if err != nil {
		s.log.Printf("%v", err)
		return head + "damaged"
	}
	return head + seatName(bd, p, p.ToMove()) + " to play"
}

func (s *Server) challenge(ctx context.Context, c command) (string, error) {
	w, ok := findWord(c.word)
	if !ok {
		return "", unknownGame(c.word)
	}
	variant, err := w.chooseVariant(c.options, len(c.users))
	if err != nil {
		return "", lineErr("%s challenge: %v", w.word, err)
	}
	if !slices.ContainsFunc(c.users, func(u string) bool { return !isBot(u) }) {
		return "", lineErr("%s challenge: a board needs at least one person, not bots only", w.word)
	}
	for i, u := range c.users {
		if isBot(u) {
			continue // a bot may hold several seats: it keeps no state
		}
		if slices.Contains(c.users[:i], u) {
			return "", lineErr("%s is challenged twice: every seat needs its own user", u)
		}
		if err := s.userExists(ctx, u); err != nil {
			return "", err
		}
	}
	info, _ := boardrules.Lookup(w.game)
	start, err := info.New(variant)
	if err != nil {
		// Not the engine's text, which starts "syntax error" and lists
		// the variants again.
		return "", lineErr("%s challenge: %s has no variant %s (%s)", w.word, w.game, quote(variant), w.variants())
	}
	if start.Players() != len(c.users) {
		return "", lineErr("%s %s is for %d players, %d users given", w.word, variant, start.Players(), len(c.users))
	}
	code, err := start.MarshalText()
	if err != nil {
		return "", err
	}
	addr := clientOf(ctx)
	b := &Board{Word: w.game, Game: w.game, Variant: variant, Players: c.users, Position: string(code), Created: s.now(), Creator: addr}
	b.Joined = botSeats(b) // a person joins with a command sent with their password
	// New boards are limited per address and on the whole server, in the
	// store, and per user and address in the transaction that adds the
	// board (below).
	var held []taken
	if addr != "" {
		l := s.limits
		if _, err := s.takeShared(ctx, &held, "boards_per_address", "ba:"+addr, l.NewBoards, l.NewBoardEvery,
			"too many new boards from %s", addr); err != nil {
			return "", err
		}
		if _, err := s.takeShared(ctx, &held, "boards_total", "b*", l.NewBoardsTotal, l.NewBoardTotalEvery,
			"too many new boards on this server just now"); err != nil {
			s.giveBack(ctx, held)
			return "", err
		}
	}
	// The per-user caps, checked for every user seated: challenges need no
	// password (pbmserv's syntax), so these bound what anyone can pile
	// onto someone else's name. They count the boards made from the
	// challenge's own address, so that a stranger's challenges use up the
	// stranger's share of a player's boards, never the share of the
	// player's friends. The store counts and inserts in one transaction,
	// serialised per user, so challenges sent at once cannot all pass a
	// count taken before any of them is stored.
	by := ""
	if addr != "" {
		by = " by challenges from " + addr
	}
	caps := func(u string, open, recent int) error {
		if isBot(u) {
			return nil // bots play any number of boards
		}
		if open >= s.limits.MaxOpenBoards {
			return s.refuse("board_quota", statusErr(http.StatusTooManyRequests, "%s already plays %d open boards%s, the most allowed: finish one first", u, open, by))
		}
		if recent >= s.limits.Challenges {
			return s.refuse("board_quota", tooMany(s.limits.ChallengeWindow, "%s was seated on %d new boards in the last %v%s, the most allowed", u, recent, s.limits.ChallengeWindow, by))
		}
		return nil
	}
	bounds := &boardCaps{since: s.now().Add(-s.limits.ChallengeWindow), user: caps}
	if addr != "" {
		// The bot games a requester may start are bounded by address
		// here, and by person when they join (change).
		bounds.bots = func(open int) error {
			if open >= s.limits.BotGamesPerAddress {
				return s.refuse("bot_games", statusErr(http.StatusTooManyRequests,
					"%d open boards against bots were made from %s, the most allowed: finish one first", open, addr))
			}
			return nil
		}
	}
	if b.ID, err = s.store.NewBoardWithin(context.WithoutCancel(ctx), b, bounds); err != nil {
		s.giveBack(ctx, held)
		return "", err
	}
	g := &game{b: b, pos: start}
	return fmt.Sprintf("board %d created\n", b.ID) + g.show(g.pos, g.b.Plies), nil
}

func unknownGame(word string) error {
	var words []string
	for _, w := range gameWords() {
		if w.alias == "" {
			words = append(words, w.word)
		}
	}
	return lineErr("unknown game %s (games: %s)", quote(word), strings.Join(words, ", "))
}

func (s *Server) board(ctx context.Context, c command) (string, error) {
	g, err := s.load(ctx, c.word, c.board)
	if err != nil {
		return "", err
	}
	if c.moveNo == 0 {
		return g.show(g.pos, g.b.Plies), nil
	}
	n := max(c.moveNo, 0) // -1 stands for #0, the start
	if n > g.b.Plies {
		return "", statusErr(http.StatusNotFound, "board %d has %d moves: no move #%d yet", c.board, g.b.Plies, n)
	}
	// A past position is replayed from the record: at most the game's
	// move limit of plays, one of the request's replays, stopped by its
	// deadline.
	if n > 0 {
		if err := s.spendReplay(ctx); err != nil {
			return "", err
		}
	}
	full, err := s.store.Board(ctx, c.board)
	if err != nil {
		return "", s.damagedOr(ctx, c.board, err)
	}
	p, err := replayPosition(ctx, full.Game, full.Variant, full.Moves[:min(n, len(full.Moves))])
	if err != nil {
		return "", s.damagedOr(ctx, c.board, err)
	}
	return g.show(p, n), nil
}

func (s *Server) history(ctx context.Context, c command) (string, error) {
	g, err := s.load(ctx, c.word, c.board)
	if err != nil {
		return "", err
	}
	if err := s.spendReplay(ctx); err != nil {
		return "", err
	}
	if err := s.replayed(ctx, g, true); err != nil {
		return "", err
	}
	return g.record().Format(), nil
}

// change runs the commands that change a board. It reads the board, checks
// the command against it and writes the board back under the version it
// read; when another command got there first it starts again, so every
// check holds against the state the change is written over.
func (s *Server) change(ctx context.Context, c command) (string, error) {
	switch c.verb {
	case "move", "resign", "propose", "accept", "reject":
	default:
		return "", lineErr("unknown command %s for %s; %s", quote(c.verb), c.word, sendHelp)
	}
	if err := s.auth(ctx, c.user, c.password); err != nil {
		return "", err
	}
	spent := false // the replay budget is charged once per command, retries or not
	for range maxRetries {
		// (Not waiting for a bot's owed move: a resignation goes through
		// while the bot thinks.)
		g, err := s.load(context.WithValue(ctx, waitKey{}, false), c.word, c.board)
		if err != nil {
			return "", err
		}
		seat := slices.Index(g.b.Players, c.user)
		if seat < 0 {
			return "", statusErr(http.StatusForbidden, "%s is not a player on board %d", c.user, c.board)
		}
		if g.b.Over {
			return "", statusErr(http.StatusConflict, "board %d is over: %s", c.board, g.b.Result)
		}
		var head, move string
		joining := g.b.Joined&(1<<seat) == 0
		switch c.verb {
		case "accept":
			if g.b.DrawOffer == 0 && joining {
				head = fmt.Sprintf("%s accepts the challenge on board %d\n", c.user, c.board)
				break
			}
			head, err = g.drawOffer(c.verb, seat)
		case "move":
			if needsHistory(g.b) {
				if !spent {
					if err := s.spendReplay(ctx); err != nil {
						return "", err
					}
					spent = true
				}
				read := g.b.Version
				if err := s.replayed(ctx, g, false); err != nil {
					return "", err
				}
				if g.b.Version != read {
					// The board changed between the two reads (a
					// resignation, a move, an agreed draw): everything
					// checked above was checked against the old state, so
					// start again from the top rather than re-check here.
					continue
				}
			}
			head, move, err = g.move(c, seat, s.moveLimit(g.b))
		case "resign":
			head = g.resign(seat)
		case "propose":
			if err = noBotDraws(g.b); err == nil {
				head, err = g.drawOffer(c.verb, seat)
			}
		default:
			head, err = g.drawOffer(c.verb, seat)
		}
		if err != nil {
			return "", err
		}
		// (After the replay, which reads the board again.)
		g.b.Joined |= 1 << seat
		g.b.BotDue = botOwed(g)
		// A person joining a board with a bot (to move, or to let the bot
		// move) is held to the bot games one person may play at once.
		var check func(int) error
		if joining && botSeats(g.b) != 0 && (c.verb == "move" || c.verb == "accept") {
			check = func(games int) error {
				if games >= s.limits.BotGames {
					return s.refuse("bot_games", statusErr(http.StatusTooManyRequests,
						"%s already plays %d open games against bots, the most allowed: finish or resign one first", c.user, games))
				}
				return nil
			}
		}
		// The write is not cut short by the request's deadline or its
		// client's going: a commit interrupted half-way could be stored
		// and yet reported as not done. It is one short transaction; the
		// deadline stops the work before it.
		err = s.store.SaveJoining(context.WithoutCancel(ctx), g.b, move, c.user, check)
		if errors.Is(err, errConflict) {
			continue
		}
		if err != nil {
			return "", err
		}
		lines, g := s.askBots(ctx, g)
		return head + lines + g.show(g.pos, g.b.Plies), nil
	}
	return "", statusErr(http.StatusConflict, "board %d is busy, try again", c.board)
}

// game is a board with its current position, decoded from the stored
// position code; hist is its record replayed, only where a command needs
// it (history, and moves in a game whose rules look at the past).
type game struct {
	b    *Board
	pos  boardrules.Any
	hist *boardrules.History
}

// load reads a board for a command of a game word, without its moves.
func (s *Server) load(ctx context.Context, word string, id int64) (*game, error) {
	w, ok := findWord(word)
	if !ok {
		return nil, unknownGame(word)
	}
	g, err := s.loadBoard(ctx, id)
	if err != nil {
		return nil, err
	}
	if w.game != g.b.Game {
		return nil, lineErr("board %d is a %s game: use %s %s", id, g.b.Game, g.b.Game, "...")
	}
	if s.readBots(ctx, g) {
		return s.loadBoard(ctx, id)
	}
	return g, nil
}

// loadBoard reads a board and decodes its stored position: no replay, so
// the cost is the same at any move number.
func (s *Server) loadBoard(ctx context.Context, id int64) (*game, error) {
	b, err := s.store.BoardHead(ctx, id)
	if errors.Is(err, errNotFound) {
		return nil, statusErr(http.StatusNotFound, "no board %d", id)
	}
	if err != nil {
		if b == nil {
			return nil, s.storeErr(ctx, err)
		}
		return nil, s.damagedOr(ctx, id, err)
	}
	g := &game{b: b}
	return g, s.position(g)
}

// position sets g.pos from the stored position code. Every engine reads
// back the codes it writes, finished games included, so a code that does
// not decode is damage.
func (s *Server) position(g *game) error {
	p, err := decodeBoard(g.b)
	if err != nil {
		return s.logDamaged(err)
	}
	g.pos = p
	return nil
}

// decodeBoard reads a board's stored position code through the registry.
// The board's own game and variant names are trusted over what the code
// says (a code need not name every variant detail); a code of another
// game is damage.
func decodeBoard(b *Board) (boardrules.Any, error) {
	p, err := boardrules.Decode([]byte(b.Position))
	if err != nil {
		return nil, damaged(b.ID, err)
	}
	if p.Game() != b.Game {
		return nil, damaged(b.ID, fmt.Errorf("its position is a %s position", p.Game()))
	}
	return p, nil
}

// errDamaged is a board whose stored row cannot be trusted: its position
// code does not decode, or its record does not lead to it. It is reported
// (HTTP 500) and never played on; other boards are untouched.
type errDamaged struct {
	id  int64
	err error
}

func (e errDamaged) Error() string { return fmt.Sprintf("board %d is damaged: %v", e.id, e.err) }

func damaged(id int64, err error) error { return errDamaged{id, err} }

// damagedOr is the error of a board that did not read or replay: damage,
// unless the request's context ended meanwhile (its deadline, its client
// gone), which stopped the read or the replay and says nothing about the
// board.
func (s *Server) damagedOr(ctx context.Context, id int64, err error) error {
	if ended(ctx, err) {
		return s.ctxErr(ctx, err)
	}
	if serr := s.storeErr(ctx, err); errStatus(serr).code == http.StatusServiceUnavailable {
		return serr // the store is down: nothing says the board is damaged
	}
	return s.logDamaged(damaged(id, err))
}

// logDamaged logs the details and returns the reply players see.
func (s *Server) logDamaged(err error) error {
	var d errDamaged
	if !errors.As(err, &d) {
		return err
	}
	s.log.Printf("%v", err)
	return statusErr(http.StatusInternalServerError, "board %d is damaged and cannot be played; the server's keeper has the details", d.id)
}

// replayed reads g's moves and replays them, checking that they lead to
// the stored position: g.pos becomes the replayed position (which carries
// whatever history the engine keeps inside its positions), and with
// record also g.hist. Its cost grows with the game, which the game's move
// limit bounds.
func (s *Server) replayed(ctx context.Context, g *game, record bool) error {
	full, err := s.store.Board(ctx, g.b.ID)
	if err != nil {
		return s.damagedOr(ctx, g.b.ID, err)
	}
	// The board may have changed since g was read: go on with the state
	// read now, board and moves of one snapshot. A caller that checked
	// the first read (change) compares the versions and starts again
	// when they differ, since its checks held for the old state only.
	g.b = full
	var p boardrules.Any
	if record {
		g.hist, err = replay(ctx, full.Game, full.Variant, full.Moves)
		if err == nil {
			p = g.hist.Position()
		}
	} else {
		p, err = replayPosition(ctx, full.Game, full.Variant, full.Moves)
	}
	if err != nil {
		return s.damagedOr(ctx, g.b.ID, err)
	}
	code, err := p.MarshalText()
	if err != nil {
		return err
	}
	if string(code) != g.b.Position {
		return s.logDamaged(damaged(g.b.ID, fmt.Errorf("its moves lead to %q, the stored position is %q", code, g.b.Position)))
	}
	g.pos = p
	return nil
}

// variantStart is the start of a board's game and variant.
func variantStart(gameName, variant string) (boardrules.Any, error) {
	info, ok := boardrules.Lookup(gameName)
	if !ok {
		return nil, fmt.Errorf("game %q is not linked into this server", gameName)
	}
	return info.New(variant)
}

// replayPosition plays stored (canonical) moves from a variant's start,
// without keeping a History: the move path's replay, about half the cost.
// It stops when ctx ends (the request's deadline): a Crumble Play late in
// a game costs up to a few milliseconds, so the check, a few nanoseconds,
// is made before every move.
func replayPosition(ctx context.Context, gameName, variant string, moves []string) (boardrules.Any, error) {
	p, err := variantStart(gameName, variant)
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if p, err = p.Play(m); err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, m, err)
		}
	}
	return p, nil
}

// replay plays moves from a variant's start into a History, for the
// record; it stops when ctx ends, as replayPosition does.
func replay(ctx context.Context, gameName, variant string, moves []string) (*boardrules.History, error) {
	start, err := variantStart(gameName, variant)
	if err != nil {
		return nil, err
	}
	h := boardrules.NewHistory(start)
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := h.Play(m); err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, m, err)
		}
	}
	return h, nil
}

func (g *game) move(c command, seat, limit int) (head, canon string, err error) {
	n := g.b.Plies
	if c.moveNo != 0 && c.moveNo != n+1 {
		return "", "", statusErr(http.StatusConflict, "wrong move number: #%d given, the next move on board %d is #%d", c.moveNo, c.board, n+1)
	}
	p := g.pos
	if int(p.ToMove()) != seat {
		return "", "", statusErr(http.StatusConflict, "not your turn: move #%d on board %d is %s's", n+1, c.board, seatName(g.b, p, p.ToMove()))
	}
	var after boardrules.Any
	if canon, err = p.ParseMove(c.move); err == nil {
		after = p.PlayUnchecked(canon)
	}
	if err != nil {
		switch {
		case errors.Is(err, boardrules.ErrSyntax):
			return "", "", lineErr("bad move %s: %s", quote(c.move), firstLine(err))
		case errors.Is(err, boardrules.ErrGameOver):
			return "", "", statusErr(http.StatusConflict, "board %d is over", c.board)
		default:
			return "", "", statusErr(http.StatusConflict, "illegal move %s: %s", quote(c.move), firstLine(err))
		}
	}
	code, err := after.MarshalText()
	if err != nil {
		return "", "", err
	}
	g.pos, g.b.Position, g.b.Plies = after, string(code), n+1
	if o := after.Outcome(); o.Status != boardrules.Ongoing {
		g.b.Over = true
		g.b.Result = outcomeText(g.b, after, o)
	} else if g.b.Plies >= limit {
		g.b.Over = true
		g.b.Termination = fmt.Sprintf("move limit (%d moves)", limit)
		g.b.Result = "draw: the move limit of " + strconv.Itoa(limit) + " moves is reached"
	}
	if g.b.Over {
		g.b.DrawOffer = 0 // a proposal ends with its game, as on resigning
	}
	return fmt.Sprintf("%s played %s (move #%d) on board %d\n", c.user, canon, n+1, c.board), canon, nil
}

// resign ends the game. With two players the other one wins. In a 3- or
// 4-player game the rules cannot take one army off the board, so a
// resignation ends the game for everyone, without a winner.
func (g *game) resign(seat int) string {
	b := g.b
	b.Over = true
	b.DrawOffer = 0
	who := seatName(b, g.pos, boardrules.Player(seat))
	b.Termination = who + " resigned"
	if len(b.Players) == 2 {
		b.Result = fmt.Sprintf("%s wins: %s resigned", seatName(b, g.pos, boardrules.Player(1-seat)), who)
	} else {
		b.Result = fmt.Sprintf("%s resigned, the game ends without a winner", who)
	}
	return fmt.Sprintf("%s resigned board %d\n", b.Players[seat], b.ID)
}

// drawOffer handles propose, accept and reject. A proposal stands until
// every player has accepted it (a draw for all) or one has rejected it;
// moves do not withdraw it. [Decision: pbmserv players answer by mail, days
// apart, and a proposal that lapsed with the next move would rarely be
// seen in time.]
func (g *game) drawOffer(verb string, seat int) (string, error) {
	b := g.b
	bit := uint8(1) << seat
	name := b.Players[seat]
	switch verb {
	case "propose":
		if b.DrawOffer != 0 {
			return "", lineErr("a draw is already proposed on board %d: accept or reject it", b.ID)
		}
		b.DrawOffer = bit
		return fmt.Sprintf("%s proposes a draw on board %d\n", name, b.ID), nil
	case "accept":
		if b.DrawOffer == 0 {
			return "", lineErr("no draw is proposed on board %d", b.ID)
		}
		if b.DrawOffer&bit != 0 {
			return "", lineErr("%s has already agreed to the draw on board %d", name, b.ID)
		}
		b.DrawOffer |= bit
		if b.DrawOffer != uint8(1)<<len(b.Players)-1 {
			return fmt.Sprintf("%s accepts the draw on board %d\n", name, b.ID), nil
		}
		b.Over = true
		b.DrawOffer = 0
		b.Termination = "draw agreed"
		b.Result = "draw agreed"
		return fmt.Sprintf("%s accepts the draw on board %d\n", name, b.ID), nil
	default: // reject
		if b.DrawOffer == 0 {
			return "", lineErr("no draw is proposed on board %d", b.ID)
		}
		b.DrawOffer = 0
		return fmt.Sprintf("%s rejects the draw on board %d\n", name, b.ID), nil
	}
}

// record is the game record: the library's Record from the history, with
// the board number, the players and the date as tags, and a Termination
// tag for a game ended off the board (the library records only results its
// rules produce).
func (g *game) record() boardrules.Record {
	r := g.hist.Record()
	if info, ok := boardrules.Lookup(g.b.Game); ok && r.Start == "" && !slices.Contains(info.Variants, g.b.Variant) {
		// A variant the engine builds but the registry does not list
		// (Crumble's "4x4", "8x8-white"): a reader of the record could not
		// rebuild its start from the name alone, so the record carries
		// the start's position code.
		if code, err := g.hist.Start().MarshalText(); err == nil {
			r.Start = string(code)
		}
	}
	if r.Tags == nil {
		r.Tags = map[string]string{}
	}
	r.Tags["Board"] = strconv.FormatInt(g.b.ID, 10)
	r.Tags["Event"] = "pbmserv " + g.b.Game
	for i, p := range g.b.Players {
		r.Tags["Seat"+strconv.Itoa(i)] = p
	}
	if !g.b.Created.IsZero() {
		r.Tags["Date"] = g.b.Created.UTC().Format("2006.01.02")
	}
	if g.b.Termination != "" && g.hist.Position().Outcome().Status == boardrules.Ongoing {
		r.Termination, r.Result = g.b.Termination, offBoardResult(g.b)
	}
	return r
}

// offBoardResult is the result marker of a game ended off the board: the
// other seat wins a two-player resignation, an agreed draw or the move
// limit draws, and a resignation of three or four players ends the game
// without a result ("*").
func offBoardResult(b *Board) string {
	players := len(b.Players)
	if b.Termination == "draw agreed" || strings.HasPrefix(b.Termination, "move limit") {
		return boardrules.ResultMarker(boardrules.Outcome{Status: boardrules.Draw}, players)
	}
	if players == 2 {
		// "alice (Black) resigned": the user before the seat's name, which
		// older boards wrote as "(seat 0)".
		for seat, name := range b.Players {
			if strings.HasPrefix(b.Termination, name+" (") && strings.HasSuffix(b.Termination, ") resigned") {
				return boardrules.ResultMarker(boardrules.Outcome{Status: boardrules.Win, Winner: boardrules.Player(1 - seat)}, players)
			}
		}
	}
	return "*"
}

// show is the board reply: a header naming the board and players, the
// board as the engine prints it (with coordinates where the engine's text
// has none: Crumble's), and whose turn it is or how it ended.
func (g *game) show(p boardrules.Any, moves int) string {
	b := g.b
	var s strings.Builder
	names := make([]string, len(b.Players))
	for i := range b.Players {
		names[i] = seatName(b, p, boardrules.Player(i))
	}
	fmt.Fprintf(&s, "board %d: %s (%s), %s\n", b.ID, b.Game, b.Variant, strings.Join(names, " vs "))
	if moves < b.Plies {
		fmt.Fprintf(&s, "as it was after move #%d of %d\n", moves, b.Plies)
	}
	s.WriteString(cli.Board(p) + "\n")
	s.WriteString(g.status(p, moves) + "\n")
	return s.String()
}

func (g *game) status(p boardrules.Any, moves int) string {
	b := g.b
	if o := p.Outcome(); o.Status != boardrules.Ongoing {
		return fmt.Sprintf("game over after %d moves: %s", moves, outcomeText(b, p, o))
	}
	if moves == b.Plies && b.Over {
		return fmt.Sprintf("game over after %d moves: %s", moves, b.Result)
	}
	line := fmt.Sprintf("move #%d: %s to play", moves+1, seatName(b, p, p.ToMove()))
	if moves == b.Plies {
		if botOwed(g) {
			line += ", thinking"
		} else if _, _, ok := botToMove(g); ok {
			line += fmt.Sprintf(" once a player joins (%s accept %d USER PASSWORD)", b.Game, b.ID)
		}
	}
	if moves == b.Plies && b.DrawOffer != 0 {
		var agreed, waiting []string
		for i, name := range b.Players {
			if b.DrawOffer&(1<<i) != 0 {
				agreed = append(agreed, name)
			} else {
				waiting = append(waiting, name)
			}
		}
		line += fmt.Sprintf("\ndraw proposed, agreed by %s, waiting for %s", strings.Join(agreed, ", "), strings.Join(waiting, ", "))
	}
	return line
}

// outcomeText is an end by the rules in words, naming the winner by user
// and seat: "bob (White) wins: king captured on G2".
func outcomeText(b *Board, p boardrules.Any, o boardrules.Outcome) string {
	text := "draw"
	if o.Status == boardrules.Win {
		text = seatName(b, p, o.Winner) + " wins"
	}
	if o.Reason != "" {
		text += ": " + o.Reason
	}
	return text
}

// seatName names a seat for a person: its user and the seat's name in the
// game's own words, "alice (Black)". The seat's number is shown only for an
// engine that has no name for it.
func seatName(b *Board, p boardrules.Any, seat boardrules.Player) string {
	name := ""
	if p != nil && seat >= 0 && int(seat) < p.Players() {
		name = p.SeatName(seat)
	}
	if name == "" {
		name = fmt.Sprintf("seat %d", seat)
	}
	if seat < 0 || int(seat) >= len(b.Players) {
		return name
	}
	return b.Players[seat] + " (" + name + ")"
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}
