package terrace

import "github.com/boardrules/boardrules"

func init() {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
	}
	boardrules.Register(boardrules.GameInfo{
		Name:     "terrace",
		Title:    "Terrace",
		Variants: names,
		New: func(name string) (boardrules.Any, error) {
			v, err := ParseVariant(name)
			if err != nil {
				return nil, err
			}
			p, err := New(v)
			if err != nil {
				return nil, err
			}
			return boardrules.AsAny[Position, Move]("terrace", name, p), nil
		},
		Decode: func(code []byte) (boardrules.Any, error) {
			var p Position
			if err := p.UnmarshalText(code); err != nil {
				return nil, err
			}
			return boardrules.AsAny[Position, Move]("terrace", p.Variant().String(), p), nil
		},
	})
}
