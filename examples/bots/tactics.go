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
	// clk, when set, bounds the scans: a scan cut by it says so, and
	// proves only what it saw. Without it the scans are exact.
	clk    *clock
	stream bool         // take the moves from LegalMovesSeq (streamsMoves)
	wins   func(M) bool // the moves' own flag of a win at once (winFlagOf); nil: play them
	loses  func(M) bool // and of a loss at once (loseFlagOf), in a game of two; nil: none
	pc     pacer
}

// newTactics returns the tactics of engine type P, unbounded.
func newTactics[P boardrules.Position[P, M], M any]() tactics[P, M] {
	return tactics[P, M]{stream: streamsMoves[P](), wins: winFlagOf[M](), loses: loseFlagOf[M]()}
}

// winsNow reports whether m, a move of p, wins at once for me, the side
// to move in p.
func (t *tactics[P, M]) winsNow(p P, m M, me boardrules.Player) bool {
	if t.wins != nil {
		return t.wins(m)
	}
	over, w := ended(p.PlayUnchecked(m))
	return over && w == me
}

// hasWin reports whether the side to move in q has a move that wins at
// once, that is whether the move that led to q lets the next player win;
// known false when the clock cut the scan before it found one.
func (t *tactics[P, M]) hasWin(q P) (win, known bool) {
	n, complete := t.threats(q, 0)
	return n > 0, n > 0 || complete
}

// threats counts the moves of the side to move in q that win at once,
// stopping once the count passes limit (a negative limit: never), since
// fewestThreats needs no more than that: on a crowded Crumble board, where
// a move has a thousand replies, counting them all for every move took
// minutes. complete is false when the clock cut the count short; n is
// then the count so far.
func (t *tactics[P, M]) threats(q P, limit int) (n int, complete bool) {
	me := q.ToMove()
	if me == boardrules.NoPlayer {
		return 0, true
	}
	if t.clk != nil && t.clk.expired() {
		return 0, false // not even the listing
	}
	if t.stream {
		return t.threatsStreamed(q, me, limit)
	}
	t.buf = q.AppendLegalMoves(t.buf[:0])
	for k, m := range t.buf {
		if k > 0 && t.clk != nil && t.clk.poll(&t.pc) {
			return n, false
		}
		if t.winsNow(q, m, me) {
			if n++; limit >= 0 && n > limit {
				break
			}
		}
	}
	return n, true
}

// threatsStreamed is threats from LegalMovesSeq, which stops listing at
// the count's end: apart, since the loop's variables escape with its
// closure (see appendStream).
func (t *tactics[P, M]) threatsStreamed(q P, me boardrules.Player, limit int) (n int, complete bool) {
	k := 0
	for m := range q.LegalMovesSeq() {
		if k++; k > 1 && t.clk != nil && t.clk.poll(&t.pc) {
			return n, false
		}
		if t.winsNow(q, m, me) {
			if n++; limit >= 0 && n > limit {
				break
			}
		}
	}
	return n, true
}

// fewestThreats returns the move of moves (all of p, none ending the game)
// that leaves the opponent the fewest winning replies, the first of equals
// unless better says otherwise (better(i, j): the i-th move is preferred
// to the j-th among equals; nil for none). When the clock runs out it
// returns the best of the moves counted by then, the first move when none
// was.
func (t *tactics[P, M]) fewestThreats(p P, moves []M, better func(i, j int) bool) M {
	best, bestN := 0, -1
	for i, m := range moves {
		// A move is counted only as far as it could still be chosen: up
		// to the best count, or one below it when equals keep the first.
		limit := bestN
		if bestN > 0 && better == nil {
			limit = bestN - 1
		}
		n, complete := t.threats(p.PlayUnchecked(m), limit)
		if !complete {
			break
		}
		if bestN < 0 || n < bestN || n == bestN && better != nil && better(i, best) {
			best, bestN = i, n
		}
	}
	return moves[best]
}

// Blunder reports whether m, a move of p, lets the next player win at once
// (a move of theirs that wins) while another move of p would not: the
// mistake the bots' tactics rule out. A move that ends the game is no
// blunder, and a move that wins, draws or goes on safely counts as
// another move that would not. Blunder has no time limit: on a crowded
// Crumble board it takes as long as listing and trying the replies of
// every move takes.
func Blunder[P boardrules.Position[P, M], M any](p P, m M) bool {
	t := newTactics[P, M]()
	if win, _ := t.hasWin(p.PlayUnchecked(m)); !win {
		return false
	}
	for _, o := range p.LegalMoves() {
		q := p.PlayUnchecked(o)
		if over, w := ended(q); over {
			if w == p.ToMove() || w == boardrules.NoPlayer {
				return true // o wins or draws
			}
			continue
		}
		if win, _ := t.hasWin(q); !win {
			return true // o goes on, and no reply wins at once
		}
	}
	return false
}
