package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestCrossSitePosts: a browser's POST from another site (a text/plain
// form, which needs no preflight) is refused 403 and changes nothing; the
// server's own pages may post, and so may a script, which sends no
// Origin and no Sec-Fetch-Site.
func TestCrossSitePosts(t *testing.T) {
	s, ts := boardOverHTTP(t)
	post := func(path, body string, header map[string]string) (int, string) {
		req, _ := http.NewRequest("POST", ts.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "text/plain")
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, h := range []map[string]string{
		{"Origin": "https://evil.example"},
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site", "Origin": "https://sub.example"},
	} {
		code, body := post("/command", "register mallory x", h)
		if code != http.StatusForbidden || !strings.Contains(body, "cross-site request is refused") {
			t.Errorf("POST /command with %v: %d %q, want 403", h, code, body)
		}
		if code, _ := post("/boards/1", "user=alice&password=a&move=A1-B1", h); code != http.StatusForbidden {
			t.Errorf("POST /boards/1 with %v: %d, want 403", h, code)
		}
	}
	if r := s.Execute(context.Background(), "games mallory"); !strings.HasPrefix(r, "error: unknown user") {
		t.Errorf("a cross-site registration went through: %q", r)
	}
	u := strings.TrimPrefix(ts.URL, "http://")
	for _, h := range []map[string]string{
		nil, // a script
		{"Sec-Fetch-Site": "same-origin"},
		{"Origin": ts.URL},
		{"Sec-Fetch-Site": "none"}, // typed by the user
	} {
		if code, body := post("/command", "games alice", h); code != http.StatusOK {
			t.Errorf("POST /command from %s with %v: %d %q, want 200", u, h, code, body)
		}
	}
	// A trusted origin (-origin) may post too.
	co, err := newCrossOrigin([]string{"https://play.example"})
	if err != nil {
		t.Fatal(err)
	}
	s.crossOrigin = co
	ts2 := httptest.NewServer(s.Handler())
	defer ts2.Close()
	req, _ := http.NewRequest("POST", ts2.URL+"/command", strings.NewReader("games alice"))
	req.Header.Set("Origin", "https://play.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("POST from a trusted origin: %s", resp.Status)
	}
}

// TestTrustedProxies: behind a trusted proxy the limits key on the
// address it forwards (the rightmost one that is not itself a trusted
// proxy); from anyone else X-Forwarded-For is ignored, so a client cannot
// choose its own key.
func TestTrustedProxies(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	var err error
	if s.proxies, err = parseProxies("10.0.0.0/8, 192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		peer, xff, want string
	}{
		{"198.51.100.7:1234", "203.0.113.5", "198.51.100.7"},               // not a proxy: ignored
		{"10.1.2.3:1234", "203.0.113.5", "203.0.113.5"},                    // a proxy
		{"10.1.2.3:1234", "1.2.3.4, 203.0.113.5", "203.0.113.5"},           // the rightmost untrusted hop
		{"10.1.2.3:1234", "203.0.113.5, 10.9.9.9", "203.0.113.5"},          // through two proxies
		{"192.0.2.1:1234", "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},    // IPv6 by its /64
		{"10.1.2.3:1234", "", "10.1.2.3"},                                  // no header
		{"10.1.2.3:1234", "bogus, 203.0.113.5", "203.0.113.5"},             // the hops before a bad one are not read
		{"10.1.2.3:1234", "203.0.113.5, bogus", "10.1.2.3"},                // a bad last hop: the proxy
		{"[2001:db8:aa:bb::1]:1234", "203.0.113.5", "2001:db8:aa:bb::/64"}, // untrusted IPv6 peer
		{"[::ffff:198.51.100.7]:1234", "203.0.113.5", "198.51.100.7"},      // IPv4 in IPv6
		{"[::ffff:10.0.0.1]:1234", "203.0.113.5", "203.0.113.5"},           // a proxy, mapped
		{"192.0.2.1:1234", "203.0.113.5:4711", "192.0.2.1"},                // not an address
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := s.clientAddr(r); got != c.want {
			t.Errorf("peer %s, X-Forwarded-For %q: client %s, want %s", c.peer, c.xff, got, c.want)
		}
	}
	// End to end: two clients behind one proxy have budgets of their own.
	s.SetLimits(Limits{Registrations: 1})
	s.proxies, _ = parseProxies("127.0.0.1")
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	register := func(xff, user string) int {
		req, _ := http.NewRequest("POST", ts.URL+"/command", strings.NewReader("register "+user+" pw"))
		req.Header.Set("X-Forwarded-For", xff)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if a, b, a2 := register("203.0.113.1", "u1"), register("203.0.113.2", "u2"), register("203.0.113.1", "u3"); a != 200 || b != 200 || a2 != 429 {
		t.Errorf("one registration each behind a proxy: %d %d, then the first again %d; want 200 200 429", a, b, a2)
	}
}

// TestConnectionFairness: connections are counted by IPv6 /64, so one
// host cannot pass for many; and once the server is half full an address
// holding its fair share gets no more, so that a few addresses cannot
// fill it and a newcomer still gets in.
func TestConnectionFairness(t *testing.T) {
	ln := &fakeListener{}
	l := limitListener(ln, 64, 200, nil).(*connLimiter)
	accept := func(addr string) bool {
		ln.next = &fakeConn{remote: net.TCPAddrFromAddrPort(netip.MustParseAddrPort(addr))}
		c, err := l.acceptOne()
		return c != nil && err == nil
	}
	// One IPv6 host, many addresses of its /64: one address's cap.
	n := 0
	for i := range 100 {
		a := netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, byte(i >> 8), byte(i)})
		if accept(netip.AddrPortFrom(a, 1000).String()) {
			n++
		}
	}
	if n != 64 || l.open["2001:db8:1:2::/64"] != 64 {
		t.Errorf("100 addresses of one /64 hold %d connections (open %v), want the per-address cap of 64 counted as one address", n, l.open)
	}
	// Up to half full, an address gets what its cap allows.
	for i := range 50 {
		accept(netip.AddrPortFrom(netip.MustParseAddr("192.0.2.1"), uint16(2000+i)).String())
	}
	if l.all != 100 {
		t.Fatalf("%d open, want 100 (half full)", l.all)
	}
	// Past half full, each address gets its fair share and no more, so
	// that a few addresses cannot fill the rest.
	for _, a := range []string{"192.0.2.2", "192.0.2.3", "2001:db8:9::1"} {
		got := 0
		for i := range 20 {
			if accept(netip.AddrPortFrom(netip.MustParseAddr(a), uint16(3000+i)).String()) {
				got++
			}
		}
		if got != fairShare {
			t.Errorf("%s past half full got %d connections, want its fair share %d", a, got, fairShare)
		}
	}
	if !accept("198.51.100.1:5000") {
		t.Error("a newcomer is refused")
	}
	// The total cap holds whatever the shares.
	for i := range 200 {
		accept(netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}), 6000).String())
	}
	if l.all != l.total {
		t.Errorf("%d open after 200 newcomers, want the total %d", l.all, l.total)
	}
}

// fakeListener hands out one connection at a time, for connLimiter's
// decisions without sockets.
type fakeListener struct {
	net.Listener
	next   net.Conn
	closed bool
}

func (l *fakeListener) Accept() (net.Conn, error) {
	if l.next == nil {
		return nil, errors.New("no more")
	}
	c := l.next
	l.next = nil
	return c, nil
}

type fakeConn struct {
	net.Conn
	remote net.Addr
}

func (c *fakeConn) RemoteAddr() net.Addr { return c.remote }
func (c *fakeConn) Close() error         { return nil }

// TestHealthAndMetrics: /healthz says ok while the store answers and 503
// when it does not; /metrics counts requests by route and status, moves,
// refusals by limit and store errors.
func TestHealthAndMetrics(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	fresh := Limits{StatusEvery: time.Nanosecond} // every check pings, every read gathers
	s.SetLimits(fresh)
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	if code, body := httpDo(t, "GET", ts.URL+"/healthz", "", ""); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	httpDo(t, "POST", ts.URL+"/command", "text/plain", "tumbling move 1 alice a "+firstLegal(t, s, 1))
	httpDo(t, "POST", ts.URL+"/command", "text/plain", "tumbling move 1 bob wrong A1-B1")
	httpDo(t, "GET", ts.URL+"/games/1", "", "")
	s.SetLimits(Limits{Requests: 1, RequestEvery: time.Hour, StatusEvery: time.Nanosecond})
	httpDo(t, "GET", ts.URL+"/games/1", "", "")
	httpDo(t, "GET", ts.URL+"/games/1", "", "") // refused
	s.SetLimits(fresh)
	// A request is counted once its reply is flushed, which its client
	// may see first: the last one may take a moment to be counted.
	var missing []string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		code, m := httpDo(t, "GET", ts.URL+"/metrics", "", "")
		if code != 200 {
			t.Fatalf("/metrics: %d", code)
		}
		missing = nil
		for _, w := range []string{
			`pbmserv_http_requests_total{code="200",route="command"} 1`,
			`pbmserv_http_requests_total{code="403",route="command"} 1`,
			`pbmserv_http_requests_total{code="429",route="games"} 1`,
			`pbmserv_http_requests_total{code="200",route="healthz"} 1`,
			`pbmserv_refused_total{limit="requests"} 1`,
			`pbmserv_http_request_seconds_count{route="games"} 3`,
			"pbmserv_moves_total 1",
			"pbmserv_store_errors_total 0",
			"go_goroutines ",
		} {
			if !strings.Contains(m, w) {
				missing = append(missing, w)
			}
		}
		if len(missing) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, w := range missing {
		t.Errorf("/metrics lacks %q", w)
	}
	s.store = downStore{s.store}
	if code, body := httpDo(t, "GET", ts.URL+"/healthz", "", ""); code != 503 || body != "store unreachable\n" {
		t.Errorf("/healthz with the store down: %d %q", code, body)
	}
	if _, m := httpDo(t, "GET", ts.URL+"/metrics", "", ""); !strings.Contains(m, "pbmserv_store_errors_total 1") {
		t.Error("/metrics does not count the store's error")
	}
}

// countingPings counts the store's pings.
type countingPings struct {
	Store
	pings atomic.Int32
}

func (c *countingPings) Ping(ctx context.Context) error {
	c.pings.Add(1)
	time.Sleep(5 * time.Millisecond) // a ping's round trip, so that checks overlap
	return c.Store.Ping(ctx)
}

// TestStatusEndpointsBounded: health checks and metrics cost the store
// and the process little however many ask: /healthz pings the store at
// most once per Limits.StatusEvery and /metrics gathers at most once per
// it, and both count in an address's request limit.
func TestStatusEndpointsBounded(t *testing.T) {
	st := &countingPings{Store: openStore(t, storeKinds(t)[0].dsn(t))}
	s := serverOver(t, st)
	s.SetLimits(Limits{StatusEvery: time.Hour, Requests: 1000})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	var wg sync.WaitGroup
	var bad atomic.Int32
	for range 8 {
		wg.Go(func() {
			for range 50 {
				resp, err := http.Get(ts.URL + "/healthz")
				if err != nil {
					bad.Add(1)
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					bad.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if n := st.pings.Load(); n != 1 || bad.Load() != 0 {
		t.Errorf("400 health checks, 8 at once: %d pings of the store, %d not ok; want 1 ping, all ok", n, bad.Load())
	}
	_, first := httpDo(t, "GET", ts.URL+"/metrics", "", "")
	_, second := httpDo(t, "GET", ts.URL+"/metrics", "", "")
	if first != second {
		t.Error("two reads of /metrics within StatusEvery differ: the metrics were gathered twice")
	}
	s.SetLimits(Limits{Requests: 3, RequestEvery: time.Hour})
	ts2 := httptest.NewServer(s.Handler())
	defer ts2.Close()
	var codes []int
	for _, path := range []string{"/healthz", "/metrics", "/healthz", "/healthz", "/metrics"} {
		code, _ := httpDo(t, "GET", ts2.URL+path, "", "")
		codes = append(codes, code)
	}
	if want := []int{200, 200, 200, 429, 429}; !slices.Equal(codes, want) {
		t.Errorf("health checks and metrics from one address with 3 requests allowed: %v, want %v", codes, want)
	}
}

func firstLegal(t *testing.T, s *Server, id int64) string {
	t.Helper()
	g, err := s.loadBoard(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.pos.LegalMoves()[0]
}

// downStore is a store whose database does not answer: every call fails
// as a driver's does when the server is gone.
type downStore struct{ Store }

var errDown = errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")

func (downStore) AddUser(context.Context, string, string) error             { return errDown }
func (downStore) PasswordHash(context.Context, string) (string, error)      { return "", errDown }
func (downStore) Board(context.Context, int64) (*Board, error)              { return nil, errDown }
func (downStore) BoardHead(context.Context, int64) (*Board, error)          { return nil, errDown }
func (downStore) Save(context.Context, *Board, string) error                { return errDown }
func (downStore) UserBoards(context.Context, string, int) ([]*Board, error) { return nil, errDown }
func (downStore) OpenBoards(context.Context, int) ([]*Board, error)         { return nil, errDown }
func (downStore) Ping(context.Context) error                                { return errDown }
func (downStore) Take(context.Context, string, int, time.Duration, time.Time) (time.Duration, bool, error) {
	return 0, false, errDown
}

// TestStoreDown: while the store is unreachable every door answers 503
// "try again later" (with Retry-After), never 500 and never "damaged".
func TestStoreDown(t *testing.T) {
	s, ts := boardOverHTTP(t)
	s.store = downStore{s.store}
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/games/1", ""},
		{"GET", "/boards/1", ""},
		{"GET", "/", ""},
		{"POST", "/command", "tumbling board 1"},
		{"POST", "/command", "tumbling history 1"},
		{"POST", "/command", "tumbling move 1 alice a A1-B1"},
		{"POST", "/command", "games alice"},
		{"POST", "/command", "register carol c"},
		{"POST", "/command", "tumbling challenge alice bob"},
		{"POST", "/boards/1", "user=alice&password=a&move=A1-B1"},
	} {
		ctype := "text/plain"
		if c.path == "/boards/1" {
			ctype = "application/x-www-form-urlencoded"
		}
		req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
		req.Header.Set("Content-Type", ctype)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 503 || !strings.Contains(string(b), "the store is unreachable: try again later") || strings.Contains(string(b), "damaged") ||
			resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s %s %q with the store down: %d %q (Retry-After %q), want 503", c.method, c.path, c.body, resp.StatusCode, b, resp.Header.Get("Retry-After"))
		}
	}
}

// TestBodyTimeout: a body that does not arrive within the read timeout
// is answered 408, not 413; a form past the limit is still 413.
func TestBodyTimeout(t *testing.T) {
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	limits := DefaultConnLimits
	limits.Read, limits.ReadHeader = 500*time.Millisecond, 500*time.Millisecond
	go serveHTTP(ctx, s, ln, limits)
	for _, path := range []string{"/command", "/boards/1"} {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(c, "POST "+path+" HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nuser=al")
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		b, _ := io.ReadAll(resp.Body)
		c.Close()
		if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(b), "did not arrive in time") {
			t.Errorf("POST %s with a body that stops: %d %q, want 408", path, resp.StatusCode, b)
		}
	}
}

// TestHandlerPanics: a panic in the page or JSON handlers (an engine's
// bug) is answered 500 and logged with its stack, not dropped with the
// connection and written to a discarded log.
func TestHandlerPanics(t *testing.T) {
	var logged bytes.Buffer
	st := openStore(t, storeKinds(t)[0].dsn(t))
	s := NewServer(st, 4, log.New(&logged, "", 0))
	registerAliceAndBob(t, s)
	b := &Board{Word: "pebbles", Game: "pebbles", Variant: "boom", Players: []string{"alice", "bob"}, Position: "pebbles boom 10 0", Created: time.Now()}
	if _, err := st.NewBoardWithin(context.Background(), b, nil); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, path := range []string{"/games/1", "/boards/1"} {
		logged.Reset()
		code, body := httpDo(t, "GET", ts.URL+path, "", "")
		if code != 500 || body != "error: internal error\n" {
			t.Errorf("GET %s of a board whose engine panics: %d %q, want 500", path, code, body)
		}
		if !strings.Contains(logged.String(), "panic serving GET "+path+": pebbles panics on purpose") || !strings.Contains(logged.String(), "goroutine ") {
			t.Errorf("GET %s: the panic is not logged with its stack:\n%s", path, logged.String())
		}
	}
}

// TestAccessLog: one JSON line per request with the method, path,
// status, size, time and client address, and never a password, whether
// sent by command or by the page's form.
func TestAccessLog(t *testing.T) {
	s, ts := boardOverHTTP(t)
	var out syncBuffer
	s.access = slog.New(slog.NewJSONHandler(&out, nil))
	httpDo(t, "POST", ts.URL+"/command", "text/plain", "register carol sekrit-one")
	httpDo(t, "POST", ts.URL+"/command", "text/plain", "tumbling move 1 alice sekrit-two A1-B1")
	httpDo(t, "POST", ts.URL+"/boards/1", "application/x-www-form-urlencoded", "user=alice&password=sekrit-three&move=A1-B1")
	httpDo(t, "GET", ts.URL+"/games/1?password=sekrit-four", "", "")
	if lines := logLines(&out, 4); len(lines) != 4 {
		t.Fatalf("%d lines for 4 requests:\n%s", len(lines), out.String())
	}
	for _, w := range []string{`"method":"POST"`, `"path":"/command"`, `"status":200`, `"status":403`, `"client":"127.0.0.1"`, `"path":"/games/1"`, `"ms":`, `"bytes":`} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the access log lacks %s:\n%s", w, out.String())
		}
	}
	if strings.Contains(out.String(), "sekrit") {
		t.Errorf("a password in the access log:\n%s", out.String())
	}
}

// TestTLS: with a certificate and key the server speaks HTTPS only.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	cert, key := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	pool := writeCert(t, cert, key)
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	limits := DefaultConnLimits
	limits.CertFile, limits.KeyFile = cert, key
	served := make(chan error, 1)
	go func() { served <- serveHTTP(ctx, s, ln, limits) }()
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := client.Post("https://"+ln.Addr().String()+"/command", "text/plain", strings.NewReader("register alice a"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(b) != "registered alice\n" || resp.TLS == nil {
		t.Errorf("over HTTPS: %d %q", resp.StatusCode, b)
	}
	if resp, err := http.Get("http://" + ln.Addr().String() + "/healthz"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == 200 {
			t.Error("plain HTTP answered 200 on the HTTPS port")
		}
	}
	stop()
	if err := <-served; err != nil {
		t.Error(err)
	}
}

// writeCert writes a self-signed certificate for 127.0.0.1 and its key,
// and returns a pool that trusts it.
func writeCert(t *testing.T, certFile, keyFile string) *x509.CertPool {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "pbmserv test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	c, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(c)
	return pool
}

// TestUndeliveredReply: a reply that could not be written (here: the
// write timeout passed while a slow store read held the request) is
// logged and counted as 499, with the status it would have had, not as
// delivered; a reply that went out is logged with its status.
func TestUndeliveredReply(t *testing.T) {
	// Full reads (history) take longer than the write timeout, whatever
	// the request's deadline; reads of a board's head (board) are quick.
	sr := &slowReads{Store: openStore(t, storeKinds(t)[0].dsn(t)), before: 600 * time.Millisecond}
	s := serverOver(t, sr)
	registerAliceAndBob(t, s)
	mustExec(t, s, "tumbling challenge alice bob")
	var out syncBuffer
	s.access = slog.New(slog.NewJSONHandler(&out, nil))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	c := DefaultConnLimits
	c.Write = 300 * time.Millisecond
	served := make(chan error, 1)
	go func() { served <- serveHTTP(ctx, s, ln, c) }()
	defer func() { stop(); <-served }()
	base := "http://" + ln.Addr().String()
	if code, _ := httpDo(t, "POST", base+"/command", "text/plain", "tumbling board 1"); code != 200 {
		t.Fatalf("a quick command: %d", code)
	}
	resp, err := http.Post(base+"/command", "text/plain", strings.NewReader("tumbling history 1"))
	if err == nil {
		resp.Body.Close()
		t.Fatalf("a reply written past the write timeout arrived: %s", resp.Status)
	}
	var lines []map[string]any
	for _, l := range logLines(&out, 2) {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("access log line %q: %v", l, err)
		}
		lines = append(lines, m)
	}
	if len(lines) != 2 {
		t.Fatalf("%d access log lines for 2 requests:\n%s", len(lines), out.String())
	}
	if lines[0]["status"] != 200.0 || lines[0]["sent"] != nil {
		t.Errorf("the delivered reply's line: %v", lines[0])
	}
	if l := lines[1]; l["status"] != 499.0 || l["sent"] != 503.0 || !strings.Contains(fmt.Sprint(l["error"]), "timeout") {
		t.Errorf("the undelivered reply's line: %v; want status 499, sent 503 and the write's timeout", l)
	}
	for _, w := range []string{`pbmserv_http_requests_total{code="200",route="command"} 1`, `pbmserv_http_requests_total{code="499",route="command"} 1`} {
		if !strings.Contains(metricsText(t, s), w) {
			t.Errorf("the metrics lack %s", w)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// logLines returns the lines of an access log once it has n of them, or
// after 5 s: a request's line is written once its reply is flushed, so
// the client may hold the reply a moment before the line is there.
func logLines(out *syncBuffer, n int) []string {
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if lines[0] == "" {
			lines = nil
		}
		if len(lines) >= n || time.Now().After(deadline) {
			return lines
		}
	}
}

// metricsText is the server's metrics as /metrics would serve them, read
// straight from its registry.
func metricsText(t *testing.T, s *Server) string {
	rec := httptest.NewRecorder()
	s.metrics.handler(time.Nanosecond).ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	return rec.Body.String()
}
