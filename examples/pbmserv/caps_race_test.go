package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestConcurrentChallenges: challenges that seat one user, sent at once,
// never pass the per-user caps: the count and the insert are one
// transaction, serialised per user. Both caps, each with the other lifted.
func TestConcurrentChallenges(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		for _, c := range []struct {
			name string
			lim  Limits
		}{
			{"per hour", Limits{Challenges: 30, MaxOpenBoards: 10_000}},
			{"open", Limits{Challenges: 10_000, MaxOpenBoards: 30}},
		} {
			t.Run(c.name, func(t *testing.T) {
				s := newTestServer(t, dsn(t))
				s.SetLimits(c.lim)
				mustExec(t, s, "register victim v")
				for i := range 50 {
					mustExec(t, s, fmt.Sprintf("register a%d p", i))
				}
				var created, refused atomic.Int32
				var wg sync.WaitGroup
				for i := range 200 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						r := s.Execute(context.Background(), fmt.Sprintf("tumbling challenge a%d victim", i%50))
						switch {
						case strings.HasPrefix(r, "board "):
							created.Add(1)
						case strings.HasPrefix(r, "error: victim "):
							refused.Add(1)
						default:
							t.Errorf("challenge: %q", firstLineOf(r))
						}
					}()
				}
				wg.Wait()
				st := s.store.(*sqlStore)
				open, recent, err := userLoad(context.Background(), st.db, st, "victim", "", s.now().Add(-s.limits.ChallengeWindow))
				if err != nil {
					t.Fatal(err)
				}
				if created.Load() != 30 || open != 30 || recent != 30 || refused.Load() != 170 {
					t.Errorf("200 challenges at once: %d created, %d refused; victim has %d open, %d this hour; want 30, 170, 30, 30",
						created.Load(), refused.Load(), open, recent)
				}
			})
		}
	})
}
