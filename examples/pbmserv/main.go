package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/boardrules/boardrules/internal/cli"
	"golang.org/x/crypto/bcrypt"
)

// openDB opens the -db store: Open, which the tests' child processes
// wrap to make the store slow on purpose.
var openDB = Open

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main with its surroundings as arguments, so that tests run the
// real program in-process or as a child process. It behaves as the other
// example programs do (internal/cli): -h prints the usage on stdout and
// exits 0; a bad flag gets one line of error and the usage on stderr,
// exit 2; any other failure one line on stderr, exit 1.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	prog := &cli.Program{
		Name: "pbmserv",
		Summary: "A play-by-email style game server for the boardrules engines: one-line commands on\n" +
			"standard input (-stdin, as a mail robot feeds them) or over HTTP (-http ADDRESS), with a\n" +
			"web page per board; send \"help\" for the commands. Give exactly one of -stdin, -http,\n" +
			"-backup (copy an SQLite store while servers run) and -check (replay every board);\n" +
			"-list lists the games and their variants.",
		Example: `go run ./examples/pbmserv -http 127.0.0.1:8080 -db "$(mktemp -d)/pbmserv.db"`,
		Stdout:  stdout, Stderr: stderr,
	}
	fs := prog.Flags()
	dsn := fs.String("db", "pbmserv.db", "the store: an SQLite file (created when missing), or a postgres:// URL")
	useStdin := fs.Bool("stdin", false, "read commands from standard input, one per line, and print one reply block each")
	addr := fs.String("http", "", "serve HTTP on this address, e.g. 127.0.0.1:8080")
	backup := fs.String("backup", "", "copy the SQLite store -db to this new file (online, while servers run) and exit")
	check := fs.Bool("check", false, "replay every board of the store -db, report the damaged ones, and exit (1 if any)")
	list := prog.AddList()
	cost := fs.Int("cost", bcrypt.DefaultCost, "bcrypt cost of new password hashes")
	certFile := fs.String("tls-cert", "", "serve HTTPS with this certificate (PEM; with -tls-key)")
	keyFile := fs.String("tls-key", "", "the private key of -tls-cert (PEM)")
	proxies := fs.String("trusted-proxy", "", "comma-separated addresses or CIDR blocks of reverse proxies whose X-Forwarded-For names the client")
	origins := fs.String("origin", "", "comma-separated origins (https://example.org) besides the server's own whose pages may post commands")
	accessLog := fs.String("access-log", "-", `the access log (JSON lines): "-" for stderr, "off", or a file to append to`)
	lim := DefaultLimits
	fs.IntVar(&lim.MaxOpenBoards, "max-open", lim.MaxOpenBoards, "the most open boards one user may sit at that challenges from one address made")
	fs.IntVar(&lim.Challenges, "challenges", lim.Challenges, "the most new boards challenges from one address may seat one user on per hour")
	fs.IntVar(&lim.NewBoards, "new-boards", lim.NewBoards, "new boards one address may make at once (then one per 2 min)")
	fs.IntVar(&lim.Registrations, "registrations", lim.Registrations, "new users one address may register at once (then one per 6 min)")
	fs.IntVar(&lim.PasswordChecks, "checks", lim.PasswordChecks, "password checks one client address may start at once (then 5 per second)")
	fs.IntVar(&lim.WrongPasswords, "wrong", lim.WrongPasswords, "wrong passwords an account takes from the addresses guessing for it, then one per 6 s")
	fs.IntVar(&lim.WrongFromAddress, "wrong-from-address", lim.WrongFromAddress, "wrong passwords one address may send for one account, then one per 20 s")
	fs.IntVar(&lim.Requests, "requests", lim.Requests, "HTTP requests one address may send at once (then 50 per second)")
	fs.IntVar(&lim.MaxCommands, "max-commands", lim.MaxCommands, "the most commands in one HTTP request")
	fs.IntVar(&lim.MaxReplays, "max-replays", lim.MaxReplays, "the most replays of a game's record (history, board N#k, Crumble moves) in one HTTP request")
	fs.IntVar(&lim.BotSearches, "bot-searches", lim.BotSearches, "bot searches this process runs at once (default: the number of CPUs less one, at least one)")
	fs.IntVar(&lim.BotQueue, "bot-queue", lim.BotQueue, "boards whose bot owes a move this process keeps waiting for a search")
	fs.IntVar(&lim.BotGames, "bot-games", lim.BotGames, "open games against bots one person may play")
	fs.IntVar(&lim.BotGamesPerAddress, "bot-games-per-address", lim.BotGamesPerAddress, "open boards seating a bot the challenges from one address may make")
	fs.DurationVar(&lim.BotTime, "bot-time", lim.BotTime, "the most time one bot's move may take (the game's default count ends it sooner where it can)")
	fs.DurationVar(&lim.RequestTime, "request-time", lim.RequestTime, "time one HTTP request's commands may take (held under the write timeout)")
	conns := DefaultConnLimits
	fs.IntVar(&conns.PerAddress, "conns-per-ip", conns.PerAddress, "the most open HTTP connections from one client address")
	if n := fileLimit(); n > 0 && conns.Total > n-128 {
		// Leave files for the database and the log, so that a flood of
		// connections meets our limit before the system's.
		conns.Total = max(64, n-128)
	}
	fs.IntVar(&conns.Total, "conns", conns.Total, "the most open HTTP connections in all (4096 at most, and the file limit less 128)")
	fs.DurationVar(&conns.Read, "read-timeout", conns.Read, "time to read a whole request; headers get at most 5 s of it")
	fs.DurationVar(&conns.Write, "write-timeout", conns.Write, "time to write a reply")
	fs.DurationVar(&conns.Idle, "idle-timeout", conns.Idle, "time a keep-alive connection may wait for its next request")
	fs.DurationVar(&conns.Grace, "grace", conns.Grace, "at shutdown (SIGTERM, SIGINT), time for the requests under way to finish")
	bad := func(format string, a ...any) int { return prog.Exit(cli.Usagef(format, a...)) }
	if ok, code := prog.Parse(args); !ok {
		return code
	}
	if *list {
		listGames(stdout)
		return 0
	}
	modes := 0
	for _, on := range []bool{*useStdin, *addr != "", *backup != "", *check} {
		if on {
			modes++
		}
	}
	if modes != 1 {
		return bad("give exactly one of -stdin, -http ADDRESS, -backup FILE and -check")
	}
	if (*certFile == "") != (*keyFile == "") {
		return bad("give both -tls-cert and -tls-key, or neither")
	}
	trusted, err := parseProxies(*proxies)
	if err != nil {
		return bad("-trusted-proxy: %v", err)
	}
	var trustedOrigins []string
	if *origins != "" {
		trustedOrigins = strings.Split(*origins, ",")
	}
	crossOrigin, err := newCrossOrigin(trustedOrigins)
	if err != nil {
		return bad("-origin: %v", err)
	}
	if *cost < bcrypt.MinCost || *cost > bcrypt.MaxCost {
		return bad("-cost must be %d to %d", bcrypt.MinCost, bcrypt.MaxCost)
	}
	conns.ReadHeader = min(conns.ReadHeader, conns.Read)
	if conns.Read <= 0 || conns.Write <= 0 || conns.Idle <= 0 || conns.Grace <= 0 || lim.RequestTime <= 0 || lim.BotTime <= 0 {
		return bad("the timeouts must be positive")
	}
	for _, v := range []int{lim.MaxOpenBoards, lim.Challenges, lim.NewBoards, lim.Registrations, lim.PasswordChecks, lim.WrongPasswords,
		lim.WrongFromAddress, lim.Requests, lim.MaxCommands, lim.MaxReplays, lim.BotSearches, lim.BotQueue, lim.BotGames, lim.BotGamesPerAddress, conns.PerAddress, conns.Total} {
		if v < 1 {
			return bad("the limits must be at least 1")
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	open := openDB
	if *backup != "" || *check {
		open = OpenExisting // a tool reads a store; it never makes one
	}
	st, err := open(ctx, *dsn)
	if err != nil {
		return failed(stderr, err)
	}
	defer st.Close()
	switch {
	case *backup != "":
		if err := st.Backup(ctx, *backup); err != nil {
			return failed(stderr, inputErr("-backup", *backup, err))
		}
		if !prog.Quiet {
			fmt.Fprintf(stderr, "pbmserv: %s copied to %s\n", clip(*dsn), clip(*backup))
		}
		return 0
	case *check:
		return checkBoards(ctx, st, stdout, stderr)
	}
	srv := NewServer(st, *cost, log.New(stderr, "pbmserv: ", log.LstdFlags))
	srv.SetLimits(lim)
	// Once the doors have stopped, the bots stop: their searches end at
	// once and store nothing, and the moves they owe stay owed in the
	// store, for the next start. The store closes only once their
	// workers have returned (or botStopWait has passed).
	defer srv.Close(botStopWait)
	if *useStdin {
		if err := serveStdin(ctx, srv, stdin, stdout); err != nil {
			return failed(stderr, err)
		}
		return 0
	}
	srv.proxies, srv.crossOrigin = trusted, crossOrigin
	go srv.sweepBots(ctx)
	switch *accessLog {
	case "off":
	case "-":
		srv.access = slog.New(slog.NewJSONHandler(stderr, nil))
	default:
		f, err := os.OpenFile(*accessLog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return failed(stderr, inputErr("-access-log", *accessLog, err))
		}
		defer f.Close()
		srv.access = slog.New(slog.NewJSONHandler(f, nil))
	}
	conns.CertFile, conns.KeyFile = *certFile, *keyFile
	if *certFile != "" {
		// Read before listening, so that a bad file is an error of its
		// own flag (serving would name it with the path whole).
		if _, err := tls.LoadX509KeyPair(*certFile, *keyFile); err != nil {
			return failed(stderr, inputErr("-tls-cert/-tls-key", *certFile+" "+*keyFile, err))
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return failed(stderr, inputErr("-http", *addr, err))
	}
	if !prog.Quiet {
		scheme := "http"
		if *certFile != "" {
			scheme = "https"
		}
		fmt.Fprintf(stderr, "pbmserv: serving %s://%s/\n", scheme, ln.Addr())
	}
	if err := serveHTTP(ctx, srv, ln, conns); err != nil {
		return failed(stderr, err)
	}
	return 0
}

// botStopWait bounds the wait for the bots' workers at shutdown: a
// search told to stop returns within moments, and one that does not (a
// bot that overruns its clock) is not waited for; its move, if it comes,
// meets a closed store and is not stored.
const botStopWait = 2 * time.Second

// ConnLimits are the HTTP door's limits on connections. Each is chosen so
// that a slow or idle client is dropped long before it matters, and a
// real one (a page load, a mail robot's POST) never meets them.
type ConnLimits struct {
	ReadHeader time.Duration // to read a request's headers
	Read       time.Duration // to read a whole request, body included
	Write      time.Duration // from the end of the headers to the end of the reply
	Idle       time.Duration // a keep-alive connection between requests
	Grace      time.Duration // at shutdown, for the requests under way to finish
	CertFile   string        // TLS: the certificate (PEM), "" for plain HTTP
	KeyFile    string        // TLS: its private key (PEM)
	MaxHeader  int           // bytes of request line and headers
	PerAddress int           // open connections from one IP address
	Total      int           // open connections in all
}

// DefaultConnLimits: 5 s for headers (a browser sends them in one packet),
// 15 s for a body of at most 64 KiB, 30 s to write a reply (a few hundred
// KiB at most), 60 s idle, 16 KiB of headers, 64 connections per address
// (a browser opens 6; a NAT of a few households stays under) and 4,096 in
// all, well under the usual file limit; 15 s at shutdown, more than a
// request's 10 s of work.
var DefaultConnLimits = ConnLimits{
	ReadHeader: 5 * time.Second,
	Read:       15 * time.Second,
	Write:      30 * time.Second,
	Idle:       60 * time.Second,
	Grace:      15 * time.Second,
	MaxHeader:  16 << 10,
	PerAddress: 64,
	Total:      4096,
}

// serveHTTP serves srv on ln with the connection limits until ctx ends,
// then shuts down gracefully: it stops accepting, closes idle
// connections, and lets the requests under way finish for c.Grace. Past
// it, their contexts end (cause errShuttingDown): a command not yet
// writing stops and is answered 503, a write under way finishes and is
// answered, and after at most answerTime(c.Grace) more every connection is
// closed.
// It returns only when no handler runs any more, so the caller may close
// the store.
func serveHTTP(ctx context.Context, srv *Server, ln net.Listener, c ConnLimits) error {
	base, stopRequests := context.WithCancelCause(context.Background())
	defer stopRequests(nil)
	var running sync.WaitGroup
	h := srv.handler(min(srv.limits.RequestTime, c.Write-c.Write/4))
	hs := &http.Server{
		// The requests' deadline ends their work a quarter of the write
		// timeout before it, so that the reply saying what was not done
		// is still written.
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			running.Add(1)
			defer running.Done()
			h.ServeHTTP(w, r)
		}),
		BaseContext:       func(net.Listener) context.Context { return base },
		ReadHeaderTimeout: c.ReadHeader,
		ReadTimeout:       c.Read,
		WriteTimeout:      c.Write,
		IdleTimeout:       c.Idle,
		MaxHeaderBytes:    c.MaxHeader,
		ErrorLog:          log.New(io.Discard, "", 0), // dropped slow clients are not news
	}
	served := make(chan error, 1)
	limited := limitListener(ln, c.PerAddress, c.Total, srv.metrics)
	go func() {
		if c.CertFile != "" {
			served <- hs.ServeTLS(limited, c.CertFile, c.KeyFile)
			return
		}
		served <- hs.Serve(limited)
	}()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	grace, cancel := context.WithTimeout(context.Background(), c.Grace)
	defer cancel()
	if err := hs.Shutdown(grace); err != nil {
		// The grace period is over: stop the work still running, let it
		// answer, then close what is left.
		stopRequests(errShuttingDown)
		// Shutdown again, which returns once every connection has written
		// its reply and closed: a handler that has returned has not yet
		// flushed its reply, and closing the connections then would cut
		// the 503 off (on a busy machine the flush can come a while after
		// the handler's return).
		answered, cancel := context.WithTimeout(context.Background(), answerTime(c.Grace))
		defer cancel()
		hs.Shutdown(answered)
		hs.Close()
	}
	<-served // http.ErrServerClosed
	running.Wait()
	return nil
}

// answerTime is how long requests stopped at the end of the grace period
// have to write their 503: a quarter of the grace, and never less than 2 s,
// since a stopped request answers at once on an idle machine but a busy
// one may take a moment to schedule it.
func answerTime(grace time.Duration) time.Duration { return max(grace/4, 2*time.Second) }

// connLimiter is a listener that closes, at once, a connection beyond the
// limits: a flood of connections from one address costs it its own slots,
// not everybody's. Addresses are counted as the rate limits count them
// (an IPv6 address by its /64). Past half the total, an address that
// already holds fairShare connections gets no more: so a few dozen
// addresses cannot fill the server (from half full, the rest takes
// (Total/2)/fairShare addresses: 256 by default), and a client with a
// browser's handful of connections still gets in.
type connLimiter struct {
	net.Listener
	perAddr, total int
	metrics        *metrics
	mu             sync.Mutex
	open           map[string]int
	all            int
}

// fairShare is what one address may hold once the server is half full:
// more than a browser opens (6), far less than the per-address cap.
const fairShare = 8

func limitListener(ln net.Listener, perAddr, total int, m *metrics) net.Listener {
	return &connLimiter{Listener: ln, perAddr: perAddr, total: total, metrics: m, open: map[string]int{}}
}

func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.acceptOne()
		if err != nil || c != nil {
			return c, err
		}
	}
}

// acceptOne accepts a connection, or closes it and returns nil when it is
// beyond a limit.
func (l *connLimiter) acceptOne() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	host := c.RemoteAddr().String()
	if ap, err := netip.ParseAddrPort(host); err == nil {
		host = addrKey(ap.Addr())
	}
	l.mu.Lock()
	n := l.open[host]
	refused := ""
	switch {
	case l.all >= l.total:
		refused = "connections_total"
	case n >= l.perAddr:
		refused = "connections_per_address"
	case n >= fairShare && l.all >= l.total/2:
		refused = "connections_fair_share"
	default:
		l.open[host]++
		l.all++
	}
	l.mu.Unlock()
	if refused != "" {
		if l.metrics != nil {
			l.metrics.refused.WithLabelValues(refused).Inc()
		}
		c.Close()
		return nil, nil
	}
	if l.metrics != nil {
		l.metrics.conns.Inc()
	}
	return &limitedConn{Conn: c, release: func() {
		if l.metrics != nil {
			l.metrics.conns.Dec()
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		l.all--
		if l.open[host]--; l.open[host] == 0 {
			delete(l.open, host)
		}
	}}, nil
}

type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// parseProxies reads -trusted-proxy: addresses and CIDR blocks, comma
// separated.
func parseProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%s is no address or CIDR block", quote(f))
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// serveStdin is the mail robot's door: one command per line; for each, the
// command echoed after "> " (password masked), the reply, and an empty
// line. Empty lines and lines starting with '#' are skipped, so a mail
// body's blank lines and comments do no harm. Each reply is flushed as soon
// as its command has been committed. A line too long or not text gets an
// error reply (and no echo of its bytes), and the next line is read: no
// input stops the door but its end.
func serveStdin(ctx context.Context, srv *Server, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, maxLine+2)
	w := bufio.NewWriter(out)
	for {
		line, long, err := readLine(r)
		if err != nil && !(errors.Is(err, io.EOF) && (len(line) > 0 || long > 0)) {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		var echo, reply string
		text := strings.TrimSpace(string(line))
		switch {
		case long > 0:
			echo, reply = "(a line of "+fmt.Sprint(long)+" bytes)", fmt.Sprintf("error: line too long (%d bytes, at most %d)\n", long, maxLine)
		case !isText(text):
			echo, reply = "(a line that is not text)", "error: line is not text (UTF-8 without control characters)\n"
		case text == "" || strings.HasPrefix(text, "#"):
		default:
			// A signal stops the door after the command under way, which
			// runs to its end and is answered.
			echo, reply = masked(text), srv.Execute(context.WithoutCancel(ctx), text)
		}
		if reply != "" {
			fmt.Fprintf(w, "> %s\n%s\n", echo, reply)
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// readLine reads one line without its end. A line longer than maxLine is
// skipped to its end without being kept: long is its length (0 for a line
// that fits), so memory stays bounded whatever comes in. The length is the
// line's without its end, "\n" or "\r\n" alike: a mail robot on
// another system must not lose a byte of the limit to its line ends.
func readLine(r *bufio.Reader) (line []byte, long int, err error) {
	cr := false // the last full chunk ended in '\r', which may be the end's
	for {
		chunk, err := r.ReadSlice('\n')
		full := errors.Is(err, bufio.ErrBufferFull)
		body := chunk
		if !full {
			// The line's last chunk: its end is not counted. (A chunk cut
			// by a full buffer keeps its '\r' until the next chunk shows
			// whether a '\n' follows.)
			body = bytes.TrimRight(chunk, "\r\n")
			if len(body) == 0 && cr && len(chunk) > 0 {
				long-- // the '\r' counted with the chunk before was the end's
			}
		}
		if long == 0 && len(line)+len(body) <= maxLine {
			line = append(line, body...)
		} else {
			long += len(line) + len(body)
			line = nil
		}
		if full {
			cr = len(chunk) > 0 && chunk[len(chunk)-1] == '\r'
			continue
		}
		return line, long, err
	}
}

// isText: valid UTF-8 without control characters other than tab.
func isText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 && r != '\t' || r == 0x7f {
			return false
		}
	}
	return true
}

// listGames is -list: the registry's games and variants, as every
// program lists them, then the older game words the commands still take.
func listGames(w io.Writer) {
	cli.ListGames(w)
	for _, gw := range gameWords() {
		if gw.alias != "" {
			fmt.Fprintf(w, "%s: the older name of %s, still taken by the commands\n", gw.word, gw.alias)
		}
	}
}

// failed reports err on stderr, in one line of bounded size, and returns
// the exit code of a failure.
func failed(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "pbmserv:", clipError(err.Error()))
	return 1
}

// maxErrorText bounds an error's text on stderr: the errors made here
// quote their inputs (quote), but a driver's may repeat a flag's value
// whole.
const maxErrorText = 256

func clipError(s string) string {
	return clipTo(strings.Join(strings.Fields(s), " "), maxErrorText)
}

// inputErr is err, caused by a flag's value, told without the value's
// repetition in err's own text (a path, an address): the flag, its value
// quoted as errors quote inputs, and err's innermost cause.
func inputErr(flag, value string, err error) error {
	return fmt.Errorf("%s %s: %v", flag, quote(value), cause(err))
}

// cause is the innermost error of the standard library's wrappers that
// repeat their input: a path, an address.
func cause(err error) error {
	for {
		if pe, ok := errors.AsType[*os.PathError](err); ok {
			err = pe.Err
			continue
		}
		if oe, ok := errors.AsType[*net.OpError](err); ok && oe.Err != nil {
			err = oe.Err
			continue
		}
		if ae, ok := errors.AsType[*net.AddrError](err); ok {
			return errors.New(ae.Err)
		}
		return err
	}
}
