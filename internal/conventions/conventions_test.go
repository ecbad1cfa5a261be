package conventions_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// packageDecls parses the non-test files of an engine package and returns
// its top-level declarations.
func packageDecls(t *testing.T, name string) []ast.Decl {
	t.Helper()
	dir := filepath.Join("..", "..", name)
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	var decls []ast.Decl
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		decls = append(decls, file.Decls...)
	}
	return decls
}

// 1. Moves come from a position.
func TestMovesComeFromAPosition(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, d := range packageDecls(t, e.name) {
			if f, ok := d.(*ast.FuncDecl); ok && f.Recv == nil && f.Name.Name == "ParseMove" {
				t.Error("the package has a package-level ParseMove: moves come from a position")
			}
		}
		e.checks.movesFromAPosition(t, s)
	})
}

// meaning is the one signature each method name has wherever it appears
// on a Move, a piece or a Position: a result type, or the name of a type
// of the engine's own package.
var meaning = map[string]string{
	"From":     "notation.Square",
	"To":       "notation.Square",
	"Path":     "[]notation.Square",
	"Owner":    "boardrules.Player",
	"Color":    "Color",
	"Kind":     "Kind",
	"SwapPath": "string",
	"Base":     "StepKind",
	"Captures": "[]notation.Square",
	"Taken":    "Piece",
	"ToMove":   "boardrules.Player",
	"ColorOf":  "Color",
	"PlayerOf": "boardrules.Player",
}

// checkMeaning fails for a method of typ named in meaning whose results are
// not the one signature that name has.
func checkMeaning(t *testing.T, typ reflect.Type) {
	t.Helper()
	for i := range typ.NumMethod() {
		m := typ.Method(i)
		want, ok := meaning[m.Name]
		if !ok {
			continue
		}
		var got string
		if m.Type.NumOut() == 1 {
			out := m.Type.Out(0)
			got = out.String()
			if out.PkgPath() == typ.PkgPath() {
				got = out.Name()
			}
		} else {
			got = fmt.Sprint(m.Type)
		}
		if got != want {
			t.Errorf("%v.%s returns %s; the name means %s in every engine", typ, m.Name, got, want)
		}
	}
}

// exportedFields lists the exported fields of a struct type.
func exportedFields(typ reflect.Type) []string {
	var out []string
	if typ.Kind() != reflect.Struct {
		return nil
	}
	for i := range typ.NumField() {
		if f := typ.Field(i); f.IsExported() {
			out = append(out, f.Name)
		}
	}
	return out
}

// piecesOf reads every piece of a position through its accessors: At over
// the squares of an 8x8 board, or Pieces.
func piecesOf(p any) []reflect.Value {
	v := reflect.ValueOf(p)
	var out []reflect.Value
	if at := v.MethodByName("At"); at.IsValid() {
		for f := range 8 {
			for r := range 8 {
				sq, _ := notation.ParseSquare(string(rune('a'+f)) + strconv.Itoa(r+1))
				res := at.Call([]reflect.Value{reflect.ValueOf(sq)})
				if res[1].Bool() {
					out = append(out, res[0])
				}
			}
		}
		return out
	}
	if ps := v.MethodByName("Pieces"); ps.IsValid() {
		list := ps.Call(nil)[0]
		for i := range list.Len() {
			out = append(out, list.Index(i))
		}
	}
	return out
}

func call(v reflect.Value, method string, args ...any) reflect.Value {
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		in[i] = reflect.ValueOf(a)
	}
	m := v.MethodByName(method)
	if !m.IsValid() {
		return reflect.Value{}
	}
	if len(in) == 1 && m.Type().NumIn() == 1 {
		in[0] = in[0].Convert(m.Type().In(0))
	}
	return m.Call(in)[0]
}

// 2. Moves and pieces are read through methods.
func TestMovesAndPiecesReadThroughMethods(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		posType, moveType := e.checks.types()
		if f := exportedFields(moveType); len(f) > 0 {
			t.Errorf("%v has exported fields %v; read a move through methods", moveType, f)
		}
		checkMeaning(t, moveType)
		checkMeaning(t, posType)
		pieces := piecesOf(s.starts[0].Unwrap())
		if len(pieces) == 0 {
			t.Fatal("the start has no piece to read")
		}
		pieceType := pieces[0].Type()
		if f := exportedFields(pieceType); len(f) > 0 {
			t.Errorf("%v has exported fields %v; read a piece through methods", pieceType, f)
		}
		checkMeaning(t, pieceType)
		if _, ok := pieceType.MethodByName("Owner"); !ok {
			t.Fatalf("%v has no Owner method", pieceType)
		}
		if got := call(reflect.Zero(pieceType), "Owner").Interface(); got != boardrules.NoPlayer {
			t.Errorf("the zero %v's Owner() = %v, want NoPlayer", pieceType, got)
		}
		_, hasColor := pieceType.MethodByName("Color")
		_, hasColorOf := posType.MethodByName("ColorOf")
		_, hasPlayerOf := posType.MethodByName("PlayerOf")
		if e.colors != hasColor || e.colors != hasColorOf || e.colors != hasPlayerOf {
			t.Errorf("colours: piece Color %v, Position ColorOf %v and PlayerOf %v; want all %v", hasColor, hasColorOf, hasPlayerOf, e.colors)
		}
		for _, a := range s.positions()[:min(len(s.positions()), 200)] {
			p := reflect.ValueOf(a.Unwrap())
			for _, pc := range piecesOf(a.Unwrap()) {
				owner, ok := call(pc, "Owner").Interface().(boardrules.Player)
				if !ok {
					t.Fatalf("%v.Owner() is no boardrules.Player", pieceType)
				}
				if owner < 0 || int(owner) >= a.Players() {
					t.Fatalf("%s: a piece on the board is owned by %d", code(t, a), owner)
				}
				if e.colors {
					if back := call(p, "PlayerOf", call(pc, "Color").Interface()).Interface(); back != owner {
						t.Fatalf("%s: PlayerOf(piece.Color()) = %v, piece.Owner() = %v", code(t, a), back, owner)
					}
				}
			}
			if e.colors {
				for seat := range boardrules.Player(a.Players()) {
					color := call(p, "ColorOf", seat).Interface()
					if back := call(p, "PlayerOf", color).Interface(); back != seat {
						t.Fatalf("PlayerOf(ColorOf(%d)) = %v", seat, back)
					}
				}
			}
		}
	})
}

// 3. After the end.
func TestAfterTheEnd(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, a := range s.positions() {
			if ended := a.Outcome().Status != boardrules.Ongoing; ended != (a.ToMove() == boardrules.NoPlayer) {
				t.Fatalf("%s: Outcome %v, ToMove() = %d; ToMove is NoPlayer exactly when the game has ended", code(t, a), a.Outcome(), a.ToMove())
			}
		}
		e.checks.afterTheEnd(t, s)
	})
}

// 4. Equal.
func TestEqual(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) { e.checks.equal(t, e, s) })
}

// 5. Variants.
func TestVariants(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		g, _ := boardrules.Lookup(e.name)
		if len(s.starts) != len(g.Variants)+len(e.extra) {
			t.Errorf("New refused some of %q and %q", g.Variants, e.extra)
		}
		e.checks.variants(t, e, s)
	})
}

// 6. Text in.
func TestTextIn(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		e.checks.textIn(t, e, s)
		if e.twice == "" {
			return
		}
		// squares in either case
		for _, a := range s.starts {
			for _, m := range a.LegalMoves()[:min(5, len(a.LegalMoves()))] {
				for _, text := range []string{strings.ToLower(m), strings.ToUpper(m)} {
					if got, err := a.ParseMove(text); err != nil || got != m {
						t.Errorf("%s: ParseMove(%q) = %q, %v; want %q", a.Variant(), text, got, err, m)
					}
				}
			}
		}
	})
}

// 7. Text out.
func TestTextOut(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		canonical := regexp.MustCompile(e.moveText)
		refused := 0
		for _, game := range s.games {
			for i, a := range game {
				if quick() && i%4 != 0 {
					continue
				}
				for _, m := range a.LegalMoves() {
					if !canonical.MatchString(m) {
						t.Fatalf("%s: the canonical move %q does not match %s", code(t, a), m, e.moveText)
					}
				}
				if i+1 == len(game) {
					continue
				}
				// a well-formed move that cannot be played here: a
				// MoveError quoting it as given, in the case it was
				// typed, not as the engine would write it
				for j, m := range game[i+1].LegalMoves() {
					if quick() && j%5 != 0 {
						continue
					}
					typed := swapCase(m)
					_, err := a.ParseMove(typed)
					var me *notation.MoveError
					if err == nil || !errors.As(err, &me) {
						continue
					}
					refused++
					if me.Move != typed || err.Error() != typed+": "+me.Reason || me.Reason == "" {
						t.Fatalf("%s: ParseMove(%q) = %q; want the move as given, then the reason", code(t, a), typed, err)
					}
					if wrong := e.otherCase.FindString(me.Reason); wrong != "" {
						t.Fatalf("%s: ParseMove(%q) = %q; the square %s is not in the game's case", code(t, a), typed, err, wrong)
					}
				}
			}
		}
		if refused == 0 {
			t.Error("no move was refused: the check of the errors would be blind")
		}
	})
}

// swapCase turns the letters of a move text to the other case, which
// every engine reads as the same move.
func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, s)
}

// 8. Names.
func TestNames(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		for _, a := range s.starts {
			p := reflect.ValueOf(a.Unwrap())
			var names []string
			for seat := range boardrules.Player(a.Players()) {
				name := a.SeatName(seat)
				if name == "" || !unicode.IsUpper([]rune(name)[0]) {
					t.Errorf("%s: SeatName(%d) = %q, want a capitalised name", a.Variant(), seat, name)
				}
				if e.colors {
					if c := fmt.Sprint(call(p, "ColorOf", seat).Interface()); c != name {
						t.Errorf("%s: ColorOf(%d) prints %q, SeatName(%d) = %q", a.Variant(), seat, c, seat, name)
					}
				}
				names = append(names, name)
			}
			for _, seat := range []boardrules.Player{boardrules.NoPlayer, boardrules.Player(a.Players())} {
				if name := a.SeatName(seat); name != "" {
					t.Errorf("%s: SeatName(%d) = %q for a seat not in the game, want \"\"", a.Variant(), seat, name)
				}
			}
			if distinct := slices.Compact(slices.Sorted(slices.Values(names))); len(distinct) != len(names) {
				t.Errorf("%s: seats share a name: %q", a.Variant(), names)
			}
		}
		// A Reason that names a seat spells it as SeatName does (every
		// reason text, not only the sampled games': TestEveryReason).
		for _, a := range s.ended() {
			if name := misspelt(a.Outcome().Reason, seatNames(a)); name != "" {
				t.Errorf("Reason %q spells %q otherwise than SeatName", a.Outcome().Reason, name)
			}
		}
	})
}

// ruleName is the constant name an identifier takes: "king-captured" is
// RuleKingCaptured.
func ruleName(value string) string {
	var b strings.Builder
	b.WriteString("Rule")
	for _, w := range strings.Split(value, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// 9. Rule identifiers.
func TestRuleIdentifiers(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		rules := map[string]bool{}
		for _, d := range packageDecls(t, e.name) {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if !strings.HasPrefix(n.Name, "Rule") || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					value, _ := strconv.Unquote(lit.Value)
					rules[value] = true
					if want := ruleName(value); n.Name != want {
						t.Errorf("%s = %q: the constant's name does not match its value (want %s)", n.Name, value, want)
					}
				}
			}
		}
		if len(rules) == 0 {
			t.Fatal("the package exports no Rule constants")
		}
		for _, game := range s.games {
			end := game[len(game)-1]
			o := end.Outcome()
			if o.Status == boardrules.Ongoing {
				continue
			}
			if !rules[o.Rule] {
				t.Errorf("Outcome.Rule %q is none of the package's Rule constants", o.Rule)
			}
			if end.Players() != 2 || len(game) < 2 {
				continue
			}
			// the side that would move next: the seat that did not make
			// the last move
			side := 1 - game[len(game)-2].ToMove()
			own := 0
			for _, pc := range piecesOf(end.Unwrap()) {
				if call(pc, "Owner").Interface() == side {
					own++
				}
			}
			switch o.Rule {
			case "no-pieces":
				if own != 0 {
					t.Errorf("%s: %s, but the side to move has %d pieces", code(t, end), o.Rule, own)
				}
			case "no-moves":
				if own == 0 {
					t.Errorf("%s: %s, but the side to move has no piece: that is no-pieces", code(t, end), o.Rule)
				}
			}
		}
	})
}

// 10. Zero values.
func TestZeroValues(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) { e.checks.zeroValues(t, s) })
}

// 11. Registry values are first-class.
func TestRegistryValuesAreFirstClass(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) {
		a := s.starts[0]
		// Perft over the text moves equals Perft through the engine.
		var textPerft func(p boardrules.Any, depth int) uint64
		textPerft = func(p boardrules.Any, depth int) uint64 {
			if depth == 0 {
				return 1
			}
			var n uint64
			for _, m := range p.LegalMoves() {
				next, err := p.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				n += textPerft(next, depth-1)
			}
			return n
		}
		if got, want := boardrules.Perft(a, 2), textPerft(a, 2); got != want {
			t.Errorf("Perft(Any, 2) = %d, counted through the text moves %d", got, want)
		}
		divide := boardrules.Divide(a, 2)
		var sum uint64
		for _, m := range a.LegalMoves() {
			n, ok := divide[m]
			if !ok {
				t.Fatalf("Divide(Any, 2) has no entry for %q", m)
			}
			sum += n
		}
		if sum != boardrules.Perft(a, 2) || len(divide) != len(a.LegalMoves()) {
			t.Errorf("Divide(Any, 2) adds up to %d over %d moves", sum, len(divide))
		}
		end, moves := boardrules.Playout(a, rand.New(rand.NewPCG(3, 4)), 40)
		replayed, err := boardrules.Replay(a, moves...)
		if err != nil || code(t, replayed) != code(t, end) {
			t.Errorf("Replay(Any, Playout's moves...) = %v; want Playout's end", err)
		}
		if got := fmt.Sprint(a.Outcome(), end.Outcome()); strings.Contains(got, "{") {
			t.Errorf("an Outcome prints as %s", got)
		}
		g, _ := boardrules.Lookup(e.name)
		if got := fmt.Sprint(g); !strings.Contains(got, g.Title) || strings.Contains(got, "0x") {
			t.Errorf("a GameInfo prints as %s", got)
		}
	})
}

// 12. Moves as a stream.
func TestMovesAsAStream(t *testing.T) {
	forEach(t, func(t *testing.T, e engine, s sample) { e.checks.movesAsAStream(t, s) })
}
