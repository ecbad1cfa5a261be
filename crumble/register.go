package crumble

import "github.com/boardrules/boardrules"

func init() {
	boardrules.Register(boardrules.GameInfo{
		Name:     "crumble",
		Title:    "Crumble",
		Variants: []string{"6x6", "8x8"},
		New: func(name string) (boardrules.Any, error) {
			v, err := ParseVariant(name)
			if err != nil {
				return nil, err
			}
			p, err := New(v)
			if err != nil {
				return nil, err
			}
			return boardrules.AsAny[Position, Move]("crumble", name, p), nil
		},
		Decode: func(code []byte) (boardrules.Any, error) {
			var p Position
			if err := p.UnmarshalText(code); err != nil {
				return nil, err
			}
			return boardrules.AsAny[Position, Move]("crumble", p.v.String(), p), nil
		},
	})
}
