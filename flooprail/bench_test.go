package flooprail

import (
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/playedperft"
)

// benchPositions are a start, a middle game with SooperFloopers and a
// position with a multi-Fleap.
var benchPositions = []string{
	startCode,
	"flooprail normal o ../..X./..o..x/..o...xx/ox..../.x.O/..",
	"flooprail normal o oo/o.o./.o..x./o.x.x.xx/.ox.X./x.xx/x.",
}

func BenchmarkAppendLegalMoves(b *testing.B) {
	ps := make([]Position, len(benchPositions))
	for i, c := range benchPositions {
		ps[i] = decode(b, c)
	}
	buf := make([]Move, 0, 64)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		buf = ps[i%len(ps)].AppendLegalMoves(buf[:0])
		n += len(buf)
	}
	_ = n
}

func BenchmarkPlayUnchecked(b *testing.B) {
	p := Standard()
	moves := p.LegalMoves()
	b.ReportAllocs()
	var h uint64
	j := 0
	for b.Loop() {
		h ^= p.PlayUnchecked(moves[j]).Hash()
		if j++; j == len(moves) {
			j = 0
		}
	}
	_ = h
}

// BenchmarkPerft9 counts perft(9) from the start with the generic
// boardrules.Perft, which counts the moves at the last ply without playing
// them (bulk counting).
func BenchmarkPerft9(b *testing.B) {
	p := Standard()
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if n := boardrules.Perft(p, 9); n != 3963680 {
			b.Fatal(n)
		}
	}
	cpu = cpuTime() - cpu
	b.ReportMetric(3963680*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
	if cpu > 0 {
		b.ReportMetric(3963680*float64(b.N)/cpu.Seconds(), "cpu-nodes/s")
	}
}

// BenchmarkPerft9Played counts perft(9) from the start playing every leaf,
// the figure BENCHMARKS.md compares with a chess move generator.
//
// Besides the wall-clock rate it reports cpu-nodes/s, nodes per second of
// CPU time used by the process, which is the engine's speed when other
// processes share the machine.
func BenchmarkPerft9Played(b *testing.B) {
	p := Standard()
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if n := perftPlayed(p, 9); n != 3963680 {
			b.Fatal(n)
		}
	}
	cpu = cpuTime() - cpu
	b.ReportMetric(3963680*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
	if cpu > 0 {
		b.ReportMetric(3963680*float64(b.N)/cpu.Seconds(), "cpu-nodes/s")
	}
}

// BenchmarkPerft9PlayedGeneric is BenchmarkPerft9Played through the
// generic contract (boardrules.Position), as bots and the speed program
// (examples/speed) play an engine: every call goes through the generic
// code's dictionary, and each leaf is played and hashed.
func BenchmarkPerft9PlayedGeneric(b *testing.B) {
	p := Standard()
	bufs := make([][]Move, 9)
	var sink uint64
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if n := playedperft.Count(p, 9, bufs, &sink); n != 3963680 {
			b.Fatal(n)
		}
	}
	cpu = cpuTime() - cpu
	b.ReportMetric(3963680*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
	if cpu > 0 {
		b.ReportMetric(3963680*float64(b.N)/cpu.Seconds(), "cpu-nodes/s")
	}
}

func BenchmarkPlayout(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	p := Standard()
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		_, moves := boardrules.Playout(p, r, 500)
		plies += len(moves)
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkToMove reads ToMove, which bots call at every node, over the
// positions of random games, their ends included: it tests the bitboards
// for any move.
func BenchmarkToMove(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	var ps []Position
	for len(ps) < 4096 {
		p := Standard()
		for range 300 {
			ps = append(ps, p)
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
	}
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		n += int(ps[i&4095].ToMove())
	}
	_ = n
}
