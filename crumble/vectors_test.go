package crumble

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

const start6x6 = "crumble 6x6 b W0,0,1,1 B1,0,1,1 W2,0,1,1 B3,0,1,1 W4,0,1,1 B5,0,1,1 B0,1,1,1 W1,1,1,1 B2,1,1,1 W3,1,1,1 B4,1,1,1 W5,1,1,1 W0,2,1,1 B1,2,1,1 W2,2,1,1 B3,2,1,1 W4,2,1,1 B5,2,1,1 B0,3,1,1 W1,3,1,1 B2,3,1,1 W3,3,1,1 B4,3,1,1 W5,3,1,1 W0,4,1,1 B1,4,1,1 W2,4,1,1 B3,4,1,1 W4,4,1,1 B5,4,1,1 B0,5,1,1 W1,5,1,1 B2,5,1,1 W3,5,1,1 B4,5,1,1 W5,5,1,1"

// vectors reads the position codes of testdata/vectors.txt (copied from the
// specification) by name.
func vectors(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile("testdata/vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		name, code, _ := strings.Cut(line, " ")
		out[name] = strings.TrimSpace(code)
	}
	return out
}

func code(p Position) string {
	b, _ := p.MarshalText()
	return string(b)
}

func mustDecode(t *testing.T, s string) Position {
	t.Helper()
	var p Position
	if err := p.UnmarshalText([]byte(s)); err != nil {
		t.Fatalf("UnmarshalText(%q): %v", s, err)
	}
	return p
}

func TestStartCode(t *testing.T) {
	if got := code(Standard()); got != start6x6 {
		t.Errorf("start code:\n got %s\nwant %s", got, start6x6)
	}
}

func TestVectors(t *testing.T) {
	vs := vectors(t)
	cases := []struct {
		name  string
		moves string
	}{
		{"V1", "2,1VW 3,5HS 3,2HNNW 1,3HSSS+ 2,3VENE+"},
		{"V3", "2,1VW 1,3VW 2,3HN 2VE 5,5HS"},
		{"V4", "3,4HN 1,3HN 4,1VW 3,3VE"},
		{"V7", "0,1HN"},
		{"V9", "1H 0HN-E"},
		{"V10", "0,1V 0VW-N"},
		{"V12", "1HN 2H 0,1H3"},
		{"V13", "1HN 0H2"},
		{"V15", "1,4HN 0HN 1,7J2,1E"},
		{"V16", "5HN 0HN 5,2J1,2N"},
		{"V17a", "1VW 3H 0J1,2"},
		{"V17b", "1VW 3H 0J1,2N"},
		{"V18", "1H 1,2VE 0,1HN 2J1,2"},
		{"V19", "1H 1,2VE 0,1HN 2J1,2 1J1,2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := boardrules.Replay(Standard(), strings.Fields(c.moves)...)
			if err != nil {
				t.Fatal(err)
			}
			if got := code(p); got != vs[c.name] {
				t.Errorf("code after %s:\n got %s\nwant %s", c.moves, got, vs[c.name])
			}
		})
	}
}

func TestVectorOutcomes(t *testing.T) {
	p, err := boardrules.Replay(Standard(), strings.Fields("2,1VW 3,5HS 3,2HNNW 1,3HSSS+ 2,3VENE+")...)
	if err != nil || p.Outcome().Status != boardrules.Ongoing {
		t.Errorf("V1: %v %v", err, p.Outcome())
	}
	p, err = boardrules.Replay(Standard(), strings.Fields("2,1VW 1,3VW 2,3HN 2VE 5,5HS")...)
	if err != nil || p.Outcome() != (boardrules.Outcome{Status: boardrules.Win, Winner: 0, Reason: "Black connects all four sides", Rule: RuleConnection}) {
		t.Errorf("V3: %v %v", err, p.Outcome())
	}
	p, err = boardrules.Replay(Standard(), strings.Fields("3,4HN 1,3HN 4,1VW 3,3VE")...)
	if err != nil || p.Outcome() != (boardrules.Outcome{Status: boardrules.Win, Winner: 1, Reason: "White connects all four sides", Rule: RuleConnection}) {
		t.Errorf("V4: %v %v", err, p.Outcome())
	}
	if len(p.LegalMoves()) != 0 {
		t.Errorf("V4: won position has legal moves")
	}
}

func TestV2(t *testing.T) {
	vs := vectors(t)
	p := mustDecode(t, vs["V2a"])
	q, err := boardrules.Replay(p, "5,3HN")
	if err != nil {
		t.Fatal(err)
	}
	if got := code(q); got != vs["V2b"] {
		t.Errorf("V2b:\n got %s\nwant %s", got, vs["V2b"])
	}
	if o := q.Outcome(); o.Status != boardrules.Win || o.Winner != 1 || o.Reason != "White connects all four sides" {
		t.Errorf("V2 outcome %+v", o)
	}
}

func TestV18Illegal(t *testing.T) {
	vs := vectors(t)
	p, err := boardrules.Replay(Standard(), strings.Fields("1H 1,2VE 0,1HN 2J1,2")...)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.ParseMove("1J1,3")
	if !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Errorf("1J1,3: got %v, want ErrIllegalMove", err)
	}
	if code(p) != vs["V18"] {
		t.Errorf("position changed")
	}
}

func TestV1Raster(t *testing.T) {
	data, err := os.ReadFile("testdata/v1_raster.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := mustDecode(t, vectors(t)["V1"])
	if got := p.String(); got != string(data) {
		t.Errorf("raster:\n%s\nwant\n%s", got, data)
	}
}

func TestLocations(t *testing.T) {
	cases := []struct {
		moves, loc string
		x, y       string // lower-left corner, or "" for illegal
	}{
		{"", "0", "0", "0"},
		{"", "3", "3", "0"},
		{"", "0,3", "0", "3"},
		{"", "2,2", "2", "2"},
		{"", "3,1,1", "4", "1"},
		{"", "1/2", "3", "0"},
		{"", "1/2, 2/3", "3", "4"},
		{"", "0, 1/2", "0", "3"},
		{"1HN", "1,1", "1", "1/2"},
		{"1HN", "2,1", "", ""},
		{"1HN", "2,2", "2", "1"},
		{"1HN", "0,1", "0", "1"},
	}
	for _, c := range cases {
		p, err := boardrules.Replay(Standard(), strings.Fields(c.moves)...)
		if err != nil {
			t.Fatal(err)
		}
		pt, err := p.resolveLocation(c.loc)
		if c.x == "" {
			if !errors.Is(err, boardrules.ErrIllegalMove) {
				t.Errorf("%s after %q: got %v, want illegal", c.loc, c.moves, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s after %q: %v", c.loc, c.moves, err)
			continue
		}
		got := coordOf(pt.x, p.shift).String() + "," + coordOf(pt.y, p.shift).String()
		if got != c.x+","+c.y {
			t.Errorf("%s after %q: got (%s), want (%s,%s)", c.loc, c.moves, got, c.x, c.y)
		}
	}
	p := Standard()
	if got := p.Location(findPiece(p.list(), 4<<p.shift, 1<<p.shift)); got != "4,1" {
		t.Errorf("canonical location of (4,1) = %q", got)
	}
}

func TestStartMoves(t *testing.T) {
	p := Standard()
	for _, s := range []string{"1HS", "2,5HN", "5,2VE", "0,3VW", "1HS-N"} {
		if _, err := p.ParseMove(s); !errors.Is(err, boardrules.ErrIllegalMove) {
			t.Errorf("%s: got %v, want ErrIllegalMove", s, err)
		}
	}
	for _, s := range []string{"0HE", "0H1", "1J1", "1J1,2,1", "1J1,2-N"} {
		if _, err := p.ParseMove(s); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("%s: got %v, want ErrSyntax", s, err)
		}
		if _, err := (Position{}).ParseMove(s); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("Position{}.ParseMove(%s): got %v", s, err)
		}
	}
	m, err := p.ParseMove("0,1HN-N")
	if err != nil || m.String() != "0,1HN" {
		t.Errorf("0,1HN-N: %v %q", m, err)
	}
}

// TestVectorLocations checks the locations the vectors single out.
func TestVectorLocations(t *testing.T) {
	for _, c := range []struct {
		moves, loc, want string
	}{
		{"2,1VW 1,3VW 2,3HN 2VE", "5,5", "(4,5)"},    // V3: White's 2VE added the corner (5/2,0)
		{"1,4HN 0HN", "1,7", "(1,5)"},                // V15: 1/2, 1, 2, 3, 4, 9/2, 5
		{"5HN 0HN", "5,2", "(5,1)"},                  // V16
		{"1H 1,2VE 0,1HN 2J1,2", "1", "(1,0)"},       // V19's anchor
		{"1H 1,2VE 0,1HN 2J1,2", "3/4,1/2", "error"}, // (9/2,3) is no corner yet
	} {
		p, err := boardrules.Replay(Standard(), strings.Fields(c.moves)...)
		if err != nil {
			t.Fatal(err)
		}
		pt, err := p.resolveLocation(c.loc)
		got := "error"
		if err == nil {
			got = p.pointText(pt.x, pt.y)
		}
		if got != c.want {
			t.Errorf("%s after %s: %s, want %s", c.loc, c.moves, got, c.want)
		}
	}
	// (9/2,3) exists after 4,3V, and 2/3, 1/12 names (4,1/2) after 4HN
	p, _ := boardrules.Replay(Standard(), "4,3V")
	if pt, err := p.resolveLocation("3/4,1/2"); err != nil || p.pointText(pt.x, pt.y) != "(9/2,3)" {
		t.Errorf("3/4,1/2 after 4,3V: %v", err)
	}
	q, err := boardrules.Replay(Standard(), "1H", "4H")
	if err != nil {
		t.Fatal(err)
	}
	if pt, err := q.resolveLocation("2/3, 1/12"); err != nil || q.pointText(pt.x, pt.y) != "(4,1/2)" {
		t.Errorf("2/3, 1/12: %v", err)
	}
}

// TestStartMoveOrder pins the order of the move list on the 6x6 start,
// worked out by hand from the generation contract: anchors by lower-left
// corner, H before V, the move without a swap first, then the breadth-first
// paths from the halves (N before S, E before W; directions E, N, S, W).
func TestStartMoveOrder(t *testing.T) {
	want := []string{"1H", "1HN", "1V", "1VE", "1VW", "3H", "3HN", "3V", "3VE", "3VW",
		"5H", "5HN", "5V", "5VW", "0,1H", "0,1HN", "0,1HS", "0,1V", "0,1VE"}
	got := textsOf(Standard().LegalMoves())
	if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Errorf("start moves begin %v, want %v", got[:min(len(got), len(want))], want)
	}
}
