package boardrules

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/boardrules/boardrules/internal/quote"
)

// Record is a game record: which game and variant, where it started, the
// moves in canonical notation, the result and how the game ended. Its text
// form (Format, ParseRecord) is PGN's: one tag per line, then the numbered
// moves ending in the result marker:
//
//	[Game "terrace"]
//	[Variant "8-long"]
//	[Event "club night"]
//	[Termination "Lowercase resigned"]
//	[Result "0-1"]
//
//	1. B-d1-d3 B-e8-e6 2. C-f1-f3 0-1
//
// (ExampleRecord_Format writes this record.) Tag values are quoted the way Go quotes strings
// (strconv.Quote), so any text, even a newline, survives a round trip. A
// record built in code has its tags written in a fixed order: Game,
// Variant, Start, the other tags sorted by name, Termination, Result; a
// record read by ParseRecord keeps the order its text had (TagOrder). The
// moves are numbered by rounds: a round is one move of every seat, so a
// two-player record numbers pairs of moves and a four-player record groups
// of four, counted from the record's first move whoever makes it.
//
// The Result is PGN's game-termination marker, in the Result tag and again
// after the last move: "1-0" (seat 0 won), "0-1" (seat 1 won), "1/2-1/2" (a
// draw) or "*" (the game goes on, or its result is not stated). Games of
// three or four players (Terrace) extend the form with a score for every
// seat in seat order: "0-1-0" (seat 1 won), "1/3-1/3-1/3" (a draw);
// ResultMarker gives them all. Termination says in words how the game
// ended, naming the seats: "White wins: king captured on G2" for an end
// the rules made, as Describe gives it, or "Black resigned" for one off the
// board.
//
// A record with a Start code begins there, and the code alone decides the
// rules: Variant is then kept as a name but not checked, since a variant
// that only chooses the first position (Terrace's "8-short" setup) is not
// part of a position code. Without Start, Variant must be a variant the
// game can start (GameInfo.New accepts it, listed in GameInfo.Variants or
// not, such as Crumble's "4x4"), and "" means its standard game.
//
// As in PGN, the move text may hold comments, {in braces} or from a
// semicolon to the end of the line, which Record keeps in their form and
// Format writes back. ParseRecords reads a file of several records, and
// ParseRecordsSeq reads them one at a time from an io.Reader.
//
// A record is always checked by replaying it: ParseRecord and Replay accept
// only records whose every move is legal, and a stated Result must agree
// with the final position: the position's own result (ResultMarker of its
// Outcome) when the rules ended the game, and any result, with a
// Termination saying how, when the game ended off the board (a
// resignation, a draw agreed, a time forfeit) while the position goes on.
// "*" agrees with every position.
//
// A record read, replayed into a History (Record.History) and written
// down again (History.Record, Format) comes back byte for byte when the
// text was in Format's form and no move was played or taken back: the
// tags in their order, the comments in their form, no tag gained.
type Record struct {
	Game    string   // registry name, e.g. "terrace"
	Variant string   // variant name as GameInfo.Variants lists it; "" means the standard game
	Start   string   // position code of the start when it is not the variant's standard start; else ""
	Moves   []string // canonical move texts
	// Result is the result marker: "1-0", "0-1", "1/2-1/2", "*", or the
	// form of three or four seats; "" reads as "*".
	Result string
	// Termination says how the game ended, with the seats' names: "White
	// wins: king captured on G2", "Black resigned"; "" when unstated.
	Termination string
	Tags        map[string]string // any other tags (Event, Date, players ...); nil and empty are the same
	// TagOrder is the order of the tags as ParseRecord read them, the
	// names of Game, Result and the other fields included, when it is not
	// the order Format writes by default; nil otherwise, and for a record
	// built in code. Format writes the tags it names in that order, then
	// the others in its default order, but the Result tag only when
	// TagOrder names it (the marker after the moves states the result).
	TagOrder []string
	// Comments are the {...} and ; comments of the move text, in order;
	// nil and empty are the same.
	Comments []Comment
}

// Comment is a comment of a record's move text: Text (without its braces
// or semicolon, spaces trimmed at its ends) stood after Ply moves (0:
// before the first). A {...} comment keeps its line breaks, even one
// before a line that starts with "["; a ; comment runs to the end of its
// line. A comment holding "}" is written as a ; comment, whose line
// breaks become spaces.
type Comment struct {
	Ply  int    // the number of moves before the comment
	Text string // the comment's text, without its delimiters
	Line bool   // a ; comment, to the end of its line; else {...}
}

// The tags a Record keeps in its own fields rather than in Tags.
const (
	tagGame        = "Game"
	tagVariant     = "Variant"
	tagStart       = "Start"
	tagResult      = "Result"
	tagTermination = "Termination"
)

func reservedTag(name string) bool {
	switch name {
	case tagGame, tagVariant, tagStart, tagResult, tagTermination:
		return true
	}
	return false
}

// validTagName reports whether name can be a tag: a letter followed by
// letters, digits and underscores, as in PGN.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_'):
		default:
			return false
		}
	}
	return true
}

// ResultMarker is the result marker of a game of that many seats whose
// final position has outcome o: "*" while it goes on; for two seats "1-0"
// (seat 0 won), "0-1" (seat 1 won) or "1/2-1/2" (a draw), as in PGN; for
// more, every seat's score in seat order, "0-0-1" (seat 2 won) or
// "1/3-1/3-1/3" (a draw).
func ResultMarker(o Outcome, players int) string {
	players = max(players, 2)
	scores := make([]string, players)
	switch o.Status {
	case Win:
		if o.Winner < 0 || int(o.Winner) >= players {
			return "*"
		}
		for i := range scores {
			scores[i] = "0"
		}
		scores[o.Winner] = "1"
	case Draw:
		for i := range scores {
			scores[i] = "1/" + strconv.Itoa(players)
		}
	default:
		return "*"
	}
	return strings.Join(scores, "-")
}

// isResultMarker reports whether s is a result marker of a game of that
// many seats.
func isResultMarker(s string, players int) bool {
	if s == "*" {
		return true
	}
	if s == ResultMarker(Outcome{Status: Draw}, players) {
		return true
	}
	for seat := range players {
		if s == ResultMarker(Outcome{Status: Win, Winner: Player(seat)}, players) {
			return true
		}
	}
	return false
}

// looksLikeMarker reports whether a token of the move text is meant as a
// result marker: "*", or scores joined by "-" ("1-0", "1/2-1/2", "0-1-0").
func looksLikeMarker(s string) bool {
	if s == "*" {
		return true
	}
	parts := strings.Split(s, "-")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789/") != "" {
			return false
		}
	}
	return true
}

// markers lists the decisive and drawn result markers of a game of that
// many seats.
func markers(players int) []string {
	var out []string
	for seat := range players {
		out = append(out, ResultMarker(Outcome{Status: Win, Winner: Player(seat)}, players))
	}
	return append(out, ResultMarker(Outcome{Status: Draw}, players))
}

// notAMarker is the complaint about a stated result that is no result
// marker of a game of that many seats.
func notAMarker(stated string, players int) string {
	return fmt.Sprintf("%s is not a result marker of a %d-player game (%s or *)", quote.Quote(stated), players, strings.Join(markers(players), ", "))
}

// players is the number of seats of the record's game, which sets the
// length of a numbered round; 2 when the record names no playable start.
func (r Record) players() int {
	if p, err := r.start(); err == nil && p.Players() > 0 {
		return p.Players()
	}
	return 2
}

// start is the record's first position: the Start code if there is one,
// else the variant's standard start. Errors wrap ErrSyntax.
func (r Record) start() (Any, error) {
	g, ok := Lookup(r.Game)
	if !ok {
		if r.Game == "" {
			return nil, fmt.Errorf("%w: record names no game (a [Game \"...\"] tag)", ErrSyntax)
		}
		return nil, fmt.Errorf("record: %w", unknownGame(r.Game))
	}
	if r.Start != "" {
		// The code records the rules; Variant is then only a name, which
		// may be a setup's ("8-short") that the code does not record.
		p, err := g.Decode([]byte(r.Start))
		if err != nil {
			return nil, fmt.Errorf("record: start position: %w", err) // the engine's, wrapping ErrSyntax
		}
		return p, nil
	}
	// Any variant the engine can start is allowed, listed or not: Crumble
	// plays on every board from 2x2 to 32x32 but lists two.
	variant := r.Variant
	if variant == "" {
		variant = g.Variants[0]
	}
	p, err := g.New(variant)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	return p, nil
}

// History replays the record into a History positioned after its last
// move. A move that fails gives a *ReplayError naming the ply (counted from
// 1), wrapping the engine's error and so its sentinel; a Result that does
// not agree with the final position (see Record) gives an error wrapping
// ErrSyntax. The History remembers the record, so that its Record keeps
// this one's tags, comments and names.
func (r Record) History() (*History, error) {
	h, err := r.replay()
	if err != nil {
		return nil, err
	}
	if msg := r.resultMismatch(h.Position()); msg != "" {
		return nil, fmt.Errorf("%w: record: %s", ErrSyntax, msg)
	}
	return h, nil
}

// replay plays the record's moves from its start, without checking the
// Result.
func (r Record) replay() (*History, error) {
	start, err := r.start()
	if err != nil {
		return nil, err
	}
	h := NewHistory(start)
	for i, m := range r.Moves {
		if err := h.Play(m); err != nil {
			return nil, &ReplayError{Ply: i + 1, Move: m, Err: err}
		}
	}
	from := r.clone()
	from.Moves = h.Moves() // canonical
	h.from = &from
	return h, nil
}

// clone is r with slices and map of its own, so that a History keeps the
// record it was replayed from whatever its caller does with r.
func (r Record) clone() Record {
	r.Moves = slices.Clone(r.Moves)
	r.Tags = maps.Clone(r.Tags)
	r.TagOrder = slices.Clone(r.TagOrder)
	r.Comments = slices.Clone(r.Comments)
	return r
}

// resultMismatch is the complaint about a stated Result that does not
// agree with the final position, "" when it agrees (see Record).
func (r Record) resultMismatch(final Any) string {
	stated := r.Result
	if stated == "" || stated == "*" {
		return ""
	}
	if !isResultMarker(stated, final.Players()) {
		return notAMarker(stated, final.Players())
	}
	o := final.Outcome()
	if o.Status == Ongoing {
		if r.Termination == "" {
			return fmt.Sprintf("result %s for a game that goes on: a game ended off the board needs a Termination saying how", quote.Quote(stated))
		}
		return ""
	}
	if want := ResultMarker(o, final.Players()); stated != want {
		return fmt.Sprintf("result %s does not match the final position: its result is %q (%s)", quote.Quote(stated), want, Describe(final))
	}
	return ""
}

// Replay returns the position after all the record's moves, with the errors
// of History.
func (r Record) Replay() (Any, error) {
	h, err := r.History()
	if err != nil {
		return nil, err
	}
	return h.Position(), nil
}
