package cli

import (
	"slices"
	"strconv"
	"strings"

	"github.com/boardrules/boardrules/notation"
)

// Bound returns msg with each of the inputs longer than
// notation.MaxQuoted bytes replaced by its notation.Quote, the start of it
// and its length, whether msg holds it as typed or Go-quoted (%q), so that
// a message about a mebibyte of input is a line, as the module's errors
// are.
// It is for messages made by others from a program's input: the flag
// package's, which repeat a bad flag whole, and the operating system's,
// which repeat a file name.
func Bound(msg string, inputs ...string) string {
	inputs = slices.Clone(inputs)
	// The longest first: an argument before the flag value inside it.
	slices.SortFunc(inputs, func(a, b string) int { return len(b) - len(a) })
	for _, in := range inputs {
		if len(in) <= notation.MaxQuoted {
			break
		}
		short := notation.Quote(in)
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
