package notation_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/errtest"
	"github.com/boardrules/boardrules/notation"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func TestSquareRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		file := rapid.IntRange(0, notation.MaxFiles-1).Draw(t, "file")
		rank := rapid.IntRange(0, notation.MaxRanks-1).Draw(t, "rank")
		sq := notation.SquareAt(file, rank)
		if sq.IsZero() || sq.File() != file || sq.Rank() != rank {
			t.Fatalf("SquareAt(%d, %d) = %v (file %d rank %d)", file, rank, sq, sq.File(), sq.Rank())
		}
		for _, text := range []string{sq.String(), sq.Upper()} {
			got, err := notation.ParseSquare(text)
			if err != nil || got != sq {
				t.Fatalf("ParseSquare(%q) = %v, %v; want %v", text, got, err, sq)
			}
		}
		if strings.ToUpper(sq.String()) != sq.Upper() {
			t.Fatalf("String %q and Upper %q differ by more than case", sq.String(), sq.Upper())
		}
	})
}

func TestSquareText(t *testing.T) {
	cases := []struct {
		file, rank   int
		lower, upper string
	}{
		{0, 0, "a1", "A1"}, {4, 4, "e5", "E5"}, {25, 98, "z99", "Z99"}, {7, 9, "h10", "H10"},
	}
	for _, c := range cases {
		sq := notation.SquareAt(c.file, c.rank)
		if sq.String() != c.lower || sq.Upper() != c.upper {
			t.Errorf("SquareAt(%d, %d) = %s / %s, want %s / %s", c.file, c.rank, sq, sq.Upper(), c.lower, c.upper)
		}
	}
	if !(notation.Square{}).IsZero() || notation.SquareAt(0, 0).IsZero() {
		t.Error("the zero Square must be zero and a1 must not")
	}
	for _, out := range [][2]int{{-1, 0}, {26, 0}, {0, -1}, {0, 99}} {
		if sq := notation.SquareAt(out[0], out[1]); !sq.IsZero() {
			t.Errorf("SquareAt(%d, %d) = %v, want the zero Square", out[0], out[1], sq)
		}
	}
	if s := (notation.Square{}).String(); s != "-" {
		t.Errorf("zero Square String() = %q, want -", s)
	}
}

func TestParseSquareErrors(t *testing.T) {
	cases := []struct {
		in     string
		offset int
	}{
		{"", 0}, {"5e", 0}, {"e", 1}, {"e0", 1}, {"e05", 1}, {"e100", 1}, {"e5 ", 2}, {"e5x", 2}, {"é5", 0}, {"e-5", 1},
	}
	for _, c := range cases {
		_, err := notation.ParseSquare(c.in)
		var pe *notation.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseSquare(%q) = %v, want a *ParseError", c.in, err)
			continue
		}
		if !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("ParseSquare(%q) error does not wrap ErrSyntax", c.in)
		}
		if pe.Offset != c.offset || pe.Input != c.in {
			t.Errorf("ParseSquare(%q): offset %d input %q, want offset %d", c.in, pe.Offset, pe.Input, c.offset)
		}
	}
}

func TestScanSquare(t *testing.T) {
	sq, next, err := notation.ScanSquare("E5-F10T", 3)
	if err != nil || sq != notation.SquareAt(5, 9) || next != 6 {
		t.Errorf("ScanSquare = %v, %d, %v; want f10, 6", sq, next, err)
	}
}

func TestScanSquareIn(t *testing.T) {
	sq, next, err := notation.ScanSquareIn("B-h8-g7", 2, 8, 8)
	if err != nil || sq != notation.SquareAt(7, 7) || next != 4 {
		t.Errorf("ScanSquareIn(h8 on 8x8) = %v, %d, %v", sq, next, err)
	}
	for _, c := range []struct {
		s            string
		at           int // where the square starts
		files, ranks int
		off          int // where the error points
		text         string
	}{
		{"i1", 0, 8, 8, 0, "expected a file letter a-h, found 'i'"},
		{"Z9", 0, 8, 8, 0, "expected a file letter a-h, found 'Z'"},
		{"x-h8", 2, 8, 7, 3, "expected a rank 1-7, found 8"},
		{"a10", 0, 8, 8, 1, "expected a rank 1-8, found 10"},
		{"5", 0, 8, 8, 0, "expected a file letter"},
		// not a letter at all: the board's range too, not a-z
		{"E5 F5", 2, 8, 8, 2, "expected a file letter a-h, found ' '"},
		{"-e6", 0, 6, 6, 0, "expected a file letter a-f, found '-'"},
	} {
		_, _, err := notation.ScanSquareIn(c.s, c.at, c.files, c.ranks)
		var pe *notation.ParseError
		if !errors.As(err, &pe) || pe.Offset != c.off || !strings.Contains(pe.Reason, c.text) {
			t.Errorf("ScanSquareIn(%q, %d, %d, %d) = %v; want %q at offset %d", c.s, c.at, c.files, c.ranks, err, c.text, c.off)
		}
	}
}

func TestSplitMoveNumber(t *testing.T) {
	type result struct {
		Move string
		N    int
		OK   bool
	}
	good := map[string]result{
		"e5h5t#12": {"e5h5t", 12, true},
		"e5h5t":    {"e5h5t", 0, false},
		"#0":       {"", 0, true},
		"a#b#7":    {"a#b", 7, true},
		"":         {"", 0, false},
	}
	for in, want := range good {
		move, n, ok, err := notation.SplitMoveNumber(in)
		if err != nil {
			t.Errorf("SplitMoveNumber(%q): %v", in, err)
		}
		if diff := cmp.Diff(want, result{move, n, ok}); diff != "" {
			t.Errorf("SplitMoveNumber(%q) (-want +got):\n%s", in, diff)
		}
	}
	max, n, ok, err := notation.SplitMoveNumber("e5#1000000000")
	if max != "e5" || n != 1_000_000_000 || !ok || err != nil {
		t.Errorf("SplitMoveNumber of exactly 1e9 = %q, %d, %v, %v; want it accepted", max, n, ok, err)
	}
	bad := map[string]int{"e5#1000000001": 3, "e5h5t#": 6, "e5#1x": 4, "e5#-3": 3, "e5#99999999999999999999": 3, "e5# 3": 3}
	for in, offset := range bad {
		_, _, _, err := notation.SplitMoveNumber(in)
		var pe *notation.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, boardrules.ErrSyntax) || pe.Offset != offset {
			t.Errorf("SplitMoveNumber(%q) = %v, want a ParseError at offset %d", in, err, offset)
		}
	}
}

func TestParseErrorShowsCaret(t *testing.T) {
	err := notation.Errorf("E5-X5", 3, "expected a file letter")
	want := "syntax error at offset 3: expected a file letter\n\tE5-X5\n\t   ^"
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("Error() (-want +got):\n%s", diff)
	}
	long := strings.Repeat("a", 200) + "!" + strings.Repeat("b", 200)
	msg := notation.Errorf(long, 200, "bang").Error()
	lines := strings.Split(msg, "\n")
	if len(lines) != 3 || strings.Index(lines[2], "^") != strings.Index(lines[1], "!") {
		t.Errorf("caret not under the offending byte in a long input:\n%s", msg)
	}
	ctl := notation.Errorf("a\tb\nc\x7fd\x00e\x1f", 4, "x").Error()
	if got := strings.Split(ctl, "\n"); len(got) != 3 || got[1] != "\t"+`a\tb\nc\x7fd\x00e\x1f` || got[2] != "\t      ^" {
		t.Errorf("control characters (DEL included) not escaped as Go quotes them, or the caret not under 'c': %q", ctl)
	}
	if got := notation.Errorf("ab", 9, "past the end").Error(); !strings.HasSuffix(got, "\t  ^") {
		t.Errorf("offset past the end not clamped: %q", got)
	}
}

// TestParseErrorCaretAfterNonASCII: the caret counts characters, not
// bytes, so it stays under the offending character after accented text (a
// server shows these errors to players); what is not printable shows as Go
// quotes it, a column a character of the escape; and a cut never splits a
// character.
func TestParseErrorCaretAfterNonASCII(t *testing.T) {
	for _, c := range []struct {
		in         string
		off        int
		shown      string
		caretUnder int // the column
	}{
		{"é5x", 3, "é5x", 2},                       // 'x' is byte 3, character 2
		{"é5x", 1, "é5x", 0},                       // inside é: under é
		{"\xff\xfeX", 2, `\xff\xfeX`, 8},           // bytes that are not UTF-8, as Go quotes them
		{"a\u2028b\u0085", 4, `a\u2028b\u0085`, 7}, // a line separator and NEL would break the line
		{"\u00a0e5", 2, `\u00a0e5`, 6},             // a no-break space is not printable
	} {
		lines := strings.Split(notation.Errorf(c.in, c.off, "r").Error(), "\n")
		if len(lines) != 3 || lines[1] != "\t"+c.shown || lines[2] != "\t"+strings.Repeat(" ", c.caretUnder)+"^" {
			t.Errorf("Errorf(%q, %d): %q, want %q and the caret at column %d", c.in, c.off, lines, c.shown, c.caretUnder)
		}
	}
	long := strings.Repeat("é", 100) + "!" + strings.Repeat("ü", 100)
	msg := notation.Errorf(long, 200, "bang").Error()
	lines := strings.Split(msg, "\n")
	if !utf8.ValidString(msg) || strings.Contains(msg, `\x`) {
		t.Errorf("the cut split a character: %q", msg)
	}
	if len(lines) != 3 || utf8.RuneCountInString(lines[1][:strings.Index(lines[1], "!")]) != utf8.RuneCountInString(lines[2][:strings.Index(lines[2], "^")]) {
		t.Errorf("caret not under the '!' of a long accented input:\n%s", msg)
	}
}

// TestParseErrorNegativeOffset pins that an offset before the input (a
// parser's off-by-one) still gives a readable message, with the caret at
// the start, rather than a panic while reporting another error.
func TestParseErrorNegativeOffset(t *testing.T) {
	want := "syntax error at offset -1: x\n\te5\n\t^"
	if diff := cmp.Diff(want, notation.Errorf("e5", -1, "x").Error()); diff != "" {
		t.Errorf("Error() (-want +got):\n%s", diff)
	}
}

// TestParseErrorCutsOnlyWhatItLeavesOut pins the shape of a cut input: the
// line shows one contiguous part of the input, at most MaxQuoted bytes,
// with the caret under the byte at the offset, and "..." stands before or
// after it exactly where bytes were left out, never when nothing was, with
// the input's length after it.
func TestParseErrorCutsOnlyWhatItLeavesOut(t *testing.T) {
	// Every offset of every length up to 200 is checked, so the edges of the
	// window (an offset just at its width from either end) are all met.
	letters := strings.Repeat("abcdefghijklmnopqrstuvwxyz", 8)
	for n := 0; n <= 200; n++ {
		in := letters[:n]
		for off := 0; off <= n; off++ {
			checkCut(t, in, off)
		}
	}
}

func checkCut(t *testing.T, in string, off int) {
	t.Helper()
	lines := strings.Split(notation.Errorf(in, off, "r").Error(), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3: %q", len(lines), lines)
	}
	shown, caret := strings.TrimPrefix(lines[1], "\t"), strings.TrimPrefix(lines[2], "\t")
	length := fmt.Sprintf(" (%d bytes)", len(in))
	cut := strings.HasSuffix(shown, length)
	shown = strings.TrimSuffix(shown, length)
	prefix := ""
	if strings.HasPrefix(shown, "...") {
		prefix, shown = "...", shown[3:]
	}
	cutAfter := strings.HasSuffix(shown, "...")
	shown = strings.TrimSuffix(shown, "...")
	col := strings.Index(caret, "^")
	start := off - (col - len(prefix))
	if start < 0 || start > off || start+len(shown) > len(in) || in[start:start+len(shown)] != shown || off > start+len(shown) {
		t.Fatalf("input of %d bytes, offset %d: shown %q with the caret at column %d is not the input around the offset", len(in), off, lines[1], col)
	}
	if len(shown) > notation.MaxQuoted {
		t.Fatalf("input of %d bytes, offset %d: %q shows more than %d bytes", len(in), off, lines[1], notation.MaxQuoted)
	}
	if (prefix != "") != (start > 0) || cutAfter != (start+len(shown) < len(in)) || cut != (prefix != "" || cutAfter) {
		t.Fatalf("input of %d bytes, offset %d: in %q the ... marks do not match what was left out (shown from %d to %d)", len(in), off, lines[1], start, start+len(shown))
	}
}

// TestMoveError pins the text and the sentinels of the engines' shared
// error for a well-formed move that cannot be played: an illegal move
// wraps ErrIllegalMove only, a move after the end wraps ErrGameOver only.
func TestMoveError(t *testing.T) {
	cases := []struct {
		err       *notation.MoveError
		text      string
		is, isNot error
	}{
		{notation.Illegal("E5-G5t", "E5 is empty"), "E5-G5t: E5 is empty", boardrules.ErrIllegalMove, boardrules.ErrGameOver},
		{notation.GameOver("E5-G5t", "the game is over"), "E5-G5t: the game is over", boardrules.ErrGameOver, boardrules.ErrIllegalMove},
	}
	for _, c := range cases {
		if c.err.Error() != c.text {
			t.Errorf("Error() = %q, want %q", c.err.Error(), c.text)
		}
		if !errors.Is(c.err, c.is) || errors.Is(c.err, c.isNot) || errors.Is(c.err, boardrules.ErrSyntax) {
			t.Errorf("%q wraps %v, want %v only", c.err, c.err.Err, c.is)
		}
	}
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"e5", "E5", "z99", "a100", "", "e0", "h10x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := notation.ParseSquare(s)
		if err != nil {
			errtest.Syntax(t, "ParseSquare", s, err)
			return
		}
		if !strings.EqualFold(sq.String(), s) {
			t.Fatalf("ParseSquare(%q) = %v, which does not print back", s, sq)
		}
	})
}

func FuzzSplitMoveNumber(f *testing.F) {
	for _, s := range []string{"e5h5t#12", "e5h5t", "#", "#0", "a#b#7", "x#99999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		move, n, ok, err := notation.SplitMoveNumber(s)
		if err != nil {
			errtest.Syntax(t, "SplitMoveNumber", s, err)
			return
		}
		if !ok {
			if move != s {
				t.Fatalf("no suffix, but move %q != input %q", move, s)
			}
			return
		}
		if n < 0 || !strings.HasPrefix(s, move+"#") {
			t.Fatalf("SplitMoveNumber(%q) = %q, %d", s, move, n)
		}
	})
}

func ExampleParseSquare() {
	sq, _ := notation.ParseSquare("E5")
	fmt.Println(sq, sq.Upper(), sq.File(), sq.Rank())
	_, err := notation.ParseSquare("e0")
	fmt.Println(errors.Is(err, boardrules.ErrSyntax))
	// Output:
	// e5 E5 4 4
	// true
}

func ExampleSplitMoveNumber() {
	move, n, ok, _ := notation.SplitMoveNumber("e5h5t#12")
	fmt.Println(move, n, ok)
	// Output: e5h5t 12 true
}

func ExampleParseError() {
	_, err := notation.ParseSquare("e5x")
	fmt.Println(err)
	// Output:
	// syntax error at offset 2: unexpected "x" after square
	// 	e5x
	// 	  ^
}
