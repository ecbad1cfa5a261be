package main

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestConcurrentGuesses: wrong passwords sent at once for one account
// (from ten addresses, within each address's burst) run no more hashes
// than the account's limit. Each hash is slowed so that all the guesses
// are in flight together, as they are on a real server where bcrypt
// takes 55 ms. The right password, once the guessing is over and the
// account's tokens are back, still works and gives its token back.
func TestConcurrentGuesses(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	clock := time.Now()
	s.now = func() time.Time { return clock }
	var hashes atomic.Int32
	compare := s.compare
	s.compare = func(hash, pw []byte) error {
		hashes.Add(1)
		time.Sleep(20 * time.Millisecond)
		return compare(hash, pw)
	}
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumble challenge alice bob")
	const n = 200
	replies := atOnce(s, n, func(i int) (context.Context, string) {
		return withClient(context.Background(), fmt.Sprintf("10.0.0.%d", i%10)), fmt.Sprintf("tumble move 1 alice guess%d A1-B1", i)
	})
	if h := hashes.Load(); h > int32(s.limits.WrongPasswords) {
		t.Errorf("%d guesses at once ran %d hashes, the account limit is %d (replies %v)", n, h, s.limits.WrongPasswords, replies)
	}
	if c := replies["error: bad password for alice"]; c != s.limits.WrongPasswords {
		t.Errorf("%d bad-password replies, want %d (replies %v)", c, s.limits.WrongPasswords, replies)
	}

	// Later, right passwords: each gives its token back, so the owner
	// may check a password any number of times without meeting the limit.
	clock = clock.Add(time.Hour)
	for range 2 * s.limits.WrongPasswords {
		mustExec(t, s, "tumble propose 1 alice a draw")
		mustExec(t, s, "tumble reject 1 alice a")
	}
}

// TestOwnersChecksAtOnce: more right-password checks of one account at
// once than its limit are refused as checks at once, to retry in 1 s, not
// as wrong passwords with a wait of 6 s; none is a wrong password, and
// the account's tokens all come back.
func TestOwnersChecksAtOnce(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	compare := s.compare
	s.compare = func(hash, pw []byte) error {
		time.Sleep(100 * time.Millisecond) // all the checks overlap, even on a loaded machine
		return compare(hash, pw)
	}
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumble challenge alice bob")
	n := 2 * s.limits.WrongPasswords
	replies := atOnce(s, n, func(i int) (context.Context, string) {
		return withClient(context.Background(), fmt.Sprintf("10.0.1.%d", i)), "tumble propose 1 alice a draw"
	})
	busy := "error: too many password checks for alice at once: try again in 1 s"
	if replies[busy] == 0 || replies[busy] == n {
		t.Errorf("%d right passwords at once: %v, want some refused as %q", n, replies, busy)
	}
	for r := range replies {
		if strings.Contains(r, "wrong passwords") {
			t.Errorf("a right password refused as a wrong one: %q", r)
		}
	}
	if h := len(s.wrong.held); h != 0 {
		t.Errorf("%d accounts still hold tokens", h)
	}
}

// TestAddressRefusalKeepsAccountTokens: a check that the client address's
// limit refuses runs no hash, so it must cost the account nothing: however
// often one address is refused for alice, alice's checks from another
// address go on. (The account's token is reserved before the address is
// asked, so a refusal there has to give it back.)
func TestAddressRefusalKeepsAccountTokens(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	clock := time.Now()
	s.now = func() time.Time { return clock } // no token comes back with time
	s.SetLimits(Limits{PasswordChecks: 1})
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumble challenge alice bob")
	busy := withClient(context.Background(), "10.0.2.1")
	mustExec(t, s, "tumble propose 1 alice a draw") // no address: not counted
	if r := s.Execute(busy, "tumble reject 1 alice a"); !strings.HasPrefix(r, "alice rejects the draw") {
		t.Fatalf("the address's one check: %q", firstLineOf(r))
	}
	for range 2 * s.limits.WrongPasswords {
		if r := s.Execute(busy, "tumble propose 1 alice a draw"); !strings.HasPrefix(r, "error: too many password checks from 10.0.2.1") {
			t.Fatalf("a check beyond the address's limit: %q", r)
		}
	}
	if r := s.Execute(withClient(context.Background(), "10.0.2.2"), "tumble propose 1 alice a draw"); !strings.HasPrefix(r, "alice proposes a draw") {
		t.Errorf("alice from another address, after %d refusals at the first: %q", 2*s.limits.WrongPasswords, firstLineOf(r))
	}
	if h := len(s.wrong.held); h != 0 {
		t.Errorf("%d accounts still hold tokens", h)
	}
}
