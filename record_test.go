package boardrules_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	_ "github.com/boardrules/boardrules/crumble"
	_ "github.com/boardrules/boardrules/flooprail"
	_ "github.com/boardrules/boardrules/terrace"
	_ "github.com/boardrules/boardrules/tumbling"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// The engines are imported for their registrations only: records and
// histories are tested on every registered game, Nim included.

func ExampleRecord_Format() {
	r := boardrules.Record{
		Game:        "terrace",
		Variant:     "8-long",
		Moves:       []string{"B-d1-d3", "B-e8-e6", "C-f1-f3"},
		Result:      "0-1",
		Termination: "Lowercase resigned", // a game ended off the board says how
		Tags:        map[string]string{"Event": "club night"},
	}
	if _, err := r.Replay(); err != nil { // every move legal, the result stated
		panic(err)
	}
	fmt.Print(r.Format())
	// Output:
	// [Game "terrace"]
	// [Variant "8-long"]
	// [Event "club night"]
	// [Termination "Lowercase resigned"]
	// [Result "0-1"]
	//
	// 1. B-d1-d3 B-e8-e6 2. C-f1-f3 0-1
}

func ExampleParseRecord() {
	r, err := boardrules.ParseRecord(`[Game "nim"]
[Variant "10"]

1. 3 3 2. 3`)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := r.Replay()
	fmt.Printf("%d moves, %q left, %s\n", len(r.Moves), p, boardrules.Describe(p))

	_, err = boardrules.ParseRecord("[Game \"nim\"]\n1. 3 3 2. 3 2")
	fmt.Println(err)
	fmt.Println(errors.Is(err, boardrules.ErrIllegalMove))
	// Output:
	// 3 moves, "o" left, Second to move
	// record line 2: ply 4: take 2: only 1 to 1 stones may be taken: illegal move
	// true
}

// randomGameBudget bounds the time of one random game, so that an engine
// whose plies take milliseconds (Crumble today) is tested on shorter games
// rather than slowing the suite down.
const randomGameBudget = 100 * time.Millisecond

// randomGame plays a seeded random game of up to maxPlies moves from the
// start of game g's variant, or (beyond ten) as many as randomGameBudget
// allows.
func randomGame(t interface{ Fatalf(string, ...any) }, g boardrules.GameInfo, variant string, r *rand.Rand, maxPlies int) *boardrules.History {
	start, err := g.New(variant)
	if err != nil {
		t.Fatalf("%s %s: %v", g.Name, variant, err)
	}
	h := boardrules.NewHistory(start)
	deadline := time.Now().Add(randomGameBudget)
	for h.Len() < maxPlies && (h.Len() < 10 || time.Now().Before(deadline)) {
		moves := h.Position().LegalMoves()
		if len(moves) == 0 {
			break
		}
		if err := h.Play(moves[r.IntN(len(moves))]); err != nil {
			t.Fatalf("%s %s: legal move refused: %v", g.Name, variant, err)
		}
	}
	return h
}

var equateEmpty = cmpopts.EquateEmpty()

func TestRecordRoundTripEveryGame(t *testing.T) {
	games := boardrules.Games()
	if len(games) < 2 {
		t.Fatalf("only %d games registered", len(games))
	}
	rapid.Check(t, func(rt *rapid.T) {
		g := rapid.SampledFrom(games).Draw(rt, "game")
		variant := rapid.SampledFrom(g.Variants).Draw(rt, "variant")
		seed := rapid.Uint64().Draw(rt, "seed")
		plies := rapid.IntRange(0, 400).Draw(rt, "plies")
		tags := rapid.MapOfN(
			rapid.StringMatching(`[A-Za-z][A-Za-z0-9_]{0,8}`).Filter(func(s string) bool {
				return s != "Game" && s != "Variant" && s != "Start" && s != "Result" && s != "Termination"
			}),
			rapid.String(), 0, 3).Draw(rt, "tags")
		h := randomGame(rt, g, variant, rand.New(rand.NewPCG(seed, 7)), plies)
		r := h.Record()
		r.Tags = tags
		if r.Start != "" {
			rt.Fatalf("a game from the standard start recorded Start %q", r.Start)
		}
		text := r.Format()
		back, err := boardrules.ParseRecord(text)
		if err != nil {
			rt.Fatalf("ParseRecord(Format()) failed: %v\n%s", err, text)
		}
		if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
			rt.Fatalf("round trip (-want +got):\n%s\n%s", diff, text)
		}
		assertSamePosition(rt, back, h.Position())
	})
}

func assertSamePosition(t interface{ Fatalf(string, ...any) }, r boardrules.Record, want boardrules.Any) {
	got, err := r.Replay()
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	a, _ := got.MarshalText()
	b, _ := want.MarshalText()
	if string(a) != string(b) || got.Hash() != want.Hash() {
		t.Fatalf("Replay reached %q, want %q", a, b)
	}
}

func TestRecordFromAStartPosition(t *testing.T) {
	for _, g := range boardrules.Games() {
		h := randomGame(t, g, g.Variants[0], rand.New(rand.NewPCG(3, 4)), 7)
		code, err := h.Position().MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		start, err := boardrules.Decode(code)
		if err != nil {
			t.Fatalf("%s: Decode(%q): %v", g.Name, code, err)
		}
		h2 := boardrules.NewHistory(start)
		if moves := start.LegalMoves(); len(moves) > 0 {
			if err := h2.Play(moves[len(moves)-1]); err != nil {
				t.Fatal(err)
			}
		}
		r := h2.Record()
		if r.Start != string(code) {
			t.Errorf("%s: Record().Start = %q, want %q", g.Name, r.Start, code)
		}
		back, err := boardrules.ParseRecord(r.Format())
		if err != nil {
			t.Fatalf("%s: %v\n%s", g.Name, err, r.Format())
		}
		if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
			t.Errorf("%s: round trip (-want +got):\n%s", g.Name, diff)
		}
		assertSamePosition(t, back, h2.Position())
	}
}

func TestRecordNumbersRoundsOfEverySeat(t *testing.T) {
	for _, c := range []struct {
		game, variant string
		players       int
	}{{"terrace", "8-3p", 3}, {"terrace", "6-4p", 4}, {"terrace", "6-long", 2}} {
		g, ok := boardrules.Lookup(c.game)
		if !ok {
			t.Fatalf("%s is not registered", c.game)
		}
		h := randomGame(t, g, c.variant, rand.New(rand.NewPCG(1, 1)), 2*c.players+1)
		text := h.Record().Format()
		_, moveText, _ := strings.Cut(text, "\n\n")
		fields := strings.Fields(moveText)
		// "1." then players moves, "2." then players moves, "3." then one,
		// then the marker of a game that goes on.
		if fields[len(fields)-1] != "*" {
			t.Errorf("%s %s: %q does not end in *", c.game, c.variant, moveText)
		}
		fields = fields[:len(fields)-1]
		for i, f := range fields {
			isNumber := i%(c.players+1) == 0
			if isNumber != strings.HasSuffix(f, ".") {
				t.Errorf("%s %s: token %d %q in %q", c.game, c.variant, i, f, moveText)
			}
		}
		if want := 3 + 2*c.players + 1; len(fields) != want {
			t.Errorf("%s %s: %d tokens in %q, want %d", c.game, c.variant, len(fields), moveText, want)
		}
	}
}

func TestFormatWrapsLongGames(t *testing.T) {
	g, _ := boardrules.Lookup("terrace")
	h := randomGame(t, g, "8-long", rand.New(rand.NewPCG(5, 5)), 200)
	text := h.Record().Format()
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 79 {
			t.Errorf("line of %d characters: %q", len(line), line)
		}
	}
}

func TestParseRecordIsLenient(t *testing.T) {
	// Blank lines, spaced tags, numbers glued or with three dots, a missing
	// number, moves in other notation forms: all read to canonical moves.
	r, err := boardrules.ParseRecord("\n  [Game   \"tumbling\"]  \n\n[Variant \"pbmserv\"]\n[Site \"a \\\"quoted\\\" \\\\ place\\n\"]\n\n1.a1b1 h8-g8 2... a2a3\nH7-G7\n")
	if err != nil {
		t.Fatal(err)
	}
	want := boardrules.Record{
		Game: "tumbling", Variant: "pbmserv",
		Moves:  []string{"A1-B1", "H8-G8", "A2-A3", "H7-G7"},
		Result: "*",
		Tags:   map[string]string{"Site": "a \"quoted\" \\ place\n"},
		// the tags as they stood, without a Result tag
		TagOrder: []string{"Game", "Variant", "Site"},
	}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// No Variant tag: the standard game, and the record keeps "" .
	r, err = boardrules.ParseRecord("[Game \"nim\"]\n3 3")
	if err != nil || r.Variant != "" || len(r.Moves) != 2 {
		t.Errorf("without Variant: %+v, %v", r, err)
	}
	if p, _ := r.Replay(); p.String() != "oooo" {
		t.Errorf("without Variant the start is not the standard 10 stones: %q left", p)
	}
}

func TestParseRecordErrors(t *testing.T) {
	for _, c := range []struct {
		name, text string
		sentinel   error
		ply        int // the *ReplayError's ply, when it is one
		want       string
	}{
		{"empty", "", boardrules.ErrSyntax, 0, "names no game"},
		{"unknown game", `[Game "chess"]`, boardrules.ErrSyntax, 0, `no game "chess" (the games are: crumble, flooprail, nim, terrace, tumbling)`},
		{"unknown variant", "[Game \"nim\"]\n[Variant \"7\"]", boardrules.ErrSyntax, 0, `no variant "7"`},
		{"tag without ]", `[Game "nim"`, boardrules.ErrSyntax, 0, "line 1"},
		{"unquoted value", `[Game nim]`, boardrules.ErrSyntax, 0, "double quotes"},
		{"two values", `[Game "nim" "go"]`, boardrules.ErrSyntax, 0, "one string"},
		{"bad name", `[1Game "nim"]`, boardrules.ErrSyntax, 0, "tag name"},
		{"no value", `[Game]`, boardrules.ErrSyntax, 0, "name and a quoted value"},
		{"twice", "[Game \"nim\"]\n[Game \"nim\"]", boardrules.ErrSyntax, 0, "line 2: tag Game given twice"},
		{"tag after moves", "[Game \"nim\"]\n1. 3\n[Event \"x\"]", boardrules.ErrSyntax, 0, "line 3: a tag after the moves"},
		{"wrong number", "[Game \"nim\"]\n1. 3 3 3. 3", boardrules.ErrSyntax, 0, `move number "3." before ply 3`},
		{"number mid-round", "[Game \"nim\"]\n1. 3 2. 3", boardrules.ErrSyntax, 0, `move number "2." before ply 2`},
		// A number behind the round is as wrong as one ahead of it.
		{"number behind", "[Game \"nim\"]\n1. 3 3 1. 3", boardrules.ErrSyntax, 0, `move number "1." before ply 3, which belongs to round 2`},
		// Seven digits and a dot are no move number, and no move either.
		{"seven digits", "[Game \"nim\"]\n1234567. 3", boardrules.ErrSyntax, 0, `"1234567." is not a move number: a move number has at most 6 digits`},
		{"bad start", "[Game \"nim\"]\n[Start \"nim x\"]", boardrules.ErrSyntax, 0, "start position"},
		{"syntax", "[Game \"nim\"]\n1. 3 three", boardrules.ErrSyntax, 2, `record line 2: ply 2: "three" is not a number`},
		{"illegal", "[Game \"nim\"]\n1. 3 4", boardrules.ErrIllegalMove, 2, `record line 2: ply 2: take 4: only 1 to 3 stones`},
		{"after the end", "[Game \"nim\"]\n[Variant \"4\"]\n1. 3 1 2. 1", boardrules.ErrGameOver, 3, `record line 3: ply 3: take 1: game over`},
		{"false result", "[Game \"nim\"]\n[Variant \"4\"]\n[Result \"1-0\"]\n1. 3 1", boardrules.ErrSyntax, 0, `its result is "0-1" (Second wins: took the last stone)`},
		{"no marker", "[Game \"nim\"]\n[Variant \"4\"]\n[Result \"Second wins\"]\n1. 3 1", boardrules.ErrSyntax, 0, `"Second wins" is not a result marker of a 2-player game (1-0, 0-1, 1/2-1/2 or *)`},
		{"result while ongoing", "[Game \"nim\"]\n[Result \"1/2-1/2\"]\n1. 3", boardrules.ErrSyntax, 0, "a game that goes on"},
		{"markers disagree", "[Game \"nim\"]\n[Variant \"4\"]\n[Result \"*\"]\n1. 3 1 0-1", boardrules.ErrSyntax, 0, `the Result tag says "*"`},
		{"three-player marker", "[Game \"nim\"]\n[Variant \"4\"]\n1. 3 1 0-1-0", boardrules.ErrSyntax, 0, `"0-1-0" is not a result marker of a 2-player game`},
		{"terrace", "[Game \"terrace\"]\n[Variant \"8-long\"]\n1. B-c1-c3 B-c1-c3", boardrules.ErrIllegalMove, 2, "record line 3: ply 2: B-c1-c3: c1 is empty"},
	} {
		_, err := boardrules.ParseRecord(c.text)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !errors.Is(err, c.sentinel) {
			t.Errorf("%s: %v does not wrap %v", c.name, err, c.sentinel)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q does not say %q", c.name, err, c.want)
		}
		var ue *boardrules.UnknownError
		if errors.As(err, &ue) != strings.HasPrefix(c.name, "unknown") {
			t.Errorf("%s: %v: an *UnknownError only for an unknown game or variant", c.name, err)
		}
		var re *boardrules.ReplayError
		if errors.As(err, &re) != (c.ply > 0) || c.ply > 0 && re.Ply != c.ply {
			t.Errorf("%s: %v: want a ReplayError of ply %d", c.name, err, c.ply)
		}
	}
}

// TestRecordReplayChecksTheResult: a Record built in code, not read by
// ParseRecord (which checks the Result tag itself, where it knows the tag's
// line), must be checked as well: History and Replay refuse a stated Result
// that is not the final position's, and accept the true one.
func TestRecordReplayChecksTheResult(t *testing.T) {
	for _, c := range []struct {
		name   string
		r      boardrules.Record
		wantOK bool
	}{
		{"true result", boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"3", "1"}, Result: "0-1"}, true},
		{"unstated result", boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"3", "1"}, Result: "*"}, true},
		{"no result", boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"3", "1"}}, true},
		{"false winner", boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"3", "1"}, Result: "1-0"}, false},
		{"false draw", boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"3", "1"}, Result: "1/2-1/2"}, false},
		{"no marker", boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"3", "1"}, Result: "second wins"}, false},
		{"result while ongoing", boardrules.Record{Game: "nim", Moves: []string{"3"}, Result: "1/2-1/2"}, false},
		// A game ended off the board says how.
		{"resigned", boardrules.Record{Game: "nim", Moves: []string{"3"}, Result: "1-0", Termination: "Second resigned"}, true},
	} {
		_, errH := c.r.History()
		_, errR := c.r.Replay()
		for _, err := range []error{errH, errR} {
			if c.wantOK && err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			if !c.wantOK && !errors.Is(err, boardrules.ErrSyntax) {
				t.Errorf("%s: error %v, want one wrapping ErrSyntax", c.name, err)
			}
		}
	}
}

func TestResultMarker(t *testing.T) {
	for _, c := range []struct {
		o       boardrules.Outcome
		players int
		want    string
	}{
		{boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}, 2, "*"},
		{boardrules.Outcome{Status: boardrules.Win, Winner: 1, Reason: "king captured on E5"}, 2, "0-1"},
		// Seat 0 is a seat like any other.
		{boardrules.Outcome{Status: boardrules.Win, Winner: 0}, 2, "1-0"},
		{boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer}, 2, "1/2-1/2"},
		{boardrules.Outcome{Status: boardrules.Win, Winner: 2}, 3, "0-0-1"},
		{boardrules.Outcome{Status: boardrules.Win, Winner: 0}, 4, "1-0-0-0"},
		{boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer}, 3, "1/3-1/3-1/3"},
		{boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer}, 4, "1/4-1/4-1/4-1/4"},
		// A winner not in the game is no result.
		{boardrules.Outcome{Status: boardrules.Win, Winner: 3}, 2, "*"},
	} {
		if got := boardrules.ResultMarker(c.o, c.players); got != c.want {
			t.Errorf("ResultMarker(%+v, %d) = %q, want %q", c.o, c.players, got, c.want)
		}
	}
}

func TestFormatLeavesOutUnreadableTags(t *testing.T) {
	r := boardrules.Record{Game: "nim", Tags: map[string]string{"Game": "chess", "bad name": "x", "Round": "2"}}
	text := r.Format()
	if want := "[Game \"nim\"]\n[Round \"2\"]\n[Result \"*\"]\n\n*\n"; text != want {
		t.Errorf("Format() = %q, want %q", text, want)
	}
}

func FuzzParseRecord(f *testing.F) {
	f.Add("[Game \"nim\"]\n[Variant \"4\"]\n\n1. 1 1 2. 1 1\n")
	f.Add("[Game \"terrace\"]\n[Variant \"8\"]\n[Result \"*\"]\n1. B-c1-c3 *\n")
	f.Add("[Game \"terrace\"]\n[Variant \"8-4p\"]\n[Termination \"Lowercase resigned\"]\n[Result \"0-1-0-0\"]\n1. B-c1-c3 0-1-0-0\n")
	f.Add("[Game \"tumbling\"]\n1.a1b1 h8g8 2... a2-a3")
	f.Add("[Game \"nim\"]\n[Variant \"4\"]\n[Result \"0-1\"]\n{c} 1. 1 {d} 1 ; e\n2. 1 1 0-1\n")
	f.Add("[Game \"nim\"]\n\n1. 1 *\n\n[Game \"nim\"]\n\n1. 2 {x}\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := boardrules.ParseRecord(text)
		if err != nil {
			if !errors.Is(err, boardrules.ErrSyntax) && !errors.Is(err, boardrules.ErrIllegalMove) && !errors.Is(err, boardrules.ErrGameOver) {
				t.Fatalf("error wraps no sentinel: %v", err)
			}
			checkRecordErrorPlace(t, text, err)
			return
		}
		back, err := boardrules.ParseRecord(r.Format())
		if err != nil {
			t.Fatalf("the Format of an accepted record fails: %v\n%s", err, r.Format())
		}
		if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
			t.Fatalf("round trip (-want +got):\n%s", diff)
		}
	})
}

// recordErrorPlace is how ParseRecord names where a fault of the record's
// own text lies.
var recordErrorPlace = regexp.MustCompile(`^syntax error at offset (\d+): record line (\d+): `)

// checkRecordErrorPlace checks ParseRecord's promise about its error for
// text: a move that fails (*ReplayError), an unknown game (*UnknownError)
// and a Start code or variant the engine refuses (the engine's error,
// after "record: " or "record: start position: ") aside, the error names
// a byte offset within the text and the line that holds it.
func checkRecordErrorPlace(t *testing.T, text string, err error) {
	t.Helper()
	var re *boardrules.ReplayError
	var ue *boardrules.UnknownError
	msg := err.Error()
	if errors.As(err, &re) || errors.As(err, &ue) || strings.HasPrefix(msg, "record: ") || strings.HasPrefix(msg, "record: start position: ") {
		return
	}
	m := recordErrorPlace.FindStringSubmatch(msg)
	if m == nil {
		t.Fatalf("the error names no offset and line: %v", err)
	}
	off, _ := strconv.Atoi(m[1])
	line, _ := strconv.Atoi(m[2])
	if off > len(text) {
		t.Fatalf("offset %d past the end of a text of %d bytes: %v", off, len(text), err)
	}
	if want := 1 + strings.Count(text[:off], "\n"); line != want {
		t.Fatalf("line %d, but offset %d is on line %d: %v", line, off, want, err)
	}
}

func TestRecordRoundTripFinishedGames(t *testing.T) {
	for _, g := range boardrules.Games() {
		for _, v := range g.Variants {
			h := randomGame(t, g, v, rand.New(rand.NewPCG(11, 12)), 2000)
			r := h.Record()
			if end := h.Position(); end.Outcome().Status != boardrules.Ongoing && (r.Result == "*" || r.Termination != boardrules.Describe(end)) {
				t.Errorf("%s %s: a finished game recorded %q, %q", g.Name, v, r.Result, r.Termination)
			}
			back, err := boardrules.ParseRecord(r.Format())
			if err != nil {
				t.Fatalf("%s %s: %v", g.Name, v, err)
			}
			if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
				t.Errorf("%s %s: round trip (-want +got):\n%s", g.Name, v, diff)
			}
		}
	}
}

func TestRecordAcceptsUnlistedVariants(t *testing.T) {
	// Crumble lists 6x6 and 8x8 but plays on any board from 2x2 to 32x32.
	r, err := boardrules.ParseRecord("[Game \"crumble\"]\n[Variant \"3x2\"]\n")
	if err != nil || r.Variant != "3x2" {
		t.Fatalf("ParseRecord = %+v, %v", r, err)
	}
	if _, err := boardrules.ParseRecord("[Game \"nim\"]\n[Variant \"7\"]\n"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("a variant New refuses: %v, want ErrSyntax", err)
	}
}
