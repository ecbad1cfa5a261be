package flooprail

import (
	"math/bits"
	"slices"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// codeChars maps a Piece to its position-code character.
var codeChars = [...]byte{
	Empty:          '.',
	OFlooper:       'o',
	XFlooper:       'x',
	OSooperFlooper: 'O',
	XSooperFlooper: 'X',
}

// MarshalText returns the position code, one line without a newline:
//
//	flooprail <normal|reverse> <o|x> <rows>
//
// The rows run from 1 to 7, separated by "/", each giving its spaces from
// left to right: '.' empty, 'o' and 'x' Floopers, 'O' and 'X'
// SooperFloopers. The start is
// "flooprail normal o oo/ooo./ooo..x/ooo..xxx/o..xxx/.xxx/xx". The side to
// move of an ended game is the side without a move. The error is nil for
// every position of a game; the zero Position, which is no game, has no
// code, and MarshalText returns nil and exactly boardrules.ErrNoGame.
func (p Position) MarshalText() ([]byte, error) {
	if p.flags()&flagGame == 0 {
		return nil, boardrules.ErrNoGame
	}
	b := make([]byte, 0, 64)
	b = append(b, Name+" "...)
	b = append(b, p.Variant().String()...)
	b = append(b, ' ', "ox"[p.turn()], ' ')
	n := 0
	for r := 1; r <= 7; r++ {
		if r > 1 {
			b = append(b, '/')
		}
		first, last := rowSpan(r)
		for l := first; l <= last; l++ {
			b = append(b, codeChars[p.at(boardOrder[n])])
			n++
		}
	}
	return b, nil
}

// UnmarshalText reads a position code as MarshalText writes it, and
// nothing else: exactly four fields separated by single spaces, lower-case
// words, 7 rows of 2, 4, 6, 8, 6, 4 and 2 characters, at most 12 pieces a
// side, and no Flooper on its own goal space (it would have been promoted).
// Any other board is accepted, even one that could not arise in play; an
// empty board is a game that has ended (the side to move has no pieces
// left), never the zero Position, which no code gives.
// Errors are *notation.ParseError (wrapping boardrules.ErrSyntax), naming
// the text and the byte offset; on error p is unchanged.
func (p *Position) UnmarshalText(text []byte) error {
	s := string(text)
	fail := func(off int, format string, args ...any) error {
		return notation.Errorf(s, off, format, args...)
	}
	i := 0
	// word reads the field at i up to the next space (or the end), which
	// must be one of the choices, and the single space after it; next names
	// the field that follows.
	word := func(what, next string, choices ...string) (int, error) {
		start := i
		for i < len(s) && s[i] != ' ' {
			i++
		}
		field := s[start:i]
		k := slices.Index(choices, field)
		switch {
		case k < 0:
			return 0, fail(start, "expected %s, found %s", what, notation.Quote(field))
		case i == len(s):
			return 0, fail(i, "expected a space and the %s after %q, found the end", next, field)
		}
		i++ // the single space
		if i == len(s) || s[i] == ' ' {
			return 0, fail(i, "expected the %s after one space", next)
		}
		return k, nil
	}
	var err error
	if i, err = notation.ScanGame(s, Name); err != nil {
		return err
	}
	if i == len(s) || s[i] == ' ' {
		return fail(i, "expected the variant after one space")
	}
	variant, err := word("a variant (normal or reverse)", "side to move", "normal", "reverse")
	if err != nil {
		return err
	}
	turn, err := word("the side to move (o or x)", "board", "o", "x")
	if err != nil {
		return err
	}
	var pieces [2]uint32
	var kings uint32
	n := 0
	for r := 1; r <= 7; r++ {
		if r > 1 {
			if i == len(s) {
				return fail(i, "expected '/' and row %d, found the end", r)
			}
			if s[i] != '/' {
				return fail(i, "row %d has too many spaces, or expected '/' before row %d: found %s", r-1, r, notation.QuoteAt(s, i))
			}
			i++
		}
		first, last := rowSpan(r)
		for l := first; l <= last; l++ {
			if i == len(s) {
				return fail(i, "row %d has %d spaces, found the end after %d", r, last-first+1, l-first)
			}
			c := s[i]
			var pc Piece
			switch c {
			case '.':
				pc = Empty
			case 'o':
				pc = OFlooper
			case 'x':
				pc = XFlooper
			case 'O':
				pc = OSooperFlooper
			case 'X':
				pc = XSooperFlooper
			case '/':
				return fail(i, "row %d has %d spaces, found only %d", r, last-first+1, l-first)
			default:
				return fail(i, "expected one of . o x O X for %c%d, found %s", 'A'-1+l, r, notation.QuoteAt(s, i))
			}
			bit := uint32(1) << boardOrder[n]
			n++
			i++
			if pc == Empty {
				continue
			}
			owner := pc.Owner()
			if !pc.IsSooper() && goal[owner]&bit != 0 {
				return fail(i-1, "%s on %c%d, its own goal space, would have been promoted", pc, 'A'-1+l, r)
			}
			pieces[owner] |= bit
			if pc.IsSooper() {
				kings |= bit
			}
			if bits.OnesCount32(pieces[owner]) > 12 {
				return fail(i-1, "%s has more than 12 pieces", pc.Color())
			}
		}
	}
	if i != len(s) {
		return fail(i, "row 7 has too many spaces, or unexpected %s after the board", notation.QuoteAt(s, i))
	}
	*p = newPosition(pieces[O], pieces[X], kings, uint8(turn), variant == 1)
	return nil
}
