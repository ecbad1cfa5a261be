package anytest_test

import (
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/anytest"
	_ "github.com/boardrules/boardrules/terrace"
)

func TestPlainHidesTheFastPaths(t *testing.T) {
	p, err := boardrules.NewGame("terrace", "6-short")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Unwrap().(boardrules.Any); ok {
		t.Fatal("AsAny's Unwrap no longer gives the engine's value; this package's reason to exist is gone")
	}
	q := anytest.Plain(p)
	next, err := q.Play(q.LegalMoves()[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []boardrules.Any{q, next} {
		if a.Unwrap() != a {
			t.Error("a plain position's Unwrap reveals the engine's value")
		}
		if _, ok := a.(interface{ Perft(int) uint64 }); ok {
			t.Error("a plain position still has Perft")
		}
	}
	if q.String() != p.String() || next.Hash() == p.Hash() {
		t.Error("Plain changed what the position is")
	}
}
