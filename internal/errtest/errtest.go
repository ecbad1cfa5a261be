// Package errtest checks the shape the module promises of every error a
// parser or a move check returns, so that the fuzz targets hold every input
// to it and not only the inputs of a table: a syntax error is a
// *notation.ParseError that wraps boardrules.ErrSyntax and names the text
// it was given and an offset within it (the end included, for "found the
// end"); a well-formed move that cannot be played is a *notation.MoveError
// that wraps boardrules.ErrIllegalMove or boardrules.ErrGameOver and names
// the move as given. Either reads as valid UTF-8 in fewer than MaxLen
// bytes, whatever the input (convention 13).
//
// Only tests import it. It uses the standard library and the module's own
// packages only.
package errtest

import (
	"errors"
	"unicode/utf8"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/codetest"
	"github.com/boardrules/boardrules/notation"
)

// Fataler is what testing.T and rapid.T have in common.
type Fataler = codetest.Fataler

// Syntax fails t unless err is a syntax error of input: a
// *notation.ParseError wrapping boardrules.ErrSyntax whose Input is input
// and whose Offset lies in [0, len(input)]. what names the call in the
// failure.
func Syntax(t Fataler, what, input string, err error) {
	t.Helper()
	var pe *notation.ParseError
	switch {
	case !errors.Is(err, boardrules.ErrSyntax):
		t.Fatalf("%s(%q): %v does not wrap ErrSyntax", what, input, err)
	case !errors.As(err, &pe):
		t.Fatalf("%s(%q): %v (%T) is not a *notation.ParseError", what, input, err, err)
	case pe.Input != input:
		t.Fatalf("%s(%q): the error names the input %q", what, input, pe.Input)
	case pe.Offset < 0 || pe.Offset > len(input):
		t.Fatalf("%s(%q): the error's offset %d lies outside the input", what, input, pe.Offset)
	}
	bounded(t, what, input, err) // and Error must not panic, whatever the offset
}

// MaxLen bounds the length of an error's text, whatever its input.
const MaxLen = 300

// bounded fails t unless err's text is valid UTF-8 shorter than MaxLen.
func bounded(t Fataler, what, input string, err error) {
	t.Helper()
	if msg := err.Error(); len(msg) >= MaxLen || !utf8.ValidString(msg) {
		t.Fatalf("%s(%.80q): an error of %d bytes, or not UTF-8: %.400q", what, input, len(msg), msg)
	}
}

// Move fails t unless err is the error of a move that cannot be played:
// a syntax error of input (see Syntax), or a *notation.MoveError wrapping
// ErrIllegalMove or ErrGameOver whose Move is input.
func Move(t Fataler, what, input string, err error) {
	t.Helper()
	if errors.Is(err, boardrules.ErrSyntax) {
		Syntax(t, what, input, err)
		return
	}
	var me *notation.MoveError
	switch {
	case !errors.Is(err, boardrules.ErrIllegalMove) && !errors.Is(err, boardrules.ErrGameOver):
		t.Fatalf("%s(%q): %v wraps no sentinel", what, input, err)
	case !errors.As(err, &me):
		t.Fatalf("%s(%q): %v (%T) is not a *notation.MoveError", what, input, err, err)
	case me.Move != input:
		t.Fatalf("%s(%q): the error names the move %q", what, input, me.Move)
	}
	bounded(t, what, input, err)
}
