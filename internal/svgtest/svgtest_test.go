package svgtest

import (
	"fmt"
	"testing"
)

// recorder is a Fataler that records the first failure and stops the
// checked function there, as testing.T's Fatalf does.
type recorder struct{ msg string }

func (*recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	panic(r)
}

func root(s string) (attrs map[string]string, failure string) {
	r := &recorder{}
	defer func() {
		if v := recover(); v != nil && v != r {
			panic(v)
		}
	}()
	defer func() { failure = r.msg }()
	return Root(r, s), ""
}

func TestRoot(t *testing.T) {
	attrs, msg := root(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1" width="4"><title>a</title></svg>`)
	if msg != "" || attrs["viewBox"] != "0 0 2 1" || attrs["width"] != "4" || attrs["element"] != "svg" {
		t.Errorf("a good drawing: %v, %q", attrs, msg)
	}
	for _, bad := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg><svg xmlns="http://www.w3.org/2000/svg"></svg>`,
		`<svg viewBox="0 0 1 1"></svg>`,
		`<html xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></html>`,
		`<svg xmlns="http://www.w3.org/2000/svg"></svg>`,
		``,
	} {
		if _, msg := root(bad); msg == "" {
			t.Errorf("Root accepts %q", bad)
		}
	}
}

// game is a countdown: from n the legal moves are 1 and 2 (not below 0).
type game int

func (g game) LegalMoves() []int {
	switch {
	case g >= 2:
		return []int{1, 2}
	case g == 1:
		return []int{1}
	}
	return nil
}

func (g game) PlayUnchecked(m int) game { return g - game(m) }

func TestPlayout(t *testing.T) {
	last := func(n int) int { return n - 1 }
	if p, m := Playout(game(5), 2, last); p != 1 || m != 2 {
		t.Errorf("2 plies from 5 taking 2: %d, last %d; want 1, last 2", p, m)
	}
	if p, m := Playout(game(5), 10, last); p != 0 || m != 1 {
		t.Errorf("10 plies from 5: %d, last %d; want 0 (stopped early), last 1", p, m)
	}
	if p, m := Playout(game(5), 0, last); p != 5 || m != 0 {
		t.Errorf("0 plies: %d, last %d; want 5 and the zero move", p, m)
	}
}
