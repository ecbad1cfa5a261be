package bots_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// The classes of a move by the bots' tactics, best last: it loses at
// once; it lets the next player win at once (unsafe); it draws at once; it
// goes on and no reply wins at once (safe); it wins at once.
const (
	classLoses = iota
	classUnsafe
	classDraws
	classSafe
	classWins
)

// class classifies move m of p, and counts the next player's winning
// replies of an unsafe move.
func class[P boardrules.Position[P, M], M comparable](p P, m M) (c, threats int) {
	q := p.PlayUnchecked(m)
	switch o := q.Outcome(); {
	case o.Status == boardrules.Draw:
		return classDraws, 0
	case o.Status == boardrules.Win && o.Winner == p.ToMove():
		return classWins, 0
	case o.Status == boardrules.Win:
		return classLoses, 0
	}
	for _, r := range q.LegalMoves() {
		if o := q.PlayUnchecked(r).Outcome(); o.Status == boardrules.Win && o.Winner == q.ToMove() {
			threats++
		}
	}
	if threats > 0 {
		return classUnsafe, threats
	}
	return classSafe, 0
}

// counts are what an endgame test met: positions with a winning move,
// and unsafe moves.
type counts struct{ wins, unsafe int }

// bestImmediate plays random games from start and, in the last three
// positions before each end, checks that Greedy plays a move of the best
// class (wins, then safe moves, then draws, then the unsafe move leaving
// the fewest winning replies), and that MCTS and alpha-beta at depth 2
// play a win when there is one, MCTS never an unsafe move when a safe one
// exists.
func bestImmediate[P boardrules.Position[P, M], M comparable](t *testing.T, start P, games int) (n counts) {
	greedy := bots.NewGreedy[P, M](bots.Options{Seed: 5})
	mcts := bots.NewMCTS[P, M](bots.Options{Seed: 5, Nodes: 50})
	ab := bots.NewAlphaBeta[P, M](bots.Options{Seed: 5, Depth: 2})
	for g := range games {
		r := rand.New(rand.NewPCG(uint64(g), 3))
		var line []P
		p := start
		for p.ToMove() != boardrules.NoPlayer && len(line) < 3000 {
			line = append(line, p)
			moves := p.LegalMoves()
			p = p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
		for _, p := range line[max(0, len(line)-3):] {
			best, fewest := classLoses, 0
			for _, m := range p.LegalMoves() {
				c, k := class(p, m)
				if c > best || c == best && k < fewest {
					best, fewest = c, k
				}
				if c == classUnsafe {
					n.unsafe++
				}
			}
			if best == classWins {
				n.wins++
			}
			m, err := greedy.Choose(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if c, k := class(p, m); c != best || k != fewest {
				t.Errorf("greedy played %v of class %d (%d threats), a move of class %d (%d threats) exists\n%s", m, c, k, best, fewest, p)
			}
			if m, err = mcts.Choose(context.Background(), p); err != nil {
				t.Fatal(err)
			}
			if c, _ := class(p, m); best == classWins && c != classWins || best >= classSafe && c == classUnsafe {
				t.Errorf("MCTS played %v of class %d, a move of class %d exists\n%s", m, c, best, p)
			}
			if m, err = ab.Choose(context.Background(), p); err != nil {
				t.Fatal(err)
			}
			if c, _ := class(p, m); best == classWins && c != classWins || best >= classSafe && c == classUnsafe {
				t.Errorf("alpha-beta at depth 2 played %v of class %d, a move of class %d exists\n%s", m, c, best, p)
			}
		}
	}
	return n
}

func TestBotsTakeTheBestImmediateResult(t *testing.T) {
	games, board := 6, crumble.Standard()
	if testing.Short() {
		games = 1
		board, _ = crumble.New(crumble.Variant{Width: 4, Height: 4})
	}
	var n counts
	add := func(c counts) { n.wins, n.unsafe = n.wins+c.wins, n.unsafe+c.unsafe }
	add(bestImmediate(t, tumbling.Standard(), games))
	add(bestImmediate(t, flooprail.Standard(), games))
	reverse, _ := flooprail.New(flooprail.Variant{Reverse: true})
	add(bestImmediate(t, reverse, games))
	add(bestImmediate(t, terrace.Standard(), games))
	t4, _ := terrace.New(terrace.Variant{Board: 6, Players: 4})
	add(bestImmediate(t, t4, games))
	add(bestImmediate(t, board, max(1, games/3)))
	if n.wins == 0 || n.unsafe == 0 {
		t.Errorf("%d positions with a winning move, %d unsafe moves: the test tried too little", n.wins, n.unsafe)
	}
}
