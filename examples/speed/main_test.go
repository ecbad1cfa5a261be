package main

import (
	"strings"
	"testing"

	"github.com/boardrules/boardrules/internal/clitest"
)

func TestCommandLine(t *testing.T) {
	clitest.Check(t, command, []clitest.Case{
		{Args: []string{"-h"}, Code: 0, Want: "Example:"},
		{Args: []string{"-rounds", "0"}, Code: 2, Want: "-rounds must be 1 or more"},
		{Args: []string{"-game", "chess"}, Code: 2, Want: "the engines measured are tumbling, flooprail, terrace and crumble"},
		{Args: []string{"-min", "x"}, Code: 2, Want: "Usage:"},
	})
}

// TestMeasures runs one short round of every engine: each perft gives its
// count (a wrong one is an error), and the table names every subject.
func TestMeasures(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every perft at least once")
	}
	var out strings.Builder
	if err := clitest.Quiet(command, &out, "-rounds", "1", "-min", "1ms"); err != nil {
		t.Fatal(err)
	}
	for _, s := range append([]subject{chessSubject()}, engines()...) {
		if !strings.Contains(out.String(), s.name) {
			t.Errorf("the table lacks %s:\n%s", s.name, out.String())
		}
	}
}

// TestAWrongCountIsAnError: a perft that does not give its count stops the
// measurement, so a broken generator is never timed.
func TestAWrongCountIsAnError(t *testing.T) {
	s := subject{name: "broken", depth: 1, nodes: 5, run: func() uint64 { return 4 }}
	if _, err := rateOf(s, 1); err == nil || !strings.Contains(err.Error(), "broken perft(1) = 4, want 5") {
		t.Errorf("rateOf = %v", err)
	}
}

func TestManners(t *testing.T) {
	clitest.Manners(t, "speed", command)
}

// TestErrorsAreBounded: a mebibyte given to any flag, or as a flag or an
// argument, gives an error of a line.
func TestErrorsAreBounded(t *testing.T) {
	clitest.Bounded(t, command, [][]string{
		{"-game", clitest.Long},
		{"-rounds", clitest.Long},
		{"-min", clitest.Long},
		{"-" + clitest.Long},
		{clitest.Long},
	})
}
