package crumble_test

import (
	"fmt"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
)

// Example_notation plays the notation examples of the package doc, each
// from a position of the 6x6 game in which it is legal, and the two error
// examples from positions in which they fail so.
func Example_notation() {
	for _, c := range []struct{ before, move string }{
		{"", "0,1HN"},
		{"5V 3,5HS", "2,3VENE"},
		{"1H", "0HN-E"},
		{"1HN 0V", "0,1H3"},
		{"3HN 1,1H", "0,1H3-2S-W"},
		{"1VW 3H", "0J1,2N"},
		{"", "1HS"},
		{"1H", "2,1,1H"},
	} {
		p, err := boardrules.Replay(crumble.Standard(), strings.Fields(c.before)...)
		if err != nil {
			panic(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			fmt.Printf("after [%s]: %v\n", c.before, err)
			continue
		}
		steps, _ := p.Trace(m)
		fmt.Printf("after [%s]: %s %s, %d swap steps\n", c.before, p.ColorOf(p.ToMove()), c.move, len(steps)-1)
	}
	// Output:
	// after []: Black 0,1HN, 1 swap steps
	// after [5V 3,5HS]: Black 2,3VENE, 3 swap steps
	// after [1H]: White 0HN-E, 1 swap steps
	// after [1HN 0V]: Black 0,1H3, 0 swap steps
	// after [3HN 1,1H]: Black 0,1H3-2S-W, 1 swap steps
	// after [1VW 3H]: Black 0J1,2N, 1 swap steps
	// after []: 1HS: the lower half has no full-side neighbour to the south (step 1)
	// after [1H]: 2,1,1H: leg 3 crosses a piece at (2,1/2)
}

func ExamplePosition_MarshalText() {
	// White starts this variant and plays a split; the code names the
	// variant, since it is not the default one.
	p, _ := crumble.New(crumble.Variant{Width: 2, Height: 2, FirstPlayer: crumble.White})
	p, err := boardrules.Replay(p, "0H")
	if err != nil {
		panic(err)
	}
	code, _ := p.MarshalText()
	fmt.Println(string(code))

	var q crumble.Position
	if err := q.UnmarshalText(code); err != nil {
		panic(err)
	}
	fmt.Println(q.Equal(p), q.Variant(), q.ColorOf(q.ToMove()), "to move")

	// A won position loads as won.
	if err := q.UnmarshalText([]byte("crumble 2x2 b W0,0,2,2")); err != nil {
		panic(err)
	}
	fmt.Println(q.Outcome().Status, q.SeatName(q.Outcome().Winner), q.Outcome().Rule)
	// Output:
	// crumble 2x2-white b W0,0,1,1/2 B1,0,1,1 W0,1/2,1,1/2 B0,1,1,1 W1,1,1,1
	// true 2x2-white Black to move
	// win White connection
}
