// Package clitest checks the command-line manners that internal/cli gives
// every program under examples/: exit codes and what the program says.
package clitest

import (
	"fmt"
	"io"
	"strings"
	"testing"
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

// Quiet runs the command with -q, its results going to out, and returns
// its stderr as an error when it exits with a code other than 0.
func Quiet(command Command, out io.Writer, args ...string) error {
	var errb strings.Builder
	if code := command(append([]string{"-q"}, args...), out, &errb); code != 0 {
		return fmt.Errorf("exit %d: %s", code, errb.String())
	}
	return nil
}
