package crumble

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

func TestUnmarshalRejects(t *testing.T) {
	good := "crumble 2x2 b B0,0,1,1 W1,0,1,1 W0,1,1,1 B1,1,1,1"
	if err := new(Position).UnmarshalText([]byte(good)); err != nil {
		t.Fatalf("%s: %v", good, err)
	}
	for _, bad := range []string{
		"",
		"crumble",
		"crumbles 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 1x2 b W0,0,1,1 B0,1,1,1",
		"crumble 33x2 b W0,1,1,1",
		"crumble 2x02 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2 x W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2 b",
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1",                   // gap
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1 W1,0,1,1", // overlap
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,2",          // outside
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 X1,0,1,1",
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1",
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,01,1",
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,2/2,1",
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,-1",
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,0",
		"crumble 2x2 b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,3/3,1",
		"crumble 3x3 b B0,0,1,1 B1,0,1,1 B2,0,1,1 B0,1,1,1 W1,1,1,1 B2,1,1,1 B0,2,1,1 B1,2,1,1 B2,2,1,1", // capturable + win
		"crumble 2x2 b W0,0,1,1 B1,0,1,1 B0,1,1,1 W1,1,1,1 " + strings.Repeat("x", 3),
		"crumble 2x2- b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2-black b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2-nodraws-white b W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2-nodraws b repetition W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2-repetition b renewable-iteration W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2-renewables b repetition W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2 b no-moves W0,1,1,1 B1,1,1,1 B0,0,1,1 W1,0,1,1",
		"crumble 2x2 b repetition",
		"crumble 2x2 b repetition W0,0,2,2", // won, not drawn
		"crumble 2x2 b W0,0,1/4611686018427387904,1 B1,0,1,1 B0,1,1,1 W1,1,1,1",
		"crumble 2x2 b B0,0,1,1\nW1,0,1,1 W0,1,1,1 B1,1,1,1",
	} {
		var p Position
		p0 := p
		err := p.UnmarshalText([]byte(bad))
		if !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("%q: got %v, want ErrSyntax", bad, err)
		}
		if !p.Equal(p0) || p.t != nil {
			t.Errorf("%q: receiver changed on error", bad)
		}
	}
	// one space between fields, as in every engine's code: a tab or a
	// second space is refused where it stands (white space around the
	// code: TestWhiteSpaceAround)
	for code, off := range map[string]int{
		"crumble 2x2  b W1,0,1,1 B0,0,1,1 B1,1,1,1 W0,1,1,1":   12,
		"crumble 2x2\tb W1,0,1,1 B0,0,1,1 B1,1,1,1 W0,1,1,1":   11,
		"crumble 2x2 b W1,0,1,1 B0,0,1,1 \t B1,1,1,1 W0,1,1,1": 32,
	} {
		var p Position
		err := p.UnmarshalText([]byte(code))
		var pe *notation.ParseError
		if !errors.As(err, &pe) || pe.Offset != off {
			t.Errorf("UnmarshalText(%q) = %v, want a syntax error at offset %d", code, err, off)
		}
	}
	// any piece order
	var p Position
	if err := p.UnmarshalText([]byte("crumble 2x2 b W1,0,1,1 B0,0,1,1 B1,1,1,1 W0,1,1,1")); err != nil {
		t.Fatal(err)
	}
	if code(p) != good {
		t.Errorf("normalised code %s", code(p))
	}
	// a capturable group: White's (1,1) inside Black on 3x3
	capt := "crumble 3x3 b B0,0,1,1 B1,0,1,1 B2,0,1,1 B0,1,1,1 W1,1,1,1 B2,1,1,1 B0,2,1,1 B1,2,1,1 B2,2,1,1"
	if err := p.UnmarshalText([]byte(capt)); err == nil || !strings.Contains(err.Error(), "capturable") {
		t.Errorf("capturable group: %v", err)
	}
}

func TestDecodedVariant(t *testing.T) {
	w, _ := New(Variant{Width: 4, Height: 3, FirstPlayer: White, Draws: NoDraws})
	var p Position
	if err := p.UnmarshalText([]byte(code(w))); err != nil {
		t.Fatal(err)
	}
	if p.Variant() != (Variant{4, 3, White, NoDraws}) || p.ToMove() != p.PlayerOf(White) || !strings.HasPrefix(code(w), "crumble 4x3-white-nodraws w ") {
		t.Errorf("decoded variant %+v, seat to move %v, code %s", p.Variant(), p.ToMove(), code(w))
	}
}

// TestFinishedCodes: codes of finished games load finished; a code can say
// a declared draw, and the codes of ongoing default games do not change.
func TestFinishedCodes(t *testing.T) {
	for _, c := range []struct {
		code string
		want boardrules.Outcome
	}{
		{"crumble 2x2 b W0,0,2,2", boardrules.Outcome{Status: boardrules.Win, Winner: 1, Reason: "White connects all four sides", Rule: RuleConnection}},
		{"crumble 2x2 w B0,0,1,1 B1,0,1,1 B0,1,1,1 B1,1,1,1", boardrules.Outcome{Status: boardrules.Win, Winner: 0, Reason: "Black connects all four sides", Rule: RuleConnection}},
		{"crumble 2x2 b repetition W0,0,1,1 B1,0,1,1 B0,1,1,1 W1,1,1,1", boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "threefold repetition", Rule: RuleRepetition}},
		{"crumble 2x2-renewables w renewable-iteration W0,0,1,1 B1,0,1,1 B0,1,1,1 W1,1,1,1", boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "renewable iteration", Rule: RuleRenewableIteration}},
	} {
		var p Position
		if err := p.UnmarshalText([]byte(c.code)); err != nil {
			t.Errorf("%s: %v", c.code, err)
			continue
		}
		if p.Outcome() != c.want || code(p) != c.code || len(p.LegalMoves()) != 0 {
			t.Errorf("%s: outcome %+v, code %s", c.code, p.Outcome(), code(p))
		}
	}
	// a game drawn in play writes its draw
	q, _ := boardrules.Replay(Standard(), strings.Fields("1H 0H 1J1,2 0J1,2 1H 0H 1J1,2 0J1,2")...)
	if want := strings.Replace(start6x6, " b ", " b repetition ", 1); code(q) != want {
		t.Errorf("drawn start: %s", code(q))
	}
	if code(Standard()) != start6x6 {
		t.Errorf("the standard start's code changed: %s", code(Standard()))
	}
}

func TestRegistry(t *testing.T) {
	g, ok := boardrules.Lookup("crumble")
	if !ok || g.Title != "Crumble" || len(g.Variants) < 2 || g.Variants[0] != "6x6" || g.Variants[1] != "8x8" {
		t.Fatalf("registry entry %+v", g)
	}
	a, err := g.New("6x6")
	if err != nil {
		t.Fatal(err)
	}
	if a.Game() != "crumble" || a.Variant() != "6x6" || len(a.LegalMoves()) != len(Standard().LegalMoves()) {
		t.Errorf("Any view: %s %s", a.Game(), a.Variant())
	}
	b, err := a.Play("0,1HN")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := b.MarshalText()
	c, err := boardrules.Decode(text)
	if err != nil || c.Hash() != b.Hash() || c.Variant() != "6x6" {
		t.Errorf("Decode: %v", err)
	}
	if _, err := g.New("5"); err == nil {
		t.Error("bad variant accepted")
	}
	w, err := g.New("3x5-white-nodraws")
	if err != nil || w.ToMove() != 1 || w.Variant() != "3x5-white-nodraws" {
		t.Errorf("3x5-white-nodraws: %v", err)
	}
}

// TestConcurrentPlay plays from one shared position in 8 goroutines (run
// with -race).
func TestConcurrentPlay(t *testing.T) {
	shared, err := boardrules.Replay(Standard(), "2,1VW", "3,5HS", "3,2HNNW")
	if err != nil {
		t.Fatal(err)
	}
	want := code(shared)
	var wg sync.WaitGroup
	results := make([]string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 9))
			plies := 20
			if testing.Short() {
				plies = 8
			}
			p, moves := boardrules.Playout(shared, r, plies)
			for _, m := range shared.LegalMoves()[:10] {
				shared.PlayUnchecked(m)
			}
			results[g] = code(p) + string(rune(len(moves)))
		}(g)
	}
	wg.Wait()
	if code(shared) != want {
		t.Error("the shared position changed")
	}
	// the same seeds give the same games again, one goroutine at a time
	for g := 0; g < 8; g++ {
		r := rand.New(rand.NewPCG(uint64(g), 9))
		plies := 20
		if testing.Short() {
			plies = 8
		}
		p, moves := boardrules.Playout(shared, r, plies)
		if code(p)+string(rune(len(moves))) != results[g] {
			t.Errorf("goroutine %d played differently", g)
		}
	}
}

// Perft on small boards pins the move generator.
func TestPerft(t *testing.T) {
	cases := []struct {
		v     Variant
		depth int
		want  uint64
	}{
		{Variant{Width: 2, Height: 2}, 1, 0},
		{Variant{Width: 2, Height: 2}, 2, 0},
		{Variant{}, 1, 96},
		{Variant{}, 2, 0},
		{Variant{Width: 3, Height: 3}, 3, 0},
		{Variant{Width: 4, Height: 4}, 2, 0},
		{Variant{Width: 8, Height: 8}, 1, 0},
	}
	if testing.Short() {
		cases = cases[:3]
	}
	var missing []string
	golden := readPerft(t)
	for _, c := range cases {
		p, _ := New(c.v)
		got := boardrules.Perft(p, c.depth)
		key := c.v.String() + " " + itoa(c.depth)
		if want, found := golden[key]; found && got != want {
			t.Errorf("perft %s = %d, want %d", key, got, want)
		}
		if _, ok := golden[key]; !ok {
			missing = append(missing, key+" "+itoa(int(got)))
		}
	}
	if len(missing) > 0 {
		t.Errorf("perft not pinned in testdata/perft.txt:\n%s", strings.Join(missing, "\n"))
	}
}

func readPerft(t *testing.T) map[string]uint64 {
	data, err := os.ReadFile(filepath.Join("testdata", "perft.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]uint64{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || strings.HasPrefix(line, "#") {
			continue
		}
		var n uint64
		for _, c := range f[2] {
			n = n*10 + uint64(c-'0')
		}
		out[f[0]+" "+f[1]] = n
	}
	return out
}

// TestUnmarshalRejectsForTheReason: each malformed code is refused for its
// own fault, with the message that names it, not by a later check that
// happens to trip over the same text (which TestUnmarshalRejects would
// accept).
func TestUnmarshalRejectsForTheReason(t *testing.T) {
	// a 33x2 board, tiled by unit squares in columns of alternate colours
	// (no capture, no win): only its width is wrong
	wide := "crumble 33x2 b"
	for x := range 33 {
		c := "BW"[x%2 : x%2+1]
		wide += fmt.Sprintf(" %s%d,0,1,1 %s%d,1,1,1", c, x, c, x)
	}
	for code, want := range map[string]string{
		wide: `size "33x2" is not <W>x<H> with sides 2 to 32`,
		"crumble 2x2 b B0,0,1,1 W1,0,1,1 W0,1,1/3,1 B1,1,1,1": `"1/3" is not a canonical dyadic fraction`,
		"crumble 6x6 b B13/2,0,1,1":                           `"13/2" lies outside the board`,
		"crumble 6x6 b B0,0,1/1152921504606846976,1":          `"1/1152921504606846976" is too fine to represent on this board`,
		"crumble 2x2 b B0,0,1,1 W1,0,1,1 W0,1,1,2 B1,1,1,1":   `piece "W0,1,1,2" lies outside the board`,
		"crumble 2x2 b B0,0,1,1 W1,0,2,1 W0,1,1,1 B1,1,1,1":   `piece "W1,0,2,1" lies outside the board`,
		// y + h is 2^63 on the grid of a 32-unit board: no wrap to inside
		"crumble 32x32 b B0,32,32,32":                        `piece "B0,32,32,32" lies outside the board`,
		"crumble 32x32 w W32,0,32,32":                        `piece "W32,0,32,32" lies outside the board`,
		"crumble 2x2 b B0,0,1,1 W1,0,1,1 W0,1,1/,1 B1,1,1,1": `"1/" is not a canonical dyadic fraction`,
		"crumble 2x2 b B0,0,1,1 W1,0,1,1 W0,1,1,0/ B1,1,1,1": `"0/" is not a canonical dyadic fraction`,
		// 2^64: twenty digits, which would wrap to 0 in a uint64 and give
		// the 2x2 start back
		"crumble 2x2 b B18446744073709551616,0,1,1 W1,0,1,1 W0,1,1,1 B1,1,1,1": `"18446744073709551616" is not a canonical number`,
		// pieces of different rows that overlap, with a gap of the same
		// area (0,1)-(1,3/2) that keeps the area sum right: only the sweep
		// sees it
		"crumble 2x2 b B0,0,1,1 W0,1/2,1,1/2 W1,0,1,1 B1,1,1,1 B0,3/2,1,1/2": `piece "W0,1/2,1,1/2" overlaps piece "B0,0,1,1"`,
	} {
		err := new(Position).UnmarshalText([]byte(code))
		if !errors.Is(err, boardrules.ErrSyntax) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", code, err, want)
		}
	}
	// and wide pieces that reach the East side exactly are inside it
	mustDecode(t, "crumble 4x4 b B0,0,2,1 W2,0,2,1 W0,1,2,1 B2,1,2,1 B0,2,2,1 W2,2,2,1 W0,3,2,1 B2,3,2,1")
}

// TestDecodeLeavesItsGraph: decoding leaves the contact graph of the
// position in the working memory, and the first Play there plays the
// path on it, building no bitset graph, with the position the listed
// one gives.
func TestDecodeLeavesItsGraph(t *testing.T) {
	for _, c := range readCrowded(t) {
		if c.moves > 20000 {
			continue
		}
		text, err := c.p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range sampleMoves(c.p, 8) {
			s := new(scratch)
			var q Position
			if err := q.unmarshal(text, s); err != nil {
				t.Fatal(err)
			}
			if !s.holds(&q) || s.holdsBits(&q) {
				t.Fatalf("%s: decoding left lists %t, bitsets %t; want the lists alone", c.name, s.holds(&q), s.holdsBits(&q))
			}
			s.take(&q)
			got := q.playUnchecked(s, m)
			if s.holdsBits(&q) {
				t.Fatalf("%s %v: the first Play built the bitset graph", c.name, m)
			}
			if want := c.p.PlayUnchecked(m); !got.Equal(want) || got.Hash() != want.Hash() {
				t.Fatalf("%s %v: the first Play of the decoded position gives %s, want %s", c.name, m, code(got), code(want))
			}
		}
	}
}
