package notation

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardrules/boardrules"
)

// ParseError is a syntax error in some text: what was read, where the
// problem is (a byte offset into Input) and why. It wraps
// boardrules.ErrSyntax.
type ParseError struct {
	Input  string // the text read
	Offset int    // the byte offset of the problem in Input
	Reason string // what is wrong, in words
}

// Errorf returns a *ParseError for input at offset with a formatted reason.
func Errorf(input string, offset int, format string, args ...any) *ParseError {
	return &ParseError{Input: input, Offset: offset, Reason: fmt.Sprintf(format, args...)}
}

// Error shows the reason on the first line, then the input with a caret
// under the offending character. The input is read as UTF-8, one column a
// character, so the caret stays under its character after any non-ASCII
// text; control characters, line and paragraph separators and bytes that
// are not UTF-8 are shown as '?'.
// Long inputs are cut around the offset, at character boundaries.
func (e *ParseError) Error() string {
	const window = 60
	in, off := e.Input, min(max(e.Offset, 0), len(e.Input))
	prefix := ""
	if off > window {
		from := off - window
		for from < off && !utf8.RuneStart(in[from]) {
			from++
		}
		prefix, in, off = "...", in[from:], off-from
	}
	suffix := ""
	if to := off + window; len(in) > to {
		for to > off+1 && !utf8.RuneStart(in[to]) {
			to--
		}
		in, suffix = in[:to], "..."
	}
	var b strings.Builder
	b.WriteString("syntax error at offset ")
	b.WriteString(fmt.Sprint(e.Offset))
	b.WriteString(": ")
	b.WriteString(e.Reason)
	b.WriteString("\n\t")
	b.WriteString(prefix)
	column := len(prefix)
	for i := 0; i < len(in); {
		r, size := utf8.DecodeRuneInString(in[i:])
		if r == utf8.RuneError || unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp) {
			r = '?'
		}
		b.WriteRune(r)
		// a character that ends before the offset puts the caret past it;
		// an offset inside a character puts the caret under that character
		if i += size; i <= off {
			column++
		}
	}
	b.WriteString(suffix)
	b.WriteString("\n\t")
	b.WriteString(strings.Repeat(" ", column))
	b.WriteByte('^')
	return b.String()
}

// Unwrap returns boardrules.ErrSyntax.
func (e *ParseError) Unwrap() error { return boardrules.ErrSyntax }

// MoveError is the error of every engine for a well-formed move that cannot
// be played: the move as given, the reason in a player's words, and the
// sentinel it wraps (boardrules.ErrIllegalMove, or boardrules.ErrGameOver
// once the game has ended). Error() is "move: reason", for example
// "E5-G5t: E5 is empty".
type MoveError struct {
	Move   string // the move as given
	Reason string // what is wrong: "E5 is empty"
	Err    error  // boardrules.ErrIllegalMove or boardrules.ErrGameOver
}

// Illegal returns the MoveError of a move that is not legal in the position.
func Illegal(move, reason string) *MoveError {
	return &MoveError{Move: move, Reason: reason, Err: boardrules.ErrIllegalMove}
}

// GameOver returns the MoveError of a move tried after the game has ended.
func GameOver(move, reason string) *MoveError {
	return &MoveError{Move: move, Reason: reason, Err: boardrules.ErrGameOver}
}

// NoMove returns the MoveError of every engine's Play given its zero Move,
// which is no move: it wraps boardrules.ErrIllegalMove and reads "the zero
// Move is no move" in every engine.
func NoMove() *MoveError {
	return &MoveError{Reason: "the zero Move is no move", Err: boardrules.ErrIllegalMove}
}

// Error is "move: reason", or the reason alone for a MoveError without a
// move text (the zero Move's).
func (e *MoveError) Error() string {
	if e.Move == "" {
		return e.Reason
	}
	return e.Move + ": " + e.Reason
}

// Unwrap returns the sentinel, so errors.Is(err, boardrules.ErrIllegalMove)
// holds for an illegal move.
func (e *MoveError) Unwrap() error { return e.Err }
