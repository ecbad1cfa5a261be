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
