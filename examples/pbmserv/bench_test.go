package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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
	s.SetLimits(unlimited())
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
		if r := s.Execute(ctx, "tumbling challenge alice bob"); r[:6] != "board " {
			b.Fatal(r)
		}
	}
	newBoard()
	for b.Loop() {
		b.StopTimer()
		g, err := s.load(ctx, "tumbling", id)
		if err != nil {
			b.Fatal(err)
		}
		p := g.pos
		moves := p.LegalMoves()
		if g.b.Over || len(moves) == 0 || g.b.Plies > 60 {
			newBoard()
			g, _ = s.load(ctx, "tumbling", id)
			p = g.pos
			moves = p.LegalMoves()
		}
		user := g.b.Players[p.ToMove()]
		line := "tumbling move " + itoa(id) + " " + user + " " + pw[user] + " " + moves[len(moves)/2] + "#" + itoa(int64(g.b.Plies+1))
		b.StartTimer()
		if r := s.Execute(ctx, line); r[:6] == "error:" {
			b.Fatal(line, r)
		}
	}
}

// BenchmarkBoard times a "board" command: read, replay and print.
func BenchmarkBoard(b *testing.B) {
	s, ctx := benchServer(b)
	s.Execute(ctx, "tumbling challenge alice bob")
	// Twenty moves in, so the replay has some work.
	for range 20 {
		g, _ := s.load(ctx, "tumbling", 1)
		p := g.pos
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		user := g.b.Players[p.ToMove()]
		pw := map[string]string{"alice": "a", "bob": "b"}[user]
		s.Execute(ctx, "tumbling move 1 "+user+" "+pw+" "+moves[len(moves)/2])
	}
	for b.Loop() {
		if r := s.Execute(ctx, "tumbling board 1"); r[:6] == "error:" {
			b.Fatal(r)
		}
	}
}

// unlimited lifts every limit on a client, an address and a user: for
// measuring the server rather than its rationing of one client.
func unlimited() Limits {
	const n = 1 << 30
	return Limits{PasswordChecks: n, Challenges: n, MaxOpenBoards: n, NewBoards: n, NewBoardsTotal: n,
		Registrations: n, RegistrationsTotal: n, WrongPasswords: n, WrongFromAddress: n, WrongPerAddress: n,
		Requests: n, Replays: n}
}

// loopbackClient is an HTTP client whose connections come from the
// loopback address 127.0.0.(2+i%16), so that the clients of a benchmark
// are 16 addresses, as 16 people would be.
func loopbackClient(i int) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i%16))}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}}
}

// latencies collects request times for percentiles.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d)
	l.mu.Unlock()
}

func (l *latencies) report(b *testing.B) {
	slices.Sort(l.d)
	if len(l.d) == 0 {
		return
	}
	b.ReportMetric(float64(l.d[len(l.d)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(l.d[len(l.d)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkHTTPLoad measures what one server holds on loopback, through
// the HTTP door, with many clients at once (b.RunParallel, 8 per core)
// from 16 loopback addresses, on each store: "board" reads of one board,
// and moves with the password checked at bcrypt's default cost (10), each
// client playing its own board; with the default limits ("limits") and
// with every limit on a client lifted ("nolimits"). It reports the rate
// of requests answered 200 and refused 429, and the latency's median and
// 99th percentile. Figures: README.md.
func BenchmarkHTTPLoad(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("needs the whole 127.0.0.0/8 block on loopback, as Linux has it")
	}
	for _, k := range storeKinds(b) {
		for _, lim := range []struct {
			name   string
			limits Limits
		}{{"limits", Limits{}}, {"nolimits", unlimited()}} {
			st := openStore(b, k.dsn(b))
			s := NewServer(st, bcrypt.DefaultCost, nil)
			s.SetLimits(unlimited())
			ts := httptest.NewServer(s.Handler())
			b.Cleanup(ts.Close)
			ctx := context.Background()
			s.Execute(ctx, "register alice a")
			s.Execute(ctx, "register bob b")
			s.Execute(ctx, "tumbling challenge alice bob")
			var boards []int64 // 16 per client, made before the clock starts
			for range 256 {
				var id int64
				fmtSscanf(s.Execute(ctx, "tumbling challenge alice bob"), "board %d created", &id)
				boards = append(boards, id)
			}
			s.SetLimits(lim.limits)
			post := func(c *http.Client, body string, lat *latencies, refused *atomic.Int64) bool {
				start := time.Now()
				resp, err := c.Post(ts.URL+"/command", "text/plain", strings.NewReader(body))
				if err != nil {
					b.Fatal(err)
				}
				out, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				lat.add(time.Since(start))
				switch resp.StatusCode {
				case http.StatusOK:
					return true
				case http.StatusTooManyRequests:
					refused.Add(1)
					return false
				}
				b.Fatalf("%s: %d %s", body, resp.StatusCode, out)
				return false
			}
			b.Run(k.name+"/"+lim.name+"/board", func(b *testing.B) {
				var lat latencies
				var refused, clients atomic.Int64
				b.SetParallelism(8)
				b.RunParallel(func(pb *testing.PB) {
					c := loopbackClient(int(clients.Add(1)))
					for pb.Next() {
						post(c, "tumbling board 1", &lat, &refused)
					}
				})
				b.ReportMetric(float64(int64(b.N)-refused.Load())/b.Elapsed().Seconds(), "ok/s")
				b.ReportMetric(float64(refused.Load())/b.Elapsed().Seconds(), "refused/s")
				lat.report(b)
			})
			b.Run(k.name+"/"+lim.name+"/move", func(b *testing.B) {
				var lat latencies
				var refused, clients atomic.Int64
				b.SetParallelism(8)
				b.RunParallel(func(pb *testing.PB) {
					i := int(clients.Add(1))
					c := loopbackClient(i)
					next := i % 16
					for pb.Next() {
						var g *game
						for {
							var err error
							if g, err = s.load(ctx, "tumbling", boards[next%len(boards)]); err != nil {
								b.Fatal(err)
							}
							if !g.b.Over && g.b.Plies < 60 {
								break
							}
							next += 16
						}
						id := g.b.ID
						moves := g.pos.LegalMoves()
						user := g.b.Players[g.pos.ToMove()]
						post(c, "tumbling move "+itoa(id)+" "+user+" "+user[:1]+" "+moves[len(moves)/2]+"#"+itoa(int64(g.b.Plies+1)), &lat, &refused)
					}
				})
				b.ReportMetric(float64(int64(b.N)-refused.Load())/b.Elapsed().Seconds(), "moves/s")
				b.ReportMetric(float64(refused.Load())/b.Elapsed().Seconds(), "refused/s")
				lat.report(b)
			})
		}
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
			s.Execute(ctx, "tumbling challenge alice bob")
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
				if r := s.Execute(ctx, "tumbling board 1"); !strings.Contains(r, fmt.Sprintf("move #%d:", n+1)) {
					b.Fatal(r)
				}
			}
		})
	}
}
