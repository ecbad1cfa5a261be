package boardrules

// The text form of a Record, PGN's: Format writes it, ParseRecord reads
// one record, ParseRecords and ParseRecordsSeq a file of them.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardrules/boardrules/internal/quote"
)

// lineWidth is where Format wraps the move text.
const lineWidth = 79

// Format writes the record in its text form. ParseRecord(r.Format()) gives
// r back (with nil and empty Tags counted as equal) for every record that
// ParseRecord accepts, and ParseRecord(text).Format() gives text back for
// every text Format writes. Tags whose names are not a letter followed by
// letters, digits and underscores cannot be read back, so Format leaves
// them out; Tags entries named Game, Variant, Start, Termination or Result
// are left out too, since the fields of those names win.
func (r Record) Format() string {
	var b strings.Builder
	for _, t := range r.tagLines() {
		b.WriteString("[" + t[0] + " " + strconv.Quote(t[1]) + "]\n")
	}
	b.WriteByte('\n')
	r.formatMoves(&b)
	return b.String()
}

// defaultTagOrder lists the tags Format writes for a record without a
// TagOrder, in order, with their values.
func (r Record) defaultTagOrder() [][2]string {
	tags := [][2]string{{tagGame, r.Game}}
	if r.Variant != "" {
		tags = append(tags, [2]string{tagVariant, r.Variant})
	}
	if r.Start != "" {
		tags = append(tags, [2]string{tagStart, r.Start})
	}
	names := make([]string, 0, len(r.Tags))
	for name := range r.Tags {
		if validTagName(name) && !reservedTag(name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		tags = append(tags, [2]string{name, r.Tags[name]})
	}
	if r.Termination != "" {
		tags = append(tags, [2]string{tagTermination, r.Termination})
	}
	return append(tags, [2]string{tagResult, r.result()})
}

// tagLines lists the tags Format writes, in order: those TagOrder names,
// then the rest in the default order, but the Result tag only when
// TagOrder names it (the text it was read from had none, and the marker
// after the moves states the result anyway).
func (r Record) tagLines() [][2]string {
	tags := r.defaultTagOrder()
	if r.TagOrder == nil {
		return tags
	}
	var out [][2]string
	written := map[string]bool{}
	for _, name := range r.TagOrder {
		for _, t := range tags {
			if t[0] == name && !written[name] {
				out = append(out, t)
				written[name] = true
			}
		}
	}
	for _, t := range tags {
		if !written[t[0]] && t[0] != tagResult {
			out = append(out, t)
		}
	}
	return out
}

// result is the Result as Format writes it: "*" for "".
func (r Record) result() string {
	if r.Result == "" {
		return "*"
	}
	return r.Result
}

// formatMoves writes the move text: the moves numbered by rounds, the
// comments where they stood, the result marker, lines wrapped at
// lineWidth.
func (r Record) formatMoves(b *strings.Builder) {
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
			c := comments[0]
			comments = comments[1:]
			if !c.Line && !strings.Contains(c.Text, "}") {
				word("{" + c.Text + "}")
				continue
			}
			// A ; comment, or a brace inside: only a line comment can hold it.
			word("; " + strings.ReplaceAll(c.Text, "\n", " "))
			b.WriteByte('\n')
			col = 0
		}
	}
	comment(0)
	for i, m := range r.Moves {
		if i%players == 0 {
			word(strconv.Itoa(i/players+1) + ".")
		}
		word(m)
		comment(i + 1)
	}
	comment(len(r.Moves) + 1<<30) // comments placed beyond the last move
	word(r.result())              // PGN closes the moves with the marker
	b.WriteByte('\n')
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
// moves: ..."), except a move that fails, whose *ReplayError, after the
// line ("record line 4: ply 3: B3-B4: B3 is empty"), wraps the engine's
// error, an unknown game (an *UnknownError), and a Start code or variant
// that fails, whose error is the engine's. Any Unicode space separates the
// moves (a no-break space pasted from a web page too), and a CRLF file
// reads as an LF one. Errors quote at most 64 bytes of any part of the
// text.
func ParseRecord(text string) (Record, error) {
	r, _, err := parseRecord(text)
	return r, err
}

// ParseHistory reads a record as ParseRecord does and returns the History
// it replays into, as Record.History would, without replaying the record
// a second time: a program that loads a game to go on with it (a long
// Crumble game takes seconds to replay) reads it once. Its Record is the
// record read.
func ParseHistory(text string) (*History, error) {
	_, h, err := parseRecord(text)
	return h, err
}

// parseRecord is ParseRecord, and the History the record replays into.
func parseRecord(text string) (Record, *History, error) {
	r, tags, moves, err := readTags(text)
	if err != nil {
		return Record{}, nil, err
	}
	start, err := r.start()
	if err != nil {
		return Record{}, nil, err
	}
	players := max(start.Players(), 1)
	mt, err := readMoveText(text, moves, players)
	if err != nil {
		return Record{}, nil, err
	}
	r.Moves = mt.moves
	for _, c := range mt.comments {
		c.Ply = min(c.Ply, len(r.Moves))
		r.Comments = append(r.Comments, c)
	}
	if err := r.takeResult(text, tags, mt, players); err != nil {
		return Record{}, nil, err
	}
	h, err := r.replay()
	if err != nil {
		var re *ReplayError
		if errors.As(err, &re) {
			return Record{}, nil, fmt.Errorf("record line %d: %w", lineOf(text, mt.offsets[re.Ply-1]), err)
		}
		return Record{}, nil, err
	}
	if msg := r.resultMismatch(h.Position()); msg != "" {
		at, tagged := tags.at[tagResult]
		if !tagged {
			at = mt.markerAt
		}
		return Record{}, nil, recordError(text, at, "%s", msg)
	}
	r.Moves = h.Moves()
	r.TagOrder = tags.order
	if slices.Equal(tags.order, tagNames(r.defaultTagOrder())) {
		r.TagOrder = nil // Format's own order
	}
	from := r.clone()
	h.from = &from
	return r, h, nil
}

// recordTags is where the tags of a record's text stood: each tag's offset
// and their names in order.
type recordTags struct {
	at    map[string]int
	order []string
}

// tagNames lists the names of tags.
func tagNames(tags [][2]string) []string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = t[0]
	}
	return out
}

// readTags reads the tags of a record's text, the lines up to the first
// that is neither blank nor a tag, into a Record, and returns where the
// move text starts. The move text is read as it stands, so that a
// comment may hold line breaks, even before a "[".
func readTags(text string) (r Record, tags recordTags, moves int, err error) {
	tags.at = map[string]int{}
	moves = len(text)
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
				return Record{}, tags, 0, recordError(text, off, "%s: %s", err.Error(), quote.Quote(line))
			}
			if _, twice := tags.at[name]; twice {
				return Record{}, tags, 0, recordError(text, off, "tag %s given twice", name)
			}
			tags.at[name] = off
			tags.order = append(tags.order, name)
			r.setTag(name, value)
		}
		off = end + 1
	}
	if r.Game == "" {
		return Record{}, tags, 0, recordError(text, 0, "the record names no game (a [Game \"...\"] tag)")
	}
	return r, tags, moves, nil
}

// setTag sets the field or the Tags entry of a tag.
func (r *Record) setTag(name, value string) {
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

// movesRead is what readMoveText finds in a record's move text.
type movesRead struct {
	moves    []string  // as written, move numbers split off
	offsets  []int     // where each move stands in the text
	comments []Comment // Ply counts the moves before, uncapped
	marker   string    // the result marker after the moves, "" if none
	markerAt int
}

// readMoveText reads the move text of a record, text[from:], of a game of
// that many seats: the moves, with their move numbers checked against the
// rounds, the comments and the result marker.
func readMoveText(text string, from, players int) (movesRead, error) {
	var mt movesRead
	toks, comments, err := scanMoveText(text, from)
	if err != nil {
		return mt, err
	}
	mt.comments = comments
	for i, tok := range toks {
		if looksLikeMarker(tok.text) {
			if i != len(toks)-1 {
				return mt, recordError(text, tok.off, "result marker %s before the end of the moves", quote.Quote(tok.text))
			}
			if !isResultMarker(tok.text, players) {
				return mt, recordError(text, tok.off, "%s", notAMarker(tok.text, players))
			}
			mt.marker, mt.markerAt = tok.text, tok.off
			break
		}
		move := tok.text
		number, rest, ok := splitMoveNumber(move)
		if d := leadingDigits(move); !ok && d > maxNumberDigits && d < len(move) && move[d] == '.' {
			return mt, recordError(text, tok.off, "%s is not a move number: a move number has at most %d digits", quote.Quote(move), maxNumberDigits)
		}
		if ok {
			if want := len(mt.moves)/players + 1; number != want {
				return mt, recordError(text, tok.off, "move number %s before ply %d, which belongs to round %d", quote.Quote(tok.text), len(mt.moves)+1, want)
			}
			if rest == "" {
				continue
			}
			move = rest
		}
		mt.moves = append(mt.moves, move)
		mt.offsets = append(mt.offsets, tok.off)
	}
	return mt, nil
}

// takeResult sets the record's Result from its Result tag and the marker
// after its moves, which say the same, either of which may be left out,
// and checks them where their lines are known.
func (r *Record) takeResult(text string, tags recordTags, mt movesRead, players int) error {
	at, tagged := tags.at[tagResult]
	if r.Result == "" {
		r.Result = "*"
	}
	if tagged && !isResultMarker(r.Result, players) {
		return recordError(text, at, "result %s", notAMarker(r.Result, players))
	}
	if mt.marker != "" {
		if tagged && mt.marker != r.Result {
			return recordError(text, mt.markerAt, "result marker %q after the moves, but the Result tag says %q", mt.marker, r.Result)
		}
		r.Result = mt.marker
	}
	return nil
}

// recordError is a syntax error of a record's text at byte offset off,
// which it names with the line.
func recordError(text string, off int, format string, args ...any) error {
	return fmt.Errorf("%w at offset %d: record line %d: %s", ErrSyntax, off, lineOf(text, off), fmt.Sprintf(format, args...))
}

// lineOf is the line, counted from 1, that holds byte off of text.
func lineOf(text string, off int) int { return 1 + strings.Count(text[:off], "\n") }

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
				return nil, nil, recordError(text, i, "comment %s has no closing }", quote.Quote(text[i:]))
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
			comments = append(comments, Comment{Ply: plies, Text: strings.TrimSpace(text[i+1 : i+end]), Line: true})
			i += end
		case c == '[':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			return nil, nil, recordError(text, i, "a tag after the moves: %s", quote.Quote(strings.TrimSpace(text[i:i+end])))
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
	for r, err := range ParseRecordsSeq(strings.NewReader(text)) {
		if err != nil {
			return nil, err
		}
		records = append(records, r)
	}
	return records, nil
}

// ParseRecordsSeq yields the records of a file, one at a time as it reads
// them from in, as ParseRecords would return them: a file of many games
// is read without holding more than one record. A record that fails
// yields its error, naming the record counted from 1, and the next ones
// are read on; an error reading in is yielded last.
func ParseRecordsSeq(in io.Reader) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		sc := recordSplitter{in: bufio.NewReader(in)}
		for n := 1; ; n++ {
			text, err := sc.next()
			if text != "" {
				r, perr := ParseRecord(text)
				if perr != nil {
					perr = fmt.Errorf("record %d: %w", n, perr)
				}
				if !yield(r, perr) {
					return
				}
			}
			if err != nil {
				if err != io.EOF {
					yield(Record{}, err)
				}
				return
			}
		}
	}
}

// recordSplitter cuts a file of records into the text of each: a record
// starts at a tag line that follows move text outside a {...} comment.
type recordSplitter struct {
	in        *bufio.Reader
	pending   string // a tag line read that starts the next record
	inMoves   bool   // the record has move text
	inComment bool   // within a {...} comment of the move text
}

// next returns the text of the next record, "" when there is none, and
// the error that stopped the reading, io.EOF at the end of the file.
func (s *recordSplitter) next() (string, error) {
	var chunk strings.Builder
	chunk.WriteString(s.pending)
	s.pending = ""
	s.inMoves, s.inComment = false, false
	for {
		line, err := s.in.ReadString('\n')
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") && s.inMoves && !s.inComment {
			s.pending = line
			return strings.TrimSuffix(chunk.String(), "\n"), err
		}
		if t != "" && (s.inComment || !strings.HasPrefix(t, "[")) {
			s.inMoves = true
			s.inComment = endsInComment(line, s.inComment)
		}
		chunk.WriteString(line)
		if err != nil {
			text := chunk.String()
			if strings.TrimSpace(text) == "" {
				text = ""
			}
			return strings.TrimSuffix(text, "\n"), err
		}
	}
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
		return "", "", errors.New("a tag must end with ]")
	}
	body = strings.TrimSpace(body)
	i := strings.IndexAny(body, " \t")
	if i < 0 {
		return "", "", errors.New("a tag needs a name and a quoted value")
	}
	name, rest := body[:i], strings.TrimSpace(body[i:])
	if !validTagName(name) {
		return "", "", fmt.Errorf("tag name %s is not a letter followed by letters, digits and underscores", quote.Quote(name))
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
