package boardrules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Record is a game record: which game and variant, where it started, the
// moves in canonical notation and the result. Its text form (Format,
// ParseRecord) is one tag per line followed by the numbered moves:
//
//	[Game "terrace"]
//	[Variant "8-long"]
//	[Event "club night"]
//	[Result "seat 1 wins: T captured"]
//
//	1. B-c1-c3 b-c8-c6 2. A-a2-a3 ...
//
// Tag values are quoted the way Go quotes strings (strconv.Quote), so any
// text, even a newline, survives a round trip. The tags come in a fixed
// order: Game, Variant, Start, the other tags sorted by name, Result. The
// moves are numbered by rounds: a round is one move of every seat, so a
// two-player record numbers pairs of moves and a four-player record groups
// of four, counted from the record's first move whoever makes it.
//
// A record with a Start code begins there, and the code alone decides the
// rules: Variant is then kept as a name but not checked, since a variant
// that only chooses the first position (Terrace's "8-short" setup) is not
// part of a position code. Without Start, Variant must be a variant the
// game can start (GameInfo.New accepts it, listed in GameInfo.Variants or
// not, such as Crumble's "4x4"), and "" means its standard game.
//
// As in PGN, the move text may hold comments, {in braces} or from a
// semicolon to the end of the line, which Record keeps and Format writes
// back, and a two-player record with a Result ends its moves with PGN's
// result marker:
// "1-0" (seat 0 won), "0-1" (seat 1 won), "1/2-1/2" (a draw) or "*" (no
// result stated, which any final position matches). ParseRecord also takes
// these markers as the Result tag's value
// of a two-player game, and stores the result in the form ResultText gives.
// ParseRecords reads a file of several records.
//
// A record is always checked by replaying it: ParseRecord and Replay accept
// only records whose every move is legal, and a stated Result must be the
// one the final position's Outcome gives (ResultText). A game that ended
// off the board (a resignation, a draw agreed, a time forfeit) is therefore
// recorded with Result "" and the reason in a tag of its own choosing, such
// as [Termination "seat 0 resigned"]: the rules module can vouch only for
// results its rules produce.
type Record struct {
	Game    string            // registry name, e.g. "terrace"
	Variant string            // variant name as GameInfo.Variants lists it; "" means the standard game
	Start   string            // position code of the start when it is not the variant's standard start; else ""
	Moves   []string          // canonical move texts
	Result  string            // "" while ongoing or unstated; else ResultText of the final Outcome
	Tags    map[string]string // any other tags (Event, Date, players ...); nil and empty are the same
	// Comments are the {...} and ; comments of the move text, in order;
	// nil and empty are the same.
	Comments []Comment
}

// Comment is a comment of a record's move text: Text (without its braces
// or semicolon, spaces trimmed) stood after Ply moves (0: before the first).
type Comment struct {
	Ply  int
	Text string
}

// The tags a Record keeps in its own fields rather than in Tags.
const (
	tagGame    = "Game"
	tagVariant = "Variant"
	tagStart   = "Start"
	tagResult  = "Result"
)

func reservedTag(name string) bool {
	return name == tagGame || name == tagVariant || name == tagStart || name == tagResult
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

// ResultText is the Result of a record whose final position has outcome o:
// "" while the game goes on, "seat N wins: reason" for a win (N is the
// Winner, counted from 0 as Player is) and "draw: reason" for a draw. The
// ": reason" part is left out when Reason is empty.
func ResultText(o Outcome) string {
	var s string
	switch o.Status {
	case Ongoing:
		return ""
	case Win:
		s = "seat " + itoa(int(o.Winner)) + " wins"
	case Draw:
		s = "draw"
	default:
		s = o.Status.String()
	}
	if o.Reason != "" {
		s += ": " + o.Reason
	}
	return s
}

// lineWidth is where Format wraps the move text.
const lineWidth = 79

// Format writes the record in its text form. ParseRecord(r.Format()) gives
// r back (with nil and empty Tags counted as equal) for every record that
// ParseRecord accepts. Tags whose names are not a letter followed by
// letters, digits and underscores cannot be read back, so Format leaves
// them out; Tags entries named Game, Variant, Start or Result are left out
// too, since the fields of those names win.
func (r Record) Format() string {
	var b strings.Builder
	tag := func(name, value string) {
		b.WriteString("[" + name + " " + strconv.Quote(value) + "]\n")
	}
	tag(tagGame, r.Game)
	if r.Variant != "" {
		tag(tagVariant, r.Variant)
	}
	if r.Start != "" {
		tag(tagStart, r.Start)
	}
	names := make([]string, 0, len(r.Tags))
	for name := range r.Tags {
		if validTagName(name) && !reservedTag(name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		tag(name, r.Tags[name])
	}
	if r.Result != "" {
		tag(tagResult, r.Result)
	}
	if len(r.Moves) == 0 && len(r.Comments) == 0 {
		return b.String()
	}
	b.WriteByte('\n')
	players := r.players()
	col := 0
	word := func(w string) {
		if col > 0 && col+1+len(w) > lineWidth {
			b.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	comments := r.Comments
	comment := func(ply int) {
		for len(comments) > 0 && comments[0].Ply <= ply {
			text := comments[0].Text
			comments = comments[1:]
			if !strings.Contains(text, "}") {
				word("{" + text + "}")
				continue
			}
			// A brace inside: only a line comment can hold it.
			word("; " + strings.ReplaceAll(text, "\n", " "))
			b.WriteByte('\n')
			col = 0
		}
	}
	comment(0)
	for i, m := range r.Moves {
		if i%players == 0 {
			word(itoa(i/players+1) + ".")
		}
		word(m)
		comment(i + 1)
	}
	comment(len(r.Moves) + 1<<30) // comments placed beyond the last move
	// PGN's marker closes the moves of a stated result; an unstated one
	// ("*") says nothing that the missing marker does not, and leaving it
	// out keeps the records of unfinished games as they were.
	if players == 2 && len(r.Moves) > 0 && r.Result != "" {
		if marker, ok := pgnMarker(r.Result); ok {
			word(marker)
		}
	}
	if col > 0 {
		b.WriteByte('\n')
	}
	return b.String()
}

// pgnMarker is PGN's result marker for a two-player record's Result
// (ResultText form): ok is false for a result it cannot express.
func pgnMarker(result string) (string, bool) {
	switch {
	case result == "":
		return "*", true
	case result == "draw" || strings.HasPrefix(result, "draw: "):
		return "1/2-1/2", true
	case result == "seat 0 wins" || strings.HasPrefix(result, "seat 0 wins: "):
		return "1-0", true
	case result == "seat 1 wins" || strings.HasPrefix(result, "seat 1 wins: "):
		return "0-1", true
	}
	return "", false
}

// isPGNMarker reports whether s is one of PGN's result markers.
func isPGNMarker(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
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
			return nil, fmt.Errorf("%w: record: start position: %w", ErrSyntax, err)
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
// 1) and the move, wrapping the engine's error and so its sentinel; a
// Result that is not ResultText of the final outcome gives an error
// wrapping ErrSyntax.
func (r Record) History() (*History, error) {
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
	if r.Result != "" {
		if want := ResultText(h.Position().Outcome()); r.Result != want {
			if want == "" {
				want = "none: the game goes on"
			} else {
				want = strconv.Quote(want)
			}
			return nil, fmt.Errorf("%w: record: result %q does not match the final position: its result is %s", ErrSyntax, r.Result, want)
		}
	}
	return h, nil
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

// ParseRecord reads a record in the text form Format writes, and checks it
// by replaying every move (see Record.History). The reader is lenient where
// people typing a record might differ: blank lines anywhere, spaces around
// tags, move numbers with any number of dots ("1." or "1..."), glued to the
// move or not ("1.B-c1-c3"), or left out. A move number that is there must
// be the round of the move after it. Every move may be written in any
// notation form the engine accepts; the Record holds its canonical text.
// Errors wrap ErrSyntax, except a move that fails, whose *ReplayError wraps
// the engine's error.
func ParseRecord(text string) (Record, error) {
	var r Record
	seen := map[string]bool{}
	var moveText []string
	inMoves := false
	for n, line := range strings.Split(text, "\n") {
		lineNo := n + 1
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "[") {
			inMoves = true
			moveText = append(moveText, line)
			continue
		}
		if inMoves {
			return Record{}, fmt.Errorf("%w: record line %d: a tag after the moves: %q", ErrSyntax, lineNo, line)
		}
		name, value, err := parseTag(line)
		if err != nil {
			return Record{}, fmt.Errorf("%w: record line %d: %s: %q", ErrSyntax, lineNo, err.Error(), line)
		}
		if seen[name] {
			return Record{}, fmt.Errorf("%w: record line %d: tag %s given twice", ErrSyntax, lineNo, name)
		}
		seen[name] = true
		switch name {
		case tagGame:
			r.Game = value
		case tagVariant:
			r.Variant = value
		case tagStart:
			r.Start = value
		case tagResult:
			r.Result = value
		default:
			if r.Tags == nil {
				r.Tags = map[string]string{}
			}
			r.Tags[name] = value
		}
	}
	start, err := r.start()
	if err != nil {
		return Record{}, err
	}
	players := max(start.Players(), 1)
	toks, comments, err := scanMoveText(strings.Join(moveText, "\n"))
	if err != nil {
		return Record{}, err
	}
	marker := ""
	for i, tok := range toks {
		if isPGNMarker(tok) {
			if i != len(toks)-1 {
				return Record{}, fmt.Errorf("%w: record: result marker %q before the end of the moves", ErrSyntax, tok)
			}
			marker = tok
			break
		}
		number, move, ok := splitMoveNumber(tok)
		if ok {
			if want := len(r.Moves)/players + 1; number != want {
				return Record{}, fmt.Errorf("%w: record: move number %q before ply %d, which belongs to round %d", ErrSyntax, tok, len(r.Moves)+1, want)
			}
			if move == "" {
				continue
			}
			tok = move
		}
		r.Moves = append(r.Moves, tok)
	}
	for _, c := range comments {
		r.Comments = append(r.Comments, Comment{Ply: min(c.Ply, len(r.Moves)), Text: c.Text})
	}
	// PGN's markers, in the Result tag or closing the moves, are checked
	// against the final position and stored in ResultText's form.
	tagMarker := ""
	if isPGNMarker(r.Result) && players == 2 {
		tagMarker, r.Result = r.Result, ""
	}
	if marker != "" && players != 2 {
		return Record{}, fmt.Errorf("%w: record: result marker %q in a game of %d players", ErrSyntax, marker, players)
	}
	h, err := r.History()
	if err != nil {
		return Record{}, err
	}
	final := ResultText(h.Position().Outcome())
	want, _ := pgnMarker(final)
	for _, m := range []string{tagMarker, marker} {
		if m != "" && m != "*" && m != want {
			return Record{}, fmt.Errorf("%w: record: result %q does not match the final position: its result is %q", ErrSyntax, m, want)
		}
	}
	if tagMarker != "" && tagMarker != "*" || marker != "" && marker != "*" {
		r.Result = final
	}
	r.Moves = h.moves
	return r, nil
}

// scanMoveText splits move text into its tokens and its comments; a
// comment's Ply counts the tokens before it that are not move numbers
// alone, which ParseRecord caps at the number of moves.
func scanMoveText(text string) (toks []string, comments []Comment, err error) {
	plies := 0
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return nil, nil, fmt.Errorf("%w: record: comment %q has no closing }", ErrSyntax, clipText(text[i:], 20))
			}
			comments = append(comments, Comment{Ply: plies, Text: strings.TrimSpace(text[i+1 : i+end])})
			i += end + 1
		case c == ';':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			comments = append(comments, Comment{Ply: plies, Text: strings.TrimSpace(text[i+1 : i+end])})
			i += end
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\n\r{;", rune(text[j])) {
				j++
			}
			tok := text[i:j]
			if _, move, ok := splitMoveNumber(tok); !ok || move != "" {
				plies++
			}
			toks = append(toks, tok)
			i = j
		}
	}
	return toks, comments, nil
}

// ParseRecords reads a file of records one after the other, as PGN files
// hold games: a record starts at its first tag line. Each is checked as
// ParseRecord checks it; an error names the record, counted from 1.
func ParseRecords(text string) ([]Record, error) {
	var records []Record
	var chunk []string
	inMoves := false
	flush := func() error {
		if len(chunk) == 0 {
			return nil
		}
		r, err := ParseRecord(strings.Join(chunk, "\n"))
		if err != nil {
			return fmt.Errorf("record %d: %w", len(records)+1, err)
		}
		records = append(records, r)
		chunk = chunk[:0]
		return nil
	}
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") && inMoves {
			if err := flush(); err != nil {
				return nil, err
			}
			inMoves = false
		}
		if t != "" && !strings.HasPrefix(t, "[") {
			inMoves = true
		}
		chunk = append(chunk, line)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return records, nil
}

// parseTag reads `[Name "value"]`; the error is a phrase for the caller to
// place.
func parseTag(line string) (name, value string, err error) {
	body, ok := strings.CutSuffix(strings.TrimPrefix(line, "["), "]")
	if !ok {
		return "", "", fmt.Errorf("a tag must end with ]")
	}
	body = strings.TrimSpace(body)
	i := strings.IndexAny(body, " \t")
	if i < 0 {
		return "", "", fmt.Errorf("a tag needs a name and a quoted value")
	}
	name, rest := body[:i], strings.TrimSpace(body[i:])
	if !validTagName(name) {
		return "", "", fmt.Errorf("tag name %q is not a letter followed by letters, digits and underscores", name)
	}
	quoted, err := strconv.QuotedPrefix(rest)
	if err != nil || quoted[0] != '"' || strings.TrimSpace(rest[len(quoted):]) != "" {
		return "", "", fmt.Errorf("the value of tag %s must be one string in double quotes", name)
	}
	value, err = strconv.Unquote(quoted)
	if err != nil {
		return "", "", fmt.Errorf("the value of tag %s must be one string in double quotes", name)
	}
	return name, value, nil
}

// splitMoveNumber splits "12." or "12...B-c1-c3" into 12 and the move after
// the dots ("" when none). ok is false when tok does not start with a move
// number: digits followed by at least one dot.
func splitMoveNumber(tok string) (number int, move string, ok bool) {
	digits := 0
	for digits < len(tok) && tok[digits] >= '0' && tok[digits] <= '9' {
		digits++
	}
	if digits == 0 || digits > 6 || digits == len(tok) || tok[digits] != '.' {
		return 0, "", false
	}
	number, _ = strconv.Atoi(tok[:digits])
	return number, strings.TrimLeft(tok[digits:], "."), true
}

// clipText shortens s to n bytes and an ellipsis, so that an error quotes
// the start of a long text rather than all of it.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
