package terrace_test

import (
	"errors"
	"fmt"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/terrace"
)

// A game starts from Standard (or New), reads moves in any pbmserv form and
// prints the board as pbmserv did.
func Example() {
	p := terrace.Standard()
	fmt.Println(len(p.LegalMoves()), "moves for", p.SeatName(p.ToMove()))
	m, err := p.ParseMove("d1-d3") // the kind may be left out
	if err != nil {
		panic(err)
	}
	p, _ = p.Play(m)
	fmt.Println("played", m)
	fmt.Println(p.Outcome().Status)
	fmt.Print(p)
	// Output:
	// 50 moves for Lowercase
	// played B-d1-d3
	// ongoing
	//       H---+---+---+---+---+---+---+---L
	//     8 | D | D | C | C | B | B | A | T |
	//       +---+   +   +   +   +   +   +---+
	//     7 | A   A | B | B | C | C | D   D |
	//       +---+---+   +   +   +   +---+---+
	//     6 |           |   |   |           |
	//       +---+---+---+   +   +---+---+---+
	//     5 |               |               |
	//       +---+---+---+---+---+---+---+---+
	//     4 |               |               |
	//       +---+---+---+   +   +---+---+---+
	//     3 |           | b |   |           |
	//       +---+---+   +   +   +   +---+---+
	//     2 | d   d | c | c | b | b | a   a |
	//       +---+   +   +   +   +   +   +---+
	//     1 | t | a | b |   | c | c | d | d |
	//       L---+---+---+---+---+---+---+---H
	//         a   b   c   d   e   f   g   h
}

// Position.ParseMove completes a move from the board and says what is wrong
// with an illegal one.
// The start of the standard game, as pbmserv drew it.
func ExamplePosition_String() {
	fmt.Print(terrace.Standard())
	// Output:
	//       H---+---+---+---+---+---+---+---L
	//     8 | D | D | C | C | B | B | A | T |
	//       +---+   +   +   +   +   +   +---+
	//     7 | A   A | B | B | C | C | D   D |
	//       +---+---+   +   +   +   +---+---+
	//     6 |           |   |   |           |
	//       +---+---+---+   +   +---+---+---+
	//     5 |               |               |
	//       +---+---+---+---+---+---+---+---+
	//     4 |               |               |
	//       +---+---+---+   +   +---+---+---+
	//     3 |           |   |   |           |
	//       +---+---+   +   +   +   +---+---+
	//     2 | d   d | c | c | b | b | a   a |
	//       +---+   +   +   +   +   +   +---+
	//     1 | t | a | b | b | c | c | d | d |
	//       L---+---+---+---+---+---+---+---H
	//         a   b   c   d   e   f   g   h
}

func ExamplePosition_ParseMove() {
	p := terrace.Standard()
	for _, s := range []string{"d2-c1", "c-D2-C1:b'", "A-d1-d3", "d1-d5", "d1d3"} {
		m, err := p.ParseMove(s)
		switch {
		case err == nil:
			fmt.Println(s, "->", m)
		case errors.Is(err, boardrules.ErrIllegalMove):
			fmt.Println(s, "-> illegal:", err.(*notation.MoveError).Reason)
		case errors.Is(err, boardrules.ErrSyntax):
			fmt.Println(s, "-> not a move")
		}
	}
	// Output:
	// d2-c1 -> C-d2-c1:B
	// c-D2-C1:b' -> C-d2-c1:B
	// A-d1-d3 -> illegal: d1 holds a B, not an A
	// d1-d5 -> illegal: a B on d1 cannot move to d5
	// d1d3 -> not a move
}

// Capturing your own T is legal, and loses at once.
func ExamplePosition_Outcome() {
	p, err := boardrules.Replay(terrace.Standard(), "D-b2-a1:T")
	if err != nil {
		panic(err)
	}
	o := p.Outcome()
	fmt.Println(o.Status, p.SeatName(o.Winner), o.Rule)
	fmt.Println(boardrules.Describe(p))
	fmt.Println(len(p.LegalMoves()), "moves")
	// Output:
	// win Uppercase t-captured
	// Uppercase wins: T captured
	// 0 moves
}

// In a game of three or four, taking a T eliminates its army; the turn
// passes over the players who are out.
func Example_fourPlayers() {
	var p terrace.Position
	if err := p.UnmarshalText([]byte("terrace 8 4p 0 5b't'1/D'7/7B/8/4c3/3T4/T'7/1t6")); err != nil {
		panic(err)
	}
	p, err := boardrules.Replay(p, "C-e4-d3:T")
	if err != nil {
		panic(err)
	}
	code, _ := p.MarshalText()
	fmt.Println(string(code))
	fmt.Println("to move:", p.SeatName(p.ToMove()), "- alive:", p.Alive(0), p.Alive(1), p.Alive(2), p.Alive(3))
	fmt.Println(p.Outcome().Status)
	fmt.Print(p)
	// Output:
	// terrace 8 4p 2 5b't'1/D'7/8/8/8/3c4/T'7/1t6
	// to move: Lowercase primed - alive: true false true true
	// ongoing
	//       H---+---+---+---+---+---+---+---L
	//     8 |   |   |   |   |   | b'| t'|   | 8
	//       +---+   +   +   +   +   +   +---+
	//     7 | D'    |   |   |   |   |       | 7
	//       +---+---+   +   +   +   +---+---+
	//     6 |           |   |   |           | 6
	//       +---+---+---+   +   +---+---+---+
	//     5 |               |               | 5
	//       +---+---+---+---+---+---+---+---+
	//     4 |               |               | 4
	//       +---+---+---+   +   +---+---+---+
	//     3 |           | c |   |           | 3
	//       +---+---+   +   +   +   +---+---+
	//     2 | T'    |   |   |   |   |       | 2
	//       +---+   +   +   +   +   +   +---+
	//     1 |   | t |   |   |   |   |   |   | 1
	//       L---+---+---+---+---+---+---+---H
	//         a   b   c   d   e   f   g   h
}

// The setups and player counts are variants; New checks them.
func ExampleNew() {
	p, err := terrace.New(terrace.Variant{Board: 6, Setup: terrace.Short})
	if err != nil {
		panic(err)
	}
	code, _ := p.MarshalText()
	fmt.Println(string(code))
	_, err = terrace.New(terrace.Variant{Setup: terrace.Master, Players: 3})
	fmt.Println(err)
	// Output:
	// terrace 6 2p short 0 1TBBC1/6/6/6/6/1cbbt1
	// syntax error: invalid terrace.Variant{Board:0 Setup:master Players:3}: Setup master is for 2 players, not 3
}

// A move is read through its methods: the kind that moves, its squares and
// the piece it captures.
func ExampleMove() {
	p := terrace.Standard()
	m, err := p.ParseMove("c-D2-C1:b'")
	if err != nil {
		panic(err)
	}
	fmt.Println(m, m.Kind(), m.From(), m.To(), m.Captures(), m.Taken())
	_, err = p.ParseMove("d1-d3#4")
	fmt.Println(errors.Is(err, boardrules.ErrSyntax))
	// Output:
	// C-d2-c1:B C d2 c1 [c1] b
	// true
}

// A position code is one line; UnmarshalText reads it back to an equal
// position, with the setup it started from.
func ExamplePosition_MarshalText() {
	p, _ := terrace.New(terrace.Variant{Board: 6, Setup: terrace.Master})
	p, _ = boardrules.Replay(p, "c1-c3")
	code, _ := p.MarshalText()
	fmt.Println(string(code))
	var q terrace.Position
	err := q.UnmarshalText(code)
	fmt.Println(err, q == p, q.Variant())
	// Output:
	// terrace 6 2p master 1 CCBBAT/AABBCC/6/2b3/6/1c1bt1
	// <nil> true 6-master
}

// UnmarshalText names the offending byte of a bad code.
// The codes of two starts: the standard game's, and 6x6 from the Short
// setup.
func ExamplePosition_MarshalText_starts() {
	for _, v := range []terrace.Variant{{}, {Board: 6, Setup: terrace.Short}} {
		p, _ := terrace.New(v)
		code, _ := p.MarshalText()
		fmt.Println(string(code))
	}
	// Output:
	// terrace 8 2p 0 DDCCBBAT/AABBCCDD/8/8/8/8/ddccbbaa/tabbccdd
	// terrace 6 2p short 0 1TBBC1/6/6/6/6/1cbbt1
}

func ExamplePosition_UnmarshalText() {
	var p terrace.Position
	err := p.UnmarshalText([]byte("terrace 8 2p 0 7T/8/8/8/8/8/8/D7"))
	fmt.Println(err)
	// Output:
	// syntax error at offset 13: Lowercase is to move but has no T
	// 	terrace 8 2p 0 7T/8/8/8/8/8/8/D7
	// 	             ^
}

// Captures says which piece a move takes, and whose: here lowercase's C
// may take its own B, and its T may take UPPERCASE's T on the goal.
func ExampleMove_Taken() {
	for _, c := range []struct{ code, move string }{
		{"terrace 8 2p 0 DDCCBBAT/AABBCCDD/8/8/8/8/ddccbbaa/tabbccdd", "d2-c1"},
		{"terrace 8 2p 0 7T/6t1/8/8/8/8/8/8", "g7-h8"},
		{"terrace 8 2p 0 DDCCBBAT/AABBCCDD/8/8/8/8/ddccbbaa/tabbccdd", "d1-d3"},
	} {
		var p terrace.Position
		_ = p.UnmarshalText([]byte(c.code))
		m, _ := p.ParseMove(c.move)
		x := m.Taken()
		if x.Owner() == boardrules.NoPlayer {
			fmt.Println(m, "takes nothing")
			continue
		}
		fmt.Println(m, "takes", x, "of", p.SeatName(x.Owner()), "- own:", x.Owner() == p.ToMove())
	}
	// Output:
	// C-d2-c1:B takes b of Lowercase - own: true
	// T-g7-h8:T takes T of Uppercase - own: false
	// B-d1-d3 takes nothing
}
