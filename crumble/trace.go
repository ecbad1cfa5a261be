package crumble

// Moves you can look into: Trace replays a move stage by stage on the
// public API (ParseMove, Play, Pieces), so that it depends on nothing but
// the notation and the rules as Play applies them.

import (
	"errors"
	"fmt"
	"slices"

	"github.com/boardrules/boardrules"
)

// StepKind tells what one step of a move does.
type StepKind uint8

// The kinds of step: every move starts with a split or a join (its
// action), then makes zero or more swap steps (its path).
const (
	StepSplit StepKind = iota + 1 // one straight cut splits one or more of the mover's pieces
	StepJoin                      // a cluster of the mover's pieces becomes one piece
	StepSwap                      // the travelling piece swaps colours with a neighbour
)

// String returns "split", "join" or "swap".
func (k StepKind) String() string {
	switch k {
	case StepSplit:
		return "split"
	case StepJoin:
		return "join"
	case StepSwap:
		return "swap"
	}
	return fmt.Sprintf("StepKind(%d)", k)
}

// Step is one stage of a move as Trace reports it. Pieces carry their
// colour at the moment named; all lists are in position-code order.
type Step struct {
	// Kind is StepSplit or StepJoin for a move's first step, its action,
	// and StepSwap for each step of its path.
	Kind StepKind

	// Removed and Added are, for a split or join, the mover's pieces it
	// removed and the pieces it created (the mover's colour).
	Removed, Added []Piece
	// Start is, for a split or join, the created piece that starts the
	// path: the zero Piece for a move without a path.
	Start Piece

	// Dir is a swap's direction: 'E', 'N', 'S' or 'W'.
	Dir byte
	// From and To are a swap's travelling piece before the step (the
	// mover's colour) and the opponent's piece that shares its full side
	// in direction Dir (the opponent's colour). After the swap To is the
	// travelling piece.
	From, To Piece
	// Captured lists the pieces that the captures after the swap recoloured,
	// with their new colours; From and To are among them when a capture
	// turned them back.
	Captured []Piece
	// TravellerCaptured reports that the travelling piece (To) was
	// captured: the path ends here.
	TravellerCaptured bool

	// Winner is the seat of the colour whose chain connects all four sides
	// after this step, which ends the game (Position.ColorOf names the
	// colour); boardrules.NoPlayer if none.
	Winner boardrules.Player
}

// Base returns the move's base, the split or join it starts with:
// StepSplit or StepJoin, and 0 for the zero Move.
func (m Move) Base() StepKind {
	switch {
	case !m.resolved():
		return 0
	case m.kind == kindJ:
		return StepJoin
	}
	return StepSplit
}

// SwapPath returns the directions of the move's swap steps in order, one
// letter each of "ENSW" ("" for a move without a swap path and for the
// zero Move).
func (m Move) SwapPath() string {
	if !m.resolved() {
		return ""
	}
	return string(m.appendPath(nil))
}

// Trace returns the steps of move m in this position, in order: the action
// (a split or a join), then one swap step for each letter of the path; the
// last step tells how the move ended (a win, or the capture of the
// travelling piece). m must be a move of this position or of an Equal
// one; errors are those of Play (the zero Move's included).
func (p Position) Trace(m Move) ([]Step, error) {
	if _, err := p.Play(m); err != nil {
		return nil, err
	}
	m, err := p.ParseMove(m.String())
	if err != nil {
		return nil, err
	}
	text := m.String()
	var pm parsed
	if err := pm.parse(text); err != nil {
		return nil, err
	}
	// Every prefix of a legal path is a legal move: the text without the
	// last k letters of the path (the whole path gone leaves the action).
	pathAt := len(text) - len(pm.path)
	base := text[:pm.actOff+1]
	switch {
	case pm.kind == kindJ:
		base = text[:pathAt]
	case pm.n > 0:
		base = fmt.Sprintf("%s%d", base, pm.n)
	}
	mover := p.turn
	prev := p.Pieces()
	q, err := p.play(base)
	if err != nil {
		return nil, err
	}
	cur := q.Pieces()
	act := Step{Kind: StepSplit, Winner: boardrules.NoPlayer}
	if pm.kind == kindJ {
		act.Kind = StepJoin
	}
	act.Removed, act.Added = diffPieces(prev, cur), diffPieces(cur, prev)
	steps := []Step{act}
	if pm.path == "" {
		return steps, nil
	}
	tr, ok := startPiece(&pm, act.Removed, act.Added)
	if !ok {
		return nil, errors.New("crumble: Trace: no created piece starts the path of " + text)
	}
	steps[0].Start = tr
	for i := range len(pm.path) {
		prev = cur
		q, err := p.play(text[:pathAt+i+1])
		if err != nil {
			return nil, err
		}
		cur = q.Pieces()
		st := Step{Kind: StepSwap, Dir: pm.path[i], From: tr, Winner: boardrules.NoPlayer}
		to := -1
		for j, pc := range prev {
			if sharesSide(tr, pc, st.Dir) {
				to = j
			}
		}
		if to < 0 || len(cur) != len(prev) {
			return nil, fmt.Errorf("crumble: Trace: step %d of %s has no neighbour", i+1, text)
		}
		st.To = prev[to]
		for j := range cur {
			want := prev[j].Color()
			switch {
			case prev[j] == tr:
				want = mover.Other()
			case j == to:
				want = mover
			}
			if cur[j].Color() != want {
				st.Captured = append(st.Captured, cur[j])
			}
		}
		tr = cur[to]
		st.TravellerCaptured = tr.Color() != mover
		if o := q.Outcome(); o.Status == boardrules.Win {
			st.Winner = o.Winner
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// play plays the move text in p.
func (p Position) play(text string) (Position, error) {
	m, err := p.ParseMove(text)
	if err != nil {
		return Position{}, err
	}
	return p.Play(m)
}

// diffPieces returns the pieces of a that b does not hold, in a's order.
func diffPieces(a, b []Piece) []Piece {
	in := make(map[Piece]bool, len(b))
	for _, pc := range b {
		in[pc] = true
	}
	var out []Piece
	for _, pc := range a {
		if !in[pc] {
			out = append(out, pc)
		}
	}
	return out
}

// startPiece finds the created piece the path starts from: the joined
// piece, or the named half of the split piece (the k-th piece of a
// multi-split, counted along the cut: East for H, North for V).
func startPiece(pm *parsed, removed, added []Piece) (Piece, bool) {
	if pm.kind == kindJ {
		return added[0], len(added) == 1
	}
	k := 0
	if pm.n > 0 {
		k = int(pm.k) - 1
	}
	if k >= len(removed) {
		return Piece{}, false
	}
	cut := slices.Clone(removed)
	slices.SortFunc(cut, func(a, b Piece) int {
		if pm.kind == kindV {
			return cmpCoord(a.y, b.y)
		}
		return cmpCoord(a.x, b.x)
	})
	for _, pc := range added {
		if within(pc, cut[k]) && isHalf(pc, cut[k], pm.half) {
			return pc, true
		}
	}
	return Piece{}, false
}

// within reports whether a lies inside b.
func within(a, b Piece) bool {
	return cmpCoord(a.x, b.x) >= 0 && cmpCoord(a.y, b.y) >= 0 &&
		cmpSum(a.x, a.w, b.x, b.w) <= 0 && cmpSum(a.y, a.h, b.y, b.h) <= 0
}

// isHalf reports whether half h lies on side half ('N', 'S', 'E' or 'W') of
// the piece it was cut from.
func isHalf(h, whole Piece, half byte) bool {
	switch half {
	case 'N':
		return h.y != whole.y
	case 'S':
		return h.y == whole.y && h.h != whole.h
	case 'E':
		return h.x != whole.x
	case 'W':
		return h.x == whole.x && h.w != whole.w
	}
	return false
}

// sharesSide reports whether b lies across a's full side in direction d
// with exactly that side.
func sharesSide(a, b Piece, d byte) bool {
	switch d {
	case 'N':
		return a.x == b.x && a.w == b.w && cmpSum(a.y, a.h, b.y, Coord{}) == 0
	case 'S':
		return a.x == b.x && a.w == b.w && cmpSum(b.y, b.h, a.y, Coord{}) == 0
	case 'E':
		return a.y == b.y && a.h == b.h && cmpSum(a.x, a.w, b.x, Coord{}) == 0
	case 'W':
		return a.y == b.y && a.h == b.h && cmpSum(b.x, b.w, a.x, Coord{}) == 0
	}
	return false
}

// cmpCoord compares two coordinates.
func cmpCoord(a, b Coord) int { return cmpSum(a, Coord{}, b, Coord{}) }

// cmpSum compares a1+a2 with b1+b2. The values of one position share its
// fixed grid, so scaling them to the finest exponent among them stays
// within int64.
func cmpSum(a1, a2, b1, b2 Coord) int {
	e := max(a1.Exp(), a2.Exp(), b1.Exp(), b2.Exp())
	s := func(c Coord) int64 { return c.Num() << (e - c.Exp()) }
	x, y := s(a1)+s(a2), s(b1)+s(b2)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}
