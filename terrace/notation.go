package terrace

import (
	"fmt"

	"github.com/boardrules/boardrules/notation"
)

// String is the canonical notation: the moving kind in upper case, the
// squares in lower case and, for a capture, ":" and the captured kind:
// "B-d1-d3", "C-b4-c3:C". For every m of p.LegalMoves(),
// p.ParseMove(m.String()) == m. The zero Move is "".
func (m Move) String() string {
	if m == (Move{}) {
		return ""
	}
	var b [12]byte
	s := append(b[:0], kindLetter(m.Kind()), '-')
	s = appendSquare(s, m.From())
	s = append(s, '-')
	s = appendSquare(s, m.To())
	if k := m.Taken().Kind(); k != NoKind {
		s = append(s, ':', kindLetter(k))
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

// String is the piece's glyph, as the board text and the position code
// write it: "t", "B", "c'", "D'"; "" for the zero Piece.
func (pc Piece) String() string {
	if pc.c&kindMask == 0 {
		return ""
	}
	return glyph(pc.c)
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

// written is a move as its text gives it: NoKind for a kind or a captured
// kind that is not written.
type written struct {
	kind, captured Kind
	from, to       notation.Square
}

// parseMove reads a move in any of pbmserv's forms, without a position:
//
//	[kind "-"] square "-" square [":" kind]
//
// Letters are case-insensitive, a prime after a kind letter is ignored, and
// squares have files a-h and ranks 1-8. The whole string must match, and
// the two squares must differ. Errors are *notation.ParseError, wrapping
// boardrules.ErrSyntax.
func parseMove(s string) (written, error) {
	if err := notation.RefuseMoveNumber(s); err != nil {
		return written{}, err
	}
	var m written
	i := 0
	kind := func(what string) (Kind, error) {
		if i >= len(s) {
			return NoKind, notation.Errorf(s, i, "expected %s, found the end", what)
		}
		k := kindOf(s[i])
		if k == NoKind {
			return NoKind, notation.Errorf(s, i, "expected %s (T, A, B, C or D), found %s", what, notation.QuoteAt(s, i))
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
			return notation.Errorf(s, i, "expected %q, found %s", c, notation.QuoteAt(s, i))
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
		if m.kind, err = kind("a kind"); err != nil {
			return written{}, err
		}
		if err = expect('-'); err != nil {
			return written{}, err
		}
	}
	if m.from, err = square(); err != nil {
		return written{}, err
	}
	if err = expect('-'); err != nil {
		return written{}, err
	}
	toAt := i
	if m.to, err = square(); err != nil {
		return written{}, err
	}
	if m.to == m.from {
		return written{}, notation.Errorf(s, toAt, "the move goes from %v to %v: a move names two squares", m.from, m.to)
	}
	if i < len(s) && s[i] == ':' {
		i++
		if m.captured, err = kind("the captured kind"); err != nil {
			return written{}, err
		}
	}
	if i < len(s) {
		return written{}, notation.Errorf(s, i, "unexpected %s after the move", notation.Quote(s[i:]))
	}
	return m, nil
}

// ParseMove reads a move in any of pbmserv's forms and resolves it against
// p: the result is the complete legal move, with its kind and capture
// filled in. The grammar (see the package doc) is checked first, whatever
// the position: a text that is not a move is a *notation.ParseError
// wrapping boardrules.ErrSyntax, a move naming one square twice included.
// Then a move once the game is over is boardrules.ErrGameOver, and a move
// that is not legal here boardrules.ErrIllegalMove, both as a
// *notation.MoveError saying why. A kind or ":d" that is given must match
// the board; a capture may be written without ":d".
func (p Position) ParseMove(s string) (Move, error) {
	w, err := parseMove(s)
	if err != nil {
		return Move{}, err
	}
	if p.over() {
		return Move{}, p.gameOver(s)
	}
	m, why := p.resolve(w)
	if why != "" {
		return Move{}, notation.Illegal(s, why)
	}
	return m, nil
}

// gameOver is the error of a move tried once the game is over, in the
// words of every engine.
func (p *Position) gameOver(move string) error {
	return notation.Ended(move, p.Outcome())
}

func article(k Kind) string {
	if k == A {
		return "an A"
	}
	return "a " + k.String()
}

// resolve finds the legal move of p that w stands for, the game being on.
// It returns the move, or the reason there is none.
func (p *Position) resolve(w written) (Move, string) {
	n := p.geometry().n
	for _, sq := range [2]notation.Square{w.from, w.to} {
		if !onBoard(sq, n) {
			return Move{}, fmt.Sprintf("%v is off the %dx%d board", sq, n, n)
		}
	}
	from, to := squareIndex(w.from), squareIndex(w.to)
	c := p.cellAt(from)
	switch {
	case c == 0:
		return Move{}, fmt.Sprintf("%v is empty", w.from)
	case c>>ownerShift != p.mover():
		return Move{}, fmt.Sprintf("%v is not yours", w.from)
	}
	k := Kind(c & kindMask)
	if w.kind != NoKind && w.kind != k {
		return Move{}, fmt.Sprintf("%v holds %s, not %s", w.from, article(k), article(w.kind))
	}
	captured, ok := p.legal(from, to)
	if !ok {
		return Move{}, fmt.Sprintf("%s on %v cannot move to %v", article(k), w.from, w.to)
	}
	if w.captured != NoKind {
		if captured == NoKind {
			return Move{}, fmt.Sprintf("%v is empty, not a capture", w.to)
		}
		if captured != w.captured {
			return Move{}, fmt.Sprintf("%v holds %s, not %s", w.to, article(captured), article(w.captured))
		}
	}
	var victim cell
	if captured != NoKind {
		victim = p.cellAt(to)
	}
	return newMove(k, w.from, w.to, victim), ""
}

// plays reports whether m is a legal move of p in every field, the game
// going on: check's quick way, on the move's bits. When it says no, resolve
// finds out why.
func (p *Position) plays(m Move) bool {
	from, to := int(m.v>>moveFromIndex&63), int(m.v>>moveToIndex&63)
	c := p.cellAt(from)
	if p.geometry().board&(1<<from|1<<to) != 1<<from|1<<to || c == 0 || c>>ownerShift != p.mover() ||
		m.v&^(0xffff) != fromBits[from]|toBits[to] || Kind(m.v&0xff) != Kind(c&kindMask) {
		return false
	}
	captured, ok := p.legal(from, to)
	var victim cell
	if captured != NoKind {
		victim = p.cellAt(to)
	}
	return ok && cell(m.v>>moveCaptured) == victim
}

// check is Play's validation: the game must go on, and m must be a legal
// move of p in every field.
func (p *Position) check(m Move) error {
	if p.over() {
		return p.gameOver(m.String())
	}
	if m == (Move{}) {
		return notation.NoMove()
	}
	if p.plays(m) {
		return nil
	}
	full, why := p.resolve(written{kind: m.Kind(), from: m.From(), to: m.To(), captured: m.Taken().Kind()})
	if why != "" {
		return notation.Illegal(m.String(), why)
	}
	if full != m {
		// m is a move of another position, where the captured piece
		// belongs to another seat.
		why := fmt.Sprintf("%v is empty", m.To())
		if x := full.Taken(); x != (Piece{}) {
			why = fmt.Sprintf("%v holds %s of %s", m.To(), article(x.Kind()), p.SeatName(x.Owner()))
		}
		return notation.Illegal(m.String(), why)
	}
	return nil
}
