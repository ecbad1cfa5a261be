package boardrules

import (
	"iter"
	"math/rand/v2"
	"strconv"
)

// Any is a position of some game seen through a type-erased view, with moves
// as canonical text. Tools that choose the game at run time (a tour, a
// terminal player, a server) work with Any; search code should use the
// engine's own types for speed.
//
// An Any is a Position[Any, string]: its moves are their canonical text,
// and the generic helpers (Perft, Divide, Playout, Replay) take it as they
// take an engine's Position. For the positions AsAny makes they run the
// engine's own code, at its speed.
type Any interface {
	Game() string    // "tumbling", "flooprail", "terrace", "crumble"
	Variant() string // the variant's name, as the engine's Variant.String writes it
	Players() int    // the number of seats
	// ToMove is the seat to move; NoPlayer once the game has ended.
	ToMove() Player
	// LegalMoves lists the legal moves in canonical text, in the engine's
	// order; nil once the game has ended.
	LegalMoves() []string
	// AppendLegalMoves appends LegalMoves to dst.
	AppendLegalMoves(dst []string) []string
	// LegalMovesSeq yields LegalMoves one at a time, in the same order,
	// from the engine's own stream: a caller that stops early pays only
	// for the moves it took.
	LegalMovesSeq() iter.Seq[string]
	// Play reads a move in any notation form the game accepts and plays it.
	Play(move string) (Any, error)
	// PlayUnchecked plays a move given as LegalMoves or ParseMove of this
	// position give it. The text is still read, so a text that is no move
	// here returns the position unchanged.
	PlayUnchecked(move string) Any
	// ParseMove reads a move in any notation form the game accepts, checks
	// that it is legal here and returns its canonical text.
	ParseMove(move string) (string, error)
	Outcome() Outcome             // whether the game goes on and, if not, how it ended
	Hash() uint64                 // the engine's hash: equal positions, equal hashes
	String() string               // the board as text
	MarshalText() ([]byte, error) // the engine's position code
	// SeatName names a seat in the game's own words: "Black", "White", "O",
	// "X", a Terrace army.
	SeatName(Player) string
	// Unwrap returns the engine's own position value (a tumbling.Position,
	// a crumble.Position, ...), for callers that know the game.
	Unwrap() any
}

// AsAny wraps an engine position as an Any for the given game and variant
// names. Engines use it in their GameInfo.New and Decode, so they need no
// glue of their own. A position without a SeatName method (every engine of
// this module has one) names its seats "seat 0", "seat 1", ...
func AsAny[P interface {
	Position[P, M]
	MarshalText() ([]byte, error)
}, M Move](game, variant string, p P) Any {
	return anyPosition[P, M]{game: game, variant: variant, pos: p}
}

type anyPosition[P interface {
	Position[P, M]
	MarshalText() ([]byte, error)
}, M Move] struct {
	game, variant string
	pos           P
}

func (a anyPosition[P, M]) Game() string    { return a.game }
func (a anyPosition[P, M]) Variant() string { return a.variant }
func (a anyPosition[P, M]) Players() int    { return a.pos.Players() }
func (a anyPosition[P, M]) ToMove() Player  { return a.pos.ToMove() }
func (a anyPosition[P, M]) Outcome() Outcome {
	return a.pos.Outcome()
}
func (a anyPosition[P, M]) Hash() uint64                 { return a.pos.Hash() }
func (a anyPosition[P, M]) String() string               { return a.pos.String() }
func (a anyPosition[P, M]) MarshalText() ([]byte, error) { return a.pos.MarshalText() }
func (a anyPosition[P, M]) SeatName(pl Player) string {
	if n, ok := any(a.pos).(interface{ SeatName(Player) string }); ok {
		return n.SeatName(pl)
	}
	return "seat " + strconv.Itoa(int(pl))
}

// Unwrap returns the engine position inside, for callers that know its type.
func (a anyPosition[P, M]) Unwrap() any { return a.pos }

func (a anyPosition[P, M]) LegalMoves() []string {
	moves := a.pos.LegalMoves()
	if moves == nil {
		return nil
	}
	return appendTexts(make([]string, 0, len(moves)), moves)
}

func (a anyPosition[P, M]) AppendLegalMoves(dst []string) []string {
	return appendTexts(dst, a.pos.LegalMoves())
}

func (a anyPosition[P, M]) LegalMovesSeq() iter.Seq[string] {
	return func(yield func(string) bool) {
		for m := range a.pos.LegalMovesSeq() {
			if !yield(m.String()) {
				return
			}
		}
	}
}

func appendTexts[M Move](dst []string, moves []M) []string {
	for _, m := range moves {
		dst = append(dst, m.String())
	}
	return dst
}

func (a anyPosition[P, M]) Play(move string) (Any, error) {
	m, err := a.pos.ParseMove(move)
	if err != nil {
		return nil, err
	}
	// ParseMove has checked the move, so it is played unchecked: the same
	// position as Play (the contract), without reading the move again
	return a.with(a.pos.PlayUnchecked(m)), nil
}

func (a anyPosition[P, M]) PlayUnchecked(move string) Any {
	m, err := a.pos.ParseMove(move)
	if err != nil {
		return a
	}
	return a.with(a.pos.PlayUnchecked(m))
}

func (a anyPosition[P, M]) ParseMove(move string) (string, error) {
	m, err := a.pos.ParseMove(move)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

func (a anyPosition[P, M]) with(p P) anyPosition[P, M] {
	return anyPosition[P, M]{game: a.game, variant: a.variant, pos: p}
}

// perft, divide and playout run the generic helpers on the engine's own
// types, so that Perft, Divide and Playout of an Any made by AsAny count at
// the engine's speed rather than through text.
func (a anyPosition[P, M]) perft(depth int) uint64 { return Perft(a.pos, depth) }

func (a anyPosition[P, M]) divide(depth int) map[string]uint64 { return Divide(a.pos, depth) }

func (a anyPosition[P, M]) playout(r *rand.Rand, maxPlies int) (Any, []string) {
	end, moves := Playout(a.pos, r, maxPlies)
	return a.with(end), appendTexts(make([]string, 0, len(moves)), moves)
}
