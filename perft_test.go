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

func TestStatusString(t *testing.T) {
	for s, want := range map[boardrules.Status]string{
		boardrules.Ongoing: "ongoing", boardrules.Win: "win", boardrules.Draw: "draw", 7: "Status(7)",
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
