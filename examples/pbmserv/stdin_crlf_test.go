package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestStdinLineEnds: the 1,000-byte limit is on the line without its end,
// "\n" and "\r\n" alike, and a line beyond it is reported with its own
// length.
func TestStdinLineEnds(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	for _, end := range []string{"\n", "\r\n", ""} {
		for _, c := range []struct {
			n    int
			want string
		}{
			{maxLine, "> help\ncommands:"},
			{maxLine + 1, "> (a line of 1001 bytes)\nerror: line too long (1001 bytes, at most 1000)\n"},
			{2500, "> (a line of 2500 bytes)\nerror: line too long (2500 bytes, at most 1000)\n"},
		} {
			in := "help" + strings.Repeat(" ", c.n-4) + end
			helps := b2i(c.n <= maxLine)
			if end != "" { // a last line without an end is the last
				in += "help" + end
				helps++
			}
			var out bytes.Buffer
			if err := serveStdin(context.Background(), s, strings.NewReader(in), &out); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(out.String(), c.want) || strings.Count(out.String(), "> help\n") != helps {
				t.Errorf("a %d-byte line ending %q, then help: %.120q, want it to start %q", c.n, end, out.String(), c.want)
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
