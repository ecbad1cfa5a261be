package crumble

// The identifiers of Outcome.Rule, one for each way a game ends.
const (
	RuleConnection         = "connection"          // a colour's chain touches all four sides: that colour wins
	RuleRepetition         = "repetition"          // threefold repetition: a draw
	RuleRenewableIteration = "renewable-iteration" // renewable iteration: a draw
	RuleNoMoves            = "no-moves"            // the side to move has pieces but no legal move: a draw
)

// ruleOf maps an outcome reason to its Rule identifier.
var ruleOf = [...]string{
	reasonNone:       "",
	reasonBlackWins:  RuleConnection,
	reasonWhiteWins:  RuleConnection,
	reasonRepetition: RuleRepetition,
	reasonRenewables: RuleRenewableIteration,
	reasonNoMove:     RuleNoMoves,
}
