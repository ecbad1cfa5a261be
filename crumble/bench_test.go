package crumble

import (
	"math/rand/v2"
	"testing"

	"github.com/boardrules/boardrules"
)

// midgame returns the position after 30 random plies from the 6x6 start
// (seeded, so always the same), each drawn uniformly from LegalMoves: the
// position the figures in BENCHMARKS.md were measured on since the start.
func midgame(tb testing.TB) Position {
	tb.Helper()
	r := rand.New(rand.NewPCG(7, 30))
	for {
		if p := playUniform(Standard(), r, 30, nil); p.Outcome().Status == boardrules.Ongoing {
			return p
		}
	}
}

// playUniform plays up to plies moves from p, each drawn uniformly from
// LegalMoves, calls visit (if not nil) with each position before its move,
// and returns the last position.
func playUniform(p Position, r *rand.Rand, plies int, visit func(Position)) Position {
	for range plies {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if visit != nil {
			visit(p)
		}
		p = p.PlayUnchecked(moves[r.IntN(len(moves))])
	}
	return p
}

// benchPositions runs bench on the 6x6 start and the middle game, as sub-
// benchmarks. It hands over two Equal copies of the position whose pieces
// live apart (one decoded from the other's code), which the benchmarks use
// in turn: a scratch keeps the contact graph of the last position it served
// (see tile), so a benchmark calling one position over and over would
// measure a graph that is never rebuilt, unlike a search, whose positions
// change from call to call.
func benchPositions(b *testing.B, bench func(b *testing.B, ps [2]Position)) {
	for _, c := range []struct {
		name string
		p    Position
	}{{"start", Standard()}, {"midgame", midgame(b)}} {
		b.Run(c.name, func(b *testing.B) { bench(b, twins(b, c.p)) })
	}
}

// twins returns p and an Equal copy of it decoded from its code.
func twins(tb testing.TB, p Position) [2]Position {
	code, err := p.MarshalText()
	if err != nil {
		tb.Fatal(err)
	}
	var q Position
	if err := q.UnmarshalText(code); err != nil {
		tb.Fatal(err)
	}
	return [2]Position{p, q}
}

func BenchmarkAppendLegalMoves(b *testing.B) {
	benchPositions(b, func(b *testing.B, ps [2]Position) {
		buf := make([]Move, 0, 1024)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			buf = ps[i&1].AppendLegalMoves(buf[:0])
			i++
		}
		b.ReportMetric(float64(len(buf)), "moves")
	})
}

// BenchmarkPlayUnchecked plays on a graph built afresh for every call:
// the twins alternate, and the searches and the bitset graph that listing
// their moves left are replaced by a third copy's, so each call builds
// the bitset graph of its position and replays the move's path on it.
func BenchmarkPlayUnchecked(b *testing.B) {
	benchPositions(b, func(b *testing.B, ps [2]Position) {
		moves := [2][]Move{ps[0].LegalMoves(), ps[1].LegalMoves()}
		twins(b, ps[0])[1].LegalMoves()
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = ps[i&1].PlayUnchecked(moves[i&1][i%len(moves[0])])
			i++
		}
	})
}

// BenchmarkPlayUncheckedListed plays every move of a position whose moves
// were just listed, as a search expands a node or a perft its leaves:
// each move's end is read from the searches the listing left. Run it with
// -cpu 1 for that figure: the pooled working memory is kept per
// processor, and on more than one the scheduler moves the goroutine now
// and then to a processor whose working memory holds neither, so that the
// rest of the moves replay on a graph built afresh there, and the figure
// mixes the two ways. (Switching GOMAXPROCS inside the benchmark
// made the runs after the first of a -count 30-50% slower.)
func BenchmarkPlayUncheckedListed(b *testing.B) {
	benchPositions(b, func(b *testing.B, ps [2]Position) { benchListed(b, ps[0]) })
}

// BenchmarkPlayUncheckedListedNoDraws is BenchmarkPlayUncheckedListed on
// the same positions in a game without draw rules, whose Plays keep no
// history: run beside it, the difference is what a turn's record (its
// allocation, the occurrence count and the draw checks) costs a Play.
// Run it with -cpu 1 too.
func BenchmarkPlayUncheckedListedNoDraws(b *testing.B) {
	benchPositions(b, func(b *testing.B, ps [2]Position) {
		p := ps[1] // decoded: a fresh history, as a code of the game without draws gives
		p.v.Draws = NoDraws
		p.hash = p.computeHash() // the variant's key
		p.hist = newHistory(&p)
		benchListed(b, p)
	})
}

// benchListed plays the moves of p, just listed, in turn.
func benchListed(b *testing.B, p Position) {
	moves := p.LegalMoves()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = p.PlayUnchecked(moves[i%len(moves)])
		i++
	}
}

// BenchmarkPlayFloor does only what any Play of a split must do however
// fast its rules are: allocate the new position's piece list (one piece
// more) and copy the pieces into it, and allocate the turn's record. Run
// it beside BenchmarkPlayUncheckedListed: the ratio is the share of a Play
// that its rules, rather than its memory, cost.
func BenchmarkPlayFloor(b *testing.B) {
	benchPositions(b, func(b *testing.B, ps [2]Position) {
		p := ps[0]
		b.ReportAllocs()
		for b.Loop() {
			post := make([]piece, 0, len(p.list())+1)
			post = append(post, p.list()...)
			floorPieces = append(post, p.list()[0])
			floorHistory = &history{parent: p.hist}
		}
	})
}

var (
	floorPieces  []piece
	floorHistory *history
)

func BenchmarkPlay(b *testing.B) {
	ps := twins(b, Standard())
	moves := [2][]Move{ps[0].LegalMoves(), ps[1].LegalMoves()}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := ps[i&1].Play(moves[i&1][i%len(moves[0])]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkPerft2(b *testing.B) {
	p := Standard()
	b.ReportAllocs()
	for b.Loop() {
		boardrules.Perft(p, 2)
	}
}

// perftPlayed counts the leaves at depth d, playing every move (leaves
// included) with PlayUnchecked: the cost of a search that visits every
// node.
func perftPlayed(p Position, d int, buf [][]Move) int {
	if d == 0 {
		return 1
	}
	buf[d-1] = p.AppendLegalMoves(buf[d-1][:0])
	n := 0
	for _, m := range buf[d-1] {
		n += perftPlayed(p.PlayUnchecked(m), d-1, buf)
	}
	return n
}

func BenchmarkPerft2Played(b *testing.B) {
	p := Standard()
	buf := make([][]Move, 2)
	nodes := 0
	b.ReportAllocs()
	for b.Loop() {
		nodes += perftPlayed(p, 2, buf)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkRandomMove(b *testing.B) {
	benchPositions(b, func(b *testing.B, ps [2]Position) {
		r := rand.New(rand.NewPCG(1, 2))
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ps[i&1].RandomMove(r)
			i++
		}
	})
}

// BenchmarkPlayout: random 6x6 games through boardrules.Playout, which
// draws each ply with RandomMove, capped at 200 plies.
func BenchmarkPlayout(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		_, moves := boardrules.Playout(Standard(), r, 200)
		plies += len(moves)
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}
