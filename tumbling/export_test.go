package tumbling

// HashFromScratch exposes the from-scratch hash to the external tests, which
// check that the hash kept by PlayUnchecked always equals it.
func HashFromScratch(p Position) uint64 { return p.hashFromScratch() }
