//go:build !unix

package main

func setFileLimit(n int) {}
