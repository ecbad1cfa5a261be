// Package clitest checks the command-line manners that internal/cli gives
// every program under examples/: exit codes and what the program says.
package clitest

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/notation"
)

// Command is a program's logic as its tests call it: the arguments, the two
// output streams, and the exit code.
type Command func(args []string, stdout, stderr io.Writer) int

// Case is one command line and what it must give: the exit code, and a
// text that stdout or stderr holds.
type Case struct {
	Args []string
	Code int
	Want string
}

// Check runs every case and reports those whose exit code or output is not
// as wanted.
func Check(t *testing.T, command Command, cases []Case) {
	t.Helper()
	for _, c := range cases {
		var out, errb strings.Builder
		code := command(c.Args, &out, &errb)
		if code != c.Code || !strings.Contains(out.String()+errb.String(), c.Want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.Args, code, out.String(), errb.String(), c.Code, c.Want)
		}
	}
}

// Manners checks what every program does alike: -h prints the usage on
// stdout, exit 0; -version prints the program's name and the version,
// exit 0; an unknown flag or an argument gives one line of error and the
// usage on stderr, exit 2.
func Manners(t *testing.T, name string, command Command) {
	t.Helper()
	run := func(args ...string) (int, string, string) {
		var out, errb strings.Builder
		code := command(args, &out, &errb)
		return code, out.String(), errb.String()
	}
	code, out, errb := run("-h")
	for _, want := range []string{"Usage: go run ./examples/" + name, "  -q", "  -version", "Example:"} {
		if code != 0 || errb != "" || !strings.Contains(out, want) {
			t.Errorf("-h: exit %d, stdout %q, stderr %q; want exit 0, %q on stdout, nothing on stderr", code, out, errb, want)
		}
	}
	code, out, errb = run("-version")
	if want := name + " " + cli.Version() + "\n"; code != 0 || out != want || errb != "" {
		t.Errorf("-version: exit %d, stdout %q, stderr %q; want exit 0 and %q alone", code, out, errb, want)
	}
	for _, args := range [][]string{{"-no-such-flag"}, {"an-argument"}} {
		code, out, errb = run(args...)
		first, rest, _ := strings.Cut(errb, "\n")
		if code != 2 || out != "" || !strings.HasPrefix(first, name+": ") || !strings.HasPrefix(rest, "\nUsage: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, one line of error and the usage on stderr", args, code, out, errb)
		}
	}
}

// Long is a mebibyte of input, to feed a program where it takes text and
// bound what it says (Bounded): a letter that is not ASCII and a byte that
// is not UTF-8, then x's.
var Long = "é\xff" + strings.Repeat("x", 1<<20-3)

// MaxError is the most a program may print about a bad input, besides its
// usage: one line of error, which quotes at most 64 bytes of the input.
const MaxError = 300

// Bounded runs the command on each command line, in which Long stands
// for some input, and reports those whose output, less the usage, is
// longer than MaxError bytes. It runs them with -q, so that what counts is
// what the program says, not its progress while it reads a long input.
func Bounded(t *testing.T, command Command, cmdlines [][]string) {
	t.Helper()
	var usage strings.Builder
	command([]string{"-h"}, &usage, io.Discard)
	for _, args := range cmdlines {
		var out, errb strings.Builder
		code := command(append([]string{"-q"}, args...), &out, &errb)
		said := out.String() + strings.Replace(errb.String(), usage.String(), "", 1)
		if len(said) > MaxError {
			t.Errorf("%s: exit %d, %d bytes besides the usage (at most %d): %.400q", Shorten(args), code, len(said), MaxError, said)
		}
	}
}

// Shorten shows a command line holding long arguments in a test's report.
func Shorten(args []string) string {
	short := make([]string, len(args))
	for i, a := range args {
		short[i] = notation.Quote(a)
	}
	return strings.Join(short, " ")
}

// Quiet runs the command with -q, its results going to out, and returns
// its stderr as an error when it exits with a code other than 0.
func Quiet(command Command, out io.Writer, args ...string) error {
	var errb strings.Builder
	if code := command(append([]string{"-q"}, args...), out, &errb); code != 0 {
		return fmt.Errorf("exit %d: %s", code, errb.String())
	}
	return nil
}

// Screen is what a terminal shows of text, the lines of a program's stdout
// and stderr written to one screen: a carriage return goes back to the
// start of the line, which the next letters overwrite; trailing spaces and
// an empty last line are left out.
func Screen(text string) []string {
	var lines []string
	var line []byte
	col := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\r':
			col = 0
		case '\n':
			lines = append(lines, strings.TrimRight(string(line), " "))
			line, col = line[:0], 0
		default:
			if col < len(line) {
				line[col] = c
			} else {
				line = append(line, c)
			}
			col++
		}
	}
	if s := strings.TrimRight(string(line), " "); s != "" {
		lines = append(lines, s)
	}
	return lines
}
