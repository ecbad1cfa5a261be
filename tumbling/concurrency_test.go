package tumbling_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/tumbling"
)

// TestSharedPosition plays from one shared position in 8 goroutines (run
// with -race): positions are values, so nothing is shared but read-only
// tables, and each goroutine gets the same results as a sequential run.
func TestSharedPosition(t *testing.T) {
	shared := tumbling.Standard()
	plies := 200
	if testing.Short() {
		plies = 60
	}
	play := func(seed uint64) (uint64, string) {
		r := rand.New(rand.NewPCG(seed, seed))
		end, moves := boardrules.Playout(shared, r, plies)
		code, _ := end.MarshalText()
		_ = end.String()
		_ = end.Kings(0)
		_ = shared.LegalMoves()
		if _, err := shared.ParseMove("C1-C2T"); err != nil {
			t.Error(err)
		}
		return end.Hash() ^ uint64(len(moves)), string(code)
	}
	type res struct {
		h    uint64
		code string
	}
	want := make([]res, 8)
	for g := range want {
		want[g].h, want[g].code = play(uint64(g))
	}
	before := shared
	got := make([]res, 8)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				got[g].h, got[g].code = play(uint64(g))
			}
		}()
	}
	wg.Wait()
	for g := range got {
		if got[g] != want[g] {
			t.Errorf("goroutine %d: %v, want %v", g, got[g], want[g])
		}
	}
	if shared != before || shared != tumbling.Standard() {
		t.Error("the shared position changed")
	}
}
