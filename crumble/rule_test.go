package crumble

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// TestOutcomeRule: every way a game ends names its rule, and an ongoing
// game names none.
func TestOutcomeRule(t *testing.T) {
	small, _ := New(Variant{Width: 3, Height: 2})
	cases := []struct {
		name  string
		start Position
		moves string
		want  boardrules.Outcome
	}{
		{"ongoing", Standard(), "2,1VW", boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}},
		{"black connects", Standard(), "2,1VW 1,3VW 2,3HN 2VE 5,5HS",
			boardrules.Outcome{Status: boardrules.Win, Winner: 0, Reason: "Black connects all four sides", Rule: RuleConnection}},
		{"white connects", Standard(), "3,4HN 1,3HN 4,1VW 3,3VE",
			boardrules.Outcome{Status: boardrules.Win, Winner: 1, Reason: "White connects all four sides", Rule: RuleConnection}},
		{"repetition", Standard(), "1H 0H 1J1,2 0J1,2 1H 0H 1J1,2 0J1,2",
			boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "threefold repetition", Rule: RuleRepetition}},
		{"renewables", small, "2,1V 2VW-N 1H2-2N-N 0H2-2N-NW 1V2-2E-EN 4HNNW 1H2-2N-NEN",
			boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "renewable iteration", Rule: RuleRenewableIteration}},
		{"zero position", Position{}, "",
			boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}},
	}
	for _, c := range cases {
		p, err := boardrules.Replay(c.start, strings.Fields(c.moves)...)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.Outcome(); got != c.want {
			t.Errorf("%s: outcome %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestVocabulary: the names every engine shares.
func TestVocabulary(t *testing.T) {
	if _, err := New(Variant{Width: 1}); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("New(width 1): %v, want ErrSyntax", err)
	}
	vs := Variants()
	if len(vs) != 2 || vs[0] != Standard().Variant() || vs[1].String() != "8x8" {
		t.Errorf("Variants() = %v", vs)
	}
	g, _ := boardrules.Lookup("crumble")
	for i, v := range vs {
		if g.Variants[i] != v.String() {
			t.Errorf("registry variant %d is %s, Variants() has %s", i, g.Variants[i], v)
		}
	}
	m, err := Standard().ParseMove("0,1hn")
	if err != nil || m.String() != "0,1HN" {
		t.Errorf("ParseMove: %q %v", m, err)
	}
	var pe *notation.ParseError
	if _, err := Standard().ParseMove("0HE"); !errors.As(err, &pe) {
		t.Errorf("ParseMove(0HE): %v, want a *notation.ParseError", err)
	}
	if _, err := Standard().Play(Move{}); !errors.Is(err, boardrules.ErrIllegalMove) || err.Error() != notation.NoMove().Error() {
		t.Errorf("Play of the zero Move: %v, want %v", err, notation.NoMove())
	}
	var me *notation.MoveError
	_, err = Standard().ParseMove("1HS")
	if !errors.As(err, &me) || me.Move != "1HS" || !errors.Is(err, boardrules.ErrIllegalMove) ||
		err.Error() != "1HS: the lower half has no full-side neighbour to the south (step 1)" {
		t.Errorf("illegal move: %v", err)
	}
	won, _ := boardrules.Replay(Standard(), strings.Fields("3,4HN 1,3HN 4,1VW 3,3VE")...)
	if _, err := won.ParseMove("0,1HN"); !errors.As(err, &me) || !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("move after the end: %v", err)
	}
	if _, err := won.Play(Move{}); !errors.As(err, &me) || !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("zero move after the end: %v", err)
	}
}
