package main

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/boardrules/boardrules/notation"
)

// A command is one parsed line. The parser checks only the shape of the
// line (words, numbers, names); the core checks everything that needs the
// store or the rules.
type command struct {
	verb     string   // register, games, help, or a game verb: challenge, move, board, history, resign, propose, accept, reject
	word     string   // the game word, for game verbs
	board    int64    // board number
	moveNo   int      // the "#N" of a move or a board; 0 when absent, -1 for a board's "#0"
	user     string   // the user acting (lower case)
	password string   // that user's password
	users    []string // challenge: the users challenged, seat 0 first
	options  []string // challenge: the options, lower case, each with its '-'
	move     string   // move: the move without its "#N"
}

// Limits that keep a line, a name and a password sane. bcrypt reads at most
// 72 bytes of a password, so a longer one would be silently cut: refuse it.
const (
	maxLine     = 1000
	maxName     = 32
	maxPassword = 72
	maxBoard    = 1e12
)

// errLine is an error a user may see: its text is the reply, and status
// the HTTP status that carries it (400 unless said otherwise); retry is the
// wait in seconds of a limit.
type errLine struct {
	msg    string
	status int
	retry  int
}

func (e errLine) Error() string { return e.msg }

func lineErr(format string, a ...any) error {
	return errLine{msg: fmt.Sprintf(format, a...), status: http.StatusBadRequest}
}

// statusErr is lineErr with another HTTP status: 403 for a password or a
// seat, 404 for a missing board or user, 409 for a move the board's state
// refuses, 500 for a damaged board.
func statusErr(status int, format string, a ...any) error {
	return errLine{msg: fmt.Sprintf(format, a...), status: status}
}

// sendHelp ends the errors of commands that do not read: the list of
// commands would make every such error long.
const sendHelp = "send help for the commands"

const usage = "commands: register USER PASSWORD | games USER | help | " +
	"GAME challenge USER1 USER2 [USER3 [USER4]] [options] | GAME move BOARD USER PASSWORD MOVE[#N] | " +
	"GAME board BOARD[#N] | GAME history BOARD | GAME resign BOARD USER PASSWORD | " +
	"GAME propose BOARD USER PASSWORD draw | GAME accept BOARD USER PASSWORD (a draw, or a challenge) | GAME reject BOARD USER PASSWORD"

// parseCommand reads one line. Words are separated by spaces or tabs;
// command words, game words and user ids are case-insensitive; passwords
// and moves keep their case (moves are the engine's business, and every
// engine reads its notation in either case where the game allows).
func parseCommand(line string) (command, error) {
	if len(line) > maxLine {
		return command{}, lineErr("line too long (%d bytes, at most %d)", len(line), maxLine)
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return command{}, lineErr("empty command; %s", usage)
	}
	head := strings.ToLower(f[0])
	switch head {
	case "register":
		if len(f) != 3 {
			return command{}, lineErr("usage: register USER PASSWORD")
		}
		user, err := parseUser(f[1])
		if err != nil {
			return command{}, err
		}
		pw, err := parsePassword(f[2])
		if err != nil {
			return command{}, err
		}
		return command{verb: head, user: user, password: pw}, nil
	case "games":
		if len(f) != 2 {
			return command{}, lineErr("usage: games USER")
		}
		user, err := parseUser(f[1])
		if err != nil {
			return command{}, err
		}
		return command{verb: head, user: user}, nil
	case "help":
		if len(f) != 1 {
			return command{}, lineErr("usage: help")
		}
		return command{verb: head}, nil
	}
	if !isWord(head) || len(f) < 2 {
		return command{}, lineErr("unknown command %s; %s", quote(f[0]), sendHelp)
	}
	c := command{word: head, verb: strings.ToLower(f[1])}
	args := f[2:]
	var err error
	switch c.verb {
	case "challenge":
		for i := 0; i < len(args); i++ {
			a := args[i]
			if strings.EqualFold(a, variantOption) {
				// "-variant NAME": the next word is the variant's name.
				if i+1 == len(args) {
					return command{}, lineErr("%s needs a variant's name after it", variantOption)
				}
				i++
				a += "=" + args[i]
			}
			if strings.HasPrefix(a, "-") {
				c.options = append(c.options, asciiLower(a))
				continue
			}
			u, err := parseSeat(a)
			if err != nil {
				return command{}, err
			}
			c.users = append(c.users, u)
		}
		if len(c.users) < 2 || len(c.users) > 4 {
			return command{}, lineErr("usage: %s challenge USER1 USER2 [USER3 [USER4]] [options]", head)
		}
		return c, nil
	case "board":
		if len(args) != 1 {
			return command{}, lineErr("usage: %s board BOARD[#N]", head)
		}
		b, n, ok, err := notation.SplitMoveNumber(args[0])
		if err != nil {
			return command{}, lineErr("bad move number in %s: write BOARD#N, N a number", quote(args[0]))
		}
		if c.board, err = parseBoard(b); err != nil {
			return command{}, err
		}
		if ok {
			c.moveNo = n
			if n == 0 {
				// #0 is the start; keep "absent" distinct from it.
				c.moveNo = -1
			}
		}
		return c, nil
	case "history":
		if len(args) != 1 {
			return command{}, lineErr("usage: %s history BOARD", head)
		}
		c.board, err = parseBoard(args[0])
		return c, err
	case "move", "resign", "propose", "accept", "reject":
		if len(args) < 3 {
			return command{}, lineErr("usage: %s %s BOARD USER PASSWORD%s", head, c.verb, verbTail(c.verb))
		}
		if c.board, err = parseBoard(args[0]); err != nil {
			return command{}, err
		}
		if c.user, err = parseUser(args[1]); err != nil {
			return command{}, err
		}
		if c.password, err = parsePassword(args[2]); err != nil {
			return command{}, err
		}
		rest := args[3:]
		switch c.verb {
		case "move":
			if len(rest) == 0 {
				return command{}, lineErr("usage: %s move BOARD USER PASSWORD MOVE[#N]", head)
			}
			// A move may hold spaces (Crumble's "1, 2H"): it is the rest
			// of the line, its words joined by one space.
			return c, c.splitMove(strings.Join(rest, " "))
		case "propose":
			if len(rest) != 1 || strings.ToLower(rest[0]) != "draw" {
				return command{}, lineErr("usage: %s propose BOARD USER PASSWORD draw (a draw is all one can propose)", head)
			}
		default:
			// "accept draw" and "reject draw" read naturally; allow them.
			if len(rest) > 1 || len(rest) == 1 && strings.ToLower(rest[0]) != "draw" {
				return command{}, lineErr("usage: %s %s BOARD USER PASSWORD", head, c.verb)
			}
		}
		return c, nil
	}
	return command{}, lineErr("unknown command %s for %s; %s", quote(f[1]), head, sendHelp)
}

func verbTail(verb string) string {
	switch verb {
	case "move":
		return " MOVE[#N]"
	case "propose":
		return " draw"
	}
	return ""
}

// splitMove separates the move-number suffix; a '#' is part of no move in
// any game.
func (c *command) splitMove(s string) error {
	m, n, ok, err := notation.SplitMoveNumber(s)
	if err != nil {
		var pe *notation.ParseError
		if errors.As(err, &pe) {
			return lineErr("bad move number in %s: write MOVE#N, N the number of the move", quote(s))
		}
		return lineErr("bad move %s", quote(s))
	}
	if m == "" {
		return lineErr("missing move before %s", quote(s))
	}
	c.move = m
	if ok {
		if n < 1 {
			return lineErr("bad move number #%d: moves are numbered from 1", n)
		}
		c.moveNo = n
	}
	return nil
}

// isWord: a game word is short, lower-case letters and digits.
func isWord(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// parseUser: a user id is 1 to 32 of letters, digits and ". _ @ + -",
// starting with a letter or digit (a leading '-' is an option), and is
// case-insensitive: it is kept in lower case.
func parseUser(s string) (string, error) {
	if len(s) >= len(botPrefix) && strings.EqualFold(s[:len(botPrefix)], botPrefix) {
		return "", lineErr("%s is a bot's seat, not a user id: user ids are letters, digits and . _ @ + -", quote(s))
	}
	if len(s) > maxName {
		return "", lineErr("user id %s too long (at most %d characters)", quote(s), maxName)
	}
	for i, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !ok && (i == 0 || !strings.ContainsRune("._@+-", r)) {
			return "", lineErr("bad user id %s: use letters, digits and . _ @ + -, starting with a letter or digit", quote(s))
		}
	}
	return strings.ToLower(s), nil
}

func parsePassword(s string) (string, error) {
	if len(s) > maxPassword {
		return "", lineErr("password too long (at most %d bytes)", maxPassword)
	}
	return s, nil
}

func parseBoard(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 || n > maxBoard || s[0] == '+' {
		return 0, lineErr("bad board number %s", quote(s))
	}
	return n, nil
}

// quote is an input as an error shows it: notation.Quote, the module's
// one way (Go-quoted, so that it reads as typed, and at most
// notation.MaxQuoted bytes of it, then an ellipsis and its length).
var quote = notation.Quote

// clip is an input as a log line shows it (the log's own format quotes
// it): at most notation.MaxQuoted bytes, cut on a rune boundary, then an
// ellipsis and its length.
func clip(s string) string { return clipTo(s, notation.MaxQuoted) }

// clipTo is s cut to its first max bytes on a rune boundary, then an
// ellipsis and its length, when it is longer.
func clipTo(s string, max int) string {
	if len(s) <= max {
		return s
	}
	n := max
	for i := 0; i < utf8.UTFMax-1 && !utf8.RuneStart(s[n]); i++ {
		n--
	}
	return s[:n] + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// masked is the line with its password replaced by stars, for echoing a
// command back (mail replies, logs). It works on malformed lines too, by
// position: a password is never echoed.
func masked(line string) string {
	f := strings.Fields(line)
	switch {
	case len(f) >= 3 && strings.EqualFold(f[0], "register"):
		f[2] = "****"
	case len(f) >= 5 && !strings.EqualFold(f[1], "challenge"):
		f[4] = "****"
	}
	return strings.Join(f, " ")
}

// asciiLower lower-cases the ASCII letters of s and leaves every other
// byte as it is (strings.ToLower would turn bytes that are no UTF-8 into
// U+FFFD, and an error would not show the option as typed).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
