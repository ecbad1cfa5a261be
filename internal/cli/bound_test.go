package cli

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardrules/boardrules/notation"
)

// TestBound: a long input is cut wherever a message holds it, as typed or
// Go-quoted; short ones, and the rest of the message, are left alone.
func TestBound(t *testing.T) {
	long := "é" + strings.Repeat("x", 100)
	q := notation.Quote(long)
	got := Bound(`open `+long+`: bad; "`+long+`" and -n: "-n"`, "-n", long)
	if want := `open ` + q + `: bad; ` + q + ` and -n: "-n"`; got != want {
		t.Errorf("Bound = %s\nwant    %s", got, want)
	}
	if !utf8.ValidString(q) || len(q) > 100 {
		t.Errorf("notation.Quote(long) = %q", q)
	}
}

// TestExitBoundsTheArguments: whoever made the error (here a message
// repeating a long flag value whole), Exit's line quotes at most the start
// of each argument of the command line, as the flag package's errors do
// not.
func TestExitBoundsTheArguments(t *testing.T) {
	long := strings.Repeat("y", 1<<20)
	for _, args := range [][]string{{"-n", long}, {"-n=" + long}, {"-" + long}, {"--" + long + "=3"}, {long}} {
		p, _, errb := newProgram()
		p.Parse(args)
		first, _, _ := strings.Cut(errb.String(), "\n")
		if len(first) > 200 || !strings.Contains(first, `yyyy"... (`) {
			t.Errorf("%.20q...: %d bytes: %.300q", args, len(first), first)
		}
	}
}
