package flooprail

import (
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// genBoard draws any board the position code accepts: at most 12 pieces a
// side, no Flooper on its own goal space, either side to move, either
// variant. Such boards give SooperFloopers loops and long Fleaps that
// games from the start rarely reach.
func genBoard() *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		density := rapid.IntRange(1, 8).Draw(t, "density")
		var pieces [2]uint32
		var kings uint32
		for _, i := range boardOrder {
			if rapid.IntRange(0, 9).Draw(t, "full") >= density {
				continue
			}
			pc := Piece(rapid.IntRange(1, 4).Draw(t, "piece"))
			owner := pc.Owner()
			bit := uint32(1) << i
			if bits.OnesCount32(pieces[owner]) == 12 {
				continue
			}
			if !pc.IsSooper() && goal[owner]&bit != 0 {
				pc += OSooperFlooper - OFlooper
			}
			pieces[owner] |= bit
			if pc.IsSooper() {
				kings |= bit
			}
		}
		turn := uint8(rapid.IntRange(0, 1).Draw(t, "turn"))
		return newPosition(pieces[O], pieces[X], kings, turn, rapid.Bool().Draw(t, "reverse"))
	})
}

// genPlayed draws a position reached by random play from the start.
func genPlayed() *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		p, _ := New(Variant{Reverse: rapid.Bool().Draw(t, "reverse")})
		plies := rapid.IntRange(0, 120).Draw(t, "plies")
		for range plies {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
		}
		return p
	})
}

func genPosition() *rapid.Generator[Position] {
	return rapid.OneOf(genBoard(), genPlayed())
}

func TestPropPlayNeverMutates(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		before := p
		text := p.String()
		for _, m := range p.LegalMoves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%s): %v", m, err)
			}
			if r := p.PlayUnchecked(m); r != q {
				t.Fatalf("PlayUnchecked(%s) != Play", m)
			}
		}
		if p != before || p.String() != text {
			t.Fatal("Play changed the receiver")
		}
	})
}

func TestPropMaterial(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		me, op := boardrules.Player(p.turn()), boardrules.Player(p.turn()^1)
		for _, m := range p.LegalMoves() {
			q := p.PlayUnchecked(m)
			if q.Count(me) != p.Count(me) {
				t.Fatalf("%s: the mover's count changed", m)
			}
			if q.Count(op) > p.Count(op) {
				t.Fatalf("%s: the opponent's count rose", m)
			}
			if q.turn() != uint8(op) || q.ToMove() != op && q.ToMove() != boardrules.NoPlayer {
				t.Fatalf("%s: the turn did not pass", m)
			}
			// The pieces that disappear are exactly the captures.
			var gone []string
			for _, s := range Spaces() {
				if p.pieceAt(s).Owner() == op && q.pieceAt(s) == Empty {
					gone = append(gone, s.Upper())
				}
				if p.pieceAt(s).Owner() == op && q.pieceAt(s) != Empty && q.pieceAt(s) != p.pieceAt(s) {
					t.Fatalf("%s: %s changed from %v to %v", m, s.Upper(), p.pieceAt(s), q.pieceAt(s))
				}
			}
			var caps []string
			for _, s := range m.Captures() {
				caps = append(caps, s.Upper())
			}
			slices.Sort(caps)
			slices.Sort(gone)
			if diff := cmp.Diff(gone, caps); diff != "" {
				t.Fatalf("%s: captures differ from the pieces removed (-removed +captures):\n%s", m, diff)
			}
			if p.Count(op)-q.Count(op) != len(m.Captures()) {
				t.Fatalf("%s: count fell by %d, %d captures", m, p.Count(op)-q.Count(op), len(m.Captures()))
			}
			// The mover ends on the last space, promoted when a Flooper
			// reaches its goal.
			path := m.Path()
			last := q.pieceAt(path[len(path)-1])
			was := p.pieceAt(path[0])
			if last.Owner() != me || (was.IsSooper() && !last.IsSooper()) {
				t.Fatalf("%s: %v became %v", m, was, last)
			}
			if !was.IsSooper() && last.IsSooper() != (goal[me]&(1<<m.to()) != 0) {
				t.Fatalf("%s: promotion wrong", m)
			}
		}
	})
}

func TestPropMovesRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		moves := p.LegalMoves()
		seen := map[Move]bool{}
		fleaps := 0
		for _, m := range moves {
			if seen[m] {
				t.Fatalf("%s listed twice", m)
			}
			seen[m] = true
			s := m.String()
			for _, in := range []string{s, strings.ToLower(s)} {
				n, err := p.ParseMove(in)
				if err != nil || n != m {
					t.Fatalf("Position.ParseMove(%q) = %v, %v; want %v", in, n, err, m)
				}
			}
			path := m.Path()
			if m.From() != path[0] || m.To() != path[len(path)-1] {
				t.Fatalf("%s: From %v, To %v", m, m.From(), m.To())
			}
			if m.IsFleap() {
				fleaps++
			}
		}
		if fleaps != 0 && fleaps != len(moves) {
			t.Fatal("Fleaps and Floops mixed: compulsion broken")
		}
	})
}

func TestPropMarshalRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		text, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var q Position
		if err := q.UnmarshalText(text); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", text, err)
		}
		if q != p {
			t.Fatalf("round trip of %q differs", text)
		}
	})
}

func TestPropHash(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		if p.Hash() != p.hashFromScratch() {
			t.Fatal("hash differs from scratch")
		}
		for _, m := range p.LegalMoves() {
			q := p.PlayUnchecked(m)
			if q.Hash() != q.hashFromScratch() {
				t.Fatalf("%s: incremental hash differs from scratch", m)
			}
		}
	})
}

// TestPropOutcome: the game ends exactly when the side to move has no
// legal move; then ToMove is NoPlayer, LegalMoves nil, and AppendLegalMoves
// gives its dst back as it was.
func TestPropOutcome(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		o := p.Outcome()
		moves := p.LegalMoves()
		n := len(moves)
		if (o.Status == boardrules.Ongoing) != (n > 0) {
			t.Fatalf("outcome %+v with %d legal moves", o, n)
		}
		if (p.ToMove() == boardrules.NoPlayer) != (o.Status != boardrules.Ongoing) {
			t.Fatalf("ToMove %v with outcome %+v", p.ToMove(), o)
		}
		if o.Status != boardrules.Ongoing {
			dst := make([]Move, 2, rapid.IntRange(2, 60).Draw(t, "cap"))
			got := p.AppendLegalMoves(dst)
			if moves != nil || len(got) != len(dst) || cap(got) != cap(dst) || &got[0] != &dst[0] {
				t.Fatalf("ended: LegalMoves %v, AppendLegalMoves changed dst", moves)
			}
		} else if p.ToMove() != boardrules.Player(p.turn()) {
			t.Fatalf("ToMove %v, turn %d", p.ToMove(), p.turn())
		}
		if o.Status == boardrules.Draw {
			t.Fatal("a draw")
		}
		if o.Status == boardrules.Win {
			want := boardrules.Player(p.turn() ^ 1)
			if p.Variant().Reverse {
				want = boardrules.Player(p.turn())
			}
			if o.Winner != want {
				t.Fatalf("winner %v, want %v", o.Winner, want)
			}
		}
	})
}

func TestPropReverseSameMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		q := p
		q.meta ^= flagReverse << 32
		if diff := cmp.Diff(moveTexts(p), moveTexts(q)); diff != "" {
			t.Fatalf("normal and reverse moves differ:\n%s", diff)
		}
	})
}

// TestPropReference compares the bitboard generator with a plain one
// written straight from the rules (pieces stay on the board until the move
// ends, leapt pieces are remembered in a set).
func TestPropReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		// Check the drawn position and a few random plies after it.
		for range 20 {
			want := referenceMoves(p)
			got := moveTexts(p)
			slices.Sort(want)
			slices.Sort(got)
			if diff := cmp.Diff(want, got); diff != "" {
				text, _ := p.MarshalText()
				t.Fatalf("%s: moves (-reference +engine):\n%s", text, diff)
			}
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
		}
	})
}

func referenceMoves(p Position) []string {
	type sp struct{ l, r int }
	board := map[sp]Piece{}
	for _, s := range Spaces() {
		board[sp{s.File() + 1, s.Rank() + 1}] = p.pieceAt(s)
	}
	me := boardrules.Player(p.turn()) // ToMove is NoPlayer once the game has ended
	name := func(s sp) string { return string(rune('A'-1+s.l)) + string(rune('0'+s.r)) }
	steps := [4]sp{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	canGo := func(pc Piece, d int) bool {
		if pc.IsSooper() {
			return true
		}
		if me == seatO {
			return d == 1 || d == 2
		}
		return d == 0 || d == 3
	}
	isGoal := func(s sp) bool {
		if me == seatO {
			return !isSpace(s.l+1, s.r) && !isSpace(s.l, s.r+1)
		}
		return !isSpace(s.l-1, s.r) && !isSpace(s.l, s.r-1)
	}
	var jumps, floops []string
	for s, pc := range board {
		if pc.Owner() != me {
			continue
		}
		var walk func(at sp, path string, leapt map[sp]bool)
		walk = func(at sp, path string, leapt map[sp]bool) {
			more := false
			for d := 0; d < 4; d++ {
				if !canGo(pc, d) {
					continue
				}
				mid := sp{at.l + steps[d].l, at.r + steps[d].r}
				land := sp{mid.l + steps[d].l, mid.r + steps[d].r}
				if !isSpace(land.l, land.r) || leapt[mid] {
					continue
				}
				if o := board[mid].Owner(); o == boardrules.NoPlayer || o == me {
					continue
				}
				if land != s && board[land] != Empty {
					continue
				}
				more = true
				l2 := map[sp]bool{mid: true}
				for k := range leapt {
					l2[k] = true
				}
				if !pc.IsSooper() && isGoal(land) {
					jumps = append(jumps, path+"-"+name(land))
					continue
				}
				walk(land, path+"-"+name(land), l2)
			}
			if !more && len(path) > 2 {
				jumps = append(jumps, path)
			}
		}
		walk(s, name(s), map[sp]bool{})
		for d := 0; d < 4; d++ {
			to := sp{s.l + steps[d].l, s.r + steps[d].r}
			if canGo(pc, d) && isSpace(to.l, to.r) && board[to] == Empty {
				floops = append(floops, name(s)+"-"+name(to))
			}
		}
	}
	if len(jumps) > 0 {
		return jumps
	}
	return floops
}

// genPath draws a well-formed move: a Floop, or up to 4 Fleap steps, that
// stays on the board.
func genPath() *rapid.Generator[Move] {
	return rapid.Custom(func(t *rapid.T) Move {
		sq := boardOrder[rapid.IntRange(0, 31).Draw(t, "from")]
		text := squareOf(sq).Upper()
		step := 1
		steps := 1
		if rapid.Bool().Draw(t, "fleap") {
			step, steps = 2, rapid.IntRange(1, 4).Draw(t, "steps")
		}
		for range steps {
			var options []uint8
			for d := 0; d < 4; d++ {
				to := neighbour[d][sq]
				if step == 2 && to >= 0 {
					to = neighbour[d][to]
				}
				if to >= 0 {
					options = append(options, uint8(to))
				}
			}
			sq = rapid.SampledFrom(options).Draw(t, "to")
			text += "-" + squareOf(sq).Upper()
		}
		m, err := parseMove(text)
		if err != nil {
			t.Fatalf("parseMove(%q): %v", text, err)
		}
		return m
	})
}

// TestPropIllegalMessages: every illegal move gets a specific reason.
func TestPropIllegalMessages(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		m := genPath().Draw(t, "m")
		_, err := p.Play(m)
		legal := slices.Contains(p.LegalMoves(), m)
		if legal != (err == nil) {
			t.Fatalf("%s: Play error %v, legal %v", m, err, legal)
		}
		if err != nil && strings.HasSuffix(err.Error(), "not a legal move") {
			text, _ := p.MarshalText()
			t.Fatalf("%s: %s: no specific reason", text, err)
		}
	})
}
