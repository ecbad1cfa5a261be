package conventions_test

import (
	"fmt"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
)

// The crumble package doc's example, line by line (internal/apicheck's
// TestDocSamplesAreChecked finds a doc's samples in the module's tests).
func Example_crumblePackageDoc() {
	p := crumble.Standard()
	m, err := p.ParseMove("0,1HN")
	if err != nil {
		panic(err)
	}
	p, _ = p.Play(m)
	fmt.Print(p)
	fmt.Println(p.ColorOf(p.ToMove()))
	if o := p.Outcome(); o.Status == boardrules.Win {
		fmt.Println(o.Reason)
	}
	// Output:
	// BBwwBBwwBBww
	// BBwwBBwwBBww
	// wwBBwwBBwwBB
	// wwBBwwBBwwBB
	// BBwwBBwwBBww
	// BBwwBBwwBBww
	// BBBBwwBBwwBB
	// BBBBwwBBwwBB
	// wwwwBBwwBBww
	// BBwwBBwwBBww
	// wwBBwwBBwwBB
	// wwBBwwBBwwBB
	// White
}
