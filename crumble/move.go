package crumble

// The Move type: what a move holds, and its canonical text.

import "strconv"

// Move kinds.
const (
	kindNone uint8 = iota
	kindH
	kindV
	kindJ
)

// inlinePath is the longest path a Move holds in its own words; a longer
// one (rare: a swap path crosses the board more than twice) is kept in
// the move's text, which costs an allocation.
const inlinePath = 64

// headMax is the longest text before the path ("12,3,4H2", "3,1J2,1")
// that a Move holds in its own bytes; a longer one is kept as a string
// with the whole text.
const headMax = 21

// Move flags: a join's shape, and how the game ends when the move is
// played.
const (
	joinWide   = 1 // the joined piece is twice as wide as high
	joinTall   = 2 // twice as high as wide; neither: a square
	moveWins   = 4 // the mover wins
	moveLoses  = 8 // the opponent wins (the mover completed its chain)
	shapeFlags = joinWide | joinTall
)

// Move is a Crumble move: a split or join (its Base), then an optional
// swap path (its SwapPath). Moves come from a position: LegalMoves,
// AppendLegalMoves, LegalMovesSeq, RandomMove and Position.ParseMove. The
// zero Move is no move: its String is "", and Play refuses it.
//
// A Move is a value of its own: it holds what Play needs (the anchor
// piece's index, the cut's length or the join's width, the piece that
// starts the path and the path's directions, two bits a step), its
// canonical text up to the path, whether it wins, and the hash of the
// position it was made for. So two Moves are == exactly when they are
// the same move of Equal positions, however each position was reached
// or decoded (their texts are then equal too), a Move keeps no position
// alive, and Play refuses a move of another position at once.
type Move struct {
	tag    uint64    // the hash of the position the move was made for
	path   [2]uint64 // the steps, two bits each (dirE ... dirW), first step lowest
	wide   int64     // join: the joined piece's width on the grid
	anchor int32     // the anchor piece's index
	n      int32     // split: the number of pieces cut
	src    int32     // the created piece that starts the path, in source order
	nsteps int32     // the number of steps

	head  [headMax]byte // the text before the path, when it fits
	hlen  uint8         // its length; 0 when long holds the text
	kind  uint8
	flags uint8
	long  string // the whole text, when the head or the path does not fit
}

// resolved reports whether m is a move rather than the zero Move.
func (m *Move) resolved() bool { return m.kind != kindNone }

// steps returns the number of steps of the path.
func (m *Move) steps() int { return int(m.nsteps) }

// inline reports whether the path is in the move's words rather than at
// the end of its long text.
func (m *Move) inline() bool { return m.nsteps <= inlinePath }

// dir returns the direction of step i of the path.
func (m *Move) dir(i int) int {
	if !m.inline() {
		return dirIndex(m.long[len(m.long)-int(m.nsteps)+i])
	}
	return int(m.path[i>>5] >> (uint(i&31) * 2) & 3)
}

// setPath stores the path given by its letters: up to inlinePath steps
// in the move's words, a longer one as text, until setText writes the
// whole text (which ends with it).
func (m *Move) setPath(letters []byte) {
	m.path, m.nsteps = [2]uint64{}, int32(len(letters))
	if !m.inline() {
		m.hlen, m.long = 0, string(letters)
		return
	}
	for i, c := range letters {
		m.path[i>>5] |= uint64(dirIndex(c)) << (uint(i&31) * 2)
	}
}

// appendPath appends the letters of the path.
func (m *Move) appendPath(b []byte) []byte {
	if !m.inline() {
		return append(b, m.long[len(m.long)-int(m.nsteps):]...)
	}
	for i := range int(m.nsteps) {
		b = append(b, dirLetters[m.dir(i)])
	}
	return b
}

// setText stores the move's canonical text, whose part before the path is
// head and whose path is letters (the move's own, as setPath stored them):
// in the move's bytes when it fits, else as a string.
func (m *Move) setText(head, letters []byte) {
	m.hlen, m.long = 0, ""
	if len(head) <= headMax && m.inline() {
		m.hlen = uint8(copy(m.head[:], head))
		clear(m.head[m.hlen:])
		return
	}
	m.head = [headMax]byte{}
	b := appendPathText(append([]byte(nil), head...), m, letters)
	m.long = string(b)
}

// String returns the canonical notation of the move, "" for the zero
// Move.
func (m Move) String() string {
	if !m.resolved() {
		return ""
	}
	if m.hlen == 0 {
		return m.long
	}
	if m.nsteps == 0 {
		return string(m.head[:m.hlen])
	}
	var buf [headMax + 2*inlinePath + 8]byte
	b := append(buf[:0], m.head[:m.hlen]...)
	var path [inlinePath]byte
	return string(appendPathText(b, &m, m.appendPath(path[:0])))
}

// Wins reports whether playing the move wins the game for the side that
// plays it: its swap path completes a chain of the mover's colour that
// touches all four sides. The move generation finds it on the way, so a
// search learns which moves win at once without playing them.
func (m Move) Wins() bool { return m.flags&moveWins != 0 }

// Loses reports whether playing the move gives the opponent the win: its
// path completes a chain of the opponent's colour (a capture can do it).
func (m Move) Loses() bool { return m.flags&moveLoses != 0 }

// setOutcome records which colour, if any (-1), the move's path makes
// win, for a move of mover.
func (m *Move) setOutcome(win int8, mover Color) {
	m.flags &^= moveWins | moveLoses
	switch {
	case win < 0:
	case Color(win) == mover:
		m.flags |= moveWins
	default:
		m.flags |= moveLoses
	}
}

// joinHeight returns the height of a join's piece, from its width and
// shape.
func (m *Move) joinHeight() int64 {
	switch m.flags & shapeFlags {
	case joinWide:
		return m.wide / 2
	case joinTall:
		return 2 * m.wide
	}
	return m.wide
}

// joinShape returns the flags of a joined piece w wide and h high.
func joinShape(w, h int64) uint8 {
	switch {
	case h == 2*w:
		return joinTall
	case w == 2*h:
		return joinWide
	}
	return 0
}

// appendBaseText appends the text of a base after its location: H, Hn, V,
// Vn or Ja,b (a and b the counts of the join's legs).
func appendBaseText(b []byte, kind uint8, n int32, ja, jb int) []byte {
	switch kind {
	case kindH, kindV:
		b = append(b, "HV"[kind-kindH])
		if n > 1 {
			b = strconv.AppendInt(b, int64(n), 10)
		}
	case kindJ:
		b = append(b, 'J')
		b = strconv.AppendInt(b, int64(ja), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(jb), 10)
	}
	return b
}

// appendPathText appends the path part, which names the starting piece
// (source src) when the base text alone does not.
func appendPathText(b []byte, m *Move, path []byte) []byte {
	if len(path) == 0 {
		return b
	}
	switch m.kind {
	case kindH, kindV:
		half := "NS"
		if m.kind == kindV {
			half = "EW"
		}
		hs := half[m.src&1]
		if m.n > 1 {
			b = append(b, '-')
			b = strconv.AppendInt(b, int64(m.src/2+1), 10)
			b = append(b, hs, '-')
			return append(b, path...)
		}
		if path[0] == hs {
			return append(b, path...)
		}
		b = append(b, hs, '-')
		return append(b, path...)
	}
	return append(b, path...)
}
