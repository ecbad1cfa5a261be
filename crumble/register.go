package crumble

import "github.com/boardrules/boardrules"

func init() {
	boardrules.Register(boardrules.EngineInfo[Position, Move]("crumble", "Crumble", []string{"6x6", "8x8"}, ParseVariant, New))
}
