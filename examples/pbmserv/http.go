package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/boardrules/boardrules"
)

// Handler is the HTTP door to the same core:
//
//	POST /command        a command line (or several, one per line) as text; the replies as text
//	GET  /games/{n}      board n as JSON: position code, legal moves, outcome, players, moves
//	GET  /boards/{n}     board n as a web page: picture, legal moves, a form to move
//	POST /boards/{n}     the page's form: makes a move, then shows the page again
//	GET  /healthz        200 "ok" while the store answers, 503 when it does not
//	GET  /metrics        the Prometheus metrics
//
// Every request's work has a deadline (Limits.RequestTime) and a budget of
// replays (Limits.MaxReplays), which the core checks.
func (s *Server) Handler() http.Handler { return s.handler(s.limits.RequestTime) }

// handler is Handler with the requests' deadline given: serveHTTP holds it
// under the server's write timeout. From the outside in: the access log
// and the metrics, panics answered 500 and logged, the security headers
// and the client's address, the per-address request limit (health checks
// and metrics included: each is cheap, answered from a result at most
// Limits.StatusEvery old, but a flood of them is still work), cross-site
// protection, the deadline and the replay budget, and the routes.
func (s *Server) handler(deadline time.Duration) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /command", s.handleCommand)
	mux.HandleFunc("GET /games/{n}", s.handleJSON)
	mux.HandleFunc("GET /boards/{n}", s.handlePage)
	mux.HandleFunc("POST /boards/{n}", s.handlePage)
	mux.HandleFunc("GET /{$}", s.handleIndex)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	if s.metrics != nil {
		mux.Handle("GET /metrics", s.metrics.handler(s.limits.StatusEvery))
	}
	var h http.Handler = s.bounded(mux, deadline)
	h = s.crossOrigin.Handler(h)
	h = s.rateLimited(h)
	return s.logged(s.recovered(securityHeaders(s.withClient(h))))
}

// bounded gives each request its deadline and its replay budget. The
// deadline is on the request's context, so it also ends the store's calls
// and the replays under way; and the handler returns when its commands
// stop, where a write timeout alone would leave it running every command
// for a client that can no longer read the reply.
func (s *Server) bounded(h http.Handler, deadline time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), deadline)
		defer cancel()
		h.ServeHTTP(w, r.WithContext(withBudget(ctx, s.limits.MaxReplays)))
	})
}

// rateLimited refuses a client address's requests beyond its share of
// this process (Limits.Requests): reads cost work too.
func (s *Server) rateLimited(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if addr := clientOf(r.Context()); addr != "" {
			if wait := s.requests.take(addr, s.now()); wait > 0 {
				err := s.refuse("requests", tooMany(wait, "too many requests from %s", addr))
				st, msg := s.httpError(err)
				textError(w, "error: "+msg+"\n", st)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// newCrossOrigin is the cross-site protection of the requests that change
// state (POST): a browser's request is refused unless it comes from the
// server's own origin (Sec-Fetch-Site, else Origin against Host) or one
// of the trusted origins; a request from a script, which sends neither
// header, passes. So a page elsewhere cannot make a visitor's browser
// register users, challenge or move.
func newCrossOrigin(trusted []string) (*http.CrossOriginProtection, error) {
	c := http.NewCrossOriginProtection()
	for _, o := range trusted {
		if err := c.AddTrustedOrigin(o); err != nil {
			// Not err's text, which repeats the origin whole.
			return nil, fmt.Errorf("%s is no origin: write scheme://host[:port], no path", quote(o))
		}
	}
	c.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		textError(w, "error: a cross-site request is refused: send commands from this server's own pages, or without a browser\n",
			status{code: http.StatusForbidden})
	}))
	return c, nil
}

// handleHealth answers 200 "ok" while the store answers (liveness and the
// store's reachability in one), 503 when it does not.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if err := s.health.check(r.Context(), s.store.Ping, s.limits.StatusEvery); err != nil {
		if !errors.Is(err, errHealthWait) {
			s.countStoreError()
		}
		textError(w, "store unreachable\n", status{code: http.StatusServiceUnavailable})
		return
	}
	textError(w, "ok\n", statusOK)
}

// healthTime bounds a health check's ping of the store.
const healthTime = 2 * time.Second

// healthCache holds the last ping of the store, so that health checks,
// however many, ping the store at most once per Limits.StatusEvery: a
// flood of them costs the players' store nothing.
type healthCache struct {
	mu   sync.Mutex
	at   time.Time     // when the last ping ended
	err  error         // its result
	busy chan struct{} // closed when the ping under way ends; nil when none is
}

// errHealthWait is a health check's that gave up waiting for the ping
// under way (its client left).
var errHealthWait = errors.New("the health check's client left")

// check returns the last ping's result when it is fresher than every,
// else pings (one ping at a time: checks meanwhile wait for its result).
func (h *healthCache) check(ctx context.Context, ping func(context.Context) error, every time.Duration) error {
	h.mu.Lock()
	if !h.at.IsZero() && time.Since(h.at) < every {
		err := h.err
		h.mu.Unlock()
		return err
	}
	if busy := h.busy; busy != nil {
		h.mu.Unlock()
		select {
		case <-busy:
		case <-ctx.Done():
			return errHealthWait
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		return h.err
	}
	busy := make(chan struct{})
	h.busy = busy
	h.mu.Unlock()
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), healthTime)
	err := ping(pctx)
	cancel()
	h.mu.Lock()
	h.at, h.err, h.busy = time.Now(), err, nil
	h.mu.Unlock()
	close(busy)
	return err
}

// securityHeaders sets on every reply, errors included: a
// Content-Security-Policy that allows no script, no plug-in, no foreign
// style, image or form target, and framing by the site's own pages only;
// the same for older browsers through X-Frame-Options; and nosniff, so
// that a reply is only ever read as the type it says.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "+
			"form-action 'self'; frame-ancestors 'self'; base-uri 'none'")
		hd.Set("X-Frame-Options", "SAMEORIGIN")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// withClient tells the core the request's client address, which the
// per-address limits count.
func (s *Server) withClient(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(withClient(r.Context(), s.clientAddr(r))))
	})
}

// clientAddr is the address the per-address limits count, as a limit key
// (addrKey): the TCP peer's, or, when the peer is a trusted proxy
// (-trusted-proxy), the address the proxies forwarded in
// X-Forwarded-For: read from the right, the first address that is not a
// trusted proxy, since each proxy appends the address it heard from and
// only the trusted ones' entries can be believed.
func (s *Server) clientAddr(r *http.Request) string {
	peer := peerAddr(r)
	if !peer.IsValid() {
		return r.RemoteAddr
	}
	if !s.trusted(peer) {
		return addrKey(peer)
	}
	client := peer
	hops := r.Header.Values("X-Forwarded-For")
	for i := len(hops) - 1; i >= 0; i-- {
		list := strings.Split(hops[i], ",")
		for j := len(list) - 1; j >= 0; j-- {
			a, err := netip.ParseAddr(strings.TrimSpace(list[j]))
			if err != nil {
				return addrKey(client) // a hop that does not read: stop at the last one believed
			}
			client = a.Unmap()
			if !s.trusted(client) {
				return addrKey(client)
			}
		}
	}
	return addrKey(client)
}

// peerAddr is the TCP peer's IP address.
func peerAddr(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// addrKey is an address as the per-address limits count it: an IPv4
// address whole, an IPv6 address by its /64, the block one host (one
// home, one server) usually has to itself, so that one host cannot pass
// for 2^64 clients.
func addrKey(a netip.Addr) string {
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// recorder remembers a reply's status and size, for the access log and
// the metrics, whether anything was written, for a panic's reply, and the
// first write that failed (the client gone, the write timeout passed).
type recorder struct {
	http.ResponseWriter
	code     int
	bytes    int
	writeErr error
}

func (r *recorder) WriteHeader(code int) {
	if r.code == 0 {
		r.code = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	if err != nil && r.writeErr == nil {
		r.writeErr = err
	}
	return n, err
}

// delivered flushes what the handler wrote to the connection and tells
// whether all of it went out. net/http flushes a reply only after its
// handler returns, too late for the log to hear of a failure; flushing
// here, a write that fails (the write timeout passed, the connection
// broke) is seen and logged. A reply that went out may still be lost on
// the way, which no server can tell.
func (r *recorder) delivered() error {
	if r.writeErr != nil {
		return r.writeErr
	}
	if err := http.NewResponseController(r.ResponseWriter).Flush(); err != nil {
		r.writeErr = err
	}
	return r.writeErr
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// logged writes a line of the access log for each request (log/slog:
// method, path, status, bytes, time taken, the client's address and the
// TCP peer) and counts it in the metrics. A reply that was not delivered
// (nothing written because the client had gone, or a write that failed)
// is logged and counted as 499, with the status it would have had as
// "sent" and the write's error. Bodies are never logged, so no password
// is; a request's path holds none.
func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		defer func() {
			code, sent := rec.code, rec.code
			var failed error
			if code == 0 {
				code = statusGone // nothing written: the client had gone
			} else if failed = rec.delivered(); failed != nil {
				code = statusGone
			}
			d := time.Since(start)
			if s.metrics != nil {
				s.metrics.observe(r.URL.Path, code, d)
			}
			if s.access != nil {
				attrs := []slog.Attr{
					slog.String("method", clip(r.Method)), slog.String("path", clip(r.URL.Path)),
					slog.Int("status", code), slog.Int("bytes", rec.bytes),
					slog.Float64("ms", float64(d.Microseconds())/1000),
					slog.String("client", s.clientAddr(r)), slog.String("peer", r.RemoteAddr),
				}
				if failed != nil {
					attrs = append(attrs, slog.Int("sent", sent), slog.String("error", failed.Error()))
				}
				s.access.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
			}
		}()
		h.ServeHTTP(rec, r)
	})
}

// recovered answers a handler's panic with 500 (when nothing was written
// yet) and logs it with its stack, where net/http would drop the
// connection and write to its own log. A bug must not look like a
// network error, and its keeper must hear of it.
func (s *Server) recovered(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec, ok := w.(*recorder)
		if !ok {
			rec = &recorder{ResponseWriter: w}
		}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Printf("panic serving %s %s: %v\n%s", clip(r.Method), clip(r.URL.Path), v, debug.Stack())
			if rec.code == 0 {
				textError(rec, "error: internal error\n", status{code: http.StatusInternalServerError})
			}
		}()
		h.ServeHTTP(rec, r)
	})
}

// maxBody bounds a POST /command body: a mail's worth of commands.
const maxBody = 64 << 10

// handleCommand runs a body of commands. The status is 200 when every
// command succeeded, else that of the first error; the text is the same as
// on standard input. A body of more than Limits.MaxCommands commands is
// refused whole (413); the replies stop once they pass Limits.MaxReply,
// and when the client goes away.
func (s *Server) handleCommand(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		bodyError(w, err, fmt.Sprintf("error: request body too large (at most %d bytes)\n", maxBody))
		return
	}
	var lines []string
	for _, l := range strings.Split(string(body), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) > s.limits.MaxCommands {
		textError(w, fmt.Sprintf("error: %d commands in one request, at most %d\n", len(lines), s.limits.MaxCommands), status{code: http.StatusRequestEntityTooLarge})
		return
	}
	if len(lines) == 0 {
		lines = []string{""} // the empty command's error says what to send
	}
	ctx := r.Context()
	if len(lines) == 1 {
		reply, st := s.execute(ctx, lines[0])
		textError(w, reply, st)
		return
	}
	// Several commands: the -stdin format, so a client can tell the
	// replies apart.
	var out strings.Builder
	first := statusOK // the first error's status
	for i, l := range lines {
		if ended(ctx, nil) {
			// The request's time is up (by the clock: on a busy machine
			// the context's timer may fire late), or the server is
			// shutting down: the commands left are not run, and the reply
			// says where it stopped. A client that has gone gets nothing.
			why := "time limit reached"
			switch {
			case errors.Is(context.Cause(ctx), errShuttingDown):
				why = "the server is shutting down"
			case errors.Is(ctx.Err(), context.Canceled):
				return // the client has gone: nobody to run the rest for
			}
			fmt.Fprintf(&out, "error: %s: stopped after %d of %d commands; the rest were not run\n", why, i, len(lines))
			if first == statusOK {
				first = status{code: http.StatusServiceUnavailable}
			}
			break
		}
		if out.Len() > s.limits.MaxReply {
			fmt.Fprintf(&out, "error: reply too long: stopped after %d of %d commands\n", i, len(lines))
			if first == statusOK {
				first = status{code: http.StatusRequestEntityTooLarge}
			}
			break
		}
		reply, st := s.execute(ctx, l)
		if st != statusOK && first == statusOK {
			first = st
		}
		out.WriteString("> " + masked(l) + "\n" + reply + "\n")
	}
	textError(w, out.String(), first)
}

// bodyError answers a request whose body did not read: 413 past the
// limit (tooLarge is the reply), 408 when the body did not arrive within
// the read timeout, 400 for anything else (a form that does not parse).
func bodyError(w http.ResponseWriter, err error, tooLarge string) {
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		textError(w, tooLarge, status{code: http.StatusRequestEntityTooLarge})
		return
	}
	if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() {
		w.Header().Set("Connection", "close")
		textError(w, "error: the request's body did not arrive in time\n", status{code: http.StatusRequestTimeout})
		return
	}
	textError(w, "error: the request's body does not read\n", status{code: http.StatusBadRequest})
}

// textError writes a text reply with its status (any status: 200 too);
// a 429 says when to come back.
func textError(w http.ResponseWriter, text string, st status) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if st.code == statusGone {
		return // nobody is listening
	}
	setRetry(w, st)
	w.Header().Set("Content-Length", strconv.Itoa(len(text)))
	w.WriteHeader(st.code)
	io.WriteString(w, text)
}

func setRetry(w http.ResponseWriter, st status) {
	if st.retry > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(st.retry))
	}
}

// gameJSON is the JSON view of a board. People read the names (users, and
// seats in the game's own words, "Black"); programs may read the seat
// numbers beside them.
type gameJSON struct {
	Board      int64       `json:"board"`
	Word       string      `json:"word"`    // the game word of commands, the registry name: "tumbling"
	Game       string      `json:"game"`    // the registry name: "tumbling"
	Variant    string      `json:"variant"` // the registry variant: "pbmserv"
	Players    []string    `json:"players"` // users by seat
	Seats      []string    `json:"seats"`   // the seats' names by seat: "Black", "White"
	Moves      []string    `json:"moves"`
	NextMove   int         `json:"nextMove"`         // the number a move must carry (#N)
	ToMove     *int        `json:"toMove,omitempty"` // the seat to move; absent once the game has ended
	ToMoveSeat string      `json:"toMoveSeat,omitempty"`
	ToMoveUser string      `json:"toMoveUser,omitempty"`
	Position   string      `json:"position"` // the engine's position code
	LegalMoves []string    `json:"legalMoves"`
	Outcome    outcomeJSON `json:"outcome"`
	Over       bool        `json:"over"`
	// Result is the end in words, with users and seats' names, also for a
	// resignation or an agreed draw: "bob (White) wins: alice (Black) resigned".
	Result      string   `json:"result"`
	Termination string   `json:"termination"` // set when the game ended off the board
	DrawOffer   []string `json:"drawOffer"`   // users who proposed or accepted a draw
	Version     int64    `json:"version"`
	// Thinking: the bot to move owes its move, which a later read shows.
	Thinking bool `json:"thinking,omitempty"`
}

// outcomeJSON is the rules' verdict on the position (a resignation or an
// agreed draw is no verdict of the rules: see Result).
type outcomeJSON struct {
	Status     string `json:"status"` // "ongoing", "win", "draw"
	Winner     int    `json:"winner"` // seat, -1 for none
	WinnerSeat string `json:"winnerSeat,omitempty"`
	Reason     string `json:"reason"`
	Rule       string `json:"rule,omitempty"`
}

// gameByNumber reads a board with its moves (the record, shown on the page
// and in the JSON; the move limit bounds it) and its decoded position.
func (s *Server) gameByNumber(ctx context.Context, n string) (*game, error) {
	id, err := parseBoard(n)
	if err != nil {
		return nil, err
	}
	b, err := s.store.Board(ctx, id)
	if errors.Is(err, errNotFound) {
		return nil, statusErr(http.StatusNotFound, "no board %d", id)
	}
	if err != nil {
		return nil, s.damagedOr(ctx, id, err)
	}
	g := &game{b: b}
	if err := s.position(g); err != nil {
		return nil, err
	}
	if s.readBots(ctx, g) {
		// The bots moved: read the board again, once.
		if b, err = s.store.Board(ctx, id); err != nil {
			return nil, s.damagedOr(ctx, id, err)
		}
		g = &game{b: b}
		return g, s.position(g)
	}
	return g, nil
}

func (g *game) json() gameJSON {
	b, p := g.b, g.pos
	o := p.Outcome()
	j := gameJSON{
		Board: b.ID, Word: b.Game, Game: b.Game, Variant: b.Variant, Players: b.Players,
		Moves: b.Moves, NextMove: b.Plies + 1, Position: b.Position,
		Outcome: outcomeJSON{Status: o.Status.String(), Winner: int(o.Winner), Reason: o.Reason, Rule: o.Rule},
		Over:    b.Over, Result: b.Result, Termination: b.Termination, Version: b.Version,
		DrawOffer: []string{}, Thinking: botOwed(g),
	}
	if o.Status == boardrules.Win {
		j.Outcome.WinnerSeat = p.SeatName(o.Winner)
	}
	for i := range b.Players {
		j.Seats = append(j.Seats, p.SeatName(boardrules.Player(i)))
	}
	if j.Moves == nil {
		j.Moves = []string{}
	}
	j.LegalMoves = []string{}
	if !b.Over {
		// Every move, Crumble's too: its texts share one corner graph per
		// position, a few ms for the 14,000 moves of a 32x32 middle game.
		if all := p.LegalMoves(); all != nil {
			j.LegalMoves = all
		}
		// An ended game has no seat to move, however it ended (by the
		// rules, a resignation, an agreed draw, the move limit).
		if t := p.ToMove(); t >= 0 && int(t) < len(b.Players) && o.Status == boardrules.Ongoing {
			seat := int(t)
			j.ToMove, j.ToMoveSeat, j.ToMoveUser = &seat, p.SeatName(t), b.Players[t]
		}
	}
	for i, name := range b.Players {
		// an ended game has no proposal, even one a board stored before
		// its end cleared it (see game.move)
		if b.DrawOffer&(1<<i) != 0 && !b.Over {
			j.DrawOffer = append(j.DrawOffer, name)
		}
	}
	return j
}

func (s *Server) handleJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if s.cachedView(r.Context(), w, r.PathValue("n"), false) {
		return
	}
	g, err := s.gameByNumber(r.Context(), r.PathValue("n"))
	if err != nil {
		st, msg := s.httpError(err)
		if st.code == statusGone {
			return
		}
		setRetry(w, st)
		writeBody(w, st.code, func(b *bytes.Buffer) error { return json.NewEncoder(b).Encode(map[string]string{"error": msg}) })
		return
	}
	body := writeBody(w, http.StatusOK, func(b *bytes.Buffer) error {
		enc := json.NewEncoder(b)
		enc.SetIndent("", "  ")
		return enc.Encode(g.json())
	})
	s.views.put(viewKey{g.b.ID, g.b.Version, false}, body)
}

// writeBody writes a reply made whole first, with its Content-Length, so
// that its delivery can be flushed and checked (recorder.delivered)
// without turning it into a chunked one, and returns it, or nil when it
// could not be made (a template's error: a bug, which the caller logs).
func writeBody(w http.ResponseWriter, code int, render func(*bytes.Buffer) error) []byte {
	var b bytes.Buffer
	err := render(&b)
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(code)
	w.Write(b.Bytes())
	if err != nil {
		return nil
	}
	return b.Bytes()
}

// httpError maps an error to a status and the text a user may see.
func (s *Server) httpError(err error) (status, string) {
	msg := strings.TrimSuffix(strings.TrimPrefix(s.errorReply(err), "error: "), "\n")
	return errStatus(err), msg
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
	st := statusOK
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if r.Method == http.MethodGet && s.cachedView(ctx, w, r.PathValue("n"), true) {
		return
	}
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		if err := r.ParseForm(); err != nil {
			// A body past the limit is refused as /command refuses one
			// (413); anything else is a form that does not read (400).
			bodyError(w, err, fmt.Sprintf("error: form too large (at most %d bytes)\n", maxBody))
			return
		}
		user = r.PostForm.Get("user")
		reply, st = s.formMove(ctx, r.PathValue("n"), r.PostForm)
		switch st.code {
		case statusGone:
			return // nobody to show the page to
		case http.StatusOK:
			// The page after a stored move is read even past the
			// request's deadline, with a short one of its own: it carries
			// the move's reply, and a move stored must not be reported as
			// not done.
			pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), pageAfterMove)
			defer cancel()
			ctx = pctx
		}
	}
	g, err := s.gameByNumber(ctx, r.PathValue("n"))
	if err != nil {
		st, msg := s.httpError(err)
		textError(w, "error: "+msg+"\n", st)
		return
	}
	d := pageData{Game: g.json(), Reply: reply, User: user, Action: "/boards/" + strconv.FormatInt(g.b.ID, 10)}
	info, _ := boardrules.Lookup(g.b.Game)
	d.Title = info.Title
	d.Status = g.status(g.pos, g.b.Plies)
	d.Command = g.b.Game + " move " + strconv.FormatInt(g.b.ID, 10)
	if svg, ok := drawing(g.pos); ok {
		d.SVG = template.HTML(svg) // the engine's own output, not user input
	} else {
		d.Text = g.pos.String()
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if st.code == statusGone {
		return
	}
	setRetry(w, st)
	// the form's error, if any, is the status: the page still shows
	var err2 error
	body := writeBody(w, st.code, func(b *bytes.Buffer) error { err2 = pageTemplate.Execute(b, d); return err2 })
	if err2 != nil {
		s.log.Printf("page of board %d: %v", g.b.ID, err2)
	} else if r.Method == http.MethodGet {
		s.views.put(viewKey{g.b.ID, g.b.Version, true}, body)
	}
}

// pageAfterMove bounds the read of the page that shows a stored move, which
// the request's deadline may have passed.
const pageAfterMove = 2 * time.Second

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
func (s *Server) formMove(ctx context.Context, n string, f url.Values) (string, status) {
	fail := func(err error) (string, status) { return s.errorReply(err), errStatus(err) }
	id, err := parseBoard(n)
	if err != nil {
		return fail(err)
	}
	// Only a missing board is 404; a row that does not read is a damaged
	// board and a store error an internal one (500), whose details go to
	// the log, not to the page.
	b, err := s.store.BoardHead(ctx, id)
	switch {
	case errors.Is(err, errNotFound):
		return fail(statusErr(http.StatusNotFound, "no board %d", id))
	case err != nil && b == nil:
		return fail(s.storeErr(ctx, err))
	case err != nil:
		return fail(s.damagedOr(ctx, id, err))
	}
	user, err := parseUser(strings.TrimSpace(f.Get("user")))
	if err == nil && user == "" {
		err = lineErr("give your user id")
	}
	if err != nil {
		return fail(err)
	}
	pw := f.Get("password")
	if pw == "" || strings.ContainsAny(pw, " \t\r\n") {
		return fail(lineErr("give your password (one word)"))
	}
	if _, err := parsePassword(pw); err != nil {
		return fail(err)
	}
	// The move is held to the limit of a command line, as on /command,
	// before any work is spent on it.
	raw := f.Get("move")
	if len(raw) > maxLine {
		return fail(lineErr("move too long (%d bytes, at most %d)", len(raw), maxLine))
	}
	move := strings.Join(strings.Fields(raw), " ")
	if move == "" {
		return fail(lineErr("choose or type a move"))
	}
	c := command{verb: "move", word: b.Game, board: id, user: user, password: pw}
	if err := c.splitMove(move); err != nil {
		return fail(err)
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
{{if .Game.Thinking}}<meta http-equiv="refresh" content="2">{{end}}
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
<p id="players">{{range $i, $p := .Game.Players}}{{if $i}} vs {{end}}{{$p}} ({{index $.Game.Seats $i}}){{end}}</p>
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

// handleIndex is the front page: what the server is, its commands, and the
// open boards with links to their pages.
func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	boards, err := s.store.OpenBoards(r.Context(), indexBoards)
	if err != nil {
		st, msg := s.httpError(s.storeErr(r.Context(), err))
		textError(w, "error: "+msg+"\n", st)
		return
	}
	type row struct {
		ID      int64
		Summary string
	}
	type game struct{ Word, Options string }
	d := struct {
		Usage  []string
		Games  []game
		Bots   string
		Boards []row
		More   bool
	}{Bots: botHelp, Usage: strings.Split(strings.TrimPrefix(usage, "commands: "), " | ")}
	for _, g := range gameWords() {
		d.Games = append(d.Games, game{g.word, g.describe()})
	}
	for i, b := range boards {
		if i == indexBoards-1 {
			d.More = true
			break
		}
		d.Boards = append(d.Boards, row{b.ID, s.summary(b)})
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	var err2 error
	writeBody(w, http.StatusOK, func(b *bytes.Buffer) error { err2 = indexTemplate.Execute(b, d); return err2 })
	if err2 != nil {
		s.log.Printf("front page: %v", err2)
	}
}

// indexBoards bounds the front page's list (one more is read, to know
// whether there are more).
const indexBoards = 101

var indexTemplate = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pbmserv</title>
<style>
body { font-family: sans-serif; margin: 2em; max-width: 60em; }
code { white-space: nowrap; }
</style>
</head>
<body>
<h1>pbmserv</h1>
<p>A play-by-email style game server. Send commands, one per line, as the
body of <code>POST /command</code> (or by mail to the robot); see a board at
<code>/boards/N</code>, as JSON at <code>/games/N</code>.</p>
<h2>Commands</h2>
<ul id="commands">{{range .Usage}}<li><code>{{.}}</code></li>{{end}}</ul>
<h2>Games and challenge options</h2>
<ul id="games">{{range .Games}}<li><code>{{.Word}}</code>: {{.Options}}</li>{{end}}</ul>
<h2>Bots</h2>
<p id="bots">{{.Bots}}.</p>
<h2>Open boards</h2>
{{if .Boards}}<ul id="boards">{{range .Boards}}<li><a href="/boards/{{.ID}}">board {{.ID}}</a>: {{.Summary}}</li>{{end}}</ul>
{{if .More}}<p>(only the newest {{len .Boards}} are listed)</p>{{end}}{{else}}<p id="boards">No open boards.</p>{{end}}
</body>
</html>
`))
