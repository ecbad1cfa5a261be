package terrace

import (
	"errors"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/errtest"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"B-d1-d3", "d1-d3", "b-D1-D3", "b'-d1-d3", "C-d2-c1:B", "c-d2-c1:b'", "D-b2-a1:T", "b2-a1",
		"A-d1-d3", "d-b2-a1:a", "d1-d3:B", "d1-d5", "d1-d1", "d4-d5", "e8-e6", "B-d1-d3#1", "d1d3",
		"d1-d9", "d1-d10", "i1-a1", "E-d1-d3", "d1-d3:", "b''-d1-d3", " d1-d3", "d1-d3 ", "Bd1-d3",
		"d1xd3", "", "g1-g2", "T'-c1-c2:A'",
	} {
		f.Add(s)
	}
	starts := []Position{Standard(), mustNew(f, Variant{Board: 6, Players: 4}), mustNew(f, Variant{Players: 3})}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			errtest.Syntax(t, "ParseMove", s, err)
		} else if again, err := ParseMove(m.String()); err != nil || again != m {
			t.Fatalf("ParseMove(%q) = %v, but ParseMove(%q) = %v, %v", s, m, m.String(), again, err)
		}
		for _, p := range starts {
			pm, perr := p.ParseMove(s)
			if perr != nil {
				errtest.Move(t, "Position.ParseMove", s, perr)
				if errors.Is(perr, boardrules.ErrSyntax) != (err != nil) {
					t.Fatalf("Position.ParseMove(%q): %v, but ParseMove: %v", s, perr, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("Position.ParseMove(%q) accepted what ParseMove rejects", s)
			}
			if !slices.Contains(p.LegalMoves(), pm) {
				t.Fatalf("Position.ParseMove(%q) = %v, not a legal move", s, pm)
			}
			if _, err := p.Play(pm); err != nil {
				t.Fatalf("Play(%v): %v", pm, err)
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
		if !p.Alive(p.ToMove()) {
			t.Fatalf("%q: the seat to move has no T", b)
		}
		o := p.Outcome()
		moves := p.LegalMoves()
		if (o.Status == boardrules.Ongoing) != (len(moves) > 0) {
			t.Fatalf("%q: outcome %v with %d moves", b, o.Status, len(moves))
		}
		_ = p.String()
		for _, m := range moves {
			q := p.PlayUnchecked(m)
			if q.hash != q.computeHash() || !q.Alive(q.ToMove()) {
				t.Fatalf("%q: after %v the position is inconsistent", b, m)
			}
		}
	})
}
