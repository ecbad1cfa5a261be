package boardrules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Record is a game record: which game and variant, where it started, the
// moves in canonical notation, the result and how the game ended. Its text
// form (Format, ParseRecord) is PGN's: one tag per line, then the numbered
// moves ending in the result marker:
//
//	[Game "terrace"]
//	[Variant "8"]
//	[Event "club night"]
//	[Termination "Uppercase wins: T captured"]
//	[Result "0-1"]
//
//	1. B-c1-c3 B-c8-c6 2. A-a2-a3 ... 0-1
//
// Tag values are quoted the way Go quotes strings (strconv.Quote), so any
// text, even a newline, survives a round trip. The tags come in a fixed
// order: Game, Variant, Start, the other tags sorted by name, Termination,
// Result. The moves are numbered by rounds: a round is one move of every
// seat, so a two-player record numbers pairs of moves and a four-player
// record groups of four, counted from the record's first move whoever
// makes it.
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
// semicolon to the end of the line, which Record keeps and Format writes
// back. ParseRecords reads a file of several records.
//
// A record is always checked by replaying it: ParseRecord and Replay accept
// only records whose every move is legal, and a stated Result must agree
// with the final position: the position's own result (ResultMarker of its
// Outcome) when the rules ended the game, and any result, with a
// Termination saying how, when the game ended off the board (a
// resignation, a draw agreed, a time forfeit) while the position goes on.
// "*" agrees with every position.
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
	// Comments are the {...} and ; comments of the move text, in order;
	// nil and empty are the same.
	Comments []Comment
}

// Comment is a comment of a record's move text: Text (without its braces
// or semicolon, spaces trimmed at its ends) stood after Ply moves (0:
// before the first). A {...} comment keeps its line breaks, even one
// before a line that starts with "["; a comment holding "}" is written as
// a ; comment, whose line breaks become spaces.
type Comment struct {
	Ply  int    // the number of moves before the comment
	Text string // the comment's text, without its delimiters
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
			scores[i] = "1/" + itoa(players)
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
	if r.Termination != "" {
		tag(tagTermination, r.Termination)
	}
	result := r.Result
	if result == "" {
		result = "*"
	}
	tag(tagResult, result)
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
	word(result)                  // PGN closes the moves with the marker
	b.WriteByte('\n')
	return b.String()
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
	if msg := r.resultMismatch(h.Position()); msg != "" {
		return nil, fmt.Errorf("%w: record: %s", ErrSyntax, msg)
	}
	return h, nil
}

// resultMismatch is the complaint about a stated Result that does not
// agree with the final position, "" when it agrees (see Record).
func (r Record) resultMismatch(final Any) string {
	stated := r.Result
	if stated == "" || stated == "*" {
		return ""
	}
	if !isResultMarker(stated, final.Players()) {
		return fmt.Sprintf("result %q is not a result marker of a %d-player game (%s or *)", stated, final.Players(), strings.Join(markers(final.Players()), ", "))
	}
	o := final.Outcome()
	if o.Status == Ongoing {
		if r.Termination == "" {
			return fmt.Sprintf("result %q for a game that goes on: a game ended off the board needs a Termination saying how", stated)
		}
		return ""
	}
	if want := ResultMarker(o, final.Players()); stated != want {
		return fmt.Sprintf("result %q does not match the final position: its result is %q (%s)", stated, want, Describe(final))
	}
	return ""
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
// Errors wrap ErrSyntax and name the byte offset and the line of the
// fault ("syntax error at offset 40: record line 4: a tag after the
// moves: ..."), except a move that fails, whose *ReplayError wraps the
// engine's error, an unknown game (an *UnknownError), and a Start code or
// variant that fails, whose error is the engine's. Any Unicode space
// separates the moves (a no-break space pasted from a web page too), and a
// CRLF file reads as an LF one.
func ParseRecord(text string) (Record, error) {
	var r Record
	tagAt := map[string]int{} // the offset of each tag's line
	// The tags: the lines up to the first that is neither blank nor a tag.
	// The move text is the rest, read as it stands, so that a comment may
	// hold line breaks, even before a "[".
	moves := len(text)
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := strings.TrimSpace(text[off:end])
		if line != "" && !strings.HasPrefix(line, "[") {
			moves = off
			break
		}
		if line != "" {
			name, value, err := parseTag(line)
			if err != nil {
				return Record{}, recordError(text, off, "%s: %q", err.Error(), line)
			}
			if _, twice := tagAt[name]; twice {
				return Record{}, recordError(text, off, "tag %s given twice", name)
			}
			tagAt[name] = off
			switch name {
			case tagGame:
				r.Game = value
			case tagVariant:
				r.Variant = value
			case tagStart:
				r.Start = value
			case tagResult:
				r.Result = value
			case tagTermination:
				r.Termination = value
			default:
				if r.Tags == nil {
					r.Tags = map[string]string{}
				}
				r.Tags[name] = value
			}
		}
		off = end + 1
	}
	if r.Game == "" {
		return Record{}, recordError(text, 0, "the record names no game (a [Game \"...\"] tag)")
	}
	start, err := r.start()
	if err != nil {
		return Record{}, err
	}
	players := max(start.Players(), 1)
	toks, comments, err := scanMoveText(text, moves)
	if err != nil {
		return Record{}, err
	}
	marker, markerAt := "", 0
	for i, tok := range toks {
		if looksLikeMarker(tok.text) {
			if i != len(toks)-1 {
				return Record{}, recordError(text, tok.off, "result marker %q before the end of the moves", tok.text)
			}
			if !isResultMarker(tok.text, players) {
				return Record{}, recordError(text, tok.off, "%q is not a result marker of a %d-player game (%s or *)", tok.text, players, strings.Join(markers(players), ", "))
			}
			marker, markerAt = tok.text, tok.off
			break
		}
		move := tok.text
		number, rest, ok := splitMoveNumber(move)
		if d := leadingDigits(move); !ok && d > maxNumberDigits && d < len(move) && move[d] == '.' {
			return Record{}, recordError(text, tok.off, "%q is not a move number: a move number has at most %d digits", clipText(move, 20), maxNumberDigits)
		}
		if ok {
			if want := len(r.Moves)/players + 1; number != want {
				return Record{}, recordError(text, tok.off, "move number %q before ply %d, which belongs to round %d", tok.text, len(r.Moves)+1, want)
			}
			if rest == "" {
				continue
			}
			move = rest
		}
		r.Moves = append(r.Moves, move)
	}
	for _, c := range comments {
		r.Comments = append(r.Comments, Comment{Ply: min(c.Ply, len(r.Moves)), Text: c.Text})
	}
	// The Result tag and the marker after the moves say the same, either
	// may be left out, and both are checked here, where their lines are
	// known.
	if r.Result == "" {
		r.Result = "*"
	}
	if _, tagged := tagAt[tagResult]; !isResultMarker(r.Result, players) && tagged {
		return Record{}, recordError(text, tagAt[tagResult], "result %q is not a result marker of a %d-player game (%s or *)", r.Result, players, strings.Join(markers(players), ", "))
	}
	if marker != "" {
		if _, tagged := tagAt[tagResult]; tagged && marker != r.Result {
			return Record{}, recordError(text, markerAt, "result marker %q after the moves, but the Result tag says %q", marker, r.Result)
		}
		r.Result = marker
	}
	result := r.Result
	r.Result = "*"
	h, err := r.History()
	if err != nil {
		return Record{}, err
	}
	r.Result = result
	if msg := r.resultMismatch(h.Position()); msg != "" {
		at, tagged := tagAt[tagResult]
		if !tagged {
			at = markerAt
		}
		return Record{}, recordError(text, at, "%s", msg)
	}
	r.Moves = h.moves
	return r, nil
}

// recordError is a syntax error of a record's text at byte offset off,
// which it names with the line.
func recordError(text string, off int, format string, args ...any) error {
	line := 1 + strings.Count(text[:off], "\n")
	return fmt.Errorf("%w at offset %d: record line %d: %s", ErrSyntax, off, line, fmt.Sprintf(format, args...))
}

// token is a word of a record's move text and its offset in the record.
type token struct {
	text string
	off  int
}

// scanMoveText splits the move text of a record, text[from:], into its
// tokens and its comments; a comment's Ply counts the tokens before it
// that are not move numbers alone, which ParseRecord caps at the number of
// moves. A "[" outside comments starts a tag, which cannot follow moves.
func scanMoveText(text string, from int) (toks []token, comments []Comment, err error) {
	// A file whose lines end in CRLF (its first line does) gives its
	// comments' line breaks as an LF file's; in an LF file a "\r\n" inside
	// a comment is the comment's own.
	first := strings.IndexByte(text, '\n')
	crlf := first > 0 && text[first-1] == '\r'
	plies := 0
	for i := from; i < len(text); {
		c := text[i]
		switch {
		case spaceAt(text, i) > 0:
			i += spaceAt(text, i)
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return nil, nil, recordError(text, i, "comment %q has no closing }", clipText(text[i:], 20))
			}
			body := text[i+1 : i+end]
			if crlf {
				body = strings.ReplaceAll(body, "\r\n", "\n")
			}
			comments = append(comments, Comment{Ply: plies, Text: strings.TrimSpace(body)})
			i += end + 1
		case c == ';':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			comments = append(comments, Comment{Ply: plies, Text: strings.TrimSpace(text[i+1 : i+end])})
			i += end
		case c == '[':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			return nil, nil, recordError(text, i, "a tag after the moves: %q", strings.TrimSpace(text[i:i+end]))
		default:
			j := i
			for j < len(text) && spaceAt(text, j) == 0 && !strings.ContainsRune("{;[", rune(text[j])) {
				j++
			}
			tok := text[i:j]
			if _, move, ok := splitMoveNumber(tok); !ok || move != "" {
				plies++
			}
			toks = append(toks, token{tok, i})
			i = j
		}
	}
	return toks, comments, nil
}

// spaceAt returns the length of the space character (unicode.IsSpace: a
// no-break space copied from a web page too, as TrimSpace reads the tag
// lines) at text[i], 0 if there is none.
func spaceAt(text string, i int) int {
	if c := text[i]; c < utf8.RuneSelf {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRuneInString(text[i:])
	if unicode.IsSpace(r) {
		return n
	}
	return 0
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
	inComment := false // within a {...} comment of the move text
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") && inMoves && !inComment {
			if err := flush(); err != nil {
				return nil, err
			}
			inMoves = false
		}
		if t != "" && (inComment || !strings.HasPrefix(t, "[")) {
			inMoves = true
			inComment = endsInComment(line, inComment)
		}
		chunk = append(chunk, line)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return records, nil
}

// endsInComment reports whether a line of move text that starts within a
// {...} comment or not (in) ends within one.
func endsInComment(line string, in bool) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case in:
			in = c != '}'
		case c == '{':
			in = true
		case c == ';':
			return false // a comment to the end of the line
		}
	}
	return in
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
	digits := leadingDigits(tok)
	if digits == 0 || digits > maxNumberDigits || digits == len(tok) || tok[digits] != '.' {
		return 0, "", false
	}
	number, _ = strconv.Atoi(tok[:digits])
	return number, strings.TrimLeft(tok[digits:], "."), true
}

// maxNumberDigits bounds a move number: a million rounds is more than any
// game plays, and the bound keeps the number within an int everywhere.
const maxNumberDigits = 6

// leadingDigits counts the ASCII digits at the start of s.
func leadingDigits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// clipText shortens s to n bytes and an ellipsis, so that an error quotes
// the start of a long text rather than all of it.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
