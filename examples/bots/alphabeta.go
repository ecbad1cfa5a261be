package bots

import (
	"context"
	"math"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/boardrules/boardrules"
)

// AlphaBeta is a depth-first minimax search with alpha-beta pruning,
// iterative deepening, a transposition table on Hash and move ordering,
// scoring its leaves with the game's evaluation; in a game of three or four
// it plays paranoid. See the package doc.
type AlphaBeta[P boardrules.Position[P, M], M comparable] struct {
	opts    Options
	eval    Evaluator[P]
	depth   int // the last iteration's depth
	r       *rand.Rand
	tt      []ttEntry
	gen     uint32
	moves   [][]M     // the moves of each ply of the current line
	order   [][]int32 // the order they are tried in
	killers [][2]M    // per ply, two moves that cut off there lately
	root    []M       // the root's moves
	rootVal []float64 // and their values in the last iteration
	rootIdx []int32   // in the order of the next iteration
	stats   Stats
	me      boardrules.Player // the seat searching: the maximising one
	clk     clock
	lclk    clock // the root's listing's: half the time
	pc      pacer
	stream  bool // take the moves from LegalMovesSeq (streamsMoves)
	aborted bool // the clock stopped the current iteration
	nodes   int64
	value   float64 // the value of the last iteration completed
	noTable bool    // for tests: search without the transposition table
	// deepened holds, for tests, the times (from the start of the search)
	// at which it decided to begin another iteration
	deepened []time.Duration
}

// ttBits sizes the transposition table: 2^17 entries of 24 bytes, 3 MiB a
// bot. It is cleared (by generation) at every move, since the values are
// those of the seat searching.
const ttBits = 17

type ttEntry struct {
	hash  uint64
	value float64
	gen   uint32
	depth int8
	bound int8
	best  int16 // the index of the best move in the position's list; -1 none
}

// settles returns the value an entry gives a search of its position to
// depth plies at ply within (alpha, beta), when it settles it: an entry of
// that depth or deeper holding the exact value, or a bound outside the
// window (a lower bound at beta or above, an upper one at alpha or below).
func (e *ttEntry) settles(depth, ply int, alpha, beta float64) (float64, bool) {
	if int(e.depth) < depth {
		return 0, false
	}
	v := fromTable(e.value, ply)
	switch {
	case e.bound == boundExact,
		e.bound == boundLower && v >= beta,
		e.bound == boundUpper && v <= alpha:
		return v, true
	}
	return 0, false
}

// The bounds a table entry holds.
const (
	boundExact int8 = iota
	boundLower      // the value is at least this
	boundUpper      // the value is at most this
)

// winScore is the value of a won game at the root; a win found deeper is
// worth a little less (winScore - ply), so the search takes the fastest
// win and the slowest loss. Evaluations are clamped well below it.
const (
	winScore = 1e9
	evalMax  = 1e8
)

// NewAlphaBeta returns an alpha-beta bot with options o (see Options:
// Depth and Time are its budget; zero fields get the game's defaults) and
// the evaluation o.Eval names, the game's own (EvaluatorOf[P]) when the
// game has no evaluation of that name.
func NewAlphaBeta[P boardrules.Position[P, M], M comparable](o Options) *AlphaBeta[P, M] {
	tn := tuningOf[P]()
	depth := o.Depth
	switch {
	case depth <= 0 && o.Time > 0:
		depth = MaxDepth
	case depth <= 0:
		depth = tn.Depth
	}
	e, _ := evaluatorFor[P](o)
	return &AlphaBeta[P, M]{opts: o, depth: min(depth, MaxDepth), r: o.rand(), eval: e, stream: streamsMoves[P]()}
}

// SetEvaluator replaces the evaluation that scores the leaves; nil scores
// every position whose game goes on as 0, leaving the wins and losses the
// search sees.
func (s *AlphaBeta[P, M]) SetEvaluator(e Evaluator[P]) { s.eval = e }

// Stats returns the bot's counts.
func (s *AlphaBeta[P, M]) Stats() Stats { return s.stats }

// Choose searches p by iterative deepening, one ply deeper each time, until
// the depth or the time is reached or a win or loss is proven, and returns
// the best move of the last iteration completed. A first iteration cut by
// the time gives the best of the moves it searched (the first move of its
// random order when it searched none); a later one cut by the time is
// dropped, and one is not started when half the time is spent (the next
// would take longer than the rest).
func (s *AlphaBeta[P, M]) Choose(ctx context.Context, p P) (M, error) {
	start := time.Now()
	defer func() { s.stats.Time += time.Since(start) }()
	if err := s.clk.begin(ctx, s.opts.Time); err != nil {
		var none M
		return none, err
	}
	s.me = p.ToMove()
	s.pc = pacer{}
	// (a listing that would take more than half the time is cut: the
	// moves listed by then are searched)
	s.lclk = s.clk.part(0.5)
	s.root, _ = appendMoves(&s.lclk, p, s.root[:0], s.stream, maxRootMoves, s.r, nil)
	if len(s.root) == 0 {
		var none M
		return none, gameOver(p)
	}
	s.stats.Moves++
	if len(s.root) == 1 {
		return s.root[0], nil
	}
	if s.tt == nil {
		s.tt = make([]ttEntry, 1<<ttBits)
	}
	s.gen++
	s.nodes, s.aborted, s.deepened = 0, false, s.deepened[:0]
	defer func() { s.stats.Nodes += s.nodes }()
	// A random first order: among moves of equal value the first found is
	// kept, so the seed chooses among them.
	s.rootVal, s.rootIdx = s.rootVal[:0], s.rootIdx[:0]
	for i := range s.root {
		s.rootVal = append(s.rootVal, 0)
		s.rootIdx = append(s.rootIdx, int32(i))
	}
	s.r.Shuffle(len(s.rootIdx), func(i, j int) { s.rootIdx[i], s.rootIdx[j] = s.rootIdx[j], s.rootIdx[i] })
	best := s.rootIdx[0]
	for d := 1; d <= s.depth; d++ {
		b, v := s.searchRoot(p, d)
		if s.aborted {
			if d == 1 && b >= 0 {
				best = b // the best of the moves searched
			}
			break
		}
		best, s.value = b, v
		s.stats.Depth++
		spent := s.clk.elapsed()
		if math.Abs(v) >= evalMax || s.clk.timed && spent >= s.clk.limit/2 {
			break
		}
		if d < s.depth {
			s.deepened = append(s.deepened, spent)
		}
		// The next iteration tries the best moves first.
		sort.SliceStable(s.rootIdx, func(i, j int) bool { return s.rootVal[s.rootIdx[i]] > s.rootVal[s.rootIdx[j]] })
	}
	return s.root[best], nil
}

// searchRoot searches every root move to depth d and returns the best one
// and its value.
func (s *AlphaBeta[P, M]) searchRoot(p P, d int) (int32, float64) {
	alpha, best := math.Inf(-1), int32(-1)
	for _, i := range s.rootIdx {
		v := s.search(p.PlayUnchecked(s.root[i]), d-1, 1, alpha, math.Inf(1))
		if s.aborted {
			return best, alpha
		}
		s.rootVal[i] = v
		if best < 0 || v > alpha {
			best, alpha = i, v
		}
	}
	return best, alpha
}

// search returns the value of p for the seat searching, searched depth
// plies deeper, within the window (alpha, beta): the seat searching takes
// the best value, every other seat the worst (paranoid; in a two-player
// game plain minimax).
func (s *AlphaBeta[P, M]) search(p P, depth, ply int, alpha, beta float64) float64 {
	s.nodes++
	if s.clk.poll(&s.pc) {
		s.aborted = true
		return 0
	}
	toMove := p.ToMove()
	if toMove == boardrules.NoPlayer {
		switch _, w := ended(p); w {
		case boardrules.NoPlayer:
			return 0
		case s.me:
			return winScore - float64(ply)
		}
		return -winScore + float64(ply)
	}
	if depth <= 0 {
		if s.eval == nil {
			return 0
		}
		return math.Max(-evalMax, math.Min(evalMax, s.eval.Evaluate(p, s.me)))
	}
	h := p.Hash()
	e := &s.tt[h&(1<<ttBits-1)]
	ttBest := -1
	if e.hash == h && e.gen == s.gen && !s.noTable {
		ttBest = int(e.best)
		if v, ok := e.settles(depth, ply, alpha, beta); ok {
			return v
		}
	}
	for len(s.moves) <= ply {
		s.moves, s.order, s.killers = append(s.moves, nil), append(s.order, nil), append(s.killers, [2]M{})
	}
	// The first moves in the position's order, the same at every visit
	// (the table's best move is an index into them).
	moves, l := appendMoves(&s.clk, p, s.moves[ply][:0], s.stream, maxMoves, nil, nil)
	s.moves[ply] = moves
	if l.cut {
		s.aborted = true
		return 0
	}
	order := s.orderMoves(ply, ttBest)
	maxing := toMove == s.me
	alpha0, beta0 := alpha, beta
	best, bestIdx := math.Inf(1), int32(-1)
	if maxing {
		best = math.Inf(-1)
	}
	for _, i := range order {
		v := s.search(p.PlayUnchecked(moves[i]), depth-1, ply+1, alpha, beta)
		if s.aborted {
			return 0
		}
		if maxing && v > best || !maxing && v < best {
			best, bestIdx = v, i
		}
		if maxing {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			if k := &s.killers[ply]; k[0] != moves[i] {
				k[0], k[1] = moves[i], k[0]
			}
			break
		}
	}
	bound := boundOf(best, alpha0, beta0)
	if bestIdx > math.MaxInt16 {
		bestIdx = -1
	}
	*e = ttEntry{hash: h, value: toTable(best, ply), gen: s.gen, depth: int8(min(depth, 127)), bound: bound, best: int16(bestIdx)}
	return best
}

// boundOf is what value v, the best a search found in the window (alpha,
// beta), tells of the position's value: at most v when no move reached
// alpha (the search failed low, and a better move may have been pruned
// below), at least v when one reached beta (it failed high, and the rest
// were pruned), exactly v between.
func boundOf(v, alpha, beta float64) int8 {
	switch {
	case v <= alpha:
		return boundUpper
	case v >= beta:
		return boundLower
	}
	return boundExact
}

// orderMoves returns the order in which the moves of ply are tried: the
// table's best move, then the killers of the ply, then the others as
// listed.
func (s *AlphaBeta[P, M]) orderMoves(ply, ttBest int) []int32 {
	moves := s.moves[ply]
	order := s.order[ply][:0]
	if ttBest >= len(moves) {
		ttBest = -1 // a collision of hashes
	}
	if ttBest >= 0 {
		order = append(order, int32(ttBest))
	}
	head := len(order)
	var none M
	for _, k := range s.killers[ply] {
		if k == none {
			continue
		}
		for i, m := range moves {
			if m == k && i != ttBest {
				order = append(order, int32(i))
				break
			}
		}
	}
	killers := order[head:]
	for i := range moves {
		if i == ttBest || in(killers, int32(i)) {
			continue
		}
		order = append(order, int32(i))
	}
	s.order[ply] = order
	return order
}

func in(s []int32, v int32) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// toTable and fromTable move a win's distance between the root's view and
// the node's, so that an entry holds for the position wherever it is met.
func toTable(v float64, ply int) float64 {
	switch {
	case v >= evalMax:
		return v + float64(ply)
	case v <= -evalMax:
		return v - float64(ply)
	}
	return v
}

func fromTable(v float64, ply int) float64 {
	switch {
	case v >= evalMax:
		return v - float64(ply)
	case v <= -evalMax:
		return v + float64(ply)
	}
	return v
}
