package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// benchServer is a server on a fresh SQLite file with the users alice
// (password a) and bob (password b), bcrypt at its minimum cost.
func benchServer(b *testing.B) (*Server, context.Context) {
	st, err := Open(context.Background(), b.TempDir()+"/bench.db")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	s := NewServer(st, 4, nil)
	s.SetLimits(Limits{Challenges: 1 << 30, MaxOpenBoards: 1 << 30})
	ctx := context.Background()
	s.Execute(ctx, "register alice a")
	s.Execute(ctx, "register bob b")
	return s, ctx
}

// BenchmarkMove times one move command end to end on SQLite: password
// check (bcrypt at the minimum cost), read and replay of the board, the
// rules, and the commit with fsync. A game that ends is replaced by a new
// board.
func BenchmarkMove(b *testing.B) {
	s, ctx := benchServer(b)
	pw := map[string]string{"alice": "a", "bob": "b"}
	var id int64
	newBoard := func() {
		id++
		if r := s.Execute(ctx, "tumble challenge alice bob"); r[:6] != "board " {
			b.Fatal(r)
		}
	}
	newBoard()
	for b.Loop() {
		b.StopTimer()
		g, err := s.load(ctx, "tumble", id)
		if err != nil {
			b.Fatal(err)
		}
		p := g.pos
		moves := p.LegalMoves()
		if g.b.Over || len(moves) == 0 || g.b.Plies > 60 {
			newBoard()
			g, _ = s.load(ctx, "tumble", id)
			p = g.pos
			moves = p.LegalMoves()
		}
		user := g.b.Players[p.ToMove()]
		line := "tumble move " + itoa(id) + " " + user + " " + pw[user] + " " + moves[len(moves)/2] + "#" + itoa(int64(g.b.Plies+1))
		b.StartTimer()
		if r := s.Execute(ctx, line); r[:6] == "error:" {
			b.Fatal(line, r)
		}
	}
}

// BenchmarkBoard times a "board" command: read, replay and print.
func BenchmarkBoard(b *testing.B) {
	s, ctx := benchServer(b)
	s.Execute(ctx, "tumble challenge alice bob")
	// Twenty moves in, so the replay has some work.
	for range 20 {
		g, _ := s.load(ctx, "tumble", 1)
		p := g.pos
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		user := g.b.Players[p.ToMove()]
		pw := map[string]string{"alice": "a", "bob": "b"}[user]
		s.Execute(ctx, "tumble move 1 "+user+" "+pw+" "+moves[len(moves)/2])
	}
	for b.Loop() {
		if r := s.Execute(ctx, "tumble board 1"); r[:6] == "error:" {
			b.Fatal(r)
		}
	}
}

// BenchmarkHTTPLoad measures what one server holds on loopback, through
// the HTTP door, with many clients at once (b.RunParallel, 8 per core),
// on each store: "board" reads of one board, and moves with the password
// checked at bcrypt's default cost (10), each client playing its own
// board. The per-address and per-user limits are lifted: they ration one
// client, and this measures the server. Figures: README.md.
func BenchmarkHTTPLoad(b *testing.B) {
	for _, k := range storeKinds(b) {
		st := openStore(b, k.dsn(b))
		s := NewServer(st, bcrypt.DefaultCost, nil)
		s.SetLimits(Limits{PasswordChecks: 1 << 30, Challenges: 1 << 30, MaxOpenBoards: 1 << 30})
		ts := httptest.NewServer(s.Handler())
		b.Cleanup(ts.Close)
		ctx := context.Background()
		s.Execute(ctx, "register alice a")
		s.Execute(ctx, "register bob b")
		s.Execute(ctx, "tumble challenge alice bob")
		post := func(body string) string {
			resp, err := http.Post(ts.URL+"/command", "text/plain", strings.NewReader(body))
			if err != nil {
				b.Fatal(err)
			}
			defer resp.Body.Close()
			out, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusOK {
				b.Fatalf("%s: %d %s", body, resp.StatusCode, out)
			}
			return string(out)
		}
		b.Run(k.name+"/board", func(b *testing.B) {
			b.SetParallelism(8)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					post("tumble board 1")
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
		})
		b.Run(k.name+"/move", func(b *testing.B) {
			b.SetParallelism(8)
			b.RunParallel(func(pb *testing.PB) {
				var id int64
				for pb.Next() {
					g, err := s.load(ctx, "tumble", id)
					if id == 0 || err != nil || g.b.Over || g.b.Plies >= 60 {
						fmtSscanf(s.Execute(ctx, "tumble challenge alice bob"), "board %d created", &id)
						g, _ = s.load(ctx, "tumble", id)
					}
					moves := g.pos.LegalMoves()
					user := g.b.Players[g.pos.ToMove()]
					post("tumble move " + itoa(id) + " " + user + " " + user[:1] + " " + moves[len(moves)/2] + "#" + itoa(int64(g.b.Plies+1)))
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// BenchmarkBoardAt times a "board" command on a board of 10 moves and on
// one of 100,000: reads decode the stored position, so the two cost the
// same. (The moves are written straight into the store, as no game may
// reach 100,000 moves through commands.)
func BenchmarkBoardAt(b *testing.B) {
	for _, n := range []int{10, 100_000} {
		b.Run(fmt.Sprintf("moves=%d", n), func(b *testing.B) {
			s, ctx := benchServer(b)
			s.Execute(ctx, "tumble challenge alice bob")
			db := s.store.(*sqlStore).db
			tx, err := db.Begin()
			if err != nil {
				b.Fatal(err)
			}
			for i := range n {
				if _, err := tx.Exec(`INSERT INTO moves (board, ply, move) VALUES (1, ?, 'A1-B1')`, i+1); err != nil {
					b.Fatal(err)
				}
			}
			if err := tx.Commit(); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if r := s.Execute(ctx, "tumble board 1"); !strings.Contains(r, fmt.Sprintf("move #%d:", n+1)) {
					b.Fatal(r)
				}
			}
		})
	}
}
