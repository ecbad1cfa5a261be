package flooprail_test

import (
	"testing"

	"github.com/boardrules/boardrules/flooprail"
)

func TestSeatName(t *testing.T) {
	p := flooprail.Standard()
	if p.SeatName(flooprail.O) != "O" || p.SeatName(flooprail.X) != "X" || p.SeatName(2) != "" {
		t.Errorf("seats %q %q %q", p.SeatName(0), p.SeatName(1), p.SeatName(2))
	}
}
