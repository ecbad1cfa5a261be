package terrace

import (
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/playedperft"
)

// midgame is a position 30 plies into a random 8x8 Long game (47 moves).
const midgame = "terrace 8 2p 0 DDB1C1A1/AA1C1BT1/1C3DD1/1b4C1/4Bb2/cc4ca/dd3b2/tab2cdd"

// perftPlayed is perft that plays every leaf move too, as a search does.
func perftPlayed(p Position, depth int, bufs [][]Move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.AppendLegalMoves(bufs[depth-1][:0])
	bufs[depth-1] = moves
	var n uint64
	for _, m := range moves {
		q := p.PlayUnchecked(m)
		if depth == 1 {
			n++
			_ = q
			continue
		}
		n += perftPlayed(q, depth-1, bufs)
	}
	return n
}

func newBufs(depth int) [][]Move {
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
	}
	return bufs
}

func TestZeroAllocs(t *testing.T) {
	p := mustDecode(t, midgame)
	buf := make([]Move, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendLegalMoves(buf[:0]) }); n != 0 {
		t.Errorf("AppendLegalMoves: %v allocs per run", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		for m := range p.LegalMovesSeq() {
			_ = m
		}
	}); n != 0 {
		t.Errorf("LegalMovesSeq: %v allocs per run", n)
	}
	m := buf[0]
	if n := testing.AllocsPerRun(100, func() { _ = p.PlayUnchecked(m) }); n != 0 {
		t.Errorf("PlayUnchecked: %v allocs per run", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = p.Outcome() }); n != 0 {
		t.Errorf("Outcome: %v allocs per run", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.Play(m) }); n != 0 {
		t.Errorf("Play: %v allocs per run", n)
	}
}

func BenchmarkAppendLegalMoves(b *testing.B) {
	for _, tc := range []struct{ name, code string }{
		{"start", startCodes[0].code},
		{"midgame", midgame},
		{"6x6-4p", startCodes[11].code},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p := mustDecode(b, tc.code)
			buf := make([]Move, 0, 256)
			b.ReportAllocs()
			for b.Loop() {
				buf = p.AppendLegalMoves(buf[:0])
			}
		})
	}
}

func BenchmarkPlayUnchecked(b *testing.B) {
	p := mustDecode(b, midgame)
	moves := p.LegalMoves()
	b.ReportAllocs()
	var sink Position
	i := 0
	for b.Loop() {
		sink = p.PlayUnchecked(moves[i])
		i++
		if i == len(moves) {
			i = 0
		}
	}
	_ = sink
}

func BenchmarkPlay(b *testing.B) {
	p := mustDecode(b, midgame)
	moves := p.LegalMoves()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := p.Play(moves[i]); err != nil {
			b.Fatal(err)
		}
		i++
		if i == len(moves) {
			i = 0
		}
	}
}

// BenchmarkPerft4 is boardrules.Perft(4) from the 8x8 Long start: leaves
// are counted, not played.
func BenchmarkPerft4(b *testing.B) {
	p := Standard()
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += boardrules.Perft(p, 4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftPlayed4 is perft(4) from the 8x8 Long start with every leaf
// move played.
func BenchmarkPerftPlayed4(b *testing.B) {
	p := Standard()
	bufs := newBufs(4)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += perftPlayed(p, 4, bufs)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPlayout plays random games from the 8x8 Long start to the end
// (or 1000 plies).
func BenchmarkPlayout(b *testing.B) {
	p := Standard()
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		q := p
		for range 1000 {
			buf = q.AppendLegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			q = q.PlayUnchecked(buf[r.IntN(len(buf))])
			plies++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}

// BenchmarkToMove reads the seat to move, as a search does at every node:
// it checks that the game goes on.
func BenchmarkToMove(b *testing.B) {
	p := mustDecode(b, midgame)
	var sink boardrules.Player
	for b.Loop() {
		sink = p.ToMove()
	}
	_ = sink
}

// BenchmarkPerftPlayedGeneric is the speed program's measurement: perft(4)
// from the 8x8 Long start, every leaf played and hashed, through the
// generic contract as a bot uses it.
func BenchmarkPerftPlayedGeneric(b *testing.B) {
	p := Standard()
	bufs := make([][]Move, 4)
	b.ReportAllocs()
	var nodes, sink uint64
	for b.Loop() {
		nodes += playedperft.Count(p, 4, bufs, &sink)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
