package codetest_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/internal/codetest"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
	"pgregory.net/rapid"
)

// maxPlies bounds a random game: FloopRail games of lone SooperFloopers can
// go on for ever; the others end well before. Random Crumble games on 6x6
// and 8x8 last hundreds of plies of costly move generation, so they stop
// at crumblePlies (crumble's own tests play small boards to their end).
const (
	maxPlies     = 2000
	crumblePlies = 60
)

// engines lists the engines whose codes are checked, each with a function
// that plays one random game of a variant and checks every position's code.
// An engine joins with one line.
var engines = []struct {
	game, title string // the package's Name and Title
	play        func(t codetest.Fataler, variant string, seed uint64)
}{
	{tumbling.Name, tumbling.Title, func(t codetest.Fataler, v string, seed uint64) {
		codetest.Game[tumbling.Position, tumbling.Move](t, "tumbling", v, tumbling.Position.Variant, seed, maxPlies)
	}},
	{flooprail.Name, flooprail.Title, func(t codetest.Fataler, v string, seed uint64) {
		codetest.Game[flooprail.Position, flooprail.Move](t, "flooprail", v, flooprail.Position.Variant, seed, maxPlies)
	}},
	{terrace.Name, terrace.Title, func(t codetest.Fataler, v string, seed uint64) {
		codetest.Game[terrace.Position, terrace.Move](t, "terrace", v, terrace.Position.Variant, seed, maxPlies)
	}},
	{crumble.Name, crumble.Title, func(t codetest.Fataler, v string, seed uint64) {
		codetest.Game[crumble.Position, crumble.Move](t, "crumble", v, crumble.Position.Variant, seed, crumblePlies)
	}},
}

// TestCodesKeepTheWholeGame: every position of random games to their end,
// in every variant of every engine, comes back from its code Equal, with
// the same Outcome and Variant, and boardrules.Decode names the variant
// New was given.
func TestCodesKeepTheWholeGame(t *testing.T) {
	for _, e := range engines {
		t.Run(e.game, func(t *testing.T) {
			g, ok := boardrules.Lookup(e.game)
			if !ok {
				t.Fatalf("%s is not registered", e.game)
			}
			// Every variant once, then random ones.
			for _, v := range g.Variants {
				e.play(t, v, 1)
			}
			rapid.Check(t, func(t *rapid.T) {
				v := rapid.SampledFrom(g.Variants).Draw(t, "variant")
				e.play(t, v, rapid.Uint64().Draw(t, "seed"))
			})
		})
	}
}

// TestNameAndTitle: every engine package exports the name it registers
// under, which is also its codes' first word, and its title for people,
// as the GameInfo's Name and Title.
func TestNameAndTitle(t *testing.T) {
	titles := map[string]string{"tumbling": "Tumbling Down", "flooprail": "FloopRail", "terrace": "Terrace", "crumble": "Crumble"}
	for _, e := range engines {
		if e.title != titles[e.game] {
			t.Errorf("package %s's Title is %q, want %q", e.game, e.title, titles[e.game])
		}
		g, ok := boardrules.Lookup(e.game)
		if !ok {
			t.Fatalf("%s is not registered", e.game)
		}
		if g.Name != e.game || g.Title != e.title {
			t.Errorf("%s registers as %q, %q; its package says %q, %q", e.game, g.Name, g.Title, e.game, e.title)
		}
		p, err := g.New("")
		if err != nil {
			t.Fatal(err)
		}
		code, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if word, _, _ := strings.Cut(string(code), " "); word != e.game {
			t.Errorf("%s's code %q starts with %q", e.game, code, word)
		}
	}
}

// TestVariantErrorsAreParseErrors: every engine's ParseVariant reports an
// unknown variant as a *notation.ParseError naming the text, and the
// registry's UnknownError keeps it reachable.
func TestVariantErrorsAreParseErrors(t *testing.T) {
	for _, e := range engines {
		g, _ := boardrules.Lookup(e.game)
		_, err := g.New("bogus")
		var pe *notation.ParseError
		if !errors.As(err, &pe) || pe.Input != "bogus" {
			t.Errorf("%s: New(bogus) = %v (%T), want an error that holds a *notation.ParseError of \"bogus\"", e.game, err, err)
		}
	}
}

// TestRegistryContract: for every engine, New("") is the standard game,
// unknown variants and codes give the registry's one error, and SeatName
// names every seat.
func TestRegistryContract(t *testing.T) {
	for _, e := range engines {
		t.Run(e.game, func(t *testing.T) { codetest.Registry(t, e.game) })
	}
}
