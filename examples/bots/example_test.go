package bots_test

import (
	"context"
	"fmt"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/flooprail"
)

// A search on one engine's own types, at full speed.
func ExampleNewMCTS() {
	p := flooprail.Standard()
	s := bots.NewMCTS[flooprail.Position, flooprail.Move](bots.Options{Seed: 1, Nodes: 500})
	m, err := s.Choose(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = p.Play(m)
	fmt.Println("legal:", err == nil, "playouts:", s.Stats().Playouts)
	// Output: legal: true playouts: 500
}

// A bot for a game chosen at run time, through boardrules.Any.
func ExampleNew() {
	g, _ := boardrules.Lookup("terrace")
	p, _ := g.New("6-4p")
	b, _ := bots.New("greedy", bots.Options{Seed: 1})
	for p.Outcome().Status == boardrules.Ongoing {
		m, err := b.Move(context.Background(), p)
		if err != nil {
			fmt.Println(err)
			return
		}
		if p, err = p.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("the game ended:", p.Outcome().Status != boardrules.Ongoing)
	// Output: the game ended: true
}
