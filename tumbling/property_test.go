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
	// Outcome is Ongoing exactly when there are legal moves.
	moves := p.LegalMoves()
	if (p.Outcome().Status == boardrules.Ongoing) != (len(moves) > 0) {
		t.Fatalf("outcome %+v with %d moves", p.Outcome(), len(moves))
	}
	// Kings are the pure stacks of maximal height of their colour.
	for pl := boardrules.Player(0); pl < 2; pl++ {
		c := p.ColorOf(pl)
		best := 0
		var want []notation.Square
		for i := range 64 {
			s := stackAt(p, notation.SquareAt(i%8, i/8))
			if !s.Pure() || s.Owner() != c {
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
		marker := tumbling.Move{Tumble: true}
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
				a, b := moves[i-1].From, m.From
				if 8*a.Rank()+a.File() > 8*b.Rank()+b.File() {
					t.Fatalf("%v listed after %v", m, moves[i-1])
				}
			}
			// Round trip through String and both ParseMoves.
			s := m.String()
			if pm, err := tumbling.ParseMove(s); err != nil || pm != m {
				t.Fatalf("ParseMove(%q) = %v, %v", s, pm, err)
			}
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
			if m.Tumble && stackAt(q, m.From).Height() != 0 {
				t.Fatalf("tumble %v left %v on its source", m, stackAt(q, m.From))
			}
			if !m.Tumble && stackAt(q, m.From).Height() != stackAt(p, m.From).Height()-1 {
				t.Fatalf("man move %v", m)
			}
			if q.ColorOf(q.ToMove()) != mover^1 {
				t.Fatalf("%v: the turn did not pass", m)
			}
			if q.Hash() != tumbling.HashFromScratch(q) {
				t.Fatalf("%v: incremental hash %x, from scratch %x", m, q.Hash(), tumbling.HashFromScratch(q))
			}
		}
		// A move whose From the mover does not own is rejected.
		for i := range 64 {
			s := notation.SquareAt(i%8, i/8)
			st := stackAt(p, s)
			if st.Owner() == mover || len(moves) == 0 {
				continue
			}
			m := tumbling.Move{From: s, To: notation.SquareAt(i%8, (i/8+1)%8), Tumble: true}
			if i/8 == 7 {
				m.To = notation.SquareAt(i%8, 6)
			}
			if _, err := p.Play(m); !errors.Is(err, boardrules.ErrIllegalMove) {
				t.Fatalf("Play(%v) from a square %v does not own: %v", m, mover, err)
			}
		}
	})
}

// TestPropertyParseMoveNeverPanics feeds arbitrary short strings to both
// parsers: every result is a move that prints back or an error wrapping a
// sentinel.
func TestPropertyParseMoveNeverPanics(t *testing.T) {
	alphabet := []rune("aAbcdefghHiIzZ0123456789-tTmMx# \n")
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOfN(rapid.SampledFrom(alphabet), 0, 8, -1).Draw(t, "s")
		m, err := tumbling.ParseMove(s)
		if err != nil {
			if !errors.Is(err, boardrules.ErrSyntax) {
				t.Fatalf("ParseMove(%q): %v", s, err)
			}
		} else if again, err := tumbling.ParseMove(m.String()); err != nil || again != m {
			t.Fatalf("ParseMove(%q) = %v does not print back", s, m)
		}
		p := tumbling.Standard()
		if _, err := p.ParseMove(s); err != nil && !errors.Is(err, boardrules.ErrSyntax) && !errors.Is(err, boardrules.ErrIllegalMove) {
			t.Fatalf("Position.ParseMove(%q): %v", s, err)
		}
	})
}
