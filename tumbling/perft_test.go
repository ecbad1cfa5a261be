package tumbling_test

import (
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/tumbling"
)

// perftTable pins the move generators: depths 1-3 from both layouts under
// every rule set, depth 4 in the long run. Depth 1 is the table of move counts in the package documentation's
// test vectors (152, 148, 97, 91); depth 2
// is checked against the reference implementation (reference_test.go), and
// depth 3 too in the long run. Pbmserv and Classic agree because no game
// ends within four plies of either start.
var perftTable = []struct {
	v     tumbling.Variant
	nodes [5]uint64
}{
	{tumbling.Variant{Rules: tumbling.Pbmserv}, [5]uint64{1, 152, 23096, 3440208, 512199315}},
	{tumbling.Variant{Rules: tumbling.Pbmserv, Layout: tumbling.CornerLayout}, [5]uint64{1, 148, 21904, 3154640, 454267860}},
	{tumbling.Variant{Rules: tumbling.Classic}, [5]uint64{1, 152, 23096, 3440208, 512199315}},
	{tumbling.Variant{Rules: tumbling.Classic, Layout: tumbling.CornerLayout}, [5]uint64{1, 148, 21904, 3154640, 454267860}},
	{tumbling.Variant{Rules: tumbling.Boardspace}, [5]uint64{1, 97, 9401, 885000, 83201267}},
	{tumbling.Variant{Rules: tumbling.Boardspace, Layout: tumbling.CornerLayout}, [5]uint64{1, 91, 8281, 727508, 63879884}},
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		p, _ := tumbling.New(c.v)
		maxDepth := 4
		if testing.Short() || c.v.Rules == tumbling.Classic {
			maxDepth = 3 // Classic's depth 4 repeats Pbmserv's
		}
		for d := 0; d <= maxDepth; d++ {
			if got := boardrules.Perft(p, d); got != c.nodes[d] {
				t.Errorf("%v: perft(%d) = %d, want %d", c.v, d, got, c.nodes[d])
			}
		}
	}
}

// TestDivide: the counts per first move add up to perft.
func TestDivide(t *testing.T) {
	p := tumbling.Standard()
	d := boardrules.Divide(p, 2)
	var sum uint64
	for _, n := range d {
		sum += n
	}
	if len(d) != 152 || sum != 23096 {
		t.Errorf("Divide(2): %d moves, %d nodes", len(d), sum)
	}
	// Only C2-D3T reaches White's men (F5), taking F5's 8 man moves away.
	if d["C2-D3T"] != 144 || d["C1-C2T"] != 152 {
		t.Errorf("Divide: C2-D3T %d, C1-C2T %d", d["C2-D3T"], d["C1-C2T"])
	}
}

// TestPerft3AgainstReference counts depth 3 with the reference (long run).
func TestPerft3AgainstReference(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	for _, c := range []tumbling.Variant{{}, {Rules: tumbling.Boardspace, Layout: tumbling.CornerLayout}} {
		p, _ := tumbling.New(c)
		r := refFrom(p)
		var n uint64
		for _, m1 := range p.LegalMoves() {
			p1, r1 := p.PlayUnchecked(m1), r.play(m1)
			for _, m2 := range p1.LegalMoves() {
				n += uint64(len(r1.play(m2).moves()))
			}
		}
		if got := boardrules.Perft(p, 3); got != n {
			t.Errorf("%v: perft(3) = %d, reference %d", c, got, n)
		}
	}
}
