package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardrules/boardrules"

	// The engines, linked in for their registration. The server finds games
	// only through the registry, so adding an engine is adding its import.
	_ "github.com/boardrules/boardrules/crumble"
	_ "github.com/boardrules/boardrules/flooprail"
	_ "github.com/boardrules/boardrules/terrace"
	_ "github.com/boardrules/boardrules/tumbling"
)

// A gameWord is a game's name in commands, the registry's ("tumbling",
// "terrace"), or an older name kept as an alias so that the commands of
// older boards and players still work ("tumble", "terrace6x6"), and the
// way its challenge options and number of players choose a registry
// variant.
type gameWord struct {
	word    string // "tumbling", or an alias: "tumble"
	game    string // registry name: "tumbling"
	options string // the options, for help and errors
	// variant returns the registry variant for the options given (each
	// lower-cased, with its '-') and the number of users challenged.
	variant func(opts []string, players int) (string, error)
	// alias is the word's meaning when it is an older name: "tumbling",
	// "terrace -6x6". "" for a registry name.
	alias string
	// byName: the options are the registry's variant names, "-" before
	// each, so help need not list the variants twice.
	byName bool
}

// defaultMaxMoves is the move limit of every game: well beyond any game
// played to win (Tumbling Down and Terrace games take tens of moves,
// Crumble and FloopRail a few hundred at most), and it bounds what a board
// costs: its record, its history reply, a past position's replay.
const defaultMaxMoves = 1000

// crumbleMaxMoves is Crumble's: a move on a board with the automatic draw
// rules replays the record (needsHistory), as do history and "board
// N#k", and a checked Crumble Play grows dear as pieces multiply (doc.go
// has the figures): a replay of 200 moves takes 10 to 45 ms of CPU up to
// 12x12 and 85 to 190 ms on 32x32, where 500 moves took up to 0.7 s.
// Games played to win end far sooner.
const crumbleMaxMoves = 200

// moveLimit is the move limit of a board's game, or the server's when
// set.
func (s *Server) moveLimit(b *Board) int {
	if s.limits.MaxMoves > 0 {
		return s.limits.MaxMoves
	}
	if b.Game == "crumble" {
		return crumbleMaxMoves
	}
	return defaultMaxMoves
}

// needsHistory reports whether a board's rules look at the game's past,
// which a position code does not carry: Crumble's automatic draws
// (threefold repetition, renewable iteration) in every variant but
// "-nodraws". A move on such a board is played on its record replayed,
// not on its decoded position, so that the rules see what they need; the
// move limit bounds that replay.
func needsHistory(b *Board) bool {
	return b.Game == "crumble" && !strings.HasSuffix(b.Variant, "nodraws")
}

// variantOption is the option that names a registry variant outright,
// in any game: "-variant 6-long" (or "-variant=6-long"), as the other
// programs' -variant flag does.
const variantOption = "-variant"

// gameWords lists the words of the registered games: each game's registry
// name, then the older names kept as aliases. pbmserv's own games keep
// pbmserv's options (which build a variant's name from its parts); any
// other registered game takes an option per variant ("-8x8"); every game
// takes -variant NAME. Between them the options reach every variant the
// registry's New accepts.
func gameWords() []gameWord {
	const terraceOptions = "-8x8 or -6x6 (board, default -8x8), -short, -medium, -long or -master (setup, default -long); 3 or 4 users for the multi-player game"
	const tumblingOptions = "-c (corner layout), -pbmserv, -classic or -boardspace (rule set)"
	own := map[string]gameWord{
		"tumbling":  {options: tumblingOptions, variant: tumbleVariant},
		"terrace":   {options: terraceOptions, variant: terraceVariant(8)},
		"flooprail": {options: "-normal, or -reverse (also -misere, -losing)", variant: floopVariant},
		"crumble":   {options: "-WxH board size (2x2 to 32x32, default -6x6), -white or -black (who moves first), -repetition, -renewables or -nodraws (draw rules)", variant: crumbleVariant},
	}
	var out []gameWord
	for _, g := range boardrules.Games() {
		w, ok := own[g.Name]
		if !ok {
			w = gameWord{options: "-" + strings.Join(g.Variants, ", -"), variant: anyVariant(g), byName: true}
		}
		w.word, w.game = g.Name, g.Name
		out = append(out, w)
	}
	aliases := []gameWord{
		{word: "tumble", game: "tumbling", alias: "tumbling", options: tumblingOptions, variant: tumbleVariant},
		{word: "terrace6x6", game: "terrace", alias: "terrace -6x6", options: terraceOptions, variant: terraceVariant(6)},
	}
	for _, a := range aliases {
		if _, ok := boardrules.Lookup(a.game); ok {
			out = append(out, a)
		}
	}
	return out
}

// chooseVariant is the registry variant the options choose: the one
// -variant names, or the one the word's own options build.
func (w gameWord) chooseVariant(opts []string, players int) (string, error) {
	for _, o := range opts {
		name, ok := strings.CutPrefix(o, variantOption+"=")
		if !ok {
			continue
		}
		if len(opts) > 1 {
			return "", fmt.Errorf("%s names the variant whole: give no other option with it", variantOption)
		}
		return name, nil
	}
	return w.variant(opts, players)
}

// variants names the registry's variants, and the registry's syntax of
// every name where it has one: for help and for the errors of a
// challenge.
func (w gameWord) variants() string {
	info, ok := boardrules.Lookup(w.game)
	if !ok {
		return ""
	}
	s := "variants: " + strings.Join(info.Variants, ", ")
	if info.VariantSyntax != "" {
		s += "; any of " + info.VariantSyntax
	}
	return s
}

// describe is the word's options and variants, for help and errors.
func (w gameWord) describe() string {
	s := w.options
	if w.alias != "" {
		s = "the older name of " + w.alias + ": " + s
	}
	s += "; or " + variantOption + " NAME"
	if w.byName {
		if info, _ := boardrules.Lookup(w.game); info.VariantSyntax != "" {
			return s + "; any of " + info.VariantSyntax
		}
		return s
	}
	return s + "; " + w.variants()
}

func findWord(word string) (gameWord, bool) {
	for _, w := range gameWords() {
		if w.word == word {
			return w, true
		}
	}
	return gameWord{}, false
}

func twoPlayers(players int) error {
	if players != 2 {
		return fmt.Errorf("this game is for 2 players, %d users given", players)
	}
	return nil
}

// choice is one of a challenge's choices (a rule set, a board size, who
// starts): options that set it differently are refused, not silently
// decided by the last one.
type choice struct {
	what   string // "rule set", for the error
	option string // the option that set it
	value  string
}

func (c *choice) set(option, value string) error {
	if c.option != "" && c.value != value {
		return fmt.Errorf("options %s and %s: choose one %s", c.option, option, c.what)
	}
	c.option, c.value = option, value
	return nil
}

// or is the value chosen, or def when no option chose one.
func (c *choice) or(def string) string {
	if c.option == "" {
		return def
	}
	return c.value
}

func tumbleVariant(opts []string, players int) (string, error) {
	rules := choice{what: "rule set"}
	corner := false
	for _, o := range opts {
		var err error
		switch o {
		case "-c", "-corner":
			corner = true
		case "-pbmserv", "-classic", "-boardspace":
			err = rules.set(o, o[1:])
		default:
			err = fmt.Errorf("unknown option %s (help lists the options)", quote(o))
		}
		if err != nil {
			return "", err
		}
	}
	v := rules.or("pbmserv")
	if corner {
		v += "-corner"
	}
	return v, twoPlayers(players)
}

// terraceVariant builds Terrace's variant names ("8-long", "6-4p") from
// the options, on a board of def squares a side unless -8x8 or -6x6 says
// otherwise.
func terraceVariant(def int) func([]string, int) (string, error) {
	return func(opts []string, players int) (string, error) {
		setup, board := choice{what: "setup"}, choice{what: "board"}
		for _, o := range opts {
			var err error
			switch o {
			case "-short", "-medium", "-long", "-master":
				err = setup.set(o, o[1:])
			case "-8x8", "-6x6":
				err = board.set(o, o[1:2])
			default:
				err = fmt.Errorf("unknown option %s (help lists the options)", quote(o))
			}
			if err != nil {
				return "", err
			}
		}
		size := board.or(strconv.Itoa(def))
		switch players {
		case 2:
			return size + "-" + setup.or("long"), nil
		case 3, 4:
			if v := setup.or("long"); v != "long" {
				return "", fmt.Errorf("option -%s is for 2 players only", v)
			}
			return fmt.Sprintf("%s-%dp", size, players), nil
		}
		return "", fmt.Errorf("this game is for 2 to 4 players, %d users given", players)
	}
}

func floopVariant(opts []string, players int) (string, error) {
	game := choice{what: "game"}
	for _, o := range opts {
		var err error
		switch o {
		case "-normal":
			err = game.set(o, "normal")
		case "-reverse", "-misere", "-losing":
			err = game.set(o, "reverse")
		default:
			err = fmt.Errorf("unknown option %s (help lists the options)", quote(o))
		}
		if err != nil {
			return "", err
		}
	}
	return game.or("normal"), twoPlayers(players)
}

// crumbleVariant builds the variant name from the options, in the
// registry's syntax (WxH[-white][-repetition|-renewables|-nodraws]); the
// engine's New then checks it (sizes 2 to 32 each way).
func crumbleVariant(opts []string, players int) (string, error) {
	size, first, draws := choice{what: "board size"}, choice{what: "first player"}, choice{what: "draw rule"}
	for _, o := range opts {
		var err error
		switch {
		case o == "-white" || o == "-black":
			err = first.set(o, o[1:])
		case o == "-repetition" || o == "-renewables" || o == "-nodraws":
			err = draws.set(o, o)
		case len(o) > 1 && strings.Contains(o, "x") && strings.Trim(o[1:], "0123456789x") == "":
			err = size.set(o, o[1:])
		default:
			err = fmt.Errorf("unknown option %s (help lists the options)", quote(o))
		}
		if err != nil {
			return "", err
		}
	}
	v := size.or("6x6")
	if first.or("black") == "white" {
		v += "-white"
	}
	return v + draws.or(""), twoPlayers(players)
}

func anyVariant(g boardrules.GameInfo) func([]string, int) (string, error) {
	return func(opts []string, players int) (string, error) {
		v := choice{what: "variant"}
		for _, o := range opts {
			if !slices.Contains(g.Variants, o[1:]) {
				return "", fmt.Errorf("unknown option %s (help lists the options)", quote(o))
			}
			if err := v.set(o, o[1:]); err != nil {
				return "", err
			}
		}
		return v.or(g.Variants[0]), nil
	}
}
