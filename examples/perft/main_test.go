package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/clitest"
)

func runArgs(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftEveryGameAtDepth2(t *testing.T) {
	for _, g := range boardrules.Games() {
		p, err := g.New(g.Variants[0])
		if err != nil {
			t.Fatal(err)
		}
		code, out, _ := runArgs("-q", "-game", g.Name, "-depth", "2")
		want := fmt.Sprintf("perft(2) = %d in", boardrules.Perft(p, 2))
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d, output %q lacks %q", g.Name, code, out, want)
		}
		_, out, _ = runArgs("-q", "-game", g.Name, "-depth", "1", "-divide")
		if lines := strings.Count(out, "\n"); lines != len(p.LegalMoves())+1 {
			t.Errorf("%s -divide printed %d lines, want one per move plus the total", g.Name, lines)
		}
	}
}

func TestPerftCommandLine(t *testing.T) {
	for _, c := range []struct {
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{[]string{"-h"}, 0, "Example:", ""},
		{[]string{"-depth", "x"}, 2, "", "Usage:"},
		{[]string{"-game", "terrace", "-depth", "-1"}, 2, "", "must be 0 or more"},
		{[]string{}, 2, "", "name a game"},
		{[]string{"-game", "chess"}, 2, "", "the games are: "},
		{[]string{"-code", "chess 1"}, 2, "", `perft: -code: syntax error: no game "chess"`},
		{[]string{"-list"}, 0, "terrace", ""},
	} {
		code, out, errb := runArgs(c.args...)
		if code != c.code || !strings.Contains(out, c.inStdout) || !strings.Contains(errb, c.inStderr) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, %q, %q", c.args, code, out, errb, c.code, c.inStdout, c.inStderr)
		}
	}
}

// TestPerftDepthZeroAndPlainOutput: perft(0) counts the start position
// itself, 1, and plays no move, so it has no time nor rate to give (it
// gave "in 0s (4000000 nodes/s)"), nor first moves for -divide; and
// without -divide the output is the one result line.
func TestPerftDepthZeroAndPlainOutput(t *testing.T) {
	code, out, errb := runArgs("-q", "-game", "terrace", "-depth", "0")
	if code != 0 || out != "terrace 8-long perft(0) = 1\n" {
		t.Errorf("-depth 0: exit %d, stdout %q, stderr %q; want perft(0) = 1 alone", code, out, errb)
	}
	code, out, errb = runArgs("-q", "-game", "terrace", "-depth", "0", "-divide")
	if code != 2 || out != "" || !strings.HasPrefix(errb, "perft: -divide: -depth 0 plays no first move to divide by\n") {
		t.Errorf("-depth 0 -divide: exit %d, stdout %q, stderr %q; want a usage error", code, out, errb)
	}
	code, out, errb = runArgs("-q", "-game", "terrace", "-depth", "1")
	if code != 0 || strings.Count(out, "\n") != 1 || !strings.Contains(out, "perft(1) = ") {
		t.Errorf("-depth 1 without -divide: exit %d, stdout %q, stderr %q; want the result line alone", code, out, errb)
	}
}

// TestPerftCode: -code starts from a position code, which names its own
// game, so giving -game or -variant with it is a usage error (exit 2).
func TestPerftCode(t *testing.T) {
	p, err := boardrules.NewGame("terrace", "")
	if err != nil {
		t.Fatal(err)
	}
	text, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("perft(1) = %d in", len(p.LegalMoves()))
	if code, out, errb := runArgs("-q", "-code", string(text), "-depth", "1"); code != 0 || !strings.Contains(out, want) {
		t.Errorf("-code: exit %d, stdout %q, stderr %q; want %q", code, out, errb, want)
	}
	for _, extra := range [][]string{{"-game", "terrace"}, {"-variant", p.Variant()}} {
		args := append([]string{"-q", "-code", string(text), "-depth", "1"}, extra...)
		if code, _, errb := runArgs(args...); code != 2 || !strings.Contains(errb, "leave out -game and -variant") {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and the reason", args, code, errb)
		}
	}
}

// TestPerftBadCodeIsAUsageError: a -code that does not decode is a bad flag
// value: exit 2, "-code: " and the first line of the parse error (not its
// caret lines joined onto it), then the usage.
func TestPerftBadCodeIsAUsageError(t *testing.T) {
	code, out, errb := runArgs("-code", "terrace 8-long zz")
	first, rest, _ := strings.Cut(errb, "\n")
	want := "perft: -code: syntax error at offset 9: expected one space after the board size"
	if code != 2 || first != want || !strings.Contains(rest, "Usage:") || out != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q then the usage", code, out, errb, want)
	}
}

// TestPerftUnknownVariantNamesTheVariantsOnce: one line naming the game's
// variants once, not the registry's "syntax error" text with the list
// added again.
func TestPerftUnknownVariantNamesTheVariantsOnce(t *testing.T) {
	code, _, errb := runArgs("-game", "flooprail", "-variant", "bogus")
	first, _, _ := strings.Cut(errb, "\n")
	want := `perft: flooprail has no variant "bogus"; its variants are: normal (standard), reverse`
	if code != 2 || first != want {
		t.Errorf("exit %d, stderr %q; want exit 2 and first line %q", code, errb, want)
	}
}

// TestPerftDivideCountsEachFirstMove: each -divide line is the count of
// the sequences after that first move (perft(depth-1) of the position it
// leads to), and the lines add up to the total; a line may not show the
// running sum, which would still make one line per move.
func TestPerftDivideCountsEachFirstMove(t *testing.T) {
	p, err := boardrules.NewGame("flooprail", "")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errb := runArgs("-q", "-game", "flooprail", "-depth", "3", "-divide")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var sum uint64
	for _, l := range lines[:len(lines)-1] {
		var m string
		var n uint64
		if _, err := fmt.Sscanf(l, "%s %d", &m, &n); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if want := boardrules.Perft(q, 2); n != want {
			t.Errorf("line %q: want %s %d", l, m, want)
		}
		sum += n
	}
	if want := fmt.Sprintf("perft(3) = %d in", sum); sum != boardrules.Perft(p, 3) || !strings.Contains(lines[len(lines)-1], want) {
		t.Errorf("the lines add up to %d; total line %q, perft(3) = %d", sum, lines[len(lines)-1], boardrules.Perft(p, 3))
	}
}

func TestPerftManners(t *testing.T) {
	clitest.Manners(t, "perft", run)
}

// TestPerftErrorsAreBounded: a mebibyte given to any flag, or as a flag or
// an argument, gives an error of a line.
func TestPerftErrorsAreBounded(t *testing.T) {
	clitest.Bounded(t, run, [][]string{
		{"-game", clitest.Long},
		{"-game", "terrace", "-variant", clitest.Long},
		{"-game", "crumble", "-variant", "6x6" + clitest.Long},
		{"-code", clitest.Long},
		{"-code", "terrace " + clitest.Long},
		{"-code", "tumbling pbmserv " + clitest.Long},
		{"-code", "crumble 6x6 b " + clitest.Long},
		{"-code", "flooprail normal " + clitest.Long},
		{"-code", "flooprail " + clitest.Long},
		{"-code", "tumbling " + clitest.Long},
		{"-code", "crumble " + clitest.Long},
		{"-game", "tumbling", "-variant", clitest.Long},
		{"-game", "flooprail", "-variant", clitest.Long},
		{"-code", "terrace 8-long " + clitest.Long},
		{"-depth", clitest.Long},
		{"-depth=" + clitest.Long},
		{"-divide=" + clitest.Long},
		{"-" + clitest.Long},
		{"--" + clitest.Long + "=1"},
		{clitest.Long},
		{"-game", "terrace", clitest.Long},
	})
}

// TestPerftOfAFinishedGame: from a finished game's code every perft is 0,
// with no time nor rate, since no move was played.
func TestPerftOfAFinishedGame(t *testing.T) {
	p, err := boardrules.NewGame("flooprail", "")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; p.Outcome().Status == boardrules.Ongoing; i++ {
		if i > 1000 {
			t.Fatal("the game does not end")
		}
		if p, err = p.Play(p.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	code, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if c, out, errb := runArgs("-q", "-code", string(code), "-depth", "2"); c != 0 || out != "flooprail normal perft(2) = 0\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want perft(2) = 0 alone", c, out, errb)
	}
}
