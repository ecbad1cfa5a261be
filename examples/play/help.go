package main

import (
	"fmt"
	"strings"

	"github.com/boardrules/boardrules"
)

// moveGuide explains how a game's moves are written, for help: the
// syntax, examples from the start of the game's standard variant (each
// legal there: a test plays them), and the other forms the notation takes.
type moveGuide struct {
	syntax   string
	examples []example
	more     string
}

// example is a move and what it does, in lines of at most 66 columns.
type example struct{ move, does string }

var moveGuides = map[string]moveGuide{
	"tumbling": {
		syntax: `A Tumbling Down move names two squares, a file A-H and a rank 1-8, and
what moves: the top man of your stack on the first square steps to the
second, a neighbour, onto whatever stands there; or, with T after the
squares, the whole stack tumbles towards the second square, one man on
each square along the line (the edge square takes all the men left).`,
		examples: []example{
			{"A1-B1", "the top man of the two-stack on A1 steps onto B1"},
			{"C1-C2T", "the four men on C1 tumble north, one each on C2 to C5"},
		},
		more: `The hyphen may be left out and the letters written in lower case:
"a1b1", "c1c2t". A tumble's second square may be any square of its
line: "C1-C5T" is "C1-C2T".`,
	},
	"flooprail": {
		syntax: `A FloopRail move is its path: the spaces the piece stands on, a letter
A-H and a row 1-7, joined by "-". A Floop steps along a rail to an empty
neighbouring space (O down or right, X up or left, a SooperFlooper any
way); a Fleap jumps an enemy piece two spaces along a rail and takes it,
and goes on jumping while it can. Taking is compulsory.`,
		examples: []example{
			{"D3-E3", "O floops right, from D3 to the empty space E3"},
			{"E2-F2", "O floops down, from E2 to F2"},
		},
		more: `Later in a game, a Fleap names every space it lands on: "E3-G3" jumps
F3; "E6-C6-C4-C2" jumps three pieces, over D6, C5 and C3. Lower case is
read too: "d3-e3".`,
	},
	"terrace": {
		syntax: `A Terrace move names the piece's kind, the square it leaves and the
square it goes to, joined by "-": the kind is A, B, C, D (small to
large) or T, in upper case for either army; a square is a file a-h and a
rank 1-8 (1-6 on the 6x6 board). A piece slides along its level, steps
one level up or down, or takes by stepping diagonally down onto a piece
of its size or smaller; a capture may add ":" and the kind it takes.`,
		examples: []example{
			{"B-d1-d3", "the b on d1 slides along its level to d3"},
			{"C-e1-e3", "the c on e1 slides along its level to e3"},
		},
		more: `The kind may be left out ("d1-d3"), and the squares written in upper
case. A capture later in a game: "C-b4-c3:C", a C taking a C.`,
	},
	"crumble": {
		syntax: `A Crumble move names a piece by a staircase walk from the board's lower-left
corner, (0,0), along the edges of the pieces: the first number counts piece
corners going East, the next counts corners going North, then East again,
and so on; the walk ends on the lower-left corner of the piece you split or
join. The board's coordinates help: x below, y on the left. Then comes the
action: H cuts the piece across (North and South halves), V cuts it down
(East and West halves), Ja,b joins your pieces into one; the letters after
it are the swap path of the new piece: N, E, S, W, one step each.`,
		examples: []example{
			{"2,3V", "walk 2 East to (2,0), then 3 North to (2,3): split the square\nwhose lower-left corner is (2,3) with a V cut; no swap"},
			{"2,3HN", "the same square with an H cut; its North half swaps North"},
			{"1,2VE", "from (1,2): a V cut; the East half swaps East"},
		},
		more: `Later in a game, when pieces are smaller and corners more numerous:
  1,8VESSS  1 corner East, then 8 corners North; a V cut, and the East half
            swaps East, South, South, South
  0J1,2N    join the block whose corners are your piece's at (0,0) and the
            point 1 corner East and 2 North of it; the new piece swaps North`,
	},
}

// moveHelp is the help on game's moves: the syntax, the examples from the
// start of its standard variant, and the other forms; "" for a game
// without a guide.
func moveHelp(game string) string {
	g, ok := moveGuides[game]
	if !ok {
		return ""
	}
	var b strings.Builder
	b.WriteString(g.syntax + "\n")
	if start, err := boardrules.NewGame(game, ""); err == nil {
		fmt.Fprintf(&b, "From the start of the standard game (%s), %s to move:\n", start.Variant(), start.SeatName(start.ToMove()))
		for _, e := range g.examples {
			lines := strings.Split(e.does, "\n")
			fmt.Fprintf(&b, "  %-9s %s\n", e.move, lines[0])
			for _, l := range lines[1:] {
				fmt.Fprintf(&b, "  %-9s %s\n", "", l)
			}
		}
	}
	b.WriteString(g.more + "\n")
	b.WriteString(`"moves" lists every legal move in this form.`)
	return b.String()
}
