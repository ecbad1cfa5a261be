package tumbling_test

import (
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/codetest"
	"github.com/boardrules/boardrules/tumbling"
	"pgregory.net/rapid"
)

// TestCodesKeepTheWholeGame: every position of random games to their end,
// in every variant, comes back from its code Equal, with the same Outcome
// and Variant, and boardrules.Decode names the variant New was given.
func TestCodesKeepTheWholeGame(t *testing.T) {
	g, ok := boardrules.Lookup("tumbling")
	if !ok {
		t.Fatal("tumbling is not registered")
	}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(g.Variants).Draw(t, "variant")
		seed := rapid.Uint64().Draw(t, "seed")
		codetest.Game[tumbling.Position, tumbling.Move](t, "tumbling", name, tumbling.Position.Variant, seed, 2000)
	})
}

// TestRegistryContract: New("") is the standard game, unknown variants and codes give
// the registry's one error, and SeatName names every seat.
func TestRegistryContract(t *testing.T) { codetest.Registry(t, "tumbling") }

// TestSeatName: seats are named by colour, and the colour of seat 0
// depends on the rules.
func TestSeatName(t *testing.T) {
	for _, c := range []struct {
		v          tumbling.Variant
		seat0, one string
	}{
		{tumbling.Variant{}, "Black", "White"},
		{tumbling.Variant{Rules: tumbling.Classic}, "Black", "White"},
		{tumbling.Variant{Rules: tumbling.Boardspace}, "White", "Black"},
	} {
		p, _ := tumbling.New(c.v)
		if p.SeatName(0) != c.seat0 || p.SeatName(1) != c.one || p.SeatName(2) != "" {
			t.Errorf("%v: seats %q %q %q", c.v, p.SeatName(0), p.SeatName(1), p.SeatName(2))
		}
	}
}
