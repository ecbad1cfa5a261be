package tumbling_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// ref is a deliberately plain second implementation of the rules: stacks are
// slices of colours, kings are found by scanning the board, and each check of
// the end of the game is written out as the package documentation words it. The engine must agree with it move by
// move.
type ref struct {
	board  [64][]tumbling.Color // bottom first
	rules  tumbling.Rules
	toMove tumbling.Color
	over   bool
	winner tumbling.Color
	reason string
}

func refFrom(p tumbling.Position) ref {
	r := ref{rules: p.Variant().Rules, toMove: p.ColorOf(p.ToMove())}
	for i := range 64 {
		st := stackAt(p, notation.SquareAt(i%8, i/8))
		for k := range st.Height() {
			r.board[i] = append(r.board[i], st.Man(k))
		}
	}
	if o := p.Outcome(); o.Status == boardrules.Win && o.Rule != tumbling.RuleNoPieces {
		r.over, r.winner, r.reason = true, p.ColorOf(o.Winner), o.Reason
	}
	return r
}

func refName(i int) string { return fmt.Sprintf("%c%d", 'A'+i%8, i/8+1) }

func (r ref) top(i int) tumbling.Color {
	if len(r.board[i]) == 0 {
		return tumbling.NoColor
	}
	return r.board[i][len(r.board[i])-1]
}

func (r ref) runs(i int) []tumbling.Color {
	var out []tumbling.Color
	for k, c := range r.board[i] {
		if k == 0 || c != r.board[i][k-1] {
			out = append(out, c)
		}
	}
	return out
}

// pureHeight is the height of a pure stack of c on i, else 0.
func (r ref) pureHeight(i int, c tumbling.Color) int {
	if rs := r.runs(i); len(rs) == 1 && rs[0] == c {
		return len(r.board[i])
	}
	return 0
}

// maxPure is the tallest pure stack of c, any height counted.
func (r ref) maxPure(c tumbling.Color) int {
	m := 0
	for i := range 64 {
		m = max(m, r.pureHeight(i, c))
	}
	return m
}

func (r ref) kings(c tumbling.Color) (sqs []int, h int) {
	h = r.maxPure(c)
	if r.rules == tumbling.Classic && h < 2 {
		return nil, 0
	}
	if h == 0 {
		return nil, 0
	}
	for i := range 64 {
		if r.pureHeight(i, c) == h {
			sqs = append(sqs, i)
		}
	}
	return sqs, h
}

func (r ref) owns(c tumbling.Color) bool {
	for i := range 64 {
		if r.top(i) == c {
			return true
		}
	}
	return false
}

var refDirs = [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

func (r ref) line(i, d int) []int {
	var out []int
	f, k := i%8+refDirs[d][0], i/8+refDirs[d][1]
	for f >= 0 && f < 8 && k >= 0 && k < 8 {
		out = append(out, 8*k+f)
		f, k = f+refDirs[d][0], k+refDirs[d][1]
	}
	return out
}

func (r ref) moves() []string {
	if r.over {
		return nil
	}
	var out []string
	for i := range 64 {
		if r.top(i) != r.toMove {
			continue
		}
		h := len(r.board[i])
		if h == 1 || r.rules != tumbling.Boardspace {
			for d := range 8 {
				if l := r.line(i, d); len(l) > 0 {
					out = append(out, refName(i)+"-"+refName(l[0]))
				}
			}
		}
		if h >= 2 {
			for d := range 8 {
				if l := r.line(i, d); len(l) > 0 {
					out = append(out, refName(i)+"-"+refName(l[0])+"T")
				}
			}
		}
	}
	return out
}

func (r ref) play(m tumbling.Move) ref {
	from := m.From().File() + 8*m.From().Rank()
	to := m.To().File() + 8*m.To().Rank()
	n := r
	n.board = [64][]tumbling.Color{}
	for i := range 64 {
		n.board[i] = slices.Clone(r.board[i])
	}
	st := n.board[from]
	if !m.Tumble() || len(st) == 1 {
		n.board[from] = st[:len(st)-1]
		n.board[to] = append(n.board[to], st[len(st)-1])
	} else {
		d := 0
		for ; d < 8; d++ {
			if l := r.line(from, d); len(l) > 0 && l[0] == to {
				break
			}
		}
		l := r.line(from, d)
		n.board[from] = nil
		for k, c := range st {
			dst := l[min(k, len(l)-1)]
			n.board[dst] = append(n.board[dst], c)
		}
	}
	M, V := r.toMove, r.toMove^1
	n.toMove = V
	KV, HV := r.kings(V)
	KM, HM := r.kings(M)
	win := func(w tumbling.Color, reason string) ref {
		n.over, n.winner, n.reason = true, w, reason
		return n
	}
	topped := func(i int, c tumbling.Color) bool { return n.top(i) == c }
	isKingAfter := func(i int) bool {
		kb, _ := n.kings(tumbling.Black)
		kw, _ := n.kings(tumbling.White)
		return slices.Contains(kb, i) || slices.Contains(kw, i)
	}
	switch r.rules {
	case tumbling.Pbmserv:
		for _, s := range KV {
			if rs := n.runs(s); len(rs) == 2 && rs[0] == V && rs[1] == M {
				return win(M, "king captured on "+refName(s))
			}
		}
	case tumbling.Classic:
		if n.maxPure(V) <= HV {
			for _, s := range KV {
				if topped(s, M) {
					return win(M, "king captured on "+refName(s))
				}
			}
		}
		for _, s := range KM {
			if topped(s, V) {
				return win(V, "own king captured on "+refName(s))
			}
		}
		if _, h := n.kings(M); h == 0 {
			return win(V, "no king left")
		}
	case tumbling.Boardspace:
		if n.maxPure(V) == 0 {
			return win(M, "opponent has no king")
		}
		if n.maxPure(V) <= HV {
			for _, s := range KV {
				if len(n.board[s]) > 0 && !isKingAfter(s) {
					return win(M, "king captured on "+refName(s))
				}
			}
		}
		// No "no king left" here: Boardspace's program never ends a game
		// that way (the square the mover left still counts as his one-man
		// stack when it marks kings), and the rules follow it.
		if n.maxPure(M) <= HM {
			for _, s := range KM {
				if len(n.board[s]) > 0 && !isKingAfter(s) {
					return win(V, "own king captured on "+refName(s))
				}
			}
		}
	}
	return n
}

// outcome is (winner colour or NoColor, reason).
func (r ref) outcome() (tumbling.Color, string) {
	if r.over {
		return r.winner, r.reason
	}
	if !r.owns(r.toMove) {
		return r.toMove ^ 1, r.toMove.String() + " has no stack left"
	}
	return tumbling.NoColor, ""
}

func sameBoard(a, b [64][]tumbling.Color) bool {
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

func compareRef(t *testing.T, ply int, p tumbling.Position, r ref) {
	t.Helper()
	if eb := refFrom(p).board; !sameBoard(eb, r.board) {
		diff := cmp.Diff(eb, r.board, cmpopts.EquateEmpty())
		t.Fatalf("ply %d: board differs from the reference (-engine +ref):\n%s", ply, diff)
	}
	o := p.Outcome()
	w, reason := r.outcome()
	// The side to move, or NoPlayer once the game has ended.
	if w == tumbling.NoColor {
		if got := p.ColorOf(p.ToMove()); got != r.toMove {
			t.Fatalf("ply %d: to move %v, reference %v", ply, got, r.toMove)
		}
	} else if p.ToMove() != boardrules.NoPlayer {
		t.Fatalf("ply %d: ended, but ToMove is %v", ply, p.ToMove())
	}
	gotW := tumbling.NoColor
	if o.Status == boardrules.Win {
		gotW = p.ColorOf(o.Winner)
	}
	if gotW != w || o.Reason != reason {
		t.Fatalf("ply %d: outcome %v %q, reference %v %q\n%v", ply, gotW, o.Reason, w, reason, p)
	}
	var got []string
	for _, m := range p.LegalMoves() {
		got = append(got, m.String())
	}
	if want := r.moves(); !slices.Equal(got, want) {
		diff := cmp.Diff(got, want)
		t.Fatalf("ply %d: legal moves differ (-engine +ref):\n%s", ply, diff)
	}
	for c := tumbling.Black; c <= tumbling.White; c++ {
		sqs, _ := r.kings(c)
		var got, want []string
		for _, s := range sqs {
			want = append(want, refName(s))
		}
		for _, s := range p.Kings(p.PlayerOf(c)) {
			got = append(got, s.Upper())
		}
		if !slices.Equal(got, want) {
			diff := cmp.Diff(got, want)
			t.Fatalf("ply %d: kings of %v differ (-engine +ref):\n%s", ply, c, diff)
		}
	}
}

// TestAgainstReference plays random games under every variant and compares
// every position with the reference implementation.
func TestAgainstReference(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	for _, v := range tumbling.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(v.Rules)*7+uint64(v.Layout), 42))
			ends := map[string]int{}
			for g := range games {
				p, _ := tumbling.New(v)
				r := refFrom(p)
				for ply := 0; ; ply++ {
					compareRef(t, ply, p, r)
					moves := p.LegalMoves()
					if len(moves) == 0 || ply > 400 {
						ends[p.Outcome().Reason]++
						break
					}
					// Prefer tumbles now and then so tall stacks get spread.
					m := moves[rng.IntN(len(moves))]
					next, err := p.Play(m)
					if err != nil {
						t.Fatalf("game %d ply %d: Play(%v): %v", g, ply, m, err)
					}
					p, r = next, r.play(m)
				}
			}
			t.Logf("%v: game ends %v", v, ends)
		})
	}
}

// TestPerftAgainstReference counts depth 2 with the reference.
func TestPerftAgainstReference(t *testing.T) {
	for _, v := range tumbling.Variants() {
		p, _ := tumbling.New(v)
		r := refFrom(p)
		var want uint64
		for _, m := range p.LegalMoves() {
			want += uint64(len(r.play(m).moves()))
		}
		if got := boardrules.Perft(p, 2); got != want {
			t.Errorf("%v: perft(2) = %d, reference %d", v, got, want)
		}
	}
}
