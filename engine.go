package boardrules

import (
	"fmt"
	"strings"
)

// EngineInfo builds the GameInfo of an engine package from its own API, so
// that an engine registers itself in one call:
//
//	boardrules.Register(boardrules.EngineInfo[Position, Move](
//		Name, Title, Variants(), ParseVariant, New))
//
// variants are the variants the game lists (the first is the standard
// game), and GameInfo.Variants their names as Variant.String writes them;
// parse reads a variant name and newPosition starts that variant.
// GameInfo.New accepts "" (the standard game, variants[0]) and every name
// parse accepts, listed or not. The Any it returns is named by the String
// of its position's Variant, so every name of one variant gives the same
// Variant(). A name parse refuses gives an *UnknownError. GameInfo.Decode
// reads a position code with the position's UnmarshalText, and the decoded
// Any is named the same way.
func EngineInfo[P interface {
	Position[P, M]
	MarshalText() ([]byte, error)
	SeatName(Player) string
	Variant() V
}, M Move, V fmt.Stringer, PP interface {
	*P
	UnmarshalText([]byte) error
}](name, title string, variants []V, parse func(string) (V, error), newPosition func(V) (P, error)) GameInfo {
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.String()
	}
	return GameInfo{
		Name:     name,
		Title:    title,
		Variants: names,
		New: func(variant string) (Any, error) {
			if variant == "" {
				variant = names[0]
			}
			v, err := parse(variant)
			if err != nil {
				return nil, &UnknownError{Game: name, Variant: variant, Known: names, Err: err}
			}
			p, err := newPosition(v)
			if err != nil {
				return nil, err
			}
			return AsAny[P, M](name, p.Variant().String(), p), nil
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
// means the first registered game (Games is sorted by name). An unknown
// game or variant gives an *UnknownError, which lists the games or the
// variants there are and wraps ErrSyntax.
func NewGame(game, variant string) (Any, error) {
	if game == "" {
		games := Games()
		if len(games) == 0 {
			return nil, unknownGame("")
		}
		game = games[0].Name
	}
	g, ok := Lookup(game)
	if !ok {
		return nil, unknownGame(game)
	}
	if variant == "" {
		variant = g.Variants[0]
	}
	return g.New(variant)
}

// UnknownError is the one error for a game or a variant name that the
// registry does not know: NewGame, GameInfo.New of an engine (EngineInfo)
// and Decode give it. It wraps ErrSyntax and, for a variant, the engine's
// own reason (Err), and its text lists what exists:
//
//	syntax error: no game "chess" (the games are: crumble, flooprail, terrace, tumbling)
//	syntax error: tumbling has no variant "corner" (the variants are: pbmserv, pbmserv-corner, ...)
type UnknownError struct {
	Game    string   // the game asked for, or the game whose variant is unknown
	Variant string   // the unknown variant; "" when the game is unknown
	Known   []string // the games, or the game's variants, that exist
	Err     error    // the engine's reason for refusing the variant, or nil
}

func unknownGame(name string) *UnknownError {
	games := Games()
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	return &UnknownError{Game: name, Known: names}
}

// Error names what is unknown and lists what exists.
func (e *UnknownError) Error() string {
	if e.Variant == "" {
		return fmt.Sprintf("%v: no game %q (the games are: %s)", ErrSyntax, e.Game, strings.Join(e.Known, ", "))
	}
	return fmt.Sprintf("%v: %s has no variant %q (the variants are: %s)", ErrSyntax, e.Game, e.Variant, strings.Join(e.Known, ", "))
}

// Unwrap returns ErrSyntax and the engine's reason, when there is one.
func (e *UnknownError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrSyntax, e.Err}
	}
	return []error{ErrSyntax}
}
