package boardrules

import (
	"bytes"
	"fmt"
	"slices"
)

// History is a game in progress seen as Any: the start, the moves played in
// canonical text and every position reached, so that Undo is instant and
// Record writes the game down. It is what a terminal player or a server
// keeps per game.
//
// A History is not safe for concurrent use: it is a mutable log, unlike
// the positions it holds. Guard it with a mutex, or give each goroutine its
// own; the positions from Position may be shared freely.
type History struct {
	positions []Any    // positions[0] is the start, positions[i] the one after moves[i-1]
	moves     []string // canonical texts
	from      *Record  // the record replayed into the history (Record.History), or nil
}

// NewHistory starts a history at start, which must not be nil.
func NewHistory(start Any) *History {
	return &History{positions: []Any{start}}
}

// Play plays a move given in any notation form the engine accepts and
// stores its canonical text. On error the history is unchanged and the
// error is the engine's, wrapping its sentinel.
func (h *History) Play(move string) error {
	p := h.Position()
	canonical, err := p.ParseMove(move)
	if err != nil {
		return err
	}
	next := p.PlayUnchecked(canonical)
	h.positions = append(h.positions, next)
	h.moves = append(h.moves, canonical)
	return nil
}

// Undo takes back the last move. At the start it returns an error wrapping
// ErrNothingToUndo and changes nothing.
func (h *History) Undo() error {
	if len(h.moves) == 0 {
		return fmt.Errorf("%w: no move has been played", ErrNothingToUndo)
	}
	h.positions[len(h.positions)-1] = nil
	h.positions = h.positions[:len(h.positions)-1]
	h.moves = h.moves[:len(h.moves)-1]
	return nil
}

// Position is the current position.
func (h *History) Position() Any { return h.positions[len(h.positions)-1] }

// Start is the position the history started from.
func (h *History) Start() Any { return h.positions[0] }

// Len is the number of moves played (and not undone).
func (h *History) Len() int { return len(h.moves) }

// Moves returns the canonical texts of the moves played, in a new slice.
func (h *History) Moves() []string { return append([]string(nil), h.moves...) }

// Record writes the game down: its game and variant names, the start
// position's code when it is not the variant's standard start (or when the
// game is not registered, so the standard start cannot be checked), the
// moves, the result marker of the current position ("*" while the game goes
// on) and, once the rules have ended the game, a Termination that says how
// (Describe).
//
// A history replayed from a record (Record.History) writes that record
// down again: its names, tags in their order and comments (those within
// the moves now played) as they were, and its Result and Termination as
// well while the moves are the record's, so that a record read and written
// back without a move played comes back the same.
func (h *History) Record() Record {
	if h.from != nil {
		return h.from.continued(h)
	}
	start := h.Start()
	r := Record{
		Game:    start.Game(),
		Variant: start.Variant(),
		Moves:   h.Moves(),
		Result:  ResultMarker(h.Position().Outcome(), start.Players()),
	}
	if end := h.Position(); end.Outcome().Status != Ongoing {
		r.Termination = Describe(end)
	}
	if !isStandardStart(start) {
		if code, err := start.MarshalText(); err == nil {
			r.Start = string(code)
		}
	}
	return r
}

// continued is the record r, replayed into h, with h's moves: r's names,
// tags and the comments within h's moves, and r's result while h holds
// r's moves, else h's own.
func (r *Record) continued(h *History) Record {
	out := r.clone()
	out.Moves = h.Moves()
	out.Comments = nil
	for _, c := range r.Comments {
		if c.Ply <= len(out.Moves) {
			out.Comments = append(out.Comments, c)
		}
	}
	if slices.Equal(out.Moves, r.Moves) {
		return out
	}
	end := h.Position()
	out.Result = ResultMarker(end.Outcome(), h.Start().Players())
	out.Termination = ""
	if end.Outcome().Status != Ongoing {
		out.Termination = Describe(end)
	}
	return out
}

// isStandardStart reports whether p is the standard start of its game and
// variant, by comparing position codes.
func isStandardStart(p Any) bool {
	g, ok := Lookup(p.Game())
	if !ok {
		return false
	}
	std, err := g.New(p.Variant())
	if err != nil {
		return false
	}
	a, errA := p.MarshalText()
	b, errB := std.MarshalText()
	return errA == nil && errB == nil && bytes.Equal(a, b)
}
