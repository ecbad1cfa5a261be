package tumbling_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
	"github.com/google/go-cmp/cmp"
)

var _ boardrules.Position[tumbling.Position, tumbling.Move] = tumbling.Position{}

const (
	standardCode = "tumbling pbmserv b ,,W1,W2,W3,W4,W3,W2/,,,W1,W2,W3,W2,W1/,,,,W1,W2,W1,/,,,,,W1,,/,,B1,,,,,/,B1,B2,B1,,,,/B1,B2,B3,B2,B1,,,/B2,B3,B4,B3,B2,B1,,"
	cornerCode   = "tumbling pbmserv b W4,W3,W2,W2,W1,,,/W3,W2,W2,W1,,,,/W2,W2,W1,,,,,/W2,W1,,,,,,B1/W1,,,,,,B1,B2/,,,,,B1,B2,B2/,,,,B1,B2,B2,B3/,,,B1,B2,B2,B3,B4"
	// w1AfterCode is the game after pbmserv's tumble A2-B2T (spec 10.2):
	// Black has captured White's king on C2.
	w1AfterCode = "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B1,W3B1,W1,B1,W1,W1,W1B3/,,,,,,, b:capture:C2"
)

func golden(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func decode(t *testing.T, code string) tumbling.Position {
	t.Helper()
	var p tumbling.Position
	if err := p.UnmarshalText([]byte(code)); err != nil {
		t.Fatalf("UnmarshalText(%q): %v", code, err)
	}
	return p
}

func marshal(t *testing.T, p tumbling.Position) string {
	t.Helper()
	b, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withRules swaps the rules word of a position code.
func withRules(code string, r tumbling.Rules) string {
	return strings.Replace(code, " pbmserv ", " "+r.String()+" ", 1)
}

func mustNew(t *testing.T, v tumbling.Variant) tumbling.Position {
	t.Helper()
	p, err := tumbling.New(v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sq(s string) notation.Square {
	q, err := notation.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return q
}

func squareNames(sqs []notation.Square) string {
	var out []string
	for _, s := range sqs {
		out = append(out, s.Upper())
	}
	return strings.Join(out, " ")
}

func moveNames(ms []tumbling.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

var allRules = []tumbling.Rules{tumbling.Pbmserv, tumbling.Classic, tumbling.Boardspace}

func TestStartBoards(t *testing.T) {
	for _, r := range allRules {
		for _, c := range []struct {
			layout tumbling.Layout
			file   string
		}{{tumbling.StandardLayout, "start-standard.txt"}, {tumbling.CornerLayout, "start-corner.txt"}} {
			p := mustNew(t, tumbling.Variant{Rules: r, Layout: c.layout})
			want := golden(t, c.file)
			if diff := cmp.Diff(want, p.String()); diff != "" {
				t.Errorf("%v %v String() (-want +got):\n%s", r, c.layout, diff)
			}
			if diff := cmp.Diff(want, p.Render(tumbling.Upright)); diff != "" {
				t.Errorf("%v %v Render(Upright) (-want +got):\n%s", r, c.layout, diff)
			}
			if got := p.Render(tumbling.Style(7)); got != want {
				t.Errorf("unknown Style does not draw Horizontal")
			}
		}
	}
}

func TestStartCodes(t *testing.T) {
	for _, c := range []struct {
		v    tumbling.Variant
		code string
	}{
		{tumbling.Variant{}, standardCode},
		{tumbling.Variant{Rules: tumbling.Classic}, strings.Replace(standardCode, "pbmserv b", "classic b", 1)},
		{tumbling.Variant{Rules: tumbling.Boardspace}, strings.Replace(standardCode, "pbmserv b", "boardspace w", 1)},
		{tumbling.Variant{Layout: tumbling.CornerLayout}, strings.Replace(cornerCode, "pbmserv b", "pbmserv-corner b", 1)},
		{tumbling.Variant{Rules: tumbling.Boardspace, Layout: tumbling.CornerLayout}, strings.Replace(cornerCode, "pbmserv b", "boardspace-corner w", 1)},
	} {
		p := mustNew(t, c.v)
		if got := marshal(t, p); got != c.code {
			t.Errorf("%v: MarshalText\n got %s\nwant %s", c.v, got, c.code)
		}
		if q := decode(t, c.code); q != p {
			t.Errorf("%v: decoded start != New", c.v)
		}
		if p.Men(tumbling.Black) != 29 || p.Men(tumbling.White) != 29 {
			t.Errorf("%v: men %d/%d, want 29/29", c.v, p.Men(tumbling.Black), p.Men(tumbling.White))
		}
	}
	if tumbling.Standard() != mustNew(t, tumbling.Variant{}) {
		t.Error("Standard() != New(Variant{})")
	}
}

func TestStartMoves(t *testing.T) {
	for _, c := range []struct {
		v                      tumbling.Variant
		side                   tumbling.Color
		total, men, tumbles    int
		first6                 string
		blackKings, whiteKings string
	}{
		{tumbling.Variant{Rules: tumbling.Pbmserv}, tumbling.Black, 152, 97, 55, "A1-B1 A1-A2 A1-B2 A1-B1T A1-A2T A1-B2T", "C1", "F8"},
		{tumbling.Variant{Rules: tumbling.Classic}, tumbling.Black, 152, 97, 55, "A1-B1 A1-A2 A1-B2 A1-B1T A1-A2T A1-B2T", "C1", "F8"},
		{tumbling.Variant{Rules: tumbling.Boardspace}, tumbling.White, 97, 42, 55, "F5-E4 F5-F4 F5-G4 F5-E5 F5-G5 F5-E6", "C1", "F8"},
		{tumbling.Variant{Rules: tumbling.Pbmserv, Layout: tumbling.CornerLayout}, tumbling.Black, 148, 91, 57, "", "H1", "A8"},
		{tumbling.Variant{Rules: tumbling.Classic, Layout: tumbling.CornerLayout}, tumbling.Black, 148, 91, 57, "", "H1", "A8"},
		{tumbling.Variant{Rules: tumbling.Boardspace, Layout: tumbling.CornerLayout}, tumbling.White, 91, 34, 57, "", "H1", "A8"},
	} {
		p := mustNew(t, c.v)
		if p.ToMove() != 0 || p.ColorOf(p.ToMove()) != c.side {
			t.Errorf("%v: to move %v (%v), want player 0 = %v", c.v, p.ToMove(), p.ColorOf(p.ToMove()), c.side)
		}
		moves := p.LegalMoves()
		men, tumbles := 0, 0
		for _, m := range moves {
			if m.Tumble() {
				tumbles++
			} else {
				men++
			}
		}
		if len(moves) != c.total || men != c.men || tumbles != c.tumbles {
			t.Errorf("%v: %d moves (%d man, %d tumbles), want %d (%d, %d)", c.v, len(moves), men, tumbles, c.total, c.men, c.tumbles)
		}
		if c.first6 != "" {
			if got := strings.Join(moveNames(moves[:6]), " "); got != c.first6 {
				t.Errorf("%v: first moves %s, want %s", c.v, got, c.first6)
			}
		}
		if got := squareNames(p.Kings(p.PlayerOf(tumbling.Black))); got != c.blackKings {
			t.Errorf("%v: Black kings %s, want %s", c.v, got, c.blackKings)
		}
		if got := squareNames(p.Kings(p.PlayerOf(tumbling.White))); got != c.whiteKings {
			t.Errorf("%v: White kings %s, want %s", c.v, got, c.whiteKings)
		}
		if o := p.Outcome(); o.Status != boardrules.Ongoing || o.Winner != boardrules.NoPlayer {
			t.Errorf("%v: start outcome %+v", c.v, o)
		}
	}
}

// TestTumbleW1 is the tumble A2-B2T pictured on pbmserv's help page.
func TestTumbleW1(t *testing.T) {
	before := "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2W1B1W2B3,,W3,,,,,W1/,,,,,,,"
	after := w1AfterCode
	for _, r := range allRules {
		p := decode(t, withRules(before, r))
		if got := squareNames(p.Kings(p.PlayerOf(tumbling.White))); got != "C2" {
			t.Errorf("%v: White kings %q, want C2", r, got)
		}
		if r == tumbling.Pbmserv {
			if diff := cmp.Diff(golden(t, "w1-before-horizontal.txt"), p.String()); diff != "" {
				t.Errorf("before, String() (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(golden(t, "w1-before-upright.txt"), p.Render(tumbling.Upright)); diff != "" {
				t.Errorf("before, Render(Upright) (-want +got):\n%s", diff)
			}
		}
		for _, in := range []string{"A2-B2T", "A2H2T", "a2-e2t"} {
			m, err := p.ParseMove(in)
			if err != nil {
				t.Fatalf("%v: ParseMove(%q): %v", r, in, err)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%v: Play(%v): %v", r, m, err)
			}
			if got, want := marshal(t, q), withRules(after, r); got != want {
				t.Errorf("%v %s: after\n got %s\nwant %s", r, in, got, want)
			}
			o := q.Outcome()
			if o.Status != boardrules.Win || q.ColorOf(o.Winner) != tumbling.Black || o.Reason != "king captured on C2" {
				t.Errorf("%v: outcome %+v, want Black wins, king captured on C2", r, o)
			}
			if diff := cmp.Diff(golden(t, "w1-after.txt"), q.String()); diff != "" {
				t.Errorf("after, String() (-want +got):\n%s", diff)
			}
			if q.LegalMoves() != nil || q.ToMove() != boardrules.NoPlayer {
				t.Errorf("%v: after the end LegalMoves %v, ToMove %v; want nil, NoPlayer", r, q.LegalMoves(), q.ToMove())
			}
		}
	}
}

// TestOpeningMoves: tumbles and a man move from the standard start, the same
// under all three rule sets.
func TestOpeningMoves(t *testing.T) {
	for _, c := range []struct {
		in, canon, after, blackKings string
	}{
		{"C1-C8T", "C1-C2T", "tumbling pbmserv w ,,W1,W2,W3,W4,W3,W2/,,,W1,W2,W3,W2,W1/,,,,W1,W2,W1,/,,B1,,,W1,,/,,B2,,,,,/,B1,B3,B1,,,,/B1,B2,B4,B2,B1,,,/B2,B3,,B3,B2,B1,,", "C2"},
		{"C1-H6T", "C1-D2T", "tumbling pbmserv w ,,W1,W2,W3,W4,W3,W2/,,,W1,W2,W3,W2,W1/,,,,W1,W2,W1,/,,,,,W1,B1,/,,B1,,,B1,,/,B1,B2,B1,B1,,,/B1,B2,B3,B3,B1,,,/B2,B3,,B3,B2,B1,,", "B1 D1 C2 D2"},
		{"c4-d5m", "C4-D5", "tumbling pbmserv w ,,W1,W2,W3,W4,W3,W2/,,,W1,W2,W3,W2,W1/,,,,W1,W2,W1,/,,,B1,,W1,,/,,,,,,,/,B1,B2,B1,,,,/B1,B2,B3,B2,B1,,,/B2,B3,B4,B3,B2,B1,,", ""},
	} {
		for _, r := range allRules {
			// Black to move under every rule set (Boardspace's own start has
			// White to move; the vectors are Black's moves).
			p := decode(t, withRules(standardCode, r))
			m, err := p.ParseMove(c.in)
			if err != nil {
				t.Fatalf("%v: ParseMove(%q): %v", r, c.in, err)
			}
			if m.String() != c.canon {
				t.Errorf("%v: ParseMove(%q) = %v, want %s", r, c.in, m, c.canon)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := marshal(t, q), withRules(c.after, r); got != want {
				t.Errorf("%v %s:\n got %s\nwant %s", r, c.in, got, want)
			}
			if q.Outcome().Status != boardrules.Ongoing {
				t.Errorf("%v %s: outcome %+v", r, c.in, q.Outcome())
			}
			if c.blackKings != "" {
				if got := squareNames(q.Kings(q.PlayerOf(tumbling.Black))); got != c.blackKings {
					t.Errorf("%v %s: Black kings %s, want %s", r, c.in, got, c.blackKings)
				}
			}
		}
	}
}

// TestEndOfGame: the game ends (T1-T13) of each rule set, each case under
// each rule set.
func TestEndOfGame(t *testing.T) {
	before := map[string]string{
		"A": "tumbling pbmserv b ,,,,,,,W1/,,,,,,,/,,,,,,,/,,,,W2,,,/,,,B1,,,,/,,,,,,,/,,,,,,,/B3,,,,,,,",
		"B": "tumbling pbmserv b W1,,,,,,,/,,,,,,,/,,,,,,,/,,,,,B3,,W2/,,,,,,,/,,,,,,,/,,,,,,,/B1,,,,,,,",
		"C": "tumbling pbmserv b W1,,,,,,,/,,,,,,,/,,,,,,,/,,,,,B1W1B1,,W2/,,,,,,,/,,,,,,,/,,,,,,,/B1,,,,,,,",
		"D": "tumbling pbmserv b W1,,,,,,,/,,,,,,,/,,,,,,,/,,,W1B1,W2,,,/,,,,,,,/,,,,,,,/,,,,,,,/B1,,,,,,,",
		"E": "tumbling pbmserv b W3,,,,,,,/,,,,,,,/,,,,,,,/,,,,,B1W1B1,,W2/,,,,,,,/,,,,,,,/,,,,,,,/B1,,,,,,,",
		"F": "tumbling pbmserv b ,,,,,,,/,,,,,,W1,/,,,,,,,/,,,,,,,/,,,W1,,,,/,,B1,,,,,/,,,,,,,/B2,,,,,,,",
		"G": "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,B1W1,,,/,,,B1,,,,/,,,,,,,/,,,,,,,/B2,,,,,,,",
	}
	// An expectation: "" goes on; "b:..."/"w:..." a stored result; "b" alone
	// Black wins with no stored field (White owns no stack).
	type want struct{ field, reason string }
	cases := []struct {
		id, pos, move, at, after string  // at holds after once the move is played
		want                     [3]want // Pbmserv, Classic, Boardspace
	}{
		{"T1", "A", "D4-E5", "E5", "W2B1", [3]want{{"b:capture:E5", "king captured on E5"}, {"b:capture:E5", "king captured on E5"}, {"b:capture:E5", "king captured on E5"}}},
		{"T2", "B", "F5-G5T", "H5", "W2B2", [3]want{{"b:capture:H5", "king captured on H5"}, {"b:capture:H5", "king captured on H5"}, {"b:capture:H5", "king captured on H5"}}},
		{"T3", "C", "F5-H5T", "H5", "W3B1", [3]want{{"b:capture:H5", "king captured on H5"}, {"b:capture:H5", "king captured on H5"}, {"b:capture:H5", "king captured on H5"}}},
		{"T5", "D", "D5-E5T", "E5", "W3", [3]want{{}, {"w:noking", "no king left"}, {}}},
		{"T6", "E", "F5-G5T", "H5", "W3B1", [3]want{{}, {"w:noking", "no king left"}, {}}},
		{"T10", "F", "C3-D4", "D4", "W1B1", [3]want{{"b:capture:D4", "king captured on D4"}, {}, {"b:capture:D4", "king captured on D4"}}},
		{"T13", "G", "D4-E5", "E5", "B1W1B1", [3]want{{"b", "White has no stack left"}, {"b", "White has no stack left"}, {"b:oppnoking", "opponent has no king"}}},
	}
	for _, c := range cases {
		for ri, r := range allRules {
			p := decode(t, withRules(before[c.pos], r))
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatalf("%s %v: ParseMove(%q): %v", c.id, r, c.move, err)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s %v: Play: %v", c.id, r, err)
			}
			code := marshal(t, q)
			fields := strings.Fields(code)
			field := ""
			if len(fields) == 5 {
				field = fields[4]
			}
			w := c.want[ri]
			wantField := w.field
			if wantField == "b" {
				wantField = ""
			}
			if field != wantField {
				t.Errorf("%s %v: result field %q, want %q (%s)", c.id, r, field, wantField, code)
			}
			o := q.Outcome()
			if w.reason == "" {
				if o.Status != boardrules.Ongoing || len(q.LegalMoves()) == 0 {
					t.Errorf("%s %v: outcome %+v, want the game to go on", c.id, r, o)
				}
			} else {
				if o.Status != boardrules.Win || q.ColorOf(o.Winner) != colorOfLetter(w.field[0]) || o.Reason != w.reason {
					t.Errorf("%s %v: outcome %+v (winner %v), want %s %q", c.id, r, o, q.ColorOf(o.Winner), w.field[:1], w.reason)
				}
				if want := ruleOfField(w.field); o.Rule != want {
					t.Errorf("%s %v: Outcome.Rule %q, want %q", c.id, r, o.Rule, want)
				}
				if q.LegalMoves() != nil || q.ToMove() != boardrules.NoPlayer {
					t.Errorf("%s %v: after the end LegalMoves %v, ToMove %v; want nil, NoPlayer", c.id, r, q.LegalMoves(), q.ToMove())
				}
			}
			if got := stackAt(q, sq(c.at)).String(); got != c.after {
				t.Errorf("%s %v: %s holds %s, want %s", c.id, r, c.at, got, c.after)
			}
			if back := decode(t, code); back != q || back.Outcome() != o {
				t.Errorf("%s %v: the code after the move does not round-trip", c.id, r)
			}
		}
	}
}

// ruleOfField is the Outcome.Rule that goes with a result field of a
// position code ("b:capture:E5"), or with a winner alone ("b": the loser owns
// no stack).
func ruleOfField(field string) string {
	kind, _, _ := strings.Cut(field[min(2, len(field)):], ":")
	switch kind {
	case "":
		return tumbling.RuleNoPieces
	case "capture":
		return tumbling.RuleKingCaptured
	case "owncapture":
		return tumbling.RuleOwnKingCaptured
	case "noking":
		return tumbling.RuleNoKing
	case "oppnoking":
		return tumbling.RuleOpponentNoKing
	}
	return "unknown result " + field
}

// TestBoardspaceMoverWithoutPureStack: under Boardspace the mover may be
// left without a pure stack (Boardspace's program never ends a game with
// "no king left", as the package doc explains); Classic still ends the game
// there.
func TestBoardspaceMoverWithoutPureStack(t *testing.T) {
	const code = "tumbling boardspace b ,,,,,,,W2/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B1,B1W1,,,,,,"
	for _, c := range []struct {
		rules string
		want  boardrules.Status
	}{{"boardspace", boardrules.Ongoing}, {"classic", boardrules.Win}} {
		p := decode(t, strings.Replace(code, "boardspace", c.rules, 1))
		q, err := boardrules.Replay(p, "A1-B1")
		if err != nil {
			t.Fatal(err)
		}
		o := q.Outcome()
		if o.Status != c.want {
			t.Errorf("%s: after A1-B1 the outcome is %+v, want %v", c.rules, o, c.want)
		}
		if c.want == boardrules.Ongoing && q.ColorOf(q.ToMove()) != tumbling.White {
			t.Errorf("%s: %v to move, want White", c.rules, q.ColorOf(q.ToMove()))
		}
		if c.want == boardrules.Win && (o.Rule != tumbling.RuleNoKing || q.ColorOf(o.Winner) != tumbling.White) {
			t.Errorf("%s: outcome %+v, want White wins by %s", c.rules, o, tumbling.RuleNoKing)
		}
	}
}

func colorOfLetter(b byte) tumbling.Color {
	if b == 'w' {
		return tumbling.White
	}
	return tumbling.Black
}

func TestT13Decoded(t *testing.T) {
	p := decode(t, "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,B1W1B1,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2,,,,,,,")
	o := p.Outcome()
	if o != (boardrules.Outcome{Status: boardrules.Win, Winner: 0, Reason: "White has no stack left", Rule: tumbling.RuleNoPieces}) {
		t.Errorf("outcome %+v, want Black (player 0) wins, White has no stack left", o)
	}
	if p.LegalMoves() != nil || p.ToMove() != boardrules.NoPlayer {
		t.Errorf("ended game: LegalMoves %v, ToMove %v; want nil, NoPlayer", p.LegalMoves(), p.ToMove())
	}
	// the reason in the words of terrace's and crumble's
	if _, err := p.ParseMove("E5-E4"); !errors.Is(err, boardrules.ErrGameOver) || err.Error() != "E5-E4: the game is over (White has no stack left)" {
		t.Errorf("ParseMove after the end: %v", err)
	}
}

// TestNoPiecesUnderEveryRuleSet: under every rule set a side to move that
// owns no stack has lost by RuleNoPieces, the reason naming it by colour,
// whichever seat that colour is (White is seat 0 under Boardspace).
func TestNoPiecesUnderEveryRuleSet(t *testing.T) {
	const empty7 = ",,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/"
	for _, c := range []struct {
		code   string
		winner boardrules.Player
		reason string
	}{
		{"tumbling pbmserv w " + empty7 + "B1W1B1,,,,,,,", 0, "White has no stack left"},
		{"tumbling classic b " + empty7 + "W1,,,,,,,", 1, "Black has no stack left"},
		{"tumbling boardspace w " + empty7 + "B1,,,,,,,", 1, "White has no stack left"},
		{"tumbling boardspace b " + empty7 + "W1B1W1,,,,,,,", 0, "Black has no stack left"},
	} {
		p := decode(t, c.code)
		want := boardrules.Outcome{Status: boardrules.Win, Winner: c.winner, Reason: c.reason, Rule: tumbling.RuleNoPieces}
		if diff := cmp.Diff(want, p.Outcome()); diff != "" {
			t.Errorf("%s: Outcome (-want +got):\n%s", c.code, diff)
		}
	}
}

// TestZeroPosition: the zero Position is no game (the root package's
// convention 10), and the empty board a code spells is a game, not it.
func TestZeroPosition(t *testing.T) {
	var p tumbling.Position
	want := boardrules.Outcome{Status: boardrules.Draw, Winner: boardrules.NoPlayer, Reason: "no game", Rule: boardrules.RuleNoGame}
	if diff := cmp.Diff(want, p.Outcome()); diff != "" {
		t.Errorf("zero Position Outcome (-want +got):\n%s", diff)
	}
	if p.LegalMoves() != nil || p.ToMove() != boardrules.NoPlayer {
		t.Errorf("zero Position: LegalMoves %v, ToMove %v; want nil, NoPlayer", p.LegalMoves(), p.ToMove())
	}
	dst := make([]tumbling.Move, 1, 8)
	if got := p.AppendLegalMoves(dst); len(got) != 1 || &got[0] != &dst[0] {
		t.Errorf("zero Position: AppendLegalMoves changed dst: %v", got)
	}
	if b, err := p.MarshalText(); b != nil || err != boardrules.ErrNoGame {
		t.Errorf("zero Position: MarshalText = %q, %v; want nil, ErrNoGame", b, err)
	}
	if p.Variant() != (tumbling.Variant{}) || p.Hash() != 0 || p.Players() != 2 {
		t.Errorf("zero Position: Variant %v, Hash %x, Players %d", p.Variant(), p.Hash(), p.Players())
	}
	if !p.Equal(tumbling.Position{}) {
		t.Error("the zero Position is not Equal to itself")
	}
	_, _ = p.String(), p.SVG()
	var me *notation.MoveError
	if _, err := p.Play(tumbling.MakeMove(sq("a1"), sq("a2"), false)); !errors.Is(err, boardrules.ErrGameOver) || !errors.As(err, &me) {
		t.Errorf("Play on the zero Position: %v, want a MoveError wrapping ErrGameOver", err)
	}
	if _, err := p.Play(tumbling.Move{}); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("Play of the zero Move on the zero Position: %v, want ErrGameOver", err)
	}
	if _, err := p.ParseMove("A1-A2"); !errors.Is(err, boardrules.ErrGameOver) || !errors.As(err, &me) || err.Error() != "A1-A2: the game is over (no game)" {
		t.Errorf("ParseMove on the zero Position: %v", err)
	}
	if _, err := p.ParseMove("A1-A9"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("ParseMove of bad text on the zero Position: %v, want ErrSyntax", err)
	}
	// The empty board decodes to a game that Black, to move and owning
	// nothing, has lost; it differs from the zero Position in Equal and Hash.
	empty := "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,"
	q := decode(t, empty)
	if q == p || q.Equal(p) || p.Equal(q) || q.Hash() == p.Hash() {
		t.Error("the decoded empty board is the zero Position")
	}
	want = boardrules.Outcome{Status: boardrules.Win, Winner: 1, Reason: "Black has no stack left", Rule: tumbling.RuleNoPieces}
	if diff := cmp.Diff(want, q.Outcome()); diff != "" {
		t.Errorf("empty board Outcome (-want +got):\n%s", diff)
	}
	if got := marshal(t, q); got != empty {
		t.Errorf("empty board code %q", got)
	}
}

// TestZeroMove: the zero Move is no move: it prints as "", and Play refuses
// it with notation.NoMove's error once it has found that the game goes on.
func TestZeroMove(t *testing.T) {
	var m tumbling.Move
	if m.String() != "" || !m.From().IsZero() || !m.To().IsZero() || m.Tumble() {
		t.Errorf("zero Move: %q %v %v %v", m.String(), m.From(), m.To(), m.Tumble())
	}
	for _, p := range []tumbling.Position{tumbling.Standard(), mustNew(t, tumbling.Variant{Rules: tumbling.Boardspace, Layout: tumbling.CornerLayout})} {
		_, err := p.Play(m)
		var me *notation.MoveError
		if !errors.As(err, &me) || !errors.Is(err, boardrules.ErrIllegalMove) || err.Error() != notation.NoMove().Error() || me.Move != "" {
			t.Errorf("%v: Play(Move{}) = %v, want notation.NoMove()", p.Variant(), err)
		}
	}
	// Game over comes first.
	if _, err := decode(t, w1AfterCode).Play(m); !errors.Is(err, boardrules.ErrGameOver) {
		t.Errorf("ended: Play(Move{}) = %v, want ErrGameOver", err)
	}
}

// TestEqual: Equal (and ==) tells apart positions with the same board that
// differ in the rules, the layout, the side to move or a stored result.
func TestEqual(t *testing.T) {
	const ended = "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B1,W3B1,W1,B1,W1,W1,W1B3/,,,,,,,"
	start := tumbling.Standard()
	for _, c := range []struct {
		field string
		a, b  tumbling.Position
	}{
		{"rules", start, decode(t, withRules(standardCode, tumbling.Classic))},
		{"side to move", start, decode(t, strings.Replace(standardCode, " b ", " w ", 1))},
		{"stored result", decode(t, ended), decode(t, w1AfterCode)},
		{"layout", decode(t, strings.Replace(cornerCode, "pbmserv b", "pbmserv-corner b", 1)), decode(t, cornerCode)},
	} {
		if c.a.Equal(c.b) || c.b.Equal(c.a) || c.a == c.b {
			t.Errorf("%s: two positions that differ only in it are Equal", c.field)
		}
		if c.a.String() != c.b.String() {
			t.Errorf("%s: the pair differs on the board too", c.field)
		}
		if c.a.Hash() == c.b.Hash() {
			t.Errorf("%s: the pair has the same Hash %x", c.field, c.a.Hash())
		}
	}
	// Equal positions reached two ways: the same tumble from the decoded
	// start and from New, and a tumble of one man played through ParseMove.
	a, _ := boardrules.Replay(start, "C1-C2T", "F8-F7T")
	b, _ := boardrules.Replay(decode(t, standardCode), "c1c8t", "f8-f1t")
	if !a.Equal(b) || a != b || a.Hash() != b.Hash() {
		t.Error("the same game reached two ways is not Equal")
	}
}

// TestHashCoversEveryField: the spec makes Hash cover the rules, the side to
// move and the stored result as well as the stacks. The incremental hash is
// checked against hashFromScratch elsewhere, but a field that both leave out
// passes that check; so each pair here differs in that one field alone, and
// their hashes must differ.
func TestHashCoversEveryField(t *testing.T) {
	const ended = "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B1,W3B1,W1,B1,W1,W1,W1B3/,,,,,,,"
	for _, c := range []struct{ field, a, b string }{
		{"rules (classic)", standardCode, withRules(standardCode, tumbling.Classic)},
		{"rules (boardspace)", standardCode, withRules(standardCode, tumbling.Boardspace)},
		{"side to move", standardCode, strings.Replace(standardCode, " b ", " w ", 1)},
		{"stored result", ended, ended + " b:capture:C2"},
		{"layout", cornerCode, strings.Replace(cornerCode, "pbmserv b", "pbmserv-corner b", 1)},
	} {
		if a, b := decode(t, c.a), decode(t, c.b); a.Hash() == b.Hash() {
			t.Errorf("%s: two positions that differ only in it have the same Hash %x", c.field, a.Hash())
		}
	}
	// A game, even on an empty board with nothing else set, against the
	// zero Position, which is no game.
	empty := decode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,")
	if empty.Hash() == (tumbling.Position{}).Hash() {
		t.Errorf("the empty board's game hashes as the zero Position, %x", empty.Hash())
	}
	// The same holds for a result stored by Play (10.2's tumble A2-B2T).
	before := decode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2W1B1W2B3,,W3,,,,,W1/,,,,,,,")
	after, err := before.Play(tumbling.MakeMove(sq("a2"), sq("b2"), true))
	if err != nil {
		t.Fatal(err)
	}
	if after.Hash() == decode(t, ended).Hash() {
		t.Errorf("the board after A2-B2T hashes alike with and without its stored capture")
	}
}

// TestLongCounts: counts of 10 and more and stacks of many runs, both styles.
func TestLongCounts(t *testing.T) {
	p := decode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,B12W10B1W2,W1B1W1B1W1B1W1,,,/,,,,,,,/,,,,,,,/B3,,,,,,,")
	if diff := cmp.Diff(golden(t, "long-counts-horizontal.txt"), p.String()); diff != "" {
		t.Errorf("Horizontal (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(golden(t, "long-counts-upright.txt"), p.Render(tumbling.Upright)); diff != "" {
		t.Errorf("Upright (-want +got):\n%s", diff)
	}
}

// TestRenderSixRuns is pbmserv's 6-run stack W1 B2 W3 B3 W2 B4 in both styles
// and in a Style of neither name.
func TestRenderSixRuns(t *testing.T) {
	p := decode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1B2W3B3W2B4,,,,,,,")
	rank1 := func(s string) []string {
		lines := strings.Split(s, "\n")
		return lines[len(lines)-5 : len(lines)-3]
	}
	if got, want := rank1(p.String()), []string{"  |B3 W2 B4|", " 1|W1 B2 W3|"}; got[0][:12] != want[0] || got[1][:12] != want[1] {
		t.Errorf("Horizontal: %q, want %q", got, want)
	}
	if got, want := rank1(p.Render(tumbling.Upright)), []string{"  |B2 B3 B4|", " 1|W1 W3 W2|"}; got[0][:12] != want[0] || got[1][:12] != want[1] {
		t.Errorf("Upright: %q, want %q", got, want)
	}
	// Any Style but Upright draws Horizontal (spec §7): this stack is where
	// the two differ.
	for _, s := range []tumbling.Style{2, 255} {
		if p.Render(s) != p.String() {
			t.Errorf("Render(%d) is not Horizontal:\n%s", s, p.Render(s))
		}
	}
	for _, line := range strings.Split(strings.TrimSuffix(p.String(), "\n"), "\n") {
		if n := len(line); n != 71 && n != 75 {
			t.Errorf("line of %d bytes: %q", n, line)
		}
	}
}

func TestRenderLineLengths(t *testing.T) {
	// Tall mixed stacks with counts of 10 and more: cells never widen.
	p := decode(t, "tumbling pbmserv b B10W10B1W1B1W1B1W1,,,,,,,W7/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B12W1B2W1B1,,,,,,,")
	for _, s := range []tumbling.Style{tumbling.Horizontal, tumbling.Upright} {
		text := p.Render(s)
		if !strings.HasSuffix(text, "\n") || strings.Contains(text, "\r") {
			t.Errorf("style %d: bad line ends", s)
		}
		for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if n := len(line); n != 71 && n != 75 {
				t.Errorf("style %d: line of %d bytes: %q", s, n, line)
			}
		}
		// Reading the tokens back gives the stacks again.
		for _, want := range []string{"B10", "W10", "W7", "B12"} {
			if !strings.Contains(text, want) {
				t.Errorf("style %d: %s missing", s, want)
			}
		}
	}
}

// TestRejectedCodes: every rejection the position code has.
func TestRejectedCodes(t *testing.T) {
	s := standardCode
	a1 := strings.LastIndex(s, "/") + 1 // A1's text starts here
	bad := map[string]string{
		"rules word Pbmserv":          strings.Replace(s, "pbmserv", "Pbmserv", 1),
		"tomove B":                    strings.Replace(s, "pbmserv b", "pbmserv B", 1),
		"square B1B2":                 s[:a1] + "B1B2" + s[a1+2:],
		"square B0":                   s[:a1] + "B0" + s[a1+2:],
		"square B01":                  s[:a1] + "B01" + s[a1+2:],
		"square b2":                   s[:a1] + "b2" + s[a1+2:],
		"A1 B30":                      s[:a1] + "B30" + s[a1+2:],
		"A1 B3: 30 Black men":         s[:a1] + "B3" + s[a1+2:],
		"rank of 7":                   strings.TrimSuffix(s, ","),
		"rank of 9":                   s + ",",
		"7 ranks":                     s[:a1-1],
		"trailing space":              s + " ",
		"trailing newline":            s + "\n",
		"capture by the side to move": s + " b:capture:C1",
		"noking under Pbmserv":        s + " b:noking",
		"noking under Boardspace":     strings.Replace(s, "pbmserv b", "boardspace w", 1) + " w:noking",
		"empty":                       "",
		"other game":                  strings.Replace(s, "tumbling", "terrace", 1),
		"double space":                strings.Replace(s, " b ", "  b ", 1),
		"leading space":               " " + s,
		"run letter X":                s[:a1] + "X2" + s[a1+2:],
		"W run W1W1":                  strings.Replace(s, "W4", "W1W3", 1),
		"30 White men":                strings.Replace(s, "W4", "W4B1W1", 1),
		"result junk":                 s + " b:captured:C1",
		"result lower square":         strings.Replace(s, "pbmserv b", "pbmserv w", 1) + " b:capture:c1",
		"result no square":            strings.Replace(s, "pbmserv b", "pbmserv w", 1) + " b:capture:",
		"result off board":            strings.Replace(s, "pbmserv b", "pbmserv w", 1) + " b:capture:I1",
		"capture of a pure stack":     strings.Replace(s, "pbmserv b", "pbmserv w", 1) + " b:capture:C1",
		"oppnoking under Classic":     strings.Replace(s, "pbmserv b", "classic w", 1) + " b:oppnoking",
		"oppnoking, loser pure":       strings.Replace(s, "pbmserv b", "boardspace w", 1) + " b:oppnoking",
		"noking, loser has a king":    strings.Replace(s, "pbmserv b", "classic w", 1) + " w:noking",
		"owncapture by the mover":     strings.Replace(s, "pbmserv b", "classic w", 1) + " b:owncapture:C1",
		"owncapture of a pure stack":  strings.Replace(s, "pbmserv b", "classic w", 1) + " w:owncapture:C1",
		"two results":                 "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B1,W3B1,W1,B1,W1,W1,W1B3/,,,,,,, b:capture:C2 b:capture:C2",
		"pbmserv capture, three runs": "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B1,W3B1W1B1,W1,B1,,W1,W1B3/,,,,,,, b:capture:C2",
		"huge count":                  s[:a1] + "B99999999999999999999" + s[a1+2:],
	}
	for name, code := range bad {
		p := tumbling.Standard()
		before := p
		err := p.UnmarshalText([]byte(code))
		if !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("%s: UnmarshalText(%q) = %v, want ErrSyntax", name, code, err)
			continue
		}
		var pe *notation.ParseError
		if !errors.As(err, &pe) || pe.Input != code || pe.Offset < 0 || pe.Offset > len(code) {
			t.Errorf("%s: error %v does not name the text and an offset", name, err)
		}
		if p != before {
			t.Errorf("%s: the receiver changed on error", name)
		}
	}
	// Accepted: fewer men, the side to move owning nothing, results that fit.
	good := []string{
		"tumbling classic b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B1,,,,,,,",
		"tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B29,,,,,,,",
		"tumbling classic w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1,,,,,,,/B1W1,,,,,,, w:owncapture:A1",
		"tumbling classic w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1,,,,,,, w:noking",
		"tumbling boardspace w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1W1B1,,,,,,, w:owncapture:A1",
		"tumbling boardspace b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1W1,,,,,,, w:oppnoking",
		"tumbling classic w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1B1W1B1,,,,,,, b:capture:A1",
	}
	for _, code := range good {
		p := decode(t, code)
		if got := marshal(t, p); got != code {
			t.Errorf("round trip:\n got %s\nwant %s", got, code)
		}
		fields := strings.Fields(code)
		if o := p.Outcome(); len(fields) == 5 && o.Rule != ruleOfField(fields[4]) {
			t.Errorf("%s: Outcome.Rule %q, want %q", code, o.Rule, ruleOfField(fields[4]))
		}
	}
}

// TestParseMove: every notation form, the canonical output and every error.
// The column pkg is how the text reads as a move (spec 6.6), seen on a board
// where it is legal and a tumble stays a tumble (twoOn: two Black men on
// From); the column pos is what Position.ParseMove gives on the start.
func TestParseMove(t *testing.T) {
	start := tumbling.Standard()
	bs := mustNew(t, tumbling.Variant{Rules: tumbling.Boardspace})
	type tc struct {
		in      string
		pkg     string // the canonical move on twoOn(From), or "" for ErrSyntax
		pos     string // Position.ParseMove result, or an error name
		reason  string // part of the error text
		onBoard tumbling.Position
	}
	cases := []tc{
		{in: "C1-C2T", pkg: "C1-C2T", pos: "C1-C2T"},
		{in: "c1c8t", pkg: "C1-C2T", pos: "C1-C2T"},
		{in: "C1-C5t", pkg: "C1-C2T", pos: "C1-C2T"},
		{in: "c1-C2T", pkg: "C1-C2T", pos: "C1-C2T"},
		{in: "C1-H6T", pkg: "C1-D2T", pos: "C1-D2T"},
		{in: "c1d2t", pkg: "C1-D2T", pos: "C1-D2T"},
		{in: "C1C2", pkg: "C1-C2", pos: "C1-C2"},
		{in: "c1-c2m", pkg: "C1-C2", pos: "C1-C2"},
		{in: "C1-C2M", pkg: "C1-C2", pos: "C1-C2"},
		{in: "C4-D5T", pkg: "C4-D5T", pos: "C4-D5"},
		{in: "c4g8t", pkg: "C4-D5T", pos: "C4-D5"},
		{in: "e5h5t", pkg: "E5-F5T", pos: "illegal", reason: "E5 is empty"},
		{in: "E5-F5T", pkg: "E5-F5T", pos: "illegal", reason: "E5 is empty"},
		{in: "E5-G5t", pkg: "E5-F5T", pos: "illegal", reason: "E5 is empty"},
		{in: "F2-G2M", pkg: "F2-G2", pos: "illegal", reason: "F2 is empty"},
		{in: "f2g2m", pkg: "F2-G2", pos: "illegal", reason: "F2 is empty"},
		{in: "f2g2", pkg: "F2-G2", pos: "illegal", reason: "F2 is empty"},
		{in: "F8-F7T", pkg: "F8-F7T", pos: "illegal", reason: "F8 belongs to White"},
		{in: "F8-F7", pkg: "F8-F7", pos: "illegal", reason: "only tumbles (F8 holds 4 men)", onBoard: bs},
		{in: "f8f7m", pkg: "F8-F7", pos: "illegal", reason: "only tumbles", onBoard: bs},
		{in: "F8-F7T", pkg: "F8-F7T", pos: "F8-F7T", onBoard: bs},
		{in: "F5-F4", pkg: "F5-F4", pos: "F5-F4", onBoard: bs},
		{in: "F5-F1T", pkg: "F5-F4T", pos: "F5-F4", onBoard: bs},
	}
	for _, in := range []string{"E5E5", "E5-E5T", "A1B3T", "A1-H2T", "A1C2", "A1-C3", "A1-A3m", "E5-F5T#12",
		"E5xF5", "E5 F5", " E5F5", "E5F5T ", "E5--F5", "E5-F5TT", "E5-F5X", "E5-F5tm", "I1J1", "A0A1", "A9B9", "E5", "",
		"E5-", "E5-F", "E5F", "e5f5#1", "E5-F5\n", "\xffE5F5", "E5F5T\x00", "A1-A10", "Z1Z2"} {
		cases = append(cases, tc{in: in})
	}
	over := decode(t, w1AfterCode)
	for _, c := range cases {
		if c.pkg == "" {
			for name, p := range map[string]tumbling.Position{"start": start, "ended": over, "zero": {}} {
				m, err := p.ParseMove(c.in)
				var pe *notation.ParseError
				if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) || pe.Input != c.in {
					t.Errorf("%s: ParseMove(%q) = %v, %v; want a ParseError wrapping ErrSyntax", name, c.in, m, err)
				}
			}
			continue
		}
		if m, err := twoOn(sq(c.in[:2])).ParseMove(c.in); err != nil || m.String() != c.pkg {
			t.Errorf("twoOn(%s).ParseMove(%q) = %v, %v; want %s", c.in[:2], c.in, m, err, c.pkg)
		}
		p := start
		if c.onBoard != (tumbling.Position{}) {
			p = c.onBoard
		}
		pm, err := p.ParseMove(c.in)
		switch c.pos {
		case "illegal":
			if !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), c.reason) || !strings.Contains(err.Error(), c.in) {
				t.Errorf("Position.ParseMove(%q) = %v, %v; want ErrIllegalMove: %s", c.in, pm, err, c.reason)
			}
		default:
			if err != nil || pm.String() != c.pos {
				t.Errorf("Position.ParseMove(%q) = %v, %v; want %s", c.in, pm, err, c.pos)
			}
		}
		for name, p := range map[string]tumbling.Position{"ended": over, "zero": {}} {
			if _, err := p.ParseMove(c.in); !errors.Is(err, boardrules.ErrGameOver) {
				t.Errorf("%s: Position.ParseMove(%q) = %v; want ErrGameOver", name, c.in, err)
			}
		}
	}
	// E5F5 and E5F5T are different moves.
	a, _ := twoOn(sq("e5")).ParseMove("E5F5")
	b, _ := twoOn(sq("e5")).ParseMove("E5F5T")
	if a == b || a.Tumble() || !b.Tumble() {
		t.Errorf("E5F5 %v, E5F5T %v", a, b)
	}
}

// TestPlayChecks: the checks of Play, in order.
func TestPlayChecks(t *testing.T) {
	p := tumbling.Standard()
	bs := mustNew(t, tumbling.Variant{Rules: tumbling.Boardspace})
	over := decode(t, w1AfterCode)
	for _, c := range []struct {
		name string
		pos  tumbling.Position
		m    tumbling.Move
		want error
	}{
		{"game over beats everything", over, tumbling.Move{}, boardrules.ErrGameOver},
		{"zero move", p, tumbling.Move{}, boardrules.ErrIllegalMove},
		{"From off the board", p, tumbling.MakeMove(sq("i1"), sq("h1"), false), boardrules.ErrIllegalMove},
		{"To off the board", p, tumbling.MakeMove(sq("a1"), sq("a9"), false), boardrules.ErrIllegalMove},
		{"To not a neighbour", p, tumbling.MakeMove(sq("c1"), sq("c3"), true), boardrules.ErrIllegalMove},
		{"same square", p, tumbling.MakeMove(sq("c1"), sq("c1"), false), boardrules.ErrIllegalMove},
		{"empty", p, tumbling.MakeMove(sq("e5"), sq("f5"), false), boardrules.ErrIllegalMove},
		{"opponent's", p, tumbling.MakeMove(sq("f8"), sq("f7"), true), boardrules.ErrIllegalMove},
		{"boardspace man move", bs, tumbling.MakeMove(sq("f8"), sq("f7"), false), boardrules.ErrIllegalMove},
		{"tumble of one man", p, tumbling.MakeMove(sq("c4"), sq("d5"), true), boardrules.ErrIllegalMove},
		{"ok", p, tumbling.MakeMove(sq("c1"), sq("c2"), true), nil},
		{"boardspace one-man", bs, tumbling.MakeMove(sq("f5"), sq("f4"), false), nil},
	} {
		before := c.pos
		_, err := c.pos.Play(c.m)
		if !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
			t.Errorf("%s: Play(%v) = %v, want %v", c.name, c.m, err, c.want)
		}
		if c.pos != before {
			t.Errorf("%s: Play changed the receiver", c.name)
		}
	}
}

// TestOneManTumble: a tumble of one man is the man move. Position.ParseMove
// reads it as the man move and LegalMoves lists only that; Play takes a Move
// as it is and refuses the tumble, which is no move of any position's list,
// naming the man move; PlayUnchecked plays it as the man move.
func TestOneManTumble(t *testing.T) {
	for _, r := range allRules {
		p := decode(t, withRules(standardCode, r))
		tum := tumbling.MakeMove(sq("c4"), sq("d5"), true)
		man, err := p.ParseMove("C4-D5T")
		if err != nil || man != tumbling.MakeMove(sq("c4"), sq("d5"), false) {
			t.Fatalf("%v: ParseMove(C4-D5T) = %v, %v; want the man move C4-D5", r, man, err)
		}
		a, err := p.Play(man)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Play(tum)
		var me *notation.MoveError
		if !errors.Is(err, boardrules.ErrIllegalMove) || !errors.As(err, &me) || me.Reason != "C4 holds one man: its tumble is the man move C4-D5" {
			t.Errorf("%v: Play(C4-D5T) = %v, want ErrIllegalMove naming the man move", r, err)
		}
		if c := p.PlayUnchecked(tum); c != a {
			t.Errorf("%v: PlayUnchecked of the one-man tumble differs from the man move", r)
		}
		for _, m := range p.LegalMoves() {
			if m.From() == sq("c4") && m.Tumble() {
				t.Errorf("%v: LegalMoves lists the tumble %v of a one-man stack", r, m)
			}
		}
	}
}

// TestTumbleMechanics checks the tumble on a tall stack: one man per square, the
// rest as an unchanged sub-stack on the edge square.
func TestTumbleMechanics(t *testing.T) {
	p := decode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1,,,,B1W2B1W1B3,W2,,B1")
	q, err := p.Play(tumbling.MakeMove(sq("e1"), sq("f1"), true))
	if err != nil {
		t.Fatal(err)
	}
	// E1 holds B W W B W B B B (bottom first); the line east is F1 G1 H1.
	// F1 (W2) is White's king and ends W2 B1: captured.
	want := "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1,,,,,W2B1,W1,B1W1B1W1B3 b:capture:F1"
	if got := marshal(t, q); got != want {
		t.Errorf("tumble E1 east:\n got %s\nwant %s", got, want)
	}
	// Short stack, long line: one man per square.
	q, _ = p.Play(tumbling.MakeMove(sq("e1"), sq("d1"), true))
	want = "tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1B1W1B3,W1,W1,B1,,W2,,B1"
	if got := marshal(t, q); got != want {
		t.Errorf("tumble E1 west:\n got %s\nwant %s", got, want)
	}
}

func TestVariants(t *testing.T) {
	names := []string{"pbmserv", "pbmserv-corner", "classic", "classic-corner", "boardspace", "boardspace-corner"}
	for i, v := range tumbling.Variants() {
		if v.String() != names[i] {
			t.Errorf("Variants()[%d] = %v, want %s", i, v, names[i])
		}
		got, err := tumbling.ParseVariant(names[i])
		if err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", names[i], got, err)
		}
		p := mustNew(t, v)
		if p.Variant() != v {
			t.Errorf("%v: Variant() = %v", v, p.Variant())
		}
	}
	for _, bad := range []string{"", "Pbmserv", "standard", "pbmserv-standard", "corner", "classic-corner "} {
		var pe *notation.ParseError // the shape of the other engines' ParseVariant errors
		if _, err := tumbling.ParseVariant(bad); !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) || pe.Input != bad {
			t.Errorf("ParseVariant(%q): %v, want a *notation.ParseError of the name", bad, err)
		}
	}
	if _, err := tumbling.New(tumbling.Variant{Rules: 3}); err == nil || !strings.Contains(err.Error(), "Rules") {
		t.Errorf("New with bad Rules: %v", err)
	}
	if _, err := tumbling.New(tumbling.Variant{Layout: 2}); err == nil || !strings.Contains(err.Error(), "Layout") {
		t.Errorf("New with bad Layout: %v", err)
	}
	if tumbling.Pbmserv.String() != "pbmserv" || tumbling.Classic.String() != "classic" || tumbling.Boardspace.String() != "boardspace" ||
		tumbling.StandardLayout.String() != "standard" || tumbling.CornerLayout.String() != "corner" ||
		tumbling.Black.String() != "Black" || tumbling.White.String() != "White" {
		t.Error("String of a constant")
	}
}

func TestPlayersAndColors(t *testing.T) {
	for _, c := range []struct {
		r            tumbling.Rules
		first, other tumbling.Color
	}{{tumbling.Pbmserv, tumbling.Black, tumbling.White}, {tumbling.Classic, tumbling.Black, tumbling.White}, {tumbling.Boardspace, tumbling.White, tumbling.Black}} {
		p := mustNew(t, tumbling.Variant{Rules: c.r})
		if p.Players() != 2 || p.ColorOf(0) != c.first || p.ColorOf(1) != c.other || p.ColorOf(2) != tumbling.NoColor || p.ColorOf(boardrules.NoPlayer) != tumbling.NoColor {
			t.Errorf("%v: ColorOf", c.r)
		}
		if p.PlayerOf(c.first) != 0 || p.PlayerOf(c.other) != 1 || p.PlayerOf(tumbling.NoColor) != boardrules.NoPlayer {
			t.Errorf("%v: PlayerOf", c.r)
		}
		if p.Kings(2) != nil || p.Kings(-1) != nil {
			t.Errorf("%v: Kings of a bad player", c.r)
		}
	}
}

func TestStack(t *testing.T) {
	p := decode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2W1B1W2B3,,W3,,,,,W1/,,,,,,,")
	s := stackAt(p, sq("a2"))
	if s.Height() != 9 || s.Color() != tumbling.Black || s.Owner() != 0 || s.Pure() || s.String() != "B2W1B1W2B3" {
		t.Errorf("A2: %d %v %v %v %q", s.Height(), s.Color(), s.Owner(), s.Pure(), s.String())
	}
	want := []tumbling.Run{{tumbling.Black, 2}, {tumbling.White, 1}, {tumbling.Black, 1}, {tumbling.White, 2}, {tumbling.Black, 3}}
	if diff := cmp.Diff(want, s.Runs()); diff != "" {
		t.Errorf("Runs (-want +got):\n%s", diff)
	}
	if s.Man(0) != tumbling.Black || s.Man(2) != tumbling.White || s.Man(9) != tumbling.NoColor || s.Man(-1) != tumbling.NoColor {
		t.Error("Man")
	}
	if c := stackAt(p, sq("c2")); !c.Pure() || c.Color() != tumbling.White || c.Owner() != 1 || c.Height() != 3 {
		t.Error("C2")
	}
	e := stackAt(p, sq("e5"))
	if e != (tumbling.Stack{}) || e.Height() != 0 || e.Color() != tumbling.NoColor || e.Owner() != boardrules.NoPlayer || e.Runs() != nil || e.String() != "" || e.Pure() {
		t.Error("empty stack")
	}
	for _, at := range []notation.Square{sq("e5"), sq("i9"), {}} {
		if s, ok := p.At(at); ok || s != (tumbling.Stack{}) {
			t.Errorf("At(%v) = %v, %v; want the zero Stack and false", at, s, ok)
		}
	}
	if _, ok := p.At(sq("a2")); !ok {
		t.Error("At(A2): ok false for an occupied square")
	}
}

// TestClassicSingleMenNoKings: under Classic a lone man is never a king.
func TestClassicSingleMenNoKings(t *testing.T) {
	code := "tumbling classic b ,,,,,,,/,,,,,,W1,/,,,,,,,/,,,,,,,/,,,W1,,,,/,,B1,,,,,/,,,,,,,/B2,,,,,,,"
	p := decode(t, code)
	if k := p.Kings(p.PlayerOf(tumbling.White)); k != nil {
		t.Errorf("Classic White kings %s, want none", squareNames(k))
	}
	if k := squareNames(p.Kings(p.PlayerOf(tumbling.Black))); k != "A1" {
		t.Errorf("Classic Black kings %s, want A1", k)
	}
	p = decode(t, withRules(strings.Replace(code, "classic", "pbmserv", 1), tumbling.Pbmserv))
	if k := squareNames(p.Kings(p.PlayerOf(tumbling.White))); k != "D4 G7" {
		t.Errorf("Pbmserv White kings %s, want D4 G7", k)
	}
}

// TestKingsFixedAtTurnStart: kings are those of the board before the move
// (T6 in TestEndOfGame covers a king made and covered in one tumble). Here
// Black's man leaves C3 (W3 B1) and uncovers W3, taller than White's king E5:
// C3 becomes White's king only for the next turn, and D4 (W1, no king) is
// covered without a capture.
func TestKingsFixedAtTurnStart(t *testing.T) {
	p := decode(t, "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,W2,,,/,,,W1,,,,/,,W3B1,,,,,/,,,,,,,/B3,,,,,,,")
	q, err := p.ParseMove("C3-D4")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := p.Play(q)
	if r.Outcome().Status != boardrules.Ongoing {
		t.Errorf("outcome %+v, want the game to go on", r.Outcome())
	}
	if k := squareNames(r.Kings(r.PlayerOf(tumbling.White))); k != "C3" {
		t.Errorf("White kings after %s, want C3", k)
	}
}

func TestRegistry(t *testing.T) {
	g, ok := boardrules.Lookup("tumbling")
	if !ok {
		t.Fatal("tumbling not registered")
	}
	if g.Title != "Tumbling Down" || len(g.Variants) != 6 || g.Variants[0] != "pbmserv" {
		t.Errorf("GameInfo %q %v", g.Title, g.Variants)
	}
	for _, v := range g.Variants {
		a, err := g.New(v)
		if err != nil {
			t.Fatalf("New(%q): %v", v, err)
		}
		if a.Game() != "tumbling" || a.Variant() != v || a.Players() != 2 {
			t.Errorf("%s: %s %s", v, a.Game(), a.Variant())
		}
		moves := a.LegalMoves()
		b, err := a.Play(moves[0])
		if err != nil || b.Variant() != v {
			t.Fatalf("%s: Play(%s): %v", v, moves[0], err)
		}
		code, _ := b.MarshalText()
		c, err := boardrules.Decode(code)
		if err != nil {
			t.Fatal(err)
		}
		if c.Hash() != b.Hash() || c.String() != b.String() {
			t.Errorf("%s: decoded position differs", v)
		}
		if c.Variant() != v {
			t.Errorf("%s: decoded variant %q", v, c.Variant())
		}
	}
	if _, err := g.New("nope"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("New(nope): %v", err)
	}
	if _, err := g.Decode([]byte("tumbling nope")); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("Decode(bad): %v", err)
	}
}

// TestCaptureShapes: what counts as a capture differs between the rule sets
// (beyond the vectors of TestEndOfGame).
func TestCaptureShapes(t *testing.T) {
	for _, c := range []struct {
		name, before, move string
		want               [3]string // result field under Pbmserv, Classic, Boardspace; "" goes on
	}{
		// A bad capture, as pbmserv's help page calls it: White's king H5 (W2) ends W2 B1 W1 B1, four runs.
		{"four runs", "tumbling pbmserv b W1,,,,,,,/,,,,,,,/,,,,,,,/,,,,,B2W1B1,,W2/,,,,,,,/,,,,,,,/,,,,,,,/B1,,,,,,,", "F5-G5T",
			[3]string{"", "b:capture:H5", "b:capture:H5"}},
		// White's kings C5 and D5 (W2): C5 grows to W3 as D5 is covered. A
		// taller White king now: no capture under Classic and Boardspace.
		{"taller king", "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,W1B1,W2,W2,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2,,,,,,,", "B5-C5T",
			[3]string{"b:capture:D5", "", ""}},
	} {
		for ri, r := range allRules {
			p := decode(t, withRules(c.before, r))
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			q, _ := p.Play(m)
			fields := strings.Fields(marshal(t, q))
			got := ""
			if len(fields) == 5 {
				got = fields[4]
			}
			if got != c.want[ri] {
				t.Errorf("%s, %v: result %q, want %q", c.name, r, got, c.want[ri])
			}
		}
	}
}

// TestReplay: the generic helpers see the engine's errors.
func TestReplay(t *testing.T) {
	p, err := boardrules.Replay(tumbling.Standard(), "C1-C2T", "F8-F7T", "e5h5t")
	var re *boardrules.ReplayError
	if !errors.As(err, &re) || re.Ply != 3 || !errors.Is(err, boardrules.ErrIllegalMove) || !strings.Contains(err.Error(), "E5 is empty") {
		t.Fatalf("Replay: %v", err)
	}
	if got := marshal(t, p); !strings.HasPrefix(got, "tumbling pbmserv b ") {
		t.Errorf("Replay stopped at %s", got)
	}
	if _, err := boardrules.Replay(tumbling.Standard(), "C1-C2T", "F8F7T#2"); !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("Replay with a move number: %v", err)
	}
}

// TestBoardspaceManMoveNeedsOneMan: under Boardspace the only moves are
// tumbles, so a man move is legal only from a one-man stack (where it is the
// tumble). A man move from a two-man stack, the shortest taller stack, is an
// illegal move for both Play and Position.ParseMove; the stack's tumbles
// stay legal.
func TestBoardspaceManMoveNeedsOneMan(t *testing.T) {
	p := decode(t, "tumbling boardspace w ,,,,,,,B1/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,")
	if diff := cmp.Diff([]string{"A1-B1T", "A1-A2T", "A1-B2T"}, moveNames(p.LegalMoves())); diff != "" {
		t.Errorf("legal moves (-want +got):\n%s", diff)
	}
	man := tumbling.MakeMove(sq("a1"), sq("b1"), false)
	if _, err := p.Play(man); !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Errorf("Play(%v) from a two-man stack under Boardspace: %v, want ErrIllegalMove", man, err)
	}
	for _, in := range []string{"A1-B1", "a1b1m"} {
		if _, err := p.ParseMove(in); !errors.Is(err, boardrules.ErrIllegalMove) {
			t.Errorf("Position.ParseMove(%q) under Boardspace: %v, want ErrIllegalMove", in, err)
		}
	}
	if _, err := p.Play(tumbling.MakeMove(sq("a1"), sq("b1"), true)); err != nil {
		t.Errorf("Play(A1-B1T): %v", err)
	}
}

// TestManMoveGoesToNeighbour: without T the second square must be a
// neighbour of the first, whichever way it lies; two files to the left or
// two ranks down is a syntax error for both parsers, though the same text
// with T is a tumble.
func TestManMoveGoesToNeighbour(t *testing.T) {
	start := tumbling.Standard()
	for _, in := range []string{"C1-A1", "c1a1m", "C3-A2", "C3-C1", "c3c1", "D3-B1M", "H8-F8", "A8-A6"} {
		for _, p := range []tumbling.Position{start, twoOn(sq(in[:2]))} {
			if m, err := p.ParseMove(in); !errors.Is(err, boardrules.ErrSyntax) {
				t.Errorf("ParseMove(%q) = %v, %v; want ErrSyntax", in, m, err)
			}
		}
	}
	for in, want := range map[string]string{"C1-A1T": "C1-B1T", "C3-C1T": "C3-C2T", "D3-B1T": "D3-C2T"} {
		if m, err := twoOn(sq(in[:2])).ParseMove(in); err != nil || m.String() != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", in, m, err, want)
		}
	}
}

// TestWinBeatsOwnKingLoss: one tumble both captures the opponent's king and
// covers the mover's own king with an opponent's man. Under Classic and
// Boardspace the capture is checked before the loss of one's own king, so
// the mover wins; under Pbmserv covering one's own king costs nothing.
// A1 (W1 B1) tumbles east: its White man covers Black's king B1, its Black
// man covers White's king C1.
func TestWinBeatsOwnKingLoss(t *testing.T) {
	before := "tumbling pbmserv b ,,,,,,,W1/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1B1,B2,W2,,,,,"
	after := "tumbling pbmserv w ,,,,,,,W1/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B2W1,W2B1,,,,, b:capture:C1"
	for _, r := range allRules {
		p := decode(t, withRules(before, r))
		q, err := boardrules.Replay(p, "A1-B1T")
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		if got, want := marshal(t, q), withRules(after, r); got != want {
			t.Errorf("%v: after A1-B1T\n got %s\nwant %s", r, got, want)
		}
		o := q.Outcome()
		if o.Status != boardrules.Win || q.ColorOf(o.Winner) != tumbling.Black || o.Reason != "king captured on C1" || o.Rule != tumbling.RuleKingCaptured {
			t.Errorf("%v: outcome %+v, want Black wins, king captured on C1", r, o)
		}
	}
}

// TestClassicOwnKingLossHasNoHeightException: under Classic a king of the
// mover that ends topped by the opponent loses the game even when the same
// move builds the mover a taller pure stack (the taller-king exception is
// only for capturing the opponent's king). Boardspace does apply the
// exception to the mover's own kings, and Pbmserv never punishes covering
// one's own king, so there the game goes on. A1 (W1 B2) tumbles east: White's
// man covers Black's king B1, Black's king C1 grows to three.
func TestClassicOwnKingLossHasNoHeightException(t *testing.T) {
	before := "tumbling pbmserv b ,,,,,,,W2/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1B2,B2,B2,,,,,"
	board := "tumbling pbmserv w ,,,,,,,W2/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B2W1,B3,B1,,,,"
	for _, c := range []struct {
		r      tumbling.Rules
		result string // the result field after the move; "" goes on
	}{{tumbling.Pbmserv, ""}, {tumbling.Classic, " w:owncapture:B1"}, {tumbling.Boardspace, ""}} {
		p := decode(t, withRules(before, c.r))
		q, err := boardrules.Replay(p, "A1-B1T")
		if err != nil {
			t.Fatalf("%v: %v", c.r, err)
		}
		if got, want := marshal(t, q), withRules(board, c.r)+c.result; got != want {
			t.Errorf("%v: after A1-B1T\n got %s\nwant %s", c.r, got, want)
		}
		o := q.Outcome()
		if c.result == "" {
			if o.Status != boardrules.Ongoing {
				t.Errorf("%v: outcome %+v, want the game to go on", c.r, o)
			}
			continue
		}
		if o.Status != boardrules.Win || q.ColorOf(o.Winner) != tumbling.White || o.Reason != "own king captured on B1" || o.Rule != tumbling.RuleOwnKingCaptured {
			t.Errorf("%v: outcome %+v, want White wins, own king captured on B1", c.r, o)
		}
	}
}

// TestResultFieldMustFit: a stored result is rejected when it does not fit
// the board, the side to move and the rules. Each bad code below has a good
// twin that differs only in the fault, so it is refused for that fault and
// not by some other check.
func TestResultFieldMustFit(t *testing.T) {
	const empty7 = ",,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/" // ranks 8 to 2, empty
	for _, c := range []struct{ fault, bad, good string }{
		{
			"a capture's winner is the mover, not the side to move",
			"tumbling pbmserv b " + empty7 + "W1B1,,,,,,, b:capture:A1",
			"tumbling pbmserv w " + empty7 + "W1B1,,,,,,, b:capture:A1",
		},
		{
			"an own capture's winner is the side to move, not the mover",
			"tumbling classic b " + empty7 + "B1W1,,,,,,, w:owncapture:A1",
			"tumbling classic w " + empty7 + "B1W1,,,,,,, w:owncapture:A1",
		},
		{
			"a captured king's square is topped by the winner (Classic)",
			"tumbling classic w " + empty7 + "W1B1W1,,,,,,, b:capture:A1",
			"tumbling classic w " + empty7 + "W1B1W1B1,,,,,,, b:capture:A1",
		},
		{
			"a captured king's square is topped by the winner (Boardspace)",
			"tumbling boardspace w " + empty7 + "W1B1W1,,,,,,, b:capture:A1",
			"tumbling boardspace w " + empty7 + "W1B1W1B1,,,,,,, b:capture:A1",
		},
		{
			"a lost king's square holds at least two runs (Boardspace)",
			"tumbling boardspace w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B2,,,,,,, w:owncapture:A1",
			"tumbling boardspace w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B2W1,,,,,,, w:owncapture:A1",
		},
		{
			"a lost king's square is topped by the winner (Classic)",
			"tumbling classic w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1,,,,,,,/B1W1B1,,,,,,, w:owncapture:A1",
			"tumbling classic w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W1,,,,,,,/B1W1,,,,,,, w:owncapture:A1",
		},
		{
			"a captured king's square has the loser's men at the bottom (Classic)",
			"tumbling classic w " + empty7 + "B1W1B1,,,,,,, b:capture:A1",
			"tumbling classic w " + empty7 + "W1B1,,,,,,, b:capture:A1",
		},
		{
			"a captured king's square has the loser's men at the bottom (Boardspace)",
			"tumbling boardspace w " + empty7 + "B1W1B1,,,,,,, b:capture:A1",
			"tumbling boardspace w " + empty7 + "W1B1,,,,,,, b:capture:A1",
		},
		{
			"opponent has no king is a Boardspace result only (Pbmserv)",
			"tumbling pbmserv w " + empty7 + "W1B1,,,,,,, b:oppnoking",
			"tumbling boardspace w " + empty7 + "W1B1,,,,,,, b:oppnoking",
		},
		{
			"opponent has no king is a Boardspace result only (Classic)",
			"tumbling classic w " + empty7 + "W1B1,,,,,,, b:oppnoking",
			"tumbling boardspace w " + empty7 + "W1B1,,,,,,, b:oppnoking",
		},
		{
			"no king left is a Classic result only (Boardspace)",
			"tumbling boardspace w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1W1,,,,,,, w:noking",
			"tumbling classic w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1W1,,,,,,, w:noking",
		},
		{
			"no king left is a Classic result only (Pbmserv)",
			"tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1W1,,,,,,, w:noking",
			"tumbling classic w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1W1,,,,,,, w:noking",
		},
	} {
		var p tumbling.Position
		if err := p.UnmarshalText([]byte(c.bad)); !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("%s: UnmarshalText(%q) = %v, want ErrSyntax", c.fault, c.bad, err)
		}
		if got := marshal(t, decode(t, c.good)); got != c.good {
			t.Errorf("%s: the good twin does not round-trip:\n got %s\nwant %s", c.fault, got, c.good)
		}
	}
}

// TestRunCountErrorNamesTheCount: a run of more than 29 men is refused at the
// count itself, not later as too many men of the colour (which the same text
// also is), so the error's offset points at the count's first digit. More
// than 29 men of a colour spread over several runs is refused at the run that
// passes 29.
func TestRunCountErrorNamesTheCount(t *testing.T) {
	s := standardCode
	a1 := strings.LastIndex(s, "/") + 1 // A1's text starts here
	ranks8to2 := "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/"
	for _, c := range []struct {
		name, code string
		offset     int
	}{
		{"A1 B30", s[:a1] + "B30" + s[a1+2:], a1 + 1},
		{"A1 B99", s[:a1] + "B99" + s[a1+2:], a1 + 1},
		{"A1 B30 alone", ranks8to2 + "B30,,,,,,,", len(ranks8to2) + 1},
		{"A1 B20 W1 B10", ranks8to2 + "B20W1B10,,,,,,,", len(ranks8to2 + "B20W1")},
	} {
		var p tumbling.Position
		err := p.UnmarshalText([]byte(c.code))
		var pe *notation.ParseError
		if !errors.Is(err, boardrules.ErrSyntax) || !errors.As(err, &pe) || pe.Offset != c.offset {
			t.Errorf("%s: UnmarshalText = %v, want ErrSyntax at offset %d", c.name, err, c.offset)
		}
	}
}

// TestStackOwnerFollowsTheRules: a Stack's Owner is a seat of the game it
// was read from, so the same men give seat 0 under Pbmserv and Classic and
// seat 1 under Boardspace when Black is on top; Color does not depend on the
// rules.
func TestStackOwnerFollowsTheRules(t *testing.T) {
	for _, c := range []struct {
		r            tumbling.Rules
		black, white boardrules.Player
	}{{tumbling.Pbmserv, 0, 1}, {tumbling.Classic, 0, 1}, {tumbling.Boardspace, 1, 0}} {
		p := decode(t, withRules("tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/B2W1B1W2B3,,W3,,,,,W1/,,,,,,,", c.r))
		black, white := stackAt(p, sq("a2")), stackAt(p, sq("c2"))
		if black.Color() != tumbling.Black || black.Owner() != c.black || black.Owner() != p.PlayerOf(tumbling.Black) {
			t.Errorf("%v: A2 colour %v, owner %v; want Black, seat %d", c.r, black.Color(), black.Owner(), c.black)
		}
		if white.Color() != tumbling.White || white.Owner() != c.white || white.Owner() != p.PlayerOf(tumbling.White) {
			t.Errorf("%v: C2 colour %v, owner %v; want White, seat %d", c.r, white.Color(), white.Owner(), c.white)
		}
	}
	// The same men read under rules that number the seats alike are ==;
	// under Boardspace they are another Stack (another Owner).
	code := "tumbling pbmserv b " + strings.Repeat(",,,,,,,/", 7) + "W1B2,,,,,,,"
	pb, cl, bs := decode(t, code), decode(t, withRules(code, tumbling.Classic)), decode(t, withRules(code, tumbling.Boardspace))
	if a1 := stackAt(pb, sq("a1")); a1 != stackAt(cl, sq("a1")) || a1 == stackAt(bs, sq("a1")) || a1.String() != stackAt(bs, sq("a1")).String() {
		t.Errorf("A1 under Pbmserv, Classic, Boardspace: %v %v %v", a1, stackAt(cl, sq("a1")), stackAt(bs, sq("a1")))
	}
	// Under every rule set the side to move owns exactly the stacks it may
	// move from.
	for _, v := range tumbling.Variants() {
		p := mustNew(t, v)
		for _, m := range p.LegalMoves() {
			if s := stackAt(p, m.From()); s.Owner() != p.ToMove() {
				t.Fatalf("%v: %v moves from %v, owned by seat %d, with seat %d to move", v, m, m.From(), s.Owner(), p.ToMove())
			}
		}
	}
}
