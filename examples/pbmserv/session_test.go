package main

import (
	"context"
	"log"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

// step is one command of a session and what its reply must hold: an error
// reply is exactly "error: " + err; any other reply contains every want
// and none of not.
type step struct {
	line string
	err  string
	want []string
	not  []string
}

// TestSession runs every command and provokes every error through the
// core, against a real store file (and PostgreSQL when configured).
func TestSession(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		s := newTestServer(t, dsn(t))
		runSteps(t, s, sessionSteps)
	})
}

func runSteps(t *testing.T, s *Server, steps []step) {
	t.Helper()
	for i, st := range steps {
		r := s.Execute(context.Background(), st.line)
		if !strings.HasSuffix(r, "\n") {
			t.Errorf("step %d %q: reply does not end in a newline: %q", i, st.line, r)
		}
		if st.err != "" {
			if want := "error: " + st.err + "\n"; r != want {
				t.Errorf("step %d %q:\n got %q\nwant %q", i, st.line, r, want)
			}
			continue
		}
		if strings.HasPrefix(r, "error: ") {
			t.Errorf("step %d %q: unexpected %q", i, st.line, r)
			continue
		}
		for _, w := range st.want {
			if !strings.Contains(r, w) {
				t.Errorf("step %d %q: reply lacks %q:\n%s", i, st.line, w, r)
			}
		}
		for _, w := range st.not {
			if strings.Contains(r, w) {
				t.Errorf("step %d %q: reply has %q:\n%s", i, st.line, w, r)
			}
		}
	}
}

var sessionSteps = []step{
	// Registration.
	{line: "register alice secret1", want: []string{"registered alice"}},
	{line: "REGISTER Bob secret2", want: []string{"registered bob"}},
	{line: "register carol secret3", want: []string{"registered carol"}},
	{line: "register dave secret4", want: []string{"registered dave"}},
	{line: "register alice other", err: "user alice already exists"},
	{line: "register ALICE other", err: "user alice already exists"},
	{line: "register alice", err: "usage: register USER PASSWORD"},
	{line: "register -x pw", err: `bad user id "-x": use letters, digits and . _ @ + -, starting with a letter or digit`},
	{line: "register " + strings.Repeat("a", 33) + " pw", err: `user id "` + strings.Repeat("a", 33) + `" too long (at most 32 characters)`},
	{line: "register eve " + strings.Repeat("p", 73), err: "password too long (at most 72 bytes)"},
	// The limits themselves are allowed: 32 characters of user id, the 72
	// bytes bcrypt reads.
	{line: "register " + strings.Repeat("a", 32) + " pw", want: []string{"registered " + strings.Repeat("a", 32) + "\n"}},
	{line: "register eve " + strings.Repeat("p", 72), want: []string{"registered eve\n"}},

	// Unknown commands and games.
	{line: "", err: "empty command; " + usage},
	{line: "games " + strings.Repeat("x", maxLine), err: "line too long (1006 bytes, at most 1000)"},
	{line: "help" + strings.Repeat(" ", maxLine-4), want: []string{"commands: "}}, // exactly the limit
	{line: "hello", err: `unknown command "hello"; send help for the commands`},
	{line: "h€llo world", err: `unknown command "h€llo"; send help for the commands`},
	{line: "chess challenge alice bob", err: `unknown game "chess" (games: crumble, flooprail, pebbles, terrace, tumbling)`},
	{line: "tumbling dance 1", err: `unknown command "dance" for tumbling; send help for the commands`},
	{line: "help", want: []string{"register USER PASSWORD\n", "tumbling: -c (corner layout)", "terrace: -8x8 or -6x6", "tumble: the older name of tumbling: -c", "terrace6x6: the older name of terrace -6x6:"}},

	// Challenges: options for every game, errors of every kind.
	{line: "tumbling challenge alice bob -c", want: []string{"board 1 created\n", "board 1: tumbling (pbmserv-corner), alice (Black) vs bob (White)\n", "|W4      |W3", "move #1: alice (Black) to play\n"}},
	{line: "terrace challenge -short alice bob", want: []string{"board 2 created", "terrace (8-short)", "| T | B | B | C | C | D |"}},
	{line: "terrace challenge alice bob carol dave", want: []string{"board 3 created", "terrace (8-4p)", "vs " + seated("terrace", "8-4p", "dave", 3)}},
	{line: "terrace challenge alice bob -master -6x6", want: []string{"board 4 created", "terrace (6-master)"}},
	{line: "flooprail challenge alice bob -losing", want: []string{"board 5 created", "flooprail (reverse)"}},
	{line: "crumble challenge bob alice -8x8 -white", want: []string{"board 6 created", "crumble (8x8-white)", seated("crumble", "8x8-white", "bob", 0) + " vs " + seated("crumble", "8x8-white", "alice", 1), "move #1: " + seated("crumble", "8x8-white", "alice", 1) + " to play"}},
	{line: "tumbling challenge alice", err: "usage: tumbling challenge USER1 USER2 [USER3 [USER4]] [options]"},
	{line: "terrace challenge alice bob carol dave zed", err: "usage: terrace challenge USER1 USER2 [USER3 [USER4]] [options]"},
	{line: "tumbling challenge alice bob carol", err: "tumbling challenge: this game is for 2 players, 3 users given"},
	{line: "tumbling challenge alice bob -x", err: `tumbling challenge: unknown option "-x" (help lists the options)`},
	{line: "terrace challenge alice bob carol -short", err: "terrace challenge: option -short is for 2 players only"},
	{line: "terrace challenge alice bob -short -long", err: "terrace challenge: options -short and -long: choose one setup"},
	{line: "crumble challenge alice bob -99x99", err: "crumble challenge: crumble has no variant \"99x99\" (" + variantsOf("crumble") + ")"},
	{line: "tumbling challenge alice alice", err: "alice is challenged twice: every seat needs its own user"},
	{line: "tumbling challenge alice zed", err: "unknown user zed (register USER PASSWORD first)"},

	// Moves and their errors, on board 1 (Tumbling Down, corner layout).
	{line: "tumbling move 1 alice secret1 H1-H2T#1", want: []string{"alice played H1-H2T (move #1) on board 1\n", "move #2: bob (White) to play\n"}},
	{line: "tumbling move 1 alice secret1 G1-G2#1", err: "wrong move number: #1 given, the next move on board 1 is #2"},
	{line: "tumbling move 1 alice secret1 G1-G2", err: "not your turn: move #2 on board 1 is bob (White)'s"},
	{line: "tumbling move 1 bob secret1 A8-B8", err: "bad password for bob"},
	{line: "tumbling move 1 zed secret1 A8-B8", err: "unknown user zed"},
	{line: "tumbling move 1 carol secret3 A8-B8", err: "carol is not a player on board 1"},
	{line: "tumbling move 99 bob secret2 A8-B8", err: "no board 99"},
	{line: "tumbling move 99 bob secret1 A8-B8", err: "bad password for bob"}, // the password is checked first
	{line: "tumbling move x bob secret2 A8-B8", err: `bad board number "x"`},
	{line: "tumbling move 0 bob secret2 A8-B8", err: `bad board number "0"`},
	{line: "tumbling board +1", err: `bad board number "+1"`},
	{line: "terrace move 1 bob secret2 A8-B8", err: "board 1 is a tumbling game: use tumbling ..."},
	{line: "tumbling move 1 bob secret2", err: "usage: tumbling move BOARD USER PASSWORD MOVE[#N]"},
	{line: "tumbling move 1 bob secret2 A8-B8#x", err: `bad move number in "A8-B8#x": write MOVE#N, N the number of the move`},
	{line: "tumbling move 1 bob secret2 A8-B8#0", err: "bad move number #0: moves are numbered from 1"},
	{line: "tumbling move 1 bob secret2 #2", err: `missing move before "#2"`},
	{line: "tumbling move 1 bob secret2 Z9-Z8#2", err: `bad move "Z9-Z8": syntax error at offset 0: expected a file letter a-h, found 'Z'`},
	{line: "tumbling move 1 bob secret2 A1-B1#2", err: `illegal move "A1-B1": A1-B1: A1 is empty`},
	{line: "tumbling move 1 bob secret2 a8-b8#2", want: []string{"bob played A8-B8 (move #2) on board 1\n", "move #3: alice (Black) to play"}},
	{line: "tumbling board 1", want: []string{"board 1: tumbling (pbmserv-corner)", "|W3      |W4", "move #3: alice (Black) to play"}},
	{line: "tumbling board 1#1", want: []string{"as it was after move #1 of 2\n", "|W4      |W3", "move #2: bob (White) to play"}},
	{line: "tumbling board 1#0", want: []string{"as it was after move #0 of 2\n", "move #1: alice (Black) to play"}},
	{line: "tumbling board 1#3", err: "board 1 has 2 moves: no move #3 yet"},
	{line: "tumbling board 1#", err: `bad move number in "1#": write BOARD#N, N a number`},
	{line: "tumbling board", err: "usage: tumbling board BOARD[#N]"},
	{line: "tumbling history 1", want: []string{"[Game \"tumbling\"]\n[Variant \"pbmserv-corner\"]\n[Board \"1\"]\n", "[Seat0 \"alice\"]\n[Seat1 \"bob\"]\n", "[Result \"*\"]\n\n1. H1-H2T A8-B8 *\n"}},
	{line: "tumbling history 1 2", err: "usage: tumbling history BOARD"},

	// Draws: propose, reject, propose, accept.
	{line: "tumbling propose 1 alice secret1 peace", err: "usage: tumbling propose BOARD USER PASSWORD draw (a draw is all one can propose)"},
	{line: "tumbling accept 1 bob secret2", err: "no draw is proposed on board 1"},
	{line: "tumbling accept 1 bob secret2 draw now", err: "usage: tumbling accept BOARD USER PASSWORD"},
	{line: "tumbling reject 1 bob secret2", err: "no draw is proposed on board 1"},
	{line: "tumbling propose 1 alice secret1 draw", want: []string{"alice proposes a draw on board 1\n", "draw proposed, agreed by alice, waiting for bob\n"}},
	// The proposal is the current position's, not a past one's.
	{line: "tumbling board 1#1", want: []string{"move #2: bob (White) to play\n"}, not: []string{"draw proposed"}},
	{line: "tumbling propose 1 bob secret2 draw", err: "a draw is already proposed on board 1: accept or reject it"},
	{line: "tumbling accept 1 alice secret1", err: "alice has already agreed to the draw on board 1"},
	{line: "tumbling accept 1 carol secret3", err: "carol is not a player on board 1"},
	{line: "tumbling reject 1 bob secret2 draw", want: []string{"bob rejects the draw on board 1\n", "move #3: alice (Black) to play\n"}},
	{line: "tumbling propose 1 bob secret2 DRAW", want: []string{"bob proposes a draw"}},
	{line: "tumbling accept 1 alice secret1 draw", want: []string{"alice accepts the draw on board 1\n", "game over after 2 moves: draw agreed\n"}},
	{line: "tumbling move 1 alice secret1 G1-G2", err: "board 1 is over: draw agreed"},
	{line: "tumbling resign 1 alice secret1", err: "board 1 is over: draw agreed"},
	{line: "tumbling history 1", want: []string{"[Termination \"draw agreed\"]\n[Result \"1/2-1/2\"]\n", "1. H1-H2T A8-B8 1/2-1/2\n"}},
	// A past position of an ended game is shown as it was then: the end
	// belongs to the last position only.
	{line: "tumbling board 1#1", want: []string{"as it was after move #1 of 2\n", "move #2: bob (White) to play\n"}, not: []string{"game over"}},

	// A four-player draw needs everyone.
	{line: "terrace propose 3 alice secret1 draw", want: []string{"waiting for bob, carol, dave"}},
	{line: "terrace accept 3 bob secret2", want: []string{"bob accepts the draw", "agreed by alice, bob, waiting for carol, dave"}},
	{line: "terrace accept 3 dave secret4", want: []string{"waiting for carol"}},
	{line: "terrace accept 3 carol secret3", want: []string{"game over after 0 moves: draw agreed"}},

	// Resignations.
	{line: "flooprail resign 5 bob secret2 now", err: "usage: flooprail resign BOARD USER PASSWORD"},
	{line: "flooprail resign 5 bob secret2", want: []string{"bob resigned board 5\n", "game over after 0 moves: alice (O) wins: bob (X) resigned\n"}},
	{line: "flooprail history 5", want: []string{"[Termination \"bob (X) resigned\"]"}},
	{line: "terrace move 4 alice secret1 b1-b2#1", want: []string{"alice played", "move #2: " + seated("terrace", "6-master", "bob", 1) + " to play"}},

	// Listing.
	// A user's list shows the boards the user has joined (sent a command
	// with their password on): the others, which anyone could have made,
	// are named last, by number. Board 5 ended before alice joined it.
	{line: "games alice", want: []string{
		"4 terrace (6-master) alice vs bob: " + seated("terrace", "6-master", "bob", 1) + " to play\n" +
			"3 terrace (8-4p) alice vs bob vs carol vs dave: over: draw agreed\n" +
			"1 tumbling (pbmserv-corner) alice vs bob: over: draw agreed\n" +
			"challenges alice has not joined (move, or accept one with GAME accept BOARD USER PASSWORD): boards 6, 2\n"}},
	{line: "terrace accept 2 alice secret1", want: []string{"alice accepts the challenge on board 2\n", "move #1: " + seated("terrace", "8-short", "alice", 0) + " to play\n"}},
	{line: "terrace accept 2 alice secret1", err: "no draw is proposed on board 2"},
	{line: "games alice", want: []string{
		"4 terrace (6-master) alice vs bob: " + seated("terrace", "6-master", "bob", 1) + " to play\n" +
			"3 terrace (8-4p) alice vs bob vs carol vs dave: over: draw agreed\n" +
			"2 terrace (8-short) alice vs bob: " + seated("terrace", "8-short", "alice", 0) + " to play\n" +
			"1 tumbling (pbmserv-corner) alice vs bob: over: draw agreed\n" +
			"challenges alice has not joined (move, or accept one with GAME accept BOARD USER PASSWORD): boards 6\n"}},
	{line: "register zed pw", want: []string{"registered zed"}},
	{line: "games zed", want: []string{"zed has no games\n"}},
	{line: "games nobody", err: "unknown user nobody (register USER PASSWORD first)"},
	{line: "games", err: "usage: games USER"},

	// A resignation in a three-player game ends it for all, without a
	// winner: the rules cannot take one army off the board.
	{line: "terrace challenge alice bob carol", want: []string{"board 7 created"}},
	{line: "terrace resign 7 bob secret2", want: []string{"bob resigned board 7\n",
		"game over after 0 moves: " + seated("terrace", "8-3p", "bob", 1) + " resigned, the game ends without a winner\n"}},
	// A '#' starts the move number, in every game.
	{line: "crumble move 6 alice secret1 0HN#", err: `bad move number in "0HN#": write MOVE#N, N the number of the move`},
}

// TestPlayToTheEnd plays a game of every game word to its end by the
// rules through the commands, with a seeded choice among the legal moves,
// and checks the end: the reply names the result, the record carries it,
// and no move is accepted after it.
func TestPlayToTheEnd(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	pw := map[string]string{"alice": "a", "bob": "b"}
	for _, w := range gameWords() {
		t.Run(w.word, func(t *testing.T) {
			opts := ""
			if w.word == "crumble" {
				opts = " -4x4" // short games
			}
			r := mustExec(t, s, w.word+" challenge alice bob"+opts)
			var id int64
			if _, err := fmtSscanf(r, "board %d created", &id); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			for ply := 0; ply < 600; ply++ {
				g, err := s.load(ctx, w.word, id)
				if err != nil {
					t.Fatal(err)
				}
				p := g.pos
				if p.Outcome().Status != boardrules.Ongoing {
					if !g.b.Over || g.b.Result != outcomeText(g.b, p, p.Outcome()) {
						t.Fatalf("ended by the rules, but stored Over %v Result %q", g.b.Over, g.b.Result)
					}
					// A person reads the result: the winner by user and
					// seat name, and the reason; no seat numbers.
					o := p.Outcome()
					want := "draw: " + o.Reason
					if o.Status == boardrules.Win {
						want = g.b.Players[o.Winner] + " (" + p.SeatName(o.Winner) + ") wins: " + o.Reason
					}
					if g.b.Result != want || strings.Contains(g.b.Result, "seat ") {
						t.Fatalf("result %q, want %q", g.b.Result, want)
					}
					hist := mustExec(t, s, w.word+" history "+itoa(id))
					if want := "[Result \"" + boardrules.ResultMarker(p.Outcome(), p.Players()) + "\"]"; !strings.Contains(hist, want) {
						t.Fatalf("history lacks %s:\n%s", want, hist)
					}
					if _, err := boardrules.ParseRecord(hist); err != nil {
						t.Fatalf("history does not parse back: %v\n%s", err, hist)
					}
					r := s.Execute(ctx, w.word+" resign "+itoa(id)+" alice a")
					if !strings.HasPrefix(r, "error: board "+itoa(id)+" is over: ") {
						t.Fatalf("resign after the end: %q", r)
					}
					return
				}
				moves := p.LegalMoves()
				m := moves[(ply*7919+13)%len(moves)]
				user := g.b.Players[p.ToMove()]
				r := mustExec(t, s, w.word+" move "+itoa(id)+" "+user+" "+pw[user]+" "+m+"#"+itoa(int64(ply+1)))
				if !strings.Contains(r, " played ") {
					t.Fatalf("move reply %q", r)
				}
			}
			t.Logf("%s: no end within 600 plies; the record still replays", w.word)
		})
	}
}

// TestDamagedBoard: a board whose record does not lead to its stored
// position is reported as damaged (and logged) by the commands that replay
// it; reads that decode the stored position show it as stored. A board
// whose position code does not decode is damaged for every command.
func TestDamagedBoard(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		var logged strings.Builder
		st := openStore(t, dsn(t))
		s := NewServer(st, 4, log.New(&logged, "", 0))
		registerAliceAndBob(t, s)
		mustExec(t, s, "tumbling challenge alice bob")
		mustExec(t, s, "tumbling move 1 alice a A1-B1")
		db := st.(*sqlStore).db
		if _, err := db.Exec(`UPDATE boards SET position = 'tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B1,,,,,,,'`); err != nil {
			t.Fatal(err)
		}
		const dam = "error: board 1 is damaged and cannot be played; the server's keeper has the details\n"
		for _, line := range []string{"tumbling history 1", "tumbling board 1#1"} {
			if r := s.Execute(context.Background(), line); r != dam && line == "tumbling history 1" {
				t.Errorf("%s: %q", line, r)
			}
		}
		if !strings.Contains(logged.String(), "board 1 is damaged: its moves lead to") {
			t.Errorf("log: %q", logged.String())
		}
		if _, err := db.Exec(`UPDATE boards SET position = 'tumbling nonsense'`); err != nil {
			t.Fatal(err)
		}
		for _, line := range []string{"tumbling move 1 bob b H8-G8", "tumbling board 1", "tumbling history 1"} {
			if r := s.Execute(context.Background(), line); r != dam {
				t.Errorf("%s: %q", line, r)
			}
		}
	})
}
