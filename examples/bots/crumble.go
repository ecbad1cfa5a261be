package bots

import (
	"math"
	"sync"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
)

// CrumbleEval is the evaluation of Crumble, in board spans: the chains of
// each colour and how far they reach toward the four sides.
//
// A chain is a set of pieces of one colour joined by edge contact (corner
// contact joins groups for captures, not chains), and a chain that touches
// all four sides wins. Each chain is scored by its bounding box, as
// fractions sx and sy of the board's width and height, and its area a as
// a fraction of the board's: sx² + sy² + 0.3a². A chain from the West side
// to the East is worth at least 1, a winning chain at least 2, and the
// squares make one long chain worth more than two short ones, since the
// game is won by one chain. The score is the sum over one's own chains
// less the sum over the opponent's. (A fixed-depth alpha-beta program for
// Crumble that beat this package's bots before it had an evaluation used
// the same shape of score: width² + height² + 0.3 area² a chain.)
//
// The 6x6 start, a checkerboard, has 18 one-square chains a colour, worth
// 0.06 each, and scores 0.
type CrumbleEval struct{}

// Evaluate scores p for seat pl. It reads the chains from
// crumble.Position.AppendChains, in time linear in the pieces, into a
// pooled buffer, and adds their scores in the order AppendChains gives
// them.
func (CrumbleEval) Evaluate(p crumble.Position, pl boardrules.Player) float64 {
	buf := chainBuffers.Get().(*[]crumble.Chain)
	chains := p.AppendChains((*buf)[:0])
	width, height := p.Variant().Size()
	score := chainScores(chains, float64(width), float64(height), width&(width-1) == 0 && height&(height-1) == 0)
	*buf = chains
	chainBuffers.Put(buf)
	if p.ColorOf(pl) != crumble.Black {
		return -score
	}
	return score
}

// chainScores is Evaluate's sum over the chains for Black, on a board of
// w by h units. On sides of 2^k units (pow2) dividing by them is
// multiplying by their inverses, which are exact, and costs far less.
func chainScores(chains []crumble.Chain, w, h float64, pow2 bool) float64 {
	iw, ih, ia := 1/w, 1/h, 1/(w*h)
	score := 0.0
	for i := range chains {
		c := &chains[i]
		cw, ch := c.Size()
		var sx, sy, a float64
		if pow2 {
			sx, sy, a = cw*iw, ch*ih, c.Area()*ia
		} else {
			sx, sy, a = cw/w, ch/h, c.Area()/(w*h)
		}
		score += signed(sx*sx+sy*sy+0.3*a*a, c.Color())
	}
	return score
}

// signed returns s for a Black chain and -s for a White one, by the sign
// bit: the colours of the chains in a list follow no pattern a branch
// could predict.
func signed(s float64, c crumble.Color) float64 {
	var flip uint64
	if c != crumble.Black {
		flip = 1 << 63
	}
	return math.Float64frombits(math.Float64bits(s) ^ flip)
}

// chainBuffers holds the buffers Evaluate reads the chains into, so that
// an evaluation allocates nothing, from any goroutine.
var chainBuffers = sync.Pool{New: func() any { return new([]crumble.Chain) }}
