// Command play is a terminal player for every registered game: two (or
// more) people at one keyboard, or people against a bot.
//
//	go run ./examples/play -list                          # the games and variants
//	go run ./examples/play -game terrace -variant 8-long  # people against people
//	go run ./examples/play -game tumbling -bot mcts -as 1 # you play seat 1, MCTS the others
//	go run ./examples/play -game crumble -bot alphabeta   # you play seat 0 against alpha-beta
//	go run ./examples/play -load game.txt -bot greedy     # go on with a saved game
//
// After every move it prints the board. At the prompt, type a move in any
// notation form the engine accepts, or a command:
//
//	moves        list the legal moves
//	undo         take back the last move (against a bot: back to your last turn)
//	save FILE    write the game record to FILE
//	load FILE    read a game record from FILE and go on from its end
//	board        print the board again
//	help         list the commands
//	quit         leave (so does the end of the input)
//
// A bad move gets the engine's message and the prompt again. The game's
// end is announced, and the commands still work: undo to go on playing,
// save to keep the record, load another game.
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
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
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
	tags  map[string]string // the tags of the record loaded, kept for save
	prog  *cli.Program      // for the bot's thinking progress on stderr
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
	list := fs.Bool("list", false, "list the registered games and their variants, then exit")
	botKind := fs.String("bot", "", "play against this bot: "+strings.Join(bots.Kinds, ", ")+" (default: people only)")
	as := fs.Int("as", 0, "with -bot, the seat you play, from 0; the bot plays every other seat")
	seed := fs.Uint64("seed", 1, "the bot's random seed")
	nodes := fs.Int("nodes", 0, fmt.Sprintf("mcts: iterations per move (default: the game's, %s, stopping early at %v; with -time alone: none)",
		bots.DefaultsList(func(d bots.Defaults) int { return d.Nodes }), bots.DefaultTime))
	depth := fs.Int("depth", 0, fmt.Sprintf("alphabeta: search depth (default: the game's, %s, stopping early at %v; with -time alone: none)",
		bots.DefaultsList(func(d bots.Defaults) int { return d.Depth }), bots.DefaultTime))
	think := fs.Duration("time", 0, "mcts and alphabeta: thinking time per move, such as 2s (with -nodes or -depth too, whichever ends first)")
	load := fs.String("load", "", "start from the end of the game record in this file, which names its game (so no -game or -variant)")
	if ok, code := prog.Parse(args); !ok {
		return code
	}
	if *list {
		printGames(stdout)
		return 0
	}
	if err := checkFlags(fs, *as, *nodes, *depth, *think); err != nil {
		return prog.Exit(err)
	}
	return prog.Exit(play(prog, in, *game, *variant, *botKind, *as, *seed, budget{*nodes, *depth, *think}, *load))
}

// checkFlags refuses flags that would be ignored, so that a user is not
// left believing they took effect, and budgets below zero, which the bots
// would read as no budget at all (nor the default's time cap).
func checkFlags(fs *flag.FlagSet, as, nodes, depth int, think time.Duration) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case given["load"] && (given["game"] || given["variant"]):
		return cli.Usagef("-load: the record names its own game: leave out -game and -variant")
	case given["as"] && !given["bot"]:
		return cli.Usagef("-as %d: without -bot people play every seat", as)
	case given["seed"] && !given["bot"]:
		return cli.Usagef("-seed: without -bot there is no bot to seed")
	case (given["nodes"] || given["depth"] || given["time"]) && !given["bot"]:
		// (a bot of another kind ignores them too, which lets a script
		// give every kind one budget)
		return cli.Usagef("-nodes, -depth and -time set the bot's budget: give -bot mcts or -bot alphabeta")
	case nodes < 0:
		return cli.Usagef("-nodes %d: must be 0 or more", nodes)
	case depth < 0:
		return cli.Usagef("-depth %d: must be 0 or more", depth)
	case think < 0:
		return cli.Usagef("-time %v: must be 0 or more", think)
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

func play(prog *cli.Program, in io.Reader, game, variant, botKind string, as int, seed uint64, b budget, load string) error {
	s := &session{out: prog.Stdout, human: boardrules.Player(as), prog: prog}
	if botKind != "" {
		if _, err := bots.New(botKind, bots.Options{}); err != nil {
			return cli.Usagef("-bot: %v", err)
		}
	}
	if load != "" {
		h, tags, err := readRecord(load)
		if err != nil {
			return err
		}
		s.h, s.tags = h, tags
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
	if s.bot != nil && (as < 0 || as >= s.h.Position().Players()) {
		return cli.Usagef("-as %d: this game has seats 0 to %d", as, s.h.Position().Players()-1)
	}
	s.showGame()
	return s.loop(in)
}

func printGames(out io.Writer) {
	games := boardrules.Games()
	if len(games) == 0 {
		fmt.Fprintln(out, "No game is linked in.")
	}
	for _, g := range games {
		fmt.Fprintf(out, "%-10s %-14s variants: %s\n", g.Name, g.Title, strings.Join(g.Variants, ", "))
	}
}

// readRecord reads a game record file: the game at its end, and its tags.
func readRecord(file string) (*boardrules.History, map[string]string, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	r, err := boardrules.ParseRecord(string(text))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", file, err)
	}
	h, err := r.History()
	return h, r.Tags, err
}

const help = `Type a move, in any notation the game accepts, or a command:
  moves        list the legal moves
  undo         take back the last move (against a bot: back to your last turn)
  save FILE    write the game record to FILE
  load FILE    read a game record from FILE and go on from its end
  board        print the board again
  help         this text
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
			fmt.Fprintf(s.out, "%s> ", seat(p, p.ToMove()))
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
		case "board":
			s.showGame()
		case "moves":
			moves := p.LegalMoves()
			fmt.Fprintf(s.out, "%d legal moves: %s\n", len(moves), strings.Join(moves, " "))
		case "undo":
			s.undo()
		case "save":
			s.save(arg)
		case "load":
			s.load(arg)
		default:
			if err := s.h.Play(line); err != nil {
				fmt.Fprintf(s.out, "%v\n", err)
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
		m, err := s.bot.Move(p)
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

// showMove announces the last move, played by seat, then the board.
func (s *session) showMove(player boardrules.Player, who string) {
	moves := s.h.Moves()
	fmt.Fprintf(s.out, "%d. %s%s plays %s\n", len(moves), seat(s.h.Position(), player), who, moves[len(moves)-1])
	s.showGame()
}

// showGame prints the board and whose turn it is, or the result.
func (s *session) showGame() {
	p := s.h.Position()
	fmt.Fprintf(s.out, "%s\n", strings.TrimRight(p.String(), "\n"))
	if o := p.Outcome(); o.Status != boardrules.Ongoing {
		fmt.Fprintf(s.out, "Game over: %s.\n", boardrules.Describe(p))
		return
	}
	fmt.Fprintf(s.out, "%s %s, move %d: %s to move.\n", p.Game(), p.Variant(), s.h.Len()+1, seat(p, p.ToMove()))
}

// seat names a seat by the game's word for it, with the number that -as
// takes: "Black (seat 0)".
func seat(p boardrules.Any, pl boardrules.Player) string {
	return fmt.Sprintf("%s (seat %d)", p.SeatName(pl), pl)
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
	fmt.Fprintf(s.out, "Back to move %d.\n", s.h.Len()+1)
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
	r := s.h.Record()
	r.Tags = map[string]string{"Date": time.Now().UTC().Format("2006.01.02")}
	for k, v := range s.tags { // a loaded game keeps its tags, Date included
		r.Tags[k] = v
	}
	if err := os.WriteFile(file, []byte(r.Format()), 0o644); err != nil {
		fmt.Fprintln(s.out, err)
		return
	}
	fmt.Fprintf(s.out, "Saved %d moves to %s.\n", s.h.Len(), file)
}

func (s *session) load(file string) {
	if file == "" {
		fmt.Fprintln(s.out, "load needs a file name: load FILE")
		return
	}
	h, tags, err := readRecord(file)
	if err != nil {
		fmt.Fprintln(s.out, err)
		return
	}
	if s.bot != nil && int(s.human) >= h.Position().Players() {
		fmt.Fprintf(s.out, "%s: you play seat %d, and this game has %d seats\n", file, s.human, h.Position().Players())
		return
	}
	game := s.h.Position().Game()
	s.h, s.tags = h, tags
	if s.bot != nil && h.Position().Game() != game {
		s.newBot()
	}
	fmt.Fprintf(s.out, "Loaded %d moves from %s.\n", h.Len(), file)
	s.showGame()
}
