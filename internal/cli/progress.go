package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Progress shows on stderr how far a long run has got: a count out of a
// total (with a percentage and a rate) or, without a total, the time spent;
// and where one thing counted is long (a game of thousands of plies), the
// one under way and its steps. It redraws one line a few times a second,
// and nothing when -q was given. Results written meanwhile through Writer
// clear the line first, so that on a terminal they do not run into it.
type Progress struct {
	p     *Program
	what  string
	total int64
	done  atomic.Int64
	steps atomic.Int64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup

	mu       sync.Mutex
	item     string    // the thing under way, "" for none
	stepName [2]string // what one step and more are called: "ply", "plies"
	width    int       // the length of the line on the screen, 0 for none
}

// ProgressEvery is how often the progress line is redrawn. At 0 it is
// redrawn at every change instead, from the goroutine that counts, so that
// the tests of a program see the same lines whatever the machine's speed.
var ProgressEvery = 250 * time.Millisecond

// Progress starts showing the progress of counting what (such as "games")
// up to total (0: unknown).
func (p *Program) Progress(what string, total int) *Progress {
	pr := &Progress{p: p, what: what, total: int64(total), start: time.Now(), stop: make(chan struct{})}
	if p.Quiet {
		return pr
	}
	if ProgressEvery <= 0 {
		pr.changed()
		return pr
	}
	pr.wg.Add(1)
	stop := pr.stop
	go func() {
		defer pr.wg.Done()
		t := time.NewTicker(ProgressEvery)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				pr.draw(pr.Line())
			}
		}
	}()
	return pr
}

// Add counts n more done.
func (pr *Progress) Add(n int) {
	pr.done.Add(int64(n))
	pr.changed()
}

// Item names the thing under way, such as a game, and what one of its
// steps and more are called, such as "ply" and "plies", and counts its
// steps from 0.
func (pr *Progress) Item(name, one, many string) {
	pr.mu.Lock()
	pr.item, pr.stepName = name, [2]string{one, many}
	pr.mu.Unlock()
	pr.steps.Store(0)
	pr.changed()
}

// Step counts one more step of the thing under way.
func (pr *Progress) Step() {
	pr.steps.Add(1)
	pr.changed()
}

// changed redraws the line at once where it is redrawn at every change
// (ProgressEvery 0).
func (pr *Progress) changed() {
	if ProgressEvery <= 0 && !pr.p.Quiet && pr.stop != nil {
		pr.draw(pr.Line())
	}
}

// Line is the progress text, such as "12/40 games (30%), 3.1 games/s, 4s"
// or, with an item under way, "1/4 games (25%), 0.05 games/s, 20s; crumble
// 32x32: 812 plies" (no rate before the first is done).
func (pr *Progress) Line() string {
	d := pr.done.Load()
	el := time.Since(pr.start)
	rate := float64(d) / max(el.Seconds(), 1e-9)
	var line string
	switch {
	case pr.total > 0 && d == 0:
		line = fmt.Sprintf("0/%d %s (0%%), %v", pr.total, pr.what, el.Round(time.Second))
	case pr.total > 0:
		line = fmt.Sprintf("%d/%d %s (%d%%), %.3g %s/s, %v", d, pr.total, pr.what, d*100/pr.total, rate, pr.what, el.Round(time.Second))
	default:
		line = fmt.Sprintf("%s, %v", pr.what, el.Round(100*time.Millisecond))
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.item != "" {
		line += "; " + pr.item + ": " + Count(int(pr.steps.Load()), pr.stepName[0], pr.stepName[1])
	}
	return line
}

// draw writes the line over the one on the screen.
func (pr *Progress) draw(line string) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	text := pr.p.Name + ": " + line
	fmt.Fprintf(pr.p.Stderr, "\r%s%s", text, strings.Repeat(" ", max(0, pr.width-len(text))))
	pr.width = len(text)
}

// clear blanks the line on the screen, if there is one; pr.mu is held.
func (pr *Progress) clear() {
	if pr.width > 0 {
		fmt.Fprintf(pr.p.Stderr, "\r%s\r", strings.Repeat(" ", pr.width))
		pr.width = 0
	}
}

// Writer returns w as the program writes its results through it while
// the progress is shown: each write first clears the progress line, which
// the next redraw brings back under the results.
func (pr *Progress) Writer(w io.Writer) io.Writer { return progressWriter{pr, w} }

type progressWriter struct {
	pr *Progress
	w  io.Writer
}

func (pw progressWriter) Write(b []byte) (int, error) {
	pw.pr.mu.Lock()
	defer pw.pr.mu.Unlock()
	pw.pr.clear()
	return pw.w.Write(b)
}

// Done stops the progress line and clears it if one was drawn.
func (pr *Progress) Done() {
	if pr.stop == nil {
		return
	}
	close(pr.stop)
	pr.stop = nil
	pr.wg.Wait()
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.clear()
}
