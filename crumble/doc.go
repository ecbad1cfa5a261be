// Package crumble is a rule engine for Crumble, with exact dyadic geometry.
//
// The full documentation is being written.
package crumble
