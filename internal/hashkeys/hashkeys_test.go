package hashkeys

import "testing"

// TestSplitmix64 pins the stream: the engines' hashes, and any table of
// hashes a program keeps, depend on it.
func TestSplitmix64(t *testing.T) {
	// splitmix64 from seed 0: the first outputs of the reference generator.
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	s := New(0)
	for i, w := range want {
		if got := s.Next(); got != w {
			t.Errorf("key %d = %#x, want %#x", i, got, w)
		}
	}
}
