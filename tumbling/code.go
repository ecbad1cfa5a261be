package tumbling

import (
	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// The position code: one line, fields separated by single spaces,
//
//	tumbling <variant> <tomove> <ranks> [<result>]
//
// where <variant> is the variant's name (the rules word, with "-corner" for a
// game started from the corner layout),
// for example the standard start under Pbmserv:
//
//	tumbling pbmserv b ,,W1,W2,W3,W4,W3,W2/,,,W1,W2,W3,W2,W1/,,,,W1,W2,W1,/,,,,,W1,,/,,B1,,,,,/,B1,B2,B1,,,,/B1,B2,B3,B2,B1,,,/B2,B3,B4,B3,B2,B1,,

const (
	maxRunCount  = 29 // men of one colour
	maxColourMen = 29
)

var resultWords = [...]string{
	capture:    "capture:",
	ownCapture: "owncapture:",
	noKing:     "noking",
	oppNoKing:  "oppnoking",
}

// MarshalText returns the position code: "tumbling", the variant's name, the
// colour to move ("b" or "w"), the ranks from 8 down to 1 separated by "/",
// each its squares from A to H separated by "," (a square is its runs from
// the bottom, "B2W1", or nothing when empty), and, after a stored game end,
// the result ("b:capture:C2"). It fails only for the zero Position, which is
// no game: it returns nil and exactly boardrules.ErrNoGame.
func (p Position) MarshalText() ([]byte, error) {
	if !p.game {
		return nil, boardrules.ErrNoGame
	}
	b := make([]byte, 0, 160)
	b = append(b, Name...)
	b = append(b, ' ')
	b = append(b, p.Variant().String()...)
	b = append(b, ' ', p.toMove.letter()|0x20, ' ')
	board := p.stacks()
	for r := 7; r >= 0; r-- {
		for f := range 8 {
			b = Stack{v: board[8*r+f]}.appendCode(b)
			if f < 7 {
				b = append(b, ',')
			}
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	if p.result.kind != noResult {
		b = append(b, ' ', p.result.winner(p.toMove).letter()|0x20, ':')
		b = append(b, resultWords[p.result.kind]...)
		if p.result.kind == capture || p.result.kind == ownCapture {
			b = append(b, squares[p.result.sq].Upper()...)
		}
	}
	return b, nil
}

// UnmarshalText reads a position code in exactly the form MarshalText writes
// and validates it: at most 29 men of each colour, runs of 1 to 29 men
// with no two adjacent runs of one colour, and a result that fits the board
// and the rules. On error it leaves p unchanged; the error is a
// *notation.ParseError, wraps boardrules.ErrSyntax and names the offset.
// What it decodes is always a game, never the zero Position: an empty
// board, for one, is a game that the side to move has lost (it owns no
// stack, RuleNoPieces).
func (p *Position) UnmarshalText(text []byte) error {
	s := string(text)
	d := decoder{s: s}
	q, err := d.decode()
	if err != nil {
		return err
	}
	*p = q
	return nil
}

type decoder struct {
	s     string
	i     int
	resAt int // offset of the result field
}

func (d *decoder) errorf(off int, format string, args ...any) error {
	return notation.Errorf(d.s, off, format, args...)
}

// expect consumes want; what describes it for the error.
func (d *decoder) expect(want, what string) error {
	if len(d.s)-d.i < len(want) || d.s[d.i:d.i+len(want)] != want {
		return d.errorf(d.i, "expected %s", what)
	}
	d.i += len(want)
	return nil
}

func (d *decoder) decode() (Position, error) {
	var err error
	if d.i, err = notation.ScanGame(d.s, Name); err != nil {
		return Position{}, err
	}
	var v Variant
	found := false
	for _, c := range Variants() {
		w := c.String()
		if len(d.s)-d.i > len(w) && d.s[d.i:d.i+len(w)+1] == w+" " {
			v, found = c, true
			d.i += len(w) + 1
			break
		}
	}
	if !found {
		return Position{}, d.errorf(d.i, "expected a variant (pbmserv, classic or boardspace, optionally with -corner) and a space")
	}
	rules := v.Rules
	toMove := NoColor
	if d.i < len(d.s) {
		switch d.s[d.i] {
		case 'b':
			toMove = Black
		case 'w':
			toMove = White
		}
	}
	if toMove == NoColor {
		return Position{}, d.errorf(d.i, "expected the colour to move: b or w")
	}
	d.i++
	if err := d.expect(" ", "a single space before the board"); err != nil {
		return Position{}, err
	}
	var board [64]uint64
	var men [2]int
	for r := 7; r >= 0; r-- {
		for f := range 8 {
			if f > 0 {
				if err := d.expect(",", `"," between squares (8 squares to a rank)`); err != nil {
					return Position{}, err
				}
			} else if r < 7 {
				if err := d.expect("/", `"/" after 8 squares (8 ranks)`); err != nil {
					return Position{}, err
				}
			}
			v, err := d.stack(&men)
			if err != nil {
				return Position{}, err
			}
			board[8*r+f] = v
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == ',' || d.s[d.i] == '/') {
		return Position{}, d.errorf(d.i, "the board ends after 8 ranks of 8 squares")
	}
	var res result
	if d.i < len(d.s) {
		var err error
		if res, err = d.result(&board, rules, toMove); err != nil {
			return Position{}, err
		}
	}
	if d.i < len(d.s) {
		return Position{}, d.errorf(d.i, "unexpected %s after the position code", notation.Quote(d.s[d.i:]))
	}
	p := build(board, v, toMove, res)
	if res.kind == noKing && p.kings&p.own[res.winner(toMove)^1] != 0 {
		return Position{}, d.errorf(d.resAt, "the result says no king left, but the loser has a king")
	}
	return p, nil
}

// stack reads the runs of one square, counting the men of each colour.
func (d *decoder) stack(men *[2]int) (uint64, error) {
	var v uint64
	last := NoColor
	for d.i < len(d.s) && d.s[d.i] != ',' && d.s[d.i] != '/' && d.s[d.i] != ' ' {
		at := d.i
		var c Color
		switch d.s[d.i] {
		case 'B':
			c = Black
		case 'W':
			c = White
		default:
			return 0, d.errorf(at, "expected a run: B or W and a count")
		}
		if c == last {
			return 0, d.errorf(at, "two adjacent runs of %s: write them as one run", c)
		}
		d.i++
		n, err := d.count()
		if err != nil {
			return 0, err
		}
		men[c] += n
		if men[c] > maxColourMen {
			return 0, d.errorf(at, "more than %d %s men", maxColourMen, c)
		}
		h := int(v & heightMask)
		if c == White {
			v |= (uint64(1)<<n - 1) << (6 + h)
		}
		v += uint64(n)
		last = c
	}
	return v, nil
}

// count reads a run's count: 1 to 29, no leading zero.
func (d *decoder) count() (int, error) {
	at := d.i
	n := 0
	for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
		if d.i > at && n == 0 {
			return 0, d.errorf(at, "a count has no leading zero")
		}
		n = 10*n + int(d.s[d.i]-'0')
		d.i++
		if n > maxRunCount {
			return 0, d.errorf(at, "a run has at most %d men", maxRunCount)
		}
	}
	if d.i == at {
		return 0, d.errorf(at, "expected the run's count")
	}
	if n == 0 {
		return 0, d.errorf(at, "a run has at least one man")
	}
	return n, nil
}

// result reads the optional result field and checks that it fits the board
// and the rules.
func (d *decoder) result(board *[64]uint64, rules Rules, toMove Color) (result, error) {
	if err := d.expect(" ", "a single space before the result"); err != nil {
		return result{}, err
	}
	at := d.i
	d.resAt = at
	if len(d.s)-d.i < 2 || (d.s[d.i] != 'b' && d.s[d.i] != 'w') || d.s[d.i+1] != ':' {
		return result{}, d.errorf(at, "expected the result: the winner b or w, then a colon")
	}
	winner := Black
	if d.s[d.i] == 'w' {
		winner = White
	}
	d.i += 2
	kindAt := d.i
	var res result
	for k := capture; k <= oppNoKing; k++ {
		w := resultWords[k]
		if len(d.s)-d.i >= len(w) && d.s[d.i:d.i+len(w)] == w {
			res.kind = k
			d.i += len(w)
			break
		}
	}
	if res.kind == noResult {
		return result{}, d.errorf(kindAt, "expected capture:, owncapture:, noking or oppnoking")
	}
	if res.kind == capture || res.kind == ownCapture {
		sqAt := d.i
		if len(d.s)-d.i < 2 || d.s[d.i] < 'A' || d.s[d.i] > 'H' || d.s[d.i+1] < '1' || d.s[d.i+1] > '8' {
			return result{}, d.errorf(sqAt, "expected an upper-case square A1 to H8")
		}
		res.sq = uint8(int(d.s[d.i]-'A') + 8*int(d.s[d.i+1]-'1'))
		d.i += 2
	}
	if res.winner(toMove) != winner {
		who := "the side not to move (the mover)"
		if res.kind == ownCapture || res.kind == noKing {
			who = "the side to move"
		}
		return result{}, d.errorf(at, "the winner of %s must be %s", d.s[kindAt:d.i], who)
	}
	switch {
	case res.kind == ownCapture && rules == Pbmserv,
		res.kind == noKing && rules != Classic,
		res.kind == oppNoKing && rules != Boardspace:
		return result{}, d.errorf(kindAt, "not a result under %s rules", rules)
	}
	loser := winner ^ 1
	v := board[res.sq]
	runs := runCount(v)
	switch res.kind {
	case capture:
		if v == 0 || Color(v>>6&1) != loser || topColor(v) != winner || rules == Pbmserv && runs != 2 {
			return result{}, d.errorf(kindAt, "the captured king's square must hold the loser's men below and the winner's on top")
		}
	case ownCapture:
		if runs < 2 || Color(v>>6&1) != loser || rules == Classic && topColor(v) != winner {
			return result{}, d.errorf(kindAt, "the lost king's square must hold the loser's men at the bottom, covered")
		}
	case oppNoKing:
		for _, v := range board {
			if pureColor(v) == loser {
				return result{}, d.errorf(kindAt, "the loser has a pure stack")
			}
		}
	}
	return res, nil
}
