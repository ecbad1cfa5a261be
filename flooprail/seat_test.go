package flooprail_test

import (
	"fmt"
	"testing"

	"github.com/boardrules/boardrules/flooprail"
)

func TestSeatName(t *testing.T) {
	p := flooprail.Standard()
	if p.SeatName(p.PlayerOf(flooprail.O)) != "O" || p.SeatName(p.PlayerOf(flooprail.X)) != "X" || p.SeatName(2) != "" {
		t.Errorf("seats %q %q %q", p.SeatName(0), p.SeatName(1), p.SeatName(2))
	}
	if fmt.Sprint(flooprail.O, flooprail.X) != "O X" || p.ColorOf(0) != flooprail.O || p.PlayerOf(flooprail.X) != 1 {
		t.Errorf("O and X print as %v %v, seat 0 plays %v, X is seat %d", flooprail.O, flooprail.X, p.ColorOf(0), p.PlayerOf(flooprail.X))
	}
}
