package crumble_test

import (
	"testing"

	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/internal/codetest"
	"pgregory.net/rapid"
)

// TestCodesKeepTheVariant runs the generic round trip of position codes
// (internal/codetest, which covers the registry's 6x6 and 8x8) on variants
// the registry does not list: another first player, other draw rules and
// small boards, where games end quickly by every rule.
func TestCodesKeepTheVariant(t *testing.T) {
	names := []string{"6x6-white", "6x6-nodraws", "6x6-repetition", "6x6-renewables",
		"2x2", "3x2", "3x2-white-renewables", "2x3-repetition", "3x3-white-nodraws", "4x3"}
	for _, v := range names {
		codetest.Game[crumble.Position, crumble.Move](t, "crumble", v, crumble.Position.Variant, 1, 300)
	}
	if crumble.RaceEnabled {
		return // the random games, ten times slower, add no data race to find
	}
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(names).Draw(t, "variant")
		codetest.Game[crumble.Position, crumble.Move](t, "crumble", v, crumble.Position.Variant, rapid.Uint64().Draw(t, "seed"), 300)
	})
}
