package bots_test

import (
	"context"
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
	s.Choose(context.Background(), start) // grow the buffers
	before := s.Stats()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Choose(context.Background(), start); err != nil {
			b.Fatal(err)
		}
	}
	after := s.Stats()
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(after.Playouts-before.Playouts)/secs, "playouts/s")
	b.ReportMetric(float64(after.Plies-before.Plies)/secs, "plies/s")
}

// BenchmarkMCTSShare measures how much of an MCTS search goes into its
// playouts (their evaluations included) and how the playouts inside the
// search compare with boardrules.Playout alone, per game: "cut" at the
// game's defaults (playouts cut after Defaults.Cut plies and evaluated),
// "full" with every playout played to its end (Options.Cut -1). Each
// search starts from one of three positions, the start and two seeded
// random games' positions after 10 and 30 plies, and runs the game's
// default number of iterations (a tenth of it for "full").
//
//	go test -run '^$' -bench MCTSShare -benchtime 3x ./examples/bots/
//
// Metrics: share-% (the playouts' part of the search's time),
// mcts-playouts/s and mcts-plies/s (within the search's whole time),
// playout-plies/s (the plies of its playouts over the time spent in them)
// and alone-plies/s (boardrules.Playout from the same positions, to the
// end of the game, MaxPlies or the cut).
func BenchmarkMCTSShare(b *testing.B) {
	b.Run("crumble", func(b *testing.B) { benchShare(b, crumble.Standard()) })
	b.Run("flooprail", func(b *testing.B) { benchShare(b, flooprail.Standard()) })
	b.Run("terrace", func(b *testing.B) { benchShare(b, terrace.Standard()) })
	b.Run("tumbling", func(b *testing.B) { benchShare(b, tumbling.Standard()) })
}

func benchShare[P boardrules.Position[P, M], M comparable](b *testing.B, start P) {
	var positions []P
	for _, plies := range []int{0, 10, 30} {
		p, _ := boardrules.Playout(start, rand.New(rand.NewPCG(uint64(plies), 7)), plies)
		if p.ToMove() != boardrules.NoPlayer {
			positions = append(positions, p)
		}
	}
	for _, c := range []struct {
		name string
		cut  int
	}{{"cut", 0}, {"full", -1}} {
		b.Run(c.name, func(b *testing.B) {
			s := bots.NewMCTS[P, M](bots.Options{Seed: 1, Cut: c.cut})
			if c.cut < 0 {
				s = bots.NewMCTS[P, M](bots.Options{Seed: 1, Cut: c.cut, Nodes: bots.MCTSNodes(s) / 10})
			}
			clock := bots.ClockPlayouts(s)
			for _, p := range positions {
				s.Choose(context.Background(), p) // grow the buffers
			}
			before, inPlayouts := s.Stats(), clock()
			for b.Loop() {
				for _, p := range positions {
					if _, err := s.Choose(context.Background(), p); err != nil {
						b.Fatal(err)
					}
				}
			}
			after, total := s.Stats(), b.Elapsed()
			playouts, plies, spent := after.Playouts-before.Playouts, after.Plies-before.Plies, clock()-inPlayouts
			b.ReportMetric(100*spent.Seconds()/total.Seconds(), "share-%")
			b.ReportMetric(float64(playouts)/total.Seconds(), "mcts-playouts/s")
			b.ReportMetric(float64(plies)/total.Seconds(), "mcts-plies/s")
			b.ReportMetric(float64(plies)/spent.Seconds(), "playout-plies/s")
			// boardrules.Playout alone, as long as the search took, from
			// the same positions and to the same length
			maxPlies := bots.DefaultMaxPlies
			if c.cut == 0 {
				maxPlies = bots.MCTSCut(s)
			}
			r := rand.New(rand.NewPCG(1, 1))
			alone, began := 0, time.Now()
			for i := 0; time.Since(began) < total/2 || i < len(positions); i++ {
				_, moves := boardrules.Playout(positions[i%len(positions)], r, maxPlies)
				alone += len(moves)
			}
			b.ReportMetric(float64(alone)/time.Since(began).Seconds(), "alone-plies/s")
		})
	}
}

// BenchmarkEvaluate times each game's evaluation on positions of a seeded
// random game (its first 40 plies).
//
//	go test -run '^$' -bench Evaluate -benchmem ./examples/bots/
func BenchmarkEvaluate(b *testing.B) {
	b.Run("crumble", func(b *testing.B) { benchEvaluate(b, crumble.Standard(), bots.CrumbleEval{}) })
	b.Run("flooprail", func(b *testing.B) { benchEvaluate(b, flooprail.Standard(), bots.FloopRailEval{}) })
	b.Run("terrace", func(b *testing.B) { benchEvaluate(b, terrace.Standard(), bots.TerraceEval{}) })
	b.Run("tumbling", func(b *testing.B) { benchEvaluate(b, tumbling.Standard(), bots.TumblingEval{}) })
}

func benchEvaluate[P boardrules.Position[P, M], M comparable](b *testing.B, start P, e bots.Evaluator[P]) {
	var positions []P
	p := start
	r := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		if p.ToMove() == boardrules.NoPlayer {
			break
		}
		positions = append(positions, p)
		p, _ = boardrules.Playout(p, r, 1)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		e.Evaluate(positions[i%len(positions)], 0)
		i++
	}
}
