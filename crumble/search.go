package crumble

// Move generation: the splits and joins of the side to move, then for each
// a breadth-first search over the swap paths that keeps one shortest path
// per distinct end.
//
// The splits and joins come first (a split's pieces by walking its cut
// line, a join's rectangles by walking the anchor's bottom row, both by
// the tiling's stitches), then the swap paths of each split or join that
// can swap at all are searched on the contact graph of the position:
// which pieces touch, along an edge or at a corner, which share a full
// side, and which lie on a side of the board. The split or join is
// overlaid on the graph (its pieces out, the pieces it creates in, linked
// to the pieces around), and each state of the breadth-first search is a
// colouring of the overlaid graph with its travelling piece.
//
// After a swap step only the groups next to the two swapped pieces can
// have lost their last side contact. Most are proved safe at once by the
// side forest, which links every piece of the position to a piece of its
// group one step nearer a side: each piece keeps the set of pieces whose
// way to a side passes it, so the pieces still proved after a step are
// all pieces but those sets of the few pieces the action removed or the
// path recoloured, a handful of word operations; the rest are mostly
// proved by a neighbour so proved, and only the others are flooded. The
// win check keeps, with each state of the search, a bound on the sides a
// new chain can reach (the sides of the pieces recoloured since the
// action and of the chains of their colour beside them), widened step by
// step, and floods only when it reaches all four.
//
// The working memory (scratch) is pooled (a sync.Pool, which keeps one
// per processor), and it keeps what its last calls worked out, never
// inside a Position:
//
//   - the searches of the last listing or draw: PlayUnchecked of a move
//     just listed or drawn (a search's expansion, a perft's leaves, a
//     playout's ply) reads the move's end from its search, following its
//     path down the search's tree, instead of playing the path again;
//   - the view of the last position's pieces with their stitches, which
//     a move played from it carries into the view of the position it led
//     to (view.carry) instead of a sweep up the board;
//   - the bitset graph of the last position, whose pieces keep their
//     slots from ply to ply: a move played on it, or without a path, is
//     committed into the graph of the position it led to at the next call
//     on that position (its overlay made permanent, the removed pieces'
//     slots freed), which costs the pieces around the move instead of a
//     build, so a playout's next ply and the listing of a child just
//     played find their graph almost ready. Created pieces take free
//     slots whose bits are in no set; the bits an overlay or a commit
//     leaves behind are masked by the live pieces until the clean slots
//     run out and the sets are cleaned;
//   - the corner graph of the last position whose moves were read as
//     text (ParseMove) or whose pieces need a location that the walks of
//     location.go do not find: reading a move walks its legs on it.
//
// A goroutine that the scheduler moves to another processor finds another
// working memory, without these: its next call works them out afresh,
// which costs more but gives the same result.

import (
	"iter"
	"math/bits"
	"slices"
	"sync"

	"github.com/boardrules/boardrules"
)

// scratch is the working memory of move generation and Play, pooled. It
// keeps the contact graphs of the last positions it served (each holds
// its position's pieces, which keeps them from being freed and reused
// while it names them), the swap-path searches of the last listing or
// draw (of the pieces in search.searchedFor), so that Play of a move just
// listed or drawn reads the move's end from its search instead of playing
// its path again, and the move last played on the bitset graph, which the
// next call on the position it led to commits (last.pend). Positions are
// immutable and their pieces never change, so all of it stays right for
// as long as those pieces are the position's.
//
// Its fields are grouped by the files that use them; the action at hand
// and the walk that finds it, which most files read, come first.
type scratch struct {
	act     action
	walkBuf []int32 // a split line's pieces, walked to find a move's action

	last   lastServed // the last position served (search.go; every file reads its view)
	list   listing    // the splits and joins of the side to move (action.go, sample.go)
	search searches   // the swap-path searches of the last listing or draw (search.go, play.go)
	play   playing    // a move played and the position it makes (play.go)
	text   texts      // moves as text: read (notation.go) and written (location.go)
}

// lastServed is what a scratch keeps of the last position it served:
// its view and contact graphs, and the move pending on the bitset graph.
type lastServed struct {
	v        view     // the view of the position served
	vb       view     // a spare view, which the next one is carried into
	g        graph    // the contact graph as lists, for every position
	bits     bitGraph // and as bitsets, for positions that fit (fitsBits)
	listMade []int32  // the created pieces' slots of an overlay on the lists

	// a move played on the bitset graph, which the next call on the
	// position it led to makes the graph of that position (take)
	pend    pending
	slots   []int32 // for pend: the slot of each piece of the next position
	bitsGen uint32  // counts the changes of bits to another position
}

// listing is the splits and joins of the side to move (prepare, basesOf)
// and what RandomMove draws from them.
type listing struct {
	bases []baseDesc
	walks []int32
	tiles tileMemo // the rectangles tested for a join's tiling (action.go)
	moves []Move   // RandomMove's moves of one base
}

// searches is the swap-path searches of the last listing or draw: each
// base's states are states[first:first+count], the colouring of state i
// nw words at words[firstWord+(i-first)*nw:].
type searches struct {
	searchedFor *tiling
	states      []bfsState
	words       []uint64
	table       []uint64 // open addressing: gen<<32 | state index+1
	gen         uint32
	trKeys      []uint64 // hash keys by slot: of the travelling piece
	pieceKeys   []uint64 // and of a piece whose colour differs from the action's
	madeSlots   []int32  // the created pieces' slots of each search (baseDesc.made)
	letters     []byte   // a long path's letters
}

// playing is Play's working memory: the edit of the tiling, the storage
// of new positions and the colourings a path is played on.
type playing struct {
	sl      slabs      // the slabs new positions' tilings are carved from
	recs    recCarvers // and their turn records (history.go)
	ed      edit       // a move's edit of the tiling (finish)
	col     []uint64
	was     []uint64 // a position's colouring, when the lists do not hold it (whiteOf)
	members []int32  // a join's pieces, when a move's action is found
	created []piece  // the created pieces of a move played, in the action's order
	order   []int32  // the created pieces by place: their source indices (finish)
	listed  int      // the listed base the last move was found at (listedBase)
}

// texts is the working memory of moves as text: the corner graph their
// legs are walked on, the parse's counts, the location walker, and the
// last anchor's location (of the pieces headFor) with the head of the
// last base.
type texts struct {
	corners    cornerGraph // locations and move text
	counts     []uint64    // a location's staircase counts, read by parseMove
	path       []byte
	loc        locWalk
	headFor    *tiling
	headAnchor int32
	headLoc    []byte
	head       []byte
	legs       legs      // of the last join's text (joinCounts)
	north      northLegs // and of its row's
}

// bfsState is a state of a swap-path search: a colouring (kept apart, in
// scratch.search.words) and the travelling piece, reached from the state parent
// by a step in direction dir (or a source, the created piece src, when
// parent is -1). kids is the first of the states its expansion added,
// nkids their number: a state's path is the chain of steps from its
// source, and every state is the first found with its colouring and
// travelling piece.
type bfsState struct {
	hash   uint64
	parent int32
	tr     int32
	kids   int32
	src    int32
	depth  int32
	bound  bound     // the win check's bound (see winner)
	path   [2]uint64 // the path's steps as a Move holds them, for paths of up to inlinePath steps
	dir    int8      // the step's direction, | stateWon, | stateCaptures; -1 for a source
	nkids  uint8
	steps  uint8 // but for a source: the directions it may step in, as stepsFrom gives them
}

const (
	stateWon      = 8  // the step gave a colour a win
	stateCaptures = 16 // the step captured
	stateWhiteWon = 32 // with stateWon: White won
)

// baseDesc is one split or join of the side to move, as prepare lists
// them: the move without its path, where a split's pieces are in
// scratch.list.walks, and its search, if made.
type baseDesc struct {
	base
	walkOff   int32 // a split's walk, or a join's pieces, in scratch.list.walks
	members   int32 // a join's pieces
	first     int32 // its first state, -1 when not searched
	count     int32
	firstWord int32
	nw        int32 // words of a state's colouring
	onBits    bool  // searched on the bitset graph, when it was last.bitsGen
	gen       uint32
	made      int32    // where the created pieces' slots in its colourings are in scratch.search.madeSlots
	corners   [2]int32 // a join's pieces at its bottom-right and top-left corners (see mayStepFrom)
	stepKnown bool     // mayStepListed has tested it,
	canStep   bool     // and found that a created piece can make a first swap step
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// acquire takes a scratch from the pool. A pooled scratch usually comes
// back to the goroutine that used it last, so Play after RandomMove or
// LegalMoves of the same position (a playout's ply, a search's expansion)
// finds the position's graph and searches in it.
func acquire() *scratch { return scratchPool.Get().(*scratch) }

// cornerGraphOf returns the corner graph of p's pieces (s's view), built
// unless s holds it already.
func (s *scratch) cornerGraphOf(p *Position) *cornerGraph {
	s.see(p)
	if s.text.corners.t != p.t || p.t == nil {
		wf, hf := p.dims()
		s.text.corners.build(s.last.v.ps, wf, hf)
		s.text.corners.t = p.t
	}
	return &s.text.corners
}

// holds reports whether s.last.g is the contact graph of p's pieces.
func (s *scratch) holds(p *Position) bool { return s.last.g.t == p.t && p.t != nil }

// holdsBits reports whether s.last.bits is the bitset graph of p's pieces.
func (s *scratch) holdsBits(p *Position) bool { return s.last.bits.t == p.t && p.t != nil }

// tile makes s.last.g the contact graph of p's pieces (s's view), unless it
// is already.
func (p *Position) tile(s *scratch) *graph {
	s.see(p)
	if !s.holds(p) {
		wf, hf := p.dims()
		s.last.g.build(s.last.v.ps, &s.last.v, wf, hf)
		s.last.g.t = p.t
	}
	return &s.last.g
}

// tileBits makes s.last.bits the bitset graph of p's pieces (s's view),
// unless it is already; p must fit (fitsBits).
func (p *Position) tileBits(s *scratch) *bitGraph {
	s.see(p)
	if !s.holdsBits(p) {
		wf, hf := p.dims()
		s.last.bits.build(s.last.v.ps, &s.last.v, wf, hf)
		s.last.bits.t = p.t
		s.last.bitsGen++
	}
	return &s.last.bits
}

// pending is a move played on the bitset graph, or without a path on a
// position the bitset graph held: from the position with pieces from to
// the one with pieces to, by the action of, leaving the colouring col
// over the created pieces' slots made (a move without a path leaves made
// empty: the colouring is the action's).
type pending struct {
	from, to *tiling
	of       actionName
	col      set
	made     []int32
}

// handOn notes that the move just played from p (its action in s.act,
// played out as pl) led to q, so that the next call on q makes the bitset
// graph q's by a commit rather than building it (see take).
func (s *scratch) handOn(p, q *Position, pl *played) {
	pd := &s.last.pend
	pd.from, pd.to = p.t, q.t
	pd.of.set(s.act.of.t, s.act.of.base)
	pd.col, pd.made = set{}, pd.made[:0]
	if pl.col != nil {
		pd.col = *setOf(pl.col)
		pd.made = append(pd.made, pl.made...)
	}
}

// take readies s for a call on p: when the last move s played led to p,
// the bitset graph, which holds the position before it, becomes p's by
// committing the move's overlay (overlaid again if another is in place,
// its created pieces' colours carried to the slots they take now), which
// costs the pieces around the move rather than a build of the whole
// graph, so a playout's next ply finds its graph almost ready. A call on
// any other position drops the pending commit.
func (s *scratch) take(p *Position) {
	s.commitPending(p)
	s.see(p)
}

// see makes s's view p's, unless it is already: every call on a
// position reads its pieces there. The view of a flat tiling that the
// last move s played led to is carried over from the view of the
// position it was played from (view.carry), which stays in the spare
// view until the next carry; any other is loaded.
func (s *scratch) see(p *Position) {
	if s.last.v.holds(p.t) {
		return
	}
	if s.last.vb.holds(p.t) { // the view a carry left, as a search back at a parent finds it
		s.last.v, s.last.vb = s.last.vb, s.last.v
		return
	}
	if p.t != nil && p.t.flat != nil && s.play.ed.to == p.t && s.last.v.t == s.play.ed.from && s.last.v.t != nil {
		s.last.v.carry(&s.last.vb, &s.play.ed, p.t)
		return
	}
	wf, hf := p.dims()
	s.last.v.load(p.t, wf, hf)
}

// commitPending makes the bitset graph p's when the last move s played
// led to p (see take); s's view is still the position it was played
// from.
func (s *scratch) commitPending(p *Position) {
	pd := &s.last.pend
	if pd.to == nil {
		return
	}
	to, from := pd.to, pd.from
	pd.to, pd.from = nil, nil
	g := &s.last.bits
	if p.t != to || g.t != from || s.last.v.t != from || !fitsBits(p.NumPieces()) {
		return
	}
	ps := s.last.v.ps // the pieces before the move
	if !g.overlaid || g.overlayOf != pd.of {
		if s.act.of != pd.of || !overlayFits(len(ps), len(s.act.added)) {
			return // a build serves then
		}
		g.overlay(&s.act, p.turn.Other())
	}
	if s.act.of != pd.of {
		return // a build serves then
	}
	s.createdByPlace()
	col := g.c0
	if len(pd.made) > 0 {
		col = pd.col.and(g.base)
		for c, v := range pd.made {
			if pd.col.has(v) {
				col.add(g.made[c])
			}
		}
	}
	// the slot of each of p's pieces: runs of the kept ones' between the
	// removed ones and the places of the created ones (s.play.created,
	// by place; s.play.order, their source indices), as finish placed
	// them (one generic function for both loops, with the places kept
	// from finish, made a listed Play 6% slower in the middle game)
	slots := s.last.slots[:0]
	removed := s.act.removed
	at, r := 0, 0
	for c := 0; c <= len(s.play.created); c++ {
		end := len(ps)
		if c < len(s.play.created) {
			end = max(at, searchPieces(ps, s.play.created[c].X(), s.play.created[c].Y()))
		}
		for ; r < len(removed) && int(removed[r]) < end; r++ {
			slots = append(slots, g.slotOf[at:removed[r]]...)
			at = int(removed[r]) + 1
		}
		slots = append(slots, g.slotOf[at:end]...)
		at = end
		if c < len(s.play.created) {
			slots = append(slots, g.made[s.play.order[c]])
		}
	}
	s.last.slots = slots
	g.commit(p.t, &col, slots)
	s.last.bitsGen++
}

// newSearches starts the searches of p afresh.
func (s *scratch) newSearches(p *Position) {
	s.search.searchedFor = p.t
	s.search.states = s.search.states[:0]
	s.search.words = s.search.words[:0]
	s.search.madeSlots = s.search.madeSlots[:0]
}

// mayStep reports whether a piece the action creates can make a first swap
// step: whether an opponent's piece shares a full side with it (the other
// created pieces are the mover's). It reads the contact graph when s holds
// it, else finds the neighbours by the lower-left corners they can have
// (a legal shape w wide is w/2, w or 2w high), so that a position none of
// whose splits and joins can swap never builds the graph.
func (p *Position) mayStep(s *scratch) bool { return p.mayStepFrom(s, 0) }

// mayStepFrom is mayStep for the created pieces s.act.added[from:].
func (p *Position) mayStepFrom(s *scratch, from int) bool {
	// each created piece with a removed one that its full-side
	// neighbours, if any, touch along an edge: a split's half with its
	// parent, a join's piece with two: a piece sharing a full side of the
	// joined one touches, along an edge, the pieces at both ends of that
	// side (the top-left one serves North and West, the bottom-right one
	// South and East; setAction puts them in s.act)
	rs, vs := s.act.added, s.act.parent
	if len(rs) == 1 {
		rs, vs = s.act.joined[:], s.act.corners[:]
	}
	switch {
	case s.holdsBits(p):
		if len(s.act.added) > 1 && s.last.bits.oppBeyond(s.act.parent[from:], s.act.of.kind == kindV, p.turn) {
			return true
		}
		for k := from; k < len(vs); k++ {
			if s.last.bits.oppFullSide(rs[k], vs[k], p.turn) {
				return true
			}
		}
	case s.holds(p):
		for k := from; k < len(vs); k++ {
			if s.last.g.oppFullSide(rs[k], vs[k], p.turn) {
				return true
			}
		}
	default:
		return p.mayStepByCorners(s.last.v.ps, s.act.added[from:])
	}
	return false
}

// mayStepListed is mayStep for base k of s.list.bases, whose action s.act
// holds. A split of n pieces makes the halves of the same walk's split
// of n-1, listed just before it, and two more: it can step if that split
// could or if the two can, which spares a walk of L pieces the L^2
// tests of all its splits' halves.
func (p *Position) mayStepListed(s *scratch, k int) bool {
	b := &s.list.bases[k]
	var ok bool
	if b.kind != kindJ && b.n > 1 && s.list.bases[k-1].stepKnown {
		ok = s.list.bases[k-1].canStep || p.mayStepFrom(s, 2*int(b.n-1))
	} else {
		ok = p.mayStep(s)
	}
	b.stepKnown, b.canStep = true, ok
	return ok
}

// mayStepByCorners is mayStep for the created pieces added, by corner
// lookups in ps, p's pieces.
func (p *Position) mayStepByCorners(ps []piece, added []rect) bool {
	// opp reports an opponent's piece with lower-left corner (x, y) that is
	// w wide (w > 0) or h high (h > 0)
	opp := func(x, y, w, h int64) bool {
		k := findPiece(ps, x, y)
		return k >= 0 && ps[k].C() != p.turn && (w == 0 || ps[k].w == w) && (h == 0 || ps[k].H() == h)
	}
	for _, r := range added {
		// north and east: the neighbour's corner is r's
		if opp(r.x, r.y+r.h, r.w, 0) || opp(r.x+r.w, r.y, 0, r.h) {
			return true
		}
		// south and west: a legal shape w wide is w/2, w or 2w high
		for _, l := range [3]int64{r.w / 2, r.w, 2 * r.w} {
			if l > 0 && opp(r.x, r.y-l, r.w, l) {
				return true
			}
		}
		for _, l := range [3]int64{r.h / 2, r.h, 2 * r.h} {
			if l > 0 && opp(r.x-l, r.y, l, r.h) {
				return true
			}
		}
	}
	return false
}

// LegalMoves returns every legal move in the order of the move generation
// contract (see the package documentation).
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(nil) }

// AppendLegalMoves appends the legal moves to dst. It allocates nothing
// when dst has room (the working memory is pooled), but for a move whose
// text does not fit in its own bytes (a swap path longer than 64 steps).
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.status != boardrules.Ongoing || p.t == nil {
		return dst
	}
	s := acquire()
	defer scratchPool.Put(s)
	s.take(&p)
	p.generate(s, fitsBits(p.NumPieces()), true, sink{list: &dst})
	return dst
}

// LegalMovesSeq yields the moves LegalMoves lists, in the same order,
// without building the list: the search of swap paths runs as the moves
// are taken and stops when the caller stops, so a caller pays for the
// moves it takes. The first moves come as soon as the splits and joins
// are listed (see Speed in the package documentation). The stream holds
// a working memory of its own while it runs; calls made from the loop's
// body use another.
func (p Position) LegalMovesSeq() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		if p.status != boardrules.Ongoing || p.t == nil {
			return
		}
		s := acquire()
		defer scratchPool.Put(s)
		s.take(&p)
		p.generate(s, fitsBits(p.NumPieces()), false, sink{emit: yield})
	}
}

// appendLegalMoves is AppendLegalMoves in scratch s.
func (p *Position) appendLegalMoves(s *scratch, dst []Move) []Move {
	return p.appendLegalMovesOn(s, dst, fitsBits(p.NumPieces()))
}

// appendLegalMovesOn is AppendLegalMoves in scratch s, on the bitset
// graph or on the lists, as bits says (the tests compare them).
func (p *Position) appendLegalMovesOn(s *scratch, dst []Move, bits bool) []Move {
	p.generate(s, bits, true, sink{list: &dst})
	return dst
}

// sink takes the moves generate emits: appended to a list, without a
// call a move, or handed to a function, which may stop the generation.
type sink struct {
	list *[]Move
	emit func(Move) bool
}

// put hands m on and reports whether to go on.
func (k sink) put(m *Move) bool {
	if k.list != nil {
		*k.list = append(*k.list, *m)
		return true
	}
	return k.emit(*m)
}

// generate emits the legal moves in order until emit returns false. It
// searches the swap paths on the bitset graph when bits is set and the
// position fits, else on the lists; keep says to keep every base's
// search in s for Play (a stream keeps only the base at hand's). The
// splits and joins are listed anchor by anchor as the moves go, so that
// the first moves come before the last anchor's joins are sought.
func (p *Position) generate(s *scratch, bits, keep bool, emit sink) {
	if bits {
		p.tileBits(s).derive()
	} else {
		p.tile(s).derive()
	}
	s.newSearches(p)
	f := p.startBases(s)
	k := 0
	for i := range s.last.v.ps {
		if s.last.v.ps[i].C() != p.turn {
			continue
		}
		p.basesOf(s, i, &f)
		for ; k < len(s.list.bases); k++ {
			if !keep && k > 0 { // the last base's search goes
				s.list.bases[k-1].first = -1
				s.newSearches(p)
			}
			if !p.genBase(s, k, bits, true, emit) {
				return
			}
		}
	}
}

// prepare lists the splits and joins of the position in s.list.bases, in move
// generation order: by anchor piece, then H splits by count, V splits by
// count, then joins by x1, then y1.
func (p *Position) prepare(s *scratch) {
	f := p.startBases(s)
	for i := range s.last.v.ps {
		if s.last.v.ps[i].C() == p.turn {
			p.basesOf(s, i, &f)
		}
	}
}

// startBases empties the list of splits and joins for p's and returns
// the finder of their cut lines.
func (p *Position) startBases(s *scratch) cutFinder {
	s.see(p)
	s.list.bases, s.list.walks = s.list.bases[:0], s.list.walks[:0]
	s.list.tiles.reset()
	return s.finder()
}

// genBase emits the moves of base k of s.list.bases: the base without a swap,
// then one shortest path per distinct reachable end state, in
// breadth-first order, until emit returns false (genBase then returns
// false). It searches on the bitset graph when bits is set and the base's
// created pieces fit, else on the lists; derive has the graph derive its
// chains and forest first, which a search over many steps gains by (a
// listing) and one over few does not (a draw). A draw builds a graph only
// for a base that can swap at all (mayStep reads the corners without
// one); a listing has built it first, since most positions have such a
// base.
func (p *Position) genBase(s *scratch, k int, bits, derive bool, emit sink) bool {
	mv := p.setAction(s, k)
	b := &s.list.bases[k]
	b.first = -1
	if !emit.put(&mv) { // no swap
		return false
	}
	if !p.mayStepListed(s, k) {
		return true
	}
	if b.kind == kindJ {
		p.fillListed(s, &mv, b) // its pieces, for the overlay
	}
	g := p.overlayAction(s, bits, derive)
	if b.onBits = g.b != nil; b.onBits {
		b.gen = s.last.bitsGen
	}
	return s.searchSwaps(g, &mv, b, p.turn, emit)
}

// overlayAction overlays the action in s.act on a contact graph of p and
// returns it: the bitset graph when bits allows it and the created pieces
// fit its slots, else the lists; derived first when derive is set.
func (p *Position) overlayAction(s *scratch, bits, derive bool) swapGraph {
	if bits && overlayFits(p.NumPieces(), len(s.act.added)) {
		g := p.tileBits(s)
		if derive {
			g.derive()
		}
		g.overlay(&s.act, p.turn)
		return swapGraph{b: g}
	}
	g := p.tile(s)
	if derive {
		g.derive()
	}
	g.overlay(&s.act, p.turn)
	return swapGraph{l: g}
}

// searchSwaps emits the swap moves of base b (whose move without a path
// is mv), whose action g has overlaid: one shortest path per distinct end
// state, in breadth-first order (see the package documentation), until
// emit returns false. The states stay in s for Play.
func (s *scratch) searchSwaps(g swapGraph, mv *Move, b *baseDesc, mover Color, emit sink) bool {
	c0, made := g.overlaid(s)
	nw := len(c0)
	first := int32(len(s.search.states))
	b.first, b.firstWord, b.nw = first, int32(len(s.search.words)), int32(nw)
	b.made = int32(len(s.search.madeSlots))
	for _, v := range made { // mostly two: a loop costs less than a copy
		s.search.madeSlots = append(s.search.madeSlots, v)
	}
	if len(s.search.trKeys) < nw<<6 {
		s.keys(nw << 6)
	}
	// the sources, distinct by their travelling pieces
	for k, v := range made {
		s.search.states = append(s.search.states, bfsState{parent: -1, tr: v, dir: -1, src: int32(k), hash: s.search.trKeys[v]})
		s.search.words = appendWords(s.search.words, c0)
	}
	if len(made) > linearMax {
		s.fileStates(first, int32(len(s.search.states)))
	}
	ok := true
	sr := baseSearch{g: g, mv: mv, b: b, mover: mover, c0: c0, emit: emit}
	for qi := first; qi < int32(len(s.search.states)) && ok; qi++ {
		ok = s.expand(&sr, qi)
	}
	b.count = int32(len(s.search.states)) - first
	return ok
}

// baseSearch is what the expansions and steps of one base's search read:
// the graph with the base's action overlaid, the base and its move without
// a path, the mover, the colouring right after the action and where the
// moves go. Handed on as one pointer, it spares every expansion and step
// a dozen words of arguments.
type baseSearch struct {
	g     swapGraph
	mv    *Move
	b     *baseDesc
	mover Color
	c0    []uint64
	emit  sink
}

// expand expands state qi of the search sr: each legal step from it gives
// a successor, added unless an equal state is known, and emitted as a
// move unless it left every colour as the action did. It returns false
// when the sink did.
func (s *scratch) expand(sr *baseSearch, qi int32) bool {
	st := &s.search.states[qi]
	steps := st.steps // worked out as the state was added (successor)
	if st.dir < 0 {   // a source, never terminal, and with no step back
		steps = stepsFrom(sr.g.neighbours(st.tr), s.colouring(sr.b, qi), -1, sr.mover)
	}
	if steps == 0 {
		return true
	}
	// room for four successors, so that the parent's state and colouring
	// stay where they are while they are added
	s.search.states = slices.Grow(s.search.states, 4)
	s.search.words = slices.Grow(s.search.words, 4*len(sr.c0))
	kids := int32(len(s.search.states))
	ok := true
	for ; steps != 0 && ok; steps &= steps - 1 {
		ok = s.successor(sr, qi, bits.TrailingZeros8(steps))
	}
	st = &s.search.states[qi]
	st.kids, st.nkids = kids, uint8(int32(len(s.search.states))-kids)
	return ok
}

// stepsFrom returns the directions, as bits, in which the travelling
// piece, whose full-side neighbours are nbs, may step in colouring col: to
// an opponent's piece, and not straight back to back.
func stepsFrom(nbs [4]int32, col []uint64, back int32, mover Color) uint8 {
	// unrolled: a loop over the four costs a sixth of an expansion
	var steps uint8
	if u := nbs[0]; u >= 0 && u != back && colorAt(col, u) != mover {
		steps |= 1
	}
	if u := nbs[1]; u >= 0 && u != back && colorAt(col, u) != mover {
		steps |= 2
	}
	if u := nbs[2]; u >= 0 && u != back && colorAt(col, u) != mover {
		steps |= 4
	}
	if u := nbs[3]; u >= 0 && u != back && colorAt(col, u) != mover {
		steps |= 8
	}
	return steps
}

// successor makes the step of state qi in direction d, a legal one (see
// expand), adds the state it leads to and emits its move. It returns
// false when the sink did.
func (s *scratch) successor(sr *baseSearch, qi int32, d int) bool {
	g, b, mover := sr.g, sr.b, sr.mover
	st := &s.search.states[qi]
	end := len(s.search.words)
	s.search.words = appendWords(s.search.words, s.colouring(b, qi))
	col := s.search.words[end:]
	bd := st.bound
	u, _, win := g.step(col, st.tr, d, mover, &bd)
	changed := g.recoloured()
	h := st.hash ^ s.search.trKeys[st.tr] // the colouring's part: the keys of the pieces recoloured since the action
	for _, c := range changed {
		h ^= s.search.pieceKeys[c]
	}
	ni := int32(len(s.search.states))
	s.search.states = append(s.search.states, bfsState{parent: qi, tr: u, dir: int8(d), src: st.src, depth: st.depth + 1, hash: h ^ s.search.trKeys[u], bound: bd})
	ns := &s.search.states[ni]
	if win >= 0 {
		ns.dir |= stateWon | int8(win)*stateWhiteWon
	}
	if len(changed) > 2 {
		ns.dir |= stateCaptures
	}
	if st.depth < inlinePath {
		ns.path = st.path
		ns.path[st.depth>>5] |= uint64(d) << (uint(st.depth&31) * 2)
	}
	if s.seen(b, ni) {
		s.search.states, s.search.words = s.search.states[:ni], s.search.words[:end]
		return true
	}
	// the steps from the new state, while its colouring is at hand:
	// none from a terminal state; stepping straight back after a step
	// without captures restores the parent state, which is capture-free,
	// won by nobody and seen
	if win < 0 && colorAt(col, u) == mover {
		back := int32(-1)
		if len(changed) <= 2 {
			back = st.tr
		}
		ns.steps = stepsFrom(g.neighbours(u), col, back, mover)
	}
	if h == 0 && slices.Equal(col, sr.c0) {
		return true // the path left every colour as the action did
	}
	m := *sr.mv
	m.src = st.src
	m.setOutcome(win, mover)
	if st.depth < inlinePath && m.hlen > 0 {
		m.path, m.nsteps = ns.path, st.depth+1
	} else { // the text holds the path
		s.setLongPath(&m, ni)
	}
	return sr.emit.put(&m)
}

// appendWords appends the colouring col to words: word by word for the
// bitset graph's four words, which spares a call to copy them.
func appendWords(words, col []uint64) []uint64 {
	if len(col) == 4 {
		return append(words, col[0], col[1], col[2], col[3])
	}
	return append(words, col...)
}

// keys makes sure that s holds the hash keys of slots 0 .. n-1: a
// travelling piece's (trKeys) and a recoloured piece's (pieceKeys).
func (s *scratch) keys(n int) {
	for i := len(s.search.trKeys); i < n; i++ {
		s.search.trKeys = append(s.search.trKeys, mix64(uint64(i)*0x9e3779b97f4a7c15+0x632be59bd9b4e019))
		s.search.pieceKeys = append(s.search.pieceKeys, mix64(uint64(i)+0xa0761d6478bd642f))
	}
}

// setLongPath stores in m the path from its source to state i, and the
// move's text, which holds the path when it is longer than inlinePath
// steps or the head does not fit in the move's bytes.
func (s *scratch) setLongPath(m *Move, i int32) {
	depth := int(s.search.states[i].depth)
	s.search.letters = resize(s.search.letters, depth)
	for ; s.search.states[i].parent >= 0; i = s.search.states[i].parent {
		depth--
		s.search.letters[depth] = dirLetters[s.search.states[i].dir&3]
	}
	m.setPath(s.search.letters)
	m.setText(s.text.head, s.search.letters) // the base's head, written by setAction
}

// linearMax is how many states a search holds before it files them in a
// table: up to it, a search for a seen state reads them all, which costs
// less than the table for the few states most searches have.
const linearMax = 16

// colouring returns the colouring of state i of the search of base b.
func (s *scratch) colouring(b *baseDesc, i int32) []uint64 {
	at := int(b.firstWord) + int(i-b.first)*int(b.nw)
	return s.search.words[at : at+int(b.nw) : at+int(b.nw)]
}

// seen reports whether state i, the last, equals one before it in the
// search of base b: the same colouring and travelling piece. A state not
// seen is filed.
func (s *scratch) seen(b *baseDesc, i int32) bool {
	first, st, col := b.first, &s.search.states[i], s.colouring(b, i)
	if i-first <= linearMax {
		for j := first; j < i; j++ {
			if o := &s.search.states[j]; o.hash == st.hash && o.tr == st.tr && slices.Equal(s.colouring(b, j), col) {
				return true
			}
		}
		if i-first == linearMax { // the table takes over
			s.fileStates(first, i+1)
		}
		return false
	}
	if 2*int(i-first+1) > len(s.search.table) {
		s.fileStates(first, i)
	}
	mask := uint64(len(s.search.table) - 1)
	for h := st.hash & mask; ; h = (h + 1) & mask {
		e := s.search.table[h]
		if uint32(e>>32) != s.search.gen {
			break
		}
		if o := &s.search.states[int32(e)-1]; o.hash == st.hash && o.tr == st.tr && slices.Equal(s.colouring(b, int32(e)-1), col) {
			return true
		}
	}
	s.place(st.hash, i)
	return false
}

// fileStates files states first .. end-1 of a search in a table with
// room for twice as many.
func (s *scratch) fileStates(first, end int32) {
	s.newTable(int(end - first + 1))
	for j := first; j < end; j++ {
		s.place(s.search.states[j].hash, j)
	}
}

// newTable empties the table of seen states and makes room in it for
// twice n.
func (s *scratch) newTable(n int) {
	size := max(len(s.search.table), 64)
	for size < 2*n {
		size *= 2
	}
	if size > len(s.search.table) {
		s.search.table = make([]uint64, size)
		s.search.gen = 0
	}
	nextEpoch(&s.search.gen, s.search.table)
	if strict {
		checkGeneration(s.search.table, func(e *uint64) uint32 { return uint32(*e >> 32) }, s.search.gen, "the table of seen states")
	}
}

// place files state i under hash h.
func (s *scratch) place(h uint64, i int32) {
	mask := uint64(len(s.search.table) - 1)
	for h &= mask; uint32(s.search.table[h]>>32) == s.search.gen; h = (h + 1) & mask {
	}
	s.search.table[h] = uint64(s.search.gen)<<32 | uint64(i+1)
}

// Buffers and marks of the working memory, used by every file's part of it.

// resize returns s with length n, keeping its contents.
func resize[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	return append(s[:cap(s)], make([]T, n-cap(s))...)[:n]
}

// nextEpoch advances the counter e of the marks in marks (numbers, or
// entries that carry one) and returns it, clearing the marks when it
// wraps round, so that no stale mark equals it (and none equals 0, the
// cleared marks').
func nextEpoch[T any](e *uint32, marks []T) uint32 {
	*e++
	if *e == 0 {
		clear(marks)
		*e = 1
	}
	return *e
}
