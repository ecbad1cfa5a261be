package crumble

import (
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
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
			boardrules.Outcome{Status: boardrules.Win, Winner: 0, Reason: "black connects all four sides", Rule: RuleConnection}},
		{"white connects", Standard(), "3,4HN 1,3HN 4,1VW 3,3VE",
			boardrules.Outcome{Status: boardrules.Win, Winner: 1, Reason: "white connects all four sides", Rule: RuleConnection}},
		{"repetition", Standard(), "1H 0H 1J1,2 0J1,2 1H 0H 1J1,2 0J1,2",
			boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "threefold repetition", Rule: RuleRepetition}},
		{"renewables", small, "2,1V 2VW-N 1H2-2N-N 0H2-2N-NW 1V2-2E-EN 4HNNW 1H2-2N-NEN",
			boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "renewable iteration", Rule: RuleRenewables}},
		{"zero position", Position{}, "",
			boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no legal move", Rule: RuleNoMoves}},
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
