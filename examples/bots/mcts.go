package bots

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"
	"unsafe"

	"github.com/boardrules/boardrules"
)

// MCTS is Monte-Carlo tree search with the UCT selection rule, a solver
// for wins and losses and a tactical guard on the move it plays; see the
// package doc for the method and the decisions.
type MCTS[P boardrules.Position[P, M], M comparable] struct {
	opts Options
	eval Evaluator[P]
	cut  int // playout plies before the evaluation; -1: never
	// alpha weighs the implicit minimax values in the selection (0: none)
	alpha  float64
	r      *rand.Rand
	t      tactics[P, M]
	nodes  []node[M] // the tree; nodes[0] is the root, a node's children lie side by side
	pos    []P       // the positions of the nodes visited (node.pos)
	buf    []M       // the move buffer of listings and playouts
	order  []int32   // the root's children, for the final choice
	unsafe []M       // and those that let the opponent win at once
	stats  Stats
	seats  int
	result [4]float64 // the iteration's reward of each seat
	// draw is what a draw is worth to each seat (Options.Contempt)
	draw [4]float64
	// clk is the search's budget of time: the loop, the listings, the
	// scans and each playout read it, since one playout of a slow game
	// can take many times a small budget, and one listing of a crowded
	// Crumble board seconds. Each reads it through its own pacer.
	clk                    clock
	lclk                   clock // the root's listing's: half the time
	loopPC, scanPC, playPC pacer
	// fresh is the node whose minimax value the iteration has just set
	// from the evaluation of its position (-1: none), which a playout of
	// no ply (NoPlayout) takes as its reward
	fresh int32
	// stream takes the moves of a node from LegalMovesSeq (streamsMoves)
	stream bool
	// sample draws a playout move when P implements boardrules.Sampler
	// (nil otherwise: a uniform choice from AppendLegalMoves)
	sample func(P, *rand.Rand) (M, bool)
	// treeLimit bounds the bytes of nodes and pos (treeBytes but in
	// tests); nodeSize and posSize are what each costs there
	treeLimit, nodeSize, posSize int
	// clockPlayouts makes the search time its playouts (evaluations
	// included) into playoutTime, for the benchmark of its share
	clockPlayouts bool
	playoutTime   time.Duration
	// noCheckTime, in tests, leaves the final choice no time to check
	// the moves, as a busy machine can
	noCheckTime bool
	// scanLimit, when positive, cuts every scan after that many moves,
	// as the clock would: for tests of what a cut scan leaves
	scanLimit int32
}

// treeBytes bounds the memory of the tree: a Time budget alone would let
// it grow by megabytes a second. Once the bound is reached, iterations go
// on without adding nodes.
const treeBytes = 128 << 20

// The proofs of a node: unproven, drawn, or the seat (0 to 3) that wins
// with best play.
const (
	unproven int8 = -2
	drawn    int8 = -1
)

// The flags of a node.
const (
	// scanned: the node's moves were all tried for a win at once, and
	// none wins
	scanned uint8 = 1 << iota
	// quick: the node is proven won by its side to move in one move
	quick
	// partial: the node's children are not all its moves (a listing cut
	// by the clock, or sampled from more than maxMoves), so that no proof
	// may count on their all being lost
	partial
)

// node is a position of the tree, or a move of a listed node not yet
// visited (pos -1). A node's moves become its children when it is listed,
// all at once and in a random order, so that they lie side by side for
// the selection, and the next one to visit is the first untried.
type node[M any] struct {
	move    M     // the move that led here (none at the root)
	parent  int32 // -1 at the root
	first   int32 // the first child; -1 until the node is listed
	count   int32 // the children, one a move
	tried   int32 // the children visited: first to first+tried-1
	pos     int32 // the position's index in MCTS.pos; -1 until visited
	visits  float64
	reward  float64           // sum of the rewards of the iterations through here, for mover
	inv     float64           // 1/visits
	invSqrt float64           // 1/sqrt(visits)
	mm      float64           // the implicit minimax value, for mover (see MCTS.alpha)
	mover   boardrules.Player // the seat that made move
	toMove  boardrules.Player // the seat to move here; NoPlayer once the game has ended
	proof   int8
	flags   uint8
}

// NewMCTS returns an MCTS bot with options o (zero fields get the game's
// defaults) and the evaluation o.Eval names, the game's own
// (EvaluatorOf[P]) when the game has no evaluation of that name.
func NewMCTS[P boardrules.Position[P, M], M comparable](o Options) *MCTS[P, M] {
	tn := tuningOf[P]()
	if o.Nodes <= 0 && o.Time <= 0 {
		o.Nodes = tn.Nodes
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = DefaultMaxPlies
	}
	if o.C <= 0 {
		o.C = DefaultC
	}
	if o.Cut == 0 {
		o.Cut = tn.Cut
	}
	if o.Squash <= 0 {
		o.Squash = tn.Squash
	}
	if o.Minimax == 0 {
		o.Minimax = tn.Minimax
	}
	if o.Contempt == 0 {
		o.Contempt = tn.Contempt
	}
	s := &MCTS[P, M]{opts: o, r: o.rand(), treeLimit: treeBytes, t: newTactics[P, M](), stream: streamsMoves[P](), sample: samplerOf[P, M]()}
	s.t.clk = &s.clk
	e, _ := evaluatorFor[P](o)
	s.SetEvaluator(e)
	s.nodeSize = int(unsafe.Sizeof(node[M]{}))
	s.posSize = int(unsafe.Sizeof(*new(P)))
	return s
}

// SetEvaluator replaces the evaluation that scores the playouts cut
// short; nil plays every playout to its end (or to MaxPlies).
func (s *MCTS[P, M]) SetEvaluator(e Evaluator[P]) {
	s.eval = e
	s.cut, s.alpha = max(s.opts.Cut, -1), max(s.opts.Minimax, 0)
	if s.opts.Cut == NoPlayout {
		s.cut = 0
	}
	if e == nil {
		s.cut, s.alpha = -1, 0
	}
}

// Stats returns the bot's counts.
func (s *MCTS[P, M]) Stats() Stats { return s.stats }

// Choose searches p within the budget and returns the move chosen as the
// package doc says (Choosing the move).
func (s *MCTS[P, M]) Choose(ctx context.Context, p P) (M, error) {
	start := time.Now()
	defer func() { s.stats.Time += time.Since(start) }()
	if err := s.clk.begin(ctx, s.opts.Time); err != nil {
		var none M
		return none, err
	}
	// The final choice checks the move it plays (Choosing the move): the
	// search leaves it a tenth of the time, 50 ms at most.
	s.clk.reserve(min(s.clk.limit/10, 50*time.Millisecond))
	s.loopPC, s.scanPC, s.playPC, s.t.pc = pacer{}, pacer{}, pacer{}, pacer{}
	s.seats = min(p.Players(), len(s.result))
	s.nodes, s.pos = s.nodes[:0], s.pos[:0]
	s.nodes = append(s.nodes, node[M]{parent: -1, first: -1, mover: boardrules.NoPlayer, proof: unproven, pos: -1})
	s.visit(0, p)
	root := &s.nodes[0]
	if root.toMove == boardrules.NoPlayer {
		var none M
		return none, gameOver(p)
	}
	// Listing the root tries every move for a win at once before any
	// iteration: a search could only find it, and a small budget spread
	// over many moves might not.
	if c := s.list(0); c >= 0 {
		s.stats.Moves++
		return s.nodes[c].move, nil
	}
	switch s.nodes[0].count {
	case 0: // an engine whose ToMove does not say the game ended
		var none M
		return none, gameOver(p)
	case 1: // nothing to think about
		s.stats.Moves++
		return s.nodes[s.nodes[0].first].move, nil
	}
	s.setDraw(p)
	for i := 0; s.opts.Nodes <= 0 || i < s.opts.Nodes; i++ {
		if s.clk.poll(&s.loopPC) || s.nodes[0].proof != unproven {
			break
		}
		if i >= 256 && i&(i-1) == 0 {
			s.redraw()
		}
		s.fresh = -1
		n := s.descend()
		var t0 time.Time
		if s.clockPlayouts {
			t0 = time.Now()
		}
		if pr := s.nodes[n].proof; pr != unproven {
			s.stats.Playouts++ // a playout of no ply: the result is known
			s.exact(pr)
		} else if s.cut == 0 && n == s.fresh {
			// A playout of no ply scores the node by the evaluation
			// its minimax value was just given: no second evaluation.
			s.stats.Playouts++
			nd := &s.nodes[n]
			s.result[nd.mover], s.result[1-nd.mover] = nd.mm, 1-nd.mm
		} else {
			s.playout(s.pos[s.nodes[n].pos])
		}
		if s.clockPlayouts {
			s.playoutTime += time.Since(t0)
		}
		for ; n >= 0; n = s.nodes[n].parent {
			nd := &s.nodes[n]
			nd.visits++
			nd.inv = 1 / nd.visits
			nd.invSqrt = math.Sqrt(nd.inv)
			if nd.mover >= 0 {
				nd.reward += s.result[nd.mover]
			}
		}
	}
	s.stats.Moves++
	s.clk.release()
	if s.noCheckTime {
		s.clk.out = true
	}
	return s.final(p), nil
}

// visit gives node n its position p, and its proof when the game is over.
func (s *MCTS[P, M]) visit(n int32, p P) {
	nd := &s.nodes[n]
	nd.pos = int32(len(s.pos))
	s.pos = append(s.pos, p)
	nd.toMove = p.ToMove()
	if nd.toMove == boardrules.NoPlayer && nd.proof == unproven {
		nd.proof = outcomeProof(p.Outcome())
	}
}

// setDraw sets what a draw is worth to each seat in the search of p, a
// game not over: 1/seats, or in a game of two with an evaluation and a
// contempt k, 1/2 + k(1/2 - v) to the seat to move, v its squashed
// evaluation of p, and the rest to the other. A side that stands better
// then plays on rather than take a draw, and one that stands worse takes
// it: a draw's 1/2 said nothing of which, and MCTS drew games it was
// winning by repetition. The search sets it before its first iteration,
// the first that can use it: a move chosen without a search needs none.
func (s *MCTS[P, M]) setDraw(p P) {
	for i := range s.draw[:s.seats] {
		s.draw[i] = 1 / float64(s.seats)
	}
	if !s.contempt() {
		return
	}
	me := p.ToMove()
	s.setDrawFrom(me, squash(s.eval.Evaluate(p, me), s.opts.Squash))
}

// contempt reports whether a draw's worth follows the value of the root
// (Options.Contempt): in a game of two, with an evaluation and a contempt.
func (s *MCTS[P, M]) contempt() bool {
	return s.seats == 2 && s.eval != nil && s.opts.Contempt > 0
}

// redraw sets the draw's worth as setDraw does, but with v the mean
// reward of the root's most visited unproven move: the search's own value
// of playing on. The evaluation of the root, from the view of its side to
// move, runs lower than the evaluations that score the search's playouts,
// which end on a move of the root's mover (on Crumble the evaluation of a
// side that has just moved is 0.22 to 0.38 higher, on average over a
// game, than its opponent's), and with it an even position made a draw
// worth more than playing on. The search calls it after 256 iterations,
// and again at every power of two, as the means firm up.
func (s *MCTS[P, M]) redraw() {
	if !s.contempt() {
		return
	}
	root := &s.nodes[0]
	best := int32(-1)
	for c := root.first; c < root.first+root.tried; c++ {
		if nd := &s.nodes[c]; nd.proof == unproven && nd.visits > 0 && (best < 0 || nd.visits > s.nodes[best].visits) {
			best = c
		}
	}
	if best >= 0 {
		s.setDrawFrom(root.toMove, s.nodes[best].reward*s.nodes[best].inv)
	}
}

// setDrawFrom makes a draw worth 1/2 + k(1/2 - v) to me, the side to move
// at the root, and the rest to the other, v its value of the root.
func (s *MCTS[P, M]) setDrawFrom(me boardrules.Player, v float64) {
	d := min(max(0.5+s.opts.Contempt*(0.5-v), 0), 1)
	s.draw[me], s.draw[1-me] = d, 1-d
}

// size is what the tree counts against its bound.
func (s *MCTS[P, M]) size() int { return len(s.nodes)*s.nodeSize + len(s.pos)*s.posSize }

// full reports whether the tree has reached its bound.
func (s *MCTS[P, M]) full() bool { return s.size() >= s.treeLimit }

// list makes the moves of node n its children, in a random order, and
// tries each for a win at once; a child that ends the game is proven
// then. When one wins, n is proven won by its side to move, and list
// returns that child; otherwise -1. Nodes are listed when the search comes
// back to them: most nodes of a wide tree are visited once, and listing
// them would cost more than their playout.
//
// A listing stops when the time is up (after one move at least), and
// keeps a uniform sample of the moves past maxMoves (maxRootMoves at the
// root) or what the tree has room for: the node is then partial.
func (s *MCTS[P, M]) list(n int32) int32 {
	p := s.pos[s.nodes[n].pos]
	most := maxMoves
	if n == 0 {
		most = maxRootMoves
	}
	room := max(1, min(most, (s.treeLimit-s.size())/s.nodeSize))
	clk := &s.clk
	if n == 0 {
		s.lclk = s.clk.part(0.5) // the search needs time too
		clk = &s.lclk
	}
	buf, l := appendMoves(clk, p, s.buf[:0], s.stream, room, s.r, s.t.wins)
	s.buf = buf
	s.r.Shuffle(len(s.buf), func(i, j int) { s.buf[i], s.buf[j] = s.buf[j], s.buf[i] })
	first, me := int32(len(s.nodes)), s.nodes[n].toMove
	s.nodes = slices.Grow(s.nodes, len(s.buf))
	for _, m := range s.buf {
		s.nodes = append(s.nodes, node[M]{move: m, parent: n, first: -1, pos: -1, mover: me, toMove: boardrules.NoPlayer, proof: unproven})
	}
	nd := &s.nodes[n]
	nd.first, nd.count = first, int32(len(s.buf))
	if !l.all(room) {
		nd.flags |= partial
	}
	if nd.count == 0 { // an engine whose ToMove does not say the game ended
		nd.toMove = boardrules.NoPlayer
		s.prove(n, outcomeProof(p.Outcome()), false)
		return -1
	}
	return s.scan(n)
}

// scan tries every move of listed node n for a win at once, until the
// time is up; see list. A move that knows whether it wins (winFlagOf) is
// not played: a move that loses at once is proven by its own flag where
// it has one (loseFlagOf), and a move that draws at once when the search
// visits it.
func (s *MCTS[P, M]) scan(n int32) int32 {
	p := s.pos[s.nodes[n].pos]
	nd := &s.nodes[n]
	me := nd.toMove
	for c := nd.first; c < nd.first+nd.count; c++ {
		if c > nd.first && (s.clk.poll(&s.scanPC) || s.scanLimit > 0 && c-nd.first >= s.scanLimit) {
			return -1
		}
		ch := &s.nodes[c]
		switch {
		case ch.proof != unproven:
		case s.t.wins != nil:
			switch {
			case s.t.wins(ch.move):
				ch.proof = int8(me)
			case s.t.loses != nil && s.seats == 2 && s.t.loses(ch.move):
				ch.proof = int8(1 - me)
			}
		default:
			if over, w := ended(p.PlayUnchecked(ch.move)); over {
				ch.proof = drawn
				if w != boardrules.NoPlayer {
					ch.proof = int8(w)
				}
			}
		}
		if ch.proof == int8(me) {
			s.prove(n, int8(me), true)
			return c
		}
	}
	if nd.flags&partial == 0 { // (the moves not listed may win)
		nd.flags |= scanned
	}
	// Every move may end the game: then n is proven too (settle leaves a
	// partial node unproven).
	if last := nd.first + nd.count - 1; s.nodes[last].proof != unproven {
		s.settle(last, s.nodes[last].proof)
	}
	return -1
}

// descend walks down by UCT and returns the node whose result the
// iteration backs up: a child visited for the first time, a proven node,
// or (when the tree is full) the node where the walk stops.
func (s *MCTS[P, M]) descend() int32 {
	n := int32(0)
	for {
		nd := &s.nodes[n]
		if nd.proof != unproven {
			return n
		}
		full := s.full()
		if nd.first < 0 {
			if full || s.clk.expired() {
				return n
			}
			s.list(n)
			if s.nodes[n].proof != unproven {
				return n
			}
			nd = &s.nodes[n]
		}
		if nd.tried < nd.count && !full {
			c := nd.first + nd.tried
			nd.tried++
			if s.nodes[c].proof == unproven { // (a proven child not yet visited ends the game)
				s.visit(c, s.pos[nd.pos].PlayUnchecked(s.nodes[c].move))
			}
			if n == 0 && s.t.wins != nil && s.nodes[c].proof == unproven {
				s.check(c)
			}
			if pr := s.nodes[c].proof; pr != unproven {
				s.settle(c, pr)
			}
			if s.alpha > 0 && s.seats == 2 {
				s.backupMinimax(c)
			}
			return c
		}
		c := s.bestChild(n)
		if c < 0 {
			return n
		}
		n = c
	}
}

// backupMinimax gives node c, just visited, its implicit minimax value,
// the evaluation of its position (or its proof) for its mover, and
// carries the change up: a node's value is one less the best of its
// children's (two players).
func (s *MCTS[P, M]) backupMinimax(c int32) {
	nd := &s.nodes[c]
	switch pr := nd.proof; {
	case pr == unproven:
		v := s.eval.Evaluate(s.pos[nd.pos], nd.mover)
		nd.mm = squash(v, s.opts.Squash)
		s.fresh = c
	case pr == drawn:
		nd.mm = s.draw[nd.mover]
	case pr == int8(nd.mover):
		nd.mm = 1
	default:
		nd.mm = 0
	}
	for n := nd.parent; n > 0; n = s.nodes[n].parent {
		pn := &s.nodes[n]
		best := math.Inf(-1)
		for _, ch := range s.nodes[pn.first : pn.first+pn.tried] {
			best = max(best, ch.mm)
		}
		if v := 1 - best; v != pn.mm {
			pn.mm = v
			continue
		}
		return
	}
}

// bestChild is the tried child of n with the highest upper confidence
// bound, leaving out the children proven lost for the side to move at n,
// unless all are (which the proofs allow only in a game of three or four,
// where the side to move may not care who wins); -1 when n has none.
func (s *MCTS[P, M]) bestChild(n int32) int32 {
	if c := s.ucb(n, true); c >= 0 {
		return c
	}
	return s.ucb(n, false)
}

// ucb is bestChild's choice, with or without the children proven lost.
func (s *MCTS[P, M]) ucb(n int32, skipLost bool) int32 {
	nd := &s.nodes[n]
	explore := s.opts.C * math.Sqrt(math.Log(nd.visits))
	draw := s.draw[nd.toMove] // (a node with children has a seat to move)
	best, bestScore := int32(-1), math.Inf(-1)
	children := s.nodes[nd.first : nd.first+nd.tried]
	alpha := s.alpha
	if s.seats != 2 {
		alpha = 0
	}
	for i := range children {
		nc := &children[i]
		mean := nc.reward * nc.inv
		if alpha > 0 {
			mean = (1-alpha)*mean + alpha*nc.mm
		}
		switch nc.proof {
		case unproven:
		case drawn:
			mean = draw
		default: // won by another seat: a win for the side to move would have proven n
			if skipLost {
				continue
			}
		}
		if score := mean + explore*nc.invSqrt; score > bestScore {
			best, bestScore = int32(i), score
		}
	}
	if best < 0 {
		return -1
	}
	return nd.first + best
}

// prove marks node n proven with result pr and carries the proof up the
// tree (see settle). inOne marks a node won by its side to move in one
// move.
func (s *MCTS[P, M]) prove(n int32, pr int8, inOne bool) {
	s.nodes[n].proof = pr
	if inOne {
		s.nodes[n].flags |= quick
	}
	s.settle(n, pr)
}

// settle carries the proof of node n, pr, to its ancestors: a parent is
// won by its side to move when one child is, and proven when every move
// of it is and the results agree (a draw when one child is drawn and none
// won, in which the side to move takes the draw); a partial node only by
// a win.
func (s *MCTS[P, M]) settle(n int32, pr int8) {
	for {
		par := s.nodes[n].parent
		if par < 0 {
			return
		}
		pn := &s.nodes[par]
		if pn.proof != unproven {
			return
		}
		if pr == int8(pn.toMove) {
			// The side to move at par wins by the move to n; at once
			// when n is the end of the game.
			pn.proof = pr
			if s.nodes[n].toMove == boardrules.NoPlayer {
				pn.flags |= quick
			}
			n = par
			continue
		}
		if pn.flags&partial != 0 {
			return // moves not among the children may do better
		}
		result, hasDraw, mixed := unproven, false, false
		for c := pn.first; c < pn.first+pn.count; c++ {
			switch cp := s.nodes[c].proof; {
			case cp == unproven:
				return
			case cp == drawn:
				hasDraw = true
			case result == unproven:
				result = cp
			case result != cp:
				mixed = true // lost for the side to move, to different seats
			}
		}
		switch {
		case hasDraw:
			result = drawn
		case mixed:
			return // three or four players: no one seat wins
		}
		pn.proof, pr, n = result, result, par
	}
}

// outcomeProof is the proof of a game ended with o.
func outcomeProof(o boardrules.Outcome) int8 {
	if o.Status == boardrules.Win {
		return int8(o.Winner)
	}
	return drawn
}

// exact sets the iteration's rewards for a known result: 1 to the winner,
// and in a draw what a draw is worth to each seat (setDraw).
func (s *MCTS[P, M]) exact(pr int8) {
	for i := range s.result[:s.seats] {
		switch {
		case pr == drawn:
			s.result[i] = s.draw[i]
		case int8(i) == pr:
			s.result[i] = 1
		default:
			s.result[i] = 0
		}
	}
}

// playout plays random moves from p to the end of the game, to the cut
// (then the evaluation scores the position), to MaxPlies or to the time
// budget's end, and sets the iteration's rewards.
// A playout stopped by MaxPlies, or by the time without an evaluation,
// counts as a draw.
func (s *MCTS[P, M]) playout(p P) {
	s.stats.Playouts++
	ply := 0
	defer func() { s.stats.Plies += int64(ply) }()
	for ; ; ply++ {
		if p.ToMove() == boardrules.NoPlayer {
			s.exact(outcomeProof(p.Outcome()))
			return
		}
		out := ply > 0 && s.clk.poll(&s.playPC)
		if s.cut >= 0 && ply >= s.cut || out && s.eval != nil {
			s.score(p)
			return
		}
		if ply >= s.opts.MaxPlies || out {
			s.exact(drawn)
			return
		}
		if s.sample != nil {
			m, ok := s.sample(p, s.r)
			if !ok {
				s.exact(drawn) // cannot happen: ToMove says the game goes on
				return
			}
			p = p.PlayUnchecked(m)
			continue
		}
		// (streamed: a reservoir of one, a uniform choice among the
		// moves listed before the time is up)
		buf, l := appendMoves(&s.clk, p, s.buf[:0], s.stream, 1, s.r, nil)
		s.buf = buf
		if l.seen == 0 { // an engine whose ToMove does not say the game ended
			s.exact(outcomeProof(p.Outcome()))
			return
		}
		if s.stream {
			p = p.PlayUnchecked(s.buf[0])
		} else {
			p = p.PlayUnchecked(s.buf[s.r.IntN(len(s.buf))])
		}
	}
}

// score sets the iteration's rewards from the evaluation of p (see
// Options.Squash).
func (s *MCTS[P, M]) score(p P) {
	if s.seats == 2 {
		r := squash(s.eval.Evaluate(p, 0), s.opts.Squash)
		s.result[0], s.result[1] = r, 1-r
		return
	}
	top := math.Inf(-1)
	for i := range s.result[:s.seats] {
		s.result[i] = s.eval.Evaluate(p, boardrules.Player(i)) / s.opts.Squash
		top = max(top, s.result[i])
	}
	sum := 0.0
	for i := range s.result[:s.seats] {
		s.result[i] = math.Exp(s.result[i] - top)
		sum += s.result[i]
	}
	for i := range s.result[:s.seats] {
		s.result[i] /= sum
	}
}

// The ranks of a root move for the final choice, best last.
const (
	rankLosesNow   = iota // the move ends the game, lost
	rankUnsafe            // the opponent can win at once
	rankLosesLater        // proven lost, but not at once
	rankUnknown           // not proven lost; the time ran out before its replies were all tried
	rankSafe              // not proven lost, and no reply wins at once
)

// final chooses the root's move (see the package doc, Choosing the move):
// a proven win; else the most visited child of the best rank, where the
// rank of a move that could be safe is checked, most visited first, until
// one is or the time is up; the moves never tried are checked after the
// tried ones; with no safe move at all, the move that leaves the fewest
// winning replies.
func (s *MCTS[P, M]) final(p P) M {
	root := s.nodes[0]
	me := int8(root.toMove)
	s.order = s.order[:0]
	for c := root.first; c < root.first+root.count; c++ {
		if s.nodes[c].proof == me {
			return s.nodes[c].move
		}
		s.order = append(s.order, c)
	}
	// tried children by visits (the untried ones, none, come last in
	// their random order)
	slices.SortStableFunc(s.order, func(i, j int32) int {
		a, b := &s.nodes[i], &s.nodes[j]
		return cmp.Or(cmp.Compare(b.visits, a.visits), cmp.Compare(b.reward, a.reward))
	})
	best, bestRank := s.order[0], -1
	s.unsafe = s.unsafe[:0]
	offered, checks := int32(-1), 0
	for _, c := range s.order {
		r := s.rank(c)
		if r == rankSafe {
			// A move whose reply can draw at once is worth a draw to a
			// side that stands better: a safe move that beats a draw
			// and offers none is better.
			if offered >= 0 && (checks >= maxDrawChecks || !s.beatsDraw(c, offered)) {
				return s.nodes[offered].move
			}
			if s.beatsDraw(c, c) && s.offersDraw(c) {
				checks++
				if offered < 0 {
					offered = c
				}
				continue
			}
			return s.nodes[c].move
		}
		if r == rankUnsafe {
			s.unsafe = append(s.unsafe, s.nodes[c].move)
		}
		if r > bestRank {
			best, bestRank = c, r
		}
	}
	if offered >= 0 {
		return s.nodes[offered].move
	}
	if bestRank == rankUnsafe {
		return s.t.fewestThreats(p, s.unsafe, nil)
	}
	return s.nodes[best].move
}

// maxDrawChecks bounds the safe moves the final choice tries for a reply
// that draws at once: each costs a Play of every reply.
const maxDrawChecks = 4

// beatsDraw reports whether root child c, safe, is worth more than a draw
// to the side to move at the root, by the mean of its rewards, with at
// least a quarter of the visits of first, the first safe move: a move the
// search has barely tried has a mean that says little. It holds only with
// a contempt (setDraw), which says what a draw is worth to the side that
// stands better.
func (s *MCTS[P, M]) beatsDraw(c, first int32) bool {
	nd, me := &s.nodes[c], s.nodes[0].toMove
	return s.contempt() && nd.proof == unproven && nd.visits > 0 &&
		4*nd.visits >= s.nodes[first].visits && nd.reward*nd.inv > s.draw[me]
}

// offersDraw reports whether the opponent has a reply to root child c
// that draws at once (a repetition, or a rule of the game's own such as
// Crumble's renewable iteration), playing the replies until one does or
// the time is up. The search sees such a reply only if it tries it, and a
// move of a search that stands better, with hundreds of replies, may have
// too few visits for that: then it let the opponent, who stands worse,
// draw by repetition.
func (s *MCTS[P, M]) offersDraw(c int32) bool {
	q := s.pos[s.nodes[c].pos]
	buf, _ := appendMoves(&s.clk, q, s.buf[:0], s.stream, 0, nil, nil)
	s.buf = buf
	for k, m := range s.buf {
		if k > 0 && s.clk.poll(&s.scanPC) {
			return false
		}
		if over, w := ended(q.PlayUnchecked(m)); over && w == boardrules.NoPlayer {
			return true
		}
	}
	return false
}

// check tries the replies of root child c, visited and unproven, for a
// win at once, as far as the time allows: c is then proven lost at once
// for the side to move at the root, or marked scanned; check reports
// whether it knows which. The search checks each root move when it first
// visits it, where the moves say whether they win (winFlagOf), so that a
// check costs one listing of the replies and no Play: on a Crumble board
// most moves often let the opponent win at once (nine in ten, and more,
// in the middle game), the search then spends no iteration on them, and
// the final choice finds the visited moves checked whatever time is left
// to it. Elsewhere a check plays every reply, which would cost the search
// more than the final choice's check of the few moves it looks at.
//
// The check lists the replies apart from the listing of c that makes them
// its children at its second visit: on a crowded Crumble board a root move
// has thousands of replies and a second visits most root moves once, so
// that children made at every check would take the tree's room by the
// million, where a listing that makes none costs as much again only for
// the moves visited twice.
func (s *MCTS[P, M]) check(c int32) bool {
	nd := &s.nodes[c]
	win, known := s.t.hasWin(s.pos[nd.pos])
	switch {
	case win: // (the reply's winner is the seat to move after c)
		nd.proof = int8(nd.toMove)
		nd.flags |= quick
	case known:
		nd.flags |= scanned
	}
	return win || known
}

// rank ranks root child c, checking that it is safe when it may be: its
// replies are tried for a win at once, as far as the time allows, if the
// search has not tried them all.
func (s *MCTS[P, M]) rank(c int32) int {
	if nd := &s.nodes[c]; nd.proof == unproven && nd.flags&scanned == 0 {
		if s.clk.expired() {
			return rankUnknown // (even a Play costs time on a crowded board)
		}
		if nd.pos < 0 {
			s.visit(c, s.pos[0].PlayUnchecked(nd.move))
		}
		if s.nodes[c].proof == unproven && !s.check(c) {
			return rankUnknown
		}
	}
	nd := &s.nodes[c]
	switch nd.proof {
	case unproven, drawn, int8(s.nodes[0].toMove):
		return rankSafe // (a proven win is returned before any rank)
	}
	switch {
	case nd.toMove == boardrules.NoPlayer:
		return rankLosesNow
	case nd.flags&quick != 0:
		return rankUnsafe
	}
	return rankLosesLater
}
