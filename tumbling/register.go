package tumbling

import "github.com/boardrules/boardrules"

// Name is the game's word in the boardrules registry and the first word
// of its position codes; Title is its name for people.
const (
	Name  = "tumbling"
	Title = "Tumbling Down"
)

func init() {
	boardrules.Register(boardrules.EngineInfo[Position, Move](Name, Title, Variants(), ParseVariant, New))
}
