package crumble

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
)

// bitGraphByIndex is a bitGraph's base contact graph in the form graphOf
// gives a tiling's.
func bitGraphByIndex(g *bitGraph, ps []piece) graphByIndex {
	var out graphByIndex
	for i := range ps {
		v := int32(i)
		out.Pieces = append(out.Pieces, piece{g.ps[v], Color(b2i(g.white.has(v)))})
		var l []int32
		touch := g.touch[v].and(g.base)
		for w := touch.first(); w >= 0; w = touch.first() {
			touch.flip(w)
			l = append(l, w<<1|b2i(g.edge[v].has(w)))
		}
		out.Adj = append(out.Adj, l)
		out.Nb = append(out.Nb, g.nb[v])
		out.Side = append(out.Side, g.side[v])
	}
	return out
}

// sampledPositions calls visit with every position of seeded random games
// (RandomMove) of the variants, up to plies plies a game.
func sampledPositions(t *testing.T, variants []string, games, plies int, visit func(variant string, p Position)) {
	t.Helper()
	r := rand.New(rand.NewPCG(11, 12))
	for _, variant := range variants {
		start := startOf(t, variant)
		for range games {
			p := start
			for ply := 0; ply < plies && p.status == boardrules.Ongoing; ply++ {
				visit(variant, p)
				m, _ := p.RandomMove(r)
				p = p.PlayUnchecked(m)
			}
		}
	}
}

// TestBitGraphBuild: the bitGraph of a position has the contacts, full-side
// neighbours and sides of the tiling's graph.
func TestBitGraphBuild(t *testing.T) {
	var tl tiling
	var g bitGraph
	n, games, least := 0, 3, 500
	if testing.Short() {
		games, least = 1, 150
	}
	sampledPositions(t, []string{"6x6", "3x5", "8x8", "2x2"}, games, 120, func(variant string, p Position) {
		if !fits(len(p.pieces)) {
			return
		}
		wf, hf := p.dims()
		tl.buildBase(p.pieces, wf, hf)
		g.build(p.pieces, wf, hf)
		if diff := cmp.Diff(graphOf(t, &tl, len(p.pieces)), bitGraphByIndex(&g, p.pieces),
			cmp.AllowUnexported(piece{}, rect{})); diff != "" {
			t.Fatalf("%s %s: bitGraph differs from the tiling (-tiling +bits):\n%s", variant, p, diff)
		}
		n++
	})
	if n < least {
		t.Fatalf("only %d positions compared", n)
	}
}

// TestBitGraphListsAsTiling: listing the moves with the swap paths searched
// on the bitGraph gives the very moves, in the very order, of the search on
// the tiling, on random positions of several board sizes, up to the
// pieces a bitGraph holds, and through its slots running out.
func TestBitGraphListsAsTiling(t *testing.T) {
	plies := 150
	if testing.Short() {
		plies = 60
	}
	sb, st := new(scratch), new(scratch)
	compared, moves, cleans := 0, 0, 0
	sampledPositions(t, []string{"6x6", "3x5", "4x4", "8x8", "2x2"}, 4, plies, func(variant string, p Position) {
		if !fits(len(p.pieces)) {
			return
		}
		before := sb.bits.cleans
		got := p.appendLegalMoves(sb, nil, true)
		cleans += sb.bits.cleans - before
		st.t, st.tiledFor = tiling{}, nil
		want := p.appendLegalMoves(st, nil, false)
		if !slices.Equal(got, want) {
			t.Fatalf("%s %s:\nbits:   %v\ntiling: %v", variant, p, got, want)
		}
		compared++
		moves += len(got)
	})
	t.Logf("%d positions, %d moves, %d cleans", compared, moves, cleans)
	if compared < 500 || cleans == 0 {
		t.Fatalf("only %d positions compared and %d cleans made", compared, cleans)
	}
}

// TestBitGraphSteps: a swap step on the bitGraph recolours exactly the
// pieces a step on the tiling does (captures over every round, the win,
// the travelling piece), along random paths from every split and join of
// random positions and of a position whose step needs a second capture
// round.
func TestBitGraphSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	s := new(scratch)
	steps, captures := 0, 0
	check := func(variant string, p Position) {
		if !fits(len(p.pieces)) {
			return
		}
		s.t, s.tiledFor = tiling{}, nil
		p.tile(s)
		wf, hf := p.dims()
		g := &s.bits
		g.build(p.pieces, wf, hf)
		g.derive()
		p.prepare(s)
		for k := range s.bases {
			p.setAction(s, k)
			if len(p.pieces)+len(s.act.added) > slotCap {
				continue
			}
			s.t.overlay(&s.act, p.turn, true)
			g.overlay(&s.act, p.turn)
			tcol := slices.Clone(s.t.c0)
			bcol := g.c0
			// id names a tiling slot and a bitGraph slot alike: the piece's
			// index in p, or len(p.pieces)+k for created piece k
			tid := func(v int32) int32 {
				if v >= int32(s.t.n0) {
					return int32(len(p.pieces)) + v - int32(s.t.n0)
				}
				return s.t.pos[v]
			}
			bid := func(v int32) int32 {
				if v >= int32(g.first) {
					return int32(len(p.pieces)) + v - int32(g.first)
				}
				return v
			}
			src := int32(r.IntN(len(s.act.added)))
			ttr, btr := int32(s.t.n0)+src, int32(g.first)+src
			for range 1 + r.IntN(8) {
				d := r.IntN(4)
				tu, tok, twin := s.t.step(tcol, ttr, d, p.turn)
				bu, bok, bwin := g.step(&bcol, btr, d, p.turn)
				if tok != bok || (tok && (tid(tu) != bid(bu) || twin != bwin)) {
					t.Fatalf("%s %s base %d: step %c: tiling (%d %v %d), bits (%d %v %d)", variant, p, k, dirLetters[d], tid(tu), tok, twin, bid(bu), bok, bwin)
				}
				if !tok {
					continue
				}
				steps++
				if len(s.t.changed) > 2 {
					captures++
				}
				var tc, bc []int32
				for _, v := range s.t.changed {
					tc = append(tc, tid(v))
				}
				for _, v := range g.changed {
					bc = append(bc, bid(v))
				}
				slices.Sort(tc)
				slices.Sort(bc)
				if !slices.Equal(tc, bc) {
					t.Fatalf("%s %s base %d: step %c recolours %v on the tiling, %v on the bits", variant, p, k, dirLetters[d], tc, bc)
				}
				ttr, btr = tu, bu
				if twin >= 0 || colorAt(tcol, ttr) != p.turn {
					break
				}
			}
		}
	}
	check("6x6", mustDecode(t, secondRoundCode))
	sampledPositions(t, []string{"6x6", "3x5", "4x4", "8x8", "2x2"}, 3, 100, check)
	t.Logf("%d steps, %d with captures", steps, captures)
	if steps < 10000 || captures < 100 {
		t.Fatalf("only %d steps and %d captures compared", steps, captures)
	}
}

// TestBitGraphSecondRound: on the bitGraph as on the tiling, 5,3VE on
// this position captures in two rounds, the second taking back a piece
// of the first, and both graphs end with the same colours.
func TestBitGraphSecondRound(t *testing.T) {
	p := mustDecode(t, secondRoundCode)
	m, err := p.ParseMove("5,3VE")
	if err != nil {
		t.Fatal(err)
	}
	s := new(scratch)
	p.resolveAction(s, &m)
	wf, hf := p.dims()
	g := &s.bits
	g.build(p.pieces, wf, hf)
	g.derive()
	g.overlay(&s.act, p.turn)
	col := g.c0
	if _, ok, _ := g.step(&col, int32(g.first)+m.src, dirE, p.turn); !ok {
		t.Fatal("5,3VE: the step is refused")
	}
	p.tile(s)
	s.t.overlay(&s.act, p.turn, true)
	tcol := slices.Clone(s.t.c0)
	s.t.step(tcol, int32(s.t.n0)+m.src, dirE, p.turn)
	for i := range p.pieces {
		if want, got := colorAt(tcol, s.t.slot[i]), Color(b2i(col.has(int32(i)))); got != want {
			t.Errorf("piece %d: %v on the bits, %v on the tiling", i, got, want)
		}
	}
	for k := range s.act.added {
		if want, got := colorAt(tcol, int32(s.t.n0+k)), Color(b2i(col.has(int32(g.first+k)))); got != want {
			t.Errorf("created piece %d: %v on the bits, %v on the tiling", k, got, want)
		}
	}
	seen := map[int32]bool{}
	twice := false
	for _, v := range g.changed[2:] {
		twice = twice || seen[v]
		seen[v] = true
	}
	if !twice {
		t.Errorf("no piece captured twice: %v", g.changed)
	}
}

// TestPlayBitsAsTiling: a move played on the bitGraph (which a scratch
// holds after listing the moves) gives the position, hash, outcome and
// turn record that playing it on the tiling gives.
func TestPlayBitsAsTiling(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	sb := new(scratch)
	played := 0
	sampledPositions(t, []string{"6x6", "3x5", "4x4", "8x8", "2x2"}, 3, 100, func(variant string, p Position) {
		if !fits(len(p.pieces)) {
			return
		}
		moves := p.appendLegalMoves(sb, nil, true)
		for range 8 {
			m := moves[r.IntN(len(moves))]
			if m.steps() == 0 || !sb.bits.holds(&p) {
				continue
			}
			got := p.playUnchecked(sb, m)
			st := new(scratch)
			want := p.playUnchecked(st, m)
			if !got.Equal(want) || got.hash != want.hash || got.Outcome() != want.Outcome() ||
				got.hist.x != want.hist.x || got.hist.hasX != want.hist.hasX || !slices.Equal(got.hist.a, want.hist.a) {
				t.Fatalf("%s %s: %v on the bits gives %s (%v), on the tiling %s (%v)", variant, p, m, got, got.Outcome(), want, want.Outcome())
			}
			played++
		}
	})
	if played < 2000 {
		t.Fatalf("only %d moves compared", played)
	}
}

// TestConcurrentListAndPlay: goroutines that list the moves of one shared
// position and play every one of them (on the bitset graph of their own
// pooled scratch) get the positions one goroutine gets alone.
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

// TestPlayBitsHandsOnTiling: when the tiling holds a position as well as
// the bitset graph (a playout's ply after a listing), PlayUnchecked plays
// a path on the bitset graph and still hands the tiling on, with the
// path's recolourings: the next call commits it, and the committed graph
// and colours are those of a graph built for the next position.
func TestPlayBitsHandsOnTiling(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	s := new(scratch)
	var fresh tiling
	commits := 0
	sampledPositions(t, []string{"6x6", "3x5", "8x8"}, 2, 80, func(variant string, p Position) {
		if !fits(len(p.pieces)) {
			return
		}
		s.t, s.tiledFor = tiling{}, nil
		moves := p.appendLegalMoves(s, nil, true)
		for range 3 {
			m := moves[r.IntN(len(moves))]
			if m.steps() == 0 {
				continue
			}
			p.tile(s) // the tiling holds p too
			q := p.playUnchecked(s, m)
			if q.status != boardrules.Ongoing {
				continue
			}
			if s.next == nil {
				t.Fatalf("%s %s: %v: the tiling was not handed on", variant, p, m)
			}
			s.take(&q)
			if !s.holds(&q) {
				t.Fatalf("%s %s: %v: the tiling does not hold the next position", variant, p, m)
			}
			if diff := committedDiff(t, &fresh, &s.t, q); diff != "" {
				t.Fatalf("%s %s: %v: committed graph differs from a fresh one (-fresh +committed):\n%s", variant, p, m, diff)
			}
			commits++
		}
	})
	if commits < 300 {
		t.Fatalf("only %d commits compared", commits)
	}
}

// TestBitGraphFallsBack: on a 16x15 board whose bottom row is all Black,
// Black's H splits along it cut up to 16 pieces, and those of 9 or more
// would pass the bitGraph's 256 slots: they are searched on the tiling,
// and the listing is still the tiling's, move for move.
func TestBitGraphFallsBack(t *testing.T) {
	p := startOf(t, "16x15")
	p.pieces = slices.Clone(p.pieces)
	for i := range 16 {
		p.pieces[i].c = Black
	}
	p.finishFresh()
	if !fits(len(p.pieces)) {
		t.Fatalf("%d pieces do not fit a bitGraph", len(p.pieces))
	}
	got := p.appendLegalMoves(new(scratch), nil, true)
	want := p.appendLegalMoves(new(scratch), nil, false)
	if !slices.Equal(got, want) {
		t.Fatalf("bits: %d moves, tiling: %d moves", len(got), len(want))
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
