package bots

import (
	"context"
	"fmt"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// Bot is a bot for positions seen as boardrules.Any, for programs that
// choose the game at run time. New makes one.
type Bot interface {
	// Name is the bot's kind, one of Kinds.
	Name() string
	// Move returns the canonical text of the move chosen for the side to
	// move, searching until the bot's budget is spent or ctx is done, as
	// Searcher.Choose does: an error only when it has no move, wrapping
	// boardrules.ErrGameOver when the game has ended or ctx.Err() when
	// ctx is done before the search begins.
	Move(ctx context.Context, p boardrules.Any) (string, error)
	// Stats counts the bot's work so far, over every game it played.
	Stats() Stats
}

// New returns a Bot of that kind (one of Kinds) for any game. A position
// of one of the module's four engines (an Any made by boardrules.AsAny, as
// the registry's are) is searched with the engine's own types, its
// evaluation and defaults; any other Any is searched as the
// boardrules.Position[Any, string] it is, with the package-wide defaults
// and no evaluation, slower since each move goes through its text.
func New(kind string, o Options) (Bot, error) {
	kindOnly := o
	kindOnly.Eval = ""
	if _, err := NewSearcher[boardrules.Any, string](kind, kindOnly); err != nil {
		return nil, err
	}
	if o.Eval != "" && !anyGameHas(o.Eval) {
		return nil, fmt.Errorf("no game has an evaluation %q", o.Eval)
	}
	return &anyBot{kind: kind, opts: o}, nil
}

// anyGameHas reports whether a game has an evaluation of that name.
func anyGameHas(eval string) bool {
	for _, named := range namedEvals {
		if _, ok := named[eval]; ok {
			return true
		}
	}
	return false
}

type anyBot struct {
	kind string
	opts Options
	// one searcher per engine met, made at its first position: each has
	// its own random source and buffers
	tumbling  Searcher[tumbling.Position, tumbling.Move]
	flooprail Searcher[flooprail.Position, flooprail.Move]
	terrace   Searcher[terrace.Position, terrace.Move]
	crumble   Searcher[crumble.Position, crumble.Move]
	other     Searcher[boardrules.Any, string]
}

func (b *anyBot) Name() string { return b.kind }

func (b *anyBot) Move(ctx context.Context, p boardrules.Any) (string, error) {
	switch e := p.Unwrap().(type) {
	case tumbling.Position:
		return choose(ctx, &b.tumbling, b, e, p.Game())
	case flooprail.Position:
		return choose(ctx, &b.flooprail, b, e, p.Game())
	case terrace.Position:
		return choose(ctx, &b.terrace, b, e, p.Game())
	case crumble.Position:
		return choose(ctx, &b.crumble, b, e, p.Game())
	}
	return choose(ctx, &b.other, b, p, p.Game())
}

// choose searches p, a position of game, with *s, made first if need be,
// and returns the move's text.
func choose[P boardrules.Position[P, M], M comparable](ctx context.Context, s *Searcher[P, M], b *anyBot, p P, game string) (string, error) {
	if *s == nil {
		var err error
		if *s, err = NewSearcher[P, M](b.kind, b.opts); err != nil {
			return "", fmt.Errorf("%s: %w", game, err) // (New checked the kind, not the game's evaluations)
		}
	}
	m, err := (*s).Choose(ctx, p)
	if err != nil {
		return "", err
	}
	switch m := any(m).(type) {
	case string:
		return m, nil
	case fmt.Stringer:
		return m.String(), nil
	}
	return fmt.Sprint(m), nil
}

func (b *anyBot) Stats() Stats {
	var s Stats
	if b.tumbling != nil {
		s = s.Add(b.tumbling.Stats())
	}
	if b.flooprail != nil {
		s = s.Add(b.flooprail.Stats())
	}
	if b.terrace != nil {
		s = s.Add(b.terrace.Stats())
	}
	if b.crumble != nil {
		s = s.Add(b.crumble.Stats())
	}
	if b.other != nil {
		s = s.Add(b.other.Stats())
	}
	return s
}
