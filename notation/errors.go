package notation

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
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
// under the offending character. Whatever the input's length, the line
// shows at most 48 bytes of it around the offset (and 48 columns), with
// "..." where it is cut and then the input's length in bytes, so that an
// error has a bounded size. The input is read as UTF-8: printable characters show as
// typed, one column each, and anything else as Go quotes it ("\t",
// "\u2028", "\xff" for a byte that is not UTF-8), so the line is what was
// typed and the caret stays under its character.
func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("syntax error at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	b.WriteString(": ")
	b.WriteString(e.Reason)
	b.WriteString("\n\t")
	column := writeWindow(&b, e.Input, min(max(e.Offset, 0), len(e.Input)))
	b.WriteString("\n\t")
	b.WriteString(strings.Repeat(" ", column))
	b.WriteByte('^')
	return b.String()
}

// window bounds the part of an input a caret line shows: a character
// costs its bytes or its width, the more of the two, so that the line
// holds at most window bytes of the input and takes at most window
// columns. It is smaller than MaxQuoted, so that an error whose reason
// quotes a part of the input as well stays short.
const window = 48

// writeWindow writes the part of in around byte off that a caret line
// shows, and returns the column of the caret: under the character that
// holds off, or just past the text when off is its end.
func writeWindow(b *strings.Builder, in string, off int) int {
	// The characters from a little before off: back at most a window's
	// bytes.
	from := max(0, off-window-utf8.UTFMax)
	for from > 0 && from < off && !utf8.RuneStart(in[from]) && off-from > window {
		from++
	}
	type char struct{ at, size, width int }
	var chars []char
	caret := -1 // the index in chars of the character at off
	for i := from; i < len(in) && i < off+window*utf8.UTFMax; {
		size, width := visible(nil, in[i:])
		if caret < 0 && i+size > off {
			caret = len(chars)
		}
		chars = append(chars, char{i, size, width})
		i += size
	}
	if caret < 0 {
		caret = len(chars) // off is the end
	}
	cost := func(c char) int { return max(c.size, c.width) }
	// Take characters before the caret up to half the window, then after
	// it up to the whole, then before it again if the input ended first.
	first, used := caret, 0
	for first > 0 && used+cost(chars[first-1]) <= window/2 {
		first--
		used += cost(chars[first])
	}
	last := caret // one past the last character shown
	for last < len(chars) && used+cost(chars[last]) <= window {
		used += cost(chars[last])
		last++
	}
	if last == caret && caret < len(chars) {
		last++ // the character at the caret is shown, however wide
	}
	for first > 0 && used+cost(chars[first-1]) <= window {
		first-- // the room the end left
		used += cost(chars[first])
	}
	start, end := len(in), len(in)
	if first < len(chars) {
		start = chars[first].at
	}
	if last < len(chars) {
		end = chars[last].at
	}
	column := 0
	if start > 0 {
		b.WriteString("...")
		column = 3
	}
	for k := first; k < last; k++ {
		visible(b, in[chars[k].at:])
		if k < caret {
			column += chars[k].width
		}
	}
	if end < len(in) {
		b.WriteString("...")
	}
	if start > 0 || end < len(in) {
		b.WriteString(" (" + strconv.Itoa(len(in)) + " bytes)")
	}
	return column
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
// move text (the zero Move's). The move shows as given when it is at most
// MaxQuoted bytes of printable ASCII, and as Quote writes it otherwise
// (Go-quoted and cut), so that the error has a bounded size and shows
// what was typed.
func (e *MoveError) Error() string {
	if e.Move == "" {
		return e.Reason
	}
	return shown(e.Move) + ": " + e.Reason
}

// Unwrap returns the sentinel, so errors.Is(err, boardrules.ErrIllegalMove)
// holds for an illegal move.
func (e *MoveError) Unwrap() error { return e.Err }

// Ended returns the MoveError of a move tried once the game has ended,
// with the one wording of every engine: "the game is over (" then the
// Outcome's reason and ")", which for an engine's zero Position, no game,
// reads "the game is over (no game)".
func Ended(move string, o boardrules.Outcome) *MoveError {
	return GameOver(move, "the game is over ("+o.Reason+")")
}

// ScanGame reads the first word of a position code of game, the game's
// name and one space, and returns the offset just past them. A code of
// another game, or of none, is a *ParseError with one wording in every
// engine: `not a tumbling position code: it starts with "flooprail"`.
func ScanGame(code, game string) (int, error) {
	word := code
	if i := strings.IndexAny(code, " \t\r\n"); i >= 0 {
		word = code[:i]
	}
	switch {
	case word == "":
		return 0, Errorf(code, 0, "expected a %s position code, found %s", game, QuoteAt(code, 0))
	case word != game:
		return 0, Errorf(code, 0, "not a %s position code: it starts with %s", game, Quote(word))
	}
	if len(code) == len(game) || code[len(game)] != ' ' {
		return len(game), Errorf(code, len(game), "expected a space after %q, found %s", game, QuoteAt(code, len(game)))
	}
	return len(game) + 1, nil
}

// UnknownVariant returns the *ParseError of every engine's ParseVariant for
// a name that is no variant of game: "unknown tumbling variant: want ...",
// want describing the names there are. The caret line shows the name.
func UnknownVariant(name, game, want string) *ParseError {
	return Errorf(name, 0, "unknown %s variant: want %s", game, want)
}

// InvalidVariant returns the error of every engine's New for a Variant
// value it cannot start, wrapping boardrules.ErrSyntax: "syntax error:
// invalid terrace.Variant{Board:7 Setup:long Players:0}: Board must be 0,
// 6 or 8". v is the Variant as given.
func InvalidVariant(v any, format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", boardrules.ErrSyntax, InvalidText(v), fmt.Sprintf(format, args...))
}

// InvalidText is how every engine's Variant.String writes a Variant value
// that is no variant: "invalid ", its type and its fields, each as it
// prints, "invalid tumbling.Variant{Rules:Rules(9) Layout:standard}".
func InvalidText(v any) string {
	var b strings.Builder
	b.WriteString("invalid ")
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Struct {
		fmt.Fprintf(&b, "%T(%v)", v, v)
		return b.String()
	}
	// field by field: the value's own String would call back here
	fmt.Fprintf(&b, "%T{", v)
	for i := range rv.NumField() {
		if i > 0 {
			b.WriteByte(' ')
		}
		f := rv.Field(i)
		b.WriteString(rv.Type().Field(i).Name + ":")
		if f.CanInterface() {
			fmt.Fprint(&b, f.Interface())
		} else {
			fmt.Fprint(&b, f)
		}
	}
	b.WriteByte('}')
	return b.String()
}
