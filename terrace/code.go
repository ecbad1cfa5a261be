package terrace

import (
	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// MarshalText writes the position code, one line:
//
//	terrace <N> <n>p [<setup>] <tomove> <ranks>
//
// for example "terrace 8 2p 0 DDCCBBAT/AABBCCDD/8/8/8/8/ddccbbaa/tabbccdd":
// the board size, the number of players, the setup the game started from
// when it is not long ("short", "medium" or "master"), the seat to move, and
// the ranks from the top down, each from file a, a piece as its glyph and a
// run of empty squares as a digit. The zero Position is no game and has no
// code: its MarshalText returns nil and boardrules.ErrNoGame.
func (p Position) MarshalText() ([]byte, error) {
	if p.players() < 2 || p.players() > 4 {
		return nil, boardrules.ErrNoGame
	}
	n := p.geometry().n
	b := make([]byte, 0, 96)
	b = append(b, Name+" "...)
	b = append(b, byte('0'+n), ' ', byte('0'+p.players()), 'p', ' ')
	if p.setup() != Long {
		b = append(b, p.setup().String()...)
		b = append(b, ' ')
	}
	b = append(b, '0'+p.mover(), ' ')
	for r := n - 1; r >= 0; r-- {
		run := 0
		for c := 0; c < n; c++ {
			x := p.cellAt(r*8 + c)
			if x == 0 {
				run++
				continue
			}
			if run > 0 {
				b = append(b, byte('0'+run))
				run = 0
			}
			b = append(b, glyph(x)...)
		}
		if run > 0 {
			b = append(b, byte('0'+run))
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return b, nil
}

// UnmarshalText reads a position code as MarshalText writes it, and only in
// that canonical form. It checks that the position is one the rules can
// play on (see the package documentation) and never panics. On error the
// receiver is unchanged and the error, a *notation.ParseError, wraps
// boardrules.ErrSyntax and names the offending text and offset.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := decode(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// decoder reads a position code: the header (board size, players, setup,
// seat to move), then the ranks, then the checks that need the whole
// board. i is the offset read up to.
type decoder struct {
	s       string
	i       int
	n       int // the board size
	players int
	setup   Setup
	toMove  uint8
	turnAt  int // offset of the seat to move
	cells   [64]cell
	firstAt [4]int // offset of each army's first piece, for errors
	seen    [4]bool
	tAt     [4]int // offset of each army's T, -1 when none
}

func decode(s string) (Position, error) {
	d := decoder{s: s, tAt: [4]int{-1, -1, -1, -1}}
	if err := d.header(); err != nil {
		return Position{}, err
	}
	for r := d.n - 1; r >= 0; r-- {
		if err := d.rank(r); err != nil {
			return Position{}, err
		}
	}
	if d.i != len(s) {
		return Position{}, d.fail(d.i, "unexpected %s after the last rank", notation.Quote(s[d.i:]))
	}
	return d.position()
}

func (d *decoder) fail(off int, format string, args ...any) error {
	return notation.Errorf(d.s, off, format, args...)
}

// space reads the one space after a field.
func (d *decoder) space(after string) error {
	if d.i >= len(d.s) || d.s[d.i] != ' ' {
		return d.fail(d.i, "expected one space after the %s", after)
	}
	d.i++
	return nil
}

// header reads the fixed-width fields "terrace <N> <n>p [<setup>] <tomove> ".
func (d *decoder) header() error {
	s := d.s
	var err error
	if d.i, err = notation.ScanGame(s, Name); err != nil {
		return err
	}
	if d.i >= len(s) || (s[d.i] != '8' && s[d.i] != '6') {
		return d.fail(d.i, "the board size must be 8 or 6")
	}
	d.n = int(s[d.i] - '0')
	d.i++
	if err := d.space("board size"); err != nil {
		return err
	}
	if d.i >= len(s) || s[d.i] < '2' || s[d.i] > '4' {
		return d.fail(d.i, "the player count must be 2p, 3p or 4p")
	}
	d.players = int(s[d.i] - '0')
	d.i++
	if d.i >= len(s) || s[d.i] != 'p' {
		return d.fail(d.i, "expected 'p' after the player count")
	}
	d.i++
	if err := d.space("player count"); err != nil {
		return err
	}
	if d.i < len(s) && s[d.i] >= 'a' && s[d.i] <= 'z' {
		if err := d.setupWord(); err != nil {
			return err
		}
	}
	d.turnAt = d.i
	if d.i >= len(s) || s[d.i] < '0' || int(s[d.i]-'0') >= d.players {
		return d.fail(d.i, "the seat to move must be a digit 0 to %d", d.players-1)
	}
	d.toMove = s[d.i] - '0'
	d.i++
	return d.space("seat to move")
}

// setupWord reads the setup a two-player game started from, written when
// it is not Long, and the space after it.
func (d *decoder) setupWord() error {
	at := d.i
	for d.i < len(d.s) && d.s[d.i] != ' ' {
		d.i++
	}
	word := d.s[at:d.i]
	for k := Short; k <= Master; k++ {
		if word == k.String() {
			d.setup = k
		}
	}
	if d.setup == Long {
		return d.fail(at, "unknown setup %s: want short, medium or master (long is not written)", notation.Quote(word))
	}
	if d.players != 2 {
		return d.fail(at, "the %s setup is for 2 players, not %d", word, d.players)
	}
	if d.i >= len(d.s) {
		return d.fail(d.i, "expected one space after the setup")
	}
	d.i++
	return nil
}

// rank reads rank r (from 0) and the '/' after it, but for the last.
func (d *decoder) rank(r int) error {
	s, n := d.s, d.n
	c := 0
	digit := false
	for c < n {
		if d.i >= len(s) || s[d.i] == '/' {
			return d.fail(d.i, "rank %d has %d squares, want %d", r+1, c, n)
		}
		if x := s[d.i]; x >= '1' && x <= '9' {
			if digit {
				return d.fail(d.i, "two digits in a row: write one run of empty squares")
			}
			run := int(x - '0')
			if c+run > n {
				return d.fail(d.i, "rank %d has more than %d squares", r+1, n)
			}
			c += run
			digit = true
			d.i++
			continue
		}
		if err := d.piece(r*8 + c); err != nil {
			return err
		}
		c++
		digit = false
	}
	if r == 0 {
		return nil
	}
	if d.i < len(s) && s[d.i] == '/' {
		d.i++
		return nil
	}
	switch {
	case d.i < len(s) && (s[d.i] >= '0' && s[d.i] <= '9' || kindOf(s[d.i]) != NoKind):
		return d.fail(d.i, "rank %d has more than %d squares", r+1, n)
	case d.i >= len(s):
		return d.fail(d.i, "the code has %d ranks, want %d", n-r, n)
	}
	return d.fail(d.i, "expected '/' after rank %d", r+1)
}

// piece reads the glyph of a piece (a kind letter, its case the army,
// primed with ' for seats 2 and 3) and puts it on cell i.
func (d *decoder) piece(i int) error {
	s := d.s
	k := kindOf(s[d.i])
	if k == NoKind {
		return d.fail(d.i, "expected a piece (t a b c d, T A B C D, primed with ') or a digit, found %s", notation.QuoteAt(s, d.i))
	}
	start := d.i
	seat := 0
	if s[d.i] < 'a' {
		seat = 1
	}
	d.i++
	if d.i < len(s) && s[d.i] == '\'' {
		seat += 2
		d.i++
	}
	switch {
	case k == D && d.n == 6:
		return d.fail(start, "there is no D on the 6x6 board")
	case seat >= d.players:
		return d.fail(start, "%q belongs to %s, but the game has %d players", s[start:d.i], seatNames[seat], d.players)
	case k == T && d.tAt[seat] >= 0:
		return d.fail(start, "a second T for %s", seatNames[seat])
	}
	if k == T {
		d.tAt[seat] = start
	}
	if !d.seen[seat] {
		d.seen[seat] = true
		d.firstAt[seat] = start
	}
	d.cells[i] = makeCell(seat, k)
	return nil
}

// position checks what needs the whole board (every army with pieces has
// its T, the seat to move among them; at most one T on its goal) and
// builds the position.
func (d *decoder) position() (Position, error) {
	if d.players > 2 {
		for seat := 0; seat < d.players; seat++ {
			if d.seen[seat] && d.tAt[seat] < 0 {
				return Position{}, d.fail(d.firstAt[seat], "%s has pieces but no T", seatNames[seat])
			}
		}
	}
	if d.tAt[d.toMove] < 0 {
		return Position{}, d.fail(d.turnAt, "%s is to move but has no T", seatNames[d.toMove])
	}
	q := build(&d.cells, geoIndex(d.n), uint8(d.players), d.toMove, d.setup)
	onGoal := 0
	for seat := 0; seat < d.players; seat++ {
		if q.tees()&q.own(uint8(seat)) == 1<<goalIndex(q.geo(), d.players, seat) {
			onGoal++
			if onGoal > 1 {
				return Position{}, d.fail(d.tAt[seat], "more than one T stands on its goal")
			}
		}
	}
	return q, nil
}
