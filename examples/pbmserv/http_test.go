package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func httpDo(t *testing.T, method, u, ctype, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestHTTP(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		s := newTestServer(t, dsn(t))
		ts := httptest.NewServer(s.Handler())
		defer ts.Close()

		// POST /command: one line, one reply; several lines, the -stdin format.
		code, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", "register alice pa\n")
		if code != 200 || body != "registered alice\n" {
			t.Fatalf("register: %d %q", code, body)
		}
		_, body = httpDo(t, "POST", ts.URL+"/command", "text/plain", "register bob pb\n\nflooprail challenge alice bob\n")
		if !strings.HasPrefix(body, "> register bob ****\nregistered bob\n\n> flooprail challenge alice bob\nboard 1 created\n") {
			t.Fatalf("two commands: %q", body)
		}
		_, body = httpDo(t, "POST", ts.URL+"/command", "text/plain", "flooprail move 1 alice pa E3-E2#1")
		if !strings.Contains(body, "error: ") && !strings.Contains(body, "alice played") {
			t.Fatalf("move: %q", body)
		}
		if _, body := httpDo(t, "POST", ts.URL+"/command", "text/plain", "\n# nothing\n"); !strings.HasPrefix(body, "error: empty command") {
			t.Errorf("empty body: %q", body)
		}
		if code, _ := httpDo(t, "GET", ts.URL+"/command", "", ""); code != http.StatusMethodNotAllowed {
			t.Errorf("GET /command: %d", code)
		}
		if code, _ := httpDo(t, "POST", ts.URL+"/command", "text/plain", strings.Repeat("x", maxBody+1)); code != http.StatusRequestEntityTooLarge {
			t.Errorf("huge body: %d", code)
		}

		// GET /games/1: the JSON view agrees with the core.
		code, body = httpDo(t, "GET", ts.URL+"/games/1", "", "")
		if code != 200 {
			t.Fatalf("GET /games/1: %d %s", code, body)
		}
		var j gameJSON
		if err := json.Unmarshal([]byte(body), &j); err != nil {
			t.Fatal(err)
		}
		g, err := s.load(t.Context(), "flooprail", 1)
		if err != nil {
			t.Fatal(err)
		}
		full, err := s.store.Board(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		p := g.pos
		toMove := int(p.ToMove())
		want := gameJSON{Board: 1, Word: "flooprail", Game: "flooprail", Variant: "normal", Players: []string{"alice", "bob"},
			Seats: []string{p.SeatName(0), p.SeatName(1)}, Moves: full.Moves, NextMove: g.b.Plies + 1,
			ToMove: &toMove, ToMoveSeat: p.SeatName(p.ToMove()), ToMoveUser: g.b.Players[p.ToMove()],
			Position: g.b.Position, LegalMoves: p.LegalMoves(), Outcome: outcomeJSON{Status: "ongoing", Winner: -1},
			DrawOffer: []string{}, Version: g.b.Version}
		if d := cmp.Diff(want, j, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("JSON (-want +got):\n%s", d)
		}
		if len(j.LegalMoves) == 0 {
			t.Error("no legal moves at the start")
		}
		for path, status := range map[string]int{"/games/2": 404, "/games/x": 400, "/boards/2": 404, "/nothing": 404} {
			if code, _ := httpDo(t, "GET", ts.URL+path, "", ""); code != status {
				t.Errorf("GET %s: %d, want %d", path, code, status)
			}
		}

		// GET /boards/1: the page, with the picture and the legal moves.
		code, page := httpDo(t, "GET", ts.URL+"/boards/1", "", "")
		if code != 200 {
			t.Fatalf("page: %d", code)
		}
		for _, w := range []string{"<svg", `name="moveno" value="` + itoa(int64(j.NextMove)) + `"`, "<li>" + j.LegalMoves[0] + "</li>"} {
			if !strings.Contains(page, w) {
				t.Errorf("page lacks %q", w)
			}
		}

		// POST /boards/1: the form moves, pinned to the move number shown.
		mover := j.ToMoveUser
		pw := map[string]string{"alice": "pa", "bob": "pb"}[mover]
		form := url.Values{"user": {mover}, "password": {pw}, "move": {j.LegalMoves[0]}, "moveno": {itoa(int64(j.NextMove))}}
		code, page = httpDo(t, "POST", ts.URL+"/boards/1", "application/x-www-form-urlencoded", form.Encode())
		if code != 200 || !strings.Contains(page, mover+" played "+j.LegalMoves[0]) {
			t.Fatalf("form move: %d\n%s", code, page)
		}
		// The same form again is stale: its move number is taken.
		_, page = httpDo(t, "POST", ts.URL+"/boards/1", "application/x-www-form-urlencoded", form.Encode())
		if !strings.Contains(page, "error: wrong move number") {
			t.Errorf("stale form: no wrong move number:\n%s", page)
		}
		// A newline in a field cannot smuggle in a second command.
		form = url.Values{"user": {"bob"}, "password": {"pb\nregister mallory x"}, "move": {"E6-D6"}}
		_, page = httpDo(t, "POST", ts.URL+"/boards/1", "application/x-www-form-urlencoded", form.Encode())
		if !strings.Contains(page, "error: give your password (one word)") {
			t.Errorf("smuggled newline:\n%s", page)
		}
		if r := s.Execute(t.Context(), "games mallory"); !strings.HasPrefix(r, "error: unknown user") {
			t.Errorf("mallory exists: %q", r)
		}
		_, page = httpDo(t, "GET", ts.URL+"/", "", "")
		if !strings.Contains(page, `<a href="/boards/1">board 1</a>`) || !strings.Contains(page, "<code>GAME board BOARD[#N]</code>") {
			t.Errorf("index: %q", page)
		}

		// An ended game lists no legal moves and no form, and a proposal
		// pending at a resignation is gone with the game.
		mustExec(t, s, "flooprail propose 1 alice pa draw")
		mustExec(t, s, "flooprail resign 1 bob pb")
		code, body = httpDo(t, "GET", ts.URL+"/games/1", "", "")
		j = gameJSON{}
		if err := json.Unmarshal([]byte(body), &j); err != nil || code != 200 {
			t.Fatalf("GET /games/1 after the resignation: %d %v", code, err)
		}
		if !j.Over || len(j.LegalMoves) != 0 || len(j.DrawOffer) != 0 || j.Result != "alice (O) wins: bob (X) resigned" {
			t.Errorf("JSON of a resigned game: over %v, %d legal moves, draw offer %v, result %q", j.Over, len(j.LegalMoves), j.DrawOffer, j.Result)
		}
		// An ended game has no seat to move: the JSON has no toMove at all.
		if j.ToMove != nil || j.ToMoveSeat != "" || j.ToMoveUser != "" || strings.Contains(body, `"toMove"`) {
			t.Errorf("JSON of a resigned game names a seat to move: %v %q %q", j.ToMove, j.ToMoveSeat, j.ToMoveUser)
		}
		if _, page := httpDo(t, "GET", ts.URL+"/boards/1", "", ""); strings.Contains(page, "moveform") || strings.Contains(page, "Legal moves") {
			t.Errorf("the page of a resigned game offers moves:\n%s", page)
		}
	})
}

// TestPageWithoutPicture: an engine position without SVG is shown as its
// text board. drawing reports whether a position draws itself.
func TestPageWithoutPicture(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	mustExec(t, s, "register a a")
	mustExec(t, s, "register b b")
	for _, w := range gameWords() {
		r := mustExec(t, s, w.word+" challenge a b")
		var id int64
		fmtSscanf(r, "board %d created", &id)
		g, err := s.load(t.Context(), w.word, id)
		if err != nil {
			t.Fatal(err)
		}
		_, ok := drawing(g.pos)
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/boards/"+itoa(id), nil)
		s.Handler().ServeHTTP(rec, req)
		page := rec.Body.String()
		if ok != strings.Contains(page, "<svg") || ok == strings.Contains(page, `<pre class="board">`) {
			t.Errorf("%s: drawing %v, but the page shows svg %v, pre %v", w.word, ok,
				strings.Contains(page, "<svg"), strings.Contains(page, `<pre class="board">`))
		}
	}
}
