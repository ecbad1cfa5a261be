package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// guess sends one wrong password for alice to a server, as the client
// forwarded from addr by a trusted proxy, and says whether it was checked
// (403: a hash was run) or refused by a limit (429).
func guess(t *testing.T, base, addr string, i int) (checked bool) {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/command", strings.NewReader(fmt.Sprintf("tumbling propose 1 alice guess%d draw", i)))
	req.Header.Set("X-Forwarded-For", addr)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusForbidden:
		return true
	case http.StatusTooManyRequests:
		return false
	}
	t.Fatalf("a guess: %d %q", resp.StatusCode, b)
	return false
}

// guessFor sends guesses back to back for d, from the addresses in turn,
// to the servers in turn, and counts those checked.
func guessFor(t *testing.T, d time.Duration, servers, addrs []string) (checked, sent int) {
	for end := time.Now().Add(d); time.Now().Before(end); sent++ {
		if guess(t, servers[sent%len(servers)], addrs[sent%len(addrs)], sent) {
			checked++
		}
	}
	return checked, sent
}

// TestLimitsSharedAcrossServers: two server processes on one store hold a
// guesser to the same rate as one server, and a restart forgets nothing:
// the limits' counts live in the store. (In the process, each server
// would give the guesser its own share.) With PBMSERV_MEASURE set it
// also measures the rate of guesses checked with one and with two
// servers over 30 s, the default limits, and guesses from 4 addresses.
func TestLimitsSharedAcrossServers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		setup := func() string {
			db := dsn(t)
			st := openStore(t, db)
			s := NewServer(st, bcrypt.MinCost, nil)
			registerAliceAndBob(t, s)
			mustExec(t, s, "tumbling challenge alice bob")
			st.Close()
			return db
		}
		args := []string{"-trusted-proxy", "127.0.0.1", "-wrong-from-address", "3", "-access-log", "off"}
		db := setup()
		a := startChild(t, db, nil, args...)
		b := startChild(t, db, nil, args...)
		servers := []string{"http://" + a.addr, "http://" + b.addr}
		checked := 0
		for i := range 12 {
			if guess(t, servers[i%2], "203.0.113.7", i) {
				checked++
			}
		}
		if checked != 3 {
			t.Errorf("12 guesses from one address, alternating between two servers: %d checked, want 3 (the address's limit for the account, counted once)", checked)
		}
		// A restart forgets nothing.
		a.cmd.Process.Kill()
		<-a.done
		a = startChild(t, db, nil, args...)
		if guess(t, "http://"+a.addr, "203.0.113.7", 99) {
			t.Error("after a restart the guesser's count is forgotten")
		}
		// The owner, from another address, at either server.
		for _, srv := range []string{"http://" + a.addr, "http://" + b.addr} {
			req, _ := http.NewRequest("POST", srv+"/command", strings.NewReader("tumbling propose 1 alice a draw\ntumble reject 1 alice a"))
			req.Header.Set("X-Forwarded-For", "198.51.100.3")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Errorf("the owner at %s during the guessing: %d %q", srv, resp.StatusCode, body)
			}
		}

		if os.Getenv("PBMSERV_MEASURE") == "" {
			return
		}
		// The rate, with the default limits: a guesser with 4 addresses
		// for 30 s, at one server, then (on a fresh store) alternating
		// between two.
		addrs := []string{"203.0.113.21", "203.0.113.22", "203.0.113.23", "203.0.113.24"}
		measure := ([]string{"-trusted-proxy", "127.0.0.1", "-access-log", "off", "-checks", "1000000"})
		one := startChild(t, setup(), nil, measure...)
		c1, s1 := guessFor(t, 30*time.Second, []string{"http://" + one.addr}, addrs)
		db2 := setup()
		x, y := startChild(t, db2, nil, measure...), startChild(t, db2, nil, measure...)
		c2, s2 := guessFor(t, 30*time.Second, []string{"http://" + x.addr, "http://" + y.addr}, addrs)
		t.Logf("guesses at alice's password from 4 addresses for 30 s, back to back: one server checked %d of %d; two servers on one store checked %d of %d", c1, s1, c2, s2)
		if c2 > c1+2 {
			t.Errorf("two servers checked %d guesses, one server %d", c2, c1)
		}
	})
}
