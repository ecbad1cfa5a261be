package crumble

// The position code: "crumble 6x6 b W0,0,1,1 B1,0,1,1 ...", or with a
// variant and a declared draw "crumble 6x6-white w repetition W0,0,1,1 ...".

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// MarshalText returns the position code: game name, size (with the first
// player and draw rules when they are not the defaults), side to move, the
// draw the rules declared if any, and every piece in position-code order.
// It fails only for the zero Position, which is no game: nil and exactly
// boardrules.ErrNoGame.
func (p Position) MarshalText() ([]byte, error) {
	if p.t == nil {
		return nil, boardrules.ErrNoGame
	}
	return p.appendCode(nil), nil
}

func (p Position) appendCode(b []byte) []byte {
	b = append(b, Name+" "...)
	b = strconv.AppendInt(b, int64(p.v.Width), 10)
	b = append(b, 'x')
	b = strconv.AppendInt(b, int64(p.v.Height), 10)
	b = appendVariantSuffix(b, p.v)
	if p.turn == White {
		b = append(b, " w"...)
	} else {
		b = append(b, " b"...)
	}
	if p.status == boardrules.Draw && (p.reason == reasonRepetition || p.reason == reasonRenewables) {
		b = append(b, ' ')
		b = append(b, ruleOf[p.reason]...)
	}
	for _, pc := range p.t.all() {
		b = append(b, ' ', "BW"[pc.C()])
		b = appendNum(b, pc.X(), p.shift)
		b = append(b, ',')
		b = appendNum(b, pc.Y(), p.shift)
		b = append(b, ',')
		b = appendNum(b, pc.w, p.shift)
		b = append(b, ',')
		b = appendNum(b, pc.H(), p.shift)
	}
	return b
}

// appendVariantSuffix appends what a variant's name adds to its size:
// "-white" and the draw rules unless both are in force.
func appendVariantSuffix(b []byte, v Variant) []byte {
	if v.FirstPlayer == White {
		b = append(b, "-white"...)
	}
	switch v.Draws {
	case Repetition:
		b = append(b, "-repetition"...)
	case Renewables:
		b = append(b, "-renewables"...)
	case NoDraws:
		b = append(b, "-nodraws"...)
	}
	return b
}

// field is one space-separated token of a code, with its offset.
type field struct {
	s   string
	off int
}

// fields splits a code at its spaces: one space between two fields, as in
// every engine's code, so a tab or a second space is an error at its
// offset. The caller has refused white space around the code.
func fields(s string) ([]field, error) {
	var out []field
	for i := 0; i <= len(s); {
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if j == i || j < len(s) && s[j] == '\t' {
			return nil, notation.Errorf(s, j, "expected one space between the fields of the code, found %s", notation.QuoteAt(s, j))
		}
		out = append(out, field{s[i:j], i})
		i = j + 1
	}
	return out, nil
}

// UnmarshalText reads a position code and validates everything: variant,
// side to move, the declared draw, canonical numbers, legal shapes inside
// the board, an exact tiling, the precision limit, and no capturable group.
// Errors are *notation.ParseError and wrap boardrules.ErrSyntax; on error
// the receiver is unchanged. White space around the code is refused, as
// strconv refuses it (programs trim what people type), and so is any
// white space between fields but one space. The position gets the
// code's variant and outcome (won if a chain connects all four sides,
// drawn if the code declares a draw or the side to move has no move) and
// a fresh history. No code decodes to the zero Position.
func (p *Position) UnmarshalText(text []byte) error {
	sc := acquire()
	defer scratchPool.Put(sc)
	return p.unmarshal(text, sc)
}

// unmarshal is UnmarshalText in the working memory sc. The check's
// contact graph is the one the first call on the position needs: it is
// built from the stitches in sc, where that call finds it (on the same
// processor: the pool hands sc back there), so that the first Play of a
// decoded position costs about what a Play of a listed one does.
func (p *Position) unmarshal(text []byte, sc *scratch) error {
	s := string(text)
	if err := noSpaceAround(s, "position code"); err != nil {
		return err
	}
	if _, err := notation.ScanGame(s, Name); err != nil {
		return err
	}
	fs, err := fields(s)
	if err != nil {
		return err
	}
	if len(fs) < 3 {
		return notation.Errorf(s, len(s), "position code needs a size, a side to move and pieces")
	}
	q, draw, first, err := parseHeader(s, fs)
	if err != nil {
		return err
	}
	if len(fs) == first {
		return notation.Errorf(s, len(s), "position code has no pieces")
	}
	sorted, err := q.parseTiling(s, fs, first)
	if err != nil {
		return err
	}
	wf, _ := q.dims()
	q.t = newTiling(sorted, wf)
	capt, win := q.tile(sc).fullCheck()
	if capt {
		return notation.Errorf(s, fs[first].off, "the position holds a capturable group")
	}
	if win >= 0 && draw != reasonNone {
		return badField(s, fs[3], "%s connects all four sides: the game was won, not drawn", Color(win))
	}
	q.finishFresh()
	switch {
	case win >= 0:
		q.end(boardrules.Win, Color(win), reasonBlackWins+uint8(win))
	case draw != reasonNone:
		q.end(boardrules.Draw, Black, draw)
	}
	*p = q
	return nil
}

// badField returns the *notation.ParseError of the field f of the code s.
func badField(s string, f field, format string, args ...any) error {
	return notation.Errorf(s, f.off, format, args...)
}

// parseHeader reads the fields of a code before its pieces (fs holds at
// least three): the size or variant, the side to move and the draw the
// code declares, if any. It returns the position without its pieces, the
// declared draw's reason (reasonNone if none) and the index of the first
// piece's field.
func parseHeader(s string, fs []field) (q Position, draw uint8, first int, err error) {
	v, err := parseCodeVariant(s, fs[1])
	if err != nil {
		return Position{}, 0, 0, err
	}
	var turn Color
	switch fs[2].s {
	case "b":
		turn = Black
	case "w":
		turn = White
	default:
		return Position{}, 0, 0, badField(s, fs[2], "side to move %s is not b or w", notation.Quote(fs[2].s))
	}
	q = Position{v: v, shift: maxShift(v.Width, v.Height), turn: turn}
	draw, first = reasonNone, 3
	if len(fs) > 3 {
		switch fs[3].s {
		case RuleRepetition:
			draw, first = reasonRepetition, 4
			if v.Draws&Repetition == 0 {
				return Position{}, 0, 0, badField(s, fs[3], "variant %s has no draw by repetition", v)
			}
		case RuleRenewableIteration:
			draw, first = reasonRenewables, 4
			if v.Draws&Renewables == 0 {
				return Position{}, 0, 0, badField(s, fs[3], "variant %s has no draw by renewable iteration", v)
			}
		}
	}
	return q, draw, first, nil
}

// parseCodeVariant reads the size field of a code, "6x6" or a variant's
// name ("8x8-white"), into the variant with its defaults filled in, as the
// engine keeps them.
func parseCodeVariant(s string, f field) (Variant, error) {
	size, _, hasSuffix := strings.Cut(f.s, "-")
	xi := strings.IndexByte(size, 'x')
	if xi < 0 {
		return Variant{}, badField(s, f, "size %s is not <W>x<H>", notation.Quote(size))
	}
	w, ok1 := smallInt(size[:xi])
	h, ok2 := smallInt(size[xi+1:])
	if !ok1 || !ok2 || w < 2 || w > 32 || h < 2 || h > 32 {
		return Variant{}, badField(s, f, "size %s is not <W>x<H> with sides 2 to 32", notation.Quote(size))
	}
	v := Variant{Width: w, Height: h, Draws: Repetition | Renewables}
	if hasSuffix {
		pv, err := ParseVariant(f.s)
		if err != nil || pv.String() != f.s {
			return Variant{}, badField(s, f, "variant %s is not <W>x<H>[-white][-repetition|-renewables|-nodraws]", notation.Quote(f.s))
		}
		v, _ = pv.normalise() // the defaults filled in, as the engine keeps them
	}
	return v, nil
}

// parseTiling reads the pieces of a code, its fields from fs[first], and
// checks that they tile q's board exactly. It returns them in
// position-code order (by row, then column).
func (q *Position) parseTiling(s string, fs []field, first int) ([]piece, error) {
	ps, err := q.parsePieces(s, fs[first:])
	if err != nil {
		return nil, err
	}
	sorted, order := sortPieces(ps)
	if i, j, found := firstOverlap(sorted); found {
		a, b := fs[first+order[i]], fs[first+order[j]]
		return nil, badField(s, b, "piece %s overlaps piece %s", notation.Quote(b.s), notation.Quote(a.s))
	}
	wf, hf := q.dims()
	if !coversBoard(sorted, wf, hf) {
		return nil, notation.Errorf(s, fs[first].off, "the pieces leave a gap: they do not tile the board")
	}
	return sorted, nil
}

// parsePieces reads the pieces of the fields fs, each of a legal shape
// inside q's board, in the fields' order.
func (q *Position) parsePieces(s string, fs []field) ([]piece, error) {
	wf, hf := q.dims()
	ps := make([]piece, 0, len(fs))
	for _, f := range fs {
		r, c, err := q.parsePiece(s, f)
		if err != nil {
			return nil, err
		}
		// compared without adding: on a 32-unit board x + w can reach 2^63
		if r.w > wf || r.x > wf-r.w || r.h > hf || r.y > hf-r.h {
			return nil, badField(s, f, "piece %s lies outside the board", notation.Quote(f.s))
		}
		if !r.legal() {
			return nil, badField(s, f, "piece %s has no legal shape", notation.Quote(f.s))
		}
		ps = append(ps, newPiece(r, c))
	}
	return ps, nil
}

// sortPieces returns ps in position-code order, and for each of them its
// index in ps, so that an error can point at a piece's field.
func sortPieces(ps []piece) (sorted []piece, order []int) {
	order = make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmpPt(pt{ps[a].X(), ps[a].Y()}, pt{ps[b].X(), ps[b].Y()})
	})
	sorted = make([]piece, len(ps))
	for i, o := range order {
		sorted[i] = ps[o]
	}
	return sorted, order
}

// firstOverlap finds two pieces of sorted, which is in position-code
// order, that overlap, by a sweep in that order: it returns the first
// piece that a later one overlaps, and the first such later piece.
func firstOverlap(sorted []piece) (int, int, bool) {
	for i := range sorted {
		a := sorted[i]
		for j := i + 1; j < len(sorted); j++ {
			b := sorted[j]
			if b.Y() >= a.Y()+a.H() {
				break
			}
			if b.X() < a.X()+a.w && a.X() < b.X()+b.w {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// coversBoard reports whether the areas of the pieces, which do not
// overlap, add up to the board's: then they leave no gap. The sums take
// 128 bits.
func coversBoard(ps []piece, wf, hf int64) bool {
	var hi, lo uint64
	for _, pc := range ps {
		ph, pl := bits.Mul64(uint64(pc.w), uint64(pc.H()))
		var c uint64
		lo, c = bits.Add64(lo, pl, 0)
		hi += ph + c
	}
	bh, bl := bits.Mul64(uint64(wf), uint64(hf))
	return hi == bh && lo == bl
}

// smallInt reads a canonical small decimal (no sign, no leading zero).
func smallInt(s string) (int, bool) {
	if s == "" || len(s) > 3 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// parsePiece reads "B1,0,1/2,1": a rectangle and a colour.
func (q *Position) parsePiece(s string, f field) (rect, Color, error) {
	t := f.s
	var c Color
	switch t[0] {
	case 'B':
		c = Black
	case 'W':
		c = White
	default:
		return rect{}, c, notation.Errorf(s, f.off, "piece %s must start with B or W", notation.Quote(t))
	}
	parts := strings.Split(t[1:], ",")
	if len(parts) != 4 {
		return rect{}, c, notation.Errorf(s, f.off, "piece %s needs x,y,w,h", notation.Quote(t))
	}
	off := f.off + 1
	var vals [4]int64
	for k, part := range parts {
		v, err := q.parseNum(s, part, off)
		if err != nil {
			return rect{}, c, err
		}
		vals[k] = v
		off += len(part) + 1
	}
	r := rect{vals[0], vals[1], vals[2], vals[3]}
	if r.w <= 0 || r.h <= 0 {
		return r, c, notation.Errorf(s, f.off, "piece %s has no area", notation.Quote(t))
	}
	return r, c, nil
}

// parseNum reads a canonical number ("3", "5/2") and converts it to the
// fixed grid. Values beyond 32 or finer than the precision limit fail.
func (q *Position) parseNum(s, t string, off int) (int64, error) {
	num, den, slash := strings.Cut(t, "/")
	n, ok := canonUint(num)
	if !ok {
		return 0, notation.Errorf(s, off, "%s is not a canonical number", notation.Quote(t))
	}
	shift := uint(0)
	if slash {
		d, ok := canonUint(den)
		if !ok || d < 2 || d&(d-1) != 0 || n%2 == 0 {
			return 0, notation.Errorf(s, off, "%s is not a canonical dyadic fraction p/q (q a power of two, p odd)", notation.Quote(t))
		}
		shift = uint(bits.TrailingZeros64(d))
	}
	if shift > uint(q.shift) {
		return 0, notation.Errorf(s, off, "%s is too fine to represent on this board", notation.Quote(t))
	}
	// values beyond the board are refused before they meet the grid
	limit := uint64(max(q.v.Width, q.v.Height))
	if whole := n >> shift; whole > limit || (whole == limit && n&(1<<shift-1) != 0) {
		return 0, notation.Errorf(s, off, "%s lies outside the board", notation.Quote(t))
	}
	return int64(n) << (uint(q.shift) - shift), nil
}

// canonUint reads an unsigned decimal without leading zeros (at most 19
// digits).
func canonUint(s string) (uint64, bool) {
	if s == "" || len(s) > 19 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + uint64(s[i]-'0')
	}
	return v, true
}
