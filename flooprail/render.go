package flooprail

// The glyphs of the board text. The sources never show a SooperFlooper, so
// '@' and '*' are this package's choice.
const (
	GlyphEmpty          = '.'
	GlyphOFlooper       = 'O'
	GlyphXFlooper       = 'X'
	GlyphOSooperFlooper = '@'
	GlyphXSooperFlooper = '*'
)

var glyphs = [...]byte{
	Empty:          GlyphEmpty,
	OFlooper:       GlyphOFlooper,
	XFlooper:       GlyphXFlooper,
	OSooperFlooper: GlyphOSooperFlooper,
	XSooperFlooper: GlyphXSooperFlooper,
}

// rowSpan returns the first and last letter (1-8) of row r.
func rowSpan(r int) (first, last int) {
	off := abs(r - 4)
	return off + 1, 8 - off
}

// String returns the board as 14 lines of text, each ending in "\n": a
// header of letters, then rows 1 to 7 joined by "--" rails with lines of
// "|" rails between them. The glyph of letter L stands in column 4+3(L-1).
// '.' is an empty space, 'O' and 'X' are Floopers, '@' and '*' are O's and
// X's SooperFloopers. The side to move is not shown. The zero Position,
// no game, is "no game\n", as in every engine.
func (p Position) String() string {
	if p.flags()&flagGame == 0 {
		return "no game\n"
	}
	b := make([]byte, 0, 320)
	b = append(b, "    A  B  C  D  E  F  G  H\n"...)
	for r := 1; r <= 7; r++ {
		first, last := rowSpan(r)
		b = append(b, ' ', byte('0'+r), ' ', ' ')
		for l := 1; l < first; l++ {
			b = append(b, "   "...)
		}
		for l := first; l <= last; l++ {
			if l > first {
				b = append(b, '-', '-')
			}
			b = append(b, glyphs[p.at(uint8(bitOf[l][r]))])
		}
		b = append(b, '\n')
		if r == 7 {
			break
		}
		// The rails down to row r+1 join the letters both rows have.
		f2, l2 := rowSpan(r + 1)
		first, last = max(first, f2), min(last, l2)
		for c := 0; c < 4+3*(first-1); c++ {
			b = append(b, ' ')
		}
		for l := first; l <= last; l++ {
			if l > first {
				b = append(b, ' ', ' ')
			}
			b = append(b, '|')
		}
		b = append(b, '\n')
	}
	return string(b)
}
