package notation

// MaxFiles and MaxRanks bound the boards a Square can name.
const (
	MaxFiles = 26
	MaxRanks = 99
)

// Square is a square of a board of up to 26 files and 99 ranks. It is a small
// comparable value; the zero Square means "no square".
type Square struct {
	// file and rank are stored plus one so that the zero value is not a1.
	file, rank uint8
}

// SquareAt returns the square of the 0-based file and rank, or the zero
// Square when either is out of range.
func SquareAt(file, rank int) Square {
	if file < 0 || file >= MaxFiles || rank < 0 || rank >= MaxRanks {
		return Square{}
	}
	return Square{file: uint8(file + 1), rank: uint8(rank + 1)}
}

// File is the 0-based file: 0 for a. It is -1 for the zero Square.
func (s Square) File() int { return int(s.file) - 1 }

// Rank is the 0-based rank: 0 for rank 1. It is -1 for the zero Square.
func (s Square) Rank() int { return int(s.rank) - 1 }

// IsZero reports whether s is the zero Square, "no square".
func (s Square) IsZero() bool { return s == Square{} }

// String returns the square in lower case, "e5"; the zero Square is "-".
func (s Square) String() string { return s.format('a') }

// Upper returns the square in upper case, "E5"; the zero Square is "-".
func (s Square) Upper() string { return s.format('A') }

func (s Square) format(a byte) string {
	if s.IsZero() {
		return "-"
	}
	var b [3]byte
	b[0] = a + s.file - 1
	if s.rank >= 10 {
		b[1] = '0' + s.rank/10
		b[2] = '0' + s.rank%10
		return string(b[:3])
	}
	b[1] = '0' + s.rank
	return string(b[:2])
}

// ParseSquare reads a whole string as a square: a letter (either case) and a
// rank 1 to 99 without a leading zero. Errors are *ParseError.
func ParseSquare(s string) (Square, error) {
	sq, n, err := ScanSquare(s, 0)
	if err != nil {
		return Square{}, err
	}
	if n != len(s) {
		return Square{}, Errorf(s, n, "unexpected %s after square", Quote(s[n:]))
	}
	return sq, nil
}

// ScanSquare reads a square at s[off:] and returns it with the offset just
// past it, for parsers of move grammars that embed squares. It reads the
// longest rank it can (up to two digits), so "e10" is e10, not e1 then "0".
func ScanSquare(s string, off int) (Square, int, error) {
	if off >= len(s) {
		return Square{}, off, Errorf(s, off, "expected a square, found the end")
	}
	c := s[off] | 0x20 // lower case for letters
	if c < 'a' || c > 'z' {
		return Square{}, off, Errorf(s, off, "expected a file letter a-z, found %s", QuoteAt(s, off))
	}
	i := off + 1
	if i >= len(s) || s[i] < '0' || s[i] > '9' {
		return Square{}, i, Errorf(s, i, "expected a rank after file %c", c)
	}
	if s[i] == '0' {
		return Square{}, i, Errorf(s, i, "rank must be 1 to 99")
	}
	rank := int(s[i] - '0')
	i++
	if i < len(s) && s[i] >= '0' && s[i] <= '9' {
		rank = rank*10 + int(s[i]-'0')
		i++
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			return Square{}, off + 1, Errorf(s, off+1, "rank must be 1 to 99")
		}
	}
	return Square{file: c - 'a' + 1, rank: uint8(rank)}, i, nil
}

// ScanSquareIn is ScanSquare for a board of files x ranks squares (a1 up to
// the square of the last file and rank): a file or rank beyond the board is
// an error at its offset, "expected a file letter a-h, found 'z'". The
// engines' move parsers read their squares with it.
func ScanSquareIn(s string, off, files, ranks int) (Square, int, error) {
	if off < len(s) {
		// any character but a file of the board, named in the board's range
		if c := s[off] | 0x20; c < 'a' || c > 'z' || int(c-'a') >= files {
			return Square{}, off, Errorf(s, off, "expected a file letter a-%c, found %s", 'a'+files-1, QuoteAt(s, off))
		}
	}
	sq, next, err := ScanSquare(s, off)
	if err != nil {
		return Square{}, next, err
	}
	if sq.Rank() >= ranks {
		return Square{}, off + 1, Errorf(s, off+1, "expected a rank 1-%d, found %s", ranks, s[off+1:next])
	}
	return sq, next, nil
}
