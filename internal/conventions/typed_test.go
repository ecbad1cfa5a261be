package conventions_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// position is what the checks need of an engine's Position, beyond the
// contract: what every engine has.
type position[P, M, V any] interface {
	boardrules.Position[P, M]
	Equal(P) bool
	MarshalText() ([]byte, error)
	SeatName(boardrules.Player) string
	Variant() V
}

// checks are the conventions that need an engine's own types; typed binds
// them to one engine.
type checks interface {
	// movesFromAPosition: ParseMove(m.String()) == m for every listed move,
	// the moves of an Equal (decoded) position are == to the listed ones,
	// Play takes a move of an Equal position, refuses a move it cannot read
	movesFromAPosition(t *testing.T, s sample)
	// afterTheEnd: LegalMoves nil and AppendLegalMoves(dst) == dst at the end
	afterTheEnd(t *testing.T, s sample)
	// equal: Equal is the position code's equality, and implies the hash's
	equal(t *testing.T, e engine, s sample)
	// variants: the engine's Variant functions against the registry
	variants(t *testing.T, e engine, s sample)
	// textIn: ParseMove, ParseVariant and UnmarshalText refuse white space
	textIn(t *testing.T, e engine, s sample)
	// zeroValues: the zero Position is no game, the zero Move no move
	zeroValues(t *testing.T, s sample)
	// movesAsAStream: LegalMovesSeq yields LegalMoves, and stops when told
	movesAsAStream(t *testing.T, s sample)
	// boundedErrors: the engine's own entry points fed a mebibyte
	boundedErrors(t *testing.T, s sample, kind string, moves, codes, variants []string)
	// zeroWording: the zero Position refuses a move in the words of the end
	zeroWording(t *testing.T, s sample)
	// decodeReason: UnmarshalText of code fails with the reason want at offset
	decodeReason(t *testing.T, code string, offset int, want string)
	// zeroVariant: the zero Variant is the normalised standard game
	zeroVariant(t *testing.T)
	// refusedCode: UnmarshalText of code is a syntax error
	refusedCode(t *testing.T, code string)
	// types: the engine's Position and Move types
	types() (position, move reflect.Type)
}

type typed[P position[P, M, V], M interface {
	comparable
	boardrules.Move
}, PP interface {
	*P
	UnmarshalText([]byte) error
}, V interface {
	comparable
	fmt.Stringer
}] struct {
	parseVariant func(string) (V, error)
	listVariants func() []V
	standard     func() P
}

func (typed[P, M, PP, V]) types() (reflect.Type, reflect.Type) {
	return reflect.TypeFor[P](), reflect.TypeFor[M]()
}

func (typed[P, M, PP, V]) unwrap(t *testing.T, a boardrules.Any) P {
	t.Helper()
	p, ok := a.Unwrap().(P)
	if !ok {
		t.Fatalf("%s: Unwrap gives a %T", a.Game(), a.Unwrap())
	}
	return p
}

func (typed[P, M, PP, V]) decode(code []byte) (P, error) {
	var p P
	err := PP(&p).UnmarshalText(code)
	return p, err
}

func (c typed[P, M, PP, V]) movesFromAPosition(t *testing.T, s sample) {
	checked := 0
	for _, game := range s.games {
		for i, a := range game {
			if quick() && i%4 != 0 && i != len(game)-1 {
				continue
			}
			p := c.unwrap(t, a)
			code, _ := p.MarshalText()
			twin, err := c.decode(code)
			if err != nil {
				t.Fatalf("%s: %v", code, err)
			}
			moves := p.LegalMoves()
			// The moves of an Equal position, however it was reached or
			// decoded, are == to these (a move stored by hash can be
			// compared with the listed ones and replayed).
			if twinMoves := twin.LegalMoves(); !slices.Equal(twinMoves, moves) {
				t.Fatalf("%s: the position decoded from this code lists %d moves that are not == to its %d", code, len(twinMoves), len(moves))
			}
			// a position of thousands of moves (Crumble's 32x32 board)
			// has every tenth read back
			every := 1 + len(moves)/400*9
			for j, m := range moves {
				if j%every != 0 {
					continue
				}
				text := m.String()
				got, err := p.ParseMove(text)
				if err != nil || got != m {
					t.Fatalf("%s: ParseMove(%q) = %v, %v; want the listed move back (==)", code, text, got, err)
				}
				if j%7 != 0 {
					continue
				}
				checked++
				want := p.PlayUnchecked(m)
				if after, err := p.Play(m); err != nil || !after.Equal(want) {
					t.Fatalf("%s: Play(%s) = %v; want PlayUnchecked's position", code, text, err)
				}
				if after, err := twin.Play(m); err != nil || !after.Equal(want) {
					t.Fatalf("%s: the move %s of a position does not play on the Equal position its code decodes to: %v", code, text, err)
				}
			}
			// The moves of the next position, where this one cannot read
			// them, are refused by Play too.
			if i+1 >= len(game) {
				continue
			}
			for j, m := range c.unwrap(t, game[i+1]).LegalMoves() {
				if j%5 != 0 {
					continue
				}
				if _, err := p.ParseMove(m.String()); err == nil {
					continue
				}
				if _, err := p.Play(m); err == nil || !(errors.Is(err, boardrules.ErrIllegalMove) || errors.Is(err, boardrules.ErrGameOver)) {
					t.Fatalf("%s: Play(%s), a move of another position that ParseMove refuses here, = %v; want ErrIllegalMove", code, m, err)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no move was checked")
	}
}

func (c typed[P, M, PP, V]) movesAsAStream(t *testing.T, s sample) {
	for _, a := range s.positions() {
		p := c.unwrap(t, a)
		want := p.LegalMoves()
		var got []M
		for m := range p.LegalMovesSeq() {
			got = append(got, m)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: LegalMovesSeq yields %d moves, LegalMoves lists %d, or another order", a.Game(), len(got), len(want))
		}
		// A caller that stops after k moves gets the first k, and the
		// stream does not call it again (range would panic if it did).
		for _, k := range []int{0, 1, len(want) / 2} {
			if k > len(want) {
				continue
			}
			var first []M
			for m := range p.LegalMovesSeq() {
				if len(first) == k {
					break
				}
				first = append(first, m)
			}
			if !slices.Equal(first, want[:k]) {
				t.Fatalf("%s: the first %d moves of LegalMovesSeq differ from LegalMoves's", a.Game(), k)
			}
		}
		texts := slices.Collect(a.LegalMovesSeq())
		if !slices.Equal(texts, a.LegalMoves()) {
			t.Fatalf("%s: Any.LegalMovesSeq yields %d texts, Any.LegalMoves lists %d, or another order", a.Game(), len(texts), len(a.LegalMoves()))
		}
	}
}

func (c typed[P, M, PP, V]) afterTheEnd(t *testing.T, s sample) {
	ended := s.ended()
	if len(ended) == 0 {
		t.Fatal("no sampled game ended: the check would be blind")
	}
	for _, a := range ended {
		p := c.unwrap(t, a)
		if moves := p.LegalMoves(); moves != nil {
			t.Errorf("%s ended (%v): LegalMoves() = %v, want nil", a.Game(), p.Outcome(), moves)
		}
		dst := make([]M, 1, 4)
		got := p.AppendLegalMoves(dst)
		if len(got) != len(dst) || cap(got) != cap(dst) || &got[0] != &dst[0] {
			t.Errorf("%s ended: AppendLegalMoves(dst) = %d moves (cap %d), want dst unchanged", a.Game(), len(got), cap(got))
		}
	}
}

func (c typed[P, M, PP, V]) equal(t *testing.T, e engine, s sample) {
	var all []P
	var codes []string
	for _, a := range s.positions() {
		p := c.unwrap(t, a)
		b, _ := p.MarshalText()
		twin, err := c.decode(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !p.Equal(twin) || p.Hash() != twin.Hash() {
			t.Fatalf("%s: the position its code decodes to is not Equal with the same Hash", b)
		}
		all = append(all, p)
		codes = append(codes, string(b))
	}
	// Equal is the code's equality: the code holds exactly what Equal
	// compares (the variant, the board, the side to move, a stored
	// outcome). The starts of variants that share a board are among the
	// pairs. Pairs of positions of one game are compared near the
	// diagonal only, to keep the test quick.
	for i := range all {
		for j := range all {
			if j > i+3 && i >= len(s.starts) && j >= len(s.starts) {
				break
			}
			if eq := all[i].Equal(all[j]); eq != (codes[i] == codes[j]) {
				t.Fatalf("Equal(%s,\n      %s) = %v, want %v (the codes' equality)", codes[i], codes[j], eq, !eq)
			} else if eq && all[i].Hash() != all[j].Hash() {
				t.Fatalf("%s: Equal positions with different hashes", codes[i])
			}
		}
	}
	apart := [][2]string{}
	for _, a := range s.starts {
		c := code(t, a)
		apart = append(apart, [2]string{c, e.sideFlipped(c)})
	}
	if e.outcomeApart != nil {
		pairs := e.outcomeApart(codes)
		if len(pairs) == 0 {
			t.Error("no pair of positions apart by their stored outcome only: the check would be blind")
		}
		apart = append(apart, pairs...)
	}
	for _, pair := range apart {
		p, err := c.decode([]byte(pair[0]))
		if err != nil {
			t.Fatalf("%s: %v", pair[0], err)
		}
		q, err := c.decode([]byte(pair[1]))
		if err != nil {
			t.Fatalf("%s: %v", pair[1], err)
		}
		if p.Equal(q) || q.Equal(p) {
			t.Errorf("Equal(%s,\n      %s) = true; they differ in one field", pair[0], pair[1])
		}
	}
}

func (c typed[P, M, PP, V]) variants(t *testing.T, e engine, s sample) {
	g, _ := boardrules.Lookup(e.name)
	var names []string
	for _, v := range c.listVariants() {
		names = append(names, v.String())
	}
	if fmt.Sprint(names) != fmt.Sprint(g.Variants) {
		t.Errorf("the registry lists %q; Variants() are %q", g.Variants, names)
	}
	std := c.standard().Variant()
	if v := c.listVariants()[0]; v != std {
		t.Errorf("Variants()[0] = %v, Standard().Variant() = %v", v, std)
	}
	if v, err := c.parseVariant(std.String()); err != nil || v != std {
		t.Errorf("ParseVariant(Standard().Variant().String()) = %v, %v; want %v", v, err, std)
	}
	if (g.VariantSyntax != "") != (len(e.extra) > 0) {
		t.Errorf("VariantSyntax = %q; a game has one exactly when its list cannot hold every variant", g.VariantSyntax)
	}
	for _, a := range s.starts {
		p := c.unwrap(t, a)
		v := p.Variant()
		if back, err := c.parseVariant(v.String()); err != nil || back != v {
			t.Errorf("ParseVariant(%q) = %v, %v; want Variant() back", v.String(), back, err)
		}
		if a.Variant() != v.String() {
			t.Errorf("the Any is named %q, its position's Variant() %q", a.Variant(), v.String())
		}
		b, _ := a.MarshalText()
		if d, err := boardrules.Decode(b); err != nil || d.Variant() != a.Variant() {
			t.Errorf("Decode(%s) names the variant %v (%v), want %q", b, d, err, a.Variant())
		}
		q, err := c.parseVariant(a.Variant())
		if err != nil {
			t.Fatal(err)
		}
		if fresh, err := g.New(a.Variant()); err != nil || c.unwrap(t, fresh).Variant() != q {
			t.Errorf("New(%q) then Variant() is not ParseVariant's", a.Variant())
		}
	}
}

func (c typed[P, M, PP, V]) textIn(t *testing.T, e engine, s sample) {
	syntax := func(what string, err error) {
		t.Helper()
		var pe *notation.ParseError
		if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) {
			t.Errorf("%s = %v; want a *notation.ParseError wrapping ErrSyntax", what, err)
		}
	}
	for _, a := range s.starts {
		p := c.unwrap(t, a)
		m := p.LegalMoves()[0].String()
		for _, bad := range []string{" " + m, m + " ", "\t" + m, m + "\n", "\u00a0" + m} {
			_, err := p.ParseMove(bad)
			syntax(fmt.Sprintf("%s ParseMove(%q)", a.Variant(), bad), err)
		}
		if e.twice != "" {
			_, err := p.ParseMove(e.twice)
			syntax(fmt.Sprintf("ParseMove(%q), one square twice", e.twice), err)
		}
		name := p.Variant().String()
		for _, bad := range []string{" " + name, name + " ", name + "\n"} {
			_, err := c.parseVariant(bad)
			syntax(fmt.Sprintf("ParseVariant(%q)", bad), err)
		}
		b, _ := p.MarshalText()
		for _, bad := range []string{" " + string(b), string(b) + " ", string(b) + "\n", "\n" + string(b)} {
			_, err := c.decode([]byte(bad))
			syntax(fmt.Sprintf("UnmarshalText(%q)", bad), err)
			// the root package cannot make a notation.ParseError
			if _, err = boardrules.Decode([]byte(bad)); !errors.Is(err, boardrules.ErrSyntax) {
				t.Errorf("boardrules.Decode(%q) = %v, want ErrSyntax", bad, err)
			}
		}
	}
}

func (c typed[P, M, PP, V]) zeroValues(t *testing.T, s sample) {
	var zero P
	if moves := zero.LegalMoves(); moves != nil {
		t.Errorf("the zero Position's LegalMoves() = %v, want nil", moves)
	}
	dst := make([]M, 0, 2)
	if got := zero.AppendLegalMoves(dst); len(got) != 0 {
		t.Errorf("the zero Position's AppendLegalMoves(dst) appended %d moves", len(got))
	}
	if pl := zero.ToMove(); pl != boardrules.NoPlayer {
		t.Errorf("the zero Position's ToMove() = %d, want NoPlayer", pl)
	}
	want := boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
	if o := zero.Outcome(); o != want {
		t.Errorf("the zero Position's Outcome() = %+v, want %+v", o, want)
	}
	if b, err := zero.MarshalText(); b != nil || err != boardrules.ErrNoGame {
		t.Errorf("the zero Position's MarshalText() = %q, %v; want nil, ErrNoGame", b, err)
	}
	_ = zero.String()
	if v := zero.Variant(); v != c.standard().Variant() {
		t.Errorf("the zero Position's Variant() = %v, want the standard variant %v", v, c.standard().Variant())
	}
	if n, want := zero.Players(), c.standard().Players(); n != want || zero.SeatName(0) != c.standard().SeatName(0) {
		t.Errorf("the zero Position has %d seats, seat 0 named %q; want the standard game's %d, %q", n, zero.SeatName(0), want, c.standard().SeatName(0))
	}
	if !zero.Equal(*new(P)) {
		t.Error("the zero Position is not Equal to itself")
	}
	start := c.standard()
	if zero.Equal(start) || start.Equal(zero) {
		t.Error("the zero Position is Equal to the standard start")
	}
	text := start.LegalMoves()[0].String()
	if _, err := zero.ParseMove(text); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("the zero Position's ParseMove(%q) = %v, want ErrGameOver", text, err)
	}
	if _, err := zero.ParseMove("?"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("the zero Position's ParseMove(\"?\") = %v, want ErrSyntax", err)
	}
	if _, err := zero.Play(start.LegalMoves()[0]); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("the zero Position's Play(%s) = %v, want ErrGameOver", text, err)
	}
	var none M
	if got := none.String(); got != "" {
		t.Errorf("the zero Move's String() = %q, want \"\"", got)
	}
	_, err := start.Play(none)
	if err == nil || err.Error() != notation.NoMove().Error() || !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Errorf("Play(the zero Move) = %v; want %q, wrapping ErrIllegalMove", err, notation.NoMove())
	}
	if ended := s.ended(); len(ended) > 0 {
		if _, err := c.unwrap(t, ended[0]).Play(none); !errors.Is(err, boardrules.ErrGameOver) {
			t.Errorf("Play(the zero Move) after the end = %v, want ErrGameOver first", err)
		}
	}
}
