package bots_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
)

// TestCrumbleEvalScoresTheColour: Crumble's evaluation scores a seat by
// the colour it plays (Position.ColorOf), whoever moves first: the same
// board, in the standard game and in a -white variant (White first), gets
// the same score for the seat playing each colour.
func TestCrumbleEvalScoresTheColour(t *testing.T) {
	e := bots.EvaluatorOf[crumble.Position]()
	r := rand.New(rand.NewPCG(3, 3))
	differs := 0
	for g := range 20 {
		p, _ := boardrules.Playout(crumble.Standard(), r, 4+g)
		if p.ToMove() == boardrules.NoPlayer {
			continue
		}
		code, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		white := strings.Replace(string(code), "crumble 6x6 ", "crumble 6x6-white ", 1)
		var q crumble.Position
		if err := q.UnmarshalText([]byte(white)); err != nil {
			t.Fatalf("%s: %v", white, err)
		}
		for _, c := range []crumble.Color{crumble.Black, crumble.White} {
			a, b := e.Evaluate(p, p.PlayerOf(c)), e.Evaluate(q, q.PlayerOf(c))
			if a != b {
				t.Errorf("%v scores %v in the standard game, %v with White first\n%v", c, a, b, p)
			}
			if a != 0 {
				differs++
			}
		}
	}
	if differs == 0 {
		t.Error("every board scored 0: the test shows nothing")
	}
}
