package bots

import (
	"github.com/boardrules/boardrules"
)

// ended reports whether q's game is over and, if so, who won (NoPlayer for
// a draw). ToMove is NoPlayer exactly when the game has ended, and it is
// cheap in every engine, so Outcome is asked only of ended positions.
func ended[P boardrules.Position[P, M], M any](q P) (over bool, winner boardrules.Player) {
	if q.ToMove() != boardrules.NoPlayer {
		return false, boardrules.NoPlayer
	}
	if o := q.Outcome(); o.Status == boardrules.Win {
		return true, o.Winner
	}
	return true, boardrules.NoPlayer
}

// tactics looks one and two plies ahead for wins at once: the scans the
// bots share. Its buffer is reused from call to call.
type tactics[P boardrules.Position[P, M], M any] struct {
	buf []M
}

// hasWin reports whether the side to move in q has a move that wins at
// once: whether the move that led to q lets the opponent win. It reads no
// deadline: the answer must be exact.
func (t *tactics[P, M]) hasWin(q P) bool { return t.threats(q, 0) > 0 }

// threats counts the moves of the side to move in q that win at once,
// stopping once the count passes limit (a negative limit: never), since
// fewestThreats needs no more than that: on a crowded Crumble board, where
// a move has a thousand replies, counting them all for every move took
// minutes.
func (t *tactics[P, M]) threats(q P, limit int) int {
	me := q.ToMove()
	if me == boardrules.NoPlayer {
		return 0
	}
	t.buf = q.AppendLegalMoves(t.buf[:0])
	n := 0
	for _, m := range t.buf {
		if over, w := ended(q.PlayUnchecked(m)); over && w == me {
			if n++; limit >= 0 && n > limit {
				break
			}
		}
	}
	return n
}

// fewestThreats returns the move of moves (all of p, none ending the game)
// that leaves the opponent the fewest winning replies, the first of equals
// unless better says otherwise (better(i, j): the i-th move is preferred
// to the j-th among equals; nil for none).
func (t *tactics[P, M]) fewestThreats(p P, moves []M, better func(i, j int) bool) M {
	best, bestN := 0, -1
	for i, m := range moves {
		// A move is counted only as far as it could still be chosen: up
		// to the best count, or one below it when equals keep the first.
		limit := bestN
		if bestN > 0 && better == nil {
			limit = bestN - 1
		}
		n := t.threats(p.PlayUnchecked(m), limit)
		if bestN < 0 || n < bestN || n == bestN && better != nil && better(i, best) {
			best, bestN = i, n
		}
	}
	return moves[best]
}

// Blunder reports whether m, a move of p, lets the next player win at once
// (a move of theirs that wins) while another move of p would not: the
// mistake the bots' tactics rule out. A move that ends the game is no
// blunder.
func Blunder[P boardrules.Position[P, M], M any](p P, m M) bool {
	var t tactics[P, M]
	if !t.hasWin(p.PlayUnchecked(m)) {
		return false
	}
	for _, o := range p.LegalMoves() {
		if q := p.PlayUnchecked(o); !t.hasWin(q) {
			if over, w := ended(q); !over || w == p.ToMove() || w == boardrules.NoPlayer {
				return true // o is safe: it goes on, wins or draws
			}
		}
	}
	return false
}
