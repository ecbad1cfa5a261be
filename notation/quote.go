package notation

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/boardrules/boardrules/internal/quote"
)

// MaxQuoted is the most bytes of an input that an error of the module
// quotes: a server that logs errors writes a bounded line whatever it was
// sent.
const MaxQuoted = quote.Max

// Quote returns s as an error quotes it: Go-quoted, as %q does (so that
// non-ASCII text shows as typed and invalid UTF-8 as \x escapes, never as
// Latin-1 characters), and cut to its first MaxQuoted bytes on a rune
// boundary when it is longer, followed by an ellipsis and its length in
// bytes: "xxx…"... (1048576 bytes).
func Quote(s string) string { return quote.Quote(s) }

// QuoteAt returns what an error says it found at byte i of s: the
// character there Go-quoted ('é', '#'), a byte that is not UTF-8 as a
// string escape ("\xff"), or "the end" when i is past the last byte.
func QuoteAt(s string, i int) string { return quote.At(s, i) }

// plain reports whether s can be shown as it stands: at most MaxQuoted
// bytes of printable ASCII.
func plain(s string) bool {
	if len(s) > MaxQuoted {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// shown returns s as an error shows a move as given: as it stands when it
// is plain, else Quote(s).
func shown(s string) string {
	if plain(s) {
		return s
	}
	return Quote(s)
}

// visible writes the character at the start of in as a caret line shows
// it, when b is not nil, and returns its size in bytes and the width it
// takes: a printable character as it stands, anything else with Go's
// escapes ("\t", "\x00", "\u2028"), a byte that is not UTF-8 as "\xff".
func visible(b *strings.Builder, in string) (size, width int) {
	r, size := utf8.DecodeRuneInString(in)
	var q string
	switch {
	case r == utf8.RuneError && size <= 1:
		q = strconv.Quote(in[:1])
	case r >= ' ' && r < 0x7f, r >= utf8.RuneSelf && strconv.IsPrint(r):
		if b != nil {
			b.WriteString(in[:size])
		}
		return size, 1
	default:
		q = strconv.QuoteRune(r)
	}
	q = q[1 : len(q)-1]
	if b != nil {
		b.WriteString(q)
	}
	return size, len(q)
}
