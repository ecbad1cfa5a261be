package randplay_test

import (
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/randplay"
	_ "github.com/boardrules/boardrules/terrace"
)

func TestStepPlaysToTheEndAndRepeats(t *testing.T) {
	play := func(seed uint64) []string {
		p, err := boardrules.NewGame("terrace", "6-4p")
		if err != nil {
			t.Fatal(err)
		}
		r := randplay.New(seed, "terrace/6-4p")
		var moves []string
		for range 2000 {
			next, m, ok, err := randplay.Step(p, r)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if p.Outcome().Status == boardrules.Ongoing {
					t.Fatal("Step stopped while the game goes on")
				}
				return moves
			}
			p = next
			moves = append(moves, m)
		}
		return moves
	}
	a, b := play(7), play(7)
	if len(a) == 0 || len(a) != len(b) || a[len(a)-1] != b[len(b)-1] {
		t.Errorf("the same seed gave different games: %d and %d moves", len(a), len(b))
	}
	if c := play(8); len(c) == len(a) && c[len(c)-1] == a[len(a)-1] && c[0] == a[0] {
		t.Errorf("seeds 7 and 8 gave the same game")
	}
}
