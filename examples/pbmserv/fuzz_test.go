package main

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseCommand: the parser never panics, and what it accepts is well
// formed: a known verb, a lower-case user id, a board number in range, and
// a password that masked never echoes.
func FuzzParseCommand(f *testing.F) {
	for _, st := range sessionSteps {
		f.Add(st.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := parseCommand(line)
		m := masked(line)
		if err != nil {
			if _, ok := err.(errLine); !ok {
				t.Fatalf("error %v is not a reply", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error reply of two lines: %q", err)
			}
			return
		}
		switch c.verb {
		case "register", "games", "help", "challenge", "move", "board", "history", "resign", "propose", "accept", "reject":
		default:
			t.Fatalf("verb %q", c.verb)
		}
		for _, u := range append([]string{c.user}, c.users...) {
			if u != strings.ToLower(u) || len(u) > maxName || strings.HasPrefix(u, "-") {
				t.Fatalf("user %q", u)
			}
		}
		if c.word != "" && !isWord(c.word) {
			t.Fatalf("game word %q", c.word)
		}
		if c.board < 0 || c.board > maxBoard || c.verb == "move" && c.board == 0 {
			t.Fatalf("board %d", c.board)
		}
		if c.verb == "move" && (c.move == "" || c.moveNo < 0) {
			t.Fatalf("move %q #%d", c.move, c.moveNo)
		}
		if c.password != "" {
			f := strings.Fields(m)
			at := 4
			if c.verb == "register" {
				at = 2
			}
			if f[at] != "****" {
				t.Fatalf("masked %q shows the password", m)
			}
		}
	})
}

// FuzzExecute: whatever the line, the core replies: never a panic, never
// an internal error, always lines ending in a newline, an error as one
// line. It runs against a real SQLite file holding a board of every game.
func FuzzExecute(f *testing.F) {
	for _, st := range sessionSteps {
		f.Add(st.line)
	}
	for _, l := range []string{"tumbling move 1 alice a A1-B1#1", "terrace move 2 alice a B-d1-d3", "crumble move 5 alice a 0,1HN#", "crumble move 5 alice a 1, 2H", "flooprail board 4#0"} {
		f.Add(l)
	}
	// One server for the whole run (each fuzzing worker process runs this
	// once): setting it up per input would cost more than the input.
	st, err := Open(context.Background(), f.TempDir()+"/fuzz.db")
	if err != nil {
		f.Fatal(err)
	}
	defer st.Close()
	s := NewServer(st, 4, nil)
	for _, l := range []string{"register alice a", "register bob b", "tumbling challenge alice bob", "terrace challenge alice bob",
		"terrace challenge alice bob -6x6", "flooprail challenge alice bob", "crumble challenge alice bob"} {
		s.Execute(context.Background(), l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r := s.Execute(context.Background(), line)
		if !strings.HasSuffix(r, "\n") {
			t.Fatalf("%q: reply %q does not end in a newline", line, r)
		}
		if strings.HasPrefix(r, "error: internal") {
			t.Fatalf("%q: %q", line, r)
		}
		if strings.HasPrefix(r, "error: ") && strings.Count(r, "\n") != 1 {
			t.Fatalf("%q: error reply of several lines: %q", line, r)
		}
		if utf8.ValidString(line) && !utf8.ValidString(r) {
			t.Logf("%q: reply not valid UTF-8 (a clipped quote)", line)
		}
	})
}
