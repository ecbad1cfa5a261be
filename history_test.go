package boardrules_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/anytest"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func ExampleHistory() {
	g, _ := boardrules.Lookup("tumbling")
	start, _ := g.New("pbmserv")
	h := boardrules.NewHistory(start)
	for _, m := range []string{"a1b1", "H8-G8", "a2-a3"} { // any notation form
		if err := h.Play(m); err != nil {
			fmt.Println(err)
		}
	}
	if err := h.Undo(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(h.Len(), h.Moves())
	fmt.Print(h.Record().Format())
	// Output:
	// 2 [A1-B1 H8-G8]
	// [Game "tumbling"]
	// [Variant "pbmserv"]
	// [Result "*"]
	//
	// 1. A1-B1 H8-G8 *
}

func TestHistoryPlayUndo(t *testing.T) {
	g, _ := boardrules.Lookup("nim")
	start, _ := g.New("4")
	h := boardrules.NewHistory(start)
	if err := h.Undo(); !errors.Is(err, boardrules.ErrNothingToUndo) {
		t.Errorf("Undo at the start: %v, want ErrNothingToUndo", err)
	}
	if err := h.Play("5"); !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Errorf("Play(5): %v, want ErrIllegalMove", err)
	}
	if err := h.Play("x"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("Play(x): %v, want ErrSyntax", err)
	}
	if h.Len() != 0 || h.Position() != start {
		t.Fatalf("failed moves changed the history: %d moves", h.Len())
	}
	for _, m := range []string{"1", "03", "+0"} { // "03" is Nim's way to write 3
		if err := h.Play(m); err != nil && m != "+0" {
			t.Fatalf("Play(%s): %v", m, err)
		}
	}
	if diff := cmp.Diff([]string{"1", "3"}, h.Moves()); diff != "" {
		t.Errorf("Moves (-want +got):\n%s", diff)
	}
	if o := h.Position().Outcome(); o.Status != boardrules.Win || o.Winner != 1 {
		t.Errorf("Outcome = %+v", o)
	}
	if err := h.Play("1"); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("Play after the end: %v, want ErrGameOver", err)
	}
	if r := h.Record(); r.Result != "0-1" || r.Termination != "Second wins: took the last stone" || r.Start != "" || r.Variant != "4" {
		t.Errorf("Record() = %+v", r)
	}
	if err := h.Undo(); err != nil {
		t.Fatal(err)
	}
	if h.Len() != 1 || h.Position().String() != "ooo" || h.Record().Result != "*" || h.Record().Termination != "" {
		t.Errorf("after Undo: %d moves, %q, result %q", h.Len(), h.Position(), h.Record().Result)
	}
	moves := h.Moves()
	moves[0] = "changed"
	if h.Moves()[0] != "1" {
		t.Error("Moves returned the history's own slice")
	}
	if h.Start() != start {
		t.Error("Start is not the start")
	}
}

// TestUndoRestoresEveryPosition: play a random game of any registered
// engine, then undo move by move; each position must be the one seen on
// the way, and replaying the record must reach the same end.
func TestUndoRestoresEveryPosition(t *testing.T) {
	games := boardrules.Games()
	rapid.Check(t, func(rt *rapid.T) {
		g := rapid.SampledFrom(games).Draw(rt, "game")
		variant := rapid.SampledFrom(g.Variants).Draw(rt, "variant")
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 1))
		start, err := g.New(variant)
		if err != nil {
			rt.Fatal(err)
		}
		h := boardrules.NewHistory(start)
		codes := []string{code(rt, start)}
		for range rapid.IntRange(0, 60).Draw(rt, "plies") {
			moves := h.Position().LegalMoves()
			if len(moves) == 0 {
				break
			}
			if err := h.Play(moves[r.IntN(len(moves))]); err != nil {
				rt.Fatal(err)
			}
			codes = append(codes, code(rt, h.Position()))
		}
		assertSamePosition(rt, h.Record(), h.Position())
		for i := len(codes) - 1; i > 0; i-- {
			if got := code(rt, h.Position()); got != codes[i] {
				rt.Fatalf("after undoing to ply %d: %q, want %q", i, got, codes[i])
			}
			if err := h.Undo(); err != nil {
				rt.Fatal(err)
			}
		}
		if h.Len() != 0 || code(rt, h.Position()) != codes[0] {
			rt.Fatalf("back at the start: %d moves, %q", h.Len(), code(rt, h.Position()))
		}
		if err := h.Undo(); !errors.Is(err, boardrules.ErrNothingToUndo) {
			rt.Fatalf("Undo at the start: %v", err)
		}
	})
}

func code(t interface{ Fatal(...any) }, p boardrules.Any) string {
	c, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(c)
}

func TestParseMoveOfAnyGivesTheCanonicalText(t *testing.T) {
	for _, c := range []struct{ game, variant, move, want string }{
		{"tumbling", "pbmserv", "a1b1", "A1-B1"},
		{"tumbling", "pbmserv", "A1-B1", "A1-B1"},
		{"nim", "10", "002", "2"},
	} {
		g, _ := boardrules.Lookup(c.game)
		p, _ := g.New(c.variant)
		for _, q := range []boardrules.Any{p, anytest.Plain(p)} {
			got, err := q.ParseMove(c.move)
			if err != nil || got != c.want {
				t.Errorf("%s %T.ParseMove(%q) = %q, %v; want %q", c.game, q, c.move, got, err, c.want)
			}
		}
		if _, err := anytest.Plain(p).ParseMove("zz"); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("%s: ParseMove(zz) = %v, want ErrSyntax", c.game, err)
		}
	}
}
