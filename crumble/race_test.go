//go:build race

package crumble

// raceEnabled: sync.Pool drops items at random under the race detector,
// so pooled scratch allocates and allocation counts mean nothing.
const raceEnabled = true
