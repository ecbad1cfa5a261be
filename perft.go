package boardrules

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

// Perft counts the sequences of exactly depth moves from p. A move that ends
// the game is a leaf: an ended position has no legal moves, so it adds
// nothing at greater depths. Perft(p, 0) is 1.
//
// Perft reuses one move buffer per depth, so it allocates only a few slices
// however many nodes it visits. An Any made by AsAny is counted with its
// engine's own types, at the engine's speed.
func Perft[P Position[P, M], M any](p P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if a, ok := any(p).(interface{ perft(int) uint64 }); ok {
		return a.perft(depth)
	}
	bufs := make([][]M, depth)
	return perft(p, depth, bufs)
}

func perft[P Position[P, M], M any](p P, depth int, bufs [][]M) uint64 {
	moves := p.AppendLegalMoves(bufs[depth-1][:0])
	bufs[depth-1] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for i := 0; i < len(moves); i++ {
		n += perft(p.PlayUnchecked(moves[i]), depth-1, bufs)
	}
	return n
}

// Divide returns, for each legal move of p in canonical notation, the perft
// count of depth-1 after it. The counts add up to Perft(p, depth). With
// depth <= 0 it returns an empty map.
func Divide[P Position[P, M], M any](p P, depth int) map[string]uint64 {
	if a, ok := any(p).(interface{ divide(int) map[string]uint64 }); ok && depth > 0 {
		return a.divide(depth)
	}
	out := make(map[string]uint64)
	if depth <= 0 {
		return out
	}
	for _, m := range p.LegalMoves() {
		out[moveText(m)] = Perft(p.PlayUnchecked(m), depth-1)
	}
	return out
}

// moveText is the canonical text of a move: the engine Move's String, or
// the text itself for an Any's move.
func moveText[M any](m M) string {
	switch t := any(m).(type) {
	case string:
		return t
	case interface{ String() string }:
		return t.String()
	}
	return fmt.Sprint(m)
}

// Playout plays random legal moves from p until the game ends or maxPlies
// moves have been played, and returns the last position and the moves
// played. A position that implements Sampler draws its own moves (with the
// distribution its engine documents); otherwise each move is a uniform
// choice from AppendLegalMoves. An Any made by AsAny plays out with its
// engine's own types.
func Playout[P Position[P, M], M any](p P, r *rand.Rand, maxPlies int) (P, []M) {
	if a, ok := any(p).(interface {
		playout(*rand.Rand, int) (Any, []string)
	}); ok {
		end, moves := a.playout(r, maxPlies)
		if e, ok := end.(P); ok {
			if ms, ok := any(moves).([]M); ok {
				return e, ms
			}
		}
	}
	var played []M
	var buf []M
	// The sampler is reached through a pointer to a P that each ply
	// overwrites: putting each position into an interface would allocate
	// a copy of it every ply.
	at := new(P)
	sampler, _ := any(at).(Sampler[M])
	for len(played) < maxPlies {
		var m M
		if sampler != nil {
			var ok bool
			*at = p
			if m, ok = sampler.RandomMove(r); !ok {
				break
			}
		} else {
			buf = p.AppendLegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m = buf[r.IntN(len(buf))]
		}
		played = append(played, m)
		p = p.PlayUnchecked(m)
	}
	return p, played
}

// Replay parses and plays the moves in turn from start. On failure it returns
// the last position reached and an error that names the ply (counted from 1)
// and the move, and wraps the engine's error.
func Replay[P Position[P, M], M any](start P, moves ...string) (P, error) {
	p := start
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err == nil {
			var next P
			next, err = p.Play(m)
			if err == nil {
				p = next
				continue
			}
		}
		return p, &ReplayError{Ply: i + 1, Move: s, Err: err}
	}
	return p, nil
}

// ReplayError is the error of Replay and ParseRecord: which ply failed, on
// which move text, and why.
type ReplayError struct {
	Ply  int    // counted from 1
	Move string // the text as given
	Err  error  // the engine's error, wrapping a sentinel
}

// Error names the ply, then gives the engine's error, which quotes the
// move as given (a syntax error on its caret line): "ply 3: B3-B4: B3 is
// empty".
func (e *ReplayError) Error() string {
	return "ply " + strconv.Itoa(e.Ply) + ": " + e.Err.Error()
}

// Unwrap returns the engine's error, so errors.Is sees its sentinel.
func (e *ReplayError) Unwrap() error { return e.Err }
