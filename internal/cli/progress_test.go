package cli_test

import (
	"strings"
	"testing"
	"time"

	"github.com/boardrules/boardrules/internal/cli"
	"github.com/boardrules/boardrules/internal/clitest"
)

// TestProgressDrawsAndQuietSilences: progress, including the blanking of
// its line when the run ends, goes to stderr only, since stdout carries the
// results; with -q nothing at all is written to stderr, not even the
// blanking.
func TestProgressDrawsAndQuietSilences(t *testing.T) {
	defer func(d time.Duration) { cli.ProgressEvery = d }(cli.ProgressEvery)
	cli.ProgressEvery = time.Millisecond
	for _, quiet := range []bool{false, true} {
		p, out, errb := cli.NewProgram()
		p.Quiet = quiet
		pr := p.Progress("games", 4)
		pr.Add(1)
		time.Sleep(20 * time.Millisecond)
		pr.Done()
		pr.Done() // a second Done is harmless
		drawn := strings.Contains(errb.String(), "1/4 games (25%)")
		if drawn == quiet {
			t.Errorf("quiet %v: stderr %q", quiet, errb)
		}
		if out.Len() != 0 {
			t.Errorf("quiet %v: progress wrote to stdout: %q", quiet, out)
		}
		if quiet && errb.Len() != 0 {
			t.Errorf("quiet: progress wrote to stderr: %q", errb)
		}
	}
	p, _, _ := cli.NewProgram()
	pr := p.Progress("thinking", 0)
	if l := pr.Line(); !strings.HasPrefix(l, "thinking, ") {
		t.Errorf("progress without a total: %q", l)
	}
	pr.Done()
}

// TestProgressNamesTheItemUnderWay: with an item under way, the line ends
// with it and its steps, counted from 0 again for the next item.
func TestProgressNamesTheItemUnderWay(t *testing.T) {
	p, _, _ := cli.NewProgram()
	p.Quiet = true
	pr := p.Progress("games", 4)
	defer pr.Done()
	pr.Item("crumble 32x32", "ply", "plies")
	for range 3 {
		pr.Step()
	}
	if l := pr.Line(); !strings.HasPrefix(l, "0/4 games (0%), ") || !strings.HasSuffix(l, "; crumble 32x32: 3 plies") {
		t.Errorf("Line = %q", l)
	}
	pr.Add(1)
	pr.Item("crumble 6x6", "ply", "plies")
	pr.Step()
	if l := pr.Line(); !strings.HasPrefix(l, "1/4 games (25%), ") || !strings.HasSuffix(l, "; crumble 6x6: 1 ply") {
		t.Errorf("Line = %q", l)
	}
}

// TestProgressWriterKeepsResultsApart: on a terminal, where stdout and
// stderr share the screen, results written through Writer while the
// progress line is drawn stand on lines of their own, and the screen holds
// no progress once Done. The line is drawn at every change
// (ProgressEvery 0), as it is in the tests of the programs.
func TestProgressWriterKeepsResultsApart(t *testing.T) {
	defer func(d time.Duration) { cli.ProgressEvery = d }(cli.ProgressEvery)
	cli.ProgressEvery = 0
	p, out, _ := cli.NewProgram()
	p.Stderr = out // one screen
	pr := p.Progress("games", 3)
	w := pr.Writer(out)
	for i := range 3 {
		w.Write([]byte("result " + string(rune('A'+i)) + "\n"))
		pr.Add(1)
	}
	pr.Done()
	if !strings.Contains(out.String(), "demo: 2/3 games") {
		t.Fatalf("no progress was drawn: %q", out)
	}
	want := []string{"result A", "result B", "result C"}
	if got := clitest.Screen(out.String()); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the screen shows\n%s\nwant\n%s\n(written: %q)", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
	}
}
