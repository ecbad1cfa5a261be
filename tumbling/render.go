package tumbling

import (
	"strconv"
	"strings"
)

// Style chooses how the runs of a stack are laid out in its cell.
type Style uint8

const (
	// Horizontal fills a cell row by row (pbmserv's default, "set h").
	Horizontal Style = iota
	// Upright fills a cell column by column (pbmserv's "set u").
	Upright
)

const (
	cellWidth    = 8 // bytes of text in a cell
	cellMaxToken = 3 // tokens on one line of a cell
	header       = "      A        B        C        D        E        F        G        H \n"
	border       = "  +--------+--------+--------+--------+--------+--------+--------+--------+\n"
)

// String returns the board as pbmserv prints it: Render(Horizontal).
func (p Position) String() string { return p.Render(Horizontal) }

// Render draws the board in the given style (any Style other than Upright
// draws Horizontal), rank 8 on top: a header of file letters, then each rank
// between borders with the rank digit on its lowest line, then the header
// again. A cell line holds at most three tokens ("B3", "W12") and 8 bytes;
// a rank takes as many lines as its fullest cell needs. Every line ends with
// a newline. The zero Position, no game, draws "no game\n", as in every
// engine.
func (p Position) Render(s Style) string {
	if !p.game {
		return "no game\n"
	}
	var b strings.Builder
	b.Grow(20 * 76)
	b.WriteString(header)
	b.WriteString(border)
	var cells [8][][]string // per file, lines from the lowest, tokens per line
	board := p.stacks()
	for r := 7; r >= 0; r-- {
		lines := 1
		if s == Upright {
			lines = uprightLines(board[8*r : 8*r+8])
		}
		for f := range 8 {
			cells[f] = layoutCell(tokens(board[8*r+f]), s, lines)
			lines = max(lines, len(cells[f]))
		}
		for l := lines - 1; l >= 0; l-- {
			if l == 0 {
				b.WriteByte(' ')
				b.WriteByte('1' + byte(r))
				b.WriteByte('|')
			} else {
				b.WriteString("  |")
			}
			for f := range 8 {
				n := 0
				if l < len(cells[f]) {
					for k, t := range cells[f][l] {
						if k > 0 {
							b.WriteByte(' ')
							n++
						}
						b.WriteString(t)
						n += len(t)
					}
				}
				b.WriteString("        "[:cellWidth-n])
				b.WriteByte('|')
			}
			b.WriteByte('\n')
		}
		b.WriteString(border)
	}
	b.WriteString(header)
	return b.String()
}

// tokens returns the runs of a stack from the bottom as cell tokens.
func tokens(v uint64) []string {
	runs := Stack{v: v}.Runs()
	out := make([]string, len(runs))
	for i, r := range runs {
		out[i] = string(r.Color.letter()) + strconv.Itoa(r.Count)
	}
	return out
}

// fits reports whether a cell line of these tokens keeps within a cell: at most three tokens and eight bytes.
func fits(line []string) bool {
	if len(line) > cellMaxToken {
		return false
	}
	n := len(line) - 1
	for _, t := range line {
		n += len(t)
	}
	return n <= cellWidth
}

// layoutCell distributes tokens over cell lines (lowest first). Horizontal
// fills line 0 while the next token fits, then line 1, and so on; Upright
// puts token k on line k mod lines.
func layoutCell(toks []string, s Style, lines int) [][]string {
	if s == Upright {
		out := make([][]string, lines)
		for k, t := range toks {
			out[k%lines] = append(out[k%lines], t)
		}
		return out
	}
	var out [][]string
	var cur []string
	for _, t := range toks {
		if len(cur) > 0 && !fits(append(cur[:len(cur):len(cur)], t)) {
			out = append(out, cur)
			cur = nil
		}
		cur = append(cur, t)
	}
	if cur != nil {
		out = append(out, cur)
	}
	return out
}

// uprightLines is the smallest number of lines for which every cell of the
// rank, laid out Upright, keeps every line within a cell's limits.
func uprightLines(rank []uint64) int {
	for lines := 1; ; lines++ {
		ok := true
		for _, v := range rank {
			for _, line := range layoutCell(tokens(v), Upright, lines) {
				if !fits(line) {
					ok = false
				}
			}
		}
		if ok {
			return lines
		}
	}
}
