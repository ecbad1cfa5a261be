package terrace

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

func TestUnmarshalAccepts(t *testing.T) {
	accepted := []string{
		// finished games and odd material are fine
		"terrace 8 2p 1 DDCCBBAT/AABBCCDD/8/8/8/8/d1ccbbaa/dabbccdd",
		"terrace 8 2p 1 T6t/8/8/8/8/8/8/8",
		"terrace 8 3p 2 5b't'1/8/8/8/8/8/8/8",
		"terrace 8 2p 0 aaaaaaaT/8/8/8/8/8/8/t7",
		"terrace 6 2p 0 5T/6/6/6/6/t5",
		"terrace 8 4p 3 8/8/8/8/8/8/8/T'6t",
		"terrace 6 4p 1 T5/6/6/6/6/5t'",
		"terrace 8 2p 0 DDDDDDDT/DDDDDDDD/DDDDDDDD/DDDDDDDD/dddddddd/dddddddd/dddddddd/tddddddd",
	}
	for _, c := range accepted {
		var p Position
		if err := p.UnmarshalText([]byte(c)); err != nil {
			t.Errorf("UnmarshalText(%q): %v", c, err)
			continue
		}
		if got := code(t, p); got != c {
			t.Errorf("round trip of %q gave %q", c, got)
		}
	}
}

func TestUnmarshalRejects(t *testing.T) {
	rejected := []struct{ code, why string }{
		// from the spec
		{"terrace 6 2p 0 1TBBD1/6/6/6/6/1cbbt1", "no D"},
		{"terrace 8 2p 0 1TBBCCD1/8/8/8/8/8/8/1tccbbt1", "second T"},
		{"terrace 8 2p 0 7t/8/8/8/8/8/8/T7", "goal"},
		{"terrace 8 2p 1 DDCCBBA1/AABBCCDD/8/8/8/8/ddccbbaa/tabbccdd", "no T"},
		{"terrace 8 4p 0 1d'c'c'b'b'2/D'6T/C'6B/C'6B/B'6C/B'6C/T'6D/1tbbccd1", "no T"},
		{"terrace 8 2p 0 DDCCBBAT/AABBCCDD/44/8/8/8/ddccbbaa/tabbccdd", "two digits"},
		// not canonical
		{"", "expected a terrace position code"},
		{"terrace", "expected a space after"},
		{" terrace 8 2p 0 7T/8/8/8/8/8/8/t7", "expected a terrace position code"},
		{"\tterrace 8 2p 0 7T/8/8/8/8/8/8/t7", "expected a terrace position code"},
		{"terrace 8 2p 0 7T/8/8/8/8/8/8/t7\r\n", "after the last rank"},
		{"Terrace 8 2p 0 7T/8/8/8/8/8/8/t7", "starts with"},
		{"terrace  8 2p 0 7T/8/8/8/8/8/8/t7", "board size"},
		{"terrace 7 2p 0 7T/8/8/8/8/8/8/t7", "board size"},
		{"terrace 88 2p 0 7T/8/8/8/8/8/8/t7", "space"},
		{"terrace 8 1p 0 7T/8/8/8/8/8/8/t7", "player count"},
		{"terrace 8 5p 0 7T/8/8/8/8/8/8/t7", "player count"},
		{"terrace 8 2P 0 7T/8/8/8/8/8/8/t7", "'p'"},
		{"terrace 8 2p 2 7T/8/8/8/8/8/8/t7", "seat to move"},
		{"terrace 8 3p 3 7T/8/8/8/8/8/8/t7", "seat to move"},
		{"terrace 8 2p x 7T/8/8/8/8/8/8/t7", "unknown setup"},
		{"terrace 8 2p - 7T/8/8/8/8/8/8/t7", "seat to move"},
		{"terrace 8 2p long 0 7T/8/8/8/8/8/8/t7", "long is not written"},
		{"terrace 8 3p short 0 7T/8/8/8/8/8/8/t7", "for 2 players"},
		{"terrace 8 2p short", "space after the setup"},
		{"terrace 8 2p short  0 7T/8/8/8/8/8/8/t7", "seat to move"},
		{"terrace 8 2p 0  7T/8/8/8/8/8/8/t7", "piece"},
		{"terrace 8 2p 0 7T/8/8/8/8/8/8", "7 ranks, want 8"},
		{"terrace 8 2p 0 7T/8/8/8/8/8/8/", "squares"},
		{"terrace 8 2p 0 7T/8/8/8/8/8/8/t7/", "after the last rank"},
		{"terrace 8 2p 0 7T/8/8/8/8/8/8/t7 ", "after the last rank"},
		{"terrace 8 2p 0 7T/8/8/8/8/8/8/t7\n", "after the last rank"},
		{"terrace 8 2p 0 7T/9/8/8/8/8/8/t7", "more than 8"},
		{"terrace 8 2p 0 7T/7/8/8/8/8/8/t7", "rank 7 has 7 squares"},
		{"terrace 8 2p 0 7T 8/8/8/8/8/8/t7", "expected '/'"},
		{"terrace 8 2p 0 7T/8a/8/8/8/8/8/t7", "more than 8"},
		{"terrace 8 2p 0 7T/08/8/8/8/8/8/t7", "piece"},
		{"terrace 8 2p 0 7T/x7/8/8/8/8/8/t7", "piece"},
		{"terrace 8 2p 0 7T/8//8/8/8/8/t7", "rank 6 has 0 squares"},
		{"terrace 8 4p 0 7T/8/8/8/8/8/8/t''6", "piece"},
		{"terrace 6 2p 0 5T/6/6/6/6/t6", "more than 6"},
		{"terrace 6 2p 0 5T/7/6/6/6/t5", "more than 6"},
		{"terrace 6 2p 0 5T/6/6/6/6/t5/6", "after the last rank"},
		// armies the player count does not have
		{"terrace 8 2p 0 7T/8/8/8/8/8/a'7/t7", "2 players"},
		{"terrace 8 3p 0 7T/8/8/8/8/8/A'7/t7", "3 players"},
		// an army with pieces and no T in a 3/4-player game
		{"terrace 8 3p 0 6t'T/8/8/8/8/8/8/a7", "no T"},
		{"terrace 8 4p 0 6t'T/8/8/8/8/8/B'7/t7", "no T"},
		// T counts
		{"terrace 8 2p 0 7T/8/8/8/8/8/T7/t7", "second T"},
		{"terrace 8 4p 0 6t't'/8/8/8/8/8/7T/t7", "second T"},
		// the seat to move has no T
		{"terrace 8 3p 2 7T/8/8/8/8/8/8/t7", "no T"},
		// two T's on their goals
		{"terrace 8 4p 0 7t/8/8/8/8/8/8/t'7", "goal"},
		{"terrace 6 4p 0 5t/6/6/6/6/T5", "goal"},
	}
	start := Standard()
	for _, tc := range rejected {
		p := start
		err := p.UnmarshalText([]byte(tc.code))
		var pe *notation.ParseError
		if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) {
			t.Errorf("UnmarshalText(%q) = %v; want a *notation.ParseError", tc.code, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.why) {
			t.Errorf("UnmarshalText(%q) = %v; want it to say %q", tc.code, err, tc.why)
		}
		if pe.Input != tc.code || pe.Offset < 0 || pe.Offset > len(tc.code) {
			t.Errorf("UnmarshalText(%q): error input %q offset %d", tc.code, pe.Input, pe.Offset)
		}
		if p != start {
			t.Errorf("UnmarshalText(%q) changed the receiver", tc.code)
		}
	}
}

func TestDecodeRegistry(t *testing.T) {
	g, ok := boardrules.Lookup("terrace")
	if !ok {
		t.Fatal("terrace is not registered")
	}
	if g.Title != "Terrace" || g.Variants[0] != "8-long" || len(g.Variants) != 12 {
		t.Errorf("GameInfo = %+v", g)
	}
	for _, name := range g.Variants {
		a, err := g.New(name)
		if err != nil {
			t.Fatalf("New(%q): %v", name, err)
		}
		if a.Game() != "terrace" || a.Variant() != name {
			t.Errorf("New(%q): game %q variant %q", name, a.Game(), a.Variant())
		}
		c, _ := a.MarshalText()
		b, err := boardrules.Decode(c)
		if err != nil {
			t.Fatalf("Decode(%q): %v", c, err)
		}
		if b.Hash() != a.Hash() || b.String() != a.String() {
			t.Errorf("Decode(%q) differs", c)
		}
		if b.Variant() != name {
			t.Errorf("decoded variant %q, want %q", b.Variant(), name)
		}
		moves := a.LegalMoves()
		next, err := a.Play(moves[0])
		if err != nil || next.Variant() != name {
			t.Errorf("Play(%q): %v, variant %q", moves[0], err, next.Variant())
		}
	}
	if _, err := g.New("8-huge"); err == nil {
		t.Error("New(8-huge) accepted")
	}
	if _, err := boardrules.Decode([]byte("terrace 9")); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("Decode(terrace 9) = %v", err)
	}
}

// In a three- or four-player code every army that has pieces has its T: an
// eliminated player has no pieces left. A T-less army is refused even when
// it is not the seat to move (the check on the seat to move would catch that
// case anyway), and the error points at the army's first piece.
func TestUnmarshalRejectsArmyWithoutT(t *testing.T) {
	tests := []struct{ code, piece string }{
		{"terrace 8 3p 0 7T/8/8/8/8/8/a'7/t7", "a'"}, // lowercase primed
		{"terrace 8 3p 0 6t'1/8/8/8/8/8/A7/t7", "A"}, // UPPERCASE
		{"terrace 6 3p 1 5T/6/6/6/b'5/t5", "b'"},     // 6x6, lowercase primed
		{"terrace 8 4p 2 6t'T/8/8/8/8/8/8/7a", "a"},  // lowercase, with UPPERCASE primed gone too
	}
	start := Standard()
	for _, tc := range tests {
		p := start
		err := p.UnmarshalText([]byte(tc.code))
		var pe *notation.ParseError
		if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) || !strings.Contains(err.Error(), "no T") {
			t.Errorf("UnmarshalText(%q) = %v; want a *notation.ParseError saying the army has no T", tc.code, err)
			continue
		}
		const header = len("terrace 8 3p 0 ") // the same length for every code here
		if want := header + strings.Index(tc.code[header:], tc.piece); pe.Offset != want {
			t.Errorf("UnmarshalText(%q): error offset %d, want %d (the first piece of the army)", tc.code, pe.Offset, want)
		}
		if p != start {
			t.Errorf("UnmarshalText(%q) changed the receiver", tc.code)
		}
	}
}
