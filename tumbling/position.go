package tumbling

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/hashkeys"
	"github.com/boardrules/boardrules/notation"
)

// This file is the hot path: board geometry, move generation, playing a move
// and the end-of-game checks.

// Position is a Tumbling Down position: the variant (rules and starting
// layout), the colour to move, the 64 stacks and, once a king has fallen,
// the stored result. It is an immutable comparable value: Play returns a new
// Position, and p == q exactly when p.Equal(q).
//
// The zero Position is no game (see the boardrules package doc, One
// vocabulary): its Outcome is {Draw, NoPlayer, "no game", RuleNoGame}, it
// has no moves and no position code, and no game reaches it; a decoded empty
// board is a game, not the zero Position.
type Position struct {
	// The board: the colours of all the men (1 for White) in one word,
	// square after square from A1 and each stack from the bottom up, and
	// the height of each square. A game has at most 58 men, so the word
	// holds them all, and the bits above the last man are 0.
	men     uint64
	heights [8]uint64 // the height of each square, a byte each, rank by rank: square i is byte i%8 of heights[i/8]
	rankMen uint64    // the men on each rank, a byte each, so that start finds a square's men in a few instructions

	// Derived from the board and rules, kept up to date by every move so
	// that move generation and the end-of-game checks need no scan of the
	// board. A stack's colour is its top man's, so own tells the colour of
	// the pure stacks and of the kings.
	hash  uint64    // Zobrist hash of board, rules, side to move and result
	own   [2]uint64 // squares whose top man is Black / White
	pure  uint64    // pure stacks of either colour
	kings uint64    // kings of either colour on this board
	kingH [2]uint8  // the kings' height per colour, 0 when it has none

	rules  Rules
	layout Layout // the layout the game started from; no rule depends on it
	toMove Color
	result result // the stored end of the game; zero while it goes on
	game   bool   // set in every position of a game; false only in the zero Position, which is no game
}

// result is a stored game end. The winner follows from the kind: the mover
// (the colour not to move) for a capture and oppNoKing, the side to move for
// ownCapture and noKing.
type result struct {
	kind resultKind
	sq   uint8
}

type resultKind uint8

const (
	noResult resultKind = iota
	capture
	ownCapture
	noKing
	oppNoKing
)

// winner is the colour that won by r in a position with toMove to move.
func (r result) winner(toMove Color) Color {
	if r.kind == capture || r.kind == oppNoKing {
		return toMove ^ 1
	}
	return toMove
}

// Geometry. Directions in square order of their neighbours: SW, S, SE, W, E,
// NW, N, NE.
var (
	dirFile = [8]int{-1, 0, 1, -1, 1, -1, 0, 1}
	dirRank = [8]int{-1, -1, -1, 0, 0, 1, 1, 1}
	dirStep = [8]int{-9, -8, -7, -1, 1, 7, 8, 9}
	dirOf   [32]int8 // by the difference of two squares' indices + 9: the direction, or -1

	squares   [64]notation.Square // index -> Square
	lineLen   [64][8]uint8        // squares from a square to the edge in a direction
	moveLists [3][64]moveBlock    // per square: man moves, tumbles, both (man moves first)
	zobrist   [64][64][2]uint64   // a key per square, level and colour of a man (levels 0-57; 64 rows so that &63 indexes safely)
	blackKeys [64][64]uint64      // per square, the keys of Black men on the levels below each level
	whiteKeys [64][64]uint64      // per square and level, the White key xor the Black one
	sideKey   uint64              // White to move
	rulesKey  [3]uint64           // rules (Pbmserv's is 0)
	resultKey [5][64]uint64       // stored result kind and square
	gameKey   uint64              // every game; the zero Position, no game, hashes to 0
	layoutKey [2]uint64           // the starting layout (the standard layout's is 0)
)

func init() {
	for i := range squares {
		squares[i] = notation.SquareAt(i%8, i/8)
	}
	for i := range 64 {
		byteUnit[i] = 1 << (8 * (i & 7))
		rankUnit[i] = 1 << (8 * (i >> 3))
	}
	for i := range dirOf {
		dirOf[i] = -1
	}
	for d, step := range dirStep {
		dirOf[step+9] = int8(d)
	}
	for i := range 64 {
		f, r := i%8, i/8
		for d := range 8 {
			n := 0
			for ff, rr := f+dirFile[d], r+dirRank[d]; ff >= 0 && ff < 8 && rr >= 0 && rr < 8; ff, rr = ff+dirFile[d], rr+dirRank[d] {
				n++
			}
			lineLen[i][d] = uint8(n)
		}
		for _, tumble := range []bool{false, true} {
			for d := range 8 {
				if lineLen[i][d] > 0 {
					m := Move{squares[i], squares[i+dirStep[d]], tumble}
					for _, list := range []moveList{manList, tumbleList, bothList} {
						if list == bothList || (list == tumbleList) == tumble {
							b := &moveLists[list][i]
							b.moves[b.n] = m
							b.n++
						}
					}
				}
			}
		}
	}
	next := hashkeys.New(0x7475_6d62_6c69_6e67).Next // seed "tumbling"
	for i := range zobrist {
		for l := range zobrist[i] {
			zobrist[i][l] = [2]uint64{next(), next()}
		}
	}
	for i := range zobrist {
		for l := range zobrist[i] {
			whiteKeys[i][l] = zobrist[i][l][Black] ^ zobrist[i][l][White]
			if l > 0 {
				blackKeys[i][l] = blackKeys[i][l-1] ^ zobrist[i][l-1][Black]
			}
		}
	}
	sideKey = next()
	rulesKey[Classic], rulesKey[Boardspace] = next(), next()
	for k := range resultKey {
		for s := range resultKey[k] {
			resultKey[k][s] = next()
		}
	}
	// Drawn after the keys above, which keep their values.
	gameKey = next()
	layoutKey[CornerLayout] = next()
	for s := range 64 {
		captureReason[s] = "king captured on " + squares[s].Upper()
		ownCaptureReason[s] = "own king captured on " + squares[s].Upper()
	}
	for c := Black; c <= White; c++ {
		noPiecesReason[c] = c.String() + " has no stack left"
	}
}

var (
	captureReason, ownCaptureReason [64]string
	noPiecesReason                  [2]string // by the colour to move, who has lost
)

// index returns the board index of sq, or false when sq is not on the 8x8 board.
func index(sq notation.Square) (int, bool) {
	f, r := sq.File(), sq.Rank()
	if uint(f) >= 8 || uint(r) >= 8 {
		return 0, false
	}
	return 8*r + f, true
}

// direction returns the direction from a square to a neighbour, or false when
// to is not a neighbour of from (indices assumed on the board).
func direction(from, to notation.Square) (int, bool) {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if df < -1 || df > 1 || dr < -1 || dr > 1 || df == 0 && dr == 0 {
		return 0, false
	}
	d := 3*(dr+1) + df + 1 // 0..8, 4 is no move
	if d > 4 {
		d--
	}
	return d, true
}

// build lays out a position from its stacks, packed as in stack.go, and
// fills the derived fields.
func build(board [64]uint64, v Variant, toMove Color, res result) Position {
	p := Position{rules: v.Rules, layout: v.Layout, toMove: toMove, result: res, game: true}
	var at uint
	for i, s := range board {
		h := uint(s & heightMask)
		p.men |= s >> 6 << at
		at += h
		p.heights[i>>3] |= uint64(h) << (8 * (i & 7))
		p.rankMen += uint64(h) << (8 * (i >> 3))
		if h == 0 {
			continue
		}
		bit := uint64(1) << i
		p.own[topColor(s)] |= bit
		if pureColor(s) != NoColor {
			p.pure |= bit
		}
	}
	p.updateKings()
	p.hash = p.hashFromScratch()
	return p
}

// bytesOnes adds up the bytes of a word: x * bytesOnes >> 56 is their sum
// when every partial sum stays below 256, as sums of men do.
const bytesOnes = 0x0101_0101_0101_0101

// lowBytes[k] is a mask of the k lowest bytes of a word; byteUnit[i] and
// rankUnit[i] are 1 in the byte of square i in its rank's word of heights
// and in rankMen.
var (
	lowBytes           = [8]uint64{0, 0xff, 0xffff, 0xff_ffff, 0xffff_ffff, 0xff_ffff_ffff, 0xffff_ffff_ffff, 0xff_ffff_ffff_ffff}
	byteUnit, rankUnit [64]uint64
)

// height is the number of men on square i.
func (p *Position) height(i uint) uint {
	return uint(p.heights[i>>3&7]>>(8*(i&7))) & 0xff
}

// start is where the men of square i begin in p.men: the number of men on
// the squares before it, those of the ranks below and those to its left.
func (p *Position) start(i uint) uint {
	r := i >> 3 & 7
	return uint((p.rankMen&lowBytes[r] + p.heights[r]&lowBytes[i&7]) * bytesOnes >> 56)
}

// colors returns the colours of the men on square i, the bottom man in bit 0.
func (p *Position) colors(i uint) uint64 {
	return p.men >> (p.start(i) & 63) & (uint64(1)<<(p.height(i)&63) - 1)
}

// stack returns the stack on square i packed as in stack.go.
func (p *Position) stack(i int) uint64 {
	return p.colors(uint(i))<<6 | uint64(p.height(uint(i)))
}

// stacks returns the board as packed stacks.
func (p *Position) stacks() [64]uint64 {
	var board [64]uint64
	m := p.men
	for i := range board {
		h := p.height(uint(i))
		board[i] = (m&(uint64(1)<<(h&63)-1))<<6 | uint64(h)
		m >>= h & 63
	}
	return board
}

// hashFromScratch computes the hash that PlayUnchecked keeps incrementally.
func (p *Position) hashFromScratch() uint64 {
	var h uint64
	for i, v := range p.stacks() {
		for l := range height(v) {
			h ^= zobrist[i][l][v>>(6+l)&1]
		}
	}
	h ^= rulesKey[p.rules%3] ^ layoutKey[p.layout&1]
	if p.game {
		h ^= gameKey
	}
	if p.toMove == White {
		h ^= sideKey
	}
	if p.result.kind != noResult {
		h ^= resultKey[p.result.kind][p.result.sq]
	}
	return h
}

// updateKings recomputes the kings of both colours from the pure stacks.
func (p *Position) updateKings() {
	k0, h0 := p.scanKings(Black)
	k1, h1 := p.scanKings(White)
	p.kings, p.kingH = k0|k1, [2]uint8{h0, h1}
}

// minKing is the least height of a king: Classic never crowns a single man.
func (p *Position) minKing() uint {
	if p.rules == Classic {
		return 2
	}
	return 1
}

// scanKings finds the kings of colour c and their height among all its
// pure stacks.
func (p *Position) scanKings(c Color) (uint64, uint8) {
	var best uint
	var km uint64
	for m := p.pure & p.own[c&1]; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		switch h := p.height(uint(i)); {
		case h > best:
			best, km = h, uint64(1)<<i
		case h == best:
			km |= uint64(1) << i
		}
	}
	if best < p.minKing() {
		return 0, 0
	}
	return km, uint8(best)
}

// moveKings brings the kings up to date after a move that changed only the
// squares in touched; old are the kings of each colour before it. A king
// that was not touched is still a pure stack of the old king height, and
// every other untouched pure stack is lower; so the new kings follow from
// the old ones and the touched squares, unless every king of a colour was
// touched and no touched square reaches the old height: then that colour's
// pure stacks are scanned. The tallest touched pure stacks that reach the
// old height are in cr: a colour none of whose kings was touched and which
// has none there keeps its kings.
func (p *Position) moveKings(touched uint64, old [2]uint64, cr *crowns) {
	low := p.minKing()
	kings := p.kings
	for c := range 2 {
		k, oldH := old[c], uint(p.kingH[c])
		best, km := cr.height[c], cr.at[c]
		if k&touched == 0 && km == 0 {
			continue
		}
		if best < low {
			best, km = 0, 0
		}
		kings &^= k
		switch rest := k &^ touched; {
		case best > oldH:
			kings |= km
			p.kingH[c] = uint8(best)
		case best == oldH && best > 0:
			kings |= km | rest
		case rest != 0 || k == 0:
			kings |= rest // the untouched kings stay; kingH too
		default:
			km, h := p.scanKings(Color(c))
			kings |= km
			p.kingH[c] = h
		}
	}
	p.kings = kings
}

// Players is 2.
func (p Position) Players() int { return 2 }

// ToMove is the player whose turn it is (Player 0 moves first), or
// boardrules.NoPlayer once the game has ended (and in the zero Position).
func (p Position) ToMove() boardrules.Player {
	if p.over() {
		return boardrules.NoPlayer
	}
	return boardrules.Player(p.toMove ^ p.rules.firstColor())
}

// Variant returns the position's rules and the layout its game started from
// (a valid Variant, so already normalised); the zero Position's is the
// standard game's, Variant{}.
func (p Position) Variant() Variant { return Variant{Rules: p.rules, Layout: p.layout} }

// Equal reports whether p and q are the same position: the same variant
// (rules and layout), board, side to move and stored result, and both games
// or both the zero Position. It is p == q: every other field follows from
// these.
func (p Position) Equal(q Position) bool { return p == q }

// ColorOf returns the colour player pl plays under the position's rules:
// Black is Player 0 under Pbmserv and Classic, White under Boardspace.
// It returns NoColor for anything but 0 and 1.
func (p Position) ColorOf(pl boardrules.Player) Color {
	if pl != 0 && pl != 1 {
		return NoColor
	}
	return p.rules.firstColor() ^ Color(pl)
}

// PlayerOf returns the player who plays colour c, or boardrules.NoPlayer.
func (p Position) PlayerOf(c Color) boardrules.Player {
	if c != Black && c != White {
		return boardrules.NoPlayer
	}
	return boardrules.Player(c ^ p.rules.firstColor())
}

// At returns the stack on sq, and false (with the zero Stack) for an empty
// square or a square off the board. The Stack carries the colour of seat 0
// under the position's rules, so that its Owner is a seat of this game.
func (p Position) At(sq notation.Square) (Stack, bool) {
	i, ok := index(sq)
	if !ok || p.height(uint(i)) == 0 {
		return Stack{}, false
	}
	return Stack{p.stack(i), p.rules.firstColor()}, true
}

// Kings returns the kings of pl's colour on the current board, that
// is the kings of the turn about to start, in square order; nil when there
// are none or pl is not 0 or 1.
func (p Position) Kings(pl boardrules.Player) []notation.Square {
	c := p.ColorOf(pl)
	if c == NoColor {
		return nil
	}
	var out []notation.Square
	for m := p.kings & p.own[c]; m != 0; m &= m - 1 {
		out = append(out, squares[bits.TrailingZeros64(m)])
	}
	return out
}

// Men returns the number of men of colour c on the board.
func (p Position) Men(c Color) int {
	if c != Black && c != White {
		return 0
	}
	white := bits.OnesCount64(p.men)
	if c == White {
		return white
	}
	return int(p.rankMen*bytesOnes>>56) - white
}

// Hash is a Zobrist hash of the board, the rules, the layout, the side to
// move, the stored result and being a game (the zero Position hashes to 0),
// kept incrementally by every move: it covers all that Equal compares.
func (p Position) Hash() uint64 { return p.hash }

// Outcome tells whether the game goes on. A stored result (a king captured,
// no king left) comes first; otherwise a side to move that owns no stack has
// lost ("Black has no stack left", RuleNoPieces). The zero Position is no
// game: {Draw, NoPlayer, "no game", boardrules.RuleNoGame}.
func (p Position) Outcome() boardrules.Outcome {
	if p.result.kind != noResult {
		w := p.result.winner(p.toMove)
		var reason string
		switch p.result.kind {
		case capture:
			reason = captureReason[p.result.sq]
		case ownCapture:
			reason = ownCaptureReason[p.result.sq]
		case noKing:
			reason = "no king left"
		case oppNoKing:
			reason = "opponent has no king"
		}
		return boardrules.Outcome{Status: boardrules.Win, Winner: p.PlayerOf(w), Reason: reason, Rule: resultRules[p.result.kind]}
	}
	if p.own[p.toMove&1] == 0 {
		if !p.game {
			return boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
		}
		return boardrules.Outcome{Status: boardrules.Win, Winner: p.PlayerOf(p.toMove ^ 1), Reason: noPiecesReason[p.toMove&1], Rule: RuleNoPieces}
	}
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}

// The identifiers of Outcome.Rule, one for each way a game ends. There is
// no RuleNoMoves: a side that owns a stack always has a legal move (a man
// move, or under Boardspace a tumble, toward any neighbour), so a side to
// move without one owns no stack, which is RuleNoPieces.
const (
	RuleKingCaptured    = "king-captured"     // the mover captured an opponent's king
	RuleOwnKingCaptured = "own-king-captured" // the mover lost one of his own kings (Classic, Boardspace)
	RuleNoKing          = "no-king"           // the mover has no king left (Classic)
	RuleOpponentNoKing  = "opponent-no-king"  // the opponent has no pure stack (Boardspace)
	RuleNoPieces        = "no-pieces"         // the side to move owns no stack
)

var resultRules = [...]string{
	capture:    RuleKingCaptured,
	ownCapture: RuleOwnKingCaptured,
	noKing:     RuleNoKing,
	oppNoKing:  RuleOpponentNoKing,
}

// over reports whether the game has ended.
func (p *Position) over() bool {
	return p.result.kind != noResult || p.own[p.toMove&1] == 0
}

// LegalMoves returns every legal move: the mover's stacks in square
// order, for each its man moves and then its tumbles, each toward the
// neighbours in square order. It is nil once the game has ended (and in
// the zero Position).
func (p Position) LegalMoves() []Move {
	if p.over() {
		return nil
	}
	return p.AppendLegalMoves(make([]Move, 0, 160))
}

// AppendLegalMoves appends LegalMoves to dst; it allocates nothing when dst
// has room for them (at most 8 man moves and 8 tumbles per owned stack),
// and returns dst unchanged once the game has ended.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.result.kind != noResult {
		return dst
	}
	tall := bothList
	if p.rules == Boardspace {
		tall = tumbleList
	}
	for m := p.own[p.toMove&1]; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		list := tall
		if p.height(uint(i)) == 1 {
			list = manList
		}
		b := &moveLists[list][i]
		if l := len(dst); cap(dst)-l >= len(b.moves) {
			// Copy the whole fixed-size block (no call to memmove), then
			// keep only its moves; the rest lies beyond len.
			dst = dst[:l+len(b.moves)]
			*(*[16]Move)(dst[l:]) = b.moves
			dst = dst[:l+int(b.n)]
		} else {
			dst = append(dst, b.moves[:b.n]...)
		}
	}
	return dst
}

// LegalMovesSeq yields the moves LegalMoves lists, in the same order,
// straight from the fixed move blocks of each owned stack: nothing is
// built, and a caller that stops early stops the walk.
func (p Position) LegalMovesSeq() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		if p.result.kind != noResult {
			return
		}
		tall := bothList
		if p.rules == Boardspace {
			tall = tumbleList
		}
		for m := p.own[p.toMove&1]; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			list := tall
			if p.height(uint(i)) == 1 {
				list = manList
			}
			b := &moveLists[list][i]
			for _, mv := range b.moves[:b.n] {
				if !yield(mv) {
					return
				}
			}
		}
	}
}

// moveBlock is the moves of one kind from one square, in a fixed-size array
// that AppendLegalMoves copies whole.
type moveBlock struct {
	moves [16]Move
	n     uint8
}

type moveList uint8

const (
	manList moveList = iota
	tumbleList
	bothList
)

// Play checks, in order, that the game goes on (boardrules.ErrGameOver),
// that m is a move at all (the zero Move is refused with exactly
// notation.NoMove()), that it goes between neighbouring squares of the
// board, that the side to move owns From, that Boardspace's tumbles-only
// rule allows it, and that it is no tumble of a one-man stack (that is the
// man move, which LegalMoves lists instead); then it returns the position
// after m. So Play accepts exactly the moves of LegalMoves, those of p and
// of any position Equal to p. Errors are *notation.MoveError values wrapping
// boardrules.ErrGameOver or boardrules.ErrIllegalMove.
func (p Position) Play(m Move) (Position, error) {
	if err := p.check(m, "", false); err != nil {
		return p, err
	}
	return p.PlayUnchecked(m), nil
}

// check applies the checks of Play; for Position.ParseMove (parsed) it skips
// the shape checks the parser made. Errors quote input, or m when input is "".
func (p *Position) check(m Move, input string, parsed bool) error {
	fail := func(sentinel error, reason string) error {
		if input == "" {
			input = m.String()
		}
		return &notation.MoveError{Move: input, Reason: reason, Err: sentinel}
	}
	if p.over() {
		if input == "" {
			input = m.String()
		}
		return notation.Ended(input, p.Outcome())
	}
	from, ok := index(m.from)
	if !parsed {
		if m == (Move{}) {
			return notation.NoMove()
		}
		_, okTo := index(m.to)
		if _, adj := direction(m.from, m.to); !ok || !okTo || !adj {
			return fail(boardrules.ErrIllegalMove, "not a move between neighbouring squares of the board")
		}
	}
	v := p.stack(from)
	switch {
	case v == 0:
		return fail(boardrules.ErrIllegalMove, m.from.Upper()+" is empty")
	case topColor(v) != p.toMove:
		return fail(boardrules.ErrIllegalMove, m.from.Upper()+" belongs to "+topColor(v).String())
	case p.rules == Boardspace && !m.tumble && height(v) > 1:
		return fail(boardrules.ErrIllegalMove, fmt.Sprintf("only tumbles (%s holds %d men)", m.from.Upper(), height(v)))
	case !parsed && m.tumble && height(v) == 1:
		// Position.ParseMove turns this tumble into the man move it equals;
		// a Move value is taken as it is, so only LegalMoves' spelling plays.
		return fail(boardrules.ErrIllegalMove, m.from.Upper()+" holds one man: its tumble is the man move "+Move{m.from, m.to, false}.String())
	}
	return nil
}

// PlayUnchecked plays m without checking it: for a move just generated by
// LegalMoves or ParseMove of this position it returns the same as Play. For
// any other move the result is unspecified, but it never panics (a tumble
// of a one-man stack plays as the man move).
func (p Position) PlayUnchecked(m Move) (q Position) {
	q = p
	q.apply(m)
	return q
}

// apply plays m on p in place: a man move lifts the top man of From and
// drops him on To; a tumble lifts the whole stack and drops it along the
// line. Then the kings and, when the move touched a king, the end of the
// game.
func (p *Position) apply(m Move) {
	from := uint(8*m.from.Rank()+m.from.File()) & 63
	h := p.height(from)
	if h == 0 {
		return // not a move of this board: PlayUnchecked must not panic
	}
	own0 := p.own[0] // before the move, to tell the colour of the kings before it
	var touched uint64
	var cr crowns
	to := uint(8*m.to.Rank()+m.to.File()) & 63
	if !m.tumble || h == 1 {
		touched = p.moveMan(from, to, h, &cr)
	} else {
		// The direction from the difference of the squares: a neighbour
		// across an edge has none, as the line is empty toward that edge.
		dir := dirOf[(to-from+9)&31]
		if dir < 0 || lineLen[from][dir] == 0 {
			return // not a tumble of this board: PlayUnchecked must not panic
		}
		touched = p.tumble(from, uint(dir), h, &cr)
	}
	p.hash ^= sideKey
	p.toMove ^= 1
	// The kings change only when the move touched one or crowned a stack;
	// under Pbmserv, only a touched king ends the game.
	kings := p.kings
	if kings&touched != 0 || cr.at[0]|cr.at[1] != 0 || p.rules != Pbmserv {
		p.afterKings(touched, [2]uint64{kings & own0, kings &^ own0}, &cr)
	}
}

// crowns collects, during a move, the touched squares that end pure and at
// least as tall as the kings of their colour (so that they may be kings
// now): by colour, the tallest height among them and the squares of that
// height.
type crowns struct {
	height [2]uint
	at     [2]uint64
}

// add notes square bit, now a pure stack of colour c and height h, as tall
// as c's kings or taller.
func (k *crowns) add(c uint64, h uint, bit uint64) {
	c &= 1
	switch {
	case h > k.height[c]:
		k.height[c], k.at[c] = h, bit
	case h == k.height[c]:
		k.at[c] |= bit
	}
}

// afterKings brings the kings up to date and then applies the end-of-game
// checks, after a move that changed the squares in touched; oldKings are
// the kings of each colour before the move, cr the stacks it crowned.
func (p *Position) afterKings(touched uint64, oldKings [2]uint64, cr *crowns) {
	oldH := p.kingH
	p.moveKings(touched, oldKings, cr)
	mover := p.toMove ^ 1
	if p.rules == Pbmserv && oldKings[mover^1]&touched == 0 {
		return
	}
	if res := p.endCheck(mover, touched, oldKings, oldH); res.kind != noResult {
		p.result = res
		p.hash ^= resultKey[res.kind][res.sq]
	}
}

// moveMan moves the top man of from, which holds h men (1 or more), onto
// to. It returns the squares it changed, and notes in cr those that may be
// kings now.
func (p *Position) moveMan(from, to, h uint, cr *crowns) uint64 {
	from &= 63
	fr := from >> 3
	s := uint((p.rankMen&lowBytes[fr] + p.heights[fr]&lowBytes[from&7]) * bytesOnes >> 56)
	at := (s + h - 1) & 63
	below := uint64(1)<<at - 1
	men := p.men
	c := men >> at & 1
	p.men = men&below | men>>1&^below
	p.heights[fr] -= byteUnit[from]
	p.rankMen -= rankUnit[from]
	p.hash ^= zobrist[from][(h-1)&63][c]
	fromBit := uint64(1) << from
	if h == 1 {
		p.own[c] &^= fromBit
		p.pure &^= fromBit
	} else if p.pure&fromBit == 0 {
		// The stack left was mixed: it may be pure now.
		p.remask(from, men>>s, h-1, cr)
	}
	p.drop(to, c, 1, cr)
	return fromBit | uint64(1)<<(to&63)
}

// remask sets the owner and the purity of square i, which holds h men
// (1 or more) whose colours are the low bits of cols, and notes it in cr
// when it is pure and as tall as the kings of its colour.
func (p *Position) remask(i uint, cols uint64, h uint, cr *crowns) {
	cols &= uint64(1)<<(h&63) - 1
	top := cols >> ((h - 1) & 63) & 1
	bit := uint64(1) << (i & 63)
	p.own[top] |= bit
	p.own[top^1] &^= bit
	if cols != -top&(uint64(1)<<(h&63)-1) {
		p.pure &^= bit
		return
	}
	p.pure |= bit
	if h >= uint(p.kingH[top]) {
		cr.add(top, h, bit)
	}
}

// tumble lifts the whole stack of from, h men (2 or more), and drops it in
// direction dir: the bottom man on the first square, and so on; the edge
// square takes what is left as one sub-stack. It returns the squares it
// changed, and notes in cr those that may be kings now.
func (p *Position) tumble(from, dir, h uint, cr *crowns) uint64 {
	from &= 63
	dir &= 7
	h &= 63
	fr := from >> 3
	s := uint((p.rankMen&lowBytes[fr]+p.heights[fr]&lowBytes[from&7])*bytesOnes>>56) & 63
	below := uint64(1)<<s - 1
	men := p.men
	cols := men >> s & (uint64(1)<<h - 1)
	p.men = men&below | men>>h&^below
	p.heights[fr] -= uint64(h) * byteUnit[from]
	p.rankMen -= uint64(h) * rankUnit[from]
	p.hash ^= stackKey(from, cols, h)
	touched := uint64(1) << from
	p.own[0] &^= touched
	p.own[1] &^= touched
	p.pure &^= touched
	step := uint(dirStep[dir])
	sq := from
	// One man on each square, bottom man first; the edge square takes all
	// the men left.
	for n := min(h, uint(lineLen[from][dir])); n > 1; n-- {
		sq = (sq + step) & 63
		p.drop(sq, cols&1, 1, cr)
		cols >>= 1
		h--
		touched |= uint64(1) << sq
	}
	sq = (sq + step) & 63
	p.drop(sq, cols, h, cr)
	return touched | uint64(1)<<sq
}

// stackKey is the part of the hash of the h men on square i whose colours
// are the low bits of cols: the keys of Black men at every level, changed
// into White keys where White men stand.
func stackKey(i uint, cols uint64, h uint) uint64 {
	i &= 63
	k := blackKeys[i][h&63]
	for w := cols; w != 0; w &= w - 1 {
		k ^= whiteKeys[i][bits.TrailingZeros64(w)]
	}
	return k
}

// drop puts n men (1 or more) on square i, their colours the low bits of
// cols, the lowest first; it updates the hash, the owner and whether the
// stack is pure, and notes the square in cr if it may be a king now.
func (p *Position) drop(i uint, cols uint64, n uint, cr *crowns) {
	i &= 63
	n &= 63
	r := i >> 3
	w := p.heights[r]
	h := uint(w>>(i<<3&63)) & 0xff
	at := (uint((p.rankMen&lowBytes[r]+w&lowBytes[i&7])*bytesOnes>>56) + h) & 63
	below := uint64(1)<<at - 1
	p.men = p.men&below | cols<<at | (p.men&^below)<<n
	p.heights[r] = w + uint64(n)*byteUnit[i]
	p.rankMen += uint64(n) * rankUnit[i]
	c := cols >> ((n - 1) & 63) & 1 // the new top man
	bit := uint64(1) << i
	// Pure when the men dropped are all of the top man's colour, on
	// nothing or on a pure stack of that colour.
	same := true
	if n == 1 {
		p.hash ^= zobrist[i][h&63][c]
	} else {
		p.hash ^= stackKey(i, cols<<h, h+n) ^ blackKeys[i][h&63]
		same = cols == -c&(uint64(1)<<n-1)
	}
	if same && (h == 0 || p.pure&p.own[c]&bit != 0) {
		p.pure |= bit
		if h+n >= uint(p.kingH[c]) {
			cr.add(c, h+n, bit)
		}
	} else {
		p.pure &^= bit
	}
	p.own[c] |= bit
	p.own[c^1] &^= bit
}

// endCheck applies the end-of-game checks of the rules (see the package
// documentation) after a move by mover that changed the
// squares in touched; oldKings and oldH are the kings before the move. The
// derived fields of p describe the board after the move. It returns the
// result to store, if any; the loss of a side that owns no stack is never
// stored (Outcome derives it from the board).
func (p *Position) endCheck(mover Color, touched uint64, oldKings [2]uint64, oldH [2]uint8) result {
	me, opp := mover, mover^1
	switch p.rules {
	case Pbmserv:
		// A king of the opponent that now holds exactly two runs, his below
		// and the mover's above. Untouched kings are still pure.
		for m := oldKings[opp] & touched; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			v := p.stack(i)
			if v != 0 && Color(v>>6&1) == opp && runCount(v) == 2 {
				return result{capture, uint8(i)}
			}
		}
	case Classic:
		if p.kingH[opp] <= oldH[opp] {
			if m := oldKings[opp] & p.own[me]; m != 0 {
				return result{capture, uint8(bits.TrailingZeros64(m))}
			}
		}
		if m := oldKings[me] & p.own[opp]; m != 0 {
			return result{ownCapture, uint8(bits.TrailingZeros64(m))}
		}
		if p.kingH[me] == 0 {
			return result{kind: noKing}
		}
	case Boardspace:
		if p.pure&p.own[opp] == 0 {
			return result{kind: oppNoKing}
		}
		notKing := (p.own[0] | p.own[1]) &^ p.kings
		if p.kingH[opp] <= oldH[opp] {
			if m := oldKings[opp] & notKing; m != 0 {
				return result{capture, uint8(bits.TrailingZeros64(m))}
			}
		}
		// No check that the mover has a pure stack left: Boardspace's
		// program never applies it (see the package documentation).
		if p.kingH[me] <= oldH[me] {
			if m := oldKings[me] & notKing; m != 0 {
				return result{ownCapture, uint8(bits.TrailingZeros64(m))}
			}
		}
	}
	return result{}
}

// SeatName names seat pl by the colour it plays under the position's rules:
// "Black" or "White" (Player 0 is Black under Pbmserv and Classic rules,
// White under Boardspace). It returns "" for a seat not in the game.
func (p Position) SeatName(pl boardrules.Player) string {
	if c := p.ColorOf(pl); c != NoColor {
		return c.String()
	}
	return ""
}
