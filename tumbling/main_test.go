package tumbling_test

import (
	"flag"
	"os"
	"testing"
)

// TestMain raises rapid's default number of checks (the properties are cheap)
// unless -rapid.checks is given.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	if !set {
		_ = flag.Set("rapid.checks", "1000")
	}
	os.Exit(m.Run())
}
