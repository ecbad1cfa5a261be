package tumbling_test

import (
	"strings"
	"testing"

	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
	"pgregory.net/rapid"
)

// readBoard parses board text back into each square's tokens from the bottom
// run up, checking the frame on the way.
func readBoard(t *rapid.T, text string, s tumbling.Style) [64][]string {
	const header = "      A        B        C        D        E        F        G        H "
	const border = "  +--------+--------+--------+--------+--------+--------+--------+--------+"
	if !strings.HasSuffix(text, "\n") || strings.Contains(text, "\r") {
		t.Fatalf("line ends")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if lines[0] != header || lines[1] != border || lines[len(lines)-1] != header {
		t.Fatalf("frame:\n%s", text)
	}
	var out [64][]string
	i := 2
	for r := 7; r >= 0; r-- {
		var rank []string // highest line first
		for lines[i] != border {
			rank = append(rank, lines[i])
			i++
		}
		i++
		if len(rank) == 0 {
			t.Fatalf("rank %d has no line", r+1)
		}
		for l, line := range rank {
			prefix := "  |"
			if l == len(rank)-1 {
				prefix = " " + string(rune('1'+r)) + "|"
			}
			if len(line) != 75 || line[:3] != prefix {
				t.Fatalf("rank %d line %q", r+1, line)
			}
		}
		for f := range 8 {
			var cellLines [][]string // lowest first
			for l := len(rank) - 1; l >= 0; l-- {
				cell := rank[l][3+9*f : 3+9*f+8]
				if rank[l][3+9*f+8] != '|' {
					t.Fatalf("cell separator")
				}
				toks := strings.Fields(cell)
				if strings.Join(toks, " ") != strings.TrimRight(cell, " ") || len(toks) > 3 {
					t.Fatalf("cell text %q", cell)
				}
				cellLines = append(cellLines, toks)
			}
			var toks []string
			if s == tumbling.Upright {
				for k := 0; ; k++ {
					l, col := k%len(cellLines), k/len(cellLines)
					if col >= len(cellLines[l]) {
						break
					}
					toks = append(toks, cellLines[l][col])
				}
			} else {
				for _, line := range cellLines {
					toks = append(toks, line...)
				}
			}
			out[8*r+f] = toks
			if s != tumbling.Upright {
				// Greedy: a line ends only when the next token would not fit.
				for l := 0; l+1 < len(cellLines); l++ {
					if len(cellLines[l+1]) > 0 && fitsLine(append(cellLines[l][:len(cellLines[l]):len(cellLines[l])], cellLines[l+1][0])) {
						t.Fatalf("rank %d file %d: line %d could take %s", r+1, f, l, cellLines[l+1][0])
					}
				}
			} else if L := len(cellLines); L > 1 && f == 0 {
				// The least number of lines: one fewer overflows some cell.
				fewer := false
				for ff := range 8 {
					var ts []string
					for k := 0; ; k++ {
						l, col := k%L, k/L
						if col >= len(strings.Fields(rank[L-1-l][3+9*ff:3+9*ff+8])) {
							break
						}
						ts = append(ts, strings.Fields(rank[L-1-l][3+9*ff : 3+9*ff+8])[col])
					}
					lines := make([][]string, L-1)
					for k, tok := range ts {
						lines[k%(L-1)] = append(lines[k%(L-1)], tok)
					}
					for _, line := range lines {
						fewer = fewer || !fitsLine(line)
					}
				}
				if !fewer {
					t.Fatalf("rank %d: %d lines where %d fit", r+1, L, L-1)
				}
			}
		}
		if s != tumbling.Upright && len(rank) > 1 && strings.Trim(rank[0][3:], " |") == "" {
			t.Fatalf("rank %d: an empty top line", r+1)
		}
	}
	if i != len(lines)-1 {
		t.Fatalf("extra lines")
	}
	return out
}

// TestPropertyRender: both styles draw every stack so that it reads back,
// within the frame, and agree when all stacks are short.
func TestPropertyRender(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		simple := true
		for i := range 64 {
			st := stackAt(p, notation.SquareAt(i%8, i/8))
			runs := st.Runs()
			if len(runs) > 3 {
				simple = false
			}
			for _, r := range runs {
				if r.Count >= 10 {
					simple = false
				}
			}
		}
		for _, s := range []tumbling.Style{tumbling.Horizontal, tumbling.Upright} {
			text := p.Render(s)
			got := readBoard(t, text, s)
			for i := range 64 {
				st := stackAt(p, notation.SquareAt(i%8, i/8))
				var want []string
				for _, r := range st.Runs() {
					want = append(want, string("BW"[r.Color])+itoa(r.Count))
				}
				if strings.Join(got[i], " ") != strings.Join(want, " ") {
					t.Fatalf("style %d square %d: read %v, want %v\n%s", s, i, got[i], want, text)
				}
			}
		}
		if simple && p.String() != p.Render(tumbling.Upright) {
			t.Fatalf("styles differ on short stacks")
		}
		if p.String() != p.Render(tumbling.Horizontal) {
			t.Fatalf("String != Render(Horizontal)")
		}
	})
}

func fitsLine(toks []string) bool {
	return len(toks) <= 3 && len(strings.Join(toks, " ")) <= 8
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestRenderLineCount: a rank's height is that of its fullest cell
// (Horizontal) or the least that fits every cell (Upright).
func TestRenderLineCount(t *testing.T) {
	p := decode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B1W1B1W1B1W1B1W1B1W1,,,,,,,")
	for _, c := range []struct {
		s     tumbling.Style
		lines int
	}{{tumbling.Horizontal, 19 + 3}, {tumbling.Upright, 19 + 3}} {
		// 10 tokens: 4 lines of at most 3 in either style, 3 more than the 19 of an empty board.
		if n := strings.Count(p.Render(c.s), "\n"); n != c.lines {
			t.Errorf("style %d: %d lines, want %d", c.s, n, c.lines)
		}
	}
}
