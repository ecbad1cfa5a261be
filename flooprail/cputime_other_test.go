//go:build !unix

package flooprail

import "time"

// cpuTime is not measured here; benchmarks then report no CPU rate.
func cpuTime() time.Duration { return 0 }
