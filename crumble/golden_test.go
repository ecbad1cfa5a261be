package crumble

// Golden digests of the move generator, Play and RandomMove: seeded games
// on many boards, and at each position every legal move in order with the
// position it leads to. A change to the engine's speed must leave every
// digest as it is.

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

var (
	updateGolden = flag.Bool("golden.update", false, "rewrite testdata/golden.txt from the engine as it is")
	dumpGolden   = flag.String("golden.dump", "", "also write what each digest covers, as text, into this folder (to find where two builds part)")
)

// goldenCase is one seeded game: skip plies drawn with RandomMove (not
// digested), then up to plies positions digested, each followed by a move
// drawn uniformly from LegalMoves (mode "uniform") or by RandomMove (mode
// "sample"), or the no-path split of the mover's smallest piece (mode
// "fine", which drives the grid towards the precision limit).
type goldenCase struct {
	variant     string
	seed        uint64
	skip, plies int
	mode        string
	short       bool // also run with -short
}

func (c goldenCase) key() string {
	return fmt.Sprintf("%s %d %d %d %s", c.variant, c.seed, c.skip, c.plies, c.mode)
}

var goldenCases = []goldenCase{
	{"2x2", 1, 0, 20, "uniform", true},
	{"2x2", 2, 0, 20, "sample", false},
	{"3x3", 1, 0, 30, "uniform", true},
	{"3x3-white", 2, 0, 30, "sample", false},
	{"2x4", 1, 0, 30, "uniform", false},
	{"4x2-repetition", 3, 0, 30, "uniform", false},
	{"3x5-white", 1, 0, 30, "uniform", false},
	{"4x4", 1, 0, 30, "uniform", true},
	{"4x4-nodraws", 2, 0, 40, "sample", false},
	{"5x7", 1, 0, 25, "uniform", false},
	{"6x6", 1, 0, 40, "uniform", true},
	{"6x6", 2, 0, 40, "uniform", false},
	{"6x6", 3, 0, 40, "sample", false},
	{"6x6-white", 4, 0, 30, "uniform", false},
	{"6x6-renewables", 5, 0, 30, "sample", false},
	{"6x6", 6, 80, 6, "uniform", false},
	{"6x6", 7, 160, 4, "sample", false},
	{"8x8", 1, 0, 15, "uniform", false},
	{"8x8", 2, 60, 4, "sample", false},
	{"16x16", 1, 0, 3, "uniform", false},
	{"6x6", 8, 0, 60, "uniform", false},
	{"6x6", 9, 0, 60, "uniform", false},
	{"6x6", 10, 120, 10, "uniform", false},
	{"6x6", 11, 0, 200, "sample", false},
	{"7x9-white-nodraws", 12, 0, 40, "sample", false},
	{"16x16", 2, 40, 2, "sample", false},
	{"2x2", 3, 0, 250, "fine", false},
	{"3x3", 4, 0, 60, "fine", false},
}

// TestGoldenListings compares the digests with testdata/golden.txt. Run
// with -golden.update to rewrite the file (only when a change of the
// rules or of the move order is intended, with the reason in the commit).
func TestGoldenListings(t *testing.T) {
	golden := readGolden(t)
	var lines []string
	for _, c := range goldenCases {
		if testing.Short() && !c.short {
			continue
		}
		got := goldenDigest(t, c)
		lines = append(lines, c.key()+" "+got)
		if *updateGolden {
			continue
		}
		want, ok := golden[c.key()]
		if !ok {
			t.Errorf("no digest in testdata/golden.txt for %q (run with -golden.update)", c.key())
		} else if got != want {
			t.Errorf("%s: digest %s, want %s", c.key(), got, want)
		}
	}
	if *updateGolden {
		if testing.Short() {
			t.Fatal("-golden.update needs the whole suite, not -short")
		}
		text := "# variant seed skip plies mode sha256: see golden_test.go\n" + strings.Join(lines, "\n") + "\n"
		if err := os.WriteFile(filepath.Join("testdata", "golden.txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readGolden(t *testing.T) map[string]string {
	out := map[string]string{}
	f, err := os.Open(filepath.Join("testdata", "golden.txt"))
	if err != nil {
		if *updateGolden {
			return out
		}
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if i := strings.LastIndexByte(line, ' '); i > 0 {
			out[line[:i]] = line[i+1:]
		}
	}
	return out
}

// goldenDigest plays case c and returns the digest of what it saw.
func goldenDigest(t *testing.T, c goldenCase) string {
	t.Helper()
	p := startOf(t, c.variant)
	r := rand.New(rand.NewPCG(c.seed, 99))
	for ply := 0; ply < c.skip; ply++ {
		m, ok := p.RandomMove(r)
		if !ok { // the game ended: start another one
			p, ply = startOf(t, c.variant), -1
			continue
		}
		p = p.PlayUnchecked(m)
	}
	var d hash.Hash = sha256.New()
	if *dumpGolden != "" {
		name := strings.ReplaceAll(c.key(), " ", "_") + ".txt"
		f, err := os.Create(filepath.Join(*dumpGolden, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		w := bufio.NewWriter(f)
		defer w.Flush()
		d = teeHash{d, w}
	}
	draws := rand.New(rand.NewPCG(c.seed, 7))
	for ply := 0; ply < c.plies && p.Outcome().Status == boardrules.Ongoing; ply++ {
		moves := digestPosition(t, d, p, draws)
		var m Move
		switch c.mode {
		case "uniform":
			m = moves[r.IntN(len(moves))]
		case "sample":
			m, _ = p.RandomMove(r)
		case "fine":
			m = finestSplit(p, moves)
		}
		p = p.PlayUnchecked(m)
	}
	fmt.Fprintf(d, "end %s\n", code(p))
	return hex.EncodeToString(d.Sum(nil))
}

// teeHash is a hash that also writes what it hashes to w.
type teeHash struct {
	hash.Hash
	w io.Writer
}

func (h teeHash) Write(b []byte) (int, error) {
	h.w.Write(b)
	return h.Hash.Write(b)
}

// digestPosition writes p, each legal move with the position it leads to,
// and a few RandomMove draws to d, and returns the moves. It checks on the
// way that Play and ParseMove agree with PlayUnchecked.
func digestPosition(t *testing.T, d hash.Hash, p Position, draws *rand.Rand) []Move {
	t.Helper()
	fmt.Fprintf(d, "position %s %016x\n", code(p), p.Hash())
	moves := p.LegalMoves()
	for i, m := range moves {
		q := p.PlayUnchecked(m)
		o := q.Outcome()
		fmt.Fprintf(d, "%s %s %016x %v %d %s\n", m, code(q), q.Hash(), o.Status, o.Winner, o.Reason)
		if i%7 == 0 { // the checked paths, on a sample
			if pm, err := p.ParseMove(m.String()); err != nil || pm != m {
				t.Fatalf("%s: ParseMove(%s) = %v, %v", code(p), m, pm, err)
			}
			if pq, err := p.Play(m); err != nil || !pq.Equal(q) || pq.Hash() != q.Hash() || pq.Outcome() != o {
				t.Fatalf("%s: Play(%s) differs from PlayUnchecked: %v", code(p), m, err)
			}
		}
	}
	for range 4 {
		m, _ := p.RandomMove(draws)
		d.Write([]byte("draw " + m.String() + "\n"))
	}
	return moves
}

// finestSplit returns the no-path split of the mover's smallest piece (the
// first listed on ties), or the first move if there is none.
func finestSplit(p Position, moves []Move) Move {
	best, bestHi, bestLo := moves[0], ^uint64(0), ^uint64(0)
	for _, m := range moves {
		if m.kind == kindJ || m.n != 1 || m.steps() > 0 {
			continue
		}
		r := p.list()[m.anchor].R()
		hi, lo := bits.Mul64(uint64(r.w), uint64(r.h))
		if hi < bestHi || (hi == bestHi && lo < bestLo) {
			best, bestHi, bestLo = m, hi, lo
		}
	}
	return best
}
