package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// heldBots makes s's bots wait, once their search has begun, until
// release is closed or their search is stopped (as a real bot stops at
// its context's end, with the best move it has); started counts the
// searches begun.
func heldBots(s *Server) (release chan struct{}, started *atomic.Int32) {
	release, started = make(chan struct{}), new(atomic.Int32)
	s.choose = func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
		started.Add(1)
		select {
		case <-release:
		case <-ctx.Done():
		}
		return chooseMove(context.Background(), kind, o, p)
	}
	return release, started
}

// TestBotOutsideRequest: over HTTP the person's move is answered at once,
// the bot's search under way; the reply, the board, the JSON and the page
// show the bot thinking (the page reloads itself), and a later read shows
// the bot's move.
func TestBotOutsideRequest(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bot:greedy")
	release, started := heldBots(s)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	first := firstLegal(t, s, 1)
	start := time.Now()
	client := &http.Client{Timeout: 5 * time.Second} // a reply that waited for the bot would never come
	resp, err := client.Post(ts.URL+"/command", "text/plain", strings.NewReader("tumbling move 1 alice a "+first))
	if err != nil {
		t.Fatalf("the move: %v", err)
	}
	reply, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	code, body := resp.StatusCode, string(reply)
	if code != 200 || !strings.Contains(body, "alice played") || !strings.Contains(body, "bot:greedy is thinking; board 1 shows its move once it is made\n") {
		t.Fatalf("the move: %d\n%s", code, body)
	}
	waitFor(t, "the bot's search", func() bool { return started.Load() == 1 })
	t.Logf("the move answered in %v, the bot's search held", time.Since(start).Round(time.Millisecond))
	for path, want := range map[string]string{
		"/games/1":  `"thinking": true`,
		"/boards/1": `<meta http-equiv="refresh" content="2">`,
	} {
		if code, body := httpDo(t, "GET", ts.URL+path, "", ""); code != 200 || !strings.Contains(body, want) || !strings.Contains(body, "move #2: bot:greedy (White) to play, thinking") && path == "/boards/1" {
			t.Errorf("GET %s while the bot thinks: %d, lacks %q:\n%.600s", path, code, want, body)
		}
	}
	if code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", "tumbling board 1"); code != 200 || !strings.Contains(body, "move #2: bot:greedy (White) to play, thinking\n") {
		t.Errorf("board 1 while the bot thinks: %d\n%s", code, body)
	}
	close(release)
	waitFor(t, "the bot's move", func() bool {
		_, body := httpDo(t, "GET", ts.URL+"/games/1", "", "")
		var j gameJSON
		json.Unmarshal([]byte(body), &j)
		return j.NextMove == 3 && !j.Thinking
	})
	if _, page := httpDo(t, "GET", ts.URL+"/boards/1", "", ""); strings.Contains(page, "http-equiv") {
		t.Error("the page still reloads itself after the bot's move")
	}
	if started.Load() != 1 {
		t.Errorf("%d searches for one move", started.Load())
	}
}

// TestBotStopsCleanly: a server stopped while its bot searches stores no
// move of the search, and the board keeps the move owed; a server
// started on the store makes it (its sweep finds it), once.
func TestBotStopsCleanly(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		db := dsn(t)
		st := openStore(t, db)
		s := serverOver(t, st)
		registerAliceAndBob(t, s)
		mustExec(t, s, "tumbling challenge alice bot:greedy")
		_, started := heldBots(s)
		if r, _ := s.execute(context.Background(), "tumbling move 1 alice a "+firstLegal(t, s, 1)); !strings.Contains(r, "bot:greedy is thinking") {
			t.Fatalf("the move:\n%s", r)
		}
		waitFor(t, "the bot's search", func() bool { return started.Load() == 1 })
		begun := time.Now()
		s.Close(5 * time.Second)
		if d := time.Since(begun); d > time.Second {
			t.Errorf("stopping took %v with a search under way", d)
		}
		g := stored(t, s, 1)
		if g.b.Plies != 1 || !g.b.BotDue {
			t.Errorf("after the stop: %d moves, owed %v; want alice's alone and the bot's owed", g.b.Plies, g.b.BotDue)
		}
		// A new server on the store: its sweep makes the move, once.
		s2 := serverOver(t, openStore(t, db))
		var searches atomic.Int32
		s2.choose = func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
			searches.Add(1)
			return chooseMove(ctx, kind, o, p)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go s2.sweepBots(ctx)
		waitFor(t, "the bot's move after the restart", func() bool { return stored(t, s2, 1).b.Plies == 2 })
		time.Sleep(100 * time.Millisecond)
		if g := stored(t, s2, 1); g.b.Plies != 2 || g.b.BotDue || searches.Load() != 1 {
			t.Errorf("after the restart: %d moves, owed %v, %d searches; want 2, none, 1", g.b.Plies, g.b.BotDue, searches.Load())
		}
		checkStore(t, s2.store)
	})
}

// TestChallengeJoined: anyone may challenge anyone (a challenge needs no
// password), so a board shows in a person's list only once they have
// joined it, and the front page only boards a person has joined; a bot
// seated on a board nobody joined does not move, and costs nothing.
func TestChallengeJoined(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	mustExec(t, s, "register victim v")
	mustExec(t, s, "register friend f")
	_, started := heldBots(s)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	stranger := withClient(context.Background(), "192.0.2.66")
	for range 5 {
		if r, _ := s.execute(stranger, "crumble challenge bot:alphabeta victim -32x32"); !strings.Contains(r, "created") {
			t.Fatalf("the stranger's challenge: %q", firstLineOf(r))
		}
	}
	mustExec(t, s, "tumbling challenge friend victim") // board 6
	mustExec(t, s, "tumbling move 6 friend f "+firstLegal(t, s, 6))
	mustExec(t, s, "tumbling move 6 victim v "+firstLegal(t, s, 6))
	want := "6 tumbling (pbmserv) friend vs victim: friend (Black) to play\n" +
		"challenges victim has not joined (move, or accept one with GAME accept BOARD USER PASSWORD): boards 5, 4, 3, 2, 1\n"
	if r := mustExec(t, s, "games victim"); r != want {
		t.Errorf("games victim:\n%s\nwant\n%s", r, want)
	}
	_, page := httpDo(t, "GET", ts.URL+"/", "", "")
	for id := 1; id <= 5; id++ {
		if strings.Contains(page, fmt.Sprintf(`href="/boards/%d"`, id)) {
			t.Errorf("the front page lists board %d, which nobody joined", id)
		}
	}
	if !strings.Contains(page, `href="/boards/6"`) {
		t.Error("the front page lacks board 6, a game under way")
	}
	// Reads do not start the bot either.
	httpDo(t, "GET", ts.URL+"/games/1", "", "")
	httpDo(t, "GET", ts.URL+"/boards/2", "", "")
	s.execute(context.Background(), "crumble board 3")
	time.Sleep(100 * time.Millisecond)
	if n := started.Load(); n != 0 {
		t.Errorf("%d bot searches on boards nobody joined", n)
	}
	if g := stored(t, s, 1); g.b.BotDue || g.b.Plies != 0 {
		t.Errorf("board 1: owed %v, %d moves", g.b.BotDue, g.b.Plies)
	}
}

// TestBotGameCaps: one person may play at most Limits.BotGames open games
// against bots (a join beyond is refused and stores nothing), and the
// challenges from one address may make at most Limits.BotGamesPerAddress
// open boards seating a bot; both are counted in the store, so that
// servers sharing it (two here, as two processes would) count together,
// joins sent at once included.
func TestBotGameCaps(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		db := dsn(t)
		a := newTestServer(t, db)
		b := newTestServer(t, db)
		for _, s := range []*Server{a, b} {
			s.SetLimits(Limits{BotGames: 2, BotGamesPerAddress: 3})
			s.choose = func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
				return chooseMove(ctx, "random", o, p)
			}
		}
		registerAliceAndBob(t, a)
		for range 6 {
			mustExec(t, a, "tumbling challenge alice bot:greedy")
		}
		first := firstLegal(t, a, 1)
		// Six joins at once, three through each server: two pass.
		var mu sync.Mutex
		replies := map[string]int{}
		var wg sync.WaitGroup
		for id := 1; id <= 6; id++ {
			s := []*Server{a, b}[id%2]
			wg.Go(func() {
				r := s.Execute(context.Background(), fmt.Sprintf("tumbling move %d alice a %s", id, first))
				mu.Lock()
				replies[firstLineOf(r)]++
				mu.Unlock()
			})
		}
		wg.Wait()
		refusal := "error: alice already plays 2 open games against bots, the most allowed: finish or resign one first"
		if replies[refusal] != 4 {
			t.Errorf("six joins at once with 2 allowed: %v", replies)
		}
		joined := 0
		for id := int64(1); id <= 6; id++ {
			if g := stored(t, a, id); g.b.Joined&1 != 0 {
				joined++
				if g.b.Plies != 2 {
					t.Errorf("board %d, joined: %d moves, want alice's and the bot's", id, g.b.Plies)
				}
			} else if g.b.Plies != 0 {
				t.Errorf("board %d, refused: %d moves stored", id, g.b.Plies)
			}
		}
		if joined != 2 {
			t.Errorf("%d boards joined, want 2", joined)
		}
		// A game ended frees its place; accept joins as a move does.
		var open []int64
		for id := int64(1); id <= 6; id++ {
			if stored(t, a, id).b.Joined&1 == 0 {
				open = append(open, id)
			}
		}
		if r := b.Execute(context.Background(), fmt.Sprintf("tumbling accept %d alice a", open[0])); r != refusal+"\n" {
			t.Errorf("an accept past the cap: %q", r)
		}
		for id := int64(1); id <= 6; id++ {
			if stored(t, a, id).b.Joined&1 != 0 {
				mustExec(t, a, fmt.Sprintf("tumbling resign %d alice a", id))
				break
			}
		}
		if r := b.Execute(context.Background(), fmt.Sprintf("tumbling accept %d alice a", open[0])); !strings.HasPrefix(r, "alice accepts the challenge") {
			t.Errorf("an accept after a resignation: %q", firstLineOf(r))
		}
		// Per address: the fourth bot board from one address is refused,
		// through either server; a board without a bot is not.
		from := withClient(context.Background(), "198.51.100.9")
		for i, s := range []*Server{a, b, a, b} {
			r, _ := s.execute(from, "crumble challenge bob bot:random")
			if ok := strings.HasPrefix(r, "board "); ok != (i < 3) {
				t.Errorf("bot challenge %d from one address: %q", i+1, firstLineOf(r))
			}
			if i == 3 && !strings.Contains(r, "3 open boards against bots were made from 198.51.100.9, the most allowed") {
				t.Errorf("the refusal: %q", r)
			}
		}
		if r, _ := b.execute(from, "crumble challenge bob alice"); !strings.HasPrefix(r, "board ") {
			t.Errorf("a challenge without a bot from that address: %q", firstLineOf(r))
		}
		if got := testutil.ToFloat64(a.metrics.refused.WithLabelValues("bot_games")) + testutil.ToFloat64(b.metrics.refused.WithLabelValues("bot_games")); got < 6 {
			t.Errorf("pbmserv_refused_total{limit=\"bot_games\"} = %v, want at least 6", got)
		}
	})
}

// TestBotFairness: a free worker serves the requester whose searches took
// least time lately, so one that floods the queue waits behind itself;
// and when every worker is busy with a heavy requester's search, a
// newcomer's job cuts it short (its bot plays the best move found so
// far), rather than waiting for it to end.
func TestBotFairness(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	s.SetLimits(Limits{BotSearches: 1, BotTime: time.Minute, Challenges: 100})
	registerAliceAndBob(t, s)
	flooder, newcomer := withClient(context.Background(), "10.0.0.1"), withClient(context.Background(), "10.0.0.2")
	for range 5 {
		s.execute(flooder, "tumbling challenge alice bot:greedy") // boards 1 to 5
	}
	s.execute(newcomer, "tumbling challenge alice bot:greedy") // board 6
	var mu sync.Mutex
	var order []int64
	gate := make(chan struct{})
	var cut atomic.Int32
	s.choose = func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
		mu.Lock() // (the seed tells the board: botSeed)
		order = append(order, int64(o.Seed>>32))
		n := len(order)
		mu.Unlock()
		if n == 1 {
			// The flooder's first search runs until cut short.
			<-ctx.Done()
			if context.Cause(ctx) == errPreempted {
				cut.Add(1)
			}
		} else {
			<-gate
		}
		return chooseMove(context.Background(), kind, o, p)
	}
	first := firstLegal(t, s, 1)
	for id := 1; id <= 5; id++ {
		s.execute(withClient(context.Background(), "10.0.0.1"), fmt.Sprintf("tumbling move %d alice a %s", id, first))
	}
	waitFor(t, "the flooder's first search", func() bool { mu.Lock(); defer mu.Unlock(); return len(order) == 1 })
	time.Sleep(time.Second) // the flooder's search counts against it
	start := time.Now()
	s.execute(newcomer, "tumbling move 6 alice a "+first)
	waitFor(t, "the newcomer's search", func() bool { mu.Lock(); defer mu.Unlock(); return len(order) == 2 })
	wait := time.Since(start)
	close(gate)
	waitFor(t, "every bot's move", func() bool {
		for id := int64(1); id <= 6; id++ {
			if stored(t, s, id).b.Plies != 2 {
				return false
			}
		}
		return true
	})
	mu.Lock()
	defer mu.Unlock()
	if order[1] != 6 || cut.Load() != 1 {
		t.Errorf("searches in the order of boards %v, %d cut; want board 6 second, the flooder's first search cut", order, cut.Load())
	}
	if wait > 2*time.Second {
		t.Errorf("the newcomer's search began %v after its move", wait)
	}
	if n := testutil.ToFloat64(s.metrics.botPreempted); n != 1 {
		t.Errorf("pbmserv_bot_searches_cut_total = %v, want 1", n)
	}
	t.Logf("the newcomer's search began %v after its move, the flooder's search cut", wait.Round(time.Millisecond))
}

// TestBotLease: servers sharing a store search one board's owed move
// once, whichever of them its reads reach.
func TestBotLease(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		db := dsn(t)
		a, b := newTestServer(t, db), newTestServer(t, db)
		registerAliceAndBob(t, a)
		mustExec(t, a, "tumbling challenge alice bot:greedy")
		var searches atomic.Int32
		release := make(chan struct{})
		for _, s := range []*Server{a, b} {
			s.choose = func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
				searches.Add(1)
				<-release
				return chooseMove(ctx, kind, o, p)
			}
		}
		if r, _ := a.execute(context.Background(), "tumbling move 1 alice a "+firstLegal(t, a, 1)); !strings.Contains(r, "thinking") {
			t.Fatalf("the move: %q", r)
		}
		waitFor(t, "the search", func() bool { return searches.Load() == 1 })
		for range 5 {
			for _, s := range []*Server{a, b} {
				s.execute(context.Background(), "tumbling board 1")
			}
		}
		time.Sleep(100 * time.Millisecond)
		close(release)
		waitFor(t, "the bot's move", func() bool { return stored(t, a, 1).b.Plies == 2 })
		time.Sleep(100 * time.Millisecond)
		if n := searches.Load(); n != 1 || stored(t, a, 1).b.Plies != 2 {
			t.Errorf("%d searches, %d moves; want 1 search, 2 moves", n, stored(t, a, 1).b.Plies)
		}
	})
}
