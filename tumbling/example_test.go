package tumbling_test

import (
	"fmt"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/tumbling"
)

// Start a game, list the moves, parse and play one.
func Example() {
	p := tumbling.Standard()
	fmt.Println(len(p.LegalMoves()), "moves for", p.ColorOf(p.ToMove()))
	m, err := p.ParseMove("c1-c8t") // any pbmserv form; tumble C1 north
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ = p.Play(m)
	fmt.Println("played", m)
	for _, sq := range p.Kings(p.PlayerOf(tumbling.Black)) {
		fmt.Println("Black's king:", sq.Upper()) // a Square prints in lower case
	}
	fmt.Println(p.Outcome().Status)
	// Output:
	// 152 moves for Black
	// played C1-C2T
	// Black's king: C2
	// ongoing
}

// The board in pbmserv's default style, after a tumble.
func ExamplePosition_String() {
	p, _ := boardrules.Replay(tumbling.Standard(), "C1-C2T", "F8-F7T", "c2b3")
	// The header line ends in a space, as pbmserv's does; trimmed here only
	// because example output cannot show trailing spaces.
	for _, line := range strings.SplitAfter(p.String(), "\n") {
		fmt.Print(strings.TrimRight(line, " \n"), line[len(strings.TrimRight(line, "\n")):])
	}
	// Output:
	//       A        B        C        D        E        F        G        H
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//  8|        |        |W1      |W2      |W3      |        |W3      |W2      |
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//  7|        |        |        |W1      |W2      |W4      |W2      |W1      |
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//  6|        |        |        |        |W1      |W3      |W1      |        |
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//  5|        |        |B1      |        |        |W2      |        |        |
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//  4|        |        |B2      |        |        |W1      |        |        |
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//  3|        |B2      |B3      |B1      |        |        |        |        |
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//  2|B1      |B2      |B3      |B2      |B1      |        |        |        |
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//  1|B2      |B3      |        |B3      |B2      |B1      |        |        |
	//   +--------+--------+--------+--------+--------+--------+--------+--------+
	//       A        B        C        D        E        F        G        H
}

// pbmserv's example tumble A2-B2T: the edge square takes the last men as a sub-stack, and
// Black captures White's king on C2. Render(Upright) is pbmserv's "set u".
func ExamplePosition_Render() {
	var p tumbling.Position
	err := p.UnmarshalText([]byte("tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2W1B1W2B3,,W3,,,,,W1/,,,,,,,"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(lines(p.String(), 14, 16))
	fmt.Print(lines(p.Render(tumbling.Upright), 14, 16))
	m, _ := p.ParseMove("A2-B2T")
	p, _ = p.Play(m)
	fmt.Print(lines(p.String(), 14, 15))
	o := p.Outcome()
	fmt.Println(p.ColorOf(o.Winner), "wins:", o.Reason)
	// Output:
	//   |W2 B3   |        |        |        |        |        |        |        |
	//  2|B2 W1 B1|        |W3      |        |        |        |        |W1      |
	//   |W1 W2   |        |        |        |        |        |        |        |
	//  2|B2 B1 B3|        |W3      |        |        |        |        |W1      |
	//  2|        |B1      |W3 B1   |W1      |B1      |W1      |W1      |W1 B3   |
	// Black wins: king captured on C2
}

// lines returns lines [from, to) of a board text, counted from 0.
func lines(s string, from, to int) string {
	out, n, start := "", 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			if n >= from && n < to {
				out += s[start : i+1]
			}
			n++
			start = i + 1
		}
	}
	return out
}

// Position codes carry the rules, the side to move, the board and a stored
// result, and come back identical.
func ExamplePosition_MarshalText() {
	p, _ := tumbling.New(tumbling.Variant{Rules: tumbling.Boardspace, Layout: tumbling.CornerLayout})
	code, _ := p.MarshalText()
	fmt.Println(string(code))
	var q tumbling.Position
	_ = q.UnmarshalText(code)
	fmt.Println(q == p, q.Variant())
	// Output:
	// tumbling boardspace-corner w W4,W3,W2,W2,W1,,,/W3,W2,W2,W1,,,,/W2,W2,W1,,,,,/W2,W1,,,,,,B1/W1,,,,,,B1,B2/,,,,,B1,B2,B2/,,,,B1,B2,B2,B3/,,,B1,B2,B2,B3,B4
	// true boardspace-corner
}

// Position.ParseMove reads every pbmserv form, checks the move against the
// position and returns it as LegalMoves lists it: a tumble of one man (C4)
// is its man move. Syntax comes first, then legality.
func ExamplePosition_ParseMove() {
	p := tumbling.Standard()
	for _, s := range []string{"c1c8t", "C1-H6T", "c1-c2m", "C4-D5T", "E5-F5T", "F8-F7T", "E5F5T#12"} {
		m, err := p.ParseMove(s)
		if err != nil {
			fmt.Println(s, "error:", err)
			continue
		}
		fmt.Println(s, "=", m)
	}
	// Output:
	// c1c8t = C1-C2T
	// C1-H6T = C1-D2T
	// c1-c2m = C1-C2
	// C4-D5T = C4-D5
	// E5-F5T error: E5-F5T: E5 is empty
	// F8-F7T error: F8-F7T: F8 belongs to White
	// E5F5T#12 error: syntax error at offset 5: a move number is not part of the move; split it off with notation.SplitMoveNumber
	// 	E5F5T#12
	// 	     ^
}

// UnmarshalText names the offending byte of a bad code.
func ExamplePosition_UnmarshalText() {
	var p tumbling.Position
	err := p.UnmarshalText([]byte("tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B1B2,,,,,,,"))
	fmt.Println(err)
	// Output:
	// syntax error at offset 77: two adjacent runs of Black: write them as one run
	// 	...,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B1B2,,,,,,, (86 bytes)
	// 	                                          ^
}
