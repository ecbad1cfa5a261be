package boardrules_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
)

func TestRecordCommentsAreKeptAndWrittenBack(t *testing.T) {
	text := "[Game \"nim\"]\n[Variant \"4\"]\n\n{before} 1. 1 {a brace-free note} 1 ; rest of the line\n2. 1 1 0-1\n"
	r, err := boardrules.ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	want := []boardrules.Comment{{Ply: 0, Text: "before"}, {Ply: 1, Text: "a brace-free note"}, {Ply: 2, Text: "rest of the line"}}
	if diff := cmp.Diff(want, r.Comments); diff != "" {
		t.Errorf("comments (-want +got):\n%s", diff)
	}
	if r.Result != "0-1" {
		t.Errorf("Result = %q", r.Result)
	}
	out := r.Format()
	if wantText := "{before} 1. 1 {a brace-free note} 1 {rest of the line} 2. 1 1 0-1\n"; !strings.HasSuffix(out, wantText) {
		t.Errorf("Format() = %q, want it to end %q", out, wantText)
	}
	// A comment holding a brace can only be a line comment.
	r.Comments = []boardrules.Comment{{Ply: 1, Text: "odd } brace"}}
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
