package bots

import (
	"context"
	"fmt"
	"time"
)

// clock is the time budget of one search: it runs out at the earlier of
// Options.Time after the search began and the context's deadline, or when
// the context is cancelled. A search without either never runs out, and
// then reads no clock at all, which keeps a Nodes or Depth budget
// deterministic.
type clock struct {
	start time.Time
	limit time.Duration   // the budget from start, when timed
	held  time.Duration   // the part of the budget reserve holds back
	timed bool            // a Time budget or a deadline applies
	done  <-chan struct{} // the context's; nil when it cannot be cancelled
	out   bool            // the budget ran out (it stays out)
}

// begin starts the clock of a search with the Time budget budget (0: none)
// under ctx. It returns an error wrapping ctx.Err() when ctx is already
// done: the search has no time to find any move.
func (c *clock) begin(ctx context.Context, budget time.Duration) error {
	*c = clock{start: time.Now(), done: ctx.Done()}
	if budget > 0 {
		c.limit, c.timed = budget, true
	}
	if dl, ok := ctx.Deadline(); ok {
		if d := dl.Sub(c.start); !c.timed || d < c.limit {
			c.limit, c.timed = d, true
		}
	}
	if err := ctx.Err(); err != nil {
		c.out = true
		return fmt.Errorf("%w: no move chosen", err)
	}
	return nil
}

// bounded reports whether the search can run out of time at all.
func (c *clock) bounded() bool { return c.timed || c.done != nil }

// expired reads the clock and reports whether the budget has run out.
func (c *clock) expired() bool {
	if c.out || !c.bounded() {
		return c.out
	}
	return c.at(time.Since(c.start))
}

// at reports whether the budget has run out at now, a time from the
// clock's start, or by cancellation.
func (c *clock) at(now time.Duration) bool {
	if c.done != nil {
		select {
		case <-c.done:
			c.out = true
		default:
		}
	}
	if c.timed && now >= c.limit {
		c.out = true
	}
	return c.out
}

// elapsed is the time since the clock's start.
func (c *clock) elapsed() time.Duration { return time.Since(c.start) }

// part returns a clock for a first part of the work: it runs out when the
// fraction f of the time budget is spent, or with c.
func (c *clock) part(f float64) clock {
	p := *c
	if p.timed {
		p.limit = time.Duration(f * float64(p.limit))
	}
	return p
}

// reserve sets aside d of a timed budget: the clock runs out d early,
// until release gives the time back (for the work a search must still do
// once its main loop ends).
func (c *clock) reserve(d time.Duration) {
	if c.timed && d > 0 {
		c.held = d
		c.limit -= d
	}
}

// release gives back the time reserve set aside: the clock runs again
// unless the context is done or the whole budget is spent.
func (c *clock) release() {
	if c.held == 0 {
		return
	}
	c.limit += c.held
	c.held = 0
	c.out = false
	c.expired()
}

// pacer spaces the clock reads of one loop. A read costs some 25 ns, as
// much as a ply of the fastest engines, while a ply of a crowded Crumble
// board costs a thousand times that: so the loop reads the clock at its
// first step, then lets the steps between reads double while the reads
// come less than pollGap/4 apart (up to maxEvery steps) and shrink in
// proportion when they come more than pollGap apart. The reads then cost little, and the
// loop notices the end of its budget within about pollGap. Each loop
// starts its own pacer, since another loop's steps may cost otherwise.
type pacer struct {
	left, every int
	last        time.Duration // the time of the last read, from the clock's start
}

const (
	pollGap  = 200 * time.Microsecond
	maxEvery = 256
)

// poll reports whether the budget has run out, reading the clock when
// the pacer says it is time.
func (c *clock) poll(p *pacer) bool {
	if c.out || !c.bounded() {
		return c.out
	}
	if p.left--; p.left > 0 {
		return false
	}
	now := time.Since(c.start)
	gap := now - p.last
	p.last = now
	switch {
	case p.every < 1:
		p.every = 1
	case gap < pollGap/4 && p.every < maxEvery:
		p.every *= 2
	case gap > pollGap && p.every > 1:
		p.every = max(1, int(int64(p.every)*int64(pollGap)/int64(gap)))
	}
	p.left = p.every
	return c.at(now)
}
