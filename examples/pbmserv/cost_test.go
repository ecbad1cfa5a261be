package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"math/rand/v2"
	"net"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
)

// storedCrumble stores a random Crumble game of up to n moves between
// alice and bob on a new board, straight into the store (no passwords, no
// per-move replay), stopping short of the game's end; it returns the board
// and its number of moves.
func storedCrumble(t testing.TB, s *Server, variant string, n int, seed uint64) (int64, int) {
	t.Helper()
	ctx := context.Background()
	start, err := variantStart("crumble", variant)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := start.MarshalText()
	b := &Board{Word: "crumble", Game: "crumble", Variant: variant, Players: []string{"alice", "bob"},
		Position: string(code), Created: s.now()}
	if b.ID, err = s.store.NewBoardWithin(ctx, b, nil); err != nil {
		t.Fatal(err)
	}
	p := start.Unwrap().(crumble.Position)
	r := rand.New(rand.NewPCG(seed, 1))
	var a boardrules.Any = start
	for i := range n {
		m, ok := p.RandomMove(r)
		if !ok {
			break
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if q.Outcome().Status != boardrules.Ongoing {
			break
		}
		text := m.String()
		if a, err = a.Play(text); err != nil {
			t.Fatal(err)
		}
		p = q
		c, _ := a.MarshalText()
		b.Position, b.Plies = string(c), i+1
		if err := s.store.Save(ctx, b, text); err != nil {
			t.Fatal(err)
		}
		b.Version++
	}
	return b.ID, b.Plies
}

// TestCrumbleLimits: Crumble games end drawn at 200 moves (their moves,
// history and "board N#k" replay the record), on any board the engine
// plays, and the JSON and the page list every legal move: the texts of a
// position's moves share one corner graph in the library, so even a long
// game's listing costs milliseconds.
func TestCrumbleLimits(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	s.SetLimits(Limits{Challenges: 100})
	registerAliceAndBob(t, s)
	for _, size := range []string{"-12x12", "-2x12", "-32x32"} {
		if r := s.Execute(context.Background(), "crumble challenge alice bob "+size); !strings.Contains(r, "created") {
			t.Errorf("challenge %s: %q", size, firstLineOf(r))
		}
	}
	if l := s.moveLimit(&Board{Word: "crumble", Game: "crumble"}); l != 200 {
		t.Errorf("Crumble's move limit is %d, want 200", l)
	}
	id, n := storedCrumble(t, s, "6x6", 150, 8)
	g, err := s.loadBoard(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	all := g.pos.LegalMoves()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	t0 := time.Now()
	code, body := httpDo(t, "GET", ts.URL+"/games/"+itoa(id), "", "")
	took := time.Since(t0)
	var j gameJSON
	if err := json.Unmarshal([]byte(body), &j); err != nil || code != 200 {
		t.Fatalf("GET /games/%d: %d %v", id, code, err)
	}
	if !slices.Equal(j.LegalMoves, all) {
		t.Errorf("JSON lists %d moves, want all %d", len(j.LegalMoves), len(all))
	}
	t.Logf("GET /games/%d, %d moves played, %d legal: %v, %d bytes", id, n, len(all), took, len(body))
	code, body = httpDo(t, "GET", ts.URL+"/boards/"+itoa(id), "", "")
	if want := fmt.Sprintf("Legal moves (%d)", len(all)); code != 200 || !strings.Contains(body, want) ||
		strings.Count(body, "<li>") != len(all)+n {
		t.Errorf("page: %d, want %q and %d list items (legal moves and moves played)", code, want, len(all)+n)
	}
}

// slowReads is a store whose full reads (Store.Board: history, board N#k,
// Crumble moves) take their time: pause before reading (the read then
// meets the request's deadline) or after it (the replay does).
type slowReads struct {
	Store
	before, after time.Duration
	reads         atomic.Int32
}

func (s *slowReads) Board(ctx context.Context, id int64) (*Board, error) {
	s.reads.Add(1)
	time.Sleep(s.before)
	b, err := s.Store.Board(ctx, id)
	// as a database call would, the pause after the read ends with the
	// request's context
	select {
	case <-time.After(s.after):
	case <-ctx.Done():
	}
	return b, err
}

// TestRequestDeadline (defect 3): a request's deadline stops a replay
// under way and the commands after it, which the reply lists as not run;
// a read cut short by it is not reported as a damaged board.
func TestRequestDeadline(t *testing.T) {
	for _, c := range []struct {
		name          string
		before, after time.Duration
	}{
		{"during the replay", 0, 150 * time.Millisecond},
		{"during the read", 150 * time.Millisecond, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			sr := &slowReads{Store: openStore(t, storeKinds(t)[0].dsn(t)), before: c.before, after: c.after}
			var logged strings.Builder
			s := NewServer(sr, bcrypt.MinCost, log.New(&logged, "", 0))
			s.SetLimits(Limits{RequestTime: 100 * time.Millisecond})
			registerAliceAndBob(t, s)
			id, _ := storedCrumble(t, s, "6x6", 30, 8)
			mustExec(t, s, "tumbling challenge alice bob")
			ts := httptest.NewServer(s.Handler())
			defer ts.Close()
			sr.reads.Store(0)
			code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain",
				fmt.Sprintf("crumble history %d\ncrumble board %d#3\ntumble board 2\n", id, id))
			want := fmt.Sprintf("> crumble history %d\nerror: not done: the request's time limit is reached; this command changed nothing\n\n"+
				"error: time limit reached: stopped after 1 of 3 commands; the rest were not run\n", id)
			if code != 503 || body != want {
				t.Errorf("3 commands, the first past the deadline: %d %q, want 503 %q", code, body, want)
			}
			if n := sr.reads.Load(); n != 1 {
				t.Errorf("%d full reads, want 1: commands ran after the deadline", n)
			}
			if strings.Contains(logged.String(), "damaged") {
				t.Errorf("a read cut short was logged as damage: %q", logged.String())
			}
			// After a command that failed, the request's status stays that
			// first error's (400), not the deadline's.
			if code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", fmt.Sprintf("hello\ncrumble history %d\ntumble board 2\n", id)); code != 400 ||
				!strings.HasSuffix(body, "error: time limit reached: stopped after 2 of 3 commands; the rest were not run\n") {
				t.Errorf("an error, then a command past the deadline: %d %q, want 400", code, body)
			}
			// One command alone: the same reply, 503.
			if code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", fmt.Sprintf("crumble history %d", id)); code != 503 ||
				!strings.HasPrefix(body, "error: not done: the request's time limit is reached") {
				t.Errorf("one command past the deadline: %d %q", code, body)
			}
		})
	}
}

// TestWriteTimeoutStopsWork (defect 3): the HTTP server's requests end
// before its write timeout does, so a body of slow commands stops with a
// reply the client still gets, and no command runs after it.
func TestWriteTimeoutStopsWork(t *testing.T) {
	sr := &slowReads{Store: openStore(t, storeKinds(t)[0].dsn(t)), after: 100 * time.Millisecond}
	s := serverOver(t, sr)
	s.SetLimits(Limits{MaxReplays: 100}) // the deadline, not the budget, stops them
	registerAliceAndBob(t, s)
	id, _ := storedCrumble(t, s, "6x6", 10, 8)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := DefaultConnLimits
	// the deadline falls at 1.5 s, a quarter of the write timeout before
	// it, which leaves the reply half a second on a loaded machine
	c.Read, c.ReadHeader, c.Write = 3*time.Second, time.Second, 2*time.Second
	go serveHTTP(ctx, s, ln, c)
	sr.reads.Store(0)
	code, body := httpDo(t, "POST", "http://"+ln.Addr().String()+"/command", "text/plain",
		strings.Repeat(fmt.Sprintf("crumble board %d#1\n", id), 30))
	ran := sr.reads.Load()
	if code != 503 || !strings.Contains(body, "error: time limit reached: stopped after") || ran >= 30 {
		t.Errorf("30 slow commands, write timeout 2 s: %d, %d ran, %q", code, ran, body)
	}
	time.Sleep(500 * time.Millisecond)
	if n := sr.reads.Load(); n != ran {
		t.Errorf("%d commands had run at the reply, %d half a second later", ran, n)
	}
}

// TestReplayBudget (defect 3): one request replays a game's record at most
// Limits.MaxReplays times (history, board N#k, Crumble moves with the draw
// rules); the commands beyond are refused with 413 and change nothing,
// the others still run, and the next request has its own budget.
func TestReplayBudget(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	s.SetLimits(Limits{MaxReplays: 3})
	registerAliceAndBob(t, s)
	mustExec(t, s, "crumble challenge alice bob")
	mustExec(t, s, "tumbling challenge alice bob")
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	start, _ := variantStart("crumble", "6x6")
	move := start.LegalMoves()[0]
	code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain",
		"crumble move 1 alice a "+move+"\ncrumble history 1\ncrumble board 1#1\ncrumble board 1#0\ncrumble board 1#1\ncrumble history 1\ntumbling board 2\ncrumble move 1 bob b 1H\n")
	refusal := "error: not run: one request may replay a game's record at most 3 times"
	if code != 413 || strings.Count(body, refusal) != 3 || !strings.Contains(body, "alice played") ||
		!strings.Contains(body, "> tumbling board 2\nboard 2: tumbling") || strings.Contains(body, "bob played") {
		t.Errorf("8 commands, 6 of them replays: %d %s", code, body)
	}
	if b, _ := s.store.BoardHead(context.Background(), 1); b.Plies != 1 {
		t.Errorf("board 1 has %d moves, want 1: a refused move was played", b.Plies)
	}
	if code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", "crumble history 1"); code != 200 {
		t.Errorf("the next request: %d %q", code, body)
	}
}

// TestReadsCached: a board's JSON and page are made once per version of
// the board: reading it again costs a read of its row, not of its moves
// nor a listing of its legal moves; a change makes them anew, and a read
// answered from them still files a bot's owed move.
func TestReadsCached(t *testing.T) {
	sr := &slowReads{Store: openStore(t, storeKinds(t)[0].dsn(t))}
	s := serverOver(t, sr)
	registerAliceAndBob(t, s)
	id, _ := storedCrumble(t, s, "12x12", 30, 8)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, path := range []string{"/games/", "/boards/"} {
		sr.reads.Store(0)
		_, first := httpDo(t, "GET", ts.URL+path+itoa(id), "", "")
		for range 5 {
			if _, again := httpDo(t, "GET", ts.URL+path+itoa(id), "", ""); again != first {
				t.Fatalf("GET %s%d again differs", path, id)
			}
		}
		if n := sr.reads.Load(); n != 1 {
			t.Errorf("GET %s%d six times: %d full reads, want 1", path, id, n)
		}
	}
	// A change: the next read is made anew.
	g := stored(t, s, id)
	mover := g.b.Players[g.pos.ToMove()]
	mustExec(t, s, fmt.Sprintf("crumble move %d %s %s %s", id, mover, map[string]string{"alice": "a", "bob": "b"}[mover], g.pos.LegalMoves()[0]))
	sr.reads.Store(0)
	_, after := httpDo(t, "GET", ts.URL+"/games/"+itoa(id), "", "")
	if n := sr.reads.Load(); n != 1 || !strings.Contains(after, fmt.Sprintf(`"nextMove": %d`, g.b.Plies+2)) {
		t.Errorf("after a move: %d full reads, the JSON's next move not %d", n, g.b.Plies+2)
	}
	// A board whose bot owes its move, read from the cache: the move is
	// filed all the same.
	mustExec(t, s, "tumbling challenge alice bot:greedy")
	bot := int64(id + 1)
	release, started := heldBots(s)
	if r, _ := s.execute(context.Background(), fmt.Sprintf("tumbling move %d alice a %s", bot, firstLegal(t, s, bot))); !strings.Contains(r, "thinking") {
		t.Fatalf("the move: %q", r)
	}
	waitFor(t, "the search", func() bool { return started.Load() == 1 })
	httpDo(t, "GET", ts.URL+"/games/"+itoa(bot), "", "") // made, with the bot thinking
	s.Close(5 * time.Second)                             // the search stops; the move stays owed
	s.bots = newBotWork(s)
	close(release)
	httpDo(t, "GET", ts.URL+"/games/"+itoa(bot), "", "") // from the cache: files the owed move
	waitFor(t, "the bot's move", func() bool { return stored(t, s, bot).b.Plies == 2 })
}

// lateTimer is a context whose deadline has passed while its timer has
// not fired yet, as on a busy machine.
type lateTimer struct{ context.Context }

func (lateTimer) Deadline() (time.Time, bool) { return time.Now().Add(-time.Millisecond), true }

// TestDeadlineByTheClock: a body's commands stop at the request's
// deadline by the clock, not only once the context's timer has fired
// (which a busy machine may delay past a few commands): the reply says
// where it stopped.
func TestDeadlineByTheClock(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/command", strings.NewReader("tumbling board 1\ntumbling board 1\ntumbling board 1"))
	s.handleCommand(rec, req.WithContext(lateTimer{req.Context()}))
	if body := rec.Body.String(); rec.Code != 503 || body != "error: time limit reached: stopped after 0 of 3 commands; the rest were not run\n" {
		t.Errorf("3 commands past the deadline, its timer late: %d %q", rec.Code, body)
	}
}
