// Package codetest checks the promise of every engine's position code: for
// every position of a game, finished or not, UnmarshalText(MarshalText(p))
// is Equal to p with the same Outcome, Variant and Hash, the code is
// canonical (it marshals back to the same bytes), and boardrules.Decode
// gives an Any of the same game and variant name as GameInfo.New was given.
//
// Only tests import it. It uses the standard library only: its own tests
// (engines_test.go) run the checks on every engine in one table, drawing
// variants and seeds with rapid and passing the *rapid.T as a Fataler; an
// engine joins the table with one line.
package codetest

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"

	"github.com/boardrules/boardrules"
)

// Fataler is what testing.T and rapid.T have in common.
type Fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Position is what the check needs of an engine position.
type Position[P any, M boardrules.Move] interface {
	boardrules.Position[P, M]
	MarshalText() ([]byte, error)
	Equal(P) bool
}

// Game starts the variant name of the registered game, plays uniformly
// random legal moves from it to the end of the game or maxPlies, whichever
// comes first, and checks the code of every position on the way, the
// final one included. variant returns a position's Variant (any comparable
// or DeepEqual-comparable value). It returns the number of plies played.
func Game[P Position[P, M], M boardrules.Move, PP interface {
	*P
	UnmarshalText([]byte) error
}, V any](t Fataler, game, name string, variant func(P) V, seed uint64, maxPlies int) int {
	t.Helper()
	g, ok := boardrules.Lookup(game)
	if !ok {
		t.Fatalf("game %q is not registered", game)
	}
	a, err := g.New(name)
	if err != nil {
		t.Fatalf("%s: New(%q): %v", game, name, err)
	}
	p, ok := a.Unwrap().(P)
	if !ok {
		t.Fatalf("%s: New(%q).Unwrap() is a %T", game, name, a.Unwrap())
	}
	r := rand.New(rand.NewPCG(seed, 0))
	var buf []M
	plies := 0
	for {
		Check[P, M, PP](t, game, name, variant, p)
		buf = p.AppendLegalMoves(buf[:0])
		if len(buf) == 0 || plies == maxPlies {
			return plies
		}
		p = p.PlayUnchecked(buf[r.IntN(len(buf))])
		plies++
	}
}

// Check checks the code of one position p of the variant name of game.
func Check[P Position[P, M], M boardrules.Move, PP interface {
	*P
	UnmarshalText([]byte) error
}, V any](t Fataler, game, name string, variant func(P) V, p P) {
	t.Helper()
	code, err := p.MarshalText()
	if err != nil {
		t.Fatalf("%s %s: MarshalText: %v", game, name, err)
	}
	var q P
	if err := PP(&q).UnmarshalText(code); err != nil {
		t.Fatalf("%s %s: UnmarshalText(%q): %v", game, name, code, err)
	}
	switch {
	case !q.Equal(p):
		t.Fatalf("%s %s: %q decodes to a position that is not Equal", game, name, code)
	case q.Outcome() != p.Outcome():
		t.Fatalf("%s %s: %q: outcome %+v, want %+v", game, name, code, q.Outcome(), p.Outcome())
	case !reflect.DeepEqual(variant(q), variant(p)):
		t.Fatalf("%s %s: %q: variant %v, want %v", game, name, code, variant(q), variant(p))
	case q.Hash() != p.Hash():
		t.Fatalf("%s %s: %q: hash differs", game, name, code)
	}
	again, err := q.MarshalText()
	if err != nil || !bytes.Equal(again, code) {
		t.Fatalf("%s %s: %q marshals back as %q (%v)", game, name, code, again, err)
	}
	a, err := boardrules.Decode(code)
	if err != nil {
		t.Fatalf("%s %s: boardrules.Decode(%q): %v", game, name, code, err)
	}
	if a.Game() != game || a.Variant() != name || a.Outcome() != p.Outcome() {
		t.Fatalf("%s %s: boardrules.Decode(%q) is %s %s, outcome %+v", game, name, code, a.Game(), a.Variant(), a.Outcome())
	}
}

// Registry checks what GameInfo promises for a registered game: New("") is
// the standard game (Variants[0]) under that name; an unknown variant gives
// a *boardrules.UnknownError that wraps ErrSyntax and lists the variants; a
// bad code of the game gives an error wrapping ErrSyntax; and every seat of
// every variant's start has a name of its own, no seat outside the game has
// one.
func Registry(t Fataler, game string) {
	t.Helper()
	g, ok := boardrules.Lookup(game)
	if !ok {
		t.Fatalf("game %q is not registered", game)
	}
	std, err := g.New("")
	if err != nil {
		t.Fatalf("%s: New(\"\"): %v", game, err)
	}
	want, _ := g.New(g.Variants[0])
	a, _ := std.MarshalText()
	b, _ := want.MarshalText()
	if std.Variant() != g.Variants[0] || !bytes.Equal(a, b) {
		t.Fatalf("%s: New(\"\") is %s %q, want the standard game %s %q", game, std.Variant(), a, g.Variants[0], b)
	}
	nb, err := boardrules.NewGame(game, "")
	if err != nil || nb.Variant() != g.Variants[0] {
		t.Fatalf("%s: NewGame(%q, \"\") = %v, %v", game, game, nb, err)
	}
	_, err = g.New("no-such-variant")
	var ue *boardrules.UnknownError
	if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &ue) || ue.Game != game ||
		!strings.Contains(err.Error(), strings.Join(g.Variants, ", ")) {
		t.Fatalf("%s: New(no-such-variant) = %v; want an *UnknownError wrapping ErrSyntax that lists %v", game, err, g.Variants)
	}
	if _, err := boardrules.NewGame(game, "no-such-variant"); err == nil || err.Error() != ue.Error() {
		t.Fatalf("%s: NewGame's error %v differs from GameInfo.New's %v", game, err, ue)
	}
	if _, err := boardrules.Decode([]byte(game + " no-such-code")); !errors.Is(err, boardrules.ErrSyntax) {
		t.Fatalf("%s: Decode of a bad code = %v; want ErrSyntax", game, err)
	}
	for _, name := range g.Variants {
		p, err := g.New(name)
		if err != nil {
			t.Fatalf("%s: New(%q): %v", game, name, err)
		}
		seen := map[string]bool{}
		for pl := range boardrules.Player(p.Players()) {
			s := p.SeatName(pl)
			if s == "" || seen[s] {
				t.Fatalf("%s %s: SeatName(%d) = %q: empty or given twice", game, name, pl, s)
			}
			seen[s] = true
		}
		for _, pl := range []boardrules.Player{boardrules.NoPlayer, boardrules.Player(p.Players())} {
			if s := p.SeatName(pl); s != "" {
				t.Fatalf("%s %s: SeatName(%d) = %q for a seat not in the game", game, name, pl, s)
			}
		}
	}
}
