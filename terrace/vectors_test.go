package terrace

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/google/go-cmp/cmp"
)

var _ boardrules.Position[Position, Move] = Position{}

func mustDecode(t testing.TB, code string) Position {
	t.Helper()
	var p Position
	if err := p.UnmarshalText([]byte(code)); err != nil {
		t.Fatalf("UnmarshalText(%q): %v", code, err)
	}
	return p
}

func mustNew(t testing.TB, v Variant) Position {
	t.Helper()
	p, err := New(v)
	if err != nil {
		t.Fatalf("New(%v): %v", v, err)
	}
	return p
}

func code(t testing.TB, p Position) string {
	t.Helper()
	b, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// moveList is the sorted canonical list of p's legal moves.
func moveList(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

// movesFrom is the sorted list of destination squares of the piece on sq.
func movesFrom(p Position, sq string) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		if m.From().String() == sq {
			out = append(out, m.To().String())
		}
	}
	slices.Sort(out)
	return out
}

// mustParse is p.ParseMove(s), which must succeed.
func mustParse(t testing.TB, p Position, s string) Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

// piece is the Piece of seat owner and kind k.
func piece(owner int, k Kind) Piece { return Piece{makeCell(owner, k)} }

func sq(s string) notation.Square {
	x, err := notation.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return x
}

var startCodes = []struct {
	v    Variant
	code string
}{
	{Variant{8, Long, 2}, "terrace 8 2p 0 DDCCBBAT/AABBCCDD/8/8/8/8/ddccbbaa/tabbccdd"},
	{Variant{8, Short, 2}, "terrace 8 2p short 0 1TBBCCD1/8/8/8/8/8/8/1dccbbt1"},
	{Variant{8, Medium, 2}, "terrace 8 2p medium 0 1DCCBBT1/8/8/8/8/8/8/1tbbccd1"},
	{Variant{8, Master, 2}, "terrace 8 2p master 0 DDCCBBAT/AABBCCDD/8/8/8/8/8/1dccbbt1"},
	{Variant{8, Long, 3}, "terrace 8 3p 0 1d'c'c'b'b't'1/7T/7B/7B/7C/7C/7D/1tbbccd1"},
	{Variant{8, Long, 4}, "terrace 8 4p 0 1d'c'c'b'b't'1/D'6T/C'6B/C'6B/B'6C/B'6C/T'6D/1tbbccd1"},
	{Variant{6, Long, 2}, "terrace 6 2p 0 CCBBAT/AABBCC/6/6/ccbbaa/tabbcc"},
	{Variant{6, Short, 2}, "terrace 6 2p short 0 1TBBC1/6/6/6/6/1cbbt1"},
	{Variant{6, Medium, 2}, "terrace 6 2p medium 0 1CBBT1/6/6/6/6/1tbbc1"},
	{Variant{6, Master, 2}, "terrace 6 2p master 0 CCBBAT/AABBCC/6/6/6/1cbbt1"},
	{Variant{6, Long, 3}, "terrace 6 3p 0 1TBBC1/t'5/b'5/b'5/c'5/1cbbt1"},
	{Variant{6, Long, 4}, "terrace 6 4p 0 1TBBC1/t'4C'/b'4B'/b'4B'/c'4T'/1cbbt1"},
}

func TestStartCodes(t *testing.T) {
	for _, tc := range startCodes {
		p := mustNew(t, tc.v)
		if got := code(t, p); got != tc.code {
			t.Errorf("%v: MarshalText = %q, want %q", tc.v, got, tc.code)
		}
		if q := mustDecode(t, tc.code); q != p {
			t.Errorf("%v: decoded start differs from New", tc.v)
		}
		if p.ToMove() != 0 {
			t.Errorf("%v: ToMove = %d, want 0", tc.v, p.ToMove())
		}
	}
}

func TestLevels(t *testing.T) {
	want := map[int]string{
		8: `87654321
77654322
66654333
55554444
44445555
33345666
22345677
12345678`,
		6: `654321
554322
444333
333444
223455
123456`,
	}
	for _, n := range []int{8, 6} {
		p := mustNew(t, Variant{Board: n})
		var b strings.Builder
		for r := n - 1; r >= 0; r-- {
			for c := 0; c < n; c++ {
				b.WriteByte(byte('0' + p.Level(notation.SquareAt(c, r))))
			}
			if r > 0 {
				b.WriteByte('\n')
			}
		}
		if diff := cmp.Diff(want[n], b.String()); diff != "" {
			t.Errorf("%dx%d levels (-want +got):\n%s", n, n, diff)
		}
		for _, off := range []notation.Square{{}, notation.SquareAt(n, 0), notation.SquareAt(0, n), sq("z99")} {
			if l := p.Level(off); l != 0 {
				t.Errorf("%dx%d: Level(%v) = %d, want 0", n, n, off, l)
			}
		}
	}
}

func TestTerraces(t *testing.T) {
	want := map[int][]string{
		8: {
			"a1", "h8", "a2-b2-b1", "g8-g7-h7", "a3-b3-c3-c2-c1", "f8-f7-f6-g6-h6",
			"a4-b4-c4-d4-d3-d2-d1", "e8-e7-e6-e5-f5-g5-h5", "a5-b5-c5-d5-d6-d7-d8", "e1-e2-e3-e4-f4-g4-h4",
			"a6-b6-c6-c7-c8", "f1-f2-f3-g3-h3", "a7-b7-b8", "g1-g2-h2", "a8", "h1",
		},
		6: {
			"a1", "f6", "a2-b2-b1", "e6-e5-f5", "a3-b3-c3-c2-c1", "d6-d5-d4-e4-f4",
			"a4-b4-c4-c5-c6", "d1-d2-d3-e3-f3", "a5-b5-b6", "e1-e2-f2", "a6", "f1",
		},
	}
	for _, n := range []int{8, 6} {
		g := &geometries[geoIndex(n)]
		var got []string
		for _, path := range g.paths {
			var names []string
			for _, s := range path {
				names = append(names, squares[s].String())
			}
			fwd := strings.Join(names, "-")
			slices.Reverse(names)
			back := strings.Join(names, "-")
			if slices.Contains(want[n], back) {
				fwd = back
			}
			got = append(got, fwd)
		}
		w := slices.Clone(want[n])
		slices.Sort(w)
		slices.Sort(got)
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("%dx%d terraces (-want +got):\n%s", n, n, diff)
		}
	}
}

func TestGoalsAndAlive(t *testing.T) {
	tests := []struct {
		v     Variant
		goals []string
	}{
		{Variant{8, Long, 2}, []string{"h8", "a1"}},
		{Variant{8, Master, 2}, []string{"h8", "a1"}},
		{Variant{8, Long, 3}, []string{"h8", "a1", "a1"}},
		{Variant{8, Long, 4}, []string{"h8", "a1", "a1", "h8"}},
		{Variant{6, Short, 2}, []string{"f6", "a1"}},
		{Variant{6, Long, 3}, []string{"f6", "a1", "f6"}},
		{Variant{6, Long, 4}, []string{"f6", "a1", "f6", "a1"}},
	}
	for _, tc := range tests {
		p := mustNew(t, tc.v)
		for seat := -1; seat <= 4; seat++ {
			want := seat >= 0 && seat < len(tc.goals)
			g := p.Goal(boardrules.Player(seat))
			if want && g.String() != tc.goals[seat] || !want && !g.IsZero() {
				t.Errorf("%v: Goal(%d) = %v", tc.v, seat, g)
			}
			if p.Alive(boardrules.Player(seat)) != want {
				t.Errorf("%v: Alive(%d) = %v, want %v", tc.v, seat, !want, want)
			}
		}
	}
}

func TestAt(t *testing.T) {
	p := mustNew(t, Variant{Board: 8, Players: 4})
	tests := []struct {
		sq   notation.Square
		want Piece
		ok   bool
	}{
		{sq("b1"), piece(0, T), true},
		{sq("h7"), piece(1, T), true},
		{sq("c8"), piece(2, C), true},
		{sq("a7"), piece(3, D), true},
		{sq("d4"), Piece{}, false},
		{sq("i1"), Piece{}, false},
		{notation.Square{}, Piece{}, false},
	}
	for _, tc := range tests {
		got, ok := p.At(tc.sq)
		if got != tc.want || ok != tc.ok {
			t.Errorf("At(%v) = %v, %v; want %v, %v", tc.sq, got, ok, tc.want, tc.ok)
		}
		if got.Owner() != tc.want.Owner() || got.Kind() != tc.want.Kind() {
			t.Errorf("At(%v) = seat %d kind %v", tc.sq, got.Owner(), got.Kind())
		}
	}
	// The zero Piece, an empty square's, is no piece.
	if pc, _ := p.At(sq("d4")); pc.Owner() != boardrules.NoPlayer || pc.Kind() != NoKind || pc.String() != "" {
		t.Errorf("empty square: Owner %d, Kind %v, String %q; want NoPlayer, NoKind, \"\"", pc.Owner(), pc.Kind(), pc.String())
	}
	if pc, _ := p.At(sq("h7")); pc.Owner() != 1 || pc.Kind() != T {
		t.Errorf("At(h7): Owner %d, Kind %v; want 1, T", pc.Owner(), pc.Kind())
	}
	q := mustNew(t, Variant{Board: 6})
	if _, ok := q.At(sq("g1")); ok {
		t.Error("6x6 At(g1) reports a piece")
	}
	glyphs := map[Piece]string{piece(0, T): "t", piece(1, B): "B", piece(2, C): "c'", piece(3, D): "D'", piece(0, A): "a", {}: ""}
	for pc, want := range glyphs {
		if pc.String() != want {
			t.Errorf("Piece%v.String() = %q, want %q", pc, pc.String(), want)
		}
	}
}

func splitMoves(s string) []string {
	f := strings.Fields(s)
	slices.Sort(f)
	return f
}

func checkMoves(t *testing.T, name string, p Position, want string) {
	t.Helper()
	if diff := cmp.Diff(splitMoves(want), moveList(p)); diff != "" {
		t.Errorf("%s: legal moves (-want +got):\n%s", name, diff)
	}
}

// V1, V2, V3: the pbmserv movement examples.
func TestPbmservExamples(t *testing.T) {
	v1 := mustDecode(t, "terrace 8 2p 0 7T/8/8/8/1C6/8/ddcc4/tabb4")
	checkMoves(t, "V1", v1, `B-c1-a3 B-c1-b3 B-c1-c3 B-d1-c4 B-d1-d3 B-d1-d4 B-d1-e1 B-d1-e2 C-c2-a3 C-c2-b1:A C-c2-b3 C-c2-c3
C-c2-d3 C-d2-c1:B C-d2-c4 C-d2-d3 C-d2-d4 C-d2-e1 C-d2-e2 C-d2-e3 D-a2-a3 D-a2-b3 D-b2-a1:T D-b2-a3
D-b2-b3 D-b2-c3`)
	v2 := mustDecode(t, "terrace 8 2p 1 7T/8/8/8/1C6/8/ddcc4/tabb4")
	v2moves := `C-b4-a4 C-b4-a5 C-b4-b3 C-b4-b5 C-b4-c4 C-b4-c5 C-b4-d3 C-b4-d4 T-h8-g7 T-h8-g8 T-h8-h7`
	checkMoves(t, "V2", v2, v2moves)
	v3 := mustDecode(t, "terrace 8 2p 1 7T/8/8/8/1C6/d1c5/1d1c4/tabb4")
	checkMoves(t, "V3", v3, v2moves+" C-b4-c3:C")
	v3w := mustDecode(t, "terrace 8 2p 0 7T/8/8/8/1C6/d1c5/1d1c4/tabb4")
	if n := len(v3w.LegalMoves()); n != 33 {
		t.Errorf("V3 with seat 0 to move: %d moves, want 33", n)
	}
}

// V4: perft from the twelve starts, depth 1 and 2.
func TestPerftStarts(t *testing.T) {
	want := map[string][2]uint64{
		"8-long": {50, 2450}, "8-short": {31, 961}, "8-medium": {31, 961}, "8-master": {31, 1550},
		"8-3p": {28, 675}, "8-4p": {25, 600},
		"6-long": {26, 650}, "6-short": {17, 289}, "6-medium": {17, 289}, "6-master": {17, 442},
		"6-3p": {15, 225}, "6-4p": {13, 169},
	}
	for _, v := range Variants() {
		p := mustNew(t, v)
		w := want[v.String()]
		for d := 1; d <= 2; d++ {
			if got := boardrules.Perft(p, d); got != w[d-1] {
				t.Errorf("%v: perft(%d) = %d, want %d", v, d, got, w[d-1])
			}
		}
	}
}

// V5: the first moves of each 2-player start.
func TestFirstMoves(t *testing.T) {
	long8 := `A-g2-g3 A-h2-h3 B-c1-a3 B-c1-b3 B-c1-c3 B-d1-a4 B-d1-b4 B-d1-c4
B-d1-d3 B-d1-d4 B-e2-d1:B B-e2-e3 B-e2-e4 B-e2-f3 B-e2-f4 B-e2-g4 B-e2-h4 B-f2-f3 B-f2-g3 B-f2-h3
C-c2-a3 C-c2-b1:A C-c2-b3 C-c2-c3 C-c2-d3 C-d2-a4 C-d2-b4 C-d2-c1:B C-d2-c4 C-d2-d3 C-d2-d4 C-d2-e3
C-e1-d2:C C-e1-e3 C-e1-e4 C-e1-f4 C-e1-g4 C-e1-h4 C-f1-e2:B C-f1-f3 C-f1-g3 C-f1-h3 D-a2-a3 D-a2-b3
D-b2-a1:T D-b2-a3 D-b2-b3 D-b2-c3 D-g1-f2:B D-h1-g2:A`
	short8 := `B-e1-e2 B-e1-e3 B-e1-e4 B-e1-f2 B-e1-f4 B-e1-g4 B-e1-h4 B-f1-f2 B-f1-f3
  B-f1-g2 B-f1-g3 B-f1-h3 C-c1-a3 C-c1-b3 C-c1-c2 C-c1-c3 C-c1-d2 C-d1-a4 C-d1-b4 C-d1-c4 C-d1-d2
  C-d1-d3 C-d1-d4 C-d1-e2 D-b1-a1 D-b1-a2 D-b1-b2 D-b1-c2 T-g1-g2 T-g1-h1 T-g1-h2`
	medium8 := `B-c1-a3 B-c1-b3 B-c1-c2 B-c1-c3 B-c1-d2 B-d1-a4 B-d1-b4 B-d1-c4 B-d1-d2 B-d1-d3
  B-d1-d4 B-d1-e2 C-e1-e2 C-e1-e3 C-e1-e4 C-e1-f2 C-e1-f4 C-e1-g4 C-e1-h4 C-f1-f2 C-f1-f3 C-f1-g2
  C-f1-g3 C-f1-h3 D-g1-g2 D-g1-h1 D-g1-h2 T-b1-a1 T-b1-a2 T-b1-b2 T-b1-c2`
	long6 := `A-e2-e3 A-f2-f3 B-c1-a3 B-c1-b3 B-c1-c3 B-c2-a3 B-c2-b1:A B-c2-b3 B-c2-c3 B-c2-d3
  B-d1-c2:B B-d1-d3 B-d1-e3 B-d1-f3 B-d2-c1:B B-d2-d3 B-d2-e3 B-d2-f3 C-a2-a3 C-a2-b3 C-b2-a1:T
  C-b2-a3 C-b2-b3 C-b2-c3 C-e1-d2:B C-f1-e2:A`
	short6 := `B-c1-a3 B-c1-b3 B-c1-c2 B-c1-c3 B-c1-d2 B-d1-d2 B-d1-d3 B-d1-e2 B-d1-e3
  B-d1-f3 C-b1-a1 C-b1-a2 C-b1-b2 C-b1-c2 T-e1-e2 T-e1-f1 T-e1-f2`
	medium6 := `B-c1-a3 B-c1-b3 B-c1-c2 B-c1-c3 B-c1-d2 B-d1-d2 B-d1-d3 B-d1-e2 B-d1-e3 B-d1-f3
  C-e1-e2 C-e1-f1 C-e1-f2 T-b1-a1 T-b1-a2 T-b1-b2 T-b1-c2`
	for v, want := range map[Variant]string{
		{8, Long, 2}: long8, {8, Short, 2}: short8, {8, Master, 2}: short8, {8, Medium, 2}: medium8,
		{6, Long, 2}: long6, {6, Short, 2}: short6, {6, Master, 2}: short6, {6, Medium, 2}: medium6,
	} {
		checkMoves(t, v.String(), mustNew(t, v), want)
	}
}

func checkOutcome(t *testing.T, name string, p Position, want boardrules.Outcome) {
	t.Helper()
	if got := p.Outcome(); got != want {
		t.Errorf("%s: Outcome = %+v, want %+v", name, got, want)
	}
	moves := p.LegalMoves()
	if (want.Status == boardrules.Ongoing) != (len(moves) > 0) || (want.Status == boardrules.Ongoing) != (moves != nil) {
		t.Errorf("%s: %d legal moves (nil: %v) with outcome %v", name, len(moves), moves == nil, want.Status)
	}
	if (want.Status == boardrules.Ongoing) != (p.ToMove() != boardrules.NoPlayer) {
		t.Errorf("%s: ToMove = %d with outcome %v", name, p.ToMove(), want.Status)
	}
}

// win is the Outcome of a win by seat for reason, with the Rule that goes
// with the reason.
func win(seat int, reason string) boardrules.Outcome {
	rule := map[string]string{"T captured": RuleTCaptured, "T reached goal": RuleGoal, "last player left": RuleLastPlayer}[reason]
	return boardrules.Outcome{Status: boardrules.Win, Winner: boardrules.Player(seat), Reason: reason, Rule: rule}
}

var ongoing = boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}

// playText parses and plays a move and checks the resulting code.
func playText(t *testing.T, p Position, move, wantCode string) Position {
	t.Helper()
	m, err := p.ParseMove(move)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", move, err)
	}
	q, err := p.Play(m)
	if err != nil {
		t.Fatalf("Play(%v): %v", m, err)
	}
	if got := code(t, q); got != wantCode {
		t.Errorf("after %s: %q, want %q", move, got, wantCode)
	}
	if q.hash != q.computeHash() {
		t.Errorf("after %s: incremental hash differs from the hash from scratch", move)
	}
	return q
}

// V6: self-capture of the T loses at once.
func TestSelfCaptureOfT(t *testing.T) {
	p := playText(t, Standard(), "D-b2-a1:T", "terrace 8 2p 1 DDCCBBAT/AABBCCDD/8/8/8/8/d1ccbbaa/dabbccdd")
	checkOutcome(t, "8x8", p, win(1, "T captured"))
	q := playText(t, mustNew(t, Variant{Board: 6}), "C-b2-a1:T", "terrace 6 2p 1 CCBBAT/AABBCC/6/6/c1bbaa/cabbcc")
	checkOutcome(t, "6x6", q, win(1, "T captured"))
}

// V7: no slide crosses the centre.
func TestCentre(t *testing.T) {
	tests := []struct{ code, from, want string }{
		{"terrace 8 2p 0 7T/8/8/3b4/8/8/8/t7", "d5", "a5 b5 c5 c6 d4 d6 d7 d8 e5"},
		{"terrace 8 2p 0 7T/8/8/8/3b4/8/8/t7", "d4", "a4 b4 c4 c5 d1 d2 d3 d5 e3 e4"},
		{"terrace 8 2p 0 7T/8/8/8/4b3/8/8/t7", "e4", "d4 e1 e2 e3 e5 f3 f4 g4 h4"},
		{"terrace 6 2p 0 5T/6/2b3/6/6/t5", "c4", "a4 b4 b5 c3 c5 c6 d4"},
		{"terrace 6 2p 0 5T/6/6/2b3/6/t5", "c3", "a3 b3 b4 c1 c2 c4 d2 d3"},
	}
	for _, tc := range tests {
		got := movesFrom(mustDecode(t, tc.code), tc.from)
		if diff := cmp.Diff(splitMoves(tc.want), got); diff != "" {
			t.Errorf("%s from %s (-want +got):\n%s", tc.code, tc.from, diff)
		}
	}
}

// V8: reaching the goal wins; a T enters a low corner only straight down or
// by a capture.
func TestGoal(t *testing.T) {
	p := mustDecode(t, "terrace 8 2p 0 T5t1/8/8/8/8/8/8/8")
	checkMoves(t, "g8", p, "T-g8-f7 T-g8-f8 T-g8-g7 T-g8-h7 T-g8-h8")
	q := playText(t, p, "T-g8-h8", "terrace 8 2p 1 T6t/8/8/8/8/8/8/8")
	checkOutcome(t, "T-g8-h8", q, win(0, "T reached goal"))

	p = mustDecode(t, "terrace 8 2p 0 T7/6t1/8/8/8/8/8/8")
	seven := "T-g7-f6 T-g7-f7 T-g7-f8 T-g7-g6 T-g7-g8 T-g7-h6 T-g7-h7"
	checkMoves(t, "g7", p, seven)
	p = mustDecode(t, "terrace 8 2p 0 7T/6t1/8/8/8/8/8/8")
	checkMoves(t, "g7 capture", p, seven+" T-g7-h8:T")
	q = playText(t, p, "T-g7-h8:T", "terrace 8 2p 0 7t/8/8/8/8/8/8/8")
	checkOutcome(t, "T-g7-h8:T", q, win(0, "T reached goal"))
}

// V9: the corners and the five ways up from b2.
func TestExtremes(t *testing.T) {
	checkMoves(t, "b2", mustDecode(t, "terrace 8 2p 0 7T/8/8/8/8/8/1b6/t7"),
		"B-b2-a1:T B-b2-a2 B-b2-a3 B-b2-b1 B-b2-b3 B-b2-c1 B-b2-c2 B-b2-c3 T-a1-a2 T-a1-b1")
	checkMoves(t, "a8", mustDecode(t, "terrace 8 2p 0 b6T/8/8/8/8/8/8/t7"),
		"B-a8-a7 B-a8-b8 T-a1-a2 T-a1-b1 T-a1-b2")
	checkMoves(t, "h8", mustDecode(t, "terrace 8 2p 1 b6T/8/8/8/8/8/8/t7"),
		"T-h8-g7 T-h8-g8 T-h8-h7")
}

// V10: a player without a move draws the game.
func TestNoLegalMove(t *testing.T) {
	draw := boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no legal move", Rule: RuleNoMoves}
	for _, c := range []string{
		"terrace 8 2p 0 7T/8/8/8/8/8/DD6/tD6",
		"terrace 8 3p 0 6t'1/7T/8/8/8/8/DD6/tD6",
	} {
		p := mustDecode(t, c)
		checkOutcome(t, c, p, draw)
		if _, err := p.ParseMove("a1-a2"); !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("%s: ParseMove after the end: %v, want ErrGameOver", c, err)
		}
	}
}

// A win is decided before the no-move draw: when a T stands on its goal, or
// only one seat has a T left, that seat wins even if the player to move has
// no legal move. Each position here has a winner and a player to move whose
// pieces are all blocked.
func TestWinBeforeNoMoveDraw(t *testing.T) {
	tests := []struct {
		code string
		want boardrules.Outcome
	}{
		// lowercase's T is on h8, its goal; UPPERCASE's T on h1 is walled in.
		{"terrace 8 2p 1 7t/8/8/8/8/8/6dd/6dT", win(0, "T reached goal")},
		// lowercase has the only T, and it is walled in by UPPERCASE's D's.
		{"terrace 8 2p 0 8/8/8/8/8/8/6DD/6Dt", win(0, "T captured")},
		// three players: lowercase primed's T is on a1, its goal; lowercase's T
		// on h1 is walled in.
		{"terrace 8 3p 0 8/8/8/3T4/8/8/6DD/t'5Dt", win(2, "T reached goal")},
		// 6x6: lowercase's T is on f6, its goal; UPPERCASE's T on f1 is walled in.
		{"terrace 6 2p 1 5t/6/6/6/4cc/4cT", win(0, "T reached goal")},
	}
	for _, tc := range tests {
		p := mustDecode(t, tc.code)
		if p.hasMove() {
			t.Fatalf("%s: the player to move has a move; the position does not test the order", tc.code)
		}
		checkOutcome(t, tc.code, p, tc.want)
	}
}

// V11: endings with three and four players.
func TestMultiPlayerEndings(t *testing.T) {
	tests := []struct {
		code, move, after string
		toMove            int // ToMove after the move: NoPlayer (-1) once the game is over
		want              boardrules.Outcome
	}{
		{"terrace 8 4p 0 5b't'1/D'7/7B/8/4c3/3T4/T'7/1t6", "C-e4-d3:T",
			"terrace 8 4p 2 5b't'1/D'7/8/8/8/3c4/T'7/1t6", 2, ongoing},
		{"terrace 8 4p 0 5b't'1/D'6T/7B/8/4c3/3t4/T'7/1b6", "C-e4-d3:T",
			"terrace 8 4p 1 5b't'1/D'6T/7B/8/8/8/T'7/8", 1, ongoing},
		{"terrace 8 3p 0 5b'2/8/8/8/4c3/3t'4/8/1t6", "C-e4-d3:T",
			"terrace 8 3p 0 8/8/8/8/8/3c4/8/1t6", -1, win(0, "last player left")},
		{"terrace 8 3p 0 5b't'1/8/8/8/4c3/3t4/8/8", "C-e4-d3:T",
			"terrace 8 3p 2 5b't'1/8/8/8/8/8/8/8", -1, win(2, "last player left")},
		{"terrace 8 4p 1 6t'1/8/8/T'7/8/2t5/8/1T6", "T-b1-a1",
			"terrace 8 4p 2 6t'1/8/8/T'7/8/2t5/8/T7", -1, win(1, "T reached goal")},
	}
	for _, tc := range tests {
		q := playText(t, mustDecode(t, tc.code), tc.move, tc.after)
		checkOutcome(t, tc.after, q, tc.want)
		if int(q.ToMove()) != tc.toMove {
			t.Errorf("%s: ToMove = %d, want %d", tc.after, q.ToMove(), tc.toMove)
		}
	}
	// Two players: taking the opponent's T wins, with the winner to move.
	p := mustDecode(t, "terrace 8 2p 0 8/8/8/8/4c3/3T4/8/1t6")
	q := playText(t, p, "C-e4-d3:T", "terrace 8 2p 0 8/8/8/8/8/3c4/8/1t6")
	checkOutcome(t, "2p capture", q, win(0, "T captured"))
	// A 2-player game removes no other piece.
	p = mustDecode(t, "terrace 8 2p 0 B7/8/8/8/4c3/3T4/8/1t6")
	playText(t, p, "C-e4-d3:T", "terrace 8 2p 0 B7/8/8/8/8/3c4/8/1t6")
}

// The turn order skips eliminated seats.
func TestTurnOrder(t *testing.T) {
	p := mustNew(t, Variant{Players: 4})
	for i, want := range []int{0, 1, 2, 3, 0, 1} {
		if int(p.ToMove()) != want {
			t.Fatalf("ply %d: ToMove = %d, want %d", i, p.ToMove(), want)
		}
		p = p.PlayUnchecked(p.LegalMoves()[0])
	}
	// Seat 1 eliminated: 0 is followed by 2.
	p = mustDecode(t, "terrace 8 4p 3 5b't'1/D'7/8/8/8/3c4/T'7/1t6")
	p = playText(t, p, "T-a2-a3", "terrace 8 4p 0 5b't'1/D'7/8/8/8/T'2c4/8/1t6")
	playText(t, p, "t-b1-a1", "terrace 8 4p 2 5b't'1/D'7/8/8/8/T'2c4/8/t7")
}

// The seat to move after a move is the next seat in turn order that still
// has a T, and the mover himself when no other seat has one: a player who
// takes the last other T keeps the move in the finished game's code, so the
// seat to move always has a T (ToMove is NoPlayer all the same, since the
// game is over). A mover other than seat 0 shows that the turn does not
// fall back to seat 0.
func TestWinnerKeepsTheMove(t *testing.T) {
	tests := []struct {
		code, move, after string
		want              boardrules.Outcome
	}{
		{"terrace 8 2p 1 7T/8/8/8/4C3/3t4/8/8", "C-e4-d3:T",
			"terrace 8 2p 1 7T/8/8/8/8/3C4/8/8", win(1, "T captured")},
		{"terrace 8 4p 3 8/8/8/8/4C'3/3t4/8/T'7", "C-e4-d3:T",
			"terrace 8 4p 3 8/8/8/8/8/3C'4/8/T'7", win(3, "last player left")},
		{"terrace 6 3p 2 6/6/6/3c'2/2t3/t'5", "C-d3-c2:T",
			"terrace 6 3p 2 6/6/6/6/2c'3/t'5", win(2, "last player left")},
	}
	for _, tc := range tests {
		q := playText(t, mustDecode(t, tc.code), tc.move, tc.after)
		checkOutcome(t, tc.after, q, tc.want)
		if want := tc.want.Winner; boardrules.Player(q.mover()) != want || !q.Alive(want) {
			t.Errorf("%s: the seat to move is %d, want the winner %d", tc.after, q.mover(), want)
		}
		if q.ToMove() != boardrules.NoPlayer {
			t.Errorf("%s: ToMove = %d after the end, want NoPlayer", tc.after, q.ToMove())
		}
	}
}

func TestParseMoveVectors(t *testing.T) {
	start := Standard()
	resolved := []struct{ in, want string }{
		{"B-d1-d3", "B-d1-d3"}, {"d1-d3", "B-d1-d3"}, {"b-D1-D3", "B-d1-d3"}, {"b'-d1-d3", "B-d1-d3"},
		{"d2-c1", "C-d2-c1:B"}, {"C-d2-c1:B", "C-d2-c1:B"}, {"c-d2-c1:b'", "C-d2-c1:B"},
		{"D-b2-a1:T", "D-b2-a1:T"}, {"b2-a1", "D-b2-a1:T"},
		{"a'-G2-g3", "A-g2-g3"}, {"C-E1-D2:c'", "C-e1-d2:C"}, {"e1-d2", "C-e1-d2:C"},
	}
	for _, tc := range resolved {
		m, err := start.ParseMove(tc.in)
		if err != nil || m.String() != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", tc.in, m, err, tc.want)
		}
	}
	illegal := []struct{ in, why string }{
		{"A-d1-d3", "d1 holds a B"},
		{"d-b2-a1:a", "a1 holds a T, not an A"},
		{"d1-d3:B", "d3 is empty"},
		{"d1-d5", "cannot move"},
		{"d4-d5", "d4 is empty"},
		{"e8-e6", "e8 is not yours"},
	}
	for _, tc := range illegal {
		_, err := start.ParseMove(tc.in)
		if !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("ParseMove(%q) = %v; want ErrIllegalMove saying %q", tc.in, err, tc.why)
		}
	}
	over := start.PlayUnchecked(mustParse(t, start, "D-b2-a1:T"))
	syntax := []string{"B-d1-d3#1", "d1d3", "d1-d9", "d1-d10", "i1-a1", "E-d1-d3", "d1-d3:", "b''-d1-d3",
		" d1-d3", "d1-d3 ", "\td1-d3", "d1-d3\n", "Bd1-d3", "d1xd3", "", "d1-d3:E", "B-", "B", "d", "d1", "d1-", "d1-d", "d0-d1", "T'",
		// one square twice
		"d1-d1", "B-d1-D1", "a1-a1:T", "h8-H8"}
	for _, in := range syntax {
		// Syntax comes first, whatever the position: the zero Position and
		// a finished game give the same syntax error.
		for _, p := range []Position{start, over, {}} {
			_, err := p.ParseMove(in)
			var pe *notation.ParseError
			if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) {
				t.Errorf("%v: ParseMove(%q) = %v; want a *notation.ParseError", p.Outcome(), in, err)
			}
		}
	}
	p := mustDecode(t, "terrace 8 2p 0 T5t1/8/8/8/8/8/8/8")
	if _, err := p.ParseMove("A-g8-h8"); !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), "g8 holds a T") {
		t.Errorf("A-g8-h8: %v", err)
	}
	if m, err := p.ParseMove("t-g8-h8"); err != nil || m.String() != "T-g8-h8" {
		t.Errorf("t-g8-h8: %v, %v", m, err)
	}
	if _, err := mustNew(t, Variant{Board: 6}).ParseMove("g1-g2"); !errors.Is(err, boardrules.ErrIllegalMove) ||
		!strings.Contains(err.Error(), "g1 is off the 6x6 board") {
		t.Errorf("6x6 g1-g2: %v", err)
	}
	for _, in := range []string{"B-d1-d3", "h8-g6", "A-b7-b6"} {
		if _, err := over.ParseMove(in); !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("after D-b2-a1:T, ParseMove(%q) = %v; want ErrGameOver", in, err)
		}
	}
}

// Play accepts a move of the position, and refuses every other with
// ErrIllegalMove: a move of another position (another seat's, one that
// cannot be made here, one that captures another piece on the same square),
// the zero Move with notation.NoMove's error, and after the end every move
// with ErrGameOver.
func TestPlayValidates(t *testing.T) {
	p := Standard()
	other := func(code, move string) Move { return mustParse(t, mustDecode(t, code), move) }
	bad := []struct {
		m   Move
		why string
	}{
		// The C on d2 takes lowercase's own B on c1 in p, UPPERCASE's here.
		{other("terrace 8 2p 0 7T/8/8/8/8/8/3c4/t1B5", "C-d2-c1:B"), "c1 holds a B of Lowercase"},
		{other("terrace 8 2p 0 7T/8/8/8/8/8/3c4/t1a5", "C-d2-c1:A"), "c1 holds a B, not an A"},
		{other("terrace 8 2p 1 7T/8/8/8/8/8/8/t7", "T-h8-g7"), "h8 is not yours"},
		{other("terrace 6 2p short 0 1TBBC1/6/6/6/6/1cbbt1", "C-b1-b2"), "b1 holds an A, not a C"},
		{other("terrace 8 2p 0 7T/8/8/8/8/8/8/t1b5", "B-c1-c2"), "cannot move to c2"},
		{Move{}, "the zero Move is no move"},
	}
	for _, tc := range bad {
		q, err := p.Play(tc.m)
		var me *notation.MoveError
		if !errors.Is(err, boardrules.ErrIllegalMove) || !errors.As(err, &me) || q != p || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("Play(%v) = %v; want a MoveError wrapping ErrIllegalMove saying %q", tc.m, err, tc.why)
			continue
		}
		if me.Move != tc.m.String() {
			t.Errorf("Play(%v): the error quotes %q", tc.m, me.Move)
		}
	}
	if _, err := p.Play(Move{}); err == nil || err.Error() != notation.NoMove().Error() {
		t.Errorf("Play(Move{}) = %v; want %v", err, notation.NoMove())
	}
	// A move of an Equal position is a move of p.
	if _, err := p.Play(mustParse(t, mustDecode(t, code(t, p)), "C-d2-c1:B")); err != nil {
		t.Errorf("Play of a move of an Equal position: %v", err)
	}
	over := p.PlayUnchecked(mustParse(t, p, "D-b2-a1:T"))
	for _, m := range []Move{{}, mustParse(t, p, "B-d1-d3"), other("terrace 8 2p 1 7T/8/8/8/8/8/8/t7", "T-h8-g7")} {
		if _, err := over.Play(m); !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("Play(%v) after the end: %v, want ErrGameOver", m, err)
		}
	}
}

// Both squares of a move must lie on the board, the destination as well as
// the origin: Play refuses a move to a square off the board even where its
// coordinates would fold onto a square the piece may reach (i1 onto a2, the
// zero Square onto h8), and leaves the position unchanged. No position makes
// such a move; the package builds them to check that Play stays safe.
func TestPlayRejectsOffBoardTarget(t *testing.T) {
	tests := []struct {
		code string
		m    Move
	}{
		// the b on b1 may slide to a2
		{"terrace 8 2p 0 7T/8/8/8/8/8/8/tb6", newMove(B, sq("b1"), sq("i1"), 0)},
		// the t on g8 may step to h8, its goal
		{"terrace 8 2p 0 T5t1/8/8/8/8/8/8/8", newMove(T, sq("g8"), notation.Square{}, 0)},
	}
	for _, tc := range tests {
		p := mustDecode(t, tc.code)
		q, err := p.Play(tc.m)
		if !errors.Is(err, boardrules.ErrIllegalMove) || q != p {
			t.Errorf("%s: Play(%v) = %v; want ErrIllegalMove and no change", tc.code, tc.m, err)
		}
	}
	// A move of the 8x8 board played on the 6x6 board, as Play names it.
	m := mustParse(t, Standard(), "D-g1-f2:B")
	if _, err := mustNew(t, Variant{Board: 6}).Play(m); !errors.Is(err, boardrules.ErrIllegalMove) ||
		!strings.Contains(err.Error(), "g1 is off the 6x6 board") {
		t.Errorf("6x6 Play(%v): %v", m, err)
	}
	// Position.ParseMove names an off-board destination as such.
	if _, err := mustNew(t, Variant{Board: 6}).ParseMove("b1-g1"); !errors.Is(err, boardrules.ErrIllegalMove) ||
		!strings.Contains(err.Error(), "g1 is off the 6x6 board") {
		t.Errorf("6x6 b1-g1: %v", err)
	}
}

func TestBoardText(t *testing.T) {
	tests := []struct {
		v      Variant
		golden string
	}{
		{Variant{8, Long, 2}, "board-8-long.golden"},
		{Variant{8, Long, 2}, "board-8-rules.golden"},
		{Variant{8, Short, 2}, "board-8-short.golden"},
		{Variant{8, Medium, 2}, "board-8-medium.golden"},
		{Variant{8, Master, 2}, "board-8-master.golden"},
		{Variant{8, Long, 4}, "board-8-4p.golden"},
		{Variant{6, Long, 4}, "board-6-4p.golden"},
	}
	for _, tc := range tests {
		want, err := os.ReadFile("testdata/" + tc.golden)
		if err != nil {
			t.Fatal(err)
		}
		got := mustNew(t, tc.v).String()
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("%v vs %s (-want +got):\n%s", tc.v, tc.golden, diff)
		}
	}
	sizes := map[Variant]int{{8, Long, 2}: 720, {8, Long, 3}: 736, {6, Long, 2}: 448, {6, Short, 2}: 448, {6, Long, 3}: 460}
	for v, n := range sizes {
		if got := len(mustNew(t, v).String()); got != n {
			t.Errorf("%v: board text has %d bytes, want %d", v, got, n)
		}
	}
}

func TestVariants(t *testing.T) {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
		got, err := ParseVariant(v.String())
		if err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.String(), got, err)
		}
	}
	want := []string{"8-long", "8-short", "8-medium", "8-master", "8-3p", "8-4p",
		"6-long", "6-short", "6-medium", "6-master", "6-3p", "6-4p"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("variant names (-want +got):\n%s", diff)
	}
	// No white space around a name, as strconv: programs trim.
	for _, s := range []string{"", "8-LONG", "8-2p", "long", "7-long", "8-long ", " 8-long", "\t6-3p", "8-4p\n", "6 -long"} {
		var pe *notation.ParseError
		if _, err := ParseVariant(s); !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) {
			t.Errorf("ParseVariant(%q) = %v; want a *notation.ParseError", s, err)
		}
	}
	bad := []struct {
		v     Variant
		field string
	}{
		{Variant{Board: 7}, "Board"}, {Variant{Board: -8}, "Board"},
		{Variant{Players: 1}, "Players"}, {Variant{Players: 5}, "Players"},
		{Variant{Setup: 4}, "Setup"}, {Variant{Setup: -1}, "Setup"},
		{Variant{Setup: Short, Players: 3}, "Setup"}, {Variant{Setup: Master, Players: 4}, "Setup"},
	}
	for _, tc := range bad {
		if _, err := New(tc.v); !errors.Is(err, boardrules.ErrSyntax) || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("New(%+v) = %v; want an error wrapping ErrSyntax naming %s", tc.v, err, tc.field)
		}
	}
	if Standard() != mustNew(t, Variant{Board: 8, Setup: Long, Players: 2}) {
		t.Error("Standard differs from New(8, Long, 2)")
	}
	p := mustNew(t, Variant{Board: 6, Setup: Master})
	// normalised, a field at its default is 0
	if got := p.Variant(); got != (Variant{6, Master, 0}) {
		t.Errorf("Variant() = %+v", got)
	}
	if got := mustNew(t, Variant{Players: 3}).Variant(); got != (Variant{0, Long, 3}) {
		t.Errorf("Variant() = %+v", got)
	}
	// New(v).Variant() is v normalised, and its name reads back to it; the
	// zero Position's is the standard game's.
	for v, want := range map[Variant]Variant{
		{}: {}, {Board: 8, Players: 2}: {}, {Board: 6}: {6, Long, 0}, {Players: 2, Setup: Medium}: {0, Medium, 0},
		{Board: 6, Players: 4}: {6, Long, 4}, {Board: 8, Players: 3}: {0, Long, 3},
	} {
		got := mustNew(t, v).Variant()
		back, err := ParseVariant(got.String())
		if got != want || err != nil || back != got {
			t.Errorf("New(%+v).Variant() = %+v, read back as %+v, %v; want %+v", v, got, back, err, want)
		}
	}
	if back, err := ParseVariant(Position{}.Variant().String()); err != nil || back != Standard().Variant() {
		t.Errorf("the zero Position's Variant reads back as %+v, %v", back, err)
	}
	kinds := []string{"", "T", "A", "B", "C", "D"}
	for k, s := range kinds {
		if Kind(k).String() != s || Kind(k).Size() != []int{0, 1, 1, 2, 3, 4}[k] {
			t.Errorf("Kind %d: %q size %d", k, Kind(k).String(), Kind(k).Size())
		}
	}
	for s, name := range []string{"long", "short", "medium", "master"} {
		if Setup(s).String() != name {
			t.Errorf("Setup(%d) = %q", s, Setup(s).String())
		}
	}
}

// TestHashCoversEveryField: the spec makes Hash cover the board size, the
// player count, every piece's square, owner and kind, and the seat to move.
// The property tests only compare the incremental hash with computeHash,
// which a field left out of both passes; so each pair here differs in one
// field alone, and their hashes must differ.
func TestHashCoversEveryField(t *testing.T) {
	const base = "terrace 8 2p 0 7T/8/8/8/3b4/8/8/t7"
	for _, c := range []struct{ field, a, b string }{
		// T on f6 and t on a1 on either board: the same squares and seats.
		{"board size", "terrace 8 2p 0 8/8/5T2/8/8/8/8/t7", "terrace 6 2p 0 5T/6/6/6/6/t5"},
		{"player count", base, "terrace 8 3p 0 7T/8/8/8/3b4/8/8/t7"},
		{"seat to move", base, "terrace 8 2p 1 7T/8/8/8/3b4/8/8/t7"},
		{"a piece's owner", base, "terrace 8 2p 0 7T/8/8/8/3B4/8/8/t7"},
		{"a piece's kind", base, "terrace 8 2p 0 7T/8/8/8/3c4/8/8/t7"},
		{"a piece's square", base, "terrace 8 2p 0 7T/8/8/8/4b3/8/8/t7"},
		// Equal compares the setup, so the hash covers it: two games started
		// from different setups can reach the same board.
		{"setup", "terrace 8 2p short 0 7T/8/8/8/3b4/8/8/t7", "terrace 8 2p medium 0 7T/8/8/8/3b4/8/8/t7"},
		{"setup", base, "terrace 8 2p master 0 7T/8/8/8/3b4/8/8/t7"},
	} {
		if a, b := mustDecode(t, c.a), mustDecode(t, c.b); a.Hash() == b.Hash() {
			t.Errorf("%s: two positions that differ only in it have the same Hash %x", c.field, a.Hash())
		}
	}
}

// Equal tells positions apart that differ in any one thing that Equal
// compares: the variant (the board size, the players, the setup, whose
// boards may coincide), the board and the seat to move, the one a finished
// game keeps in its code included. Terrace stores no outcome: the Outcome
// follows from these. Equal positions have equal hashes.
func TestEqual(t *testing.T) {
	const base = "terrace 8 2p 0 7T/8/8/8/3b4/8/8/t7"
	for _, c := range []struct{ field, a, b string }{
		{"setup", "terrace 8 2p short 0 7T/8/8/8/3b4/8/8/t7", "terrace 8 2p medium 0 7T/8/8/8/3b4/8/8/t7"},
		{"setup", base, "terrace 8 2p master 0 7T/8/8/8/3b4/8/8/t7"},
		{"players", base, "terrace 8 3p 0 7T/8/8/8/3b4/8/8/t7"},
		{"board size", "terrace 8 2p 0 8/8/5T2/8/8/8/8/t7", "terrace 6 2p 0 5T/6/6/6/6/t5"},
		{"seat to move", base, "terrace 8 2p 1 7T/8/8/8/3b4/8/8/t7"},
		{"seat to move after the end", "terrace 8 2p 0 T6t/8/8/8/8/8/8/8", "terrace 8 2p 1 T6t/8/8/8/8/8/8/8"},
		{"board", base, "terrace 8 2p 0 7T/8/8/8/3B4/8/8/t7"},
	} {
		a, b := mustDecode(t, c.a), mustDecode(t, c.b)
		if a.Equal(b) || b.Equal(a) || a == b {
			t.Errorf("%s: %q and %q are Equal", c.field, c.a, c.b)
		}
	}
	// The same position reached two ways, and read back from its code.
	p := mustNew(t, Variant{Setup: Short})
	for _, s := range []string{"B-e1-e3", "B-c8-c7", "B-f1-f3", "B-d8-d7"} {
		p = p.PlayUnchecked(mustParse(t, p, s))
	}
	q := mustNew(t, Variant{Setup: Short})
	for _, s := range []string{"B-f1-f3", "B-d8-d7", "B-e1-e3", "B-c8-c7"} {
		q = q.PlayUnchecked(mustParse(t, q, s))
	}
	r := mustDecode(t, code(t, p))
	for _, x := range []Position{q, r} {
		if !p.Equal(x) || !x.Equal(p) || x != p || x.Hash() != p.Hash() {
			t.Errorf("%s and %s: not Equal, or their hashes differ", code(t, p), code(t, x))
		}
	}
}

// TestStartHashes pins the hashes of the twelve starts: the keys come from
// a fixed seed, so hashes are the same in every run and on every machine.
// The setup keys were drawn after all others, so the hashes of Long, 3- and
// 4-player games are the ones they had before the setup was hashed.
func TestStartHashes(t *testing.T) {
	want := map[string]uint64{
		"8-long": 0x727372b4b3b8ed02, "8-short": 0x7d78d11041dc2885, "8-medium": 0x07a837dd2a94fc98,
		"8-master": 0xbca2f6126887a46a, "8-3p": 0xc08d42b1a148b082, "8-4p": 0xf0d4f4651a4f5709,
		"6-long": 0x8c29319a83662c43, "6-short": 0x96d0b050c7f941ec, "6-medium": 0x390a77e66cab0bf1,
		"6-master": 0xf36f68db834ebfdd, "6-3p": 0x7bc4543f791ab5b8, "6-4p": 0x1a6845af33bdfa48,
	}
	for _, v := range Variants() {
		if got := mustNew(t, v).Hash(); got != want[v.String()] {
			t.Errorf("%v: Hash = %#x, want %#x", v, got, want[v.String()])
		}
	}
}

// The zero Position is no game, as the conventions say: no moves, no seat
// to move, the no-game Outcome, ErrGameOver for every move, ErrNoGame from
// MarshalText, the standard Variant, Equal to itself and to no position of a
// game; and using it does not panic.
func TestZeroPosition(t *testing.T) {
	var p Position
	_ = p.String()
	_ = p.SVG()
	if b, err := p.MarshalText(); err != boardrules.ErrNoGame || b != nil {
		t.Errorf("MarshalText of the zero Position = %q, %v; want nil, ErrNoGame", b, err)
	}
	want := boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
	if got := p.Outcome(); got != want {
		t.Errorf("Outcome = %+v, want %+v", got, want)
	}
	if p.LegalMoves() != nil || p.ToMove() != boardrules.NoPlayer {
		t.Errorf("LegalMoves = %v, ToMove = %d; want nil, NoPlayer", p.LegalMoves(), p.ToMove())
	}
	dst := make([]Move, 2, 8)
	if got := p.AppendLegalMoves(dst); len(got) != 2 || &got[0] != &dst[0] {
		t.Errorf("AppendLegalMoves changed dst: %v", got)
	}
	if v := p.Variant(); v != (Variant{}) {
		t.Errorf("Variant = %+v, want the standard game's", v)
	}
	if !p.Equal(Position{}) {
		t.Error("the zero Position is not Equal to itself")
	}
	for _, v := range Variants() {
		if q := mustNew(t, v); p.Equal(q) || q.Equal(p) {
			t.Errorf("the zero Position is Equal to the start of %v", v)
		}
	}
	m := mustParse(t, Standard(), "B-d1-d3")
	for _, m := range []Move{m, {}} {
		var me *notation.MoveError
		if _, err := p.Play(m); !errors.Is(err, boardrules.ErrGameOver) || !errors.As(err, &me) {
			t.Errorf("Play(%v) on the zero Position = %v; want a MoveError wrapping ErrGameOver", m, err)
		}
	}
	for _, s := range []string{"d1-d3", "B-d1-d3", "h8-g7"} {
		var me *notation.MoveError
		if _, err := p.ParseMove(s); !errors.Is(err, boardrules.ErrGameOver) || !errors.As(err, &me) {
			t.Errorf("ParseMove(%q) on the zero Position = %v; want a MoveError wrapping ErrGameOver", s, err)
		}
	}
	_ = p.PlayUnchecked(m)
	_ = p.PlayUnchecked(Move{})
	_, _ = p.At(sq("a1"))
	_ = p.Goal(0)
	_ = p.Alive(0)
	// Its seats are the standard variant's, as its Variant says.
	if p.Players() != 2 || p.SeatName(0) != "Lowercase" || p.SeatName(2) != "" || p.SeatName(boardrules.NoPlayer) != "" {
		t.Errorf("the zero Position has %d seats named %q, %q, %q; want the standard game's two", p.Players(), p.SeatName(0), p.SeatName(2), p.SeatName(boardrules.NoPlayer))
	}
	// The zero Move is no move.
	if s := (Move{}).String(); s != "" {
		t.Errorf("Move{}.String() = %q, want \"\"", s)
	}
}

// Nothing but the four moves: no capture straight down, sideways, upward,
// on the same level or of a larger piece, no diagonal step down onto an
// empty square, no slide past another player's piece.
func TestNothingElse(t *testing.T) {
	p := mustDecode(t, "terrace 8 2p 0 7T/8/8/3AAD2/4bA2/5A2/8/t7")
	if diff := cmp.Diff([]string{"d4", "e1", "e2", "e3"}, movesFrom(p, "e4")); diff != "" {
		t.Errorf("moves from e4 (-want +got):\n%s", diff)
	}
	for _, s := range []string{
		"e4-e5", // straight down onto a piece
		"e4-f4", // sideways onto a piece
		"e4-g4", // slide past another player's piece
		"e4-f3", // upward onto a piece
		"e4-d5", // diagonal on the same level (another terrace)
		"e4-f5", // a larger piece
		"e4-d3", // diagonal down onto an empty square
		"e4-e6", // two squares away
	} {
		if _, err := p.ParseMove(s); !errors.Is(err, boardrules.ErrIllegalMove) {
			t.Errorf("ParseMove(%q) = %v; want ErrIllegalMove", s, err)
		}
	}
	// The same piece passes its own pieces on the terrace.
	q := mustDecode(t, "terrace 8 2p 0 7T/8/8/8/4b3/4a3/4a3/t3a3")
	if diff := cmp.Diff([]string{"d4", "e5", "f3", "f4", "g4", "h4"}, movesFrom(q, "e4")); diff != "" {
		t.Errorf("moves from e4 past own pieces (-want +got):\n%s", diff)
	}
}

func TestStringsOfInvalidValues(t *testing.T) {
	for got, want := range map[string]string{
		Kind(9).String():                           "Kind(9)",
		Setup(7).String():                          "Setup(7)",
		Variant{Board: 7}.String():                 "invalid terrace.Variant{Board:7 Setup:long Players:0}",
		newMove(9, sq("a1"), sq("a2"), 0).String(): "?-a1-a2",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}
