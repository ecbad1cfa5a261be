package bots

import (
	"sync"

	"github.com/boardrules/boardrules"
)

// Bot is a bot for positions seen as boardrules.Any, for programs that
// choose the game at run time. New makes one.
type Bot interface {
	// Name is the bot's kind: "random", "greedy" or "mcts".
	Name() string
	// Move returns the canonical text of the move chosen for the side to
	// move; an error wrapping boardrules.ErrGameOver when the game has
	// ended.
	Move(p boardrules.Any) (string, error)
	// Stats counts the bot's work so far, over every game it played.
	Stats() Stats
}

// engine is one Register call: it binds a bot kind to the engine types.
type engine interface {
	bind(kind string, o Options) (fast, error)
}

// fast is a searcher bound to one engine's types: ok is false when u is not
// that engine's position.
type fast interface {
	move(u any) (move string, ok bool, err error)
	Stats() Stats
}

var (
	enginesMu sync.Mutex
	engines   []engine
)

// Register lets every Bot search positions of the engine types P and M
// with those types, at full speed, when it meets them inside an Any made by
// boardrules.AsAny. Programs call it once per engine they link in,
// typically from an init function next to the engine's import:
//
//	func init() { bots.Register[terrace.Position, terrace.Move]() }
//
// Registering is optional: a Bot plays every game without it, through the
// slower Text adapter. Registering the same types twice is harmless.
func Register[P boardrules.Position[P, M], M boardrules.Move]() {
	enginesMu.Lock()
	defer enginesMu.Unlock()
	engines = append(engines, typed[P, M]{})
}

type typed[P boardrules.Position[P, M], M boardrules.Move] struct{}

func (typed[P, M]) bind(kind string, o Options) (fast, error) {
	s, err := NewSearcher[P, M](kind, o)
	if err != nil {
		return nil, err
	}
	return bound[P, M]{s}, nil
}

type bound[P boardrules.Position[P, M], M boardrules.Move] struct{ s Searcher[P, M] }

func (b bound[P, M]) move(u any) (string, bool, error) {
	p, ok := u.(P)
	if !ok {
		return "", false, nil
	}
	m, err := b.s.Choose(p)
	if err != nil {
		return "", true, err
	}
	return m.String(), true, nil
}

func (b bound[P, M]) Stats() Stats { return b.s.Stats() }

// New returns a Bot of that kind ("random", "greedy" or "mcts"; see Kinds)
// for any game.
func New(kind string, o Options) (Bot, error) {
	text, err := NewSearcher[Text, TextMove](kind, o)
	if err != nil {
		return nil, err
	}
	return &anyBot{kind: kind, opts: o, text: text}, nil
}

type anyBot struct {
	kind string
	opts Options
	fast []fast // bound to the registered engines, in order
	text Searcher[Text, TextMove]
}

func (b *anyBot) Name() string { return b.kind }

func (b *anyBot) Move(p boardrules.Any) (string, error) {
	if u, ok := p.(interface{ Unwrap() any }); ok {
		b.bindNew()
		inner := u.Unwrap()
		for _, f := range b.fast {
			if m, ok, err := f.move(inner); ok {
				return m, err
			}
		}
	}
	m, err := b.text.Choose(TextOf(p))
	return string(m), err
}

// bindNew binds the engines registered since the last call; each binding
// has its own searcher, random source and buffers.
func (b *anyBot) bindNew() {
	enginesMu.Lock()
	defer enginesMu.Unlock()
	for _, e := range engines[len(b.fast):] {
		f, err := e.bind(b.kind, b.opts)
		if err != nil {
			panic(err) // New checked the kind
		}
		b.fast = append(b.fast, f)
	}
}

func (b *anyBot) Stats() Stats {
	s := b.text.Stats()
	for _, f := range b.fast {
		t := f.Stats()
		s.Moves += t.Moves
		s.Playouts += t.Playouts
		s.Plies += t.Plies
		s.Time += t.Time
	}
	return s
}

// Text makes any boardrules.Any a boardrules.Position[Text, TextMove], so
// the generic bots play every game, even one that is not registered with
// Register. It goes through the Any's text moves: correct, but each move
// is parsed and allocates, so it is many times slower than the engine's
// own types.
type Text struct{ a boardrules.Any }

// TextMove is a move of a Text position: the move's canonical text.
type TextMove string

func (m TextMove) String() string { return string(m) }

// TextOf wraps p.
func TextOf(p boardrules.Any) Text { return Text{p} }

// Any returns the wrapped position.
func (t Text) Any() boardrules.Any { return t.a }

// Players is the wrapped position's.
func (t Text) Players() int { return t.a.Players() }

// ToMove is the wrapped position's.
func (t Text) ToMove() boardrules.Player { return t.a.ToMove() }

// Outcome is the wrapped position's.
func (t Text) Outcome() boardrules.Outcome { return t.a.Outcome() }

// Hash is the wrapped position's.
func (t Text) Hash() uint64 { return t.a.Hash() }

// String is the wrapped position's board.
func (t Text) String() string { return t.a.String() }

// LegalMoves lists the wrapped position's legal moves.
func (t Text) LegalMoves() []TextMove { return t.AppendLegalMoves(nil) }

// AppendLegalMoves appends the legal moves to dst; the Any allocates their
// texts, so unlike an engine's this is never free.
func (t Text) AppendLegalMoves(dst []TextMove) []TextMove {
	for _, m := range t.a.LegalMoves() {
		dst = append(dst, TextMove(m))
	}
	return dst
}

// Play plays m, checked by the engine.
func (t Text) Play(m TextMove) (Text, error) {
	next, err := t.a.Play(string(m))
	if err != nil {
		return t, err
	}
	return Text{next}, nil
}

// PlayUnchecked plays a move just generated; the engine checks it anyway,
// and a move it refuses (which a generated move never is) leaves the
// position as it was.
func (t Text) PlayUnchecked(m TextMove) Text {
	next, _ := t.Play(m)
	return next
}

// ParseMove reads a move in any notation form the engine accepts and
// returns its canonical text.
func (t Text) ParseMove(s string) (TextMove, error) {
	m, err := t.a.ParseMove(s)
	return TextMove(m), err
}

var _ boardrules.Position[Text, TextMove] = Text{}
