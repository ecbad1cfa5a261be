package crumble_test

import (
	"fmt"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
)

// rectText prints a piece as "colour x,y,w,h".
func rectText(pc crumble.Piece) string {
	return fmt.Sprintf("%v %v,%v,%v,%v", pc.Color(), pc.X(), pc.Y(), pc.W(), pc.H())
}

func ExamplePosition_Trace() {
	p, err := boardrules.Replay(crumble.Standard(), "2,1HN", "3,4V", "0,1HN")
	if err != nil {
		panic(err)
	}
	// White splits its square (1,3) (the staircase 1,4: one intersection
	// East, four North) and its upper half travels North, South, South.
	m, err := p.ParseMove("1,4HNSS")
	if err != nil {
		panic(err)
	}
	fmt.Println(m, "is a", m.Base(), "with the path", m.SwapPath())
	steps, err := p.Trace(m)
	if err != nil {
		panic(err)
	}
	for _, st := range steps {
		switch st.Kind {
		case crumble.StepSplit, crumble.StepJoin:
			fmt.Print(st.Kind, ":")
			for _, pc := range st.Removed {
				fmt.Print(" -", rectText(pc))
			}
			for _, pc := range st.Added {
				fmt.Print(" +", rectText(pc))
			}
			fmt.Println("; the path starts from", rectText(st.Start))
		case crumble.StepSwap:
			fmt.Printf("swap %c: %s <-> %s\n", st.Dir, rectText(st.From), rectText(st.To))
			for _, pc := range st.Captured {
				fmt.Println("  captured, now", rectText(pc))
			}
			if st.TravellerCaptured {
				fmt.Println("  the travelling piece is captured")
			}
			if st.Winner != boardrules.NoPlayer {
				fmt.Println("  wins:", p.SeatName(st.Winner))
			}
		}
	}
	// Output:
	// 1,4HNSS is a split with the path NSS
	// split: -White 1,3,1,1 +White 1,3,1,1/2 +White 1,7/2,1,1/2; the path starts from White 1,7/2,1,1/2
	// swap N: White 1,7/2,1,1/2 <-> Black 1,4,1,1
	//   captured, now Black 1,3,1,1/2
	// swap S: White 1,4,1,1 <-> Black 1,7/2,1,1/2
	// swap S: White 1,7/2,1,1/2 <-> Black 1,3,1,1/2
	//   captured, now Black 1,3,1,1/2
	//   the travelling piece is captured
}
