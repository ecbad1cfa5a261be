package bots_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/internal/anytest"
)

// gameBudget bounds the time of one test game through Any, so that a slow
// engine (Crumble's random plies take milliseconds today) is tested on the
// plies it manages and does not hold up the suite.
func gameBudget() time.Duration {
	if testing.Short() {
		return 200 * time.Millisecond
	}
	return 500 * time.Millisecond
}

// TestBotsPlayEveryGameThroughAny: each kind of bot plays a game of every
// registered game and variant (multi-player ones included) through the
// Any-level Bot, on both paths, and every move it returns is legal.
func TestBotsPlayEveryGameThroughAny(t *testing.T) {
	plies := 400
	if testing.Short() {
		plies = 40
	}
	for _, g := range boardrules.Games() {
		for _, v := range g.Variants {
			start, err := g.New(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, kind := range bots.Kinds {
				fast, err := bots.New(kind, bots.Options{Seed: 1, Nodes: 20, Time: 20 * time.Millisecond})
				if err != nil {
					t.Fatal(err)
				}
				text, _ := bots.New(kind, bots.Options{Seed: 1, Nodes: 5, MaxPlies: 10, Time: 20 * time.Millisecond})
				p := start
				deadline := time.Now().Add(gameBudget())
				for ply := 0; ply < plies && p.Outcome().Status == boardrules.Ongoing && (ply < 6 || time.Now().Before(deadline)); ply++ {
					var m string
					if ply < 4 { // the Text path is slow: a few plies show it works
						m, err = text.Move(anytest.Plain(p))
					} else {
						m, err = fast.Move(p)
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
				if kind == "mcts" && (fast.Stats().Playouts == 0 || text.Stats().Playouts == 0) {
					t.Errorf("%s %s: playouts fast %d text %d: a path was not taken", g.Name, v, fast.Stats().Playouts, text.Stats().Playouts)
				}
				if p.Outcome().Status != boardrules.Ongoing {
					if _, err := fast.Move(p); !errors.Is(err, boardrules.ErrGameOver) {
						t.Errorf("%s %s %s: Move at the end: %v, want ErrGameOver", g.Name, v, kind, err)
					}
					if _, err := text.Move(anytest.Plain(p)); !errors.Is(err, boardrules.ErrGameOver) {
						t.Errorf("%s %s %s: Text Move at the end: %v, want ErrGameOver", g.Name, v, kind, err)
					}
				}
			}
		}
	}
}

// endgames returns, for every registered game fast enough, positions from
// near the end of random games: the last position before the end has a
// move that wins or draws at once.
func endgames(t *testing.T) []boardrules.Any {
	var out []boardrules.Any
	for _, g := range boardrules.Games() {
		for _, v := range g.Variants {
			start, _ := g.New(v)
			deadline := time.Now().Add(gameBudget())
			for seed := range uint64(3) {
				r := rand.New(rand.NewPCG(seed, 3))
				var line []boardrules.Any
				p := start
				for p.Outcome().Status == boardrules.Ongoing && len(line) < 3000 && time.Now().Before(deadline) {
					line = append(line, p)
					moves := p.LegalMoves()
					p, _ = p.Play(moves[r.IntN(len(moves))])
				}
				if p.Outcome().Status == boardrules.Ongoing {
					t.Logf("%s %s: no random game ended within %v", g.Name, v, gameBudget())
					break
				}
				out = append(out, line[max(0, len(line)-3):]...)
			}
		}
	}
	return out
}

// rank classifies each move by its immediate result for the mover:
// 3 wins, 2 goes on, 1 draws, 0 loses.
func rank(t *testing.T, p boardrules.Any, m string) int {
	q, err := p.Play(m)
	if err != nil {
		t.Fatalf("%s: illegal move %q: %v", p.Game(), m, err)
	}
	switch o := q.Outcome(); {
	case o.Status == boardrules.Ongoing:
		return 2
	case o.Status == boardrules.Draw:
		return 1
	case o.Winner == p.ToMove():
		return 3
	}
	return 0
}

func TestGreedyTakesTheBestImmediateResult(t *testing.T) {
	greedy, _ := bots.New("greedy", bots.Options{Seed: 5})
	// A slow engine's search stops at the time limit and is not judged.
	const mctsNodes = 500
	mcts, _ := bots.New("mcts", bots.Options{Seed: 5, Nodes: mctsNodes, Time: time.Second})
	wins := 0
	for _, p := range endgames(t) {
		best := 0
		for _, m := range p.LegalMoves() {
			best = max(best, rank(t, p, m))
		}
		m, err := greedy.Move(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := rank(t, p, m); got != best {
			t.Errorf("%s %s: greedy played %s of rank %d, a move of rank %d exists\n%s", p.Game(), p.Variant(), m, got, best, p)
		}
		if best == 3 {
			wins++
			if len(p.LegalMoves())*3 > mctsNodes {
				continue // too wide to be sure that the budget reaches the winning move
			}
			before := mcts.Stats().Playouts
			m, _ := mcts.Move(p)
			if full := mcts.Stats().Playouts-before == mctsNodes; full && rank(t, p, m) != 3 {
				t.Errorf("%s %s: MCTS missed a win in one, played %s\n%s", p.Game(), p.Variant(), m, p)
			}
		}
	}
	if wins == 0 {
		t.Error("no position with a winning move was tried")
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
	if _, err := b.Move(start); err != nil {
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
