package quote_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardrules/boardrules/internal/quote"
	"pgregory.net/rapid"
)

func TestQuote(t *testing.T) {
	if quote.Max != 64 {
		t.Fatalf("Max = %d: errors quote at most 64 bytes of an input", quote.Max)
	}
	x := strings.Repeat
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"e5", `"e5"`},
		{"é5-f5", `"é5-f5"`},             // non-ASCII as typed
		{"\ufffd", `"` + "\ufffd" + `"`}, // the replacement character typed as such
		{"\xffe5", `"\xffe5"`},           // a byte that is not UTF-8, never as Latin-1
		{"\xe2\x82", `"\xe2\x82"`},       // a character cut short: its bytes
		{"a\tb\x00", `"a\tb\x00"`},
		{x("x", 64), `"` + x("x", 64) + `"`},
		{x("x", 65), `"` + x("x", 64) + `"... (65 bytes)`},
		{x("x", 1<<20), `"` + x("x", 64) + `"... (1048576 bytes)`},
		// cut on a character's boundary: é takes bytes 63 and 64
		{x("x", 62) + "é", `"` + x("x", 62) + `é"`},
		{x("x", 63) + "é", `"` + x("x", 63) + `"... (65 bytes)`},
		{x("x", 60) + "😀", `"` + x("x", 60) + `😀"`},
		{x("x", 61) + "😀", `"` + x("x", 61) + `"... (65 bytes)`},
		// what is quoted takes at most 64 bytes too, so that an input of
		// 64 bytes or fewer is cut when its escapes take more
		{x("x", 63) + "\t", `"` + x("x", 63) + `"... (64 bytes)`},
		{x("\xff", 16), `"` + x(`\xff`, 16) + `"`},
		{x("\xff", 17), `"` + x(`\xff`, 16) + `"... (17 bytes)`},
		{x("\u2028", 11), `"` + x(`\u2028`, 10) + `"... (33 bytes)`},
	} {
		if got := quote.Quote(c.in); got != c.want {
			t.Errorf("Quote(%.80q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestAt(t *testing.T) {
	for _, c := range []struct {
		in   string
		at   int
		want string
	}{
		{"e5#", 2, `'#'`},
		{"é5-f5", 0, `'é'`},    // the character, never its first byte as Latin-1 ('Ã')
		{"é5-f5", 1, `"\xa9"`}, // inside a character: the byte at the offset
		{"a😀", 1, `'😀'`},
		{"a😀", 2, `"\x9f"`},
		{"\ufffd", 0, `'` + "\ufffd" + `'`},
		{"\xffe5", 0, `"\xff"`},
		{"\xe2\x82", 0, `"\xe2"`},
		{"a\tb", 1, `'\t'`},
		{"\u2028", 0, `'\u2028'`},
		{"e5", 2, "the end"},
		{"e5", -1, "the end"},
		{"", 0, "the end"},
	} {
		if got := quote.At(c.in, c.at); got != c.want {
			t.Errorf("At(%q, %d) = %s, want %s", c.in, c.at, got, c.want)
		}
	}
}

// fragments are what an input an error quotes is made of: ASCII,
// characters of two, three and four bytes, characters Go escapes (control
// characters, U+2028), the replacement character as typed, and bytes that
// are not UTF-8, alone or as a character cut short.
var fragments = []string{"x", "e5", " ", "é", "€", "😀", "\t", "\x00", "\n", "\x7f", "\u2028", "\ufffd", "\xff", "\x80", "\xe2\x82", "\xf0\x9f\x98"}

// input draws a text of fragments, any characters and any bytes, short or
// far longer than Max.
func input() *rapid.Generator[string] {
	part := rapid.OneOf(
		rapid.SampledFrom(fragments),
		rapid.StringN(1, 4, -1),
		rapid.Map(rapid.SliceOfN(rapid.Byte(), 1, 4), func(b []byte) string { return string(b) }),
	)
	return rapid.Custom(func(t *rapid.T) string {
		var b strings.Builder
		for _, p := range rapid.SliceOfN(part, 0, 40).Draw(t, "parts") {
			b.WriteString(strings.Repeat(p, rapid.IntRange(1, 30).Draw(t, "times")))
		}
		return b.String()
	})
}

// boundaries returns the offsets at which the characters of s start, as
// utf8 decodes them (a byte that is not UTF-8 on its own), and len(s).
func boundaries(s string) []int {
	b := []int{0}
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		b = append(b, i)
	}
	return b
}

// TestQuoteProperties: Quote shows s whole, Go-quoted, when s and its
// quoted form take at most Max bytes; else the longest start of s, cut
// between characters, of at most Max bytes whose quoted form takes at most
// Max bytes, then "... (N bytes)" with s's length. Either way the result
// is UTF-8 and of a bounded size.
func TestQuoteProperties(t *testing.T) {
	marker := func(n int) string { return "... (" + strconv.Itoa(n) + " bytes)" }
	rapid.Check(t, func(t *rapid.T) {
		s := input().Draw(t, "s")
		q := quote.Quote(s)
		if !utf8.ValidString(q) {
			t.Fatalf("Quote(%q) = %q is not UTF-8", s, q)
		}
		if max := 2 + quote.Max + len(marker(len(s))); len(q) > max {
			t.Fatalf("Quote(%q) has %d bytes, more than %d", s, len(q), max)
		}
		head, err := strconv.QuotedPrefix(q)
		if err != nil {
			t.Fatalf("Quote(%q) = %s does not start with a quoted string", s, q)
		}
		shown, _ := strconv.Unquote(head)
		if head != strconv.Quote(shown) || !strings.HasPrefix(s, shown) {
			t.Fatalf("Quote(%q) = %s: %s is not the start of the input as strconv.Quote writes it", s, q, head)
		}
		if len(s) <= quote.Max && len(strconv.Quote(s))-2 <= quote.Max {
			if q != strconv.Quote(s) {
				t.Fatalf("Quote(%q) = %s, want it whole: %s", s, q, strconv.Quote(s))
			}
			return
		}
		if q[len(head):] != marker(len(s)) {
			t.Fatalf("Quote(%q) = %s, want %q after the quoted start", s, q, marker(len(s)))
		}
		n := len(shown)
		if n > quote.Max || len(head)-2 > quote.Max {
			t.Fatalf("Quote(%q) = %s shows %d bytes of the input in %d", s, q, n, len(head)-2)
		}
		b := boundaries(s)
		k := slices.Index(b, n)
		if k < 0 || k == len(b)-1 {
			t.Fatalf("Quote(%q) = %s is cut at byte %d, not between two characters", s, q, n)
		}
		if next := b[k+1]; next <= quote.Max && len(strconv.Quote(s[:next]))-2 <= quote.Max {
			t.Fatalf("Quote(%q) = %s is cut short: its first %d bytes fit", s, q, next)
		}
	})
}

// TestAtProperties: At names what is at byte i of s, wherever i falls: the
// character that starts there, single-quoted, or the byte there when none
// does, as a string escape; "the end" outside s.
func TestAtProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := input().Draw(t, "s")
		i := rapid.IntRange(-2, len(s)+2).Draw(t, "i")
		got := quote.At(s, i)
		if i < 0 || i >= len(s) {
			if got != "the end" {
				t.Fatalf("At(%q, %d) = %s, want the end", s, i, got)
			}
			return
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if u, err := strconv.Unquote(got); err != nil || u != s[i:i+size] {
			t.Fatalf("At(%q, %d) = %s, want %q, the character or byte at %d", s, i, got, s[i:i+size], i)
		}
		want := byte('\'')
		if r == utf8.RuneError && size == 1 {
			want = '"'
		}
		if got[0] != want || !utf8.ValidString(got) || len(got) > len(`'\U0010ffff'`) {
			t.Fatalf("At(%q, %d) = %s, want one character quoted with %c", s, i, got, want)
		}
	})
}
