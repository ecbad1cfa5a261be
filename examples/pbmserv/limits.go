package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardrules/boardrules/examples/bots"
)

// Limits bound what one request, one client and one user can make the
// server do. Zero fields take the defaults of DefaultLimits.
//
// The limits that count what a stranger could turn against a player
// (wrong passwords, new users, new boards) are kept in the store (Store.Take),
// so that servers sharing a database count together and a restart
// forgets nothing; the limits that ration this process's own work (hashes
// run, requests, replays) are counted in the process. A client's address
// is its limit key: an IPv4 address, or an IPv6 /64 (one host's usual
// share), so that one host cannot pass for many.
type Limits struct {
	// MaxCommands is the most command lines one HTTP request may carry.
	MaxCommands int
	// MaxReply is the most bytes of replies one HTTP request gets; the
	// commands after the one that passes it are not run.
	MaxReply int
	// MaxOpenBoards is the most boards not over that may seat one user
	// and were made by challenges from one address: a challenge that
	// would pass it is refused. Challenges is how many new boards made
	// from one address may seat one user per ChallengeWindow. Both count
	// per address, so that challenges from others cannot use up the
	// quota of a player's friends.
	MaxOpenBoards   int
	Challenges      int
	ChallengeWindow time.Duration
	// NewBoards is how many boards the challenges from one address may
	// make at once, then one every NewBoardEvery; NewBoardsTotal and
	// NewBoardTotalEvery bound the whole server's.
	NewBoards, NewBoardsTotal         int
	NewBoardEvery, NewBoardTotalEvery time.Duration
	// Registrations is how many users one address may register at once,
	// then one every RegistrationEvery; RegistrationsTotal and
	// RegistrationTotalEvery bound the whole server's.
	Registrations, RegistrationsTotal         int
	RegistrationEvery, RegistrationTotalEvery time.Duration
	// WrongPasswords is how many wrong passwords an account takes from
	// the addresses that have guessed wrong for it lately, then one check
	// every WrongPasswordEvery; an address with no wrong password for the
	// account lately (the owner's, usually) is not held by it.
	WrongPasswords     int
	WrongPasswordEvery time.Duration
	// WrongFromAddress is how many wrong passwords one address may send
	// for one account, then one every WrongFromAddressEvery; it is also
	// the time after which a mistyping owner is again an address with no
	// wrong password lately.
	WrongFromAddress      int
	WrongFromAddressEvery time.Duration
	// NewAddressChecks is how many password checks an account takes from
	// the addresses with no wrong password for it lately that have never
	// given its right password, then one every NewAddressCheckEvery: a
	// guess from each of many fresh addresses is still the account's.
	NewAddressChecks     int
	NewAddressCheckEvery time.Duration
	// WrongPerAddress is how many wrong passwords one address may send
	// for all accounts together, then one every WrongPerAddressEvery.
	WrongPerAddress      int
	WrongPerAddressEvery time.Duration
	// PasswordChecks is how many password checks (bcrypt, for a move or a
	// registration) one client address may start at once, then one more
	// every PasswordCheckEvery: this process's hashing time. Commands on
	// standard input have no address.
	PasswordChecks     int
	PasswordCheckEvery time.Duration
	// Requests is how many HTTP requests one address may send at once,
	// then one every RequestEvery (health checks and metrics included).
	Requests     int
	RequestEvery time.Duration
	// Replays is how many replays of a game's record (MaxReplays) one
	// address may ask for at once, then one every ReplayEvery.
	Replays     int
	ReplayEvery time.Duration
	// MaxListed is the most boards "games USER" lists, newest first.
	MaxListed int
	// MaxMoves, when set, replaces every game's own move limit.
	MaxMoves int
	// RequestTime is the time one HTTP request's work may take, from the
	// end of its headers: commands not started by then are not run, and a
	// replay under way stops (serveHTTP holds it under the write timeout,
	// so that the reply saying so still reaches the client).
	RequestTime time.Duration
	// MaxReplays is how many replays of a game's record one HTTP request
	// may ask for: history, "board N#k" and moves on Crumble boards with
	// the draw rules each cost one. The commands beyond it are refused.
	MaxReplays int
	// BotSearches is how many bot searches this process runs at once:
	// the bots' workers, which take the owed moves from a queue of at
	// most BotQueue boards, fairly between requesters (botWork); one
	// fewer than the CPUs by default, so that requests keep a core. BotTime
	// caps each search's time (the game's default count ends it sooner
	// where it can).
	BotSearches int
	BotQueue    int
	BotTime     time.Duration
	// BotGames is how many boards not over that seat a bot one person
	// may have joined: a move or an accept that would join one more is
	// refused. BotGamesPerAddress is how many such boards the challenges
	// from one address may have made. Both are counted in the store.
	BotGames, BotGamesPerAddress int
	// StatusEvery is how long GET /healthz and GET /metrics answer from
	// their last ping of the store and their last gathering of the
	// metrics: at most one of each per StatusEvery, however many ask.
	StatusEvery time.Duration
}

// DefaultLimits are generous for people playing by mail or on the page and
// tight for a script: at bcrypt cost 10 a password check takes about 55 ms
// of one core, so 5 per second from one address is a quarter of a
// two-core machine. Wrong passwords: an address may try 5 for one
// account, then one per 20 s (and 20 for all accounts, then one per 30
// s); the addresses that guessed wrong share 10 per account, then one
// per 6 s. New users: 10 per address, then one per 6 min; 100 on the
// server, then one per second. New boards: 30 per address, then one per
// 2 min; 300 on the server, then 2 per second; a user sits at most at 100
// open boards and 30 new ones per hour made from one address.
// Requests: 100 per address, then 50 per second; replays: 30, then 2 per
// second.
var DefaultLimits = Limits{
	MaxCommands:            100,
	MaxReply:               1 << 20,
	MaxOpenBoards:          100,
	Challenges:             30,
	ChallengeWindow:        time.Hour,
	NewBoards:              30,
	NewBoardEvery:          2 * time.Minute,
	NewBoardsTotal:         300,
	NewBoardTotalEvery:     500 * time.Millisecond,
	Registrations:          10,
	RegistrationEvery:      6 * time.Minute,
	RegistrationsTotal:     100,
	RegistrationTotalEvery: time.Second,
	WrongPasswords:         10,
	WrongPasswordEvery:     6 * time.Second,
	WrongFromAddress:       5,
	WrongFromAddressEvery:  20 * time.Second,
	NewAddressChecks:       10,
	NewAddressCheckEvery:   6 * time.Second,
	WrongPerAddress:        20,
	WrongPerAddressEvery:   30 * time.Second,
	PasswordChecks:         20,
	PasswordCheckEvery:     200 * time.Millisecond,
	Requests:               100,
	RequestEvery:           20 * time.Millisecond,
	Replays:                30,
	ReplayEvery:            500 * time.Millisecond,
	MaxListed:              200,
	RequestTime:            10 * time.Second,
	MaxReplays:             10,
	BotSearches:            max(1, runtime.NumCPU()-1),
	BotQueue:               1024,
	BotTime:                bots.DefaultTime,
	BotGames:               10,
	BotGamesPerAddress:     20,
	StatusEvery:            time.Second,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	set := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	setD := func(v *time.Duration, def time.Duration) {
		if *v == 0 {
			*v = def
		}
	}
	set(&l.MaxCommands, d.MaxCommands)
	set(&l.MaxReply, d.MaxReply)
	set(&l.MaxOpenBoards, d.MaxOpenBoards)
	set(&l.Challenges, d.Challenges)
	setD(&l.ChallengeWindow, d.ChallengeWindow)
	set(&l.NewBoards, d.NewBoards)
	setD(&l.NewBoardEvery, d.NewBoardEvery)
	set(&l.NewBoardsTotal, d.NewBoardsTotal)
	setD(&l.NewBoardTotalEvery, d.NewBoardTotalEvery)
	set(&l.Registrations, d.Registrations)
	setD(&l.RegistrationEvery, d.RegistrationEvery)
	set(&l.RegistrationsTotal, d.RegistrationsTotal)
	setD(&l.RegistrationTotalEvery, d.RegistrationTotalEvery)
	set(&l.WrongPasswords, d.WrongPasswords)
	setD(&l.WrongPasswordEvery, d.WrongPasswordEvery)
	set(&l.WrongFromAddress, d.WrongFromAddress)
	setD(&l.WrongFromAddressEvery, d.WrongFromAddressEvery)
	set(&l.NewAddressChecks, d.NewAddressChecks)
	setD(&l.NewAddressCheckEvery, d.NewAddressCheckEvery)
	set(&l.WrongPerAddress, d.WrongPerAddress)
	setD(&l.WrongPerAddressEvery, d.WrongPerAddressEvery)
	set(&l.PasswordChecks, d.PasswordChecks)
	setD(&l.PasswordCheckEvery, d.PasswordCheckEvery)
	set(&l.Requests, d.Requests)
	setD(&l.RequestEvery, d.RequestEvery)
	set(&l.Replays, d.Replays)
	setD(&l.ReplayEvery, d.ReplayEvery)
	set(&l.MaxListed, d.MaxListed)
	setD(&l.RequestTime, d.RequestTime)
	set(&l.MaxReplays, d.MaxReplays)
	set(&l.BotSearches, d.BotSearches)
	set(&l.BotQueue, d.BotQueue)
	setD(&l.BotTime, d.BotTime)
	set(&l.BotGames, d.BotGames)
	set(&l.BotGamesPerAddress, d.BotGamesPerAddress)
	setD(&l.StatusEvery, d.StatusEvery)
	return l
}

// limiter is a token bucket per key (a client address) in this process:
// burst tokens, one more every `every`. It rations this process's own
// work (hashes, requests, replays), which is not shared with other
// servers. Memory is bounded: when it holds maxKeys buckets it forgets
// the full ones, which are the same as absent.
type limiter struct {
	mu    sync.Mutex
	burst float64
	every time.Duration
	m     map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

const maxKeys = 100_000

func newLimiter(burst int, every time.Duration) *limiter {
	return &limiter{burst: float64(burst), every: every, m: map[string]*bucket{}}
}

// take spends one of key's tokens if it has one, else says how long to wait.
func (l *limiter) take(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.m[key]
	if !ok {
		if len(l.m) >= maxKeys {
			for k, o := range l.m {
				if o.tokens+float64(now.Sub(o.last))/float64(l.every) >= l.burst {
					delete(l.m, k)
				}
			}
		}
		b = &bucket{tokens: l.burst, last: now}
		l.m[key] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.every))
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return 0
	}
	return time.Duration((1 - b.tokens) * float64(l.every))
}

// taken is a token spent from a bucket in the store, to be given back
// when the work turns out not to count.
type taken struct {
	key   string
	every time.Duration
}

// takeShared spends a token of a bucket in the store; a refusal is the
// error of the limit named, its text from msg (": try again in N s" is
// added). The token is appended to *held, for giveBack.
func (s *Server) takeShared(ctx context.Context, held *[]taken, limit, key string, burst int, every time.Duration, msg string, a ...any) (fresh bool, err error) {
	if wait := s.guard.wait(key, s.now()); wait > 0 {
		// Refused a moment ago, and no token given back since: refused
		// again without a word to the store.
		return false, s.refuse(limit, tooMany(wait, msg, a...))
	}
	return s.takeStored(ctx, held, limit, key, burst, every, msg, a...)
}

// takeStored is takeShared asking the store whatever this process
// remembers of the bucket: tokens given back through another server
// sharing the store are there, not in this process's memory.
func (s *Server) takeStored(ctx context.Context, held *[]taken, limit, key string, burst int, every time.Duration, msg string, a ...any) (fresh bool, err error) {
	now := s.now()
	wait, fresh, err := s.store.Take(ctx, key, burst, every, now)
	if err != nil {
		return false, err
	}
	if wait > 0 {
		s.guard.emptyUntil(key, now.Add(wait))
		return false, s.refuse(limit, tooMany(wait, msg, a...))
	}
	*held = append(*held, taken{key, every})
	return fresh, nil
}

// giveBack returns tokens taken for work that did not count. It is not
// cut short by the request's end: a token must not be lost to a client
// that went away.
func (s *Server) giveBack(ctx context.Context, held []taken) {
	ctx = context.WithoutCancel(ctx)
	for _, t := range held {
		if err := s.store.Give(ctx, t.key, t.every); err != nil {
			s.log.Printf("giving back a token of %s: %v", t.key, err)
		}
		// Forgotten once the token is back: a check waiting for it that
		// asked the store in between would remember the bucket empty
		// again, past the token's return.
		s.guard.refilled(t.key)
	}
}

// seconds rounds a wait up to whole seconds for a reply.
func seconds(d time.Duration) int { return int(math.Ceil(d.Seconds())) }

// clientKey is the context key of the client's address.
type clientKey struct{}

// withClient tells the core who sent the commands run under ctx: the
// address the per-address limits count against.
func withClient(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, clientKey{}, addr)
}

func clientOf(ctx context.Context) string {
	a, _ := ctx.Value(clientKey{}).(string)
	return a
}

// tooMany is the error of a limit: HTTP 429, with the wait in seconds.
func tooMany(wait time.Duration, format string, a ...any) error {
	return errLine{msg: fmt.Sprintf(format, a...) + fmt.Sprintf(": try again in %d s", seconds(wait)),
		status: http.StatusTooManyRequests, retry: seconds(wait)}
}

// budgetKey is the context key of a request's replay budget.
type budgetKey struct{}

// withBudget gives the commands run under ctx n replays in all: one HTTP
// request's budget, shared by its commands.
func withBudget(ctx context.Context, n int) context.Context {
	b := new(atomic.Int64)
	b.Store(int64(n))
	return context.WithValue(ctx, budgetKey{}, b)
}

// spendReplay takes one replay from the request's budget, or refuses the
// command (413, like the request's other limits) when none is left, and
// one from the client address's (429). A context without a budget
// (standard input, one command a line) is not limited: each of its
// commands replays at most once.
func (s *Server) spendReplay(ctx context.Context) error {
	b, ok := ctx.Value(budgetKey{}).(*atomic.Int64)
	if !ok {
		return nil
	}
	if b.Add(-1) < 0 {
		return s.refuse("replays_per_request", statusErr(http.StatusRequestEntityTooLarge,
			"not run: one request may replay a game's record at most %d times (history, board N#k, Crumble moves); send the rest in another request", s.limits.MaxReplays))
	}
	if addr := clientOf(ctx); addr != "" {
		if w := s.replays.take(addr, s.now()); w > 0 {
			return s.refuse("replays", tooMany(w, "not run: too many replays of game records from %s", addr))
		}
	}
	return nil
}

// errTimeUp is the reply to a command that the request's deadline
// stopped, or did not let start: nothing it would have changed is stored.
// 503: the server could not do it in the time it gives a request.
func (s *Server) errTimeUp() error {
	return statusErr(http.StatusServiceUnavailable, "not done: the request's time limit is reached; this command changed nothing")
}

// ctxErr is err, or the reply for a context that has ended when err came
// (a store call cut short, a replay stopped): the deadline's error, or the
// client's going. It keeps a cut-short read from passing for a damaged
// board or an internal error.
func (s *Server) ctxErr(ctx context.Context, err error) error {
	switch {
	case err == nil || !ended(ctx, err):
		return err
	case errors.Is(context.Cause(ctx), errShuttingDown):
		return statusErr(http.StatusServiceUnavailable, "not done: the server is shutting down; this command changed nothing")
	case errors.Is(ctx.Err(), context.Canceled):
		return errGone
	default:
		return s.errTimeUp()
	}
}

// ended reports whether ctx has ended, or err says that its deadline was
// reached: a database driver that sets the context's deadline on its
// socket (pgx, dialling) can time out before the context's own timer has
// fired, and its error must not pass for damage or an internal error.
func ended(ctx context.Context, err error) bool {
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}

// errShuttingDown is the cause of the requests' contexts when the server's
// grace period at shutdown is over: their commands not yet done are
// answered 503 rather than dropped.
var errShuttingDown = errors.New("the server is shutting down")

// errGone is the error of a command whose client has gone: nothing is
// written back (statusGone).
var errGone = errLine{msg: "request cancelled", status: statusGone}
