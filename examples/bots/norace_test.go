//go:build !race

package bots_test

const raceEnabled = false
