package errtest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// recorder is a Fataler that notes a failure instead of stopping the test,
// so that the checks themselves can be tested on errors of the wrong shape.
type recorder struct{ failed bool }

func (r *recorder) Helper()                    {}
func (r *recorder) Fatalf(string, ...any)      { r.failed = true }
func (r *recorder) check(f func(Fataler)) bool { f(r); return r.failed }

func TestSyntax(t *testing.T) {
	for _, c := range []struct {
		name  string
		input string
		err   error
		fails bool
	}{
		{"a parse error of the input", "e0", notation.Errorf("e0", 1, "rank"), false},
		{"at the end of the input", "e", notation.Errorf("e", 1, "rank"), false},
		{"wrapped further", "e0", fmt.Errorf("square: %w", notation.Errorf("e0", 1, "rank")), false},
		{"of another text", "e0 ", notation.Errorf("e0", 1, "rank"), true},
		{"past the end", "e0", notation.Errorf("e0", 3, "rank"), true},
		{"before the start", "e0", notation.Errorf("e0", -1, "rank"), true},
		{"no ParseError", "e0", fmt.Errorf("%w: rank", boardrules.ErrSyntax), true},
		{"no syntax error", "e0", notation.Illegal("e0", "empty"), true},
		{"a long input, quoted short", strings.Repeat("x", 1<<20), notation.Errorf(strings.Repeat("x", 1<<20), 9, "rank"), false},
		{"a reason that quotes it all", "e0" + strings.Repeat("x", 400), notation.Errorf("e0"+strings.Repeat("x", 400), 2, "unexpected %q", strings.Repeat("x", 400)), true},
	} {
		r := &recorder{}
		if got := r.check(func(t Fataler) { Syntax(t, "ParseSquare", c.input, c.err) }); got != c.fails {
			t.Errorf("%s: Syntax failed %v, want %v", c.name, got, c.fails)
		}
	}
}

func TestMove(t *testing.T) {
	for _, c := range []struct {
		name  string
		input string
		err   error
		fails bool
	}{
		{"illegal", "E5-G5t", notation.Illegal("E5-G5t", "E5 is empty"), false},
		{"game over", "E5-G5t", notation.GameOver("E5-G5t", "over"), false},
		{"a syntax error of the input", "E5-", notation.Errorf("E5-", 3, "square"), false},
		{"a syntax error of another text", "E5-", notation.Errorf("E5", 2, "square"), true},
		{"names another move", "e5g5t", notation.Illegal("E5-G5T", "E5 is empty"), true},
		{"a reason too long", "E5-G5t", notation.Illegal("E5-G5t", strings.Repeat("empty ", 60)), true},
		{"no MoveError", "E5-G5t", fmt.Errorf("%w: E5 is empty", boardrules.ErrIllegalMove), true},
		{"no sentinel", "E5-G5t", &notation.MoveError{Move: "E5-G5t", Reason: "x", Err: errors.New("x")}, true},
	} {
		r := &recorder{}
		if got := r.check(func(t Fataler) { Move(t, "Position.ParseMove", c.input, c.err) }); got != c.fails {
			t.Errorf("%s: Move failed %v, want %v", c.name, got, c.fails)
		}
	}
}
