package crumble

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
)

func TestTurnRecords(t *testing.T) {
	u := int64(1) << 59
	sq := func(x, y, w, h int64) rect { return rect{x * u, y * u, w * u, h * u} }
	p, err := boardrules.Replay(Standard(), "0,1HN")
	if err != nil {
		t.Fatal(err)
	}
	h := p.hist
	if h.turns != 1 || len(h.a) != 1 || h.a[0] != sq(0, 1, 1, 1) || !h.hasX || h.x != sq(0, 2, 1, 1) {
		t.Errorf("0,1HN record: %+v", *h)
	}
	q, err := boardrules.Replay(p, "0H")
	if err != nil {
		t.Fatal(err)
	}
	if q.hist.hasX || q.hist.turns != 2 || q.hist.parent != p.hist {
		t.Errorf("0H record: %+v", *q.hist)
	}
	// a join records its rectangle; V17b's path ends on (0,2)
	r, err := boardrules.Replay(Standard(), "1VW", "3H", "0J1,2N")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.hist.a) != 1 || r.hist.a[0] != sq(0, 0, 1, 2) || !r.hist.hasX || r.hist.x != sq(0, 2, 1, 1) {
		t.Errorf("join record: %+v", *r.hist)
	}
	// a multi-split records every split piece
	m, err := boardrules.Replay(Standard(), "1HN", "2H", "0,1H3")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.hist.a) != 3 || m.hist.a[0] != sq(0, 1, 1, 1) || m.hist.a[2] != sq(2, 1, 1, 1) {
		t.Errorf("multi-split record: %+v", m.hist.a)
	}
}

func TestOccurrenceTrie(t *testing.T) {
	a := []piece{{rect{0, 0, 1, 1}, Black}}
	b := []piece{{rect{0, 0, 1, 1}, White}}
	var n *trieNode
	var c int32
	// equal hashes, different positions; hashes that agree on their low
	// 60 bits go down to the last level
	n, c = n.insert(0, 1, a, Black, new(trieRoom))
	if c != 1 {
		t.Fatal(c)
	}
	n1 := n
	n, c = n.insert(0, 1, b, Black, new(trieRoom))
	if c != 1 {
		t.Errorf("colliding position counted %d", c)
	}
	n, c = n.insert(0, 1|1<<60, a, Black, new(trieRoom))
	if c != 1 {
		t.Errorf("deep hash counted %d", c)
	}
	n, c = n.insert(0, 1, a, White, new(trieRoom))
	if c != 1 {
		t.Errorf("other side to move counted %d", c)
	}
	n, c = n.insert(0, 1, a, Black, new(trieRoom))
	if c != 2 {
		t.Errorf("repeat counted %d", c)
	}
	n, c = n.insert(0, 1|1<<60, a, Black, new(trieRoom))
	if c != 2 {
		t.Errorf("deep repeat counted %d", c)
	}
	// the older trie is unchanged
	if _, c = n1.insert(0, 1, a, Black, new(trieRoom)); c != 2 {
		t.Errorf("persistent trie changed: %d", c)
	}
	for i := uint64(0); i < 200; i++ {
		n, _ = n.insert(0, i*0x9e3779b97f4a7c15, a, Black, new(trieRoom))
	}
	for i := uint64(0); i < 200; i++ {
		if _, c = n.insert(0, i*0x9e3779b97f4a7c15, a, Black, new(trieRoom)); c != 2 && i != 0 {
			t.Fatalf("hash %d counted %d", i, c)
		}
	}
}

// TestOccurrenceTriePersistent fills a trie past the room a turn record
// holds for the copied path (full nodes one level down, nodes further
// down) and checks that every earlier trie still counts what it held.
func TestOccurrenceTriePersistent(t *testing.T) {
	a := []piece{{rect{0, 0, 1, 1}, Black}}
	key := func(i int) uint64 { return mix64(uint64(i)) }
	const n = 3000
	var tries []*trieNode
	var tr *trieNode
	for i := range n {
		var c int32
		if tr, c = tr.insert(0, key(i), a, Black, new(trieRoom)); c != 1 {
			t.Fatalf("new hash %d counted %d", i, c)
		}
		tries = append(tries, tr)
	}
	for _, at := range []int{0, 40, 700, n - 1} {
		for i := range n {
			want := int32(1)
			if i <= at {
				want = 2
			}
			if _, c := tries[at].insert(0, key(i), a, Black, new(trieRoom)); c != want {
				t.Fatalf("trie after %d inserts: hash %d counted %d, want %d", at+1, i, c, want)
			}
		}
	}
}

// TestRenewableIterationInPlay replays a renewable iteration found by a
// search on the 3x2 board: after "2,1V", six turns whose paths all end on
// the same piece while each colour's splits stay inside its earlier ones.
func TestRenewableIterationInPlay(t *testing.T) {
	moves := []string{"2,1V", "2VW-N", "1H2-2N-N", "0H2-2N-NW", "1V2-2E-EN", "4HNNW", "1H2-2N-NEN"}
	p, _ := New(Variant{Width: 3, Height: 2})
	q, err := boardrules.Replay(p, moves[:len(moves)-1]...)
	if err != nil {
		t.Fatal(err)
	}
	if q.Outcome().Status != boardrules.Ongoing {
		t.Fatalf("drawn a ply early: %+v", q.Outcome())
	}
	r, err := boardrules.Replay(q, moves[len(moves)-1])
	if err != nil {
		t.Fatal(err)
	}
	if o := r.Outcome(); o.Status != boardrules.Draw || o.Reason != "renewable iteration" {
		t.Errorf("outcome %+v, want a draw by renewable iteration", o)
	}
	if len(r.LegalMoves()) != 0 {
		t.Error("drawn position has moves")
	}
	for _, d := range []DrawRules{Repetition, NoDraws} {
		p, _ := New(Variant{Width: 3, Height: 2, Draws: d})
		r, err := boardrules.Replay(p, moves...)
		if err != nil || r.Outcome().Status != boardrules.Ongoing {
			t.Errorf("draws %d: %v %+v", d, err, r.Outcome())
		}
	}
}

// TestRepetitionCounts plays long games on small boards with the
// repetition rule alone and checks the draw against a plain count of the
// positions seen: the game is drawn exactly when a position occurs for the
// third time, whichever turn record holds its trie path. Random play
// rarely repeats, so each side mostly splits a piece without a swap and
// joins it back on its next turn (two such rounds restore a position), and
// now and then plays any move, which leads somewhere new.
func TestRepetitionCounts(t *testing.T) {
	sizes := []string{"2x2-repetition", "3x2-repetition", "2x3-white-repetition", "3x3-repetition"}
	draws, plies, most := 0, 0, 0
	for seed := range uint64(40) {
		p := startOf(t, sizes[seed%uint64(len(sizes))])
		r := rand.New(rand.NewPCG(seed, 77))
		// the position alone: the code of a drawn position says so
		key := func(p Position) string { return fmt.Sprint(p.turn, p.pieces) }
		seen := map[string]int{key(p): 1}
		var undo [2]*piece // the piece each side split last, to join back
		for ply := 0; ply < 300 && p.Outcome().Status == boardrules.Ongoing; ply++ {
			p = steerTowardsRepeats(p, r, &undo[p.turn])
			plies++
			o := p.Outcome()
			if o.Status == boardrules.Win {
				break
			}
			seen[key(p)]++
			most = max(most, len(seen))
			if rep := seen[key(p)] >= 3; rep != (o.Reason == "threefold repetition") {
				t.Fatalf("seed %d ply %d: position seen %d times, outcome %+v", seed, ply+1, seen[key(p)], o)
			}
			if o.Status == boardrules.Draw {
				draws++
			}
		}
	}
	t.Logf("40 games, %d plies, %d drawn by repetition, up to %d positions in a game", plies, draws, most)
	if draws < 20 {
		t.Errorf("only %d of 40 games drawn by repetition: the test proves little", draws)
	}
}

// steerTowardsRepeats plays one ply for TestRepetitionCounts: the join
// that undoes the mover's last split (undo) when there is one, half the
// time, else a split without a swap (noted in undo), else any move.
func steerTowardsRepeats(p Position, r *rand.Rand, undo **piece) Position {
	moves := p.LegalMoves()
	if *undo != nil && r.IntN(2) > 0 {
		for _, m := range moves {
			q := p.PlayUnchecked(m)
			if len(q.pieces) == len(p.pieces)-1 && slices.Contains(q.pieces, **undo) {
				*undo = nil
				return q
			}
		}
	}
	*undo = nil
	if r.IntN(4) > 0 {
		var splits []Position
		var split []piece
		for _, m := range moves {
			if q := p.PlayUnchecked(m); m.steps() == 0 && len(q.pieces) == len(p.pieces)+1 {
				splits = append(splits, q)
				for _, pc := range p.pieces {
					if !slices.Contains(q.pieces, pc) {
						split = append(split, pc)
					}
				}
			}
		}
		if len(splits) > 0 {
			k := r.IntN(len(splits))
			*undo = &split[k]
			return splits[k]
		}
	}
	return p.PlayUnchecked(moves[r.IntN(len(moves))])
}
