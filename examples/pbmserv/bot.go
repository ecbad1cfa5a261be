package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
)

// botPrefix marks a bot's seat, in a challenge and on a board: "bot:mcts".
// A user id cannot hold ':', so no user can register a bot's name, and a
// board's players tell its bots from its people by the name alone.
const botPrefix = "bot:"

// botHelp is the bots' line of help and the front page.
var botHelp = "bots: a challenge may seat a bot in place of a user, " + botNames() +
	" (at least one seat a person); a bot moves once a person seated has joined the board (moved, or sent GAME accept BOARD USER PASSWORD), " +
	"each move searched apart from the replies with the game's default budget: read the board again for it"

func isBot(name string) bool { return strings.HasPrefix(name, botPrefix) }

// botNames lists the bots a challenge may seat, for help and errors.
func botNames() string {
	names := make([]string, len(bots.Kinds))
	for i, k := range bots.Kinds {
		names[i] = botPrefix + k
	}
	return strings.Join(names, ", ")
}

// parseSeat reads a challenge's seat: a user id, or a bot by its kind
// (bot:KIND, in any case).
func parseSeat(s string) (string, error) {
	if len(s) < len(botPrefix) || !strings.EqualFold(s[:len(botPrefix)], botPrefix) {
		return parseUser(s)
	}
	kind := strings.ToLower(s[len(botPrefix):])
	if !slices.Contains(bots.Kinds, kind) {
		return "", lineErr("unknown bot %s (bots: %s)", quote(s), botNames())
	}
	return botPrefix + kind, nil
}

// botToMove tells the seat and the kind of the bot whose turn it is on g,
// if any: the board goes on and its seat to move is a bot's.
func botToMove(g *game) (seat int, kind string, ok bool) {
	if g.b.Over || g.pos.Outcome().Status != boardrules.Ongoing {
		return 0, "", false
	}
	seat = int(g.pos.ToMove())
	if seat < 0 || seat >= len(g.b.Players) || !isBot(g.b.Players[seat]) {
		return 0, "", false
	}
	return seat, strings.TrimPrefix(g.b.Players[seat], botPrefix), true
}

// botOwed tells whether g's bot owes a move: a bot is to move and a
// person has joined the board. A bot plays only for people who asked it
// to, with their password: a challenge needs none, so a stranger's
// challenges cost the bots nothing until someone seated joins.
func botOwed(g *game) bool {
	_, _, ok := botToMove(g)
	return ok && g.b.Joined&peopleSeats(g.b) != 0
}

// peopleSeats has bit s set for every seat s a person holds; botSeats
// for every seat a bot holds.
func peopleSeats(b *Board) uint8 { return ^botSeats(b) & (1<<len(b.Players) - 1) }

func botSeats(b *Board) uint8 {
	var bits uint8
	for i, p := range b.Players {
		if isBot(p) {
			bits |= 1 << i
		}
	}
	return bits
}

// botLease is how long a server's worker holds a board's bot (a bucket
// in the store): servers sharing a store do not search one board's move
// at once, and the lease of a server that died runs out.
func (s *Server) botLease() time.Duration { return max(2*time.Second, 4*s.limits.BotTime) }

// errLeased ends a bot's turn on a board whose bot another server's
// worker holds: that server makes the move.
var errLeased = errors.New("another server's bot holds the board")

// botTurn makes at most one bot move on j's board, and reports whether
// another is owed after it (a bot to move next, in Terrace of 3 or 4): it
// reads the board,
// and when its bot owes a move it searches it outside any transaction,
// on the board as read, and stores it like a person's move (game.move:
// the move limit, the end by the rules) by a write that checks the
// version read. When the board changed during the search (a
// resignation, another server's bot) the move is dropped and the board
// read again, so a bot never plays on a position it did not search. A
// search that the work's end stopped stores nothing: the board keeps its
// owed move for the next start.
func (s *Server) botTurn(w *botWork, j *botJob) (more bool, err error) {
	ctx := w.ctx
	lease, every := "bot "+strconv.FormatInt(j.board, 10), s.botLease()
	wait, _, err := s.store.Take(ctx, lease, 1, every, s.now())
	if err != nil {
		return false, err
	}
	if wait > 0 {
		return false, errLeased
	}
	defer func() {
		if err := s.store.Give(context.WithoutCancel(ctx), lease, every); err != nil {
			s.log.Printf("board %d: giving back the bot's lease: %v", j.board, err)
		}
	}()
	for conflicts := 0; conflicts < maxRetries; conflicts++ {
		g, err := s.loadBoard(ctx, j.board)
		if err != nil {
			return false, err
		}
		if !botOwed(g) {
			return false, nil
		}
		seat, kind, _ := botToMove(g)
		if needsHistory(g.b) {
			read := g.b.Version
			if err := s.replayed(ctx, g, false); err != nil {
				return false, err
			}
			if g.b.Version != read {
				continue
			}
		}
		sctx, ended := w.searchCtx(j)
		move, err := s.search(sctx, g, kind)
		cut := errors.Is(context.Cause(sctx), errPreempted)
		ended()
		if ctx.Err() != nil {
			return false, context.Cause(ctx) // stopping: nothing is stored
		}
		if err != nil && cut {
			continue // cut before it had a move: search again
		}
		if err != nil {
			return false, err
		}
		c := command{verb: "move", board: j.board, user: g.b.Players[seat], move: move}
		head, canon, err := g.move(c, seat, s.moveLimit(g.b))
		if err != nil {
			return false, fmt.Errorf("board %d: %s's move %q: %w", j.board, c.user, move, err)
		}
		g.b.BotDue = botOwed(g)
		// Not cut short by the work's end: a write once begun finishes.
		err = s.store.Save(context.WithoutCancel(ctx), g.b, canon)
		if errors.Is(err, errConflict) {
			continue
		}
		if err != nil {
			return false, err
		}
		if s.metrics != nil {
			s.metrics.moves.Inc()
			s.metrics.botMoves.WithLabelValues(kind).Inc()
		}
		w.addLine(j, head)
		return g.b.BotDue, nil
	}
	return false, fmt.Errorf("board %d: changed %d times during its bot's search", j.board, maxRetries)
}

// search chooses the bot's move on g: the game's default budget, capped
// at Limits.BotTime and at ctx (the work's end, or a cut for another
// requester's search: the bot then plays the best move it has found),
// seeded by the board and the move's number, so that a dispute's move is
// searched again alike (exactly so when the count, not the time, ended
// the search).
func (s *Server) search(ctx context.Context, g *game, kind string) (string, error) {
	d := bots.DefaultsOf(g.b.Game)
	o := bots.Options{Seed: botSeed(g.b.ID, g.b.Plies+1), Nodes: d.Nodes, Depth: d.Depth, Time: s.limits.BotTime}
	start := time.Now()
	move, err := s.choose(ctx, kind, o, g.pos)
	if s.metrics != nil {
		s.metrics.botSeconds.WithLabelValues(kind).Observe(time.Since(start).Seconds())
	}
	return move, err
}

// botSeed is the seed of a bot's search for move number n of a board.
func botSeed(board int64, n int) uint64 { return uint64(board)<<32 | uint64(n) }

// botChooser is what a new Server's bots search with: chooseMove, which
// the tests' child processes wrap.
var botChooser = chooseMove

// chooseMove runs a bot of the kind on p. A bot is made for each move
// (bots are not safe for concurrent use, and a fresh one makes its
// seed alone decide its move).
func chooseMove(ctx context.Context, kind string, o bots.Options, p boardrules.Any) (string, error) {
	b, err := bots.New(kind, o)
	if err != nil {
		return "", err
	}
	return b.Move(ctx, p)
}

// waitKey marks a context whose commands wait for the bots' moves they
// cause (standard input, Execute): a mail robot sends one reply per
// command, so the reply carries the bots' moves. Over HTTP a reply never
// waits for a bot.
type waitKey struct{}

func waitingForBots(ctx context.Context) context.Context {
	return context.WithValue(ctx, waitKey{}, true)
}

func waitsForBots(ctx context.Context) bool { b, _ := ctx.Value(waitKey{}).(bool); return b }

// askBots files g's owed bot move with the bots' work, if it owes one,
// and for a command that waits for bots (standard input) waits for the
// moves (or ctx's end). It returns the lines for the reply and the board
// as it then is.
func (s *Server) askBots(ctx context.Context, g *game) (string, *game) {
	if !botOwed(g) {
		return "", g
	}
	j := s.bots.enqueue(g.b.ID, g.b.Creator, true)
	if j == nil || !waitsForBots(ctx) {
		return thinking(g), g
	}
	select {
	case <-j.done:
	case <-ctx.Done():
		return thinking(g), g
	}
	lines, err := s.bots.result(j)
	now, rerr := s.loadBoard(context.WithoutCancel(ctx), g.b.ID)
	if rerr != nil {
		return strings.Join(lines, ""), g
	}
	out := strings.Join(lines, "")
	if botOwed(now) {
		seat, _, _ := botToMove(now)
		why := "the bots' queue is full"
		if err != nil {
			why = botFailure(err)
		}
		out += fmt.Sprintf("%s has not moved yet (%s); it moves when board %d is next read\n", now.b.Players[seat], why, now.b.ID)
	}
	return out, now
}

// thinking is the reply's line for a bot whose move is on its way.
func thinking(g *game) string {
	seat, _, _ := botToMove(g)
	return fmt.Sprintf("%s is thinking; board %d shows its move once it is made\n", g.b.Players[seat], g.b.ID)
}

// botFailure says why a bot did not move, for a reply.
func botFailure(err error) string {
	switch {
	case errors.Is(err, errShuttingDown):
		return "the server is stopping"
	case errors.Is(err, errLeased):
		return "another server is making it"
	}
	return "it failed, and the server's keeper has the details"
}

// readBots is askBots for a read: it files the owed move, and only a
// command that waits for bots waits for it; it reports whether the board
// changed.
func (s *Server) readBots(ctx context.Context, g *game) bool {
	if !botOwed(g) {
		return false
	}
	j := s.bots.enqueue(g.b.ID, g.b.Creator, false)
	if j == nil || !waitsForBots(ctx) {
		return false
	}
	select {
	case <-j.done:
	case <-ctx.Done():
		return false
	}
	lines, err := s.bots.result(j)
	if err != nil && !errors.Is(err, errShuttingDown) {
		s.log.Printf("board %d: the bot to move did not: %v", g.b.ID, err)
	}
	return len(lines) > 0
}

// sweepBots files the owed bot moves the store holds (BotsDue): at start,
// for the moves a crash or a shutdown left, then every botSweepEvery for
// those a full queue or another server's death left, until ctx ends.
func (s *Server) sweepBots(ctx context.Context) {
	for {
		boards, err := s.store.BotsDue(ctx, s.limits.BotQueue)
		if err != nil && ctx.Err() == nil {
			s.log.Printf("listing the bots' owed moves: %v", err)
		}
		for _, b := range boards {
			s.bots.enqueue(b.ID, b.Creator, false)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(botSweepEvery):
		}
	}
}

// botSweepEvery is how often a server looks for owed bot moves that no
// worker has.
const botSweepEvery = time.Minute

// noBotDraws refuses a draw proposal on a board that seats a bot: bots
// do not answer proposals, so one would stand unanswered for ever.
func noBotDraws(b *Board) error {
	for _, p := range b.Players {
		if isBot(p) {
			return statusErr(http.StatusConflict, "%s does not agree to draws: play on or resign", p)
		}
	}
	return nil
}
