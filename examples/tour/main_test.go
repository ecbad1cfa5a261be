package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/internal/clitest"
)

func runTour(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = command(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestTourIntroducesEveryGameBriefly(t *testing.T) {
	code, text, errb := runTour(t)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	if n := strings.Count(text, "\n"); n > 150 {
		t.Errorf("the default tour is %d lines, want at most 150", n)
	}
	for _, g := range boardrules.Games() {
		p, err := g.New(g.Variants[0])
		if err != nil {
			t.Fatal(err)
		}
		gd, ok := guides[g.Name]
		if !ok {
			t.Errorf("%s has no guide", g.Name)
			continue
		}
		for _, want := range []string{
			"(" + g.Name + "), variant " + g.Variants[0],
			gd.goal, gd.legend,
			p.SeatName(p.ToMove()) + " moves first",
			"An opening:",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the tour lacks %q", g.Name, want)
			}
		}
		for _, s := range gd.opening {
			if !strings.Contains(text, s.move+" ") || !strings.Contains(text, s.why) {
				t.Errorf("%s: opening move %s is not explained", g.Name, s.move)
			}
		}
	}
	if strings.Contains(text, "seat 1 wins") || strings.Contains(text, "seat 0 wins") {
		t.Error("the tour names a winner by number")
	}
	if strings.Count(text, "A random game") != len(boardrules.Games()) || strings.Count(text, "Result: ") != len(boardrules.Games()) {
		t.Error("not one summarised random game per game")
	}
	if !strings.Contains(text, "(each square is 2x2 letters)") || !strings.Contains(text, "   0 1 2 3 4 5") {
		t.Error("the Crumble board has no coordinates or scale note")
	}
}

func TestTourVerbosePlaysEveryVariant(t *testing.T) {
	args := []string{"-v"}
	if testing.Short() {
		args = append(args, "-maxplies", "40")
	}
	code, text, errb := runTour(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	n := 0
	for _, g := range boardrules.Games() {
		for _, v := range g.Variants {
			n++
			if !strings.Contains(text, "("+g.Name+"), variant "+v+" of") {
				t.Errorf("the tour did not play %s variant %s", g.Name, v)
			}
		}
	}
	if got := strings.Count(text, "Final position"); got != n {
		t.Errorf("%d games finished, want one per variant (%d)", got, n)
	}
}

func TestTourCommandLine(t *testing.T) {
	clitest.Check(t, command, []clitest.Case{
		{Args: []string{"-h"}, Code: 0, Want: "Example:"},
		{Args: []string{"-every", "x"}, Code: 2, Want: "Usage:"},
		{Args: []string{"-maxplies", "-1"}, Code: 2, Want: "must not be negative"},
		{Args: []string{"-game", "chess"}, Code: 2, Want: "the games are: "},
		{Args: []string{"-game", "terrace", "-variant", "9-huge"}, Code: 2, Want: "its variants are: 8-long"},
		{Args: []string{"-game", "flooprail", "-variant", "reverse"}, Code: 0, Want: "variant reverse of"},
		{Args: []string{"-every", "5"}, Code: 2, Want: "tour: -every 5: boards are printed on the way with -v only\n"},
	})
}

// TestTourRejectsNegativeEvery: -every, like -maxplies, must not be
// negative; a negative value is a usage error (exit 2).
func TestTourRejectsNegativeEvery(t *testing.T) {
	code, out, errb := runTour(t, "-every", "-1")
	if code != 2 || !strings.Contains(errb, "must not be negative") || out != "" {
		t.Errorf("-every -1: exit %d, stdout %q, stderr %q; want exit 2, the error on stderr only", code, out, errb)
	}
}

// TestTourSeedChoosesTheRandomGame: -seed picks the random game: the same
// seed plays the same game, another seed another game.
func TestTourSeedChoosesTheRandomGame(t *testing.T) {
	game := func(seed string) string {
		code, out, errb := runTour(t, "-game", "flooprail", "-seed", seed)
		if code != 0 {
			t.Fatalf("-seed %s: exit %d: %s", seed, code, errb)
		}
		_, after, ok := strings.Cut(out, "A random game (seed "+seed+"): ")
		if !ok {
			t.Fatalf("-seed %s: no random game summary:\n%s", seed, out)
		}
		return after
	}
	if a, b := game("1"), game("1"); a != b {
		t.Errorf("seed 1 played two different games:\n%s\n%s", a, b)
	}
	if a, b := game("1"), game("2"); a == b {
		t.Errorf("seeds 1 and 2 played the same game:\n%s", a)
	}
}

// TestTourWritesSVG: -svg writes each final position's drawing into the
// directory, with or without -v, and says where.
func TestTourWritesSVG(t *testing.T) {
	dir := t.TempDir()
	code, out, errb := runTour(t, "-game", "flooprail", "-svg", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	path := filepath.Join(dir, "flooprail-normal.svg")
	if !strings.Contains(out, "Drawing written to "+path) {
		t.Errorf("the output does not name %s:\n%s", path, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "<svg") {
		t.Errorf("%s is not an SVG drawing: %.100q", path, data)
	}
}

// TestTourFlagErrorsComeBeforeTheTour: -variant without -game (a variant
// name means something in one game only) and a variant the game does not
// have are usage errors given before any of the tour is printed.
func TestTourFlagErrorsComeBeforeTheTour(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "6x6"}, "tour: -variant 6x6: name its game with -game\n"},
		{[]string{"-game", "flooprail", "-variant", "6x6"}, `tour: flooprail has no variant "6x6"; its variants are: normal (standard), reverse` + "\n"},
	} {
		code, out, errb := runTour(t, c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errb, c.want) || !strings.Contains(errb, "Usage:") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, %q and the usage on stderr", c.args, code, out, errb, c.want)
		}
	}
	// an -svg directory that cannot be made fails before the tour (exit 1)
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errb := runTour(t, "-q", "-svg", filepath.Join(file, "out")); code != 1 || out != "" || !strings.Contains(errb, "not a directory") {
		t.Errorf("-svg under a file: exit %d, stdout %.100q, stderr %q; want exit 1 and nothing on stdout", code, out, errb)
	}
	_, help, _ := runTour(t, "-h")
	if !strings.Contains(help, "needs -game") {
		t.Errorf("-h does not say that -variant needs -game:\n%s", help)
	}
}

// TestTourMaxPliesAndEvery: -maxplies stops the random game after that
// many plies, reported unfinished, and -v prints the board every -every
// plies on the way (5 and 10 of 12 here, not 15 nor the final 12).
func TestTourMaxPliesAndEvery(t *testing.T) {
	code, out, errb := runTour(t, "-game", "flooprail", "-variant", "normal", "-v", "-every", "5", "-maxplies", "12")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	for _, want := range []string{"\nAfter 5 plies (", "\nAfter 10 plies (", "A random game (seed 1): 12 plies,", "Result: unfinished: stopped after 12 plies (-maxplies), O to move."} {
		if !strings.Contains(out, want) {
			t.Errorf("the tour lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "\nAfter "); n != 2 {
		t.Errorf("%d boards on the way, want 2 (after 5 and 10 plies):\n%s", n, out)
	}
}

// TestTourNamesTheWinner: a won random game's result names the winner,
// which the final position (decoded from the code printed with -v) says.
func TestTourNamesTheWinner(t *testing.T) {
	code, out, errb := runTour(t, "-game", "flooprail", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	re := regexp.MustCompile(`Result: (.+) wins: .*\nPosition code: (.+)\n`)
	found := re.FindAllStringSubmatch(out, -1)
	if len(found) == 0 {
		t.Fatalf("no won game in the tour:\n%s", out)
	}
	for _, m := range found {
		p, err := boardrules.Decode([]byte(m[2]))
		if err != nil {
			t.Fatal(err)
		}
		if o := p.Outcome(); o.Status != boardrules.Win || p.SeatName(o.Winner) != m[1] {
			t.Errorf("the tour says %s wins; the final position %s: %+v", m[1], m[2], o)
		}
	}
}

func TestTourManners(t *testing.T) {
	clitest.Manners(t, "tour", command)
}

// TestTourErrorsAreBounded: a mebibyte given to any flag, or as a flag or
// an argument, gives an error of a line.
func TestTourErrorsAreBounded(t *testing.T) {
	clitest.Bounded(t, command, [][]string{
		{"-game", clitest.Long},
		{"-game", "crumble", "-variant", clitest.Long},
		{"-variant", clitest.Long},
		{"-q", "-svg", filepath.Join(t.TempDir(), clitest.Long)},
		{"-seed", clitest.Long},
		{"-every=" + clitest.Long},
		{"-" + clitest.Long},
		{clitest.Long},
	})
}

// TestTourOneIsSingular: a random game stopped after one ply says so in
// the singular.
func TestTourOneIsSingular(t *testing.T) {
	code, out, errb := runTour(t, "-game", "flooprail", "-maxplies", "1")
	if code != 0 || !strings.Contains(out, "A random game (seed 1): 1 ply, ") || !strings.Contains(out, "stopped after 1 ply (-maxplies)") || strings.Contains(out, "1 plies") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errb, out)
	}
}

// TestTourShowsProgress: while a long random game plays, stderr shows the
// games played and the plies of the one under way, -q silences it, and on
// a terminal (stdout and stderr on one screen) the tour reads as without
// it.
func TestTourShowsProgress(t *testing.T) {
	defer func(d time.Duration) { cli.ProgressEvery = d }(cli.ProgressEvery)
	cli.ProgressEvery = 0 // a line at every ply
	args := []string{"-game", "crumble", "-maxplies", "5"}
	code, quiet, errb := runTour(t, append([]string{"-q"}, args...)...)
	if code != 0 || errb != "" {
		t.Fatalf("-q: exit %d, stderr %q", code, errb)
	}
	code, out, errb := runTour(t, args...)
	if code != 0 || out != quiet {
		t.Errorf("exit %d; stdout differs from -q's", code)
	}
	if !strings.Contains(errb, "\rtour: 0/1 games (0%), 0s; crumble 6x6: 5 plies") {
		t.Errorf("stderr shows no progress of the game's plies: %.300q", errb)
	}
	var screen bytes.Buffer
	command(args, &screen, &screen)
	if got, want := clitest.Screen(screen.String()), clitest.Screen(quiet); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("on one screen the tour reads\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
