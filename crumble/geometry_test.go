package crumble

import (
	"testing"
	"unsafe"

	"pgregory.net/rapid"
)

// TestPieceLayout pins the compact piece: three words, and every legal
// rectangle on the fixed grid (coordinates below 2^62) with either colour
// reads back as it went in.
func TestPieceLayout(t *testing.T) {
	if n := unsafe.Sizeof(piece{}); n != 24 {
		t.Errorf("a piece is %d bytes, want 24: Play allocates a list of them", n)
	}
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.Int64Range(1, 1<<60).Draw(t, "w")
		h := w
		switch rapid.IntRange(0, 2).Draw(t, "shape") {
		case 1:
			h = w * 2
		case 2:
			if w%2 != 0 {
				w++
			}
			h = w / 2
		}
		r := rect{
			x: rapid.Int64Range(0, 1<<62-1-w).Draw(t, "x"),
			y: rapid.Int64Range(0, 1<<62-1-h).Draw(t, "y"),
			w: w, h: h,
		}
		c := Color(rapid.IntRange(0, 1).Draw(t, "colour"))
		p := newPiece(r, c)
		if p.R() != r || p.C() != c {
			t.Fatalf("newPiece(%v, %v) reads back as %v, %v", r, c, p.R(), p.C())
		}
		q := p.withColor(1 - c)
		if q.R() != r || q.C() != 1-c || q.withColor(c) != p {
			t.Fatalf("withColor of %v, %v: %v, %v", r, c, q.R(), q.C())
		}
	})
}

// TestFlipKey: recolouring a piece changes the hash by its keys in both
// colours, whichever colour it had.
func TestFlipKey(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.Int64Range(1, 1<<60).Draw(t, "w")
		r := rect{x: rapid.Int64Range(0, 1<<61).Draw(t, "x"), y: rapid.Int64Range(0, 1<<61).Draw(t, "y"), w: w, h: w * rapid.Int64Range(1, 2).Draw(t, "h")}
		c := Color(rapid.IntRange(0, 1).Draw(t, "colour"))
		p := newPiece(r, c)
		if got, want := flipKey(p), pieceKey(p)^pieceKey(p.withColor(1-c)); got != want {
			t.Fatalf("flipKey(%v) = %#x, want %#x", p, got, want)
		}
	})
}
