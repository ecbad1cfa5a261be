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

func decode(s string) (Position, error) {
	var (
		cells  [64]cell
		setup  Setup
		toMove uint8
	)
	fail := func(off int, format string, args ...any) (Position, error) {
		return Position{}, notation.Errorf(s, off, format, args...)
	}
	const word = Name + " "
	if len(s) < len(word) || s[:len(word)] != word {
		return fail(0, "a Terrace position code starts with %q", word)
	}
	i := len(word)
	// The fixed-width header: "<N> <n>p <tomove> ".
	if i >= len(s) || (s[i] != '8' && s[i] != '6') {
		return fail(i, "the board size must be 8 or 6")
	}
	n := int(s[i] - '0')
	i++
	if i >= len(s) || s[i] != ' ' {
		return fail(i, "expected one space after the board size")
	}
	i++
	if i >= len(s) || s[i] < '2' || s[i] > '4' {
		return fail(i, "the player count must be 2p, 3p or 4p")
	}
	players := int(s[i] - '0')
	i++
	if i >= len(s) || s[i] != 'p' {
		return fail(i, "expected 'p' after the player count")
	}
	i++
	if i >= len(s) || s[i] != ' ' {
		return fail(i, "expected one space after the player count")
	}
	i++
	if i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		at := i
		for i < len(s) && s[i] != ' ' {
			i++
		}
		word := s[at:i]
		for k := Short; k <= Master; k++ {
			if word == k.String() {
				setup = k
			}
		}
		if setup == Long {
			return fail(at, "unknown setup %q: want short, medium or master (long is not written)", word)
		}
		if players != 2 {
			return fail(at, "the %s setup is for 2 players, not %d", word, players)
		}
		if i >= len(s) {
			return fail(i, "expected one space after the setup")
		}
		i++
	}
	turnAt := i
	if i >= len(s) || s[i] < '0' || int(s[i]-'0') >= players {
		return fail(i, "the seat to move must be a digit 0 to %d", players-1)
	}
	toMove = s[i] - '0'
	i++
	if i >= len(s) || s[i] != ' ' {
		return fail(i, "expected one space after the seat to move")
	}
	i++
	var firstAt [4]int // offset of each army's first piece, for errors
	var seen [4]bool
	var tAt [4]int // offset of each army's T, -1 when none
	tAt = [4]int{-1, -1, -1, -1}
	for r := n - 1; r >= 0; r-- {
		c := 0
		digit := false
		for c < n {
			if i >= len(s) {
				return fail(i, "rank %d has %d squares, want %d", r+1, c, n)
			}
			x := s[i]
			if x == '/' {
				return fail(i, "rank %d has %d squares, want %d", r+1, c, n)
			}
			if x >= '1' && x <= '9' {
				if digit {
					return fail(i, "two digits in a row: write one run of empty squares")
				}
				run := int(x - '0')
				if c+run > n {
					return fail(i, "rank %d has more than %d squares", r+1, n)
				}
				c += run
				digit = true
				i++
				continue
			}
			k := kindOf(x)
			if k == NoKind {
				return fail(i, "expected a piece (t a b c d, T A B C D, primed with ') or a digit, found %q", x)
			}
			start := i
			seat := 0
			if x < 'a' {
				seat = 1
			}
			i++
			if i < len(s) && s[i] == '\'' {
				seat += 2
				i++
			}
			if k == D && n == 6 {
				return fail(start, "there is no D on the 6x6 board")
			}
			if seat >= players {
				return fail(start, "%q belongs to seat %d, but the game has %d players", s[start:i], seat, players)
			}
			if k == T {
				if tAt[seat] >= 0 {
					return fail(start, "a second T for seat %d", seat)
				}
				tAt[seat] = start
			}
			if !seen[seat] {
				seen[seat] = true
				firstAt[seat] = start
			}
			cells[r*8+c] = makeCell(seat, k)
			c++
			digit = false
		}
		if r > 0 {
			if i >= len(s) || s[i] != '/' {
				if i < len(s) && (s[i] >= '0' && s[i] <= '9' || kindOf(s[i]) != NoKind) {
					return fail(i, "rank %d has more than %d squares", r+1, n)
				}
				if i >= len(s) {
					return fail(i, "the code has %d ranks, want %d", n-r, n)
				}
				return fail(i, "expected '/' after rank %d", r+1)
			}
			i++
		}
	}
	if i != len(s) {
		return fail(i, "unexpected %q after the last rank", s[i:])
	}
	if players > 2 {
		for seat := 0; seat < players; seat++ {
			if seen[seat] && tAt[seat] < 0 {
				return fail(firstAt[seat], "seat %d has pieces but no T", seat)
			}
		}
	}
	if tAt[toMove] < 0 {
		return fail(turnAt, "seat %d is to move but has no T", toMove)
	}
	q := build(&cells, geoIndex(n), uint8(players), toMove, setup)
	onGoal := 0
	for seat := 0; seat < players; seat++ {
		if q.tees()&q.own(uint8(seat)) == 1<<goalIndex(q.geo(), players, seat) {
			onGoal++
			if onGoal > 1 {
				return fail(tAt[seat], "more than one T stands on its goal")
			}
		}
	}
	return q, nil
}
