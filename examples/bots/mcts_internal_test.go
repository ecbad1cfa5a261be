package bots

import (
	"iter"
	"math"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
)

// still is a position of a game that never moves, of seats players, for
// the tests of the rewards: its only use is to be evaluated.
type still struct{ players int }

func (p still) Players() int                 { return p.players }
func (p still) ToMove() boardrules.Player    { return 0 }
func (p still) LegalMoves() []int            { return []int{0} }
func (p still) LegalMovesSeq() iter.Seq[int] { return slices.Values(p.LegalMoves()) }

func (p still) AppendLegalMoves(dst []int) []int { return append(dst, 0) }
func (p still) Play(int) (still, error)          { return p, nil }
func (p still) PlayUnchecked(int) still          { return p }
func (p still) ParseMove(string) (int, error)    { return 0, nil }
func (p still) Outcome() boardrules.Outcome {
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}
func (p still) Hash() uint64   { return 0 }
func (p still) String() string { return "still" }

var _ boardrules.Position[still, int] = still{}

// TestScoreSquashes: a two-player evaluation v of seat 0 becomes the
// rewards 1/(1+e^(-v/Squash)) and the rest; with three seats the rewards
// are the softmax of the evaluations over Squash.
func TestScoreSquashes(t *testing.T) {
	s := NewMCTS[still, int](Options{Squash: 2})
	s.SetEvaluator(EvalFunc[still](func(p still, pl boardrules.Player) float64 {
		if p.players == 2 {
			return []float64{1, -1}[pl]
		}
		return []float64{2, 0, -2}[pl]
	}))
	s.seats = 2
	s.score(still{2})
	if want := 1 / (1 + math.Exp(-0.5)); math.Abs(s.result[0]-want) > 1e-12 || math.Abs(s.result[1]-(1-want)) > 1e-12 {
		t.Errorf("two seats: rewards %v, want %v and %v", s.result[:2], want, 1-want)
	}
	s.seats = 3
	s.score(still{3})
	sum := math.Exp(1) + 1 + math.Exp(-1)
	for i, want := range []float64{math.Exp(1) / sum, 1 / sum, math.Exp(-1) / sum} {
		if math.Abs(s.result[i]-want) > 1e-12 {
			t.Errorf("three seats: seat %d's reward %v, want %v", i, s.result[i], want)
		}
	}
}
