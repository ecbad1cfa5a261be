package crumble_test

import (
	"fmt"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
)

func Example() {
	p := crumble.Standard()
	fmt.Println(len(p.LegalMoves()), "legal moves;", p.ColorOf(p.ToMove()), "to move")
	// Black splits its square at (0,1) horizontally; the upper half swaps
	// North with the White square above it.
	m, err := p.ParseMove("0,1HN")
	if err != nil {
		panic(err)
	}
	p, _ = p.Play(m)
	fmt.Print(p)
	// Output:
	// 96 legal moves; Black to move
	// BBwwBBwwBBww
	// BBwwBBwwBBww
	// wwBBwwBBwwBB
	// wwBBwwBBwwBB
	// BBwwBBwwBBww
	// BBwwBBwwBBww
	// BBBBwwBBwwBB
	// BBBBwwBBwwBB
	// wwwwBBwwBBww
	// BBwwBBwwBBww
	// wwBBwwBBwwBB
	// wwBBwwBBwwBB
}

func ExamplePosition_ParseMove() {
	p := crumble.Standard()
	// Other staircases, fractions, lower case and annotations are read;
	// the move comes back in canonical form.
	for _, s := range []string{"0,1hn", "1/3, 1/6VW", "1,1,1VW-W+", "1HS"} {
		m, err := p.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, "->", m)
	}
	// Output:
	// 0,1hn -> 0,1HN
	// 1/3, 1/6VW -> 2,1VW
	// 1,1,1VW-W+ -> 2,1VW
	// 1HS: the lower half has no full-side neighbour to the south (step 1)
}

func ExamplePosition_Play_join() {
	// Black splits (1,0) vertically and swaps its West half with White's
	// (0,0); White splits (3,0). Black now owns (0,0) and (0,1) and joins
	// them into the 1x2 piece [0,1]x[0,2] ("0J1,2": from the anchor (0,0)
	// one intersection East, then two North), which swaps North.
	p, err := boardrules.Replay(crumble.Standard(), "1VW", "3H", "0J1,2N")
	if err != nil {
		panic(err)
	}
	pc := p.Piece(0)
	fmt.Println(pc.X(), pc.Y(), pc.W(), pc.H(), pc.Color(), p.Location(0))
	fmt.Println(p.Location(2), p.Piece(2))
	// Output:
	// 0 0 1 2 White 0
	// 2 B3/2,0,1/2,1
}

func ExamplePosition_Outcome() {
	// Source G's threat: White completes a chain on all four sides.
	code := "crumble 6x6 w W0,0,1,1 W1,0,1,1 W2,0,1,1 B3,0,1,1 W4,0,1,1 B5,0,1,1 B0,1,1,1 B1,1,1,1 W2,1,1/2,1 B5/2,1,1/2,1 W3,1,1,1 B4,1,1,1 W5,1,1,1 W0,2,1,1 B1,2,1,1 W2,2,1,1 B3,2,1,1/2 W4,2,1,1 B5,2,1,1 W3,5/2,1,1/2 B0,3,1,1 B1,3,1,1/2 B2,3,1,1 W3,3,1,1 B4,3,1,1 W5,3,1,1 W1,7/2,1,1/2 W0,4,1,1 B1,4,1,1 B2,4,1,1 W3,4,1,1 W4,4,1,1 B5,4,1,1 B0,5,1,1 W1,5,1,1 B2,5,1,1 B3,5,1,1/2 B4,5,1,1 W5,5,1,1 W3,11/2,1,1/2"
	var p crumble.Position
	if err := p.UnmarshalText([]byte(code)); err != nil {
		panic(err)
	}
	p, err := boardrules.Replay(p, "5,3HN")
	if err != nil {
		panic(err)
	}
	o := p.Outcome()
	fmt.Println(o.Status, p.SeatName(o.Winner), o.Rule)
	fmt.Println(boardrules.Describe(p))
	fmt.Println(strings.Count(p.String(), "\n"), "lines of board")
	// Output:
	// win White connection
	// White wins: White connects all four sides
	// 12 lines of board
}
