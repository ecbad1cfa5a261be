package terrace

import (
	"testing"

	"github.com/boardrules/boardrules"
)

// perftTable pins the move generator from the twelve starts. Depths 1 and
// 2 are the spec's; depth 3 was checked against the reference rules of
// props_test.go; depths 4 and 5 are this engine's own.
var perftTable = map[string][]uint64{
	"8-long":   {50, 2450, 127166, 6607522, 356271715},
	"8-short":  {31, 961, 32970, 1129694, 40514688},
	"8-medium": {31, 961, 33286, 1148370, 41542219},
	"8-master": {31, 1550, 52114, 2756375, 97073968},
	"8-3p":     {28, 675, 18339, 563015, 15010989},
	"8-4p":     {25, 600, 14499, 335375, 9027287},
	"6-long":   {26, 650, 17557, 472289, 13284579},
	"6-short":  {17, 289, 5672, 110855, 2235396},
	"6-medium": {17, 289, 5774, 113897, 2318099},
	"6-master": {17, 442, 8326, 233157, 4511763},
	"6-3p":     {15, 225, 2670, 45391, 755046},
	"6-4p":     {13, 169, 1976, 22946, 322321},
}

func TestPerftTable(t *testing.T) {
	for _, v := range Variants() {
		want := perftTable[v.String()]
		p := mustNew(t, v)
		for d := 1; d <= len(want); d++ {
			// Keep the suite fast: the deep counts only in a full run,
			// and the largest ones not at all.
			if d >= 4 && testing.Short() || d == 5 && want[d-1] > 20_000_000 {
				break
			}
			if got := boardrules.Perft(p, d); got != want[d-1] {
				t.Errorf("%v: perft(%d) = %d, want %d", v, d, got, want[d-1])
			}
		}
	}
}

// refPerft counts with the reference rules of props_test.go.
func refPerft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, s := range refMoves(p) {
		m, err := p.ParseMove(s)
		if err != nil {
			panic(err)
		}
		n += refPerft(p.PlayUnchecked(m), depth-1)
	}
	return n
}

func TestPerftMatchesReference(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, v := range Variants() {
		if depth == 3 && v.Board == 8 && v.Players == 2 && v.Setup != Short {
			continue // the largest: covered by the table
		}
		p := mustNew(t, v)
		if got, want := refPerft(p, depth), boardrules.Perft(p, depth); got != want {
			t.Errorf("%v: reference perft(%d) = %d, engine %d", v, depth, got, want)
		}
	}
}

// TestPerftPlayed checks the benchmark's perft, which plays the leaves.
func TestPerftPlayed(t *testing.T) {
	for _, v := range Variants() {
		p := mustNew(t, v)
		if got, want := perftPlayed(p, 3, newBufs(3)), perftTable[v.String()][2]; got != want {
			t.Errorf("%v: perftPlayed(3) = %d, want %d", v, got, want)
		}
	}
}
