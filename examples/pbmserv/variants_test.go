package main

import (
	"context"
	"fmt"
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
		"tumbling":   {"-c", "-pbmserv", "-classic", "-boardspace"},
		"tumble":     {"-c", "-pbmserv", "-classic", "-boardspace"},
		"terrace":    {"-short", "-medium", "-long", "-master", "-6x6", "-8x8"},
		"terrace6x6": {"-short", "-medium", "-long", "-master"},
		"flooprail":  {"-normal", "-reverse", "-misere", "-losing"},
		"crumble":    {"-6x6", "-8x8", "-white", "-nodraws"},
	}
	reached := map[string]map[string]bool{} // by game
	for _, w := range gameWords() {
		info, _ := boardrules.Lookup(w.game)
		opts, ok := options[w.word]
		if !ok {
			for _, v := range info.Variants {
				opts = append(opts, "-"+v)
			}
		}
		if reached[w.game] == nil {
			reached[w.game] = map[string]bool{}
		}
		try := func(players int, o ...string) {
			if v, err := w.chooseVariant(o, players); err == nil {
				reached[w.game][v] = true
			}
		}
		for players := 2; players <= 4; players++ {
			try(players)
			for i, a := range opts {
				try(players, a)
				for _, b := range opts[i+1:] {
					try(players, a, b)
					if w.word == "terrace" {
						for _, c := range opts[i+1:] {
							try(players, a, b, c)
						}
					}
				}
			}
		}
		// -variant NAME names any of them outright.
		for _, v := range info.Variants {
			if got, err := w.chooseVariant([]string{variantOption + "=" + v}, 2); err != nil || got != v {
				t.Errorf("%s -variant %s: %q, %v", w.word, v, got, err)
			}
		}
	}
	for game, vs := range reached {
		info, _ := boardrules.Lookup(game)
		for _, v := range info.Variants {
			if !vs[v] {
				t.Errorf("%s: no options reach the registry's variant %q (reached %v)", game, v, vs)
			}
		}
		for v := range vs {
			if _, err := info.New(v); err != nil {
				t.Errorf("%s: options give the variant %q, which New refuses: %v", game, v, err)
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
		"crumble challenge alice bob -6x6 -8x8":             "options -6x6 and -8x8: choose one board size",
		"crumble challenge alice bob -white -black":         "options -white and -black: choose one first player",
		"crumble challenge alice bob -nodraws -repetition":  "options -nodraws and -repetition: choose one draw rule",
		"tumbling challenge alice bob -classic -boardspace": "options -classic and -boardspace: choose one rule set",
		"flooprail challenge alice bob -normal -misere":     "options -normal and -misere: choose one game",
		"terrace challenge alice bob -6x6 -master -short":   "options -master and -short: choose one setup",
		"pebbles challenge alice bob -10 -21":               "options -10 and -21: choose one variant",
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
			if !strings.Contains(line, v) {
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
	for _, want := range []string{"\n 3 ", "\n 0 ", "\n   0 1 2 3 \n", "(each square is 2x2 letters)"} {
		if !strings.Contains(r, want) {
			t.Errorf("the board reply lacks %q:\n%s", want, r)
		}
	}
}

// TestGameNames: the games are called by their registry names, as in
// every other program, and -variant names a registry variant outright;
// the older names stay as aliases, for the commands of boards made under
// them, and a board answers to any name of its game.
func TestGameNames(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	registerAliceAndBob(t, s)
	for _, c := range []struct{ line, want string }{
		{"tumbling challenge alice bob", "board 1: tumbling (pbmserv), "},
		{"tumble challenge alice bob -c", "board 2: tumbling (pbmserv-corner), "},
		{"terrace challenge alice bob -variant 6-long", "board 3: terrace (6-long), "},
		{"terrace6x6 challenge alice bob -short", "board 4: terrace (6-short), "},
		{"terrace challenge alice bob -6x6 -master", "board 5: terrace (6-master), "},
		{"crumble challenge alice bob -VARIANT=8x8-white", "board 6: crumble (8x8-white), "},
		{"terrace challenge alice bob bot:random -variant 6-3p", "board 7: terrace (6-3p), "},
	} {
		if r := mustExec(t, s, c.line); !strings.Contains(r, c.want) {
			t.Errorf("%s:\n%s", c.line, r)
		}
	}
	for line, want := range map[string]string{
		"terrace challenge alice bob -variant 6-long -short": "-variant names the variant whole: give no other option with it",
		"terrace challenge alice bob -variant":               "-variant needs a variant's name after it",
		"terrace challenge alice bob -variant 9-long":        `terrace has no variant "9-long"`,
		"tumbling challenge alice bob -variant 6-long":       `tumbling has no variant "6-long"`,
	} {
		if r := s.Execute(context.Background(), line); !strings.HasPrefix(r, "error: ") || !strings.Contains(r, want) {
			t.Errorf("%s: %q, want an error saying %q", line, r, want)
		}
	}
	// A board made under an older name answers to both.
	first := firstLegal(t, s, 2)
	mustExec(t, s, "tumble move 2 alice a "+first)
	if r := mustExec(t, s, "tumbling board 2"); !strings.Contains(r, "move #2: bob") {
		t.Errorf("tumbling board 2 after a move sent as tumble:\n%s", r)
	}
	if r := s.Execute(context.Background(), "terrace6x6 board 2"); r != "error: board 2 is a tumbling game: use tumbling ...\n" {
		t.Errorf("a Tumbling Down board read as terrace6x6: %q", r)
	}
	start, _ := variantStart("tumbling", "pbmserv")
	code, _ := start.MarshalText()
	old := &Board{Word: "tumble", Game: "tumbling", Variant: "pbmserv", Players: []string{"alice", "bob"}, Position: string(code), Created: s.now()}
	id, err := s.store.NewBoardWithin(context.Background(), old, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"tumble", "tumbling"} {
		if r := mustExec(t, s, fmt.Sprintf("%s board %d", word, id)); !strings.Contains(r, fmt.Sprintf("board %d: tumbling (pbmserv)", id)) {
			t.Errorf("%s board %d, a board stored as tumble:\n%s", word, id, r)
		}
	}
	// -list names the registry's games and variants, as every program's
	// does, and the older names.
	var out, errb strings.Builder
	if code := run([]string{"-list"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("pbmserv -list: exit %d, %s", code, errb.String())
	}
	for _, g := range boardrules.Games() {
		if !strings.Contains(out.String(), g.Name+" ") || !strings.Contains(out.String(), g.Variants[0]) {
			t.Errorf("pbmserv -list lacks %s or its variant %s:\n%s", g.Name, g.Variants[0], out.String())
		}
	}
	for _, w := range []string{"tumble: the older name of tumbling", "terrace6x6: the older name of terrace -6x6"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("pbmserv -list lacks %q:\n%s", w, out.String())
		}
	}
}
