package crumble

import "github.com/boardrules/boardrules"

// Name is the game's word in the boardrules registry and the first word
// of its position codes; Title is its name for people.
const (
	Name  = "crumble"
	Title = "Crumble"
)

func init() {
	g := boardrules.EngineInfo[Position, Move](Name, Title, Variants(), ParseVariant, New)
	g.VariantSyntax = variantSyntax // boards of every size from 2x2 to 32x32: no list holds them
	boardrules.Register(g)
}
