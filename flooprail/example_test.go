package flooprail_test

import (
	"fmt"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/flooprail"
)

// The package doc's example.
func Example() {
	p := flooprail.Standard()
	m, err := p.ParseMove("C4-D4") // checked for legality in p
	if err != nil {
		panic(err)
	}
	p, _ = p.Play(m)
	fmt.Print(p)                    // the board as text
	fmt.Println(p.LegalMoves())     // X's replies
	fmt.Println(p.Outcome().Status) // ongoing
	// Output:
	//     A  B  C  D  E  F  G  H
	//  1           O--O
	//              |  |
	//  2        O--O--O--.
	//           |  |  |  |
	//  3     O--O--O--.--.--X
	//        |  |  |  |  |  |
	//  4  O--O--.--O--.--X--X--X
	//        |  |  |  |  |  |
	//  5     O--.--.--X--X--X
	//           |  |  |  |
	//  6        .--X--X--X
	//              |  |
	//  7           X--X
	// [F4-F3 E5-E4 D6-D5 D6-C6 G3-F3 F4-E4 E5-D5]
	// ongoing
}

func ExampleStandard() {
	p := flooprail.Standard()
	fmt.Print(p)
	fmt.Println(p.ColorOf(p.ToMove()), p.LegalMoves())
	// Output:
	//     A  B  C  D  E  F  G  H
	//  1           O--O
	//              |  |
	//  2        O--O--O--.
	//           |  |  |  |
	//  3     O--O--O--.--.--X
	//        |  |  |  |  |  |
	//  4  O--O--O--.--.--X--X--X
	//        |  |  |  |  |  |
	//  5     O--.--.--X--X--X
	//           |  |  |  |
	//  6        .--X--X--X
	//              |  |
	//  7           X--X
	// O [E2-F2 D3-E3 C4-D4 B5-C5 E2-E3 D3-D4 C4-C5]
}

func ExamplePosition_ParseMove() {
	p := flooprail.Standard()
	m, err := p.ParseMove("c4-d4")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ = p.Play(m)
	fmt.Println(m)
	if _, err := p.ParseMove("E6-D6"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// C4-D4
	// E6-D6: D6 is occupied
}

func ExamplePosition_String() {
	p := flooprail.Standard()
	p, _ = boardrules.Replay(p, "C4-D4", "E5-E4")
	fmt.Print(p)
	code, _ := p.MarshalText()
	fmt.Println(string(code))
	// Output:
	//     A  B  C  D  E  F  G  H
	//  1           O--O
	//              |  |
	//  2        O--O--O--.
	//           |  |  |  |
	//  3     O--O--O--.--.--X
	//        |  |  |  |  |  |
	//  4  O--O--.--O--X--X--X--X
	//        |  |  |  |  |  |
	//  5     O--.--.--.--X--X
	//           |  |  |  |
	//  6        .--X--X--X
	//              |  |
	//  7           X--X
	// flooprail normal o oo/ooo./ooo..x/oo.oxxxx/o...xx/.xxx/xx
}

func ExamplePosition_Outcome() {
	var p flooprail.Position
	_ = p.UnmarshalText([]byte("flooprail normal o ../..../....../......../oxx.../..../.x"))
	fmt.Println(p.Outcome().Status, p.ColorOf(p.Outcome().Winner), p.Outcome().Rule)
	fmt.Println(boardrules.Describe(p))
	_ = p.UnmarshalText([]byte("flooprail reverse o ../..../....../......../oxx.../..../.x"))
	fmt.Println(boardrules.Describe(p))
	// Output:
	// win X no-moves
	// X wins: O has no legal move
	// O wins: O has no legal move
}

// The seed's multi-Fleap: an X Flooper leaps three O Floopers and is
// promoted on C2.
func ExampleMove_Captures() {
	var p flooprail.Position
	_ = p.UnmarshalText([]byte("flooprail normal x ../..../.o..../o......./.o..../.ox./.."))
	m, _ := p.ParseMove("e6-c6-c4-c2")
	fmt.Println(m, m.IsFleap(), m.From().Upper(), m.To().Upper())
	for _, sq := range m.Captures() {
		fmt.Print(sq.Upper(), " ") // a Square prints in lower case
	}
	fmt.Println("taken")
	// Output:
	// E6-C6-C4-C2 true E6 C2
	// D6 C5 C3 taken
}

// A position code is one line; UnmarshalText reads it back to an equal
// position, finished games included.
func ExamplePosition_MarshalText() {
	p, _ := flooprail.New(flooprail.Variant{Reverse: true})
	p, _ = boardrules.Replay(p, "C4-D4", "F4-E4")
	code, _ := p.MarshalText()
	fmt.Println(string(code))
	var q flooprail.Position
	err := q.UnmarshalText(code)
	fmt.Println(err, q == p, q.Variant())
	// Output:
	// flooprail reverse o oo/ooo./ooo..x/oo.ox.xx/o..xxx/.xxx/xx
	// <nil> true reverse
}

// UnmarshalText names the offending byte of a bad code.
func ExamplePosition_UnmarshalText() {
	var p flooprail.Position
	err := p.UnmarshalText([]byte("flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xo"))
	fmt.Println(err)
	// Output:
	// syntax error at offset 56: O Flooper on E7, its own goal space, would have been promoted
	// 	... normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xo (57 bytes)
	// 	                                                  ^
}
