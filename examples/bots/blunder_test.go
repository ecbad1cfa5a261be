package bots_test

import (
	"context"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// noBlunders plays games of MCTS (nodes iterations a move) against Greedy,
// each in both seats, and replays them: no move of either bot may be a
// blunder (bots.Blunder: a move that lets the next player win at once
// while another move would not), so neither ever loses a game that way.
// Greedy takes every win in one, so a blunder is punished at once. A game
// stops after plies plies.
func noBlunders[P boardrules.Position[P, M], M comparable](t *testing.T, start P, games, nodes, plies int) {
	checked := 0
	for g := range games {
		mcts := bots.NewMCTS[P, M](bots.Options{Seed: uint64(g), Nodes: nodes})
		greedy := bots.NewGreedy[P, M](bots.Options{Seed: uint64(100 + g)})
		seat := boardrules.Player(g % start.Players())
		p := start
		for ply := 0; ply < plies && p.ToMove() != boardrules.NoPlayer; ply++ {
			var s bots.Searcher[P, M] = greedy
			name := "greedy"
			if p.ToMove() == seat {
				s, name = mcts, "mcts"
			}
			m, err := s.Choose(context.Background(), p)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", g, ply+1, err)
			}
			if bots.Blunder(p, m) {
				t.Errorf("game %d ply %d: %s played %v, which lets the next player win at once, while a safe move existed\n%v", g, ply+1, name, m, p)
			}
			checked++
			p = p.PlayUnchecked(m)
		}
	}
	t.Logf("%d moves checked", checked)
}

func TestBotsNeverBlunder(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 1
	}
	t.Run("tumbling", func(t *testing.T) { noBlunders(t, tumbling.Standard(), games, 100, matchMaxPlies) })
	t.Run("flooprail", func(t *testing.T) { noBlunders(t, flooprail.Standard(), games, 100, matchMaxPlies) })
	t.Run("terrace", func(t *testing.T) { noBlunders(t, terrace.Standard(), games, 100, matchMaxPlies) })
	t.Run("terrace-6-3p", func(t *testing.T) {
		p, _ := terrace.New(terrace.Variant{Board: 6, Players: 3})
		noBlunders(t, p, games, 100, matchMaxPlies)
	})
	// Crumble's games between these bots run to hundreds of plies, each
	// checked move costing milliseconds: the opening and the middle game,
	// where the threats begin, on the 4x4 board (6x6 in the full run).
	t.Run("crumble", func(t *testing.T) {
		p, _ := crumble.New(crumble.Variant{Width: 4, Height: 4})
		plies := 30
		if !testing.Short() && !raceEnabled {
			p, plies = crumble.Standard(), 60
		}
		noBlunders(t, p, games, 100, plies)
	})
}

// unsafeFile holds Crumble positions where almost every move lets the
// opponent win at once: a name, a tab, the position code, one a line.
const unsafeFile = "testdata/unsafe.txt"

// TestMCTSChecksItsMovesAsItSearches: on a Crumble board where some 95 %
// of the moves let the opponent win at once, MCTS plays a safe move even
// when its final choice has no time left to check one (a busy machine's
// wait can take that time): the search checks each root move when it
// first visits it, here in a budget that visits each once, as a second
// does on a crowded board.
func TestMCTSChecksItsMovesAsItSearches(t *testing.T) {
	for _, c := range loadPositions(t, unsafeFile) {
		name, p := c.name, c.p.Unwrap().(crumble.Position)
		moves := len(p.LegalMoves())
		seeds := 3
		if testing.Short() {
			seeds = 1
		}
		for seed := range uint64(seeds) {
			s := bots.NewMCTS[crumble.Position, crumble.Move](bots.Options{Seed: seed, Nodes: moves})
			bots.NoCheckTime(s)
			m, err := s.Choose(context.Background(), p)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if bots.Blunder(p, m) {
				t.Errorf("%s, seed %d: %v lets the opponent win at once, while a safe move exists", name, seed, m)
			}
		}
	}
}
