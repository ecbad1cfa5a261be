package flooprail

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/playedperft"
	"github.com/boardrules/boardrules/notation"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var _ boardrules.Position[Position, Move] = Position{}

const startCode = "flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xx"

// decode reads a position code or fails the test.
func decode(t testing.TB, code string) Position {
	t.Helper()
	var p Position
	if err := p.UnmarshalText([]byte(code)); err != nil {
		t.Fatalf("UnmarshalText(%q): %v", code, err)
	}
	return p
}

func code(t testing.TB, p Position) string {
	t.Helper()
	b, err := p.MarshalText()
	if err != nil {
		t.Fatalf("MarshalText: %v", err)
	}
	return string(b)
}

func moveTexts(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, m.String())
	}
	return out
}

// checkMoves compares p's legal moves with want as sets, and checks that
// no move is listed twice.
func checkMoves(t *testing.T, p Position, want string) {
	t.Helper()
	got := moveTexts(p)
	sorted := slices.Clone(got)
	slices.Sort(sorted)
	if len(slices.Compact(slices.Clone(sorted))) != len(sorted) {
		t.Errorf("%s: duplicate legal moves %v", code(t, p), got)
	}
	w := strings.Fields(want)
	if diff := cmp.Diff(w, got, cmpopts.SortSlices(func(a, b string) bool { return a < b }), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("%s: legal moves (-want +got):\n%s", code(t, p), diff)
	}
}

// play parses and plays s, failing the test on error.
func play(t *testing.T, p Position, s string) Position {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	q, err := p.Play(m)
	if err != nil {
		t.Fatalf("Play(%q): %v", s, err)
	}
	if r := p.PlayUnchecked(m); r != q {
		t.Fatalf("PlayUnchecked(%q) differs from Play", s)
	}
	return q
}

// checkIllegal checks that s is well-formed but illegal in p, with the
// message want (if not empty).
func checkIllegal(t *testing.T, p Position, s, want string) {
	t.Helper()
	_, err := p.ParseMove(s)
	if !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Fatalf("%s: ParseMove(%q) = %v, want ErrIllegalMove", code(t, p), s, err)
	}
	if want != "" && err.Error() != want {
		t.Errorf("ParseMove(%q) error %q, want %q", s, err.Error(), want)
	}
	m, err2 := parseMove(s)
	if err2 != nil {
		t.Fatalf("parseMove(%q): %v", s, err2)
	}
	q, err3 := p.Play(m)
	if !errors.Is(err3, boardrules.ErrIllegalMove) || q != p {
		t.Errorf("Play(%q) = %v, want ErrIllegalMove and p unchanged", s, err3)
	}
	if want != "" && err3.Error() != want {
		t.Errorf("Play(%q) error %q, want %q", s, err3.Error(), want)
	}
}

func checkPerft(t *testing.T, p Position, want ...uint64) {
	t.Helper()
	for d, w := range want {
		if got := boardrules.Perft(p, d+1); got != w {
			t.Errorf("%s: perft(%d) = %d, want %d", code(t, p), d+1, got, w)
		}
		if got := perftPlayed(p, d+1); got != w {
			t.Errorf("%s: perftPlayed(%d) = %d, want %d", code(t, p), d+1, got, w)
		}
	}
}

// perftPlayed is perft that plays every leaf, the way the benchmarks
// count: no bulk counting at the last ply.
func perftPlayed(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 64)
	}
	var sink uint64
	n := playedperft.Count(p, depth, bufs, &sink)
	if sink == 1 {
		n-- // never true in practice; keeps the played leaves alive
	}
	return n
}

func TestStart(t *testing.T) {
	p := Standard()
	if got := code(t, p); got != startCode {
		t.Errorf("start code %q, want %q", got, startCode)
	}
	r, err := New(Variant{Reverse: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := code(t, r), "flooprail reverse o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xx"; got != want {
		t.Errorf("reverse start code %q, want %q", got, want)
	}
	if p == r || p.Hash() == r.Hash() {
		t.Error("the variant does not change the position or its hash")
	}
	if p.ToMove() != seatO || p.Players() != 2 || p.Variant() != (Variant{}) || !r.Variant().Reverse {
		t.Error("start: wrong side to move, players or variant")
	}
	if p.Count(seatO) != 12 || p.Count(seatX) != 12 || p.Count(boardrules.NoPlayer) != 0 {
		t.Error("start: not 12 pieces a side")
	}
	want := map[string]Piece{}
	for _, s := range strings.Fields("D1 E1 C2 D2 E2 B3 C3 D3 A4 B4 C4 B5") {
		want[s] = OFlooper
	}
	for _, s := range strings.Fields("G3 F4 G4 H4 E5 F5 G5 D6 E6 F6 D7 E7") {
		want[s] = XFlooper
	}
	for _, sq := range Spaces() {
		if got, ok := p.At(sq); got != want[sq.Upper()] || ok != (got != Empty) {
			t.Errorf("At(%s) = %v, %v; want %v", sq.Upper(), got, ok, want[sq.Upper()])
		}
	}
	if o := p.Outcome(); o != (boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}) {
		t.Errorf("start outcome %+v", o)
	}
}

// TestHashCoversEveryField: the spec makes Hash cover the board, the side to
// move and the variant. TestPropHash only checks the incremental hash against
// hashFromScratch, which a field left out of both passes; so each pair here
// differs in one field alone (TestStart covers the variant), and their
// hashes must differ.
func TestHashCoversEveryField(t *testing.T) {
	for _, c := range []struct{ field, a, b string }{
		{"side to move", "flooprail normal o ../..../.o..../o......./....../..../.x", "flooprail normal x ../..../.o..../o......./....../..../.x"},
		{"O Flooper or SooperFlooper", "flooprail normal o ../..../.o..../o......./....../..../.x", "flooprail normal o ../..../.O..../o......./....../..../.x"},
		{"X Flooper or SooperFlooper", "flooprail normal o ../..../.o..../o......./....../..../.x", "flooprail normal o ../..../.o..../o......./....../..../.X"},
	} {
		if a, b := decode(t, c.a), decode(t, c.b); a.Hash() == b.Hash() {
			t.Errorf("%s: two positions that differ only in it have the same Hash %x", c.field, a.Hash())
		}
	}
}

func TestSpacesAndCheckersNumbers(t *testing.T) {
	want := "D1 1 E1 5 C2 2 D2 6 E2 9 F2 13 B3 3 C3 7 D3 10 E3 14 F3 17 G3 21 " +
		"A4 4 B4 8 C4 11 D4 15 E4 18 F4 22 G4 25 H4 29 B5 12 C5 16 D5 19 E5 23 F5 26 G5 30 " +
		"C6 20 D6 24 E6 27 F6 31 D7 28 E7 32"
	var got []string
	for _, sq := range Spaces() {
		got = append(got, sq.Upper(), strconv.Itoa(CheckersSquare(sq)))
	}
	if diff := cmp.Diff(strings.Fields(want), got); diff != "" {
		t.Errorf("Spaces and CheckersSquare (-want +got):\n%s", diff)
	}
	for _, s := range []string{"A1", "B1", "C1", "F1", "H1", "A3", "H3", "A5", "H5", "A7", "H7", "E8", "I4", "Z99"} {
		sq, err := notation.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := Standard().At(sq); CheckersSquare(sq) != 0 || ok {
			t.Errorf("%s: not a space, but CheckersSquare or At says it is", s)
		}
	}
	if CheckersSquare(notation.Square{}) != 0 || Standard().pieceAt(notation.Square{}) != Empty {
		t.Error("the zero Square is a space")
	}
}

// TestCheckersIsomorphism checks the correspondence the doc describes: the
// rails join exactly the diagonal neighbours of the checkers board.
func TestCheckersIsomorphism(t *testing.T) {
	// Checkers square k (1-32) in Black's view: row (k-1)/4 from Black's
	// side; the dark squares of even rows are columns 1,3,5,7 and of odd
	// rows 0,2,4,6, counted from the single corner.
	coord := func(k int) (int, int) {
		row := (k - 1) / 4
		col := 2*((k-1)%4) + 1 - row%2
		return row, col
	}
	sp := Spaces()
	for _, a := range sp {
		for _, b := range sp {
			dl, dr := b.File()-a.File(), b.Rank()-a.Rank()
			rail := abs(dl)+abs(dr) == 1
			ra, ca := coord(CheckersSquare(a))
			rb, cb := coord(CheckersSquare(b))
			diag := abs(ra-rb) == 1 && abs(ca-cb) == 1
			if rail != diag {
				t.Errorf("%s-%s: rail %v, checkers diagonal %v", a.Upper(), b.Upper(), rail, diag)
			}
		}
	}
}

func TestGoalSpaces(t *testing.T) {
	if goal[O]|goal[X] != goalSpaces || goal[O]&goal[X] != 0 {
		t.Errorf("goal spaces %#x %#x, constant %#x", goal[O], goal[X], uint32(goalSpaces))
	}
	var got []string
	for _, pl := range []Color{O, X} {
		for _, s := range Spaces() {
			if goal[pl]>>spaceBit(s)&1 != 0 {
				got = append(got, s.Upper())
			}
		}
	}
	if diff := cmp.Diff(strings.Fields("H4 G5 F6 E7 D1 C2 B3 A4"), got, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Errorf("goal spaces (-want +got):\n%s", diff)
	}
}

func TestPieces(t *testing.T) {
	cases := []struct {
		p      Piece
		owner  boardrules.Player
		sooper bool
		text   string
	}{
		{Empty, boardrules.NoPlayer, false, ""},
		{OFlooper, seatO, false, "O Flooper"},
		{XFlooper, seatX, false, "X Flooper"},
		{OSooperFlooper, seatO, true, "O SooperFlooper"},
		{XSooperFlooper, seatX, true, "X SooperFlooper"},
	}
	for _, c := range cases {
		if c.p.Owner() != c.owner || c.p.IsSooper() != c.sooper || c.p.String() != c.text {
			t.Errorf("%d: got %v %v %q", c.p, c.p.Owner(), c.p.IsSooper(), c.p.String())
		}
	}
}

func TestVariant(t *testing.T) {
	for _, v := range []Variant{{}, {Reverse: true}} {
		got, err := ParseVariant(v.String())
		if err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.String(), got, err)
		}
	}
	for _, s := range []string{"", "Normal", "misere", "losing", "-reverse", "reverse "} {
		if _, err := ParseVariant(s); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("ParseVariant(%q) = %v, want ErrSyntax", s, err)
		}
	}
}

func TestPerftStart(t *testing.T) {
	want := []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680}
	if testing.Short() {
		want = want[:7]
	} else if got := boardrules.Perft(Standard(), 10); got != 18391564 {
		t.Errorf("perft(10) = %d, want 18391564", got)
	}
	for _, v := range []Variant{{}, {Reverse: true}} {
		p, _ := New(v)
		for d, w := range want {
			if got := boardrules.Perft(p, d+1); got != w {
				t.Errorf("%v: perft(%d) = %d, want %d", v, d+1, got, w)
			}
		}
		if !testing.Short() {
			if got := perftPlayed(p, 8); got != want[7] {
				t.Errorf("%v: perftPlayed(8) = %d, want %d", v, got, want[7])
			}
		}
	}
}

func TestF1Opening(t *testing.T) {
	p := decode(t, startCode)
	checkMoves(t, p, "B5-C5 C4-C5 C4-D4 D3-D4 D3-E3 E2-E3 E2-F2")
	checkers := map[string]string{"B5-C5": "12-16", "C4-C5": "11-16", "C4-D4": "11-15", "D3-D4": "10-15",
		"D3-E3": "10-14", "E2-E3": "9-14", "E2-F2": "9-13"}
	for _, m := range p.LegalMoves() {
		path := m.Path()
		got := strconv.Itoa(CheckersSquare(path[0])) + "-" + strconv.Itoa(CheckersSquare(path[1]))
		if got != checkers[m.String()] {
			t.Errorf("%s is checkers %s, want %s", m, got, checkers[m.String()])
		}
	}
	x := decode(t, strings.Replace(startCode, " o ", " x ", 1))
	checkMoves(t, x, "D6-C6 D6-D5 E5-D5 E5-E4 F4-E4 F4-F3 G3-F3")
	checkIllegal(t, x, "E6-D6", "E6-D6: D6 is occupied")
	checkIllegal(t, x, "E6-C6", "E6-C6: D6 is X's own piece")
	// the other side's piece is not the mover's, wherever it goes
	checkIllegal(t, p, "E6-D6", "E6-D6: E6 holds an X Flooper, and O is to move")
	checkIllegal(t, p, "E6-C6", "E6-C6: E6 holds an X Flooper, and O is to move")
	checkIllegal(t, p, "E5-E4", "E5-E4: E5 holds an X Flooper, and O is to move")
	checkIllegal(t, p, "E5-D5", "E5-D5: E5 holds an X Flooper, and O is to move")
	checkIllegal(t, p, "F2-F3", "F2-F3: F2 is empty")
	checkIllegal(t, p, "D3-C3", "D3-C3: an O Flooper moves only down or right")
	checkIllegal(t, x, "D6-E6", "D6-E6: an X Flooper moves only up or left")
}

func TestF2SeedMultiFleap(t *testing.T) {
	p := decode(t, "flooprail normal x ../..../.o..../o......./.o..../.ox./..")
	checkMoves(t, p, "E6-C6-C4-C2")
	m := p.LegalMoves()[0]
	var caps []string
	for _, sq := range m.Captures() {
		caps = append(caps, sq.Upper())
	}
	if diff := cmp.Diff([]string{"D6", "C5", "C3"}, caps); diff != "" {
		t.Errorf("captures (-want +got):\n%s", diff)
	}
	if !m.IsFleap() {
		t.Error("IsFleap false")
	}
	q := play(t, p, "E6-C6-C4-C2")
	if got, want := code(t, q), "flooprail normal o ../X.../....../o......./....../..../.."; got != want {
		t.Errorf("after: %q, want %q", got, want)
	}
	if q.pieceAt(sq(t, "C2")) != XSooperFlooper {
		t.Error("not promoted on C2")
	}
	checkMoves(t, q, "A4-B4")
	lines := strings.Split(q.String(), "\n")
	if lines[3] != " 2        *--.--.--." || lines[7] != " 4  O--.--.--.--.--.--.--." {
		t.Errorf("board text rows 2 and 4: %q, %q", lines[3], lines[7])
	}
	checkPerft(t, p, 1, 1, 2, 4)
	// Stopping early is illegal.
	checkIllegal(t, p, "E6-C6", "E6-C6: the Fleap must continue")
	checkIllegal(t, p, "E6-C6-C4", "E6-C6-C4: the Fleap must continue")
}

func TestF3Compulsion(t *testing.T) {
	p := decode(t, "flooprail normal o ../..../.ox.../o......./....../..../.x")
	checkMoves(t, p, "C3-E3")
	checkIllegal(t, p, "A4-B4", "A4-B4: a Fleap is compulsory")
	checkIllegal(t, p, "C3-C4", "C3-C4: a Fleap is compulsory")
	q := play(t, p, "C3-E3")
	if got, want := code(t, q), "flooprail normal x ../..../...o../o......./....../..../.x"; got != want {
		t.Errorf("after: %q, want %q", got, want)
	}
	checkMoves(t, q, "E7-D7 E7-E6")
}

func TestF4FreeChoice(t *testing.T) {
	p := decode(t, "flooprail normal o ../..../.ox.x./..x...../....../x.../.x")
	checkMoves(t, p, "C3-C5 C3-E3-G3")
	checkIllegal(t, p, "C3-E3", "C3-E3: the Fleap must continue")
	q := play(t, p, "C3-C5")
	if got, want := code(t, q), "flooprail normal x ../..../..x.x./......../.o..../x.../.x"; got != want {
		t.Errorf("after: %q, want %q", got, want)
	}
	checkMoves(t, q, "C6-C4")
}

func TestF5PromotionEndsMove(t *testing.T) {
	p := decode(t, "flooprail normal o ../..../....../o.....x./...ox./..../x.")
	checkMoves(t, p, "E5-G5")
	checkIllegal(t, p, "E5-G5-G3", "E5-G5-G3: the Flooper is promoted on G5, which ends its move")
	q := play(t, p, "E5-G5")
	if q.pieceAt(sq(t, "G5")) != OSooperFlooper {
		t.Errorf("G5 holds %v", q.pieceAt(sq(t, "G5")))
	}
	if got, want := code(t, q), "flooprail normal x ../..../....../o.....x./.....O/..../x."; got != want {
		t.Errorf("after: %q, want %q", got, want)
	}
	checkMoves(t, q, "D7-D6 G4-F4 G4-G3")

	k := decode(t, "flooprail normal o ../..../....../o.....x./...Ox./..../x.")
	checkMoves(t, k, "E5-G5-G3")
	checkIllegal(t, k, "E5-G5", "E5-G5: the Fleap must continue")
	q = play(t, k, "E5-G5-G3")
	if got, want := code(t, q), "flooprail normal x ../..../.....O/o......./....../..../x."; got != want {
		t.Errorf("after: %q, want %q", got, want)
	}
}

func TestF8Outcome(t *testing.T) {
	cases := []struct {
		code string
		want boardrules.Outcome
	}{
		{"flooprail normal o ../..../....../......../oxx.../..../.x", boardrules.Outcome{Status: boardrules.Win, Winner: seatX, Reason: "O has no legal move", Rule: RuleNoMoves}},
		{"flooprail reverse o ../..../....../......../oxx.../..../.x", boardrules.Outcome{Status: boardrules.Win, Winner: seatO, Reason: "O has no legal move", Rule: RuleNoMoves}},
		{"flooprail normal x ../..../....../......../....../..../..", boardrules.Outcome{Status: boardrules.Win, Winner: seatO, Reason: "X has no piece left", Rule: RuleNoPieces}},
		{"flooprail reverse x ../..../....../......../....../..../..", boardrules.Outcome{Status: boardrules.Win, Winner: seatX, Reason: "X has no piece left", Rule: RuleNoPieces}},
		{"flooprail normal o ../..../....../......../....../..../..", boardrules.Outcome{Status: boardrules.Win, Winner: seatX, Reason: "O has no piece left", Rule: RuleNoPieces}},
	}
	for _, c := range cases {
		p := decode(t, c.code)
		if got := p.Outcome(); got != c.want {
			t.Errorf("%s: Outcome %+v, want %+v", c.code, got, c.want)
		}
		if len(p.LegalMoves()) != 0 {
			t.Errorf("%s: legal moves in an ended game", c.code)
		}
		if p.ToMove() != boardrules.NoPlayer {
			t.Errorf("%s: ToMove %v after the end, want NoPlayer", c.code, p.ToMove())
		}
		// The code keeps the side without a move.
		if got := code(t, p); got != c.code {
			t.Errorf("%s: code %q after the end", c.code, got)
		}
		_, err := p.ParseMove("B5-C5")
		if !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("%s: ParseMove after the end: %v, want ErrGameOver", c.code, err)
		}
		m := Standard().LegalMoves()[0]
		if _, err := p.Play(m); !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("%s: Play after the end: %v, want ErrGameOver", c.code, err)
		}
	}
	// The blocked player: the normal game is won by the last player to
	// move, and the same move ends it.
	p := decode(t, "flooprail normal x ../..../....../......../oxx.../..../..")
	if p.Outcome().Status != boardrules.Ongoing {
		t.Error("X has a move")
	}
}

func TestF9SooperFlooperFloops(t *testing.T) {
	p := decode(t, "flooprail normal o ../..../....../o..O...x/o...../..../..")
	checkMoves(t, p, "A4-B4 B5-C5 D4-C4 D4-D3 D4-D5 D4-E4")
	x := decode(t, "flooprail normal x ../..../....../o..O...x/o...../..../..")
	checkMoves(t, x, "H4-G4")
	checkPerft(t, p, 6, 6, 37, 73)
}

func TestF11PromotionByFloop(t *testing.T) {
	p := decode(t, "flooprail normal x ../...o/....../.x....../....../..../..")
	checkMoves(t, p, "B4-A4 B4-B3")
	q := play(t, p, "B4-B3")
	if got, want := code(t, q), "flooprail normal o ../...o/X...../......../....../..../.."; got != want {
		t.Errorf("after: %q, want %q", got, want)
	}
	if row3 := strings.Split(q.String(), "\n")[5]; row3 != " 3     *--.--.--.--.--." {
		t.Errorf("row 3: %q", row3)
	}
	a := play(t, p, "B4-A4")
	if a.pieceAt(sq(t, "A4")) != XSooperFlooper {
		t.Error("not promoted on A4")
	}
}

func TestF12BothSooperFloopers(t *testing.T) {
	p := decode(t, "flooprail normal o ../..X./..o..x/..o...xx/ox..../.x.O/..")
	checkMoves(t, p, "B5-D5-D7 C4-C6-E6")
	checkPerft(t, p, 2, 12, 62, 300)
	golden(t, "f12.txt", p.String())
}

func TestBoardTextStart(t *testing.T) {
	s := Standard().String()
	golden(t, "start.txt", s)
	if len(s) != 306 {
		t.Errorf("start board is %d bytes, want 306", len(s))
	}
	var lens []int
	for _, l := range strings.SplitAfter(s, "\n") {
		if l == "" {
			continue
		}
		lens = append(lens, len(l)-1)
		if strings.HasSuffix(strings.TrimSuffix(l, "\n"), " ") {
			t.Errorf("trailing space in %q", l)
		}
	}
	if diff := cmp.Diff([]int{26, 17, 17, 20, 20, 23, 23, 26, 23, 23, 20, 20, 17, 17}, lens); diff != "" {
		t.Errorf("line lengths (-want +got):\n%s", diff)
	}
	// Every glyph stands in column 4+3(L-1).
	lines := strings.Split(s, "\n")
	for _, sq := range Spaces() {
		line := lines[1+2*sq.Rank()]
		if c := line[4+3*sq.File()]; !strings.ContainsRune(".OX@*", rune(c)) {
			t.Errorf("%s: column holds %q", sq.Upper(), c)
		}
	}
}

// TestBoardTextSeed checks the claim of the spec: with runs of whitespace
// collapsed and leading spaces removed, the empty board and the start read
// as the seed's diagrams.
func TestBoardTextSeed(t *testing.T) {
	collapse := func(s string) string {
		var out []string
		for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
			out = append(out, strings.Join(strings.Fields(l), " "))
		}
		return strings.Join(out, "\n")
	}
	empty := decode(t, "flooprail normal o ../..../....../......../....../..../..")
	want := "A B C D E F G H\n1 .--.\n| |\n2 .--.--.--.\n| | | |\n3 .--.--.--.--.--.\n| | | | | |\n" +
		"4 .--.--.--.--.--.--.--.\n| | | | | |\n5 .--.--.--.--.--.\n| | | |\n6 .--.--.--.\n| |\n7 .--."
	if got := collapse(empty.String()); got != want {
		t.Errorf("empty board collapsed:\n%s\nwant\n%s", got, want)
	}
	start := strings.NewReplacer("1 .--.", "1 O--O", "2 .--.--.--.", "2 O--O--O--.",
		"3 .--.--.--.--.--.", "3 O--O--O--.--.--X", "4 .--.--.--.--.--.--.--.", "4 O--O--O--.--.--X--X--X",
		"5 .--.--.--.--.--.", "5 O--.--.--X--X--X", "6 .--.--.--.", "6 .--X--X--X", "7 .--.", "7 X--X").Replace(want)
	if got := collapse(Standard().String()); got != start {
		t.Errorf("start collapsed:\n%s\nwant\n%s", got, start)
	}
}

// golden compares got with testdata/name; with FLOOPRAIL_UPDATE=1 it
// writes the file instead.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("FLOOPRAIL_UPDATE") == "1" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (-want +got):\n%s", name, cmp.Diff(string(want), got))
	}
}

func sq(t testing.TB, s string) notation.Square {
	t.Helper()
	q, err := notation.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestLoops: a SooperFlooper's starting space is empty from the start of
// its move, so it may Fleap round a loop back to it, pass through it, and
// the two ways round are two moves.
func TestLoops(t *testing.T) {
	p := decode(t, "flooprail normal o ../..../.Ox.../..x.x.../..x.../..../..")
	checkMoves(t, p, "C3-E3-E5-C5-C3 C3-C5-E5-E3-C3")
	q := play(t, p, "C3-E3-E5-C5-C3")
	if got, want := code(t, q), "flooprail normal x ../..../.O..../......../....../..../.."; got != want {
		t.Errorf("after the loop: %q, want %q", got, want)
	}
	if o := q.Outcome(); o != (boardrules.Outcome{Status: boardrules.Win, Winner: seatO, Reason: "X has no piece left", Rule: RuleNoPieces}) {
		t.Errorf("outcome %+v", o)
	}
	checkIllegal(t, p, "C3-E3-E5-C5", "C3-E3-E5-C5: the Fleap must continue")

	through := decode(t, "flooprail normal o ../.x../..Ox../...x.x../...x../..../..")
	checkMoves(t, through, "D3-D1 D3-F3-F5-D5-D3-D1 D3-D5-F5-F3-D3-D1")
	checkIllegal(t, through, "D3-F3-F5-D5-D3", "D3-F3-F5-D5-D3: the Fleap must continue")
	checkPerft(t, through, 3)

	// No double Fleap: D4 may not be leapt twice.
	k := decode(t, "flooprail normal o ../..../....../..Ox..../....../..../..")
	checkMoves(t, k, "C4-E4")
	checkIllegal(t, k, "C4-E4-C4", "C4-E4-C4: D4 is leapt twice")
	// A Flooper's Fleap over an empty space or its own piece.
	f := decode(t, "flooprail normal o ../..../oo..../......../....../..../..")
	checkIllegal(t, f, "B3-D3", "B3-D3: C3 is O's own piece")
	checkIllegal(t, f, "C3-E3", "C3-E3: there is no piece on D3 to Fleap over")
	checkIllegal(t, f, "C3-C5", "C3-C5: there is no piece on C4 to Fleap over")
	// A Fleap onto an occupied space.
	g := decode(t, "flooprail normal o ../..../.oxx../......../....../..../..")
	checkIllegal(t, g, "C3-E3", "C3-E3: E3 is occupied")
}

// TestNotation reads the spec's notation table through positions: a
// well-formed move is ErrGameOver in the zero Position and in an ended
// game, whatever it says, and the move itself in a position where it is
// legal; a malformed one is a syntax error in every position.
func TestNotation(t *testing.T) {
	var zero Position
	ended := decode(t, "flooprail normal o ../..../....../......../oxx.../..../.x")
	ok := []struct {
		in, text, caps string
		code           string // a position where the move is legal; "" for a move legal nowhere
		why            string // the refusal of a move legal nowhere, in code
	}{
		{"E6-D6", "E6-D6", "", "flooprail normal x ../..../....../......../....../..x./..", ""},
		{"e6-d6", "E6-D6", "", "flooprail normal x ../..../....../......../....../..x./..", ""},
		{"E6-C6", "E6-C6", "D6", "flooprail normal x ../..../....../......../....../.ox./..", ""},
		{"e6-C6-c4-C2", "E6-C6-C4-C2", "D6 C5 C3", "flooprail normal x ../..../.o..../o......./.o..../.ox./..", ""},
		{"C4-E4-C4", "C4-E4-C4", "D4 D4", "", "flooprail normal o ../..../....../..Ox..../....../..../.."},
		{"D1-E1", "D1-E1", "", "flooprail normal o o./..../....../......../....../..../..", ""},
		{"H4-G4", "H4-G4", "", "flooprail normal x ../..../....../.......x/....../..../..", ""},
		{"D1-D3-D5-D7", "D1-D3-D5-D7", "D2 D4 D6", "flooprail normal o o./.x../....../...x..../....../.x../..", ""},
	}
	for _, c := range ok {
		for _, p := range []Position{zero, ended} {
			if _, err := p.ParseMove(c.in); !errors.Is(err, boardrules.ErrGameOver) {
				t.Errorf("ParseMove(%q) with no legal move: %v, want ErrGameOver", c.in, err)
			}
		}
		var m Move
		if c.code == "" {
			_, err := decode(t, c.why).ParseMove(c.in)
			if !errors.Is(err, boardrules.ErrIllegalMove) {
				t.Errorf("%s: ParseMove(%q) = %v, want ErrIllegalMove", c.why, c.in, err)
			}
			// Its text, path and captures can only be read inside the
			// package.
			if m, err = parseMove(c.in); err != nil {
				t.Errorf("parseMove(%q): %v", c.in, err)
				continue
			}
		} else {
			var err error
			if m, err = decode(t, c.code).ParseMove(c.in); err != nil {
				t.Errorf("%s: ParseMove(%q): %v", c.code, c.in, err)
				continue
			}
		}
		if m.String() != c.text {
			t.Errorf("ParseMove(%q).String() = %q, want %q", c.in, m.String(), c.text)
		}
		var caps []string
		for _, s := range m.Captures() {
			caps = append(caps, s.Upper())
		}
		if diff := cmp.Diff(strings.Fields(c.caps), caps, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s captures (-want +got):\n%s", c.in, diff)
		}
		if m.IsFleap() != (c.caps != "") {
			t.Errorf("%s: IsFleap %v", c.in, m.IsFleap())
		}
		var path []string
		for _, s := range m.Path() {
			path = append(path, s.Upper())
		}
		if got := strings.Join(path, "-"); got != c.text {
			t.Errorf("%s: Path %s", c.in, got)
		}
		if m.From().Upper() != path[0] || m.To().Upper() != path[len(path)-1] {
			t.Errorf("%s: From %s, To %s", c.in, m.From().Upper(), m.To().Upper())
		}
	}
	bad := []string{
		"E6-C2", "E6-E6", "E6-E3", "E6-D6-D4",
		"A1-B1", "E8-E7", "I4-H4",
		"E6C6", "E6", "E6-", "-E6-D6", "E6--D6", "E6xC6", "E6–D6",
		"27-20", "pass", "",
		"E6-D6#12", " E6-D6", "E6-D6\n", "E6-D6 ", "E6 -D6", "E10-E7", "e6-d6-", "E6-D5",
		"D1-D3-D5-D7-D5-D3-D1-D3-D5-D7-D5-D3-D1-D3",
	}
	// Syntax comes first: the same error in every position, the zero
	// Position and an ended game included.
	for _, s := range bad {
		var first error
		for _, p := range []Position{zero, ended, Standard()} {
			_, err := p.ParseMove(s)
			var pe *notation.ParseError
			if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) {
				t.Errorf("ParseMove(%q) = %v, want a *notation.ParseError", s, err)
				break
			}
			if pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) {
				t.Errorf("ParseMove(%q): error names %q at %d", s, pe.Input, pe.Offset)
			}
			if first == nil {
				first = err
			} else if err.Error() != first.Error() {
				t.Errorf("ParseMove(%q): %v in one position, %v in another", s, first, err)
			}
		}
	}
	// 13 spaces are well-formed, 14 are not (above).
	if _, err := zero.ParseMove("D1-D3-D5-D7-D5-D3-D1-D3-D5-D7-D5-D3-D1"); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("13 spaces: %v, want ErrGameOver", err)
	}
	// The start position: E6-D6 and C4-E4-C4 are illegal there.
	checkIllegal(t, Standard(), "C4-E4-C4", "")
	checkIllegal(t, Standard(), "E6-C6", "")
}

func TestUnmarshalText(t *testing.T) {
	rows := "oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xx"
	bad := []string{
		"FloopRail normal o " + rows,
		"flooprail misere o " + rows,
		"flooprail normal O " + rows,
		"flooprail  normal o " + rows,
		"flooprail normal  o " + rows,
		"flooprail normal o  " + rows,
		"flooprail normal o " + rows + "\n",
		"flooprail normal o " + rows + " ",
		" flooprail normal o " + rows,
		"flooprail\tnormal o " + rows,
		"flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx",
		"flooprail normal o oo/ooo/ooo..x/ooo..xxx/o..xxx/.xxx/xx",
		"flooprail normal o oo/ooo../ooo..x/ooo..xxx/o..xxx/.xxx/xx",
		"flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xy",
		"flooprail normal o oo/oooo/ooo..x/ooo..xxx/o..xxx/.xxx/xx",
		"flooprail normal o ../..../....../.......o/....../..../..",
		"flooprail normal x ../..../....../x......./....../..../o.",
		"flooprail normal o ../..../....../......../....../..../..o",
		"flooprail normal o ../..../....../......../....../..../../",
		"flooprail normal o",
		"flooprail normal o ",
		"flooprail normal",
		"flooprail",
		"",
		"flooprail reverse x",
		"flooprail normal o ../..../....../......../....../..../.",
		"flooprail normal o XXXXXXXXXXXXX/",
		"flooprail normal o XX/XXXX/XXXXXX/XXXXXXXX/....../..../..",
		"flooprail normal o ../..../......//......../....../..../..",
		"tumbling normal o " + rows,
	}
	for _, s := range bad {
		p := Standard()
		err := p.UnmarshalText([]byte(s))
		var pe *notation.ParseError
		if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) {
			t.Errorf("UnmarshalText(%q) = %v, want a *notation.ParseError", s, err)
			continue
		}
		if pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) {
			t.Errorf("UnmarshalText(%q): error names %q at %d", s, pe.Input, pe.Offset)
		}
		if p != Standard() {
			t.Errorf("UnmarshalText(%q) changed the receiver", s)
		}
	}
	good := []string{
		"flooprail normal o ../..../....../.......O/....../..../..",
		"flooprail reverse x ../..../....../......../....../..../..",
		"flooprail normal o ../..../....../X......./....../..../o.",
		"flooprail normal x oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xx",
		"flooprail normal o XX/XXXX/XXXXXX/......../....../..../..",
	}
	for _, s := range good {
		p := decode(t, s)
		if got := code(t, p); got != s {
			t.Errorf("round trip %q gave %q", s, got)
		}
		if p.Hash() != p.hashFromScratch() {
			t.Errorf("%s: hash not set", s)
		}
	}
	if got := decode(t, good[0]).pieceAt(sq(t, "H4")); got != OSooperFlooper {
		t.Errorf("H4 holds %v", got)
	}
}

func TestRegistry(t *testing.T) {
	g, ok := boardrules.Lookup("flooprail")
	if !ok {
		t.Fatal("flooprail is not registered")
	}
	if g.Title != "FloopRail" || !slices.Equal(g.Variants, []string{"normal", "reverse"}) {
		t.Errorf("GameInfo %+v", g)
	}
	for _, v := range g.Variants {
		a, err := g.New(v)
		if err != nil {
			t.Fatal(err)
		}
		if a.Game() != "flooprail" || a.Variant() != v || a.Players() != 2 || len(a.LegalMoves()) != 7 {
			t.Errorf("%s: %s %s %d %v", v, a.Game(), a.Variant(), a.Players(), a.LegalMoves())
		}
		b, err := a.Play("C4-D4")
		if err != nil {
			t.Fatal(err)
		}
		text, _ := b.MarshalText()
		c, err := boardrules.Decode(text)
		if err != nil {
			t.Fatal(err)
		}
		if c.Hash() != b.Hash() || c.String() != b.String() || c.Variant() != v || c.ToMove() != seatX {
			t.Errorf("%s: decoded position differs", v)
		}
		if _, err := b.Play("C4-D4"); !errors.Is(err, boardrules.ErrIllegalMove) {
			t.Errorf("Any.Play of an illegal move: %v", err)
		}
	}
	if _, err := g.New("misere"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("New(misere): %v", err)
	}
	if _, err := g.Decode([]byte("flooprail normal")); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("Decode of a bad code: %v", err)
	}
}

// TestOutcomeSeesEveryMove pins the end-of-game rule: the game ends only
// when the player to move has no legal move at all. Each position here
// leaves the side to move a single kind of move, in one direction only: a
// Flooper's Fleap down (O) or left (X), a SooperFlooper's Fleap or Floop
// backward (left for O, down for X). Each of those alone keeps the game
// going. The rows with a second piece that could Floop pin compulsion in
// the player's words: such a Fleap makes every Floop illegal, and the
// refusal says so.
func TestOutcomeSeesEveryMove(t *testing.T) {
	cases := []struct {
		what, code, moves string
		floop, why        string // a Floop the Fleap forbids, and the message
	}{
		{"O Flooper Fleaps down onto its goal",
			"flooprail normal o ../..../.....o/......x./....../..../..", "G3-G5", "", ""},
		{"the same, with a Flooper free to Floop",
			"flooprail normal o ../..../.....o/......x./o...../..../..", "G3-G5", "B5-C5", "B5-C5: a Fleap is compulsory"},
		{"X Flooper Fleaps left",
			"flooprail normal x ../..ox/....../......../....../..../..", "F2-D2", "", ""},
		{"the same, with a Flooper free to Floop",
			"flooprail normal x ../..ox/....../......../....../..../.x", "F2-D2", "E7-E6", "E7-E6: a Fleap is compulsory"},
		{"O SooperFlooper Fleaps left",
			"flooprail normal o ../..../....../......xO/....../..../..", "H4-F4", "", ""},
		{"the same, with a Flooper free to Floop",
			"flooprail normal o ../..../....../......xO/o...../..../..", "H4-F4", "B5-C5", "B5-C5: a Fleap is compulsory"},
		{"X SooperFlooper Fleaps down",
			"flooprail normal x Xo/.o../....../......../....../..../..", "D1-D3", "", ""},
		{"the same, with a Flooper free to Floop",
			"flooprail normal x Xo/.o../....../......../....../..../.x", "D1-D3", "E7-E6", "E7-E6: a Fleap is compulsory"},
		{"O SooperFlooper Floops left",
			"flooprail normal o ../..../....../.......O/....../..../..", "H4-G4", "", ""},
		{"X SooperFlooper Floops down",
			"flooprail normal x Xo/..../....../......../....../..../..", "D1-D2", "", ""},
	}
	ongoing := boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			for _, v := range []string{"normal", "reverse"} {
				p := decode(t, strings.Replace(c.code, "normal", v, 1))
				checkMoves(t, p, c.moves)
				if got := p.Outcome(); got != ongoing {
					t.Errorf("%s: Outcome %+v, want %+v: %s is a legal move", code(t, p), got, ongoing, c.moves)
				}
				if c.floop != "" {
					checkIllegal(t, p, c.floop, c.why)
				}
			}
		})
	}
}

// TestSooperFlooperPassesGoal pins the end of promotion: a piece that is
// already a SooperFlooper is not affected by goal spaces, so when its path
// is refused after it crossed one, the refusal gives the real fault, never
// a promotion that cannot happen to it.
func TestSooperFlooperPassesGoal(t *testing.T) {
	p := decode(t, "flooprail normal o ../..../....../o.....x./...Ox./..../x.")
	checkMoves(t, p, "E5-G5-G3")
	checkIllegal(t, p, "E5-G5-G3-E3", "E5-G5-G3-E3: there is no piece on F3 to Fleap over")
	x := decode(t, "flooprail normal x ../.o../.o..../..X...../....../..../..")
	checkMoves(t, x, "C4-C2-E2")
	checkIllegal(t, x, "C4-C2-E2-E4", "C4-C2-E2-E4: there is no piece on E3 to Fleap over")
}

// TestSVGNeverLegalMove: a well-formed move that is legal in no position
// (it leaps D4 twice) still draws, its one space crossed out twice. Only
// the package can make such a Move.
func TestSVGNeverLegalMove(t *testing.T) {
	m, err := parseMove("C4-E4-C4")
	if err != nil {
		t.Fatal(err)
	}
	if s := Standard().SVGWith(SVGOptions{Highlight: m}); strings.Count(s, `stroke="#d01010"`) != 2 {
		t.Errorf("C4-E4-C4 should cross out D4 twice")
	}
}

// TestBlockedOnEverySpace: a lone piece, of either kind and side, on any
// space, is blocked when an opposing piece stands on each neighbour it may
// move to and on the space beyond; then the game has ended, and freeing
// any one of those spaces gives it a move again. The end of the game is
// found from the bitboards without listing moves, so this checks that
// test direction by direction, space by space, for both sides.
func TestBlockedOnEverySpace(t *testing.T) {
	for me := uint8(0); me < 2; me++ {
		for _, sq := range boardOrder {
			for _, sooper := range []bool{false, true} {
				if !sooper && goal[me]>>sq&1 != 0 {
					continue // a Flooper there would have been promoted
				}
				allowed := forwardDirs[me]
				var kings uint32
				if sooper {
					allowed, kings = allDirs, 1<<sq
				}
				var blockers []uint8
				for d := 0; d < 4; d++ {
					if allowed>>d&1 == 0 || neighbour[d][sq] < 0 {
						continue
					}
					n := uint8(neighbour[d][sq])
					blockers = append(blockers, n)
					if beyond := neighbour[d][n]; beyond >= 0 {
						blockers = append(blockers, uint8(beyond))
					}
				}
				var opp uint32
				for _, b := range blockers {
					opp |= 1 << b
				}
				// The opponent's pieces are SooperFloopers, so that none
				// stands as a Flooper on its own goal space.
				at := func(opp uint32) Position {
					pieces := [2]uint32{}
					pieces[me], pieces[me^1] = 1<<sq, opp
					return newPosition(pieces[O], pieces[X], kings|opp, me, false)
				}
				p := at(opp)
				if o := p.Outcome(); o.Rule != RuleNoMoves || p.ToMove() != boardrules.NoPlayer || p.LegalMoves() != nil {
					t.Errorf("%s: blocked, but Outcome %+v, ToMove %v, moves %v", code(t, p), o, p.ToMove(), p.LegalMoves())
				}
				for _, b := range blockers {
					q := at(opp &^ (1 << b))
					if q.Outcome().Status != boardrules.Ongoing || q.ToMove() != boardrules.Player(me) || len(q.LegalMoves()) == 0 {
						t.Errorf("%s: %s is free, but the game has ended", code(t, q), squareOf(b).Upper())
					}
				}
			}
		}
	}
}
