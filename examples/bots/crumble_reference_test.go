package bots_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
	"pgregory.net/rapid"
)

// referenceRect is a piece in floating point, as referenceCrumbleEval
// reads it.
type referenceRect struct {
	x0, y0, x1, y1 float64
	color          crumble.Color
}

// referenceCrumbleEval is CrumbleEval written the plain way, kept as the
// reference its values are held to: the chains found by testing every
// pair of pieces for edge contact in floating point, joined in a
// union-find, and each chain scored by its bounding box and area, summed
// in the order of the union-find's roots. It costs the square of the
// pieces.
func referenceCrumbleEval(p crumble.Position, pl boardrules.Player) float64 {
	n := p.NumPieces()
	rects := make([]referenceRect, 0, n)
	parent := make([]int16, 0, n)
	for i := range n {
		pc := p.Piece(i)
		x, y := pc.X().Float64(), pc.Y().Float64()
		rects = append(rects, referenceRect{x, y, x + pc.W().Float64(), y + pc.H().Float64(), pc.Color()})
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
	boxes := make([]referenceRect, n)
	areas := make([]float64, n)
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

// splitGame plays plies moves from p in which the side to move splits one
// of its pieces, drawn at random, and swaps nothing. With deep, Black
// splits its smallest piece each time, as long as the precision limit
// lets it, and White splits at random.
func splitGame(p crumble.Position, r *rand.Rand, plies int, deep bool) crumble.Position {
	for range plies {
		mover := p.ColorOf(p.ToMove())
		i := -1
		if deep && mover == crumble.Black {
			for k := range p.NumPieces() {
				if pc := p.Piece(k); pc.Color() == mover && (i < 0 || pc.W().Float64() < p.Piece(i).W().Float64()) {
					i = k
				}
			}
		}
		for i < 0 || p.Piece(i).Color() != mover {
			i = r.IntN(p.NumPieces())
		}
		m, err := p.ParseMove(p.Location(i) + "H")
		if err != nil {
			if m, err = p.ParseMove(p.Location(i) + "V"); err != nil {
				if deep && mover == crumble.Black {
					deep = false // the precision limit
				}
				continue
			}
		}
		p = p.PlayUnchecked(m)
	}
	return p
}

// keepsTheReference checks CrumbleEval against the reference on p, bit
// for bit, for both seats.
func keepsTheReference(t interface{ Fatalf(string, ...any) }, name string, p crumble.Position) {
	for pl := range boardrules.Player(2) {
		if got, want := (bots.CrumbleEval{}).Evaluate(p, pl), referenceCrumbleEval(p, pl); got != want {
			code, _ := p.MarshalText()
			t.Fatalf("%s, seat %d: CrumbleEval scores %v, the reference %v (%g apart)\n%s", name, pl, got, want, got-want, code)
		}
	}
}

// TestCrumbleEvalKeepsTheReference: on the positions of random games, on
// boards of every shape, and of games of splits, CrumbleEval scores
// exactly as the reference does.
func TestCrumbleEvalKeepsTheReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := crumble.Variant{Width: rapid.IntRange(2, 8).Draw(t, "w"), Height: rapid.IntRange(2, 8).Draw(t, "h")}
		p, err := crumble.New(v)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3))
		if rapid.Bool().Draw(t, "splits") {
			p = splitGame(p, r, rapid.IntRange(0, 300).Draw(t, "plies"), false) // up to 336 pieces on 6x6
		} else {
			p, _ = boardrules.Playout(p, r, rapid.IntRange(0, 120).Draw(t, "plies"))
		}
		keepsTheReference(t, "game", p)
	})
}

type namedCrumble struct {
	name string
	p    crumble.Position
}

// crowdedCrumble returns the positions of crumble's corpus of crowded
// boards (loadCorpus): random games, games of splits and constructed
// worst cases of 36 to 1,205 pieces, each named with its count of pieces.
func crowdedCrumble(tb testing.TB) []namedCrumble {
	tb.Helper()
	var out []namedCrumble
	for _, c := range loadCorpus(tb) {
		p := c.p.Unwrap().(crumble.Position)
		out = append(out, namedCrumble{fmt.Sprintf("%s-%d", c.name, p.NumPieces()), p})
	}
	return out
}

func TestCrumbleEvalOnCrowdedPositions(t *testing.T) {
	cs := crowdedCrumble(t)
	for _, c := range cs {
		keepsTheReference(t, c.name, c.p)
	}
	if len(cs) < 18 {
		t.Errorf("the corpus holds %d positions, want at least 18", len(cs))
	}
}

// TestCrumbleEvalBeyondFloat64: where pieces are finer than 2^-50 units
// their corners have more than float64's 53 bits, and the reference,
// which rounds each corner and each width before it compares and sums
// them, may differ from CrumbleEval, which finds the chains exactly and
// rounds only each chain's sums. Black halves one piece down to the
// precision limit (2^-59 units), and the two must agree within 1e-12
// (here they are equal: the finest pieces' terms vanish in the sum).
func TestCrumbleEvalBeyondFloat64(t *testing.T) {
	p := splitGame(crumble.Standard(), rand.New(rand.NewPCG(6, 6)), 240, true)
	finest := math.Inf(1)
	for i := range p.NumPieces() {
		finest = min(finest, p.Piece(i).W().Float64())
	}
	if finest > 0x1p-50 {
		t.Fatalf("the finest piece is %v wide, not beyond float64's 53 bits", finest)
	}
	for pl := range boardrules.Player(2) {
		if got, want := (bots.CrumbleEval{}).Evaluate(p, pl), referenceCrumbleEval(p, pl); math.Abs(got-want) > 1e-12 {
			t.Errorf("seat %d: CrumbleEval scores %v, the reference %v", pl, got, want)
		}
	}
}

// TestCrumbleEvalAllocatesNothing, but under the race detector, where
// sync.Pool drops the buffers at random.
func TestCrumbleEvalAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	for _, c := range crowdedCrumble(t) {
		if a := testing.AllocsPerRun(10, func() { (bots.CrumbleEval{}).Evaluate(c.p, 0) }); a != 0 {
			t.Errorf("%s: Evaluate allocates %v times", c.name, a)
		}
	}
}

// BenchmarkCrumbleEval times CrumbleEval ("new") beside the reference
// ("old") on the crowded positions, of 36 to 1,205 pieces.
//
//	go test -run '^$' -bench CrumbleEval -benchmem ./examples/bots/
func BenchmarkCrumbleEval(b *testing.B) {
	for _, c := range crowdedCrumble(b) {
		for _, e := range []struct {
			name string
			eval func(crumble.Position, boardrules.Player) float64
		}{{"old", referenceCrumbleEval}, {"new", bots.CrumbleEval{}.Evaluate}} {
			b.Run(c.name+"/"+e.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					e.eval(c.p, 0)
				}
			})
		}
	}
}
