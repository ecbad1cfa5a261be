package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
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
	" (at least one seat a person); the server plays its moves at once, each searched with the game's default budget"

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

// startSearch marks board id as having a bot's search under way in this
// process, or reports false when one already is: a read of a board whose
// bot is thinking shows it as it is rather than start a second search.
func (s *Server) startSearch(id int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.searching[id] {
		return false
	}
	s.searching[id] = true
	return true
}

func (s *Server) endSearch(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.searching, id)
}

// botMoves plays board id's bots for as long as a bot's seat is to move,
// and returns a line per move stored. Each move is searched outside any
// transaction, on the board as read, and stored like a person's move
// (game.move: the move limit, the end by the rules) by a write that
// checks the version read: when the board changed during the search (a
// resignation, another server's bot) the move is dropped and the board
// read again, so a bot never plays on a position it did not search.
func (s *Server) botMoves(ctx context.Context, id int64) (string, error) {
	if !s.startSearch(id) {
		return "", nil
	}
	defer s.endSearch(id)
	var out strings.Builder
	for conflicts := 0; conflicts < maxRetries; {
		g, err := s.loadBoard(ctx, id)
		if err != nil {
			return out.String(), err
		}
		seat, kind, ok := botToMove(g)
		if !ok {
			return out.String(), nil
		}
		// A bot search is work a client causes, like a replay: it spends
		// one of the request's and the address's replays.
		if err := s.spendReplay(ctx); err != nil {
			return out.String(), err
		}
		if needsHistory(g.b) {
			read := g.b.Version
			if err := s.replayed(ctx, g, false); err != nil {
				return out.String(), err
			}
			if g.b.Version != read {
				conflicts++
				continue
			}
		}
		move, err := s.search(ctx, g, kind)
		if err != nil {
			return out.String(), err
		}
		c := command{verb: "move", board: id, user: g.b.Players[seat], move: move}
		head, canon, err := g.move(c, seat, s.moveLimit(g.b))
		if err != nil {
			return out.String(), fmt.Errorf("board %d: %s's move %q: %w", id, c.user, move, err)
		}
		// Not cut short by the request's deadline, as in change.
		err = s.store.Save(context.WithoutCancel(ctx), g.b, canon)
		if errors.Is(err, errConflict) {
			conflicts++
			continue
		}
		if err != nil {
			return out.String(), err
		}
		if s.metrics != nil {
			s.metrics.moves.Inc()
			s.metrics.botMoves.WithLabelValues(kind).Inc()
		}
		out.WriteString(head)
	}
	return out.String(), statusErr(http.StatusConflict, "board %d is busy, try again", id)
}

// search chooses the bot's move on g: the game's default budget, capped
// at Limits.BotTime and at the request's deadline, seeded by the board
// and the move's number, so that a dispute's move is searched again
// alike (exactly so when the count, not the time, ended the search). At
// most Limits.BotSearches searches run at once in this process; a search
// waits for its turn no longer than the request's deadline.
func (s *Server) search(ctx context.Context, g *game, kind string) (string, error) {
	select {
	case s.botSlots <- struct{}{}:
	case <-ctx.Done():
		return "", s.refuse("bot_searches", s.ctxErr(ctx, ctx.Err()))
	}
	defer func() { <-s.botSlots }()
	d := bots.DefaultsOf(g.b.Game)
	o := bots.Options{Seed: botSeed(g.b.ID, g.b.Plies+1), Nodes: d.Nodes, Depth: d.Depth, Time: s.limits.BotTime}
	if dl, ok := ctx.Deadline(); ok {
		o.Time = min(o.Time, time.Until(dl))
		if o.Time <= 0 {
			return "", s.ctxErr(ctx, context.DeadlineExceeded)
		}
	}
	start := time.Now()
	move, err := s.choose(kind, o, g.pos)
	if s.metrics != nil {
		s.metrics.botSeconds.WithLabelValues(kind).Observe(time.Since(start).Seconds())
	}
	return move, err
}

// botSeed is the seed of a bot's search for move number n of a board.
func botSeed(board int64, n int) uint64 { return uint64(board)<<32 | uint64(n) }

// chooseMove runs a bot of the kind on p. A bot is made for each move
// (bots are not safe for concurrent use, and a fresh one makes its
// seed alone decide its move).
func chooseMove(kind string, o bots.Options, p boardrules.Any) (string, error) {
	b, err := bots.New(kind, o)
	if err != nil {
		return "", err
	}
	return b.Move(context.Background(), p)
}

// botsAfter plays the bots after a command left g with a bot to move and
// returns their lines and the board as it then is. The command itself is
// already stored, so a bot that could not move (the request's time is
// up, the server's searches are all busy, a limit) does not undo it: the
// reply says so, and the bot moves when the board is next read.
func (s *Server) botsAfter(ctx context.Context, g *game) (string, *game) {
	if _, _, ok := botToMove(g); !ok {
		return "", g
	}
	lines, err := s.botMoves(ctx, g.b.ID)
	if now, rerr := s.loadBoard(context.WithoutCancel(ctx), g.b.ID); rerr == nil {
		g = now
	}
	if err != nil {
		if seat, _, ok := botToMove(g); ok {
			why := "the request's time ran out"
			if !ended(ctx, err) {
				why = strings.TrimSuffix(strings.TrimPrefix(s.errorReply(s.storeErr(ctx, err)), "error: "), "\n")
			}
			lines += fmt.Sprintf("%s has not moved yet (%s); it moves when board %d is next read\n", g.b.Players[seat], why, g.b.ID)
		}
	}
	return lines, g
}

// catchUp plays the bots of a board read with a bot to move, which a
// crash or a shutdown between a person's move and the bot's leaves
// behind, or a search the request's deadline stopped. It reports whether
// the board changed; a bot that still cannot move is logged, and the read
// shows the board as it is.
func (s *Server) catchUp(ctx context.Context, g *game) bool {
	if _, _, ok := botToMove(g); !ok {
		return false
	}
	lines, err := s.botMoves(ctx, g.b.ID)
	if err != nil {
		s.log.Printf("board %d: the bot to move did not: %v", g.b.ID, err)
	}
	return lines != ""
}

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
