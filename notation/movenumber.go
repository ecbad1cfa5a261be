package notation

import "strings"

// SplitMoveNumber splits pbmserv's move-number suffix off a move:
// "e5h5t#12" gives "e5h5t", 12, true. Servers use the number to refuse a
// move sent for a position that has changed since. Without a '#' it returns
// s unchanged and ok == false. A '#' not followed by one or more decimal
// digits up to the end, or a number above 1e9, is a *ParseError.
func SplitMoveNumber(s string) (move string, n int, ok bool, err error) {
	i := strings.LastIndexByte(s, '#')
	if i < 0 {
		return s, 0, false, nil
	}
	digits := s[i+1:]
	if digits == "" {
		return "", 0, false, Errorf(s, i+1, "expected a move number after '#'")
	}
	for j := 0; j < len(digits); j++ {
		c := digits[j]
		if c < '0' || c > '9' {
			return "", 0, false, Errorf(s, i+1+j, "move number must be decimal digits")
		}
		n = n*10 + int(c-'0')
		if n > maxMoveNumber {
			return "", 0, false, Errorf(s, i+1, "move number too large")
		}
	}
	return s[:i], n, true, nil
}

const maxMoveNumber = 1_000_000_000

// RefuseMoveNumber returns the *ParseError of every engine's ParseMove for
// a text that holds a '#', pbmserv's move-number marker, which is no part
// of a move in any game: the error points at the first '#'. It returns nil
// for a text without one. A program that takes moves with their numbers
// splits them off first with SplitMoveNumber.
func RefuseMoveNumber(s string) error {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return Errorf(s, i, "a move number is not part of the move; split it off with notation.SplitMoveNumber")
	}
	return nil
}
