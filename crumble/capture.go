package crumble

// Swap steps, captures and the win: one step of the travelling piece, the
// captures it causes (repeated until no group is cut off from every side)
// and the test for a chain that connects all four sides.

// bound is, for each colour, a superset of the sides that a chain holding
// a piece recoloured since the action can touch (see winner).
type bound [2]uint8

// widen makes m colour c's bound and returns c's bit (1<<c) if m holds all
// four sides, else 0: the colours whose chains need a search.
func (b *bound) widen(c Color, m uint8) uint8 {
	b[c] = m
	if m == allSides {
		return 1 << c
	}
	return 0
}

// step makes one swap step of the travelling piece tr in direction d for
// the mover in colouring col, with its captures. It reports the new
// travelling piece and whether the step was legal; a legal step leaves the
// recoloured pieces in g.changed, and win is the colour that now has a
// winning chain, or -1. b is the bound of the colouring before the step
// (the zero bound right after the action); the step widens it.
func (g *graph) step(col []uint64, tr int32, d int, mover Color, b *bound) (u int32, ok bool, win int8) {
	u = g.nb[tr][d]
	if u < 0 || colorAt(col, u) == mover {
		return u, false, -1
	}
	flip(col, tr)
	flip(col, u)
	g.changed = append(g.changed[:0], tr, u)
	// Groups that may have lost their last side contact: tr's and u's own,
	// and those of the other colour beside them that were joined through
	// them (tr's neighbours of the mover's colour, u's of the opponent's).
	// Pieces on a side are safe and need no search.
	seeds := g.seeds[:0]
	if g.side[tr] == 0 {
		seeds = append(seeds, tr)
	}
	if g.side[u] == 0 {
		seeds = append(seeds, u)
	}
	for _, a := range g.list(tr) {
		if w := a >> 1; g.side[w] == 0 && colorAt(col, w) == mover {
			seeds = append(seeds, w)
		}
	}
	for _, a := range g.list(u) {
		if w := a >> 1; g.side[w] == 0 && colorAt(col, w) != mover {
			seeds = append(seeds, w)
		}
	}
	g.seeds = seeds
	g.resolve(col)
	return u, true, g.winner(col, b)
}

// resolve settles captures, starting from g.seeds: every group that touches
// no side of the board takes the other colour, all at once, until none is
// left. Only groups through a seed can have lost their last side contact,
// and after a round only groups through a recoloured piece or a neighbour
// of one.
func (g *graph) resolve(col []uint64) {
	for {
		round := g.nextRound()
		if g.derived {
			g.provenSet(col)
		}
		capt := g.capt[:0]
		for _, s := range g.seeds {
			if g.proven(s, round) {
				continue
			}
			// breadth first, so that the nearest side ends the search
			c := colorAt(col, s)
			f := g.nextMark()
			q := append(g.queue[:0], s)
			g.mark[s] = f
			found := false
			for qi := 0; qi < len(q) && !found; qi++ {
				for _, a := range g.list(q[qi]) {
					w := a >> 1
					if g.mark[w] == f || colorAt(col, w) != c {
						continue
					}
					if g.proven(w, round) {
						found = true
						break
					}
					g.mark[w] = f
					q = append(q, w)
				}
			}
			g.queue = q
			for _, v := range q {
				g.safe[v] = round
			}
			if !found {
				capt = append(capt, q...)
			}
		}
		g.capt = capt
		if len(capt) == 0 {
			return
		}
		seeds := g.seeds[:0]
		for _, v := range capt {
			flip(col, v)
			g.changed = append(g.changed, v)
			seeds = append(seeds, v)
			for _, a := range g.list(v) {
				seeds = append(seeds, a>>1)
			}
		}
		g.seeds = seeds
	}
}

// winner returns the colour with a chain touching all four sides after
// the last step, or -1. Only chains through a piece the step recoloured
// can be new.
//
// Before searching, it bounds the sides such a chain can reach: a chain of
// colour c that holds no piece recoloured since the action lies inside a
// chain of the colouring right after the action (which won nothing), and
// the rest of a new chain belongs to such chains beside its recoloured
// pieces. So the sides of the pieces recoloured since the action, with
// those of the after-action chains of their colour beside them, bound the
// sides any new chain touches: b, which each step widens by the pieces it
// recoloured (a piece recoloured back only widens it more than needed).
// Below all four sides for the colour of a piece the step recoloured
// nothing is searched. Without the chains (a path played once) every step
// searches.
func (g *graph) winner(col []uint64, b *bound) int8 {
	if !g.derived {
		return g.winnerFlood(col, 3)
	}
	var need uint8 // colours that may have won, as bits
	for _, x := range g.changed {
		c := colorAt(col, x)
		m := b[c] | g.side[x]
		for _, a := range g.list(x) {
			if y := a >> 1; a&1 != 0 && colorAt(g.c0, y) == c {
				m |= g.chainSides[g.chain[y]]
			}
		}
		need |= b.widen(c, m)
	}
	if need == 0 {
		return -1
	}
	return g.winnerFlood(col, need)
}

// winnerFlood searches the chains of the colours asked for (bit c for
// colour c) through the pieces the last step recoloured: a new winning
// chain holds one of them, since the colouring before the step had none.
func (g *graph) winnerFlood(col []uint64, colours uint8) int8 {
	f := g.nextMark()
	for _, s := range g.changed {
		c := colorAt(col, s)
		if g.mark[s] == f || colours>>c&1 == 0 {
			continue
		}
		g.mark[s] = f
		q := append(g.queue[:0], s)
		var sides uint8
		for qi := 0; qi < len(q); qi++ {
			v := q[qi]
			sides |= g.side[v]
			if sides == allSides {
				g.queue = q
				return int8(c)
			}
			for _, a := range g.list(v) {
				if w := a >> 1; a&1 != 0 && g.mark[w] != f && colorAt(col, w) == c {
					g.mark[w] = f
					q = append(q, w)
				}
			}
		}
		g.queue = q
	}
	return -1
}

// fullCheck reports whether the position's colouring holds a group that
// touches no side (a capturable group) or a chain that touches all four,
// whose colour it returns as win (else -1): UnmarshalText's validation.
func (g *graph) fullCheck() (capturable bool, win int8) {
	g.derive()
	win = -1
	for v := range int32(g.n) {
		if g.par[v] == -2 {
			capturable = true
		}
		if win < 0 && g.chainSides[g.chain[v]] == allSides {
			win = int8(colorAt(g.white, v))
		}
	}
	return capturable, win
}
