package tumbling

import "github.com/boardrules/boardrules"

// Title is the game's name for people.
const Title = "Tumbling Down"

func init() {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
	}
	boardrules.Register(boardrules.EngineInfo[Position, Move](codeGame, Title, names, ParseVariant, New))
}
