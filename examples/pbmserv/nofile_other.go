//go:build !unix

package main

// fileLimit is the process's limit of open files, 0 if unknown.
func fileLimit() int { return 0 }
