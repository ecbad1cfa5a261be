package conventions_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// maxError bounds the length of any error of the module, whatever it was
// given (convention 13: an error quotes at most 64 bytes of its input).
const maxError = 300

// bigs are the inputs of a mebibyte each fed to every entry point: ASCII,
// non-ASCII text, bytes that are not UTF-8, and control characters.
var bigs = map[string]string{
	"ASCII":     strings.Repeat("x", 1<<20),
	"non-ASCII": strings.Repeat("é", 1<<19),
	"invalid":   strings.Repeat("\xff", 1<<20),
	"control":   strings.Repeat("\x00", 1<<20),
}

// checkBounded fails unless err is an error of at most maxError bytes of
// valid UTF-8 that shows no byte of its input as a Latin-1 character.
func checkBounded(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error", what)
		return
	}
	msg := err.Error()
	switch {
	case len(msg) >= maxError:
		t.Errorf("%s: an error of %d bytes: %.200q...", what, len(msg), msg)
	case !utf8.ValidString(msg):
		t.Errorf("%s: the error is not UTF-8: %q", what, msg)
	case strings.ContainsAny(msg, "Ã\u00ff\x00"):
		t.Errorf("%s: the error shows a byte as it is not: %q", what, msg)
	}
}

// 13. Errors have a bounded size: every entry point of every engine, fed a
// mebibyte, alone or after a valid beginning, gives an error of less than
// maxError bytes, showing what was typed.
func TestErrorsHaveABoundedSize(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		g, _ := boardrules.Lookup(e.name)
		start := s.starts[0]
		move := start.LegalMoves()[0]
		code := code(t, start)
		variant := g.Variants[0]
		for kind, big := range bigs {
			if quick() && kind != "invalid" && kind != "non-ASCII" {
				continue // the two that take the most room to show
			}
			// what each entry point reads, alone and after a beginning it
			// accepts
			moves := []string{big, move + big, big + move}
			codes := []string{big, e.name + " " + big, code + " " + big, strings.Replace(code, " ", " "+big, 2)}
			variants := []string{big, variant + big, variant + "-" + big}
			for i, in := range moves {
				what := fmt.Sprintf("%s move %d", kind, i)
				_, err := start.ParseMove(in)
				checkBounded(t, "ParseMove of a "+what, err)
				_, err = start.Play(in)
				checkBounded(t, "Any.Play of a "+what, err)
				_, err = boardrules.Replay(start, move, in)
				checkBounded(t, "Replay of a "+what, err)
				h := boardrules.NewHistory(start)
				checkBounded(t, "History.Play of a "+what, h.Play(in))
				_, err = boardrules.ParseRecord("[Game \"" + e.name + "\"]\n\n1. " + in + "\n")
				checkBounded(t, "ParseRecord of a "+what, err)
			}
			for i, in := range codes {
				what := fmt.Sprintf("%s code %d", kind, i)
				_, err := g.Decode([]byte(in))
				checkBounded(t, "GameInfo.Decode of a "+what, err)
				_, err = boardrules.Decode([]byte(in))
				checkBounded(t, "Decode of a "+what, err)
				if !quick() { // a tag holding a mebibyte is costly to quote and to read
					_, err = boardrules.ParseRecord("[Game \"" + e.name + "\"]\n[Start " + fmt.Sprintf("%q", in) + "]\n")
					checkBounded(t, "ParseRecord of a Start "+what, err)
				}
			}
			for i, in := range variants {
				what := fmt.Sprintf("%s variant %d", kind, i)
				_, err := g.New(in)
				checkBounded(t, "GameInfo.New of a "+what, err)
				_, err = boardrules.NewGame(e.name, in)
				checkBounded(t, "NewGame of a "+what, err)
				if !quick() {
					_, err = boardrules.ParseRecord("[Game \"" + e.name + "\"]\n[Variant " + fmt.Sprintf("%q", in) + "]\n")
					checkBounded(t, "ParseRecord of a Variant "+what, err)
				}
			}
			_, err := boardrules.NewGame(big, "")
			checkBounded(t, kind+" NewGame of a game", err)
			e.checks.boundedErrors(t, s, kind, moves, codes, variants)
		}
	})
}

// TestNotationErrorsHaveABoundedSize: the parsers of package notation, fed
// a mebibyte.
func TestNotationErrorsHaveABoundedSize(t *testing.T) {
	for kind, big := range bigs {
		for _, in := range []string{big, "e5" + big, "e" + big} {
			_, err := notation.ParseSquare(in)
			checkBounded(t, kind+" ParseSquare", err)
		}
		for _, in := range []string{big, "e" + big} {
			_, _, err := notation.ScanSquareIn(in, 0, 8, 8)
			checkBounded(t, kind+" ScanSquareIn", err)
		}
		for _, in := range []string{big, "e5#" + big, "e5#1" + big, big + "#"} {
			if _, _, _, err := notation.SplitMoveNumber(in); err != nil {
				checkBounded(t, kind+" SplitMoveNumber", err)
			}
		}
		checkBounded(t, kind+" RefuseMoveNumber", notation.RefuseMoveNumber(big+"#"))
		_, err := notation.ScanGame(big, "tumbling")
		checkBounded(t, kind+" ScanGame", err)
		checkBounded(t, kind+" Illegal", notation.Illegal(big, "E5 is empty"))
	}
}

// TestErrorsShowWhatWasTyped: a character that is not ASCII is shown as
// typed, by every engine, never as the Latin-1 reading of its first byte
// ('é' read as 'Ã').
func TestErrorsShowWhatWasTyped(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, in := range []string{"é5-f5", "é", "5é"} {
			_, err := s.starts[0].ParseMove(in)
			if err == nil || !strings.Contains(err.Error(), "é") || strings.Contains(err.Error(), "Ã") {
				t.Errorf("ParseMove(%q) = %v; want the é as typed", in, err)
			}
		}
	})
}

// boundedErrors feeds the engine's own entry points: ParseMove of the
// zero Position, ParseVariant, UnmarshalText.
func (c typed[P, M, PP, V]) boundedErrors(t *testing.T, s sample, kind string, moves, codes, variants []string) {
	var zero P
	start := c.unwrap(t, s.starts[0])
	for i, in := range moves {
		_, err := start.ParseMove(in)
		checkBounded(t, fmt.Sprintf("%s ParseMove of move %d", kind, i), err)
		_, err = zero.ParseMove(in)
		checkBounded(t, fmt.Sprintf("%s the zero Position's ParseMove of move %d", kind, i), err)
		if !errors.Is(err, boardrules.ErrSyntax) && !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("%s the zero Position's ParseMove of move %d: %v wraps no sentinel", kind, i, err)
		}
	}
	for i, in := range codes {
		_, err := c.decode([]byte(in))
		checkBounded(t, fmt.Sprintf("%s UnmarshalText of code %d", kind, i), err)
	}
	for i, in := range variants {
		_, err := c.parseVariant(in)
		checkBounded(t, fmt.Sprintf("%s ParseVariant of variant %d", kind, i), err)
	}
}
