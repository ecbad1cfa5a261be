package bots_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// decode reads a position code, failing the test on an error.
func decode[P any, PP interface {
	*P
	UnmarshalText([]byte) error
}](t *testing.T, code string) P {
	t.Helper()
	var p P
	if err := PP(&p).UnmarshalText([]byte(code)); err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	return p
}

// near reports whether a and b agree to rounding.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// evaluatesFairly: on the positions of seeded random games, a two-player
// evaluation is antisymmetric (the searches rely on it), allocates
// nothing (but under the race detector, where sync.Pool, which lends
// Crumble's its working memory, drops items at random), and scores the
// symmetric start 0 for both seats.
func evaluatesFairly[P boardrules.Position[P, M], M comparable](t *testing.T, start P, e bots.Evaluator[P]) {
	if v0, v1 := e.Evaluate(start, 0), e.Evaluate(start, 1); !near(v0, 0) || !near(v1, 0) {
		t.Errorf("the start scores %v and %v, want 0: it is the same for both seats", v0, v1)
	}
	r := rand.New(rand.NewPCG(2, 2))
	for g := range 5 {
		p := start
		for ply := 0; p.ToMove() != boardrules.NoPlayer && ply < 60; ply++ {
			if v0, v1 := e.Evaluate(p, 0), e.Evaluate(p, 1); v0 != -v1 {
				t.Fatalf("game %d ply %d: Evaluate gives %v for seat 0 and %v for seat 1\n%v", g, ply, v0, v1, p)
			}
			p, _ = boardrules.Playout(p, r, 1)
		}
	}
	if a := testing.AllocsPerRun(20, func() { e.Evaluate(start, 0) }); a != 0 && !raceEnabled {
		t.Errorf("Evaluate allocates %v times", a)
	}
}

func TestEvaluationsAreFair(t *testing.T) {
	t.Run("tumbling", func(t *testing.T) { evaluatesFairly(t, tumbling.Standard(), bots.TumblingEval{}) })
	t.Run("flooprail", func(t *testing.T) { evaluatesFairly(t, flooprail.Standard(), bots.FloopRailEval{}) })
	t.Run("terrace", func(t *testing.T) { evaluatesFairly(t, terrace.Standard(), bots.TerraceEval{}) })
	t.Run("crumble", func(t *testing.T) { evaluatesFairly(t, crumble.Standard(), bots.CrumbleEval{}) })
	for _, e := range []any{bots.EvaluatorOf[tumbling.Position](), bots.EvaluatorOf[flooprail.Position](),
		bots.EvaluatorOf[terrace.Position](), bots.EvaluatorOf[crumble.Position]()} {
		if e == nil {
			t.Error("EvaluatorOf does not know one of the engines")
		}
	}
	if bots.EvaluatorOf[tablePos]() != nil {
		t.Error("EvaluatorOf knows a type it has no evaluation for")
	}
}

// TestFloopRailEval: a piece is worth 1 (a Flooper on its back space), a
// SooperFlooper 1.5, a step forward 0.1, and in Reverse FloopRail a piece
// is a burden worth -1. Row 7 holds D7 and E7, X's back spaces (D7 one
// step on, since E7 is farther from X's goal).
func TestFloopRailEval(t *testing.T) {
	e := bots.FloopRailEval{}
	for _, c := range []struct {
		code string
		o    float64 // the score of O
	}{
		{"flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xx", 0},
		{"flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/x.", 1},   // X lost E7 (1)
		{"flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/X.", 0.6}, // X lost E7, and D7 (1.1) is a SooperFlooper (1.5)
		{"flooprail normal o .o/ooo./ooo..x/ooo..xxx/oo.xxx/.xxx/xx", 0.3}, // O's D1 (1) is now on C5, three steps on (1.3)
		{"flooprail reverse o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/x.", -1}, // in reverse, O has one more burden
		{"flooprail reverse x oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/X.", -1}, // whatever the kinds
	} {
		p := decode[flooprail.Position](t, c.code)
		if got := e.Evaluate(p, p.PlayerOf(flooprail.O)); !near(got, c.o) {
			t.Errorf("%s: O scores %v, want %v", c.code, got, c.o)
		}
	}
}

// TestTumblingEval: on a board of three stacks (Black's king B3 on A1 and
// man B1 on E5, White's king W2 on D5), Black scores its men and stacks,
// and the man next to White's king is an attack: worth 12 with Black to
// move (the capture is a move away), costing White 2 with White to move.
func TestTumblingEval(t *testing.T) {
	e := bots.TumblingEval{}
	const board = ",,,,,,,/,,,,,,,/,,,,,,,/,,,W2,B1,,,/,,,,,,,/,,,,,,,/,,,,,,,/B3,,,,,,,"
	// Black: 4 men, 2 stacks, king 3 high; White: 2 men, 1 stack, king 2.
	material := (4 + 0.3*2 + 0.3*3) - (2 + 0.3*1 + 0.3*2)
	for _, c := range []struct {
		toMove string
		black  float64
	}{{"b", material + 12}, {"w", material + 2}} {
		p := decode[tumbling.Position](t, "tumbling pbmserv "+c.toMove+" "+board)
		if got := e.Evaluate(p, p.PlayerOf(tumbling.Black)); !near(got, c.black) {
			t.Errorf("%s to move: Black scores %v, want %v", c.toMove, got, c.black)
		}
	}
	// a tumble reaches the king: W2 on D5, and Black's W1B1 on D7
	// tumbling south drops its White man on D6 and its Black man on D5
	p := decode[tumbling.Position](t, "tumbling pbmserv b ,,,,,,,/,,,W1B1,,,,/,,,,,,,/,,,W2,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B3,,,,,,,")
	if got, calm := e.Evaluate(p, 0), (5+0.3*2+0.3*3)-(2+0.3*1+0.3*2); !near(got, calm+12) {
		t.Errorf("a tumble onto the king: Black scores %v, want %v", got, calm+12)
	}
}

// TestTerraceEval: material counts sizes, the T earns 0.5 a step toward its
// goal, a T next to an enemy piece one level up is attacked, and a seat
// that is out scores -100.
func TestTerraceEval(t *testing.T) {
	e := bots.TerraceEval{}
	for _, c := range []struct {
		code string
		want float64 // seat 0's score
	}{
		{"terrace 8 2p 0 T7/8/8/8/8/8/8/t7", 0},        // both Ts 7 steps from their goals
		{"terrace 8 2p 0 T7/8/8/8/8/8/1t6/8", 0.5},     // seat 0's T one step on, on b2 (level 2)
		{"terrace 8 2p 0 T7/8/8/8/8/8/8/t6D", -4},      // seat 1 has a D more
		{"terrace 8 2p 1 T7/8/8/8/8/8/1t6/D7", -3.5},   // seat 1's D on a1, below b2: no attack
		{"terrace 8 2p 1 T7/8/8/8/8/2D5/1t6/8", -11.5}, // on c3 (level 3) it attacks, seat 1 to move: 8 to it
		{"terrace 8 2p 0 T7/8/8/8/8/2D5/1t6/8", -5.5},  // seat 0 to move must save its T: 2 to pay
	} {
		p := decode[terrace.Position](t, c.code)
		if got := e.Evaluate(p, 0); !near(got, c.want) {
			t.Errorf("%s: seat 0 scores %v, want %v\n%v", c.code, got, c.want, p)
		}
	}
	p, _ := terrace.New(terrace.Variant{Board: 6, Players: 3})
	if got := e.Evaluate(p, 0); !near(got, 0) {
		t.Errorf("6x6 three players: seat 0 scores %v at the start, want 0", got)
	}
}

// TestCrumbleEval: a bottom row of three Black 2x1 pieces makes one chain
// from West to East, joined by the three Black squares standing on it
// (sx 1, sy 1/3, area 1/4); Black keeps twelve one-square chains beside
// it, White fifteen.
func TestCrumbleEval(t *testing.T) {
	e := bots.CrumbleEval{}
	row := "crumble 6x6 b B0,0,2,1 B2,0,2,1 B4,0,2,1 W0,1,1,1 B1,1,1,1 W2,1,1,1 B3,1,1,1 W4,1,1,1 B5,1,1,1 B0,2,1,1 W1,2,1,1 B2,2,1,1 W3,2,1,1 B4,2,1,1 W5,2,1,1 W0,3,1,1 B1,3,1,1 W2,3,1,1 B3,3,1,1 W4,3,1,1 B5,3,1,1 B0,4,1,1 W1,4,1,1 B2,4,1,1 W3,4,1,1 B4,4,1,1 W5,4,1,1 W0,5,1,1 B1,5,1,1 W2,5,1,1 B3,5,1,1 W4,5,1,1 B5,5,1,1"
	p := decode[crumble.Position](t, row)
	unit := 2.0/36 + 0.3/(36*36) // a one-square chain
	want := (1 + 1.0/9 + 0.3/16) + 12*unit - 15*unit
	if got := e.Evaluate(p, p.PlayerOf(crumble.Black)); !near(got, want) {
		t.Errorf("Black scores %v, want %v", got, want)
	}
}

// TestCrumbleEvalFindsTheChains checks the evaluation's chains against
// chains found another way, on positions of seeded random games: each
// piece drawn on a grid of cells and the cells of one colour joined
// across their sides (pieces that share a side share cells' sides).
func TestCrumbleEvalFindsTheChains(t *testing.T) {
	start, _ := crumble.New(crumble.Variant{Width: 4, Height: 4})
	r := rand.New(rand.NewPCG(5, 5))
	checked := 0
	for g := range 10 {
		p := start
		for ply := 0; p.ToMove() != boardrules.NoPlayer && ply < 40; ply++ {
			if want, ok := rasterScore(p, 16); ok {
				checked++
				if got := (bots.CrumbleEval{}).Evaluate(p, p.PlayerOf(crumble.Black)); !near(got, want) {
					t.Fatalf("game %d ply %d: the evaluation scores %v, the chains of the grid %v\n%v", g, ply, got, want, p)
				}
			}
			p, _ = boardrules.Playout(p, r, 1)
		}
	}
	if checked < 100 {
		t.Errorf("only %d positions fit the grid", checked)
	}
}

// TestCrumbleEvalDividesExactly checks that the evaluation's sums are the
// very floats of the chains' spans divided by the board's sides, in
// AppendChains's order, on boards whose sides are powers of two (where it
// multiplies by their inverses instead) and on boards whose sides are not.
func TestCrumbleEvalDividesExactly(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for _, v := range []crumble.Variant{{Width: 8, Height: 8}, {Width: 4, Height: 8}, {Width: 6, Height: 6}, {Width: 5, Height: 8}} {
		start, err := crumble.New(v)
		if err != nil {
			t.Fatal(err)
		}
		p := start
		for ply := 0; p.ToMove() != boardrules.NoPlayer && ply < 60; ply++ {
			w, h := float64(v.Width), float64(v.Height)
			want := 0.0
			for _, c := range p.AppendChains(nil) {
				cw, ch := c.Size()
				sx, sy, a := cw/w, ch/h, c.Area()/(w*h)
				s := sx*sx + sy*sy + 0.3*a*a
				if c.Color() != crumble.Black {
					s = -s
				}
				want += s
			}
			if got := (bots.CrumbleEval{}).Evaluate(p, p.PlayerOf(crumble.Black)); got != want {
				t.Fatalf("%v ply %d: the evaluation scores %v, the divided spans %v", v, ply, got, want)
			}
			p, _ = boardrules.Playout(p, r, 1)
		}
	}
}

// rasterScore is CrumbleEval's score for Black computed on a grid of k
// cells a unit; ok is false when a piece does not fit the grid.
func rasterScore(p crumble.Position, k int) (float64, bool) {
	v := p.Variant()
	w, h := v.Width*k, v.Height*k
	cell := make([]crumble.Color, w*h)
	for i := range p.NumPieces() {
		pc := p.Piece(i)
		x0, y0 := pc.X().Float64()*float64(k), pc.Y().Float64()*float64(k)
		x1, y1 := x0+pc.W().Float64()*float64(k), y0+pc.H().Float64()*float64(k)
		for _, c := range []float64{x0, y0, x1, y1} {
			if c != math.Trunc(c) {
				return 0, false
			}
		}
		for y := int(y0); y < int(y1); y++ {
			for x := int(x0); x < int(x1); x++ {
				cell[x+y*w] = pc.Color()
			}
		}
	}
	seen := make([]bool, w*h)
	score := 0.0
	for i := range cell {
		if seen[i] {
			continue
		}
		c := cell[i]
		x0, y0, x1, y1, area := w, h, 0, 0, 0
		stack := []int{i}
		seen[i] = true
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := j%w, j/w
			x0, y0, x1, y1, area = min(x0, x), min(y0, y), max(x1, x+1), max(y1, y+1), area+1
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if nx >= 0 && nx < w && ny >= 0 && ny < h && !seen[nx+ny*w] && cell[nx+ny*w] == c {
					seen[nx+ny*w] = true
					stack = append(stack, nx+ny*w)
				}
			}
		}
		sx, sy, a := float64(x1-x0)/float64(w), float64(y1-y0)/float64(h), float64(area)/float64(w*h)
		s := sx*sx + sy*sy + 0.3*a*a
		if c != crumble.Black {
			s = -s
		}
		score += s
	}
	return score, true
}
