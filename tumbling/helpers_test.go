package tumbling_test

import (
	"strings"

	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
)

// stackAt is p.At without the ok: the zero Stack for an empty square.
func stackAt(p tumbling.Position, sq notation.Square) tumbling.Stack {
	s, _ := p.At(sq)
	return s
}

// twoOn is a Pbmserv position, Black to move, whose only stack is two Black
// men on sq: there every well-formed move from sq is legal, and a tumble
// stays a tumble, so Position.ParseMove shows how the notation reads.
func twoOn(sq notation.Square) tumbling.Position {
	var ranks [8][8]string
	ranks[7-sq.Rank()][sq.File()] = "B2"
	var b strings.Builder
	b.WriteString("tumbling pbmserv b ")
	for r, rank := range ranks {
		if r > 0 {
			b.WriteByte('/')
		}
		b.WriteString(strings.Join(rank[:], ","))
	}
	var p tumbling.Position
	if err := p.UnmarshalText([]byte(b.String())); err != nil {
		panic(err)
	}
	return p
}
