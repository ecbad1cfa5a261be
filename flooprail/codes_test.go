package flooprail_test

import (
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/internal/codetest"
	"pgregory.net/rapid"
)

// TestCodesKeepTheWholeGame: every position of random games to their end,
// in every variant, comes back from its code Equal, with the same Outcome
// and Variant, and boardrules.Decode names the variant New was given.
func TestCodesKeepTheWholeGame(t *testing.T) {
	g, ok := boardrules.Lookup("flooprail")
	if !ok {
		t.Fatal("flooprail is not registered")
	}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(g.Variants).Draw(t, "variant")
		seed := rapid.Uint64().Draw(t, "seed")
		codetest.Game[flooprail.Position, flooprail.Move](t, "flooprail", name, flooprail.Position.Variant, seed, 2000)
	})
}

// TestRegistryContract: New("") is the standard game, unknown variants and codes give
// the registry's one error, and SeatName names every seat.
func TestRegistryContract(t *testing.T) { codetest.Registry(t, "flooprail") }

func TestSeatName(t *testing.T) {
	p := flooprail.Standard()
	if p.SeatName(flooprail.O) != "O" || p.SeatName(flooprail.X) != "X" || p.SeatName(2) != "" {
		t.Errorf("seats %q %q %q", p.SeatName(0), p.SeatName(1), p.SeatName(2))
	}
}
