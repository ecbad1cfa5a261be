package crumble

// A slow reference for the swap path: full-side neighbours, captures and the
// win check computed from scratch by brute force after every step, written
// independently of the contact graphs of graph.go and bitgraph.go and the steps of capture.go.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/boardrules/boardrules"
)

type refBoard struct {
	ps     []piece
	wf, hf int64
}

func touches(a, b rect) (touch, edge bool) {
	ox := min(a.x+a.w, b.x+b.w) - max(a.x, b.x)
	oy := min(a.y+a.h, b.y+b.h) - max(a.y, b.y)
	if ox < 0 || oy < 0 {
		return false, false
	}
	return true, (ox > 0) != (oy > 0)
}

func (b *refBoard) fullSide(i int, d byte) int {
	a := b.ps[i].R()
	for j, q := range b.ps {
		r := q.R()
		switch d {
		case 'N':
			if r.x == a.x && r.w == a.w && r.y == a.y+a.h {
				return j
			}
		case 'S':
			if r.x == a.x && r.w == a.w && r.y+r.h == a.y {
				return j
			}
		case 'E':
			if r.y == a.y && r.h == a.h && r.x == a.x+a.w {
				return j
			}
		case 'W':
			if r.y == a.y && r.h == a.h && r.x+r.w == a.x {
				return j
			}
		}
	}
	return -1
}

func (b *refBoard) onSide(r rect) bool {
	return r.x == 0 || r.y == 0 || r.x+r.w == b.wf || r.y+r.h == b.hf
}

// components returns a component id per piece, for touch (edge=false) or
// edge contact (edge=true) between same-coloured pieces.
func (b *refBoard) components(edgeOnly bool) []int {
	id := make([]int, len(b.ps))
	for i := range id {
		id[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for id[i] != i {
			i = id[i]
		}
		return i
	}
	for i := range b.ps {
		for j := i + 1; j < len(b.ps); j++ {
			if b.ps[i].C() != b.ps[j].C() {
				continue
			}
			t, e := touches(b.ps[i].R(), b.ps[j].R())
			if t && (!edgeOnly || e) {
				id[find(i)] = find(j)
			}
		}
	}
	for i := range id {
		id[i] = find(i)
	}
	return id
}

func (b *refBoard) capture() {
	for {
		id := b.components(false)
		safe := map[int]bool{}
		for i, q := range b.ps {
			if b.onSide(q.R()) {
				safe[id[i]] = true
			}
		}
		any := false
		var flips []int
		for i := range b.ps {
			if !safe[id[i]] {
				flips = append(flips, i)
				any = true
			}
		}
		if !any {
			return
		}
		for _, i := range flips {
			b.ps[i] = b.ps[i].withColor(b.ps[i].C().Other())
		}
	}
}

func (b *refBoard) winner() int8 {
	id := b.components(true)
	sides := map[int]uint8{}
	for i, q := range b.ps {
		sides[id[i]] |= sideMask(q.R(), b.wf, b.hf)
	}
	for i := range b.ps {
		if sides[id[i]] == allSides {
			return int8(b.ps[i].C())
		}
	}
	return -1
}

// refPlay plays m's path with the reference rules and returns the pieces
// (sorted), the winner or -1, and the final travelling piece's rectangle.
func refPlay(t *testing.T, p Position, m Move) (string, int8) {
	t.Helper()
	var s scratch
	p.resolveAction(&s, &m)
	wf, hf := p.dims()
	b := refBoard{wf: wf, hf: hf}
	dead := map[int32]bool{}
	for _, i := range s.act.removed {
		dead[i] = true
	}
	for i, q := range p.list() {
		if !dead[int32(i)] {
			b.ps = append(b.ps, q)
		}
	}
	var srcs []int
	for _, r := range s.act.added {
		b.ps = append(b.ps, newPiece(r, p.turn))
		srcs = append(srcs, len(b.ps)-1)
	}
	path := m.SwapPath()
	win := int8(-1)
	if path != "" {
		tr := srcs[m.src]
		for k := 0; k < len(path); k++ {
			if win >= 0 || b.ps[tr].C() != p.turn {
				t.Fatalf("%s: step %d after the path ended", m, k+1)
			}
			u := b.fullSide(tr, path[k])
			if u < 0 || b.ps[u].C() == p.turn {
				t.Fatalf("%s: step %d illegal in the reference", m, k+1)
			}
			b.ps[tr], b.ps[u] = b.ps[tr].withColor(b.ps[u].C()), b.ps[u].withColor(b.ps[tr].C())
			b.capture()
			win = b.winner()
			tr = u
		}
	}
	q := withPieces(Position{v: p.v, shift: p.shift, turn: p.turn.Other()}, b.ps)
	return code(q), win
}

// TestReferencePaths checks every legal move of positions along random games
// against the brute-force reference.
func TestReferencePaths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	games, plies := 6, 40
	if testing.Short() {
		games, plies = 1, 16
	}
	for g := 0; g < games; g++ {
		p := Standard()
		for ply := 0; ply < plies && p.Outcome().Status == boardrules.Ongoing; ply++ {
			moves := p.LegalMoves()
			for _, m := range moves {
				q := p.PlayUnchecked(m)
				want, win := refPlay(t, p, m)
				// the engine's code carries the side to move after the move
				if got := code(q); got != want {
					t.Fatalf("after %s from %s:\n got %s\nwant %s", m, code(p), got, want)
				}
				if (win >= 0) != (q.Outcome().Status == boardrules.Win) || (win >= 0 && boardrules.Player(win) != q.Outcome().Winner) {
					t.Fatalf("after %s from %s: winner %d, outcome %+v", m, code(p), win, q.Outcome())
				}
			}
			p = p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
	}
}

// TestReferenceMoveSet enumerates every path of up to four steps with the
// reference and checks that the listed moves stand for exactly the distinct
// results.
func TestReferenceMoveSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	positions := []Position{Standard()}
	p := Standard()
	for ply := 0; ply < 48; ply++ {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		p = p.PlayUnchecked(moves[r.IntN(len(moves))])
		if ply%8 == 7 && p.Outcome().Status == boardrules.Ongoing && len(positions) < 5 {
			positions = append(positions, p)
		}
	}
	if testing.Short() {
		positions = positions[:2]
	}
	for _, p := range positions {
		moves := p.LegalMoves()
		listed := map[string]string{} // base + result -> move
		var bases []Move
		for _, m := range moves {
			key := baseKey(m) + "|" + resultKey(p, m)
			if o, dup := listed[key]; dup {
				t.Fatalf("%s and %s are equivalent in %s", o, m, code(p))
			}
			listed[key] = m.String()
			if m.SwapPath() == "" {
				bases = append(bases, m)
			}
		}
		// every join found by brute force is listed, and no other
		joins := map[string]bool{}
		for _, b := range bases {
			if b.kind == kindJ {
				joins[baseKey(b)] = true
			}
		}
		want := 0
		ps := p.list()
		for i, a := range ps {
			for _, c := range ps {
				if a.C() != p.turn || c.C() != p.turn {
					continue
				}
				if refJoin(ps, i, c.X()+c.w, c.Y()+c.H(), p.turn) {
					want++
					w, h := c.X()+c.w-a.X(), c.Y()+c.H()-a.Y()
					key := baseKey(Move{kind: kindJ, anchor: int32(i), wide: w, flags: joinShape(w, h)})
					if !joins[key] {
						t.Fatalf("join from piece %d to (%d,%d) not listed in %s", i, c.X()+c.w, c.Y()+c.H(), code(p))
					}
				}
			}
		}
		if want != len(joins) {
			t.Fatalf("%d joins listed, %d exist in %s", len(joins), want, code(p))
		}
		for _, b := range bases {
			nsrc := 1
			if b.kind != kindJ {
				nsrc = 2 * int(b.n)
			}
			for src := 0; src < nsrc; src++ {
				var rec func(path string)
				rec = func(path string) {
					if len(path) == 4 {
						return
					}
					for _, d := range "ENSW" {
						text := pathText(p, b, src, path+string(d))
						m, err := p.ParseMove(text)
						if err != nil {
							continue
						}
						key := baseKey(m) + "|" + resultKey(p, m)
						if _, ok := listed[key]; !ok {
							t.Fatalf("%s in %s: result not listed", text, code(p))
						}
						q := p.PlayUnchecked(m)
						if q.Outcome().Status == boardrules.Win {
							continue
						}
						if _, w := refPlay(t, p, m); w >= 0 {
							continue
						}
						rec(path + string(d))
					}
				}
				rec("")
			}
		}
	}
}

// refJoin reports, by testing every piece, whether the mover may join
// the rectangle from piece i's lower-left corner to (x1, y1): a legal
// shape, at least two pieces inside, every piece whose interior meets it
// inside it and the mover's.
func refJoin(ps []piece, i int, x1, y1 int64, mover Color) bool {
	x0, y0 := ps[i].X(), ps[i].Y()
	if !(rect{x0, y0, x1 - x0, y1 - y0}).legal() {
		return false
	}
	inside := 0
	for _, q := range ps {
		r := q.R()
		if r.x >= x1 || r.x+r.w <= x0 || r.y >= y1 || r.y+r.h <= y0 {
			continue
		}
		if q.C() != mover || r.x < x0 || r.x+r.w > x1 || r.y < y0 || r.y+r.h > y1 {
			return false
		}
		inside++
	}
	return inside >= 2
}

func baseKey(m Move) string {
	return fmt.Sprint(m.kind, m.anchor, m.n, m.wide, m.flags&shapeFlags)
}

// resultKey is the resulting position and turn record of a move.
func resultKey(p Position, m Move) string {
	q := p.PlayUnchecked(m)
	x := "none"
	if q.hist != nil && q.hist.hasX {
		x = p.pointText(q.hist.x.x, q.hist.x.y) + p.pointText(q.hist.x.w, q.hist.x.h)
	}
	return code(q) + "|" + x
}

// pathText writes the move of base b with a path from source src.
func pathText(p Position, b Move, src int, path string) string {
	base := b.String() // b has no path
	switch b.kind {
	case kindJ:
		return base + path
	case kindH, kindV:
		half := "NS"
		if b.kind == kindV {
			half = "EW"
		}
		if b.n > 1 {
			return base + "-" + itoa(src/2+1) + string(half[src&1]) + "-" + path
		}
		return base + string(half[src&1]) + "-" + path
	}
	return ""
}

func itoa(i int) string { return string(strconv.AppendInt(nil, int64(i), 10)) }

// TestJoinsOfCrowdedPositions: the joins the listing finds on crowded
// positions, with their pieces (the anchor first, the rest in any order,
// which the action sorts) and the pieces at their bottom-right and
// top-left corners, are those a brute force finds (refJoin), every own
// piece as the anchor and every own piece's upper-right corner as the far
// corner: rows of small pieces, where the joins of one width grow strip
// by strip, and the joins of random and split-only games.
func TestJoinsOfCrowdedPositions(t *testing.T) {
	names := []string{"random6-200", "random6-300", "random6-400", "split6-300", "rows6-126"}
	if testing.Short() {
		names = names[:1]
	}
	s := new(scratch)
	for _, name := range names {
		p := crowdedPosition(t, name)
		p.prepare(s)
		ps := s.last.v.ps
		got := map[[3]int64][]int32{}
		corners := map[[3]int64][2]int32{}
		for k := range s.list.bases {
			b := &s.list.bases[k]
			if b.kind != kindJ {
				continue
			}
			a := ps[b.anchor]
			key := [3]int64{int64(b.anchor), a.X() + b.wide, a.Y() + joinHeightOf(b.wide, b.shape)}
			got[key] = slices.Clone(s.walkOf(b))
			if got[key][0] != b.anchor {
				t.Fatalf("%s: the join %v lists pieces %v, not its anchor first", name, key, got[key])
			}
			slices.Sort(got[key])
			corners[key] = b.corners
		}
		want := 0
		for i, a := range ps {
			for _, c := range ps {
				x1, y1 := c.X()+c.w, c.Y()+c.H()
				if a.C() != p.turn || c.C() != p.turn || !refJoin(ps, i, x1, y1, p.turn) {
					continue
				}
				want++
				var inside []int32
				var br, tl int32 // the pieces at the bottom-right and top-left corners
				for j, q := range ps {
					if q.X() >= a.X() && q.Y() >= a.Y() && q.X()+q.w <= x1 && q.Y()+q.H() <= y1 {
						inside = append(inside, int32(j))
						if q.Y() == a.Y() && q.X()+q.w == x1 {
							br = int32(j)
						}
						if q.X() == a.X() && q.Y()+q.H() == y1 {
							tl = int32(j)
						}
					}
				}
				key := [3]int64{int64(i), x1, y1}
				if !slices.Equal(got[key], inside) {
					t.Fatalf("%s: the join from piece %d to (%d,%d) lists pieces %v, want %v", name, i, x1, y1, got[key], inside)
				}
				if corners[key] != [2]int32{br, tl} {
					t.Fatalf("%s: the join from piece %d to (%d,%d) has corner pieces %v, want %v", name, i, x1, y1, corners[key], [2]int32{br, tl})
				}
			}
		}
		if len(got) != want {
			t.Errorf("%s: %d joins listed, %d found by brute force", name, len(got), want)
		}
		if want < 20 {
			t.Errorf("%s: only %d joins", name, want)
		}
	}
}
