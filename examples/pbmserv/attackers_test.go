package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// measureFor is how long the tests that race an attacker against a
// player run: a few seconds in the normal suite, a minute when
// PBMSERV_MEASURE is set (the figures in the README).
func measureFor() time.Duration {
	if os.Getenv("PBMSERV_MEASURE") != "" {
		return time.Minute
	}
	return 6 * time.Second
}

// fromAddress is an HTTP client whose connections come from a loopback
// address of its own.
func fromAddress(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 30 * time.Second}
}

func postFrom(c *http.Client, base, body string) (int, string, error) {
	resp, err := c.Post(base+"/command", "text/plain", strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, string(b), nil
}

// TestOwnerAnswersUnderAttack: a server as it runs (bcrypt cost 10, the
// default limits) while one connection from 127.0.0.2 sends wrong
// passwords for alice back to back; alice, from 127.0.0.3, proposes and
// withdraws a draw every 2 s with her right password. Every one of
// alice's tries is answered; the attacker's guesses are checked at the
// limits' rate.
func TestOwnerAnswersUnderAttack(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("runs a child server for seconds, from loopback addresses")
	}
	db := storeKinds(t)[0].dsn(t)
	{
		st := openStore(t, db)
		s := NewServer(st, bcrypt.DefaultCost, nil)
		registerAliceAndBob(t, s)
		mustExec(t, s, "tumbling challenge alice bob")
		st.Close()
	}
	c := startChild(t, db, nil, "-cost", "10", "-access-log", "off")
	base := "http://" + c.addr
	d := measureFor()
	end := time.Now().Add(d)
	var guesses, checked, refused atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		attacker := fromAddress("127.0.0.2")
		for i := 0; time.Now().Before(end); i++ {
			code, _, err := postFrom(attacker, base, fmt.Sprintf("tumbling propose 1 alice guess%d draw", i))
			if err != nil {
				t.Error(err)
				return
			}
			guesses.Add(1)
			switch code {
			case http.StatusForbidden:
				checked.Add(1)
			case http.StatusTooManyRequests:
				refused.Add(1)
			}
		}
	}()
	owner := fromAddress("127.0.0.3")
	tries, answered := 0, 0
	var worst time.Duration
	for time.Now().Before(end) {
		tries++
		start := time.Now()
		code, body, err := postFrom(owner, base, "tumbling propose 1 alice a draw\ntumble reject 1 alice a")
		if took := time.Since(start); took > worst {
			worst = took
		}
		if err == nil && code == http.StatusOK {
			answered++
		} else {
			t.Logf("alice's try %d: %d %v %q", tries, code, err, firstLineOf(body))
		}
		time.Sleep(2 * time.Second)
	}
	<-done
	t.Logf("over %v with one connection guessing back to back: alice answered %d of %d tries (slowest %v); the attacker sent %d guesses, %d checked (%.1f per minute), %d refused",
		d, answered, tries, worst.Round(time.Millisecond), guesses.Load(), checked.Load(), float64(checked.Load())/d.Minutes(), refused.Load())
	if answered != tries {
		t.Errorf("alice answered %d of %d tries while another address guessed", answered, tries)
	}
	if max := int64(DefaultLimits.WrongFromAddress) + int64(d/DefaultLimits.WrongFromAddressEvery) + 1; checked.Load() > max {
		t.Errorf("%d guesses checked in %v, the limit allows %d", checked.Load(), d, max)
	}
}

// TestVictimUnderChallengeFlood: one address floods challenges naming
// the victim (with a fresh partner each time) as fast as it can; the
// victim's friend, from another address, challenges the victim every
// second. Every one of the friend's challenges makes a board.
func TestVictimUnderChallengeFlood(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("runs a child server for seconds, from loopback addresses")
	}
	db := storeKinds(t)[0].dsn(t)
	{
		st := openStore(t, db)
		s := NewServer(st, bcrypt.MinCost, nil)
		mustExec(t, s, "register victim v")
		mustExec(t, s, "register friend f")
		for i := range 100 {
			mustExec(t, s, fmt.Sprintf("register m%d m", i))
		}
		st.Close()
	}
	c := startChild(t, db, nil, "-access-log", "off")
	base := "http://" + c.addr
	d := measureFor() / 2
	end := time.Now().Add(d)
	var sent, created atomic.Int64
	refusals := map[string]int{}
	var mu sync.Mutex
	done := make(chan struct{})
	go func() {
		defer close(done)
		stranger := fromAddress("127.0.0.4")
		for i := 0; time.Now().Before(end); i++ {
			code, body, err := postFrom(stranger, base, fmt.Sprintf("tumbling challenge m%d victim", i%100))
			if err != nil {
				t.Error(err)
				return
			}
			sent.Add(1)
			if code == http.StatusOK {
				created.Add(1)
				continue
			}
			mu.Lock()
			r := firstLineOf(body)
			if i := strings.Index(r, ": try again in"); i > 0 {
				r = r[:i]
			}
			refusals[r]++
			mu.Unlock()
		}
	}()
	friend := fromAddress("127.0.0.5")
	tries, made := 0, 0
	for time.Now().Before(end) {
		tries++
		code, body, err := postFrom(friend, base, "crumble challenge friend victim")
		if err == nil && code == http.StatusOK {
			made++
		} else {
			t.Logf("the friend's challenge %d: %d %v %q", tries, code, err, firstLineOf(body))
		}
		time.Sleep(time.Second)
	}
	<-done
	t.Logf("over %v: the stranger sent %d challenges naming the victim, %d made boards, refused: %v; the friend's challenges made %d boards of %d",
		d, sent.Load(), created.Load(), refusals, made, tries)
	if made != tries {
		t.Errorf("the friend made %d boards with the victim in %d tries during the flood", made, tries)
	}
	if created.Load() > int64(DefaultLimits.NewBoards)+1 {
		t.Errorf("the stranger made %d boards in %v", created.Load(), d)
	}
}

// TestConnectionFlood: 64 addresses (127.0.0.10 to 73) each hold as many
// connections as the server lets them, sending their headers slowly and
// coming back as soon as they are dropped, for the whole run; a normal
// client, from 127.0.0.1, opens a new connection for each request every
// 50 ms. The server's 4,096 connections are not filled: past half full,
// each address gets its fair share (8), so the client keeps being served.
func TestConnectionFlood(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("opens thousands of connections from loopback addresses")
	}
	db := storeKinds(t)[0].dsn(t)
	c := startChild(t, db, []string{childNofileEnv + "=8192"}, "-access-log", "off")
	d := measureFor() / 2
	end := time.Now().Add(d)
	var open, peak, dials atomic.Int64
	var wg sync.WaitGroup
	for a := range 64 {
		for range 64 {
			wg.Go(func() {
				dialer := net.Dialer{Timeout: 2 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(10+a))}}
				for time.Now().Before(end) {
					conn, err := dialer.Dial("tcp", c.addr)
					dials.Add(1)
					if err != nil {
						time.Sleep(50 * time.Millisecond)
						continue
					}
					n := open.Add(1)
					for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
					}
					io.WriteString(conn, "POST /command HTTP/1.1\r\nHost: x\r\n")
					conn.SetReadDeadline(end)
					var b [1]byte
					conn.Read(b[:]) // until the server drops it, or the run ends
					open.Add(-1)
					conn.Close()
				}
			})
		}
	}
	client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	served, failed := 0, 0
	var serverPeak int64    // the most connections the server said it held
	time.Sleep(time.Second) // let the flood fill what it can
	for time.Now().Before(end) {
		resp, err := client.Post("http://"+c.addr+"/command", "text/plain", strings.NewReader("help"))
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		if err != nil || resp.StatusCode != http.StatusOK {
			failed++
		} else {
			served++
		}
		if resp, err := client.Get("http://" + c.addr + "/metrics"); err == nil {
			m, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			for l := range strings.Lines(string(m)) {
				if v, ok := strings.CutPrefix(l, "pbmserv_open_connections "); ok {
					var n int64
					fmt.Sscan(v, &n)
					serverPeak = max(serverPeak, n)
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	t.Logf("over %v, 64 addresses × 64 slow connections (%d dials, at most %d open at once from the attackers' side, at most %d held by the server of its 4,096): the normal client was served %d times of %d",
		d, dials.Load(), peak.Load(), serverPeak, served, served+failed)
	if failed > 0 || served == 0 {
		t.Errorf("the normal client was served %d times and failed %d times during the flood", served, failed)
	}
}

// TestOwnerUnderDistributedGuessing: 150 addresses (127.0.1.1 to
// 127.0.1.150) send wrong passwords for alice back to back, each over a
// connection of its own; alice, from 127.0.0.3, where she played before,
// proposes and withdraws a draw every 2 s with her right password. Every
// one of alice's tries is answered, within a few seconds: the guesses
// that cannot be checked are refused without a word to the store, and
// alice's address is her lane, past the account's buckets and the
// strangers' hashes.
func TestOwnerUnderDistributedGuessing(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("runs a child server for seconds, from loopback addresses")
	}
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		db := dsn(t)
		{
			st := openStore(t, db)
			s := NewServer(st, bcrypt.DefaultCost, nil)
			registerAliceAndBob(t, s)
			mustExec(t, s, "tumbling challenge alice bob")
			st.Close()
		}
		c := startChild(t, db, nil, "-cost", "10", "-access-log", "off")
		base := "http://" + c.addr
		owner := fromAddress("127.0.0.3")
		// alice plays from her address before the flood: it is hers.
		if code, body, err := postFrom(owner, base, "tumbling propose 1 alice a draw\ntumbling reject 1 alice a"); err != nil || code != 200 {
			t.Fatalf("alice before the flood: %d %v %q", code, err, body)
		}
		d := measureFor()
		end := time.Now().Add(d)
		var guesses, checked, refused, failed atomic.Int64
		var wg sync.WaitGroup
		for a := range 150 {
			wg.Go(func() {
				attacker := fromAddress(fmt.Sprintf("127.0.1.%d", a+1))
				for i := 0; time.Now().Before(end); i++ {
					code, _, err := postFrom(attacker, base, fmt.Sprintf("tumbling propose 1 alice guess%d draw", i))
					if err != nil {
						failed.Add(1)
						time.Sleep(10 * time.Millisecond)
						continue
					}
					guesses.Add(1)
					switch code {
					case http.StatusForbidden:
						checked.Add(1)
					case http.StatusTooManyRequests:
						refused.Add(1)
					}
				}
			})
		}
		tries, answered := 0, 0
		var worst time.Duration
		time.Sleep(time.Second) // the flood under way
		for time.Now().Before(end) {
			tries++
			start := time.Now()
			code, body, err := postFrom(owner, base, "tumbling propose 1 alice a draw\ntumbling reject 1 alice a")
			took := time.Since(start)
			worst = max(worst, took)
			if err == nil && code == http.StatusOK {
				answered++
			} else {
				t.Logf("alice's try %d: %d %v %q after %v", tries, code, err, firstLineOf(body), took.Round(time.Millisecond))
			}
			time.Sleep(2 * time.Second)
		}
		wg.Wait()
		t.Logf("over %v with 150 addresses guessing back to back: alice answered %d of %d tries (slowest %v); the attackers sent %d guesses, %d checked, %d refused, %d failed to connect",
			d, answered, tries, worst.Round(time.Millisecond), guesses.Load(), checked.Load(), refused.Load(), failed.Load())
		// (The request's deadline is 10 s: before, her commands met it.)
		if answered != tries || worst > 8*time.Second {
			t.Errorf("alice answered %d of %d tries, the slowest in %v, while 150 addresses guessed", answered, tries, worst.Round(time.Millisecond))
		}
	})
}

// victimPlays plays victim's moves over HTTP against bot:mcts on 8x8
// Crumble, one at a time (a random legal move from the board's JSON),
// starting on board id and on a board she challenges and joins whenever
// a game ends, until she has made n moves and d has passed. Playing for
// a time, she thinks half a second before each move, as a person would
// (and so keeps within her address's replays: each Crumble move with
// the draw rules replays the record, 2 a second after a burst of 30).
// It returns the times of her moves' replies and of the bot's answers
// (from her move's reply to the first read that shows it, reading every
// 20 ms).
func victimPlays(t *testing.T, c *http.Client, base string, id int, n int, d time.Duration, seed uint64) (moves, answers []time.Duration) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	read := func() gameJSON { return getGame(t, c, fmt.Sprintf("%s/games/%d", base, id)) }
	post := func(line string) (string, time.Duration) {
		start := time.Now()
		code, body, err := postFrom(c, base, line)
		took := time.Since(start)
		if err != nil || code != http.StatusOK {
			t.Fatalf("the victim's %q: %d %v %q", line, code, err, firstLineOf(body))
		}
		return body, took
	}
	for end := time.Now().Add(d); len(moves) < n || time.Now().Before(end); {
		j := read()
		if j.Over {
			body, _ := post("crumble challenge victim bot:mcts -8x8")
			if _, err := fmt.Sscanf(body, "board %d created", &id); err != nil {
				t.Fatalf("the victim's new board: %q", firstLineOf(body))
			}
			post(fmt.Sprintf("crumble accept %d victim v", id))
			continue
		}
		if j.ToMoveUser != "victim" {
			t.Fatalf("board %d: %s to move, not the victim", id, j.ToMoveUser)
		}
		if d > 0 {
			time.Sleep(time.Second / 2)
		}
		_, took := post(fmt.Sprintf("crumble move %d victim v %s#%d", id, j.LegalMoves[rng.IntN(len(j.LegalMoves))], j.NextMove))
		moves = append(moves, took)
		start := time.Now()
		for {
			if j := read(); j.Over || j.ToMoveUser == "victim" {
				break
			}
			if time.Since(start) > time.Minute {
				t.Fatal("the victim's bot did not answer in a minute")
			}
			time.Sleep(20 * time.Millisecond)
		}
		answers = append(answers, time.Since(start))
	}
	return moves, answers
}

// spread is a list of times as the README gives them: the median and
// the longest.
func spread(d []time.Duration) string {
	if len(d) == 0 {
		return "none"
	}
	s := slices.Sorted(slices.Values(d))
	return fmt.Sprintf("median %v, longest %v (%d)", s[len(s)/2].Round(time.Millisecond), s[len(s)-1].Round(time.Millisecond), len(s))
}

// TestBotFlood: strangers at 8 addresses (127.0.2.1 to 8) flood the
// server with bot games on 32x32 Crumble, the dearest board: each
// challenges bots against the victim as fast as it can, and plays bot
// games of its own (each stranger an account, each bot game accepted and
// moved on as soon as the stranger's turn comes), up to the caps; the
// victim, from her own address, plays a game against bot:mcts on 8x8
// Crumble. Her moves' replies and her bot's answers take about what they
// take with nobody else on the server: the strangers' boards naming her
// cost nothing until she joins them, their own bot games are held to the
// caps and queue behind themselves, and a search of theirs is cut short
// when her bot waits.
func TestBotFlood(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("runs a child server for seconds, from loopback addresses")
	}
	// In the normal suite a few moves each way; measuring, the victim
	// plays for half a minute alone, then through a flood of a minute
	// and a half (the attack's length), however many games that takes.
	moves, alone, flooded := 5, time.Duration(0), time.Duration(0)
	if os.Getenv("PBMSERV_MEASURE") != "" {
		alone, flooded = 30*time.Second, 90*time.Second
	}
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		db := dsn(t)
		{
			st := openStore(t, db)
			s := NewServer(st, bcrypt.MinCost, nil)
			mustExec(t, s, "register victim v")
			for i := range 8 {
				mustExec(t, s, fmt.Sprintf("register s%d s", i))
			}
			mustExec(t, s, "crumble challenge victim bot:mcts -8x8") // board 1, the baseline's
			mustExec(t, s, "crumble challenge victim bot:mcts -8x8") // board 2, the flood's
			st.Close()
		}
		c := startChild(t, db, nil, "-cost", "10", "-access-log", "off")
		base := "http://" + c.addr
		victim := fromAddress("127.0.0.3")
		if code, body, err := postFrom(victim, base, "crumble accept 1 victim v"); err != nil || code != 200 {
			t.Fatalf("the victim joins: %d %v %q", code, err, body)
		}
		calmMoves, calmAnswers := victimPlays(t, victim, base, 1, moves, alone, 1)

		stop := make(chan struct{})
		var made, refused, strangerMoves atomic.Int64
		var wg sync.WaitGroup
		endFlood := sync.OnceFunc(func() { close(stop); wg.Wait() })
		defer endFlood() // also when the victim's game fails the test
		for a := range 8 {
			wg.Go(func() {
				client := fromAddress(fmt.Sprintf("127.0.2.%d", a+1))
				user := fmt.Sprintf("s%d", a)
				var own []int
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					// A challenge naming the victim, and one of its own.
					for _, ch := range []string{"crumble challenge bot:alphabeta victim -32x32", "crumble challenge bot:alphabeta " + user + " -32x32"} {
						code, body, err := postFrom(client, base, ch)
						if err != nil {
							continue
						}
						if code != http.StatusOK {
							refused.Add(1)
							continue
						}
						made.Add(1)
						var id int
						fmt.Sscanf(body, "board %d created", &id)
						if strings.Contains(ch, user) {
							if code, _, _ := postFrom(client, base, fmt.Sprintf("crumble accept %d %s s", id, user)); code == http.StatusOK {
								own = append(own, id)
							}
						}
					}
					// Its move wherever its turn has come.
					for _, id := range own {
						resp, err := client.Get(fmt.Sprintf("%s/games/%d", base, id))
						if err != nil {
							continue
						}
						var j gameJSON
						json.NewDecoder(resp.Body).Decode(&j)
						resp.Body.Close()
						if j.Over || j.ToMoveUser != user || len(j.LegalMoves) == 0 {
							continue
						}
						if code, _, _ := postFrom(client, base, fmt.Sprintf("crumble move %d %s s %s#%d", id, user, j.LegalMoves[i%len(j.LegalMoves)], j.NextMove)); code == http.StatusOK {
							strangerMoves.Add(1)
						}
					}
					time.Sleep(50 * time.Millisecond)
				}
			})
		}
		time.Sleep(5 * time.Second) // the flood under way, every worker busy
		if code, body, err := postFrom(victim, base, "crumble accept 2 victim v"); err != nil || code != 200 {
			t.Fatalf("the victim joins her second board: %d %v %q", code, err, body)
		}
		floodMoves, floodAnswers := victimPlays(t, victim, base, 2, moves, flooded, 2)
		endFlood()
		metrics := ""
		if resp, err := http.Get(base + "/metrics"); err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			metrics = string(b)
		}
		cut := ""
		for l := range strings.Lines(metrics) {
			if strings.HasPrefix(l, "pbmserv_bot_searches_cut_total ") || strings.HasPrefix(l, `pbmserv_bot_moves_total{kind="alphabeta"}`) {
				cut += strings.TrimSpace(l) + "; "
			}
		}
		t.Logf("alone: the victim's moves answered in %s, her bot's answers in %s", spread(calmMoves), spread(calmAnswers))
		t.Logf("8 addresses flooding 32x32 bot games: the victim's moves answered in %s, her bot's answers in %s; the strangers made %d boards (%d refused) and %d moves of their own; %s",
			spread(floodMoves), spread(floodAnswers), made.Load(), refused.Load(), strangerMoves.Load(), cut)
		// Bounds for a busy CI machine (other packages' tests beside
		// this one on two cores), far above the figures measured (README)
		// and far below what the flood did before (10 s a bot's move,
		// most never made): the median holds the server's share, the
		// longest leaves a stall of the machine room.
		check := func(what string, d []time.Duration, median, longest time.Duration) {
			s := slices.Sorted(slices.Values(d))
			if len(s) == 0 || s[len(s)/2] > median || s[len(s)-1] > longest {
				t.Errorf("during the flood, %s: %s; want a median within %v and none over %v", what, spread(d), median, longest)
			}
		}
		check("the victim's moves answered", floodMoves, time.Second, 5*time.Second)
		check("her bot's answers", floodAnswers, 3*time.Second, 8*time.Second)
	})
}

// TestStatusFlood: 8 addresses ask for /healthz and /metrics 4,800 times
// a second in all while a player proposes and withdraws a draw every half
// second; her commands take about what they take alone: the checks are
// answered from a result at most a second old and held to each
// address's request limit.
func TestStatusFlood(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("runs a child server for seconds, from loopback addresses")
	}
	db := storeKinds(t)[0].dsn(t)
	{
		st := openStore(t, db)
		s := NewServer(st, bcrypt.DefaultCost, nil) // a password check as a real server's
		registerAliceAndBob(t, s)
		mustExec(t, s, "tumbling challenge alice bob")
		st.Close()
	}
	c := startChild(t, db, nil, "-access-log", "off")
	base := "http://" + c.addr
	player := fromAddress("127.0.0.3")
	play := func(d time.Duration) []time.Duration {
		var took []time.Duration
		for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(500 * time.Millisecond) {
			start := time.Now()
			code, body, err := postFrom(player, base, "tumbling propose 1 alice a draw\ntumbling reject 1 alice a")
			took = append(took, time.Since(start))
			if err != nil || code != http.StatusOK {
				t.Errorf("the player's commands: %d %v %q", code, err, firstLineOf(body))
			}
		}
		return took
	}
	d := measureFor() / 2
	alone := play(d)
	stop := make(chan struct{})
	var asked, answered atomic.Int64
	var wg sync.WaitGroup
	for a := range 8 {
		wg.Go(func() {
			client := fromAddress(fmt.Sprintf("127.0.3.%d", a+1))
			tick := time.NewTicker(time.Second / 600)
			defer tick.Stop()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-tick.C:
				}
				path := "/healthz"
				if i%2 == 1 {
					path = "/metrics"
				}
				resp, err := client.Get(base + path)
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				asked.Add(1)
				if resp.StatusCode == http.StatusOK {
					answered.Add(1)
				}
			}
		})
	}
	time.Sleep(time.Second)
	flooded := play(d)
	close(stop)
	wg.Wait()
	t.Logf("alone, the player's commands answered in %s; while 8 addresses asked for /healthz and /metrics %d times (%d answered, the rest refused), in %s",
		spread(alone), asked.Load(), answered.Load(), spread(flooded))
	for _, took := range flooded {
		if took > 2*time.Second {
			t.Errorf("the player's commands answered in %v during the flood", took.Round(time.Millisecond))
		}
	}
}
