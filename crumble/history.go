package crumble

// The game's history for the draw rules: a parent-linked list of turn
// records, each with the position its turn led to, and sorted runs of the
// earlier positions for counting occurrences. Both are shared with every
// ancestor and never modified, so positions stay safe for concurrent use.
//
// Counting a position's occurrences must not cost a walk over the whole
// game, and it must not cost much per turn either: a persistent map copies
// a path of pointers on every insertion, which a playout pays on every ply
// (in the collector's write barriers above all). So the occurrences are
// kept the way a log-structured store keeps its keys: the last few
// positions are found by walking the turn records back (a filter of their
// hashes skips the walk when the position cannot be among them), and every
// recentMax turns they are sealed into a run sorted by hash; runs of equal
// size merge, like the digits of a binary counter, so a game of n turns
// has at most log2(n/recentMax)+1 runs, each searched by bisection. A
// turn's cost stays bounded at any length of game, and the sealing costs
// each position O(log n) copies over the game.
//
// A turn record is carved from a slab of records (recSlab), so that a
// Play allocates none but, once in many turns, a new slab. The
// working memory carves; every record is handed out once, written by
// the Play that made it and never again, so no position sees storage
// reused. What a slab must not do is keep more of the past alive than
// the positions in it reach: a record holds its parent, and a slab shared
// by the records of unrelated games, made one after another, would hold
// each slab before it through some record's parent, back to the first a
// process made, as long as any of its positions is kept. So the records
// of a slab are children of one lineage: a record is carved from its
// parent's slab, or from a slab that takes the children of that slab's
// records (from) once it is full, and never from another. Every record a
// slab reaches then lies in the slab, in the slab its records came from,
// and so on back along the game: a position kept keeps the slabs of its
// own ancestors (and the other records in them: the sibling positions a
// search played beside them, with their pieces), one slab in up to
// recSlabMax plies of a playout, at most one a ply of a game played
// between searches.

import (
	"cmp"
	"math/bits"
	"slices"
)

// recentMax is how many positions a turn record may have that are not in
// its runs: the length of the walk back when the filter cannot rule a
// position out, and the size of the smallest run. Sealing allocates a run
// once in recentMax turns (twice in that many when the runs merge): the
// only allocations of Play but for slabs.
const recentMax = 64

type history struct {
	parent  *history
	home    *recSlab // the slab the record was carved from (a record allocated alone: its parent's)
	turns   int
	tl      tiling    // the tiling of the position the turn led to (see next)
	sealing *sealRoom // a sealing record's room for its run
	// the turn record of the turn that led here
	a    []rect
	x    rect
	hasX bool
	// the position the turn led to
	hash uint64
	t    *tiling
	turn Color
	// rep: this position has now occurred three times
	rep bool
	// recent: this position and the recent-1 before it, the positions
	// runs does not hold; filter: one bit for each of their hashes
	recent int32
	filter [4]uint64
	runs   *run

	// room for the pieces a split removes (rarely more than five)
	aRoom [5]rect
}

// run is a sorted array of earlier positions, and the older runs.
type run struct {
	next *run
	occ  []occurrence // by hash
}

// occurrence is one position of the game: its hash and the turn record
// that holds it.
type occurrence struct {
	hash uint64
	at   *history
}

// sealingHistory is a turn record that seals the positions before it,
// allocated with the run it starts and room for the run's positions, which
// serves when the run merges with no older one; its sealing field points
// to its own.
type sealingHistory struct {
	history
	room sealRoom
}

type sealRoom struct {
	own run
	occ [recentMax]occurrence
}

// newHistory starts the history of a game at p: one occurrence of p.
func newHistory(p *Position) *history {
	h := &history{}
	if p.v.Draws&Repetition != 0 {
		h.hash, h.t, h.turn = p.hash, p.t, p.turn
		h.recent = 1
		h.filter = filterOf(p.hash)
	}
	return h
}

// next returns the record of the turn after h's in a game of the draw
// rules d, for push to fill in, with the header of its position's tiling:
// a record of the sealing kind, allocated alone, when the turn seals a
// run, else one carved by rc. In a game that keeps no history (and for
// a move that wins, see finish) the record only holds the header.
func (h *history) next(d DrawRules, rc *recCarvers) *history {
	if h != nil && d&Repetition != 0 && h.recent == recentMax {
		b := &sealingHistory{}
		b.sealing = &b.room
		b.home = h.home
		return &b.history
	}
	return rc.carve(h.homeSlab())
}

// homeSlab returns the slab h's children are carved by: h's own, or nil
// for no record or one that starts a game (allocated alone, with no
// parent).
func (h *history) homeSlab() *recSlab {
	if h == nil {
		return nil
	}
	return h.home
}

// A slab holds recSlabMin turn records when it starts a line of play
// (the first turns of a game, the plies of a playout from a node of a
// search), and twice as many as the slab before it when it goes on with
// the children of a full slab's records, up to recSlabMax: a short line
// wastes little of its slab, a long one allocates once in many turns.
const (
	recSlabMin = 8
	recSlabMax = 64
)

// recSlab is a slab of turn records, each handed out once.
type recSlab struct{ recs []history }

// newRecSlab returns a slab of n records, recSlabMin times a power of two
// up to recSlabMax, in one allocation with its header.
func newRecSlab(n int) *recSlab {
	switch n {
	case recSlabMin:
		return recSlabOf(func(a *[recSlabMin]history) []history { return a[:] })
	case 2 * recSlabMin:
		return recSlabOf(func(a *[2 * recSlabMin]history) []history { return a[:] })
	case 4 * recSlabMin:
		return recSlabOf(func(a *[4 * recSlabMin]history) []history { return a[:] })
	}
	return recSlabOf(func(a *[recSlabMax]history) []history { return a[:] })
}

// recSlabOf allocates a slab with its records, the array A, which recs
// slices.
func recSlabOf[A any](recs func(*A) []history) *recSlab {
	b := new(struct {
		s recSlab
		a A
	})
	b.s.recs = recs(&b.a)
	return &b.s
}

// recCarver carves the records of one slab, for the children of its own
// records and of the records of slab from (nil: the records that start a
// game, which have no parent).
type recCarver struct {
	slab *recSlab
	from *recSlab
	used int
}

// recCarvers are a working memory's carvers, a few, since a search
// carves the children of the records along its path at once, each from
// its parent's slab.
type recCarvers struct {
	c     [8]recCarver
	last  int // the carver used last, tried first: a playout's next turn, a search's next sibling
	evict int // the carver a new slab replaces when none is full
}

// full reports whether c has no slab or no room left in it.
func (c *recCarver) full() bool { return c.slab == nil || c.used == len(c.slab.recs) }

// serves reports whether c may carve a child of a record of slab from.
func (c *recCarver) serves(from *recSlab) bool {
	return !c.full() && c.carves(from)
}

// carves reports whether c's slab takes the children of the records of
// slab from: it is that slab, or the one that follows it.
func (c *recCarver) carves(from *recSlab) bool {
	return c.slab == from && from != nil || c.from == from
}

// carve returns a new zeroed record for a child of a record of slab from
// (nil for one that starts a game): from that slab, if this working
// memory carves it and it has room, or from the slab that takes the
// children of its records, a new one when there is none with room.
func (rc *recCarvers) carve(from *recSlab) *history {
	c := &rc.c[rc.last]
	if !c.serves(from) {
		c = rc.find(from)
	}
	r := &c.slab.recs[c.used]
	c.used++
	r.home = c.slab
	return r
}

// find returns a carver for the children of the records of slab from,
// and makes it the last: one that serves, else one with a new slab, in
// place of the full one that served from, twice its size, if there is
// one, else of another full one, else of the next in turn.
func (rc *recCarvers) find(from *recSlab) *recCarver {
	for i := range rc.c {
		if rc.c[i].serves(from) {
			rc.last = i
			return &rc.c[i]
		}
	}
	size := recSlabMin
	i := slices.IndexFunc(rc.c[:], func(c recCarver) bool {
		return c.slab != nil && c.full() && c.carves(from)
	})
	if i >= 0 {
		size = min(2*len(rc.c[i].slab.recs), recSlabMax)
	} else if i = slices.IndexFunc(rc.c[:], func(c recCarver) bool { return c.full() }); i < 0 {
		i = rc.evict
		rc.evict = (rc.evict + 1) % len(rc.c)
	}
	rc.c[i] = recCarver{slab: newRecSlab(size), from: from}
	rc.last = i
	return &rc.c[i]
}

// push records a turn that led from the position with pieces pre to q in
// n, from next (a record of the sealing kind when it seals a run). The
// pieces a split removes go in the record's room, or, more than it
// holds, in rects (which hold no pointers, so no lineage to keep apart).
func (h *history) push(n *history, q *Position, act *action, pre []piece, x rect, hasX bool, rects *slab[rect]) *history {
	if h == nil || q.v.Draws == NoDraws {
		return h
	}
	repetition := q.v.Draws&Repetition != 0
	sealing := repetition && h.recent == recentMax
	var own *run
	var room []occurrence
	if sealing {
		own, room = &n.sealing.own, n.sealing.occ[:0]
	}
	n.parent, n.turns = h, h.turns+1
	if q.v.Draws&Renewables != 0 {
		n.x, n.hasX = x, hasX
		if len(act.added) == 1 { // a join removes its rectangle R
			n.a = append(n.aRoom[:0], act.added[0])
		} else {
			n.a = n.aRoom[:0]
			if len(act.removed) > len(n.aRoom) {
				n.a = rects.take(len(act.removed))[:0]
			}
			for _, j := range act.removed {
				n.a = append(n.a, pre[j].R())
			}
		}
	}
	if !repetition {
		return n
	}
	n.hash, n.t, n.turn = q.hash, q.t, q.turn
	if sealing {
		n.seal(own, room)
		n.recent, n.filter = 1, filterOf(q.hash)
	} else {
		n.runs, n.recent = h.runs, h.recent+1
		f := filterOf(q.hash)
		for i := range f {
			n.filter[i] = h.filter[i] | f[i]
		}
	}
	n.rep = n.occurrences() >= 3
	return n
}

// occurrences counts the occurrences of n's position so far, n's own
// included: in the runs, and among the recent positions before it unless
// the filter rules it out.
func (n *history) occurrences() int32 {
	c := 1 + n.runs.count(n)
	if h, f := n.parent, filterOf(n.hash); n.recent > 1 && h.filter[0]&f[0]|h.filter[1]&f[1]|h.filter[2]&f[2]|h.filter[3]&f[3] != 0 {
		c += h.recentCount(n)
	}
	return c
}

// filterOf returns the filter bit of a hash: one of 256, by its top byte.
func filterOf(hash uint64) (f [4]uint64) {
	f[hash>>62] = 1 << (hash >> 56 & 63)
	return f
}

// same reports whether records h and o hold the same position.
func (h *history) same(o *history) bool {
	return h.hash == o.hash && h.turn == o.turn && h.t.equal(o.t)
}

// recentCount counts the positions of h's recent ones that are n's.
func (h *history) recentCount(n *history) int32 {
	var c int32
	for i, r := int32(0), h; i < h.recent; i, r = i+1, r.parent {
		if r.same(n) {
			c++
		}
	}
	return c
}

// count counts the positions of the runs that are n's.
func (r *run) count(n *history) int32 {
	var c int32
	for ; r != nil; r = r.next {
		i, _ := slices.BinarySearchFunc(r.occ, n.hash, func(o occurrence, h uint64) int { return cmp.Compare(o.hash, h) })
		for ; i < len(r.occ) && r.occ[i].hash == n.hash; i++ {
			if r.occ[i].at.same(n) {
				c++
			}
		}
	}
	return c
}

// seal sets n's runs: its parent's, with the parent's recent positions
// sorted into a new run, merged with every older run no larger than what
// has been merged so far (so run sizes double from the newest to the
// oldest). own is where the new run goes; room has room for the recent
// positions alone, enough when no older run merges.
func (n *history) seal(own *run, room []occurrence) {
	h := n.parent
	size, rest := int(h.recent), h.runs
	for rest != nil && len(rest.occ) <= size {
		size += len(rest.occ)
		rest = rest.next
	}
	occ := room
	if cap(occ) < size {
		occ = make([]occurrence, 0, size)
	}
	for i, r := int32(0), h; i < h.recent; i, r = i+1, r.parent {
		occ = append(occ, occurrence{r.hash, r})
	}
	slices.SortFunc(occ, func(a, b occurrence) int { return cmp.Compare(a.hash, b.hash) })
	for r := h.runs; r != rest; r = r.next {
		occ = mergeRuns(occ, r.occ)
	}
	*own = run{next: rest, occ: occ}
	n.runs = own
}

// mergeRuns merges the sorted b into the sorted a, which has room for it,
// from the back.
func mergeRuns(a, b []occurrence) []occurrence {
	i, j := len(a)-1, len(b)-1
	a = a[:len(a)+len(b)]
	for k := len(a) - 1; j >= 0; k-- {
		if i >= 0 && a[i].hash > b[j].hash {
			a[k] = a[i]
			i--
		} else {
			a[k] = b[j]
			j--
		}
	}
	return a
}

// draw returns the draw reason that applies after the turn that made q.
func (h *history) draw(q *Position) uint8 {
	if h == nil {
		return reasonNone
	}
	if h.rep {
		return reasonRepetition
	}
	if q.v.Draws&Renewables == 0 || h.turns < 6 {
		return reasonNone
	}
	var t [6]*history
	c := h
	for i := 5; i >= 0; i-- {
		t[i] = c
		c = c.parent
	}
	for _, r := range t {
		if !r.hasX || r.x != t[5].x {
			return reasonNone
		}
	}
	for k := 0; k < 2; k++ {
		u1, u2, u3 := t[k], t[k+2], t[k+4]
		if !covered(u3.a, u1.a) || !covered(u3.a, u2.a) {
			return reasonNone
		}
	}
	return reasonRenewables
}

// covered reports whether every rectangle of a lies within the union of the
// rectangles of b, which are pairwise interior-disjoint: the areas of the
// intersections must add up to the rectangle's area (128-bit arithmetic,
// since areas on the fixed grid exceed 64 bits).
func covered(a, b []rect) bool {
	for _, r := range a {
		var hi, lo uint64
		for _, s := range b {
			w := min(r.x+r.w, s.x+s.w) - max(r.x, s.x)
			hgt := min(r.y+r.h, s.y+s.h) - max(r.y, s.y)
			if w <= 0 || hgt <= 0 {
				continue
			}
			ph, pl := bits.Mul64(uint64(w), uint64(hgt))
			var carry uint64
			lo, carry = bits.Add64(lo, pl, 0)
			hi += ph + carry
		}
		ah, al := bits.Mul64(uint64(r.w), uint64(r.h))
		if hi != ah || lo != al {
			return false
		}
	}
	return true
}
