package tumbling

import "github.com/boardrules/boardrules"

// Title is the game's name for people.
const Title = "Tumbling Down"

func init() {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
	}
	boardrules.Register(boardrules.GameInfo{
		Name:     codeGame,
		Title:    Title,
		Variants: names,
		New: func(variant string) (boardrules.Any, error) {
			v, err := ParseVariant(variant)
			if err != nil {
				return nil, err
			}
			p, err := New(v)
			if err != nil {
				return nil, err
			}
			return boardrules.AsAny(codeGame, variant, p), nil
		},
		Decode: func(code []byte) (boardrules.Any, error) {
			var p Position
			if err := p.UnmarshalText(code); err != nil {
				return nil, err
			}
			return boardrules.AsAny(codeGame, p.Variant().String(), p), nil
		},
	})
}
