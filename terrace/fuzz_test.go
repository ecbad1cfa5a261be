package terrace

import (
	"errors"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/errtest"
)

// FuzzParseMove checks the move grammar through positions: whether a text
// is a syntax error does not depend on the position (the zero Position, a
// finished game and positions of both boards included), and a move that is
// accepted is a legal move that prints back to itself.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"B-d1-d3", "d1-d3", "b-D1-D3", "b'-d1-d3", "C-d2-c1:B", "c-d2-c1:b'", "D-b2-a1:T", "b2-a1",
		"A-d1-d3", "d-b2-a1:a", "d1-d3:B", "d1-d5", "d1-d1", "d4-d5", "e8-e6", "B-d1-d3#1", "d1d3",
		"d1-d9", "d1-d10", "i1-a1", "E-d1-d3", "d1-d3:", "b''-d1-d3", " d1-d3", "d1-d3 ", "Bd1-d3",
		"d1xd3", "", "g1-g2", "T'-c1-c2:A'", "D1-d1", "c-d2-c1:b\t",
	} {
		f.Add(s)
	}
	over := Standard().PlayUnchecked(mustParse(f, Standard(), "D-b2-a1:T"))
	positions := []Position{{}, over, Standard(), mustNew(f, Variant{Board: 6, Players: 4}), mustNew(f, Variant{Players: 3})}
	f.Fuzz(func(t *testing.T, s string) {
		_, err := positions[0].ParseMove(s)
		syntax := errors.Is(err, boardrules.ErrSyntax)
		if syntax {
			errtest.Syntax(t, "ParseMove", s, err)
		}
		for _, p := range positions {
			m, err := p.ParseMove(s)
			if err != nil {
				errtest.Move(t, "Position.ParseMove", s, err)
				if errors.Is(err, boardrules.ErrSyntax) != syntax {
					t.Fatalf("ParseMove(%q) is a syntax error in one position and not in another: %v", s, err)
				}
				if !syntax && p.Outcome().Status != boardrules.Ongoing && !errors.Is(err, boardrules.ErrGameOver) {
					t.Fatalf("ParseMove(%q) after the end: %v, want ErrGameOver", s, err)
				}
				continue
			}
			if syntax {
				t.Fatalf("Position.ParseMove(%q) accepted what the zero Position calls a syntax error", s)
			}
			if !slices.Contains(p.LegalMoves(), m) {
				t.Fatalf("Position.ParseMove(%q) = %v, not a legal move", s, m)
			}
			if again, err := p.ParseMove(m.String()); err != nil || again != m {
				t.Fatalf("ParseMove(%q) = %v, but ParseMove(%q) = %v, %v", s, m, m.String(), again, err)
			}
			if _, err := p.Play(m); err != nil {
				t.Fatalf("Play(%v): %v", m, err)
			}
		}
	})
}

func FuzzUnmarshalText(f *testing.F) {
	for _, tc := range startCodes {
		f.Add([]byte(tc.code))
	}
	for _, s := range []string{
		"terrace 6 2p 0 1TBBD1/6/6/6/6/1cbbt1",
		"terrace 8 2p 0 7t/8/8/8/8/8/8/T7",
		"terrace 8 4p 0 1d'c'c'b'b'2/D'6T/C'6B/C'6B/B'6C/B'6C/T'6D/1tbbccd1",
		"terrace 8 2p 0 DDCCBBAT/AABBCCDD/44/8/8/8/ddccbbaa/tabbccdd",
		"terrace 8 4p 0 5b't'1/D'7/7B/8/4c3/3T4/T'7/1t6",
		"terrace 8 2p 0 7T/8/8/8/8/8/DD6/tD6",
		"terrace 8 2p 0 7T/8/8/8/8/8/8/t7 ",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		start := Standard()
		p := start
		if err := p.UnmarshalText(b); err != nil {
			errtest.Syntax(t, "UnmarshalText", string(b), err)
			if p != start {
				t.Fatalf("UnmarshalText(%q) failed but changed the receiver", b)
			}
			return
		}
		c, _ := p.MarshalText()
		if string(c) != string(b) {
			t.Fatalf("UnmarshalText(%q) re-encodes as %q", b, c)
		}
		if p.hash != p.computeHash() {
			t.Fatal("hash differs from the hash from scratch")
		}
		if !p.Alive(boardrules.Player(p.mover())) {
			t.Fatalf("%q: the seat to move has no T", b)
		}
		o := p.Outcome()
		moves := p.LegalMoves()
		if (o.Status == boardrules.Ongoing) != (len(moves) > 0) || (o.Status == boardrules.Ongoing) != (moves != nil) {
			t.Fatalf("%q: outcome %v with %d moves (nil: %v)", b, o.Status, len(moves), moves == nil)
		}
		if (o.Status == boardrules.Ongoing) != (p.ToMove() != boardrules.NoPlayer) {
			t.Fatalf("%q: outcome %v with ToMove %d", b, o.Status, p.ToMove())
		}
		_ = p.String()
		for _, m := range moves {
			q := p.PlayUnchecked(m)
			if q.hash != q.computeHash() || !q.Alive(boardrules.Player(q.mover())) {
				t.Fatalf("%q: after %v the position is inconsistent", b, m)
			}
		}
	})
}
