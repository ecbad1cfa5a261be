package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestConcurrentGuesses: wrong passwords sent at once for one account from
// ten addresses run no more hashes than the account's limit and one more
// per address (each address's first guess, which the account's limit does
// not hold: it could be the owner's). Each hash is slowed so that all
// the guesses are in flight together, as they are on a real server where
// bcrypt takes 55 ms. The right password, once the guessing is over,
// still works and gives its tokens back.
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
	mustExec(t, s, "tumbling challenge alice bob")
	const n, addresses = 200, 10
	replies := atOnce(s, n, func(i int) (context.Context, string) {
		return withClient(context.Background(), fmt.Sprintf("10.0.0.%d", i%addresses)), fmt.Sprintf("tumbling move 1 alice guess%d A1-B1", i)
	})
	if h := hashes.Load(); h > int32(s.limits.WrongPasswords+addresses) || h < int32(s.limits.WrongPasswords) {
		t.Errorf("%d guesses at once ran %d hashes, want %d (the account's limit) to %d (and one per address) (replies %v)",
			n, h, s.limits.WrongPasswords, s.limits.WrongPasswords+addresses, replies)
	}
	if c := replies["error: bad password for alice"]; c != int(hashes.Load()) {
		t.Errorf("%d bad-password replies, %d hashes (replies %v)", c, hashes.Load(), replies)
	}

	// Later, right passwords: each gives its tokens back, so the owner
	// may check a password any number of times without meeting a limit.
	clock = clock.Add(time.Hour)
	owner := withClient(context.Background(), "10.0.0.1")
	for range 4 * s.limits.WrongPasswords {
		if r := s.Execute(owner, "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "alice proposes") {
			t.Fatalf("the owner's right password: %q", firstLineOf(r))
		}
		mustExec(t, s, "tumbling reject 1 alice a")
		clock = clock.Add(s.limits.PasswordCheckEvery) // the address's share of hashing
	}
}

// TestOwnerWhileOthersGuess: however fast strangers guess alice's
// password, from one address or from many, alice's right password from
// the address she plays from goes through every time; from the
// attacker's address (a shared NAT) it waits for the limit like a guess.
// When alice herself mistyped, her address is held by its own bucket
// only, not by the account's that the strangers used up; and from an
// address new to the account she waits like a stranger.
func TestOwnerWhileOthersGuess(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	clock := time.Now()
	s.now = func() time.Time { return clock }
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	owner := withClient(context.Background(), "10.1.0.1")
	ownerOK := func(when string) {
		t.Helper()
		if r := s.Execute(owner, "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "alice proposes") {
			t.Errorf("%s: the owner's right password: %q", when, firstLineOf(r))
			return
		}
		mustExec(t, s, "tumbling reject 1 alice a")
	}
	// One attacker, guessing back to back for a minute, a guess every
	// 100 ms; then a hundred attackers at once.
	hashed := 0
	for i := range 600 {
		r := s.Execute(withClient(context.Background(), "10.2.0.1"), fmt.Sprintf("tumbling move 1 alice guess%d A1-B1", i))
		if strings.HasPrefix(r, "error: bad password") {
			hashed++
		}
		if i%10 == 0 {
			ownerOK(fmt.Sprintf("guess %d of one attacker", i))
		}
		clock = clock.Add(100 * time.Millisecond)
	}
	// The address's limit for the account: 5, then one per 20 s.
	if want := s.limits.WrongFromAddress + int(time.Minute/s.limits.WrongFromAddressEvery); hashed > want {
		t.Errorf("one address guessing for a minute had %d guesses checked, want at most %d", hashed, want)
	}
	hashed = 0
	for i := range 2000 {
		r := s.Execute(withClient(context.Background(), fmt.Sprintf("10.3.0.%d", i%200)), fmt.Sprintf("tumbling move 1 alice guess%d A1-B1", i))
		if strings.HasPrefix(r, "error: bad password") {
			hashed++
		}
		if i%100 == 0 {
			ownerOK(fmt.Sprintf("guess %d of many attackers", i))
		}
		clock = clock.Add(10 * time.Millisecond)
	}
	// 200 addresses, each of which gets a first guess past the account's
	// limit (it could be the owner's), and the account's 10 then one per
	// 6 s over 20 s.
	if want := 200 + s.limits.WrongPasswords + int(20*time.Second/s.limits.WrongPasswordEvery); hashed > want {
		t.Errorf("200 addresses guessing for 20 s had %d guesses checked, want at most %d", hashed, want)
	}
	// Ten more addresses use up what the account's limit has left.
	for i := range 20 {
		s.Execute(withClient(context.Background(), fmt.Sprintf("10.4.0.%d", i%10)), "tumbling move 1 alice guess A1-B1")
	}
	// From the attacker's own address, and from any address new to the
	// account, the owner waits like a guess.
	for _, addr := range []string{"10.2.0.1", "10.5.0.1"} {
		if r := s.Execute(withClient(context.Background(), addr), "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "error: too many ") {
			t.Errorf("the right password from %s: %q, want it held", addr, firstLineOf(r))
		}
	}
	// The owner mistypes at her own address: its own bucket holds her
	// (5, then one per 20 s), the account's, used up, does not.
	for range s.limits.WrongFromAddress - 1 {
		if r := s.Execute(owner, "tumbling propose 1 alice typo draw"); !strings.HasPrefix(r, "error: bad password") {
			t.Fatalf("the owner's typo: %q", firstLineOf(r))
		}
	}
	ownerOK("right after her typos")
	for range s.limits.WrongFromAddress {
		s.Execute(owner, "tumbling propose 1 alice typo draw")
	}
	if r := s.Execute(owner, "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "error: too many wrong passwords for alice from 10.1.0.1: try again in ") {
		t.Errorf("the owner after more typos than her address's bucket holds: %q", firstLineOf(r))
	}
	clock = clock.Add(s.limits.WrongFromAddressEvery)
	ownerOK("after the typos and a short wait")
}

// TestAddressRefusalKeepsAccountTokens: a check that the client address's
// share of hashing refuses runs no hash, so it must cost the account and
// the address nothing: however often one address is refused for alice,
// alice's checks from another address go on, and from the refused address
// too once it may hash again. (The wrong-password tokens are taken before
// the hashing share is asked, so a refusal there has to give them back.)
func TestAddressRefusalKeepsAccountTokens(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	clock := time.Now()
	s.now = func() time.Time { return clock } // no token comes back with time
	s.SetLimits(Limits{PasswordChecks: 1})
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	busy := withClient(context.Background(), "10.0.2.1")
	mustExec(t, s, "tumbling propose 1 alice a draw") // no address: not counted
	if r := s.Execute(busy, "tumbling reject 1 alice a"); !strings.HasPrefix(r, "alice rejects the draw") {
		t.Fatalf("the address's one check: %q", firstLineOf(r))
	}
	for range 4 * s.limits.WrongPasswords {
		if r := s.Execute(busy, "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "error: too many password checks from 10.0.2.1") {
			t.Fatalf("a check beyond the address's limit: %q", r)
		}
	}
	if r := s.Execute(withClient(context.Background(), "10.0.2.2"), "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "alice proposes a draw") {
		t.Errorf("alice from another address, after %d refusals at the first: %q", 4*s.limits.WrongPasswords, firstLineOf(r))
	}
	clock = clock.Add(s.limits.PasswordCheckEvery)
	if r := s.Execute(busy, "tumbling reject 1 alice a"); !strings.HasPrefix(r, "alice rejects the draw") {
		t.Errorf("alice from the refused address once it may hash again: %q", firstLineOf(r))
	}
}

// countingStore counts the calls to its store, all methods together.
type countingStore struct {
	Store
	calls atomic.Int32
}

func (c *countingStore) PasswordHash(ctx context.Context, name string) (string, error) {
	c.calls.Add(1)
	return c.Store.PasswordHash(ctx, name)
}

func (c *countingStore) Take(ctx context.Context, key string, burst int, every time.Duration, now time.Time) (time.Duration, bool, error) {
	c.calls.Add(1)
	return c.Store.Take(ctx, key, burst, every, now)
}

func (c *countingStore) Give(ctx context.Context, key string, every time.Duration) error {
	c.calls.Add(1)
	return c.Store.Give(ctx, key, every)
}

func (c *countingStore) Marked(ctx context.Context, key string, now time.Time) (bool, error) {
	c.calls.Add(1)
	return c.Store.Marked(ctx, key, now)
}

// TestRefusedGuessesSkipTheStore: once a limit has refused a guess, the
// guesses that it would refuse again are refused without a word to the
// store (whose connections the owner's commands wait for): from one
// address, and from many new addresses at once.
func TestRefusedGuessesSkipTheStore(t *testing.T) {
	st := &countingStore{Store: openStore(t, storeKinds(t)[0].dsn(t))}
	s := serverOver(t, st)
	clock := time.Now()
	s.now = func() time.Time { return clock }
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	guess := func(addr string, i int) string {
		return s.Execute(withClient(context.Background(), addr), fmt.Sprintf("tumbling propose 1 alice guess%d draw", i))
	}
	for i := 0; !strings.HasPrefix(guess("10.6.0.1", i), "error: too many"); i++ {
		if i > 100 {
			t.Fatal("one address guessing is never refused")
		}
	}
	before := st.calls.Load()
	for i := range 100 {
		if r := guess("10.6.0.1", i); !strings.HasPrefix(r, "error: too many") {
			t.Fatalf("a guess after the refusal: %q", r)
		}
	}
	if n := st.calls.Load() - before; n != 0 {
		t.Errorf("100 guesses refused again cost %d calls to the store, want none", n)
	}
	// Many new addresses: each one's first guess is checked until the
	// account's budget for new addresses is spent, then refused at once.
	for i := range s.limits.NewAddressChecks + 1 {
		guess(fmt.Sprintf("10.7.0.%d", i), i)
	}
	before = st.calls.Load()
	for i := range 100 {
		if r := guess(fmt.Sprintf("10.8.0.%d", i), i); !strings.HasPrefix(r, "error: too many password checks for alice from addresses new to it") {
			t.Fatalf("a new address's guess after the budget: %q", r)
		}
	}
	// (each new address asks the store once whether alice knows it)
	if n := st.calls.Load() - before; n > 100 {
		t.Errorf("100 guesses from new addresses, refused, cost %d calls to the store, want at most one each", n)
	}
}

// TestOwnersLane: the hashes of addresses new to an account run at most
// half the CPUs' worth at once; the owner's address, known to the
// account, does not wait for them.
func TestOwnersLane(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	owner := withClient(context.Background(), "10.9.0.1")
	if r := s.Execute(owner, "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "alice proposes") {
		t.Fatalf("the owner's first command from her address: %q", r)
	}
	mustExec(t, s, "tumbling reject 1 alice a")
	hold := make(chan struct{})
	var inLane atomic.Int32
	compare := s.compare
	s.compare = func(hash, pw []byte) error {
		if string(pw) != "a" {
			inLane.Add(1)
			<-hold
		}
		return compare(hash, pw)
	}
	lane := cap(s.guard.lane)
	done := make(chan struct{})
	for i := range lane + 3 {
		go func() {
			s.Execute(withClient(context.Background(), fmt.Sprintf("10.10.0.%d", i)), "tumbling propose 1 alice guess draw")
			done <- struct{}{}
		}()
	}
	waitFor(t, "the strangers' lane full", func() bool { return inLane.Load() == int32(lane) })
	start := time.Now()
	if r := s.Execute(owner, "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "alice proposes") {
		t.Errorf("the owner while the strangers' lane is full: %q", firstLineOf(r))
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the owner waited %v for the strangers' hashes", d)
	}
	if n := inLane.Load(); n != int32(lane) {
		t.Errorf("%d strangers' hashes at once, the lane holds %d", n, lane)
	}
	close(hold)
	for range lane + 3 {
		<-done
	}
}

// TestRightPasswordsAcrossServers: right passwords sent at once from one
// address through two servers on one store all pass, though their checks
// take the address's bucket for the account in the store: a check on one
// server that finds the tokens held by the other server's checks under
// way waits for them to come back, asking the store, rather than refusing
// with "too many wrong passwords" (and remembering the bucket empty for
// 20 s) from an address that sent none.
func TestRightPasswordsAcrossServers(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		s, s2 := twoServers(t, dsn(t))
		held, release := make(chan struct{}), make(chan struct{})
		compare := s2.compare
		s2.compare = func(hash, pw []byte) error {
			held <- struct{}{}
			<-release
			return compare(hash, pw)
		}
		owner := context.Background() // standard input: one address, known to every account
		n := s2.limits.WrongFromAddress
		replies := make(chan string, n+1)
		for range n { // every token of the address's bucket, held by s2
			go func() { replies <- s2.Execute(owner, "tumbling propose 1 alice a draw") }()
		}
		for range n {
			<-held
		}
		go func() { replies <- s.Execute(owner, "tumbling propose 1 alice a draw") }()
		time.Sleep(100 * time.Millisecond) // s finds the bucket empty and waits
		close(release)
		for range n + 1 {
			if r := <-replies; !strings.HasPrefix(r, "alice proposes") && !strings.Contains(r, "already proposed") {
				t.Errorf("a right password at once through two servers: %q", firstLineOf(r))
			}
		}
		if r := s.Execute(owner, "tumbling propose 1 alice a draw"); strings.Contains(r, "too many") {
			t.Errorf("the owner's next command: %q", firstLineOf(r))
		}
	})
}

// takesCounted counts its store's Take calls by key.
type takesCounted struct {
	Store
	mu    sync.Mutex
	takes map[string]int
}

func (c *takesCounted) Take(ctx context.Context, key string, burst int, every time.Duration, now time.Time) (time.Duration, bool, error) {
	c.mu.Lock()
	c.takes[key]++
	c.mu.Unlock()
	return c.Store.Take(ctx, key, burst, every, now)
}

func (c *takesCounted) count(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.takes[key]
}

// TestGuessThroughASecondServer: an address that spent its wrong
// passwords for alice through one server, guessing through a second on
// the same store, which has seen none of them, waits there for checks
// under way (busyWait), asking the store for the address's bucket at
// most 17 times (busyWait's doc), and is refused; its next guess there
// is refused at once, without asking the store.
func TestGuessThroughASecondServer(t *testing.T) {
	dsn := storeKinds(t)[0].dsn(t)
	s := newTestServer(t, dsn)
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	st := &takesCounted{Store: openStore(t, dsn), takes: map[string]int{}}
	s2 := serverOver(t, st)
	guesser := withClient(context.Background(), "10.12.0.1")
	guess := func(s *Server) string { return firstLineOf(s.Execute(guesser, "tumbling propose 1 alice guess draw")) }
	for range s.limits.WrongFromAddress {
		if r := guess(s); r != "error: bad password for alice" {
			t.Fatalf("a guess through the first server: %q", r)
		}
	}
	polls := 1 // busyWait's schedule
	for waited, poll := time.Duration(0), busyPoll; waited < busyWait; waited, poll = waited+poll, min(2*poll, busyPollMax) {
		polls++
	}
	if polls != 17 {
		t.Errorf("a check waits for busyWait in %d polls; busyWait's doc says 17", polls)
	}
	pair := "wp:10.12.0.1 alice"
	start := time.Now()
	if r := guess(s2); !strings.HasPrefix(r, "error: too many password checks for alice at once") {
		t.Errorf("a guess through the second server: %q", r)
	}
	if d := time.Since(start); d < busyWait {
		t.Errorf("the guess through the second server was refused after %v, before busyWait", d)
	}
	if n := st.count(pair); n > polls || n < 2 {
		t.Errorf("the guess through the second server asked the store for its bucket %d times, want 2 to %d", n, polls)
	}
	before := st.count(pair)
	if r := guess(s2); !strings.HasPrefix(r, "error: too many wrong passwords for alice from 10.12.0.1") {
		t.Errorf("the next guess through the second server: %q", r)
	}
	if n := st.count(pair) - before; n != 0 {
		t.Errorf("the next guess asked the store for its bucket %d times, want none", n)
	}
}
