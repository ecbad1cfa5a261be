package bots_test

import (
	"context"
	"iter"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
)

// wide is a game of two million moves a turn that never ends, each move
// costing genCost to list and playCost to play: the shape of a crowded
// Crumble board, whose moves take seconds to list, on which a search must
// still keep its time. Its stream yields a move at a time; its
// AppendLegalMoves pays for them all.
type wide struct {
	h      uint64
	toMove boardrules.Player
}

type wideMove int32

// flagged is a move of wide that says it never wins (the engine's flag a
// search reads instead of playing the move).
type flagged int32

const (
	wideMoves = 2_000_000
	genCost   = 500 * time.Nanosecond
	playCost  = 20 * time.Microsecond
)

// spin does d of work, as an engine does: so many steps of arithmetic,
// which cost CPU time on a busy machine as on an idle one (a sleep would
// spend none, and a loop until the clock reads d would spend less than d
// when the machine is busy, while the test counts the CPU time past the
// budget).
func spin(d time.Duration) { work(int(float64(d) * stepsPerNanosecond)) }

// spinFor works until the clock reads d later: a step of a search that
// takes d of the search's own time however busy the machine is, for the
// tests whose premise is where a search's steps fall on its clock.
func spinFor(d time.Duration) {
	for t0 := time.Now(); time.Since(t0) < d; {
		work(1 << 10)
	}
}

// stepsPerNanosecond is how many steps of work take a nanosecond: the
// fastest of a few timings, the one least slowed by other work.
var stepsPerNanosecond = func() float64 {
	const n = 1 << 20
	best := time.Duration(math.MaxInt64)
	for range 7 {
		t0 := time.Now()
		work(n)
		best = min(best, time.Since(t0))
	}
	return n / float64(max(best, 1))
}()

// sink keeps work's result, so that the compiler keeps the work.
var sink uint64

func work(n int) {
	x := sink
	for range n {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

func (m wideMove) String() string { return strconv.Itoa(int(m)) }
func (m flagged) String() string  { return strconv.Itoa(int(m)) }
func (m flagged) Wins() bool      { return false }

func (p wide) Players() int              { return 2 }
func (p wide) ToMove() boardrules.Player { return p.toMove }
func (p wide) LegalMoves() []wideMove    { return p.AppendLegalMoves(nil) }
func (p wide) LegalMovesSeq() iter.Seq[wideMove] {
	return func(yield func(wideMove) bool) {
		for i := range wideMoves {
			spin(genCost)
			if !yield(wideMove(i)) {
				return
			}
		}
	}
}
func (p wide) AppendLegalMoves(dst []wideMove) []wideMove {
	for m := range p.LegalMovesSeq() {
		dst = append(dst, m)
	}
	return dst
}
func (p wide) PlayUnchecked(m wideMove) wide {
	spin(playCost)
	return wide{(p.h + uint64(m) + 1) * 0x9e3779b97f4a7c15, 1 - p.toMove}
}
func (p wide) Play(m wideMove) (wide, error) { return p.PlayUnchecked(m), nil }
func (p wide) ParseMove(s string) (wideMove, error) {
	n, err := strconv.Atoi(s)
	return wideMove(n), err
}
func (p wide) Outcome() boardrules.Outcome {
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}
func (p wide) Hash() uint64   { return p.h }
func (p wide) String() string { return strconv.FormatUint(p.h, 16) }

// wideFlagged is wide with flagged moves.
type wideFlagged struct{ wide }

func (p wideFlagged) LegalMoves() []flagged { return p.AppendLegalMoves(nil) }
func (p wideFlagged) LegalMovesSeq() iter.Seq[flagged] {
	return func(yield func(flagged) bool) {
		for m := range p.wide.LegalMovesSeq() {
			if !yield(flagged(m)) {
				return
			}
		}
	}
}
func (p wideFlagged) AppendLegalMoves(dst []flagged) []flagged {
	for m := range p.LegalMovesSeq() {
		dst = append(dst, m)
	}
	return dst
}
func (p wideFlagged) PlayUnchecked(m flagged) wideFlagged {
	return wideFlagged{p.wide.PlayUnchecked(wideMove(m))}
}
func (p wideFlagged) Play(m flagged) (wideFlagged, error) { return p.PlayUnchecked(m), nil }
func (p wideFlagged) ParseMove(s string) (flagged, error) {
	n, err := strconv.Atoi(s)
	return flagged(n), err
}

var (
	_ boardrules.Position[wide, wideMove]       = wide{}
	_ boardrules.Position[wideFlagged, flagged] = wideFlagged{}
)

// TestBotsKeepTheirTimeOnMillionsOfMoves: on a position whose moves take a
// second to list and whose replies as long, every bot answers within its
// budget and the margin, taking the moves from the stream, with and
// without a flag of the moves that win.
func TestBotsKeepTheirTimeOnMillionsOfMoves(t *testing.T) {
	budget := 200 * time.Millisecond
	t.Run("plain", func(t *testing.T) { keepsTimeOn[wide, wideMove](t, wide{}, budget) })
	t.Run("flagged", func(t *testing.T) { keepsTimeOn[wideFlagged, flagged](t, wideFlagged{}, budget) })
}

func keepsTimeOn[P boardrules.Position[P, M], M comparable](t *testing.T, p P, budget time.Duration) {
	for _, kind := range bots.Kinds {
		s, err := bots.NewSearcher[P, M](kind, bots.Options{Seed: 1, Time: budget})
		if err != nil {
			t.Fatal(err)
		}
		o := measure(budget, func() { _, err = s.Choose(context.Background(), p) })
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		t.Logf("%-9s %v; %+v", kind, o, s.Stats())
		if o.over(margin(budget)) && !raceEnabled {
			t.Errorf("%s: a %v move overran: %v (margin %v)", kind, budget, o, margin(budget))
		}
	}
}
