package cli

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestQuote: up to 64 bytes an input is quoted whole; past them, cut on a
// character boundary (never inside "é"), with its length; non-ASCII shown
// as typed and a byte that is not UTF-8 escaped.
func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"8-long", `"8-long"`},
		{"é\xff", `"é\xff"`},
		{strings.Repeat("x", 64), `"` + strings.Repeat("x", 64) + `"`},
		{strings.Repeat("x", 65), `"` + strings.Repeat("x", 64) + `"... (65 bytes)`},
		{strings.Repeat("x", 63) + "é", `"` + strings.Repeat("x", 63) + `"... (65 bytes)`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%.80q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestBound: a long input is cut wherever a message holds it, as typed or
// Go-quoted; short ones, and the rest of the message, are left alone.
func TestBound(t *testing.T) {
	long := "é" + strings.Repeat("x", 100)
	q := Quote(long)
	got := Bound(`open `+long+`: bad; "`+long+`" and -n: "-n"`, "-n", long)
	if want := `open ` + q + `: bad; ` + q + ` and -n: "-n"`; got != want {
		t.Errorf("Bound = %s\nwant    %s", got, want)
	}
	if !utf8.ValidString(q) || len(q) > 100 {
		t.Errorf("Quote(long) = %q", q)
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
