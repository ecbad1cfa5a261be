package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// chromium finds a Chromium or Chrome binary: $PBMSERV_CHROMIUM, else the
// usual names on PATH.
func chromium() (string, bool) {
	if p := os.Getenv("PBMSERV_CHROMIUM"); p != "" {
		return p, true
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// dumpDOM loads url in headless Chromium and returns the DOM as the
// browser built it, after the page and anything it started (the virtual
// time budget lets scripts, frames and form posts finish first).
func dumpDOM(t *testing.T, bin, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--no-first-run", "--disable-dev-shm-usage",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=10000", "--dump-dom", url)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, stderr.String())
	}
	return string(out)
}

// driverPage is a test-only page that plays a player: it loads the board
// page in a frame, fills in the form with the first legal move the page
// lists, clicks the Move button, and copies the reply into its own DOM.
const driverPage = `<!DOCTYPE html>
<html><body>
<iframe id="f" src="/boards/1" width="800" height="600"></iframe>
<script>
const f = document.getElementById("f");
let loads = 0;
f.onload = () => {
	const d = f.contentDocument;
	loads++;
	if (loads === 1) {
		d.querySelector("input[name=user]").value = "alice";
		d.querySelector("input[name=password]").value = "pa";
		d.querySelector("input[name=move]").value = d.querySelector("#legalmoves li").textContent;
		d.querySelector("button[type=submit]").click();
		return;
	}
	const out = document.createElement("pre");
	out.id = "result";
	out.textContent = d.getElementById("reply").textContent + "|" + d.getElementById("status").textContent;
	document.body.appendChild(out);
};
</script>
</body></html>`

// TestBrowser shows a board page in a real headless browser: the picture
// is parsed as SVG, the legal moves are listed, and the form, filled in and
// submitted by the browser, makes the move. Skipped when no Chromium is
// installed (.ci/run installs Debian's).
func TestBrowser(t *testing.T) {
	bin, ok := chromium()
	if !ok {
		needTool(t, "no chromium or chrome binary found (set PBMSERV_CHROMIUM)")
		t.SkipNow()
	}
	s := newTestServer(t, storeKinds(t)[0].dsn(t))
	mustExec(t, s, "register alice pa")
	mustExec(t, s, "register bob pb")
	mustExec(t, s, "tumbling challenge alice bob")
	mustExec(t, s, "tumbling accept 1 alice pa") // on the front page once a player has joined
	mux := http.NewServeMux()
	mux.Handle("/", s.Handler())
	mux.HandleFunc("GET /test/driver", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(driverPage))
	})
	ts := httptest.NewServer(mux) // listens on 127.0.0.1
	defer ts.Close()

	dom := dumpDOM(t, bin, ts.URL+"/boards/1")
	g, err := s.load(t.Context(), "tumbling", 1)
	if err != nil {
		t.Fatal(err)
	}
	legal := g.pos.LegalMoves()
	for _, w := range []string{"<svg", "</svg>", `id="moveform"`, "<li>" + legal[0] + "</li>", "<li>" + legal[len(legal)-1] + "</li>", "move #1: alice (Black) to play"} {
		if !strings.Contains(dom, w) {
			t.Errorf("the browser's DOM lacks %q", w)
		}
	}
	if t.Failed() {
		t.Logf("DOM:\n%s", dom)
		return
	}

	// The front page lists the commands and links to the open board.
	dom = dumpDOM(t, bin, ts.URL+"/")
	for _, w := range []string{`<li><code>GAME move BOARD USER PASSWORD MOVE[#N]</code></li>`, `<li><code>crumble</code>:`,
		`<a href="/boards/1">board 1</a>: tumbling (pbmserv) alice vs bob: alice (Black) to play`} {
		if !strings.Contains(dom, w) {
			t.Errorf("the front page's DOM lacks %q:\n%s", w, dom)
		}
	}

	dom = dumpDOM(t, bin, ts.URL+"/test/driver")
	want := "alice played " + legal[0] + " (move #1) on board 1"
	if !strings.Contains(dom, want) || !strings.Contains(dom, "move #2: bob (White) to play") {
		t.Fatalf("after the form: DOM lacks %q:\n%s", want, dom)
	}
	g.b, err = s.store.Board(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.b.Plies != 1 || g.b.Moves[0] != legal[0] {
		t.Errorf("stored moves %q, want [%s]", g.b.Moves, legal[0])
	}
}
