package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestStdinGolden runs the real program (run, as main calls it) with
// -stdin on a new SQLite file and compares the output with
// testdata/session.golden (go test -update rewrites it). The README's
// transcript is this file.
func TestStdinGolden(t *testing.T) {
	in, err := os.ReadFile("testdata/session.txt")
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "mail.db")
	var out, errb bytes.Buffer
	if code := run([]string{"-stdin", "-db", db, "-cost", "4"}, bytes.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if errb.Len() != 0 {
		t.Errorf("stderr: %s", errb.String())
	}
	if strings.Contains(out.String(), "wonderland") || strings.Contains(out.String(), "builder") {
		t.Error("a password is echoed")
	}
	golden := "testdata/session.golden"
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), out.String()); d != "" {
		t.Errorf("output differs from %s (-want +got):\n%s", golden, d)
	}

	// The same file again: the users exist, board 2 is created, and board
	// 1 is where the first run left it.
	out.Reset()
	again := "register alice x\ntumble challenge bob alice -classic\ntumble board 1\n"
	if code := run([]string{"-stdin", "-db", db, "-cost", "4"}, strings.NewReader(again), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, w := range []string{"error: user alice already exists\n", "board 2 created\n", "game over after 4 moves: bob (seat 1) wins: alice (seat 0) resigned\n"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("second run lacks %q:\n%s", w, out.String())
		}
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{{}, {"-stdin", "-http", ":0"}, {"-stdin", "extra"}, {"-stdin", "-cost", "99"}, {"-nosuchflag"}} {
		var out, errb bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errb); code != 2 {
			t.Errorf("run(%q) = %d, want 2 (usage)", args, code)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-stdin", "-db", t.TempDir()}, strings.NewReader(""), &out, &errb); code != 1 {
		t.Errorf("a directory as -db: exit %d, want 1; stderr %s", code, errb.String())
	}
}

// TestReadme: the README's transcript is the golden one, so it cannot go
// stale.
func TestReadme(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"testdata/session.txt", "testdata/session.golden"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(readme, append([]byte("```\n"), b...)) {
			t.Errorf("README.md does not show %s as it is", f)
		}
	}
}
