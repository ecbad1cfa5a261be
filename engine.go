package boardrules

import (
	"fmt"
	"strings"
)

// EngineInfo builds the GameInfo of an engine package from its own API, so
// that an engine registers itself in one call:
//
//	boardrules.Register(boardrules.EngineInfo[Position, Move](
//		"terrace", "Terrace", names, ParseVariant, New))
//
// variants are the variant names the game lists (the first is the standard
// game); parse reads a variant name and newPosition starts that variant.
// GameInfo.New accepts every name parse accepts, listed or not, and the Any
// it returns keeps the name it was given. GameInfo.Decode reads a position
// code with the position's UnmarshalText, and the decoded Any is named by
// the String of its position's Variant.
func EngineInfo[P interface {
	Position[P, M]
	MarshalText() ([]byte, error)
	SeatName(Player) string
	Variant() V
}, M Move, V fmt.Stringer, PP interface {
	*P
	UnmarshalText([]byte) error
}](name, title string, variants []string, parse func(string) (V, error), newPosition func(V) (P, error)) GameInfo {
	return GameInfo{
		Name:     name,
		Title:    title,
		Variants: variants,
		New: func(variant string) (Any, error) {
			v, err := parse(variant)
			if err != nil {
				return nil, err
			}
			p, err := newPosition(v)
			if err != nil {
				return nil, err
			}
			return AsAny[P, M](name, variant, p), nil
		},
		Decode: func(code []byte) (Any, error) {
			var p P
			if err := PP(&p).UnmarshalText(code); err != nil {
				return nil, err
			}
			return AsAny[P, M](name, p.Variant().String(), p), nil
		},
	}
}

// NewGame starts a registered game by name: the variant's starting
// position, or the standard game's when variant is "". A game name of ""
// means the first registered game (Games is sorted by name). The error
// lists the games or the variants there are.
func NewGame(game, variant string) (Any, error) {
	if game == "" {
		games := Games()
		if len(games) == 0 {
			return nil, fmt.Errorf("no game is registered: import an engine package")
		}
		game = games[0].Name
	}
	g, ok := Lookup(game)
	if !ok {
		names := make([]string, 0)
		for _, g := range Games() {
			names = append(names, g.Name)
		}
		return nil, fmt.Errorf("no game %q (the games are: %s)", game, strings.Join(names, ", "))
	}
	if variant == "" {
		variant = g.Variants[0]
	}
	p, err := g.New(variant)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (variants: %s)", game, err, strings.Join(g.Variants, ", "))
	}
	return p, nil
}
