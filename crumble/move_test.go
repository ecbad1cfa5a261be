package crumble

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// randomPositions returns the positions of a few seeded random games on
// the board, every ply.
func randomPositions(t *testing.T, variant string, games, plies int) []Position {
	t.Helper()
	start := startOf(t, variant)
	r := rand.New(rand.NewPCG(uint64(games), uint64(plies)))
	plies = scaled(plies)
	var out []Position
	for range games {
		playUniform(start, r, plies, func(p Position) { out = append(out, p) })
	}
	return out
}

// startOf returns the start of the named variant.
func startOf(tb testing.TB, variant string) Position {
	tb.Helper()
	v, err := ParseVariant(variant)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := New(v)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// TestMoveEquality: a Move is == to another exactly when their texts are,
// for moves of one position, and Play takes a move of an Equal position
// whose pieces live elsewhere (a decoded copy).
func TestMoveEquality(t *testing.T) {
	for _, p := range randomPositions(t, "4x4", 3, 12) {
		moves := p.LegalMoves()
		byText := map[string]Move{}
		for _, m := range moves {
			if o, dup := byText[m.String()]; dup {
				t.Fatalf("%s listed twice (%v, %v)", m, o == m, o)
			}
			byText[m.String()] = m
		}
		for i, a := range moves {
			for _, b := range moves[i+1:] {
				if a == b {
					t.Fatalf("%s == %s", a, b)
				}
			}
			q, err := p.ParseMove(a.String())
			if err != nil || q != a {
				t.Fatalf("ParseMove(%q) = %v, %v; want the listed move", a, q, err)
			}
		}
		copied := twins(t, p)[1]
		for _, m := range moves {
			want := p.PlayUnchecked(m)
			got, err := copied.Play(m)
			if err != nil {
				t.Fatalf("%s: Play of the decoded copy: %v", m, err)
			}
			if !got.Equal(want) {
				t.Fatalf("%s: the copy's Play differs", m)
			}
		}
	}
}

// TestLongPath: a path longer than a Move holds inline is kept as text and
// reads back step by step.
func TestLongPath(t *testing.T) {
	for _, n := range []int{0, 1, 31, 32, 33, inlinePath, inlinePath + 1, 200} {
		var letters []byte
		for i := range n {
			letters = append(letters, dirLetters[(i*7+i/3)%4])
		}
		var m Move
		m.setPath(letters)
		if got := string(m.appendPath(nil)); got != string(letters) {
			t.Errorf("%d steps: path %q, want %q", n, got, letters)
		}
		if (m.raw != "") != (n > inlinePath) {
			t.Errorf("%d steps: kept as text %v", n, m.raw != "")
		}
	}
}

// TestAppendLegalMovesAllocs: listing moves into a buffer with room
// allocates nothing.
func TestAppendLegalMovesAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops scratch at random under the race detector")
	}
	for _, p := range []Position{Standard(), midgame(t)} {
		buf := make([]Move, 0, 2048)
		if a := testing.AllocsPerRun(20, func() { buf = p.AppendLegalMoves(buf[:0]) }); a != 0 {
			t.Errorf("%d moves: %.1f allocations per call", len(buf), a)
		}
	}
}

// graphMayStep is mayStep read off the contact graph: after the action,
// does a created piece have a full-side neighbour of the opponent's?
func graphMayStep(s *scratch, p Position) bool {
	g := p.tile(s)
	g.overlay(&s.act, p.turn)
	for v := g.n; v < g.n+g.k; v++ {
		for _, u := range g.nb[v] {
			if u >= 0 && colorAt(g.c0, u) != p.turn {
				return true
			}
		}
	}
	return false
}

// TestMayStep: the quick tests of move generation, by corner lookups
// (before a contact graph is built) and by the list graph's neighbours of
// the replaced pieces, agree with the created pieces' full-side
// neighbours after the action, for every split and join.
func TestMayStep(t *testing.T) {
	s := new(scratch)
	checked := 0
	for _, variant := range []string{"3x3", "6x6"} {
		for _, p := range randomPositions(t, variant, 4, 40) {
			p.prepare(s)
			for k := range s.bases {
				p.setAction(s, k)
				want := graphMayStep(s, p)
				if got := p.mayStepByCorners(&s.act); got != want {
					t.Fatalf("%s base %d: mayStep by corners %v, the contact graph says %v", code(p), k, got, want)
				}
				if got := p.mayStep(s); got != want {
					t.Fatalf("%s base %d: mayStep by base neighbours %v, the contact graph says %v", code(p), k, got, want)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d splits and joins checked", checked)
	}
}

// TestRandomMoveIsListed: every move RandomMove draws is == to a move of
// LegalMoves, along 6x6 games.
func TestRandomMoveIsListed(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, p := range randomPositions(t, "6x6", 2, 60) {
		listed := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			listed[m] = true
		}
		for range 20 {
			m, ok := p.RandomMove(r)
			if !ok || !listed[m] {
				t.Fatalf("%s: RandomMove %s (ok %v) is not listed", code(p), m, ok)
			}
		}
	}
	if _, ok := (Position{}).RandomMove(r); ok {
		t.Error("the zero Position drew a move")
	}
}

// TestScratchReuse: a scratch that replayed a path of a position (Play,
// ParseMove) and then lists that position's moves again gives the same
// list as a fresh one, whatever the order of calls: the contact graph it
// keeps (see tile) must come back to the position's own each time.
func TestScratchReuse(t *testing.T) {
	for _, p := range randomPositions(t, "6x6", 2, 30) {
		want := p.LegalMoves()
		for _, m := range want {
			if m.steps() == 0 {
				continue
			}
			p.PlayUnchecked(m)
			if _, err := p.Play(m); err != nil {
				t.Fatal(err)
			}
			got := p.LegalMoves()
			if len(got) != len(want) || !slices.Equal(got, want) {
				t.Fatalf("%s: after playing %s, %d moves instead of %d", code(p), m, len(got), len(want))
			}
		}
	}
}

// TestPlayUncheckedAllocs: a ply allocates the new position's pieces and
// the record of its turn, which holds the history trie's new path, and
// nothing else, but for the rare turn whose record outgrows its room (a
// split of more than five pieces, two positions whose hashes agree on 15
// bits): along a seeded game of 196 plies, never more than 3 and 2 in the
// mean.
func TestPlayUncheckedAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops scratch at random under the race detector")
	}
	r := rand.New(rand.NewPCG(3, 4))
	p := Standard()
	worst, total, n := 0.0, 0.0, 0
	for range 300 {
		m, ok := p.RandomMove(r)
		if !ok {
			break
		}
		a := testing.AllocsPerRun(5, func() { _ = p.PlayUnchecked(m) })
		if a > 2 {
			t.Logf("ply %d %s: %.0f allocations", n+1, m, a)
		}
		worst, total, n = max(worst, a), total+a, n+1
		p = p.PlayUnchecked(m)
	}
	mean := total / float64(n)
	t.Logf("%d plies: %.2f allocations per ply, at most %.0f", n, mean, worst)
	if worst > 3 || mean > 2.02 {
		t.Errorf("%.2f allocations per ply, at most %.0f; want 2, at most 3", mean, worst)
	}
}

// TestMoveTextsFromTheHeldCornerGraph: String, Location and ParseMove
// reuse the corner graph a scratch holds when it is the graph of the same
// pieces. Texts of the moves of two positions with as many pieces (two
// children of one position, or one and its decoded twin, whose equal
// pieces live elsewhere), interleaved, agree with texts written from a
// graph built afresh for each.
func TestMoveTextsFromTheHeldCornerGraph(t *testing.T) {
	fresh := func(m Move) string {
		var s scratch
		s.corners.build(m.pieces(), int64(m.cols)<<m.shift, int64(m.rows)<<m.shift)
		return string(m.appendText(&s, nil))
	}
	freshLocation := func(p Position, i int) string {
		var g cornerGraph
		wf, hf := p.dims()
		g.build(p.pieces, wf, hf)
		return string(g.appendCanonical(nil, p.pieces[i].X(), p.pieces[i].Y()))
	}
	pairs := 0
	for _, p := range randomPositions(t, "6x6", 2, 20) {
		moves := p.LegalMoves()
		a := p.PlayUnchecked(moves[0])
		for _, m := range moves[1:] {
			b := p.PlayUnchecked(m)
			if b.NumPieces() != a.NumPieces() || b.Equal(a) {
				continue
			}
			pairs++
			for _, pair := range [][2]Position{{a, b}, twins(t, b)} {
				am, bm := pair[0].LegalMoves(), pair[1].LegalMoves()
				for k := range min(len(am), len(bm)) {
					for _, m := range []Move{am[k], bm[k]} {
						if got, want := m.String(), fresh(m); got != want {
							t.Fatalf("%s then %s: move %d is %q, written afresh %q", code(pair[0]), code(pair[1]), k, got, want)
						}
					}
				}
				for i := range pair[0].NumPieces() {
					for _, q := range pair {
						if got, want := q.Location(i), freshLocation(q, i); got != want {
							t.Fatalf("%s: Location(%d) = %q, written afresh %q", code(q), i, got, want)
						}
					}
				}
			}
			break
		}
	}
	if pairs < 10 {
		t.Fatalf("only %d pairs of positions with as many pieces", pairs)
	}
}

// corridorCode is a 32x2 board whose bottom strip is a corridor of 128
// White pieces a quarter unit wide, under a strip of Black pieces (the
// first a quarter unit wide) and a row of White squares. No chain touches
// all four sides, and no group is enclosed. Black's H split of its piece
// at (0,1/2) starts a path South into the corridor, then East along it:
// to the k-th piece of the corridor the shortest path has k+1 steps, up
// to 128, more than a Move holds in its own words (inlinePath).
func corridorCode() string {
	q := func(n int) string { return NewCoord(int64(n), 2).String() } // n quarters
	var b strings.Builder
	b.WriteString("crumble 32x2 b")
	for i := range 128 {
		b.WriteString(" W" + q(i) + ",0,1/4,1/2")
	}
	b.WriteString(" B0,1/2,1/4,1/2 B1/4,1/2,1/2,1/2")
	for k := range 31 {
		b.WriteString(" B" + q(3+4*k) + ",1/2,1,1/2")
	}
	b.WriteString(" B" + q(127) + ",1/2,1/4,1/2")
	for i := range 32 {
		b.WriteString(" W" + strconv.Itoa(i) + ",1,1,1")
	}
	return b.String()
}

// TestLongSwapPaths: moves whose swap paths are longer than a Move holds
// in its own words (64 steps) are listed on both graphs alike, keep their
// path as text, write and read back to the same Move (==), and play the
// same checked and unchecked, and as a path replayed in a fresh working
// memory.
func TestLongSwapPaths(t *testing.T) {
	p := mustDecode(t, corridorCode())
	s := new(scratch)
	onBits := p.appendLegalMovesOn(s, nil, true)
	onLists := p.appendLegalMovesOn(new(scratch), nil, false)
	if !slices.Equal(textsOf(onBits), textsOf(onLists)) {
		t.Fatal("the two graphs list different moves")
	}
	long, longest := 0, 0
	for i, m := range p.LegalMoves() {
		if m.steps() <= inlinePath {
			continue
		}
		long++
		longest = max(longest, m.steps())
		if m.plen != longPath || len(m.raw) != m.steps() || m.SwapPath() != m.raw {
			t.Fatalf("%v: a long path kept as %d steps, %q", m, m.plen, m.raw)
		}
		text := m.String()
		back, err := p.ParseMove(text)
		if err != nil || back != m {
			t.Fatalf("%s does not read back to the same Move: %v", text, err)
		}
		want, err := p.Play(m)
		if err != nil {
			t.Fatalf("Play(%s): %v", text, err)
		}
		got := p.PlayUnchecked(m) // from the search the listing left, or replayed
		replayed := p.playUnchecked(new(scratch), m)
		listed := p.playUnchecked(s, onBits[i])
		for _, q := range []Position{got, replayed, listed} {
			if !q.Equal(want) || q.Hash() != want.Hash() || q.Outcome() != want.Outcome() {
				t.Fatalf("%s: played %s, checked %s", text, code(q), code(want))
			}
		}
	}
	if long < 100 || longest != 128 {
		t.Fatalf("%d moves with a path longer than %d steps, the longest %d", long, inlinePath, longest)
	}
}
