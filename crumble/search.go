package crumble

// Move generation: the splits and joins of the side to move, then for each
// a breadth-first search over the swap paths that keeps one shortest path
// per distinct end.

import (
	"slices"
	"sync"

	"github.com/boardrules/boardrules"
)

// scratch is the per-call working memory of move generation and Play.
type scratch struct {
	t       tiling
	walkBuf []int32
	act     action
	col     []uint64
	g       cornerGraph
	bits    bitGraph // the contact graph as bitsets, for listing moves
	// breadth-first search
	states  []bfsState
	words   []uint64 // colourings of the states, nw words each
	table   []int32  // open addressing: state index+1, 0 = empty
	bases   []baseDesc
	moves   []Move // RandomMove's moves of one base
	walks   []int32
	members []int32 // a join's pieces, while listing joins
	// tiledFor is the pieces t is the contact graph of (see tile); holding
	// them keeps their array from being freed and reused while it names t
	tiledFor []piece
	// next is the pieces of the position the last Play led to, when t
	// still holds the parent's graph with the move's action (act)
	// overlaid and col the colours after the move's path (nextPath), or
	// the parent's graph alone after a move without one: the next call on
	// that position commits them instead of building its graph afresh
	// (see acquire)
	next     []piece
	nextPath bool
	// nextFlips lists the pieces (by index in the parent) whose colour a
	// path played on the bitset graph changed: a commit without nextPath
	// applies them, and the created pieces' colours (created), to the
	// action's overlay
	nextFlips    []int32
	created      []piece // the created pieces, in the action's order (finish)
	createdOrder []int32 // their order by place (placeCreated)
	createdAt    []int32 // where Play put the created pieces in the next position
	text         []byte  // Move.String's text
	path         []byte
}

type bfsState struct {
	parent int32
	tr     int32
	dir    int8
	src    int32 // index into the sources (only for roots)
	hash   uint64
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// acquire takes a scratch from the pool for a call on p. When the scratch
// last played the move that led to p, its graph becomes p's by a commit of
// the move's overlay, which costs the pieces around the move rather than a
// build of the whole graph: a playout's next ply finds its graph almost
// ready. Any other position drops the pending commit; the parent's graph
// stays, for a search that plays its siblings.
func acquire(p *Position) *scratch {
	s := scratchPool.Get().(*scratch)
	s.take(p)
	return s
}

// take readies s for a call on p: it commits a pending move that led to
// p, or drops it.
func (s *scratch) take(p *Position) {
	if s.next != nil {
		if len(p.pieces) > 0 && len(s.next) == len(p.pieces) && &s.next[0] == &p.pieces[0] {
			s.commitNext(p)
		}
		s.next = nil
	}
}

// commitNext makes s.t the graph of p, the position s's last Play led to.
func (s *scratch) commitNext(p *Position) {
	if !s.nextPath { // the action's overlay, coloured as the move left it
		mover := p.turn.Other()
		s.t.overlayGeometry(&s.act, mover)
		s.col = s.t.colours(s.col)
		for _, i := range s.nextFlips {
			flip(s.col, s.t.slot[i])
		}
		for k, pc := range s.created {
			if pc.c != mover {
				flip(s.col, int32(s.t.n0+k))
			}
		}
	}
	if s.t.commit(s.col, p.pieces, s.act.removed, s.createdAt, s.createdOrder) {
		s.tiledFor = p.pieces
		return
	}
	s.tiledFor = nil
	p.tile(s) // built afresh
}

// handOn records that the move just played from p (its action in s.act)
// led to q, so that the next call on q commits instead of building (see
// acquire). path tells whether the move's path was played on s.t, and so
// s.t holds p's graph with the action overlaid and s.col the colours after
// the move; else s.t must hold p's graph, or nothing is recorded, and the
// move's recolourings are in s.nextFlips and s.created.
func (s *scratch) handOn(p, q *Position, path bool) {
	if q.status != boardrules.Ongoing || (!path && !s.holds(p)) {
		return
	}
	s.next, s.nextPath = q.pieces, path
}

// mayStep reports whether a piece the action creates can make a first swap
// step: whether an opponent's piece shares a full side with it (the other
// created pieces are the mover's). It reads the contact graph when s holds
// it, else finds the neighbours by the lower-left corners they can have
// (a legal shape w wide is w/2, w or 2w high), so that a position none of
// whose splits and joins can swap never builds the graph.
func (p *Position) mayStep(s *scratch) bool {
	if s.holds(p) {
		return s.t.mayStep(&s.act, p.turn)
	}
	return p.mayStepByCorners(&s.act)
}

// mayStep is Position.mayStep read off the contact graph: a piece sharing
// a full side with a created piece touches the piece it replaces, so it is
// among that piece's base neighbours.
func (t *tiling) mayStep(act *action, mover Color) bool {
	return act.anyBeside(func(r rect, v int32) bool { return t.oppFullSide(r, t.slot[v], mover) })
}

// oppFullSide looks among the base neighbours of piece v for an opponent
// piece sharing a full side with r.
func (t *tiling) oppFullSide(r rect, v int32, mover Color) bool {
	for _, a := range t.adj[t.bLo[v]:t.bHi[v]] { // the base list, whatever the last overlay did
		if a&1 == 0 {
			continue
		}
		b := &t.ps[a>>1]
		if b.c == mover {
			continue
		}
		if (b.x == r.x && b.w == r.w && (b.y == r.y+r.h || b.y+b.h == r.y)) ||
			(b.y == r.y && b.h == r.h && (b.x == r.x+r.w || b.x+b.w == r.x)) {
			return true
		}
	}
	return false
}

// mayStepByCorners is mayStep by corner lookups.
func (p *Position) mayStepByCorners(act *action) bool {
	// opp reports an opponent's piece with lower-left corner (x, y) that is
	// w wide (w > 0) or h high (h > 0)
	opp := func(x, y, w, h int64) bool {
		k := findPiece(p.pieces, x, y)
		return k >= 0 && p.pieces[k].c != p.turn && (w == 0 || p.pieces[k].w == w) && (h == 0 || p.pieces[k].h == h)
	}
	for _, r := range act.added {
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
// when dst has room (the scratch of the search is pooled), but for a move
// whose swap path is longer than 64 steps.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.status != boardrules.Ongoing || len(p.pieces) == 0 {
		return dst
	}
	s := acquire(&p)
	defer scratchPool.Put(s)
	return p.appendLegalMoves(s, dst, fits(len(p.pieces)))
}

// appendLegalMoves is AppendLegalMoves in scratch s, searching the swap
// paths on the bitGraph when bits is set, else on the tiling (which the
// tests compare).
func (p *Position) appendLegalMoves(s *scratch, dst []Move, bits bool) []Move {
	gen := p.genBase
	if bits {
		gen = p.genBaseBits
		if !s.bits.holds(p) {
			wf, hf := p.dims()
			s.bits.build(p.pieces, wf, hf)
		}
	}
	p.prepare(s)
	for k := range s.bases {
		dst = gen(s, dst, k)
	}
	return dst
}

// baseDesc is one split or join of the side to move, as prepare lists
// them: the move without its path, and for a split where its pieces are in
// scratch.walks.
type baseDesc struct {
	m       Move
	walkOff int32
}

// prepare lists the splits and joins of the position in s.bases, in move
// generation order: by anchor piece, then H splits by count, V splits by
// count, then joins by x1, then y1.
func (p *Position) prepare(s *scratch) {
	s.clearBases()
	f := s.finder(p)
	tmpl := p.moveOf()
	for i := range p.pieces {
		if p.pieces[i].c == p.turn {
			p.basesOf(s, i, &f, tmpl)
		}
	}
}

// clearBases empties the list of splits and joins, for a new position.
func (s *scratch) clearBases() {
	s.bases = s.bases[:0]
	s.walks = s.walks[:0]
}

// holds reports whether s.t is the contact graph of p's pieces.
func (s *scratch) holds(p *Position) bool {
	wf, hf := p.dims()
	return len(p.pieces) > 0 && len(s.tiledFor) == len(p.pieces) && &s.tiledFor[0] == &p.pieces[0] &&
		s.t.wf == wf && s.t.hf == hf
}

// tile makes s.t the contact graph of p's pieces, unless it is already:
// a pooled scratch usually comes back to the goroutine that used it last,
// so Play after RandomMove or LegalMoves of the same position (a playout
// ply, a search's expansion) finds the graph built. Positions are
// immutable and their pieces never change, so the graph stays right.
func (p *Position) tile(s *scratch) {
	if !s.holds(p) {
		wf, hf := p.dims()
		s.t.buildBase(p.pieces, wf, hf)
		s.tiledFor = p.pieces
	}
}

// genBase emits the moves of base k of s.bases: the base without a swap,
// then one shortest path per distinct reachable end state, in
// breadth-first order. The contact graph is built on the first base that
// can swap at all: a position whose splits and joins cannot never needs it.
// It searches on the tiling, which a playout carries from ply to ply (see
// acquire); genBaseBits is the same on a bitGraph.
func (p *Position) genBase(s *scratch, dst []Move, k int) []Move {
	p.setAction(s, k)
	dst = append(dst, s.bases[k].m) // no swap
	if !p.mayStep(s) {
		return dst
	}
	p.tile(s)
	s.t.overlay(&s.act, p.turn, true)
	return searchSwaps(s, swapGraph{t: &s.t}, dst, s.bases[k].m, s.t.c0, s.t.n0, p.turn)
}

// genBaseBits is genBase on the bitGraph s.bits, which must hold p. A
// base that creates more pieces than the bitGraph holds is searched on the
// tiling.
func (p *Position) genBaseBits(s *scratch, dst []Move, k int) []Move {
	p.setAction(s, k)
	dst = append(dst, s.bases[k].m) // no swap
	g := &s.bits
	if !g.mayStep(&s.act, p.turn) {
		return dst
	}
	if !g.room(len(p.pieces), &s.act) {
		dst = dst[:len(dst)-1]
		return p.genBase(s, dst, k)
	}
	g.derive()
	g.overlay(&s.act, p.turn)
	return searchSwaps(s, swapGraph{g: g}, dst, s.bases[k].m, g.c0.words(), g.first, p.turn)
}

// swapGraph is the contact graph the search over swap paths reads, with
// an action overlaid: the bitGraph g, or else the tiling t. A plain struct
// rather than an interface or a type parameter, so that its calls are
// direct (Go calls a type parameter's methods through a dictionary).
type swapGraph struct {
	t *tiling
	g *bitGraph
}

// neighbours returns the full-side neighbours of piece tr by direction,
// -1 for none.
func (w swapGraph) neighbours(tr int32) [4]int32 {
	if w.g != nil {
		return w.g.nb[tr]
	}
	return w.t.nb[tr]
}

// step makes a swap step of tr in direction d in colouring col, with its
// captures (see tiling.step): the new travelling piece, whether the step
// was legal, and the colour that now wins, or -1.
func (w swapGraph) step(col []uint64, tr int32, d int, mover Color) (int32, bool, int8) {
	if w.g != nil {
		return w.g.step(setOf(col), tr, d, mover)
	}
	return w.t.step(col, tr, d, mover)
}

// swap makes a legal swap step in colouring col, with its captures, and
// returns the colour that now wins, or -1.
func (w swapGraph) swap(col []uint64, tr int32, d int, mover Color) int8 {
	_, _, win := w.step(col, tr, d, mover)
	return win
}

// playPath plays the steps of m's path from the travelling piece tr in
// colouring col, until the path ends, a step is refused or one wins, and
// returns the last travelling piece and the winner, or -1.
func (w swapGraph) playPath(col []uint64, tr int32, m *Move, mover Color) (int32, int8) {
	for i := range m.steps() {
		u, ok, win := w.step(col, tr, m.dir(i), mover)
		if !ok {
			break
		}
		if tr = u; win >= 0 {
			return tr, win
		}
	}
	return tr, -1
}

// recoloured lists the pieces the last swap recoloured: the two swapped
// pieces first, then the captures.
func (w swapGraph) recoloured() []int32 {
	if w.g != nil {
		return w.g.changed
	}
	return w.t.changed
}

// searchSwaps appends to dst the swap moves of base, whose action g has
// overlaid, its created pieces in slots n0, n0+1, ..., and c0 the
// colouring right after it: one shortest path per distinct end state, in
// breadth-first order (see the package documentation).
func searchSwaps(s *scratch, g swapGraph, dst []Move, base Move, c0 []uint64, n0 int, mover Color) []Move {
	nw := len(c0)
	s.states = s.states[:0]
	s.words = s.words[:0]
	s.resetTable(64)
	for k := 0; k < len(s.act.added); k++ {
		v := int32(n0 + k)
		st := bfsState{parent: -1, tr: v, dir: -1, src: int32(k), hash: stateHash(0, v)}
		s.insert(st, c0, nw)
	}
	path := s.path[:0]
	for qi := 0; qi < len(s.states); qi++ {
		st := s.states[qi]
		cw := s.words[qi*nw : (qi+1)*nw]
		// terminal states are not expanded; roots are never terminal
		if st.dir >= 0 {
			if colorAt(cw, st.tr) != mover || s.isWinState(qi) {
				continue
			}
		}
		// Stepping straight back after a step without captures restores the
		// parent state, which is capture-free, won by nobody and seen.
		back := int32(-1)
		if st.parent >= 0 && st.dir&16 == 0 {
			back = s.states[st.parent].tr
		}
		nbs := g.neighbours(st.tr)
		for d := range 4 {
			u := nbs[d]
			if u < 0 || u == back || colorAt(cw, u) == mover {
				continue
			}
			s.col = append(s.col[:0], cw...)
			cw = nil
			h := st.hash ^ trKey(st.tr)
			win := g.swap(s.col, st.tr, d, mover)
			changed := g.recoloured()
			for _, c := range changed {
				h ^= pieceSlotKey(c)
			}
			h ^= trKey(u)
			cw = s.words[qi*nw : (qi+1)*nw]
			ns := bfsState{parent: int32(qi), tr: u, dir: int8(d), hash: h}
			if win >= 0 {
				ns.dir |= 8 // mark win
			}
			if len(changed) > 2 {
				ns.dir |= 16 // mark captures
			}
			if !s.insert(ns, s.col, nw) {
				continue
			}
			cw = s.words[qi*nw : (qi+1)*nw]
			if slices.Equal(s.col, c0) {
				continue
			}
			// emit
			path = s.pathOf(path[:0], int32(len(s.states)-1))
			root := s.rootOf(int32(len(s.states) - 1))
			mv := base
			mv.src = s.states[root].src
			mv.setPath(path)
			dst = append(dst, mv)
		}
	}
	s.path = path
	return dst
}

func (s *scratch) isWinState(i int) bool { return s.states[i].dir&8 != 0 }

func (s *scratch) pathOf(dst []byte, i int32) []byte {
	for s.states[i].parent >= 0 {
		dst = append(dst, dirLetters[s.states[i].dir&7])
		i = s.states[i].parent
	}
	slices.Reverse(dst)
	return dst
}

func (s *scratch) rootOf(i int32) int32 {
	for s.states[i].parent >= 0 {
		i = s.states[i].parent
	}
	return i
}

func trKey(i int32) uint64 { return mix64(uint64(i)*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019) }

func pieceSlotKey(i int32) uint64 { return mix64(uint64(i) + 0xa0761d6478bd642f) }

func stateHash(h uint64, tr int32) uint64 { return h ^ trKey(tr) }

func (s *scratch) resetTable(size int) {
	if cap(s.table) < size {
		s.table = make([]int32, size)
	}
	s.table = s.table[:size]
	clear(s.table)
}

// insert adds a state unless an equal one (same colouring and travelling
// piece) is known; it reports whether it was added.
func (s *scratch) insert(st bfsState, col []uint64, nw int) bool {
	if 2*(len(s.states)+1) > len(s.table) {
		old := s.states
		s.resetTable(len(s.table) * 2)
		for i := range old {
			s.place(old[i].hash, int32(i))
		}
	}
	mask := uint64(len(s.table) - 1)
	for h := st.hash & mask; ; h = (h + 1) & mask {
		e := s.table[h]
		if e == 0 {
			break
		}
		o := s.states[e-1]
		if o.hash == st.hash && o.tr == st.tr && slices.Equal(s.words[int(e-1)*nw:int(e)*nw], col) {
			return false
		}
	}
	s.states = append(s.states, st)
	s.words = append(s.words, col...)
	s.place(st.hash, int32(len(s.states)-1))
	return true
}

func (s *scratch) place(h uint64, i int32) {
	mask := uint64(len(s.table) - 1)
	for h &= mask; s.table[h] != 0; h = (h + 1) & mask {
	}
	s.table[h] = i + 1
}
