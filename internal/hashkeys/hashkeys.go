// Package hashkeys generates the keys of the engines' Zobrist hashes: a
// fixed stream of well-mixed 64-bit numbers from a seed (splitmix64), so
// that hashes are the same in every run, build and machine. Each engine
// seeds its own stream; changing the seed or the order in which an engine
// draws its keys changes its hashes.
package hashkeys

// Source is a stream of keys. The zero Source is the stream of seed 0.
type Source struct{ state uint64 }

// New returns the stream of keys of seed.
func New(seed uint64) *Source { return &Source{state: seed} }

// Next returns the next key (splitmix64).
func (s *Source) Next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
