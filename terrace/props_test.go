package terrace

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The reference rules below are written straight from the rule text, on
// file/rank coordinates, without the package's tables, to check the move
// generator and Outcome against.

func refLevel(c, r, n int) int {
	a, b := c, r
	if b > a {
		a = b
	}
	x, y := n-1-c, n-1-r
	if y > x {
		x = y
	}
	if x < a {
		a = x
	}
	return a + 1
}

type refBoard struct {
	n     int
	cells [8][8]cell // [file][rank]
}

func refOf(p Position) refBoard {
	b := refBoard{n: p.Size()}
	for c := 0; c < b.n; c++ {
		for r := 0; r < b.n; r++ {
			if pc, ok := p.At(notation.SquareAt(c, r)); ok {
				b.cells[c][r] = makeCell(int(pc.Owner()), pc.Kind())
			}
		}
	}
	return b
}

// refSlideTargets walks the terrace of (c, r) from it, passing empty squares
// and the mover's own pieces, and returns the empty squares reached.
func (b refBoard) refSlideTargets(c, r, me int) [][2]int {
	lvl := refLevel(c, r, b.n)
	seen := map[[2]int]bool{{c, r}: true}
	var out [][2]int
	stack := [][2]int{{c, r}}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			y := [2]int{x[0] + d[0], x[1] + d[1]}
			if y[0] < 0 || y[1] < 0 || y[0] >= b.n || y[1] >= b.n || seen[y] || refLevel(y[0], y[1], b.n) != lvl {
				continue
			}
			seen[y] = true
			occ := b.cells[y[0]][y[1]]
			switch {
			case occ == 0:
				out = append(out, y)
				stack = append(stack, y)
			case int(occ>>ownerShift) == me:
				stack = append(stack, y)
			}
		}
	}
	return out
}

func refMoves(p Position) []string {
	if refWinner(p) >= 0 {
		return nil
	}
	b := refOf(p)
	me := int(p.mover()) // the seat to move as the position code has it
	var out []string
	name := func(c, r int) string { return notation.SquareAt(c, r).String() }
	for c := 0; c < b.n; c++ {
		for r := 0; r < b.n; r++ {
			x := b.cells[c][r]
			if x == 0 || int(x>>ownerShift) != me {
				continue
			}
			k := Kind(x & kindMask)
			prefix := k.String() + "-" + name(c, r) + "-"
			for _, y := range b.refSlideTargets(c, r, me) {
				out = append(out, prefix+name(y[0], y[1]))
			}
			for dc := -1; dc <= 1; dc++ {
				for dr := -1; dr <= 1; dr++ {
					tc, tr := c+dc, r+dr
					if (dc == 0 && dr == 0) || tc < 0 || tr < 0 || tc >= b.n || tr >= b.n {
						continue
					}
					diff := refLevel(tc, tr, b.n) - refLevel(c, r, b.n)
					diagonal := dc != 0 && dr != 0
					y := b.cells[tc][tr]
					switch {
					case diff == 1 && y == 0:
						out = append(out, prefix+name(tc, tr))
					case diff == -1 && !diagonal && y == 0:
						out = append(out, prefix+name(tc, tr))
					case diff == -1 && diagonal && y != 0 && Kind(y&kindMask).Size() <= k.Size():
						out = append(out, prefix+name(tc, tr)+":"+Kind(y&kindMask).String())
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// refWinner applies the two win checks of the rules; -1 when neither holds.
func refWinner(p Position) int {
	b := refOf(p)
	goal := map[[2]int][]string{
		{8, 2}: {"h8", "a1"}, {8, 3}: {"h8", "a1", "a1"}, {8, 4}: {"h8", "a1", "a1", "h8"},
		{6, 2}: {"f6", "a1"}, {6, 3}: {"f6", "a1", "f6"}, {6, 4}: {"f6", "a1", "f6", "a1"},
	}[[2]int{b.n, p.Players()}]
	var alive []int
	for c := 0; c < b.n; c++ {
		for r := 0; r < b.n; r++ {
			x := b.cells[c][r]
			if x != 0 && Kind(x&kindMask) == T {
				seat := int(x >> ownerShift)
				if notation.SquareAt(c, r).String() == goal[seat] {
					return seat
				}
				alive = append(alive, seat)
			}
		}
	}
	if len(alive) == 1 {
		return alive[0]
	}
	return -1
}

// genPlayed draws a variant and plays a random number of random moves.
func genPlayed(t *rapid.T) Position {
	vs := Variants()
	p, _ := New(vs[rapid.IntRange(0, len(vs)-1).Draw(t, "variant")])
	plies := rapid.IntRange(0, 120).Draw(t, "plies")
	for i := 0; i < plies; i++ {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		p = p.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
	}
	return p
}

// genArbitrary draws a random board that the position code accepts.
func genArbitrary(t *rapid.T) Position {
	n := rapid.SampledFrom([]int{6, 8}).Draw(t, "n")
	players := rapid.IntRange(2, 4).Draw(t, "players")
	var b [64]cell
	maxKind := D
	if n == 6 {
		maxKind = C
	}
	density := rapid.IntRange(0, 100).Draw(t, "density")
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if rapid.IntRange(0, 99).Draw(t, "fill") < density {
				seat := rapid.IntRange(0, players-1).Draw(t, "seat")
				k := Kind(rapid.IntRange(int(A), int(maxKind)).Draw(t, "kind"))
				b[r*8+c] = makeCell(seat, k)
			}
		}
	}
	// Every seat gets a T on a random square, except that in a 2-player
	// game one seat may have lost it.
	for seat := 0; seat < players; seat++ {
		if players == 2 && seat == 1 && rapid.IntRange(0, 9).Draw(t, "noT") == 0 {
			continue
		}
		s := rapid.IntRange(0, n*n-1).Draw(t, "tsq")
		b[(s/n)*8+s%n] = makeCell(seat, T)
	}
	p := build(&b, geoIndex(n), uint8(players), uint8(rapid.IntRange(0, players-1).Draw(t, "toMove")), Long)
	c, _ := p.MarshalText()
	var q Position
	if err := q.UnmarshalText(c); err != nil {
		t.Skip("drew a position the code rejects")
	}
	return q
}

func genPosition(t *rapid.T) Position {
	if rapid.Bool().Draw(t, "arbitrary") {
		return genArbitrary(t)
	}
	return genPlayed(t)
}

func TestPropMoveGenMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		got := moveList(p)
		want := refMoves(p)
		if diff := cmp.Diff(want, got); diff != "" {
			c, _ := p.MarshalText()
			t.Fatalf("%s: legal moves (-reference +got):\n%s", c, diff)
		}
		if len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("duplicate moves: %v", got)
		}
	})
}

func TestPropOutcome(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		o := p.Outcome()
		w := refWinner(p)
		hasMoves := len(refMoves(p)) > 0
		if (o.Status == boardrules.Ongoing) != (w < 0 && hasMoves) {
			t.Fatalf("Outcome %+v with reference winner %d and moves %v", o, w, hasMoves)
		}
		if o.Status == boardrules.Win && int(o.Winner) != w {
			t.Fatalf("winner %d, reference %d", o.Winner, w)
		}
		if o.Status != boardrules.Win && o.Winner != boardrules.NoPlayer {
			t.Fatalf("Winner %d without a win", o.Winner)
		}
		if !p.Alive(boardrules.Player(p.mover())) {
			t.Fatalf("seat %d is to move without a T", p.mover())
		}
		moves := p.LegalMoves()
		if (o.Status == boardrules.Ongoing) != (len(moves) > 0) || (o.Status == boardrules.Ongoing) != (moves != nil) {
			t.Fatalf("Outcome %v with %d moves (nil: %v)", o.Status, len(moves), moves == nil)
		}
		if (o.Status == boardrules.Ongoing) != (p.ToMove() != boardrules.NoPlayer) {
			t.Fatalf("Outcome %v with ToMove %d", o.Status, p.ToMove())
		}
		if o.Status == boardrules.Ongoing && p.ToMove() != boardrules.Player(p.mover()) {
			t.Fatalf("ToMove %d, but seat %d is to move", p.ToMove(), p.mover())
		}
		// The seat to move always has its T, so a game never ends for want
		// of pieces (the conventions' no-pieces rule).
		if o.Rule == RuleNoMoves && p.own(p.mover()) == 0 {
			t.Fatalf("no-moves draw with no piece of seat %d", p.mover())
		}
		if o.Status != boardrules.Ongoing && len(p.AppendLegalMoves(make([]Move, 3, 8))) != 3 {
			t.Fatal("AppendLegalMoves of an ended game changed dst")
		}
	})
}

func pieceCounts(p Position) [4]int {
	var n [4]int
	for _, c := range p.cells() {
		if c != 0 {
			n[c>>ownerShift]++
		}
	}
	return n
}

func TestPropPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		moves := p.LegalMoves()
		if len(moves) == 0 {
			t.Skip("game over")
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		before := p
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("Play(%v): %v", m, err)
		}
		if p != before {
			t.Fatal("Play changed the receiver")
		}
		if u := p.PlayUnchecked(m); u != q {
			t.Fatal("PlayUnchecked differs from Play")
		}
		if q.hash != q.computeHash() {
			t.Fatal("incremental hash differs from the hash from scratch")
		}
		if !q.Alive(boardrules.Player(q.mover())) {
			t.Fatalf("after %v seat %d is to move without a T", m, q.mover())
		}
		// Only from, to and an eliminated army's squares change.
		eliminated := -1
		if m.Taken().Kind() == T && p.Players() > 2 {
			eliminated = int(m.Taken().Owner())
		}
		from, to := squareIndex(m.From()), squareIndex(m.To())
		pb, qb := p.cells(), q.cells()
		for s := range pb {
			if pb[s] == qb[s] || s == from || s == to {
				continue
			}
			if eliminated >= 0 && int(pb[s]>>ownerShift) == eliminated && qb[s] == 0 {
				continue
			}
			t.Fatalf("%v changed %v", m, squares[s])
		}
		if eliminated >= 0 && q.own(uint8(eliminated)) != 0 {
			t.Fatalf("%v left pieces of eliminated seat %d", m, eliminated)
		}
		a, b := pieceCounts(p), pieceCounts(q)
		for seat := range a {
			if b[seat] > a[seat] {
				t.Fatalf("%v: seat %d has %d pieces, had %d", m, seat, b[seat], a[seat])
			}
		}
		if want := (m.Taken() != Piece{}); (b[0]+b[1]+b[2]+b[3] < a[0]+a[1]+a[2]+a[3]) != want {
			t.Fatalf("%v: piece count %v -> %v", m, a, b)
		}
	})
}

// checkMoveText checks every legal move of p against its text: ParseMove
// of its String is the move itself (==), and so is ParseMove of its two
// squares alone; its Kind and Captures are the pieces on its squares.
func checkMoveText(t interface {
	Helper()
	Fatalf(string, ...any)
}, p Position) {
	t.Helper()
	for _, m := range p.LegalMoves() {
		s := m.String()
		if got, err := p.ParseMove(s); err != nil || got != m {
			c, _ := p.MarshalText()
			t.Fatalf("%s: ParseMove(%q) = %v, %v; want %v", c, s, got, err, m)
		}
		bare := m.From().String() + "-" + m.To().String()
		if got, err := p.ParseMove(bare); err != nil || got != m {
			t.Fatalf("ParseMove(%q) = %v, %v; want %v", bare, got, err, m)
		}
		mover, _ := p.At(m.From())
		victim, _ := p.At(m.To())
		if mover.Kind() != m.Kind() || mover.Owner() != p.ToMove() || m.Taken() != victim {
			t.Fatalf("%v: Kind %v, Captures %v; the board has %v on %v and %v on %v, seat %d to move",
				m, m.Kind(), m.Taken(), mover, m.From(), victim, m.To(), p.ToMove())
		}
		if m.Taken() == (Piece{}) && (m.Taken().Owner() != boardrules.NoPlayer || m.Taken().Kind() != NoKind) {
			t.Fatalf("%v captures nothing, but Captures() = %v, %v", m, m.Taken().Owner(), m.Taken().Kind())
		}
	}
}

func TestPropNotationRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { checkMoveText(t, genPosition(t)) })
}

// TestNotationRoundTripEveryVariant plays random games of every variant,
// two, three and four players, to the end and checks every legal move of
// every position on the way.
func TestNotationRoundTripEveryVariant(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	r := rand.New(rand.NewPCG(3, 5))
	for _, v := range Variants() {
		for range games {
			p := mustNew(t, v)
			for range 400 {
				checkMoveText(t, p)
				moves := p.LegalMoves()
				if moves == nil {
					break
				}
				p = p.PlayUnchecked(moves[r.IntN(len(moves))])
			}
		}
	}
}

func TestPropCodeRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		c, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var q Position
		if err := q.UnmarshalText(c); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", c, err)
		}
		if q != p {
			t.Fatalf("%q does not round-trip", c)
		}
		c2, _ := q.MarshalText()
		if string(c2) != string(c) {
			t.Fatalf("%q re-encodes as %q", c, c2)
		}
	})
}

// hasMove answers appendMoves's question without listing the moves.
func TestPropHasMove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		if got, want := p.hasMove(), len(p.appendMoves(nil)) > 0; got != want {
			c, _ := p.MarshalText()
			t.Fatalf("%s: hasMove = %v, but appendMoves lists %d moves", c, got, len(p.appendMoves(nil)))
		}
	})
}

// The bitboards after a move are those built from scratch from the board
// they spell: PlayUnchecked leaves no stray bit behind, so positions that
// are the same stay ==. (TestPropPlay checks the hash the same way.)
func TestPropBoardsFromScratch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		for _, m := range p.LegalMoves() {
			q := p.PlayUnchecked(m)
			cells := q.cells()
			if fresh := build(&cells, q.geo(), uint8(q.players()), q.mover(), q.setup()); fresh != q {
				c, _ := p.MarshalText()
				t.Fatalf("%s: after %v the position is %+v, built from its board %+v", c, m, q, fresh)
			}
		}
	})
}

// A Position is seven fields in 56 bytes and a Move one word, as the
// package doc's Layout says: small enough for Go to pass them to and return
// them from a method in registers.
func TestLayout(t *testing.T) {
	if n, size := reflect.TypeFor[Position]().NumField(), unsafe.Sizeof(Position{}); n != 7 || size != 56 {
		t.Errorf("a Position has %d fields in %d bytes, want 7 in 56", n, size)
	}
	if size := unsafe.Sizeof(Move{}); size != 8 {
		t.Errorf("a Move has %d bytes, want 8", size)
	}
}

// Play accepts exactly the legal moves: a move drawn from another position
// is played when it is one of p's LegalMoves (equal in every field) and
// refused otherwise.
func TestPropPlayAcceptsExactlyTheLegalMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, q := genPosition(t), genPosition(t)
		legal := p.LegalMoves()
		for _, m := range append(q.LegalMoves(), legal...) {
			_, err := p.Play(m)
			if (err == nil) != slices.Contains(legal, m) {
				c, _ := p.MarshalText()
				t.Fatalf("%s: Play(%v) = %v, legal: %v", c, m, err, slices.Contains(legal, m))
			}
		}
	})
}
