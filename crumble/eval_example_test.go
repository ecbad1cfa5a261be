package crumble_test

import (
	"fmt"

	"github.com/boardrules/boardrules/crumble"
)

// A bot's evaluation built on the chains: a bottom row of three Black
// 2x1 pieces, with the Black squares standing on it, makes one chain from
// the West side to the East; every other piece is a chain of its own.
func ExamplePosition_AppendChains() {
	var p crumble.Position
	err := p.UnmarshalText([]byte("crumble 6x6 b B0,0,2,1 B2,0,2,1 B4,0,2,1 " +
		"W0,1,1,1 B1,1,1,1 W2,1,1,1 B3,1,1,1 W4,1,1,1 B5,1,1,1 B0,2,1,1 W1,2,1,1 B2,2,1,1 W3,2,1,1 B4,2,1,1 W5,2,1,1 " +
		"W0,3,1,1 B1,3,1,1 W2,3,1,1 B3,3,1,1 W4,3,1,1 B5,3,1,1 B0,4,1,1 W1,4,1,1 B2,4,1,1 W3,4,1,1 B4,4,1,1 W5,4,1,1 " +
		"W0,5,1,1 B1,5,1,1 W2,5,1,1 B3,5,1,1 W4,5,1,1 B5,5,1,1"))
	if err != nil {
		fmt.Println(err)
		return
	}
	chains := p.AppendChains(nil) // a search passes a buffer it reuses
	count := map[crumble.Color]int{}
	for _, c := range chains {
		count[c.Color()]++
		if c.NumPieces() > 1 {
			fmt.Printf("%v chain of %d pieces: from (%v,%v), %v wide, %v high, area %v\n",
				c.Color(), c.NumPieces(), c.X(), c.Y(), c.W(), c.H(), c.Area())
		}
	}
	fmt.Println(count[crumble.Black], "Black chains,", count[crumble.White], "White")
	// Output:
	// Black chain of 6 pieces: from (0,0), 6 wide, 2 high, area 9
	// 13 Black chains, 15 White
}
