// Package quote shows input inside an error message with a bounded size
// and as it was typed: the one mechanism behind notation.Quote and
// notation.QuoteAt, which the root package, which notation imports, uses
// too.
package quote

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most bytes of an input that an error of the module quotes.
const Max = 64

// Quote returns s as an error quotes it: Go-quoted, as %q does (so that
// non-ASCII text shows as typed and invalid UTF-8 as \x escapes, never as
// Latin-1 characters), and, when s is longer, cut on a rune boundary to
// its first Max bytes, or fewer when their escapes would take more than
// Max bytes, followed by an ellipsis and its length in bytes:
// "xxx…"... (1048576 bytes).
func Quote(s string) string {
	n := cut(s)
	if n == len(s) {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:n]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// cut returns how many bytes of s Quote shows: whole characters, at most
// Max bytes of s whose quoted form takes at most Max bytes.
func cut(s string) int {
	shown := 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		width := len(strconv.Quote(s[i:i+size])) - 2
		if i+size > Max || shown+width > Max {
			return i
		}
		shown += width
		i += size
	}
	return len(s)
}

// At returns what an error says it found at byte i of s: the
// character there Go-quoted ('é', '#'), a byte that is not UTF-8 as a
// string escape ("\xff"), or "the end" when i is past the last byte.
func At(s string, i int) string {
	if i < 0 || i >= len(s) {
		return "the end"
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return strconv.Quote(s[i : i+1])
	}
	return strconv.QuoteRune(r)
}
