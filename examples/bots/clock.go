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

// spent reports whether the fraction f of a timed budget is spent (never
// without a time limit).
func (c *clock) spent(f float64) bool {
	return c.timed && time.Since(c.start) >= time.Duration(f*float64(c.limit))
}
