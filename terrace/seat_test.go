package terrace_test

import (
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/terrace"
)

func TestSeatName(t *testing.T) {
	p, _ := terrace.New(terrace.Variant{Players: 4})
	want := []string{"Lowercase", "Uppercase", "Lowercase primed", "Uppercase primed", ""}
	for i, w := range want {
		if got := p.SeatName(boardrules.Player(i)); got != w {
			t.Errorf("SeatName(%d) = %q, want %q", i, got, w)
		}
	}
	if got := terrace.Standard().SeatName(2); got != "" {
		t.Errorf("two-player SeatName(2) = %q", got)
	}
	if got := p.SeatName(boardrules.NoPlayer); got != "" {
		t.Errorf("SeatName(NoPlayer) = %q", got)
	}
}
