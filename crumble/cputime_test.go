package crumble

import (
	"math/rand/v2"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
)

// threadCPU returns the CPU time the calling OS thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD (Linux)
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestCPUTime reports the thread CPU time of move generation, which does
// not grow when other processes share the machine (wall-clock benchmarks
// do). Run it with CRUMBLE_CPUTIME=1 go test -run CPUTime -v.
func TestCPUTime(t *testing.T) {
	if os.Getenv("CRUMBLE_CPUTIME") == "" {
		t.Skip("set CRUMBLE_CPUTIME=1")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, c := range []struct {
		name string
		p    Position
	}{{"start", Standard()}, {"midgame", midgame(t)}} {
		buf := make([]Move, 0, 1024)
		for i := 0; i < 50; i++ {
			buf = c.p.AppendLegalMoves(buf[:0])
		}
		n := 2000
		t0 := threadCPU()
		for i := 0; i < n; i++ {
			buf = c.p.AppendLegalMoves(buf[:0])
		}
		d := threadCPU() - t0
		t.Logf("AppendLegalMoves %s: %d moves, %v CPU per call", c.name, len(buf), d/time.Duration(n))
	}
	p := Standard()
	s := new(scratch)
	wf, hf := p.dims()
	t0 := threadCPU()
	for i := 0; i < 20000; i++ {
		s.text.corners.build(p.list(), wf, hf)
	}
	t.Logf("corner graph of the start: %v CPU", (threadCPU()-t0)/20000)
	s.last.g.build(p.list(), nil, wf, hf)
	m, _ := p.ParseMove("2,1H")
	p.resolveAction(s, &m)
	t0 = threadCPU()
	for i := 0; i < 200000; i++ {
		s.last.g.undo() // else the overlay in place is kept
		s.last.g.overlay(&s.act, p.turn)
	}
	t.Logf("overlay of a split at the start: %v CPU", (threadCPU()-t0)/200000)
	t0 = threadCPU()
	for i := 0; i < 20000; i++ {
		s.last.g.build(p.list(), nil, wf, hf)
	}
	t.Logf("contact graph of the start: %v CPU", (threadCPU()-t0)/20000)
	r := rand.New(rand.NewPCG(1, 2))
	plies := 0
	t0 = threadCPU()
	for g := 0; g < 20; g++ {
		_, moves := boardrules.Playout(Standard(), r, 200)
		plies += len(moves)
	}
	d := threadCPU() - t0
	t.Logf("random playouts from the 6x6 start: %v CPU per game, %.1f plies per game, %v per ply", d/20, float64(plies)/20, d/time.Duration(plies))
	t0 = threadCPU()
	moves := Standard().LegalMoves()
	for i := 0; i < 20000; i++ {
		Standard().PlayUnchecked(moves[i%len(moves)])
	}
	t.Logf("PlayUnchecked at the start (incl. Standard()): %v CPU", (threadCPU()-t0)/20000)
}

func BenchmarkCornerGraph(b *testing.B) {
	p := Standard()
	var g cornerGraph
	wf, hf := p.dims()
	b.ReportAllocs()
	for b.Loop() {
		g.build(p.list(), wf, hf)
	}
}

func BenchmarkOverlay(b *testing.B) {
	p := Standard()
	s := new(scratch)
	wf, hf := p.dims()
	s.last.g.build(p.list(), nil, wf, hf)
	m, _ := p.ParseMove("2,1H")
	p.resolveAction(s, &m)
	b.ReportAllocs()
	for b.Loop() {
		s.last.g.undo() // else the overlay in place is kept
		s.last.g.overlay(&s.act, p.turn)
	}
}
