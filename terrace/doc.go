// Package terrace implements Terrace.
package terrace
