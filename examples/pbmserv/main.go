package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"golang.org/x/crypto/bcrypt"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main with its surroundings as arguments, so that tests run the
// real program in-process or as a child process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pbmserv", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dsn := fs.String("db", "pbmserv.db", "the store: an SQLite file (created when missing), or a postgres:// URL")
	useStdin := fs.Bool("stdin", false, "read commands from standard input, one per line, and print one reply block each")
	addr := fs.String("http", "", "serve HTTP on this address, e.g. 127.0.0.1:8080")
	cost := fs.Int("cost", bcrypt.DefaultCost, "bcrypt cost of new password hashes")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *useStdin == (*addr != "") || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "pbmserv: give exactly one of -stdin and -http ADDRESS")
		fs.Usage()
		return 2
	}
	if *cost < bcrypt.MinCost || *cost > bcrypt.MaxCost {
		fmt.Fprintf(stderr, "pbmserv: -cost must be %d to %d\n", bcrypt.MinCost, bcrypt.MaxCost)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := Open(ctx, *dsn)
	if err != nil {
		fmt.Fprintln(stderr, "pbmserv:", err)
		return 1
	}
	defer st.Close()
	srv := NewServer(st, *cost, log.New(stderr, "pbmserv: ", log.LstdFlags))
	if *useStdin {
		if err := serveStdin(ctx, srv, stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "pbmserv:", err)
			return 1
		}
		return 0
	}
	hs := &http.Server{Addr: *addr, Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shut)
	}()
	fmt.Fprintf(stderr, "pbmserv: serving http://%s/\n", *addr)
	if err := hs.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "pbmserv:", err)
		return 1
	}
	return 0
}

// serveStdin is the mail robot's door: one command per line; for each, the
// command echoed after "> " (password masked), the reply, and an empty
// line. Empty lines and lines starting with '#' are skipped, so a mail
// body's blank lines and comments do no harm. Each reply is flushed as soon
// as its command has been committed.
func serveStdin(ctx context.Context, srv *Server, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 64*1024)
	w := bufio.NewWriter(out)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fmt.Fprintf(w, "> %s\n%s\n", masked(line), srv.Execute(ctx, line))
		if err := w.Flush(); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("a line longer than 64 KiB: stopped")
	}
	return sc.Err()
}
