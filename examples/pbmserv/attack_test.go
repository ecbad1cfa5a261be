package main

// The defects found by attacking the server, one test each,
// every one failing on the server as it was before.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// freePort returns a loopback port nobody listens on just now.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
}

// startHTTPChild runs pbmserv -http in a child process with a limit of
// 1024 open files (the usual default), and waits until it answers.
func startHTTPChild(t *testing.T, addr string, args ...string) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "http.db")
	all := append([]string{"-http", addr, "-db", db, "-cost", "4"}, args...)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1", childNofileEnv+"=1024", childArgsEnv+"="+strings.Join(all, "\n"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("child's stderr:\n%s", stderr.String())
		}
	})
	for deadline := time.Now().Add(20 * time.Second); ; {
		resp, err := http.Get("http://" + addr + "/")
		if err == nil {
			resp.Body.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the child does not answer: %v\n%s", err, stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestSlowConnections (D1): while 10,000 connections (1,000 with -short)
// are attempted from other loopback addresses, each sending its request
// slowly, a real client keeps being served; every slow connection is
// dropped by the server; an idle keep-alive connection is dropped; an
// oversized header is refused. The child runs with the common limit of
// 1024 open files, which slow connections exhausted before.
func TestSlowConnections(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs the whole 127.0.0.0/8 block on loopback, as Linux has it")
	}
	attempts, parallel := 10000, 1500
	if testing.Short() {
		attempts, parallel = 1000, 1000
	}
	addr := "127.0.0.1:" + freePort(t)
	startHTTPChild(t, addr, "-read-timeout", "2s", "-idle-timeout", "2s", "-q")

	const hold = 5 * time.Second // an attacker gives up after this
	var dropped, held, refused atomic.Int64
	attackDone := make(chan struct{})
	go func() {
		defer close(attackDone)
		sem := make(chan struct{}, parallel)
		var wg sync.WaitGroup
		for i := range attempts {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				d := net.Dialer{Timeout: 2 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i%8))}}
				c, err := d.Dial("tcp", addr)
				if err != nil {
					refused.Add(1)
					return
				}
				defer c.Close()
				end := time.Now().Add(hold)
				c.SetDeadline(end)
				if _, err := io.WriteString(c, "POST /command HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nhe"); err != nil {
					dropped.Add(1)
					return
				}
				var b [1]byte
				for time.Now().Before(end) {
					c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
					_, err := c.Read(b[:])
					var ne net.Error
					if errors.As(err, &ne) && ne.Timeout() {
						c.Write([]byte("l")) // one more byte of the body, slowly
						continue
					}
					dropped.Add(1) // closed (or answered) by the server
					return
				}
				held.Add(1)
			})
		}
		wg.Wait()
	}()

	// The real client, from 127.0.0.1, asks for help every 50 ms.
	client := &http.Client{Timeout: 3 * time.Second}
	served, failed := 0, 0
	for running := true; running; {
		select {
		case <-attackDone:
			running = false
		case <-time.After(50 * time.Millisecond):
		}
		resp, err := client.Post("http://"+addr+"/command", "text/plain", strings.NewReader("help"))
		if err != nil {
			failed++
			if failed <= 3 {
				t.Logf("real client: %v", err)
			}
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			failed++
			continue
		}
		served++
	}
	t.Logf("%d attempts: %d dropped by the server, %d held for %v, %d refused; real client: %d served, %d failed",
		attempts, dropped.Load(), held.Load(), hold, refused.Load(), served, failed)
	if failed > 0 || served == 0 {
		t.Errorf("the real client was served %d times and failed %d times during the attack", served, failed)
	}
	if held.Load() > 0 {
		t.Errorf("%d slow connections were still open after %v (the read timeout is 2 s)", held.Load(), hold)
	}

	// An idle keep-alive connection is dropped after the idle timeout.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	c.SetReadDeadline(time.Now().Add(hold))
	if _, err := br.ReadByte(); err != io.EOF {
		t.Errorf("an idle keep-alive connection: %v, want it closed by the server (EOF)", err)
	}

	// Headers beyond the limit are refused.
	req, _ := http.NewRequest("GET", "http://"+addr+"/", nil)
	req.Header.Set("X-Big", strings.Repeat("x", 32<<10))
	// The server answers 431 and closes, sometimes before the client has
	// written them all (then the client sees the connection broken).
	if resp, err := client.Do(req); err == nil && resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("32 KiB of headers: %s, want 431", resp.Status)
	} else if err != nil && !strings.Contains(err.Error(), "broken") && !strings.Contains(err.Error(), "reset") {
		t.Errorf("32 KiB of headers: %v", err)
	}
}

// TestChallengeCaps (D2): challenges need no password, so the caps are
// what stands between a victim and a flood of boards in their name.
func TestChallengeCaps(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	mustExec(t, s, "register victim v")
	for i := range 40 {
		mustExec(t, s, fmt.Sprintf("register m%d m", i))
	}
	created := 0
	var last string
	for i := range 40 {
		last = s.Execute(t.Context(), fmt.Sprintf("tumbling challenge m%d victim", i))
		if !strings.HasPrefix(last, "board ") {
			break
		}
		created++
	}
	if created != DefaultLimits.Challenges {
		t.Errorf("%d boards created in the victim's name in a row, want the cap %d", created, DefaultLimits.Challenges)
	}
	if want := "error: victim was seated on 30 new boards in the last 1h0m0s, the most allowed: try again in 3600 s\n"; last != want {
		t.Errorf("refusal %q, want %q", last, want)
	}
	if r := s.Execute(t.Context(), "games victim"); len(r) > 4000 {
		t.Errorf("games victim: %d bytes", len(r))
	}
	// An hour later the window has moved on; the open-board cap still holds.
	s.now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	s.SetLimits(Limits{MaxOpenBoards: 32})
	mustExec(t, s, "tumbling challenge victim m0")
	mustExec(t, s, "tumbling challenge victim m1")
	if r := s.Execute(t.Context(), "tumbling challenge victim m2"); r != "error: victim already plays 32 open boards, the most allowed: finish one first\n" {
		t.Errorf("open-board cap: %q", r)
	}
	// A board that is over no longer counts: finishing one makes room.
	mustExec(t, s, "tumbling resign 1 victim v")
	if r := s.Execute(t.Context(), "tumbling challenge victim m2"); !strings.HasPrefix(r, "board ") {
		t.Errorf("a challenge after one of 32 open boards ended: %q", r)
	}
}

// boardOverHTTP is a server on SQLite with alice (password a) and bob (b)
// on board 1, a Tumbling Down game, served over HTTP on loopback.
func boardOverHTTP(t *testing.T) (*Server, *httptest.Server) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, ts
}

// alicesAndBobs is a quiet server on dsn (internal errors are expected and
// not logged) with alice (password a) and bob (b) registered.
func alicesAndBobs(t *testing.T, dsn string) (*sqlStore, *Server) {
	st := openStore(t, dsn)
	s := NewServer(st, 4, log.New(io.Discard, "", 0))
	registerAliceAndBob(t, s)
	return st.(*sqlStore), s
}

// TestRequestBounds (D3): a request's commands and reply are bounded.
func TestRequestBounds(t *testing.T) {
	s, ts := boardOverHTTP(t)
	code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", strings.Repeat("tumbling board 1\n", 3800))
	if code != http.StatusRequestEntityTooLarge || body != "error: 3800 commands in one request, at most 100\n" {
		t.Errorf("3800 commands: %d, %d bytes: %.200q", code, len(body), body)
	}
	s.SetLimits(Limits{MaxReply: 10000})
	code, body = httpDo(t, "POST", ts.URL+"/command", "text/plain", strings.Repeat("tumbling board 1\n", 100))
	if code != http.StatusRequestEntityTooLarge || len(body) > 20000 || !strings.HasSuffix(body, " commands\n") ||
		!strings.Contains(body, "error: reply too long: stopped after ") {
		t.Errorf("100 boards with a 10,000-byte reply limit: %d, %d bytes, ending %q", code, len(body), body[max(0, len(body)-100):])
	}
}

// TestClientGone (D3): when the client goes away, the commands it sent
// are not run: a body of 100 registrations stops hashing passwords. The
// handler must return within the time of a few registrations after the
// client left, not run the rest for nobody.
func TestClientGone(t *testing.T) {
	st := openStore(t, storeKinds(t)[0].dsn(t))
	s := NewServer(st, 8, nil)
	s.SetLimits(Limits{PasswordChecks: 1000}) // this test is about the client leaving
	begin := time.Now()
	mustExec(t, s, "register first password")
	one := time.Since(begin)
	returned := make(chan time.Time, 1)
	h := s.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		returned <- time.Now()
	}))
	defer ts.Close()
	var body strings.Builder
	for i := range 100 {
		fmt.Fprintf(&body, "register u%d password\n", i)
	}
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/command", strings.NewReader(body.String()))
	go func() {
		time.Sleep(3 * one)
		cancel()
	}()
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Skip("the request finished before the client left")
	}
	left := time.Now()
	after := (<-returned).Sub(left)
	t.Logf("one registration takes %v; the handler returned %v after the client left", one, after)
	if after > 10*one {
		t.Errorf("the handler ran on for %v after the client left: %d registrations' worth", after, after/one)
	}
}

// TestReadsDoNotReplay (D3): board, the JSON and the page read the stored
// position, so their cost does not grow with the game: with the record
// made unreadable they still work, and history, which replays, reports the
// damage.
func TestReadsDoNotReplay(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		st, s := alicesAndBobs(t, dsn(t))
		mustExec(t, s, "tumbling challenge alice bob")
		mustExec(t, s, "tumbling move 1 alice a A1-B1")
		mustExec(t, s, "tumbling move 1 bob b H8-G8")
		if _, err := st.db.Exec(`UPDATE moves SET move = 'Z9-Z9'`); err != nil {
			t.Fatal(err)
		}
		mustExec(t, s, "tumbling board 1")
		mustExec(t, s, "tumbling move 1 alice a B1-C1#3")
		ts := httptest.NewServer(s.Handler())
		defer ts.Close()
		for _, path := range []string{"/games/1", "/boards/1"} {
			if code, body := httpDo(t, "GET", ts.URL+path, "", ""); code != 200 {
				t.Errorf("GET %s: %d %.200s", path, code, body)
			}
		}
		if r := s.Execute(t.Context(), "tumbling history 1"); !strings.HasPrefix(r, "error: board 1 is damaged") {
			t.Errorf("history: %q", r)
		}
	})
}

// TestMoveLimit (D3): a game that reaches its move limit ends, drawn.
func TestMoveLimit(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	s.SetLimits(Limits{MaxMoves: 6})
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	pw := map[string]string{"alice": "a", "bob": "b"}
	var r string
	for i := range 6 {
		if i == 5 { // a proposal that stands when the limit ends the game
			mustExec(t, s, "tumbling propose 1 alice a draw")
		}
		g, err := s.load(t.Context(), "tumbling", 1)
		if err != nil {
			t.Fatal(err)
		}
		user := g.b.Players[g.pos.ToMove()]
		r = mustExec(t, s, "tumbling move 1 "+user+" "+pw[user]+" "+g.pos.LegalMoves()[0])
	}
	if !strings.HasSuffix(r, "game over after 6 moves: draw: the move limit of 6 moves is reached\n") {
		t.Errorf("the sixth move: %q", r)
	}
	g, err := s.load(t.Context(), "tumbling", 1)
	if err != nil || g.b.DrawOffer != 0 {
		t.Fatalf("the ended board still holds a draw proposal (%v)", err)
	}
	// a board that a server before that mend stored with its proposal
	g.b.DrawOffer = 1
	if offer := g.json().DrawOffer; len(offer) != 0 {
		t.Errorf("the JSON of an ended board lists a draw proposal: %q", offer)
	}
	if r := s.Execute(t.Context(), "tumbling history 1"); !strings.Contains(r, `[Termination "move limit (6 moves)"]`) {
		t.Errorf("history: %q", r)
	}
	if r := s.Execute(t.Context(), "tumbling move 1 alice a A1-B1"); !strings.HasPrefix(r, "error: board 1 is over: draw: the move limit") {
		t.Errorf("a seventh move: %q", r)
	}
}

// TestStdinSurvives (D4): an overlong line and a binary line each get an
// error, and the door reads on. DEL is a control character too; a tab is
// not, it separates words as a space does.
func TestStdinSurvives(t *testing.T) {
	in := "register alice a\n" + strings.Repeat("x", 100<<10) + "\n" + "\x00\xff\xfe binary\n" + "games alice\x7f\n" + "games\talice\n" +
		strings.Repeat("y", 5000)
	var out, errb bytes.Buffer
	db := filepath.Join(t.TempDir(), "door.db")
	if code := run([]string{"-stdin", "-db", db, "-cost", "4"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "> register alice ****\nregistered alice\n\n" +
		"> (a line of 102400 bytes)\nerror: line too long (102400 bytes, at most 1000)\n\n" +
		"> (a line that is not text)\nerror: line is not text (UTF-8 without control characters)\n\n" +
		"> (a line that is not text)\nerror: line is not text (UTF-8 without control characters)\n\n" +
		"> games alice\nalice has no games\n\n" +
		"> (a line of 5000 bytes)\nerror: line too long (5000 bytes, at most 1000)\n\n"
	if out.String() != want {
		t.Errorf("output:\n%q\nwant\n%q", out.String(), want)
	}
}

// TestTwoServersStart (D5): two servers starting at once on an empty
// PostgreSQL schema both come up.
func TestTwoServersStart(t *testing.T) {
	url := postgresURL(t)
	if url == "" {
		t.Skipf("%s not set", postgresEnv)
	}
	for try := range 5 {
		dsn := testSchema(t, url)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		start := make(chan struct{})
		for i := range 2 {
			wg.Go(func() {
				<-start
				st, err := Open(context.Background(), dsn)
				if err == nil {
					st.Close()
				}
				errs[i] = err
			})
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("try %d, server %d: %v", try, i, err)
			}
		}
	}
}

// TestDamagedBoardInList (D6): one damaged board is listed as damaged; the
// user's other boards, and the front page, carry on.
func TestDamagedBoardInList(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		url := dsn(t)
		st, s := alicesAndBobs(t, url)
		for id := range 3 {
			mustExec(t, s, "tumbling challenge alice bob")
			mustExec(t, s, fmt.Sprintf("tumbling accept %d bob b", id+1)) // listed for bob once he joins
		}
		if _, err := st.db.Exec(`UPDATE boards SET position = 'tumbling nonsense' WHERE id = 2`); err != nil {
			t.Fatal(err)
		}
		want := "3 tumbling (pbmserv) alice vs bob: alice (Black) to play\n" +
			"2 tumbling (pbmserv) alice vs bob: damaged\n" +
			"1 tumbling (pbmserv) alice vs bob: alice (Black) to play\n"
		if r := s.Execute(t.Context(), "games bob"); r != want {
			t.Errorf("games bob:\n%s\nwant\n%s", r, want)
		}
		ts := httptest.NewServer(s.Handler())
		defer ts.Close()
		code, page := httpDo(t, "GET", ts.URL+"/", "", "")
		if code != 200 || !strings.Contains(page, `board 2</a>: tumbling (pbmserv) alice vs bob: damaged`) || !strings.Contains(page, `board 3</a>`) {
			t.Errorf("front page: %d\n%s", code, page)
		}
		if code, body := httpDo(t, "GET", ts.URL+"/boards/2", "", ""); code != 500 || !strings.Contains(body, "board 2 is damaged") {
			t.Errorf("the damaged board's page: %d %q", code, body)
		}
		if !strings.HasPrefix(url, "postgres") {
			// SQLite keeps any value in any column: a row that does not
			// scan is damage too, listed as such.
			if _, err := st.db.Exec(`UPDATE boards SET version = 'x' WHERE id = 3`); err != nil {
				t.Fatal(err)
			}
			if r := s.Execute(t.Context(), "games bob"); !strings.HasPrefix(r, "3 damaged\n2 tumbling (pbmserv) alice vs bob: damaged\n1 tumbling") {
				t.Errorf("games bob with a row that does not scan:\n%s", r)
			}
			if r := s.Execute(t.Context(), "tumbling board 3"); !strings.HasPrefix(r, "error: board 3 is damaged") {
				t.Errorf("a board whose row does not scan: %q", r)
			}
		}
	})
}

// TestHonestHTTP (D7): security headers on every reply, errors with a 4xx
// or 5xx status and their text, and an HTML front page.
func TestHonestHTTP(t *testing.T) {
	_, ts := boardOverHTTP(t)
	for _, c := range []struct {
		method, path, body string
		status             int
		text               string
	}{
		{"GET", "/", "", 200, "<!DOCTYPE html>"},
		{"GET", "/boards/1", "", 200, "<svg"},
		{"GET", "/games/1", "", 200, `"board": 1`},
		{"GET", "/games/9", "", 404, `{"error":"no board 9"}`},
		{"GET", "/boards/9", "", 404, "error: no board 9\n"},
		{"GET", "/nothing", "", 404, "404 page not found"},
		{"POST", "/command", "help", 200, "register USER PASSWORD"},
		{"POST", "/command", "hello", 400, `error: unknown command "hello"`},
		{"POST", "/command", "tumbling move 9 alice a A1-B1", 404, "error: no board 9\n"},
		{"POST", "/command", "tumbling move 1 alice x A1-B1", 403, "error: bad password for alice\n"},
		{"POST", "/command", "tumbling move 1 bob b A1-B1", 409, "error: not your turn: move #1 on board 1 is alice (Black)'s\n"},
		{"POST", "/command", "tumbling move 1 alice a A1-B1#2", 409, "error: wrong move number"},
		{"POST", "/command", "register alice a", 409, "error: user alice already exists\n"},
		{"POST", "/command", "games zed", 404, "error: unknown user zed"},
		{"POST", "/command", "help\nhello", 400, "> help\n"},
		// Of several errors, the first one's status (400), not the last's (404).
		{"POST", "/command", "hello\ntumble move 9 alice a A1-B1", 400, "error: no board 9\n"},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.Contains(string(b), c.text) {
			t.Errorf("%s %s %q: %d %.200q, want %d and %q", c.method, c.path, c.body, resp.StatusCode, b, c.status, c.text)
		}
		h := resp.Header
		if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") || h.Get("X-Frame-Options") != "SAMEORIGIN" ||
			h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: headers %v", c.method, c.path, h)
		}
		if c.path == "/" && !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			t.Errorf("/ is %s", h.Get("Content-Type"))
		}
	}
}

// TestPasswordGuessing: wrong passwords from one address slow that
// address down for the account (429 with Retry-After), a refused guess is
// answered without computing a hash, and the owner's right password
// from another address goes through; password checks and registrations
// from one address are rationed.
func TestPasswordGuessing(t *testing.T) {
	st := openStore(t, storeKinds(t)[0].dsn(t))
	s := NewServer(st, 4, nil)
	clock := time.Now()
	s.now = func() time.Time { return clock }
	var hashes atomic.Int32
	compare := s.compare
	s.compare = func(hash, pw []byte) error { hashes.Add(1); return compare(hash, pw) }
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	statuses := map[int]int{}
	var last string
	for i := range 15 {
		code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", fmt.Sprintf("tumbling move 1 alice guess%d A1-B1", i))
		statuses[code]++
		last = body
	}
	if n := DefaultLimits.WrongFromAddress; statuses[403] != n || statuses[429] != 15-n || hashes.Load() != int32(n) {
		t.Errorf("15 guesses: statuses %v and %d hashes, want %d × 403 (hashed) then 429", statuses, hashes.Load(), n)
	}
	if last != "error: too many wrong passwords for alice from 127.0.0.1: try again in 20 s\n" {
		t.Errorf("refusal %q", last)
	}
	resp, err := http.Post(ts.URL+"/command", "text/plain", strings.NewReader("tumbling move 1 alice guess A1-B1"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "20" {
		t.Errorf("a refused guess: %s, Retry-After %q, want 429 and 20", resp.Status, resp.Header.Get("Retry-After"))
	}
	// The owner, from another address, is not held.
	if r := s.Execute(withClient(context.Background(), "192.0.2.7"), "tumbling propose 1 alice a draw"); !strings.HasPrefix(r, "alice proposes a draw") {
		t.Errorf("the right password from another address: %q", firstLineOf(r))
	}
	// From the guessing address, after the wait, one check.
	clock = clock.Add(21 * time.Second)
	if code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", "tumbling reject 1 alice a"); code != 200 {
		t.Errorf("right password after the wait: %d %q", code, body)
	}

	// Checks per address: registrations hash too, and are rationed on
	// their own (per address, then on the whole server).
	register30 := func(prefix string) (statuses map[int]int, last string) {
		statuses = map[int]int{}
		for i := range 30 {
			code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", fmt.Sprintf("register %s%d pw", prefix, i))
			statuses[code]++
			last = body
		}
		return statuses, last
	}
	clock = clock.Add(time.Hour)
	s.SetLimits(Limits{Registrations: 1000})
	statuses, last = register30("user")
	if statuses[200] != DefaultLimits.PasswordChecks || last != "error: too many password checks from 127.0.0.1: try again in 1 s\n" {
		t.Errorf("30 registrations from one address: %v, last %q", statuses, last)
	}
	clock = clock.Add(24 * time.Hour) // the store's bucket of new users from 127.0.0.1 is full again
	s.SetLimits(Limits{})
	statuses, last = register30("other")
	if statuses[200] != DefaultLimits.Registrations || last != "error: too many new users from 127.0.0.1: try again in 360 s\n" {
		t.Errorf("30 registrations from one address: %v, last %q", statuses, last)
	}
}

// TestHistoryMovesReplay: a move on a board whose rules look at the past
// (Crumble with its automatic draws) is played on the record replayed,
// which must agree with the stored position; on a Crumble -nodraws board
// it is played on the decoded position, like every other game's.
func TestHistoryMovesReplay(t *testing.T) {
	st, s := alicesAndBobs(t, storeKinds(t)[0].dsn(t))
	mustExec(t, s, "crumble challenge alice bob -4x4")
	mustExec(t, s, "crumble challenge alice bob -4x4 -nodraws")
	pw := map[string]string{"alice": "a", "bob": "b"}
	move := func(id int64) string {
		g, err := s.load(t.Context(), "crumble", id)
		if err != nil {
			t.Fatal(err)
		}
		user := g.b.Players[g.pos.ToMove()]
		return s.Execute(t.Context(), "crumble move "+itoa(id)+" "+user+" "+pw[user]+" "+g.pos.LegalMoves()[0])
	}
	for _, id := range []int64{1, 2} {
		if r := move(id); !strings.Contains(r, " played ") {
			t.Fatalf("board %d: %q", id, r)
		}
	}
	if _, err := st.db.Exec(`UPDATE moves SET move = 'nonsense'`); err != nil {
		t.Fatal(err)
	}
	if r := move(1); !strings.HasPrefix(r, "error: board 1 is damaged") {
		t.Errorf("board 1 (draw rules): %q, want the record replayed and found damaged", r)
	}
	if r := move(2); !strings.Contains(r, " played ") {
		t.Errorf("board 2 (-nodraws): %q, want the move played on the stored position", r)
	}
}
