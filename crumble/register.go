package crumble

import "github.com/boardrules/boardrules"

func init() {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
	}
	boardrules.Register(boardrules.EngineInfo[Position, Move]("crumble", "Crumble", names, ParseVariant, New))
}
