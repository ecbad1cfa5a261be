package main

import (
	"context"
	"errors"
	"math"
	"sync"
	"time"
)

// botWork runs the bots' moves apart from the requests: a fixed number of
// workers (Limits.BotSearches: the machine's CPUs less one, so that the
// requests and the store keep a core, by default) take the
// boards whose bot owes a move from a bounded queue (Limits.BotQueue), so
// that the bots never use more than that many cores, however many
// requests ask, and a person's reply never waits for a bot.
//
// The queue is fair between requesters: each board's jobs are filed
// under its requester (the address whose challenge made the board), and a
// free worker takes the next job of the requester with the fewest
// searches under way, then the fewest moves waiting, then the one whose
// searches have taken the least time lately (an exponentially decaying
// sum, halved every botLoadHalfLife). A requester who floods the server with bot games
// queues behind itself, and a newcomer is served next. When every worker
// is busy and a requester with one owed move and no search under way
// waits, the search of the busiest requester with more moves waiting is
// cut short (its bot plays the best move found so far) once it has run
// botMinSlice: so a stranger's flood costs another player's bot at most
// that long a wait, not a whole search per flooder, and the flooders,
// each with moves waiting, do not cut each other's.
type botWork struct {
	s       *Server
	mu      sync.Mutex
	wake    *sync.Cond
	ctx     context.Context // ends when the work stops
	stop    context.CancelCauseFunc
	started bool
	stopped bool
	workers sync.WaitGroup
	jobs    map[int64]*botJob     // queued or running, by board
	queues  map[string]*botQueue  // by requester
	running map[*botJob]time.Time // the searches under way and when they began
	queued  int
	seq     uint64 // orders the jobs as they came, for ties
}

// botJob is the owed moves of one board.
type botJob struct {
	board int64
	key   string // the requester's key (botQueue)
	seq   uint64
	// again: the board was asked for again while its job ran, after the
	// job's last look at it; the job looks once more before it ends.
	again  bool
	done   chan struct{} // closed when the job has ended
	lines  []string      // the moves made, a line each, for a waiting command
	err    error         // why the job ended without moving, if it did
	cancel context.CancelCauseFunc
	cut    bool // the running search was cut short for another requester
}

// botQueue is one requester's jobs and how much search time they took
// lately.
type botQueue struct {
	jobs []*botJob
	load float64   // seconds of search, decayed to at
	at   time.Time // when load was last brought up to date
}

const (
	// botLoadHalfLife is how fast a requester's past searches stop
	// counting against it.
	botLoadHalfLife = 10 * time.Second
	// botMinSlice is how long a search runs before it may be cut short
	// for another requester's.
	botMinSlice = 100 * time.Millisecond
)

// errPreempted ends a search cut short for another requester's.
var errPreempted = errors.New("cut short for another requester's bot")

func newBotWork(s *Server) *botWork {
	w := &botWork{s: s, jobs: map[int64]*botJob{}, queues: map[string]*botQueue{}, running: map[*botJob]time.Time{}}
	w.wake = sync.NewCond(&w.mu)
	w.ctx, w.stop = context.WithCancelCause(context.Background())
	return w
}

// decayed is q's load brought up to now.
func (q *botQueue) decayed(now time.Time) float64 {
	if q.at.IsZero() {
		return q.load
	}
	return q.load * math.Exp2(-float64(now.Sub(q.at))/float64(botLoadHalfLife))
}

func (q *botQueue) add(now time.Time, seconds float64) {
	q.load, q.at = q.decayed(now)+seconds, now
}

// enqueue files a job for board under the requester key, or returns the
// job already filed for it; with recheck (a command changed the board
// since the job's last look at it, maybe making a bot's move owed), that
// job looks at the board once more before it ends. A job waiting in the
// queue may cut a busier requester's search short (preempt), as a new
// one may. It returns nil when the work has stopped or the queue is full:
// the board keeps its owed move, which its next read or the next sweep
// asks for again.
func (w *botWork) enqueue(board int64, key string, recheck bool) *botJob {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped {
		return nil
	}
	if j := w.jobs[board]; j != nil {
		j.again = j.again || recheck
		if _, running := w.running[j]; !running {
			w.preempt(w.queue(j.key))
		}
		return j
	}
	if w.queued >= w.s.limits.BotQueue {
		w.s.refuse("bot_queue", nil)
		return nil
	}
	if !w.started {
		w.started = true
		for range w.s.limits.BotSearches {
			w.workers.Go(w.work)
		}
	}
	w.seq++
	j := &botJob{board: board, key: key, seq: w.seq, done: make(chan struct{})}
	w.jobs[board] = j
	w.file(j)
	return j
}

// queue is the requester key's queue, made if need be (w.mu held).
func (w *botWork) queue(key string) *botQueue {
	q := w.queues[key]
	if q == nil {
		q = &botQueue{}
		w.queues[key] = q
	}
	return q
}

// file puts j at the end of its requester's queue and wakes a worker
// (w.mu held).
func (w *botWork) file(j *botJob) {
	q := w.queue(j.key)
	q.jobs = append(q.jobs, j)
	w.queued++
	w.gauge()
	w.wake.Signal()
	w.preempt(q)
}

// preempt cuts short the search of the requester with the most moves
// waiting when every worker is busy and q's requester, waiting, has one
// owed move and no search under way (w.mu held): a player waiting for
// one bot's move is served before a flood of them, however much the
// player's bot searched lately.
func (w *botWork) preempt(q *botQueue) {
	if len(w.running) < w.s.limits.BotSearches || len(q.jobs) != 1 || w.searching(q.jobs[0].key) > 0 {
		return // a worker is free, or q's requester has more going on
	}
	now := time.Now()
	var victim *botJob
	most := 0
	for j, began := range w.running {
		if j.cut || j.cancel == nil || now.Sub(began) < botMinSlice {
			continue
		}
		if backlog := len(w.queue(j.key).jobs); backlog > most {
			victim, most = j, backlog
		}
	}
	if victim != nil {
		victim.cut = true
		victim.cancel(errPreempted)
		if m := w.s.metrics; m != nil {
			m.botPreempted.Inc()
		}
	}
}

// searching is how many searches of key's requester are under way
// (w.mu held).
func (w *botWork) searching(key string) int {
	n := 0
	for j := range w.running {
		if j.key == key {
			n++
		}
	}
	return n
}

// next takes the job of the requester with the fewest searches under
// way, then the fewest moves waiting, then whose searches took the least
// time lately, the oldest job first among equals (w.mu held).
func (w *botWork) next() *botJob {
	now := time.Now()
	var best *botQueue
	bestLoad, bestRunning := 0.0, 0
	for _, q := range w.queues {
		if len(q.jobs) == 0 {
			continue
		}
		load, running := q.decayed(now), w.searching(q.jobs[0].key)
		if best == nil || running < bestRunning || running == bestRunning && (len(q.jobs) < len(best.jobs) ||
			len(q.jobs) == len(best.jobs) && (load < bestLoad || load == bestLoad && q.jobs[0].seq < best.jobs[0].seq)) {
			best, bestLoad, bestRunning = q, load, running
		}
	}
	if best == nil {
		return nil
	}
	j := best.jobs[0]
	best.jobs = best.jobs[1:]
	w.queued--
	w.gauge()
	return j
}

func (w *botWork) gauge() {
	if m := w.s.metrics; m != nil {
		m.botWaiting.Set(float64(w.queued))
	}
}

// work is a worker: it runs jobs until the work stops.
func (w *botWork) work() {
	for {
		w.mu.Lock()
		for w.queued == 0 && !w.stopped {
			w.wake.Wait()
		}
		if w.stopped {
			w.mu.Unlock()
			return
		}
		j := w.next()
		w.mu.Unlock()
		more, err := w.s.botTurn(w, j)
		w.after(j, more, err)
	}
}

// searchCtx is the context of one of j's searches: it ends when the work
// stops or when the search is cut short for another requester's. The
// function returned ends it and counts its time against j's requester.
func (w *botWork) searchCtx(j *botJob) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(w.ctx)
	w.mu.Lock()
	began := time.Now()
	j.cancel, j.cut = cancel, false
	w.running[j] = began
	w.mu.Unlock()
	return ctx, func() {
		cancel(nil)
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(w.running, j)
		j.cancel = nil
		now := time.Now()
		w.queue(j.key).add(now, now.Sub(began).Seconds())
	}
}

// after ends j's turn: with more to do (the move made leaves another
// bot's move owed, or a command changed the board meanwhile), j goes
// back to the end of its requester's queue, so that each turn is one
// search and the other requesters' jobs come between; else j ends.
func (w *botWork) after(j *botJob, more bool, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if (more || j.again) && err == nil && !w.stopped {
		j.again = false
		w.file(j)
		return
	}
	if err == nil && w.stopped {
		err = context.Cause(w.ctx)
	}
	j.err = err
	delete(w.jobs, j.board)
	if q := w.queues[j.key]; q != nil && len(q.jobs) == 0 && q.decayed(time.Now()) < 0.001 {
		delete(w.queues, j.key) // forget the requesters that are idle
	}
	close(j.done)
}

// addLine records a move made by j, for a command waiting for it.
func (w *botWork) addLine(j *botJob, line string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	j.lines = append(j.lines, line)
}

// result is what j did: its lines and its error (j.done closed).
func (w *botWork) result(j *botJob) ([]string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return j.lines, j.err
}

// halt stops the work: the searches under way end (their moves are not
// stored), the jobs queued are dropped (their boards keep their owed
// moves, for the next start), and no job is taken any more. It waits for
// the workers at most wait: a search that does not return at once
// is left to end on its own, its move refused by the store, which its
// caller closes next.
func (w *botWork) halt(cause error, wait time.Duration) {
	w.mu.Lock()
	w.stopped = true
	if w.ctx.Err() == nil {
		w.stop(cause)
	}
	for _, q := range w.queues {
		for _, j := range q.jobs {
			j.err = cause
			delete(w.jobs, j.board)
			close(j.done)
		}
		q.jobs = nil
	}
	w.queued = 0
	w.gauge()
	w.wake.Broadcast()
	w.mu.Unlock()
	done := make(chan struct{})
	go func() { w.workers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(wait):
	}
}
