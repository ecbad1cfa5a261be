package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"golang.org/x/crypto/bcrypt"
)

// postgresEnv names a PostgreSQL database for the tests, as a URL. The
// tests that run against every store run against it too when it is set;
// each test gets a schema of its own, dropped at the end.
const postgresEnv = "PBMSERV_TEST_POSTGRES"

// storeKind is one database the suites run against.
type storeKind struct {
	name string
	// dsn returns a -db value for a fresh, empty store for t.
	dsn func(t testing.TB) string
}

func storeKinds(t testing.TB) []storeKind {
	kinds := []storeKind{{"sqlite", func(t testing.TB) string {
		return filepath.Join(t.TempDir(), "pbmserv.db")
	}}}
	if url := postgresURL(t); url != "" {
		kinds = append(kinds, storeKind{"postgres", func(t testing.TB) string { return testSchema(t, url) }})
	}
	return kinds
}

// postgresURL is the PostgreSQL database of the tests, or "" when none is
// named: the test then goes on without it, except in CI (CI=true), where
// ci.sh installs and starts PostgreSQL, so that a missing one is a failure
// rather than a suite that quietly tested less.
func postgresURL(t testing.TB) string {
	t.Helper()
	url := os.Getenv(postgresEnv)
	if url == "" {
		needTool(t, postgresEnv+" not set: PostgreSQL not tested")
	}
	return url
}

// needTool reports a tool the test cannot find: a failure under CI=true,
// a line in the test's log elsewhere.
func needTool(t testing.TB, missing string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s (CI=true: examples/pbmserv/ci.sh installs it)", missing)
	}
	t.Log(missing)
}

// forEachStore runs f as a subtest per store kind.
func forEachStore(t *testing.T, f func(t *testing.T, dsn func(t *testing.T) string)) {
	for _, k := range storeKinds(t) {
		t.Run(k.name, func(t *testing.T) { f(t, func(t *testing.T) string { return k.dsn(t) }) })
	}
}

// testSchema creates a schema for one test and returns a URL whose
// connections use it.
func testSchema(t testing.TB, url string) string {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var b [6]byte
	rand.Read(b[:])
	schema := "pbmtest_" + hex.EncodeToString(b[:])
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("creating schema in %s: %v", postgresEnv, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", url)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec("DROP SCHEMA " + schema + " CASCADE")
	})
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "search_path=" + schema
}

func openStore(t testing.TB, dsn string) Store {
	t.Helper()
	st, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open(%q): %v", dsn, err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newTestServer is a core over a fresh store with the cheapest bcrypt
// cost, logging to the test.
func newTestServer(t *testing.T, dsn string) *Server {
	return serverOver(t, openStore(t, dsn))
}

// serverOver is newTestServer over a store of the test's own (one that
// fails or slows down on purpose).
func serverOver(t *testing.T, st Store) *Server {
	s := NewServer(st, bcrypt.MinCost, log.New(testWriter{t}, "", 0))
	// Before the store closes (cleanups run last first): no bot's worker
	// is left using it, nor logging to a test that has ended.
	t.Cleanup(func() { s.Close(5 * time.Second) })
	return s
}

// atOnce runs n commands at once, command(i) giving the i-th one's client
// context and line, and counts the replies by their first line.
func atOnce(s *Server, n int, command func(i int) (context.Context, string)) map[string]int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	replies := map[string]int{}
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := s.Execute(command(i))
			mu.Lock()
			replies[firstLineOf(r)]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return replies
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

var _ io.Writer = testWriter{}

// registerAliceAndBob registers the two players most tests seat: alice
// with password "a" and bob with "b".
func registerAliceAndBob(t *testing.T, s *Server) {
	t.Helper()
	mustExec(t, s, "register alice a")
	mustExec(t, s, "register bob b")
}

// mustExec runs a line and fails the test unless the reply is, or is not, an
// error as expected; it returns the reply.
func mustExec(t *testing.T, s *Server, line string) string {
	t.Helper()
	r := s.Execute(context.Background(), line)
	if strings.HasPrefix(r, "error: ") {
		t.Fatalf("%s: %s", line, r)
	}
	return r
}

// checkStore replays every board of st from its moves and compares the
// position with the stored one: the property every test of concurrency and
// crashes ends with.
func checkStore(t *testing.T, st Store) (boards, moves int) {
	t.Helper()
	ctx := context.Background()
	ids, err := st.BoardIDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		b, err := st.Board(ctx, id)
		if err != nil {
			t.Fatalf("board %d: %v", id, err)
		}
		h, err := replay(ctx, b.Game, b.Variant, b.Moves)
		if err != nil {
			t.Fatalf("board %d does not replay: %v", id, err)
		}
		code, _ := h.Position().MarshalText()
		if string(code) != b.Position {
			t.Fatalf("board %d: replayed position %q, stored %q", id, code, b.Position)
		}
		if b.Version < int64(len(b.Moves)) {
			t.Fatalf("board %d: version %d below its %d moves", id, b.Version, len(b.Moves))
		}
		moves += len(b.Moves)
	}
	return len(ids), moves
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func fmtSscanf(s, format string, a ...any) (int, error) { return fmt.Sscanf(s, format, a...) }

// seated is a user at a seat as replies show them, "bob (White)", the
// seat named by the engine of the game's variant: the tests pin the
// server's wording, not every engine's.
func seated(game, variant, user string, seat int) string {
	p, err := variantStart(game, variant)
	if err != nil {
		panic(err)
	}
	return user + " (" + p.SeatName(boardrules.Player(seat)) + ")"
}

// variantsOf is a game's variants as the errors of a challenge list
// them.
func variantsOf(word string) string {
	w, ok := findWord(word)
	if !ok {
		panic("no game word " + word)
	}
	return w.variants()
}

// waitFor polls cond until it holds, failing the test after 20 s (a
// loaded machine's worst, far beyond what any condition here needs).
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not there after 20 s", what)
		}
	}
}

// getGame reads a board's JSON (GET /games/N) at url.
func getGame(t testing.TB, c *http.Client, url string) gameJSON {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var j gameJSON
	json.NewDecoder(resp.Body).Decode(&j)
	return j
}
