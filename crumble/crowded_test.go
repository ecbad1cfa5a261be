package crumble

// The crowded positions of testdata/crowded.txt: random games, games in
// which the players only split, and constructed worst cases, from the 36
// pieces of the 6x6 start to about 1,200 pieces and 3.4 million legal
// moves. The benchmarks measure every operation on them, and the tests
// compare the generator with its references on them. Other packages read
// the file too (the bots, the evaluation), by its path.

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

var updateCrowded = flag.Bool("crowded.update", false, "rewrite testdata/crowded.txt from the recipes in crowded_test.go")

// crowdedFile is the corpus's path from this package.
const crowdedFile = "testdata/crowded.txt"

// crowdedRecipe says how one position of the corpus is made.
type crowdedRecipe struct {
	name string
	how  string
	make func(tb testing.TB) Position
}

// crowdedRecipes are the corpus's positions, in the file's order.
var crowdedRecipes = []crowdedRecipe{
	{"start6", "the 6x6 start", func(tb testing.TB) Position { return Standard() }},
	{"start8", "the 8x8 start", func(tb testing.TB) Position { return startOf(tb, "8x8") }},
	{"random6-100", "6x6, RandomMove from the start until 100 pieces, the first game to get there of the PCG seeds (1, 100), (2, 100), ...", randomGame("6x6", 1, 100)},
	{"random6-200", "6x6, RandomMove from the start until 200 pieces, the first game to get there of the PCG seeds (2, 200), (3, 200), ...", randomGame("6x6", 2, 200)},
	{"random6-300", "6x6, RandomMove from the start until 300 pieces, the first game to get there of the PCG seeds (3, 300), (4, 300), ...", randomGame("6x6", 3, 300)},
	{"random6-400", "6x6, RandomMove from the start until 400 pieces, the first game to get there of the PCG seeds (4, 400), (5, 400), ...", randomGame("6x6", 4, 400)},
	{"random8-300", "8x8, RandomMove from the start until 300 pieces, the first game to get there of the PCG seeds (5, 300), (6, 300), ...", randomGame("8x8", 5, 300)},
	{"random32-1100", "32x32, RandomMove from the start until 1,100 pieces, the first game to get there of the PCG seeds (6, 1100), (7, 1100), ...", randomGame("32x32", 6, 1100)},
	{"split6-300", "6x6, both players split only: each ply a split of the most pieces, then uniformly one of its listed moves that does not end the game (PCG seeds 7, 300), until 300 pieces", splitGame("6x6", 7, 300)},
	{"split6-600", "6x6, split only as split6-300 (PCG seeds 8, 600), until 600 pieces", splitGame("6x6", 8, 600)},
	{"split6-1150", "6x6, split only as split6-300 (PCG seeds 9, 1150), until 1,150 pieces", splitGame("6x6", 9, 1150)},
	{"split8-1150", "8x8, split only as split6-300 (PCG seeds 10, 1150), until 1,150 pieces", splitGame("8x8", 10, 1150)},
	{"split32-1200", "32x32, split only as split6-300 (PCG seeds 11, 1200), until 1,200 pieces", splitGame("32x32", 11, 1200)},
	{"rows6-126", "6x6, the bottom unit row cut into 1/4 squares: four full-width rows, White, Black, White, White from the bottom, under the start's unit squares; Black to move", bandGame(6, 6, 2, "WBWW")},
	{"rows8-184", "8x8, the bottom unit row cut into 1/4 squares: four full-width rows, White, Black, White, White from the bottom, under the start's unit squares; Black to move", bandGame(8, 8, 2, "WBWW")},
	{"rows6-414", "6x6, the bottom unit row cut into 1/8 squares: eight full-width rows, White, Black, then White, under the start's unit squares; Black to move", bandGame(6, 6, 3, "WBWWWWWW")},
	{"stripes6-576", "6x6 cut into 1/4 squares, full-width rows alternately White and Black from the bottom; Black to move", stripesGame(6, 6, 2)},
	{"rows32-1120", "32x32, the bottom unit row cut into 1/2 squares: a Black row under a White one, under the start's unit squares; Black to move", bandGame(32, 32, 1, "BW")},
}

// randomGame plays RandomMove from the variant's start until the position
// has at least pieces pieces, in the first game of seeds seed, seed+1, ...
// that gets there.
func randomGame(variant string, seed uint64, pieces int) func(tb testing.TB) Position {
	return func(tb testing.TB) Position {
		for s := seed; s < seed+100000; s++ {
			r := rand.New(rand.NewPCG(s, uint64(pieces)))
			p := startOf(tb, variant)
			for p.NumPieces() < pieces {
				m, ok := p.RandomMove(r)
				if !ok {
					break
				}
				p = p.PlayUnchecked(m)
			}
			if p.Outcome().Status == boardrules.Ongoing {
				return p
			}
		}
		tb.Fatalf("%s: no game from seed %d on reached %d pieces", variant, seed, pieces)
		return Position{}
	}
}

// splitGame plays from the variant's start, each ply a split of the most
// pieces the side to move has (uniformly among the splits of that many),
// then one of its listed moves that leaves the game going, until the
// position has at least pieces pieces.
func splitGame(variant string, seed uint64, pieces int) func(tb testing.TB) Position {
	return func(tb testing.TB) Position {
		r := rand.New(rand.NewPCG(seed, uint64(pieces)))
		p := startOf(tb, variant)
		for p.NumPieces() < pieces {
			var best []Move
			for _, m := range p.LegalMoves() {
				if m.Base() != StepSplit {
					continue
				}
				if len(best) > 0 && m.n > best[0].n {
					best = best[:0]
				}
				if len(best) == 0 || m.n == best[0].n {
					best = append(best, m)
				}
			}
			// the splits of the most pieces, each once, then its moves
			var bases []Move
			for _, m := range best {
				if m.steps() == 0 {
					bases = append(bases, m)
				}
			}
			if len(bases) == 0 {
				tb.Fatalf("%s seed %d: no split at %d pieces", variant, seed, p.NumPieces())
			}
			b := bases[r.IntN(len(bases))]
			var moves []Move
			for _, m := range best {
				if m.anchor == b.anchor && m.kind == b.kind {
					if q := p.PlayUnchecked(m); q.Outcome().Status == boardrules.Ongoing {
						moves = append(moves, m)
					}
				}
			}
			if len(moves) == 0 {
				tb.Fatalf("%s seed %d: every move of the split ends the game at %d pieces", variant, seed, p.NumPieces())
			}
			p = p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
		return p
	}
}

// bandGame is the board w x h with its bottom unit row cut into squares of
// 2^-k units, whose full-width rows take the colours of rows from the
// bottom ('B' or 'W'), under the start's unit squares; Black to move.
func bandGame(w, h, k int, rows string) func(tb testing.TB) Position {
	return func(tb testing.TB) Position {
		d := 1 << k
		var b strings.Builder
		fmt.Fprintf(&b, "crumble %dx%d b", w, h)
		for j := 1; j < h; j++ {
			for i := range w {
				c := "W"
				if (i+j+h-1)%2 == 0 {
					c = "B"
				}
				fmt.Fprintf(&b, " %s%d,%d,1,1", c, i, j)
			}
		}
		fineSquares(&b, w*d, rows, k)
		return decodeTB(tb, b.String())
	}
}

// stripesGame is the board w x h cut into squares of 2^-k units, in
// full-width rows alternately White and Black from the bottom; Black to
// move.
func stripesGame(w, h, k int) func(tb testing.TB) Position {
	return func(tb testing.TB) Position {
		var b strings.Builder
		fmt.Fprintf(&b, "crumble %dx%d b", w, h)
		fineSquares(&b, w<<k, strings.Repeat("WB", h<<k/2), k)
		return decodeTB(tb, b.String())
	}
}

// fineSquares writes full-width rows of squares of 2^-k units from the
// bottom, cols squares each, row r in the colour rows[r].
func fineSquares(b *strings.Builder, cols int, rows string, k int) {
	q := func(n int) string { return NewCoord(int64(n), k).String() }
	for r := range len(rows) {
		for i := range cols {
			fmt.Fprintf(b, " %c%s,%s,%s,%s", rows[r], q(i), q(r), q(1), q(1))
		}
	}
}

// decodeTB decodes a position code.
func decodeTB(tb testing.TB, s string) Position {
	tb.Helper()
	var p Position
	if err := p.UnmarshalText([]byte(s)); err != nil {
		tb.Fatalf("UnmarshalText(%.80q): %v", s, err)
	}
	return p
}

// crowded is one position of the corpus, as the file gives it.
type crowded struct {
	name, how     string
	pieces, moves int
	p             Position
}

// readCrowded reads testdata/crowded.txt: each position's comment line,
// "# name: how; N pieces, M legal moves", then its code.
func readCrowded(tb testing.TB) []crowded {
	tb.Helper()
	f, err := os.Open(filepath.FromSlash(crowdedFile))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []crowded
	var c crowded
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "# "); ok {
			name, how, ok := strings.Cut(rest, ": ")
			if !ok || strings.ContainsRune(name, ' ') {
				continue // a header line
			}
			i := strings.LastIndex(how, "; ")
			if i < 0 {
				tb.Fatalf("%s: no counts in %q", crowdedFile, line)
			}
			var pieces, moves string
			if _, err := fmt.Sscanf(how[i+2:], "%s pieces, %s legal moves", &pieces, &moves); err != nil {
				tb.Fatalf("%s: counts of %q: %v", crowdedFile, line, err)
			}
			c = crowded{name: name, how: how[:i]}
			c.pieces, _ = strconv.Atoi(strings.ReplaceAll(pieces, ",", ""))
			c.moves, _ = strconv.Atoi(strings.ReplaceAll(moves, ",", ""))
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if c.name == "" {
			tb.Fatalf("%s: a code without its comment line", crowdedFile)
		}
		if err := c.p.UnmarshalText([]byte(line)); err != nil {
			tb.Fatalf("%s %s: %v", crowdedFile, c.name, err)
		}
		out = append(out, c)
		c = crowded{}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// crowdedPosition returns the corpus's position of that name, decoding
// that one alone.
func crowdedPosition(tb testing.TB, name string) Position {
	tb.Helper()
	data, err := os.ReadFile(filepath.FromSlash(crowdedFile))
	if err != nil {
		tb.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "\n# "+name+": ")
	if !ok {
		tb.Fatalf("%s has no position %s", crowdedFile, name)
	}
	_, rest, _ = strings.Cut(rest, "\n")
	line, _, _ := strings.Cut(rest, "\n")
	return decodeTB(tb, line)
}

// countMoves counts the legal moves of p through the stream, which keeps
// no list.
func countMoves(p Position) int {
	n := 0
	for range p.LegalMovesSeq() {
		n++
	}
	return n
}

// grouped writes n with commas between groups of three digits.
func grouped(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// bigCorpus is the move count above which TestCrowdedCorpus counts a
// position's moves only in the full suite without the race detector.
const bigCorpus = 200_000

// TestCrowdedCorpus: every position of testdata/crowded.txt decodes, has
// the pieces and legal moves its comment line gives, and is the one its
// recipe makes. With -crowded.update it rewrites the file from the
// recipes.
func TestCrowdedCorpus(t *testing.T) {
	if *updateCrowded {
		var b strings.Builder
		b.WriteString("# Crowded Crumble positions, one position code a line, each after a comment line\n")
		b.WriteString("# \"# name: how it was made; N pieces, M legal moves\". Made by the recipes of\n")
		b.WriteString("# crowded_test.go (go test -run CrowdedCorpus -crowded.update ./crumble).\n")
		for _, r := range crowdedRecipes {
			p := r.make(t)
			fmt.Fprintf(&b, "# %s: %s; %s pieces, %s legal moves\n%s\n", r.name, r.how, grouped(p.NumPieces()), grouped(countMoves(p)), code(p))
			t.Logf("%s: %d pieces", r.name, p.NumPieces())
		}
		if err := os.WriteFile(filepath.FromSlash(crowdedFile), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	corpus := readCrowded(t)
	if len(corpus) != len(crowdedRecipes) {
		t.Fatalf("%s holds %d positions, the recipes make %d", crowdedFile, len(corpus), len(crowdedRecipes))
	}
	for i, c := range corpus {
		r := crowdedRecipes[i]
		if c.name != r.name || c.how != r.how {
			t.Errorf("position %d is %s (%s), the recipe %s (%s)", i, c.name, c.how, r.name, r.how)
		}
		if c.p.NumPieces() != c.pieces {
			t.Errorf("%s: %d pieces, the comment says %d", c.name, c.p.NumPieces(), c.pieces)
		}
		if (testing.Short() || raceEnabled) && c.moves > 2000 {
			continue
		}
		if c.moves > bigCorpus && os.Getenv("CRUMBLE_BIG") == "" {
			continue
		}
		if n := countMoves(c.p); n != c.moves {
			t.Errorf("%s: %d legal moves, the comment says %d", c.name, n, c.moves)
		}
		if os.Getenv("CRUMBLE_BIG") == "" {
			continue // the games of the recipes take minutes
		}
		if p := r.make(t); !p.Equal(c.p) {
			t.Errorf("%s: the recipe makes another position: %s", c.name, code(p))
		}
	}
}

// worstCases is the package doc's table of worst cases (# Worst cases),
// and worstCaseNames the corpus position of each of its rows.
const worstCases = `board  position                                               pieces  legal moves
6x6    the start                                                  36           96
6x6    a random game until 400 pieces                            400        1,102
6x6    both players split only, until 1,150 pieces             1,165       13,880
6x6    bottom unit row in 1/4 squares, rows W B W W              126      187,630
6x6    all in 1/4 squares, rows alternately W and B              576    1,439,364
6x6    bottom unit row in 1/8 squares, rows W B then W           414    3,431,354
8x8    the start                                                  64          176
8x8    split only, until 1,150 pieces                          1,157       12,084
8x8    bottom unit row in 1/4 squares, rows W B W W              184      575,214
32x32  a random game until 1,100 pieces                        1,100        4,615
32x32  split only, until 1,200 pieces                          1,205        4,514
32x32  bottom unit row in 1/2 squares, rows B W                1,120    2,935,838`

var worstCaseNames = []string{"start6", "random6-400", "split6-1150", "rows6-126", "stripes6-576", "rows6-414",
	"start8", "split8-1150", "rows8-184", "random32-1100", "split32-1200", "rows32-1120"}

// TestWorstCasesTable: each row of the package doc's table of worst cases
// gives the board, the pieces and the legal moves of its corpus position
// (whose counts TestCrowdedCorpus checks).
func TestWorstCasesTable(t *testing.T) {
	byName := map[string]crowded{}
	for _, c := range readCrowded(t) {
		byName[c.name] = c
	}
	rows := strings.Split(worstCases, "\n")[1:]
	if len(rows) != len(worstCaseNames) {
		t.Fatalf("%d rows for %d positions", len(rows), len(worstCaseNames))
	}
	for i, row := range rows {
		c, ok := byName[worstCaseNames[i]]
		if !ok {
			t.Fatalf("the corpus has no position %s", worstCaseNames[i])
		}
		f := strings.Fields(row)
		board, _, _ := strings.Cut(c.p.Variant().String(), "-")
		want := []string{board, grouped(c.pieces), grouped(c.moves)}
		if got := []string{f[0], f[len(f)-2], f[len(f)-1]}; !slices.Equal(got, want) {
			t.Errorf("row %q (%s): board, pieces, moves %v, want %v", row, c.name, got, want)
		}
	}
}
