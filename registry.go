package boardrules

// The registry of games by name, in the manner of image.RegisterFormat:
// each engine registers a GameInfo from its init (EngineInfo builds it),
// and tools start a game by name (NewGame) or decode any engine's position
// code (Decode).

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/boardrules/boardrules/internal/quote"
)

// GameInfo describes a registered game.
type GameInfo struct {
	Name  string // "terrace": the first word of its position codes
	Title string // "Terrace"
	// Variants are the names of the engine's listed variants (its
	// Variants(), written by Variant.String); Variants[0] is the standard
	// game.
	Variants []string
	// VariantSyntax describes every variant name New accepts when the
	// list cannot hold them (Crumble's boards come in every size from 2x2
	// to 32x32); "" when Variants lists them all.
	VariantSyntax string
	New           func(variant string) (Any, error) // the starting position of a variant; "" is the standard game
	Decode        func(code []byte) (Any, error)    // reads the engine's position code
}

// String names the game and its variants, "Terrace (terrace): 8-long,
// 8-short, ...", followed by the VariantSyntax when there is one,
// "Crumble (crumble): 6x6, 8x8; any of <W>x<H>...".
func (g GameInfo) String() string {
	s := g.Title + " (" + g.Name + "): " + strings.Join(g.Variants, ", ")
	if g.VariantSyntax != "" {
		s += "; any of " + g.VariantSyntax
	}
	return s
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

// NewGame starts a registered game by name: the variant's starting
// position, or the standard game's when variant is "". A game name of ""
// means the first registered game (Games is sorted by name). An unknown
// game or variant gives an *UnknownError, which lists the games or the
// variants there are and wraps ErrSyntax.
func NewGame(game, variant string) (Any, error) {
	if game == "" {
		games := Games()
		if len(games) == 0 {
			return nil, unknownGame("")
		}
		game = games[0].Name
	}
	g, ok := Lookup(game)
	if !ok {
		return nil, unknownGame(game)
	}
	if variant == "" {
		variant = g.Variants[0]
	}
	return g.New(variant)
}

// Decode reads a position code of any registered game: its first word names
// the game, whose decoder reads the rest. Errors wrap ErrSyntax; a first
// word that names no game gives an *UnknownError. Like every reader of the
// module, Decode takes no white space around the code.
func Decode(code []byte) (Any, error) {
	word := code
	if i := bytes.IndexAny(word, " \t\r\n"); i >= 0 {
		word = word[:i]
	}
	if len(word) == 0 {
		what := "an empty position code"
		if len(code) > 0 {
			what = "white space before the position code"
		}
		return nil, fmt.Errorf("%w at offset 0: %s", ErrSyntax, what)
	}
	if end := len(code) - 1; bytes.IndexByte([]byte(" \t\r\n"), code[end]) >= 0 {
		return nil, fmt.Errorf("%w at offset %d: white space after the position code", ErrSyntax, end)
	}
	g, ok := Lookup(string(word))
	if !ok {
		return nil, unknownGame(string(word))
	}
	return g.Decode(code)
}

// EngineInfo builds the GameInfo of an engine package from its own API, so
// that an engine registers itself in one call:
//
//	boardrules.Register(boardrules.EngineInfo[Position, Move](Name, Title, Variants(), ParseVariant, New))
//
// variants are the variants the game lists (the first is the standard
// game), and GameInfo.Variants their names as Variant.String writes them;
// parse reads a variant name and newPosition starts that variant.
// GameInfo.New accepts "" (the standard game, variants[0]) and every name
// parse accepts, listed or not. The Any it returns is named by the String
// of its position's Variant, so every name of one variant gives the same
// Variant(). A name parse refuses gives an *UnknownError. GameInfo.Decode
// reads a position code with the position's UnmarshalText, and the decoded
// Any is named the same way.
func EngineInfo[P interface {
	Position[P, M]
	MarshalText() ([]byte, error)
	SeatName(Player) string
	Variant() V
}, M Move, V fmt.Stringer, PP interface {
	*P
	UnmarshalText([]byte) error
}](name, title string, variants []V, parse func(string) (V, error), newPosition func(V) (P, error)) GameInfo {
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.String()
	}
	return GameInfo{
		Name:     name,
		Title:    title,
		Variants: names,
		New: func(variant string) (Any, error) {
			if variant == "" {
				variant = names[0]
			}
			v, err := parse(variant)
			if err != nil {
				return nil, &UnknownError{Game: name, Variant: variant, Known: names, Err: err}
			}
			p, err := newPosition(v)
			if err != nil {
				return nil, err
			}
			return AsAny[P, M](name, p.Variant().String(), p), nil
		},
		Decode: func(code []byte) (Any, error) {
			var p P
			if err := PP(&p).UnmarshalText(code); err != nil {
				return nil, err
			}
			return AsAny[P, M](name, p.Variant().String(), p), nil
		},
	}
}

// UnknownError is the one error for a game or a variant name that the
// registry does not know: NewGame, GameInfo.New of an engine (EngineInfo)
// and Decode give it. It wraps ErrSyntax and, for a variant, the engine's
// own reason (Err), and its text lists what exists:
//
//	syntax error: no game "chess" (the games are: crumble, flooprail, terrace, tumbling)
//	syntax error: tumbling has no variant "corner" (the variants are: pbmserv, pbmserv-corner, ...)
type UnknownError struct {
	Game    string   // the game asked for, or the game whose variant is unknown
	Variant string   // the unknown variant; "" when the game is unknown
	Known   []string // the games, or the game's variants, that exist
	Err     error    // the engine's reason for refusing the variant, or nil
}

func unknownGame(name string) *UnknownError {
	games := Games()
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	return &UnknownError{Game: name, Known: names}
}

// Error names what is unknown, quoting at most 64 bytes of it, and lists
// what exists.
func (e *UnknownError) Error() string {
	if e.Variant == "" {
		return fmt.Sprintf("%v: no game %s (the games are: %s)", ErrSyntax, quote.Quote(e.Game), strings.Join(e.Known, ", "))
	}
	return fmt.Sprintf("%v: %s has no variant %s (the variants are: %s)", ErrSyntax, e.Game, quote.Quote(e.Variant), strings.Join(e.Known, ", "))
}

// Unwrap returns ErrSyntax and the engine's reason, when there is one.
func (e *UnknownError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrSyntax, e.Err}
	}
	return []error{ErrSyntax}
}
