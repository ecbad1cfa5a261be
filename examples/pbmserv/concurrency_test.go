package main

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestSimultaneousMoves: many goroutines send the same move number to one
// board at once. Exactly one is accepted; every other one is told "wrong
// move number".
func TestSimultaneousMoves(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		// Two servers: two processes' worth of connections for
		// PostgreSQL, one more queue for SQLite.
		s, s2 := twoServers(t, dsn(t))
		moves := []string{"A1-B1", "A1-A2", "A1-B2", "A1-B1T", "A1-A2T", "A1-B2T", "C1-C2"}
		const n = 16
		replies := make([]string, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				srv := s
				if i%2 == 1 {
					srv = s2
				}
				replies[i] = srv.Execute(context.Background(), "tumbling move 1 alice a "+moves[i%len(moves)]+"#1")
			})
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, r := range replies {
			switch {
			case strings.HasPrefix(r, "alice played "):
				ok++
			case r == "error: wrong move number: #1 given, the next move on board 1 is #2\n":
			default:
				t.Errorf("reply %q", r)
			}
		}
		if ok != 1 {
			t.Errorf("%d moves accepted, want exactly 1", ok)
		}
		if _, m := checkStore(t, s.store); m != 1 {
			t.Errorf("%d moves stored, want 1", m)
		}
	})
}

// twoServers are two servers on the store dsn, as two processes sharing
// it would be, with alice and bob registered and board 1 a game of
// Tumbling Down between them.
func twoServers(t *testing.T, dsn string) (*Server, *Server) {
	s := newTestServer(t, dsn)
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	return s, newTestServer(t, dsn)
}

// TestConcurrentGames: goroutines play random moves on many boards at once,
// each reading a board, choosing a legal move and sending it with its move
// number, as many independent players would. Afterwards every board
// replays from its record to its stored position, and holds exactly the
// moves that got a "played" reply.
func TestConcurrentGames(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		s := newTestServer(t, dsn(t))
		ctx := context.Background()
		users := []string{"u0", "u1", "u2", "u3"}
		for _, u := range users {
			mustExec(t, s, "register "+u+" pw-"+u)
		}
		words := gameWords()
		boards := 8
		if testing.Short() {
			boards = 4
		}
		word := make(map[int64]string)
		for i := range boards {
			w := words[i%len(words)].word
			opts := ""
			if w == "crumble" {
				opts = " -4x4"
			}
			r := mustExec(t, s, w+" challenge "+users[i%4]+" "+users[(i+1)%4]+opts)
			var id int64
			fmtSscanf(r, "board %d created", &id)
			word[id] = w
		}
		const workers = 12
		perWorker := 40
		if testing.Short() {
			perWorker = 15
		}
		var accepted [64]atomic.Int64
		var wg sync.WaitGroup
		for wk := range workers {
			wg.Go(func() {
				r := rand.New(rand.NewPCG(uint64(wk), 7))
				for range perWorker {
					id := int64(1 + r.IntN(boards))
					g, err := s.load(ctx, word[id], id)
					if err != nil {
						t.Error(err)
						return
					}
					if g.b.Over {
						continue
					}
					p := g.pos
					moves := p.LegalMoves()
					user := g.b.Players[p.ToMove()]
					line := word[id] + " move " + itoa(id) + " " + user + " pw-" + user + " " +
						moves[r.IntN(len(moves))] + "#" + itoa(int64(g.b.Plies+1))
					reply := s.Execute(ctx, line)
					switch {
					case strings.HasPrefix(reply, user+" played "):
						accepted[id].Add(1)
					case strings.HasPrefix(reply, "error: wrong move number: "),
						strings.HasPrefix(reply, "error: board "+itoa(id)+" is over"):
					default:
						t.Errorf("%s: %q", line, reply)
					}
				}
			})
		}
		wg.Wait()
		checkStore(t, s.store)
		total := int64(0)
		for id := int64(1); id <= int64(boards); id++ {
			b, err := s.store.Board(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := int64(len(b.Moves)), accepted[id].Load(); got != want {
				t.Errorf("board %d: %d moves stored, %d accepted", id, got, want)
			}
			total += int64(len(b.Moves))
		}
		t.Logf("%d boards, %d moves accepted", boards, total)
		if total == 0 {
			t.Error("no move accepted")
		}
	})
}
