package svgdraw

import (
	"strings"
	"testing"
)

func TestNum(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0"},
		{-0.001, "0"}, // rounds to -0, written without the sign
		{2.5, "2.5"},
		{2.50001, "2.5"},
		{-3.14159, "-3.14"},
		{42, "42"},
		{1e6, "1000000"},
	} {
		if got := Num(c.x); got != c.want {
			t.Errorf("Num(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

func TestScale(t *testing.T) {
	for _, c := range []struct{ size, num, den, want int }{
		{480, 512, 512, 480},
		{480, 436, 496, 422}, // 421.9 rounds up
		{240, 436, 496, 211},
		{496, 436, 496, 436},
		{5, 2, 32, 1},                        // 0.3 rounds to 0: a drawing needs a height
		{1 << 40, 1 << 30, 1 << 20, 1 << 50}, // size·num overflows an int64 here
	} {
		if got := Scale(c.size, c.num, c.den); got != c.want {
			t.Errorf("Scale(%d, %d, %d) = %d, want %d", c.size, c.num, c.den, got, c.want)
		}
	}
}

func TestEscape(t *testing.T) {
	if got, want := Escape(`a<b & "c">`), "a&lt;b &amp; &quot;c&quot;&gt;"; got != want {
		t.Errorf("Escape = %q, want %q", got, want)
	}
}

func TestBeginDefaultSize(t *testing.T) {
	for _, size := range []int{0, -3} {
		var b strings.Builder
		Begin(&b, 512, 256, size, "t", "#fff")
		if !strings.Contains(b.String(), `width="480" height="240"`) {
			t.Errorf("size %d: %s", size, b.String())
		}
	}
}

// TestBeginEscapesTheTitle: Begin escapes the title itself, as its doc
// says, so that an engine may pass a reason or a variant name as it is.
// No engine's title holds such a character today, which is why only this
// test sees it.
func TestBeginEscapesTheTitle(t *testing.T) {
	var b strings.Builder
	Begin(&b, 2, 2, 0, `a<b & "c">`, "#fff")
	if want := "<title>a&lt;b &amp; &quot;c&quot;&gt;</title>\n"; !strings.Contains(b.String(), want) {
		t.Errorf("Begin wrote %q, want the line %q", b.String(), want)
	}
}

// TestBeginCapsTheSize: a width beyond MaxSize is MaxSize, with its height.
func TestBeginCapsTheSize(t *testing.T) {
	var b strings.Builder
	Begin(&b, 512, 256, 1<<62, "t", "#fff")
	if !strings.Contains(b.String(), `width="1048576" height="524288"`) {
		t.Errorf("size 2^62: %s", b.String())
	}
}

func TestArrowHead(t *testing.T) {
	// Rightward from (0, 0) to (100, 0), stopping 6 short: the tip at 94, the
	// base 14 behind it, the barbs 8 to either side.
	got := ArrowHead(0, 0, 100, 0, 6)
	want := [4]string{"94,0", "80,0", "80,8", "80,-8"}
	if got != want {
		t.Errorf("ArrowHead = %v, want %v", got, want)
	}
}
