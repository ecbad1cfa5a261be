//go:build race

package conventions_test

// raceEnabled: under the race detector every engine runs several times
// slower, so the samples shrink further.
const raceEnabled = true
