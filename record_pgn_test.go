package boardrules_test

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
)

func TestRecordCommentsAreKeptAndWrittenBack(t *testing.T) {
	text := "[Game \"nim\"]\n[Variant \"4\"]\n\n{before} 1. 1 {a brace-free note} 1 ; rest of the line\n2. 1 1 0-1\n"
	r, err := boardrules.ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	want := []boardrules.Comment{{Ply: 0, Text: "before"}, {Ply: 1, Text: "a brace-free note"}, {Ply: 2, Text: "rest of the line", Line: true}}
	if diff := cmp.Diff(want, r.Comments); diff != "" {
		t.Errorf("comments (-want +got):\n%s", diff)
	}
	if r.Result != "0-1" {
		t.Errorf("Result = %q", r.Result)
	}
	// each comment in its form, and no Result tag the text did not have
	if out := r.Format(); out != text {
		t.Errorf("Format() = %q, want the text read, %q", out, text)
	}
	// A comment holding a brace can only be a line comment.
	r.Comments = []boardrules.Comment{{Ply: 1, Text: "odd } brace", Line: true}}
	back, err := boardrules.ParseRecord(r.Format())
	if err != nil {
		t.Fatalf("%v\n%s", err, r.Format())
	}
	if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestRecordPGNResults(t *testing.T) {
	moves := "\n1. 1 1 2. 1 1"
	for _, c := range []struct {
		tag, marker string
		ok          bool
		result      string
	}{
		{"0-1", "", true, "0-1"},
		{"", "0-1", true, "0-1"},
		{"0-1", "0-1", true, "0-1"},
		{"*", "*", true, "*"},
		{"", "", true, "*"},
		{"*", "", true, "*"},
		{"", "*", true, "*"},
		{"1-0", "", false, ""},
		{"", "1/2-1/2", false, ""},
		{"0-1", "*", false, ""},
		{"seat 1 wins: took the last stone", "0-1", false, ""},
	} {
		text := "[Game \"nim\"]\n[Variant \"4\"]\n"
		if c.tag != "" {
			text += "[Result \"" + c.tag + "\"]\n"
		}
		text += moves + " " + c.marker + "\n"
		r, err := boardrules.ParseRecord(text)
		if (err == nil) != c.ok {
			t.Errorf("%q: error %v, want ok %v", text, err, c.ok)
			continue
		}
		if err != nil {
			if !errors.Is(err, boardrules.ErrSyntax) {
				t.Errorf("%q: %v does not wrap ErrSyntax", text, err)
			}
			continue
		}
		if r.Result != c.result {
			t.Errorf("%q: Result %q, want %q", text, r.Result, c.result)
		}
	}
	if _, err := boardrules.ParseRecord("[Game \"nim\"]\n\n1. 1 * 2"); err == nil {
		t.Error("a marker before the last move was accepted")
	}
	if _, err := boardrules.ParseRecord("[Game \"nim\"]\n\n1. 1 {open"); err == nil {
		t.Error("an unclosed comment was accepted")
	}
}

func TestParseRecordsReadsAFileOfGames(t *testing.T) {
	g, _ := boardrules.Lookup("terrace")
	var want []boardrules.Record
	var file strings.Builder
	for i := range 3 {
		r := randomGame(t, g, "6-long", rand.New(rand.NewPCG(uint64(i), 9)), 10+i).Record()
		want = append(want, r)
		file.WriteString(r.Format() + "\n")
	}
	got, err := boardrules.ParseRecords(file.String())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got, equateEmpty); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
	bad := file.String() + "[Game \"terrace\"]\n\n1. Z-z9-z9\n"
	if _, err := boardrules.ParseRecords(bad); err == nil || !strings.Contains(err.Error(), "record 4") {
		t.Errorf("a bad fourth record: %v", err)
	}
}

// TestFormatWrapsAtExactlyColumn79 fills lines to the last column: a line
// of 79 characters is kept whole, and one character more wraps.
func TestFormatWrapsAtExactlyColumn79(t *testing.T) {
	// "{" + text + "} 1. 1 *": the comment, the move and the marker of a
	// game that goes on.
	long := strings.Repeat("x", 79-len("{} 1. 1 *"))
	for _, c := range []struct {
		text  string
		lines int
	}{{long, 1}, {long + "x", 2}} {
		r := boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"1"}, Comments: []boardrules.Comment{{Ply: 0, Text: c.text}}}
		_, moveText, _ := strings.Cut(r.Format(), "\n\n")
		lines := strings.Split(strings.TrimSuffix(moveText, "\n"), "\n")
		if len(lines) != c.lines {
			t.Errorf("comment of %d: %d lines, want %d:\n%s", len(c.text), len(lines), c.lines, moveText)
		}
		for _, l := range lines {
			if len(l) > 79 {
				t.Errorf("line of %d characters", len(l))
			}
		}
	}
}

func TestParseRecordRejectsBackquotedTags(t *testing.T) {
	_, err := boardrules.ParseRecord("[Game `nim`]\n\n1. 1\n")
	if err == nil || !errors.Is(err, boardrules.ErrSyntax) {
		t.Errorf("a backquoted tag value: %v", err)
	}
}

// TestRecordCommentPlies pins where a comment stands: after the moves
// before it, counting a move glued to its number ("1.1") as a move, and a
// comment after the closing result marker still after the last move (the
// marker is not a move).
func TestRecordCommentPlies(t *testing.T) {
	r, err := boardrules.ParseRecord("[Game \"nim\"]\n[Variant \"4\"]\n\n1.1 {glued} 1 2. 1 1 0-1 {after the marker}\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []boardrules.Comment{{Ply: 1, Text: "glued"}, {Ply: 4, Text: "after the marker"}}
	if diff := cmp.Diff(want, r.Comments); diff != "" {
		t.Errorf("comments (-want +got):\n%s", diff)
	}
}

// TestResultMarkersOfMorePlayers: a game of three or four seats has
// markers of its own, a score for every seat, in the Result tag and after
// the moves; the two-seat markers are refused there.
func TestResultMarkersOfMorePlayers(t *testing.T) {
	p, err := boardrules.NewGame("terrace", "8-4p")
	if err != nil {
		t.Fatal(err)
	}
	head := "[Game \"terrace\"]\n[Variant \"8-4p\"]\n"
	move := "\n1. " + p.LegalMoves()[0]
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{head + move + " *\n", true},
		{head + "[Termination \"Lowercase resigned\"]\n[Result \"0-1-0-0\"]\n" + move + " 0-1-0-0\n", true},
		{head + "[Termination \"agreed\"]\n[Result \"1/4-1/4-1/4-1/4\"]\n" + move + "\n", true},
		{head + "[Termination \"Lowercase resigned\"]\n" + move + " 0-1\n", false},
		{head + "[Termination \"agreed\"]\n" + move + " 1/2-1/2\n", false},
		{head + "[Result \"0-1-0-0\"]\n" + move + "\n", false}, // no Termination
	} {
		r, err := boardrules.ParseRecord(c.text)
		if (err == nil) != c.ok {
			t.Errorf("ParseRecord(%q) = %v, want ok %v", c.text, err, c.ok)
			continue
		}
		if err != nil && !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("ParseRecord(%q) = %v, want a syntax error", c.text, err)
		}
		if err == nil {
			back, err := boardrules.ParseRecord(r.Format())
			if err != nil || !cmp.Equal(r, back, equateEmpty) {
				t.Errorf("round trip of %q: %v", c.text, err)
			}
		}
	}
}

// TestRecordCommentsKeepTheirLineBreaks: a comment may hold line breaks,
// blank lines, indentation and a line that starts with "[", and comes back
// the same from Format through ParseRecord and ParseRecords.
func TestRecordCommentsKeepTheirLineBreaks(t *testing.T) {
	r := boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"1", "1"}, Result: "*", Comments: []boardrules.Comment{
		{Ply: 0, Text: "see the list\n[1] in the rules"},
		{Ply: 1, Text: "line one\n\n  indented"},
	}}
	back, err := boardrules.ParseRecord(r.Format())
	if err != nil {
		t.Fatalf("%v\n%s", err, r.Format())
	}
	if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	two, err := boardrules.ParseRecords(r.Format() + "\n" + r.Format())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]boardrules.Record{r, r}, two, equateEmpty); diff != "" {
		t.Errorf("ParseRecords (-want +got):\n%s", diff)
	}
}

// TestRecordErrorsNameTheirOffset: every syntax error of a record's text
// wraps ErrSyntax and names the byte offset and the line of the fault.
func TestRecordErrorsNameTheirOffset(t *testing.T) {
	head := "[Game \"nim\"]\n[Variant \"4\"]\n\n"
	for _, c := range []struct {
		text, at string // at: the text the offset must point to
		line     int
	}{
		{"[Game \"nim\"]\n[Game \"nim\"]\n\n1. 1\n", "[Game \"nim\"]\n\n", 2},
		{"[Game \"nim\"]\n[Event nim]\n\n1. 1\n", "[Event", 2},
		{head + "1. 1 {open\n", "{open", 4},
		{head + "1. 1 1\n[Event \"late\"]\n", "[Event \"late\"]", 5},
		{head + "1. 1 1 3. 1\n", "3. 1", 4},
		{head + "1. 1 * 1\n", "* 1", 4},
		{"[Game \"nim\"]\n[Variant \"4\"]\n[Result \"1-0\"]\n\n1. 1 1 2. 1 1\n", "[Result", 3},
		{head + "1. 1 1 2. 1 1 1-0\n", "1-0", 4},
		{"[Variant \"4\"]\n\n1. 1\n", "[Variant \"4\"]\n\n1. 1\n", 1},
		{"[Game \"nim\"]\n[Variant \"4\"]\n[Result \"First wins: nonsense\"]\n\n1. 1 1\n", "[Result", 3},
		{head + "1. 1 1 2. 1 1 0-1-0\n", "0-1-0", 4},
	} {
		_, err := boardrules.ParseRecord(c.text)
		if !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("%q: %v, want a syntax error", c.text, err)
			continue
		}
		off := strings.LastIndex(c.text, c.at)
		if want := fmt.Sprintf("at offset %d: record line %d:", off, c.line); !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want it to say %q", c.text, err, want)
		}
	}
}

// TestRecordSpacesAndLineEnds: any Unicode space separates moves, as
// TrimSpace reads tag lines (a no-break space pasted from a web page, a
// form feed, a vertical tab, a line of them alone), and a CRLF file reads
// as an LF one, its comments' line breaks included.
func TestRecordSpacesAndLineEnds(t *testing.T) {
	head := "[Game \"nim\"]\n[Variant \"4\"]\n\n"
	for _, moves := range []string{"1. 1 1\u00a0\n2. 1\n", "1. 1 1\n\f\n2. 1\n", "1. 1\v1 2. 1\n", "1.\u20031 1\u2028 2. 1"} {
		r, err := boardrules.ParseRecord(head + moves)
		if err != nil || !slices.Equal(r.Moves, []string{"1", "1", "1"}) {
			t.Errorf("%q: %v, %v; want the moves 1 1 1", moves, r.Moves, err)
		}
	}
	lf := head + "1. 1 {two\nlines} 1\n"
	a, errA := boardrules.ParseRecord(lf)
	b, errB := boardrules.ParseRecord(strings.ReplaceAll(lf, "\n", "\r\n"))
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if diff := cmp.Diff(a, b, equateEmpty); diff != "" {
		t.Errorf("CRLF against LF (-LF +CRLF):\n%s", diff)
	}
	// in an LF file, a comment's own "\r\n" comes back as it was
	r := boardrules.Record{Game: "nim", Variant: "4", Moves: []string{"1"}, Result: "*", Comments: []boardrules.Comment{{Ply: 1, Text: "a\r\nb"}}}
	back, err := boardrules.ParseRecord(r.Format())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
		t.Errorf("a comment holding CRLF (-want +got):\n%s", diff)
	}
}

// TestRecordLoadSaveIsByteIdentical: a record read, replayed into a History
// and written down again comes back byte for byte: its tags in their
// order, without a tag it did not have (no Result, no Variant here), its
// comments in their form. A move played changes the moves and the result,
// nothing else; taking it back gives the text again.
func TestRecordLoadSaveIsByteIdentical(t *testing.T) {
	text := "[Event \"club night\"]\n[Game \"nim\"]\n[Round \"2\"]\n[Date \"2026.11.29\"]\n\n" +
		"{opening} 1. 3 ; a line comment\n3 2. 1 {brace} *\n"
	r, err := boardrules.ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.History()
	if err != nil {
		t.Fatal(err)
	}
	if got := h.Record().Format(); got != text {
		t.Errorf("saved unchanged:\n%s\nwant the text read:\n%s", got, text)
	}
	if err := h.Play("2"); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(text, "{brace} *", "{brace} 2 *", 1)
	if got := h.Record().Format(); got != want {
		t.Errorf("saved after a move:\n%s\nwant:\n%s", got, want)
	}
	if err := h.Play("1"); err != nil { // the last stone: First wins
		t.Fatal(err)
	}
	want = "[Event \"club night\"]\n[Game \"nim\"]\n[Round \"2\"]\n[Date \"2026.11.29\"]\n[Termination \"First wins: took the last stone\"]\n\n" +
		"{opening} 1. 3 ; a line comment\n3 2. 1 {brace} 2 3. 1 1-0\n"
	if got := h.Record().Format(); got != want {
		t.Errorf("saved at the end:\n%s\nwant:\n%s", got, want)
	}
	for range 2 {
		if err := h.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if got := h.Record().Format(); got != text {
		t.Errorf("saved after taking the moves back:\n%s\nwant the text read:\n%s", got, text)
	}
	// a resignation stays while the moves are the record's
	resigned := "[Game \"nim\"]\n[Termination \"First resigned\"]\n[Result \"0-1\"]\n\n1. 3 0-1\n"
	r, err = boardrules.ParseRecord(resigned)
	if err != nil {
		t.Fatal(err)
	}
	if h, err = r.History(); err != nil || h.Record().Format() != resigned {
		t.Errorf("a resigned game saved as %q, %v; want it unchanged", h.Record().Format(), err)
	}
}

// TestRecordOfEveryGameSavesAsRead: the records of random games of every
// engine, in Format's form, read and written back unchanged, tags in any
// order.
func TestRecordOfEveryGameSavesAsRead(t *testing.T) {
	for _, g := range boardrules.Games() {
		for i, v := range g.Variants {
			r := randomGame(t, g, v, rand.New(rand.NewPCG(uint64(i), 21)), 30).Record()
			r.Tags = map[string]string{"White": "Ann", "Black": "Bob"}
			r.Comments = []boardrules.Comment{{Ply: 1, Text: "a note"}, {Ply: 3, Text: "to the end of the line", Line: true}}
			r.TagOrder = []string{"White", "Black", "Result", "Game", "Variant"}
			text := r.Format()
			back, err := boardrules.ParseRecord(text)
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", g.Name, v, err, text)
			}
			h, err := back.History()
			if err != nil {
				t.Fatal(err)
			}
			if got := h.Record().Format(); got != text {
				t.Errorf("%s %s: saved\n%s\nwant the text read\n%s", g.Name, v, got, text)
			}
		}
	}
}

// TestParseRecordsSeq: the stream yields the records ParseRecords returns,
// reading an io.Reader as it goes; a bad record yields its error and the
// next ones still come; an error of the reader comes last.
func TestParseRecordsSeq(t *testing.T) {
	good := "[Game \"nim\"]\n\n1. 1 1 *\n\n"
	bad := "[Game \"nim\"]\n\n1. 4 *\n\n"
	text := good + bad + good
	var got []string
	for r, err := range boardrules.ParseRecordsSeq(strings.NewReader(text)) {
		if err != nil {
			got = append(got, "error: "+strings.SplitN(err.Error(), ":", 2)[0])
			continue
		}
		got = append(got, strings.Join(r.Moves, " "))
	}
	if want := []string{"1 1", "error: record 2", "1 1"}; !slices.Equal(got, want) {
		t.Errorf("ParseRecordsSeq yields %q, want %q", got, want)
	}
	if _, err := boardrules.ParseRecords(text); err == nil || !strings.HasPrefix(err.Error(), "record 2: ") {
		t.Errorf("ParseRecords = %v, want the error of record 2", err)
	}
	// the caller may stop early
	n := 0
	for range boardrules.ParseRecordsSeq(strings.NewReader(good + good + good)) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("%d records after a break", n)
	}
	// a reader that fails after the first record
	failing := io.MultiReader(strings.NewReader(good), iotest.ErrReader(errors.New("disk on fire")))
	var errs []error
	for _, err := range boardrules.ParseRecordsSeq(failing) {
		errs = append(errs, err)
	}
	if len(errs) != 2 || errs[0] != nil || errs[1] == nil || errs[1].Error() != "disk on fire" {
		t.Errorf("a failing reader yields %v, want the record, then its error", errs)
	}
}

// TestRecordErrorsHaveABoundedSize: whatever holds a megabyte (a tag
// value, a move, a comment, a number), the record's error stays small.
func TestRecordErrorsHaveABoundedSize(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	for name, text := range map[string]string{
		"game":     "[Game \"" + big + "\"]\n",
		"variant":  "[Game \"nim\"]\n[Variant \"" + big + "\"]\n",
		"start":    "[Game \"tumbling\"]\n[Start \"" + big + "\"]\n",
		"result":   "[Game \"nim\"]\n[Result \"" + big + "\"]\n",
		"tag":      "[Game \"nim\"]\n[" + big + "]\n",
		"move":     "[Game \"nim\"]\n\n1. " + big + "\n",
		"number":   "[Game \"nim\"]\n\n" + strings.Repeat("1", 1<<20) + ". 1\n",
		"comment":  "[Game \"nim\"]\n\n1. 1 {" + big + "\n",
		"late tag": "[Game \"nim\"]\n\n1. 1\n[" + big + "\n",
		"marker":   "[Game \"nim\"]\n\n1. 1 " + strings.Repeat("1-", 1<<19) + "0\n",
		"é":        "[Game \"nim\"]\n\n1. " + strings.Repeat("é", 1<<19) + "\n",
		"invalid":  "[Game \"nim\"]\n\n1. " + strings.Repeat("\xff", 1<<20) + "\n",
	} {
		_, err := boardrules.ParseRecord(text)
		if err == nil || len(err.Error()) >= 300 {
			t.Errorf("%s: an error of %d bytes: %.400q", name, len(fmt.Sprint(err)), err)
		}
		_, err = boardrules.ParseRecords(text)
		if err == nil || len(err.Error()) >= 300 {
			t.Errorf("%s: ParseRecords gives an error of %d bytes: %.400q", name, len(fmt.Sprint(err)), err)
		}
	}
}

// TestParseHistory: the History of a record read once is the one
// Record.History replays, and its Record is the record read.
func TestParseHistory(t *testing.T) {
	text := "[Game \"nim\"]\n[Event \"x\"]\n\n1. 3 ; note\n3 *\n"
	h, err := boardrules.ParseHistory(text)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := boardrules.ParseRecord(text)
	if diff := cmp.Diff(r, h.Record()); diff != "" || h.Record().Format() != text || h.Position().String() != "oooo" {
		t.Errorf("ParseHistory's Record (-ParseRecord +got):\n%s\n%s", diff, h.Record().Format())
	}
	// the record read belongs to the History: changing the one returned
	// changes nothing there
	r.Tags["Event"] = "y"
	r.Comments[0].Text = "changed"
	if h2, _ := r.History(); h2 == nil || h.Record().Tags["Event"] != "x" {
		t.Error("the History shares the record's map")
	}
	if _, err := boardrules.ParseHistory("[Game \"nim\"]\n\n1. 4\n"); !errors.Is(err, boardrules.ErrIllegalMove) {
		t.Errorf("ParseHistory of an illegal move: %v", err)
	}
}
