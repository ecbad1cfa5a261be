package main

import (
	"context"
	"errors"
	"log"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

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
