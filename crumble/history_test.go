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

// occurrencePool returns synthetic positions for the occurrence count:
// position i has hash mix64(i/3), one piece at x = i/2 and turn i%2, so
// positions 0 and 1 differ by the side to move alone, positions 1 and 2 by
// their pieces alone, and no two are the same.
func occurrencePool(n int) []Position {
	pool := make([]Position, n)
	for i := range pool {
		pool[i] = withPieces(Position{v: Variant{Draws: Repetition}, turn: Color(i % 2)}, []piece{newPiece(rect{int64(i / 2), 0, 1, 1}, Black)})
		pool[i].hash = mix64(uint64(i / 3))
	}
	return pool
}

// TestOccurrenceCounts pushes a long game of synthetic positions, drawn
// from a small pool so that each recurs many times, and checks every
// turn's count against a plain count: across the walk back over the
// recent positions, the sealing of runs and their merging (the game is 24
// runs long), positions with equal hashes told apart by their pieces or
// side to move. Then every earlier record must count as it did (later
// turns change nothing), and a second game branching off at each sealing
// turn must count its own positions, not the first game's.
func TestOccurrenceCounts(t *testing.T) {
	pool := occurrencePool(30)
	r := rand.New(rand.NewPCG(3, 4))
	const plies = 24*recentMax + 17
	seen := make([]int32, len(pool))
	draw := func() int {
		if r.IntN(8) == 0 { // a lone newcomer now and then
			return len(pool) - 1 - r.IntN(3)
		}
		return r.IntN(len(pool) - 3)
	}
	first := draw()
	h := newHistory(&pool[first])
	seen[first]++
	records := []*history{h}
	counts := []int32{1}
	var rc recCarvers
	for ply := 1; ply <= plies; ply++ {
		i := draw()
		seen[i]++
		h = h.push(h.next(pool[i].v.Draws, &rc), &pool[i], &action{}, nil, rect{}, false, nil)
		if got := h.occurrences(); got != seen[i] {
			t.Fatalf("ply %d, position %d: counted %d, want %d", ply, i, got, seen[i])
		}
		if h.rep != (seen[i] >= 3) {
			t.Fatalf("ply %d: rep %v after %d occurrences", ply, h.rep, seen[i])
		}
		records, counts = append(records, h), append(counts, seen[i])
	}
	runs := 0
	for r := h.runs; r != nil; r = r.next {
		runs++
	}
	// 24 sealed runs of recentMax merge into runs of 16 and 8
	if runs != 2 {
		t.Errorf("%d runs after %d plies, want 2 (merging like a binary counter)", runs, plies)
	}
	for ply, rec := range records {
		if got := rec.occurrences(); got != counts[ply] {
			t.Fatalf("ply %d counts %d after later turns, counted %d then", ply, got, counts[ply])
		}
	}
	// a branch off each sealing turn, playing only the newcomers
	for ply := recentMax - 1; ply < plies; ply += recentMax {
		b, want := records[ply], seenBefore(records[:ply+1], &pool[len(pool)-1])
		for k := range 3 {
			b = b.push(b.next(pool[len(pool)-1].v.Draws, &rc), &pool[len(pool)-1], &action{}, nil, rect{}, false, nil)
			want++
			if got := b.occurrences(); got != want {
				t.Fatalf("branch at ply %d, turn %d: counted %d, want %d", ply, k+1, got, want)
			}
		}
	}
}

// seenBefore counts the records that hold position p.
func seenBefore(records []*history, p *Position) int32 {
	n := int32(0)
	for _, rec := range records {
		if rec.same(&history{hash: p.hash, t: p.t, turn: p.turn}) {
			n++
		}
	}
	return n
}

// TestTurnRecordSlabsKeepOneLineage: a position kept keeps alive the
// slabs its turn records reach (its record's slab, the parents of every
// record in it, their slabs, and so on), and those must be the slabs of
// its own ancestors, whatever else the same working memory carved before
// and beside it: here a game played and dropped first, then two games in
// alternation, each ply with a few siblings played and dropped as a
// search does. A slab shared by the records of unrelated games would
// reach back through them to every slab made before.
func TestTurnRecordSlabsKeepOneLineage(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ply := func(p Position) Position {
		if p.Outcome().Status != boardrules.Ongoing {
			return p
		}
		moves := p.LegalMoves()
		for range 3 {
			_ = p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
		return p.PlayUnchecked(moves[r.IntN(len(moves))])
	}
	eight, _ := New(Variant{Width: 8, Height: 8})
	dropped := eight
	for range 3 * recSlabMax {
		dropped = ply(dropped)
	}
	a, b := eight, eight
	for range 3 * recSlabMax {
		a, b = ply(a), ply(b)
	}
	for _, kept := range []Position{a, b} {
		own := map[*recSlab]bool{}
		for h := kept.hist; h != nil; h = h.parent {
			if h.home != nil {
				own[h.home] = true
			}
		}
		reached := map[*recSlab]bool{}
		for todo := []*recSlab{kept.hist.home}; len(todo) > 0; {
			sl := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			if sl == nil || reached[sl] {
				continue
			}
			reached[sl] = true
			for i := range sl.recs {
				if h := sl.recs[i].parent; h != nil {
					todo = append(todo, h.home)
				}
			}
		}
		var foreign int
		for sl := range reached {
			if !own[sl] {
				foreign++
			}
		}
		t.Logf("%d plies: its ancestors in %d slabs, %d reached", kept.hist.turns, len(own), len(reached))
		if foreign > 0 || len(own) < 2 {
			t.Errorf("%d plies: %d slabs reached, %d of them holding none of its ancestors; its ancestors in %d slabs",
				kept.hist.turns, len(reached), foreign, len(own))
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
	games := 40
	for seed := range uint64(games) {
		p := startOf(t, sizes[seed%uint64(len(sizes))])
		r := rand.New(rand.NewPCG(seed, 77))
		// the position alone: the code of a drawn position says so
		key := func(p Position) string { return fmt.Sprint(p.turn, p.list()) }
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
	t.Logf("%d games, %d plies, %d drawn by repetition, up to %d positions in a game", games, plies, draws, most)
	if draws < games/2 {
		t.Errorf("only %d of %d games drawn by repetition: the test proves little", draws, games)
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
			if len(q.list()) == len(p.list())-1 && slices.Contains(q.list(), **undo) {
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
			if q := p.PlayUnchecked(m); m.steps() == 0 && len(q.list()) == len(p.list())+1 {
				splits = append(splits, q)
				for _, pc := range p.list() {
					if !slices.Contains(q.list(), pc) {
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
