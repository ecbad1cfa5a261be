package boardrules_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// nimPerft counts by brute recursion, independently of Perft's buffers.
func nimPerft(pile, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for t := 1; t <= 3 && t <= pile; t++ {
		n += nimPerft(pile-t, depth-1)
	}
	return n
}

func TestPerftTable(t *testing.T) {
	// Counted by hand from a pile of 4: a sequence of d takes of 1-3 stones
	// each, adding up to at most 4. Depth 2: 11 12 13 21 22 31; depth 3:
	// 111 112 121 211; depth 4: 1111; nothing is left for depth 5.
	want := []uint64{1, 3, 6, 4, 1, 0}
	for depth, w := range want {
		if got := boardrules.Perft(nim{pile: 4}, depth); got != w {
			t.Errorf("Perft(pile 4, %d) = %d, want %d", depth, got, w)
		}
	}
}

func TestPerftMatchesBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pile := rapid.IntRange(0, 12).Draw(t, "pile")
		depth := rapid.IntRange(0, 8).Draw(t, "depth")
		if got, want := boardrules.Perft(nim{pile: pile}, depth), nimPerft(pile, depth); got != want {
			t.Fatalf("Perft(%d, %d) = %d, want %d", pile, depth, got, want)
		}
	})
}

func TestDivide(t *testing.T) {
	got := boardrules.Divide(nim{pile: 5}, 3)
	want := map[string]uint64{"1": nimPerft(4, 2), "2": nimPerft(3, 2), "3": nimPerft(2, 2)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Divide mismatch (-want +got):\n%s", diff)
	}
	var sum uint64
	for _, n := range got {
		sum += n
	}
	if p := boardrules.Perft(nim{pile: 5}, 3); sum != p {
		t.Errorf("Divide sums to %d, Perft is %d", sum, p)
	}
	if d := boardrules.Divide(nim{pile: 5}, 0); len(d) != 0 {
		t.Errorf("Divide at depth 0 = %v, want empty", d)
	}
}

func TestPlayoutEndsTheGame(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		end, moves := boardrules.Playout(nim{pile: 10}, r, 1000)
		if end.Outcome().Status == boardrules.Ongoing {
			t.Fatalf("playout stopped at an ongoing position %v", end)
		}
		sum := 0
		for _, m := range moves {
			sum += int(m)
		}
		if sum != 10 {
			t.Fatalf("moves %v take %d stones, want 10", moves, sum)
		}
	}
}

func TestPlayoutRespectsMaxPlies(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	end, moves := boardrules.Playout(nim{pile: 100}, r, 5)
	if len(moves) != 5 || end.Outcome().Status != boardrules.Ongoing {
		t.Fatalf("got %d moves, outcome %v; want 5 moves and an ongoing game", len(moves), end.Outcome())
	}
}

func TestReplay(t *testing.T) {
	end, err := boardrules.Replay(nim{pile: 7}, "3", "1", "2")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(nim{pile: 1, toMove: 1}, end, cmp.AllowUnexported(nim{})); diff != "" {
		t.Errorf("Replay end (-want +got):\n%s", diff)
	}
}

func TestReplayErrorNamesThePly(t *testing.T) {
	cases := []struct {
		moves    []string
		ply      int
		sentinel error
	}{
		{[]string{"3", "x"}, 2, boardrules.ErrSyntax},
		{[]string{"3", "3", "3"}, 3, boardrules.ErrIllegalMove},
		{[]string{"3", "3", "1", "1"}, 4, boardrules.ErrGameOver},
	}
	for _, c := range cases {
		_, err := boardrules.Replay(nim{pile: 7}, c.moves...)
		var re *boardrules.ReplayError
		if !errors.As(err, &re) {
			t.Fatalf("Replay(%v) error %v is not a *ReplayError", c.moves, err)
		}
		if re.Ply != c.ply || re.Move != c.moves[c.ply-1] {
			t.Errorf("Replay(%v) failed at ply %d (%q), want ply %d", c.moves, re.Ply, re.Move, c.ply)
		}
		if !errors.Is(err, c.sentinel) {
			t.Errorf("Replay(%v) error %v does not wrap %v", c.moves, err, c.sentinel)
		}
	}
}

// TestReplayStopsAtTheLastGoodPosition pins that Replay, on failure, returns
// the position reached before the failing ply rather than the start, so a
// caller can show where a game went wrong.
func TestReplayStopsAtTheLastGoodPosition(t *testing.T) {
	for _, moves := range [][]string{{"3", "x"}, {"3", "4"}, {"3", "1", "2", "1", "1"}} {
		// From 7 stones, each case fails on its last move: a syntax error,
		// an illegal take, and a take after the last stone.
		good := moves[:len(moves)-1]
		want, err := boardrules.Replay(nim{pile: 7}, good...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := boardrules.Replay(nim{pile: 7}, moves...)
		if err == nil {
			t.Fatalf("Replay(%v) accepted a bad last move", moves)
		}
		if got != want {
			t.Errorf("Replay(%v) failed at %+v, want the last good position %+v", moves, got, want)
		}
	}
}

// greedyNim is Nim whose RandomMove always takes as many stones as it may:
// a Sampler with a distribution no uniform choice would reproduce, so a
// test can tell whether Playout asked it.
type greedyNim struct{ nim }

func (p greedyNim) PlayUnchecked(t take) greedyNim { return greedyNim{p.nim.PlayUnchecked(t)} }
func (p greedyNim) Play(t take) (greedyNim, error) {
	q, err := p.nim.Play(t)
	return greedyNim{q}, err
}
func (p greedyNim) RandomMove(*rand.Rand) (take, bool) {
	if p.pile == 0 {
		return 0, false
	}
	return take(min(3, p.pile)), true
}

var _ boardrules.Sampler[take] = greedyNim{}

// TestPlayoutUsesTheSampler pins that Playout draws each move from the
// current position's own RandomMove when the position is a Sampler, and
// stops when it reports the game over.
func TestPlayoutUsesTheSampler(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	end, moves := boardrules.Playout(greedyNim{nim{pile: 10}}, r, 100)
	if diff := cmp.Diff([]take{3, 3, 3, 1}, moves); diff != "" {
		t.Errorf("Playout moves (-want +got):\n%s", diff)
	}
	if end.pile != 0 || end.toMove != 0 {
		t.Errorf("Playout ended at %+v, want the empty pile with seat 0 to move", end)
	}
}

func TestStatusString(t *testing.T) {
	for s, want := range map[boardrules.Status]string{
		boardrules.Ongoing: "ongoing", boardrules.Win: "win", boardrules.Draw: "draw", 7: "Status(7)",
		// An out-of-range value must print as itself, sign included, so
		// that a corrupted Status is not mistaken for another one.
		-3: "Status(-3)",
	} {
		if got := s.String(); got != want {
			t.Errorf("Status(%d).String() = %q, want %q", s, got, want)
		}
	}
}

func BenchmarkPerftNim(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		boardrules.Perft(nim{pile: 30}, 8)
	}
}
