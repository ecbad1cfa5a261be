package main

import (
	"context"
	"testing"
)

// benchServer is a server on a fresh SQLite file with the users alice
// (password a) and bob (password b), bcrypt at its minimum cost.
func benchServer(b *testing.B) (*Server, context.Context) {
	st, err := Open(context.Background(), b.TempDir()+"/bench.db")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	s := NewServer(st, 4, nil)
	ctx := context.Background()
	s.Execute(ctx, "register alice a")
	s.Execute(ctx, "register bob b")
	return s, ctx
}

// BenchmarkMove times one move command end to end on SQLite: password
// check (bcrypt at the minimum cost), read and replay of the board, the
// rules, and the commit with fsync. A game that ends is replaced by a new
// board.
func BenchmarkMove(b *testing.B) {
	s, ctx := benchServer(b)
	pw := map[string]string{"alice": "a", "bob": "b"}
	var id int64
	newBoard := func() {
		id++
		if r := s.Execute(ctx, "tumble challenge alice bob"); r[:6] != "board " {
			b.Fatal(r)
		}
	}
	newBoard()
	for b.Loop() {
		b.StopTimer()
		g, err := s.load(ctx, "tumble", id)
		if err != nil {
			b.Fatal(err)
		}
		p := g.pos
		moves := p.LegalMoves()
		if g.b.Over || len(moves) == 0 || g.b.Plies > 60 {
			newBoard()
			g, _ = s.load(ctx, "tumble", id)
			p = g.pos
			moves = p.LegalMoves()
		}
		user := g.b.Players[p.ToMove()]
		line := "tumble move " + itoa(id) + " " + user + " " + pw[user] + " " + moves[len(moves)/2] + "#" + itoa(int64(g.b.Plies+1))
		b.StartTimer()
		if r := s.Execute(ctx, line); r[:6] == "error:" {
			b.Fatal(line, r)
		}
	}
}

// BenchmarkBoard times a "board" command: read, replay and print.
func BenchmarkBoard(b *testing.B) {
	s, ctx := benchServer(b)
	s.Execute(ctx, "tumble challenge alice bob")
	// Twenty moves in, so the replay has some work.
	for range 20 {
		g, _ := s.load(ctx, "tumble", 1)
		p := g.pos
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		user := g.b.Players[p.ToMove()]
		pw := map[string]string{"alice": "a", "bob": "b"}[user]
		s.Execute(ctx, "tumble move 1 "+user+" "+pw+" "+moves[len(moves)/2])
	}
	for b.Loop() {
		if r := s.Execute(ctx, "tumble board 1"); r[:6] == "error:" {
			b.Fatal(r)
		}
	}
}
