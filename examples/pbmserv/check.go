package main

import (
	"context"
	"fmt"
	"io"
)

// checkBoards is -check: it replays every board of the store from its
// moves and compares the position reached with the stored one, as after a
// restore from a backup. It prints one line per damaged board and a
// summary; the exit code is 1 when a board is damaged or the store does
// not read.
func checkBoards(ctx context.Context, st Store, stdout, stderr io.Writer) int {
	ids, err := st.BoardIDs(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "pbmserv:", err)
		return 1
	}
	bad, moves := 0, 0
	for _, id := range ids {
		if err := checkBoard(ctx, st, id, &moves); err != nil {
			fmt.Fprintf(stdout, "board %d: %v\n", id, err)
			bad++
		}
	}
	fmt.Fprintf(stdout, "%d boards, %d moves replayed, %d damaged\n", len(ids), moves, bad)
	if bad > 0 {
		return 1
	}
	return 0
}

func checkBoard(ctx context.Context, st Store, id int64, moves *int) error {
	b, err := st.Board(ctx, id)
	if err != nil {
		return err
	}
	p, err := replayPosition(ctx, b.Game, b.Variant, b.Moves)
	if err != nil {
		return err
	}
	code, err := p.MarshalText()
	if err != nil {
		return err
	}
	if string(code) != b.Position {
		return fmt.Errorf("its moves lead to %q, the stored position is %q", code, b.Position)
	}
	*moves += len(b.Moves)
	return nil
}
