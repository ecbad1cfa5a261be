package tumbling_test

import (
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/tumbling"
)

// TestSeatName: seats are named by colour, and the colour of seat 0
// depends on the rules.
func TestSeatName(t *testing.T) {
	for _, c := range []struct {
		v          tumbling.Variant
		seat0, one string
	}{
		{tumbling.Variant{}, "Black", "White"},
		{tumbling.Variant{Rules: tumbling.Classic}, "Black", "White"},
		{tumbling.Variant{Rules: tumbling.Boardspace}, "White", "Black"},
	} {
		p, _ := tumbling.New(c.v)
		if p.SeatName(0) != c.seat0 || p.SeatName(1) != c.one || p.SeatName(2) != "" || p.SeatName(boardrules.NoPlayer) != "" {
			t.Errorf("%v: seats %q %q %q %q", c.v, p.SeatName(0), p.SeatName(1), p.SeatName(2), p.SeatName(boardrules.NoPlayer))
		}
		// The colour's String spells the seat the same way.
		if p.ColorOf(0).String() != c.seat0 || p.ColorOf(1).String() != c.one {
			t.Errorf("%v: colours %v %v, seats %q %q", c.v, p.ColorOf(0), p.ColorOf(1), c.seat0, c.one)
		}
	}
}
