package bots

import (
	"math/rand/v2"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// streamsMoves reports whether the searches take the moves of a position
// of engine type P from LegalMovesSeq, a move at a time, reading the clock
// between moves and stopping when the time is up, rather than from
// AppendLegalMoves, all at once. A crowded Crumble position has millions
// of moves, which take seconds to list; the other engines have a few
// hundred at most, which a stream through a type parameter would only
// slow down (its closures escape, a few allocations a call). A type this
// package does not know streams, since nothing bounds its moves.
func streamsMoves[P any]() bool {
	switch any(*new(P)).(type) {
	case tumbling.Position, flooprail.Position, terrace.Position:
		return false
	}
	return true
}

// The most moves of one position a search keeps: maxRootMoves of the
// position it chooses a move for (MCTS's root, alpha-beta's, Greedy's
// candidates), maxMoves of the others (an MCTS node's children, alpha-beta
// inside its tree). Past it a search keeps a sample of the moves (see
// appendMoves). No position of the small engines comes near them, nor
// most Crumble positions (a board of a thousand pieces has some 5,000
// moves); one past them has more moves than a search of a second could
// try (Greedy plays a move of such a board in some 20 µs, MCTS's playout
// and alpha-beta's leaf cost more). The root keeps more, since its safe
// moves may be few among many that lose.
const (
	maxMoves     = 1 << 14
	maxRootMoves = 1 << 17
)

// listing tells what appendMoves took.
type listing struct {
	seen int  // the moves seen
	cut  bool // the clock stopped the listing
	hit  int  // the index in the list of the move hit stopped at; -1 none
}

// all reports whether the list holds every move of the position: the
// clock did not cut it, nothing stopped it, and there were no more than
// max.
func (l listing) all(max int) bool { return !l.cut && l.hit < 0 && (max <= 0 || l.seen <= max) }

// appendMoves appends the legal moves of p to dst and returns them, and
// what it took.
//
// Unless stream is set, it takes them all from AppendLegalMoves. Streamed,
// it reads c (when not nil) between moves and stops when the time is up,
// never before the first move; past max moves (max > 0) it keeps a uniform
// sample of max of the moves seen (reservoir sampling) when r is not nil,
// and stops at the first move past max when r is nil, which keeps the
// first max in the position's order.
//
// Either way it stops at the first move for which hit (when not nil) is
// true, and keeps it, past max if need be: a move that wins at once by its
// own flag (winFlagOf) is then found however many moves come before it,
// and kept whatever the sample.
func appendMoves[P boardrules.Position[P, M], M any](c *clock, p P, dst []M, stream bool, max int, r *rand.Rand, hit func(M) bool) ([]M, listing) {
	if stream {
		return appendStream(c, p, dst, max, r, hit)
	}
	base := len(dst)
	dst = p.AppendLegalMoves(dst)
	l := listing{seen: len(dst) - base, hit: -1}
	if hit != nil {
		for i := base; i < len(dst); i++ {
			if hit(dst[i]) {
				l.hit = i
				break
			}
		}
	}
	return dst, l
}

// appendStream is appendMoves from LegalMovesSeq: apart, since the loop's
// variables escape with its closure, which would cost AppendLegalMoves's
// callers an allocation a call.
func appendStream[P boardrules.Position[P, M], M any](c *clock, p P, dst []M, max int, r *rand.Rand, hit func(M) bool) ([]M, listing) {
	base := len(dst)
	l := listing{hit: -1}
	var pc pacer
	for m := range p.LegalMovesSeq() {
		if l.seen > 0 && c != nil && c.poll(&pc) {
			l.cut = true
			break
		}
		l.seen++
		switch {
		case hit != nil && hit(m):
			l.hit = len(dst)
			return append(dst, m), l
		case max <= 0 || l.seen <= max:
			dst = append(dst, m)
		case r == nil:
			return dst, l
		default:
			if j := r.IntN(l.seen); j < max {
				dst[base+j] = m
			}
		}
	}
	return dst, l
}

// winFlagOf returns a function that reads whether a move of type M wins at
// once for the side that makes it, when M has a method Wins() bool that
// says so (an engine that knows it when it makes the move spares the
// searches playing every move to look for a win); nil otherwise. The move
// is copied into a slot made once, so that no call allocates.
func winFlagOf[M any]() func(M) bool {
	slot := new(M)
	w, ok := any(slot).(interface{ Wins() bool })
	if !ok {
		return nil
	}
	return func(m M) bool {
		*slot = m
		return w.Wins()
	}
}

// loseFlagOf is winFlagOf for a method Loses() bool that tells a move
// gives the next player the win at once (in a game of two); nil when M
// has none.
func loseFlagOf[M any]() func(M) bool {
	slot := new(M)
	l, ok := any(slot).(interface{ Loses() bool })
	if !ok {
		return nil
	}
	return func(m M) bool {
		*slot = m
		return l.Loses()
	}
}

// samplerOf returns a function that draws a random move of a position of
// type P when P implements boardrules.Sampler[M]; nil otherwise. The
// position is copied into a slot made once: putting each position into
// an interface would allocate a copy of it every call.
func samplerOf[P boardrules.Position[P, M], M any]() func(P, *rand.Rand) (M, bool) {
	at := new(P)
	smp, ok := any(at).(boardrules.Sampler[M])
	if !ok {
		return nil
	}
	return func(p P, r *rand.Rand) (M, bool) {
		*at = p
		return smp.RandomMove(r)
	}
}
