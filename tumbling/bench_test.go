package tumbling_test

import (
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/playedperft"
	"github.com/boardrules/boardrules/tumbling"
)

// midgame is a position some plies into a random game, for the benchmarks.
func midgame() tumbling.Position {
	p, _ := boardrules.Replay(tumbling.Standard(), "C1-C2T", "F8-F7T", "B1-C2", "E7-D6T", "D2-E3T", "G8-F7")
	return p
}

func BenchmarkAppendLegalMoves(b *testing.B) {
	p := midgame()
	buf := make([]tumbling.Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.AppendLegalMoves(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

func BenchmarkPlayUnchecked(b *testing.B) {
	p := midgame()
	moves := p.LegalMoves()
	b.ReportAllocs()
	i := 0
	var sink tumbling.Position
	for b.Loop() {
		sink = p.PlayUnchecked(moves[i])
		i++
		if i == len(moves) {
			i = 0
		}
	}
	_ = sink
}

// perftLeaves is perft that plays every leaf move (boardrules.Perft counts
// the moves at the last ply without playing them).
func perftLeaves(p tumbling.Position, depth int, bufs [][]tumbling.Move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.AppendLegalMoves(bufs[depth][:0])
	bufs[depth] = moves
	var n uint64
	for _, m := range moves {
		n += perftLeaves(p.PlayUnchecked(m), depth-1, bufs)
	}
	return n
}

func benchPerft(b *testing.B, v tumbling.Variant, depth int) {
	p, _ := tumbling.New(v)
	bufs := make([][]tumbling.Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]tumbling.Move, 0, 256)
	}
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n = perftLeaves(p, depth, bufs)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft3 plays every leaf of perft(3) from the standard start.
func BenchmarkPerft3(b *testing.B) { benchPerft(b, tumbling.Variant{}, 3) }

// BenchmarkPerft3Corner is the same from the corner start.
func BenchmarkPerft3Corner(b *testing.B) {
	benchPerft(b, tumbling.Variant{Layout: tumbling.CornerLayout}, 3)
}

// BenchmarkPerft3Generic is boardrules.Perft (leaves counted, not played).
func BenchmarkPerft3Generic(b *testing.B) {
	p := tumbling.Standard()
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n = boardrules.Perft(p, 3)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPlayout plays random games from the start to their end.
func BenchmarkPlayout(b *testing.B) {
	for _, v := range []tumbling.Variant{{}, {Rules: tumbling.Classic}, {Rules: tumbling.Boardspace}} {
		b.Run(v.String(), func(b *testing.B) {
			p, _ := tumbling.New(v)
			r := rand.New(rand.NewPCG(1, 2))
			buf := make([]tumbling.Move, 0, 256)
			plies := 0
			b.ReportAllocs()
			for b.Loop() {
				q := p
				for {
					buf = q.AppendLegalMoves(buf[:0])
					if len(buf) == 0 {
						break
					}
					q = q.PlayUnchecked(buf[r.IntN(len(buf))])
					plies++
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}

// BenchmarkPlayoutGeneric is boardrules.Playout (it allocates the move list).
func BenchmarkPlayoutGeneric(b *testing.B) {
	p := tumbling.Standard()
	r := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		boardrules.Playout(p, r, 1000)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// TestZeroAllocs pins the allocation-free paths: move generation into a
// buffer with room, PlayUnchecked, and Play, ParseMove and Outcome on legal
// input.
func TestZeroAllocs(t *testing.T) {
	p := midgame()
	buf := make([]tumbling.Move, 0, 256)
	m := p.LegalMoves()[7]
	s := m.String()
	for name, f := range map[string]func(){
		"AppendLegalMoves": func() { buf = p.AppendLegalMoves(buf[:0]) },
		"LegalMovesSeq": func() {
			for m := range p.LegalMovesSeq() {
				_ = m
			}
		},
		"PlayUnchecked": func() { _ = p.PlayUnchecked(m) },
		"Play":          func() { _, _ = p.Play(m) },
		"ParseMove":     func() { _, _ = p.ParseMove(s) },
		"Outcome":       func() { _ = p.Outcome() },
		"Hash":          func() { _ = p.Hash() },
	} {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

// BenchmarkPerft3Played is perft(3) from the standard start as
// examples/speed measures it: generic, every leaf played and hashed.
func BenchmarkPerft3Played(b *testing.B) {
	p := tumbling.Standard()
	bufs := make([][]tumbling.Move, 3)
	b.ReportAllocs()
	var n, sink uint64
	for b.Loop() {
		n = playedperft.Count(p, 3, bufs, &sink)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
