package bots

import (
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

// crumbleRect is a piece in floating point: the evaluation needs no more
// than float64's 53 bits, and sides that meet compare equal, since both
// are sums of the same dyadic numbers.
type crumbleRect struct {
	x0, y0, x1, y1 float64
	color          crumble.Color
}

// Evaluate scores p for seat pl.
func (CrumbleEval) Evaluate(p crumble.Position, pl boardrules.Player) float64 {
	var rectBuf [128]crumbleRect
	var parentBuf [128]int16
	n := p.NumPieces()
	rects, parent := rectBuf[:0], parentBuf[:0]
	if n > len(rectBuf) {
		rects, parent = make([]crumbleRect, 0, n), make([]int16, 0, n)
	}
	for i := range n {
		rects = append(rects, crumbleRectOf(p.Piece(i)))
		parent = append(parent, int16(i))
	}
	find := func(i int16) int16 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range rects {
		a := &rects[i]
		for j := i + 1; j < len(rects); j++ {
			b := &rects[j]
			if a.color != b.color {
				continue
			}
			vertical := (a.x1 == b.x0 || b.x1 == a.x0) && min(a.y1, b.y1) > max(a.y0, b.y0)
			horizontal := (a.y1 == b.y0 || b.y1 == a.y0) && min(a.x1, b.x1) > max(a.x0, b.x0)
			if vertical || horizontal {
				if ri, rj := find(int16(i)), find(int16(j)); ri != rj {
					parent[ri] = rj
				}
			}
		}
	}
	// The bounding box and area of each chain, kept at its root.
	var boxBuf [128]crumbleRect
	var areaBuf [128]float64
	boxes, areas := boxBuf[:0], areaBuf[:0]
	if n > len(boxBuf) {
		boxes, areas = make([]crumbleRect, 0, n), make([]float64, 0, n)
	}
	boxes, areas = boxes[:n], areas[:n]
	for i := range rects {
		r := find(int16(i))
		a := &rects[i]
		b := &boxes[r]
		if areas[r] == 0 {
			*b = *a
		} else {
			b.x0, b.y0, b.x1, b.y1 = min(b.x0, a.x0), min(b.y0, a.y0), max(b.x1, a.x1), max(b.y1, a.y1)
		}
		areas[r] += (a.x1 - a.x0) * (a.y1 - a.y0)
	}
	width, height := p.Variant().Size()
	w, h := float64(width), float64(height)
	score := 0.0 // for Black
	for i := range boxes {
		if parent[i] != int16(i) {
			continue
		}
		b := &boxes[i]
		sx, sy, a := (b.x1-b.x0)/w, (b.y1-b.y0)/h, areas[i]/(w*h)
		s := sx*sx + sy*sy + 0.3*a*a
		if b.color != crumble.Black {
			s = -s
		}
		score += s
	}
	if p.ColorOf(pl) != crumble.Black {
		return -score
	}
	return score
}

func crumbleRectOf(pc crumble.Piece) crumbleRect {
	x, y := pc.X().Float64(), pc.Y().Float64()
	return crumbleRect{x, y, x + pc.W().Float64(), y + pc.H().Float64(), pc.Color()}
}
