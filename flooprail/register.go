package flooprail

import "github.com/boardrules/boardrules"

// Name is the game's name in the boardrules registry and the first word of
// its position codes.
const Name = "flooprail"

func init() {
	boardrules.Register(boardrules.GameInfo{
		Name:     Name,
		Title:    "FloopRail",
		Variants: []string{"normal", "reverse"},
		New: func(variant string) (boardrules.Any, error) {
			v, err := ParseVariant(variant)
			if err != nil {
				return nil, err
			}
			p, _ := New(v)
			return boardrules.AsAny[Position, Move](Name, v.String(), p), nil
		},
		Decode: func(code []byte) (boardrules.Any, error) {
			var p Position
			if err := p.UnmarshalText(code); err != nil {
				return nil, err
			}
			return boardrules.AsAny[Position, Move](Name, p.Variant().String(), p), nil
		},
	})
}
