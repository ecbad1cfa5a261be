package crumble

import (
	"errors"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/errtest"
)

func fuzzSeeds(f *testing.F) {
	for _, s := range []string{"0,1HN", "2,1VW", "3,2HNNW", "1,3HSSS+", "2,3VENE#", "0HN-E", "0,1H3",
		"1,7J2,1E", "5,2J1,2N", "1/2, 2/3H", "0, 1/2VW-N", "2,1H2-2N-NE", "0HE", "0H1", "1J1", "1J1,2,1",
		"1J1,2-N", " 0,1hn ", "01H", "1/0H", "1,0H", "999999999999999999H", "1/3,1/6hn-n", ""} {
		f.Add(s)
	}
}

// FuzzParseMove: the syntax check does not depend on the position. The
// zero Position's ParseMove fails with a syntax error exactly when every
// position's does, and with ErrGameOver for every other text, as a won
// game's does; every error has the shape errtest checks (the input and an
// offset within it, or the move as given); and what a position reads
// round-trips through its canonical text.
func FuzzParseMove(f *testing.F) {
	fuzzSeeds(f)
	p, _ := boardrules.Replay(Standard(), "1HN", "0H", "1,2V")
	var won Position
	if err := won.UnmarshalText([]byte("crumble 2x2 b W0,0,2,2")); err != nil {
		f.Fatal(err)
	}
	positions := []Position{Standard(), p, midgame(f)}
	f.Fuzz(func(t *testing.T, s string) {
		_, serr := Position{}.ParseMove(s)
		if errors.Is(serr, boardrules.ErrSyntax) {
			errtest.Syntax(t, "Position{}.ParseMove", s, serr)
		} else if !errors.Is(serr, boardrules.ErrGameOver) {
			t.Fatalf("Position{}.ParseMove(%q): %v, want a syntax error or ErrGameOver", s, serr)
		} else {
			errtest.Move(t, "Position{}.ParseMove", s, serr)
		}
		syntax := errors.Is(serr, boardrules.ErrSyntax)
		if _, err := won.ParseMove(s); errors.Is(err, boardrules.ErrSyntax) != syntax || !syntax && !errors.Is(err, boardrules.ErrGameOver) {
			t.Fatalf("%q: the zero Position's ParseMove %v, a won game's %v", s, serr, err)
		}
		for _, pos := range positions {
			m, err := pos.ParseMove(s)
			if errors.Is(err, boardrules.ErrSyntax) != syntax {
				t.Fatalf("%q: the zero Position's ParseMove %v, Position.ParseMove %v", s, serr, err)
			}
			if err != nil {
				errtest.Move(t, "Position.ParseMove", s, err)
				continue
			}
			back, err := pos.ParseMove(m.String())
			if err != nil || back != m {
				t.Fatalf("%q -> %q does not round-trip: %v", s, m, err)
			}
			q := pos.PlayUnchecked(m)
			if q.Hash() != q.computeHash() {
				t.Fatalf("%q: hash", s)
			}
		}
	})
}

func FuzzUnmarshalText(f *testing.F) {
	f.Add([]byte(start6x6))
	f.Add([]byte("crumble 2x2 b B0,0,1,1 W1,0,1,1 W0,1,1,1 B1,1,1,1"))
	f.Add([]byte("crumble 6x6 w W0,0,1,1/2 B1,0,1,1 W2,0,1,1 B3,0,1,1 W4,0,1,1 B5,0,1,1 B0,1/2,1,1/2 W0,1,1,1 W1,1,1,1 B2,1,1,1 W3,1,1,1 B4,1,1,1 W5,1,1,1 W0,2,1,1 B1,2,1,1 W2,2,1,1 B3,2,1,1 W4,2,1,1 B5,2,1,1 B0,3,1,1 W1,3,1,1 B2,3,1,1 W3,3,1,1 B4,3,1,1 W5,3,1,1 W0,4,1,1 B1,4,1,1/2 W2,4,1,1 B3,4,1,1 W4,4,1,1 B5,4,1,1 W1,9/2,1,1/2 B0,5,1,1 W1,5,2,1 B3,5,1,1 B4,5,1,1 W5,5,1,1"))
	f.Add([]byte("crumble 3x3 b B0,0,1,1 B1,0,1,1 B2,0,1,1 B0,1,1,1 W1,1,1,1 B2,1,1,1 B0,2,1,1 B1,2,1,1 B2,2,1,1"))
	f.Add([]byte("crumble 2x2 b W0,0,1/4611686018427387904,1"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		var p Position
		err := p.UnmarshalText(data)
		if err != nil {
			errtest.Syntax(t, "UnmarshalText", string(data), err)
			if p.t != nil {
				t.Fatal("receiver changed on error")
			}
			return
		}
		// The code of what was read is canonical: it reads back to an equal
		// position of the same game state, and writes itself again.
		text, _ := p.MarshalText()
		var q Position
		if err := q.UnmarshalText(text); err != nil || !q.Equal(p) || q.Hash() != p.Hash() {
			t.Fatalf("round trip of %s: %v", text, err)
		}
		if q.Outcome() != p.Outcome() || q.Variant() != p.Variant() {
			t.Fatalf("round trip of %s: outcome %+v, variant %v; read back %+v, %v", text, p.Outcome(), p.Variant(), q.Outcome(), q.Variant())
		}
		if again, _ := q.MarshalText(); string(again) != string(text) {
			t.Fatalf("%s reads back as %s", text, again)
		}
		_ = p.String()
		_ = p.LegalMoves()
	})
}
