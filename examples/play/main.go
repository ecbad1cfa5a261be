// Command play is a terminal player for every registered game: two (or
// more) people at one keyboard, or people against a bot.
//
//	go run ./examples/play -list                              # the games and variants
//	go run ./examples/play -game terrace -variant 8-long      # people against people
//	go run ./examples/play -game tumbling -bot mcts -as White # you play White, MCTS Black
//	go run ./examples/play -game crumble -bot alphabeta       # you play Black against alpha-beta
//	go run ./examples/play -load game.txt -bot greedy         # go on with a saved game
//	go run ./examples/play -load games.pgn -record 3          # the third game of a file
//
// After every move it prints the board. At the prompt, type a move in any
// notation form the engine accepts, or a command:
//
//	moves        list the legal moves
//	undo         take back the last move (against a bot: back to your last turn)
//	save FILE    write the game record to FILE
//	load FILE [N] read a game record (the Nth of the file) and go on from its end
//	board        print the board again
//	help         list the commands, and say how to write a move
//	quit         leave (so does the end of the input)
//
// A bad move gets the engine's message and the prompt again. The game's
// end is announced, and the commands still work: undo to go on playing,
// save to keep the record, load another game.
//
// Seats are shown by their names ("Black", "O", "Lowercase"), and moves are
// numbered by rounds, as game records number them: a round is one move of
// every seat, "3. Black plays A2-B2" then "3... White plays H7-G7". -as
// takes a seat's name or its number (counted from 0 in turn order).
//
// A game loaded and saved is written back as it was read: its tags in
// their order (and no Date added), its variant as it named it, its
// comments in their form, its result and how it ended; with the same
// moves, a record in the form Record.Format writes comes back byte for
// byte. Where moves were taken back or added, the moves and the result
// are the game's, and the comments after the first move that changed go
// with it. A new game is saved with the Date it was saved on.
//
// A bot given no budget (no -nodes, -depth or -time) runs its game's
// default count, chosen in package bots so that a move takes about a second
// (MCTS iterations, alpha-beta depth; -h lists them), and stops early at
// bots.DefaultTime if a position is slower than most.
//
// The program is written as command(stdin, args, stdout, stderr), so its tests drive
// it end to end through its input. The bots package links in the four
// engines of the module, and with them their registration.
//
// It runs with GOGC=400 unless the environment sets GOGC: a search drops
// positions by the million (cli.SetSearchGC says why, with the figures).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardrules/boardrules"
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/internal/cli"
)

func main() {
	cli.SetSearchGC() // bots search: see cli.SetSearchGC
	os.Exit(command(os.Stdin, os.Args[1:], os.Stdout, os.Stderr))
}

// session is one run of the program.
type session struct {
	out   io.Writer
	h     *boardrules.History
	bot   bots.Bot // nil for people only
	human boardrules.Player
	// loaded is the record the game was loaded from, nil for a new game
	loaded *boardrules.Record
	prog   *cli.Program // for the bot's thinking progress on stderr
	// what makes the bot, again when a load changes the game (whose
	// defaults may differ)
	botKind string
	seed    uint64
	budget  budget
}

// newBot makes the bot for the game in play.
func (s *session) newBot() {
	s.bot, _ = bots.New(s.botKind, botOptions(s.h.Position().Game(), s.seed, s.budget))
}

// command runs the program on the command line args, reading moves from in,
// and returns its exit code; while a bot thinks, stderr shows it.
func command(in io.Reader, args []string, stdout, stderr io.Writer) int {
	prog := &cli.Program{
		Name:    "play",
		Summary: "Plays any game at the terminal: people at one keyboard, or people against a bot.",
		Example: "go run ./examples/play -game tumbling -bot mcts -as 1",
		Stdout:  stdout, Stderr: stderr,
	}
	fs := prog.Flags()
	game := fs.String("game", "", "the game (default: the first registered; see -list)")
	variant := fs.String("variant", "", "the variant (default: the game's standard one)")
	list := prog.AddList()
	botKind := fs.String("bot", "", "play against this bot: "+strings.Join(bots.Kinds, ", ")+" (default: people only)")
	as := fs.String("as", "", "with -bot, the seat you play: its name (Black, White, O, X, ...) or its number from 0 (default: the first seat); the bot plays every other seat")
	seed := fs.Uint64("seed", 1, "the bot's random seed")
	nodes := fs.Int("nodes", 0, fmt.Sprintf("mcts: iterations per move (default: the game's, %s, stopping early at %v; with -time alone: none)",
		bots.DefaultsList(func(d bots.Defaults) int { return d.Nodes }), bots.DefaultTime))
	depth := fs.Int("depth", 0, fmt.Sprintf("alphabeta: search depth (default: the game's, %s, stopping early at %v; with -time alone: none)",
		bots.DefaultsList(func(d bots.Defaults) int { return d.Depth }), bots.DefaultTime))
	think := fs.Duration("time", 0, "the bot's thinking time per move, such as 2s (with -nodes or -depth too, whichever ends first)")
	load := fs.String("load", "", "start from the end of the game record in this file, which names its game (so no -game or -variant)")
	record := fs.Int("record", 0, "with -load, which game of a file of several to play, from 1 (default: the file's only game)")
	if ok, code := prog.Parse(args); !ok {
		return code
	}
	if *list {
		cli.ListGames(stdout)
		return 0
	}
	if err := checkFlags(fs, *botKind, *nodes, *depth, *think, *record); err != nil {
		return prog.Exit(err)
	}
	return prog.Exit(play(prog, in, *game, *variant, *botKind, *as, *seed, budget{*nodes, *depth, *think}, *load, *record))
}

// checkFlags refuses flags that would be ignored, so that a user is not
// left believing they took effect, and budgets below zero, which the bots
// would read as no budget at all (nor the default's time cap).
func checkFlags(fs *flag.FlagSet, botKind string, nodes, depth int, think time.Duration, record int) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case given["load"] && (given["game"] || given["variant"]):
		return cli.Usagef("-load: the record names its own game: leave out -game and -variant")
	case given["record"] && !given["load"]:
		return cli.Usagef("-record %d: it chooses a game of the file given with -load", record)
	case record < 0:
		return cli.Usagef("-record %d: games are counted from 1", record)
	case given["as"] && !given["bot"]:
		return cli.Usagef("-as %s: without -bot people play every seat", fs.Lookup("as").Value)
	case given["seed"] && !given["bot"]:
		return cli.Usagef("-seed: without -bot there is no bot to seed")
	case (given["nodes"] || given["depth"] || given["time"]) && !given["bot"]:
		return cli.Usagef("-nodes, -depth and -time set the bot's budget: give -bot, one of %s", strings.Join(bots.Kinds, ", "))
	case nodes < 0:
		return cli.Usagef("-nodes %d: must be 0 or more", nodes)
	case depth < 0:
		return cli.Usagef("-depth %d: must be 0 or more", depth)
	case think < 0:
		return cli.Usagef("-time %v: must be 0 or more", think)
	}
	if !slices.Contains(bots.Kinds, botKind) {
		return nil // an unknown kind is refused with the kinds listed
	}
	for _, name := range []string{"nodes", "depth", "time"} {
		takes := bots.Budgets(botKind)
		if !given[name] || slices.Contains(takes, name) {
			continue
		}
		return cli.Usagef("-%s: -bot %s takes -%s, not -%s", name, botKind, strings.Join(takes, " and -"), name)
	}
	return nil
}

// budget is the bot's budget from -nodes, -depth and -time.
type budget struct {
	nodes, depth int
	think        time.Duration
}

// botOptions is the bot's options: the budget as given, or with none of
// it the game's default counts (bots.DefaultsOf) capped at
// bots.DefaultTime.
func botOptions(game string, seed uint64, b budget) bots.Options {
	if b == (budget{}) {
		d := bots.DefaultsOf(game)
		return bots.Options{Seed: seed, Nodes: d.Nodes, Depth: d.Depth, Time: bots.DefaultTime}
	}
	return bots.Options{Seed: seed, Nodes: b.nodes, Depth: b.depth, Time: b.think}
}

func play(prog *cli.Program, in io.Reader, game, variant, botKind, as string, seed uint64, b budget, load string, record int) error {
	s := &session{out: prog.Stdout, prog: prog}
	if botKind != "" {
		if _, err := bots.New(botKind, bots.Options{}); err != nil {
			return cli.Usagef("-bot: %v", err)
		}
	}
	if load != "" {
		h, err := s.read(load, record)
		if err != nil {
			return err
		}
		s.start(h)
	} else {
		start, err := cli.NewGame(game, variant)
		if err != nil {
			return err
		}
		s.h = boardrules.NewHistory(start)
	}
	if botKind != "" {
		s.botKind, s.seed, s.budget = botKind, seed, b
		s.newBot()
	}
	human, err := seatOf(s.h.Position(), as)
	if err != nil {
		return cli.Usagef("-as %s: %v", as, err)
	}
	s.human = human
	s.showGame()
	return s.loop(in)
}

// seatOf reads -as: a seat's name, in any case, or its number; "" is the
// first seat.
func seatOf(p boardrules.Any, as string) (boardrules.Player, error) {
	var names []string
	for seat := range boardrules.Player(p.Players()) {
		name := p.SeatName(seat)
		if as == "" || strings.EqualFold(as, name) || as == strconv.Itoa(int(seat)) {
			return seat, nil
		}
		names = append(names, name)
	}
	return 0, fmt.Errorf("this game's seats are %s (or their numbers from 0 to %d)", strings.Join(names, ", "), p.Players()-1)
}

// readRecord reads the nth game record of a file (from 1; 0 for a file of
// one game) and returns the History it replays into, whose Record is the
// record read. A file of one game, the usual one, is replayed once, as
// one record: replaying a long game on a large Crumble board takes
// seconds. A file of several fails as one record before any replay (at
// the second record's tags), and is read as records.
func readRecord(file string, n int) (*boardrules.History, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if h, err := boardrules.ParseHistory(string(text)); err == nil {
		if n > 1 {
			return nil, fmt.Errorf("%s holds 1 game, not %d", file, n)
		}
		return h, nil
	}
	records, err := boardrules.ParseRecords(string(text))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %w", file, err)
	case len(records) == 0:
		return nil, fmt.Errorf("%s holds no game record", file)
	case n == 0 && len(records) > 1:
		return nil, fmt.Errorf("%s holds %d games: choose one, from 1 to %d (-record N, or load FILE N)", file, len(records), len(records))
	case n > len(records):
		return nil, fmt.Errorf("%s holds %s, not %d", file, cli.Count(len(records), "game", "games"), n)
	}
	return records[max(n, 1)-1].History()
}

// read reads the nth game record of a file as readRecord does and replays
// it, showing on stderr the time it takes: checking a long game on a large
// Crumble board takes seconds.
func (s *session) read(file string, n int) (*boardrules.History, error) {
	pr := s.prog.Progress("reading "+filepath.Base(file), 0)
	defer pr.Done()
	return readRecord(file, n)
}

// start goes on with the game of a record read.
func (s *session) start(h *boardrules.History) {
	r := h.Record()
	s.h, s.loaded = h, &r
}

const help = `Type a move, in any notation the game accepts, or a command:
  moves        list the legal moves
  undo         take back the last move (against a bot: back to your last turn)
  save FILE    write the game record to FILE
  load FILE [N] read a game record (the Nth of the file) and go on from its end
  board        print the board again
  help         this text, and how to write a move
  quit         leave`

// maxLine is the longest input line read; the longest move or file name
// is far shorter.
const maxLine = 64 << 10

// lineReader reads the input a line at a time. Unlike bufio.Scanner, it
// survives a line longer than maxLine: it skips the rest of it and says so,
// and the game goes on.
type lineReader struct {
	r   *bufio.Reader
	eof bool // the input has ended: reading again could wait on a terminal
}

func newLineReader(in io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(in, maxLine)}
}

// next returns the next line without its end; tooLong is true (and line
// empty) for a line longer than maxLine. ok is false at the end of the
// input, with err the reading error if it was not the plain end.
func (l *lineReader) next() (line string, tooLong, ok bool, err error) {
	if l.eof {
		return "", false, false, nil
	}
	b, err := l.r.ReadSlice('\n')
	for errors.Is(err, bufio.ErrBufferFull) {
		tooLong = true
		_, err = l.r.ReadSlice('\n')
	}
	if err != nil {
		l.eof = true
		if !errors.Is(err, io.EOF) {
			return "", false, false, err
		}
		if len(b) == 0 && !tooLong {
			return "", false, false, nil
		}
	}
	if tooLong {
		return "", true, true, nil
	}
	return string(b), false, true, nil
}

func (s *session) loop(in io.Reader) error {
	lines := newLineReader(in)
	for {
		if err := s.botMoves(); err != nil {
			return err
		}
		p := s.h.Position()
		if p.Outcome().Status == boardrules.Ongoing {
			fmt.Fprintf(s.out, "%s> ", p.SeatName(p.ToMove()))
		} else {
			fmt.Fprint(s.out, "game over> ")
		}
		text, tooLong, ok, err := lines.next()
		if !ok {
			fmt.Fprintln(s.out)
			return err
		}
		if tooLong {
			fmt.Fprintf(s.out, "That line is over %d KiB long: skipped.\n", maxLine>>10)
			continue
		}
		line := strings.TrimSpace(text)
		cmd, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		switch cmd {
		case "":
		case "quit", "exit":
			return nil
		case "help", "?":
			fmt.Fprintln(s.out, help)
			if h := moveHelp(p.Game()); h != "" {
				fmt.Fprintln(s.out, h)
			}
		case "board":
			s.showGame()
		case "moves":
			moves := p.LegalMoves()
			fmt.Fprintf(s.out, "%s: %s\n", cli.Count(len(moves), "legal move", "legal moves"), strings.Join(moves, " "))
		case "undo":
			s.undo()
		case "save":
			s.save(arg)
		case "load":
			s.load(arg)
		default:
			if err := s.h.Play(line); err != nil {
				s.report(err, line)
				continue
			}
			s.showMove(p.ToMove(), "")
		}
	}
}

// botMoves lets the bot play while it is its turn.
func (s *session) botMoves() error {
	for s.bot != nil {
		p := s.h.Position()
		if p.Outcome().Status != boardrules.Ongoing || p.ToMove() == s.human {
			return nil
		}
		began := time.Now()
		pr := s.prog.Progress(s.bot.Name()+" bot thinking", 0)
		m, err := s.bot.Move(context.Background(), p)
		pr.Done()
		if err == nil {
			err = s.h.Play(m)
		}
		if err != nil {
			return fmt.Errorf("the %s bot failed: %w", s.bot.Name(), err)
		}
		s.showMove(p.ToMove(), fmt.Sprintf(" (%s bot, %v)", s.bot.Name(), time.Since(began).Round(time.Millisecond)))
	}
	return nil
}

// report says what went wrong with a line of input, quoting at most the
// start of a long one (cli.Bound): an error of the operating system's
// repeats a file name whole.
func (s *session) report(err error, inputs ...string) {
	fmt.Fprintln(s.out, cli.Bound(err.Error(), inputs...))
}

// showMove announces the last move, played by seat, then the board.
func (s *session) showMove(player boardrules.Player, who string) {
	moves := s.h.Moves()
	fmt.Fprintf(s.out, "%s %s%s plays %s\n", s.number(len(moves)-1), s.h.Position().SeatName(player), who, moves[len(moves)-1])
	s.showGame()
}

// number is the move number of ply i (from 0) as records write it: the
// round, "3." for the first move of a round and "3..." for the others.
func (s *session) number(i int) string {
	players := s.h.Start().Players()
	dots := "."
	if i%players != 0 {
		dots = "..."
	}
	return strconv.Itoa(i/players+1) + dots
}

// showGame prints the board and whose turn it is, or the result.
func (s *session) showGame() {
	p := s.h.Position()
	fmt.Fprintf(s.out, "%s\n", cli.Board(p))
	if o := p.Outcome(); o.Status != boardrules.Ongoing {
		fmt.Fprintf(s.out, "Game over: %s.\n", boardrules.Describe(p))
		return
	}
	fmt.Fprintf(s.out, "%s %s, round %d: %s to move.\n", p.Game(), p.Variant(), s.h.Len()/s.h.Start().Players()+1, p.SeatName(p.ToMove()))
}

// undo takes back one move, or against a bot every move back to before
// the human's last one. Against a bot that has moved before the human ever
// did, there is nothing of the human's to take back: undoing the bot's
// moves alone would only make it play them again, differently.
func (s *session) undo() {
	back := 1
	if s.bot != nil {
		back = s.h.Len() - s.lastMoveOf(s.human)
		if back > s.h.Len() {
			fmt.Fprintln(s.out, "Nothing of yours to undo.")
			return
		}
	}
	for range back {
		if err := s.h.Undo(); err != nil {
			fmt.Fprintln(s.out, err)
			return
		}
	}
	fmt.Fprintf(s.out, "Back to move %s\n", s.number(s.h.Len()))
	s.showGame()
}

// lastMoveOf returns the index in the history's moves of the last move
// that seat played, or -1 when it has played none. The history keeps no
// record of who played what, so the game is replayed from its start.
func (s *session) lastMoveOf(seat boardrules.Player) int {
	last := -1
	p := s.h.Start()
	for i, m := range s.h.Moves() {
		if p.ToMove() == seat {
			last = i
		}
		next, err := p.Play(m)
		if err != nil {
			break // cannot happen: the history holds legal moves only
		}
		p = next
	}
	return last
}

func (s *session) save(file string) {
	if file == "" {
		fmt.Fprintln(s.out, "save needs a file name: save FILE")
		return
	}
	if err := os.WriteFile(file, []byte(s.record().Format()), 0o644); err != nil {
		s.report(err, file)
		return
	}
	fmt.Fprintf(s.out, "Saved %s to %s.\n", cli.Count(s.h.Len(), "move", "moves"), file)
}

// record is the game's record as save writes it: a new game's, dated; or
// the record loaded, as History.Record continues it (see the package doc).
func (s *session) record() boardrules.Record {
	r := s.h.Record()
	if s.loaded == nil {
		r.Tags = map[string]string{"Date": time.Now().UTC().Format("2006.01.02")}
		return r
	}
	// A comment on a move that was taken back goes with it, though
	// another move stands in its place.
	same := 0
	for same < min(len(r.Moves), len(s.loaded.Moves)) && r.Moves[same] == s.loaded.Moves[same] {
		same++
	}
	r.Comments = slices.DeleteFunc(r.Comments, func(c boardrules.Comment) bool { return c.Ply > same })
	return r
}

func (s *session) load(arg string) {
	if arg == "" {
		fmt.Fprintln(s.out, "load needs a file name: load FILE, or load FILE N for the Nth game of a file")
		return
	}
	file, n := arg, 0
	if i := strings.LastIndexByte(arg, ' '); i > 0 {
		if k, err := strconv.Atoi(arg[i+1:]); err == nil && k > 0 {
			file, n = strings.TrimSpace(arg[:i]), k
		}
	}
	h, err := s.read(file, n)
	if err != nil {
		// on one line, as -load reports it
		fmt.Fprintln(s.out, cli.OneLine(err, file))
		return
	}
	if s.bot != nil && int(s.human) >= h.Position().Players() {
		fmt.Fprintf(s.out, "%s: you play seat %d, and this game has %d seats\n", file, s.human, h.Position().Players())
		return
	}
	game := s.h.Position().Game()
	s.start(h)
	if s.bot != nil && s.h.Position().Game() != game {
		s.newBot()
	}
	fmt.Fprintf(s.out, "Loaded %s from %s.\n", cli.Count(s.h.Len(), "move", "moves"), file)
	s.showGame()
}
