package bots_test

import (
	"math"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/boardrules/boardrules/examples/bots"
)

// TestCrumbleEvalCPUTime reports the thread CPU time of CrumbleEval on
// the crowded positions, the best of five rounds of 100 ms, which grows
// far less than wall-clock time when other processes share the machine.
// Run it with CRUMBLE_CPUTIME=1 go test -run CrumbleEvalCPUTime -v
// ./examples/bots.
func TestCrumbleEvalCPUTime(t *testing.T) {
	if os.Getenv("CRUMBLE_CPUTIME") == "" {
		t.Skip("set CRUMBLE_CPUTIME=1")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clk := threadClock(syscall.Gettid())
	var e bots.CrumbleEval
	for _, c := range crowdedCrumble(t) {
		best := time.Duration(math.MaxInt64)
		for range 5 {
			n, t0 := 0, cpuOf(clk)
			for ; cpuOf(clk)-t0 < 100*time.Millisecond; n += 10 {
				for range 10 {
					e.Evaluate(c.p, 0)
				}
			}
			best = min(best, (cpuOf(clk)-t0)/time.Duration(n))
		}
		t.Logf("%-24s %5d chains %8v CPU", c.name, len(c.p.AppendChains(nil)), best)
	}
}
