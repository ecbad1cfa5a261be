package bots

import (
	"math"
	"math/rand/v2"
	"time"
	"unsafe"

	"github.com/boardrules/boardrules"
)

// MCTS is Monte-Carlo tree search with the UCT selection rule; see the
// package doc for the method and the decisions.
type MCTS[P boardrules.Position[P, M], M boardrules.Move] struct {
	opts  Options
	r     *rand.Rand
	nodes []node[M] // the tree; nodes[0] is the root
	pos   []P       // pos[i] is the position of nodes[i]
	pool  []M       // the untried moves of every node, in segments
	buf   []M       // the playout's move buffer
	stats Stats
	// deadline ends the search of a Time budget (zero without one): the
	// loop, the win-in-one scan and each playout read it, since one
	// playout of a slow game can take many times a small budget
	deadline time.Time
	// sample draws a playout move when P implements boardrules.Sampler
	// (nil otherwise: a uniform choice from AppendLegalMoves)
	sample func(P, *rand.Rand) (M, bool)
	// treeLimit bounds the bytes of nodes, pos and pool (treeBytes but in
	// tests); nodeSize is what a node costs there before its moves
	treeLimit, nodeSize, moveSize int
}

// treeBytes bounds the memory of the tree: a Time budget alone would let
// it grow by megabytes a second (Tumbling Down adds some 14,000
// nodes a second, each with its position and its moves). Once the bound
// is reached, iterations go on without adding nodes.
const treeBytes = 128 << 20

type node[M any] struct {
	move     M                 // the move that led here (none at the root)
	mover    boardrules.Player // the seat that played it
	parent   int32             // -1 at the root
	child    int32             // first child, -1 when none
	sibling  int32             // next child of the parent, -1 when none
	untried  int32             // start of this node's untried moves in the pool
	nUntried int32             // how many are left
	visits   float64
	reward   float64 // sum of the rewards of the playouts through here, for mover
}

// NewMCTS returns an MCTS bot with options o (zero fields get the defaults).
func NewMCTS[P boardrules.Position[P, M], M boardrules.Move](o Options) *MCTS[P, M] {
	s := &MCTS[P, M]{opts: o.withDefaults(), r: o.rand(), treeLimit: treeBytes}
	s.nodeSize = int(unsafe.Sizeof(node[M]{})) + int(unsafe.Sizeof(*new(P)))
	s.moveSize = int(unsafe.Sizeof(*new(M)))
	// Decided once, and reached through a pointer to a P that each call
	// overwrites: putting each position into an interface would allocate a
	// copy of it every ply.
	at := new(P)
	if smp, ok := any(at).(boardrules.Sampler[M]); ok {
		s.sample = func(p P, r *rand.Rand) (M, bool) {
			*at = p
			return smp.RandomMove(r)
		}
	}
	return s
}

// Stats returns the bot's counts.
func (s *MCTS[P, M]) Stats() Stats { return s.stats }

// Choose searches p within the budget and returns the most visited move.
func (s *MCTS[P, M]) Choose(p P) (M, error) {
	start := time.Now()
	defer func() { s.stats.Time += time.Since(start) }()
	s.deadline = time.Time{}
	if s.opts.Time > 0 {
		s.deadline = start.Add(s.opts.Time)
	}
	s.nodes, s.pos, s.pool = s.nodes[:0], s.pos[:0], s.pool[:0]
	root := s.newNode(p, -1, *new(M), boardrules.NoPlayer)
	switch s.nodes[root].nUntried {
	case 0:
		var none M
		return none, gameOver(p)
	case 1: // nothing to think about
		s.stats.Moves++
		return s.pool[s.nodes[root].untried], nil
	}
	// A win in one is played at once: a search could only find it, and a
	// small budget spread over many moves might not.
	me := p.ToMove()
	for k, m := range s.pool[:s.nodes[root].nUntried] {
		if o := p.PlayUnchecked(m).Outcome(); o.Status == boardrules.Win && o.Winner == me {
			s.stats.Moves++
			return m, nil
		}
		if k&15 == 15 && s.pastDeadline() {
			break // the search below still makes its one iteration
		}
	}
	players := float64(p.Players())
	for i := 0; s.opts.Nodes <= 0 || i < s.opts.Nodes; i++ {
		// Checked at every iteration: a clock read is cheap beside a
		// playout, and a slow engine's playout may take long.
		if i > 0 && s.pastDeadline() {
			break
		}
		n := s.selectAndExpand()
		winner := s.playout(s.pos[n])
		for ; n >= 0; n = s.nodes[n].parent {
			nd := &s.nodes[n]
			nd.visits++
			switch winner {
			case nd.mover:
				nd.reward++
			case boardrules.NoPlayer:
				nd.reward += 1 / players
			}
		}
	}
	best := s.nodes[root].child
	for c := best; c >= 0; c = s.nodes[c].sibling {
		if nc, nb := &s.nodes[c], &s.nodes[best]; nc.visits > nb.visits || nc.visits == nb.visits && nc.reward > nb.reward {
			best = c
		}
	}
	s.stats.Moves++
	return s.nodes[best].move, nil
}

// newNode adds a node for position p and returns its index.
func (s *MCTS[P, M]) newNode(p P, parent int32, move M, mover boardrules.Player) int32 {
	start := len(s.pool)
	s.pool = p.AppendLegalMoves(s.pool)
	i := int32(len(s.nodes))
	s.nodes = append(s.nodes, node[M]{
		move: move, mover: mover, parent: parent, child: -1, sibling: -1,
		untried: int32(start), nUntried: int32(len(s.pool) - start),
	})
	s.pos = append(s.pos, p)
	if parent >= 0 {
		s.nodes[i].sibling = s.nodes[parent].child
		s.nodes[parent].child = i
	}
	return i
}

// selectAndExpand walks down by UCT to a node with untried moves, adds one
// child for a random one of them and returns it; or returns the ended
// position's node it reached, or the node with untried moves when the
// tree is full (see treeBytes), whose playout then starts there.
func (s *MCTS[P, M]) selectAndExpand() int32 {
	n := int32(0)
	for s.nodes[n].nUntried == 0 {
		if s.nodes[n].child < 0 {
			return n // the game has ended here
		}
		n = s.bestChild(n)
	}
	if len(s.nodes)*s.nodeSize+len(s.pool)*s.moveSize >= s.treeLimit {
		return n
	}
	nd := &s.nodes[n]
	k := nd.untried + int32(s.r.IntN(int(nd.nUntried)))
	last := nd.untried + nd.nUntried - 1
	s.pool[k], s.pool[last] = s.pool[last], s.pool[k]
	nd.nUntried--
	m := s.pool[last]
	p := s.pos[n]
	return s.newNode(p.PlayUnchecked(m), n, m, p.ToMove())
}

// bestChild is the child of n with the highest upper confidence bound.
func (s *MCTS[P, M]) bestChild(n int32) int32 {
	logN := math.Log(s.nodes[n].visits)
	best, bestScore := int32(-1), math.Inf(-1)
	for c := s.nodes[n].child; c >= 0; c = s.nodes[c].sibling {
		nc := &s.nodes[c]
		score := nc.reward/nc.visits + s.opts.C*math.Sqrt(logN/nc.visits)
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// pastDeadline reports whether the search's time budget is spent.
func (s *MCTS[P, M]) pastDeadline() bool {
	return !s.deadline.IsZero() && !time.Now().Before(s.deadline)
}

// playout plays uniformly random moves from p to the end of the game, to
// MaxPlies or to the time budget's end (read every 16 plies), and returns
// the winner (NoPlayer for a draw or a cut-off).
func (s *MCTS[P, M]) playout(p P) boardrules.Player {
	s.stats.Playouts++
	for ply := 0; ; ply++ {
		if ply&15 == 15 && s.pastDeadline() {
			return s.endPlayout(p, ply, true)
		}
		if s.sample != nil {
			m, ok := s.sample(p, s.r)
			if !ok || ply >= s.opts.MaxPlies {
				return s.endPlayout(p, ply, ok)
			}
			p = p.PlayUnchecked(m)
			continue
		}
		s.buf = p.AppendLegalMoves(s.buf[:0])
		if len(s.buf) == 0 {
			s.stats.Plies += int64(ply)
			if o := p.Outcome(); o.Status == boardrules.Win {
				return o.Winner
			}
			return boardrules.NoPlayer
		}
		if ply >= s.opts.MaxPlies {
			s.stats.Plies += int64(ply)
			return boardrules.NoPlayer
		}
		p = p.PlayUnchecked(s.buf[s.r.IntN(len(s.buf))])
	}
}

// endPlayout counts a playout's plies and returns its winner: that of the
// game when it is over, NoPlayer when the ply limit cut it short.
func (s *MCTS[P, M]) endPlayout(p P, ply int, cut bool) boardrules.Player {
	s.stats.Plies += int64(ply)
	if !cut {
		if o := p.Outcome(); o.Status == boardrules.Win {
			return o.Winner
		}
	}
	return boardrules.NoPlayer
}
