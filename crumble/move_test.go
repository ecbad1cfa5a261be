package crumble

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
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

// TestLongPath: a path longer than a Move holds inline is kept in its
// text and reads back step by step.
func TestLongPath(t *testing.T) {
	for _, n := range []int{0, 1, 31, 32, 33, inlinePath, inlinePath + 1, 200} {
		var letters []byte
		for i := range n {
			letters = append(letters, dirLetters[(i*7+i/3)%4])
		}
		m := Move{kind: kindJ}
		m.setPath(letters)
		m.setText([]byte("0J1,1"), letters)
		if got := string(m.appendPath(nil)); got != string(letters) {
			t.Errorf("%d steps: path %q, want %q", n, got, letters)
		}
		if got := m.String(); got != "0J1,1"+string(letters) {
			t.Errorf("%d steps: text %q", n, got)
		}
		if (m.long != "") != (n > inlinePath) {
			t.Errorf("%d steps: kept as text %v", n, m.long != "")
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

// TestParseMoveAllocs: reading a move in its canonical text allocates
// nothing (a server reads one a request); other forms still read the same
// move.
func TestParseMoveAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops scratch at random under the race detector")
	}
	for _, p := range []Position{Standard(), midgame(t)} {
		for _, m := range p.LegalMoves() {
			text := m.String()
			var got Move
			if a := testing.AllocsPerRun(5, func() { got, _ = p.ParseMove(text) }); a != 0 {
				t.Errorf("ParseMove(%q): %.1f allocations per call", text, a)
			}
			if got != m {
				t.Errorf("ParseMove(%q) = %v", text, got)
			}
			if low, err := p.ParseMove(strings.ToLower(text)); err != nil || low != m {
				t.Errorf("ParseMove(%q) = %v, %v; want %v", strings.ToLower(text), low, err, m)
			}
		}
	}
}

// TestSetActionAsFilled: the action setAction leaves for each split, in
// listing order (a split of n pieces from the split of n-1 before it),
// is the one filled afresh from the split's walk, its removed pieces
// sorted, on random positions and on crowded ones with long walks.
func TestSetActionAsFilled(t *testing.T) {
	s := new(scratch)
	positions := randomPositions(t, "6x6", 4, 40)
	for _, name := range []string{"split6-300", "random6-400", "rows6-126"} {
		positions = append(positions, crowdedPosition(t, name))
	}
	checked := 0
	for _, p := range positions {
		p.prepare(s)
		for k := range s.list.bases {
			m := p.setAction(s, k)
			if m.kind == kindJ {
				continue
			}
			removed, parent, added := slices.Clone(s.act.removed), slices.Clone(s.act.parent), slices.Clone(s.act.added)
			p.fillAction(s, &m, s.walkOf(&s.list.bases[k]))
			if !slices.Equal(removed, s.act.removed) || !slices.Equal(parent, s.act.parent) || !slices.Equal(added, s.act.added) {
				t.Fatalf("%s base %d (%d pieces): setAction removes %v (parents %v), filled afresh %v (%v)", code(p), k, m.n, removed, parent, s.act.removed, s.act.parent)
			}
			if m.n > 1 {
				checked++
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d splits of more than one piece", checked)
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
// (before a contact graph is built), by the list graph's neighbours of
// the replaced pieces and by the split of one piece fewer of the same
// walk (mayStepListed, asked of the bases in listing order), agree with
// the created pieces' full-side neighbours after the action, for every
// split and join; and so does the test on the bitset graph, which reads a
// split's parent's links, with the overlay of the base before in place.
func TestMayStep(t *testing.T) {
	s := new(scratch)
	checked := 0
	for _, variant := range []string{"3x3", "6x6"} {
		for _, p := range randomPositions(t, variant, 4, 40) {
			p.prepare(s)
			for k := range s.list.bases {
				// the quick tests read what setAction leaves (of a join,
				// not its pieces), on the position's graph; the overlay
				// needs the whole action
				m := p.setAction(s, k)
				p.tile(s)
				byCorners := p.mayStepByCorners(s.last.v.ps, s.act.added)
				bt := s.last.bits.t
				s.last.bits.t = nil // the list graph's answers
				byNeighbours := p.mayStep(s)
				listed := p.mayStepListed(s, k)
				s.last.bits.t = bt
				// the bitset graph's, with the overlay of the base before
				// in place, as a listing leaves it
				fits := fitsBits(p.NumPieces())
				var byBits bool
				if fits {
					p.tileBits(s)
					byBits = p.mayStep(s)
				}
				p.fillListed(s, &m, &s.list.bases[k])
				want := graphMayStep(s, p)
				if fits && byBits != want {
					t.Fatalf("%s base %d: mayStep on the bitset graph %v, the contact graph says %v", code(p), k, byBits, want)
				}
				if fits && overlayFits(p.NumPieces(), len(s.act.added)) {
					s.last.bits.overlay(&s.act, p.turn)
				}
				if byCorners != want {
					t.Fatalf("%s base %d: mayStep by corners %v, the contact graph says %v", code(p), k, byCorners, want)
				}
				if byNeighbours != want {
					t.Fatalf("%s base %d: mayStep by base neighbours %v, the contact graph says %v", code(p), k, byNeighbours, want)
				}
				if listed != want {
					t.Fatalf("%s base %d: mayStep by the split before %v, the contact graph says %v", code(p), k, listed, want)
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

// TestPlayUncheckedAllocs: a ply allocates nothing but, now and then, a
// slab (of turn records, pieces, or a tiling's parts), so that a hundred
// plays of one move allocate less than once a play, but for the one turn
// in recentMax whose record seals a run (allocated alone with the run's
// room, once more when the run merges with older ones): along a seeded
// game, each ply's move played a hundred times from its position.
func TestPlayUncheckedAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops scratch at random under the race detector")
	}
	r := rand.New(rand.NewPCG(3, 4))
	p := Standard()
	n, sealing := 0, 0
	for range 300 {
		m, ok := p.RandomMove(r)
		if !ok {
			break
		}
		want := 0.0
		if p.hist.recent == recentMax {
			want, sealing = 2, sealing+1
		}
		if a := testing.AllocsPerRun(100, func() { _ = p.PlayUnchecked(m) }); a > want {
			t.Errorf("ply %d %s: %.2f allocations a play, want at most %.0f", n+1, m, a, want)
		}
		p, n = p.PlayUnchecked(m), n+1
	}
	t.Logf("%d plies, %d of them sealing a run", n, sealing)
	if sealing == 0 {
		t.Errorf("%d plies, none of them sealing a run: the test proves little", n)
	}
}

// TestMoveTextsAgreeWithTheCornerGraph: the texts the moves carry, whose
// locations and join counts are found by walking the lines from the
// anchor, are those the corner graph of the whole position gives, on
// random positions of several boards and on the crowded ones, and so are
// the locations of every piece.
func TestMoveTextsAgreeWithTheCornerGraph(t *testing.T) {
	check := func(p Position, every int) {
		var g cornerGraph
		wf, hf := p.dims()
		g.build(p.list(), wf, hf)
		for i, m := range p.LegalMoves() {
			if i%every != 0 {
				continue
			}
			a := p.list()[m.anchor]
			want := g.appendCanonical(nil, a.X(), a.Y())
			ja, jb := 0, 0
			if m.kind == kindJ {
				ja, jb = g.joinCounts(a.X(), a.Y(), a.X()+m.wide, a.Y()+m.joinHeight())
			}
			want = appendBaseText(want, m.kind, m.n, ja, jb)
			want = appendPathText(want, &m, m.appendPath(nil))
			if got := m.String(); got != string(want) {
				t.Fatalf("%s: move %d is %q, the corner graph writes %q", code(p), i, got, want)
			}
		}
		for i := range p.NumPieces() {
			if got, want := p.Location(i), string(g.appendCanonical(nil, p.list()[i].X(), p.list()[i].Y())); got != want {
				t.Fatalf("%s: Location(%d) = %q, the corner graph writes %q", code(p), i, got, want)
			}
		}
	}
	for _, v := range []string{"6x6", "3x5", "8x8", "4x4"} {
		for _, p := range randomPositions(t, v, 2, 60) {
			check(p, 1)
		}
	}
	for _, c := range readCrowded(t) {
		if c.moves > 20000 {
			continue
		}
		check(c.p, 1+c.moves/2000)
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
		if !strings.HasSuffix(m.long, m.SwapPath()) || len(m.SwapPath()) != m.steps() {
			t.Fatalf("%v: a long path kept as %d steps, %q", m, m.steps(), m.long)
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

// TestMovesOfEqualPositions: the moves of Equal positions are ==, however
// each was reached or decoded: a position and its decoded twin, and
// positions reached by two orders of the same moves, list == moves in
// the same order, read the same texts back to them, and take each
// other's moves in Play.
func TestMovesOfEqualPositions(t *testing.T) {
	check := func(a, b Position) {
		t.Helper()
		if !a.Equal(b) {
			t.Fatalf("%s and %s are not Equal", code(a), code(b))
		}
		am, bm := a.LegalMoves(), b.LegalMoves()
		if !slices.Equal(am, bm) {
			t.Fatalf("%s: the Equal positions list moves that are not ==", code(a))
		}
		seen := map[Move]bool{}
		for _, m := range am {
			seen[m] = true
		}
		for i, m := range bm {
			if !seen[m] {
				t.Fatalf("%s: %s is not a key of the other's moves", code(a), m)
			}
			if i%3 != 0 {
				continue
			}
			if got, err := b.ParseMove(m.String()); err != nil || got != m {
				t.Fatalf("%s: ParseMove(%q) in the other = %v, %v", code(a), m, got, err)
			}
			want := a.PlayUnchecked(m)
			if got, err := b.Play(m); err != nil || !got.Equal(want) {
				t.Fatalf("%s: Play(%s) in the other: %v", code(a), m, err)
			}
		}
	}
	for _, v := range []string{"6x6", "4x4", "3x5-white"} {
		for _, p := range randomPositions(t, v, 2, 30) {
			check(p, twins(t, p)[1])
		}
	}
	for _, c := range readCrowded(t) {
		if c.moves <= 20000 {
			check(c.p, twins(t, c.p)[1])
		}
	}
	// two orders of three splits far apart: Black's, White's, Black's
	orders := [][]string{{"0,1H", "5,1V", "2,3H"}, {"2,3H", "5,1V", "0,1H"}}
	var ends []Position
	for _, o := range orders {
		p, err := boardrules.Replay(Standard(), o...)
		if err != nil {
			t.Fatal(err)
		}
		ends = append(ends, p)
	}
	check(ends[0], ends[1])
}

// TestWinsAndLoses: Move.Wins and Move.Loses say what playing the move
// does, on every move of positions along random games on boards where
// games are won quickly, and on the drawn moves.
func TestWinsAndLoses(t *testing.T) {
	wins, loses := 0, 0
	r := rand.New(rand.NewPCG(9, 10))
	for _, v := range []string{"2x2", "3x3", "2x4", "4x4", "3x5-white", "6x6"} {
		for _, p := range randomPositions(t, v, 6, 40) {
			for _, m := range p.LegalMoves() {
				o := p.PlayUnchecked(m).Outcome()
				won := o.Status == boardrules.Win && o.Winner == p.ToMove()
				lost := o.Status == boardrules.Win && o.Winner != p.ToMove()
				if m.Wins() != won || m.Loses() != lost {
					t.Fatalf("%s: %s wins %v loses %v; playing it gives %+v", code(p), m, m.Wins(), m.Loses(), o)
				}
				if won {
					wins++
				}
				if lost {
					loses++
				}
			}
			for range 5 {
				m, ok := p.RandomMove(r)
				if !ok {
					break
				}
				o := p.PlayUnchecked(m).Outcome()
				if m.Wins() != (o.Status == boardrules.Win && o.Winner == p.ToMove()) {
					t.Fatalf("%s: drawn %s wins %v; playing it gives %+v", code(p), m, m.Wins(), o)
				}
			}
		}
	}
	if wins < 100 || loses < 5 {
		t.Fatalf("only %d winning and %d losing moves checked", wins, loses)
	}
}

// TestPlayAMoveWithAnotherPositionsHash: Play never panics on a move of
// another position, even one whose hash were this position's (a move
// made to look so), and plays it only when it is legal here, as the
// reference rules play it.
func TestPlayAMoveWithAnotherPositionsHash(t *testing.T) {
	positions := randomPositions(t, "4x4", 3, 30)
	positions = append(positions, randomPositions(t, "6x6", 2, 30)...)
	played, refused := 0, 0
	for i, p := range positions {
		other := positions[(i*7+3)%len(positions)]
		if other.Equal(p) || other.v != p.v {
			continue
		}
		for _, m := range other.LegalMoves() {
			m.tag = p.hash
			q, err := p.Play(m)
			if err != nil {
				if !errors.Is(err, boardrules.ErrIllegalMove) {
					t.Fatalf("%s: Play(%s) = %v", code(p), m, err)
				}
				refused++
				continue
			}
			want, _ := refPlay(t, p, m)
			if got := code(q); got != want {
				t.Fatalf("%s: Play(%s) gives %s, the reference %s", code(p), m, got, want)
			}
			played++
		}
	}
	if played < 100 || refused < 100 {
		t.Fatalf("%d moves played, %d refused", played, refused)
	}
}

// TestLegalMovesSeq: the stream yields the moves LegalMoves lists, in the
// same order, stops where its caller stops, and yields nothing once the
// game is over.
func TestLegalMovesSeq(t *testing.T) {
	var positions []Position
	for _, v := range []string{"6x6", "3x3", "8x8"} {
		positions = append(positions, randomPositions(t, v, 2, 40)...)
	}
	for _, c := range readCrowded(t) {
		if c.moves <= 20000 {
			positions = append(positions, c.p)
		}
	}
	for _, p := range positions {
		want := p.LegalMoves()
		got := slices.Collect(p.LegalMovesSeq())
		if !slices.Equal(got, want) {
			t.Fatalf("%s: the stream yields %d moves, LegalMoves %d, or in another order", code(p), len(got), len(want))
		}
		for _, stop := range []int{1, 2, len(want) / 2, len(want) - 1} {
			if stop < 1 {
				continue
			}
			n := 0
			for m := range p.LegalMovesSeq() {
				if m != want[n] {
					t.Fatalf("%s: move %d of the stream is %s, of the list %s", code(p), n, m, want[n])
				}
				if n++; n == stop {
					break
				}
			}
			if n != stop {
				t.Fatalf("%s: stopped after %d moves, asked %d", code(p), n, stop)
			}
			// the moves just taken play from the stream's search too
			if q := p.PlayUnchecked(want[stop-1]); !q.Equal(p.playUnchecked(new(scratch), want[stop-1])) {
				t.Fatalf("%s: %s plays otherwise after the stream", code(p), want[stop-1])
			}
		}
	}
	won := mustDecode(t, vectors(t)["V2b"])
	for range won.LegalMovesSeq() {
		t.Fatal("a won position streams a move")
	}
	for range (Position{}).LegalMovesSeq() {
		t.Fatal("the zero Position streams a move")
	}
}

// TestStreamStopsAtOnce: on the corpus's position of 3.4 million moves,
// freshly decoded, the stream yields its first move within a
// millisecond, and a caller that stops it in the middle, after 1.5
// million moves, has control back within a millisecond. Each is timed
// more than once and the best counts, so that a busy machine does not
// fail it.
func TestStreamStopsAtOnce(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("lists 1.5 million moves")
	}
	p := crowdedPosition(t, "rows6-414")
	first, stop := time.Hour, time.Hour
	for try := range 5 {
		fresh := twins(t, p)[1] // whose graph no working memory holds
		t0 := time.Now()
		for range fresh.LegalMovesSeq() {
			break
		}
		first = min(first, time.Since(t0))
		if try > 1 {
			continue // two stops in the middle are enough
		}
		var at time.Time
		n := 0
		for range p.LegalMovesSeq() {
			if n++; n == 1_500_000 {
				at = time.Now()
				break
			}
		}
		stop = min(stop, time.Since(at))
	}
	t.Logf("first move after %v, control back %v after the stop", first, stop)
	if first > time.Millisecond || stop > time.Millisecond {
		t.Errorf("first move after %v, control back %v after the stop; want both within 1ms", first, stop)
	}
}
