package crumble

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"pgregory.net/rapid"
)

// genPosition draws a board size and a random game prefix.
func genPosition(t *rapid.T) Position {
	w := rapid.IntRange(2, 7).Draw(t, "w")
	h := rapid.IntRange(2, 7).Draw(t, "h")
	white := rapid.Bool().Draw(t, "whiteFirst")
	v := Variant{Width: w, Height: h}
	if white {
		v.FirstPlayer = White
	}
	p, err := New(v)
	if err != nil {
		t.Fatal(err)
	}
	plies := rapid.IntRange(0, 16).Draw(t, "plies")
	r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
	p, _ = boardrules.Playout(p, r, plies)
	return p
}

// areas returns the exact area of each colour (big.Int: areas on the fixed
// grid exceed 64 bits).
func areas(p Position) [2]*big.Int {
	out := [2]*big.Int{new(big.Int), new(big.Int)}
	for _, pc := range p.list() {
		a := new(big.Int).Mul(big.NewInt(pc.w), big.NewInt(pc.H()))
		out[pc.C()].Add(out[pc.C()], a)
	}
	return out
}

// checkTiling verifies that the pieces tile the board exactly with legal
// shapes, in position-code order.
func checkTiling(t *rapid.T, p Position) {
	wf, hf := p.dims()
	total := new(big.Int)
	for i, pc := range p.list() {
		if !pc.R().legal() || pc.X() < 0 || pc.Y() < 0 || pc.X()+pc.w > wf || pc.Y()+pc.H() > hf {
			t.Fatalf("bad piece %+v in %s", pc, code(p))
		}
		if i > 0 && !p.list()[i-1].R().less(pc.R()) {
			t.Fatalf("pieces out of order in %s", code(p))
		}
		for _, q := range p.list()[i+1:] {
			if q.X() < pc.X()+pc.w && pc.X() < q.X()+q.w && q.Y() < pc.Y()+pc.H() && pc.Y() < q.Y()+q.H() {
				t.Fatalf("overlap in %s", code(p))
			}
		}
		total.Add(total, new(big.Int).Mul(big.NewInt(pc.w), big.NewInt(pc.H())))
	}
	if total.Cmp(new(big.Int).Mul(big.NewInt(wf), big.NewInt(hf))) != 0 {
		t.Fatalf("gap in %s", code(p))
	}
}

func TestPropertyMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		before := code(p)
		hashBefore := p.Hash()
		moves := p.LegalMoves()
		if (len(moves) > 0) != (p.Outcome().Status == boardrules.Ongoing) {
			t.Fatalf("%d moves but outcome %+v", len(moves), p.Outcome())
		}
		if p.Hash() != p.computeHash() {
			t.Fatalf("hash differs from a fresh hash")
		}
		seen := map[string]bool{}
		results := map[string]string{}
		a0 := areas(p)
		for _, m := range moves {
			if seen[m.String()] {
				t.Fatalf("duplicate move %s", m)
			}
			seen[m.String()] = true
			back, err := p.ParseMove(m.String())
			if err != nil || back != m {
				t.Fatalf("%s does not round-trip: %v", m, err)
			}
			q := p.PlayUnchecked(m)
			checkTiling(t, q)
			if q.Hash() != q.computeHash() {
				t.Fatalf("%s: incremental hash differs", m)
			}
			if q.turn != p.turn.Other() {
				t.Fatalf("%s: turn did not pass", m)
			}
			if m.SwapPath() == "" {
				a := areas(q)
				if a[0].Cmp(a0[0]) != 0 || a[1].Cmp(a0[1]) != 0 {
					t.Fatalf("%s without swap changed the colour areas", m)
				}
			}
			key := baseKey(m) + "|" + resultKey(p, m)
			if o, ok := results[key]; ok {
				t.Fatalf("%s and %s give the same result", o, m)
			}
			results[key] = m.String()
		}
		if code(p) != before || p.Hash() != hashBefore {
			t.Fatalf("playing moves changed the position")
		}
		if len(moves) > 0 {
			if _, err := p.Play(moves[len(moves)/2]); err != nil {
				t.Fatalf("Play(%s): %v", moves[len(moves)/2], err)
			}
		}
	})
}

func TestPropertyMarshal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		text, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var q Position
		if err := q.UnmarshalText(text); err != nil {
			t.Fatalf("UnmarshalText(%s): %v", text, err)
		}
		if !q.Equal(p) || q.Hash() != p.Hash() || q.Outcome() != p.Outcome() || q.Variant() != p.Variant() {
			t.Fatalf("round trip of %s differs: %+v %v", text, q.Outcome(), q.Variant())
		}
		if p.Outcome().Status == boardrules.Ongoing {
			pm, qm := textsOf(p.LegalMoves()), textsOf(q.LegalMoves())
			if !slices.Equal(pm, qm) {
				t.Fatalf("legal moves differ after the round trip")
			}
		}
		again, _ := q.MarshalText()
		if string(again) != string(text) {
			t.Fatalf("code changed: %s", again)
		}
	})
}

func textsOf(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

func TestPropertyLocations(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		// every corner of the tiling gets a canonical location, so the
		// layered search stops as soon as it has them all
		var g cornerGraph
		wf, hf := p.dims()
		g.build(p.list(), wf, hf)
		g.rank()
		for v := range g.pts {
			if g.first[v] < 0 {
				t.Fatalf("corner (%d,%d) unreachable in %s", g.pts[v].x, g.pts[v].y, code(p))
			}
		}
		for i := 0; i < p.NumPieces(); i++ {
			loc := p.Location(i)
			pt, err := p.resolveLocation(loc)
			if err != nil {
				t.Fatalf("location %s of piece %d: %v", loc, i, err)
			}
			if pt.x != p.list()[i].X() || pt.y != p.list()[i].Y() {
				t.Fatalf("location %s names another piece", loc)
			}
		}
	})
}

// TestPropertyCanonicalLocation checks the canonical staircase by brute
// force on small boards: no valid location of the piece has fewer legs, and
// none with as many legs has lexicographically larger counts.
func TestPropertyCanonicalLocation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.IntRange(2, 4).Draw(t, "w")
		h := rapid.IntRange(2, 4).Draw(t, "h")
		p, _ := New(Variant{Width: w, Height: h})
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))
		p, _ = boardrules.Playout(p, r, rapid.IntRange(0, 8).Draw(t, "plies"))
		var g cornerGraph
		wf, hf := p.dims()
		g.build(p.list(), wf, hf)
		maxCount := len(g.pts)
		for i := range p.list() {
			target := g.index(p.list()[i].X(), p.list()[i].Y())
			canon := parseCounts(p.Location(i))
			// enumerate every count sequence up to len(canon) legs
			var rec func(v int, seq []int, north bool)
			rec = func(v int, seq []int, north bool) {
				if len(seq) > 0 && v == target {
					if len(seq) < len(canon) {
						t.Fatalf("piece %d: %v is shorter than the canonical %v in %s", i, seq, canon, code(p))
					}
					if len(seq) == len(canon) && slices.Compare(seq, canon) > 0 {
						t.Fatalf("piece %d: %v beats the canonical %v in %s", i, seq, canon, code(p))
					}
				}
				if len(seq) == len(canon) {
					return
				}
				first := 1
				if len(seq) == 0 {
					first = 0
				}
				w := v
				for c := 0; c <= maxCount; c++ {
					if c >= first {
						rec(w, append(seq, c), !north)
					}
					if w, _ = g.next(w, north); w < 0 {
						break
					}
				}
			}
			rec(0, nil, false)
		}
	})
}

func parseCounts(loc string) []int {
	var out []int
	n := 0
	for i := 0; i <= len(loc); i++ {
		if i == len(loc) || loc[i] == ',' {
			out = append(out, n)
			n = 0
			continue
		}
		n = n*10 + int(loc[i]-'0')
	}
	return out
}
