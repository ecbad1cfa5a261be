package bots_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/internal/anytest"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// BenchmarkMCTS times one MCTS search of 1000 iterations from each
// engine's standard start, and reports the playouts and plies per second
// and the allocations per search (0 once the tree's buffers have grown).
//
//	go test -run '^$' -bench MCTS -benchmem ./examples/bots/
func BenchmarkMCTS(b *testing.B) {
	b.Run("crumble", func(b *testing.B) { benchMCTS(b, crumble.Standard()) })
	b.Run("flooprail", func(b *testing.B) { benchMCTS(b, flooprail.Standard()) })
	b.Run("terrace", func(b *testing.B) { benchMCTS(b, terrace.Standard()) })
	b.Run("tumbling", func(b *testing.B) { benchMCTS(b, tumbling.Standard()) })
	// The general path, for comparison: the same search on an Any that
	// hides its engine, through its text moves.
	p, _ := boardrules.NewGame("terrace", "")
	b.Run("any-terrace", func(b *testing.B) { benchMCTS(b, anytest.Plain(p)) })
}

func benchMCTS[P boardrules.Position[P, M], M comparable](b *testing.B, start P) {
	const nodes = 1000
	began := time.Now()
	if _, moves := boardrules.Playout(start, rand.New(rand.NewPCG(1, 1)), 20); time.Since(began) > time.Duration(len(moves))*slowPly {
		b.Skipf("a random ply takes over %v: a search of %d playouts would take minutes", slowPly, nodes)
	}
	s := bots.NewMCTS[P, M](bots.Options{Seed: 1, Nodes: nodes})
	s.Choose(start) // grow the buffers
	before := s.Stats()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Choose(start); err != nil {
			b.Fatal(err)
		}
	}
	after := s.Stats()
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(after.Playouts-before.Playouts)/secs, "playouts/s")
	b.ReportMetric(float64(after.Plies-before.Plies)/secs, "plies/s")
}
