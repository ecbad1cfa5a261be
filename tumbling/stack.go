package tumbling

import (
	"math/bits"
	"strconv"

	"github.com/boardrules/boardrules"
)

// A stack is packed into one uint64: the low 6 bits hold the height (0 to
// 58) and bit 6+i the colour of man i counted from the bottom (0 Black,
// 1 White). 6 + 58 bits fill the word exactly, and an empty square is 0.

const heightMask = 63

func height(v uint64) int { return int(v & heightMask) }

// topColor is the colour of the top man of a non-empty stack.
func topColor(v uint64) Color { return Color(v >> (5 + v&heightMask) & 1) }

// pureStack is a stack of h men of colour c.
func pureStack(c Color, h int) uint64 {
	if c == White {
		return uint64(1)<<(6+h) - 1<<6 | uint64(h)
	}
	return uint64(h)
}

// runCount is the number of runs (maximal one-colour blocks) of v.
func runCount(v uint64) int {
	h := v & heightMask
	if h == 0 {
		return 0
	}
	cols := v >> 6
	// One transition between neighbouring men per boundary between runs.
	return 1 + bits.OnesCount64((cols^cols>>1)&(uint64(1)<<(h-1)-1))
}

// pureColor is the colour of a pure stack, or NoColor.
func pureColor(v uint64) Color {
	h := v & heightMask
	switch cols := v >> 6; {
	case h == 0:
		return NoColor
	case cols == 0:
		return Black
	case cols == uint64(1)<<h-1:
		return White
	}
	return NoColor
}

// Run is a maximal block of men of one colour within a stack, as Runs lists
// them: a description of the stack's layers (Color and Count), not a piece.
type Run struct {
	Color Color // the colour of the run's men
	Count int   // how many men, 1 or more
}

// Stack is the column of men on one square, as Position.At reads it: a small
// comparable value (16 bytes). The zero Stack is an empty square.
//
// A stack's owner is a seat, and which colour seat 0 plays depends on the
// rules (Black under Pbmserv and Classic, White under Boardspace), so a
// Stack read by At also carries the colour of seat 0 under the position's
// rules; Owner needs it, and nothing else does. Two non-empty Stacks are ==
// when they hold the same men, bottom to top, and were read under rules
// that number the seats alike; every empty square reads as the zero Stack.
type Stack struct {
	v     uint64 // the packed men (see above)
	first Color  // the colour of seat 0 where the stack was read; Black in the zero Stack
}

// Height is the number of men, 0 to 58.
func (s Stack) Height() int { return height(s.v) }

// Color is the colour of the top man, or NoColor when the square is empty.
// Only the player of that colour may move a man from the stack or tumble
// it.
func (s Stack) Color() Color {
	if s.v == 0 {
		return NoColor
	}
	return topColor(s.v)
}

// Owner is the seat that plays the colour of the top man under the rules
// of the position the stack was read from (Player 0 is Black under Pbmserv
// and Classic, White under Boardspace), or boardrules.NoPlayer when the
// square is empty.
func (s Stack) Owner() boardrules.Player {
	if s.v == 0 {
		return boardrules.NoPlayer
	}
	return boardrules.Player(topColor(s.v) ^ s.first)
}

// Man returns the colour of man i counted from the bottom (0), or NoColor
// when i is not in 0..Height()-1.
func (s Stack) Man(i int) Color {
	if i < 0 || i >= s.Height() {
		return NoColor
	}
	return Color(s.v >> (6 + i) & 1)
}

// Pure reports whether the stack is non-empty and of one colour.
func (s Stack) Pure() bool { return pureColor(s.v) != NoColor }

// Runs returns the runs from the bottom, or nil for an empty square.
func (s Stack) Runs() []Run {
	var out []Run
	h := s.Height()
	for i := 0; i < h; {
		c := s.Man(i)
		j := i + 1
		for j < h && s.Man(j) == c {
			j++
		}
		out = append(out, Run{c, j - i})
		i = j
	}
	return out
}

// String is the stack as in a position code: its runs from the bottom,
// letter and count, no spaces ("B2W1B1W2B3"); "" when empty.
func (s Stack) String() string {
	return string(s.appendCode(nil))
}

func (s Stack) appendCode(b []byte) []byte {
	for _, r := range s.Runs() {
		b = append(b, r.Color.letter())
		b = strconv.AppendInt(b, int64(r.Count), 10)
	}
	return b
}
