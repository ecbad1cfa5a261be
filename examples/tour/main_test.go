package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

func TestTourPlaysEveryRegisteredVariant(t *testing.T) {
	var out bytes.Buffer
	maxPlies := 300
	if testing.Short() {
		maxPlies = 40
	}
	if err := tour(&out, options{seed: 1, every: 25, maxPlies: maxPlies}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "engines present") {
		t.Fatalf("no header in the tour output:\n%s", text)
	}
	for _, g := range boardrules.Games() {
		for _, v := range g.Variants {
			if !strings.Contains(text, "variant "+v+",") {
				t.Errorf("the tour did not play %s variant %s", g.Name, v)
			}
		}
	}
	if n := strings.Count(text, "Final position"); n != countVariants() {
		t.Errorf("%d games finished, want one per variant (%d)", n, countVariants())
	}
}

func TestTourUnknownGame(t *testing.T) {
	var out bytes.Buffer
	if len(boardrules.Games()) == 0 {
		t.Skip("no engine linked in")
	}
	if err := tour(&out, options{game: "chess", maxPlies: 1}); err == nil {
		t.Error("tour of an unknown game did not fail")
	}
}

func countVariants() int {
	n := 0
	for _, g := range boardrules.Games() {
		n += len(g.Variants)
	}
	return n
}
