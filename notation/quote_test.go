package notation_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/google/go-cmp/cmp"
)

func TestQuote(t *testing.T) {
	mib := 1 << 20
	for _, c := range []struct{ in, want string }{
		{"e5", `"e5"`},
		{"é5-f5", `"é5-f5"`},
		{"\xffe5", `"\xffe5"`},
		{"a\tb", `"a\tb"`},
		{strings.Repeat("x", 64), `"` + strings.Repeat("x", 64) + `"`},
		{strings.Repeat("x", 65), `"` + strings.Repeat("x", 64) + `"... (65 bytes)`},
		{strings.Repeat("x", mib), `"` + strings.Repeat("x", 64) + `"... (1048576 bytes)`},
		// cut on a rune boundary: 32 é are 64 bytes, a 33rd does not fit
		// after one x
		{"x" + strings.Repeat("é", 40), `"x` + strings.Repeat("é", 31) + `"... (81 bytes)`},
		// what is quoted takes at most 64 bytes too: 16 escapes of 4
		{strings.Repeat("\xff", 100), `"` + strings.Repeat(`\xff`, 16) + `"... (100 bytes)`},
	} {
		if got := notation.Quote(c.in); got != c.want {
			t.Errorf("Quote(%.80q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestQuoteAt(t *testing.T) {
	for _, c := range []struct {
		in   string
		at   int
		want string
	}{
		{"é5-f5", 0, `'é'`}, // the character, never its first byte as Latin-1 ('Ã')
		{"é5-f5", 1, `"\xa9"`},
		{"e5#", 2, `'#'`},
		{"\xffe5", 0, `"\xff"`},
		{"a\tb", 1, `'\t'`},
		{"e5", 2, "the end"},
		{"e5", -1, "the end"},
	} {
		if got := notation.QuoteAt(c.in, c.at); got != c.want {
			t.Errorf("QuoteAt(%q, %d) = %s, want %s", c.in, c.at, got, c.want)
		}
	}
}

// TestErrorsHaveABoundedSize: whatever the input and the offset, a
// ParseError and a MoveError stay small and show at most MaxQuoted bytes
// of the input, as typed.
func TestErrorsHaveABoundedSize(t *testing.T) {
	const mib = 1 << 20
	inputs := map[string]string{
		"ASCII":        strings.Repeat("x", mib),
		"non-ASCII":    strings.Repeat("é", mib/2),
		"invalid":      strings.Repeat("\xff", mib),
		"control":      strings.Repeat("\x00", mib),
		"wide escapes": strings.Repeat("\u2028", mib/3),
		"mixed":        strings.Repeat("aé\xff\t\u2028", mib/9),
	}
	for name, in := range inputs {
		for _, off := range []int{0, 1, 7, len(in) / 2, len(in) - 1, len(in)} {
			msg := notation.Errorf(in, off, "bang").Error()
			if len(msg) >= 300 {
				t.Errorf("%s, offset %d: the error has %d bytes:\n%s", name, off, len(msg), msg)
			}
			if !utf8.ValidString(msg) {
				t.Errorf("%s, offset %d: the error is not UTF-8: %q", name, off, msg)
			}
			if !strings.Contains(msg, fmt.Sprintf("(%d bytes)", len(in))) {
				t.Errorf("%s, offset %d: the error does not give the input's length:\n%s", name, off, msg)
			}
		}
		msg := notation.Illegal(in, "E5 is empty").Error()
		if len(msg) >= 300 || !strings.HasSuffix(msg, fmt.Sprintf("... (%d bytes): E5 is empty", len(in))) {
			t.Errorf("%s: a MoveError of a long move reads %.400q", name, msg)
		}
	}
}

func TestMoveErrorShowsTheMoveAsTyped(t *testing.T) {
	for _, c := range []struct{ move, want string }{
		{"E5-F5T", "E5-F5T: r"},
		{"1/2, 2/3H", "1/2, 2/3H: r"},
		{"é5-f5", `"é5-f5": r`},
		{"e5\xff", `"e5\xff": r`},
		{"e5\n", `"e5\n": r`},
	} {
		if got := notation.Illegal(c.move, "r").Error(); got != c.want {
			t.Errorf("Illegal(%q, r) = %s, want %s", c.move, got, c.want)
		}
	}
}

// TestParseErrorOfNonASCII: a character that is not ASCII is named as
// typed in the reason and on the caret line, never as Latin-1 bytes.
func TestParseErrorOfNonASCII(t *testing.T) {
	_, err := notation.ParseSquare("é5")
	want := "syntax error at offset 0: expected a file letter a-z, found 'é'\n\té5\n\t^"
	if diff := cmp.Diff(want, fmt.Sprint(err)); diff != "" {
		t.Errorf("ParseSquare(é5) (-want +got):\n%s", diff)
	}
	_, _, err = notation.ScanSquareIn("\xff5", 0, 8, 8)
	if got := fmt.Sprint(err); !strings.Contains(got, `found "\xff"`) || !strings.Contains(got, "\t"+`\xff5`) {
		t.Errorf(`ScanSquareIn("\xff5") = %q, want the byte shown as "\xff"`, got)
	}
}

func TestEnded(t *testing.T) {
	over := boardrules.Outcome{Status: boardrules.Win, Winner: 1, Reason: "king captured on E5", Rule: "king-captured"}
	noGame := boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
	for _, c := range []struct {
		err  error
		want string
	}{
		{notation.Ended("A2-B2", over), "A2-B2: the game is over (king captured on E5)"},
		{notation.Ended("A2-B2", noGame), "A2-B2: the game is over (no game)"},
	} {
		if c.err.Error() != c.want || !errors.Is(c.err, boardrules.ErrGameOver) {
			t.Errorf("%v, want %q wrapping ErrGameOver", c.err, c.want)
		}
	}
}

func TestScanGame(t *testing.T) {
	if next, err := notation.ScanGame("tumbling pbmserv b", "tumbling"); next != 9 || err != nil {
		t.Errorf("ScanGame of a tumbling code = %d, %v", next, err)
	}
	for _, c := range []struct {
		code   string
		offset int
		reason string
	}{
		{"flooprail normal", 0, `not a tumbling position code: it starts with "flooprail"`},
		{"tumblingx b", 0, `not a tumbling position code: it starts with "tumblingx"`},
		{"", 0, `expected a tumbling position code, found the end`},
		{" tumbling", 0, `expected a tumbling position code, found ' '`},
		{"tumbling", 8, `expected a space after "tumbling", found the end`},
		{"tumbling\tb", 8, `expected a space after "tumbling", found '\t'`},
		{strings.Repeat("x", 1<<20), 0, `not a tumbling position code: it starts with "` + strings.Repeat("x", 64) + `"... (1048576 bytes)`},
	} {
		_, err := notation.ScanGame(c.code, "tumbling")
		var pe *notation.ParseError
		if !errors.As(err, &pe) || pe.Offset != c.offset || pe.Reason != c.reason {
			t.Errorf("ScanGame(%.40q) = %v; want %q at offset %d", c.code, err, c.reason, c.offset)
		}
	}
}

func TestRefuseMoveNumber(t *testing.T) {
	if err := notation.RefuseMoveNumber("E5-F5T"); err != nil {
		t.Errorf("RefuseMoveNumber(E5-F5T) = %v", err)
	}
	for in, off := range map[string]int{"E5-F5T#12": 6, "1H#": 2, "#": 0, "a#b#": 1} {
		err := notation.RefuseMoveNumber(in)
		var pe *notation.ParseError
		if !errors.As(err, &pe) || pe.Offset != off || !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("RefuseMoveNumber(%q) = %v, want a ParseError at offset %d", in, err, off)
		}
	}
}

func TestVariantErrors(t *testing.T) {
	err := notation.InvalidVariant(variant{7, 0, 1}, "Board must be 0, 6 or 8, not %d", 7)
	want := "syntax error: invalid notation_test.variant{Board:7 Players:0 Kind:kind 1}: Board must be 0, 6 or 8, not 7"
	if err.Error() != want || !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("InvalidVariant = %v, want %q wrapping ErrSyntax", err, want)
	}
	// a field prints as its String says, and the value's own String,
	// which calls InvalidText, is not called back
	if got := fmt.Sprint(variant{7, 0, 2}); got != "invalid notation_test.variant{Board:7 Players:0 Kind:kind 2}" {
		t.Errorf("InvalidText = %s", got)
	}
	pe := notation.UnknownVariant("corner", "tumbling", "pbmserv, classic or boardspace")
	if pe.Reason != "unknown tumbling variant: want pbmserv, classic or boardspace" || pe.Input != "corner" || pe.Offset != 0 {
		t.Errorf("UnknownVariant = %+v", pe)
	}
}

type kind int

func (k kind) String() string { return fmt.Sprintf("kind %d", int(k)) }

type variant struct {
	Board, Players int
	Kind           kind
}

func (v variant) String() string { return notation.InvalidText(v) }
