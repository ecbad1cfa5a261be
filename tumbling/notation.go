package tumbling

import (
	"github.com/boardrules/boardrules/notation"
)

// Move is a man move or a tumble. To is always a neighbour of From; for a
// tumble it is the first square of the line and so only names the direction.
type Move struct {
	From, To notation.Square
	Tumble   bool
}

// String returns the canonical notation: From, "-", To in upper case, and "T"
// for a tumble ("A2-B2T", "F2-G2").
func (m Move) String() string {
	var b [7]byte
	out := m.appendText(b[:0])
	return string(out)
}

func (m Move) appendText(b []byte) []byte {
	b = appendSquare(b, m.From)
	b = append(b, '-')
	b = appendSquare(b, m.To)
	if m.Tumble {
		b = append(b, 'T')
	}
	return b
}

func appendSquare(b []byte, sq notation.Square) []byte {
	if i, ok := index(sq); ok {
		return append(b, 'A'+byte(i%8), '1'+byte(i/8))
	}
	return append(b, sq.Upper()...)
}

// ParseMove reads a move in any of pbmserv's forms, without a position:
//
//	move   = square [ "-" ] square [ kind ]
//	square = file rank     (file A-H or a-h, rank 1-8)
//	kind   = "T" | "t"     (tumble)  |  "M" | "m"  (man move, as no kind)
//
// The whole string must match. A tumble's second square may be any square
// on a line from the first (E5-H5T); the Move gets To = the first square
// toward it. A man move's second square must be a neighbour. The move is
// returned as written: a tumble stays a tumble. Errors are
// *notation.ParseError and wrap boardrules.ErrSyntax; a "#N" move number is
// rejected (split it off first with notation.SplitMoveNumber).
func ParseMove(s string) (Move, error) {
	from, i, err := notation.ScanSquareIn(s, 0, 8, 8)
	if err != nil {
		return Move{}, err
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	toAt := i
	to, i, err := notation.ScanSquareIn(s, i, 8, 8)
	if err != nil {
		return Move{}, err
	}
	tumble := false
	if i < len(s) {
		switch s[i] {
		case 'T', 't':
			tumble = true
			i++
		case 'M', 'm':
			i++
		case '#':
			return Move{}, notation.Errorf(s, i, "a move number is not part of the move; split it off with notation.SplitMoveNumber")
		default:
			return Move{}, notation.Errorf(s, i, "expected T (tumble), M (man move) or the end after the squares, found %q", s[i])
		}
	}
	if i < len(s) {
		if s[i] == '#' {
			return Move{}, notation.Errorf(s, i, "a move number is not part of the move; split it off with notation.SplitMoveNumber")
		}
		return Move{}, notation.Errorf(s, i, "unexpected %q after the move", s[i:])
	}
	if from == to {
		return Move{}, notation.Errorf(s, toAt, "the two squares are the same")
	}
	fi, _ := index(from)
	ti, _ := index(to)
	df, dr := ti%8-fi%8, ti/8-fi/8
	if tumble {
		if df != 0 && dr != 0 && df != dr && df != -dr {
			return Move{}, notation.Errorf(s, toAt, "%s is not on a line from %s", to.Upper(), from.Upper())
		}
		to = squares[fi+8*sign(dr)+sign(df)]
	} else if df < -1 || df > 1 || dr < -1 || dr > 1 {
		return Move{}, notation.Errorf(s, toAt, "a man move goes to a neighbour of %s; %s is not one (add T for a tumble)", from.Upper(), to.Upper())
	}
	return Move{From: from, To: to, Tumble: tumble}, nil
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// ParseMove reads a move as the package ParseMove does and checks that it is
// legal here: the game has not ended (boardrules.ErrGameOver), and
// From is owned by the side to move and, under Boardspace, a man move comes
// from a one-man stack (boardrules.ErrIllegalMove, as a *notation.MoveError). A tumble
// of a one-man stack is returned as the man move it equals.
func (p Position) ParseMove(s string) (Move, error) {
	m, err := ParseMove(s)
	if err != nil {
		return Move{}, err
	}
	if err := p.check(m, s, true); err != nil {
		return Move{}, err
	}
	if i, _ := index(m.From); m.Tumble && p.board[i]&heightMask == 1 {
		m.Tumble = false
	}
	return m, nil
}
