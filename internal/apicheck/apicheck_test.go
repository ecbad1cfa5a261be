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

// The checks themselves: a package with one of each kind of declaration.
func TestDescribesEveryKindOfDeclaration(t *testing.T) {
	dir := t.TempDir()
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
	if err := os.WriteFile(filepath.Join(dir, "demo.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := apicheck.Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
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
