// Package readme checks the README's promises to a newcomer: its Go
// example is gofmt-clean, and in a module of its own that requires the
// library through a replace directive (the way the README says to use the
// module before it is published), it compiles, runs and prints what the
// README says it prints.
package readme

import (
	"bytes"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const root = "../.."

// blocks returns the fenced code blocks of the README, keyed by the word
// after the opening fence ("go", "output", "sh"), in order.
func blocks(t *testing.T) map[string][]string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	lines := strings.SplitAfter(string(text), "\n")
	for i := 0; i < len(lines); i++ {
		kind, ok := strings.CutPrefix(strings.TrimSpace(lines[i]), "```")
		if !ok || kind == "" {
			continue
		}
		var b strings.Builder
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b.WriteString(lines[i])
		}
		out[kind] = append(out[kind], b.String())
	}
	return out
}

// example returns the README's Go example and the output it states.
func example(t *testing.T) (code, output string) {
	t.Helper()
	b := blocks(t)
	if len(b["go"]) != 1 || len(b["output"]) != 1 {
		t.Fatalf("the README has %d go blocks and %d output blocks, want one of each", len(b["go"]), len(b["output"]))
	}
	return b["go"][0], b["output"][0]
}

func TestExampleIsFormatted(t *testing.T) {
	code, _ := example(t)
	formatted, err := format.Source([]byte(code))
	if err != nil {
		t.Fatalf("the README's Go example does not parse: %v", err)
	}
	if !bytes.Equal(formatted, []byte(code)) {
		t.Errorf("the README's Go example is not gofmt-clean; gofmt makes it:\n%s", formatted)
	}
}

func TestExampleRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a module of its own")
	}
	code, want := example(t)
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mod := "module example.com/newcomer\n\ngo 1.26\n\nrequire github.com/boardrules/boardrules v0.0.0\n\nreplace github.com/boardrules/boardrules => " + abs + "\n"
	for name, text := range map[string]string{"go.mod": mod, "main.go": code} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	// the newcomer's module alone: no workspace of ours, nothing but the
	// library from the module cache or the network
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run of the README's example: %v\n%s", err, got)
	}
	if string(got) != want {
		t.Errorf("the README's example prints:\n%s\nthe README says:\n%s", got, want)
	}
}
