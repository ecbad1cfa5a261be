package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
)

// childSaveDelayEnv makes a child server's store wait this long after each
// committed Save before it returns: the window in which a move is stored
// and not yet answered, made wide so that a test can stop the server in it.
const childSaveDelayEnv = "PBMSERV_TEST_CHILD_SAVE_DELAY"

// slowAfterSave waits after every Save, committed or not.
type slowAfterSave struct {
	Store
	delay time.Duration
}

func (s slowAfterSave) Save(ctx context.Context, b *Board, move string) error {
	err := s.Store.Save(ctx, b, move)
	time.Sleep(s.delay)
	return err
}

// childBotHoldEnv makes a child server's bots hold every search this
// long, or until it is stopped, before they choose: a search under way
// for a test to catch.
const childBotHoldEnv = "PBMSERV_TEST_CHILD_BOT_HOLD"

// childSetup is what a child process does before it runs: the test
// hooks its environment asks for.
func childSetup() {
	if d, err := time.ParseDuration(os.Getenv(childBotHoldEnv)); err == nil {
		botChooser = func(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
			select {
			case <-time.After(d):
			case <-ctx.Done():
			}
			return chooseMove(ctx, kind, o, p)
		}
	}
	if d, err := time.ParseDuration(os.Getenv(childSaveDelayEnv)); err == nil {
		openDB = func(ctx context.Context, dsn string) (Store, error) {
			st, err := Open(ctx, dsn)
			if err != nil {
				return nil, err
			}
			return slowAfterSave{st, d}, nil
		}
	}
}

// child is a pbmserv -http child process.
type child struct {
	cmd    *exec.Cmd
	addr   string
	stderr *bytes.Buffer
	done   chan struct{} // closed when the process has exited
	err    error         // its exit, once done is closed
}

// startChild runs pbmserv -http ADDR -db db with args in a child process
// (this test binary) with env added, and waits until it answers. The
// child is killed at the end of the test if still running.
func startChild(t *testing.T, db string, env []string, args ...string) *child {
	t.Helper()
	addr := "127.0.0.1:" + freePort(t)
	all := append([]string{"-http", addr, "-db", db, "-cost", "4", "-q"}, args...)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), childEnv+"=1", childArgsEnv+"="+strings.Join(all, "\n")), env...)
	c := &child{cmd: cmd, addr: addr, stderr: new(bytes.Buffer), done: make(chan struct{})}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.err = cmd.Wait(); close(c.done) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-c.done
		if t.Failed() {
			t.Logf("child's stderr:\n%s", c.stderr.String())
		}
	})
	for deadline := time.Now().Add(20 * time.Second); ; {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			return c
		}
		select {
		case <-c.done:
			t.Fatalf("the child exited (%v):\n%s", c.err, c.stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the child does not answer: %v\n%s", err, c.stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestShutdownUnderLoad: SIGTERM in the middle of a stream of moves from
// several clients. The server stops accepting, the moves under way finish
// and are answered, and only then is the store closed: every move the
// server stored was acknowledged to its client, and every acknowledged
// move is stored. The child's store waits 300 ms after each commit, so
// that moves are caught stored but not yet answered when the signal
// comes.
func TestShutdownUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		db := dsn(t)
		const boards = 8
		games := planGames(t, boards, 60)
		seatPlanned(t, db, games)
		c := startChild(t, db, []string{childSaveDelayEnv + "=300ms"}, "-grace", "10s", "-checks", "1000000")
		var mu sync.Mutex
		acked := make([]int, boards) // moves answered "played", per board
		var failed, refusedAfter int
		var wg sync.WaitGroup
		stop := make(chan struct{})
		for i, g := range games {
			wg.Go(func() {
				client := &http.Client{Timeout: 20 * time.Second}
				for n, m := range g.moves {
					u := g.users[g.seats[n]]
					line := fmt.Sprintf("%s move %d %s pw%s %s#%d", g.word, i+1, u, u[1:], m, n+1)
					resp, err := client.Post("http://"+c.addr+"/command", "text/plain", strings.NewReader(line))
					if err != nil {
						mu.Lock()
						failed++
						mu.Unlock()
						return // the server is gone, or going
					}
					body, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), " played ") {
						mu.Lock()
						refusedAfter++
						if refusedAfter <= 3 {
							t.Logf("refused: %d %s", resp.StatusCode, firstLineOf(string(body)))
						}
						mu.Unlock()
						return
					}
					mu.Lock()
					acked[i]++
					mu.Unlock()
					select {
					case <-stop:
						return
					default:
					}
				}
			})
		}
		time.Sleep(1500 * time.Millisecond)
		sent := time.Now()
		c.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-c.done:
		case <-time.After(30 * time.Second):
			t.Fatal("the server did not stop within 30 s of SIGTERM")
		}
		exit := time.Since(sent)
		close(stop)
		wg.Wait()
		if c.err != nil {
			t.Errorf("the server's exit after SIGTERM: %v\n%s", c.err, c.stderr.String())
		}

		st := openStore(t, db)
		stored, answered := 0, 0
		for i, g := range games {
			b, err := st.Board(context.Background(), int64(i+1))
			if err != nil {
				t.Fatal(err)
			}
			for j, m := range b.Moves {
				if m != g.moves[j] {
					t.Errorf("board %d move %d is %q, never sent", i+1, j+1, m)
				}
			}
			stored += len(b.Moves)
			answered += acked[i]
			if len(b.Moves) != acked[i] {
				t.Errorf("board %d: %d moves stored, %d acknowledged", i+1, len(b.Moves), acked[i])
			}
		}
		checkStore(t, st)
		t.Logf("SIGTERM under load (%d clients, a move at a time each): %d moves stored, %d acknowledged; "+
			"%d requests failed after the signal (not stored), %d refused; the server exited %v after the signal",
			boards, stored, answered, failed, refusedAfter, exit.Round(time.Millisecond))
		if answered == 0 {
			t.Error("no move was acknowledged before the signal")
		}
	})
}

// TestShutdownGraceOver: a request still running when the grace period
// is over is stopped and answered 503, saying that the server is shutting
// down, that the command under way changed nothing and that the commands
// after it were not run; serveHTTP returns soon after,
// with no handler left running. The connection's writes are slow, as on
// a busy machine, where the reply is flushed a while after its handler
// returns: the reply is still delivered whole.
func TestShutdownGraceOver(t *testing.T) {
	st := &slowReads{Store: openStore(t, storeKinds(t)[0].dsn(t)), after: time.Minute}
	s := serverOver(t, st)
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	g, err := s.load(context.Background(), "tumbling", 1)
	if err != nil {
		t.Fatal(err)
	}
	mustExec(t, s, "tumbling move 1 alice a "+g.pos.LegalMoves()[0]) // a move for the replay to stop before
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := slowWriting{tcp, 200 * time.Millisecond}
	ctx, stop := context.WithCancel(context.Background())
	limits := DefaultConnLimits
	limits.Grace = 300 * time.Millisecond
	served := make(chan error, 1)
	go func() { served <- serveHTTP(ctx, s, ln, limits) }()
	type answer struct {
		code int
		body string
		err  error
	}
	answers := make(chan answer, 1)
	go func() {
		resp, err := http.Post("http://"+ln.Addr().String()+"/command", "text/plain", strings.NewReader("tumbling history 1\ntumbling board 1"))
		if err != nil {
			answers <- answer{err: err}
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		answers <- answer{code: resp.StatusCode, body: string(b)}
	}()
	for st.reads.Load() == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	stop()
	a := <-answers
	if a.err != nil || a.code != http.StatusServiceUnavailable || !strings.Contains(a.body, "> tumbling history 1\nerror: not done: the server is shutting down; this command changed nothing\n") ||
		!strings.HasSuffix(a.body, "error: the server is shutting down: stopped after 1 of 2 commands; the rest were not run\n") {
		t.Errorf("a request running past the grace period: %d %q %v, want 503 saying the server is shutting down and where it stopped", a.code, a.body, a.err)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("serveHTTP: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serveHTTP still running 5 s after the signal")
	}
	if d := time.Since(start); d < limits.Grace {
		t.Errorf("serveHTTP returned %v after the signal, before the grace period of %v", d, limits.Grace)
	}
}

// slowWriting is a listener whose connections wait before each write.
type slowWriting struct {
	net.Listener
	delay time.Duration
}

func (l slowWriting) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return slowWriter{c, l.delay}, nil
}

type slowWriter struct {
	net.Conn
	delay time.Duration
}

func (c slowWriter) Write(b []byte) (int, error) {
	time.Sleep(c.delay)
	return c.Conn.Write(b)
}

// TestBotsAcrossRestart: a server stopped while its bots search (SIGTERM,
// then SIGKILL) stores none of their moves and loses none: the next
// server makes each owed move once, by its sweep at start (after a
// SIGTERM) or at the board's next read once the dead server's lease has
// run out (after a SIGKILL); after a SIGTERM the server exits at once,
// its searches stopped, not waited for.
func TestBotsAcrossRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		db := dsn(t)
		const boards = 4
		{
			st := openStore(t, db)
			s := NewServer(st, 4, nil)
			mustExec(t, s, "register alice pa")
			for range boards {
				mustExec(t, s, "tumbling challenge alice bot:greedy")
			}
			st.Close()
		}
		hold := []string{childBotHoldEnv + "=1m"}
		moveAll := func(c *child) {
			t.Helper()
			for id := 1; id <= boards; id++ {
				st := openStore(t, db)
				g, err := NewServer(st, 4, nil).loadBoard(context.Background(), int64(id))
				st.Close()
				if err != nil {
					t.Fatal(err)
				}
				line := fmt.Sprintf("tumbling move %d alice pa %s#%d", id, g.pos.LegalMoves()[0], g.b.Plies+1)
				code, body, err := postFrom(http.DefaultClient, "http://"+c.addr, line)
				if err != nil || code != 200 || !strings.Contains(body, "bot:greedy is thinking") {
					t.Fatalf("%s: %d %v\n%s", line, code, err, body)
				}
			}
		}
		plies := func(want int, owed bool) {
			t.Helper()
			st := openStore(t, db)
			defer st.Close()
			for id := int64(1); id <= boards; id++ {
				b, err := st.BoardHead(context.Background(), id)
				if err != nil {
					t.Fatal(err)
				}
				if b.Plies != want || b.BotDue != owed {
					t.Errorf("board %d: %d moves, owed %v; want %d, %v", id, b.Plies, b.BotDue, want, owed)
				}
			}
			checkStore(t, st)
		}
		waitMoves := func(c *child, want int, read bool) {
			t.Helper()
			waitFor(t, "the bots' moves", func() bool {
				st := openStore(t, db)
				defer st.Close()
				for id := int64(1); id <= boards; id++ {
					if read {
						postFrom(http.DefaultClient, "http://"+c.addr, fmt.Sprintf("tumbling board %d", id))
					}
					if b, err := st.BoardHead(context.Background(), id); err != nil || b.Plies < want {
						return false
					}
				}
				return true
			})
		}

		c := startChild(t, db, hold, "-bot-time", "500ms", "-grace", "10s")
		moveAll(c)
		time.Sleep(300 * time.Millisecond) // the searches begin
		sent := time.Now()
		c.cmd.Process.Signal(syscall.SIGTERM)
		<-c.done
		exit := time.Since(sent)
		if c.err != nil || exit >= botStopWait {
			t.Errorf("SIGTERM with the bots searching: exit %v after %v; want at once, the searches stopped rather than waited for", c.err, exit)
		}
		plies(1, true)
		c = startChild(t, db, nil, "-bot-time", "500ms")
		waitMoves(c, 2, false) // the sweep at start
		time.Sleep(500 * time.Millisecond)
		c.cmd.Process.Signal(syscall.SIGTERM)
		<-c.done
		plies(2, false)

		c = startChild(t, db, hold, "-bot-time", "500ms")
		moveAll(c)
		time.Sleep(300 * time.Millisecond)
		c.cmd.Process.Signal(syscall.SIGKILL)
		<-c.done
		plies(3, true)
		c = startChild(t, db, nil, "-bot-time", "500ms")
		// The first read after the crash is answered at once, the bot
		// thinking (its lease, the dead server's, has not run out yet).
		start := time.Now()
		code, body, err := postFrom(http.DefaultClient, "http://"+c.addr, "tumbling board 1")
		first := time.Since(start)
		if err != nil || code != 200 || !strings.Contains(body, "bot:greedy (White) to play, thinking") || first > 2*time.Second {
			t.Errorf("the first read after the crash: %d %v after %v\n%s", code, err, first, body)
		}
		waitMoves(c, 4, true) // reads, once the leases have run out
		time.Sleep(500 * time.Millisecond)
		c.cmd.Process.Signal(syscall.SIGTERM)
		<-c.done
		plies(4, false)
		t.Logf("SIGTERM with %d bots searching: exit after %v; every owed move made once after each restart; the first read after a SIGKILL answered in %v",
			boards, exit.Round(time.Millisecond), first.Round(time.Millisecond))
	})
}
