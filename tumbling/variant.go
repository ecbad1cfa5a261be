package tumbling

import (
	"strconv"

	"github.com/boardrules/boardrules/notation"
)

// Rules selects one of the three published rule sets. They differ in who
// moves first, whether a single man can be a king, whether man moves exist,
// and how the game ends (see the package documentation).
type Rules uint8

const (
	// Pbmserv is the rule set of the pbmserv play-by-mail server (the default).
	Pbmserv Rules = iota
	// Classic is the rule set of the original magazine description.
	Classic
	// Boardspace is the rule set of boardspace.net: tumbles only, White first.
	Boardspace
)

var rulesNames = [...]string{"pbmserv", "classic", "boardspace"}

// String returns "pbmserv", "classic" or "boardspace".
func (r Rules) String() string {
	if int(r) < len(rulesNames) {
		return rulesNames[r]
	}
	return "Rules(" + strconv.Itoa(int(r)) + ")"
}

// Layout selects the starting position. It only places the first men; no rule
// depends on it, but a position and its code remember it, so that a game
// read back from its code is the same variant.
type Layout uint8

const (
	// StandardLayout is the usual start: each side's men in a triangle in
	// its own corner region, the tallest stacks on the back rank.
	StandardLayout Layout = iota
	// CornerLayout is pbmserv's "-c" start: each side's men fill a corner.
	CornerLayout
)

var layoutNames = [...]string{"standard", "corner"}

// String returns "standard" or "corner".
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return "Layout(" + strconv.Itoa(int(l)) + ")"
}

// Variant is a rule set and a starting layout. The zero value is the standard
// game: Pbmserv rules from the StandardLayout.
type Variant struct {
	Rules  Rules  // the rule set: Pbmserv, Classic or Boardspace
	Layout Layout // the starting layout: StandardLayout or CornerLayout
}

// String returns the variant's name: the rules word, with "-corner" added
// for the CornerLayout ("pbmserv", "classic-corner", ...). A Variant that
// is none is written as every engine writes one, "invalid
// tumbling.Variant{Rules:Rules(9) Layout:standard}".
func (v Variant) String() string {
	if err := v.check(); err != nil {
		return notation.InvalidText(v)
	}
	if v.Layout == CornerLayout {
		return v.Rules.String() + "-corner"
	}
	return v.Rules.String()
}

// check returns the error of New for a Variant that is none.
func (v Variant) check() error {
	if v.Rules > Boardspace {
		return notation.InvalidVariant(v, "Rules %d is not Pbmserv, Classic or Boardspace", v.Rules)
	}
	if v.Layout > CornerLayout {
		return notation.InvalidVariant(v, "Layout %d is not StandardLayout or CornerLayout", v.Layout)
	}
	return nil
}

// Variants lists the six valid variants in the order of their names in the
// registry; Variants()[0] is the standard game.
func Variants() []Variant {
	var out []Variant
	for r := Pbmserv; r <= Boardspace; r++ {
		out = append(out, Variant{r, StandardLayout}, Variant{r, CornerLayout})
	}
	return out
}

// ParseVariant reads a variant name as Variant.String writes it: exactly one
// of "pbmserv", "pbmserv-corner", "classic", "classic-corner", "boardspace"
// and "boardspace-corner". Errors are *notation.ParseError, wrapping
// boardrules.ErrSyntax, as in the other engines.
func ParseVariant(s string) (Variant, error) {
	for _, v := range Variants() {
		if v.String() == s {
			return v, nil
		}
	}
	return Variant{}, notation.UnknownVariant(s, Name, "pbmserv, classic or boardspace, optionally with -corner")
}

// Color is the colour of a man. The seat that plays each colour depends on
// the rules (Position.ColorOf and Position.PlayerOf).
type Color int8

// The colours. Black moves first under Pbmserv and Classic, White under
// Boardspace.
const (
	NoColor Color = -1 // no man: the Color of an empty square
	Black   Color = 0  // the Black men, Player 0 under Pbmserv and Classic
	White   Color = 1  // the White men, Player 0 under Boardspace
)

// String returns "Black", "White" or "NoColor".
func (c Color) String() string {
	switch c {
	case Black:
		return "Black"
	case White:
		return "White"
	case NoColor:
		return "NoColor"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// letter is the colour's letter in board text and position codes.
func (c Color) letter() byte {
	if c == White {
		return 'W'
	}
	return 'B'
}

// firstColor is the colour that moves first (Player 0) under the rules.
func (r Rules) firstColor() Color {
	if r == Boardspace {
		return White
	}
	return Black
}

// layoutStacks lists Black's starting stacks as (square, height); White's are
// the same turned 180 degrees.
var layoutStacks = [2][]struct {
	sq string
	h  int
}{
	StandardLayout: {
		{"A1", 2}, {"B1", 3}, {"C1", 4}, {"D1", 3}, {"E1", 2}, {"F1", 1},
		{"A2", 1}, {"B2", 2}, {"C2", 3}, {"D2", 2}, {"E2", 1},
		{"B3", 1}, {"C3", 2}, {"D3", 1}, {"C4", 1},
	},
	CornerLayout: {
		{"H1", 4}, {"G1", 3}, {"F1", 2}, {"E1", 2}, {"D1", 1},
		{"H2", 3}, {"G2", 2}, {"F2", 2}, {"E2", 1},
		{"H3", 2}, {"G3", 2}, {"F3", 1},
		{"H4", 2}, {"G4", 1}, {"H5", 1},
	},
}

// New returns the starting position of v. The error, which wraps
// boardrules.ErrSyntax, names the field that is out of range.
func New(v Variant) (Position, error) {
	if err := v.check(); err != nil {
		return Position{}, err
	}
	var board [64]uint64
	for _, s := range layoutStacks[v.Layout] {
		i := int(s.sq[0]-'A') + 8*int(s.sq[1]-'1')
		board[i] = uint64(s.h)              // h Black men: colour bits all 0
		board[63-i] = pureStack(White, s.h) // 180 degrees: index 63-i
	}
	return build(board, v, v.Rules.firstColor(), result{}), nil
}

// Standard returns the standard game's starting position: New(Variant{}).
func Standard() Position {
	p, _ := New(Variant{})
	return p
}
