package main

import (
	"fmt"
	"iter"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

// pebbles is a test-only game, registered so that the server meets an
// engine it has no word of its own for, and one that draws no picture:
// take 1 to 3 pebbles from a heap, and whoever takes the last one wins. It
// implements Any directly (no AsAny, so no Unwrap).
type pebbles struct {
	variant string
	left    int
	toMove  boardrules.Player
}

func init() {
	boardrules.Register(boardrules.GameInfo{
		Name: "pebbles", Title: "Pebbles", Variants: []string{"10", "21"},
		New: func(v string) (boardrules.Any, error) {
			n, err := strconv.Atoi(v)
			if err != nil || (n != 10 && n != 21) {
				return nil, fmt.Errorf("%w: pebbles: no variant %q", boardrules.ErrSyntax, v)
			}
			return pebbles{v, n, 0}, nil
		},
		Decode: func(code []byte) (boardrules.Any, error) {
			var p pebbles
			if _, err := fmt.Sscanf(string(code), "pebbles %s %d %d", &p.variant, &p.left, &p.toMove); err != nil || p.left < 0 || p.toMove&^1 != 0 {
				return nil, fmt.Errorf("%w: pebbles: bad code %q", boardrules.ErrSyntax, code)
			}
			return p, nil
		},
	})
}

func (p pebbles) Game() string                         { return "pebbles" }
func (p pebbles) Variant() string                      { return p.variant }
func (p pebbles) Players() int                         { return 2 }
func (p pebbles) ToMove() boardrules.Player            { return p.toMove }
func (p pebbles) Hash() uint64                         { return uint64(p.left)<<1 | uint64(p.toMove) }
func (p pebbles) SeatName(pl boardrules.Player) string { return [...]string{"First", "Second"}[pl] }
func (p pebbles) Unwrap() any                          { return p }
func (p pebbles) String() string {
	p.boom()
	return strings.Repeat("o", p.left) + " (" + strconv.Itoa(p.left) + " left)"
}
func (p pebbles) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "pebbles %s %d %d", p.variant, p.left, p.toMove), nil
}

// boom panics for the variant "boom", which no challenge makes: a board
// stored with it stands for an engine with a bug.
func (p pebbles) boom() {
	if p.variant == "boom" {
		panic("pebbles panics on purpose")
	}
}

func (p pebbles) LegalMoves() []string {
	p.boom()
	var out []string
	for k := 1; k <= min(3, p.left); k++ {
		out = append(out, strconv.Itoa(k))
	}
	return out
}

func (p pebbles) Play(m string) (boardrules.Any, error) {
	if p.left == 0 {
		return nil, boardrules.ErrGameOver
	}
	k, err := strconv.Atoi(m)
	if err != nil || m != strconv.Itoa(k) {
		return nil, fmt.Errorf("%q: %w", m, boardrules.ErrSyntax)
	}
	if k < 1 || k > min(3, p.left) {
		return nil, fmt.Errorf("%s: take 1 to 3, at most the %d left: %w", m, p.left, boardrules.ErrIllegalMove)
	}
	return pebbles{p.variant, p.left - k, 1 - p.toMove}, nil
}

func (p pebbles) LegalMovesSeq() iter.Seq[string] { return slices.Values(p.LegalMoves()) }

func (p pebbles) AppendLegalMoves(dst []string) []string { return append(dst, p.LegalMoves()...) }

func (p pebbles) ParseMove(m string) (string, error) {
	if _, err := p.Play(m); err != nil {
		return "", err
	}
	return m, nil
}

func (p pebbles) PlayUnchecked(m string) boardrules.Any {
	next, err := p.Play(m)
	if err != nil {
		return p
	}
	return next
}

func (p pebbles) Outcome() boardrules.Outcome {
	if p.left > 0 {
		return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
	}
	return boardrules.Outcome{Status: boardrules.Win, Winner: 1 - p.toMove, Reason: "took the last pebble"}
}

// TestUnknownEngine: a registered engine with no pbmserv word is played by
// its registry name, its variants are options, and its page shows the text
// board since it draws no picture.
func TestUnknownEngine(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	runSteps(t, s, []step{
		{line: "register alice a", want: []string{"registered"}},
		{line: "register bob b", want: []string{"registered"}},
		{line: "help", want: []string{"  pebbles: -10, -21; or -variant NAME\n"}},
		{line: "pebbles challenge alice bob -7", err: `pebbles challenge: unknown option "-7" (help lists the options)`},
		{line: "pebbles challenge alice bob -21 -10", err: "pebbles challenge: options -21 and -10: choose one variant"},
		{line: "pebbles challenge alice bob -variant 7", err: `pebbles challenge: pebbles has no variant "7" (variants: 10, 21)`},
		{line: "pebbles challenge alice bob -21", want: []string{"board 1 created\n", "pebbles (21)", "ooooooooooooooooooooo (21 left)\n"}},
		{line: "pebbles move 1 alice a 4", err: `illegal move "4": 4: take 1 to 3, at most the 21 left: illegal move`},
		{line: "pebbles move 1 alice a three", err: `bad move "three": "three": syntax error`},
		{line: "pebbles move 1 alice a 3#1", want: []string{"alice played 3 (move #1)", "(18 left)"}},
	})
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/boards/1", nil))
	page := rec.Body.String()
	if !strings.Contains(page, `<pre class="board">oooooooooooooooooo (18 left)</pre>`) || strings.Contains(page, "<svg") {
		t.Errorf("page of a game without pictures:\n%s", page)
	}
}
