//go:build !linux

package bots_test

import "time"

// measure runs move and returns how far it went past budget by the wall
// clock, which is all this system tells (see the Linux version).
func measure(budget time.Duration, move func()) overrun {
	began := time.Now()
	move()
	d := time.Since(began) - budget
	return overrun{d, d}
}
