package conventions_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// The rows where the engines once spoke dialects: one test each, over
// every engine, so that an engine that drifts from the others goes red.

// 10. Zero values, and 3. after the end: one wording for a move of the
// zero Position and for a move after the end, "the game is over (reason)".
func TestOneWordingAfterTheEnd(t *testing.T) {
	all := endings(t)
	forEach(t, func(t *testing.T, e engine, s sample) {
		g, _ := boardrules.Lookup(e.name)
		ended := s.ended()
		for _, line := range all[e.name] {
			p, err := boardrules.Decode([]byte(line))
			if err != nil {
				t.Fatal(err)
			}
			ended = append(ended, p)
		}
		for _, p := range ended {
			start, err := g.New(p.Variant())
			if err != nil {
				t.Fatal(err)
			}
			move := start.LegalMoves()[0]
			_, err = p.ParseMove(move)
			if want := notation.Ended(move, p.Outcome()).Error(); err == nil || err.Error() != want || !errors.Is(err, boardrules.ErrGameOver) {
				t.Errorf("%s: ParseMove(%s) = %v; want %q", code(t, p), move, err, want)
			}
		}
		e.checks.zeroWording(t, s)
	})
}

func (c typed[P, M, PP, V]) zeroWording(t *testing.T, s sample) {
	var zero P
	start := c.standard()
	m := start.LegalMoves()[0]
	want := notation.Ended(m.String(), zero.Outcome()).Error()
	if want != m.String()+": the game is over (no game)" {
		t.Fatalf("the zero Position's Outcome is %v", zero.Outcome())
	}
	if _, err := zero.ParseMove(m.String()); err == nil || err.Error() != want {
		t.Errorf("the zero Position's ParseMove(%s) = %v, want %q", m, err, want)
	}
	if _, err := zero.Play(m); err == nil || err.Error() != want {
		t.Errorf("the zero Position's Play(%s) = %v, want %q", m, err, want)
	}
}

// One wording for a position code of another game.
func TestOneWordingForAnotherGamesCode(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, other := range engines {
			if other.name == e.name {
				continue
			}
			oc := code(t, samplesOf(t, other).starts[0])
			want := fmt.Sprintf("not a %s position code: it starts with %q", e.name, other.name)
			e.checks.decodeReason(t, oc, 0, want)
		}
		e.checks.decodeReason(t, "", 0, "expected a "+e.name+" position code, found the end")
	})
}

func (c typed[P, M, PP, V]) decodeReason(t *testing.T, code string, offset int, want string) {
	t.Helper()
	_, err := c.decode([]byte(code))
	var pe *notation.ParseError
	if !errors.As(err, &pe) || pe.Reason != want || pe.Offset != offset {
		t.Errorf("UnmarshalText(%.30q...) = %v; want %q at offset %d", code, err, want, offset)
	}
}

// One wording for a variant that is none: a name ParseVariant does not
// know, a Variant value New cannot start and its String.
func TestOneWordingForAnInvalidVariant(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		g, _ := boardrules.Lookup(e.name)
		_, err := g.New("nonsense")
		var pe *notation.ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(pe.Reason, "unknown "+e.name+" variant: want ") || pe.Input != "nonsense" {
			t.Errorf("GameInfo.New(nonsense) = %v; want ParseVariant's %q", err, "unknown "+e.name+" variant: want ...")
		}
		if e.invalid == nil {
			return
		}
		text, err := e.invalid()
		prefix := "invalid " + e.name + ".Variant{"
		if !strings.HasPrefix(text, prefix) || !strings.HasSuffix(text, "}") {
			t.Errorf("an invalid Variant prints %q; want %q...", text, prefix)
		}
		if err == nil || !strings.HasPrefix(err.Error(), "syntax error: "+text+": ") || !errors.Is(err, boardrules.ErrSyntax) {
			t.Errorf("New(%s) = %v; want %q and the field that is wrong", text, err, "syntax error: "+text+": ...")
		}
	})
}

// 5. Variant{} is the standard game in every engine: New(Variant{}) is
// Standard() and the normalised standard Variant is the zero value.
func TestZeroVariantIsTheStandardGame(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) { e.checks.zeroVariant(t) })
}

func (c typed[P, M, PP, V]) zeroVariant(t *testing.T) {
	var zero V
	if std := c.standard().Variant(); std != zero {
		t.Errorf("Standard().Variant() = %+v, want Variant{}", std)
	}
	if v, err := c.parseVariant(c.standard().Variant().String()); err != nil || v != zero {
		t.Errorf("ParseVariant of the standard game's name = %+v, %v; want Variant{}", v, err)
	}
}

// 10. Zero values print the same way: the zero Move "", the zero piece
// "", the zero Position "no game\n", and NoColor where seats are colours.
func TestZeroValuesPrintTheSameWay(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		pieces := piecesOf(s.starts[0].Unwrap())
		zeroPiece := reflect.Zero(pieces[0].Type()).Interface()
		if got := fmt.Sprint(zeroPiece); got != "" {
			t.Errorf("the zero %T prints %q, want \"\"", zeroPiece, got)
		}
		posType, _ := e.checks.types()
		zeroPos := reflect.Zero(posType).Interface()
		if got := fmt.Sprint(zeroPos); got != "no game\n" {
			t.Errorf("the zero Position prints %q, want \"no game\\n\"", got)
		}
		if e.colors {
			p := reflect.ValueOf(s.starts[0].Unwrap())
			if got := fmt.Sprint(call(p, "ColorOf", boardrules.NoPlayer).Interface()); got != "NoColor" {
				t.Errorf("ColorOf(NoPlayer) prints %q, want NoColor", got)
			}
		}
	})
}

// 11. An Outcome prints readably and never shows a seat as a number;
// Describe names the winner (TestEveryReason).
func TestOutcomePrintsNoSeatNumber(t *testing.T) {
	all := endings(t)
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, line := range all[e.name] {
			p, _ := boardrules.Decode([]byte(line))
			o := p.Outcome()
			got := fmt.Sprint(o)
			want := fmt.Sprintf("%v: %s (%s)", o.Status, o.Reason, o.Rule)
			if got != want || strings.Contains(got, "seat") {
				t.Errorf("%s: the Outcome prints %q, want %q", line, got, want)
			}
		}
	})
}

// 6. One grammar for the fields of a position code: one space between
// two fields, never two, never a tab, in every engine.
func TestOneGrammarForCodes(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, a := range s.starts[:min(3, len(s.starts))] {
			c := code(t, a)
			for i := range len(c) {
				if c[i] != ' ' {
					continue
				}
				for _, sep := range []string{"  ", "\t", " \t"} {
					bad := c[:i] + sep + c[i+1:]
					e.checks.refusedCode(t, bad)
					if _, err := boardrules.Decode([]byte(bad)); !errors.Is(err, boardrules.ErrSyntax) {
						t.Errorf("Decode(%.40q...) = %v, want ErrSyntax", bad, err)
					}
				}
			}
		}
	})
}

func (c typed[P, M, PP, V]) refusedCode(t *testing.T, code string) {
	t.Helper()
	_, err := c.decode([]byte(code))
	var pe *notation.ParseError
	if !errors.As(err, &pe) {
		t.Errorf("UnmarshalText(%.40q...) = %v, want a syntax error", code, err)
	}
}

// 6. A '#' is refused the same way everywhere, as notation.RefuseMoveNumber
// refuses it: pbmserv's move-number marker is part of no move, and a move
// that SplitMoveNumber leaves whole reads as it does without the number.
func TestMoveNumberIsRefusedEverywhere(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, a := range s.starts {
			m := a.LegalMoves()[0]
			for _, in := range []string{m + "#", m + "#12", m + "#x", "#" + m} {
				_, err := a.ParseMove(in)
				want := notation.RefuseMoveNumber(in)
				var pe, wantPE *notation.ParseError
				errors.As(want, &wantPE)
				if !errors.As(err, &pe) || pe.Offset != wantPE.Offset || pe.Reason != wantPE.Reason {
					t.Errorf("%s: ParseMove(%q) = %v; want %v", a.Variant(), in, err, want)
				}
			}
			if split, n, ok, err := notation.SplitMoveNumber(m + "#12"); err != nil || !ok || n != 12 {
				t.Errorf("SplitMoveNumber(%s#12) = %q, %d, %v, %v", m, split, n, ok, err)
			} else if got, err := a.ParseMove(split); err != nil || got != m {
				t.Errorf("%s: ParseMove(%q) after SplitMoveNumber = %q, %v; want %q", a.Variant(), split, got, err, m)
			}
		}
	})
}

// 7. Squares in the game's case: the reasons of the endings write their
// squares as the game's notation does (TestTextOut checks the errors').
func TestSquaresInTheGamesCase(t *testing.T) {
	all := endings(t)
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, line := range all[e.name] {
			p, _ := boardrules.Decode([]byte(line))
			if wrong := e.otherCase.FindString(p.Outcome().Reason); wrong != "" {
				t.Errorf("%s: Reason %q writes %s in the other case", line, p.Outcome().Reason, wrong)
			}
		}
	})
}

// An unknown game or variant, in the words of the registry's UnknownError
// (its doc shows them for the module's four engines, which this package
// registers alone).
func TestUnknownNames(t *testing.T) {
	_, err := boardrules.NewGame("chess", "")
	if want := `syntax error: no game "chess" (the games are: crumble, flooprail, terrace, tumbling)`; err == nil || err.Error() != want {
		t.Errorf("NewGame(chess) = %v, want %q", err, want)
	}
	_, err = boardrules.NewGame("tumbling", "corner")
	if want := `syntax error: tumbling has no variant "corner" (the variants are: pbmserv, pbmserv-corner, classic, classic-corner, boardspace, boardspace-corner)`; err == nil || err.Error() != want {
		t.Errorf("NewGame(tumbling, corner) = %v, want %q", err, want)
	}
}

// 11. A GameInfo prints as its doc says: the title, the name, the
// variants and the syntax of the others.
func TestGameInfoPrints(t *testing.T) {
	for name, want := range map[string]string{
		"terrace": "Terrace (terrace): 8-long, 8-short, 8-medium, 8-master, 8-3p, 8-4p, 6-long, 6-short, 6-medium, 6-master, 6-3p, 6-4p",
		"crumble": "Crumble (crumble): 6x6, 8x8; any of <W>x<H>[-white][-repetition|-renewables|-nodraws], W and H from 2 to 32",
	} {
		g, _ := boardrules.Lookup(name)
		if got := fmt.Sprint(g); got != want {
			t.Errorf("the GameInfo of %s prints %q, want %q", name, got, want)
		}
	}
}

// The zero Position has the standard game's seats: Players is 2 in the
// two-player games, as terrace's doc says of its own.
func TestZeroPositionPlayers(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		posType, _ := e.checks.types()
		zero := reflect.Zero(posType)
		if n := call(zero, "Players").Interface(); n != 2 {
			t.Errorf("the zero Position's Players() = %v, want 2", n)
		}
	})
}
