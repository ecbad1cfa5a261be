package flooprail

import "github.com/boardrules/boardrules"

// Name is the game's name in the boardrules registry and the first word of
// its position codes.
const Name = "flooprail"

func init() {
	boardrules.Register(boardrules.EngineInfo[Position, Move](Name, "FloopRail", []string{"normal", "reverse"}, ParseVariant, New))
}
