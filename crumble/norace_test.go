//go:build !race

package crumble

const raceEnabled = false
