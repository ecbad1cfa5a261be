package bots

import (
	"fmt"

	"github.com/boardrules/boardrules"
)

// SetTreeLimit bounds the tree of s to n bytes, so that a test can reach
// the bound that treeBytes sets for every search.
func SetTreeLimit[P boardrules.Position[P, M], M comparable](s *MCTS[P, M], n int) {
	s.treeLimit = n
}

// TreeNodes is the number of nodes of the last search of s.
func TreeNodes[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) int {
	return len(s.nodes)
}

// TreeSize is what the tree of the last search of s counts against its
// bound.
func TreeSize[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) int {
	return len(s.nodes)*s.nodeSize + len(s.pool)*s.moveSize
}

// RootVisits maps each move of the root's children, in the last search of
// s, to its visits.
func RootVisits[P boardrules.Position[P, M], M comparable](s *MCTS[P, M]) map[string]float64 {
	v := map[string]float64{}
	if len(s.nodes) == 0 {
		return v
	}
	for c := s.nodes[0].child; c >= 0; c = s.nodes[c].sibling {
		v[fmt.Sprint(s.nodes[c].move)] = s.nodes[c].visits
	}
	return v
}
