package boardrules

import (
	"errors"
	"iter"
	"math/rand/v2"
	"strconv"
)

// Player is a seat, counted from 0. Seats take turns in order, and seat 0
// moves first in every engine's standard game; a variant may start with
// another seat (Crumble's "-white" variants start with seat 1, White, since
// a Crumble seat is a colour), as each engine's doc says.
type Player int8

// NoPlayer is the Winner of an Outcome that has no winner.
const NoPlayer Player = -1

// Status tells whether a game goes on, and if not, how it ended.
type Status int8

const (
	// Ongoing: the player to move has a legal move and no rule ended the game.
	Ongoing Status = iota
	// Win: Outcome.Winner won.
	Win
	// Draw: nobody won.
	Draw
)

// String returns "ongoing", "win" or "draw".
func (s Status) String() string {
	switch s {
	case Ongoing:
		return "ongoing"
	case Win:
		return "win"
	case Draw:
		return "draw"
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// Outcome is the state of a game: going on, won or drawn, and why.
type Outcome struct {
	Status Status // Ongoing, Win or Draw
	Winner Player // set when Status == Win, else NoPlayer
	Reason string // short English text: "king captured on E5", "no legal move", ...
	// Rule is a short stable identifier of the rule that ended the game, with
	// no spaces ("king-captured", "no-moves", "connection", ...), set whenever
	// Status is not Ongoing. Each engine exports its identifiers as constants
	// named Rule...; a program switches on Rule and shows Reason.
	Rule string
}

// Position is the contract every engine's position type satisfies. P is the
// engine's own position type (a value type) and M its move type, so generic
// code such as Perft works on every game without interfaces on the hot path.
//
// Positions are immutable values: Play and PlayUnchecked return a new
// position and never change the receiver, so one position may be shared by
// any number of goroutines.
//
// M is the engine's Move type. An Any is a Position too, whose moves are
// their canonical text (M is string), so the generic helpers (Perft,
// Divide, Playout, Replay) take engine positions and registry positions
// alike.
type Position[P any, M any] interface {
	// Players is the number of seats: 2, or 3 or 4 in multi-player Terrace.
	Players() int
	// ToMove is the seat whose turn it is, and NoPlayer exactly when
	// Outcome().Status != Ongoing.
	ToMove() Player
	// LegalMoves lists every legal move in a deterministic order, no two equal.
	// It is nil exactly when Outcome().Status != Ongoing.
	LegalMoves() []M
	// AppendLegalMoves appends the legal moves to dst; it allocates nothing
	// when dst has room, and returns dst unchanged once the game has ended.
	AppendLegalMoves(dst []M) []M
	// LegalMovesSeq yields the moves LegalMoves lists, in the same order,
	// one at a time without building the list: a caller that stops early
	// pays only for the moves it took. It yields nothing once the game has
	// ended.
	LegalMovesSeq() iter.Seq[M]
	// Play validates m and returns the position after it.
	Play(m M) (P, error)
	// PlayUnchecked plays a move just generated from this position (by
	// LegalMoves or ParseMove) without validating it.
	PlayUnchecked(m M) P
	// ParseMove reads every notation form the game accepts and checks that
	// the move is legal here.
	ParseMove(s string) (M, error)
	// Outcome tells whether the game goes on and, if not, how it ended.
	Outcome() Outcome
	// Hash is a 64-bit hash for transposition tables: equal positions have
	// equal hashes (Zobrist keys kept up to date by Play in most engines;
	// each engine's doc says how its hash is made).
	Hash() uint64
	// String is the board as text (the pbmserv format where one exists).
	String() string
}

// Sampler is implemented by positions that can draw a random legal move
// faster than listing all of them. It is optional: Playout and the bots use
// it when a position implements it, and fall back to a uniform choice from
// LegalMoves otherwise. RandomMove returns only legal moves, gives every
// legal move a positive probability (each engine documents its
// distribution), and returns false when the game is over.
type Sampler[M any] interface {
	// RandomMove draws a legal move; false when the game has ended.
	RandomMove(r *rand.Rand) (M, bool)
}

// Move is what every engine's Move type is: a small value whose String is
// its canonical notation, so that for every m in p.LegalMoves(),
// p.ParseMove(m.String()) == m.
type Move interface {
	// String is the move's canonical notation.
	String() string
}

// The sentinel errors. Every error about input (a move, a square, a
// position code, a record, a game, variant or Variant value) wraps one of
// them, so callers can tell bad input from a bad move with errors.Is. Two
// errors report a misuse rather than input and wrap none of them:
// History.Undo with no move to undo returns ErrNothingToUndo, and
// MarshalText of an engine's zero Position, which is no game, returns
// ErrNoGame.
var (
	// ErrSyntax: the text is not a move, square or position code in this
	// game's notation.
	ErrSyntax = errors.New("syntax error")
	// ErrIllegalMove: the move is well-formed but not legal in this position.
	ErrIllegalMove = errors.New("illegal move")
	// ErrGameOver: the game has already ended.
	ErrGameOver = errors.New("game over")
	// ErrNoGame is what MarshalText of an engine's zero Position returns:
	// the zero Position is no game, so it has no position code.
	ErrNoGame = errors.New("no game: the zero Position has no position code")
	// ErrNothingToUndo is the error of History.Undo at the start of the
	// game.
	ErrNothingToUndo = errors.New("nothing to undo")
)

// RuleNoGame is the Outcome.Rule of an engine's zero Position, which is no
// game: its Outcome is {Draw, NoPlayer, "no game", RuleNoGame}, in every
// engine.
const RuleNoGame = "no-game"

// String says how the game stands: "ongoing", "draw: threefold
// repetition (repetition)", "win: king captured on G2 (king-captured)". It
// does not say who won: an Outcome does not know the seats' names, and a
// seat is never shown as a number. Describe, given the position, names
// the winner ("White wins: king captured on G2").
func (o Outcome) String() string {
	if o.Status == Ongoing {
		return "ongoing"
	}
	return o.Status.String() + ": " + o.Reason + " (" + o.Rule + ")"
}

// Describe says in words how the game at p stands, naming each seat as
// p.SeatName does: "White wins: king captured on G2", "Draw: threefold
// repetition", "Black to move". Every engine's Position and every Any can
// be described; programs show results this way, never as seat numbers.
func Describe(p interface {
	ToMove() Player
	Outcome() Outcome
	SeatName(Player) string
}) string {
	o := p.Outcome()
	switch o.Status {
	case Ongoing:
		return p.SeatName(p.ToMove()) + " to move"
	case Win:
		return p.SeatName(o.Winner) + " wins: " + o.Reason
	case Draw:
		return "Draw: " + o.Reason
	}
	return o.String()
}
