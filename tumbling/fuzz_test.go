package tumbling_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/errtest"
	"github.com/boardrules/boardrules/notation"
	"github.com/boardrules/boardrules/tumbling"
)

// FuzzParseMove: Position.ParseMove never panics; whether a string is a
// syntax error does not depend on the position (the zero Position and an
// ended game included); a syntax error names the string and an offset
// within it, any other error is a MoveError quoting the string; and a move
// it returns prints back to itself and plays.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e5h5t", "E5-F5T", "E5-G5t", "F2-G2M", "f2g2m", "f2g2", "A2-B2T", "C1-C8T",
		"c4g8t", "E5E5", "A1B3T", "E5-F5T#12", "E5--F5", "E5-F5tm", "I1J1", "", "\xff\xfe"} {
		f.Add(s)
	}
	start := tumbling.Standard()
	bs, _ := tumbling.New(tumbling.Variant{Rules: tumbling.Boardspace})
	var ended tumbling.Position
	if err := ended.UnmarshalText([]byte(w1AfterCode)); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var syntax []bool
		for i, p := range []tumbling.Position{start, bs, ended, {}} {
			m, err := p.ParseMove(s)
			syntax = append(syntax, errors.Is(err, boardrules.ErrSyntax))
			if err != nil {
				errtest.Move(t, "Position.ParseMove", s, err)
				if i >= 2 && !syntax[i] && !errors.Is(err, boardrules.ErrGameOver) {
					t.Fatalf("ParseMove(%q) with no game going on: %v, want ErrGameOver", s, err)
				}
				continue
			}
			if again, err := p.ParseMove(m.String()); err != nil || again != m {
				t.Fatalf("ParseMove(%q) = %v; ParseMove(%q) = %v, %v", s, m, m.String(), again, err)
			}
			if _, err := p.Play(m); err != nil {
				t.Fatalf("Position.ParseMove(%q) = %v, but Play: %v", s, m, err)
			}
		}
		for _, b := range syntax[1:] {
			if b != syntax[0] {
				t.Fatalf("ParseMove(%q): a syntax error in some positions only: %v", s, syntax)
			}
		}
	})
}

// FuzzUnmarshalText: any bytes either fail with a syntax error naming them
// and an offset within them, leaving the receiver alone, or decode to a
// position whose code is the input again, and which is a game (never the
// zero Position).
func FuzzUnmarshalText(f *testing.F) {
	for _, s := range []string{
		standardCode, cornerCode,
		"tumbling pbmserv w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,B1,W3B1,W1,B1,W1,W1,W1B3/,,,,,,, b:capture:C2",
		"tumbling classic w ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1,,,,,,, w:noking",
		"tumbling boardspace b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/W2,,,,,,,/B1W1,,,,,,, w:oppnoking",
		"tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,B12W10B1W2,W1B1W1B1W1B1W1,,,/,,,,,,,/,,,,,,,/B3,,,,,,,",
		"tumbling pbmserv b", "tumbling pbmserv b ,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,/,,,,,,,", "", "tumbling", standardCode + " ", standardCode + "\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p := tumbling.Standard()
		before := p
		if err := p.UnmarshalText(b); err != nil {
			errtest.Syntax(t, "UnmarshalText", string(b), err)
			if p != before {
				t.Fatalf("UnmarshalText(%q) failed but changed the receiver", b)
			}
			return
		}
		out, _ := p.MarshalText()
		if string(out) != string(b) {
			t.Fatalf("UnmarshalText(%q) accepted a non-canonical code; MarshalText gives %q", b, out)
		}
		if p.Hash() != tumbling.HashFromScratch(p) {
			t.Fatal("hash")
		}
		if p.Equal(tumbling.Position{}) {
			t.Fatalf("UnmarshalText(%q) gave the zero Position, which is no game", b)
		}
		// The decoded position is playable.
		moves := p.LegalMoves()
		if (len(moves) > 0) != (p.Outcome().Status == boardrules.Ongoing) {
			t.Fatalf("outcome %+v with %d moves", p.Outcome(), len(moves))
		}
		for _, m := range moves {
			if _, err := p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		_ = p.String()
		_ = p.Render(tumbling.Upright)
	})
}

// FuzzPlay: Play accepts exactly the moves LegalMoves lists (not a tumble of
// one man, which is listed as its man move) and rejects anything else with
// a sentinel, never panicking.
func FuzzPlay(f *testing.F) {
	f.Add(standardCode, 2, 0, 2, 1, true)
	f.Add(standardCode, 2, 3, 3, 4, true)
	f.Add(standardCode, 4, 4, 5, 4, false)
	f.Add(strings.Replace(standardCode, "pbmserv b", "boardspace w", 1), 5, 7, 5, 6, false)
	f.Add(strings.Replace(standardCode, "pbmserv b", "boardspace w", 1), 5, 4, 5, 3, true)
	f.Add(cornerCode, 7, 0, 9, 0, false)
	f.Add(cornerCode, -1, 0, 0, 0, false)
	f.Add(standardCode, 1, 0, 1, 4, true)  // B1-B5T: no neighbours, no direction
	f.Add(standardCode, 0, 0, 0, -1, true) // A1 south, off the board: no square in that direction
	f.Fuzz(func(t *testing.T, code string, f1, r1, f2, r2 int, tumble bool) {
		var p tumbling.Position
		if p.UnmarshalText([]byte(code)) != nil {
			p = tumbling.Standard()
		}
		m := tumbling.MakeMove(notation.SquareAt(f1, r1), notation.SquareAt(f2, r2), tumble)
		legal := slices.Contains(p.LegalMoves(), m)
		q, err := p.Play(m)
		if legal != (err == nil) {
			t.Fatalf("%v on %s: legal %v, Play error %v", m, code, legal, err)
		}
		if err != nil {
			if errors.Is(err, boardrules.ErrSyntax) {
				t.Fatalf("Play(%v): %v", m, err)
			}
			// Play, given no text, names the move by its String.
			errtest.Move(t, "Play", m.String(), err)
			p.PlayUnchecked(m) // unspecified for a move that is not legal, but no panic
			return
		}
		if q != p.PlayUnchecked(m) {
			t.Fatalf("Play and PlayUnchecked differ on %v", m)
		}
	})
}
