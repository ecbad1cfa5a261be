package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestChallengesFromOthers: a stranger who floods challenges in a
// victim's name uses up only the stranger's own share of the victim's
// boards: the victim's friend, challenging from another address, still
// gets every board. The stranger's address is also held to its own rate
// of new boards, whoever they seat, and the whole server to its total.
func TestChallengesFromOthers(t *testing.T) {
	forEachStore(t, func(t *testing.T, dsn func(t *testing.T) string) {
		s := newTestServer(t, dsn(t))
		clock := time.Now()
		s.now = func() time.Time { return clock }
		s.SetLimits(Limits{NewBoards: 1000}) // the per-user share first
		mustExec(t, s, "register victim v")
		mustExec(t, s, "register friend f")
		for i := range 40 {
			mustExec(t, s, fmt.Sprintf("register m%d m", i))
		}
		// challenges runs n challenges, the i-th from client(i) with the
		// line line(i), and counts the boards made and the first refusal.
		challenges := func(n int, client func(i int) context.Context, line func(i int) string) (created int, refused string) {
			for i := range n {
				r := s.Execute(client(i), line(i))
				if strings.HasPrefix(r, "board ") {
					created++
				} else if refused == "" {
					refused = r
				}
			}
			return created, refused
		}
		from := func(addr string) func(int) context.Context {
			return func(int) context.Context { return withClient(context.Background(), addr) }
		}
		created, refused := challenges(40, from("203.0.113.9"), func(i int) string { return fmt.Sprintf("tumbling challenge m%d victim", i) })
		if created != s.limits.Challenges || refused != "error: victim was seated on 30 new boards in the last 1h0m0s by challenges from 203.0.113.9, the most allowed: try again in 3600 s\n" {
			t.Errorf("the stranger's flood: %d boards created, refusal %q; want %d and the victim's share from that address", created, refused, s.limits.Challenges)
		}
		friend := withClient(context.Background(), "198.51.100.4")
		for i := range 10 {
			if r := s.Execute(friend, "crumble challenge friend victim"); !strings.HasPrefix(r, "board ") {
				t.Fatalf("the friend's challenge %d after the flood: %q", i+1, firstLineOf(r))
			}
		}
		// The victim's own challenges, by mail (standard input), have
		// their own share too.
		mustExec(t, s, "flooprail challenge victim friend")

		// One address's new boards, whoever they seat: NewBoards, then
		// one every NewBoardEvery.
		clock = clock.Add(24 * time.Hour)
		s.SetLimits(Limits{})
		pairs := func(i int) string { return fmt.Sprintf("tumbling challenge m%d m%d", i%40, (i+1)%40) }
		created, refused = challenges(40, from("203.0.113.10"), pairs)
		if created != s.limits.NewBoards || refused != "error: too many new boards from 203.0.113.10: try again in 120 s\n" {
			t.Errorf("40 boards from one address: %d created, refusal %q; want %d", created, refused, s.limits.NewBoards)
		}
		// The server's total: many addresses together.
		clock = clock.Add(24 * time.Hour)
		s.SetLimits(Limits{NewBoardsTotal: 50})
		created, refused = challenges(60, func(i int) context.Context {
			return withClient(context.Background(), fmt.Sprintf("203.0.114.%d", i))
		}, pairs)
		if created != 50 || !strings.HasPrefix(refused, "error: too many new boards on this server just now: try again in ") {
			t.Errorf("60 boards from 60 addresses under a total of 50: %d created, refusal %q", created, refused)
		}
	})
}

// TestRegistrationsLimited: new users are limited per address and, from
// many addresses, on the whole server.
func TestRegistrationsLimited(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	clock := time.Now()
	s.now = func() time.Time { return clock }
	s.SetLimits(Limits{RegistrationsTotal: 30})
	one := withClient(context.Background(), "203.0.113.20")
	created := 0
	for i := range 20 {
		if r := s.Execute(one, fmt.Sprintf("register a%d p", i)); strings.HasPrefix(r, "registered") {
			created++
		} else if want := "error: too many new users from 203.0.113.20: try again in 360 s\n"; r != want {
			t.Fatalf("registration %d: %q, want %q", i, r, want)
		}
	}
	if created != s.limits.Registrations {
		t.Errorf("20 registrations from one address: %d, want %d", created, s.limits.Registrations)
	}
	created = 0
	for i := range 40 {
		r := s.Execute(withClient(context.Background(), fmt.Sprintf("2001:db8:%x::1", i)), fmt.Sprintf("register b%d p", i))
		if strings.HasPrefix(r, "registered") {
			created++
		} else if !strings.HasPrefix(r, "error: too many new users on this server just now") {
			t.Fatalf("registration %d: %q", i, r)
		}
	}
	if created != 30-s.limits.Registrations {
		t.Errorf("40 registrations from 40 addresses, %d already made, under a total of 30: %d, want %d", s.limits.Registrations, created, 30-s.limits.Registrations)
	}
}
