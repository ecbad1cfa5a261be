package terrace

import "strings"

// String draws the board as pbmserv does: walls between squares of
// different levels, H and L at the high and low corners, rank digits on the
// left (and on the right too in a 3- or 4-player game), file letters below.
// Every line ends in a newline. The zero Position, no game, is "no
// game\n", as in every engine.
func (p Position) String() string {
	if p.players() == 0 {
		return "no game\n"
	}
	g := p.geometry()
	n := g.n
	multi := p.players() > 2
	var b strings.Builder
	b.Grow((2*n + 2) * (4*n + 10))
	edge := func(first, last byte) {
		b.WriteString("      ")
		b.WriteByte(first)
		for c := 0; c < n; c++ {
			b.WriteString("---")
			if c == n-1 {
				b.WriteByte(last)
			} else {
				b.WriteByte('+')
			}
		}
		b.WriteByte('\n')
	}
	edge('H', 'L')
	for r := n - 1; r >= 0; r-- {
		digit := byte('1' + r)
		b.WriteString("    ")
		b.WriteByte(digit)
		b.WriteString(" |")
		for c := 0; c < n; c++ {
			s := r*8 + c
			if x := p.cellAt(s); x == 0 {
				b.WriteString("   ")
			} else {
				gl := glyph(x)
				b.WriteByte(' ')
				b.WriteString(gl)
				if len(gl) == 1 {
					b.WriteByte(' ')
				}
			}
			if c == n-1 || g.level[s] != g.level[s+1] {
				b.WriteByte('|')
			} else {
				b.WriteByte(' ')
			}
		}
		if multi {
			b.WriteByte(' ')
			b.WriteByte(digit)
		}
		b.WriteByte('\n')
		if r == 0 {
			edge('L', 'H')
			break
		}
		b.WriteString("      +")
		for c := 0; c < n; c++ {
			if g.level[r*8+c] != g.level[(r-1)*8+c] {
				b.WriteString("---+")
			} else {
				b.WriteString("   +")
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("       ")
	for c := 0; c < n; c++ {
		b.WriteString(" ")
		b.WriteByte(byte('a' + c))
		b.WriteString("  ")
	}
	b.WriteByte('\n')
	return b.String()
}
