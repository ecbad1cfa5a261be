package bots_test

import (
	"context"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// TestTumblingMaterial: each stack a side owns counts 1, a pure one 2. On
// the board of TestTumblingEval Black owns the pure B3 and B1 (4), White
// the pure W2 (2); and a mixed stack counts for its owner once. Named
// "material", it is what Options.Eval gives a bot of Tumbling Down, and
// no other game has it.
func TestTumblingMaterial(t *testing.T) {
	e := bots.TumblingMaterial{}
	evaluatesFairly(t, tumbling.Standard(), bots.Evaluator[tumbling.Position](e))
	for _, c := range []struct {
		board string
		black float64
	}{
		{",,,,,,,/,,,,,,,/,,,,,,,/,,,W2,B1,,,/,,,,,,,/,,,,,,,/,,,,,,,/B3,,,,,,,", 2},
		{",,,,,,,/,,,W1B1,,,,/,,,,,,,/,,,W2,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B3,,,,,,,", 1},
	} {
		p := decode[tumbling.Position](t, "tumbling pbmserv b "+c.board)
		if got := e.Evaluate(p, p.PlayerOf(tumbling.Black)); got != c.black {
			t.Errorf("%s: Black scores %v, want %v", c.board, got, c.black)
		}
	}
	if got := bots.Evaluations("tumbling"); len(got) != 2 || got[0] != "" || got[1] != "material" {
		t.Errorf("Evaluations(tumbling) = %q", got)
	}
	if _, err := bots.NewSearcher[tumbling.Position, tumbling.Move]("alphabeta", bots.Options{Eval: "material"}); err != nil {
		t.Error(err)
	}
	if _, err := bots.NewSearcher[terrace.Position, terrace.Move]("alphabeta", bots.Options{Eval: "material"}); err == nil {
		t.Error("terrace took the evaluation material")
	}
	if _, err := bots.New("mcts", bots.Options{Eval: "nonesuch"}); err == nil {
		t.Error("New took an evaluation no game has")
	}
	b, err := bots.New("alphabeta", bots.Options{Eval: "material", Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	start, _ := boardrules.NewGame("terrace", "")
	if _, err := b.Move(context.Background(), start); err == nil || !strings.Contains(err.Error(), `terrace: this game has no evaluation "material"`) {
		t.Errorf("a material bot on Terrace: %v", err)
	}
}
