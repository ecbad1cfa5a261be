package tumbling_test

import (
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
)

// stackAt is p.At without the ok: the zero Stack for an empty square.
func stackAt(p tumbling.Position, sq notation.Square) tumbling.Stack {
	s, _ := p.At(sq)
	return s
}
