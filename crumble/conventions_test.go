package crumble

// The module's conventions (the boardrules package doc, One vocabulary) as
// this engine keeps them: names, seats, Equal and Hash, text in, the
// registry's variant grammar.

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// TestEqualComparesVariantAndOutcome: Equal compares the variant
// normalised (first player and draw rules as well as the size) and the
// stored outcome, besides the pieces and the side to move, and Equal
// positions, and only those here, share a hash. Each pair has the same
// pieces and side to move.
func TestEqualComparesVariantAndOutcome(t *testing.T) {
	start2 := code(startOf(t, "2x2"))
	drawn6 := strings.Replace(start6x6, " b ", " b repetition ", 1)
	for _, c := range []struct{ name, a, b string }{
		{"2x2 and 2x2-white", start2, strings.Replace(start2, "2x2", "2x2-white", 1)},
		{"2x2 and 2x2-nodraws", start2, strings.Replace(start2, "2x2", "2x2-nodraws", 1)},
		{"2x2 and 2x2-repetition", start2, strings.Replace(start2, "2x2", "2x2-repetition", 1)},
		{"6x6 going on and drawn by repetition", start6x6, drawn6},
		{"6x6 drawn by repetition and by renewable iteration", drawn6, strings.Replace(start6x6, " b ", " b renewable-iteration ", 1)},
	} {
		a, b := mustDecode(t, c.a), mustDecode(t, c.b)
		if !slices2Equal(a.list(), b.list()) || a.turn != b.turn {
			t.Fatalf("%s: the pair does not share pieces and side to move", c.name)
		}
		if a.Equal(b) || b.Equal(a) {
			t.Errorf("%s: Equal", c.name)
		}
		if a.Hash() == b.Hash() {
			t.Errorf("%s: not Equal, but the same hash %x", c.name, a.Hash())
		}
		for _, p := range []Position{a, b} {
			q := mustDecode(t, code(p))
			if !q.Equal(p) || q.Hash() != p.Hash() {
				t.Errorf("%s: %s is not Equal to itself decoded, or hashes apart", c.name, code(p))
			}
		}
	}
	// a game of a variant other than the standard one keeps its key
	// through play: the incremental hash is the hash from scratch
	p := startOf(t, "3x3-white-nodraws")
	for range 6 {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		p = p.PlayUnchecked(moves[len(moves)/2])
		if p.Hash() != p.computeHash() {
			t.Fatalf("%s: hash %x, from scratch %x", code(p), p.Hash(), p.computeHash())
		}
	}
	// the standard game going on hashes as before: pieces and side alone
	if got, want := Standard().Hash(), Standard().Hash()^variantKey(Standard().v); got != want || variantKey(Standard().v) != 0 {
		t.Errorf("the standard variant has a hash key %x", variantKey(Standard().v))
	}
}

// slices2Equal compares two piece lists.
func slices2Equal(a, b []piece) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestEqualAfterTheEnd: a game that ends in play is Equal to its position
// decoded from its code (which keeps the outcome) and to no position of
// the same board going on; hashes follow.
func TestEqualAfterTheEnd(t *testing.T) {
	for _, moves := range []string{
		"2,1VW 1,3VW 2,3HN 2VE 5,5HS",         // Black wins
		"1H 0H 1J1,2 0J1,2 1H 0H 1J1,2 0J1,2", // threefold repetition
	} {
		p, err := boardrules.Replay(Standard(), strings.Fields(moves)...)
		if err != nil || p.Outcome().Status == boardrules.Ongoing {
			t.Fatalf("%s: %v %v", moves, err, p.Outcome())
		}
		q := mustDecode(t, code(p))
		if !q.Equal(p) || q.Hash() != p.Hash() || q.Outcome() != p.Outcome() {
			t.Errorf("%s: the decoded end is not Equal, or hashes apart", moves)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s: hash %x, from scratch %x", moves, p.Hash(), p.computeHash())
		}
		going := p
		going.status, going.reason = boardrules.Ongoing, reasonNone
		going.hash = going.computeHash()
		if going.Equal(p) || p.Equal(going) || going.Hash() == p.Hash() {
			t.Errorf("%s: the end is Equal to its board going on, or hashes with it", moves)
		}
	}
}

// TestToMoveAfterTheEnd: ToMove is NoPlayer exactly when the game has
// ended (a win, a draw, no move), and the seat of the colour to move
// while it goes on, in every variant.
func TestToMoveAfterTheEnd(t *testing.T) {
	for _, c := range []struct {
		start Position
		moves string
	}{
		{Standard(), "2,1VW 1,3VW 2,3HN 2VE 5,5HS"},
		{Standard(), "3,4HN 1,3HN 4,1VW 3,3VE"},
		{Standard(), "1H 0H 1J1,2 0J1,2 1H 0H 1J1,2 0J1,2"},
		{startOf(t, "3x2"), "2,1V 2VW-N 1H2-2N-N 0H2-2N-NW 1V2-2E-EN 4HNNW 1H2-2N-NEN"},
	} {
		p := c.start
		for i, mv := range append([]string{""}, strings.Fields(c.moves)...) {
			if i > 0 {
				var err error
				if p, err = boardrules.Replay(p, mv); err != nil {
					t.Fatalf("%s: %v", mv, err)
				}
			}
			ongoing := p.Outcome().Status == boardrules.Ongoing
			if (p.ToMove() == boardrules.NoPlayer) == ongoing {
				t.Errorf("after %s: ToMove %v, outcome %v", mv, p.ToMove(), p.Outcome())
			}
			if ongoing && p.ColorOf(p.ToMove()) != p.turn {
				t.Errorf("after %s: seat %v to move, colour %v", mv, p.ToMove(), p.turn)
			}
			if !ongoing && (p.LegalMoves() != nil || len(p.AppendLegalMoves(make([]Move, 2))) != 2) {
				t.Errorf("after %s: moves after the end", mv)
			}
		}
	}
	// (a side to move without a move: TestNoMoveDrawAfterAMove)
	var none Position
	if none.ToMove() != boardrules.NoPlayer {
		t.Error("the zero Position has a seat to move")
	}
}

// TestSeatsAndColours: seat 0 plays Black and seat 1 White in every
// variant (White first included); anything else is no seat and no colour.
// Color.String and SeatName spell a seat alike, and a piece's Owner is
// the seat of its Color.
func TestSeatsAndColours(t *testing.T) {
	for _, p := range []Position{Standard(), startOf(t, "3x5-white"), {}} {
		for pl, c := range map[boardrules.Player]Color{0: Black, 1: White, boardrules.NoPlayer: NoColor, 2: NoColor, -2: NoColor} {
			if got := p.ColorOf(pl); got != c {
				t.Errorf("ColorOf(%d) = %v, want %v", pl, got, c)
			}
			if got := p.SeatName(pl); c != NoColor && got != c.String() || c == NoColor && got != "" {
				t.Errorf("SeatName(%d) = %q, Color %v", pl, got, c)
			}
		}
		for c, pl := range map[Color]boardrules.Player{Black: 0, White: 1, NoColor: boardrules.NoPlayer, 2: boardrules.NoPlayer, -2: boardrules.NoPlayer} {
			if got := p.PlayerOf(c); got != pl {
				t.Errorf("PlayerOf(%v) = %d, want %d", c, got, pl)
			}
		}
	}
	w := startOf(t, "3x5-white")
	if w.ToMove() != 1 || w.ColorOf(w.ToMove()) != White {
		t.Errorf("3x5-white starts with seat %d", w.ToMove())
	}
	for i := range w.NumPieces() {
		pc := w.Piece(i)
		if pc.Owner() != w.PlayerOf(pc.Color()) || pc.Color() == NoColor {
			t.Errorf("piece %v: Owner %d, Color %v", pc, pc.Owner(), pc.Color())
		}
	}
	var zero Piece
	if zero.Owner() != boardrules.NoPlayer || zero.Color() != NoColor || zero.String() != "" ||
		zero.X() != (Coord{}) || zero.W() != (Coord{}) {
		t.Errorf("the zero Piece is %v (Owner %d, Color %v)", zero, zero.Owner(), zero.Color())
	}
	if got := w.Piece(0).String(); got != "B0,0,1,1" {
		t.Errorf("piece 0 of 3x5 prints %q", got)
	}
	if Color(5).String() != "Color(5)" || NoColor.String() != "NoColor" {
		t.Error("a value that is no colour")
	}
}

// TestWhiteSpaceAround: ParseMove, ParseVariant and UnmarshalText refuse
// white space at either end with a syntax error pointing at it, whatever
// the position (the zero Position included); inside a position code, runs
// of spaces and tabs between fields are still one separator.
func TestWhiteSpaceAround(t *testing.T) {
	check := func(what, in string, err error) {
		t.Helper()
		var pe *notation.ParseError
		if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) || !strings.Contains(pe.Reason, "white space") {
			t.Errorf("%s(%q): %v, want a syntax error about white space", what, in, err)
			return
		}
		if want := 0; !strings.HasPrefix(pe.Reason, "white space before") {
			want = len(strings.TrimRightFunc(in, func(r rune) bool { return strings.ContainsRune(" \t\n\r\u00a0\u2003", r) }))
			if pe.Offset != want {
				t.Errorf("%s(%q): offset %d, want %d", what, in, pe.Offset, want)
			}
		} else if pe.Offset != want {
			t.Errorf("%s(%q): offset %d, want %d", what, in, pe.Offset, want)
		}
	}
	around := func(s string) []string {
		return []string{" " + s, s + " ", "\t" + s, s + "\n", s + "\r\n", "\u00a0" + s, s + "\u2003"}
	}
	for _, in := range around("0,1HN") {
		for _, p := range []Position{Standard(), {}} {
			_, err := p.ParseMove(in)
			check("ParseMove", in, err)
		}
	}
	for _, in := range around("6x6-white") {
		_, err := ParseVariant(in)
		check("ParseVariant", in, err)
	}
	for _, in := range around(start6x6) {
		var p Position
		check("UnmarshalText", in, p.UnmarshalText([]byte(in)))
		if p.t != nil {
			t.Errorf("UnmarshalText(%q) changed the receiver", in)
		}
	}
	// the move as given, the name and the code, without white space
	if _, err := Standard().ParseMove("0, 1HN"); err != nil {
		t.Errorf("the space after a location's comma: %v", err)
	}
	if _, err := ParseVariant("6x6-white"); err != nil {
		t.Error(err)
	}
	for _, sep := range []string{" \t ", "  ", "\t"} {
		var p Position
		if err := p.UnmarshalText([]byte(strings.ReplaceAll(start6x6, " ", sep))); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("%q between fields: %v, want ErrSyntax (one space, as in every engine's code)", sep, err)
		}
	}
}

// TestRegistryVariantSyntax: the registry describes the variant names that
// no list holds by the grammar ParseVariant reads, and GameInfo.New takes
// a name of each form of it, at the edges of the sizes, and refuses the
// others.
func TestRegistryVariantSyntax(t *testing.T) {
	g, ok := boardrules.Lookup(Name)
	if !ok {
		t.Fatal("crumble is not registered")
	}
	if want := "<W>x<H>[-white][-repetition|-renewables|-nodraws], W and H from 2 to 32"; g.VariantSyntax != want {
		t.Errorf("VariantSyntax %q, want %q", g.VariantSyntax, want)
	}
	for name, want := range map[string]Variant{
		"2x2":                   {Width: 2, Height: 2},
		"32x32":                 {Width: 32, Height: 32},
		"2x32":                  {Width: 2, Height: 32},
		"3x5-white":             {3, 5, White, 0},
		"6x6-repetition":        {Draws: Repetition},
		"6x6-renewables":        {Draws: Renewables},
		"6x6-nodraws":           {Draws: NoDraws},
		"7x4-white-repetition":  {7, 4, White, Repetition},
		"32x2-white-renewables": {32, 2, White, Renewables},
		"8x8-white-nodraws":     {8, 8, White, NoDraws},
	} {
		a, err := g.New(name)
		if err != nil {
			t.Errorf("GameInfo.New(%q): %v", name, err)
			continue
		}
		p, ok := a.Unwrap().(Position)
		if !ok || p.Variant() != want || a.Variant() != name {
			t.Errorf("GameInfo.New(%q): variant %v named %q", name, p.Variant(), a.Variant())
		}
	}
	for _, name := range []string{"1x2", "2x1", "33x2", "2x33", "6x6-black", "6x6-nodraws-white", "6x6-white-white",
		"6x6-repetition-renewables", "06x6", "6X6", "6x6-", " 6x6", "6x6 "} {
		if _, err := g.New(name); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("GameInfo.New(%q): %v, want a syntax error", name, err)
		}
	}
}

// TestPlayRefusesMovesOfOtherGames: Play takes a move of an Equal
// position (a decoded copy) but not one of a position with the same
// pieces and side to move in another variant, though its text reads
// there: a move is the move of its game.
func TestPlayRefusesMovesOfOtherGames(t *testing.T) {
	a := startOf(t, "2x2")
	b := startOf(t, "2x2-nodraws")
	m, err := b.ParseMove("1H")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Play(m); !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Errorf("a move of 2x2-nodraws played in 2x2: %v", err)
	}
	if own, _ := a.ParseMove("1H"); own == m {
		t.Error("the moves of 2x2 and 2x2-nodraws with the same text are ==")
	}
	copied := mustDecode(t, code(b))
	if q, err := copied.Play(m); err != nil || !q.Equal(b.PlayUnchecked(m)) {
		t.Errorf("a move played in an Equal copy: %v", err)
	}
}
