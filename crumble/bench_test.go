package crumble

import (
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
)

// midgame returns the position after 30 random plies from the 6x6 start
// (seeded, so always the same), each drawn uniformly from LegalMoves: the
// position the figures in BENCHMARKS.md were measured on since the start.
func midgame(tb testing.TB) Position {
	tb.Helper()
	r := rand.New(rand.NewPCG(7, 30))
	for {
		if p := playUniform(Standard(), r, 30, nil); p.Outcome().Status == boardrules.Ongoing {
			return p
		}
	}
}

// playUniform plays up to plies moves from p, each drawn uniformly from
// LegalMoves, calls visit (if not nil) with each position before its move,
// and returns the last position.
func playUniform(p Position, r *rand.Rand, plies int, visit func(Position)) Position {
	for range plies {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if visit != nil {
			visit(p)
		}
		p = p.PlayUnchecked(moves[r.IntN(len(moves))])
	}
	return p
}

// benchPositions runs bench on the 6x6 start and the middle game, as sub-
// benchmarks.
func benchPositions(b *testing.B, bench func(b *testing.B, p Position)) {
	for _, c := range []struct {
		name string
		p    Position
	}{{"start", Standard()}, {"midgame", midgame(b)}} {
		b.Run(c.name, func(b *testing.B) { bench(b, c.p) })
	}
}

func BenchmarkAppendLegalMoves(b *testing.B) {
	benchPositions(b, func(b *testing.B, p Position) {
		buf := make([]Move, 0, 1024)
		b.ReportAllocs()
		for b.Loop() {
			buf = p.AppendLegalMoves(buf[:0])
		}
		b.ReportMetric(float64(len(buf)), "moves")
	})
}

func BenchmarkPlayUnchecked(b *testing.B) {
	benchPositions(b, func(b *testing.B, p Position) {
		moves := p.LegalMoves()
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = p.PlayUnchecked(moves[i%len(moves)])
			i++
		}
	})
}

func BenchmarkPlay(b *testing.B) {
	p := Standard()
	moves := p.LegalMoves()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := p.Play(moves[i%len(moves)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkPerft2(b *testing.B) {
	p := Standard()
	b.ReportAllocs()
	for b.Loop() {
		boardrules.Perft(p, 2)
	}
}

// perftPlayed counts the leaves at depth d, playing every move (leaves
// included) with PlayUnchecked: the cost of a search that visits every
// node.
func perftPlayed(p Position, d int, buf [][]Move) int {
	if d == 0 {
		return 1
	}
	buf[d-1] = p.AppendLegalMoves(buf[d-1][:0])
	n := 0
	for _, m := range buf[d-1] {
		n += perftPlayed(p.PlayUnchecked(m), d-1, buf)
	}
	return n
}

func BenchmarkPerft2Played(b *testing.B) {
	p := Standard()
	buf := make([][]Move, 2)
	nodes := 0
	b.ReportAllocs()
	for b.Loop() {
		nodes += perftPlayed(p, 2, buf)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkRandomMove(b *testing.B) {
	benchPositions(b, func(b *testing.B, p Position) {
		r := rand.New(rand.NewPCG(1, 2))
		b.ReportAllocs()
		for b.Loop() {
			p.RandomMove(r)
		}
	})
}

// BenchmarkPlayout: random 6x6 games through boardrules.Playout, which
// draws each ply with RandomMove, capped at 200 plies.
func BenchmarkPlayout(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		_, moves := boardrules.Playout(Standard(), r, 200)
		plies += len(moves)
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}
