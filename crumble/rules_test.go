package crumble

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

var _ boardrules.Position[Position, Move] = Position{}

func TestStartPositions(t *testing.T) {
	p, err := New(Variant{Width: 8, Height: 8})
	if err != nil {
		t.Fatal(err)
	}
	// (0,0) White, upper-left Black, on 6x6 and 8x8
	if p.Piece(0).Color() != White || p.Piece(56).Color() != Black {
		t.Errorf("8x8 corners: %v %v", p.Piece(0), p.Piece(56))
	}
	q, _ := New(Variant{Width: 3, Height: 5})
	black := 0
	for _, pc := range q.Pieces() {
		if pc.Color() == Black {
			black++
		}
	}
	if black != 8 || q.Piece(0).Color() != Black || q.Piece(14).Color() != Black {
		t.Errorf("3x5: %d black pieces, corners %v %v", black, q.Piece(0).Color(), q.Piece(14).Color())
	}
	w, _ := New(Variant{FirstPlayer: White})
	if w.ColorOf(w.ToMove()) != White || w.ToMove() != 1 || !strings.HasPrefix(code(w), "crumble 6x6-white w ") {
		t.Errorf("White first: %v %v %s", w.ColorOf(w.ToMove()), w.ToMove(), code(w))
	}
	if s := Standard(); s.ColorOf(s.ToMove()) != Black || s.ToMove() != 0 || s.Players() != 2 || s.NumPieces() != 36 {
		t.Errorf("standard start: %v %v", s.ToMove(), s.NumPieces())
	}
}

func TestNewValidation(t *testing.T) {
	for _, v := range []Variant{{Width: 1}, {Width: 33}, {Height: -1}, {FirstPlayer: 2}, {Draws: NoDraws | Repetition}, {Draws: 8}} {
		if _, err := New(v); err == nil {
			t.Errorf("New(%+v) accepted", v)
		}
	}
	p, err := New(Variant{Width: 2, Height: 32, Draws: Renewables})
	if err != nil {
		t.Fatal(err)
	}
	want := Variant{Width: 2, Height: 32, Draws: Renewables}
	if p.Variant() != want {
		t.Errorf("Variant() = %+v", p.Variant())
	}
	// normalised, a field at its default is 0: the standard game's
	// Variant is the zero Variant, as in every engine
	if Standard().Variant() != (Variant{}) {
		t.Errorf("standard variant %+v", Standard().Variant())
	}
}

func TestVariantNames(t *testing.T) {
	cases := map[string]Variant{
		"6x6":                  {6, 6, Black, Repetition | Renewables},
		"8x8":                  {8, 8, Black, Repetition | Renewables},
		"3x5-white":            {3, 5, White, Repetition | Renewables},
		"6x6-repetition":       {6, 6, Black, Repetition},
		"6x6-white-renewables": {6, 6, White, Renewables},
		"32x2-nodraws":         {32, 2, Black, NoDraws},
	}
	for name, v := range cases {
		if v.String() != name {
			t.Errorf("%+v.String() = %q, want %q", v, v.String(), name)
		}
		got, err := ParseVariant(name)
		if err != nil {
			t.Errorf("ParseVariant(%q): %v", name, err)
			continue
		}
		n, _ := got.normalise()
		if n != v {
			t.Errorf("ParseVariant(%q) = %+v", name, n)
		}
	}
	for _, bad := range []string{"", "6", "6x", "x6", "06x6", "6x6-", "6x6-black", "6x6-nodraws-white", "1x6", "6x33"} {
		if _, err := ParseVariant(bad); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("ParseVariant(%q) = %v", bad, err)
		}
	}
	// a name reads as the Variant that Variants lists and a game reports
	for _, v := range Variants() {
		got, err := ParseVariant(v.String())
		p, _ := New(got)
		if err != nil || got != v || p.Variant() != got {
			t.Errorf("ParseVariant(%q) = %+v, %v; Variants has %+v, New of it reports %+v", v, got, err, v, p.Variant())
		}
	}
	if (Variant{}).String() != "6x6" {
		t.Errorf("zero variant name %q", Variant{}.String())
	}
}

func TestCoord(t *testing.T) {
	for _, c := range []struct {
		num  int64
		exp  int
		want string
	}{{6, 1, "3"}, {5, 1, "5/2"}, {3, 3, "3/8"}, {0, 5, "0"}, {12, 3, "3/2"}} {
		got := NewCoord(c.num, c.exp)
		if got.String() != c.want {
			t.Errorf("NewCoord(%d,%d) = %s, want %s", c.num, c.exp, got, c.want)
		}
	}
	if NewCoord(4, 2) != NewCoord(1, 0) || NewCoord(3, 3).Float64() != 0.375 || NewCoord(6, 2).Num() != 3 || NewCoord(6, 2).Exp() != 1 {
		t.Error("normalisation")
	}
}

func TestColor(t *testing.T) {
	if Black.String() != "Black" || White.String() != "White" || NoColor.String() != "NoColor" ||
		Black.Other() != White || White.Other() != Black || NoColor.Other() != NoColor || Color(5).Other() != NoColor {
		t.Error("Color methods")
	}
	if got := Color(5).String(); got != "Color(5)" {
		t.Errorf("Color(5) prints %q: a value that is no colour must not pass for one", got)
	}
}

func TestRasterScales(t *testing.T) {
	p := Standard()
	s := p.String()
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if len(lines) != 12 || len(lines[0]) != 12 || lines[0] != "BBwwBBwwBBww" || lines[11] != "wwBBwwBBwwBB" {
		t.Errorf("start raster:\n%s", s)
	}
	// E = 2 after a quarter: k = 4
	q, err := boardrules.Replay(Standard(), "1H", "0H", "1V", "0V", "2H")
	if err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSuffix(q.String(), "\n"), "\n")
	if len(lines) != 24 || len(lines[0]) != 24 {
		t.Errorf("E=2 raster is %dx%d", len(lines), len(lines[0]))
	}
	// past E = 4 the code is printed
	r := splitCorner(t, 10)
	if got := r.String(); got != code(r)+"\n" {
		t.Errorf("fine raster: %q", got)
	}
}

// splitCorner has Black split its piece at (1,0) and White its piece at
// (0,0) n times each, alternating H and V cuts; the pieces at the corners
// keep their lower-left corners.
func splitCorner(t *testing.T, n int) Position {
	t.Helper()
	p := Standard()
	for k := 0; k < 2*n; k++ {
		cut := "H"
		if (k/2)%2 == 1 {
			cut = "V"
		}
		var err error
		p, err = playCorner(p, cut)
		if err != nil {
			t.Fatalf("split %d: %v", k+1, err)
		}
	}
	return p
}

func playCorner(p Position, cut string) (Position, error) {
	x := int64(0)
	if p.turn == Black {
		x = 1 << p.shift
	}
	loc := p.Location(findPiece(p.list(), x, 0))
	return boardrules.Replay(p, loc+cut)
}

// dyadic returns 1/2^k in position-code form.
func dyadic(k int) string { return "1/" + strconv.FormatUint(1<<k, 10) }

// quarteredCorner returns the code of a 2x2 board, Black to move, whose
// unit square at (0,0) is quartered towards its lower-left corner down to
// a square of side 2^-levels, which the pieces inner (code text) fill: at
// each level the other three quarters are White pieces. Black's unit
// squares at (1,0) and (0,1) and White's at (1,1) complete the board. It
// reaches the precision limit (E_max = 61 on 2x2) in a code of under two
// hundred pieces, where reaching it by splits takes a long game.
func quarteredCorner(levels int, inner string) string {
	code := "crumble 2x2 b " + inner
	for k := 1; k <= levels; k++ {
		s := dyadic(k)
		code += fmt.Sprintf(" W%s,0,%s,%s W0,%s,%s,%s W%s,%s,%s,%s", s, s, s, s, s, s, s, s, s, s)
	}
	return code + " B1,0,1,1 B0,1,1,1 W1,1,1,1"
}

// TestPrecisionLimitWideSplit: a V cut halves the width, so a wide
// rectangle at the finest height (2^-61 on 2x2) still takes it, its halves
// two squares of side 2^-61: whether a split is too fine depends on the
// length it halves. (TestPrecisionLimit, skipped with -short, reaches the
// limit by splits.)
func TestPrecisionLimitWideSplit(t *testing.T) {
	p := mustDecode(t, quarteredCorner(60, "B0,0,"+dyadic(60)+","+dyadic(61)+" W0,"+dyadic(61)+","+dyadic(60)+","+dyadic(61)))
	m, err := p.ParseMove("0V")
	if err != nil {
		t.Fatalf("0V, the V cut of a wide piece 2^-61 high: %v", err)
	}
	if !slices.Contains(p.LegalMoves(), m) {
		t.Errorf("0V is not listed")
	}
	q, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	if pc := q.Piece(0); pc.W() != NewCoord(1, 61) || pc.H() != NewCoord(1, 61) || q.exponent() != 61 {
		t.Errorf("after 0V: %+v, E=%d", pc, q.exponent())
	}
}

func TestPrecisionLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("118 splits per side")
	}
	p := splitCorner(t, 118)
	pc := p.Piece(findPiece(p.list(), 1<<p.shift, 0))
	if pc.W() != NewCoord(1, 59) || pc.H() != NewCoord(1, 59) || p.exponent() != 59 {
		t.Fatalf("after 118 splits: %+v, E=%d", pc, p.exponent())
	}
	_, err := playCorner(p, "H")
	if !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), "too fine to represent") {
		t.Errorf("119th split: %v", err)
	}
	for _, m := range p.LegalMoves() {
		if strings.HasPrefix(m.String(), p.Location(findPiece(p.list(), 1<<p.shift, 0))+"H") {
			t.Errorf("too fine split listed: %s", m)
		}
	}
	// the code of a position at the limit reads back; one past it does not
	var q Position
	if err := q.UnmarshalText([]byte(code(p))); err != nil {
		t.Errorf("at the limit: %v", err)
	}
}

func TestMaxShift(t *testing.T) {
	for _, c := range []struct{ m, e int }{{2, 61}, {3, 60}, {4, 60}, {5, 59}, {8, 59}, {9, 58}, {16, 58}, {17, 57}, {32, 57}} {
		if got := maxShift(c.m, 2); int(got) != c.e {
			t.Errorf("E_max(%d) = %d, want %d", c.m, got, c.e)
		}
	}
}

func TestRepetitionDraw(t *testing.T) {
	cycle := []string{"1H", "0H", "1J1,2", "0J1,2"}
	moves := append(append([]string{}, cycle...), cycle...)
	p, err := boardrules.Replay(Standard(), moves[:7]...)
	if err != nil {
		t.Fatal(err)
	}
	if p.Outcome().Status != boardrules.Ongoing {
		t.Fatalf("drawn early: %+v", p.Outcome())
	}
	q, err := boardrules.Replay(p, moves[7])
	if err != nil {
		t.Fatal(err)
	}
	if o := q.Outcome(); o.Status != boardrules.Draw || o.Reason != "threefold repetition" || o.Winner != boardrules.NoPlayer {
		t.Errorf("after two cycles: %+v", o)
	}
	if len(q.LegalMoves()) != 0 {
		t.Error("drawn position has moves")
	}
	if _, err := q.ParseMove("1H"); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("move after the draw: %v", err)
	}
	// the history is not part of the position, but the stored outcome is:
	// the drawn start is the start's board, and Equal to it once decoded
	// with the draw its code declares
	drawn := mustDecode(t, strings.Replace(code(Standard()), " b ", " b repetition ", 1))
	if !q.Equal(drawn) || q.Hash() != drawn.Hash() || code(q) != code(drawn) {
		t.Error("repeated position differs from the drawn start")
	}
	if q.Equal(Standard()) || Standard().Equal(q) || q.Hash() == Standard().Hash() {
		t.Error("the start drawn by repetition is Equal to the start going on, or hashes with it")
	}
	for _, d := range []DrawRules{Renewables, NoDraws} {
		s, _ := New(Variant{Draws: d})
		r, err := boardrules.Replay(s, moves...)
		if err != nil || r.Outcome().Status != boardrules.Ongoing {
			t.Errorf("draws %d: %v %+v", d, err, r.Outcome())
		}
	}
	// the decoded position starts a fresh history
	var fresh Position
	if err := fresh.UnmarshalText([]byte(code(p))); err != nil {
		t.Fatal(err)
	}
	r, _ := boardrules.Replay(fresh, moves[7])
	if r.Outcome().Status != boardrules.Ongoing {
		t.Errorf("fresh history drew: %+v", r.Outcome())
	}
}

// TestRepetitionOnlyWhenSwitchedOn: without the Repetition rule a
// position may recur any number of times. Three cycles of four moves bring
// the start back three times more (four occurrences); only a variant with
// the rule draws, after the second cycle.
func TestRepetitionOnlyWhenSwitchedOn(t *testing.T) {
	cycle := []string{"1H", "0H", "1J1,2", "0J1,2"}
	moves := slices.Concat(cycle, cycle, cycle)
	for _, c := range []struct {
		draws DrawRules
		drawn int // the move after which the game is drawn, 0 for never
	}{{Repetition, 8}, {Repetition | Renewables, 8}, {Renewables, 0}, {NoDraws, 0}} {
		p, _ := New(Variant{Draws: c.draws})
		drawn := 0
		for k, mv := range moves {
			var err error
			if p, err = boardrules.Replay(p, mv); err != nil {
				t.Fatalf("draws %d, move %d: %v", c.draws, k+1, err)
			}
			if p.Outcome().Status != boardrules.Ongoing {
				drawn = k + 1
				break
			}
		}
		if drawn != c.drawn {
			t.Errorf("draws %d: drawn after move %d, want %d (0: never)", c.draws, drawn, c.drawn)
		}
	}
}

// TestNoMoveDrawAfterAMove: a turn that leaves the side to move without a
// split or join draws the game ("no legal move"). Only the precision limit
// can do that, so the board is built by hand on a grid of whole units
// (shift 0): a unit square cannot be cut, and White's three unit squares
// share no edge, so they cannot join. Black's wide piece at (2,1) is its
// one split; after it White has no move. No side connects: White's
// squares meet only at corners, Black's three chains touch at most three
// sides, and every group touches a side.
func TestNoMoveDrawAfterAMove(t *testing.T) {
	p, err := New(Variant{Width: 4, Height: 2})
	if err != nil {
		t.Fatal(err)
	}
	cell := func(x, y int64, c Color) piece { return newPiece(rect{x, y, 1, 1}, c) }
	p.shift = 0
	p = withPieces(p, []piece{cell(0, 0, White), cell(1, 0, Black), cell(2, 0, White), cell(3, 0, Black),
		cell(0, 1, Black), cell(1, 1, White), newPiece(rect{2, 1, 2, 1}, Black)})
	p.finishFresh()
	if o := p.Outcome(); o.Status != boardrules.Ongoing {
		t.Fatalf("Black has a split, but the outcome is %+v", o)
	}
	q, err := boardrules.Replay(p, "2,1V")
	if err != nil {
		t.Fatal(err)
	}
	want := boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no legal move", Rule: RuleNoMoves}
	if o := q.Outcome(); o != want || len(q.LegalMoves()) != 0 || q.ToMove() != boardrules.NoPlayer {
		t.Errorf("after 2,1V: %+v with %d moves, seat %d to move; want %+v, no moves, NoPlayer", o, len(q.LegalMoves()), q.ToMove(), want)
	}
}

func TestRenewablesRule(t *testing.T) {
	u := int64(1) << 59
	sq := func(x, y int64) rect { return rect{x * u, y * u, u, u} }
	half := func(x, y int64) []rect { return []rect{{x * u, y * u, u, u / 2}} }
	x := sq(2, 2)
	v := Variant{6, 6, Black, Renewables}
	q := &Position{v: v}
	build := func(as [][]rect, xs []rect, hasX []bool) *history {
		h := &history{}
		for i := range as {
			h = &history{parent: h, turns: h.turns + 1, a: as[i], x: xs[i], hasX: hasX[i]}
		}
		return h
	}
	same := []rect{x, x, x, x, x, x}
	all := []bool{true, true, true, true, true, true}
	aBlack, aWhite := []rect{sq(1, 0)}, []rect{sq(0, 0)}
	as := [][]rect{aBlack, aWhite, aBlack, aWhite, half(1, 0), half(0, 0)}
	if r := build(as, same, all).draw(q); r != reasonRenewables {
		t.Errorf("renewable cycle not drawn: %d", r)
	}
	if r := build(as[:5], same[:5], all[:5]).draw(q); r != reasonNone {
		t.Error("drawn with five turns")
	}
	diffX := append([]rect{sq(3, 3)}, same[1:]...)
	if r := build(as, diffX, all).draw(q); r != reasonNone {
		t.Error("drawn with different final pieces")
	}
	if r := build(as, same, []bool{true, true, false, true, true, true}).draw(q); r != reasonNone {
		t.Error("drawn with a turn without X")
	}
	grow := [][]rect{aBlack, aWhite, aBlack, aWhite, {sq(1, 0), sq(1, 1)}, half(0, 0)}
	if r := build(grow, same, all).draw(q); r != reasonNone {
		t.Error("drawn although A(u3) is not inside A(u1)")
	}
	// the first colour repeats, but the second colour's last A lies
	// outside its first: the rule checks both colours
	second := [][]rect{aBlack, aWhite, aBlack, aWhite, half(1, 0), {sq(0, 0), sq(0, 1)}}
	if r := build(second, same, all).draw(q); r != reasonNone {
		t.Error("drawn although the second colour's A(u3) is not inside its A(u1)")
	}
	// A(u3) inside A(u1) but not inside A(u2)
	middle := [][]rect{{sq(1, 0), sq(1, 1)}, aWhite, aBlack, aWhite, {sq(1, 1)}, half(0, 0)}
	if r := build(middle, same, all).draw(q); r != reasonNone {
		t.Error("drawn although A(u3) is not inside A(u2)")
	}
	q.v.Draws = Repetition
	if r := build(as, same, all).draw(q); r != reasonNone {
		t.Error("renewables switched off but drawn")
	}
	// when both draw rules apply, threefold repetition gives the reason
	q.v.Draws = Repetition | Renewables
	both := build(as, same, all)
	both.rep = true
	if r := both.draw(q); r != reasonRepetition {
		t.Errorf("both rules apply: reason %d, want threefold repetition's", r)
	}
}

func TestOwnCaptureAndWinEndPath(t *testing.T) {
	// V3: Black's last move wins; a longer path is illegal
	p, err := boardrules.Replay(Standard(), strings.Fields("2,1VW 1,3VW 2,3HN 2VE")...)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.ParseMove("5,5HSN")
	if !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), "won after step 1") {
		t.Errorf("step after the win: %v", err)
	}
}

// TestCapturedTravellerEndsPath: a step whose captures recolour the
// travelling piece ends the path; a further step makes the move illegal,
// even one that would be legal on the board as it stands. Here Black's V
// cut of its wide piece at (0,1) sends the east half East into White's
// square (1,1,1/2,1/2), which turns Black but touches no side and has only
// White pieces around it: captured, it is White again. The east half, now
// White, is its full-side neighbour to the West, so "0,2VEW" would be a
// step onto an opponent's piece were the path not over.
func TestCapturedTravellerEndsPath(t *testing.T) {
	p := mustDecode(t, "crumble 2x2 b B0,0,1,1/2 B1,0,1,1/2 W0,1/2,1,1/2 W1,1/2,1,1/2 B0,1,1,1/2 W1,1,1/2,1/2 W3/2,1,1/2,1/2 W0,3/2,1,1/2 W1,3/2,1,1/2")
	q, err := boardrules.Replay(p, "0,2VE")
	if err != nil {
		t.Fatal(err)
	}
	if c := q.list()[findPiece(q.list(), 1<<q.shift, 1<<q.shift)].C(); c != White {
		t.Errorf("after 0,2VE the travelling piece is %v, want White (captured)", c)
	}
	_, err = p.ParseMove("0,2VEW")
	if want := "0,2VEW: the travelling piece was captured in step 1"; !errors.Is(err, boardrules.ErrIllegalMove) || err.Error() != want {
		t.Errorf("0,2VEW: %v, want %q", err, want)
	}
}

// TestMoverCompletesTheOpponentsChain: the win check after a step covers
// both colours, and the colour whose chain touches all four sides wins,
// whoever moved. Black joins its two tall halves at (1/2,0) and (1,0) into
// a unit square, which swaps East: the square turns White and links White's
// (0,0) half (West and South) to White's square (1,1) (East and North).
func TestMoverCompletesTheOpponentsChain(t *testing.T) {
	p := mustDecode(t, "crumble 2x2 b W0,0,1/2,1 B1/2,0,1/2,1 B1,0,1/2,1 W3/2,0,1/2,1 B0,1,1,1 W1,1,1,1")
	want := boardrules.Outcome{Status: boardrules.Win, Winner: boardrules.Player(White), Reason: "White connects all four sides", Rule: RuleConnection}
	q, err := boardrules.Replay(p, "1J2,1E")
	if err != nil {
		t.Fatal(err)
	}
	if o := q.Outcome(); o != want {
		t.Errorf("after Black's 1J2,1E: %+v, want %+v", o, want)
	}
	// the listed move, played from its search on the bitset graph
	for _, m := range p.LegalMoves() {
		if m.String() == "1J2,1E" {
			if o := p.PlayUnchecked(m).Outcome(); o != want {
				t.Errorf("listed 1J2,1E: %+v, want %+v", o, want)
			}
			return
		}
	}
	t.Error("1J2,1E is not listed")
}

// TestZeroPosition: the zero Position is no game, as the module's
// conventions say of every engine's: no moves, no seat to move, the
// no-game Outcome, ErrGameOver for a well-formed move (a syntax error
// still comes first) and for every Play, the zero Move included, no code
// (exactly ErrNoGame), the standard variant, Equal to itself only.
func TestZeroPosition(t *testing.T) {
	var p Position
	if p.LegalMoves() != nil || p.Hash() != 0 || p.NumPieces() != 0 || p.Players() != 2 || p.ToMove() != boardrules.NoPlayer {
		t.Error("zero position")
	}
	dst := make([]Move, 1, 4)
	if got := p.AppendLegalMoves(dst); len(got) != 1 || &got[0] != &dst[0] {
		t.Error("AppendLegalMoves of the zero Position changed dst")
	}
	if m, ok := p.RandomMove(rand.New(rand.NewPCG(1, 2))); ok || m != (Move{}) {
		t.Errorf("RandomMove of the zero Position: %v %v", m, ok)
	}
	want := boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
	if got := p.Outcome(); got != want {
		t.Errorf("Outcome %+v, want %+v", got, want)
	}
	// The doc names the text; like every board text it ends in a newline.
	if got := p.String(); got != "no game\n" {
		t.Errorf("zero position prints %q", got)
	}
	var me *notation.MoveError
	if _, err := p.ParseMove("0H"); !errors.As(err, &me) || me.Move != "0H" || !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("ParseMove(0H) of the zero Position: %v, want ErrGameOver", err)
	}
	if _, err := p.ParseMove("0HE"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("ParseMove(0HE) of the zero Position: %v, want ErrSyntax", err)
	}
	m, _ := Standard().ParseMove("0,1HN")
	for _, mv := range []Move{{}, m} {
		if _, err := p.Play(mv); !errors.As(err, &me) || !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("Play(%q) of the zero Position: %v, want ErrGameOver", mv, err)
		}
	}
	if q := p.PlayUnchecked(Move{}); q.NumPieces() != 0 {
		t.Error("the zero Position played a move unchecked")
	}
	_ = p.SVG()
	// no game, so no code: exactly ErrNoGame and no bytes
	code, err := p.MarshalText()
	if code != nil || err != boardrules.ErrNoGame {
		t.Errorf("the zero Position's code is %q, %v; want nil, ErrNoGame", code, err)
	}
	if v := p.Variant(); v != Standard().Variant() || v != Variants()[0] {
		t.Errorf("the zero Position's variant is %+v, want the standard one", v)
	}
	if !p.Equal(Position{}) || p.Equal(Standard()) || Standard().Equal(p) {
		t.Error("the zero Position is Equal to a game, or not to itself")
	}
	if _, err := Standard().Play(Move{}); !errors.Is(err, boardrules.ErrIllegalMove) || err.Error() != notation.NoMove().Error() {
		t.Errorf("zero move: %v", err)
	}
}

func TestPlayForeignMove(t *testing.T) {
	a := Standard()
	b, _ := boardrules.Replay(a, "1H")
	m, err := b.ParseMove("0HN")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Play(m); !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Errorf("move of another position: %v", err)
	}
	// positions with as many pieces, told apart by the pieces themselves
	c, err := boardrules.Replay(a, "1H")
	if err != nil {
		t.Fatal(err)
	}
	d, err := boardrules.Replay(a, "3H")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range d.LegalMoves() {
		if _, err := c.Play(m); !errors.Is(err, boardrules.ErrIllegalMove) {
			t.Fatalf("%s, a move of another position with as many pieces: %v", m, err)
		}
	}
}

func TestErrorMessages(t *testing.T) {
	p := Standard()
	cases := map[string]string{
		"1HS":      "1HS: the lower half has no full-side neighbour to the south",
		"2,1H2":    "split line is blocked",
		"3,1,1,1V": "White's",
		"9H":       "leg 1 runs off the board",
	}
	for mv, want := range cases {
		_, err := p.ParseMove(mv)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", mv, err, want)
		}
	}
	q, _ := boardrules.Replay(p, "1HN")
	if _, err := q.ParseMove("2,1,1H"); err == nil || !strings.Contains(err.Error(), "leg 3 crosses a piece at (2,1/2)") {
		t.Errorf("crossing leg: %v", err)
	}
	if _, err := q.ParseMove("2,1H"); err == nil || !strings.Contains(err.Error(), "no piece has its lower-left corner at (2,1/2)") {
		t.Errorf("no piece: %v", err)
	}
}

func TestParseForms(t *testing.T) {
	p := Standard()
	for in, want := range map[string]string{
		"0,1hn":       "0,1HN",
		"0,1HN+":      "0,1HN",
		"0, 1HN":      "0,1HN",
		"1/3, 1/6VW":  "2,1VW",
		"0,1HN-N":     "0,1HN",
		"1,1,1VW":     "2,1VW",
		"2,1vw":       "2,1VW",
		"1/3,1/6hn-n": "2,1HN",
		"2,1VW-W":     "2,1VW",
		// fraction locations: (part1·W, part2·H), the second part 0 if left out
		"1/2H":      "3H",
		"1/2, 2/3H": "3,4H",
		"0, 1/2H":   "0,3H",
		"1/6,1/3V":  "1,2V",
		"1/3, 1/6H": "2,1H",
		"2/12,2/3H": "1,4H",
	} {
		m, err := p.ParseMove(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if m.String() != want {
			t.Errorf("%q -> %q, want %q", in, m, want)
		}
	}
}

// TestSecondCaptureRound: captures repeat to a fixed point. After 5,3VE
// the piece at (4,3/2) is White after the first capture round, and the
// recolourings of that round make a second round turn it Black; one round
// alone would leave it White.
// secondRoundCode is a position where 5,3VE captures in a second round.
const secondRoundCode = "crumble 6x6 b W0,0,1,1 W1,0,1,1/2 B2,0,1,2 B3,0,1/2,1/2 B7/2,0,1/2,1/2 B4,0,1,1/2 B5,0,1,1/2 B1,1/2,1,1/2 B3,1/2,1/2,1/2 B7/2,1/2,1/2,1/2 B4,1/2,1,1/2 B5,1/2,1,1/2 B0,1,1,1 W1,1,1,1 B3,1,1/2,1 W7/2,1,1/2,1 W4,1,1,1/2 B5,1,1,1/2 B4,3/2,1,1/2 W5,3/2,1,1/2 W0,2,1,1/2 B1,2,1,1/2 B2,2,1/2,1/2 B5/2,2,1/2,1/2 B3,2,1/2,1/2 B7/2,2,1/4,1/2 W15/4,2,1/4,1/2 W4,2,1,1/2 B5,2,1,1 W0,5/2,1,1/2 B1,5/2,1/2,1/2 W3/2,5/2,1/2,1/2 B2,5/2,1/2,1/2 B5/2,5/2,1/2,1/2 B3,5/2,1/2,1/2 B7/2,5/2,1/2,1/2 B4,5/2,1,1/2 W0,3,1/2,1 B1/2,3,1/2,1 B1,3,1/2,1 W3/2,3,1/2,1 B2,3,1,1/2 B3,3,1/2,1/2 B7/2,3,1/2,1 B4,3,1/2,1 B9/2,3,1/2,1 B5,3,1/2,1 W11/2,3,1/2,1 W2,7/2,1,1/2 B3,7/2,1/2,1/2 W0,4,1,1 W1,4,1/2,1 B3/2,4,1/2,1 B2,4,1,2 B3,4,1/2,1/4 B7/2,4,1/2,1/4 B4,4,1/2,1/4 W9/2,4,1/2,1/2 B5,4,1,1/2 B3,17/4,1/2,1/4 B7/2,17/4,1/2,1/4 W4,17/4,1/2,1/4 B3,9/2,1/2,1/2 W7/2,9/2,1/4,1/2 W15/4,9/2,1/4,1/2 W4,9/2,1/2,1/2 W9/2,9/2,1/2,1/2 B5,9/2,1,1/2 B0,5,1,1 W1,5,1,1 W3,5,1/2,1 W7/2,5,1/2,1 B4,5,1,1 B5,5,1,1"

func TestSecondCaptureRound(t *testing.T) {
	p := mustDecode(t, secondRoundCode)
	q, err := boardrules.Replay(p, "5,3VE")
	if err != nil {
		t.Fatal(err)
	}
	if c := q.list()[findPiece(q.list(), 4<<q.shift, 3<<q.shift/2)].C(); c != Black {
		t.Errorf("after 5,3VE: (4,3/2) is %v, want Black (second capture round)", c)
	}
	// Play replays the path on the lists; the listed move ends where the
	// search on the bitset graph left it, which must be the same position
	for _, m := range p.LegalMoves() {
		if m.String() == "5,3VE" {
			if r := p.PlayUnchecked(m); !r.Equal(q) {
				t.Errorf("listed 5,3VE gives %s, want %s", code(r), code(q))
			}
			return
		}
	}
	t.Error("5,3VE is not listed")
}

// TestEqualTurn: two positions with the same pieces differ when the side to
// move differs.
func TestEqualTurn(t *testing.T) {
	b := code(Standard())
	w := mustDecode(t, strings.Replace(b, " b ", " w ", 1))
	if Standard().Equal(w) || w.Equal(Standard()) {
		t.Errorf("Equal ignores the side to move: %s vs %s", b, code(w))
	}
	if !Standard().Equal(mustDecode(t, b)) {
		t.Error("decoded start not Equal to Standard()")
	}
}

// TestHashFollowsTheBoard: the hash covers tiling, colours and side to
// move, and the variant where Equal tells it apart. The start of 6x6-white
// and the standard start decoded with White to move have the same board
// and side to move, but not the same first player: they are not Equal and
// hash apart; decoded from its own code, the 6x6-white start is Equal to
// itself with the same hash. V17a and V17b have the same tiling and side
// to move but differ in the colours of (0,0) and (0,2), so their hashes
// differ.
func TestHashFollowsTheBoard(t *testing.T) {
	white, _ := New(Variant{FirstPlayer: White})
	decoded := mustDecode(t, strings.Replace(code(Standard()), " b ", " w ", 1))
	if white.Equal(decoded) || decoded.Equal(white) || white.Hash() == decoded.Hash() {
		t.Errorf("6x6-white start and the standard start decoded with White to move: Equal %v, hashes %x %x", white.Equal(decoded), white.Hash(), decoded.Hash())
	}
	if again := mustDecode(t, code(white)); !again.Equal(white) || again.Hash() != white.Hash() {
		t.Errorf("6x6-white start decoded from its code: Equal %v, hashes %x %x", again.Equal(white), white.Hash(), again.Hash())
	}
	vs := vectors(t)
	a, b := mustDecode(t, vs["V17a"]), mustDecode(t, vs["V17b"])
	if a.Hash() == b.Hash() {
		t.Errorf("V17a and V17b differ in colours only, but have the same hash %x", a.Hash())
	}
}

// TestSplitLineRefusals: a multi-split of more pieces than its walk takes
// is an illegal move, whether the line is blocked or reaches the side.
func TestSplitLineRefusals(t *testing.T) {
	checkRefusals(t, []refusal{
		{"", "5H2", "5H2: the split line reaches the side of the board after 1 piece"},
		{"", "2,1H2", "2,1H2: the split line is blocked at (3,3/2) after 1 piece"},
	})
}

// TestRenewablesSecondHalf: A(u3) must lie inside A(u2) too, not only inside
// A(u1); here u1 and u2 act on different rectangles.
func TestRenewablesSecondHalf(t *testing.T) {
	u := int64(1) << 59
	sq := func(x, y int64) rect { return rect{x * u, y * u, u, u} }
	half := func(x, y int64) rect { return rect{x * u, y * u, u, u / 2} }
	q := &Position{v: Variant{6, 6, Black, Renewables}}
	build := func(as [][]rect) *history {
		h := &history{}
		for i := range as {
			h = &history{parent: h, turns: h.turns + 1, a: as[i], x: sq(2, 2), hasX: true}
		}
		return h
	}
	bigB, bigW := []rect{sq(1, 0), sq(1, 1)}, []rect{sq(0, 0), sq(0, 1)}
	inside := [][]rect{bigB, bigW, {sq(1, 0)}, {sq(0, 0)}, {half(1, 0)}, {half(0, 0)}}
	if r := build(inside).draw(q); r != reasonRenewables {
		t.Errorf("A(u3) inside A(u2) inside A(u1) not drawn: %d", r)
	}
	outside := [][]rect{bigB, bigW, {sq(1, 0)}, {sq(0, 0)}, {half(1, 1)}, {half(0, 1)}}
	if r := build(outside).draw(q); r != reasonNone {
		t.Error("drawn although A(u3) is not inside A(u2)")
	}
}

// TestHasBaseAtPrecisionLimit: a side whose pieces are all at the finest
// grid (no piece can be cut: every length is one unit) still has a move
// when two of its pieces can join. No game reaches such a position (the
// grid is 2^-59 of a cell on 6x6), so the position is built by hand: only
// the side to move's pieces matter to hasBase.
func TestHasBaseAtPrecisionLimit(t *testing.T) {
	defer func(was bool) { strict = was }(strict)
	strict = false // its pieces do not tile the board, which strict views refuse
	p := Standard()
	unit := func(x int64, c Color) piece { return newPiece(rect{x, 0, 1, 1}, c) }
	p = withPieces(p, []piece{unit(0, Black), unit(1, Black), unit(2, White), unit(3, Black)})
	if !p.hasBase() {
		t.Error("two unit pieces side by side can join, but hasBase says Black has no move")
	}
	p = withPieces(p, []piece{unit(0, Black), unit(1, White), unit(2, Black)})
	if p.hasBase() {
		t.Error("no two of Black's unit pieces can join, but hasBase finds a move")
	}
}

// TestHasBaseOneCutOnly: a side whose pieces all take one cut only (wide
// pieces a V cut, tall ones an H cut) and cannot join still has a move, so
// the game goes on. A hasBase that looked at one cut only would call these
// positions drawn for want of a move.
func TestHasBaseOneCutOnly(t *testing.T) {
	for _, c := range []struct{ code, split string }{
		{"crumble 2x2 b B0,0,2,1 W0,1,1,1 W1,1,1,1", "V"}, // Black's one piece is wide
		{"crumble 2x2 b B0,0,1,2 W1,0,1,1 W1,1,1,1", "H"}, // and here tall
	} {
		p := mustDecode(t, c.code)
		if !p.hasBase() {
			t.Errorf("%s: Black can split its piece (%s), but hasBase finds no move", c.code, c.split)
		}
		if o := p.Outcome(); o.Status != boardrules.Ongoing {
			t.Errorf("%s: outcome %v, want the game going on", c.code, o)
		}
		moves := p.LegalMoves()
		if len(moves) == 0 || !strings.Contains(moves[0].String(), c.split) {
			t.Errorf("%s: moves %v, want the %s split of Black's piece first", c.code, moves, c.split)
		}
	}
}

// TestWalkNeedsTheMidline: a split line that enters an own piece off that
// piece's midline is blocked there, even when the piece could take a
// cut of its own. Here Black's unit square at (0,0) has its H line at y =
// 1/2, and the line enters Black's 2x2 square beside it, whose midline is
// y = 1: the H split of (0,0) takes one piece only.
func TestWalkNeedsTheMidline(t *testing.T) {
	const code = "crumble 4x4 b B0,0,1,1 B1,0,2,2 W3,0,1,1 W0,1,1,1 W3,1,1,1 B0,2,1,1 W1,2,1,1 B2,2,1,1 W3,2,1,1 W0,3,1,1 B1,3,1,1 W2,3,1,1 B3,3,1,1"
	p := mustDecode(t, code)
	if _, err := p.ParseMove("0H2"); !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), "blocked") {
		t.Errorf("ParseMove(0H2): %v, want the line blocked after one piece", err)
	}
	single := false
	for _, m := range p.LegalMoves() {
		s := m.String()
		if strings.HasPrefix(s, "0H2") {
			t.Errorf("%s listed: the line enters the 2x2 square off its midline", s)
		}
		single = single || strings.HasPrefix(s, "0H")
	}
	if !single {
		t.Error("the H split of (0,0) alone is not listed")
	}
}

// TestLegsFollowEdges: a leg that would run through a piece's interior to
// a corner beyond it is invalid, though the corner it would reach
// is a piece's lower-left corner. In the first position Black's 2x2 square
// at (1,0) lies across the line y = 1 between the corners (1,1) and (3,1);
// the second is the first mirrored in the diagonal, for a North leg.
func TestLegsFollowEdges(t *testing.T) {
	for _, c := range []struct{ code, move, want string }{
		{"crumble 4x4 b B0,0,1,1 B1,0,2,2 W3,0,1,1 W0,1,1,1 W3,1,1,1 B0,2,1,1 W1,2,1,1 B2,2,1,1 W3,2,1,1 W0,3,1,1 B1,3,1,1 W2,3,1,1 B3,3,1,1",
			"0,1,2H", "leg 3 crosses a piece at (1,1)"},
		{"crumble 4x4 b B0,0,1,1 B0,1,2,2 W0,3,1,1 W1,0,1,1 W1,3,1,1 B2,0,1,1 W2,1,1,1 B2,2,1,1 W2,3,1,1 W3,0,1,1 B3,1,1,1 W3,2,1,1 B3,3,1,1",
			"1,2H", "leg 2 crosses a piece at (1,1)"},
	} {
		p := mustDecode(t, c.code)
		if _, err := p.ParseMove(c.move); !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s in %s: %v, want %q", c.move, c.code, err, c.want)
		}
	}
}

// TestLocationSyntax: only a location's first count may be 0, and
// a fraction's denominator is at least 1; both are syntax errors.
func TestLocationSyntax(t *testing.T) {
	p := Standard()
	for mv, want := range map[string]string{
		"1,0H":   "only the first count of a location may be 0",
		"0,1,0H": "only the first count of a location may be 0",
		"1/0,1H": "denominator must be at least 1",
	} {
		if _, err := p.ParseMove(mv); !errors.Is(err, boardrules.ErrSyntax) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a syntax error %q", mv, err, want)
		}
		if _, err := (Position{}).ParseMove(mv); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("ParseMove(%q) of the zero Position: %v, want a syntax error", mv, err)
		}
	}
}

// TestMoveSyntaxOffsets: a move outside the move grammar is a syntax
// error, wraps ErrSyntax and points at the byte where the grammar breaks,
// whether or not a position reads it. Each case sits on one edge
// of the grammar: one space only after a comma, at most two fraction parts,
// a piece number 1 to n, a non-empty multi-split path, join counts of at
// least 1, at most 18 digits, no leading zeros, a denominator of at least
// 1, and an action letter after the location.
func TestMoveSyntaxOffsets(t *testing.T) {
	p := Standard()
	for _, c := range []struct {
		move   string
		offset int
		reason string
	}{
		{"0,  1HN", 3, "expected a number"},
		{"1,0H", 2, "only the first count of a location may be 0"},
		{"0, 1, 0H", 6, "only the first count of a location may be 0"},
		{"1/2,1/2,1/2H", 8, "a fraction location has at most two parts"},
		{"1/2,1/2, 1/2H", 9, "a fraction location has at most two parts"},
		{"0,1H3-4S-W", 6, "piece number must be 1 to 3"},
		{"0,1H3-0S-W", 6, "piece number must be 1 to 3"},
		{"0,1H3-2S-", 9, "expected a swap path (N, E, S, W)"},
		{"0HN-", 4, "expected a swap path (N, E, S, W)"},
		{"1VW-+", 4, "expected a swap path (N, E, S, W)"},
		{"0,1H3-2S", 8, "expected '-' and a swap path"},
		{"0,1H3-2E-W", 7, "expected half N or S"},
		{"0,1H1", 4, "a multi-split splits at least 2 pieces"},
		{"0J0,1", 2, "join counts must be at least 1"},
		{"0J1,0", 4, "join counts must be at least 1"},
		{"0J1,2-N", 5, "unexpected '-'"},
		{"1234567890123456789H", 0, "number has more than 18 digits"},
		{"0,1234567890123456789H", 2, "number has more than 18 digits"},
		{"01H", 0, "number has a leading zero"},
		{"0,01H", 2, "number has a leading zero"},
		{"1/0H", 2, "denominator must be at least 1"},
		{"1/2,3/0H", 6, "denominator must be at least 1"},
		{"0X", 1, "expected H, V or J after the location"},
		{"2,1 H", 3, "expected H, V or J after the location"},
		{"0HE", 2, "expected N or S (the half), a split count or the end"},
		{"0VN", 2, "expected E or W (the half), a split count or the end"},
		{"0H2E", 3, "expected '-' and a piece number after the split count"},
		{"0,1HNX", 5, "unexpected 'X'"},
	} {
		for _, parse := range []func(string) (Move, error){p.ParseMove, Position{}.ParseMove} {
			_, err := parse(c.move)
			var pe *notation.ParseError
			if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) {
				t.Errorf("%q: %v, want a syntax error", c.move, err)
				continue
			}
			if pe.Offset != c.offset || pe.Reason != c.reason {
				t.Errorf("%q: offset %d %q, want offset %d %q", c.move, pe.Offset, pe.Reason, c.offset, c.reason)
			}
		}
	}
}

// TestMoveSyntaxLimits: the edges of the grammar that are still inside it.
// A count of exactly 18 digits is a number (the location then runs off the
// board, an illegal move, not a syntax error), and so is a lone 0: the
// zero Position, which is no game, answers ErrGameOver.
func TestMoveSyntaxLimits(t *testing.T) {
	p := Standard()
	for _, mv := range []string{"123456789012345678H", "0,123456789012345678H", "0H2-1N-N"} {
		if _, err := (Position{}).ParseMove(mv); !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("Position{}.ParseMove(%q): %v, want ErrGameOver (well-formed, no game)", mv, err)
		}
	}
	if _, err := p.ParseMove("123456789012345678H"); !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), "leg 1 runs off the board") {
		t.Errorf("18 digits: %v, want the leg to run off the board", err)
	}
}

// TestFractionLocations: a fraction location is the exact point
// (part1·W, part2·H), the second part defaulting to 0, and names the piece
// whose lower-left corner is there (TestParseForms reads such locations); a
// point off the grid or beyond the board, or one where no piece has its
// lower-left corner, is an illegal move, not a syntax error.
func TestFractionLocations(t *testing.T) {
	// points on a finer grid: (9/2,3) after 4,3V, (4,1/2) after 1H 4H
	checkRefusals(t, []refusal{
		{"4,3V", "3/4,1/2H", "3/4,1/2H: the piece at (9/2,3) is Black's, not White's"},
		{"1H 4H", "2/3, 1/12H", "2/3, 1/12H: the piece at (4,1/2) is White's, not Black's"},
		{"", "1/7H", "1/7H: the location is no piece's lower-left corner"},
		{"", "1/2,1/7H", "1/2,1/7H: the location is no piece's lower-left corner"},
		{"", "7/6H", "7/6H: the location is no piece's lower-left corner"},
		{"", "1/1H", "1/1H: no piece has its lower-left corner at (6,0)"},
		{"", "1/4H", "1/4H: no piece has its lower-left corner at (3/2,0)"},
	})
}

// TestPathErrorsNameThePiece: a refused swap step names the piece that
// could not move: at step 1 the created piece that starts the path
// (which half, of which split piece counted from 1, or the joined piece),
// at later steps the travelling piece, and always the step's number.
func TestPathErrorsNameThePiece(t *testing.T) {
	checkRefusals(t, []refusal{
		{"", "1HN-W", "1HN-W: the upper half has no full-side neighbour to the west (step 1)"},
		{"", "1VW-S", "1VW-S: the west half has no full-side neighbour to the south (step 1)"},
		{"", "1VE-S", "1VE-S: the east half has no full-side neighbour to the south (step 1)"},
		{"3HN 1,1H", "0,1H3-1S-W", "0,1H3-1S-W: the lower half of split piece 1 has no full-side neighbour to the west (step 1)"},
		{"3HN 1,1H", "0,1H3-3N-E", "0,1H3-3N-E: the upper half of split piece 3 has no full-side neighbour to the east (step 1)"},
		{"3HN 1,1H", "0,1H3-2N-S", "0,1H3-2N-S: the upper half of split piece 2 has its own colour to the south (step 1)"},
		{"1VW 3H", "0J1,2E", "0J1,2E: the joined piece has no full-side neighbour to the east (step 1)"},
		{"", "0,1HNE", "0,1HNE: the travelling piece has its own colour to the east (step 2)"},
		{"", "1VWN", "1VWN: the travelling piece has its own colour to the north (step 2)"},
		{"3HN 1,1H", "0,1H3-2S-WW", "0,1H3-2S-WW: the travelling piece has its own colour to the west (step 2)"},
	})
}

// refusal is a move refused after the moves before it from the 6x6 start,
// with its error text.
type refusal struct{ before, move, want string }

// checkRefusals checks that each move is an illegal move with exactly its
// error text.
func checkRefusals(t *testing.T, cases []refusal) {
	t.Helper()
	for _, c := range cases {
		p, err := boardrules.Replay(Standard(), strings.Fields(c.before)...)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.ParseMove(c.move)
		if !errors.Is(err, boardrules.ErrIllegalMove) || err.Error() != c.want {
			t.Errorf("after [%s] %s: %v, want %q", c.before, c.move, err, c.want)
		}
	}
}

// TestGameOverAfterSyntax: in a finished game a malformed move is still a
// syntax error; only a well-formed move gets ErrGameOver (the game-over
// check comes after the syntax).
func TestGameOverAfterSyntax(t *testing.T) {
	won := mustDecode(t, "crumble 2x2 b W0,0,2,2")
	if _, err := won.ParseMove("0X"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("0X in a won game: %v, want a syntax error", err)
	}
	if _, err := won.ParseMove("0,,1H"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("0,,1H in a won game: %v, want a syntax error", err)
	}
	if _, err := won.ParseMove("0H"); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("0H in a won game: %v, want ErrGameOver", err)
	}
}

// TestMoveNumberRefused: '#' is pbmserv's move-number marker in every
// engine, never part of a move, so a move that carries one is a syntax
// error at the '#', as notation.SplitMoveNumber would split it off.
func TestMoveNumberRefused(t *testing.T) {
	for in, off := range map[string]int{"0,1HN#": 5, "0,1HN#12": 5, "0,1HN+#": 6} {
		_, err := Standard().ParseMove(in)
		var pe *notation.ParseError
		if !errors.As(err, &pe) || pe.Offset != off {
			t.Errorf("ParseMove(%q) = %v, want a syntax error at offset %d", in, err, off)
		}
	}
}

// TestVariantSize: Size fills in the default of a side left 0, which the
// normalised Variant writes 0.
func TestVariantSize(t *testing.T) {
	for _, c := range []struct {
		v    Variant
		w, h int
	}{{Variant{}, 6, 6}, {Variant{Width: 8, Height: 8}, 8, 8}, {Variant{Width: 4}, 4, 6}, {Variant{Height: 32}, 6, 32}} {
		if w, h := c.v.Size(); w != c.w || h != c.h {
			t.Errorf("%v.Size() = %d, %d, want %d, %d", c.v, w, h, c.w, c.h)
		}
	}
}
