package cli

import "testing"

func TestWithCoordinates(t *testing.T) {
	got := WithCoordinates("BBww\nBBww\nwwBB\nwwBB", "2x2")
	want := "   BBww\n 1 BBww\n   wwBB\n 0 wwBB\n   0 1 \n   (each square is 2x2 letters)"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := WithCoordinates("crumble 6x6 ...", "6x6"); got != "crumble 6x6 ..." {
		t.Errorf("a position code was labelled: %q", got)
	}
	if got := WithCoordinates("Bw\nwB", "2x1-white"); got != "Bw\nwB" {
		t.Errorf("a drawing that does not fit its variant was labelled: %q", got)
	}
}
