package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

// TestEveryVariantPlayable: the options of each game word reach every
// variant the registry lists for it, and each starts a board; Crumble's
// boards of any size the registry's New accepts, with either player first
// and any draw rule, start too.
func TestEveryVariantPlayable(t *testing.T) {
	// The options that, alone or two together, reach a word's variants.
	options := map[string][]string{
		"tumble":     {"-c", "-pbmserv", "-classic", "-boardspace"},
		"terrace":    {"-short", "-medium", "-long", "-master"},
		"terrace6x6": {"-short", "-medium", "-long", "-master"},
		"flooprail":  {"-normal", "-reverse", "-misere", "-losing"},
		"crumble":    {"-6x6", "-8x8", "-white", "-nodraws"},
	}
	for _, w := range gameWords() {
		info, _ := boardrules.Lookup(w.game)
		opts, ok := options[w.word]
		if !ok {
			for _, v := range info.Variants {
				opts = append(opts, "-"+v)
			}
		}
		reached := map[string]bool{}
		try := func(players int, o ...string) {
			if v, err := w.variant(o, players); err == nil {
				reached[v] = true
			}
		}
		for players := 2; players <= 4; players++ {
			try(players)
			for i, a := range opts {
				try(players, a)
				for _, b := range opts[i+1:] {
					try(players, a, b)
				}
			}
		}
		for _, v := range info.Variants {
			if strings.HasPrefix(v, w.prefix) && !reached[v] {
				t.Errorf("%s: no options reach the registry's variant %q (reached %v)", w.word, v, reached)
			}
		}
		for v := range reached {
			if _, err := info.New(v); err != nil {
				t.Errorf("%s: options give the variant %q, which New refuses: %v", w.word, v, err)
			}
		}
	}

	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	for _, c := range []struct{ opts, variant string }{
		{"-2x2", "2x2"},
		{"-32x32", "32x32"},
		{"-4x9 -white", "4x9-white"},
		{"-nodraws -5x7 -white", "5x7-white-nodraws"},
		{"-12x12 -repetition", "12x12-repetition"},
		{"-renewables", "6x6-renewables"},
		{"-black -8x8", "8x8"},
	} {
		r := s.Execute(context.Background(), "crumble challenge alice bob "+c.opts)
		if !strings.Contains(r, " created\n") || !strings.Contains(r, "crumble ("+c.variant+")") {
			t.Errorf("crumble challenge %s: %q, want a board of %s", c.opts, firstLineOf(r), c.variant)
		}
	}
}

// TestConflictingOptions: two options that choose one thing differently
// are refused with an error naming both, not decided by the last one.
func TestConflictingOptions(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	for line, want := range map[string]string{
		"crumble challenge alice bob -6x6 -8x8":            "options -6x6 and -8x8: choose one board size",
		"crumble challenge alice bob -white -black":        "options -white and -black: choose one first player",
		"crumble challenge alice bob -nodraws -repetition": "options -nodraws and -repetition: choose one draw rule",
		"tumble challenge alice bob -classic -boardspace":  "options -classic and -boardspace: choose one rule set",
		"flooprail challenge alice bob -normal -misere":    "options -normal and -misere: choose one game",
		"terrace6x6 challenge alice bob -master -short":    "options -master and -short: choose one setup",
		"pebbles challenge alice bob -10 -21":              "options -10 and -21: choose one variant",
	} {
		r := s.Execute(context.Background(), line)
		if !strings.HasPrefix(r, "error: ") || !strings.Contains(r, want) {
			t.Errorf("%s: %q, want an error saying %q", line, r, want)
		}
	}
	// The same choice twice is no conflict.
	for _, line := range []string{"crumble challenge alice bob -8x8 -8x8", "flooprail challenge alice bob -misere -losing"} {
		mustExec(t, s, line)
	}
}

// TestHelpListsTheRegistry: help, the front page's list and a challenge's
// error list every variant the registry has for each game word, and the
// registry's syntax of the names where it has one.
func TestHelpListsTheRegistry(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	help := mustExec(t, s, "help")
	for _, w := range gameWords() {
		info, _ := boardrules.Lookup(w.game)
		line := ""
		for l := range strings.Lines(help) {
			if strings.HasPrefix(l, "  "+w.word+": ") {
				line = l
			}
		}
		if line == "" {
			t.Errorf("help has no line for %s:\n%s", w.word, help)
			continue
		}
		for _, v := range info.Variants {
			if strings.HasPrefix(v, w.prefix) && !strings.Contains(line, v) {
				t.Errorf("help's line for %s lacks the variant %s: %q", w.word, v, line)
			}
		}
		if info.VariantSyntax != "" && !strings.Contains(line, info.VariantSyntax) {
			t.Errorf("help's line for %s lacks the syntax %q: %q", w.word, info.VariantSyntax, line)
		}
	}
	registerAliceAndBob(t, s)
	r := s.Execute(context.Background(), "crumble challenge alice bob -1x40")
	info, _ := boardrules.Lookup("crumble")
	for _, v := range info.Variants {
		if !strings.Contains(r, v) {
			t.Errorf("a refused size's error lacks the variant %s: %q", v, r)
		}
	}
	if !slices.Contains(info.Variants, "6x6") {
		t.Errorf("crumble's registry variants %v lack the default 6x6", info.Variants)
	}
}

// TestCrumbleBoardHasCoordinates: a Crumble board is replied with its
// coordinates, x below and y on the left, since its moves name points by
// walking to them.
func TestCrumbleBoardHasCoordinates(t *testing.T) {
	s := newTestServer(t, "")
	registerAliceAndBob(t, s)
	r := mustExec(t, s, "crumble challenge alice bob -4x4")
	for _, want := range []string{"\n 3 ", "\n 0 ", "\n   0 1 2 3\n", "(each square is 2x2 letters)"} {
		if !strings.Contains(r, want) {
			t.Errorf("the board reply lacks %q:\n%s", want, r)
		}
	}
}
