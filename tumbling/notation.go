package tumbling

import (
	"github.com/boardrules/boardrules/notation"
)

// Move is a man move or a tumble, as Position.ParseMove and LegalMoves
// return it. It is a small comparable value (two squares and a flag); the
// zero Move is no move.
type Move struct {
	from, to notation.Square
	tumble   bool
}

// From is the square the move starts from: the stack a man leaves or the
// stack that tumbles.
func (m Move) From() notation.Square { return m.from }

// To is a neighbour of From: where the man goes, or for a tumble the first
// square of the line, which names only the direction (the distance follows
// from the stack's height).
func (m Move) To() notation.Square { return m.to }

// Tumble reports whether the move tumbles the whole stack rather than
// moving its top man.
func (m Move) Tumble() bool { return m.tumble }

// String returns the canonical notation: From, "-", To in upper case, and "T"
// for a tumble ("A2-B2T", "F2-G2"); "" for the zero Move.
func (m Move) String() string {
	if m == (Move{}) {
		return ""
	}
	var b [7]byte
	out := m.appendText(b[:0])
	return string(out)
}

func (m Move) appendText(b []byte) []byte {
	b = appendSquare(b, m.from)
	b = append(b, '-')
	b = appendSquare(b, m.to)
	if m.tumble {
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

// parseMove reads a move in any of pbmserv's forms, without a position:
//
//	move   = square [ "-" ] square [ kind ]
//	square = file rank     (file A-H or a-h, rank 1-8)
//	kind   = "T" | "t"     (tumble)  |  "M" | "m"  (man move, as no kind)
//
// The whole string must match. A tumble's second square may be any square
// on a line from the first (E5-H5T); the Move gets To = the first square
// toward it. A man move's second square must be a neighbour. The move is
// returned as written: a tumble stays a tumble (Position.ParseMove turns a
// tumble of one man into its man move). Errors are *notation.ParseError and
// wrap boardrules.ErrSyntax; a "#N" move number is rejected (split it off
// first with notation.SplitMoveNumber).
func parseMove(s string) (Move, error) {
	if err := notation.RefuseMoveNumber(s); err != nil {
		return Move{}, err
	}
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
		default:
			return Move{}, notation.Errorf(s, i, "expected T (tumble), M (man move) or the end after the squares, found %s", notation.QuoteAt(s, i))
		}
	}
	if i < len(s) {
		return Move{}, notation.Errorf(s, i, "unexpected %s after the move", notation.Quote(s[i:]))
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
	return Move{from: from, to: to, tumble: tumble}, nil
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

// ParseMove reads a move in any of pbmserv's forms (see the package
// documentation, Notation) and checks it against the position, in this
// order: the text (a *notation.ParseError wrapping boardrules.ErrSyntax,
// whatever the position, the zero Position included), the end of the game
// (boardrules.ErrGameOver), then legality: From is owned by the side to move
// and, under Boardspace, a man move comes from a one-man stack
// (boardrules.ErrIllegalMove). Both of the latter are *notation.MoveError
// values quoting s. A tumble of a one-man stack is returned as the man move
// it equals, so the result is always one of LegalMoves.
func (p Position) ParseMove(s string) (Move, error) {
	m, err := parseMove(s)
	if err != nil {
		return Move{}, err
	}
	if err := p.check(m, s, true); err != nil {
		return Move{}, err
	}
	if i, _ := index(m.from); m.tumble && p.height(uint(i)) == 1 {
		m.tumble = false
	}
	return m, nil
}
