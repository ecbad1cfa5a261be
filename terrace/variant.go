package terrace

import (
	"fmt"
	"strings"

	"github.com/boardrules/boardrules/notation"
)

// Setup chooses the first position of a two-player game.
type Setup int8

// The setups. Long is the default; Master is Short (seat 0) against Long
// (seat 1), a handicap game.
const (
	Long Setup = iota
	Short
	Medium
	Master
)

var setupNames = [...]string{"long", "short", "medium", "master"}

// String returns "long", "short", "medium" or "master".
func (s Setup) String() string {
	if s >= 0 && int(s) < len(setupNames) {
		return setupNames[s]
	}
	return fmt.Sprintf("Setup(%d)", int8(s))
}

// Variant chooses the game. The zero value is the standard game: 8x8, Long,
// two players. A field at its default is 0 in the normalised Variant
// (ParseVariant, Variants, Position.Variant), as in every engine, so
// Standard().Variant() == Variant{}; New reads the default spelled out
// (Board 8, Players 2) as well. Position.Size and Position.Players give
// the board size and the players with the defaults filled in.
type Variant struct {
	Board   int   // 8 or 6; 0 means 8
	Setup   Setup // Long (the zero value) is the default; the others are 2-player only
	Players int   // 0 or 2 mean 2; 3; 4
}

// filled returns v with the defaults filled in, as the engine reads it, or
// an error naming the field that is wrong.
func (v Variant) filled() (Variant, error) {
	given := v
	switch v.Board {
	case 0:
		v.Board = 8
	case 6, 8:
	default:
		return v, notation.InvalidVariant(given, "Board must be 0, 6 or 8, not %d", v.Board)
	}
	switch v.Players {
	case 0:
		v.Players = 2
	case 2, 3, 4:
	default:
		return v, notation.InvalidVariant(given, "Players must be 0, 2, 3 or 4, not %d", v.Players)
	}
	if v.Setup < Long || v.Setup > Master {
		return v, notation.InvalidVariant(given, "Setup %d is unknown", int8(v.Setup))
	}
	if v.Setup != Long && v.Players > 2 {
		return v, notation.InvalidVariant(given, "Setup %v is for 2 players, not %d", v.Setup, v.Players)
	}
	return v, nil
}

// normal returns the normalised form of v, which filled has checked and
// filled in: every field at its default written 0.
func (v Variant) normal() Variant {
	if v.Board == 8 {
		v.Board = 0
	}
	if v.Players == 2 {
		v.Players = 0
	}
	return v
}

// String names the variant as the game registry does: "8-long", "8-short",
// "8-medium", "8-master", "8-3p", "8-4p", and the same with "6-". A
// Variant that is none is written as every engine writes one, "invalid
// terrace.Variant{Board:7 Setup:long Players:0}".
func (v Variant) String() string {
	n, err := v.filled()
	if err != nil {
		return notation.InvalidText(v)
	}
	if n.Players > 2 {
		return fmt.Sprintf("%d-%dp", n.Board, n.Players)
	}
	return fmt.Sprintf("%d-%v", n.Board, n.Setup)
}

// Variants lists the twelve games, the standard one (Variant{}) first,
// normalised.
func Variants() []Variant {
	var out []Variant
	for _, n := range []int{8, 6} {
		for s := Long; s <= Master; s++ {
			out = append(out, Variant{Board: n, Setup: s}.normal())
		}
		out = append(out, Variant{Board: n, Players: 3}.normal(), Variant{Board: n, Players: 4}.normal())
	}
	return out
}

// ParseVariant reads one of the names Variant.String gives, exactly, into
// the normalised Variant. Its error is a *notation.ParseError, wrapping
// boardrules.ErrSyntax.
func ParseVariant(s string) (Variant, error) {
	for _, v := range Variants() {
		if v.String() == s {
			return v, nil
		}
	}
	return Variant{}, notation.UnknownVariant(s, Name, "8-long, 8-short, 8-medium, 8-master, 8-3p, 8-4p or the same with 6-")
}

// Layouts: per seat, kinds with their squares.
const (
	long8   = "t a1; a b1 g2 h2; b c1 d1 e2 f2; c e1 f1 c2 d2; d g1 h1 a2 b2"
	long8x  = "t h8; a g8 a7 b7; b e8 f8 c7 d7; c c8 d8 e7 f7; d a8 b8 g7 h7"
	short8  = "t g1; b e1 f1; c c1 d1; d b1"
	short8x = "t b8; b c8 d8; c e8 f8; d g8"
	med8    = "t b1; b c1 d1; c e1 f1; d g1"
	med8x   = "t g8; b e8 f8; c c8 d8; d b8"
	long6   = "t a1; a b1 e2 f2; b c1 d1 c2 d2; c e1 f1 a2 b2"
	long6x  = "t f6; a e6 a5 b5; b c6 d6 c5 d5; c a6 b6 e5 f5"
	short6  = "t e1; b c1 d1; c b1"
	short6x = "t b6; b c6 d6; c e6"
	med6    = "t b1; b c1 d1; c e1"
	med6x   = "t e6; b c6 d6; c b6"
)

var layouts = map[Variant][]string{
	{8, Long, 2}:   {long8, long8x},
	{8, Short, 2}:  {short8, short8x},
	{8, Medium, 2}: {med8, med8x},
	{8, Master, 2}: {short8, long8x},
	{8, Long, 4}:   {med8, "t h7; b h6 h5; c h4 h3; d h2", "t g8; b f8 e8; c d8 c8; d b8", "t a2; b a3 a4; c a5 a6; d a7"},
	{6, Long, 2}:   {long6, long6x},
	{6, Short, 2}:  {short6, short6x},
	{6, Medium, 2}: {med6, med6x},
	{6, Master, 2}: {short6, long6x},
	{6, Long, 4}:   {short6, short6x, "t a5; b a4 a3; c a2", "t f2; b f3 f4; c f5"},
}

// New returns the starting position of v, or an error naming the field of
// v that is invalid.
func New(v Variant) (Position, error) {
	v, err := v.filled()
	if err != nil {
		return Position{}, err
	}
	key := v
	if key.Players > 2 {
		key.Players = 4
	}
	var cells [64]cell
	for seat, layout := range layouts[key][:v.Players] {
		for _, group := range strings.Split(layout, "; ") {
			f := strings.Fields(group)
			k := kindOf(f[0][0])
			for _, sq := range f[1:] {
				cells[int(sq[1]-'1')*8+int(sq[0]-'a')] = makeCell(seat, k)
			}
		}
	}
	return build(&cells, geoIndex(v.Board), uint8(v.Players), 0, v.Setup), nil
}

// Standard returns the starting position of the standard game: 8x8, Long,
// two players.
func Standard() Position {
	p, _ := New(Variant{})
	return p
}
