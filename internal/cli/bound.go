package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxQuote is the most bytes of an input that a message quotes: a message
// about a mebibyte of input stays a line, as the module's errors do.
const maxQuote = 64

// Quote is s as a message quotes it: Go-quoted, so that non-ASCII and
// invalid UTF-8 show as typed; past maxQuote bytes cut on a character
// boundary, with an ellipsis and the length in bytes.
func Quote(s string) string {
	if len(s) <= maxQuote {
		return strconv.Quote(s)
	}
	cut := maxQuote
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// Bound returns msg with each of the inputs longer than maxQuote bytes
// replaced by its Quote, whether msg holds it as typed or Go-quoted (%q).
// It is for messages made by others from a program's input: the flag
// package's, which repeat a bad flag whole, and the operating system's,
// which repeat a file name.
func Bound(msg string, inputs ...string) string {
	inputs = slices.Clone(inputs)
	// The longest first: an argument before the flag value inside it.
	slices.SortFunc(inputs, func(a, b string) int { return len(b) - len(a) })
	for _, in := range inputs {
		if len(in) <= maxQuote {
			break
		}
		short := Quote(in)
		msg = strings.ReplaceAll(msg, strconv.Quote(in), short)
		msg = strings.ReplaceAll(msg, in, short)
	}
	return msg
}

// argInputs are the inputs of a command line as messages may repeat them:
// each argument, and for a flag its name and its value ("-n=VALUE").
func argInputs(args []string) []string {
	var in []string
	for _, a := range args {
		in = append(in, a)
		if flag := strings.TrimLeft(a, "-"); flag != a {
			name, value, _ := strings.Cut(flag, "=")
			in = append(in, flag, name, value)
		}
	}
	return in
}
