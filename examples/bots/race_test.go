//go:build race

package bots_test

// raceEnabled: the race detector slows the searches some tenfold, so the
// match test plays fewer games under it.
const raceEnabled = true
