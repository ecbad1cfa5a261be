package bots

import (
	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/notation"
)

// FloopRailEval is the evaluation of FloopRail, in Floopers: material,
// SooperFloopers and advancement.
//
//   - Each Flooper is worth 1, each SooperFlooper 1.5: a SooperFlooper
//     moves four ways, but a Flooper that has nearly arrived is nearly one.
//   - A Flooper is worth 0.1 more for each step it has made toward its goal
//     spaces (O moves down or right, X up or left): the rails from a side's
//     back spaces to its goal are 7 steps long, so a Flooper one step from
//     crowning is worth 1.6, a little above a SooperFlooper, and pieces
//     press forward rather than wait.
//
// In Reverse FloopRail the side left without a move wins, and pieces are a
// burden: the score is the other side's material count minus one's own (1
// a piece, no advancement).
type FloopRailEval struct{}

// spaces are FloopRail's 32 spaces with their steps from O's back spaces
// (the letter and the row counted from 0, summed, less 3): O's goal spaces
// are 7 steps from its back spaces, X's back spaces 7 and its goal 0.
var floopSpaces = func() (out [32]struct {
	sq   notation.Square
	step int
}) {
	for i, sq := range flooprail.Spaces() {
		out[i].sq = sq
		out[i].step = sq.File() + sq.Rank() - 3
	}
	return out
}()

// Evaluate scores p for seat pl.
func (FloopRailEval) Evaluate(p flooprail.Position, pl boardrules.Player) float64 {
	v := 0.0 // from O's view
	reverse := p.Variant().Reverse
	for _, s := range floopSpaces {
		pc, ok := p.At(s.sq)
		if !ok {
			continue
		}
		var w float64
		switch {
		case reverse:
			w = 1
		case pc == flooprail.OFlooper:
			w = 1 + 0.1*float64(s.step)
		case pc == flooprail.XFlooper:
			w = 1 + 0.1*float64(7-s.step)
		default:
			w = 1.5
		}
		if pc.Color() == flooprail.X {
			w = -w
		}
		v += w
	}
	if reverse {
		v = -v
	}
	if p.ColorOf(pl) == flooprail.X {
		return -v
	}
	return v
}
