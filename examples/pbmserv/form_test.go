package main

import (
	"context"
	"errors"
	"log"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// failingHeads is a store whose BoardHead fails as a broken database
// would, while the other reads work.
type failingHeads struct{ Store }

func (failingHeads) BoardHead(ctx context.Context, id int64) (*Board, error) {
	return nil, errors.New("disk on fire at sector 7")
}

// TestFormLimits: the page's form gets the statuses and limits of the
// command door: a body past 64 KiB is 413, a move past 1,000 bytes is
// refused before any work (400), and a store error while reading the board
// is 500 without its details, where only a missing board is 404.
func TestFormLimits(t *testing.T) {
	s, ts := boardOverHTTP(t)
	form := func(move string) string {
		return url.Values{"user": {"alice"}, "password": {"a"}, "move": {move}, "moveno": {"1"}}.Encode()
	}
	const ctype = "application/x-www-form-urlencoded"
	for _, c := range []struct {
		what, path, body string
		code             int
		want             string
	}{
		{"a body past 64 KiB", "/boards/1", "user=" + strings.Repeat("a", 70_000), 413, "error: form too large (at most 65536 bytes)\n"},
		{"a move of 1,001 bytes", "/boards/1", form("A1-B1" + strings.Repeat("x", 996)), 400, "error: move too long (1001 bytes, at most 1000)"},
		{"a move of 60,000 bytes", "/boards/1", form(strings.Repeat("x", 60_000)), 400, "error: move too long (60000 bytes, at most 1000)"},
		{"a missing board", "/boards/9", form("C2-C3T"), 404, "error: no board 9"},
		{"a move of 1,000 bytes", "/boards/1", form("C2-C3T" + strings.Repeat(" ", 994)), 200, "alice played C2-C3T (move #1)"},
	} {
		code, body := httpDo(t, "POST", ts.URL+c.path, ctype, c.body)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %.200q, want %d and %q", c.what, code, body, c.code, c.want)
		}
	}

	// A store that fails: 500, and the page does not show why.
	var logged strings.Builder
	broken := NewServer(failingHeads{s.store}, bcrypt.MinCost, log.New(&logged, "", 0))
	bts := httptest.NewServer(broken.Handler())
	defer bts.Close()
	code, body := httpDo(t, "POST", bts.URL+"/boards/1", ctype, form("D7-D6#2"))
	if code != 500 || !strings.Contains(body, "error: internal error") || strings.Contains(body, "disk on fire") {
		t.Errorf("a failing store: %d %.300q, want 500, an internal error, no details", code, body)
	}
	if !strings.Contains(logged.String(), "disk on fire") {
		t.Errorf("the log does not have the details: %q", logged.String())
	}
}

// slowSave is a store whose writes of moves outlast a short deadline.
type slowSave struct {
	Store
	d time.Duration
}

func (s *slowSave) Save(ctx context.Context, b *Board, move string) error {
	time.Sleep(s.d)
	return s.Store.Save(ctx, b, move)
}

// TestFormMoveStoredPastTheDeadline: a form move whose write ends after the
// request's deadline is stored (writes are not cut short), and the page
// says so rather than "not done": the page after it is read anyway.
func TestFormMoveStoredPastTheDeadline(t *testing.T) {
	ss := &slowSave{Store: openStore(t, storeKinds(t)[0].dsn(t))}
	s := serverOver(t, ss)
	s.SetLimits(Limits{RequestTime: 100 * time.Millisecond})
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ss.d = 150 * time.Millisecond
	form := url.Values{"user": {"alice"}, "password": {"a"}, "move": {"C2-C3T"}, "moveno": {"1"}}.Encode()
	code, body := httpDo(t, "POST", ts.URL+"/boards/1", "application/x-www-form-urlencoded", form)
	b, err := ss.Store.BoardHead(context.Background(), 1)
	if err != nil || b.Plies != 1 {
		t.Fatalf("board 1: %v, %v; want the move stored", b, err)
	}
	if code != 200 || !strings.Contains(body, "alice played") || strings.Contains(body, "changed nothing") {
		t.Errorf("a stored move's page: %d %.300q", code, body)
	}
}

// pastDeadline is a context whose deadline has passed but whose timer has
// not yet fired: what a driver that times its socket out at the deadline
// (pgx, dialling) can see.
type pastDeadline struct{ context.Context }

func (pastDeadline) Deadline() (time.Time, bool) { return time.Now().Add(-time.Millisecond), true }

// TestDeadlineSeenInTheError: a store error that comes at or after the
// request's deadline is the deadline's (503), not damage or an internal
// error, even before the context says so.
func TestDeadlineSeenInTheError(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	ctx := pastDeadline{context.Background()}
	dial := errors.New("failed to connect: dial tcp 127.0.0.1:5432: i/o timeout")
	if err := s.ctxErr(ctx, dial); errStatus(err).code != http.StatusServiceUnavailable {
		t.Errorf("ctxErr = %v, want the deadline's 503", err)
	}
	if err := s.damagedOr(ctx, 1, dial); errStatus(err).code != http.StatusServiceUnavailable {
		t.Errorf("damagedOr = %v, want the deadline's 503", err)
	}
	if err := s.ctxErr(context.Background(), dial); err != dial {
		t.Errorf("without a deadline: %v, want the error itself", err)
	}
}

// TestFormPageKeepsTheDeadline: the page after a form move that did not
// go through (refused at the request's deadline, or sent by a client that
// has gone) is read under the request's context, not past it: a slow
// store keeps the handler no longer than the deadline.
func TestFormPageKeepsTheDeadline(t *testing.T) {
	sr := &slowReads{Store: openStore(t, storeKinds(t)[0].dsn(t))}
	s := serverOver(t, sr)
	s.SetLimits(Limits{RequestTime: 200 * time.Millisecond})
	registerAliceAndBob(t, s)
	id, _ := storedCrumble(t, s, "6x6", 10, 8) // its moves read the record
	h := s.Handler()
	form := url.Values{"user": {"alice"}, "password": {"a"}, "move": {"1,1H"}}.Encode()
	sr.after = 2 * time.Second
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		ctx  context.Context
	}{{"at the deadline", context.Background()}, {"the client gone", gone}} {
		req := httptest.NewRequest("POST", "/boards/"+itoa(id), strings.NewReader(form)).WithContext(c.ctx)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		t0 := time.Now()
		h.ServeHTTP(httptest.NewRecorder(), req)
		if took := time.Since(t0); took > time.Second {
			t.Errorf("%s: the handler took %v, past the 200 ms deadline", c.name, took)
		}
	}
}
