package conventions_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/flooprail"
	"github.com/boardrules/boardrules/terrace"
	"github.com/boardrules/boardrules/tumbling"
)

// engine is one engine's entry in the conventions' table: the checks bound
// to its types, and the few facts in which the engines rightly differ.
type engine struct {
	name   string // the registry's name, also the package's directory
	checks checks
	// extra are variant names beyond the listed ones that New accepts
	// (Crumble's sizes and options), written as Variant.String writes them
	extra []string
	// plies caps a random game; small boards play to their end
	plies func(variant string) int
	// colors: the game's seats are colours (Color, ColorOf, PlayerOf)
	colors bool
	// moveText matches a canonical move text: the game's pbmserv case
	moveText string
	// otherCase matches a square written in the case the game does not
	// write, in a reason or an error; it matches nothing for a game
	// without squares
	otherCase *regexp.Regexp
	// invalid returns a Variant value that is none, as its String writes
	// it, and New's error for it; nil where every value is a variant
	invalid func() (string, error)
	// twice is a move text that names one square twice; "" where a move
	// names no squares
	twice string
	// sideFlipped turns a start position's code into the same board with
	// the other side to move
	sideFlipped func(code string) string
	// outcomeApart returns pairs of codes, the same board and side with and
	// without a stored outcome, built from the codes of sampled positions;
	// nil where an engine stores no outcome (it follows from the board)
	outcomeApart func(codes []string) [][2]string
}

var engines = []engine{
	{
		name:        tumbling.Name,
		checks:      typed[tumbling.Position, tumbling.Move, *tumbling.Position, tumbling.Variant]{parseVariant: tumbling.ParseVariant, listVariants: tumbling.Variants, standard: tumbling.Standard},
		plies:       func(string) int { return 400 },
		colors:      true,
		moveText:    `^[A-H][1-8]-[A-H][1-8]T?$`,
		otherCase:   regexp.MustCompile(`\b[a-h][1-8]\b`),
		invalid:     invalidVariant(tumbling.Variant{Rules: 9}, tumbling.New),
		twice:       "A2-A2",
		sideFlipped: swapField(2, "b", "w"),
		outcomeApart: func(codes []string) [][2]string {
			var pairs [][2]string
			for _, c := range codes {
				// a stored result is the code's fifth field: "b:capture:C2"
				if f := strings.Fields(c); len(f) == 5 {
					pairs = append(pairs, [2]string{c, strings.Join(f[:4], " ")})
				}
			}
			return pairs
		},
	},
	{
		name:        flooprail.Name,
		checks:      typed[flooprail.Position, flooprail.Move, *flooprail.Position, flooprail.Variant]{parseVariant: flooprail.ParseVariant, listVariants: flooprail.Variants, standard: flooprail.Standard},
		plies:       func(string) int { return 400 },
		colors:      true,
		moveText:    `^[A-H][1-7](-[A-H][1-7])+$`,
		otherCase:   regexp.MustCompile(`\b[a-h][1-7]\b`),
		twice:       "E6-E6",
		sideFlipped: swapField(2, "o", "x"),
	},
	{
		name:      terrace.Name,
		checks:    typed[terrace.Position, terrace.Move, *terrace.Position, terrace.Variant]{parseVariant: terrace.ParseVariant, listVariants: terrace.Variants, standard: terrace.Standard},
		plies:     func(string) int { return 400 },
		moveText:  `^[TABCD]-[a-h][1-8]-[a-h][1-8](:[TABCD])?$`,
		otherCase: regexp.MustCompile(`\b[A-H][1-8]\b`),
		invalid:   invalidVariant(terrace.Variant{Board: 7}, terrace.New),
		twice:     "B-d1-d1",
		sideFlipped: func(code string) string {
			// "terrace 8 2p [setup] 0 ranks": the seat to move is the
			// field before the ranks
			f := strings.Fields(code)
			f[len(f)-2] = map[string]string{"0": "1", "1": "0"}[f[len(f)-2]]
			return strings.Join(f, " ")
		},
	},
	{
		name:   crumble.Name,
		checks: typed[crumble.Position, crumble.Move, *crumble.Position, crumble.Variant]{parseVariant: crumble.ParseVariant, listVariants: crumble.Variants, standard: crumble.Standard},
		extra:  []string{"2x2", "3x2", "2x3", "4x4", "2x2-white", "2x2-nodraws", "3x3-repetition", "3x3-renewables", "5x4-white-nodraws", "32x32"},
		plies: func(v string) int {
			// random games on small boards end; on large ones a few dozen
			// plies of costly move generation suffice
			switch v {
			case "2x2", "3x2", "2x3", "2x2-white", "2x2-nodraws", "3x3-repetition", "3x3-renewables":
				return 400
			case "32x32":
				return 4
			}
			return 30
		},
		colors:      true,
		moveText:    `^\d+(,\d+)*[HVJ]`,
		otherCase:   regexp.MustCompile(`^\b$`),
		invalid:     invalidVariant(crumble.Variant{Width: 99}, crumble.New),
		sideFlipped: swapField(2, "b", "w"),
		outcomeApart: func(codes []string) [][2]string {
			// a declared draw is a word after the side to move, and any
			// board of a variant with both draw rules may carry either:
			// the board going on, drawn by repetition and drawn by
			// renewable iteration are three positions
			var pairs [][2]string
			for _, c := range codes {
				f := strings.Fields(c)
				if len(pairs) < 6 && f[1] == "6x6" && (f[3][0] == 'B' || f[3][0] == 'W') {
					repetition := strings.Join(append(append(f[:3:3], "repetition"), f[3:]...), " ")
					renewables := strings.Join(append(append(f[:3:3], "renewable-iteration"), f[3:]...), " ")
					pairs = append(pairs, [2]string{c, repetition}, [2]string{repetition, renewables})
				}
			}
			return pairs
		},
	},
}

// invalidVariant returns an engine's invalid: the String of v, a Variant
// value that is none, and New's error for it.
func invalidVariant[V fmt.Stringer, P any](v V, newPosition func(V) (P, error)) func() (string, error) {
	return func() (string, error) {
		_, err := newPosition(v)
		return v.String(), err
	}
}

// swapField returns a function that swaps the words a and b in field i of
// a code.
func swapField(i int, a, b string) func(string) string {
	return func(code string) string {
		f := strings.Fields(code)
		f[i] = map[string]string{a: b, b: a}[f[i]]
		return strings.Join(f, " ")
	}
}

// sample is what the conventions are checked on: the start of every
// variant (listed and extra) and every position of two seeded random games
// of each, ended ones included.
type sample struct {
	starts []boardrules.Any   // one per variant, in the order of the names
	games  [][]boardrules.Any // each game's positions in order
}

var (
	samplesOnce sync.Once
	samples     map[string]sample
)

func samplesOf(t *testing.T, e engine) sample {
	t.Helper()
	samplesOnce.Do(func() {
		samples = make(map[string]sample)
		for _, e := range engines {
			samples[e.name] = play(e)
		}
	})
	s := samples[e.name]
	if len(s.starts) == 0 {
		t.Fatalf("%s: no variant could be started", e.name)
	}
	return s
}

// quick is set in -short mode and under the race detector: one random
// game a variant instead of two, a third of the plies, and the every-move
// checks on every fourth position.
func quick() bool { return testing.Short() || raceEnabled }

func play(e engine) sample {
	var s sample
	g, ok := boardrules.Lookup(e.name)
	if !ok {
		return s
	}
	games := uint64(2)
	if quick() {
		games = 1
	}
	for _, name := range append(g.Variants, e.extra...) {
		start, err := g.New(name)
		if err != nil {
			continue
		}
		s.starts = append(s.starts, start)
		plies := e.plies(name)
		if quick() {
			plies = max(plies/3, 2)
		}
		for seed := range games {
			r := rand.New(rand.NewPCG(seed, 0x5eed))
			game := []boardrules.Any{start}
			p := start
			for range plies {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				p = p.PlayUnchecked(moves[r.IntN(len(moves))])
				game = append(game, p)
			}
			s.games = append(s.games, game)
		}
	}
	return s
}

// positions lists every sampled position: the starts, then the games'.
func (s sample) positions() []boardrules.Any {
	out := append([]boardrules.Any(nil), s.starts...)
	for _, g := range s.games {
		out = append(out, g...)
	}
	return out
}

// ended lists the sampled positions of games that ended.
func (s sample) ended() []boardrules.Any {
	var out []boardrules.Any
	for _, g := range s.games {
		if last := g[len(g)-1]; last.Outcome().Status != boardrules.Ongoing {
			out = append(out, last)
		}
	}
	return out
}

// forEach runs f as a subtest per engine, named by the engine, so that a
// drifting engine fails "TestConvention/engine".
func forEach(t *testing.T, f func(t *testing.T, e engine, s sample)) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) { f(t, e, samplesOf(t, e)) })
	}
}

func code(t *testing.T, p boardrules.Any) string {
	t.Helper()
	c, err := p.MarshalText()
	if err != nil {
		t.Fatalf("%s: MarshalText: %v", p.Game(), err)
	}
	return string(c)
}
