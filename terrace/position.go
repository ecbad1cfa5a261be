package terrace

// A Position, its accessors and how a game ends.

import (
	"math/bits"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// Position is a Terrace position: the board, the number of players, the
// seat to move and the setup the game started from. It is an immutable
// value, comparable with ==, and == is Equal; one position may be shared
// between goroutines. The zero Position is no game (see the package doc).
//
// The board is five bitboards (bit rank*8 + file) and the rest is one
// byte: 56 bytes in seven fields, which Go passes to and returns from a
// method in registers (see the package doc, Layout). Bits are set on
// occupied squares only, so equal positions have equal fields.
type Position struct {
	kind0, kind1, kind2 uint64 // the Kind on each square in binary (T 1, A 2, B 3, C 4, D 5), 0 when empty
	seat1, seat2        uint64 // the owner's seat in binary: bit 0 (seats 1 and 3) and bit 1 (seats 2 and 3)
	hash                uint64
	state               uint8 // the seat to move | players<<2 | geo<<5 | setup<<6
}

// The fields of Position.state.
const (
	playersShift = 2
	geoShift     = 5
	setupShift   = 6
)

func makeState(toMove, players, geo uint8, setup Setup) uint8 {
	return toMove&3 | (players&7)<<playersShift | (geo&1)<<geoShift | uint8(setup&3)<<setupShift
}

// mover is the seat to move as the position holds it, finished games
// included.
func (p *Position) mover() uint8        { return p.state & 3 }
func (p *Position) players() int        { return int(p.state >> playersShift & 7) }
func (p *Position) geo() uint8          { return p.state >> geoShift & 1 }
func (p *Position) setup() Setup        { return Setup(p.state >> setupShift) }
func (p *Position) geometry() *geometry { return &geometries[p.geo()] }

// all is the set of occupied squares.
func (p *Position) all() uint64 { return p.kind0 | p.kind1 | p.kind2 }

// tees is the set of T's, kind 1.
func (p *Position) tees() uint64 { return p.kind0 &^ (p.kind1 | p.kind2) }

// own is the set of seat's pieces.
func (p *Position) own(seat uint8) uint64 {
	return p.all() &^ (p.seat1 ^ -uint64(seat&1)) &^ (p.seat2 ^ -uint64(seat>>1&1))
}

// kindAt is the Kind on square s, NoKind when it is empty.
func (p *Position) kindAt(s int) uint64 {
	return p.kind0>>s&1 | p.kind1>>s&1<<1 | p.kind2>>s&1<<2
}

// seatAt is the seat of the piece on square s, 0 when it is empty.
func (p *Position) seatAt(s int) int {
	s &= 63
	return int(p.seat1>>s&1 | p.seat2>>s&1<<1)
}

// cellAt returns the cell of square s, 0 when it is empty.
func (p *Position) cellAt(s int) cell {
	s &= 63
	return cell(p.kindAt(s)) | cell(p.seatAt(s))<<ownerShift
}

// cells spells the board out square by square.
func (p *Position) cells() (b [64]cell) {
	for s := range b {
		b[s] = p.cellAt(s)
	}
	return b
}

// build returns the position of these cells and fields; the bitboards and
// the hash follow from the cells.
func build(cells *[64]cell, geo, players, toMove uint8, setup Setup) Position {
	p := Position{state: makeState(toMove, players, geo, setup)}
	for s, c := range cells {
		if c&kindMask == 0 {
			continue
		}
		bit := uint64(1) << s
		o, k := c>>ownerShift, c&kindMask
		p.kind0 |= bit & -uint64(k&1)
		p.kind1 |= bit & -uint64(k>>1&1)
		p.kind2 |= bit & -uint64(k>>2)
		p.seat1 |= bit & -uint64(o&1)
		p.seat2 |= bit & -uint64(o>>1&1)
	}
	p.hash = p.computeHash()
	return p
}

// Players is 2, 3 or 4. The zero Position, which is no game, has the
// standard variant's 2, as its Variant says.
func (p Position) Players() int { return max(p.players(), 2) }

// ToMove is the seat whose turn it is, which has a T on the board; NoPlayer
// once the game is over (Outcome().Status != Ongoing) and for the zero
// Position.
func (p Position) ToMove() boardrules.Player {
	if p.over() {
		return boardrules.NoPlayer
	}
	return boardrules.Player(p.mover())
}

// over reports whether the game is over: no game (the zero Position), a win
// or a player to move without a move. It is Outcome().Status != Ongoing,
// without building the Outcome.
func (p *Position) over() bool {
	if p.players() == 0 {
		return true
	}
	if w, _ := p.decided(); w >= 0 {
		return true
	}
	return !p.hasMove()
}

// Size is the board size, 8 or 6.
func (p Position) Size() int { return p.geometry().n }

// Variant is the variant the game was started as, normalised (a field at
// its default 0): the Board, the Players and the Setup of its first
// position. The standard game's, and the zero Position's, is Variant{}.
func (p Position) Variant() Variant {
	return Variant{Board: p.geometry().n, Setup: p.setup(), Players: p.Players()}.normal()
}

// Equal reports whether p and q are the same position: the same variant
// (board size, players and setup), board and seat to move, the one kept
// after the end as well. It is p == q. Terrace has no repetition rule and
// no stored outcome: the Outcome follows from these.
func (p Position) Equal(q Position) bool { return p == q }

// At returns the piece on sq; false for an empty square or one off this board.
func (p Position) At(sq notation.Square) (Piece, bool) {
	if !onBoard(sq, p.geometry().n) {
		return Piece{}, false
	}
	c := p.cellAt(squareIndex(sq))
	if c == 0 {
		return Piece{}, false
	}
	return Piece{c}, true
}

// Level returns the level of sq, 1 to the board size; 0 off this board.
func (p Position) Level(sq notation.Square) int {
	if !onBoard(sq, p.geometry().n) {
		return 0
	}
	return int(p.geometry().level[squareIndex(sq)])
}

// Goal returns the square seat pl's T must reach; the zero Square when pl is
// not a seat of this game.
func (p Position) Goal(pl boardrules.Player) notation.Square {
	if pl < 0 || int(pl) >= p.players() {
		return notation.Square{}
	}
	return squares[goalIndex(p.geo(), p.players(), int(pl))]
}

// Alive reports whether pl is a seat of this game whose T is on the board.
func (p Position) Alive(pl boardrules.Player) bool {
	return pl >= 0 && int(pl) < p.players() && p.tees()&p.own(uint8(pl)) != 0
}

// decided returns the winner when a win rule holds (a T on its goal, or
// the last T left), with the reason; -1 otherwise. Every T on the board is
// its seat's only one, so the T's tell the seats still in the game.
func (p *Position) decided() (int, string) {
	ts := p.tees()
	players := p.players()
	// A T on a Low corner wins when the corner is its seat's goal. Two such
	// T's are never on the board; the rules would check the lower seat
	// first.
	winner := -1
	for c := ts & goalCorners[p.geo()]; c != 0; c &= c - 1 {
		sq := bits.TrailingZeros64(c)
		seat := p.seatAt(sq)
		if int(goalIndex(p.geo(), players, seat)) == sq && (winner < 0 || seat < winner) {
			winner = seat
		}
	}
	if winner >= 0 {
		return winner, reasonGoal
	}
	if ts == 0 || ts&(ts-1) != 0 {
		return -1, ""
	}
	last := p.seatAt(bits.TrailingZeros64(ts))
	if players == 2 {
		return last, reasonCaptured
	}
	return last, reasonLastPlayer
}

// The Reason texts of Outcome.
const (
	reasonGoal       = "T reached goal"
	reasonCaptured   = "T captured"
	reasonLastPlayer = "last player left"
	reasonNoMove     = "no legal move"
)

// The identifiers of Outcome.Rule, one for each way a game ends.
const (
	RuleGoal       = "goal"        // a T reached its goal corner
	RuleTCaptured  = "t-captured"  // the other T of a two-player game was captured
	RuleLastPlayer = "last-player" // every other T of a three- or four-player game was captured
	RuleNoMoves    = "no-moves"    // the player to move had no legal move: a draw
)

var ruleOf = map[string]string{
	reasonGoal:       RuleGoal,
	reasonCaptured:   RuleTCaptured,
	reasonLastPlayer: RuleLastPlayer,
}

// noGame is the Outcome of the zero Position.
var noGame = boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}

// Outcome applies the checks of the rules in order: a T on its goal wins,
// then a last remaining T wins, then a player to move without a move draws
// the game for everyone. The zero Position is no game: a Draw with Reason
// "no game" and Rule boardrules.RuleNoGame.
func (p Position) Outcome() boardrules.Outcome {
	if p.players() == 0 {
		return noGame
	}
	if w, why := p.decided(); w >= 0 {
		return boardrules.Outcome{Status: boardrules.Win, Winner: boardrules.Player(w), Reason: why, Rule: ruleOf[why]}
	}
	if !p.hasMove() {
		return boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: reasonNoMove, Rule: RuleNoMoves}
	}
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}

// seatNames are the armies in seat order, capitalised as a name.
var seatNames = [4]string{"Lowercase", "Uppercase", "Lowercase primed", "Uppercase primed"}

// SeatName names seat pl by its army: "Lowercase" (seat 0, who moves first),
// "Uppercase", "Lowercase primed", "Uppercase primed". It returns "" for a
// seat not in the game (NoPlayer included).
func (p Position) SeatName(pl boardrules.Player) string {
	if pl < 0 || int(pl) >= p.Players() {
		return ""
	}
	return seatNames[pl]
}
