package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// stored reads board id as the store holds it, with its decoded position.
func stored(t *testing.T, s *Server, id int64) *game {
	t.Helper()
	b, err := s.store.Board(context.Background(), id)
	if err != nil {
		t.Fatalf("board %d: %v", id, err)
	}
	g := &game{b: b}
	if err := s.position(g); err != nil {
		t.Fatal(err)
	}
	return g
}

// playAgainstBots plays the person's seat of board id with random legal
// moves, through the command core, until the game ends, checking after
// each reply that the bots have moved: the game is over or the person is
// to move again. It returns the number of bot moves the replies named.
func playAgainstBots(t *testing.T, s *Server, id int64, user, password string, seed uint64) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	botMoves := 0
	for range 2000 {
		g := stored(t, s, id)
		if g.b.Over {
			return botMoves
		}
		if who := g.b.Players[g.pos.ToMove()]; who != user && g.b.Plies == 0 && isBot(who) {
			// A bot that moves first waits for the person to join.
			r := mustExec(t, s, fmt.Sprintf("%s accept %d %s %s", g.b.Game, id, user, password))
			botMoves += strings.Count(r, " played ")
			continue
		}
		if who := g.b.Players[g.pos.ToMove()]; who != user {
			t.Fatalf("board %d after %d moves: %s to move, not %s: the bots did not move", id, g.b.Plies, who, user)
		}
		legal := g.pos.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		r := mustExec(t, s, fmt.Sprintf("%s move %d %s %s %s", g.b.Word, id, user, password, m))
		for line := range strings.Lines(r) {
			if strings.HasPrefix(line, botPrefix) && strings.Contains(line, " played ") {
				botMoves++
			}
		}
	}
	t.Fatalf("board %d did not end", id)
	return 0
}

// A person plays a whole game against each bot, on Crumble 4x4; every
// bot move is stored like a person's, and the board replays.
func TestBotKindsPlayWholeGames(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	for i, kind := range bots.Kinds {
		t.Run(kind, func(t *testing.T) {
			r := mustExec(t, s, "crumble challenge alice bot:"+kind+" -4x4")
			var id int64
			fmtSscanf(r, "board %d created", &id)
			n := playAgainstBots(t, s, id, "alice", "a", uint64(i))
			g := stored(t, s, id)
			t.Logf("board %d: %d moves, %s", id, g.b.Plies, g.b.Result)
			if want := g.b.Plies / 2; n != want {
				t.Errorf("the replies named %d bot moves, the board has %d moves (%d the bot's)", n, g.b.Plies, want)
			}
			if got := testutil.ToFloat64(s.metrics.botMoves.WithLabelValues(kind)); int(got) != n {
				t.Errorf("pbmserv_bot_moves_total{kind=%q} = %v, want %d", kind, got, n)
			}
		})
	}
	checkStore(t, s.store)
}

// Greedy plays every game to its end (within a small move limit, which
// the bots' moves obey like a person's).
func TestGreedyPlaysEveryGame(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	s.SetLimits(Limits{MaxMoves: 41})
	registerAliceAndBob(t, s)
	for i, ch := range []string{"tumbling challenge alice bot:greedy", "flooprail challenge bot:greedy alice",
		"terrace challenge alice bot:greedy", "terrace challenge bot:greedy alice -6x6", "crumble challenge alice bot:greedy -4x4"} {
		t.Run(strings.Fields(ch)[0], func(t *testing.T) {
			r := mustExec(t, s, ch)
			var id int64
			fmtSscanf(r, "board %d created", &id)
			playAgainstBots(t, s, id, "alice", "a", uint64(i))
			g := stored(t, s, id)
			if !g.b.Over || g.b.Plies > 41 {
				t.Errorf("board %d: over %v after %d moves (limit 41)", id, g.b.Over, g.b.Plies)
			}
		})
	}
	checkStore(t, s.store)
}

// A bot that holds the seat to move first moves once the person seated
// joins the board (accepts the challenge), not when the board is made: a
// challenge needs no password, so anyone could have sent it.
func TestBotStarts(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	for _, tc := range []struct{ challenge, first string }{
		{"tumbling challenge bot:greedy alice", "bot:greedy played"},
		{"crumble challenge alice bot:random -4x4 -white", "bot:random played"}, // White, seat 1, starts
	} {
		r := mustExec(t, s, tc.challenge)
		var id int64
		fmtSscanf(r, "board %d created", &id)
		if strings.Contains(r, " played ") || !strings.Contains(r, fmt.Sprintf("to play once a player joins (%s accept %d USER PASSWORD)", strings.Fields(tc.challenge)[0], id)) {
			t.Errorf("%s:\n%s", tc.challenge, r)
		}
		if g := stored(t, s, id); g.b.Plies != 0 || g.b.BotDue {
			t.Errorf("%s: %d moves stored, owed %v; want none before alice joins", tc.challenge, g.b.Plies, g.b.BotDue)
		}
		r = mustExec(t, s, fmt.Sprintf("%s accept %d alice a", strings.Fields(tc.challenge)[0], id))
		if !strings.Contains(r, fmt.Sprintf("alice accepts the challenge on board %d\n", id)) || !strings.Contains(r, tc.first+" ") || !strings.Contains(r, "move #2: alice") {
			t.Errorf("%s, then alice accepts:\n%s", tc.challenge, r)
		}
		if g := stored(t, s, id); g.b.Plies != 1 || g.b.BotDue {
			t.Errorf("%s: %d moves stored, owed %v; want the bot's", tc.challenge, g.b.Plies, g.b.BotDue)
		}
	}
}

// In three- and four-player Terrace, bots in a row all move before the
// next person's turn.
func TestTerraceBotsInARow(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	for _, tc := range []struct {
		challenge string
		plies     int    // after alice's first move
		next      string // to move then
	}{
		{"terrace challenge alice bot:greedy bot:mcts -6x6", 3, "alice"},
		{"terrace challenge alice bot:greedy bot:greedy bob", 3, "bob"},
	} {
		r := mustExec(t, s, tc.challenge)
		var id int64
		fmtSscanf(r, "board %d created", &id)
		g := stored(t, s, id)
		r = mustExec(t, s, fmt.Sprintf("%s move %d alice a %s", g.b.Word, id, g.pos.LegalMoves()[0]))
		g = stored(t, s, id)
		if g.b.Plies != tc.plies || g.b.Players[g.pos.ToMove()] != tc.next {
			t.Errorf("%s: after alice's move, %d moves and %s to move; want %d and %s\n%s",
				tc.challenge, g.b.Plies, g.b.Players[g.pos.ToMove()], tc.plies, tc.next, r)
		}
		if n := strings.Count(r, " played "); n != tc.plies {
			t.Errorf("%s: the reply names %d moves, want %d:\n%s", tc.challenge, n, tc.plies, r)
		}
	}
}

// A resignation while the bot searches wins: the bot's move, searched on
// the position before it, is not stored.
func TestResignWhileBotThinks(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		s := newTestServer(t, dsn(t))
		registerAliceAndBob(t, s)
		mustExec(t, s, "tumbling challenge alice bot:greedy")
		entered, release := make(chan struct{}), make(chan struct{})
		s.choose = func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
			entered <- struct{}{}
			<-release
			return chooseMove(ctx, kind, o, p)
		}
		first := stored(t, s, 1).pos.LegalMoves()[0]
		moved := make(chan string)
		go func() { moved <- s.Execute(context.Background(), "tumbling move 1 alice a "+first) }()
		<-entered
		mustExec(t, s, "tumbling resign 1 alice a")
		close(release)
		r := <-moved
		if strings.Contains(r, "bot:greedy played") || !strings.Contains(r, "alice played") {
			t.Errorf("the move's reply:\n%s", r)
		}
		g := stored(t, s, 1)
		if g.b.Plies != 1 || !g.b.Over || !strings.Contains(g.b.Result, "alice (Black) resigned") {
			t.Errorf("board 1: %d moves, over %v, %q; want alice's move alone and her resignation", g.b.Plies, g.b.Over, g.b.Result)
		}
		checkStore(t, s.store)
	})
}

// A person's move stored without the bot's (a crash between them) is
// answered by the bot at the board's next read: a command, the JSON or
// the page.
func TestBotMovesAfterCrash(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		s := newTestServer(t, dsn(t))
		registerAliceAndBob(t, s)
		mustExec(t, s, "tumbling challenge alice bot:greedy")
		mustExec(t, s, "crumble challenge alice bot:alphabeta -4x4") // draw rules: the bot plays on the record replayed
		mustExec(t, s, "flooprail challenge alice bot:mcts")
		// The person's move alone, as a server that died before its bot
		// moved left it: joined, the bot's move owed.
		for id := int64(1); id <= 3; id++ {
			g := stored(t, s, id)
			_, canon, err := g.move(command{verb: "move", board: id, user: "alice", move: g.pos.LegalMoves()[0]}, 0, 1000)
			if err != nil {
				t.Fatal(err)
			}
			g.b.Joined |= 1
			g.b.BotDue = botOwed(g)
			if err := s.store.Save(context.Background(), g.b, canon); err != nil {
				t.Fatal(err)
			}
		}
		if r := mustExec(t, s, "tumbling board 1"); !strings.Contains(r, "move #3: alice (Black) to play") {
			t.Errorf("board 1 read on standard input, which waits for the bot:\n%s", r)
		}
		// Over HTTP the read is answered at once, the bot thinking; a
		// later read shows its move.
		ts := httptest.NewServer(s.Handler())
		defer ts.Close()
		getJSON := func(id int) gameJSON { return getGame(t, http.DefaultClient, ts.URL+"/games/"+strconv.Itoa(id)) }
		if j := getJSON(2); j.NextMove == 2 && (!j.Thinking || j.ToMoveUser != "bot:alphabeta") {
			t.Errorf("board 2's first read: next move %d, %q to move, thinking %v; want the bot thinking", j.NextMove, j.ToMoveUser, j.Thinking)
		}
		waitFor(t, "board 2's bot", func() bool { j := getJSON(2); return j.NextMove == 3 && j.ToMoveUser == "alice" && !j.Thinking })
		waitFor(t, "board 3's bot", func() bool {
			resp, err := http.Get(ts.URL + "/boards/3")
			if err != nil {
				t.Fatal(err)
			}
			page, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			return strings.Contains(string(page), "move #3: alice (O) to play")
		})
		for id := int64(1); id <= 3; id++ {
			if g := stored(t, s, id); g.b.Plies != 2 {
				t.Errorf("board %d: %d moves stored, want 2", id, g.b.Plies)
			}
		}
		checkStore(t, s.store)
	})
}

// At most Limits.BotSearches searches run at once, however many boards
// owe a bot's move: the others wait in the queue. Over HTTP the person's
// reply does not wait for the bot, even when every worker is busy.
func TestBotSearchBound(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	s.SetLimits(Limits{BotSearches: 2})
	registerAliceAndBob(t, s)
	const boards = 6
	for range boards {
		mustExec(t, s, "tumbling challenge alice bot:greedy")
	}
	var now, most atomic.Int32
	release := make(chan struct{})
	s.choose = func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
		n := now.Add(1)
		defer now.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		<-release
		return chooseMove(ctx, kind, o, p)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	first := firstLegal(t, s, 1)
	for id := 1; id <= boards; id++ {
		code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", fmt.Sprintf("tumbling move %d alice a %s", id, first))
		if code != 200 || !strings.Contains(body, "alice played") || !strings.Contains(body, fmt.Sprintf("bot:greedy is thinking; board %d shows its move once it is made\n", id)) ||
			!strings.Contains(body, "move #2: bot:greedy (White) to play, thinking\n") {
			t.Errorf("board %d, the move while the bots are held: %d\n%s", id, code, body)
		}
	}
	waitFor(t, "two searches", func() bool { return now.Load() == 2 })
	if w := testutil.ToFloat64(s.metrics.botWaiting); w != boards-2 {
		t.Errorf("%v boards waiting for a worker, want %d", w, boards-2)
	}
	close(release)
	waitFor(t, "every bot's move", func() bool {
		for id := int64(1); id <= boards; id++ {
			if stored(t, s, id).b.Plies != 2 {
				return false
			}
		}
		return true
	})
	if most.Load() != 2 {
		t.Errorf("%d searches ran at once, want 2 (the bound, reached)", most.Load())
	}
	for id := int64(1); id <= boards; id++ {
		if g := stored(t, s, id); g.b.BotDue {
			t.Errorf("board %d still owes its bot's move after it", id)
		}
	}
}

// Bots' names are no user ids, unknown bots and boards of bots alone are
// refused, and bots do not take draw proposals.
func TestBotNamesAndRefusals(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bot:greedy")
	kinds := "bots: bot:random, bot:greedy, bot:mcts, bot:alphabeta"
	for _, tc := range []struct{ line, err string }{
		{"register bot:mcts x", `"bot:mcts" is a bot's seat, not a user id`},
		{"register BOT:Greedy x", `"BOT:Greedy" is a bot's seat, not a user id`},
		{"games bot:greedy", `"bot:greedy" is a bot's seat`},
		{"tumbling challenge alice bot:deep", `unknown bot "bot:deep" (` + kinds + ")"},
		{"tumbling challenge alice bot:", `unknown bot "bot:" (` + kinds + ")"},
		{"tumbling challenge bot:mcts bot:greedy", "tumbling challenge: a board needs at least one person, not bots only"},
		{"tumbling propose 1 alice a draw", "bot:greedy does not agree to draws: play on or resign"},
		{"tumbling move 1 bot:greedy x A1", `"bot:greedy" is a bot's seat`},
	} {
		r := s.Execute(context.Background(), tc.line)
		if want := "error: " + tc.err; !strings.HasPrefix(r, want) {
			t.Errorf("%s:\n got %q\nwant %q...", tc.line, r, want)
		}
	}
	if r := mustExec(t, s, "help"); !strings.Contains(r, "bot:random, bot:greedy, bot:mcts, bot:alphabeta") {
		t.Errorf("help does not name the bots:\n%s", r)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if !strings.Contains(rec.Body.String(), "bot:alphabeta") {
		t.Errorf("the front page does not name the bots")
	}
}

// A bot's seed is the board's and the move's number: the same moves on
// the same board number get the same answers, so a dispute replays.
func TestBotMovesReproducible(t *testing.T) {
	var records [2][]string
	for i := range records {
		s := newTestServer(t, storeKinds(t)[0].dsn(t))
		s.SetLimits(Limits{MaxMoves: 30})
		registerAliceAndBob(t, s)
		mustExec(t, s, "tumbling challenge alice bot:greedy")
		playAgainstBots(t, s, 1, "alice", "a", 7)
		records[i] = stored(t, s, 1).b.Moves
	}
	if diff := cmp.Diff(records[0], records[1]); diff != "" {
		t.Errorf("the same game twice, the bot's moves differ (-first +second):\n%s", diff)
	}
}
