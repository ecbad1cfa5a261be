package boardrules

import (
	"bytes"
	"fmt"
	"sort"
	"sync"
)

// Any is a position of some game seen through a type-erased view, with moves
// as canonical text. Tools that choose the game at run time (a tour, a
// terminal player, a server) work with Any; search code should use the
// engine's own types through Position for speed.
type Any interface {
	Game() string    // "tumbling", "flooprail", "terrace", "crumble"
	Variant() string // the variant's name, as GameInfo.Variants lists it
	Players() int
	ToMove() Player
	LegalMoves() []string
	Play(move string) (Any, error) // ParseMove, then Play
	Outcome() Outcome
	Hash() uint64
	String() string
	MarshalText() ([]byte, error) // the engine's position code
	// SeatName names a seat in the game's own words: "Black", "White", "O",
	// "X", a Terrace army.
	SeatName(Player) string
	// Unwrap returns the engine's own position value (a tumbling.Position,
	// a crumble.Position, ...), for callers that know the game.
	Unwrap() any
}

// GameInfo describes a registered game.
type GameInfo struct {
	Name     string                            // "terrace": the first word of its position codes
	Title    string                            // "Terrace"
	Variants []string                          // Variants[0] is the standard game
	New      func(variant string) (Any, error) // the starting position of a variant; "" is the standard game
	Decode   func(code []byte) (Any, error)    // reads the engine's position code
}

var (
	registryMu sync.RWMutex
	registry   = map[string]GameInfo{}
)

// Register makes a game known by name. Engines call it from their init, so
// importing an engine package (import _ ".../terrace") is enough to make the
// game available to Games, Lookup and Decode. Register panics when the name
// is empty or already taken, when the game lists no variant, or when New or
// Decode is nil: those are programming errors, not input.
func Register(g GameInfo) {
	if g.Name == "" || g.New == nil || g.Decode == nil || len(g.Variants) == 0 {
		panic("boardrules: Register needs a Name, at least one variant, New and Decode")
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[g.Name]; dup {
		panic("boardrules: Register called twice for game " + g.Name)
	}
	g.Variants = append([]string(nil), g.Variants...)
	registry[g.Name] = g
}

// Games lists the registered games sorted by Name.
func Games() []GameInfo {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]GameInfo, 0, len(registry))
	for _, g := range registry {
		g.Variants = append([]string(nil), g.Variants...)
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the registered game of that name.
func Lookup(name string) (GameInfo, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	g, ok := registry[name]
	if ok {
		g.Variants = append([]string(nil), g.Variants...)
	}
	return g, ok
}

// Decode reads a position code of any registered game: its first word names
// the game, whose decoder reads the rest. Errors wrap ErrSyntax; a first
// word that names no game gives an *UnknownError.
func Decode(code []byte) (Any, error) {
	// the first word names the game, spaces before it or not; the
	// engine's decoder reads the code as given and says whether it takes
	// them (crumble's does)
	word := bytes.TrimLeft(code, " \t\r\n")
	if i := bytes.IndexAny(word, " \t\r\n"); i >= 0 {
		word = word[:i]
	}
	if len(word) == 0 {
		return nil, fmt.Errorf("%w at offset 0: empty position code", ErrSyntax)
	}
	g, ok := Lookup(string(word))
	if !ok {
		return nil, unknownGame(string(word))
	}
	return g.Decode(code)
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
	return "seat " + itoa(int(pl))
}

// Unwrap returns the engine position inside, for callers that know its type.
func (a anyPosition[P, M]) Unwrap() any { return a.pos }

func (a anyPosition[P, M]) LegalMoves() []string {
	moves := a.pos.LegalMoves()
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

func (a anyPosition[P, M]) Play(move string) (Any, error) {
	m, err := a.pos.ParseMove(move)
	if err != nil {
		return nil, err
	}
	// ParseMove has checked the move, so it is played unchecked: the same
	// position as Play (the contract), without reading the move again
	return anyPosition[P, M]{game: a.game, variant: a.variant, pos: a.pos.PlayUnchecked(m)}, nil
}

// Perft runs the engine's own generic Perft, so that tools working with Any
// count at full speed; see AnyPerft.
func (a anyPosition[P, M]) Perft(depth int) uint64 { return Perft(a.pos, depth) }

// Divide runs the engine's own generic Divide; see AnyDivide.
func (a anyPosition[P, M]) Divide(depth int) map[string]uint64 { return Divide(a.pos, depth) }

// AnyPerft is Perft for a position seen as an Any. A position made by AsAny
// counts with its engine's own types at full speed; any other Any is counted
// through its text moves.
func AnyPerft(p Any, depth int) uint64 {
	if fast, ok := p.(interface{ Perft(int) uint64 }); ok {
		return fast.Perft(depth)
	}
	if depth <= 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		next, err := p.Play(m)
		if err != nil {
			continue // a listed move that fails to play is the engine's bug; count what plays
		}
		n += AnyPerft(next, depth-1)
	}
	return n
}

// AnyDivide is Divide for a position seen as an Any.
func AnyDivide(p Any, depth int) map[string]uint64 {
	if fast, ok := p.(interface{ Divide(int) map[string]uint64 }); ok {
		return fast.Divide(depth)
	}
	out := make(map[string]uint64)
	if depth <= 0 {
		return out
	}
	for _, m := range p.LegalMoves() {
		if next, err := p.Play(m); err == nil {
			out[m] = AnyPerft(next, depth-1)
		}
	}
	return out
}
