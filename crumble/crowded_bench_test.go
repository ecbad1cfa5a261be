package crumble

// Benchmarks of every operation on each position of testdata/crowded.txt.
// They use the public API alone, so that the same file measures any
// build of the package on the same positions.
//
//	go test -run '^$' -bench Crowded -benchmem ./crumble
//
// Every benchmark reports its figure per operation; LegalMoves reports
// ns/move as well.

import (
	"testing"
)

// crowdedBench runs bench on each position of the corpus, as sub-
// benchmarks named after them. maxMoves skips the positions with more
// legal moves (0: none skipped).
func crowdedBench(b *testing.B, maxMoves int, bench func(b *testing.B, c crowded)) {
	for _, c := range readCrowded(b) {
		if maxMoves > 0 && c.moves > maxMoves {
			continue
		}
		b.Run(c.name, func(b *testing.B) { bench(b, c) })
	}
}

// sampleMoves returns up to n of p's legal moves, spread evenly over its
// list.
func sampleMoves(p Position, n int) []Move {
	var all []Move
	all = p.AppendLegalMoves(all)
	if len(all) <= n {
		return all
	}
	out := make([]Move, 0, n)
	for i := range n {
		out = append(out, all[i*len(all)/n])
	}
	return out
}

// BenchmarkCrowdedLegalMoves lists the moves into a buffer with room.
func BenchmarkCrowdedLegalMoves(b *testing.B) {
	crowdedBench(b, 0, func(b *testing.B, c crowded) {
		buf := make([]Move, 0, c.moves)
		b.ReportAllocs()
		for b.Loop() {
			buf = c.p.AppendLegalMoves(buf[:0])
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(buf)), "ns/move")
		b.ReportMetric(float64(len(buf)), "moves")
	})
}

// BenchmarkCrowdedPlayUnchecked plays moves of a position whose moves
// were just listed, in turn (up to 1,000 of them, spread over the list).
func BenchmarkCrowdedPlayUnchecked(b *testing.B) {
	crowdedBench(b, 0, func(b *testing.B, c crowded) {
		moves := sampleMoves(c.p, 1000)
		c.p.AppendLegalMoves(make([]Move, 0, c.moves))
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = c.p.PlayUnchecked(moves[i%len(moves)])
			i++
		}
	})
}

// BenchmarkCrowdedPlay plays moves of the position, checked, in turn.
func BenchmarkCrowdedPlay(b *testing.B) {
	crowdedBench(b, 0, func(b *testing.B, c crowded) {
		moves := sampleMoves(c.p, 1000)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := c.p.Play(moves[i%len(moves)]); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
}

// BenchmarkCrowdedPlayCold plays a move, checked, on a position freshly
// decoded from its code: the first call on it. Decoding is not timed.
func BenchmarkCrowdedPlayCold(b *testing.B) {
	crowdedBench(b, 0, func(b *testing.B, c crowded) {
		moves := sampleMoves(c.p, 1000)
		code, _ := c.p.MarshalText()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			var q Position
			if err := q.UnmarshalText(code); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := q.Play(moves[i%len(moves)]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCrowdedPlayUncheckedCold plays a move unchecked on a position
// freshly decoded from its code. Decoding is not timed.
func BenchmarkCrowdedPlayUncheckedCold(b *testing.B) {
	crowdedBench(b, 0, func(b *testing.B, c crowded) {
		moves := sampleMoves(c.p, 1000)
		code, _ := c.p.MarshalText()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			var q Position
			if err := q.UnmarshalText(code); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			_ = q.PlayUnchecked(moves[i%len(moves)])
		}
	})
}

// BenchmarkCrowdedStreamFirst takes the first move of the stream and
// stops.
func BenchmarkCrowdedStreamFirst(b *testing.B) {
	crowdedBench(b, 0, func(b *testing.B, c crowded) {
		b.ReportAllocs()
		for b.Loop() {
			for range c.p.LegalMovesSeq() {
				break
			}
		}
	})
}

// BenchmarkCrowdedStream1000 takes the first 1,000 moves of the stream
// (or all, when there are fewer) and stops.
func BenchmarkCrowdedStream1000(b *testing.B) {
	crowdedBench(b, 0, func(b *testing.B, c crowded) {
		b.ReportAllocs()
		for b.Loop() {
			n := 0
			for range c.p.LegalMovesSeq() {
				if n++; n == 1000 {
					break
				}
			}
		}
	})
}

// BenchmarkCrowdedDecode decodes the position's code.
func BenchmarkCrowdedDecode(b *testing.B) {
	crowdedBench(b, 0, func(b *testing.B, c crowded) {
		code, _ := c.p.MarshalText()
		b.ReportAllocs()
		for b.Loop() {
			var q Position
			if err := q.UnmarshalText(code); err != nil {
				b.Fatal(err)
			}
		}
	})
}
