package crumble

// RaceEnabled tells the package's external tests whether the race
// detector is on (see race_test.go).
const RaceEnabled = raceEnabled
