package bots

import (
	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
)

// TumblingEval is the evaluation of Tumbling Down, in men: kings, heights
// and mobility, and the kings within reach.
//
//   - Heights: each man counts for the side that owns his stack (the colour
//     of its top man), since only that side can move or tumble him: a man
//     buried under enemy men is the enemy's to spread.
//   - Mobility: each stack a side owns is a source of moves (up to 8 man
//     moves and 8 tumbles) and counts 0.3.
//   - Kings: a side's kings are its tallest pure stacks, and covering any
//     one of them wins. A taller king counts 0.3 a man; each king beyond
//     the first is one more target and costs 1.
//   - Reach: a king is attacked by an enemy stack that can drop an enemy
//     man on it at once, by a man move to a neighbour or a tumble along a
//     line whose man landing there (the (d-1)-th from the bottom at
//     distance d, or the rest of the stack at the board's edge) is the
//     enemy's: the pbmserv capture, used for every rule set. An attack by
//     the side to move is a win next ply (worth 12, three times the
//     squash, nearly a win to MCTS); each attack on the side to move's
//     kings costs it 2, since it must parry them all.
type TumblingEval struct{}

// tumblingDirs are the 8 directions of a line.
var tumblingDirs = [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

// Evaluate scores p for seat pl.
func (TumblingEval) Evaluate(p tumbling.Position, pl boardrules.Player) float64 {
	var (
		stacks [64]tumbling.Stack
		side   [2]struct {
			men, stacks, kingH, kings int
			attacked                  int // attacks on this side's kings
		}
	)
	for i := range stacks {
		st, ok := p.At(notation.SquareAt(i&7, i>>3))
		if !ok {
			continue
		}
		stacks[i] = st
		o := st.Owner()
		s := &side[o]
		s.men += st.Height()
		s.stacks++
		if st.Pure() {
			switch h := st.Height(); {
			case h > s.kingH:
				s.kingH, s.kings = h, 1
			case h == s.kingH:
				s.kings++
			}
		}
	}
	for i, st := range stacks {
		if st.Height() == 0 || !st.Pure() || st.Height() != side[st.Owner()].kingH {
			continue
		}
		side[st.Owner()].attacked += attacks(&stacks, i, 1-st.Owner())
	}
	v := 0.0 // from seat 0's view
	for o, s := range side {
		w := float64(s.men) + 0.3*float64(s.stacks) + 0.3*float64(s.kingH) - float64(max(s.kings-1, 0))
		if o == 1 {
			w = -w
		}
		v += w
	}
	me := p.ToMove()
	if me >= 0 {
		sign := 1.0
		if me == 1 {
			sign = -1
		}
		if side[1-me].attacked > 0 {
			v += sign * 12
		}
		v -= sign * 2 * float64(side[me].attacked)
	}
	if pl == 1 {
		return -v
	}
	return v
}

// attacks counts the stacks of seat enemy that can drop a man of theirs
// alone on the king at index k (file k&7, rank k>>3) at once.
func attacks(stacks *[64]tumbling.Stack, k int, enemy boardrules.Player) int {
	kx, ky := k&7, k>>3
	n := 0
	for _, d := range tumblingDirs {
		// walk from the king outward; a stack at distance dist tumbling
		// toward the king (direction -d) reaches it
		for dist := 1; ; dist++ {
			x, y := kx+d[0]*dist, ky+d[1]*dist
			if x < 0 || x > 7 || y < 0 || y > 7 {
				break
			}
			st := stacks[x+8*y]
			h := st.Height()
			if h == 0 || st.Owner() != enemy || h < dist {
				continue
			}
			if dist == 1 {
				n++ // a man move: the top man is the enemy's
				continue
			}
			// the squares from the stack to the edge, toward the king
			edge := dist
			for ex, ey := kx-d[0], ky-d[1]; ex >= 0 && ex <= 7 && ey >= 0 && ey <= 7; ex, ey = ex-d[0], ey-d[1] {
				edge++
			}
			last := dist - 1 // one man lands on the king: the (dist-1)-th
			if dist == edge {
				last = h - 1 // the edge square takes the rest of the stack
			}
			pure := true
			for i := dist - 1; i <= last; i++ {
				pure = pure && st.Man(i) == st.Color()
			}
			if pure {
				n++
			}
		}
	}
	return n
}

// TumblingMaterial is a plain material evaluation of Tumbling Down, in
// stacks: each stack a side owns (its top man is the side's) counts 1, and
// 1 more when it is pure (all its men the side's, which is what a king
// is). It is the evaluation of a 4-ply alpha-beta program that this
// package's MCTS was measured against; Options.Eval "material" gives it
// to a bot, as the stand-in for that program (see the package doc, Budgets
// and strength).
type TumblingMaterial struct{}

// Evaluate scores p for seat pl.
func (TumblingMaterial) Evaluate(p tumbling.Position, pl boardrules.Player) float64 {
	var side [2]int
	for i := range 64 {
		st, ok := p.At(notation.SquareAt(i&7, i>>3))
		if !ok {
			continue
		}
		side[st.Owner()]++
		if st.Pure() {
			side[st.Owner()]++
		}
	}
	v := float64(side[0] - side[1])
	if pl == 1 {
		return -v
	}
	return v
}
