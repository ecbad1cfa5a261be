package main

import (
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/boardrules/boardrules"
)

// Handler is the HTTP door to the same core:
//
//	POST /command        a command line (or several, one per line) as text; the replies as text
//	GET  /games/{n}      board n as JSON: position code, legal moves, outcome, players, moves
//	GET  /boards/{n}     board n as a web page: picture, legal moves, a form to move
//	POST /boards/{n}     the page's form: makes a move, then shows the page again
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /command", s.handleCommand)
	mux.HandleFunc("GET /games/{n}", s.handleJSON)
	mux.HandleFunc("GET /boards/{n}", s.handlePage)
	mux.HandleFunc("POST /boards/{n}", s.handlePage)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "pbmserv: POST commands to /command; see a board at /boards/N, as JSON at /games/N\n\n"+s.help())
	})
	return mux
}

// maxBody bounds a POST /command body: a mail's worth of commands.
const maxBody = 64 << 10

func (s *Server) handleCommand(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		http.Error(w, "error: request body too large or unreadable", http.StatusRequestEntityTooLarge)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	var lines []string
	for _, l := range strings.Split(string(body), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		lines = []string{""} // the empty command's error says what to send
	}
	if len(lines) == 1 {
		io.WriteString(w, s.Execute(r.Context(), lines[0]))
		return
	}
	// Several commands: the -stdin format, so a client can tell the
	// replies apart.
	for _, l := range lines {
		io.WriteString(w, "> "+masked(l)+"\n"+s.Execute(r.Context(), l)+"\n")
	}
}

// gameJSON is the JSON view of a board.
type gameJSON struct {
	Board       int64       `json:"board"`
	Word        string      `json:"word"`    // the game word of commands: "tumble"
	Game        string      `json:"game"`    // the registry name: "tumbling"
	Variant     string      `json:"variant"` // the registry variant: "pbmserv"
	Players     []string    `json:"players"` // by seat
	Moves       []string    `json:"moves"`
	NextMove    int         `json:"nextMove"` // the number a move must carry (#N)
	ToMove      int         `json:"toMove"`   // seat
	ToMoveUser  string      `json:"toMoveUser"`
	Position    string      `json:"position"` // the engine's position code
	LegalMoves  []string    `json:"legalMoves"`
	Outcome     outcomeJSON `json:"outcome"`
	Over        bool        `json:"over"`
	Result      string      `json:"result"`      // the end in words, also for a resignation or agreed draw
	Termination string      `json:"termination"` // set when the game ended off the board
	DrawOffer   []string    `json:"drawOffer"`   // users who proposed or accepted a draw
	Version     int64       `json:"version"`
}

type outcomeJSON struct {
	Status string `json:"status"` // "ongoing", "win", "draw": the rules' verdict
	Winner int    `json:"winner"` // seat, -1 for none
	Reason string `json:"reason"`
}

func (s *Server) gameByNumber(ctx context.Context, n string) (*game, error) {
	id, err := parseBoard(n)
	if err != nil {
		return nil, err
	}
	return s.loadBoard(ctx, id)
}

func (g *game) json() gameJSON {
	b, p := g.b, g.hist.Position()
	o := p.Outcome()
	j := gameJSON{
		Board: b.ID, Word: b.Word, Game: b.Game, Variant: b.Variant, Players: b.Players,
		Moves: b.Moves, NextMove: len(b.Moves) + 1, ToMove: int(p.ToMove()), Position: b.Position,
		LegalMoves: p.LegalMoves(),
		Outcome:    outcomeJSON{Status: o.Status.String(), Winner: int(o.Winner), Reason: o.Reason},
		Over:       b.Over, Result: b.Result, Termination: b.Termination, Version: b.Version,
		DrawOffer: []string{},
	}
	if j.Moves == nil {
		j.Moves = []string{}
	}
	if b.Over {
		j.LegalMoves = []string{}
	}
	if j.LegalMoves == nil {
		j.LegalMoves = []string{}
	}
	if t := j.ToMove; t >= 0 && t < len(b.Players) {
		j.ToMoveUser = b.Players[t]
	}
	for i, name := range b.Players {
		if b.DrawOffer&(1<<i) != 0 {
			j.DrawOffer = append(j.DrawOffer, name)
		}
	}
	return j
}

func (s *Server) handleJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	g, err := s.gameByNumber(r.Context(), r.PathValue("n"))
	if err != nil {
		status, msg := s.httpError(err)
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(map[string]string{"error": msg})
		return
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(g.json())
}

// httpError maps an error to a status and the text a user may see.
func (s *Server) httpError(err error) (int, string) {
	msg := strings.TrimSuffix(strings.TrimPrefix(s.errorReply(err), "error: "), "\n")
	var le errLine
	if !errors.As(err, &le) {
		return http.StatusInternalServerError, msg
	}
	if strings.HasPrefix(le.msg, "no board") {
		return http.StatusNotFound, msg
	}
	return http.StatusBadRequest, msg
}

type pageData struct {
	Game    gameJSON
	Title   string
	SVG     template.HTML // the engine's drawing, when it draws
	Text    string        // the board as text, when it does not
	Status  string
	Reply   string // the reply to the form just sent
	User    string
	Action  string
	Command string
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var reply, user string
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		if err := r.ParseForm(); err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		user = r.PostForm.Get("user")
		reply = s.formMove(ctx, r.PathValue("n"), r.PostForm)
	}
	g, err := s.gameByNumber(ctx, r.PathValue("n"))
	if err != nil {
		status, msg := s.httpError(err)
		http.Error(w, msg, status)
		return
	}
	d := pageData{Game: g.json(), Reply: reply, User: user, Action: "/boards/" + strconv.FormatInt(g.b.ID, 10)}
	info, _ := boardrules.Lookup(g.b.Game)
	d.Title = info.Title
	d.Status = g.status(g.hist.Position(), len(g.b.Moves))
	d.Command = g.b.Word + " move " + strconv.FormatInt(g.b.ID, 10)
	if svg, ok := drawing(g.hist.Position()); ok {
		d.SVG = template.HTML(svg) // the engine's own output, not user input
	} else {
		d.Text = g.hist.Position().String()
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pageTemplate.Execute(w, d); err != nil {
		s.log.Printf("page of board %d: %v", g.b.ID, err)
	}
}

// drawing returns the engine's SVG picture of a position, for engines that
// draw (a method SVG() string on the engine's own position type).
func drawing(p boardrules.Any) (string, bool) {
	u, ok := p.(interface{ Unwrap() any })
	if !ok {
		return "", false
	}
	d, ok := u.Unwrap().(interface{ SVG() string })
	if !ok {
		return "", false
	}
	return d.SVG(), true
}

// formMove turns the page's form into a move command. It builds the
// command itself rather than a line of text, so that a space or newline in
// a field cannot smuggle a second command in.
func (s *Server) formMove(ctx context.Context, n string, f url.Values) string {
	id, err := parseBoard(n)
	if err != nil {
		return s.errorReply(err)
	}
	b, err := s.store.Board(ctx, id)
	if err != nil {
		return s.errorReply(lineErr("no board %d", id))
	}
	user, err := parseUser(strings.TrimSpace(f.Get("user")))
	if err == nil && user == "" {
		err = lineErr("give your user id")
	}
	if err != nil {
		return s.errorReply(err)
	}
	pw := f.Get("password")
	if pw == "" || strings.ContainsAny(pw, " \t\r\n") {
		return s.errorReply(lineErr("give your password (one word)"))
	}
	if _, err := parsePassword(pw); err != nil {
		return s.errorReply(err)
	}
	move := strings.Join(strings.Fields(f.Get("move")), " ")
	if move == "" {
		return s.errorReply(lineErr("choose or type a move"))
	}
	c := command{verb: "move", word: b.Word, board: id, user: user, password: pw}
	if err := c.splitMove(move); err != nil {
		return s.errorReply(err)
	}
	if c.moveNo == 0 {
		// The page showed one position: pin the move to it, so that a
		// stale page cannot move on a board that has changed since.
		if no, err := strconv.Atoi(f.Get("moveno")); err == nil && no > 0 {
			c.moveNo = no
		}
	}
	return s.run(ctx, c)
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Board {{.Game.Board}}: {{.Title}}</title>
<style>
body { font-family: sans-serif; margin: 2em; max-width: 60em; }
.picture svg { max-width: 32em; height: auto; }
pre.board { font-size: 1.1em; line-height: 1.2; }
ul.moves { columns: 8em; font-family: monospace; }
.reply { white-space: pre-wrap; border-left: 4px solid #888; padding-left: 1em; }
</style>
</head>
<body>
<h1>Board {{.Game.Board}}: {{.Title}} ({{.Game.Variant}})</h1>
<p id="players">{{range $i, $p := .Game.Players}}{{if $i}} vs {{end}}{{$p}} (seat {{$i}}){{end}}</p>
{{if .Reply}}<pre class="reply" id="reply">{{.Reply}}</pre>{{end}}
<div class="picture" id="picture">{{if .SVG}}{{.SVG}}{{else}}<pre class="board">{{.Text}}</pre>{{end}}</div>
<p id="status">{{.Status}}</p>
{{if not .Game.Over}}{{if .Game.LegalMoves}}
<form method="post" action="{{.Action}}" id="moveform">
<input type="hidden" name="moveno" value="{{.Game.NextMove}}">
<label>User <input name="user" value="{{.User}}" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<label>Move #{{.Game.NextMove}} <input name="move" list="legal" required></label>
<datalist id="legal">{{range .Game.LegalMoves}}<option value="{{.}}">{{end}}</datalist>
<button type="submit">Move</button>
</form>
<p>By mail: <code>{{.Command}} USER PASSWORD MOVE#{{.Game.NextMove}}</code></p>
<h2>Legal moves ({{len .Game.LegalMoves}})</h2>
<ul class="moves" id="legalmoves">{{range .Game.LegalMoves}}<li>{{.}}</li>{{end}}</ul>
{{end}}{{end}}
<h2>Moves</h2>
<ol id="history">{{range .Game.Moves}}<li>{{.}}</li>{{end}}</ol>
<p><a href="/games/{{.Game.Board}}">JSON</a></p>
</body>
</html>
`))
