package bots_test

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// measure runs move on a thread of its own and returns how far it went
// past budget: by the wall clock, and in the CPU time its thread spent
// after the budget ended, read by a watcher at that moment.
func measure(budget time.Duration, move func()) overrun {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clk := threadClock(syscall.Gettid())
	atEnd := make(chan time.Duration, 1)
	began := time.Now()
	timer := time.AfterFunc(budget, func() { atEnd <- cpuOf(clk) })
	move()
	wall := time.Since(began)
	cpu := cpuOf(clk)
	var o overrun
	o.wall = wall - budget
	if timer.Stop() {
		return overrun{o.wall, 0} // it answered within its budget
	}
	o.cpu = cpu - <-atEnd
	return o
}

// threadClock is the clock id of thread tid's CPU time: Linux's
// MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED), which any thread may read.
func threadClock(tid int) uintptr { return uintptr(int32(^tid)<<3 | 6) }

// cpuOf reads a CPU-time clock; 0 when the system refuses.
func cpuOf(clk uintptr) time.Duration {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clk, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
