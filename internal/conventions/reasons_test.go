package conventions_test

import (
	"go/ast"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
)

// unreached are the endings no position code can hold, with the reason:
// TestEveryReason cannot read their reason texts, so each is named here.
var unreached = map[string]string{
	// Only the precision limit leaves a Crumble side without a move, and
	// a decoded position lies on the finest grid its board allows, where
	// every piece can still be cut. The reason, "no legal move", names no
	// seat.
	"crumble no-moves": "a side without a move is made by play alone",
}

// ruleConstants returns the values of the Rule constants of an engine
// package, by the names of the constants.
func ruleConstants(t *testing.T, name string) map[string]string {
	t.Helper()
	rules := map[string]string{}
	for _, d := range packageDecls(t, name) {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if !strings.HasPrefix(n.Name, "Rule") || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					value, _ := strconv.Unquote(lit.Value)
					rules[n.Name] = value
				}
			}
		}
	}
	return rules
}

// endings reads testdata/endings.txt: the codes of ended games, by game.
func endings(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile("testdata/endings.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		game, _, _ := strings.Cut(line, " ")
		out[game] = append(out[game], line)
	}
	return out
}

// misspelt returns the seat name a text spells in another case than
// SeatName does ("black has no stack left", "o has no piece left"), or "".
func misspelt(text string, names []string) string {
	for _, name := range names {
		word := regexp.MustCompile(`(?i)(^|[^\pL\pN])(` + regexp.QuoteMeta(name) + `)($|[^\pL\pN])`)
		for _, m := range word.FindAllStringSubmatch(text, -1) {
			if m[2] != name {
				return m[2]
			}
		}
	}
	return ""
}

// seatNames lists the names of a position's seats.
func seatNames(p boardrules.Any) []string {
	var names []string
	for seat := range boardrules.Player(p.Players()) {
		names = append(names, p.SeatName(seat))
	}
	return names
}

// 8, 9. Every reason text: each way each engine's games end, for every
// seat that wins by it, read from a position code, has a Rule of the
// package, a Reason that spells every seat as SeatName does, and a code
// that comes back the same.
func TestEveryReason(t *testing.T) {
	all := endings(t)
	forEach(t, func(t *testing.T, e engine, s sample) {
		rules := ruleConstants(t, e.name)
		known := map[string]bool{}
		for _, v := range rules {
			known[v] = true
		}
		seen := map[string]bool{}
		winners := map[string]map[boardrules.Player]bool{} // "rule players" -> winners
		for _, line := range all[e.name] {
			p, err := boardrules.Decode([]byte(line))
			if err != nil {
				t.Errorf("%s: %v", line, err)
				continue
			}
			o := p.Outcome()
			if o.Status == boardrules.Ongoing {
				t.Errorf("%s: the game goes on", line)
				continue
			}
			if !known[o.Rule] {
				t.Errorf("%s: Rule %q is none of the package's Rule constants", line, o.Rule)
			}
			if o.Reason == "" {
				t.Errorf("%s: no Reason", line)
			}
			if name := misspelt(o.Reason, seatNames(p)); name != "" {
				t.Errorf("%s: Reason %q spells %q otherwise than SeatName", line, o.Reason, name)
			}
			if back := code(t, p); back != line {
				t.Errorf("%s: the code comes back as %s", line, back)
			}
			seen[o.Rule] = true
			if o.Status == boardrules.Win {
				key := o.Rule + " " + strconv.Itoa(p.Players())
				if winners[key] == nil {
					winners[key] = map[boardrules.Player]bool{}
				}
				winners[key][o.Winner] = true
				if d := boardrules.Describe(p); !strings.HasPrefix(d, p.SeatName(o.Winner)+" wins: ") {
					t.Errorf("%s: Describe says %q", line, d)
				}
			}
		}
		for name, v := range rules {
			if _, ok := unreached[e.name+" "+v]; !seen[v] && !ok {
				t.Errorf("no position of testdata/endings.txt ends by %s (%q): its reason text is not read", name, v)
			}
		}
		for key, won := range winners {
			players, _ := strconv.Atoi(key[strings.LastIndexByte(key, ' ')+1:])
			for seat := range boardrules.Player(players) {
				if !won[seat] {
					t.Errorf("%s players: no position of testdata/endings.txt is won by seat %d", key, seat)
				}
			}
		}
	})
}

// TestMisspelt: the check of the seats' spelling sees a lower-case name,
// a one-letter name too, and only whole words.
func TestMisspelt(t *testing.T) {
	for _, c := range []struct {
		text  string
		names []string
		want  string
	}{
		{"Black has no stack left", []string{"Black", "White"}, ""},
		{"black has no stack left", []string{"Black", "White"}, "black"},
		{"o has no piece left", []string{"O", "X"}, "o"},
		{"O has no piece left", []string{"O", "X"}, ""},
		{"no legal move", []string{"O", "X"}, ""},
		{"the game is over (x has won)", []string{"O", "X"}, "x"},
		{"Lowercase primed is out", []string{"Lowercase", "Uppercase", "Lowercase primed", "Uppercase primed"}, ""},
		{"lowercase is out", []string{"Lowercase", "Uppercase"}, "lowercase"},
	} {
		if got := misspelt(c.text, c.names); got != c.want {
			t.Errorf("misspelt(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
