//go:build unix

package main

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
)

// cpuTime is the process's CPU time so far (user and system): the
// measure of work that does not depend on what else the machine runs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestCrumbleCosts prints what Crumble requests cost in CPU time, the
// figures behind the server's Crumble limits (doc.go, "Limits"):
//
//	PBMSERV_MEASURE=1 go test -run TestCrumbleCosts -v ./examples/pbmserv/
//
// For each board size and game length (random games, stored straight into
// the store, stopped short of their end): the legal moves, the CPU time
// of one move's text (the mean over the first 100), of listing them for
// the JSON (every move's text), of "board N#k" at the last move (a replay
// without a History, as a Crumble move does) and of history.
func TestCrumbleCosts(t *testing.T) {
	if os.Getenv("PBMSERV_MEASURE") == "" {
		t.Skip("PBMSERV_MEASURE not set")
	}
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	s.SetLimits(Limits{MaxReplays: 1 << 20})
	ctx := context.Background()
	for _, v := range []string{"6x6", "8x8", "12x12", "16x16", "32x32"} {
		for _, seed := range []uint64{7, 8} {
			for _, plies := range []int{200, 500} {
				id, n := storedCrumble(t, s, v, plies, seed)
				g, err := s.loadBoard(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				all := g.pos.Unwrap().(crumble.Position).LegalMoves()
				c0 := cpuTime()
				k := min(len(all), 100)
				for _, m := range all[:k] {
					_ = m.String()
				}
				text := (cpuTime() - c0) / time.Duration(max(k, 1))
				c0 = cpuTime()
				g.pos.LegalMoves()
				list := cpuTime() - c0
				c0 = cpuTime()
				s.Execute(ctx, "crumble board "+itoa(id)+"#"+itoa(int64(n)))
				board := cpuTime() - c0
				c0 = cpuTime()
				s.Execute(ctx, "crumble history "+itoa(id))
				hist := cpuTime() - c0
				t.Logf("%-5s seed %d, %3d moves: %5d legal moves, %v a text, listing %v; board N#%d %v; history %v",
					v, seed, n, len(all), text.Round(time.Microsecond), list.Round(time.Millisecond), n,
					board.Round(time.Millisecond), hist.Round(time.Millisecond))
				if n < plies {
					break // the game ended sooner
				}
			}
		}
	}
}

// TestBotCosts prints what a bot's move costs in CPU time with the
// server's budget (the game's default count, capped at DefaultLimits'
// BotTime), the figures behind the bound on bot searches (doc.go, "Bots"):
//
//	PBMSERV_MEASURE=1 go test -run TestBotCosts -v ./examples/pbmserv/
//
// For each game, at the start and after 20 random moves, the slowest of
// three seeds.
func TestBotCosts(t *testing.T) {
	if os.Getenv("PBMSERV_MEASURE") == "" {
		t.Skip("PBMSERV_MEASURE not set")
	}
	for _, gv := range [][2]string{{"tumbling", "pbmserv"}, {"flooprail", "normal"}, {"terrace", "8-long"}, {"terrace", "8-4p"}, {"crumble", "6x6"}} {
		for _, plies := range []int{0, 20} {
			p, err := variantStart(gv[0], gv[1])
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(plies), 2))
			for range plies {
				if p.Outcome().Status != boardrules.Ongoing {
					break
				}
				legal := p.LegalMoves()
				p, _ = p.Play(legal[rng.IntN(len(legal))])
			}
			for _, kind := range []string{"mcts", "alphabeta"} {
				var worst time.Duration
				for seed := range uint64(3) {
					d := bots.DefaultsOf(gv[0])
					o := bots.Options{Seed: seed, Nodes: d.Nodes, Depth: d.Depth, Time: DefaultLimits.BotTime}
					start := cpuTime()
					if _, err := chooseMove(context.Background(), kind, o, p); err != nil {
						t.Fatal(err)
					}
					worst = max(worst, cpuTime()-start)
				}
				t.Logf("%-9s %-7s move %2d  %-9s %4d ms CPU", gv[0], gv[1], plies+1, kind, worst.Milliseconds())
			}
		}
	}
}

// crowdedCorpus is crumble's corpus of crowded positions.
const crowdedCorpus = "../../crumble/testdata/crowded.txt"

// TestBotCostsCrowded prints what a bot's move costs the server on
// Crumble by board size and crowding, with the server's budget (the
// game's default count, capped at DefaultLimits' BotTime): the CPU time
// and the time of one move of each bot, the slowest of two seeds, on the
// starts of 6x6, 8x8 and 32x32 and on positions of crumble's corpus of
// crowded positions (testdata/crowded.txt there):
//
//	PBMSERV_MEASURE=1 go test -run TestBotCostsCrowded -v ./examples/pbmserv/
func TestBotCostsCrowded(t *testing.T) {
	if os.Getenv("PBMSERV_MEASURE") == "" {
		t.Skip("PBMSERV_MEASURE not set")
	}
	positions := map[string]boardrules.Any{}
	var names []string
	for _, v := range []string{"6x6", "8x8", "32x32"} {
		p, err := variantStart("crumble", v)
		if err != nil {
			t.Fatal(err)
		}
		positions["start "+v] = p
		names = append(names, "start "+v)
	}
	text, err := os.ReadFile(crowdedCorpus)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"random6-200": true, "random6-400": true, "split6-1150": true, "random32-1100": true,
		"split32-1200": true, "rows6-414": true, "rows32-1120": true}
	name := ""
	for line := range strings.Lines(string(text)) {
		line = strings.TrimSuffix(line, "\n")
		if c, ok := strings.CutPrefix(line, "# "); ok {
			name, _, _ = strings.Cut(c, ":")
			continue
		}
		if !want[name] || line == "" {
			continue
		}
		p, err := boardrules.Decode([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		positions[name] = p
		names = append(names, name)
	}
	d := bots.DefaultsOf("crumble")
	for _, n := range names {
		p := positions[n]
		pieces := len(strings.Fields(func() string { b, _ := p.MarshalText(); return string(b) }())) - 3
		for _, kind := range bots.Kinds {
			var cpu, wall time.Duration
			for seed := range uint64(2) {
				o := bots.Options{Seed: seed, Nodes: d.Nodes, Depth: d.Depth, Time: DefaultLimits.BotTime}
				c0, w0 := cpuTime(), time.Now()
				if _, err := chooseMove(context.Background(), kind, o, p); err != nil {
					t.Fatal(err)
				}
				cpu, wall = max(cpu, cpuTime()-c0), max(wall, time.Since(w0))
			}
			t.Logf("%-14s %5d pieces  %-9s %5d ms CPU  %5d ms", n, pieces, kind, cpu.Milliseconds(), wall.Milliseconds())
		}
	}
}
