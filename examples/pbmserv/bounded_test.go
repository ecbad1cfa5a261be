package main

import (
	"context"
	"io"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardrules/boardrules/internal/clitest"
)

// maxErrorBytes bounds any error reply or message, whatever its input:
// an error quotes at most 64 bytes of what it was given.
const maxErrorBytes = 300

// longInput is n bytes of what a hostile client may type: ASCII, runes
// of several bytes and bytes that are no UTF-8, so that the cut must fall
// on a rune boundary and what is shown must be quoted as typed.
func longInput(n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString("aé€\xff")
	}
	return b.String()[:n]
}

// checkBounded fails when an error text is longer than maxErrorBytes or
// shows bytes as Latin-1 runes.
func checkBounded(t *testing.T, what, text string) {
	t.Helper()
	if len(text) > maxErrorBytes {
		t.Errorf("%s: a %d-byte error, more than %d: %.120q...", what, len(text), maxErrorBytes, text)
	}
	if strings.Contains(text, "Ã") || strings.Contains(text, "\xff") || strings.ContainsRune(text, utf8.RuneError) {
		t.Errorf("%s: the error does not show the input as typed: %q", what, text)
	}
}

// TestErrorsBounded: every error of every command, fed the longest input
// each of its fields can hold, and of the HTTP door and the flags, fed a
// mebibyte, stays short and shows the input as typed (Go-quoted).
func TestErrorsBounded(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	mustExec(t, s, "crumble challenge alice bob")
	for _, tmpl := range []string{
		"X", "tumbling X", "register X pw", "register alice X", "games X", "tumbling board X", "tumbling board 1#X",
		"tumbling history X", "tumbling challenge alice X", "tumbling challenge alice bob -X", "tumbling challenge alice bot:X",
		"crumble challenge alice bob -X", "terrace challenge alice bob -X", "flooprail challenge alice bob -X",
		"tumbling move X alice a A1-B1", "tumbling move 1 X a A1-B1", "tumbling move 1 alice X A1-B1",
		"tumbling move 1 alice a X", "tumbling move 1 alice a X#1", "tumbling move 1 alice a A1-B1#X",
		"crumble move 2 alice a X", "tumbling propose 1 alice a X", "tumbling accept 1 alice a X",
	} {
		line := strings.Replace(tmpl, "X", longInput(maxLine-len(tmpl)+1), 1)
		r := s.Execute(context.Background(), line)
		if !strings.HasPrefix(r, "error: ") {
			t.Errorf("%s: not an error: %.200q", tmpl, r)
			continue
		}
		checkBounded(t, tmpl, r)
	}
	// A line past the limit, through the HTTP door.
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for what, body := range map[string]string{
		"a mebibyte body":       longInput(1 << 20),
		"a 60 KB line":          "tumbling move 1 alice a " + longInput(60<<10),
		"a 60 KB form move":     url.Values{"user": {"alice"}, "password": {"a"}, "move": {longInput(60 << 10)}}.Encode(),
		"a mebibyte board path": "",
	} {
		var code int
		var reply string
		switch what {
		case "a 60 KB form move":
			code, reply = httpDo(t, "POST", ts.URL+"/boards/1", "application/x-www-form-urlencoded", body)
		case "a mebibyte board path":
			code, reply = httpDo(t, "GET", ts.URL+"/games/"+url.PathEscape(longInput(8<<10)), "", "")
		default:
			code, reply = httpDo(t, "POST", ts.URL+"/command", "text/plain", body)
		}
		if code < 400 {
			t.Errorf("%s: %d, want an error", what, code)
		}
		checkBounded(t, what, reply)
	}
	// The flags, as every program's are checked.
	clitest.Bounded(t, runNoInput, [][]string{
		{"-check", "-db", "/nonexistent/" + clitest.Long},
		{"-backup", clitest.Long, "-db", "/nonexistent/x.db"},
		{"-http", clitest.Long},
		{"-http", "127.0.0.1:0", "-trusted-proxy", clitest.Long},
		{"-http", "127.0.0.1:0", "-origin", "https://example.org/" + clitest.Long},
		{"-http", "127.0.0.1:0", "-tls-cert", "/nonexistent/" + clitest.Long, "-tls-key", "k.pem"},
		{"-http", "127.0.0.1:0", "-db", t.TempDir() + "/x.db", "-access-log", "/nonexistent/" + clitest.Long},
		{"-stdin", "-cost", clitest.Long},
		{"-" + clitest.Long},
		{clitest.Long},
	})
}

// runNoInput is run as internal/clitest calls a program: no standard input.
func runNoInput(args []string, stdout, stderr io.Writer) int {
	return run(args, strings.NewReader(""), stdout, stderr)
}
