//go:build !race

package conventions_test

const raceEnabled = false
