package terrace

// The boards: squares, levels, terraces, the moves of each square and the
// goals, as tables computed once for each board size.

import (
	"math/rand/v2"

	"github.com/boardrules/boardrules/notation"
)

// Squares are indexed rank*8 + file on both boards; a 6x6 board uses the
// indices whose file and rank are below 6.
func squareIndex(s notation.Square) int { return (s.Rank()<<3 | s.File()) & 63 }

// onBoard reports whether s is a square of the n x n board.
func onBoard(s notation.Square, n int) bool {
	return !s.IsZero() && s.File() < n && s.Rank() < n
}

var squares = func() (t [64]notation.Square) {
	for i := range t {
		t[i] = notation.SquareAt(i&7, i>>3)
	}
	return t
}()

// fromBits and toBits are each square's bits in a Move as its from and to
// square.
var fromBits, toBits = func() (f, t [64]uint64) {
	for i := range f {
		f[i] = squareBits(squares[i], moveFrom, moveFromIndex)
		t[i] = squareBits(squares[i], moveTo, moveToIndex)
	}
	return f, t
}()

// ray lists the squares of a terrace path beyond a square, nearest first.
type ray struct {
	n  int8
	sq [7]int8
}

// geometry holds the precomputed tables of one board size.
type geometry struct {
	n       int
	board   uint64 // the squares of the board
	level   [64]int8
	terrace [64]int8 // terrace number, 0 off the board
	// up: neighbours one level higher (orthogonal or diagonal).
	// down: orthogonal neighbours one level lower.
	// capture: diagonal neighbours one level lower.
	up, down, capture [64]uint64
	paths             [][]int8 // each terrace in path order, by number-1
	// A piece's slides, looked up by the blockers on its terrace: the
	// other players' pieces on the square's terrace (slideMask), times
	// slideMagic, give in their top 6 bits the index of the list in
	// slides: the squares the piece reaches along the path one way,
	// nearest first, then the other way, up to the first square held by
	// another player, as bytes t|slideMark (low byte first). The mover's
	// own pieces are passed over; the empty squares of the list are the
	// slides.
	slideMask, slideMagic [64]uint64
	slides                *[64][64]uint64
}

// slideMark marks each byte of a slide list, so that a1 (0) is not the
// list's end.
const slideMark = 0x40

var geometries = [2]geometry{newGeometry(8), newGeometry(6)}

// geoIndex is 0 for the 8x8 board and 1 for 6x6.
func geoIndex(n int) uint8 {
	if n == 6 {
		return 1
	}
	return 0
}

func levelOf(c, r, n int) int {
	return min(max(c, r), max(n-1-c, n-1-r)) + 1
}

func newGeometry(n int) geometry {
	g := geometry{n: n}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g.board |= 1 << (r*8 + c)
			g.level[r*8+c] = int8(levelOf(c, r, n))
		}
	}
	inside := func(c, r int) bool { return c >= 0 && c < n && r >= 0 && r < n }
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			s := r*8 + c
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if (dr == 0 && dc == 0) || !inside(c+dc, r+dr) {
						continue
					}
					t := (r+dr)*8 + c + dc
					diagonal := dr != 0 && dc != 0
					switch g.level[t] - g.level[s] {
					case 1:
						g.up[s] |= 1 << t
					case -1:
						if diagonal {
							g.capture[s] |= 1 << t
						} else {
							g.down[s] |= 1 << t
						}
					}
				}
			}
		}
	}
	// Terraces: components of same-level squares joined orthogonally. Each
	// is a simple path; walk it from an end.
	sameNeighbours := func(s int) []int {
		var out []int
		c, r := s&7, s>>3
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if inside(c+d[0], r+d[1]) && g.level[(r+d[1])*8+c+d[0]] == g.level[s] {
				out = append(out, (r+d[1])*8+c+d[0])
			}
		}
		return out
	}
	for s := 0; s < 64; s++ {
		if g.board>>s&1 == 0 || g.terrace[s] != 0 || len(sameNeighbours(s)) > 1 {
			continue
		}
		// s is an end of an unnumbered terrace.
		id := int8(len(g.paths) + 1)
		var path []int8
		prev, cur := -1, s
		for cur >= 0 {
			g.terrace[cur] = id
			path = append(path, int8(cur))
			next := -1
			for _, t := range sameNeighbours(cur) {
				if t != prev {
					next = t
				}
			}
			prev, cur = cur, next
		}
		g.paths = append(g.paths, path)
	}
	var rays [64][2]ray // the two ways along the terrace path
	for _, path := range g.paths {
		for i, s := range path {
			fwd, back := &rays[s][0], &rays[s][1]
			for j := i + 1; j < len(path); j++ {
				fwd.sq[fwd.n] = path[j]
				fwd.n++
			}
			for j := i - 1; j >= 0; j-- {
				back.sq[back.n] = path[j]
				back.n++
			}
		}
	}
	g.slides = new([64][64]uint64)
	random := rand.New(rand.NewPCG(0x7e77ace, uint64(n)))
	for s := 0; s < 64; s++ {
		var mask uint64
		for _, r := range rays[s] {
			for _, t := range r.sq[:r.n] {
				mask |= 1 << t
			}
		}
		// list is the slide list when the blockers are b.
		list := func(b uint64) uint64 {
			var l uint64
			at := 0
			for _, r := range rays[s] {
				for _, t := range r.sq[:r.n] {
					if b>>t&1 != 0 {
						break
					}
					l |= uint64(t|slideMark) << at
					at += 8
				}
			}
			return l
		}
		// A magic sends two blocker sets to one index only when they give
		// the same list. It is drawn at random from a fixed seed, so the
		// tables are the same in every run; a terrace has at most 7
		// squares and a square at most 16 lists, so a few draws suffice.
		for magic := uint64(0); mask != 0; magic = random.Uint64() & random.Uint64() & random.Uint64() {
			var slot [64]uint64
			var used [64]bool
			ok := true
			for b := uint64(0); ok; b = (b - mask) & mask { // every subset of mask
				i, l := b*magic>>58, list(b)
				ok = !used[i] || slot[i] == l
				used[i], slot[i] = true, l
				if b == mask {
					break
				}
			}
			if ok {
				g.slideMask[s], g.slideMagic[s], g.slides[s] = mask, magic, slot
				break
			}
		}
	}
	return g
}

// slideList returns the slide list of square s when the other players'
// pieces are opp.
func (g *geometry) slideList(s int, opp uint64) uint64 {
	s &= 63
	return g.slides[s][(opp&g.slideMask[s])*g.slideMagic[s]>>58]
}

// goals[geo][multi][seat] is a square index.
var goals = [2][2][4]int8{
	{{63, 0, 0, 0}, {63, 0, 0, 63}}, // 8x8: h8, a1 / h8, a1, a1, h8
	{{45, 0, 0, 0}, {45, 0, 45, 0}}, // 6x6: f6, a1 / f6, a1, f6, a1
}

// goalCorners[geo] are the goal squares of every seat: the Low corners.
var goalCorners = [2]uint64{1 | 1<<63, 1 | 1<<45}

func goalIndex(geo uint8, players, seat int) int8 {
	multi := 0
	if players > 2 {
		multi = 1
	}
	return goals[geo&1][multi][seat&3]
}
