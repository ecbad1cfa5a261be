package crumble

import (
	"flag"
	"os"
	"testing"
)

// TestMain runs the tests strict (see strict): a broken edit of the
// tiling or a broken table of the working memory then fails the test
// that meets it at once. Benchmarks and the CPU-time report measure the
// package as it ships, without the checks.
func TestMain(m *testing.M) {
	flag.Parse()
	strict = flag.Lookup("test.bench").Value.String() == "" && os.Getenv("CRUMBLE_CPUTIME") == ""
	os.Exit(m.Run())
}
