// Package cli gives the example programs one way to behave on the command
// line, so that a user who learns one knows them all:
//
//   - -h prints the usage (every flag and one example) on stdout; exit 0;
//   - -version prints the program's name and the module's version on
//     stdout; exit 0;
//   - a bad flag or value prints a one-line error and the usage on stderr;
//     exit 2;
//   - any other failure prints a one-line error on stderr; exit 1;
//   - an unknown game names the games that exist;
//   - long runs show progress on stderr, silenced by -q; results go to
//     stdout.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/boardrules/boardrules"
)

// Program is one command-line program and the streams it writes to.
type Program struct {
	Name    string // the command's name, as in "go run ./examples/NAME"
	Summary string // what it does, one sentence
	Example string // one example command line
	Stdout  io.Writer
	Stderr  io.Writer
	Quiet   bool // -q: no progress on stderr
	flags   *flag.FlagSet
	version bool     // -version
	args    []string // the command line, which errors may repeat
}

// Flags returns the program's flag set, with -q and -version already
// defined.
func (p *Program) Flags() *flag.FlagSet {
	if p.flags == nil {
		p.flags = flag.NewFlagSet(p.Name, flag.ContinueOnError)
		// The flag package's own messages are replaced by Parse's.
		p.flags.SetOutput(io.Discard)
		p.flags.BoolVar(&p.Quiet, "q", false, "quiet: no progress on stderr")
		p.flags.BoolVar(&p.version, "version", false, "print the version and exit")
	}
	return p.flags
}

// Usage writes the usage text: the summary, every flag and the example.
func (p *Program) Usage(w io.Writer) {
	fs := p.Flags()
	fmt.Fprintf(w, "Usage: go run ./examples/%s [flags]\n\n%s\n\nFlags:\n", p.Name, p.Summary)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintf(w, "\nExample:\n  %s\n", p.Example)
}

// Parse reads the command line. When it returns false the program is over
// and must exit with the code returned (0 after -h or -version, 2 after a
// bad flag).
func (p *Program) Parse(args []string) (ok bool, code int) {
	fs := p.Flags()
	p.args = args
	err := fs.Parse(args)
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
		p.Usage(p.Stdout)
		return false, 0
	case err != nil:
		return false, p.Exit(UsageError{err.Error()})
	case p.version:
		fmt.Fprintf(p.Stdout, "%s %s\n", p.Name, Version())
		return false, 0
	}
	return true, 0
}

// modulePath is the module whose version -version prints.
const modulePath = "github.com/boardrules/boardrules"

// Version is the version -version prints: the module's as the build
// recorded it, such as "v0.2.0" for a program installed with go install
// PATH@v0.2.0, else boardrules.Version. A build from a clone records
// "(devel)", and a module built on this one through a replace directive
// (examples/pbmserv) records the directory's "", so these print the
// constant, which is the version of the source they were built from.
func Version() string {
	info, _ := debug.ReadBuildInfo()
	return versionOf(info)
}

// versionOf is Version for the build information info (nil when there is
// none).
func versionOf(info *debug.BuildInfo) string {
	if info == nil {
		return boardrules.Version
	}
	m := &info.Main
	if m.Path != modulePath {
		m = nil
		for _, d := range info.Deps {
			if d.Path == modulePath {
				m = d
				break
			}
		}
	}
	if m == nil {
		return boardrules.Version
	}
	if m.Replace != nil {
		m = m.Replace
	}
	if m.Version == "" || m.Version == "(devel)" {
		return boardrules.Version
	}
	return m.Version
}

// UsageError is a bad flag value found after parsing: Exit prints the usage
// with it and exits 2.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// Usagef returns a UsageError.
func Usagef(format string, args ...any) error {
	return UsageError{fmt.Sprintf(format, args...)}
}

// Exit reports err (if any) on stderr and returns the exit code: 0 for nil,
// 2 for a UsageError (with the usage), 1 for any other error. The report
// is one line, and quotes at most the start of a long argument of the
// command line (Bound), whoever made the error.
func (p *Program) Exit(err error) int {
	if err == nil {
		return 0
	}
	fmt.Fprintf(p.Stderr, "%s: %s\n", p.Name, OneLine(err, argInputs(p.args)...))
	var u UsageError
	if errors.As(err, &u) {
		fmt.Fprintln(p.Stderr)
		p.Usage(p.Stderr)
		return 2
	}
	return 1
}

// OneLine is err's text as Exit reports it: on one line (a parse error's
// input and caret lines joined on), each of the inputs longer than 64
// bytes cut short (Bound).
func OneLine(err error, inputs ...string) string {
	return strings.Join(strings.Fields(Bound(err.Error(), inputs...)), " ")
}

// BotMoveTime caps a bot's move when the user gave the program no budget
// for it (no node count, no time): the program's default node count then
// stops early at BotMoveTime. An MCTS iteration costs from microseconds
// (FloopRail) to a millisecond or more (Crumble on a large board), so a node
// count alone, fit for one game, kept a user of another waiting for minutes;
// the cap bounds every default move in every game.
const BotMoveTime = 3 * time.Second

// SearchGCPercent is the GOGC that SetSearchGC sets.
const SearchGCPercent = 400

// SetSearchGC raises the garbage collector's target to SearchGCPercent,
// unless the environment sets GOGC, and reports whether it did. It is for
// programs that search: a bot plays millions of positions and drops them
// at once, so with Go's default (GOGC=100) and a search's small live heap
// the collector runs every few milliseconds. Crumble, whose Play allocates
// a piece list per ply, searched 4–7% faster at 400 in examples/arena (1.6
// times as fast when its Play allocated more).
func SetSearchGC() bool {
	if os.Getenv("GOGC") != "" {
		return false
	}
	debug.SetGCPercent(SearchGCPercent)
	return true
}

// GameNames lists the registered games, comma separated.
func GameNames() string {
	var names []string
	for _, g := range boardrules.Games() {
		names = append(names, g.Name)
	}
	if len(names) == 0 {
		return "none (no engine is linked in)"
	}
	return strings.Join(names, ", ")
}

// CheckGame returns a UsageError naming the games when name is set and is
// not a registered game.
func CheckGame(name string) error {
	if name == "" {
		return nil
	}
	if _, ok := boardrules.Lookup(name); !ok {
		return Usagef("unknown game %q; the games are: %s", name, GameNames())
	}
	return nil
}

// NewGame starts game's variant; an unknown game or variant is a usage
// error that names what exists.
func NewGame(game, variant string) (boardrules.Any, error) {
	if game == "" {
		games := boardrules.Games()
		if len(games) == 0 {
			return nil, errors.New("no game is linked in")
		}
		game = games[0].Name
	}
	if err := CheckGame(game); err != nil {
		return nil, err
	}
	p, err := boardrules.NewGame(game, variant)
	var unknown *boardrules.UnknownError
	if errors.As(err, &unknown) {
		// Not err's own text: it starts "syntax error", which means nothing
		// to a user who typed a flag, and the variants would be listed
		// twice if we added them to it.
		return nil, UnknownVariant(game, variant)
	}
	if err != nil {
		return nil, Usagef("-variant %s: %s", variant, FirstLine(err))
	}
	return p, nil
}

// UnknownVariant is the usage error for a variant that game does not have:
// one line naming the variants it has.
func UnknownVariant(game, variant string) error {
	g, _ := boardrules.Lookup(game)
	return Usagef("%s has no variant %q; its variants are: %s", game, variant, Variants(g))
}

// Variants describes the variants of a game for people, from the registry
// alone, so that every program lists them alike: the listed names, the
// standard one first and marked, and the syntax of every other name the
// game accepts where a list cannot hold them: "6x6 (standard), 8x8; any
// <W>x<H>[-white]...".
func Variants(g boardrules.GameInfo) string {
	names := append([]string(nil), g.Variants...)
	if len(names) > 0 {
		names[0] += " (standard)"
	}
	s := strings.Join(names, ", ")
	if g.VariantSyntax != "" {
		s += "; any " + g.VariantSyntax
	}
	return s
}

// ListGames writes what every program's -list prints: one line a game, its
// name, its title and its variants (Variants).
func ListGames(w io.Writer) {
	games := boardrules.Games()
	if len(games) == 0 {
		fmt.Fprintln(w, "no engine is linked in")
	}
	for _, g := range games {
		fmt.Fprintf(w, "%-10s %s: %s\n", g.Name, g.Title, Variants(g))
	}
}

// AddList defines the -list flag every program that takes -game has.
func (p *Program) AddList() *bool {
	return p.Flags().Bool("list", false, "list the games and their variants, then exit")
}

// FirstLine is the first line of err's text. A parse error's text goes on
// with the input and a caret under the offending offset, lines that make
// no sense once Exit has joined them onto one line.
func FirstLine(err error) string {
	first, _, _ := strings.Cut(err.Error(), "\n")
	return first
}

// Count is n and the noun in its number: Count(1, "ply", "plies") is
// "1 ply", Count(3, ...) "3 plies".
func Count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}
