package boardrules_test

import (
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/internal/anytest"
	"github.com/google/go-cmp/cmp"
)

func TestLookupAndNew(t *testing.T) {
	g, ok := boardrules.Lookup("nim")
	if !ok {
		t.Fatal("nim is not registered")
	}
	if g.Title != "Nim" || g.Variants[0] != "10" {
		t.Errorf("GameInfo = %+v", g)
	}
	p, err := g.New("4")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"1", "2", "3"}, p.LegalMoves()); diff != "" {
		t.Errorf("LegalMoves (-want +got):\n%s", diff)
	}
	q, err := p.Play("3")
	if err != nil {
		t.Fatal(err)
	}
	if q.Game() != "nim" || q.Variant() != "4" || q.ToMove() != 1 || q.String() != "o" || q.Players() != 2 {
		t.Errorf("after Play: game %q variant %q to move %d board %q", q.Game(), q.Variant(), q.ToMove(), q.String())
	}
	if p.String() != "oooo" {
		t.Errorf("Play changed the receiver: %q", p.String())
	}
	q, _ = q.Play("1")
	if o := q.Outcome(); o.Status != boardrules.Win || o.Winner != 1 {
		t.Errorf("Outcome = %+v, want a win for seat 1", o)
	}
	if _, err := q.Play("1"); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("Play after the end: %v, want ErrGameOver", err)
	}
	if _, err := p.Play("five"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("Play(five): %v, want ErrSyntax", err)
	}
	if _, ok := boardrules.Lookup("chess"); ok {
		t.Error("Lookup(chess) found a game")
	}
}

func TestGamesSortedAndCopied(t *testing.T) {
	games := boardrules.Games()
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	if !slices.IsSorted(names) || !slices.Contains(names, "nim") {
		t.Errorf("Games() names = %v, want sorted and containing nim", names)
	}
	for _, g := range games {
		if g.Name == "nim" {
			g.Variants[0] = "changed"
		}
	}
	if g, _ := boardrules.Lookup("nim"); g.Variants[0] != "10" {
		t.Error("changing the Variants returned by Games changed the registry")
	}
}

func TestDecode(t *testing.T) {
	p, err := boardrules.Decode([]byte("nim 6 1"))
	if err != nil {
		t.Fatal(err)
	}
	code, _ := p.MarshalText()
	if string(code) != "nim 6 1" || p.Hash() != 6<<1|1 {
		t.Errorf("decoded %q hash %d", code, p.Hash())
	}
	// The first word ends at any space, a tab included: a code separated by
	// tabs names its game as well as one separated by spaces.
	if p, err := boardrules.Decode([]byte("nim\t6\t1")); err != nil || p.Game() != "nim" || p.String() != "oooooo" {
		t.Errorf("Decode(nim<tab>6<tab>1) = %v, %v; want nim with 6 stones", p, err)
	}
	for _, bad := range []string{"", " nim 6 1", "chess 1", "nim x y"} {
		if _, err := boardrules.Decode([]byte(bad)); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("Decode(%q) = %v, want ErrSyntax", bad, err)
		}
	}
	if _, err := boardrules.Decode(nil); err == nil || !strings.Contains(err.Error(), "at offset 0") {
		t.Errorf("Decode(nil) = %v, want the offset named", err)
	}
}

func TestRegisterPanicsOnDuplicateOrIncomplete(t *testing.T) {
	valid := func() boardrules.GameInfo {
		g, _ := boardrules.Lookup("nim")
		return g
	}
	noNew := valid()
	noNew.Name, noNew.New = "nim-without-new", nil
	noDecode := valid()
	noDecode.Name, noDecode.Decode = "nim-without-decode", nil
	noVariants := valid()
	noVariants.Name, noVariants.Variants = "nim-without-variants", nil
	noName := valid()
	noName.Name = ""
	for _, g := range []boardrules.GameInfo{valid(), noNew, noDecode, noVariants, noName} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q) did not panic", g.Name)
				}
			}()
			boardrules.Register(g)
		}()
	}
}

func ExampleLookup() {
	// Engines register themselves in their init; this test file registers
	// a tiny game of Nim (take 1 to 3 stones, taking the last one wins).
	g, _ := boardrules.Lookup("nim")
	p, _ := g.New("4")
	for _, move := range []string{"1", "3"} {
		p, _ = p.Play(move)
	}
	fmt.Println(g.Title+":", boardrules.Describe(p))
	// Output: Nim: Second wins: took the last stone
}

func ExamplePerft() {
	fmt.Println(boardrules.Perft(nim{pile: 4}, 2))
	// Output: 6
}

// The generic helpers take registry positions under their own names, and
// give what they give for the engine's position, on AsAny's fast path and
// through text alike.
func TestGenericHelpersTakeAny(t *testing.T) {
	g, _ := boardrules.Lookup("nim")
	p, _ := g.New("10")
	for depth := range 6 {
		want := boardrules.Perft(nim{pile: 10}, depth)
		if got := boardrules.Perft(p, depth); got != want {
			t.Errorf("Perft(Any, depth %d) = %d, want %d", depth, got, want)
		}
		if got := boardrules.Perft(anytest.Plain(p), depth); got != want {
			t.Errorf("Perft(text only, depth %d) = %d, want %d", depth, got, want)
		}
	}
	want := boardrules.Divide(nim{pile: 10}, 3)
	if diff := cmp.Diff(want, boardrules.Divide(p, 3)); diff != "" {
		t.Errorf("Divide(Any) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, boardrules.Divide(anytest.Plain(p), 3)); diff != "" {
		t.Errorf("Divide text only (-want +got):\n%s", diff)
	}
	for _, q := range []boardrules.Any{p, anytest.Plain(p)} {
		end, moves := boardrules.Playout(q, rand.New(rand.NewPCG(1, 2)), 100)
		wantEnd, wantMoves := boardrules.Playout(nim{pile: 10}, rand.New(rand.NewPCG(1, 2)), 100)
		var texts []string
		for _, m := range wantMoves {
			texts = append(texts, m.String())
		}
		if diff := cmp.Diff(texts, moves); diff != "" || end.String() != wantEnd.String() {
			t.Errorf("Playout(%T) ends at %q after (-engine +any):\n%s", q, end, diff)
		}
		replayed, err := boardrules.Replay(q, moves...)
		if err != nil || replayed.Hash() != end.Hash() || replayed.Outcome() != end.Outcome() {
			t.Errorf("Replay(%T) of the playout = %v, %v; want %v", q, replayed, err, end)
		}
	}
}

func TestAnyUnwrapGivesTheEnginePosition(t *testing.T) {
	g, _ := boardrules.Lookup("nim")
	p, _ := g.New("10")
	u, ok := p.(interface{ Unwrap() any })
	if !ok {
		t.Fatal("an Any made by AsAny has no Unwrap method")
	}
	if got, ok := u.Unwrap().(nim); !ok || got != (nim{pile: 10}) {
		t.Errorf("Unwrap() = %#v, want nim{pile: 10}", u.Unwrap())
	}
}

func TestAnySharedBetweenGoroutines(t *testing.T) {
	g, _ := boardrules.Lookup("nim")
	start, _ := g.New("10")
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			p := start
			for i := 0; p.Outcome().Status == boardrules.Ongoing; i++ {
				moves := p.LegalMoves()
				next, err := p.Play(moves[(w+i)%len(moves)])
				if err != nil {
					t.Error(err)
					return
				}
				p = next
			}
		})
	}
	wg.Wait()
	if start.String() != "oooooooooo" {
		t.Errorf("the shared start changed: %q", start.String())
	}
}

func TestNewGame(t *testing.T) {
	p, err := boardrules.NewGame("nim", "")
	if err != nil || p.Variant() != "10" {
		t.Fatalf("NewGame(nim, \"\") = %v, %v; want the standard variant 10", p, err)
	}
	if p, err := boardrules.NewGame("", ""); err != nil || p.Game() != boardrules.Games()[0].Name {
		t.Errorf("NewGame(\"\", \"\") = %v, %v; want the first registered game", p, err)
	}
	for _, c := range []struct{ game, variant, text string }{
		{"chess", "", `syntax error: no game "chess" (the games are: ` + strings.Join(gameNames(), ", ") + ")"},
		{"nim", "7", `syntax error: nim has no variant "7" (the variants are: 10, 4)`},
	} {
		_, err := boardrules.NewGame(c.game, c.variant)
		var ue *boardrules.UnknownError
		if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &ue) || err.Error() != c.text {
			t.Errorf("NewGame(%q, %q) = %v; want an *UnknownError wrapping ErrSyntax: %s", c.game, c.variant, err, c.text)
		}
	}
	g, _ := boardrules.Lookup("nim")
	if p, err := g.New(""); err != nil || p.Variant() != "10" {
		t.Errorf("GameInfo.New(\"\") = %v, %v; want the standard game 10", p, err)
	}
	_, err = g.New("7")
	var ue *boardrules.UnknownError
	if !errors.As(err, &ue) || ue.Err == nil || !strings.Contains(ue.Err.Error(), "nim: unknown variant") || strings.Contains(err.Error(), "nim: nim") {
		t.Errorf("GameInfo.New(7) = %v; want an *UnknownError keeping the engine's reason in Err and naming the game once", err)
	}
	// The engine's reason is wrapped too, so errors.Is and errors.As reach it.
	if !errors.As(err, &ue) || !errors.Is(err, ue.Err) {
		t.Errorf("GameInfo.New(7) = %v; want an error that wraps the engine's reason (UnknownError.Err)", err)
	}
	_, err = boardrules.Decode([]byte("chess 1"))
	if !errors.As(err, &ue) || err.Error() != `syntax error: no game "chess" (the games are: `+strings.Join(gameNames(), ", ")+")" {
		t.Errorf("Decode(chess 1) = %v; want the unknown-game error", err)
	}
}

var copies int

// gameNames lists the registered games' names, as Games sorts them.
func gameNames() []string {
	var names []string
	for _, g := range boardrules.Games() {
		names = append(names, g.Name)
	}
	return names
}

// TestRegistryHandsOutCopies: neither the GameInfo given to Register nor one
// returned by Lookup or Games shares its Variants with the registry.
func TestRegistryHandsOutCopies(t *testing.T) {
	g, _ := boardrules.Lookup("nim")
	mine := []string{"10", "4"}
	copies++ // a name of its own for every run of the test (-count)
	name := fmt.Sprintf("nim-copy-%d", copies)
	g.Name, g.Variants = name, mine
	boardrules.Register(g)
	mine[0] = "changed by the caller"
	got, _ := boardrules.Lookup(name)
	if got.Variants[0] != "10" {
		t.Errorf("Register kept the caller's slice: %v", got.Variants)
	}
	got.Variants[0] = "changed by a Lookup caller"
	for _, g := range boardrules.Games() {
		if g.Name == name {
			if g.Variants[0] != "10" {
				t.Errorf("Lookup handed out the registry's slice: %v", g.Variants)
			}
			g.Variants[0] = "changed by a Games caller"
		}
	}
	if again, _ := boardrules.Lookup(name); again.Variants[0] != "10" {
		t.Errorf("Games handed out the registry's slice: %v", again.Variants)
	}
}

// quietNim is nim without SeatName, which AsAny does not ask for (api.md):
// its Any names the seats by number.
type quietNim struct{ p nim }

func (q quietNim) Players() int                  { return q.p.Players() }
func (q quietNim) ToMove() boardrules.Player     { return q.p.ToMove() }
func (q quietNim) LegalMoves() []take            { return q.p.LegalMoves() }
func (q quietNim) LegalMovesSeq() iter.Seq[take] { return slices.Values(q.LegalMoves()) }

func (q quietNim) AppendLegalMoves(dst []take) []take { return q.p.AppendLegalMoves(dst) }
func (q quietNim) PlayUnchecked(t take) quietNim      { return quietNim{q.p.PlayUnchecked(t)} }
func (q quietNim) ParseMove(s string) (take, error)   { return q.p.ParseMove(s) }
func (q quietNim) Outcome() boardrules.Outcome        { return q.p.Outcome() }
func (q quietNim) Hash() uint64                       { return q.p.Hash() }
func (q quietNim) String() string                     { return q.p.String() }
func (q quietNim) MarshalText() ([]byte, error)       { return q.p.MarshalText() }
func (q quietNim) Play(t take) (quietNim, error) {
	p, err := q.p.Play(t)
	return quietNim{p}, err
}

func TestAsAnyWithoutSeatNames(t *testing.T) {
	a := boardrules.AsAny[quietNim, take]("quiet", "5", quietNim{nim{pile: 5}})
	if got := a.SeatName(1); got != "seat 1" {
		t.Errorf("SeatName(1) = %q, want \"seat 1\"", got)
	}
	b, err := a.Play("2")
	if err != nil || b.String() != "ooo" {
		t.Errorf("Play(2) = %v, %v", b, err)
	}
}

// TestDecodeRefusesWhiteSpace: Decode, like every reader of the module,
// takes the code exactly: white space before it, after it or alone is a
// syntax error, not an unknown game.
func TestDecodeRefusesWhiteSpace(t *testing.T) {
	code, _ := crumble.Standard().MarshalText()
	for _, bad := range [][]byte{append([]byte(" \t"), code...), append(code, '\n'), []byte("  nim 6 1"), []byte(" "), nil} {
		_, err := boardrules.Decode(bad)
		var unknown *boardrules.UnknownError
		if !errors.Is(err, boardrules.ErrSyntax) || errors.As(err, &unknown) {
			t.Errorf("Decode(%q) = %v, want a syntax error", bad, err)
		}
	}
}
