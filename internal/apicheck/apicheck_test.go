package apicheck_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/boardrules/boardrules/internal/apicheck"
)

var update = flag.Bool("update", false, "rewrite api/boardrules.txt from the code")

const root = "../.."

var apiFile = filepath.Join(root, "api", "boardrules.txt")

// TestAPI: the exported API of the library's packages is what
// api/boardrules.txt says. A change of the public surface changes that
// file in the same commit, where a reviewer sees it; after a deliberate
// change, rewrite it with
//
//	go test ./internal/apicheck -update
func TestAPI(t *testing.T) {
	var lines []string
	for _, dir := range apicheck.Packages {
		p, err := apicheck.Load(root, dir)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, p.API()...)
	}
	got := strings.Join(lines, "\n") + "\n"
	if *update {
		if err := os.MkdirAll(filepath.Dir(apiFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(apiFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(apiFile)
	if err != nil {
		t.Fatalf("%v (write it with go test ./internal/apicheck -update)", err)
	}
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got, "\n")); diff != "" {
		t.Errorf("the exported API differs from %s (-file +code); if the change is meant, run go test ./internal/apicheck -update and commit the file:\n%s", apiFile, diff)
	}
}

// TestDocComments: every exported identifier of the library has a doc
// comment.
func TestDocComments(t *testing.T) {
	for _, dir := range apicheck.Packages {
		p, err := apicheck.Load(root, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range p.Undocumented() {
			t.Errorf("%s: %s has no doc comment", dir, u)
		}
	}
}

// load writes files (path: source) under a new module root and loads the
// package at its top.
func load(t *testing.T, files map[string]string) *apicheck.Package {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := apicheck.Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The checks themselves: a package with one of each kind of declaration.
func TestDescribesEveryKindOfDeclaration(t *testing.T) {
	src := `// Package demo is a demo.
package demo

// Kind is a kind.
type Kind int8

// The kinds.
const (
	A Kind = iota
	B
	c
)

// Limit is a limit.
const Limit = 7

var Undocumented = 1

// Box is a box.
type Box[T any] struct {
	Size int // the size
	Item T
	hidden bool
}

// Get gets.
func (b *Box[T]) Get() (T, bool) { var t T; return t, false }

func (b Box[T]) Put(t T) {}

// Doer does.
type Doer interface {
	// Do does.
	Do(a, b int) error
}

// Map maps.
func Map[K comparable, V any](m map[K]V, f func(V) V) {}
`
	p := load(t, map[string]string{"demo.go": src})
	m := apicheck.Module
	want := []string{
		"pkg " + m + ", const A Kind = 0",
		"pkg " + m + ", const B Kind = 1",
		"pkg " + m + ", const Limit = 7",
		"pkg " + m + ", func Map[K comparable, V any](map[K]V, func(V) V)",
		"pkg " + m + ", method (*Box[T]) Get() (T, bool)",
		"pkg " + m + ", method (Box[T]) Put(T)",
		"pkg " + m + ", type Box struct, Item T",
		"pkg " + m + ", type Box struct, Size int",
		"pkg " + m + ", type Box[T any] struct",
		"pkg " + m + ", type Doer interface",
		"pkg " + m + ", type Doer interface, Do(int, int) error",
		"pkg " + m + ", type Kind int8",
		"pkg " + m + ", var Undocumented",
	}
	if diff := cmp.Diff(want, p.API()); diff != "" {
		t.Errorf("API (-want +got):\n%s", diff)
	}
	wantUndoc := []string{"demo.go:17: Undocumented", "demo.go:22: Box.Item", "demo.go:29: Box[T].Put"}
	if diff := cmp.Diff(wantUndoc, p.Undocumented()); diff != "" {
		t.Errorf("Undocumented (-want +got):\n%s", diff)
	}
}

// TestConstantsOfImportedPackages: a constant defined by a constant of a
// package of the module shows its value, which the line would not tell
// otherwise; one of a package outside the module shows as written.
func TestConstantsOfImportedPackages(t *testing.T) {
	p := load(t, map[string]string{
		"inner/inner.go": "// Package inner is inside.\npackage inner\n\n// Max is a limit.\nconst Max = 1 << 4\n",
		"demo.go": `// Package demo is a demo.
package demo

import (
	"math"
	"time"

	"` + apicheck.Module + `/inner"
)

// Kind is a kind.
type Kind int

// The limits.
const (
	Limit      = inner.Max
	Next  Kind = inner.Max + 1
	Wide       = math.MaxInt8
	Own        = 3
	Span       = time.Duration(3)
	Longer     = time.Duration(inner.Max)
)
`,
		"named.go": `package demo

import in "` + apicheck.Module + `/inner"

// Twice is twice the limit.
const Twice = 2 * in.Max
`,
	})
	m := apicheck.Module
	want := []string{
		"pkg " + m + ", const Limit = 16",
		"pkg " + m + ", const Longer = 16",
		"pkg " + m + ", const Next Kind = 17",
		"pkg " + m + ", const Own = 3",
		"pkg " + m + ", const Span = time.Duration(3)",
		"pkg " + m + ", const Twice = 32",
		"pkg " + m + ", const Wide = math.MaxInt8",
		"pkg " + m + ", type Kind int",
	}
	if diff := cmp.Diff(want, p.API()); diff != "" {
		t.Errorf("API (-want +got):\n%s", diff)
	}
}

// notSamples are the code blocks of doc comments that are neither Go code
// nor text a program writes, so that no test can hold them: grammars and
// tables, by their package and first line, with what they are.
var notSamples = map[string]string{
	"tumbling: Pbmserv (default) Classic Boardspace":                                                    "a table of the rule sets",
	"tumbling: code = \"tumbling\" variant tomove ranks [ result ]":                                     "a grammar",
	"tumbling: move = square [ \"-\" ] square [ kind ]":                                                 "a grammar",
	"flooprail: flooprail <normal|reverse> <o|x> <rows>":                                                "a grammar",
	"flooprail: code = \"flooprail\" variant tomove rows":                                               "a grammar",
	"terrace: terrace <N> <n>p [<setup>] <tomove> <ranks>":                                              "a grammar",
	"terrace: 8x8 a b c d e f g h 6x6 a b c d e f":                                                      "the table of levels",
	"terrace: [kind \"-\"] square \"-\" square [\":\" kind]":                                            "a grammar",
	"terrace: code = \"terrace\" ( \"8\" | \"6\" ) ( \"2p\" | \"3p\" | \"4p\" ) [ setup ] tomove ranks": "a grammar",
	"crumble: code = \"crumble\" variant side [draw] piece {piece}":                                     "a grammar",
	"tumbling: tumbling <variant> <tomove> <ranks> [<result>]":                                          "a grammar",
	"crumble: before after":                                                                             "a picture of one swap path with notes beside it",
	"crumble: 0,1HN split the piece at 0,1 with an H cut; its upper half swaps North":                   "a table of notation forms (Example_notation plays each)",
}

// TestDocSamplesAreChecked: every code sample of a doc comment is checked
// by a test: its lines, in a row, are the code of a test or an Example,
// an Example's Output, a string a test compares with, or the library's
// compiled code (see Sample.CheckedBy), so that a sample that drifts from
// the code goes red. Grammars and tables are listed in notSamples.
func TestDocSamplesAreChecked(t *testing.T) {
	texts, err := apicheck.LoadTexts(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range apicheck.Packages {
		p, err := apicheck.Load(root, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range p.Samples() {
			key := filepath.Base(p.Path) + ": " + apicheck.Normalise(s.Lines[0])
			if _, ok := notSamples[key]; ok {
				continue
			}
			if !s.CheckedBy(texts) {
				t.Errorf("%s %s: no test holds this sample (key %q):\n\t%s", dir, s.Where, key, strings.Join(s.Lines, "\n\t"))
			}
		}
	}
}

// TestSampleMatching: a sample is held by a text that has its lines in a
// row, with "..." standing for any lines.
func TestSampleMatching(t *testing.T) {
	texts := apicheck.Texts{{"a := 1", "if err != nil {", "panic(err)", "}", "b(a)"}, {"x", "y"}}
	for _, c := range []struct {
		lines []string
		want  bool
	}{
		{[]string{"a := 1 // one", "if err != nil { ... }", "b(a)"}, true},
		{[]string{"a  :=  1", "", "if err != nil {"}, true},
		{[]string{"x", "y"}, true},
		{[]string{"y", "x"}, false},
		{[]string{"a := 1", "b(a)"}, false},
		{[]string{"x", "b(a)"}, false},
	} {
		if got := (apicheck.Sample{Lines: c.lines}).CheckedBy(texts); got != c.want {
			t.Errorf("CheckedBy(%q) = %v, want %v", c.lines, got, c.want)
		}
	}
}
