package flooprail

import (
	"fmt"

	"github.com/boardrules/boardrules/notation"
)

// maxSpaces is the longest path: 12 Fleap steps, one per opposing piece.
const maxSpaces = 13

// String returns the move's path in upper case joined by "-", such as
// "E6-D6" or "E6-C6-C4-C2". The zero Move is "".
func (m Move) String() string {
	path, n := m.spaces()
	if n == 0 {
		return ""
	}
	var b [3 * maxSpaces]byte
	w := 0
	for k, i := range path[:n] {
		if k > 0 {
			b[w] = '-'
			w++
		}
		b[w] = byte('A' - 1 + letterOf[i])
		b[w+1] = byte('0' + rowOf[i])
		w += 2
	}
	return string(b[:w])
}

// parseMove reads the text of a move, whatever the position: 2 to 13
// spaces joined by "-", letters in either case, nothing else (no
// whitespace, no move number). Two neighbouring spaces make a Floop; two
// spaces two apart on a row or a letter column make a Fleap step over the
// space between; a path of three or more spaces must be all Fleap steps.
// Errors are *notation.ParseError, which wraps boardrules.ErrSyntax.
// Legality is the business of Position.ParseMove and Position.Play.
func parseMove(s string) (Move, error) {
	if err := notation.RefuseMoveNumber(s); err != nil {
		return Move{}, err
	}
	var spaces [maxSpaces]uint8
	var offsets [maxSpaces]int
	n, i := 0, 0
	for {
		if n == maxSpaces {
			return Move{}, notation.Errorf(s, i, "a path has at most %d spaces", maxSpaces)
		}
		sq, next, err := scanSpace(s, i)
		if err != nil {
			return Move{}, err
		}
		spaces[n], offsets[n] = sq, i
		n++
		i = next
		if i == len(s) {
			break
		}
		if s[i] != '-' {
			return Move{}, notation.Errorf(s, i, "expected '-' after %s, found %s", s[i-2:i], notation.QuoteAt(s, i))
		}
		i++
	}
	if n < 2 {
		return Move{}, notation.Errorf(s, len(s), "a move needs two or more spaces joined by '-'")
	}
	var caps uint32
	var dirs uint64
	for k := 1; k < n; k++ {
		a, b := spaces[k-1], spaces[k]
		dl, dr := int(letterOf[b]-letterOf[a]), int(rowOf[b]-rowOf[a])
		dist := abs(dl) + abs(dr)
		d := dirOf(dl, dr)
		switch {
		case dl != 0 && dr != 0 || dist == 0 || dist > 2:
			return Move{}, notation.Errorf(s, offsets[k], "%s and %s are neither neighbours nor two apart on a line",
				s[offsets[k-1]:offsets[k-1]+2], s[offsets[k]:offsets[k]+2])
		case dist == 1 && n > 2:
			return Move{}, notation.Errorf(s, offsets[k], "%s-%s is a Floop, but a path of three or more spaces may contain Fleap steps only",
				s[offsets[k-1]:offsets[k-1]+2], s[offsets[k]:offsets[k]+2])
		case dist == 2:
			// A space leapt twice ("C4-E4-C4") is in caps once: the path
			// names the Move, which is never legal.
			caps |= 1 << neighbour[d][a]
		}
		dirs |= uint64(d) << (2 * (k - 1))
	}
	return makeMove(spaces[0], spaces[n-1], n-1, dirs, caps), nil
}

// scanSpace reads the space at s[i:] and returns its bit index and the
// offset after it.
func scanSpace(s string, i int) (uint8, int, error) {
	sq, next, err := notation.ScanSquareIn(s, i, 8, 7)
	if err != nil {
		return 0, next, err
	}
	b := spaceBit(sq)
	if b < 0 {
		return 0, next, notation.Errorf(s, i, "%s is not a FloopRail space", sq.Upper())
	}
	return uint8(b), next, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// dirOf returns the direction of a step (dl letters, dr rows) along a line.
func dirOf(dl, dr int) int {
	switch {
	case dr < 0:
		return dirUp
	case dl > 0:
		return dirRight
	case dr > 0:
		return dirDown
	}
	return dirLeft
}

// stepDir returns the direction of a Floop or a Fleap step from a to b:
// a step along a line adds a constant to the bit index (see moves.go).
func stepDir(a, b uint8) int {
	return int(stepDirs[(b-a)&31])
}

var stepDirs = [32]uint8{1: dirRight, 2: dirRight, 31: dirLeft, 30: dirLeft, 7: dirDown, 14: dirDown, 25: dirUp, 18: dirUp}

// ParseMove reads s, the text of a move, and checks it in p, in this
// order: the text (a *notation.ParseError wrapping boardrules.ErrSyntax,
// whatever the position, the zero Position included), then whether the
// game goes on (boardrules.ErrGameOver), then whether the move is one of
// LegalMoves (boardrules.ErrIllegalMove). The last two are
// *notation.MoveError and say what is wrong. The text is 2 to 13 spaces
// joined by "-", letters in either case and nothing else (no whitespace, no
// move number): two neighbouring spaces make a Floop, two spaces two apart
// on a row or a letter column a Fleap step over the space between, and a
// path of three or more spaces may hold Fleap steps only.
func (p Position) ParseMove(s string) (Move, error) {
	m, err := parseMove(s)
	if err != nil {
		return Move{}, err
	}
	var buf [bufMoves]Move
	moves := p.AppendLegalMoves(buf[:0])
	if len(moves) == 0 {
		return Move{}, p.gameOverError(s)
	}
	for _, l := range moves {
		if l == m {
			return m, nil
		}
	}
	return Move{}, p.illegalError(s, m)
}

// gameOverError is the error of a move in p, which has no legal move:
// either a game that has ended or the zero Position, which is no game,
// in the words of every engine.
func (p Position) gameOverError(text string) error {
	return notation.Ended(text, p.Outcome())
}

func (p Position) illegalError(text string, m Move) error {
	return notation.Illegal(text, p.explain(m))
}

var forwardWords = [2]string{"down or right", "up or left"}

// explain says why m, which is not among p's legal moves and is not the
// zero Move, is illegal. A piece of the other side is refused as not the
// mover's first, whatever its path ("E6-D6" at the start: E6 holds an X
// Flooper, and O is to move); the path is judged only for the mover's own
// pieces.
func (p Position) explain(m Move) string {
	at := func(i uint8) string { return squareOf(i).Upper() }
	pc := p.at(m.from())
	if pc == Empty {
		return at(m.from()) + " is empty"
	}
	me := uint8(pc.Owner())
	if me != p.turn() {
		return fmt.Sprintf("%s holds an %s, and %s is to move", at(m.from()), pc, Color(p.turn()))
	}
	own, opp := p.pieces(me), p.pieces(me^1)
	allowed := uint8(allDirs)
	if !pc.IsSooper() {
		allowed = forwardDirs[me]
	}
	wrongWay := fmt.Sprintf("an %s Flooper moves only %s", Color(me), forwardWords[me])
	empty := ^(own | opp) | 1<<m.from()

	if !m.IsFleap() {
		d := stepDir(m.from(), m.to())
		switch {
		case allowed&(1<<d) == 0:
			return wrongWay
		case empty&(1<<m.to()) == 0:
			return at(m.to()) + " is occupied"
		case p.canFleap():
			return "a Fleap is compulsory"
		}
		return "not a legal move"
	}

	left := opp // opposing pieces not yet leapt
	path, n := m.spaces()
	sq := m.from()
	for k := 0; k < n-1; k++ {
		d := stepDir(path[k], path[k+1])
		if k > 0 && !pc.IsSooper() && goal[me]&(1<<sq) != 0 {
			return "the Flooper is promoted on " + at(sq) + ", which ends its move"
		}
		if allowed&(1<<d) == 0 {
			return wrongWay
		}
		mid := uint8(neighbour[d][sq])
		land := uint8(neighbour[d][mid])
		bit := uint32(1) << mid
		switch {
		case opp&bit != 0 && left&bit == 0:
			return at(mid) + " is leapt twice"
		case opp&bit == 0 && own&bit != 0 && mid != m.from():
			return at(mid) + " is " + Color(me).String() + "'s own piece"
		case opp&bit == 0:
			return "there is no piece on " + at(mid) + " to Fleap over"
		case empty&(1<<land) == 0:
			return at(land) + " is occupied"
		}
		left &^= bit
		sq = land
	}
	if pc.IsSooper() || goal[me]&(1<<sq) == 0 {
		for d := 0; d < 4; d++ {
			if allowed&(1<<d) != 0 && midBit[d][sq]&left != 0 && landBit[d][sq]&empty != 0 {
				return "the Fleap must continue"
			}
		}
	}
	return "not a legal move"
}
