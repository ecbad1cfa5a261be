package main

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// What this process remembers of the password checks, so that a flood of
// guesses costs the store, and the owner's commands queued for it, as
// little as can be: the hashes read, the store's buckets seen empty, the
// addresses that gave an account's right password or a wrong one lately,
// and the lane of the hashes of strangers. Each map is bounded
// (maxKeys): when full, its stale entries go, and if none is stale it
// starts again empty, which forgets only what the store still knows.

// guard is the Server's memory of password checks.
type guard struct {
	mu     sync.Mutex
	hashes map[string]string    // user -> bcrypt hash; a user's hash never changes
	empty  map[string]time.Time // store bucket key -> when it has a token again
	known  map[string]knownPair // "wp:ADDR USER" -> whether ADDR gave USER's right password lately
	wrongs map[string]time.Time // "wp:ADDR USER" -> when ADDR last sent a wrong password for USER
	lane   chan struct{}        // the strangers' hashes under way
}

type knownPair struct {
	known bool
	until time.Time // when to ask the store again
}

const (
	// knownFor is how long an address that gave an account's right
	// password stays the owner's lane.
	knownFor = 30 * 24 * time.Hour
	// unknownFor is how long this process believes the store's "not
	// known" for an address before asking again (another server may have
	// seen the right password from it meanwhile).
	unknownFor = 10 * time.Second
)

func newGuard() *guard {
	return &guard{hashes: map[string]string{}, empty: map[string]time.Time{}, known: map[string]knownPair{},
		wrongs: map[string]time.Time{}, lane: make(chan struct{}, max(1, runtime.NumCPU()/2))}
}

// bounded makes room in m for one more key: when it holds maxKeys, the
// entries stale by now go, and if none does, all of them.
func bounded[V any](m map[string]V, stale func(V) bool) {
	if len(m) < maxKeys {
		return
	}
	for k, v := range m {
		if stale(v) {
			delete(m, k)
		}
	}
	if len(m) >= maxKeys {
		clear(m)
	}
}

// passwordHash is the store's PasswordHash, read once per user.
func (s *Server) passwordHash(ctx context.Context, name string) (string, error) {
	g := s.guard
	g.mu.Lock()
	h, ok := g.hashes[name]
	g.mu.Unlock()
	if ok {
		return h, nil
	}
	h, err := s.store.PasswordHash(ctx, name)
	if err != nil {
		return "", err
	}
	g.mu.Lock()
	bounded(g.hashes, func(string) bool { return false })
	g.hashes[name] = h
	g.mu.Unlock()
	return h, nil
}

// wait is how long the store's bucket key is known to have no token.
func (g *guard) wait(key string, now time.Time) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.empty[key].Sub(now)
}

// emptyUntil remembers that key has no token until then.
func (g *guard) emptyUntil(key string, then time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now()
	bounded(g.empty, func(t time.Time) bool { return !t.After(now) })
	g.empty[key] = then
}

// refilled forgets what was known of key: a token was given back to it.
func (g *guard) refilled(key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.empty, key)
}

// knownPair reports whether the address of pair ("wp:ADDR USER") gave
// USER's right password lately: in this process's memory, else in the
// store (a mark in its limits table, shared by the servers on it).
func (s *Server) knownPair(ctx context.Context, pair string) bool {
	g := s.guard
	now := s.now()
	g.mu.Lock()
	k, ok := g.known[pair]
	g.mu.Unlock()
	if ok && now.Before(k.until) {
		return k.known
	}
	known, err := s.store.Marked(ctx, "ok:"+pair, now)
	if err != nil {
		return false // a stranger, for now: the store will say
	}
	k = knownPair{known: known, until: now.Add(unknownFor)}
	if known {
		k.until = now.Add(time.Hour)
	}
	g.mu.Lock()
	bounded(g.known, func(k knownPair) bool { return !now.Before(k.until) })
	g.known[pair] = k
	g.mu.Unlock()
	return known
}

// rememberPair marks pair's address as one that gave the account's right
// password: its checks take the owner's lane from now on.
func (s *Server) rememberPair(ctx context.Context, pair string) {
	now := s.now()
	if err := s.store.Mark(context.WithoutCancel(ctx), "ok:"+pair, now.Add(knownFor)); err != nil {
		s.log.Printf("remembering %s: %v", pair, err)
		return
	}
	g := s.guard
	g.mu.Lock()
	defer g.mu.Unlock()
	bounded(g.known, func(k knownPair) bool { return !now.Before(k.until) })
	g.known[pair] = knownPair{known: true, until: now.Add(time.Hour)}
	delete(g.wrongs, pair)
}

// wrong remembers a wrong password from pair's address.
func (s *Server) wrong(pair string) {
	g := s.guard
	now := s.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	every := s.limits.WrongFromAddressEvery
	bounded(g.wrongs, func(t time.Time) bool { return now.Sub(t) >= every })
	g.wrongs[pair] = now
}

// wrongLately reports whether pair's address sent a wrong password within
// Limits.WrongFromAddressEvery: its bucket cannot be full again yet, so
// its next check takes the account's bucket.
func (s *Server) wrongLately(pair string, now time.Time) bool {
	g := s.guard
	g.mu.Lock()
	defer g.mu.Unlock()
	t, ok := g.wrongs[pair]
	return ok && now.Sub(t) < s.limits.WrongFromAddressEvery
}

// strangersLane waits for a place among the hashes of addresses not known
// to their account (at most half the CPUs' worth at once, so that the
// owners' hashes always find a core), at most busyWait, and returns the
// function that frees it.
func (s *Server) strangersLane(ctx context.Context, name string) (func(), error) {
	lane := s.guard.lane
	t := time.NewTimer(busyWait)
	defer t.Stop()
	select {
	case lane <- struct{}{}:
		return func() { <-lane }, nil
	case <-t.C:
	case <-ctx.Done():
		return nil, s.ctxErr(ctx, ctx.Err())
	}
	return nil, s.refuse("password_checks_at_once", tooMany(time.Second,
		"too many password checks under way from addresses new to %s", name))
}
