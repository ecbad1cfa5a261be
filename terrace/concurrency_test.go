package terrace

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/boardrules/boardrules"
)

// TestSharedPosition plays from one position in 8 goroutines at once; run
// with -race. Each goroutine must see exactly what a lone player sees.
func TestSharedPosition(t *testing.T) {
	for _, v := range []Variant{{}, {Board: 6, Players: 4}} {
		shared := mustNew(t, v)
		before := shared
		play := func(seed uint64) (uint64, int, uint64) {
			r := rand.New(rand.NewPCG(seed, 7))
			end, moves := boardrules.Playout(shared, r, 200)
			return end.Hash(), len(moves), boardrules.Perft(shared, 2)
		}
		const workers = 8
		var want [workers][3]uint64
		for i := range want {
			h, n, pf := play(uint64(i))
			want[i] = [3]uint64{h, uint64(n), pf}
		}
		var got [workers][3]uint64
		var wg sync.WaitGroup
		for i := 0; i < workers; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 5 {
					h, n, pf := play(uint64(i))
					got[i] = [3]uint64{h, uint64(n), pf}
					_ = shared.String()
					_, _ = shared.MarshalText()
					_ = shared.Outcome()
				}
			}()
		}
		wg.Wait()
		if got != want {
			t.Errorf("%v: concurrent results %v, sequential %v", v, got, want)
		}
		if shared != before {
			t.Errorf("%v: the shared position changed", v)
		}
	}
}
