package terrace

import (
	"fmt"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// String is the canonical notation: "B-d1-d3", "C-b4-c3:C". A move without
// a kind (as ParseMove reads "d1-d3") prints without the "K-" prefix, so
// ParseMove(m.String()) == m.
func (m Move) String() string {
	var b [12]byte
	s := b[:0]
	if m.Kind != NoKind {
		s = append(s, kindLetter(m.Kind), '-')
	}
	s = appendSquare(s, m.From)
	s = append(s, '-')
	s = appendSquare(s, m.To)
	if m.Captured.Kind() != NoKind {
		s = append(s, ':', kindLetter(m.Captured.Kind()))
	}
	return string(s)
}

func kindLetter(k Kind) byte {
	if k >= T && k <= D {
		return "TABCD"[k-1]
	}
	return '?'
}

func appendSquare(b []byte, s notation.Square) []byte {
	return append(b, s.String()...)
}

// String is the piece's glyph: "t", "B", "c'", "D'".
func (pc Piece) String() string {
	if pc.Kind < T || pc.Kind > D || pc.Owner < 0 || pc.Owner > 3 {
		return fmt.Sprintf("Piece{%d %d}", pc.Owner, pc.Kind)
	}
	return glyph(makeCell(int(pc.Owner), pc.Kind))
}

// glyph is the text of a non-empty cell: the kind's letter, lower case for
// seats 0 and 2, then a prime for seats 2 and 3.
func glyph(c cell) string {
	return glyphs[c&31]
}

var glyphs = func() (t [32]string) {
	for o := 0; o < 4; o++ {
		for k := T; k <= D; k++ {
			l := kindLetter(k)
			if o%2 == 0 {
				l += 'a' - 'A'
			}
			s := string(l)
			if o >= 2 {
				s += "'"
			}
			t[makeCell(o, k)] = s
		}
	}
	return t
}()

// kindOf reads a kind letter in either case.
func kindOf(c byte) Kind {
	switch c | 0x20 {
	case 't':
		return T
	case 'a':
		return A
	case 'b':
		return B
	case 'c':
		return C
	case 'd':
		return D
	}
	return NoKind
}

// ParseMove reads a move in any of pbmserv's forms, without a position:
//
//	[kind "-"] square "-" square [":" kind]
//
// Letters are case-insensitive, a prime after a kind letter is ignored, and
// squares have files a-h and ranks 1-8. The whole string must match. The
// move has the fields as written: NoKind for an absent kind or ":d".
// Errors are *notation.ParseError, wrapping boardrules.ErrSyntax.
func ParseMove(s string) (Move, error) {
	var m Move
	i := 0
	kind := func(what string) (Kind, error) {
		if i >= len(s) {
			return NoKind, notation.Errorf(s, i, "expected %s, found the end", what)
		}
		k := kindOf(s[i])
		if k == NoKind {
			return NoKind, notation.Errorf(s, i, "expected %s (T, A, B, C or D), found %q", what, s[i])
		}
		i++
		if i < len(s) && s[i] == '\'' {
			i++
		}
		return k, nil
	}
	expect := func(c byte) error {
		if i >= len(s) {
			return notation.Errorf(s, i, "expected %q, found the end", c)
		}
		if s[i] != c {
			return notation.Errorf(s, i, "expected %q, found %q", c, s[i])
		}
		i++
		return nil
	}
	square := func() (notation.Square, error) {
		sq, next, err := notation.ScanSquareIn(s, i, 8, 8)
		i = next
		return sq, err
	}
	var err error
	// A kind prefix is a kind letter followed by '-' or a prime; a square
	// is a letter followed by a digit, so one byte of lookahead decides.
	if len(s) >= 2 && kindOf(s[0]) != NoKind && (s[1] == '-' || s[1] == '\'') {
		if m.Kind, err = kind("a kind"); err != nil {
			return Move{}, err
		}
		if err = expect('-'); err != nil {
			return Move{}, err
		}
	}
	if m.From, err = square(); err != nil {
		return Move{}, err
	}
	if err = expect('-'); err != nil {
		return Move{}, err
	}
	if m.To, err = square(); err != nil {
		return Move{}, err
	}
	if i < len(s) && s[i] == ':' {
		i++
		k, err := kind("the captured kind")
		if err != nil {
			return Move{}, err
		}
		m.Captured = Captures(k)
	}
	if i < len(s) {
		return Move{}, notation.Errorf(s, i, "unexpected %q after the move", s[i:])
	}
	return m, nil
}

// ParseMove reads a move in any of pbmserv's forms (see the package
// ParseMove) and resolves it against p: the result is the complete legal
// move, with its kind and capture filled in. A kind or ":d" that is given
// must match the board; a capture may be written without ":d".
func (p Position) ParseMove(s string) (Move, error) {
	m, err := ParseMove(s)
	if err != nil {
		return Move{}, err
	}
	return p.resolve(s, m)
}

func illegal(text, format string, args ...any) error {
	return notation.Illegal(text, fmt.Sprintf(format, args...))
}

func article(k Kind) string {
	if k == A {
		return "an A"
	}
	return "a " + k.String()
}

// resolve checks m (written as text, or "" to print m in the error) against
// p and returns the complete legal move.
func (p *Position) resolve(text string, m Move) (Move, error) {
	if text == "" {
		full, err := p.resolve(" ", m)
		if e, ok := err.(*notation.MoveError); ok {
			e.Move = m.String()
		}
		return full, err
	}
	if o := p.Outcome(); o.Status != boardrules.Ongoing {
		return Move{}, notation.GameOver(text, "the game is over ("+o.Reason+")")
	}
	n := p.geometry().n
	for _, sq := range [2]notation.Square{m.From, m.To} {
		if !onBoard(sq, n) {
			return Move{}, illegal(text, "%v is off the %dx%d board", sq, n, n)
		}
	}
	from, to := squareIndex(m.From), squareIndex(m.To)
	c := p.board[from]
	switch {
	case c == 0:
		return Move{}, illegal(text, "%v is empty", m.From)
	case int(c>>ownerShift) != int(p.toMove):
		return Move{}, illegal(text, "%v is not yours", m.From)
	}
	k := Kind(c & kindMask)
	if m.Kind != NoKind && m.Kind != k {
		return Move{}, illegal(text, "%v holds %s, not %s", m.From, article(k), article(m.Kind))
	}
	captured, ok := p.legal(from, to)
	if !ok {
		return Move{}, illegal(text, "%s on %v cannot move to %v", article(k), m.From, m.To)
	}
	if m.Captured.Kind() != NoKind {
		if captured == NoKind {
			return Move{}, illegal(text, "%v is empty, not a capture", m.To)
		}
		if captured != m.Captured.Kind() {
			return Move{}, illegal(text, "%v holds %s, not %s", m.To, article(captured), article(m.Captured.Kind()))
		}
	}
	full := Move{Kind: k, From: m.From, To: m.To}
	if captured != NoKind {
		full.Captured = p.capture(p.board[to])
	}
	return full, nil
}

// check is Play's validation: m must be the complete legal move.
func (p *Position) check(m Move) error {
	full, err := p.resolve("", m)
	if err != nil {
		return err
	}
	if m.Captured.Kind() == full.Captured.Kind() {
		m.Captured = full.Captured
	}
	if full != m {
		return illegal(m.String(), "incomplete move: the legal move is %v", full)
	}
	return nil
}
