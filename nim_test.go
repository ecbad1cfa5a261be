package boardrules_test

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/notation"
)

// nim is the tiny game the root package is proved on before any engine
// exists: a pile of stones, each turn takes 1, 2 or 3, and whoever takes the
// last stone wins. It implements the whole contract the way an engine must.
type nim struct {
	pile   int
	toMove boardrules.Player
}

type take int

func (t take) String() string { return strconv.Itoa(int(t)) }

func (p nim) Players() int { return 2 }
func (p nim) SeatName(pl boardrules.Player) string {
	if pl < 0 || pl > 1 {
		return ""
	}
	return [...]string{"First", "Second"}[pl]
}
func (p nim) ToMove() boardrules.Player {
	if p.pile == 0 {
		return boardrules.NoPlayer
	}
	return p.toMove
}
func (p nim) LegalMoves() []take            { return p.AppendLegalMoves(nil) }
func (p nim) LegalMovesSeq() iter.Seq[take] { return slices.Values(p.LegalMoves()) }

func (p nim) AppendLegalMoves(dst []take) []take {
	for t := 1; t <= 3 && t <= p.pile; t++ {
		dst = append(dst, take(t))
	}
	return dst
}
func (p nim) PlayUnchecked(t take) nim { return nim{pile: p.pile - int(t), toMove: 1 - p.toMove} }
func (p nim) Play(t take) (nim, error) {
	if p.pile == 0 {
		return p, fmt.Errorf("take %d: %w", t, boardrules.ErrGameOver)
	}
	if t < 1 || t > 3 || int(t) > p.pile {
		return p, fmt.Errorf("take %d: only 1 to %d stones may be taken: %w", t, min(3, p.pile), boardrules.ErrIllegalMove)
	}
	return p.PlayUnchecked(t), nil
}
func (p nim) ParseMove(s string) (take, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s is not a number: %w", notation.Quote(s), boardrules.ErrSyntax)
	}
	t := take(n)
	if _, err := p.Play(t); err != nil {
		return 0, err
	}
	return t, nil
}
func (p nim) Outcome() boardrules.Outcome {
	if p.pile == 0 {
		return boardrules.Outcome{Status: boardrules.Win, Winner: 1 - p.toMove, Reason: "took the last stone", Rule: "last-stone"}
	}
	return boardrules.Outcome{Status: boardrules.Ongoing, Winner: boardrules.NoPlayer}
}
func (p nim) Hash() uint64   { return uint64(p.pile)<<1 | uint64(p.toMove) }
func (p nim) String() string { return strings.Repeat("o", p.pile) }
func (p nim) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "nim %d %d", p.pile, p.toMove), nil
}

// UnmarshalText reads the position code MarshalText writes.
func (p *nim) UnmarshalText(code []byte) error {
	var pile, toMove int
	if _, err := fmt.Sscanf(string(code), "nim %d %d", &pile, &toMove); err != nil || pile < 0 || toMove < 0 || toMove > 1 {
		return fmt.Errorf("bad nim code %s: %w", notation.Quote(string(code)), boardrules.ErrSyntax)
	}
	*p = nim{pile: pile, toMove: boardrules.Player(toMove)}
	return nil
}

// nimVariant is the size of the pile a game starts from; a position names
// its variant by the pile it has now, as the code records nothing else.
type nimVariant int

func (v nimVariant) String() string { return strconv.Itoa(int(v)) }

func (p nim) Variant() nimVariant { return nimVariant(p.pile) }

func parseNimVariant(s string) (nimVariant, error) {
	n, err := strconv.Atoi(s)
	if err != nil || (n != 10 && n != 4) {
		return 0, fmt.Errorf("nim: unknown variant %s", notation.Quote(s))
	}
	return nimVariant(n), nil
}

func newNim(v nimVariant) (nim, error) { return nim{pile: int(v)}, nil }

var _ boardrules.Position[nim, take] = nim{}

func init() {
	boardrules.Register(boardrules.EngineInfo[nim, take]("nim", "Nim", []nimVariant{10, 4}, parseNimVariant, newNim))
}
