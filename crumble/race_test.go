//go:build race

package crumble

// raceEnabled: sync.Pool drops items at random under the race detector,
// so pooled scratch allocates and allocation counts mean nothing.
const raceEnabled = true

// scaled is a count of a test's work (positions, plies, games): a quarter
// of it under the race detector, where this package runs some ten times
// slower and the tests check data races, not more positions; the suite
// without the detector does the full count.
func scaled(n int) int { return max(n/4, 1) }
