package crumble

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// chainView is a chain as its methods read it.
type chainView struct {
	Color     Color
	NumPieces int
	X, Y, W   Coord
	H         Coord
	Area      float64
}

// coordsEqual compares Coords with ==, for cmp.
var coordsEqual = cmp.Comparer(func(a, b Coord) bool { return a == b })

func viewChains(cs []Chain) []chainView {
	out := make([]chainView, len(cs))
	for i, c := range cs {
		out[i] = chainView{c.Color(), c.NumPieces(), c.X(), c.Y(), c.W(), c.H(), c.Area()}
	}
	return out
}

// pairwiseChains finds the chains of p the slow way, from the pieces
// Piece reports: every pair of pieces tested for edge contact in exact
// integers, joined in the order AppendChains documents (each piece with
// the later pieces it touches, a set's root linked under the other's),
// and listed by root.
func pairwiseChains(p Position) []chainView {
	n := p.NumPieces()
	e := 0
	for i := range n {
		pc := p.Piece(i)
		e = max(e, pc.X().Exp(), pc.Y().Exp(), pc.W().Exp(), pc.H().Exp())
	}
	grid := func(c Coord) int64 { return c.Num() << (e - c.Exp()) }
	type box struct{ x0, y0, x1, y1 int64 }
	boxes := make([]box, n)
	for i := range n {
		pc := p.Piece(i)
		x, y := grid(pc.X()), grid(pc.Y())
		boxes[i] = box{x, y, x + grid(pc.W()), y + grid(pc.H())}
	}
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := boxes[i], boxes[j]
			if p.Piece(i).Color() != p.Piece(j).Color() {
				continue
			}
			side := (a.x1 == b.x0 || b.x1 == a.x0) && min(a.y1, b.y1) > max(a.y0, b.y0)
			end := (a.y1 == b.y0 || b.y1 == a.y0) && min(a.x1, b.x1) > max(a.x0, b.x0)
			if ri, rj := find(i), find(j); (side || end) && ri != rj {
				parent[ri] = rj
			}
		}
	}
	var out []chainView
	for r := range n {
		if parent[r] != r {
			continue
		}
		c := chainView{Color: p.Piece(r).Color()}
		bb := box{1 << 62, 1 << 62, 0, 0}
		for i := range n {
			if find(i) != r {
				continue
			}
			pc, b := p.Piece(i), boxes[i]
			bb = box{min(bb.x0, b.x0), min(bb.y0, b.y0), max(bb.x1, b.x1), max(bb.y1, b.y1)}
			c.Area += pc.W().Float64() * pc.H().Float64()
			c.NumPieces++
		}
		c.X, c.Y = NewCoord(bb.x0, e), NewCoord(bb.y0, e)
		c.W, c.H = NewCoord(bb.x1-bb.x0, e), NewCoord(bb.y1-bb.y0, e)
		out = append(out, c)
	}
	return out
}

// checkChains compares AppendChains with pairwiseChains on p.
func checkChains(t interface {
	Helper()
	Fatalf(string, ...any)
}, name string, p Position) {
	t.Helper()
	got := viewChains(p.AppendChains(nil))
	if diff := cmp.Diff(pairwiseChains(p), got, coordsEqual); diff != "" {
		t.Fatalf("%s: AppendChains differs from the pairwise scan (-want +got):\n%s\n%s", name, diff, code(p))
	}
}

// gridPiece is a piece on a grid of 2^-e units.
type gridPiece struct {
	x, y, w, h int64
	c          Color
}

// tilingCode is the position code of a tiling on a grid of 2^-e units,
// Black to move.
func tilingCode(v Variant, e int, ps []gridPiece) string {
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b gridPiece) int {
		if a.y != b.y {
			return int(a.y - b.y)
		}
		return int(a.x - b.x)
	})
	var b strings.Builder
	fmt.Fprintf(&b, "crumble %dx%d b", v.Width, v.Height)
	for _, pc := range ps {
		fmt.Fprintf(&b, " %c%v,%v,%v,%v", "BW"[pc.c], NewCoord(pc.x, e), NewCoord(pc.y, e), NewCoord(pc.w, e), NewCoord(pc.h, e))
	}
	return b.String()
}

// fromTiling decodes a tiling built by the constructions below, which
// are all valid positions.
func fromTiling(v Variant, e int, ps []gridPiece) Position {
	var p Position
	if err := p.UnmarshalText([]byte(tilingCode(v, e, ps))); err != nil {
		panic(err)
	}
	return p
}

// startTiling is the start of v on a grid of 2^-e units.
func startTiling(v Variant, e int) []gridPiece {
	var ps []gridPiece
	one := int64(1) << e
	for j := range v.Height {
		for i := range v.Width {
			c := White
			if (i+j+v.Height-1)%2 == 0 {
				c = Black
			}
			ps = append(ps, gridPiece{int64(i) * one, int64(j) * one, one, one, c})
		}
	}
	return ps
}

// halve cuts piece i of ps in two along a cut its shape allows (H across
// a square or a tall piece, V across a square or a wide one; across a
// square, vertical chooses), keeping its colour.
func halve(ps []gridPiece, i int, vertical bool) []gridPiece {
	pc := ps[i]
	if pc.w > pc.h || (pc.w == pc.h && vertical) {
		pc.w /= 2
		ps[i] = pc
		pc.x += pc.w
	} else {
		pc.h /= 2
		ps[i] = pc
		pc.y += pc.h
	}
	return append(ps, pc)
}

// subdivided cuts random pieces of the start of v in two until there are
// n: a tiling of a game of splits, the groups the start's.
func subdivided(v Variant, seed uint64, n int) Position {
	r := rand.New(rand.NewPCG(seed, 9))
	const e = 24
	ps := startTiling(v, e)
	for len(ps) < n {
		ps = halve(ps, r.IntN(len(ps)), r.IntN(2) == 0)
	}
	return fromTiling(v, e, ps)
}

// deepPieces halves the square (0,1) of the 6x6 start, and its
// lower-left part again, as far as the precision limit allows: pieces
// down to 2^-59 units, beyond float64's 53 bits, on a grid of 2^-59.
func deepPieces() []gridPiece {
	ps := startTiling(Variant{Width: 6, Height: 6}, 59)
	i := 6 // the square (0,1)
	for cut := 0; ps[i].w > 1 || ps[i].h > 1; cut++ {
		ps = halve(ps, i, cut%2 == 0)
	}
	return ps
}

// deepest is the position of deepPieces.
func deepest() Position { return fromTiling(Variant{Width: 6, Height: 6}, 59, deepPieces()) }

// deepLeaves is deepest with more pieces halved, at random, until the
// tiling is too large to be flat: pieces finer than float64's 53 bits in
// a tiling in leaves, whose chains' areas are added in code order.
func deepLeaves() Position {
	ps := deepPieces()
	r := rand.New(rand.NewPCG(5, 9))
	for len(ps) <= 2*flatMax {
		if k := r.IntN(len(ps)); ps[k].w > 1 && ps[k].h > 1 {
			ps = halve(ps, k, r.IntN(2) == 0)
		}
	}
	return fromTiling(Variant{Width: 6, Height: 6}, 59, ps)
}

// TestChainsOfDeepLeaves: the chains of deepLeaves, whose areas are not
// all exact in float64, are the pairwise scan's.
func TestChainsOfDeepLeaves(t *testing.T) {
	p := deepLeaves()
	if p.t.flat != nil {
		t.Fatalf("the tiling of %d pieces is flat", p.NumPieces())
	}
	checkChains(t, "deep leaves", p)
}

// TestChainsOfPlayedLeaves checks AppendChains against the pairwise scan
// on the positions of random games on boards too large for a flat
// tiling, as Play leaves their records: slots out of code order, and
// slots of pieces a join removed.
func TestChainsOfPlayedLeaves(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	for _, v := range []Variant{{Width: 17, Height: 16}, {Width: 12, Height: 24}} {
		p, err := New(v)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120 && p.Outcome().Status == boardrules.Ongoing; ply++ {
			m, _ := p.RandomMove(r)
			p = p.PlayUnchecked(m)
			if ply%8 == 0 {
				checkChains(t, fmt.Sprintf("%v after %d plies", v, ply+1), p)
			}
		}
		if p.t.flat != nil || p.t.slots == p.t.n {
			t.Errorf("%v: the game left a tiling flat or without a removed slot (%d slots, %d pieces)", v, p.t.slots, p.t.n)
		}
	}
}

// TestChainSize: Size gives the box's sides as W and H do.
func TestChainSize(t *testing.T) {
	for _, c := range chainPositions(t) {
		for _, ch := range c.p.AppendChains(nil) {
			if w, h := ch.Size(); w != ch.W().Float64() || h != ch.H().Float64() {
				t.Fatalf("%s: Size gives %v, %v for a box %v by %v", c.name, w, h, ch.W(), ch.H())
			}
		}
	}
}

// chainPositions are the positions of testdata/crowded.txt, with the
// deepest position, named with their counts of pieces.
func chainPositions(tb testing.TB) []crowded {
	return append(readCrowded(tb), crowded{name: "deepest6", pieces: 154, p: deepest()},
		crowded{name: "deepleaves6", pieces: deepLeaves().NumPieces(), p: deepLeaves()})
}

// TestChainsOfCrowdedPositions checks AppendChains against the pairwise
// scan on the crowded positions (random games, games of splits, the
// constructions of rows of small squares) and on pieces down to the
// precision limit.
func TestChainsOfCrowdedPositions(t *testing.T) {
	for _, c := range chainPositions(t) {
		checkChains(t, c.name, c.p)
	}
}

// TestChainsOfRandomGames checks AppendChains against the pairwise scan
// on the positions of random games, on boards of every shape, and on
// random tilings of games of splits.
func TestChainsOfRandomGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		if rapid.Bool().Draw(t, "subdivided") {
			v := Variant{Width: rapid.IntRange(2, 9).Draw(t, "w"), Height: rapid.IntRange(2, 9).Draw(t, "h")}
			n := rapid.IntRange(v.Width*v.Height, 400).Draw(t, "pieces")
			checkChains(t, "subdivided", subdivided(v, rapid.Uint64().Draw(t, "seed"), n))
			return
		}
		checkChains(t, "game", genPosition(t))
	})
}

// TestChainsTellTheWin: a won position has a chain of the winner's
// colour that spans the board both ways, and no other position has one.
func TestChainsTellTheWin(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	wins := 0
	for range 40 {
		p, _ := New(Variant{Width: 3, Height: 3})
		for ply := 0; ply < 300 && p.Outcome().Status == boardrules.Ongoing; ply++ {
			m, _ := p.RandomMove(r)
			p = p.PlayUnchecked(m)
		}
		o := p.Outcome()
		spans := NoColor
		for _, c := range p.AppendChains(nil) {
			if c.W() == NewCoord(3, 0) && c.H() == NewCoord(3, 0) {
				spans = c.Color()
			}
		}
		if o.Rule == RuleConnection {
			wins++
			if spans != p.ColorOf(o.Winner) {
				t.Fatalf("%v: the spanning chain is %v's\n%s", o, spans, code(p))
			}
		} else if spans != NoColor {
			t.Fatalf("%v: %v has a spanning chain\n%s", o, spans, code(p))
		}
	}
	if wins == 0 {
		t.Error("no game was won")
	}
}

func TestAppendChainsAppends(t *testing.T) {
	p := Standard()
	if got := (Position{}).AppendChains(nil); got != nil {
		t.Errorf("the zero Position has chains %v", got)
	}
	dst := p.AppendChains([]Chain{{}})
	if len(dst) != 37 || dst[0] != (Chain{}) {
		t.Errorf("AppendChains on one chain gives %d chains, the first %v", len(dst), dst[0])
	}
	// the 6x6 start: every square is a chain of its own, in order
	for i, c := range dst[1:] {
		pc := p.Piece(i)
		want := chainView{pc.Color(), 1, pc.X(), pc.Y(), pc.W(), pc.H(), 1}
		if got := viewChains([]Chain{c})[0]; got != want {
			t.Errorf("chain %d is %+v, want %+v", i, got, want)
		}
		if c.Owner() != pc.Owner() {
			t.Errorf("chain %d is %v's, want %v's", i, c.Owner(), pc.Owner())
		}
	}
}

// TestAppendChainsAllocatesNothing: with room in dst, and on Equal
// positions decoded apart, the same chains. (Under the race detector the
// pool of working memory drops it at random, so only the chains count.)
func TestAppendChainsAllocatesNothing(t *testing.T) {
	for _, c := range chainPositions(t) {
		buf := c.p.AppendChains(nil)
		ts := twins(t, c.p)
		if a := testing.AllocsPerRun(10, func() { buf = ts[1].AppendChains(buf[:0]) }); a != 0 && !raceEnabled {
			t.Errorf("%s: AppendChains allocates %v times", c.name, a)
		}
		if diff := cmp.Diff(viewChains(c.p.AppendChains(nil)), viewChains(buf), coordsEqual); diff != "" {
			t.Errorf("%s: a decoded copy has other chains:\n%s", c.name, diff)
		}
	}
}

// BenchmarkAppendChains times AppendChains on the crowded positions, of
// 36 to 1,205 pieces.
//
//	go test -run '^$' -bench AppendChains -benchmem ./crumble/
func BenchmarkAppendChains(b *testing.B) {
	for _, c := range chainPositions(b) {
		b.Run(fmt.Sprintf("%s-%d", c.name, c.pieces), func(b *testing.B) {
			buf := c.p.AppendChains(nil)
			b.ReportAllocs()
			for b.Loop() {
				buf = c.p.AppendChains(buf[:0])
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.p.NumPieces()), "ns/piece")
		})
	}
}

// TestChainsCPUTime reports the thread CPU time of AppendChains on the
// crowded positions, the best of five rounds of 100 ms, which grows far
// less than wall-clock time when other processes share the machine. Run
// it with CRUMBLE_CPUTIME=1 go test -run ChainsCPUTime -v ./crumble.
func TestChainsCPUTime(t *testing.T) {
	if os.Getenv("CRUMBLE_CPUTIME") == "" {
		t.Skip("set CRUMBLE_CPUTIME=1")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, c := range chainPositions(t) {
		buf := c.p.AppendChains(nil)
		best := time.Duration(math.MaxInt64)
		for range 5 {
			n, t0 := 0, threadCPU()
			for ; threadCPU()-t0 < 100*time.Millisecond; n += 10 {
				for range 10 {
					buf = c.p.AppendChains(buf[:0])
				}
			}
			best = min(best, (threadCPU()-t0)/time.Duration(n))
		}
		t.Logf("%-14s %5d pieces %5d chains %8v CPU", c.name, c.pieces, len(buf), best)
	}
}

func TestZeroChain(t *testing.T) {
	var c Chain
	if c.Color() != NoColor || c.Owner() != boardrules.NoPlayer || c.NumPieces() != 0 || c.Area() != 0 {
		t.Errorf("the zero Chain is %v's (%v), %d pieces, area %v", c.Owner(), c.Color(), c.NumPieces(), c.Area())
	}
}
