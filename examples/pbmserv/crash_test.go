package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/boardrules/boardrules"
	"golang.org/x/crypto/bcrypt"
)

// The crash test runs the server as a child process: this test binary,
// told by childEnv to be pbmserv with the arguments in childArgsEnv.
const (
	childEnv     = "PBMSERV_TEST_CHILD"
	childArgsEnv = "PBMSERV_TEST_CHILD_ARGS"
	// childNofileEnv sets the child's limit of open files (the common
	// default 1024), so that a test can reach it with few connections.
	childNofileEnv = "PBMSERV_TEST_CHILD_NOFILE"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		if n, err := strconv.Atoi(os.Getenv(childNofileEnv)); err == nil {
			setFileLimit(n)
		}
		childSetup()
		os.Exit(run(strings.Split(os.Getenv(childArgsEnv), "\n"), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

var playedRE = regexp.MustCompile(`^(\S+) played (.+) \(move #(\d+)\) on board (\d+)$`)

// plannedGame is a random game of one board, worked out in advance, so
// that the test can stream its moves without waiting for replies.
type plannedGame struct {
	word  string
	users [2]string
	moves []string
	seats []int // who plays each move
}

func planGames(t *testing.T, n, maxMoves int) []plannedGame {
	r := rand.New(rand.NewPCG(1, 2))
	words := gameWords()
	var out []plannedGame
	for i := range n {
		w := words[i%len(words)]
		info, _ := boardrules.Lookup(w.game)
		v, err := w.variant(nil, 2)
		if err != nil {
			t.Fatal(err)
		}
		p, err := info.New(v)
		if err != nil {
			t.Fatal(err)
		}
		g := plannedGame{word: w.word, users: [2]string{"p" + strconv.Itoa(i%3), "p" + strconv.Itoa(i%3+1)}}
		for range maxMoves {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			g.moves = append(g.moves, m)
			g.seats = append(g.seats, int(p.ToMove()))
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, g)
	}
	return out
}

// seatPlanned registers the planned games' users (p0 to p3, passwords
// pw0 to pw3) and makes their boards, numbered from 1, in the store db,
// in-process, then closes the store for a child server to open.
func seatPlanned(t *testing.T, db string, games []plannedGame) {
	t.Helper()
	st := openStore(t, db)
	defer st.Close()
	s := NewServer(st, bcrypt.MinCost, nil)
	for i := range 4 {
		mustExec(t, s, fmt.Sprintf("register p%d pw%d", i, i))
	}
	for _, g := range games {
		mustExec(t, s, g.word+" challenge "+g.users[0]+" "+g.users[1])
	}
}

// TestCrash kills a child server with SIGKILL in the middle of a stream of
// moves, several times, restarting it on the same store each time. Every
// move that got a reply must be stored, every stored move must be one that
// was sent, and every board must replay to its stored position.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		db := dsn(t)
		ctx := context.Background()
		games := planGames(t, 6, 40)
		seatPlanned(t, db, games)
		r := rand.New(rand.NewPCG(3, 4))
		replied := map[[2]int]string{} // (board, move number) -> move
		for round := 0; ; round++ {
			done := round == 4 // the last round runs to the end
			st := openStore(t, db)
			next := make([]int, len(games)) // moves stored per board
			for i := range games {
				b, err := st.Board(ctx, int64(i+1))
				if err != nil {
					t.Fatal(err)
				}
				for j, m := range b.Moves {
					if j >= len(games[i].moves) || m != games[i].moves[j] {
						t.Fatalf("round %d: board %d move %d is %q, never sent", round, i+1, j+1, m)
					}
				}
				next[i] = len(b.Moves)
			}
			for k, m := range replied {
				if k[1] > next[k[0]-1] {
					t.Fatalf("round %d: board %d move #%d %s got a reply but is not stored", round, k[0], k[1], m)
				}
			}
			checkStore(t, st)
			st.Close()
			if done {
				for i, g := range games {
					if next[i] != len(g.moves) {
						t.Errorf("board %d: %d of %d moves after the final round", i+1, next[i], len(g.moves))
					}
				}
				t.Logf("%d rounds, %d replies to moves", round, len(replied))
				return
			}
			// The rest of every game, interleaved board by board.
			var stream []string
			for more := true; more; {
				more = false
				for i, g := range games {
					if n := next[i]; n < len(g.moves) {
						u := g.users[g.seats[n]]
						stream = append(stream, fmt.Sprintf("%s move %d %s pw%s %s#%d", g.word, i+1, u, u[1:], g.moves[n], n+1))
						next[i]++
						more = true
					}
				}
			}
			killAfter := -1
			if round < 3 {
				killAfter = 1 + r.IntN(max(1, len(stream)/3))
			}
			runChild(t, db, stream, killAfter, func(board, n int, move string) {
				replied[[2]int{board, n}] = move
			})
		}
	})
}

// runChild starts a child server with -stdin on db, writes the stream to
// it and reads its replies, calling played for every accepted move. With
// killAfter >= 0 it kills the child with SIGKILL once that many replies
// have arrived; otherwise it closes stdin and waits for the child.
func runChild(t *testing.T, db string, stream []string, killAfter int, played func(board, n int, move string)) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1", childArgsEnv+"="+strings.Join([]string{"-stdin", "-db", db, "-cost", "4"}, "\n"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		w := bufio.NewWriter(stdin)
		for _, l := range stream {
			if _, err := io.WriteString(w, l+"\n"); err != nil {
				return // the child was killed
			}
		}
		w.Flush()
		stdin.Close()
	}()
	sc := bufio.NewScanner(stdout)
	replies := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "error: ") {
			t.Errorf("child: %s", line)
		}
		m := playedRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[3])
		b, _ := strconv.Atoi(m[4])
		played(b, n, m[2])
		replies++
		if replies == killAfter {
			cmd.Process.Signal(syscall.SIGKILL)
			break
		}
	}
	io.Copy(io.Discard, stdout)
	err = cmd.Wait()
	if killAfter < 0 && err != nil {
		t.Errorf("child: %v\n%s", err, stderr.String())
	}
}
