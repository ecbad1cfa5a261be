package terrace_test

import (
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/codetest"
	"github.com/boardrules/boardrules/terrace"
	"pgregory.net/rapid"
)

// TestCodesKeepTheWholeGame: every position of random games to their end,
// in every variant, comes back from its code Equal, with the same Outcome
// and Variant, and boardrules.Decode names the variant New was given.
func TestCodesKeepTheWholeGame(t *testing.T) {
	g, ok := boardrules.Lookup("terrace")
	if !ok {
		t.Fatal("terrace is not registered")
	}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(g.Variants).Draw(t, "variant")
		seed := rapid.Uint64().Draw(t, "seed")
		codetest.Game[terrace.Position, terrace.Move](t, "terrace", name, terrace.Position.Variant, seed, 2000)
	})
}

// TestRegistryContract: New("") is the standard game, unknown variants and codes give
// the registry's one error, and SeatName names every seat.
func TestRegistryContract(t *testing.T) { codetest.Registry(t, "terrace") }

func TestSeatName(t *testing.T) {
	p, _ := terrace.New(terrace.Variant{Players: 4})
	want := []string{"lowercase", "UPPERCASE", "lowercase primed", "UPPERCASE primed", ""}
	for i, w := range want {
		if got := p.SeatName(boardrules.Player(i)); got != w {
			t.Errorf("SeatName(%d) = %q, want %q", i, got, w)
		}
	}
	if got := terrace.Standard().SeatName(2); got != "" {
		t.Errorf("two-player SeatName(2) = %q", got)
	}
}
