package crumble_test

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// These tests state what boardrules.Sampler promises and nothing more: only
// legal moves, every legal move with positive probability, false exactly when
// the game is over. They must keep passing for any sampler with that
// contract, so none of them assumes a uniform distribution.

// samplerBoards are the board sizes the properties run on: the tiny boards
// end their games within a few dozen plies, so game-over positions are
// reached often; 6x6 is the standard board.
var samplerBoards = []crumble.Variant{
	{Width: 2, Height: 2},
	{Width: 3, Height: 3},
	{Width: 2, Height: 4},
	{Width: 4, Height: 4},
	{Width: 6, Height: 6},
}

// tb is the part of testing.TB that *rapid.T also has, so the helpers serve
// both plain and property tests.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
}

// newBoard returns the start of v or stops the test.
func newBoard(t tb, v crumble.Variant) crumble.Position {
	t.Helper()
	p, err := crumble.New(v)
	if err != nil {
		t.Fatalf("New(%v): %v", v, err)
	}
	return p
}

// uniformPlay plays up to plies moves drawn uniformly from LegalMoves. It does
// not use RandomMove, so a broken sampler cannot bias the positions it is
// tested on.
func uniformPlay(p crumble.Position, r *rand.Rand, plies int) crumble.Position {
	for range plies {
		ms := p.LegalMoves()
		if len(ms) == 0 {
			break
		}
		p = p.PlayUnchecked(ms[r.IntN(len(ms))])
	}
	return p
}

// checkSample draws from p a few times and reports any draw that breaks the
// Sampler contract.
func checkSample(t tb, p crumble.Position, r *rand.Rand, draws int) {
	t.Helper()
	legal := p.LegalMoves()
	over := p.Outcome().Status != boardrules.Ongoing
	if over != (len(legal) == 0) {
		t.Fatalf("status %v with %d legal moves in %s", p.Outcome().Status, len(legal), p)
	}
	for range draws {
		m, ok := p.RandomMove(r)
		if ok == over {
			t.Fatalf("RandomMove ok=%v, Outcome %+v, %d legal moves in %s", ok, p.Outcome(), len(legal), p)
		}
		if ok && !slices.Contains(legal, m) {
			t.Fatalf("RandomMove returned %q, not among the %d legal moves of %s", m, len(legal), p)
		}
	}
}

// TestRandomMoveLegalProp: along random games on every board size, each draw
// of RandomMove is a move of LegalMoves, and RandomMove says false exactly at
// the end of the game.
func TestRandomMoveLegalProp(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(samplerBoards).Draw(t, "board")
		plies := rapid.IntRange(0, 40).Draw(t, "plies")
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3))
		p := newBoard(t, v)
		for range plies {
			checkSample(t, p, r, 3)
			if p.Outcome().Status != boardrules.Ongoing {
				return
			}
			p = uniformPlay(p, r, 1)
		}
		checkSample(t, p, r, 3)
	})
}

// TestRandomMoveGameOver plays every small board to its end, so the false
// branch of RandomMove is checked on real finished games and not only when
// the property test happens to reach one.
func TestRandomMoveGameOver(t *testing.T) {
	for _, v := range samplerBoards[:4] {
		for seed := range uint64(5) {
			r := rand.New(rand.NewPCG(seed, 4))
			p := uniformPlay(newBoard(t, v), r, 200)
			if p.Outcome().Status == boardrules.Ongoing {
				continue // a long game: the cap is not an end
			}
			checkSample(t, p, r, 3)
		}
	}
}

// TestRandomMoveZeroPosition: the zero Position is no game; RandomMove must
// say so rather than panic.
func TestRandomMoveZeroPosition(t *testing.T) {
	if m, ok := (crumble.Position{}).RandomMove(rand.New(rand.NewPCG(1, 1))); ok {
		t.Errorf("zero Position: RandomMove = %q, true", m)
	}
}

// TestRandomMoveReachesAll: on small boards, repeated draws reach every legal
// move. The sampler may be far from uniform: drawing one of G splits and
// joins first, then one of the S <= n+1-G moves of that split or join, it
// gives a move of n a probability of at least 1/(G·S) >= 4/(n+1)². So
// 200·n draws hit each move about 800/n times on average and miss one with
// probability under e^(-800/n), below e^-19 for the n <= 42 of the
// positions here (the start and the first plies of seeded games); the
// source is seeded besides, so the outcome is fixed.
func TestRandomMoveReachesAll(t *testing.T) {
	for _, v := range samplerBoards[:3] {
		for seed := range uint64(3) {
			r := rand.New(rand.NewPCG(seed, 5))
			p := newBoard(t, v)
			for ply := range 3 {
				legal := p.LegalMoves()
				if len(legal) == 0 {
					break
				}
				seen := make(map[crumble.Move]bool, len(legal))
				for range 200 * len(legal) {
					m, ok := p.RandomMove(r)
					if !ok {
						t.Fatalf("%v seed %d ply %d: RandomMove false with %d legal moves", v, seed, ply, len(legal))
					}
					if !slices.Contains(legal, m) {
						t.Fatalf("%v seed %d ply %d: RandomMove returned %q, not legal in %s", v, seed, ply, m, p)
					}
					seen[m] = true
					if len(seen) == len(legal) {
						break
					}
				}
				for _, m := range legal {
					if !seen[m] {
						t.Errorf("%v seed %d ply %d: %d draws never reached %q (%d of %d moves seen) in %s",
							v, seed, ply, 200*len(legal), m, len(seen), len(legal), p)
					}
				}
				p = uniformPlay(p, r, 1)
			}
		}
	}
}

// TestPlayoutReplays: the moves of a sampled Playout, replayed through the
// checked Play from the start, are all accepted and lead to the same
// position and outcome; and a playout stops early only at the end of the game.
func TestPlayoutReplays(t *testing.T) {
	for _, v := range samplerBoards {
		for _, maxPlies := range []int{0, 1, 7, 400} {
			t.Run(fmt.Sprintf("%v/%d", v, maxPlies), func(t *testing.T) {
				start := newBoard(t, v)
				r := rand.New(rand.NewPCG(uint64(maxPlies), 6))
				end, moves := boardrules.Playout(start, r, maxPlies)
				checkPlayout(t, start, end, moves, maxPlies)
			})
		}
	}
}

// checkPlayout replays moves from start with Play and compares the result
// with end, the position Playout returned after them.
func checkPlayout(t *testing.T, start, end crumble.Position, moves []crumble.Move, maxPlies int) {
	t.Helper()
	if len(moves) > maxPlies {
		t.Fatalf("%d moves past the cap of %d", len(moves), maxPlies)
	}
	p := start
	for i, m := range moves {
		next, err := p.Play(m)
		if err != nil {
			t.Fatalf("ply %d: Play(%q): %v in %s", i+1, m, err, p)
		}
		p = next
	}
	if !p.Equal(end) {
		t.Errorf("replayed position differs:\n%s\nplayout:\n%s", p, end)
	}
	if d := cmp.Diff(end.Outcome(), p.Outcome()); d != "" {
		t.Errorf("outcome (-playout +replay):\n%s", d)
	}
	a, errA := end.MarshalText()
	b, errB := p.MarshalText()
	if errA != nil || errB != nil || string(a) != string(b) {
		t.Errorf("codes differ: %q (%v) and %q (%v)", a, errA, b, errB)
	}
	if end.Outcome().Status == boardrules.Ongoing && len(moves) < maxPlies {
		t.Errorf("Playout stopped after %d of %d plies in an ongoing game", len(moves), maxPlies)
	}
	if end.Outcome().Status != boardrules.Ongoing && len(end.LegalMoves()) != 0 {
		t.Errorf("game over (%+v) with %d legal moves", end.Outcome(), len(end.LegalMoves()))
	}
}

// plain is a crumble position without RandomMove, so Playout takes its
// fallback path (a uniform draw from AppendLegalMoves); comparing both paths
// keeps the fallback honest now that crumble always has a sampler.
type plain struct{ p crumble.Position }

var _ boardrules.Position[plain, crumble.Move] = plain{}

func (q plain) Players() int                          { return q.p.Players() }
func (q plain) ToMove() boardrules.Player             { return q.p.ToMove() }
func (q plain) LegalMoves() []crumble.Move            { return q.p.LegalMoves() }
func (q plain) LegalMovesSeq() iter.Seq[crumble.Move] { return slices.Values(q.LegalMoves()) }

func (q plain) AppendLegalMoves(dst []crumble.Move) []crumble.Move { return q.p.AppendLegalMoves(dst) }
func (q plain) PlayUnchecked(m crumble.Move) plain                 { return plain{q.p.PlayUnchecked(m)} }
func (q plain) ParseMove(s string) (crumble.Move, error)           { return q.p.ParseMove(s) }
func (q plain) Outcome() boardrules.Outcome                        { return q.p.Outcome() }
func (q plain) Hash() uint64                                       { return q.p.Hash() }
func (q plain) String() string                                     { return q.p.String() }
func (q plain) Play(m crumble.Move) (plain, error) {
	p, err := q.p.Play(m)
	return plain{p}, err
}

// TestPlayoutWithoutSampler: the fallback path of Playout obeys the same
// rules as the sampled one: legal plies, and an early stop only at the end.
func TestPlayoutWithoutSampler(t *testing.T) {
	if _, ok := any(plain{}).(boardrules.Sampler[crumble.Move]); ok {
		t.Fatal("plain implements Sampler, so this test would not reach the fallback")
	}
	for _, v := range samplerBoards {
		for _, maxPlies := range []int{0, 1, 7, 400} {
			t.Run(fmt.Sprintf("%v/%d", v, maxPlies), func(t *testing.T) {
				start := newBoard(t, v)
				r := rand.New(rand.NewPCG(uint64(maxPlies), 7))
				end, moves := boardrules.Playout(plain{start}, r, maxPlies)
				checkPlayout(t, start, end.p, moves, maxPlies)
			})
		}
	}
}
