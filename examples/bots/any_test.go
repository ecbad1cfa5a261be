package bots_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/internal/anytest"
)

// gameBudget bounds the time of one test game through Any, so that a slow
// engine (Crumble's plies take microseconds, and an 8x8 board's many) is
// tested on the plies it manages and does not hold up the suite.
func gameBudget() time.Duration {
	if testing.Short() {
		return 50 * time.Millisecond
	}
	return 500 * time.Millisecond
}

// TestBotsPlayEveryGameThroughAny: each kind of bot plays a game of every
// registered game and variant (multi-player ones included) through the
// Any-level Bot, on both paths (the engine's types, and an Any that hides
// its engine, searched through its text moves), and every move it returns
// is legal.
func TestBotsPlayEveryGameThroughAny(t *testing.T) {
	plies := 400
	if testing.Short() {
		plies = 16
	}
	// time enough for MCTS to run iterations beside its scans, which the
	// race detector slows tenfold: there the plain path's listing of a
	// Crumble 8x8 start, through its text moves, takes about 100 ms on a
	// busy machine, the half of 200 ms that a root's listing may take,
	// and a listing cut there leaves the rest to the scan of its moves
	budget := 20 * time.Millisecond
	if raceEnabled {
		budget = 400 * time.Millisecond
	}
	for _, g := range boardrules.Games() {
		for _, v := range g.Variants {
			start, err := g.New(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, kind := range bots.Kinds {
				fast, err := bots.New(kind, bots.Options{Seed: 1, Nodes: 20, Depth: 2, Time: budget})
				if err != nil {
					t.Fatal(err)
				}
				plain, _ := bots.New(kind, bots.Options{Seed: 1, Nodes: 5, Depth: 1, MaxPlies: 10, Time: budget})
				p := start
				deadline := time.Now().Add(gameBudget())
				for ply := 0; ply < plies && p.Outcome().Status == boardrules.Ongoing && (ply < 6 || time.Now().Before(deadline)); ply++ {
					var m string
					if ply < 4 { // the plain path is slow: a few plies show it works
						m, err = plain.Move(context.Background(), anytest.Plain(p))
					} else {
						m, err = fast.Move(context.Background(), p)
					}
					if err != nil {
						t.Fatalf("%s %s %s ply %d: %v", g.Name, v, kind, ply+1, err)
					}
					next, err := p.Play(m)
					if err != nil {
						t.Fatalf("%s %s %s ply %d: illegal move %q: %v", g.Name, v, kind, ply+1, m, err)
					}
					p = next
				}
				if kind == "mcts" && (fast.Stats().Playouts == 0 || plain.Stats().Playouts == 0) {
					t.Errorf("%s %s: playouts fast %d plain %d: a path was not taken", g.Name, v, fast.Stats().Playouts, plain.Stats().Playouts)
				}
				if p.Outcome().Status != boardrules.Ongoing {
					if _, err := fast.Move(context.Background(), p); !errors.Is(err, boardrules.ErrGameOver) {
						t.Errorf("%s %s %s: Move at the end: %v, want ErrGameOver", g.Name, v, kind, err)
					}
					if _, err := plain.Move(context.Background(), anytest.Plain(p)); !errors.Is(err, boardrules.ErrGameOver) {
						t.Errorf("%s %s %s: plain Move at the end: %v, want ErrGameOver", g.Name, v, kind, err)
					}
				}
			}
		}
	}
}

func TestBotOptionsAndErrors(t *testing.T) {
	if _, err := bots.New("oracle", bots.Options{}); err == nil {
		t.Error("New(oracle) did not fail")
	}
	g, _ := boardrules.Lookup("terrace")
	start, _ := g.New(g.Variants[0])
	b, _ := bots.New("mcts", bots.Options{Time: 30 * time.Millisecond})
	began := time.Now()
	if _, err := b.Move(context.Background(), start); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(began); d > 500*time.Millisecond {
		t.Errorf("a 30ms search took %v", d)
	}
	st := b.Stats()
	if st.Moves != 1 || st.Playouts == 0 || st.Plies == 0 || st.PlayoutsPerSecond() <= 0 {
		t.Errorf("Stats() = %+v", st)
	}
	if b.Name() != "mcts" {
		t.Errorf("Name() = %q", b.Name())
	}
}
