package bots

import (
	"fmt"
	"time"

	"github.com/boardrules/boardrules"
)

// SetTreeLimit bounds the tree of s to n bytes, so that a test can reach
// the bound that treeBytes sets for every search.
func SetTreeLimit[P boardrules.Position[P, M], M comparable](s *MCTS[P, M], n int) {
	s.treeLimit = n
}

// TreeSizeOf is what a tree of s with nodes nodes and positions positions
// counts against its bound.
func TreeSizeOf[P boardrules.Position[P, M], M comparable](s *MCTS[P, M], nodes, positions int) int {
	return nodes*s.nodeSize + positions*s.posSize
}

// TreeNodes is the number of nodes the last search of s visited, those
// with a position.
func TreeNodes[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) int {
	return len(s.pos)
}

// TreeSize is what the tree of the last search of s counts against its
// bound.
func TreeSize[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) int {
	return len(s.nodes)*s.nodeSize + len(s.pos)*s.posSize
}

// RootVisits maps each move of the root's children, in the last search of
// s, to its visits.
func RootVisits[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) map[string]float64 {
	v := map[string]float64{}
	if len(s.nodes) == 0 {
		return v
	}
	root := s.nodes[0]
	for c := root.first; c < root.first+root.tried; c++ {
		v[fmt.Sprint(s.nodes[c].move)] = s.nodes[c].visits
	}
	return v
}

// ClockPlayouts makes s time its playouts, evaluations included, and
// returns a function that reads the total.
func ClockPlayouts[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) func() time.Duration {
	s.clockPlayouts = true
	return func() time.Duration { return s.playoutTime }
}

// MCTSNodes is the iteration budget of s.
func MCTSNodes[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) int { return s.opts.Nodes }

// MCTSCut is the playout length after which s evaluates (-1: never).
func MCTSCut[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) int { return s.cut }

// WinScore is what alpha-beta scores a won game at the root.
const WinScore = winScore

// EvalMax bounds alpha-beta's evaluations.
const EvalMax = evalMax

// LastValue is the value, for the seat that searched, of the last
// iteration alpha-beta completed in its last search.
func LastValue[P boardrules.Position[P, M], M comparable](s *AlphaBeta[P, M]) float64 { return s.value }

// NoTable makes s search without its transposition table.
func NoTable[P boardrules.Position[P, M], M comparable](s *AlphaBeta[P, M]) { s.noTable = true }

// RootProof tells whether the solver proved the root's child for the move
// whose text is move, and who wins it (-1: a draw).
func RootProof[P boardrules.Position[P, M], M comparable](s *MCTS[P, M], move string) (winner int, proven bool) {
	root := s.nodes[0]
	for c := root.first; c < root.first+root.count; c++ {
		if fmt.Sprint(s.nodes[c].move) == move {
			return int(s.nodes[c].proof), s.nodes[c].proof != unproven
		}
	}
	return 0, false
}

// RootMinimax is the implicit minimax value, for the seat to move at the
// root, of the root's child for the move whose text is move.
func RootMinimax[P boardrules.Position[P, M], M comparable](s *MCTS[P, M], move string) float64 {
	root := s.nodes[0]
	for c := root.first; c < root.first+root.count; c++ {
		if fmt.Sprint(s.nodes[c].move) == move {
			return s.nodes[c].mm
		}
	}
	return -1
}

// CutScans makes every scan of s for a win at once stop after n moves, as
// the clock would stop it.
func CutScans[P boardrules.Position[P, M], M comparable](s *MCTS[P, M], n int) {
	s.scanLimit = int32(n)
}

// RootLostAtOnce tells whether the root's child for the move whose text
// is move is marked as lost at once: the next player wins in one.
func RootLostAtOnce[P boardrules.Position[P, M], M comparable](s *MCTS[P, M], move string) bool {
	root := s.nodes[0]
	for c := root.first; c < root.first+root.count; c++ {
		if fmt.Sprint(s.nodes[c].move) == move {
			return s.nodes[c].flags&quick != 0
		}
	}
	return false
}

// Deepened is when, in the last search of s, it decided to begin another
// iteration: the times from the search's start, as the clock read that
// decided it.
func Deepened[P boardrules.Position[P, M], M comparable](s *AlphaBeta[P, M]) []time.Duration {
	return s.deepened
}

// NoCheckTime leaves the final choice of s no time to check the move it
// plays, as a busy machine can: it knows only what the search found.
func NoCheckTime[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) {
	s.noCheckTime = true
}
