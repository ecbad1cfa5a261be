// Package anytest helps tests of code that takes a boardrules.Any and has a
// fast path for the positions boardrules.AsAny makes (their Unwrap, or the
// engine's own Perft, Divide and Playout behind the generic helpers): Plain
// hides all of that, so the general path can be tested too.
package anytest

import "github.com/boardrules/boardrules"

// Plain returns p with nothing but the methods of boardrules.Any. The
// positions its Play returns are plain too.
func Plain(p boardrules.Any) boardrules.Any { return plain{p} }

type plain struct{ boardrules.Any }

func (p plain) Play(move string) (boardrules.Any, error) {
	next, err := p.Any.Play(move)
	if err != nil {
		return nil, err
	}
	return plain{next}, nil
}

func (p plain) PlayUnchecked(move string) boardrules.Any {
	return plain{p.Any.PlayUnchecked(move)}
}

// Unwrap returns the plain position itself, not the engine's value, so code
// that unwraps to reach an engine type takes its general path.
func (p plain) Unwrap() any { return p }
