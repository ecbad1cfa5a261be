package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

func TestPerftEveryGameAtDepth2(t *testing.T) {
	for _, g := range boardrules.Games() {
		p, err := g.New(g.Variants[0])
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := run(&out, g.Name, "", "", 2, false, false); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("perft(2) = %d in", boardrules.AnyPerft(p, 2))
		if !strings.Contains(out.String(), want) {
			t.Errorf("%s: output %q lacks %q", g.Name, out.String(), want)
		}
		out.Reset()
		if err := run(&out, g.Name, "", "", 1, true, false); err != nil {
			t.Fatal(err)
		}
		if lines := strings.Count(out.String(), "\n"); lines != len(p.LegalMoves())+1 {
			t.Errorf("%s -divide printed %d lines, want one per move plus the total", g.Name, lines)
		}
	}
}

func TestPerftErrors(t *testing.T) {
	var out bytes.Buffer
	for _, c := range []struct{ game, code string }{{"", ""}, {"chess", ""}, {"", "chess 1"}} {
		if err := run(&out, c.game, "", c.code, 1, false, false); err == nil {
			t.Errorf("run(game %q, code %q) did not fail", c.game, c.code)
		}
	}
	if err := run(&out, "", "", "", 1, false, true); err != nil {
		t.Errorf("-list failed: %v", err)
	}
}
