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
