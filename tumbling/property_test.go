package tumbling_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
	"pgregory.net/rapid"
)

// genPlayed draws a position reached by random legal play from a start.
func genPlayed() *rapid.Generator[tumbling.Position] {
	return rapid.Custom(func(t *rapid.T) tumbling.Position {
		vs := tumbling.Variants()
		v := vs[rapid.IntRange(0, len(vs)-1).Draw(t, "variant")]
		p, _ := tumbling.New(v)
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

// genBoard draws an arbitrary board (any stacks, at most 29 men of each
// colour), rules and side to move, through the position code.
func genBoard() *rapid.Generator[tumbling.Position] {
	return rapid.Custom(func(t *rapid.T) tumbling.Position {
		rules := []string{"pbmserv", "classic", "boardspace"}[rapid.IntRange(0, 2).Draw(t, "rules")]
		side := []string{"b", "w"}[rapid.IntRange(0, 1).Draw(t, "side")]
		var men [2]int
		var b strings.Builder
		fill := rapid.IntRange(0, 100).Draw(t, "fill")
		for r := 7; r >= 0; r-- {
			for f := range 8 {
				if f > 0 {
					b.WriteByte(',')
				}
				if rapid.IntRange(0, 99).Draw(t, "occupied") >= fill {
					continue
				}
				c := rapid.IntRange(0, 1).Draw(t, "bottom")
				runs := rapid.IntRange(1, 6).Draw(t, "runs")
				for range runs {
					n := rapid.IntRange(1, 12).Draw(t, "count")
					n = min(n, 29-men[c])
					if n == 0 {
						break
					}
					men[c] += n
					fmt.Fprintf(&b, "%c%d", "BW"[c], n)
					c ^= 1
				}
			}
			if r > 0 {
				b.WriteByte('/')
			}
		}
		code := "tumbling " + rules + " " + side + " " + b.String()
		var p tumbling.Position
		if err := p.UnmarshalText([]byte(code)); err != nil {
			t.Fatalf("generated code %q: %v", code, err)
		}
		return p
	})
}

func genPosition() *rapid.Generator[tumbling.Position] {
	return rapid.OneOf(genPlayed(), genBoard())
}

func checkPosition(t *rapid.T, p tumbling.Position) {
	// Hash kept incrementally equals the hash from scratch.
	if p.Hash() != tumbling.HashFromScratch(p) {
		t.Fatalf("Hash %x, from scratch %x", p.Hash(), tumbling.HashFromScratch(p))
	}
	// The position code round-trips to an equal position.
	code, _ := p.MarshalText()
	var q tumbling.Position
	if err := q.UnmarshalText(code); err != nil {
		t.Fatalf("UnmarshalText(MarshalText()): %v\n%s", err, code)
	}
	if q != p || q.Hash() != p.Hash() || q.Outcome() != p.Outcome() {
		t.Fatalf("code %s does not round-trip", code)
	}
	if again, _ := q.MarshalText(); string(again) != string(code) {
		t.Fatalf("MarshalText not canonical: %s / %s", code, again)
	}
	// Outcome is Ongoing exactly when there are legal moves; after the end
	// LegalMoves is nil and ToMove NoPlayer, and only then.
	moves := p.LegalMoves()
	ongoing := p.Outcome().Status == boardrules.Ongoing
	if ongoing != (len(moves) > 0) || ongoing == (moves == nil) || ongoing == (p.ToMove() == boardrules.NoPlayer) {
		t.Fatalf("outcome %+v with %d moves (nil %v), ToMove %v", p.Outcome(), len(moves), moves == nil, p.ToMove())
	}
	if !ongoing {
		dst := make([]tumbling.Move, 2, 4)
		if got := p.AppendLegalMoves(dst); len(got) != 2 || &got[0] != &dst[0] {
			t.Fatalf("ended: AppendLegalMoves changed dst: %v", got)
		}
	}
	// The zero Position is Equal to no position a game reaches.
	if p.Equal(tumbling.Position{}) || p == (tumbling.Position{}) {
		t.Fatal("a game's position is Equal to the zero Position")
	}
	// Kings are the pure stacks of maximal height of their colour.
	for pl := boardrules.Player(0); pl < 2; pl++ {
		c := p.ColorOf(pl)
		best := 0
		var want []notation.Square
		for i := range 64 {
			s := stackAt(p, notation.SquareAt(i%8, i/8))
			if !s.Pure() || s.Color() != c {
				continue
			}
			if p.Variant().Rules == tumbling.Classic && s.Height() < 2 {
				continue
			}
			switch {
			case s.Height() > best:
				best, want = s.Height(), []notation.Square{notation.SquareAt(i%8, i/8)}
			case s.Height() == best:
				want = append(want, notation.SquareAt(i%8, i/8))
			}
		}
		if got := p.Kings(pl); !slices.Equal(got, want) {
			t.Fatalf("kings of %v: %v, want %v", c, got, want)
		}
	}
}

func TestPropertyPositions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkPosition(t, genPosition().Draw(t, "p"))
	})
}

func TestPropertyMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition().Draw(t, "p")
		before := p
		mover := p.ColorOf(p.ToMove())
		black, white := p.Men(tumbling.Black), p.Men(tumbling.White)
		moves := p.LegalMoves()
		// AppendLegalMoves keeps what dst holds, with or without spare room.
		marker := tumbling.MakeMove(notation.Square{}, notation.Square{}, true)
		for _, room := range []int{0, 1, 15, 300} {
			dst := append(make([]tumbling.Move, 0, 1+len(moves)+room), marker)
			got := p.AppendLegalMoves(dst)
			if got[0] != marker || !slices.Equal(got[1:], moves) {
				t.Fatalf("AppendLegalMoves with %d spare: %v", room, got)
			}
		}
		seen := map[tumbling.Move]bool{}
		for i, m := range moves {
			if seen[m] {
				t.Fatalf("duplicate move %v", m)
			}
			seen[m] = true
			// Source squares in square order.
			if i > 0 {
				a, b := moves[i-1].From(), m.From()
				if 8*a.Rank()+a.File() > 8*b.Rank()+b.File() {
					t.Fatalf("%v listed after %v", m, moves[i-1])
				}
			}
			// Round trip through String and ParseMove.
			s := m.String()
			if pm, err := p.ParseMove(s); err != nil || pm != m {
				t.Fatalf("Position.ParseMove(%q) = %v, %v", s, pm, err)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%v): %v", m, err)
			}
			if u := p.PlayUnchecked(m); u != q {
				t.Fatalf("PlayUnchecked(%v) != Play", m)
			}
			if p != before {
				t.Fatalf("Play(%v) changed the receiver", m)
			}
			if q.Men(tumbling.Black) != black || q.Men(tumbling.White) != white {
				t.Fatalf("%v: men %d/%d -> %d/%d", m, black, white, q.Men(tumbling.Black), q.Men(tumbling.White))
			}
			if m.Tumble() && stackAt(q, m.From()).Height() != 0 {
				t.Fatalf("tumble %v left %v on its source", m, stackAt(q, m.From()))
			}
			if !m.Tumble() && stackAt(q, m.From()).Height() != stackAt(p, m.From()).Height()-1 {
				t.Fatalf("man move %v", m)
			}
			// The turn passes, or, once the game has ended, nobody is to move.
			if ongoing := q.Outcome().Status == boardrules.Ongoing; ongoing && q.ColorOf(q.ToMove()) != mover^1 || !ongoing && q.ToMove() != boardrules.NoPlayer {
				t.Fatalf("%v: %v to move after it, outcome %v", m, q.ToMove(), q.Outcome())
			}
			if q.Hash() != tumbling.HashFromScratch(q) {
				t.Fatalf("%v: incremental hash %x, from scratch %x", m, q.Hash(), tumbling.HashFromScratch(q))
			}
		}
		// Play accepts exactly the moves LegalMoves lists: moves drawn near
		// the board, between neighbours mostly, of either kind.
		for range 16 {
			f, r := rapid.IntRange(-1, 8).Draw(t, "file"), rapid.IntRange(-1, 8).Draw(t, "rank")
			df, dr := rapid.IntRange(-1, 1).Draw(t, "df"), rapid.IntRange(-1, 1).Draw(t, "dr")
			m := tumbling.MakeMove(notation.SquareAt(f, r), notation.SquareAt(f+df, r+dr), rapid.Bool().Draw(t, "tumble"))
			if _, err := p.Play(m); (err == nil) != seen[m] {
				t.Fatalf("Play(%v) = %v, but listed %v", m, err, seen[m])
			}
		}
		// A move whose From the mover does not own is rejected.
		for i := range 64 {
			s := notation.SquareAt(i%8, i/8)
			st := stackAt(p, s)
			if st.Color() == mover || len(moves) == 0 {
				continue
			}
			to := notation.SquareAt(i%8, (i/8+1)%8)
			if i/8 == 7 {
				to = notation.SquareAt(i%8, 6)
			}
			m := tumbling.MakeMove(s, to, true)
			if _, err := p.Play(m); !errors.Is(err, boardrules.ErrIllegalMove) {
				t.Fatalf("Play(%v) from a square %v does not own: %v", m, mover, err)
			}
		}
	})
}

// TestPropertyParseMoveNeverPanics feeds arbitrary short strings to
// Position.ParseMove on a board where the first square the string names (if
// it names one) holds a Black stack of two and Black is to move, so that
// nothing but the text can be refused: every result is a move that prints
// back, or a syntax error. The same strings are syntax errors on the
// standard start and in the zero Position, and the others are illegal moves
// there or, in the zero Position, game over.
func TestPropertyParseMoveNeverPanics(t *testing.T) {
	alphabet := []rune("aAbcdefghHiIzZ0123456789-tTmMx# \n")
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOfN(rapid.SampledFrom(alphabet), 0, 8, -1).Draw(t, "s")
		p := tumbling.Standard()
		if len(s) >= 2 {
			if from, err := notation.ParseSquare(s[:2]); err == nil && from.File() < 8 && from.Rank() < 8 {
				p = twoOn(from)
			}
		}
		m, err := p.ParseMove(s)
		if err != nil {
			if !errors.Is(err, boardrules.ErrSyntax) {
				t.Fatalf("ParseMove(%q): %v", s, err)
			}
		} else if again, err := p.ParseMove(m.String()); err != nil || again != m {
			t.Fatalf("ParseMove(%q) = %v does not print back", s, m)
		}
		_, serr := tumbling.Standard().ParseMove(s)
		_, zerr := tumbling.Position{}.ParseMove(s)
		switch {
		case errors.Is(serr, boardrules.ErrSyntax) != (err != nil), errors.Is(zerr, boardrules.ErrSyntax) != (err != nil):
			t.Fatalf("ParseMove(%q): %v; on the start %v, in the zero Position %v", s, err, serr, zerr)
		case err == nil && !errors.Is(zerr, boardrules.ErrGameOver):
			t.Fatalf("zero Position: ParseMove(%q) = %v, want ErrGameOver", s, zerr)
		case serr != nil && err == nil && !errors.Is(serr, boardrules.ErrIllegalMove):
			t.Fatalf("start: ParseMove(%q) = %v, want ErrIllegalMove", s, serr)
		}
	})
}
