package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	_ "modernc.org/sqlite" // the "sqlite" driver: SQLite translated to Go, so no cgo and no C toolchain
)

// SQLite is the default store: one file, nothing to install or run. The
// pragmas are the durability and concurrency decisions:
//   - journal_mode WAL: readers do not block the writer;
//   - synchronous FULL: a commit is on disk (fsync) before Exec returns, so a
//     reply is never sent for a move a power cut could lose;
//   - busy_timeout: a second process on the same file waits instead of failing;
//   - _txlock=immediate: a transaction takes the write lock when it begins,
//     so two processes never both read and then both try to upgrade to
//     writing, which SQLite can only answer with SQLITE_BUSY.
//
// Within the process one connection serialises every transaction. SQLite
// allows one writer at a time anyway, and a single connection turns what
// would be SQLITE_BUSY errors into a queue.
var sqliteSchema = []string{
	`CREATE TABLE IF NOT EXISTS users (
		name TEXT PRIMARY KEY,
		hash TEXT NOT NULL)`,
	`CREATE TABLE IF NOT EXISTS boards (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		word TEXT NOT NULL, game TEXT NOT NULL, variant TEXT NOT NULL,
		players TEXT NOT NULL, position TEXT NOT NULL,
		over BOOLEAN NOT NULL, result TEXT NOT NULL, termination TEXT NOT NULL,
		draw_offer INTEGER NOT NULL, version INTEGER NOT NULL, created TEXT NOT NULL)`,
	`CREATE TABLE IF NOT EXISTS seats (
		board INTEGER NOT NULL REFERENCES boards(id), seat INTEGER NOT NULL, name TEXT NOT NULL,
		PRIMARY KEY (board, seat))`,
	`CREATE INDEX IF NOT EXISTS seats_name ON seats (name)`,
	`CREATE TABLE IF NOT EXISTS moves (
		board INTEGER NOT NULL REFERENCES boards(id), ply INTEGER NOT NULL, move TEXT NOT NULL,
		PRIMARY KEY (board, ply))`,
	`CREATE TABLE IF NOT EXISTS limits (key TEXT PRIMARY KEY, full_at BIGINT NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS limits_full_at ON limits (full_at)`,
}

// openSQLite opens the SQLite store at path; with create, a missing file
// is created with the schema, else it is an error (errNoStore), and so is
// a file without the boards table.
func openSQLite(ctx context.Context, path string, create bool) (Store, error) {
	// A URI filename, so that the pragmas can ride along; the path's own
	// '%', '?' and '#' are escaped so that any file name works. Without
	// create, mode=rw: SQLite opens the file only if it is there.
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	dsn := "file:" + esc + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)" +
		"&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_txlock=immediate"
	if !create {
		dsn += "&mode=rw"
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if !create {
		var tables int
		err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'boards'`).Scan(&tables)
		if err == nil && tables == 0 {
			err = fmt.Errorf("%w: %s has no boards table", errNoStore, quote(path))
		} else if err != nil {
			err = fmt.Errorf("%w: %s: %v", errNoStore, quote(path), err)
		}
		if err != nil {
			db.Close()
			return nil, err
		}
	}
	s := &sqlStore{db: db}
	if err := s.migrate(ctx, sqliteSchema); err != nil {
		db.Close()
		return nil, err
	}
	// A store made before a column existed gains it (SQLite has no ADD
	// COLUMN IF NOT EXISTS). Its boards count as joined by every seat,
	// as they were shown to all before joining existed.
	for _, c := range addedColumns {
		var has int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM pragma_table_info('boards') WHERE name = ?`, c.name).Scan(&has); err != nil {
			db.Close()
			return nil, err
		}
		if has == 0 {
			if _, err := db.ExecContext(ctx, `ALTER TABLE boards ADD COLUMN `+c.name+` `+c.def); err != nil {
				db.Close()
				return nil, fmt.Errorf("adding boards.%s: %w", c.name, err)
			}
		}
	}
	return s, nil
}

// Backup writes a copy of the database to path with VACUUM INTO: one read
// transaction, so the copy is consistent while the server goes on
// writing, and compact. The file must not exist.
func (s *sqlStore) backupSQLite(ctx context.Context, path string) error {
	_, err := s.db.ExecContext(ctx, `VACUUM INTO ?`, path)
	return err
}
