package crumble

// The contact graph's two forms (graph.go's lists, bitgraph.go's bitsets)
// against a brute-force reading of the tiling and against each other: as
// built, with a split or join overlaid, committed from ply to ply, in the
// swap steps and in the moves they list.

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/boardrules/boardrules"
	gocmp "github.com/google/go-cmp/cmp"
)

// graphView is a contact graph by the indices of the pieces of a tiling
// in position-code order: each piece with its colour, its sorted contacts
// (index<<1 | 1 for edge contact), its full-side neighbours and its sides.
type graphView struct {
	Pieces []piece
	Adj    [][]int32
	Nb     [][4]int32
	Side   []uint8
}

// bruteView reads the graph of ps (sorted) off the rectangles alone.
func bruteView(ps []piece, wf, hf int64) graphView {
	v := graphView{Pieces: slices.Clone(ps)}
	ref := refBoard{ps: ps, wf: wf, hf: hf}
	for i := range ps {
		var l []int32
		for j := range ps {
			if i == j {
				continue
			}
			if touch, edge := touches(ps[i].R(), ps[j].R()); touch {
				l = append(l, int32(j)<<1|b2i(edge))
			}
		}
		var nb [4]int32
		for d := range nb {
			nb[d] = int32(ref.fullSide(i, dirLetters[d]))
		}
		v.Adj = append(v.Adj, l)
		v.Nb = append(v.Nb, nb)
		v.Side = append(v.Side, sideMask(ps[i].R(), wf, hf))
	}
	return v
}

// viewOf reads a view off a graph whose slots hold pieces: slots lists
// the slot of each piece by its index, colour gives a slot's colour, and
// the other three read the graph by slot.
func viewOf(ps []piece, slots []int32, colour func(int32) Color, adj func(int32) []int32, nb func(int32) [4]int32, side func(int32) uint8) graphView {
	index := map[int32]int32{-1: -1}
	for i, v := range slots {
		index[v] = int32(i)
	}
	var out graphView
	for i, v := range slots {
		out.Pieces = append(out.Pieces, newPiece(ps[i].R(), colour(v)))
		var l []int32
		for _, a := range adj(v) {
			j, ok := index[a>>1]
			if !ok {
				j = -100 - a>>1 // a slot of no piece: shows in the diff
			}
			l = append(l, j<<1|a&1)
		}
		slices.Sort(l)
		out.Adj = append(out.Adj, l)
		var n [4]int32
		for d, u := range nb(v) {
			if j, ok := index[u]; ok {
				n[d] = j
			} else {
				n[d] = -100 - u
			}
		}
		out.Nb = append(out.Nb, n)
		out.Side = append(out.Side, side(v))
	}
	return out
}

// listsView is the view of the list graph g, whose pieces ps are in slots.
func listsView(g *graph, ps []piece, slots []int32, col []uint64) graphView {
	return viewOf(ps, slots, func(v int32) Color { return colorAt(col, v) },
		func(v int32) []int32 { return g.list(v) },
		func(v int32) [4]int32 { return g.nb[v] },
		func(v int32) uint8 { return g.side[v] })
}

// bitsView is the view of the bitset graph g, whose pieces ps are in
// slots, its sets masked with the live pieces as its readers mask them.
func bitsView(g *bitGraph, ps []piece, slots []int32, col set) graphView {
	return viewOf(ps, slots, func(v int32) Color { return Color(b2i(col.has(v))) },
		func(v int32) []int32 {
			var l []int32
			touch := g.touch[uint8(v)].and(g.live)
			for w := touch.pop(); w >= 0; w = touch.pop() {
				l = append(l, w<<1|b2i(g.edge[uint8(v)].has(w)))
			}
			return l
		},
		func(v int32) [4]int32 { return g.nb[uint8(v)] },
		func(v int32) uint8 { return g.side[uint8(v)] })
}

var viewOpts = gocmp.AllowUnexported(piece{}, rect{})

// viewDiff is go-cmp's diff of two views, run only when they differ (it
// is slow beside a plain comparison, which most calls end with).
func viewDiff(want, got graphView) string {
	if slices.Equal(want.Pieces, got.Pieces) && slices.Equal(want.Nb, got.Nb) && slices.Equal(want.Side, got.Side) &&
		slices.EqualFunc(want.Adj, got.Adj, slices.Equal) {
		return ""
	}
	return gocmp.Diff(want, got, viewOpts)
}

// identity returns the slots of n pieces of a graph built for them.
func identity(n int) []int32 {
	slots := make([]int32, n)
	for i := range slots {
		slots[i] = int32(i)
	}
	return slots
}

// afterAction returns the tiling right after the action in s.act on p,
// in position-code order, and for each of its pieces its provenance: the
// index in p of a kept piece, or -1-c for created piece c.
func afterAction(p *Position, s *scratch) ([]piece, []int32) {
	type prov struct {
		pc  piece
		src int32
	}
	var all []prov
	for i, pc := range p.list() {
		if !slices.Contains(s.act.removed, int32(i)) {
			all = append(all, prov{pc, int32(i)})
		}
	}
	for c, r := range s.act.added {
		all = append(all, prov{newPiece(r, p.turn), -1 - int32(c)})
	}
	slices.SortFunc(all, func(a, b prov) int { return cmp.Or(cmp.Compare(a.pc.Y(), b.pc.Y()), cmp.Compare(a.pc.X(), b.pc.X())) })
	var ps []piece
	var src []int32
	for _, a := range all {
		ps, src = append(ps, a.pc), append(src, a.src)
	}
	return ps, src
}

// sampledPositions calls visit with every position of a few seeded
// random games of each variant (randomPositions).
func sampledPositions(t *testing.T, variants []string, games, plies int, visit func(variant string, p Position)) {
	t.Helper()
	for _, variant := range variants {
		for _, p := range randomPositions(t, variant, games, plies) {
			visit(variant, p)
		}
	}
}

// TestGraphsAsBuilt: both forms of the contact graph of a position, as
// built, are the graph the rectangles give, on random positions of
// several boards.
func TestGraphsAsBuilt(t *testing.T) {
	s := new(scratch)
	n := 0
	sampledPositions(t, []string{"6x6", "3x5", "8x8", "2x2", "16x15"}, 2, 100, func(variant string, p Position) {
		wf, hf := p.dims()
		want := bruteView(p.list(), wf, hf)
		g := p.tile(s)
		if diff := viewDiff(want, listsView(g, p.list(), identity(len(p.list())), g.white)); diff != "" {
			t.Fatalf("%s %s: lists differ from the rectangles (-rectangles +lists):\n%s", variant, code(p), diff)
		}
		if fitsBits(len(p.list())) {
			b := p.tileBits(s)
			if diff := viewDiff(want, bitsView(b, p.list(), b.slotOf, b.white)); diff != "" {
				t.Fatalf("%s %s: bitsets differ from the rectangles (-rectangles +bits):\n%s", variant, code(p), diff)
			}
		}
		n++
	})
	if n < scaled(500) {
		t.Fatalf("only %d positions compared", n)
	}
}

// TestOverlaysAsBuilt: with each split and join of random positions
// overlaid, both forms of the graph are the graph of the tiling right
// after the action, coloured as it leaves it.
func TestOverlaysAsBuilt(t *testing.T) {
	s := new(scratch)
	n := 0
	sampledPositions(t, []string{"6x6", "3x5", "4x4", "2x2"}, 2, 80, func(variant string, p Position) {
		p.prepare(s)
		for k := range s.list.bases {
			// a split's action as setAction fills it (from the split
			// before, of the same walk), a join's with its pieces
			if m := p.setAction(s, k); m.kind == kindJ {
				p.fillListed(s, &m, &s.list.bases[k])
			}
			ps, src := afterAction(&p, s)
			wf, hf := p.dims()
			var fresh graph // checked against the rectangles by TestGraphsAsBuilt
			fresh.build(ps, nil, wf, hf)
			want := listsView(&fresh, ps, identity(len(ps)), fresh.white)
			g := p.tile(s)
			g.overlay(&s.act, p.turn)
			slots := make([]int32, len(src))
			for j, v := range src {
				if v >= 0 {
					slots[j] = v
				} else {
					slots[j] = int32(g.n) - 1 - v
				}
			}
			if diff := viewDiff(want, listsView(g, ps, slots, g.c0)); diff != "" {
				t.Fatalf("%s %s base %d: overlaid lists differ (-rectangles +lists):\n%s", variant, code(p), k, diff)
			}
			if fitsBits(len(p.list())) {
				b := p.tileBits(s)
				b.overlay(&s.act, p.turn)
				for j, v := range src {
					if v >= 0 {
						slots[j] = b.slotOf[v]
					} else {
						slots[j] = b.made[-1-v]
					}
				}
				if diff := viewDiff(want, bitsView(b, ps, slots, b.c0)); diff != "" {
					t.Fatalf("%s %s base %d: overlaid bitsets differ (-rectangles +bits):\n%s", variant, code(p), k, diff)
				}
			}
			n++
		}
		p.tile(s).undo()
	})
	if n < scaled(3000) {
		t.Fatalf("only %d splits and joins compared", n)
	}
}

// TestCommitsAsBuilt: the bitset graph that a scratch commits from ply to
// ply along long random games (RandomMove and PlayUnchecked, the moves of
// a playout) is the graph of each position, colours and sides included,
// across the cleans that running out of clean slots forces.
func TestCommitsAsBuilt(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	s := new(scratch)
	commits, cleans := 0, 0
	for _, variant := range []string{"6x6", "3x5", "8x8"} {
		for range 3 {
			p := startOf(t, variant)
			for ply := 0; ply < 200 && p.status == boardrules.Ongoing; ply++ {
				m := p.sample(s, r)
				q := p.playUnchecked(s, m)
				if q.status != boardrules.Ongoing || !fitsBits(len(q.list())) {
					p = q
					continue
				}
				gen := s.last.bitsGen
				s.take(&q)
				if s.last.bitsGen == gen || !s.holdsBits(&q) {
					p = q // the move was played on the lists: no commit
					s.last.bits = bitGraph{}
					continue
				}
				wf, hf := q.dims()
				var fresh graph
				fresh.build(q.list(), nil, wf, hf)
				if diff := viewDiff(listsView(&fresh, q.list(), identity(len(q.list())), fresh.white), bitsView(&s.last.bits, q.list(), s.last.bits.slotOf, s.last.bits.white)); diff != "" {
					t.Fatalf("%s ply %d %s after %v: committed graph differs (-rectangles +committed):\n%s", variant, ply, code(q), m, diff)
				}
				if on := s.last.bits.onSide.and(s.last.bits.base); on != onSideOf(&s.last.bits, q) {
					t.Fatalf("%s ply %d: the pieces on a side are %v, want %v", variant, ply, on, onSideOf(&s.last.bits, q))
				}
				commits++
				p = q
			}
		}
	}
	cleans = s.last.bits.cleans
	t.Logf("%d commits, %d cleans", commits, cleans)
	if commits < 500 || cleans == 0 {
		t.Fatalf("only %d commits and %d cleans checked", commits, cleans)
	}
}

// onSideOf returns the slots of g, the graph of q, of the pieces of q on
// a side of the board.
func onSideOf(g *bitGraph, q Position) set {
	var s set
	wf, hf := q.dims()
	for i, pc := range q.list() {
		if sideMask(pc.R(), wf, hf) != 0 {
			s.add(g.slotOf[i])
		}
	}
	return s
}

// TestListsAsBits: listing the moves with the swap paths searched on the
// lists gives the very moves, in the very order, of the search on the
// bitsets, on random positions of several boards and on a 16x15 board
// whose splits of 9 pieces or more do not fit the bitsets' slots.
func TestListsAsBits(t *testing.T) {
	plies := 150
	if testing.Short() {
		plies = 60
	}
	sb, sl := new(scratch), new(scratch)
	compared, moves := 0, 0
	sampledPositions(t, []string{"6x6", "3x5", "4x4", "8x8", "2x2"}, 4, plies, func(variant string, p Position) {
		if !fitsBits(len(p.list())) {
			return
		}
		got := p.appendLegalMovesOn(sb, nil, true)
		want := p.appendLegalMovesOn(sl, nil, false)
		if !slices.Equal(got, want) {
			t.Fatalf("%s %s:\nbits:  %v\nlists: %v", variant, code(p), got, want)
		}
		compared++
		moves += len(got)
	})
	t.Logf("%d positions, %d moves", compared, moves)
	if compared < scaled(500) {
		t.Fatalf("only %d positions compared", compared)
	}
	// a row of 16 Black pieces: its long splits fall back to the lists
	p := startOf(t, "16x15")
	ps := p.list()
	for i := range 16 {
		ps[i] = ps[i].withColor(Black)
	}
	p = withPieces(p, ps)
	p.finishFresh()
	got := p.appendLegalMovesOn(new(scratch), nil, true)
	want := p.appendLegalMovesOn(new(scratch), nil, false)
	if !slices.Equal(got, want) {
		t.Fatalf("16x15 row: bits %d moves, lists %d moves", len(got), len(want))
	}
	long := 0
	for _, m := range got {
		if m.kind == kindH && m.n >= 9 && m.steps() > 0 {
			long++
		}
	}
	if long == 0 {
		t.Fatal("no swap move of a split of 9 pieces or more listed")
	}
}

// TestStepsAgree: a swap step on the bitsets recolours exactly the pieces
// a step on the lists does (captures over every round, the win, the
// travelling piece), along random paths from every split and join of
// random positions and of a position whose step needs a second capture
// round; and the win bound of both holds the sides of every chain through
// a piece recoloured since the action, flooded afresh.
func TestStepsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	s := new(scratch)
	steps, captures, second := 0, 0, 0
	check := func(variant string, p Position) {
		if !fitsBits(len(p.list())) {
			return
		}
		p.prepare(s)
		for k := range s.list.bases {
			// a split's action as setAction fills it (from the split
			// before, of the same walk), a join's with its pieces
			if m := p.setAction(s, k); m.kind == kindJ {
				p.fillListed(s, &m, &s.list.bases[k])
			}
			if len(p.list())+len(s.act.added) > slotCap {
				continue
			}
			g := p.tile(s)
			g.derive()
			g.overlay(&s.act, p.turn)
			b := p.tileBits(s)
			b.derive()
			b.overlay(&s.act, p.turn)
			lcol := slices.Clone(g.c0)
			bcol := b.c0
			// id names a list slot and a bitset slot alike: the piece's
			// index in p, or len(p.list())+c for created piece c
			bid := func(v int32) int32 {
				if b.base.has(v) {
					return b.pieceOf[uint8(v)]
				}
				return int32(len(p.list())) + int32(slices.Index(b.made, v))
			}
			src := int32(r.IntN(len(s.act.added)))
			ltr, btr := int32(g.n)+src, b.made[src]
			var lb, bb bound
			var recoloured []int32
			for range 1 + r.IntN(8) {
				d := r.IntN(4)
				lu, lok, lwin := g.step(lcol, ltr, d, p.turn, &lb)
				bu, bok, bwin := b.step(bcol.words(), btr, d, p.turn, &bb)
				if lok != bok || (lok && (lu != bid(bu) || lwin != bwin)) {
					t.Fatalf("%s %s base %d: step %c: lists (%d %v %d), bits (%d %v %d)", variant, code(p), k, dirLetters[d], lu, lok, lwin, bid(bu), bok, bwin)
				}
				if !lok {
					continue
				}
				steps++
				if len(g.changed) > 2 {
					captures++
				}
				lc, bc := slices.Clone(g.changed), []int32{}
				for _, v := range b.changed {
					bc = append(bc, bid(v))
				}
				if len(lc) != len(bc) {
					second++ // a piece recoloured twice, in two rounds, is listed twice
				}
				slices.Sort(lc)
				slices.Sort(bc)
				if !slices.Equal(slices.Compact(lc), slices.Compact(bc)) {
					t.Fatalf("%s %s base %d: step %c recolours %v on the lists, %v on the bits", variant, code(p), k, dirLetters[d], lc, bc)
				}
				recoloured = append(recoloured, b.changed...)
				if want := sidesThrough(b, bcol, recoloured); want.sides[0]&^bb.sides[0] != 0 || want.sides[1]&^bb.sides[1] != 0 || want.sides[0]&^lb.sides[0] != 0 || want.sides[1]&^lb.sides[1] != 0 {
					t.Fatalf("%s %s base %d: after step %c the chains through the recoloured pieces reach sides %04b, %04b; bound on the lists %04b, %04b, on the bits %04b, %04b", variant, code(p), k, dirLetters[d], want.sides[0], want.sides[1], lb.sides[0], lb.sides[1], bb.sides[0], bb.sides[1])
				}
				ltr, btr = lu, bu
				if lwin >= 0 || colorAt(lcol, ltr) != p.turn {
					break
				}
			}
		}
	}
	check("6x6", mustDecode(t, secondRoundCode))
	sampledPositions(t, []string{"6x6", "3x5", "4x4", "8x8", "2x2"}, 3, 100, check)
	t.Logf("%d steps, %d with captures", steps, captures)
	if steps < scaled(10000) || captures < scaled(100) {
		t.Fatalf("only %d steps and %d captures compared", steps, captures)
	}
}

// sidesThrough returns, for each colour, the sides of the board that the
// chains of colouring col through the slots seeds reach, flooded along
// g's edge sets over its live pieces.
func sidesThrough(g *bitGraph, col set, seeds []int32) bound {
	var out bound
	var seen set
	for _, x := range seeds {
		if seen.has(x) {
			continue
		}
		c := colorOf(&col, x)
		var sides uint8
		stack := []int32{x}
		seen.add(x)
		for len(stack) > 0 {
			y := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			sides |= g.side[uint8(y)]
			for z := g.edge[uint8(y)].and(g.live); !z.empty(); {
				if v := z.pop(); !seen.has(v) && colorOf(&col, v) == c {
					seen.add(v)
					stack = append(stack, v)
				}
			}
		}
		out.sides[c] |= sides
	}
	return out
}

// TestPlayFromSearches: a move played right after its position's moves
// were listed or drawn, whose end PlayUnchecked reads from the search,
// gives the position, hash, outcome and turn record that replaying its
// path in a scratch that knows nothing gives.
func TestPlayFromSearches(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	s := new(scratch)
	played := 0
	sampledPositions(t, []string{"6x6", "3x5", "4x4", "8x8", "2x2"}, 3, 100, func(variant string, p Position) {
		for range 8 {
			var m Move
			if r.IntN(2) == 0 {
				moves := p.appendLegalMoves(s, nil)
				m = moves[r.IntN(len(moves))]
			} else {
				m = p.sample(s, r)
			}
			if m.steps() == 0 {
				continue
			}
			if _, i := s.searched(&p, &m); i < 0 {
				t.Fatalf("%s %s: %v is not found in the searches just made", variant, code(p), m)
			}
			got := p.playUnchecked(s, m)
			want := p.playUnchecked(new(scratch), m)
			if !got.Equal(want) || got.hash != want.hash || got.Outcome() != want.Outcome() ||
				!slices.Equal(got.hist.a, want.hist.a) || got.hist.x != want.hist.x || got.hist.hasX != want.hist.hasX {
				t.Fatalf("%s %s: %v from the search gives %s (%v), replayed %s (%v)", variant, code(p), m, code(got), got.Outcome(), code(want), want.Outcome())
			}
			played++
		}
	})
	if played < scaled(2000) {
		t.Fatalf("only %d moves compared", played)
	}
}

// TestConcurrentListAndPlay: goroutines that list the moves of one shared
// position and play every one of them (in their own pooled scratch) get
// the positions one goroutine gets alone.
func TestConcurrentListAndPlay(t *testing.T) {
	shared := midgame(t)
	var want []string
	for _, m := range shared.LegalMoves() {
		want = append(want, code(shared.PlayUnchecked(m)))
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for k, m := range shared.LegalMoves() {
				if got := code(shared.PlayUnchecked(m)); got != want[k] {
					t.Errorf("move %v: %s, alone %s", m, got, want[k])
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestCommittedGraphAtTheSlotLimit: a position whose bitset graph came by
// a commit (its pieces' slots are no longer their indices) lists and plays
// as a fresh scratch does, when its splits of many pieces overflow the
// slots: a commit whose overlay has no room left, and a search on the
// lists that Play then reads.
func TestCommittedGraphAtTheSlotLimit(t *testing.T) {
	// 17x13, Black's bottom row and White's top row whole, a checkerboard
	// between; extra splits of middle squares set the number of pieces
	board := func(halves int) Position {
		var b strings.Builder
		b.WriteString("crumble 17x13 b")
		for j := range 13 {
			for i := range 17 {
				c := "W"
				if j == 0 || (j < 12 && (i+j)%2 == 0) {
					c = "B"
				}
				if j == 6 && i < halves {
					fmt.Fprintf(&b, " %s%d,6,1,1/2 %s%d,13/2,1,1/2", c, i, c, i)
					continue
				}
				fmt.Fprintf(&b, " %s%d,%d,1,1", c, i, j)
			}
		}
		return mustDecode(t, b.String())
	}
	for _, c := range []struct {
		name   string
		halves int
	}{
		{"the commit's overlay finds no room", 2}, // 223 pieces, 34 created
		{"Play reads a search on the lists", 0},   // 221 pieces; White's 17-piece splits do not fit
	} {
		t.Run(c.name, func(t *testing.T) {
			p := board(c.halves)
			s := new(scratch)
			p.appendLegalMoves(s, nil) // the bitset graph holds p
			cut, err := p.ParseMove("0H17")
			if err != nil {
				t.Fatal(err)
			}
			q := p.playUnchecked(s, cut) // handed on: the next call commits
			s.take(&q)
			got := q.appendLegalMoves(s, nil)
			want := q.appendLegalMoves(new(scratch), nil)
			if diff := gocmp.Diff(textsOf(want), textsOf(got)); diff != "" {
				t.Fatalf("moves after a commit (-fresh +committed):\n%s", diff)
			}
			paths := 0
			for _, m := range got {
				if m.steps() == 0 {
					continue
				}
				paths++
				g, w := q.playUnchecked(s, m), q.playUnchecked(new(scratch), m)
				if !g.Equal(w) || g.hash != w.hash || g.Outcome() != w.Outcome() {
					t.Fatalf("%v: from the searches (-afresh +from the searches):\n%s", m, gocmp.Diff(w.Pieces(), g.Pieces()))
				}
			}
			if paths == 0 {
				t.Fatal("no move with a path")
			}
		})
	}
}

// TestPlayUncheckedOnTheListsAfterAnotherPosition: a 16x16 start has 256
// pieces, too many for the bitset graph, so its moves are listed on the
// lists. For each of its moves with a swap path: list the start's moves,
// read a move of another position in the same working memory (which
// builds that position's list graph over the start's), then play the
// listed move unchecked: its end comes from the listing's search, and the
// start's colouring from its pieces, not from the graph now held. It must
// give what the checked Play gives, as playing it right after the listing
// (the start's graph held) does.
func TestPlayUncheckedOnTheListsAfterAnotherPosition(t *testing.T) {
	p := startOf(t, "16x16")
	if fitsBits(len(p.list())) {
		t.Fatalf("the 16x16 start (%d pieces) fits the bitset graph", len(p.list()))
	}
	other := Standard()
	s := new(scratch)
	played := 0
	for i, m := range p.LegalMoves() {
		if m.steps() == 0 || testing.Short() && i%8 != 0 {
			continue
		}
		s.take(&p)
		moves := p.appendLegalMoves(s, nil)
		if !slices.Contains(moves, m) {
			t.Fatalf("%v is not listed again", m)
		}
		if !s.holds(&p) {
			t.Fatal("the listing left another graph")
		}
		first := p.playUnchecked(s, m)
		s.take(&other)
		if _, err := other.parseMove(s, "0,1HN"); err != nil {
			t.Fatal(err)
		}
		if s.holds(&p) {
			t.Fatal("the working memory still holds the start's graph")
		}
		s.take(&p)
		got := p.playUnchecked(s, m)
		want, err := p.Play(m)
		if err != nil {
			t.Fatalf("Play(%v): %v", m, err)
		}
		for _, q := range []Position{first, got} {
			if !q.Equal(want) || q.Hash() != want.Hash() || q.Outcome() != want.Outcome() {
				t.Fatalf("%v: unchecked %s, checked %s", m, code(q), code(want))
			}
		}
		played++
	}
	if played < 50 {
		t.Fatalf("only %d moves played", played)
	}
}

// TestListPathHandsNothingOn: a move whose path was searched on the lists
// of a position that the bitset graph holds too (as when the forms are
// compared, or a split creates more pieces than the free slots) is not
// committed into the bitset graph, whose slots the lists' colouring does
// not number: the child's moves, listed next in the same working memory,
// are those of the child decoded afresh.
func TestListPathHandsNothingOn(t *testing.T) {
	s := new(scratch)
	checked := 0
	for _, p := range randomPositions(t, "6x6", 2, 30) {
		if !fitsBits(p.NumPieces()) || p.Outcome().Status != boardrules.Ongoing {
			continue
		}
		p.tileBits(s)
		for _, m := range p.appendLegalMovesOn(s, nil, false) {
			if m.steps() == 0 {
				continue
			}
			q := p.playUnchecked(s, m)
			if q.Outcome().Status != boardrules.Ongoing {
				continue
			}
			s.take(&q)
			got := textsOf(q.appendLegalMoves(s, nil))
			var fresh Position
			if err := fresh.UnmarshalText([]byte(code(q))); err != nil {
				t.Fatal(err)
			}
			if want := textsOf(fresh.LegalMoves()); !slices.Equal(got, want) {
				t.Fatalf("%s after %s: %d moves listed after the play, %d afresh", code(p), m, len(got), len(want))
			}
			checked++
			break
		}
	}
	if checked < scaled(20) {
		t.Errorf("only %d moves checked", checked)
	}
}
