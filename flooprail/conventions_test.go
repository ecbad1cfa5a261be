package flooprail

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/google/go-cmp/cmp"
)

// endedCodes are games that have ended, one for each rule, side and
// variant.
var endedCodes = []string{
	"flooprail normal o ../..../....../......../oxx.../..../.x",
	"flooprail reverse o ../..../....../......../oxx.../..../.x",
	"flooprail normal x ../..../....../......../....../..../..",
	"flooprail reverse x ../..../....../......../....../..../..",
	"flooprail normal o ../..../....../......../....../..../..",
	"flooprail normal x .o/.o../o...../oo.....O/x....O/.O../..",
}

// moveError returns the *notation.MoveError err is, or fails the test.
func moveError(t *testing.T, err error) notation.MoveError {
	t.Helper()
	me, ok := err.(*notation.MoveError)
	if !ok {
		t.Fatalf("%v (%T) is not a *notation.MoveError", err, err)
	}
	return *me
}

// sameSentinel compares the sentinels that MoveErrors wrap.
var sameSentinel = cmp.Comparer(func(a, b error) bool { return a == b })

// TestZeroPosition: the zero Position is no game.
func TestZeroPosition(t *testing.T) {
	var zero Position
	if moves := zero.LegalMoves(); moves != nil {
		t.Errorf("LegalMoves %v, want nil", moves)
	}
	checkAppendUnchanged(t, zero)
	if zero.ToMove() != boardrules.NoPlayer {
		t.Errorf("ToMove %v, want NoPlayer", zero.ToMove())
	}
	want := boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
	if diff := cmp.Diff(want, zero.Outcome()); diff != "" {
		t.Errorf("Outcome (-want +got):\n%s", diff)
	}
	// A well-formed move is ErrGameOver, a MoveError quoting it.
	_, err := zero.ParseMove("C4-D4")
	wantErr := notation.MoveError{Move: "C4-D4", Reason: "the game is over (no game)", Err: boardrules.ErrGameOver}
	if diff := cmp.Diff(wantErr, moveError(t, err), sameSentinel); diff != "" {
		t.Errorf("ParseMove (-want +got):\n%s", diff)
	}
	for _, m := range []Move{{}, Standard().LegalMoves()[0]} {
		q, err := zero.Play(m)
		var me *notation.MoveError
		if !errors.Is(err, boardrules.ErrGameOver) || !errors.As(err, &me) || me.Move != m.String() || q != zero {
			t.Errorf("Play(%q) = %v, want ErrGameOver, a MoveError, and no game", m, err)
		}
	}
	if b, err := zero.MarshalText(); b != nil || err != boardrules.ErrNoGame {
		t.Errorf("MarshalText = %q, %v; want nil, exactly ErrNoGame", b, err)
	}
	if zero.Variant() != (Variant{}) || zero.Variant() != Standard().Variant() {
		t.Errorf("Variant %v, want the standard variant", zero.Variant())
	}
	_ = zero.String()
	if !strings.Contains(zero.SVG(), "<title>FloopRail (normal): draw, no game</title>") {
		t.Error("the zero Position's drawing does not say it is no game")
	}
	if !zero.Equal(zero) || zero != (Position{}) {
		t.Error("the zero Position is not Equal to itself")
	}
	// No position a game reaches, and no code, is the zero Position: not
	// the empty boards that end a game either.
	for _, c := range append([]string{startCode}, endedCodes...) {
		p := decode(t, c)
		if p.Equal(zero) || zero.Equal(p) || p.Hash() == zero.Hash() {
			t.Errorf("%s decodes to a position Equal to the zero Position, or with its hash", c)
		}
	}
}

// TestEmptyBoardIsAGame: the code of an empty board decodes to a game that
// has ended with no pieces left, not to the zero Position; it round-trips
// and keeps its variant and the side without a move.
func TestEmptyBoardIsAGame(t *testing.T) {
	for _, c := range []struct {
		code   string
		winner boardrules.Player
		reason string
	}{
		{"flooprail normal o ../..../....../......../....../..../..", seatX, "O has no piece left"},
		{"flooprail normal x ../..../....../......../....../..../..", seatO, "X has no piece left"},
		{"flooprail reverse o ../..../....../......../....../..../..", seatO, "O has no piece left"},
		{"flooprail reverse x ../..../....../......../....../..../..", seatX, "X has no piece left"},
	} {
		p := decode(t, c.code)
		want := boardrules.Outcome{Status: boardrules.Win, Winner: c.winner, Reason: c.reason, Rule: RuleNoPieces}
		if diff := cmp.Diff(want, p.Outcome()); diff != "" {
			t.Errorf("%s: Outcome (-want +got):\n%s", c.code, diff)
		}
		if got := code(t, p); got != c.code {
			t.Errorf("%s: code %q", c.code, got)
		}
		if p == (Position{}) || p.Hash() == 0 {
			t.Errorf("%s: the zero Position, or its hash", c.code)
		}
		_, err := p.ParseMove("C4-D4")
		if !errors.Is(err, boardrules.ErrGameOver) || err.Error() != "C4-D4: the game is over ("+c.reason+")" {
			t.Errorf("%s: ParseMove %v", c.code, err)
		}
	}
}

// TestAfterTheEnd: once the game has ended ToMove is NoPlayer, LegalMoves
// nil and AppendLegalMoves gives dst back unchanged; the code still names
// the side without a move.
func TestAfterTheEnd(t *testing.T) {
	for _, c := range endedCodes {
		p := decode(t, c)
		if p.Outcome().Status == boardrules.Ongoing {
			t.Fatalf("%s: still going on", c)
		}
		if p.ToMove() != boardrules.NoPlayer {
			t.Errorf("%s: ToMove %v, want NoPlayer", c, p.ToMove())
		}
		if moves := p.LegalMoves(); moves != nil {
			t.Errorf("%s: LegalMoves %#v, want nil", c, moves)
		}
		checkAppendUnchanged(t, p)
		if got := code(t, p); got != c {
			t.Errorf("code %q, want %q", got, c)
		}
	}
	if p := Standard(); p.ToMove() != seatO || play(t, p, "C4-D4").ToMove() != seatX {
		t.Error("ToMove of a game going on")
	}
}

// checkAppendUnchanged checks that AppendLegalMoves returns dst as it was
// (the same array, length and capacity), for a nil dst, an empty one and
// one holding a move.
func checkAppendUnchanged(t *testing.T, p Position) {
	t.Helper()
	if got := p.AppendLegalMoves(nil); got != nil {
		t.Errorf("AppendLegalMoves(nil) = %#v, want nil", got)
	}
	for _, n := range []int{0, 1} {
		for _, c := range []int{1, 3, 100} {
			dst := make([]Move, n, c)
			if n > 0 {
				dst[0] = Standard().LegalMoves()[0]
			}
			got := p.AppendLegalMoves(dst)
			if len(got) != n || cap(got) != c || &got[:1][0] != &dst[:1][0] || n > 0 && got[0] != dst[0] {
				t.Errorf("AppendLegalMoves(len %d cap %d) = len %d cap %d, a different slice", n, c, len(got), cap(got))
			}
		}
	}
}

// TestZeroMove: the zero Move is no move, and Play refuses it with
// notation.NoMove's error, after the check that the game goes on.
func TestZeroMove(t *testing.T) {
	var m Move
	if m.String() != "" || m.Path() != nil || m.Captures() != nil || m.IsFleap() || !m.From().IsZero() || !m.To().IsZero() {
		t.Errorf("the zero Move: %q %v %v %v %v %v", m.String(), m.Path(), m.Captures(), m.IsFleap(), m.From(), m.To())
	}
	for _, p := range []Position{Standard(), decode(t, "flooprail normal x ../..../.o..../o......./.o..../.ox./..")} {
		q, err := p.Play(m)
		if q != p || err == nil || err.Error() != notation.NoMove().Error() {
			t.Errorf("%s: Play(Move{}) = %v, want %v", code(t, p), err, notation.NoMove())
		}
		if diff := cmp.Diff(*notation.NoMove(), moveError(t, err), sameSentinel); diff != "" {
			t.Errorf("%s: Play(Move{}) (-want +got):\n%s", code(t, p), diff)
		}
	}
	for _, c := range endedCodes {
		if _, err := decode(t, c).Play(m); !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("%s: Play(Move{}) = %v, want ErrGameOver", c, err)
		}
	}
}

// TestEqual: Equal tells apart what decides the rest of the game, and only
// that: the variant, the side to move, the board. Equal positions have
// equal hashes, and Play takes the move of an Equal position.
func TestEqual(t *testing.T) {
	const board = "oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xx"
	for _, c := range []struct{ what, a, b string }{
		{"the variant", "flooprail normal o " + board, "flooprail reverse o " + board},
		{"the variant, game over", "flooprail normal o ../..../....../......../oxx.../..../.x", "flooprail reverse o ../..../....../......../oxx.../..../.x"},
		{"the side to move", "flooprail normal o " + board, "flooprail normal x " + board},
		{"the side to move, reverse", "flooprail reverse o " + board, "flooprail reverse x " + board},
		{"the side to move, empty board", "flooprail normal o ../..../....../......../....../..../..", "flooprail normal x ../..../....../......../....../..../.."},
		{"a Flooper's kind", "flooprail normal o ../..../.o..../o......./....../..../.x", "flooprail normal o ../..../.O..../o......./....../..../.x"},
	} {
		a, b := decode(t, c.a), decode(t, c.b)
		if a.Equal(b) || b.Equal(a) || a == b {
			t.Errorf("%s: %q and %q are Equal", c.what, c.a, c.b)
		}
		if a.Hash() == b.Hash() {
			t.Errorf("%s: %q and %q have one hash", c.what, c.a, c.b)
		}
	}
	// The same position reached two ways.
	p := Standard()
	a, b := play(t, play(t, play(t, p, "C4-D4"), "E5-E4"), "B5-C5"), play(t, play(t, play(t, p, "B5-C5"), "E5-E4"), "C4-D4")
	if !a.Equal(b) || a != b || a.Hash() != b.Hash() {
		t.Error("one position reached two ways is not Equal, or has two hashes")
	}
	// Play takes a move of an Equal position.
	copyOfA := decode(t, code(t, a))
	m := copyOfA.LegalMoves()[0]
	if q, err := b.Play(m); err != nil || q != a.PlayUnchecked(m) {
		t.Errorf("Play of an Equal position's move: %v", err)
	}
}

// TestVariants: Variants lists the normal game, then the reverse game; the
// registry names them so; every variant reads back from its name and is
// what New starts.
func TestVariants(t *testing.T) {
	if diff := cmp.Diff([]Variant{{}, {Reverse: true}}, Variants()); diff != "" {
		t.Errorf("Variants (-want +got):\n%s", diff)
	}
	g, ok := boardrules.Lookup(Name)
	if !ok {
		t.Fatal("flooprail is not registered")
	}
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
		got, err := ParseVariant(v.String())
		if err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.String(), got, err)
		}
		p, err := New(v)
		if err != nil || p.Variant() != v {
			t.Errorf("New(%v).Variant() = %v, %v", v, p.Variant(), err)
		}
		if q, _ := ParseVariant(p.Variant().String()); q != p.Variant() {
			t.Errorf("%v does not read back", p.Variant())
		}
	}
	if diff := cmp.Diff(g.Variants, names); diff != "" {
		t.Errorf("registry's variants (-registry +Variants):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"normal", "reverse"}, g.Variants); diff != "" {
		t.Errorf("registry's variants (-want +got):\n%s", diff)
	}
	if a, err := g.New(""); err != nil || a.Variant() != "normal" {
		t.Errorf(`GameInfo.New("") = %v, %v; want the normal game`, a, err)
	}
	if Standard().Variant() != Variants()[0] {
		t.Error("Standard is not the first variant")
	}
}

// TestMoveFromTo: From and To are the first and last spaces of the path,
// the same space for a loop.
func TestMoveFromTo(t *testing.T) {
	for _, c := range []struct{ code, move, from, to string }{
		{startCode, "C4-D4", "C4", "D4"},
		{"flooprail normal x ../..../.o..../o......./.o..../.ox./..", "E6-C6-C4-C2", "E6", "C2"},
		{"flooprail normal o ../..../.Ox.../..x.x.../..x.../..../..", "C3-E3-E5-C5-C3", "C3", "C3"},
	} {
		m, err := decode(t, c.code).ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if m.From().Upper() != c.from || m.To().Upper() != c.to {
			t.Errorf("%s: From %s To %s, want %s %s", c.move, m.From().Upper(), m.To().Upper(), c.from, c.to)
		}
	}
}
