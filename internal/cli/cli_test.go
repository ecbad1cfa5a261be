package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	_ "github.com/boardrules/boardrules/crumble"
	_ "github.com/boardrules/boardrules/terrace"
)

func newProgram() (*Program, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	p := &Program{Name: "demo", Summary: "Demonstrates.", Example: "go run ./examples/demo -n 3", Stdout: &out, Stderr: &errb}
	p.Flags().Int("n", 1, "how many")
	return p, &out, &errb
}

func TestHelpPrintsUsageAndExitsZero(t *testing.T) {
	p, out, errb := newProgram()
	ok, code := p.Parse([]string{"-h"})
	if ok || code != 0 {
		t.Fatalf("-h: ok %v, code %d; want false, 0", ok, code)
	}
	for _, want := range []string{"-n", "-q", "how many", "Example:", "go run ./examples/demo -n 3"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, out)
		}
	}
	if errb.Len() != 0 {
		t.Errorf("-h wrote to stderr: %q", errb)
	}
}

func TestBadFlagIsOneLineAndUsageExitTwo(t *testing.T) {
	for _, args := range [][]string{{"-nope"}, {"-n", "x"}, {"extra"}} {
		p, out, errb := newProgram()
		ok, code := p.Parse(args)
		if ok || code != 2 {
			t.Errorf("%q: ok %v, code %d; want false, 2", args, ok, code)
		}
		first, rest, _ := strings.Cut(errb.String(), "\n")
		if !strings.HasPrefix(first, "demo: ") || !strings.Contains(rest, "Usage:") {
			t.Errorf("%q: stderr is not one error line then the usage:\n%s", args, errb)
		}
		if out.Len() != 0 {
			t.Errorf("%q: wrote to stdout: %q", args, out)
		}
	}
}

func TestExitCodes(t *testing.T) {
	p, _, errb := newProgram()
	if c := p.Exit(nil); c != 0 {
		t.Errorf("Exit(nil) = %d", c)
	}
	if c := p.Exit(errors.New("broken\nacross lines")); c != 1 || errb.String() != "demo: broken across lines\n" {
		t.Errorf("Exit(error) = %d, stderr %q", c, errb)
	}
	if c := p.Exit(Usagef("-n %d: too many", 9)); c != 2 {
		t.Errorf("Exit(Usagef) = %d", c)
	}
}

func TestUnknownGameListsTheGames(t *testing.T) {
	_, err := NewGame("chess", "")
	var u UsageError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "terrace") {
		t.Errorf("NewGame(chess) = %v; want a usage error naming terrace", err)
	}
	_, err = NewGame("terrace", "9-huge")
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "8-long") {
		t.Errorf("NewGame(terrace, 9-huge) = %v; want a usage error naming 8-long", err)
	}
	if p, err := NewGame("", ""); err != nil || p.Game() == "" {
		t.Errorf("NewGame(\"\", \"\") = %v, %v; want the first game", p, err)
	}
}

// TestSetSearchGC: the GC target is raised unless GOGC is set, which the
// user's choice then stands.
func TestSetSearchGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	current := func() int { v := debug.SetGCPercent(-1); debug.SetGCPercent(v); return v }
	t.Setenv("GOGC", "")
	if !SetSearchGC() || current() != SearchGCPercent {
		t.Errorf("without GOGC: GC percent %d, want %d", current(), SearchGCPercent)
	}
	debug.SetGCPercent(100)
	t.Setenv("GOGC", "100")
	if SetSearchGC() || current() != 100 {
		t.Errorf("with GOGC=100: GC percent %d, want it left at 100", current())
	}
}

// TestQuietFlagSetsQuiet: -q on the command line is what turns progress
// off, so parsing it must set Quiet (and leaving it out must not).
func TestQuietFlagSetsQuiet(t *testing.T) {
	p, _, _ := newProgram()
	if ok, _ := p.Parse([]string{"-q"}); !ok || !p.Quiet {
		t.Errorf("after -q: ok %v, Quiet %v; want true, true", ok, p.Quiet)
	}
	p, _, _ = newProgram()
	if ok, _ := p.Parse(nil); !ok || p.Quiet {
		t.Errorf("without -q: ok %v, Quiet %v; want true, false", ok, p.Quiet)
	}
}

// TestUnknownVariantIsOneLineNamingTheVariantsOnce: the error names the
// game, the variant asked for and each variant once, on one line, without
// the "syntax error" of the registry's text (the user typed a flag, not a
// notation).
func TestUnknownVariantIsOneLineNamingTheVariantsOnce(t *testing.T) {
	_, err := NewGame("terrace", "bogus")
	var u UsageError
	if !errors.As(err, &u) {
		t.Fatalf("NewGame(terrace, bogus) = %v; want a usage error", err)
	}
	msg := err.Error()
	want := `terrace has no variant "bogus"; its variants are: 8-long (standard), 8-short, `
	if !strings.HasPrefix(msg, want) || strings.Count(msg, "8-long") != 1 || strings.Contains(msg, "\n") || strings.Contains(msg, "syntax error") {
		t.Errorf("NewGame(terrace, bogus) = %q; want one line beginning %q, 8-long once", msg, want)
	}
}

func TestFirstLine(t *testing.T) {
	if got := FirstLine(errors.New("syntax error at offset 2: bad\n\tab x\n\t  ^")); got != "syntax error at offset 2: bad" {
		t.Errorf("FirstLine = %q", got)
	}
	if got := FirstLine(errors.New("one line")); got != "one line" {
		t.Errorf("FirstLine = %q", got)
	}
}

// TestFlagPackageStaysSilent: the flag package's own messages (its error
// and its usage, on the process's stderr unless told otherwise) would come
// on top of Parse's one-line error, or on stderr after -h; Parse's are the
// only ones. os.Stderr is swapped for a file while Parse runs.
func TestFlagPackageStaysSilent(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	defer func(e *os.File) { os.Stderr = e }(os.Stderr)
	os.Stderr = f
	for _, args := range [][]string{{"-nope"}, {"-n", "x"}, {"-h"}} {
		p, _, _ := newProgram()
		p.Parse(args)
	}
	os.Stderr.Sync()
	if got, err := os.ReadFile(f.Name()); err != nil || len(got) != 0 {
		t.Errorf("the flag package wrote %q (%v) to the process's stderr", got, err)
	}
}

// TestVariantsDescribeEveryName: the variants of a game read the same in
// every program: the listed ones, the standard one marked, and the syntax
// of the others where the game has one (Crumble's sizes).
func TestVariantsDescribeEveryName(t *testing.T) {
	g, _ := boardrules.Lookup("crumble")
	got := Variants(g)
	if !strings.HasPrefix(got, "6x6 (standard), 8x8; any ") || !strings.Contains(got, g.VariantSyntax) {
		t.Errorf("Variants(crumble) = %q", got)
	}
	var b strings.Builder
	ListGames(&b)
	for _, g := range boardrules.Games() {
		if !strings.Contains(b.String(), g.Name) || !strings.Contains(b.String(), Variants(g)) {
			t.Errorf("-list lacks %s's variants:\n%s", g.Name, b.String())
		}
	}
}

// TestVersionFlag: -version prints the program's name and the version on
// stdout, alone, and exits 0 before the program runs.
func TestVersionFlag(t *testing.T) {
	p, out, errb := newProgram()
	ok, code := p.Parse([]string{"-version"})
	if ok || code != 0 || out.String() != "demo "+Version()+"\n" || errb.Len() != 0 {
		t.Errorf("-version: ok %v, code %d, stdout %q, stderr %q; want false, 0, %q", ok, code, out, errb, "demo "+Version()+"\n")
	}
	p, out, _ = newProgram()
	p.Usage(out)
	if !strings.Contains(out.String(), "-version") {
		t.Errorf("the usage does not list -version:\n%s", out)
	}
}

// TestVersionOf: the module's version as the build records it, where it
// records one; else the constant, for a build from a clone ("(devel)"),
// one through a replace directive to a directory, and a build without
// information.
func TestVersionOf(t *testing.T) {
	replaced := &debug.Module{Path: modulePath, Version: "v0.0.0", Replace: &debug.Module{Path: "../.."}}
	forked := &debug.Module{Path: modulePath, Version: "v0.0.0", Replace: &debug.Module{Path: "example.org/fork", Version: "v0.4.1"}}
	for _, c := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, boardrules.Version},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}}, boardrules.Version},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.2.0"}}, "v0.2.0"},
		{&debug.BuildInfo{Main: debug.Module{Path: "example.org/server", Version: "v1.0.0"},
			Deps: []*debug.Module{{Path: "example.org/other", Version: "v9.0.0"}, {Path: modulePath, Version: "v0.3.0"}}}, "v0.3.0"},
		{&debug.BuildInfo{Main: debug.Module{Path: "example.org/server", Version: "v1.0.0"}, Deps: []*debug.Module{replaced}}, boardrules.Version},
		{&debug.BuildInfo{Main: debug.Module{Path: "example.org/server", Version: "v1.0.0"}, Deps: []*debug.Module{forked}}, "v0.4.1"},
		{&debug.BuildInfo{Main: debug.Module{Path: "example.org/server", Version: "v1.0.0"}}, boardrules.Version},
	} {
		if got := versionOf(c.info); got != c.want {
			t.Errorf("versionOf(%+v) = %q, want %q", c.info, got, c.want)
		}
	}
}

// TestVersionConstantIsSemantic: the constant has the form the go command
// gives a release ("v" and MAJOR.MINOR.PATCH), so that a program prints
// one form whether the build recorded the version or not.
func TestVersionConstantIsSemantic(t *testing.T) {
	if !regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`).MatchString(boardrules.Version) {
		t.Errorf("boardrules.Version = %q, want vMAJOR.MINOR.PATCH", boardrules.Version)
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 plies", 1: "1 ply", 2: "2 plies", -1: "-1 ply"} {
		if got := Count(n, "ply", "plies"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
