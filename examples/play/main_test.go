package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/internal/clitest"
	"github.com/boardrules/boardrules/notation"
	"github.com/google/go-cmp/cmp"
)

// script runs the program with args on the given input lines.
func script(t *testing.T, args []string, lines ...string) string {
	t.Helper()
	var out strings.Builder
	if err := run(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, args); err != nil {
		t.Fatalf("run(%q): %v\noutput:\n%s", args, err, out.String())
	}
	return out.String()
}

func wantIn(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

func TestList(t *testing.T) {
	out := script(t, []string{"-list"})
	for _, g := range boardrules.Games() {
		wantIn(t, out, g.Name, cli.Variants(g))
	}
}

func TestPeopleOnlyWithEveryCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.txt")
	out := script(t, []string{"-game", "tumbling", "-variant", "pbmserv"},
		"help",
		"moves",
		"a1b1",  // another notation form of A1-B1
		"zz",    // not a move
		"A1-B1", // A1 is now the opponent's? no: seat 1 moves White men; A1 is Black's
		"undo",  // back to the start
		"undo",  // nothing to undo
		"A1B1",  // again, another form
		"H8-G8", // seat 1
		"",      // an empty line is ignored
		"board",
		"save", // no file name
		"save "+file,
		"load", // no file name
		"load "+filepath.Join(t.TempDir(), "missing.txt"),
		"quit",
		"never-read",
	)
	wantIn(t, out,
		"tumbling pbmserv, round 1: Black to move.",
		"\nBlack> ",
		"undo         take back",
		"152 legal moves: A1-B1 A1-A2",
		"1. Black plays A1-B1",
		"syntax error at offset 0",
		"A1-B1: A1 belongs to Black",
		"Back to move 1.",
		"nothing to undo",
		"1... White plays H8-G8",
		"tumbling pbmserv, round 2: Black to move.",
		"save needs a file name",
		"Saved 2 moves to "+file,
		"load needs a file name",
		"missing.txt: no such file",
	)
	if strings.Contains(out, "never-read") {
		t.Error("read on after quit")
	}
	r := readRecordFile(t, file)
	if diff := cmp.Diff([]string{"A1-B1", "H8-G8"}, r.Moves); diff != "" {
		t.Errorf("saved moves (-want +got):\n%s", diff)
	}
	if r.Game != "tumbling" || r.Variant != "pbmserv" || r.Tags["Date"] == "" {
		t.Errorf("saved record %+v", r)
	}
}

func readRecordFile(t *testing.T, file string) boardrules.Record {
	t.Helper()
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r, err := boardrules.ParseRecord(string(text))
	if err != nil {
		t.Fatalf("the saved record does not parse: %v\n%s", err, text)
	}
	return r
}

func TestLoadGoesOnFromTheEnd(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.txt")
	rec := "[Game \"terrace\"]\n[Variant \"6-long\"]\n[White \"Ann\"]\n\n1. B-c1-c3 b-c6-c4\n"
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("[Game \"terrace\"]\n1. B-c1-c3 B-c1-c3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "saved.txt")
	out := script(t, []string{"-load", file}, "undo", "load "+bad, "load "+file, "save "+saved, "quit")
	wantIn(t, out,
		"terrace 6-long, round 2: Lowercase to move.",
		"Back to move 1...",
		"record line 2: ply 2: B-c1-c3: c1 is empty",
		"Loaded 2 moves from "+file,
	)
	if r := readRecordFile(t, saved); r.Tags["White"] != "Ann" || len(r.Moves) != 2 {
		t.Errorf("a loaded game saved again lost its tags or moves: %+v", r)
	}
	if _, err := runErr([]string{"-load", bad}); err == nil || !strings.Contains(err.Error(), "ply 2") {
		t.Errorf("-load of a bad record: %v", err)
	}
}

func runErr(args []string) (string, error) {
	var out strings.Builder
	err := run(strings.NewReader(""), &out, args)
	return out.String(), err
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-game", "terrace", "-variant", "9x9"},
		{"-game", "terrace", "-bot", "oracle"},
		{"-game", "terrace", "-bot", "random", "-as", "2"},
		{"-game", "terrace", "-bot", "random", "-as", "-1"},
		{"-nosuchflag"},
		{"extra"},
		{"-load", "/nonexistent/record.txt"},
	} {
		if _, err := runErr(args); err == nil {
			t.Errorf("run(%q) did not fail", args)
		}
	}
	// The end of the input ends the program without error.
	if _, err := runErr([]string{"-game", "flooprail"}); err != nil {
		t.Errorf("end of input: %v", err)
	}
}

var (
	playedLine = regexp.MustCompile(`^\d+\.(\.\.)? .+ plays (\S+)$`)
	promptLine = regexp.MustCompile(`^([^ ]+( primed)?|game over)> $`)
)

// TestAgainstABotToTheEnd plays whole games through the program's input
// and output: the test keeps its own History from the moves the program
// announces, answers every prompt of the human's seat with a legal move,
// saves the record at the end and checks it.
func TestAgainstABotToTheEnd(t *testing.T) {
	for _, c := range []struct{ game, variant, bot, as, seat string }{
		{"flooprail", "normal", "random", "1", "X"},
		{"terrace", "6-3p", "greedy", "Lowercase primed", "Lowercase primed"},
		{"tumbling", "boardspace", "mcts", "white", "White"},
	} {
		t.Run(c.game, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "end.txt")
			g, _ := boardrules.Lookup(c.game)
			start, _ := g.New(c.variant)
			h := boardrules.NewHistory(start)

			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() {
				args := []string{"-game", c.game, "-variant", c.variant, "-bot", c.bot, "-as", c.as}
				if c.bot == "mcts" {
					args = append(args, "-nodes", "30")
				}
				err := run(inR, outW, args)
				outW.Close()
				done <- err
			}()
			rd := bufio.NewReader(outR)
			var line []byte
			// The answers are written by their own goroutine: the program
			// may be printing (and so waiting for this reader) before it
			// reads the next line.
			answers := make(chan string, 16)
			go func() {
				for a := range answers {
					io.WriteString(inW, a+"\n")
				}
			}()
			defer close(answers)
			answer := func(s string) { answers <- s }
			for {
				b, err := rd.ReadByte()
				if err != nil {
					break
				}
				if b == '\n' {
					if m := playedLine.FindSubmatch(line); m != nil {
						if err := h.Play(string(m[2])); err != nil {
							t.Fatalf("the program played %s: %v", m[2], err)
						}
					}
					line = line[:0]
					continue
				}
				line = append(line, b)
				if !promptLine.Match(line) {
					continue
				}
				prompt := string(line)
				line = line[:0]
				switch {
				case prompt == "game over> " && h.Position().Outcome().Status == boardrules.Ongoing:
					t.Fatalf("game over while the test sees the game going on")
				case prompt == "game over> ":
					answer("save " + file)
					answer("quit")
				case prompt != c.seat+"> ":
					t.Fatalf("prompt %q: the human plays %s", prompt, c.seat)
				case h.Len() > 2000:
					t.Fatal("the game does not end")
				default:
					moves := h.Position().LegalMoves()
					answer(moves[h.Len()%len(moves)])
				}
			}
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			r := readRecordFile(t, file)
			if diff := cmp.Diff(h.Moves(), r.Moves); diff != "" {
				t.Errorf("saved moves (-test's +program's):\n%s", diff)
			}
			if r.Result == "" {
				t.Error("the saved record of a finished game has no result")
			}
		})
	}
}

// FuzzPlay feeds any input to the player: it must answer every line and
// never fail or panic. Lines that would save or load files are left out.
func FuzzPlay(f *testing.F) {
	f.Add("moves\na1b1\nH8G8\nundo\nzz\n\n")
	f.Add("A1-B1T\nhelp\nboard\nundo\nundo\nundo\n")
	f.Add("\x00\xff\n   \n#12\nA1-B1#1\n")
	f.Fuzz(func(t *testing.T, input string) {
		var kept []string
		for _, line := range strings.Split(input, "\n") {
			cmd, _, _ := strings.Cut(strings.TrimSpace(line), " ")
			if cmd != "save" && cmd != "load" {
				kept = append(kept, line)
			}
		}
		var out strings.Builder
		in := strings.NewReader(strings.Join(kept, "\n"))
		if err := run(in, &out, []string{"-game", "tumbling", "-bot", "greedy", "-as", "1"}); err != nil {
			t.Fatalf("run failed on %q: %v", input, err)
		}
	})
}

// run runs the program quietly on args with in as its input, and returns
// its stderr as an error when it exits with a code other than 0.
func run(in io.Reader, out io.Writer, args []string) error {
	return clitest.Quiet(func(args []string, stdout, stderr io.Writer) int {
		return command(in, args, stdout, stderr)
	}, out, args...)
}

func TestPlayCommandLine(t *testing.T) {
	clitest.Check(t, func(args []string, stdout, stderr io.Writer) int {
		return command(strings.NewReader(""), args, stdout, stderr)
	}, []clitest.Case{
		{Args: []string{"-h"}, Code: 0, Want: "Example:"},
		{Args: []string{"-as", "x"}, Code: 2, Want: "Usage:"},
		{Args: []string{"-game", "chess"}, Code: 2, Want: "the games are: "},
		{Args: []string{"-game", "terrace", "-bot", "random", "-as", "9"}, Code: 2, Want: "-as 9: "},
		{Args: []string{"-load", "/nonexistent/record.txt"}, Code: 1, Want: "play: "},
	})
}

// TestDefaultBudgetAnswersSoon plays the bot's first move with the default
// budget in the game whose moves cost most, 6x6 Crumble, for MCTS and
// alpha-beta: each must answer within about a second (the default caps a
// move at bots.DefaultTime; the bound leaves room for the final check of
// MCTS's move and a loaded machine).
func TestDefaultBudgetAnswersSoon(t *testing.T) {
	if testing.Short() {
		t.Skipf("thinks for up to %v", bots.DefaultTime)
	}
	for _, kind := range []string{"mcts", "alphabeta"} {
		start := time.Now()
		out := script(t, []string{"-game", "crumble", "-bot", kind, "-as", "1"}, "quit")
		if took := time.Since(start); took > bots.DefaultTime+time.Second {
			t.Errorf("%s: the bot's first move took %v with the default budget", kind, took)
		}
		wantIn(t, out, "1. Black ("+kind+" bot, ")
	}
}

// TestUndoAgainstABotGoesBackToYourTurn: against a bot, undo takes back
// the bot's reply and your move too, so you are to move again at once.
func TestUndoAgainstABotGoesBackToYourTurn(t *testing.T) {
	out := script(t, []string{"-game", "terrace", "-bot", "random", "-as", "0"}, "B-d1-d3", "undo", "quit")
	_, after, ok := strings.Cut(out, "1... Uppercase (random bot, ")
	if !ok {
		t.Fatalf("the bot did not answer:\n%s", out)
	}
	_, after, ok = strings.Cut(after, "Back to move ")
	if !ok || !strings.HasPrefix(after, "1.\n") {
		t.Errorf("undo did not go back to move 1:\n%s", out)
	}
	if strings.Contains(after, " plays ") {
		t.Errorf("the bot moved again after the undo:\n%s", out)
	}
}

// TestLoadKeepsYourSeat: against a bot, load refuses a game that has no
// seat -as for you, and the game in play goes on.
func TestLoadKeepsYourSeat(t *testing.T) {
	file := filepath.Join(t.TempDir(), "two.txt")
	if err := os.WriteFile(file, []byte("[Game \"flooprail\"]\n[Variant \"normal\"]\n\n1. E2-F2 F4-E4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := script(t, []string{"-game", "terrace", "-variant", "6-3p", "-bot", "random", "-as", "2"}, "load "+file, "quit")
	wantIn(t, out, file+": you play seat 2, and this game has 2 seats")
	if strings.Contains(out, "Loaded ") {
		t.Errorf("a game without seat 2 was loaded:\n%s", out)
	}
}

// TestTimeAloneIsTheBudget: -time without -nodes is the bot's whole
// budget: the default node count and its cap do not apply, so a 30 ms
// budget answers in well under a second even in 6x6 Crumble. The bound, 1
// s, leaves room for the iteration running when the 30 ms end and the final
// check of the move (more under the race detector).
func TestTimeAloneIsTheBudget(t *testing.T) {
	start := time.Now()
	out := script(t, []string{"-game", "crumble", "-variant", "6x6", "-bot", "mcts", "-as", "1", "-time", "30ms"}, "quit")
	if took := time.Since(start); took > time.Second {
		t.Errorf("the bot's first move with -time 30ms took %v", took)
	}
	wantIn(t, out, "1. Black (mcts bot, ")
}

// TestBotBudget: with none of -nodes, -depth and -time the bot runs the
// game's default counts and stops early at bots.DefaultTime, so that a slow
// position still answers within seconds; a budget on the command line
// replaces the default whole (-time alone has no count, -nodes alone no
// time limit).
func TestBotBudget(t *testing.T) {
	d := bots.DefaultsOf("crumble")
	for _, c := range []struct {
		b    budget
		want bots.Options
	}{
		{budget{}, bots.Options{Seed: 7, Nodes: d.Nodes, Depth: d.Depth, Time: bots.DefaultTime}},
		{budget{nodes: 200}, bots.Options{Seed: 7, Nodes: 200}},
		{budget{depth: 3}, bots.Options{Seed: 7, Depth: 3}},
		{budget{think: time.Second}, bots.Options{Seed: 7, Time: time.Second}},
		{budget{200, 0, time.Second}, bots.Options{Seed: 7, Nodes: 200, Time: time.Second}},
	} {
		if got := botOptions("crumble", 7, c.b); got != c.want {
			t.Errorf("%+v: %+v, want %+v", c.b, got, c.want)
		}
	}
}

// TestUndoBeforeYourFirstMoveAgainstABot: against a bot that moved first,
// undo before your first move is refused and the game is unchanged: taking
// back the bot's opening alone would only have it play another.
func TestUndoBeforeYourFirstMoveAgainstABot(t *testing.T) {
	out := script(t, []string{"-game", "flooprail", "-bot", "random", "-as", "1"}, "undo", "undo", "moves", "quit")
	if n := strings.Count(out, " plays "); n != 1 {
		t.Errorf("%d moves played, want the bot's opening alone:\n%s", n, out)
	}
	if n := strings.Count(out, "Nothing of yours to undo."); n != 2 || strings.Contains(out, "Back to move") {
		t.Errorf("undo before your first move was not refused twice:\n%s", out)
	}
	wantIn(t, out, "X> 7 legal moves: ")
}

// TestUndoAgainstABotAfterALoad: in a loaded game your seat's moves are
// yours, so undo goes back to before the last of them.
func TestUndoAgainstABotAfterALoad(t *testing.T) {
	file := filepath.Join(t.TempDir(), "two.txt")
	if err := os.WriteFile(file, []byte("[Game \"flooprail\"]\n[Variant \"normal\"]\n\n1. E2-F2 F4-E4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := script(t, []string{"-load", file, "-bot", "random", "-as", "1"}, "undo", "quit")
	wantIn(t, out, "Back to move 1...", "flooprail normal, round 1: X to move.")
}

// TestOverlongLineIsSkipped: a line too long to be a move or a command is
// reported and skipped, and the game goes on, even when it is the last
// line and has no end.
func TestOverlongLineIsSkipped(t *testing.T) {
	long := strings.Repeat("x", maxLine+10)
	var b strings.Builder
	if err := run(strings.NewReader(long+"\nE2-F2\n"+long), &b, []string{"-game", "flooprail"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, "That line is over 64 KiB long: skipped."); n != 2 {
		t.Errorf("%d overlong lines reported, want 2:\n%.2000s", n, out)
	}
	wantIn(t, out, "1. O plays E2-F2")
	if strings.Contains(out, "xxx") {
		t.Errorf("part of an overlong line was read as input:\n%.2000s", out)
	}
	// A line just short of the limit is read as usual.
	out = script(t, []string{"-game", "flooprail"}, "moves"+strings.Repeat(" ", maxLine-len("moves")-1), "quit")
	wantIn(t, out, "7 legal moves: ")
}

// TestPlayRefusesIgnoredAndNegativeFlags: a flag that would have no effect
// (-game or -variant beside -load, whose record names the game; -as without
// -bot; a budget the bot does not take) and a negative budget, which the
// bot would read as none (without the default's time cap), are usage
// errors.
func TestPlayRefusesIgnoredAndNegativeFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(file, []byte("[Game \"flooprail\"]\n[Variant \"normal\"]\n\n1. E2-F2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	clitest.Check(t, func(args []string, stdout, stderr io.Writer) int {
		return command(strings.NewReader(""), args, stdout, stderr)
	}, []clitest.Case{
		{Args: []string{"-load", file, "-game", "terrace"}, Code: 2, Want: "play: -load: the record names its own game: leave out -game and -variant\n"},
		{Args: []string{"-variant", "reverse", "-load", file}, Code: 2, Want: "leave out -game and -variant"},
		{Args: []string{"-as", "7"}, Code: 2, Want: "play: -as 7: without -bot people play every seat\n"},
		{Args: []string{"-game", "terrace", "-as", "0"}, Code: 2, Want: "play: -as 0: without -bot"},
		{Args: []string{"-seed", "3"}, Code: 2, Want: "play: -seed: without -bot there is no bot to seed\n"},
		{Args: []string{"-nodes", "10"}, Code: 2, Want: "play: -nodes, -depth and -time set the bot's budget: give -bot, one of random, greedy, mcts, alphabeta\n"},
		{Args: []string{"-game", "terrace", "-time", "1s"}, Code: 2, Want: "give -bot, one of"},
		{Args: []string{"-depth", "2"}, Code: 2, Want: "give -bot, one of random, greedy, mcts, alphabeta"},
		{Args: []string{"-bot", "mcts", "-nodes", "-1"}, Code: 2, Want: "play: -nodes -1: must be 0 or more\n"},
		{Args: []string{"-bot", "alphabeta", "-depth", "-1"}, Code: 2, Want: "play: -depth -1: must be 0 or more\n"},
		{Args: []string{"-bot", "mcts", "-time", "-1s"}, Code: 2, Want: "play: -time -1s: must be 0 or more\n"},
		{Args: []string{"-game", "flooprail", "-variant", "bogus"}, Code: 2, Want: `play: flooprail has no variant "bogus"; its variants are: normal (standard), reverse` + "\n"},
		{Args: []string{"-game", "flooprail", "-bot", "random", "-as", "Z"}, Code: 2, Want: "play: -as Z: this game's seats are O, X (or their numbers from 0 to 1)\n"},
		{Args: []string{"-record", "2"}, Code: 2, Want: "play: -record 2: it chooses a game of the file given with -load\n"},
		{Args: []string{"-bot", "random", "-depth", "3"}, Code: 2, Want: "play: -depth: -bot random takes -time, not -depth\n"},
		{Args: []string{"-bot", "greedy", "-nodes", "100"}, Code: 2, Want: "play: -nodes: -bot greedy takes -time, not -nodes\n"},
		{Args: []string{"-bot", "mcts", "-depth", "3"}, Code: 2, Want: "play: -depth: -bot mcts takes -nodes and -time, not -depth\n"},
		{Args: []string{"-bot", "alphabeta", "-nodes", "3"}, Code: 2, Want: "play: -nodes: -bot alphabeta takes -depth and -time, not -nodes\n"},
		{Args: []string{"-bot", "oracle", "-nodes", "3"}, Code: 2, Want: `play: -bot: unknown bot "oracle"`},
	})
}

// writeRecord writes into dir the record of a game of plies moves, each
// the first legal one, with the given tags, and returns the file's name.
func writeRecord(t *testing.T, dir, name, game string, plies int, tags map[string]string) string {
	t.Helper()
	start, err := boardrules.NewGame(game, "")
	if err != nil {
		t.Fatal(err)
	}
	h := boardrules.NewHistory(start)
	for range plies {
		if err := h.Play(h.Position().LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	r := h.Record()
	r.Tags = tags
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(r.Format()), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestUndoAgainstABotGoesBackToYourLastMove: with two moves of yours in
// the game (plies 1 and 3 of a loaded FloopRail game, you in seat 0),
// undo takes back your last one and the bot's reply, to move 3, not your
// first one.
func TestUndoAgainstABotGoesBackToYourLastMove(t *testing.T) {
	file := writeRecord(t, t.TempDir(), "four.txt", "flooprail", 4, nil)
	out := script(t, []string{"-load", file, "-bot", "random", "-as", "0"}, "undo", "quit")
	wantIn(t, out, "Back to move 2.", "flooprail normal, round 2: O to move.")
}

// TestLoadReplacesTheTags: a game loaded at the prompt brings its own tags,
// so saving it does not carry over those of the game loaded before it
// (the players of another game).
func TestLoadReplacesTheTags(t *testing.T) {
	dir := t.TempDir()
	first := writeRecord(t, dir, "first.txt", "flooprail", 2, map[string]string{"White": "Ann"})
	second := writeRecord(t, dir, "second.txt", "flooprail", 1, map[string]string{"White": "Bob"})
	saved := filepath.Join(dir, "saved.txt")
	script(t, []string{"-load", first}, "load "+second, "save "+saved, "quit")
	if r := readRecordFile(t, saved); r.Tags["White"] != "Bob" || len(r.Moves) != 1 {
		t.Errorf("saved after loading %s: tags %v, moves %v; want White Bob and its one move", second, r.Tags, r.Moves)
	}
}

// TestBotThinkingShowsOnStderrOnly: while the bot thinks (here 400 ms, over
// the progress line's first redraw), the progress goes to stderr, never
// into the game on stdout, and -q silences it.
func TestBotThinkingShowsOnStderrOnly(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		args := []string{"-game", "flooprail", "-bot", "mcts", "-as", "1", "-time", "400ms"}
		if quiet {
			args = append(args, "-q")
		}
		var out, errb strings.Builder
		if code := command(strings.NewReader("quit\n"), args, &out, &errb); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errb.String())
		}
		if strings.Contains(out.String(), "thinking") {
			t.Errorf("%q: the progress went to stdout:\n%s", args, out.String())
		}
		if shown := strings.Contains(errb.String(), "mcts bot thinking"); shown == quiet {
			t.Errorf("%q: stderr %q", args, errb.String())
		}
	}
}

// TestLoadPicksOneGameOfAFile: a file of several records is not loaded
// blindly: the program says how many games it holds, and -record N (or
// "load FILE N" at the prompt) chooses one.
func TestLoadPicksOneGameOfAFile(t *testing.T) {
	dir := t.TempDir()
	var file strings.Builder
	for plies := range 3 {
		text, err := os.ReadFile(writeRecord(t, dir, "one.txt", "flooprail", plies+1, map[string]string{"Round": strconv.Itoa(plies + 1)}))
		if err != nil {
			t.Fatal(err)
		}
		file.Write(text)
		file.WriteString("\n")
	}
	three := filepath.Join(dir, "three.pgn")
	if err := os.WriteFile(three, []byte(file.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runErr([]string{"-load", three}); err == nil || !strings.Contains(err.Error(), "holds 3 games: choose one, from 1 to 3") {
		t.Errorf("-load of three games without -record: %v", err)
	}
	if _, err := runErr([]string{"-load", three, "-record", "4"}); err == nil || !strings.Contains(err.Error(), "holds 3 games, not 4") {
		t.Errorf("-record 4 of three games: %v", err)
	}
	saved := filepath.Join(dir, "saved.pgn")
	out := script(t, []string{"-load", three, "-record", "2"}, "save "+saved, "load "+three, "load "+three+" 3", "quit")
	wantIn(t, out, "holds 3 games: choose one", "Loaded 3 moves from "+three)
	if r := readRecordFile(t, saved); r.Tags["Round"] != "2" || len(r.Moves) != 2 {
		t.Errorf("-record 2 saved back as %+v", r)
	}
}

// TestSaveKeepsTheComments: a loaded record's comments are saved with the
// game, but those after a move taken back go with it; an unfinished game is
// saved with "*" and reads back unchanged.
func TestSaveKeepsTheComments(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.pgn")
	rec := "[Game \"flooprail\"]\n[Variant \"normal\"]\n[Result \"*\"]\n\n{opening} 1. E2-F2 {a quiet start} F4-E4 {and a reply} *\n"
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	kept, cut := filepath.Join(dir, "kept.pgn"), filepath.Join(dir, "cut.pgn")
	script(t, []string{"-load", file}, "save "+kept, "undo", "save "+cut, "quit")
	want := []boardrules.Comment{{Ply: 0, Text: "opening"}, {Ply: 1, Text: "a quiet start"}, {Ply: 2, Text: "and a reply"}}
	r := readRecordFile(t, kept)
	if diff := cmp.Diff(want, r.Comments); diff != "" || r.Result != "*" {
		t.Errorf("saved comments (-want +got):\n%s", diff)
	}
	text, _ := os.ReadFile(kept)
	if back, err := boardrules.ParseRecord(string(text)); err != nil || !cmp.Equal(r, back) || !strings.HasSuffix(string(text), " *\n") {
		t.Errorf("the saved unfinished game does not read back unchanged: %v\n%s", err, text)
	}
	if diff := cmp.Diff(want[:2], readRecordFile(t, cut).Comments); diff != "" {
		t.Errorf("after undo, saved comments (-want +got):\n%s", diff)
	}
}

// TestCrumbleAtTheTerminal: a Crumble board is shown with its coordinates,
// and help explains the staircase moves.
func TestCrumbleAtTheTerminal(t *testing.T) {
	out := script(t, []string{"-game", "crumble"}, "help", "quit")
	wantIn(t, out, " 5 BBwwBBwwBBww\n", "   0 1 2 3 4 5 \n", "staircase walk",
		"From the start of the standard game (6x6), Black to move:\n  2,3V      walk 2 East")
}

// TestHelpExplainsEveryGamesMoves: help at the prompt says how every
// game's moves are written, with examples from the start of its standard
// variant that are legal there and in canonical form, so that they read
// as "moves" lists them.
func TestHelpExplainsEveryGamesMoves(t *testing.T) {
	for _, g := range boardrules.Games() {
		guide, ok := moveGuides[g.Name]
		if !ok {
			t.Errorf("%s: no help on its moves", g.Name)
			continue
		}
		out := script(t, []string{"-game", g.Name}, "help", "quit")
		wantIn(t, out, guide.syntax, guide.more)
		start, err := g.New("")
		if err != nil {
			t.Fatal(err)
		}
		if len(guide.examples) < 2 {
			t.Errorf("%s: %d examples, want at least 2", g.Name, len(guide.examples))
		}
		for _, e := range guide.examples {
			wantIn(t, out, "\n  "+e.move+" ")
			if got, err := start.ParseMove(e.move); err != nil || got != e.move {
				t.Errorf("%s: the help's %q from the start: %q, %v", g.Name, e.move, got, err)
			}
		}
	}
}

// playCommand is the program with no input.
func playCommand(args []string, stdout, stderr io.Writer) int {
	return command(strings.NewReader(""), args, stdout, stderr)
}

func TestPlayManners(t *testing.T) {
	clitest.Manners(t, "play", playCommand)
}

// TestPlayFlagErrorsAreBounded: a mebibyte given to any flag, or as a flag
// or an argument, gives an error of a line.
func TestPlayFlagErrorsAreBounded(t *testing.T) {
	long := clitest.Long
	clitest.Bounded(t, playCommand, [][]string{
		{"-game", long},
		{"-game", "crumble", "-variant", long},
		{"-game", "terrace", "-bot", long},
		{"-game", "terrace", "-bot", "random", "-as", long},
		{"-load", filepath.Join(t.TempDir(), long)},
		{"-load", "x", "-record", long},
		{"-seed=" + long},
		{"-bot", "mcts", "-time", long},
		{"-" + long},
		{long},
	})
}

// TestPromptErrorsAreBounded: a line as long as the program reads (just
// under maxLine), as a move or as the file of save or load, adds one error
// of at most clitest.MaxError bytes to what the program says; a longer
// line adds the notice that it was skipped.
func TestPromptErrorsAreBounded(t *testing.T) {
	dir := t.TempDir()
	long := func(prefix, suffix string) string {
		return prefix + clitest.Long[:maxLine-1-len(prefix)-len(suffix)] + suffix
	}
	for _, game := range []string{"tumbling", "flooprail", "terrace", "crumble"} {
		base := script(t, []string{"-game", game}, "quit")
		for _, line := range []string{
			long("", ""),
			long("A1-", ""),
			long("1,", ""),
			long("save "+dir+"/", ""),
			long("load "+dir+"/", ""),
			long("load "+dir+"/", " 2"),
			clitest.Long,
		} {
			out := script(t, []string{"-game", game}, line, "quit")
			if extra := len(out) - len(base); extra > clitest.MaxError {
				same := 0
				for same < len(base) && out[same] == base[same] {
					same++
				}
				t.Errorf("%s: the line %s added %d bytes (at most %d): %.400q", game, notation.Quote(line), extra, clitest.MaxError, out[same:])
			}
		}
	}
}

// TestOneIsSingular: one legal move, one move saved or loaded, a file of
// one game are said in the singular.
func TestOneIsSingular(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "one.pgn")
	out := script(t, []string{"-game", "flooprail"}, "D3-E3", "G3-F3", "moves", "undo", "save "+file, "load "+file, "load "+file+" 2", "quit")
	wantIn(t, out, "\nO> 1 legal move: E3-G3\n", "Saved 1 move to ", "Loaded 1 move from ", "holds 1 game, not 2")
	for _, plural := range []string{" 1 legal moves", " 1 moves", " 1 games"} {
		if strings.Contains(out, plural) {
			t.Errorf("the output says %q:\n%s", plural, out)
		}
	}
}

// TestCrumbleBoardsWideAndFine: on a board wider than 10 the x
// coordinates are written downwards, so that they stay under their
// squares; a position too fine to draw shows its code under a line that
// says why.
func TestCrumbleBoardsWideAndFine(t *testing.T) {
	out := script(t, []string{"-game", "crumble", "-variant", "12x3"}, "quit")
	wantIn(t, out, "\n                       1 1 \n   0 1 2 3 4 5 6 7 8 9 0 1 \n")
	fine := "crumble 2x2 b B0,0,1/32,1/32 B1/32,0,1/32,1/32 B1/16,0,1/16,1/16 B1/8,0,1/8,1/8 B1/4,0,1/4,1/4 B1/2,0,1/2,1/2 W1,0,1,1 B0,1/32,1/32,1/32 B1/32,1/32,1/32,1/32 B0,1/16,1/16,1/16 B1/16,1/16,1/16,1/16 B0,1/8,1/8,1/8 B1/8,1/8,1/8,1/8 B0,1/4,1/4,1/4 B1/4,1/4,1/4,1/4 B0,1/2,1/2,1/2 B1/2,1/2,1/2,1/2 W0,1,1,1 W1,1,1,1"
	file := filepath.Join(t.TempDir(), "fine.pgn")
	if err := os.WriteFile(file, []byte("[Game \"crumble\"]\n[Variant \"2x2\"]\n[Start \""+fine+"\"]\n\n*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out = script(t, []string{"-load", file}, "quit")
	wantIn(t, out, cli.TooFineToDraw+"\n"+fine+"\n")
}

// TestSaveWritesBackWhatWasLoaded: a record loaded and saved with the same
// moves is written back byte for byte (no Date nor Variant tag added, its
// tags in their order, its comments in their form, its result and how it
// ended kept), also after a move taken back and played again; with a move
// added, it keeps its tags, variant and comments, and takes the game's
// moves and result; with a move replaced, the comment on the move taken
// back goes with it.
func TestSaveWritesBackWhatWasLoaded(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	flooprail, _ := boardrules.NewGame("flooprail", "")
	start, _ := flooprail.Play("E2-F2")
	code, _ := start.MarshalText()
	for name, text := range map[string]string{
		"plain": "[Game \"flooprail\"]\n[Result \"*\"]\n\n1. E2-F2 F4-E4 *\n",
		"tagged": "[Game \"terrace\"]\n[Variant \"6-long\"]\n[Black \"Ann\"]\n[Event \"club night\"]\n[White \"Bob\"]\n[Result \"*\"]\n\n" +
			"{an opening} 1. B-c1-c3 {the usual} B-c6-c4 *\n",
		"resigned": "[Game \"tumbling\"]\n[Termination \"White resigned\"]\n[Result \"1-0\"]\n\n1. A1-B1 1-0\n",
		"started":  "[Game \"flooprail\"]\n[Start \"" + string(code) + "\"]\n[Result \"*\"]\n\n1. F4-E4 *\n",
		"unsorted": "[White \"Bob\"]\n[Game \"terrace\"]\n[Event \"club night\"]\n[Result \"*\"]\n[Variant \"6-long\"]\n\n1. B-c1-c3 B-c6-c4 *\n",
		"lines":    "[Game \"flooprail\"]\n\n; a game at the club\n1. E2-F2 ; the usual\nF4-E4 {and a reply} *\n",
	} {
		file := write(name+".pgn", text)
		back, again := filepath.Join(dir, name+"-back.pgn"), filepath.Join(dir, name+"-again.pgn")
		r, err := boardrules.ParseRecord(text)
		if err != nil {
			t.Fatal(err)
		}
		last := r.Moves[len(r.Moves)-1]
		script(t, []string{"-load", file}, "save "+back, "undo", last, "save "+again, "quit")
		for _, saved := range []string{back, again} {
			if got, _ := os.ReadFile(saved); string(got) != text {
				t.Errorf("%s loaded and saved as %s:\n%s\nwant\n%s", name, filepath.Base(saved), got, text)
			}
		}
	}

	file := write("added.pgn", "[Game \"flooprail\"]\n[Event \"club night\"]\n[Result \"*\"]\n\n{start} 1. E2-F2 {first} F4-E4 {second} *\n")
	added := filepath.Join(dir, "added-back.pgn")
	script(t, []string{"-load", file}, "undo", "F4-E4", "D3-E3", "save "+added, "quit")
	want := "[Game \"flooprail\"]\n[Event \"club night\"]\n[Result \"*\"]\n\n{start} 1. E2-F2 {first} F4-E4 {second} 2. D3-E3 *\n"
	if got, _ := os.ReadFile(added); string(got) != want {
		t.Errorf("a move added:\n%s\nwant\n%s", got, want)
	}
	script(t, []string{"-load", file}, "undo", "D6-C6", "save "+added, "quit")
	want = "[Game \"flooprail\"]\n[Event \"club night\"]\n[Result \"*\"]\n\n{start} 1. E2-F2 {first} D6-C6 *\n"
	if got, _ := os.ReadFile(added); string(got) != want {
		t.Errorf("a move replaced:\n%s\nwant\n%s", got, want)
	}
}

// TestLoadShowsProgress: reading and checking a record, which takes
// seconds for a long game on a large Crumble board, shows on stderr, at
// the start and at the prompt; -q silences it.
func TestLoadShowsProgress(t *testing.T) {
	defer func(d time.Duration) { cli.ProgressEvery = d }(cli.ProgressEvery)
	cli.ProgressEvery = 0 // a line as the reading starts
	p, err := boardrules.NewGame("crumble", "8x8")
	if err != nil {
		t.Fatal(err)
	}
	h := boardrules.NewHistory(p)
	for i := 0; i < 10 && h.Position().Outcome().Status == boardrules.Ongoing; i++ {
		moves := h.Position().LegalMoves()
		if err := h.Play(moves[i*7%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(t.TempDir(), "long.pgn")
	if err := os.WriteFile(file, []byte(h.Record().Format()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		input string
	}{
		{[]string{"-load", file}, "quit\n"},
		{[]string{"-game", "flooprail"}, "load " + file + "\nquit\n"},
		{[]string{"-q", "-load", file}, "quit\n"},
	} {
		var out, errb strings.Builder
		if code := command(strings.NewReader(c.input), c.args, &out, &errb); code != 0 {
			t.Fatalf("%q: exit %d: %s", c.args, code, errb.String())
		}
		shown := strings.Contains(errb.String(), "\rplay: reading long.pgn, 0s")
		if quiet := c.args[0] == "-q"; shown == quiet || quiet && errb.Len() != 0 {
			t.Errorf("%q: stderr %q", c.args, errb.String())
		}
		if strings.Contains(out.String(), "reading") {
			t.Errorf("%q: the progress went to stdout", c.args)
		}
	}
}

// TestRecordErrorsAreBounded: a record file holding a mebibyte where a
// move, a tag, a comment, a game, a variant or a start code stands gives
// an error of a line, at -load and at the prompt's load. The files are
// named from the directory they are in, as a user names them.
func TestRecordErrorsAreBounded(t *testing.T) {
	t.Chdir(t.TempDir())
	long := clitest.Long
	for i, text := range []string{
		"[Game \"flooprail\"]\n\n1. E2-F2 {" + long + "\n",
		"[Game \"flooprail\"]\n\n1. E2-F2 " + long + "\n",
		"[Game \"flooprail\"]\n\n1. " + long + "\n",
		"[Game \"flooprail\"]\n[" + long + "]\n\n1. E2-F2\n",
		"[Game \"flooprail\"]\n\n1. E2-F2 " + long + ". F4-E4\n",
		"[Game \"flooprail\"]\n\n1. E2-F2 [" + long + "]\n",
		"[Game \"flooprail\"]\n[Result \"" + long + "\"]\n\n1. E2-F2\n",
		"[Game \"" + long + "\"]\n\n1. E2-F2\n",
		"[Game \"crumble\"]\n[Variant \"" + long + "\"]\n\n1. 1HN\n",
		"[Game \"crumble\"]\n[Start \"crumble 6x6 b " + long + "\"]\n\n*\n",
		"[Game \"crumble\"]\n\n1. " + long + "\n",
		"[Game \"terrace\"]\n\n1. " + long + "\n",
		"[Game \"tumbling\"]\n\n1. " + long + "\n",
		"[Game \"flooprail\"]\n\n1. E2-F2 F4-E4 " + long + "\n\n[Game \"flooprail\"]\n\n1. E2-F2\n",
		"[Game \"terrace\"]\n[Start \"terrace " + long + "\"]\n\n*\n",
		"[Game \"tumbling\"]\n[Start \"tumbling pbmserv " + long + "\"]\n\n*\n",
	} {
		file := fmt.Sprintf("long%d.pgn", i)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		clitest.Bounded(t, playCommand, [][]string{{"-load", file}})
		base := script(t, []string{"-game", "flooprail"}, "quit")
		out := script(t, []string{"-game", "flooprail"}, "load "+file, "quit")
		if extra := len(out) - len(base); extra > clitest.MaxError {
			t.Errorf("load %s (%.60q...): %d bytes (at most %d): %.300q", file, text, extra, clitest.MaxError, out[len(base)-len("O> \n"):])
		}
	}
}
