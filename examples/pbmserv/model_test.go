package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestModel checks the core against a model of the documented rules: random
// sequences of moves (legal, illegal, with right and wrong move numbers, by
// players and others, with right and wrong passwords), resignations and
// draw proposals on one board. Each reply must be the one the model
// predicts, and at the end the record must hold the model's moves and parse
// back.
func TestModel(t *testing.T) {
	dir := t.TempDir()
	runs := 0
	rapid.Check(t, func(rt *rapid.T) {
		runs++
		st, err := Open(context.Background(), filepath.Join(dir, fmt.Sprintf("m%d.db", runs)))
		if err != nil {
			rt.Fatal(err)
		}
		defer st.Close()
		s := NewServer(st, 4, nil)
		// The model is of the commands, not of the limits on guessing,
		// which TestOwnerWhileOthersGuess and others test.
		s.SetLimits(Limits{WrongFromAddress: 1 << 20, WrongPasswords: 1 << 20})
		ctx := context.Background()
		pw := map[string]string{"alice": "pa", "bob": "pb", "carol": "pc"}
		for _, u := range []string{"alice", "bob", "carol"} {
			s.Execute(ctx, "register "+u+" "+pw[u])
		}
		words := gameWords()
		w := rapid.SampledFrom(words).Draw(rt, "game")
		if r := s.Execute(ctx, w.word+" challenge alice bob"); !strings.HasPrefix(r, "board 1 created\n") {
			rt.Fatalf("challenge: %q", r)
		}
		players := []string{"alice", "bob"}
		info, _ := boardrules.Lookup(w.game)
		v, _ := w.variant(nil, 2)
		start, _ := info.New(v)
		h := boardrules.NewHistory(start)
		over, offer, resigned := false, uint8(0), ""
		joined := uint8(0) // the players who have joined: sent a command that went through

		for range rapid.IntRange(1, 40).Draw(rt, "commands") {
			user := rapid.SampledFrom([]string{"alice", "bob", "carol"}).Draw(rt, "user")
			pass := pw[user]
			if rapid.IntRange(0, 9).Draw(rt, "badpw") == 0 {
				pass = "wrong"
			}
			verb := rapid.SampledFrom([]string{"move", "move", "move", "move", "resign", "propose", "accept", "reject"}).Draw(rt, "verb")
			line := fmt.Sprintf("%s %s 1 %s %s", w.word, verb, user, pass)
			var move string
			no := 0
			if verb == "move" {
				legal := h.Position().LegalMoves()
				if len(legal) > 0 && rapid.IntRange(0, 4).Draw(rt, "garbage") > 0 {
					move = rapid.SampledFrom(legal).Draw(rt, "move")
				} else {
					move = "zz9"
				}
				no = rapid.SampledFrom([]int{0, h.Len() + 1, h.Len() + 1, h.Len(), h.Len() + 2}).Draw(rt, "number")
				line += " " + move
				if no > 0 {
					line += fmt.Sprintf("#%d", no)
				}
			} else if verb == "propose" {
				line += " draw"
			}
			seat := slices.Index(players, user)
			bit := uint8(1) << max(seat, 0)
			// The model: the documented order of checks.
			var want string
			switch {
			case pass != pw[user]:
				want = "error: bad password for " + user
			case seat < 0:
				want = "error: " + user + " is not a player on board 1"
			case over:
				want = "error: board 1 is over: "
			case verb == "move" && no != 0 && no != h.Len()+1:
				want = "error: wrong move number: "
			case verb == "move" && int(h.Position().ToMove()) != seat:
				want = "error: not your turn: "
			case verb == "move" && move == "zz9":
				want = "error: bad move "
			case verb == "move":
				if err := h.Play(move); err != nil {
					rt.Fatal(err)
				}
				want = user + " played " + move
				over = h.Position().Outcome().Status != boardrules.Ongoing
			case verb == "resign":
				want = user + " resigned board 1\n"
				over, offer, resigned = true, 0, user
			case verb == "propose" && offer != 0:
				want = "error: a draw is already proposed on board 1"
			case verb == "propose":
				want, offer = user+" proposes a draw", bit
			case verb == "accept" && offer == 0 && joined&bit == 0:
				want = user + " accepts the challenge on board 1\n"
			case offer == 0:
				want = "error: no draw is proposed on board 1"
			case verb == "accept" && offer&bit != 0:
				want = "error: " + user + " has already agreed"
			case verb == "accept":
				want, offer = user+" accepts the draw", 0
				over = true
			default:
				want, offer = user+" rejects the draw", 0
			}
			if !strings.HasPrefix(want, "error: ") {
				joined |= bit
			}
			r := s.Execute(ctx, line)
			if !strings.HasPrefix(r, want) {
				rt.Fatalf("%s:\n got %q\nwant %q...", line, r, want)
			}
		}
		hist := s.Execute(ctx, w.word+" history 1")
		rec, err := boardrules.ParseRecord(hist)
		if err != nil {
			rt.Fatalf("history does not parse: %v\n%s", err, hist)
		}
		if d := cmp.Diff(h.Moves(), rec.Moves); d != "" && !(len(h.Moves()) == 0 && len(rec.Moves) == 0) {
			rt.Fatalf("record moves (-model +record):\n%s", d)
		}
		if resigned != "" && !strings.Contains(hist, "[Termination \""+resigned+" (") {
			rt.Fatalf("no Termination for %s's resignation:\n%s", resigned, hist)
		}
	})
}
