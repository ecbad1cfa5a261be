//go:build !race

package crumble

const raceEnabled = false

// scaled is a count of a test's work; see race_test.go.
func scaled(n int) int { return n }
