package cli

import (
	"strconv"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
)

func TestWithCoordinates(t *testing.T) {
	got, ok := withCoordinates("BBww\nBBww\nwwBB\nwwBB", "2x2")
	want := "   BBww\n 1 BBww\n   wwBB\n 0 wwBB\n   0 1 \n   (each square is 2x2 letters)"
	if got != want || !ok {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got, ok := withCoordinates("crumble 6x6 ...", "6x6"); got != "crumble 6x6 ..." || ok {
		t.Errorf("a position code was labelled: %q", got)
	}
	if got, ok := withCoordinates("Bw\nwB", "2x1-white"); got != "Bw\nwB" || ok {
		t.Errorf("a drawing that does not fit its variant was labelled: %q", got)
	}
}

// TestXLabelsStayAligned: every x starts under the first letter of its
// square, and two numbers never touch: from 10 on, in squares of one or
// two letters, the numbers are written downwards ("9 1011" ran together).
func TestXLabelsStayAligned(t *testing.T) {
	for _, c := range []struct {
		width, k int
		want     []string
	}{
		{6, 2, []string{"0 1 2 3 4 5 "}},
		{10, 2, []string{"0 1 2 3 4 5 6 7 8 9 "}},
		{12, 4, []string{"0   1   2   3   4   5   6   7   8   9   10  11  "}},
		{12, 2, []string{"                    1 1 ", "0 1 2 3 4 5 6 7 8 9 0 1 "}},
		{12, 1, []string{"          11", "012345678901"}},
		{3, 1, []string{"012"}},
	} {
		if diff := cmp.Diff(c.want, xLabels(c.width, c.k)); diff != "" {
			t.Errorf("xLabels(%d, %d) (-want +got):\n%s", c.width, c.k, diff)
		}
	}
	// Every width and square: written downwards, the digits under a
	// square's first letter are its x and the other columns are blank;
	// in one row, the numbers stand apart, one per square.
	for width := 2; width <= 32; width++ {
		for _, k := range []int{1, 2, 4, 8, 16} {
			rows := xLabels(width, k)
			downwards := k <= len(strconv.Itoa(width-1))
			for col := 0; col < width*k; col++ {
				var down strings.Builder
				for _, r := range rows {
					if col < len(r) {
						down.WriteByte(r[col])
					}
				}
				got := strings.TrimSpace(down.String())
				if col%k == 0 && downwards && got != strconv.Itoa(col/k) {
					t.Errorf("width %d, k %d: column %d reads %q, want %d", width, k, col, got, col/k)
				}
				if col%k != 0 && downwards && got != "" {
					t.Errorf("width %d, k %d: column %d, inside a square, reads %q", width, k, col, got)
				}
			}
			if !downwards {
				if fields := strings.Fields(rows[0]); len(fields) != width {
					t.Errorf("width %d, k %d: %d numbers in %q", width, k, len(fields), rows[0])
				}
				for x := range width {
					if !strings.HasPrefix(rows[0][x*k:], strconv.Itoa(x)) {
						t.Errorf("width %d, k %d: %d is not under its square in %q", width, k, x, rows[0])
					}
				}
			}
		}
	}
}

// TestBoardSaysWhyItShowsACode: once Crumble's pieces are too small to
// draw in letters (here a square of side 1/32), the board is the position
// code, under a line that says why; one size up (1/16) it is still drawn.
func TestBoardSaysWhyItShowsACode(t *testing.T) {
	fine := "crumble 2x2 b B0,0,1/32,1/32 B1/32,0,1/32,1/32 B1/16,0,1/16,1/16 B1/8,0,1/8,1/8 B1/4,0,1/4,1/4 B1/2,0,1/2,1/2 W1,0,1,1 B0,1/32,1/32,1/32 B1/32,1/32,1/32,1/32 B0,1/16,1/16,1/16 B1/16,1/16,1/16,1/16 B0,1/8,1/8,1/8 B1/8,1/8,1/8,1/8 B0,1/4,1/4,1/4 B1/4,1/4,1/4,1/4 B0,1/2,1/2,1/2 B1/2,1/2,1/2,1/2 W0,1,1,1 W1,1,1,1"
	p, err := boardrules.Decode([]byte(fine))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Board(p), TooFineToDraw+"\n"+fine; got != want {
		t.Errorf("Board of a position too fine to draw:\n%s\nwant\n%s", got, want)
	}
	drawable := "crumble 2x2 b B0,0,1/16,1/16 B1/16,0,1/16,1/16 B1/8,0,1/8,1/8 B1/4,0,1/4,1/4 B1/2,0,1/2,1/2 W1,0,1,1 B0,1/16,1/16,1/16 B1/16,1/16,1/16,1/16 B0,1/8,1/8,1/8 B1/8,1/8,1/8,1/8 B0,1/4,1/4,1/4 B1/4,1/4,1/4,1/4 B0,1/2,1/2,1/2 B1/2,1/2,1/2,1/2 W0,1,1,1 W1,1,1,1"
	if p, err = boardrules.Decode([]byte(drawable)); err != nil {
		t.Fatal(err)
	}
	if got := Board(p); strings.Contains(got, TooFineToDraw) || !strings.HasSuffix(got, "(each square is 16x16 letters)") {
		t.Errorf("Board of a position drawn with 16x16 squares:\n%s", got)
	}
}
