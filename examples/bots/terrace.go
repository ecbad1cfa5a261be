package bots

import (
	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/terrace"
)

// TerraceEval is the evaluation of Terrace, in size units (an A is 1, a D
// 4): the T's distance to its goal, material by size, and the T within
// reach.
//
//   - Material: each piece other than the T counts its size (Kind.Size),
//     since size decides what a piece may capture and what may capture it.
//     The T is not counted: losing it loses the game.
//   - The T's road: 0.5 for each square the T has come toward its goal, the
//     board size less one less its distance (in king steps) to the goal:
//     a T that walks home wins, and a step home is worth half an A.
//   - The T within reach: a piece captures by moving one level down
//     diagonally onto a piece of its size or smaller, so any piece standing
//     one level above a T, diagonally next to it, can take it. When the
//     side to move can take an enemy T, that is worth 8 to it (the game,
//     in a two-player game); each enemy piece that could take the side to
//     move's T costs it 2, since it must step away or cover.
//
// In a game of three or four, a seat's score is its own material and road
// less the mean of the other seats still playing, and a seat that is out
// scores -100.
type TerraceEval struct{}

type terraceSide struct {
	alive     bool
	material  float64
	t         notation.Square
	attacked  int   // enemy pieces that can take this side's T at once
	attackers uint8 // their seats, a bit each
}

// Evaluate scores p for seat pl.
func (TerraceEval) Evaluate(p terrace.Position, pl boardrules.Player) float64 {
	var side [4]terraceSide
	n := p.Size()
	for y := range n {
		for x := range n {
			sq := notation.SquareAt(x, y)
			pc, ok := p.At(sq)
			if !ok {
				continue
			}
			s := &side[pc.Owner()]
			if pc.Kind() == terrace.T {
				s.alive, s.t = true, sq
				continue
			}
			s.material += float64(pc.Kind().Size())
		}
	}
	players := p.Players()
	var strength [4]float64
	for o := range players {
		s := &side[o]
		if !s.alive {
			continue
		}
		goal := p.Goal(boardrules.Player(o))
		dist := max(abs(goal.File()-s.t.File()), abs(goal.Rank()-s.t.Rank()))
		strength[o] = s.material + 0.5*float64(n-1-dist)
		level := p.Level(s.t)
		for _, dx := range [2]int{-1, 1} {
			for _, dy := range [2]int{-1, 1} {
				sq := notation.SquareAt(s.t.File()+dx, s.t.Rank()+dy)
				if p.Level(sq) != level+1 {
					continue
				}
				if pc, ok := p.At(sq); ok && pc.Owner() != boardrules.Player(o) {
					s.attacked++
					s.attackers |= 1 << pc.Owner()
				}
			}
		}
	}
	if !side[pl].alive {
		return -100
	}
	// The threats: the side to move takes a T next, or must save its own.
	me := p.ToMove()
	if me >= 0 {
		for o := range players {
			if boardrules.Player(o) != me && side[o].alive && side[o].attackers&(1<<me) != 0 {
				strength[me] += 8
				break
			}
		}
		strength[me] -= 2 * float64(side[me].attacked)
	}
	others, count := 0.0, 0
	for o := range players {
		if boardrules.Player(o) != pl && side[o].alive {
			others += strength[o]
			count++
		}
	}
	if count == 0 {
		return strength[pl]
	}
	return strength[pl] - others/float64(count)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
