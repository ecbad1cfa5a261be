package crumble

import "github.com/boardrules/boardrules"

// Name is the game's word in the boardrules registry and the first word
// of its position codes; Title is its name for people.
const (
	Name  = "crumble"
	Title = "Crumble"
)

func init() {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
	}
	boardrules.Register(boardrules.EngineInfo[Position, Move](Name, Title, names, ParseVariant, New))
}
