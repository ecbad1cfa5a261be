package flooprail

import (
	"errors"
	"sync"
	"testing"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/internal/errtest"
)

// FuzzParseMove reads any text through positions. The zero Position,
// which has no legal move, judges the text alone: a syntax error, or
// ErrGameOver for a well-formed move. The start position must give the
// same syntax error, or the move or ErrIllegalMove, agreeing with Play.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"E6-D6", "e6-C6-c4-C2", "C4-E4-C4", "E6-C2", "E6-D6-D4", "A1-B1", "E6--D6",
		"E6–D6", "27-20", "", "E6-D6#12", " E6-D6", "D1-D3-D5-D7-D5-D3-D1-D3-D5-D7-D5-D3-D1-D3"} {
		f.Add(s)
	}
	start := Standard()
	var zero Position
	f.Fuzz(func(t *testing.T, s string) {
		_, zerr := zero.ParseMove(s)
		m, err := start.ParseMove(s)
		if errors.Is(zerr, boardrules.ErrSyntax) {
			errtest.Syntax(t, "Position.ParseMove", s, zerr)
			if err == nil || err.Error() != zerr.Error() {
				t.Fatalf("ParseMove(%q): %v in the zero Position, but %v in the start", s, zerr, err)
			}
			return
		}
		errtest.Move(t, "Position.ParseMove", s, zerr)
		if !errors.Is(zerr, boardrules.ErrGameOver) {
			t.Fatalf("zero Position: ParseMove(%q) = %v, want ErrGameOver", s, zerr)
		}
		// A well-formed move prints canonically and reads back to itself,
		// legal or not.
		w, perr := parseMove(s)
		if perr != nil {
			t.Fatalf("ParseMove(%q) says well-formed, parseMove: %v", s, perr)
		}
		if n, err := parseMove(w.String()); err != nil || n != w {
			t.Fatalf("parseMove(%q) -> %q -> %v, %v", s, w, n, err)
		}
		if len(w.Path()) < 2 || len(w.Path()) > maxSpaces {
			t.Fatalf("%q: path of %d spaces", s, len(w.Path()))
		}
		if err != nil {
			errtest.Move(t, "Position.ParseMove", s, err)
			if !errors.Is(err, boardrules.ErrIllegalMove) {
				t.Fatalf("Position.ParseMove(%q): %v", s, err)
			}
		} else if m != w {
			t.Fatalf("Position.ParseMove(%q) = %v, want %v", s, m, w)
		}
		q, err2 := start.Play(w)
		if (err == nil) != (err2 == nil) || err2 != nil && q != start {
			t.Fatalf("ParseMove and Play disagree on %q: %v, %v", s, err, err2)
		}
	})
}

func FuzzUnmarshalText(f *testing.F) {
	for _, s := range []string{startCode, "flooprail reverse x ../..../....../......../....../..../..",
		"flooprail normal o ../..../....../.......o/....../..../..", "FloopRail normal o", "flooprail normal o oo/ooo",
		"flooprail normal o ../..X./..o..x/..o...xx/ox..../.x.O/..", startCode + "\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p := Standard()
		err := p.UnmarshalText(b)
		if err != nil {
			errtest.Syntax(t, "UnmarshalText", string(b), err)
			if p != Standard() {
				t.Fatal("the receiver changed on error")
			}
			return
		}
		text, _ := p.MarshalText()
		if string(text) != string(b) {
			t.Fatalf("accepted %q but writes %q", b, text)
		}
		if p.Hash() != p.hashFromScratch() {
			t.Fatal("hash not set")
		}
		// Whatever the board, the engine must not panic on it.
		for _, m := range p.LegalMoves() {
			p.PlayUnchecked(m)
		}
		_ = p.Outcome()
		_ = p.String()
	})
}

// TestConcurrentPlay plays from one shared position in 8 goroutines; run
// it with -race.
func TestConcurrentPlay(t *testing.T) {
	shared := Standard()
	want := boardrules.Perft(shared, 5)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			moves := shared.LegalMoves()
			m := moves[g%len(moves)]
			next, err := shared.Play(m)
			if err != nil {
				errs <- err
				return
			}
			if _, err := next.ParseMove(next.LegalMoves()[0].String()); err != nil {
				errs <- err
				return
			}
			if boardrules.Perft(shared, 5) != want {
				errs <- errors.New("perft changed")
			}
			_ = shared.String()
			_, _ = shared.MarshalText()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if shared != Standard() {
		t.Error("the shared position changed")
	}
}
