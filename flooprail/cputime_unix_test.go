//go:build unix

package flooprail

import (
	"syscall"
	"time"
)

// cpuTime returns the user and system CPU time the process has used, so
// that benchmarks on a shared machine can report a rate that does not
// count the time other processes held the CPU.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
