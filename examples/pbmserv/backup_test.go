package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// storeWithGames is a store at dsn with six boards of random games, 30
// moves each at most, played through the commands.
func storeWithGames(t *testing.T, dsn string) (s *Server, games []plannedGame) {
	t.Helper()
	s = newTestServer(t, dsn)
	for i := range 4 {
		mustExec(t, s, fmt.Sprintf("register p%d pw%d", i, i))
	}
	games = planGames(t, 6, 30)
	for i, g := range games {
		mustExec(t, s, g.word+" challenge "+g.users[0]+" "+g.users[1])
		for n, m := range g.moves {
			u := g.users[g.seats[n]]
			mustExec(t, s, fmt.Sprintf("%s move %d %s pw%s %s#%d", g.word, i+1, u, u[1:], m, n+1))
		}
	}
	return s, games
}

// runCheck runs pbmserv -check on a store and returns its exit code and
// output.
func runCheck(t *testing.T, dsn string) (int, string) {
	var out, errb bytes.Buffer
	code := run([]string{"-check", "-db", dsn}, strings.NewReader(""), &out, &errb)
	return code, out.String() + errb.String()
}

// TestBackupSQLite: -backup copies an SQLite store while a server goes on
// moving on it; the copy opens as a store, and -check replays every board
// of it to its stored position. -check reports a damaged board and exits
// 1.
func TestBackupSQLite(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "live.db")
	s, _ := storeWithGames(t, src)
	// A writer goes on while the backup is taken.
	mustExec(t, s, "tumbling challenge p0 p1")
	stop := make(chan struct{})
	var moves atomic.Int32
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if strings.Contains(s.Execute(context.Background(), "tumbling propose 7 p0 pw0 draw"), "proposes") {
				s.Execute(context.Background(), "tumbling reject 7 p1 pw1")
				moves.Add(1)
			}
		}
	}()
	backup := filepath.Join(dir, "copy.db")
	var out, errb bytes.Buffer
	if code := run([]string{"-backup", backup, "-db", src}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("-backup: exit %d: %s", code, errb.String())
	}
	close(stop)
	<-done
	if moves.Load() == 0 {
		t.Log("the writer made no change during the backup")
	}
	code, report := runCheck(t, backup)
	if code != 0 || !strings.Contains(report, "7 boards, ") || !strings.Contains(report, " 0 damaged") {
		t.Errorf("-check of the backup: exit %d\n%s", code, report)
	}
	_, want := checkStore(t, openStore(t, src))
	if !strings.Contains(report, fmt.Sprintf(", %d moves replayed", want)) {
		t.Errorf("-check of the backup: %s; the live store has %d moves", report, want)
	}
	// A second backup to the same file is refused: nothing is overwritten.
	if code := run([]string{"-backup", backup, "-db", src, "-q"}, strings.NewReader(""), &out, &errb); code != 1 {
		t.Errorf("-backup over an existing file: exit %d", code)
	}
	// Damage one board of the copy: -check says which, and exits 1.
	db, err := sql.Open("sqlite", backup)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE moves SET move = (SELECT move FROM moves WHERE board = 2 AND ply = 1) WHERE board = 3 AND ply = 1`); err != nil {
		t.Fatal(err)
	}
	// and the stored position of another
	if _, err := db.Exec(`UPDATE boards SET position = (SELECT position FROM boards WHERE id = 5) WHERE id = 4`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if code, report := runCheck(t, backup); code != 1 || !strings.Contains(report, "board 3: ") || !strings.Contains(report, "board 4: ") || !strings.Contains(report, " 2 damaged") {
		t.Errorf("-check of a damaged copy: exit %d\n%s", code, report)
	}
}

// TestBackupPostgres: the procedure the README gives for PostgreSQL:
// pg_dump of a live store, the store dropped, the dump restored with
// psql, and -check replays every board of the restored store.
func TestBackupPostgres(t *testing.T) {
	url := postgresURL(t)
	if url == "" {
		t.Skip("no PostgreSQL")
	}
	for _, tool := range []string{"pg_dump", "psql"} {
		if _, err := exec.LookPath(tool); err != nil {
			needTool(t, tool+" not found")
			t.SkipNow()
		}
	}
	dsn := testSchema(t, url)
	schema := dsn[strings.LastIndex(dsn, "search_path=")+len("search_path="):]
	_, games := storeWithGames(t, dsn)
	dump := filepath.Join(t.TempDir(), "pbmserv.sql")
	if out, err := exec.Command("pg_dump", "--dbname="+url, "--schema="+schema, "--no-owner", "--file="+dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if code, _ := runCheck(t, dsn); code == 0 {
		t.Fatal("-check passes on a dropped store")
	}
	if out, err := exec.Command("psql", "--dbname="+url, "-v", "ON_ERROR_STOP=1", "--quiet", "--file="+dump).CombinedOutput(); err != nil {
		t.Fatalf("psql restoring the dump: %v\n%s", err, out)
	}
	code, report := runCheck(t, dsn)
	moves := 0
	for _, g := range games {
		moves += len(g.moves)
	}
	if want := fmt.Sprintf("%d boards, %d moves replayed, 0 damaged", len(games), moves); code != 0 || !strings.Contains(report, want) {
		t.Errorf("-check of the restored store: exit %d %q, want %q", code, report, want)
	}
	// The restored store serves: a move on a restored board.
	s := NewServer(openStore(t, dsn), bcrypt.MinCost, nil)
	if r := s.Execute(context.Background(), "games p0"); !strings.Contains(r, "1 "+games[0].word) {
		t.Errorf("games p0 on the restored store: %q", r)
	}
	_ = os.Remove(dump)
}

// TestToolsNeedAStore: -check and -backup on a store that is not there (a
// mistyped -db) fail with exit 1 and create nothing: no SQLite file, no
// tables in a PostgreSQL database.
func TestToolsNeedAStore(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "mistyped.db")
	for _, args := range [][]string{
		{"-check", "-db", missing},
		{"-backup", filepath.Join(dir, "copy.db"), "-db", missing},
	} {
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), "no pbmserv store there") {
			t.Errorf("pbmserv %s: exit %d, %q; want 1 and an error", strings.Join(args, " "), code, errb.String())
		}
		if _, err := os.Stat(missing); !os.IsNotExist(err) {
			t.Fatalf("pbmserv %s created %s (%v)", strings.Join(args, " "), missing, err)
		}
	}
	// An SQLite file that is no store is refused and left as it was.
	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE notes (text TEXT)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if code, out := runCheck(t, other); code != 1 || !strings.Contains(out, "has no boards table") {
		t.Errorf("-check of an SQLite file that is no store: exit %d, %q", code, out)
	}
	if tables := sqliteTables(t, other); tables != "notes" {
		t.Errorf("-check changed the file: its tables are %s", tables)
	}
	if url := postgresURL(t); url != "" {
		dsn := testSchema(t, url)
		if code, out := runCheck(t, dsn); code != 1 || !strings.Contains(out, "no pbmserv store there") {
			t.Errorf("-check of an empty PostgreSQL schema: exit %d, %q", code, out)
		}
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()`).Scan(&n); err != nil || n != 0 {
			t.Errorf("-check made %d tables in an empty schema (%v)", n, err)
		}
	}
}

// sqliteTables lists the tables of an SQLite file, comma separated.
func sqliteTables(t *testing.T, path string) string {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		names = append(names, n)
	}
	return strings.Join(names, ",")
}
