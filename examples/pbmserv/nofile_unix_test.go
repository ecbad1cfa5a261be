//go:build unix

package main

import "syscall"

func setFileLimit(n int) {
	var r syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r) == nil {
		r.Cur = uint64(n)
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r)
	}
}
