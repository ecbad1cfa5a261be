package notation

import (
	"fmt"
	"strings"

	"github.com/boardrules/boardrules"
)

// ParseError is a syntax error in some text: what was read, where the
// problem is (a byte offset into Input) and why. It wraps
// boardrules.ErrSyntax.
type ParseError struct {
	Input  string
	Offset int
	Reason string
}

// Errorf returns a *ParseError for input at offset with a formatted reason.
func Errorf(input string, offset int, format string, args ...any) *ParseError {
	return &ParseError{Input: input, Offset: offset, Reason: fmt.Sprintf(format, args...)}
}

// Error shows the reason on the first line, then the input with a caret
// under the offending byte. Control characters in the input are shown as
// '?' so that the caret stays aligned; long inputs are cut around the
// offset.
func (e *ParseError) Error() string {
	const window = 60
	in, off := e.Input, e.Offset
	if off < 0 {
		off = 0
	}
	if off > len(in) {
		off = len(in)
	}
	prefix := ""
	if off > window {
		prefix = "..."
		in = in[off-window:]
		off = window
	}
	suffix := ""
	if len(in) > off+window {
		in = in[:off+window]
		suffix = "..."
	}
	var b strings.Builder
	b.WriteString("syntax error at offset ")
	b.WriteString(fmt.Sprint(e.Offset))
	b.WriteString(": ")
	b.WriteString(e.Reason)
	b.WriteString("\n\t")
	b.WriteString(prefix)
	for i := 0; i < len(in); i++ {
		c := in[i]
		if c < ' ' || c == 0x7f {
			c = '?'
		}
		b.WriteByte(c)
	}
	b.WriteString(suffix)
	b.WriteString("\n\t")
	b.WriteString(strings.Repeat(" ", len(prefix)+off))
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

func (e *MoveError) Error() string { return e.Move + ": " + e.Reason }

// Unwrap returns the sentinel, so errors.Is(err, boardrules.ErrIllegalMove)
// holds for an illegal move.
func (e *MoveError) Unwrap() error { return e.Err }
