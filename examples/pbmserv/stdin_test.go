package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardrules/boardrules/internal/clitest"
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

	// The README's way again, on a fresh database: the same transcript.
	var fresh bytes.Buffer
	if code := run([]string{"-stdin", "-db", filepath.Join(t.TempDir(), "session.db"), "-cost", "4"}, bytes.NewReader(in), &fresh, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if fresh.String() != out.String() {
		t.Error("the session on a second fresh database differs from the first")
	}

	// The same file again: the users exist, board 2 is created, and board
	// 1 is where the first run left it.
	out.Reset()
	again := "register alice x\ntumble challenge bob alice -classic\ntumble board 1\n"
	if code := run([]string{"-stdin", "-db", db, "-cost", "4"}, strings.NewReader(again), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, w := range []string{"error: user alice already exists\n", "board 2 created\n", "game over after 4 moves: bob (White) wins: alice (Black) resigned\n"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("second run lacks %q:\n%s", w, out.String())
		}
	}
}

// TestFlags: -h prints the usage, every flag and an example, on stdout and
// exits 0; a bad flag or value is one line of error, then the usage, on
// stderr, exit 2; a store that cannot be opened exits 1.
func TestFlags(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-h"}, strings.NewReader(""), &out, &errb); code != 0 || errb.Len() != 0 {
		t.Errorf("-h: exit %d, stderr %q", code, errb.String())
	}
	for _, w := range []string{"Usage: go run ./examples/pbmserv [flags]\n\n", "\n\nFlags:\n", "\n\nExample:\n  go run ./examples/pbmserv -http", "-db string", "-stdin", "-http string",
		"-cost int", "-max-open int", "-challenges int", "-checks int", "-wrong int", "-max-commands int", "-conns-per-ip int",
		"-conns int", "-max-replays int", "-request-time duration", "-read-timeout duration", "-write-timeout duration", "-idle-timeout duration", "-q"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("-h lacks %q:\n%s", w, out.String())
		}
	}
	usageText := out.String()
	clitest.Manners(t, "pbmserv", runNoInput)
	for args, first := range map[string]string{
		"":                           "pbmserv: give exactly one of -stdin, -http ADDRESS, -backup FILE and -check",
		"-stdin -http :0":            "pbmserv: give exactly one of -stdin, -http ADDRESS, -backup FILE and -check",
		"-check -backup x":           "pbmserv: give exactly one of -stdin, -http ADDRESS, -backup FILE and -check",
		"-http :0 -tls-cert c":       "pbmserv: give both -tls-cert and -tls-key, or neither",
		"-http :0 -trusted-proxy x":  `pbmserv: -trusted-proxy: "x" is no address or CIDR block`,
		"-http :0 -origin x":         `pbmserv: -origin: "x" is no origin: write scheme://host[:port], no path`,
		"-stdin extra":               `pbmserv: unexpected argument "extra"`,
		"-stdin -cost 99":            "pbmserv: -cost must be 4 to 31",
		"-nosuchflag":                "pbmserv: flag provided but not defined: -nosuchflag",
		"-stdin -max-open 0":         "pbmserv: the limits must be at least 1",
		"-stdin -cost x":             `pbmserv: invalid value "x" for flag -cost: parse error`,
		"-http :0 -idle-timeout -1s": "pbmserv: the timeouts must be positive",
		"-http :0 -request-time 0s":  "pbmserv: the timeouts must be positive",
		"-stdin -max-replays 0":      "pbmserv: the limits must be at least 1",
	} {
		var out, errb bytes.Buffer
		if code := run(strings.Fields(args), strings.NewReader(""), &out, &errb); code != 2 {
			t.Errorf("run(%q) = %d, want 2 (usage)", args, code)
		}
		if want := first + "\n\n" + usageText; errb.String() != want || out.Len() != 0 {
			t.Errorf("run(%q): stderr %q, want the line %q and the usage", args, errb.String(), first)
		}
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"-stdin", "-db", t.TempDir()}, strings.NewReader(""), &out, &errb); code != 1 {
		t.Errorf("a directory as -db: exit %d, want 1; stderr %s", code, errb.String())
	}
}

// TestGitIgnore: what running the server leaves behind (its SQLite file
// and the WAL's companions, where the README's commands put them) is
// ignored by git, so that a run never dirties the checkout.
func TestGitIgnore(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skip("not in a git checkout")
	}
	dir := strings.TrimSpace(string(root))
	for _, f := range []string{"pbmserv.db", "pbmserv.db-wal", "pbmserv.db-shm", "examples/pbmserv/pbmserv.db",
		"examples/pbmserv/pbmserv.db-wal", "examples/pbmserv/mail.db", "examples/pbmserv/pbmserv", "examples/pbmserv/pbmserv.test"} {
		cmd := exec.Command("git", "check-ignore", "-q", "--no-index", f)
		cmd.Dir = dir
		if err := cmd.Run(); err != nil {
			t.Errorf("%s is not ignored by git (%v)", f, err)
		}
	}
}

// TestReadme: the README's transcript is the golden one, so it cannot go
// stale.
func TestReadme(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	// The session's command takes a fresh database per run, so that it
	// can be run again (TestStdinGolden runs it twice).
	if !bytes.Contains(readme, []byte("go run ./examples/pbmserv -stdin -db \"$(mktemp -d)/session.db\" < examples/pbmserv/testdata/session.txt\n")) {
		t.Error("README.md does not show the re-runnable session command")
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
