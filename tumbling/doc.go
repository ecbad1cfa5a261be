// Package tumbling is a rule engine for Tumbling Down, Michael Shuck's 2000
// game of tumbling stacks, as the pbmserv play-by-mail server played it
// ("tumble"), plus the two other published rule sets.
//
// Documentation is being completed; see the package's tests for the rules.
package tumbling
