package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Limits bound what one request, one client and one user can make the
// server do. Zero fields take the defaults of DefaultLimits.
type Limits struct {
	// MaxCommands is the most command lines one HTTP request may carry.
	MaxCommands int
	// MaxReply is the most bytes of replies one HTTP request gets; the
	// commands after the one that passes it are not run.
	MaxReply int
	// MaxOpenBoards is the most boards not over that may seat one user: a
	// challenge that would pass it is refused.
	MaxOpenBoards int
	// Challenges is how many new boards may seat one user per
	// ChallengeWindow.
	Challenges      int
	ChallengeWindow time.Duration
	// WrongPasswords is how many wrong passwords an account takes before
	// further checks wait: one more every WrongPasswordEvery.
	WrongPasswords     int
	WrongPasswordEvery time.Duration
	// PasswordChecks is how many password checks (bcrypt, for a move or a
	// registration) one client address may start at once, then one more
	// every PasswordCheckEvery. Commands on standard input have no address.
	PasswordChecks     int
	PasswordCheckEvery time.Duration
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
}

// DefaultLimits are generous for people playing by mail or on the page and
// tight for a script: at bcrypt cost 10 a password check takes about 55 ms
// of one core, so 5 per second from one address is a quarter of a
// two-core machine.
var DefaultLimits = Limits{
	MaxCommands:        100,
	MaxReply:           1 << 20,
	MaxOpenBoards:      100,
	Challenges:         30,
	ChallengeWindow:    time.Hour,
	WrongPasswords:     10,
	WrongPasswordEvery: 6 * time.Second,
	PasswordChecks:     20,
	PasswordCheckEvery: 200 * time.Millisecond,
	MaxListed:          200,
	RequestTime:        10 * time.Second,
	MaxReplays:         10,
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
	set(&l.WrongPasswords, d.WrongPasswords)
	setD(&l.WrongPasswordEvery, d.WrongPasswordEvery)
	set(&l.PasswordChecks, d.PasswordChecks)
	setD(&l.PasswordCheckEvery, d.PasswordCheckEvery)
	set(&l.MaxListed, d.MaxListed)
	setD(&l.RequestTime, d.RequestTime)
	set(&l.MaxReplays, d.MaxReplays)
	return l
}

// limiter is a token bucket per key (an account, a client address): burst
// tokens, one more every `every`. Memory is bounded: when it holds
// maxKeys buckets it forgets the full ones, which are the same as absent.
type limiter struct {
	mu    sync.Mutex
	burst float64
	every time.Duration
	m     map[string]*bucket
	held  map[string]int // tokens reserved and not yet given back or kept
}

type bucket struct {
	tokens float64
	last   time.Time
}

const maxKeys = 100_000

func newLimiter(burst int, every time.Duration) *limiter {
	return &limiter{burst: float64(burst), every: every, m: map[string]*bucket{}, held: map[string]int{}}
}

// refill brings a key's bucket up to now; the caller holds mu.
func (l *limiter) refill(key string, now time.Time) *bucket {
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
	return b
}

// take spends one of key's tokens if it has one, else says how long to wait.
func (l *limiter) take(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.takeLocked(key, now)
}

// takeLocked is take for a caller that holds mu.
func (l *limiter) takeLocked(key string, now time.Time) time.Duration {
	b := l.refill(key, now)
	if b.tokens >= 1 {
		b.tokens--
		return 0
	}
	return time.Duration((1 - b.tokens) * float64(l.every))
}

// reserve is take for work whose cost is known only at its end (a
// password check: a wrong one costs the token, a right one not): the token
// is held until give returns it or keep spends it. busy tells a refusal
// caused by tokens still held (checks under way, which may give them
// back) from one of tokens spent.
func (l *limiter) reserve(key string, now time.Time) (wait time.Duration, busy bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if wait = l.takeLocked(key, now); wait == 0 {
		l.held[key]++
	}
	return wait, wait > 0 && l.held[key] > 0
}

// give returns a reserved token for work that turned out not to count (a
// password that was right, a check refused elsewhere), up to the burst.
// A bucket forgotten meanwhile (it was full) stays forgotten.
func (l *limiter) give(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.release(key)
	if b, ok := l.m[key]; ok {
		b.tokens = math.Min(l.burst, b.tokens+1)
	}
}

// keep spends a reserved token: the work counted (a wrong password).
func (l *limiter) keep(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.release(key)
}

// release ends a reservation; the caller holds mu.
func (l *limiter) release(key string) {
	if l.held[key]--; l.held[key] <= 0 {
		delete(l.held, key)
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
// command (413, like the request's other limits) when none is left. A
// context without a budget (standard input, one command a line) is not
// limited: each of its commands replays at most once.
func (s *Server) spendReplay(ctx context.Context) error {
	b, ok := ctx.Value(budgetKey{}).(*atomic.Int64)
	if !ok || b.Add(-1) >= 0 {
		return nil
	}
	return statusErr(http.StatusRequestEntityTooLarge,
		"not run: one request may replay a game's record at most %d times (history, board N#k, Crumble moves); send the rest in another request", s.limits.MaxReplays)
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
