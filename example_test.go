package boardrules_test

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// NewGame starts a game by name; "" is the standard variant. An unknown
// name is an *UnknownError that wraps ErrSyntax.
// A game chosen at run time, through the registry, as the package doc
// shows it.
func Example_gamesByName() {
	g, _ := boardrules.Lookup("terrace")
	p, _ := g.New("8-long")
	p, err := p.Play("B-d1-d3")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Game(), p.Variant(), boardrules.Describe(p))
	// Output: terrace 8-long Uppercase to move
}

func ExampleNewGame() {
	p, err := boardrules.NewGame("flooprail", "")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Game(), p.Variant(), p.SeatName(p.ToMove()), "to move,", len(p.LegalMoves()), "moves")
	_, err = boardrules.NewGame("terrace", "9-long")
	var ue *boardrules.UnknownError
	fmt.Println(errors.Is(err, boardrules.ErrSyntax), errors.As(err, &ue), ue.Known[:3])
	// Output:
	// flooprail normal O to move, 7 moves
	// true true [8-long 8-short 8-medium]
}

// Decode reads the position code of any registered game, finished or not,
// and names the variant the game was started as.
func ExampleDecode() {
	p, err := boardrules.Decode([]byte("terrace 6 2p short 1 1TBBC1/6/6/6/3b2/1c2t1"))
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Game(), p.Variant(), p.SeatName(p.ToMove()), "to move")
	fmt.Print(p)
	// Output:
	// terrace 6-short Uppercase to move
	//       H---+---+---+---+---+---L
	//     6 |   | T | B | B | C |   |
	//       +---+   +   +   +   +---+
	//     5 |       |   |   |       |
	//       +---+---+   +   +---+---+
	//     4 |           |           |
	//       +---+---+---+---+---+---+
	//     3 |           |           |
	//       +---+---+   +   +---+---+
	//     2 |       |   | b |       |
	//       +---+   +   +   +   +---+
	//     1 |   | c |   |   | t |   |
	//       L---+---+---+---+---+---H
	//         a   b   c   d   e   f
}

// AsAny shows an engine's own position through the type-erased Any, with
// moves as text; Unwrap gives the engine's position back.
func ExampleAsAny() {
	a := boardrules.AsAny[tumbling.Position, tumbling.Move]("tumbling", "pbmserv", tumbling.Standard())
	fmt.Println(a.Game(), a.Variant(), a.SeatName(a.ToMove()), a.LegalMoves()[:4])
	a, _ = a.Play("c3-c4")
	p := a.Unwrap().(tumbling.Position)
	st, _ := p.At(p.Kings(1)[0])
	fmt.Println(st, p.ColorOf(p.ToMove()))
	// Output:
	// tumbling pbmserv Black [A1-B1 A1-A2 A1-B2 A1-B1T]
	// W4 White
}

// Unwrap returns the engine's own position inside an Any, for a caller that
// knows the game and wants its full API.
func ExampleAny_Unwrap() {
	a, _ := boardrules.NewGame("terrace", "6-short")
	if p, ok := a.Unwrap().(terrace.Position); ok {
		fmt.Println(p.Size(), p.Variant(), p.Goal(p.ToMove()))
	}
	// Output:
	// 6 6-short f6
}

// Divide splits a perft count by first move, to find where two move
// generators disagree.
func ExampleDivide() {
	d := boardrules.Divide(flooprail.Standard(), 2)
	var total uint64
	for _, m := range slices.Sorted(maps.Keys(d)) {
		fmt.Println(m, d[m])
		total += d[m]
	}
	fmt.Println("total", total)
	// Output:
	// B5-C5 7
	// C4-C5 7
	// C4-D4 7
	// D3-D4 7
	// D3-E3 7
	// E2-E3 7
	// E2-F2 7
	// total 49
}

// Playout plays random moves; Replay plays moves given as text, so a
// playout's moves written down and replayed give the same position.
func ExamplePlayout() {
	start := terrace.Standard()
	end, moves := boardrules.Playout(start, rand.New(rand.NewPCG(1, 2)), 40)
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = m.String()
	}
	again, err := boardrules.Replay(start, texts...)
	fmt.Println(len(moves), err, again.Equal(end))
	// Output:
	// 40 <nil> true
}

// Replay names the ply that fails, and its error wraps the engine's.
func ExampleReplay() {
	p, err := boardrules.Replay(tumbling.Standard(), "C1-C2T", "F8-F7T", "C1-C2T")
	fmt.Println(err)
	fmt.Println(errors.Is(err, boardrules.ErrIllegalMove), p.ColorOf(p.ToMove()))
	// Output:
	// ply 3: C1-C2T: C1 is empty
	// true Black
}

// winsAtOnce lists the moves of p after which the player to move has won:
// a search loop on any engine, with one move buffer reused and no
// validation, as AppendLegalMoves and PlayUnchecked allow.
func winsAtOnce[P boardrules.Position[P, M], M boardrules.Move](p P, buf []M) []string {
	var out []string
	me := p.ToMove()
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		if o := p.PlayUnchecked(m).Outcome(); o.Status == boardrules.Win && o.Winner == me {
			out = append(out, m.String()+" ("+o.Rule+")")
		}
	}
	return out
}

func Example_search() {
	var tb tumbling.Position
	_ = tb.UnmarshalText([]byte("tumbling pbmserv b ,,,,,,,W1/,,,,,,,/,,,,,,,/,,,,W2,,,/,,,B1,,,,/,,,,,,,/,,,,,,,/B3,,,,,,,"))
	fmt.Println(winsAtOnce(tb, make([]tumbling.Move, 0, 64)))
	var tr terrace.Position
	_ = tr.UnmarshalText([]byte("terrace 8 2p 0 7T/6t1/8/8/8/8/8/8"))
	fmt.Println(winsAtOnce(tr, make([]terrace.Move, 0, 64)))
	// Output:
	// [D4-E5 (king-captured)]
	// [T-g7-h8:T (goal)]
}
