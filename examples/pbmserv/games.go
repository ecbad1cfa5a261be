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
// its registry name, with an option per variant ("-8x8").
func gameWords() []gameWord {
	var out []gameWord
	add := func(w gameWord) {
		if _, ok := boardrules.Lookup(w.game); ok {
			out = append(out, w)
		}
	}
	add(gameWord{word: "tumble", game: "tumbling", options: "-c (corner layout), -classic or -boardspace (rule set)", variant: tumbleVariant})
	add(gameWord{word: "terrace", game: "terrace", options: "-short, -medium, -long or -master; 3 or 4 users for the multi-player game", variant: terraceVariant(8)})
	add(gameWord{word: "terrace6x6", game: "terrace", options: "-short, -medium, -long or -master; 3 or 4 users for the multi-player game", variant: terraceVariant(6)})
	add(gameWord{word: "flooprail", game: "flooprail", options: "-reverse, -misere or -losing (the reverse game)", variant: floopVariant})
	add(gameWord{word: "crumble", game: "crumble", options: "-WxH board size (default -6x6), -white (White moves first), -repetition, -renewables or -nodraws (draw rules)", variant: crumbleVariant, maxMoves: crumbleMaxMoves})
	for _, g := range boardrules.Games() {
		if slices.ContainsFunc(out, func(w gameWord) bool { return w.game == g.Name }) {
			continue
		}
		out = append(out, gameWord{word: g.Name, game: g.Name, options: "-" + strings.Join(g.Variants, ", -"), variant: anyVariant(g)})
	}
	return out
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

func tumbleVariant(opts []string, players int) (string, error) {
	rules, corner := "pbmserv", false
	for _, o := range opts {
		switch o {
		case "-c", "-corner":
			corner = true
		case "-pbmserv", "-classic", "-boardspace":
			rules = o[1:]
		default:
			return "", fmt.Errorf("unknown option %s", o)
		}
	}
	if corner {
		return rules + "-corner", twoPlayers(players)
	}
	return rules, twoPlayers(players)
}

func terraceVariant(size int) func([]string, int) (string, error) {
	return func(opts []string, players int) (string, error) {
		setup := ""
		for _, o := range opts {
			switch o {
			case "-short", "-medium", "-long", "-master":
				if setup != "" && setup != o[1:] {
					return "", fmt.Errorf("options -%s and %s: choose one setup", setup, o)
				}
				setup = o[1:]
			default:
				return "", fmt.Errorf("unknown option %s", o)
			}
		}
		switch players {
		case 2:
			if setup == "" {
				setup = "long"
			}
			return fmt.Sprintf("%d-%s", size, setup), nil
		case 3, 4:
			if setup != "" && setup != "long" {
				return "", fmt.Errorf("option -%s is for 2 players only", setup)
			}
			return fmt.Sprintf("%d-%dp", size, players), nil
		}
		return "", fmt.Errorf("this game is for 2 to 4 players, %d users given", players)
	}
}

func floopVariant(opts []string, players int) (string, error) {
	v := "normal"
	for _, o := range opts {
		switch o {
		case "-reverse", "-misere", "-losing":
			v = "reverse"
		default:
			return "", fmt.Errorf("unknown option %s", o)
		}
	}
	return v, twoPlayers(players)
}

// crumbleVariant builds the variant name from the options; the engine's
// registry New then checks it (sizes 2 to 32, one draw rule).
func crumbleVariant(opts []string, players int) (string, error) {
	size, white, draws := "6x6", false, ""
	for _, o := range opts {
		switch {
		case o == "-white":
			white = true
		case o == "-black":
			white = false
		case o == "-repetition" || o == "-renewables" || o == "-nodraws":
			if draws != "" && draws != o {
				return "", fmt.Errorf("options %s and %s: choose one draw rule", draws, o)
			}
			draws = o
		case len(o) > 1 && strings.Contains(o, "x") && strings.Trim(o[1:], "0123456789x") == "":
			size = o[1:]
		default:
			return "", fmt.Errorf("unknown option %s", o)
		}
	}
	v := size
	if white {
		v += "-white"
	}
	return v + draws, twoPlayers(players)
}

func anyVariant(g boardrules.GameInfo) func([]string, int) (string, error) {
	return func(opts []string, players int) (string, error) {
		v := g.Variants[0]
		for i, o := range opts {
			if i > 0 || !slices.Contains(g.Variants, o[1:]) {
				return "", fmt.Errorf("unknown option %s", o)
			}
			v = o[1:]
		}
		return v, nil
	}
}
