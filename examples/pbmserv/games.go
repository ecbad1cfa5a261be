package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/boardrules/boardrules"

	// The engines, linked in for their registration. The server finds games
	// only through the registry, so adding an engine is adding its import.
	_ "github.com/boardrules/boardrules/crumble"
	_ "github.com/boardrules/boardrules/flooprail"
	_ "github.com/boardrules/boardrules/terrace"
	_ "github.com/boardrules/boardrules/tumbling"
)

// A gameWord is a game's name in commands, as pbmserv spells it, and the way
// its challenge options and number of players choose a registry variant.
type gameWord struct {
	word    string // "tumble"
	game    string // registry name: "tumbling"
	options string // the options, for help and errors
	// variant returns the registry variant for the options given (each
	// lower-cased, with its '-') and the number of users challenged.
	variant func(opts []string, players int) (string, error)
	// maxMoves ends a game that goes on that long as a draw ("move
	// limit"), for games whose rules let it go on for ever.
	maxMoves int
	// prefix keeps the registry variants the word reaches ("8-" for
	// terrace, "6-" for terrace6x6); "" for all.
	prefix string
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
	if w, ok := findWord(b.Word); ok && w.maxMoves > 0 {
		return w.maxMoves
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

// gameWords lists the words of the registered games. pbmserv's own games
// keep pbmserv's words and options; any other registered game is reached by
// its registry name, with an option per variant ("-8x8"). Between them the
// options reach every variant the registry's New accepts.
func gameWords() []gameWord {
	var out []gameWord
	add := func(w gameWord) {
		if _, ok := boardrules.Lookup(w.game); ok {
			out = append(out, w)
		}
	}
	const terraceOptions = "-short, -medium, -long or -master; 3 or 4 users for the multi-player game"
	add(gameWord{word: "tumble", game: "tumbling", options: "-c (corner layout), -pbmserv, -classic or -boardspace (rule set)", variant: tumbleVariant})
	add(gameWord{word: "terrace", game: "terrace", options: terraceOptions, variant: terraceVariant(8), prefix: "8-"})
	add(gameWord{word: "terrace6x6", game: "terrace", options: terraceOptions, variant: terraceVariant(6), prefix: "6-"})
	add(gameWord{word: "flooprail", game: "flooprail", options: "-normal, or -reverse (also -misere, -losing)", variant: floopVariant})
	add(gameWord{word: "crumble", game: "crumble", options: "-WxH board size (2x2 to 32x32, default -6x6), -white or -black (who moves first), -repetition, -renewables or -nodraws (draw rules)", variant: crumbleVariant, maxMoves: crumbleMaxMoves})
	for _, g := range boardrules.Games() {
		if slices.ContainsFunc(out, func(w gameWord) bool { return w.game == g.Name }) {
			continue
		}
		out = append(out, gameWord{word: g.Name, game: g.Name, options: "-" + strings.Join(g.Variants, ", -"), variant: anyVariant(g), byName: true})
	}
	return out
}

// variants names the registry's variants that the word's options reach,
// and the registry's syntax of every name where it has one: for help and
// for the errors of a challenge.
func (w gameWord) variants() string {
	info, ok := boardrules.Lookup(w.game)
	if !ok {
		return ""
	}
	var names []string
	for _, v := range info.Variants {
		if strings.HasPrefix(v, w.prefix) {
			names = append(names, v)
		}
	}
	s := "variants: " + strings.Join(names, ", ")
	if info.VariantSyntax != "" {
		s += "; any of " + info.VariantSyntax
	}
	return s
}

// describe is the word's options and variants, for help and errors.
func (w gameWord) describe() string {
	if w.byName {
		if info, _ := boardrules.Lookup(w.game); info.VariantSyntax != "" {
			return w.options + "; any of " + info.VariantSyntax
		}
		return w.options
	}
	return w.options + "; " + w.variants()
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
			err = fmt.Errorf("unknown option %s", o)
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

func terraceVariant(size int) func([]string, int) (string, error) {
	return func(opts []string, players int) (string, error) {
		setup := choice{what: "setup"}
		for _, o := range opts {
			switch o {
			case "-short", "-medium", "-long", "-master":
				if err := setup.set(o, o[1:]); err != nil {
					return "", err
				}
			default:
				return "", fmt.Errorf("unknown option %s", o)
			}
		}
		switch players {
		case 2:
			return fmt.Sprintf("%d-%s", size, setup.or("long")), nil
		case 3, 4:
			if v := setup.or("long"); v != "long" {
				return "", fmt.Errorf("option -%s is for 2 players only", v)
			}
			return fmt.Sprintf("%d-%dp", size, players), nil
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
			err = fmt.Errorf("unknown option %s", o)
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
			err = fmt.Errorf("unknown option %s", o)
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
				return "", fmt.Errorf("unknown option %s", o)
			}
			if err := v.set(o, o[1:]); err != nil {
				return "", err
			}
		}
		return v.or(g.Variants[0]), nil
	}
}
