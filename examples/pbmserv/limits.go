package main

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"sync"
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
}

type bucket struct {
	tokens float64
	last   time.Time
}

const maxKeys = 100_000

func newLimiter(burst int, every time.Duration) *limiter {
	return &limiter{burst: float64(burst), every: every, m: map[string]*bucket{}}
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

// wait is how long until key has a token; 0 when it has one now.
func (l *limiter) wait(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key, now)
	if b.tokens >= 1 {
		return 0
	}
	return time.Duration((1 - b.tokens) * float64(l.every))
}

// take spends one of key's tokens if it has one, else says how long to wait.
func (l *limiter) take(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key, now)
	if b.tokens >= 1 {
		b.tokens--
		return 0
	}
	return time.Duration((1 - b.tokens) * float64(l.every))
}

// spend takes a token even when there is none (the bucket goes below
// zero): a wrong password is counted however fast it came.
func (l *limiter) spend(key string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.refill(key, now).tokens--
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
