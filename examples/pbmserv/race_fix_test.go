package main

import (
	"context"
	"strings"
	"sync"
	"testing"
)

// betweenReads is a store that runs hook once, just before the next full
// read of a board (Store.Board): the moment between a move's first read
// (BoardHead, where it checks seat and end) and the read of the record it
// replays, when another command may commit.
type betweenReads struct {
	Store
	mu   sync.Mutex
	hook func()
}

func (h *betweenReads) Board(ctx context.Context, id int64) (*Board, error) {
	h.mu.Lock()
	f := h.hook
	h.hook = nil
	h.mu.Unlock()
	if f != nil {
		f()
	}
	return h.Store.Board(ctx, id)
}

// TestMoveAfterResignationBetweenReads: a Crumble move (draw rules on, so
// the move replays the record) read the board before bob resigned and its
// record after; it must not be stored on the ended game. A change that
// leaves the move legal (a draw proposal) only makes it start again.
func TestMoveAfterResignationBetweenReads(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		hs := &betweenReads{Store: openStore(t, dsn(t))}
		s := serverOver(t, hs)
		registerAliceAndBob(t, s)
		mustExec(t, s, "crumble challenge alice bob") // board 1: resigned under the move
		mustExec(t, s, "crumble challenge alice bob") // board 2: a proposal under the move
		start, _ := variantStart("crumble", "6x6")
		move := start.LegalMoves()[0]
		ctx := context.Background()

		hs.hook = func() { mustExec(t, s, "crumble resign 1 bob b") }
		r := s.Execute(ctx, "crumble move 1 alice a "+move)
		if !strings.HasPrefix(r, "error: board 1 is over: alice (Black) wins: bob (White) resigned") {
			t.Errorf("move on a board resigned between its reads: %q", firstLineOf(r))
		}
		b, err := hs.Store.Board(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Moves) != 0 || !b.Over {
			t.Errorf("board 1: over %v, moves %v: a move was stored after the resignation", b.Over, b.Moves)
		}

		hs.hook = func() { mustExec(t, s, "crumble propose 2 bob b draw") }
		// A budget of one replay: the move replays once however often it
		// starts again, so the start caused by the proposal costs nothing.
		r = s.Execute(withBudget(ctx, 1), "crumble move 2 alice a "+move+"#1")
		if !strings.HasPrefix(r, "alice played") {
			t.Errorf("move on a board that got a draw proposal between its reads: %q", firstLineOf(r))
		}
		if b, _ := hs.Store.Board(ctx, 2); len(b.Moves) != 1 || b.DrawOffer == 0 {
			t.Errorf("board 2: moves %v, draw offer %b: want the move and the proposal", b.Moves, b.DrawOffer)
		}
		checkStore(t, hs.Store)
	})
}

func firstLineOf(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }
