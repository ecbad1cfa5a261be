package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// Board is one game as the store keeps it. The moves are the record; Position
// is the position code after them, written in the same transaction as each
// move, so that a read decodes it instead of replaying the game: a read
// costs the same at move 10 and at move 100,000.
type Board struct {
	ID          int64
	Word        string   // the game word of the challenge: the registry name ("tumble", "terrace6x6" on older boards)
	Game        string   // registry name: "tumbling", "terrace", ...
	Variant     string   // registry variant name: "pbmserv-corner", "6-short", ...
	Players     []string // user ids by seat: Players[0] is seat 0
	Moves       []string // canonical move texts, in order; only Store.Board reads them
	Plies       int      // the number of moves stored
	Position    string   // position code after Moves
	Over        bool     // the game has ended, on the board or off it
	Result      string   // the end in words ("bob (seat 1) wins: T captured"); "" while going on
	Termination string   // why a game ended off the board ("alice (seat 0) resigned"); "" otherwise
	DrawOffer   uint8    // bit s set: seat s has proposed or accepted a draw; 0: no proposal
	Version     int64    // bumped by every change; Save checks it
	Created     time.Time
	// Creator is the client address whose challenge made the board (its
	// limit key: an IPv4 address, an IPv6 /64), "" for standard input: a
	// user's board quota is counted per creator, so that challenges from
	// others cannot use up the quota of challenges from elsewhere.
	Creator string
	// Joined has bit s set when seat s has joined the board: a bot's
	// seat from the start, a person's once they have sent a command with
	// their password on it (a move, or accept). A board shows in a
	// person's list once they have joined it, and its bots move once a
	// person has.
	Joined uint8
	// BotDue is set when the board goes on with a bot to move and a
	// person has joined: a bot's move is owed. The core keeps it with
	// every write, so that a server starting finds the moves owed.
	BotDue  bool
	Damaged string // set by UserBoards and OpenBoards for a row that cannot be read
}

// The store's sentinel errors; the core turns them into replies.
var (
	errNotFound = errors.New("not found")
	errExists   = errors.New("already exists")
	errConflict = errors.New("changed by someone else")
)

// Store is what the core needs from a database. Every method is one
// transaction, committed before it returns: a reply is sent only after the
// change it reports is durable.
type Store interface {
	// AddUser stores a new user with a password hash; errExists if taken.
	AddUser(ctx context.Context, name, hash string) error
	// PasswordHash returns a user's password hash; errNotFound if unknown.
	PasswordHash(ctx context.Context, name string) (string, error)
	// NewBoardWithin stores a new board (Moves empty, Version 0) and
	// returns its number, under the caps when caps is not nil: in the
	// same transaction as the insert it counts each person's load from
	// the board's creator (the boards not over, and the boards created
	// since caps.since, that seat the person and were made by b.Creator)
	// and passes it to caps.user, and, for a board that seats a bot, the
	// creator's open boards that seat a bot to caps.bots; when either
	// returns an error nothing is stored and that error is returned.
	// Calls that seat a common user, or that share a creator, run one
	// after the other, so the counts see every board committed before
	// (SQLite: every transaction takes the database's write lock when it
	// begins; PostgreSQL: the players' rows in users are locked, in name
	// order, and the creator's advisory lock is taken).
	NewBoardWithin(ctx context.Context, b *Board, caps *boardCaps) (int64, error)
	// Board reads a board with its moves; errNotFound if there is none.
	Board(ctx context.Context, id int64) (*Board, error)
	// BoardHead reads a board without its moves (Plies counts them);
	// errNotFound if there is none. Its cost does not grow with the game.
	// A row whose columns do not read comes back with the error and a
	// Board holding its ID.
	BoardHead(ctx context.Context, id int64) (*Board, error)
	// Save writes b over the stored board if the stored version is still
	// b.Version, and stores move (when not "") as move number b.Plies.
	// The stored version becomes b.Version+1. errConflict when the board
	// changed since it was read.
	Save(ctx context.Context, b *Board, move string) error
	// SaveJoining is Save for a command with which user joins a board
	// that seats a bot: in the same transaction, serialised per user as
	// NewBoardWithin is, it counts the other boards not over, seating a
	// bot, that user has joined, and passes the count to check; when
	// check returns an error nothing is stored and that error is
	// returned.
	SaveJoining(ctx context.Context, b *Board, move, user string, check func(botGames int) error) error
	// BotsDue lists at most limit boards whose bot owes a move (BotDue),
	// oldest first, without moves.
	BotsDue(ctx context.Context, limit int) ([]*Board, error)
	// Challenges lists at most limit boards not over that seat a user
	// who has not joined them, newest first: the challenges waiting for
	// them.
	Challenges(ctx context.Context, name string, limit int) ([]int64, error)
	// UserBoards lists at most limit boards a user plays on and has
	// joined, newest first, without moves. A row that cannot be read
	// comes back with Damaged set rather than failing the list.
	UserBoards(ctx context.Context, name string, limit int) ([]*Board, error)
	// OpenBoards lists at most limit boards not over that a person has
	// joined, newest first, without moves; damaged rows as in
	// UserBoards.
	OpenBoards(ctx context.Context, limit int) ([]*Board, error)
	// BoardIDs lists every board number in order (for checks and tools).
	BoardIDs(ctx context.Context) ([]int64, error)
	// Take spends a token of the rate limit key: a bucket of burst tokens
	// that gains one every `every`, kept in the database, so that every
	// server sharing it counts alike and a restart forgets nothing. It
	// returns 0 when a token was spent, else how long until one is there;
	// fresh tells that the bucket was full (the key unused lately).
	Take(ctx context.Context, key string, burst int, every time.Duration, now time.Time) (wait time.Duration, fresh bool, err error)
	// Give returns a token taken for work that did not count (a right
	// password), up to the burst.
	Give(ctx context.Context, key string, every time.Duration) error
	// Mark records key until then, in the limits table; Marked tells
	// whether key is recorded beyond now. (The owner's addresses: those
	// that gave an account's right password lately.)
	Mark(ctx context.Context, key string, until time.Time) error
	Marked(ctx context.Context, key string, now time.Time) (bool, error)
	// Ping tells whether the database answers.
	Ping(ctx context.Context) error
	// Backup writes a consistent copy of the whole store to a new file
	// (SQLite's VACUUM INTO, taken while the server runs); PostgreSQL's
	// is pg_dump's business, and its Backup says so.
	Backup(ctx context.Context, path string) error
	Close() error
}

// Open opens the store named by dsn: a postgres:// or postgresql:// URL
// selects PostgreSQL, anything else is the path of an SQLite file, created
// when missing.
func Open(ctx context.Context, dsn string) (Store, error) {
	if isPostgres(dsn) {
		return openPostgres(ctx, dsn, true)
	}
	return openSQLite(ctx, dsn, true)
}

// OpenExisting opens the store named by dsn as Open does, but only a
// store that is there: a missing SQLite file, or a database without the
// boards table, is an error, and nothing is created. The tools that read
// a store (-check, -backup) use it, so that a mistyped -db fails rather
// than finding an empty store there.
func OpenExisting(ctx context.Context, dsn string) (Store, error) {
	if isPostgres(dsn) {
		return openPostgres(ctx, dsn, false)
	}
	return openSQLite(ctx, dsn, false)
}

func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// errNoStore is the error of OpenExisting where there is no store.
var errNoStore = errors.New("no pbmserv store there")

// addedColumns are the columns of boards added after its first schema, in
// the order they came: each store gains those it lacks when it opens.
// Boards from before joined existed count as joined by all four seats.
var addedColumns = []struct{ name, def string }{
	{"creator", "TEXT NOT NULL DEFAULT ''"},
	{"joined", "INTEGER NOT NULL DEFAULT 15"},
	{"bot_due", "BOOLEAN NOT NULL DEFAULT FALSE"},
}

// sqlStore is the Store over database/sql, shared by both databases: the
// queries are written with ? placeholders, and a dialect rewrites them and
// supplies the schema.
type sqlStore struct {
	db      *sql.DB
	dollars bool // PostgreSQL: placeholders are $1, $2, ...
	takes   atomic.Int64
}

func (s *sqlStore) q(query string) string {
	if !s.dollars {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *sqlStore) migrate(ctx context.Context, schema []string) error {
	for _, stmt := range schema {
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("creating the schema: %w", err)
		}
	}
	return nil
}

func (s *sqlStore) Close() error { return s.db.Close() }

func (s *sqlStore) AddUser(ctx context.Context, name, hash string) error {
	// ON CONFLICT makes two registrations racing for one name safe: the
	// second inserts nothing and is told the name is taken.
	res, err := s.db.ExecContext(ctx, s.q(`INSERT INTO users (name, hash) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`), name, hash)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return errExists
	}
	return nil
}

func (s *sqlStore) PasswordHash(ctx context.Context, name string) (string, error) {
	var hash string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT hash FROM users WHERE name = ?`), name).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errNotFound
	}
	return hash, err
}

// boardCaps are the caps NewBoardWithin checks in its transaction.
type boardCaps struct {
	since time.Time                                 // the start of the window of recent boards
	user  func(user string, open, recent int) error // each person seated
	bots  func(open int) error                      // the creator's open boards seating a bot, for a board seating one
}

func (s *sqlStore) NewBoardWithin(ctx context.Context, b *Board, caps *boardCaps) (int64, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if caps != nil {
		var people []string
		for _, n := range b.Players {
			if !isBot(n) {
				people = append(people, n)
			}
		}
		seatsBot := len(people) < len(b.Players)
		if s.dollars {
			// READ COMMITTED lets two challenges count at once and both
			// insert; a row lock on each player serialises the challenges
			// that share one, and the count below, a statement begun after
			// the lock is held, sees the board the other committed. Name
			// order, so that two challenges never wait for each other.
			// The creator's advisory lock does the same for the count of
			// its bot games, taken first, always, for the same reason.
			if seatsBot && caps.bots != nil {
				if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext('pbmserv creator ' || $1))`, b.Creator); err != nil {
					return 0, err
				}
			}
			for _, n := range slices.Sorted(slices.Values(people)) {
				if _, err := tx.ExecContext(ctx, `SELECT 1 FROM users WHERE name = $1 FOR UPDATE`, n); err != nil {
					return 0, err
				}
			}
		}
		// (SQLite: the transaction began with the write lock, held until
		// the commit, so no other challenge counts in between.)
		if seatsBot && caps.bots != nil {
			var open int
			if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM boards WHERE creator = ? AND NOT over AND players LIKE '%bot:%'`),
				b.Creator).Scan(&open); err != nil {
				return 0, err
			}
			if err := caps.bots(open); err != nil {
				return 0, err
			}
		}
		for _, n := range people {
			if caps.user == nil {
				break
			}
			open, recent, err := userLoad(ctx, tx, s, n, b.Creator, caps.since)
			if err != nil {
				return 0, err
			}
			if err := caps.user(n, open, recent); err != nil {
				return 0, err
			}
		}
	}
	var id int64
	err = tx.QueryRowContext(ctx, s.q(`INSERT INTO boards
		(word, game, variant, players, position, over, result, termination, draw_offer, version, created, creator, joined, bot_due)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?) RETURNING id`),
		b.Word, b.Game, b.Variant, strings.Join(b.Players, " "), b.Position, b.Over, b.Result,
		b.Termination, int(b.DrawOffer), b.Created.UTC().Format(time.RFC3339), b.Creator, int(b.Joined), b.BotDue).Scan(&id)
	if err != nil {
		return 0, err
	}
	for seat, name := range b.Players {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO seats (board, seat, name) VALUES (?, ?, ?)`), id, seat, name); err != nil {
			return 0, err
		}
	}
	return id, tx.Commit()
}

// boardColumns are read by every board query. The move count comes from the
// moves table's primary key (board, ply): max(ply) is one index probe, not a
// count of the game.
const boardColumns = `id, word, game, variant, players, position, over, result, termination, draw_offer, version, created,
	creator, joined, bot_due, COALESCE((SELECT max(ply) FROM moves WHERE moves.board = boards.id), 0)`

type scanner interface{ Scan(dest ...any) error }

func scanBoard(r scanner) (*Board, error) {
	var b Board
	var players, created string
	var offer, joined int
	if err := r.Scan(&b.ID, &b.Word, &b.Game, &b.Variant, &players, &b.Position, &b.Over, &b.Result,
		&b.Termination, &offer, &b.Version, &created, &b.Creator, &joined, &b.BotDue, &b.Plies); err != nil {
		return &b, err
	}
	b.Players = strings.Fields(players)
	b.DrawOffer = uint8(offer)
	b.Joined = uint8(joined)
	b.Created, _ = time.Parse(time.RFC3339, created)
	return &b, nil
}

func (s *sqlStore) BoardHead(ctx context.Context, id int64) (*Board, error) {
	b, err := scanBoard(s.db.QueryRowContext(ctx, s.q(`SELECT `+boardColumns+` FROM boards WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil && b.ID == id {
		// The row is there but a column does not read: damage, which the
		// caller reports for this board alone.
		return b, err
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

func (s *sqlStore) Board(ctx context.Context, id int64) (*Board, error) {
	// One transaction, so that the board row and its moves are one
	// snapshot. SQLite's transactions are snapshots already; PostgreSQL's
	// default (READ COMMITTED) gives each statement its own, which would
	// let a move committed between the two reads slip in.
	var opts *sql.TxOptions
	if s.dollars {
		opts = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	}
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	b, err := scanBoard(tx.QueryRowContext(ctx, s.q(`SELECT `+boardColumns+` FROM boards WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, s.q(`SELECT ply, move FROM moves WHERE board = ? ORDER BY ply`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var ply int
		var m string
		if err := rows.Scan(&ply, &m); err != nil {
			return nil, err
		}
		if ply != len(b.Moves)+1 {
			return nil, fmt.Errorf("board %d: move %d is missing", id, len(b.Moves)+1)
		}
		b.Moves = append(b.Moves, m)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(b.Moves) != b.Plies {
		return nil, fmt.Errorf("board %d: %d moves stored, numbered up to %d", id, len(b.Moves), b.Plies)
	}
	return b, tx.Commit()
}

func (s *sqlStore) Save(ctx context.Context, b *Board, move string) error {
	return s.SaveJoining(ctx, b, move, "", nil)
}

func (s *sqlStore) SaveJoining(ctx context.Context, b *Board, move, user string, check func(botGames int) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if check != nil {
		if s.dollars {
			// As in NewBoardWithin: joins of one user, one at a time.
			if _, err := tx.ExecContext(ctx, `SELECT 1 FROM users WHERE name = $1 FOR UPDATE`, user); err != nil {
				return err
			}
		}
		var games int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM seats s JOIN boards b ON b.id = s.board
			WHERE s.name = ? AND b.id <> ? AND NOT b.over AND b.players LIKE '%bot:%' AND ((b.joined >> s.seat) & 1) = 1`),
			user, b.ID).Scan(&games); err != nil {
			return err
		}
		if err := check(games); err != nil {
			return err
		}
	}
	res, err := tx.ExecContext(ctx, s.q(`UPDATE boards SET position = ?, over = ?, result = ?, termination = ?,
		draw_offer = ?, joined = ?, bot_due = ?, version = version + 1 WHERE id = ? AND version = ?`),
		b.Position, b.Over, b.Result, b.Termination, int(b.DrawOffer), int(b.Joined), b.BotDue, b.ID, b.Version)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return errConflict
	}
	if move != "" {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO moves (board, ply, move) VALUES (?, ?, ?)`),
			b.ID, b.Plies, move); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func (s *sqlStore) UserBoards(ctx context.Context, name string, limit int) ([]*Board, error) {
	return s.boardList(ctx, `WHERE id IN (SELECT board FROM seats WHERE name = ? AND ((boards.joined >> seat) & 1) = 1)
		ORDER BY id DESC LIMIT ?`, name, limit)
}

func (s *sqlStore) OpenBoards(ctx context.Context, limit int) ([]*Board, error) {
	return s.boardList(ctx, `WHERE NOT over AND EXISTS (SELECT 1 FROM seats WHERE board = boards.id AND name NOT LIKE 'bot:%'
		AND ((boards.joined >> seat) & 1) = 1) ORDER BY id DESC LIMIT ?`, limit)
}

func (s *sqlStore) BotsDue(ctx context.Context, limit int) ([]*Board, error) {
	return s.boardList(ctx, `WHERE bot_due AND NOT over ORDER BY id LIMIT ?`, limit)
}

func (s *sqlStore) Challenges(ctx context.Context, name string, limit int) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT b.id FROM seats s JOIN boards b ON b.id = s.board
		WHERE s.name = ? AND NOT b.over AND ((b.joined >> s.seat) & 1) = 0 ORDER BY b.id DESC LIMIT ?`), name, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// boardList reads boards without moves. A row that does not scan (a
// damaged column) is listed with Damaged set, so that one bad board spoils
// only itself.
func (s *sqlStore) boardList(ctx context.Context, where string, args ...any) ([]*Board, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+boardColumns+` FROM boards `+where), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Board
	for rows.Next() {
		b, err := scanBoard(rows)
		if err != nil {
			b.Damaged = err.Error()
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// querier is what userLoad needs of a database or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// userLoad counts the boards made by creator that seat a user: those not
// over, and those created since the given time; the inputs of the
// per-user caps.
func userLoad(ctx context.Context, db querier, s *sqlStore, name, creator string, since time.Time) (open, recent int, err error) {
	err = db.QueryRowContext(ctx, s.q(`SELECT
		COUNT(CASE WHEN NOT b.over THEN 1 END), COUNT(CASE WHEN b.created >= ? THEN 1 END)
		FROM seats s JOIN boards b ON b.id = s.board WHERE s.name = ? AND b.creator = ?`),
		since.UTC().Format(time.RFC3339), name, creator).Scan(&open, &recent)
	return open, recent, err
}

// Take is a GCRA ("generic cell rate algorithm") bucket: a key's row holds
// the time at which its bucket will be full again, and a token can be
// spent while that time is at most burst-1 intervals ahead. One statement
// both checks and spends, so servers taking at once cannot both pass the
// last token; a bucket that is full again is the same as no row, and rows
// past their time are deleted now and then.
func (s *sqlStore) Take(ctx context.Context, key string, burst int, every time.Duration, now time.Time) (time.Duration, bool, error) {
	if s.takes.Add(1)%pruneEvery == 0 {
		if _, err := s.db.ExecContext(ctx, s.q(`DELETE FROM limits WHERE full_at < ?`), now.UnixMicro()); err != nil {
			return 0, false, err
		}
	}
	t, e := now.UnixMicro(), every.Microseconds()
	greatest := "max"
	if s.dollars {
		greatest = "GREATEST"
	}
	var full int64
	err := s.db.QueryRowContext(ctx, s.q(`INSERT INTO limits (key, full_at) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET full_at = `+greatest+`(limits.full_at, ?) + ?
		WHERE limits.full_at <= ? RETURNING full_at`),
		key, t+e, t, e, t+int64(burst-1)*e).Scan(&full)
	if err == nil {
		return 0, full == t+e, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, err
	}
	// No token: the wait is until the full time is burst-1 intervals
	// ahead.
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT full_at FROM limits WHERE key = ?`), key).Scan(&full); err != nil {
		return 0, false, err
	}
	return max(time.Duration(full-t-int64(burst-1)*e)*time.Microsecond, time.Millisecond), false, nil
}

// pruneEvery: one Take in this many deletes the rows of full buckets, so
// that the table holds the keys in use, not every address ever seen.
const pruneEvery = 1000

func (s *sqlStore) Give(ctx context.Context, key string, every time.Duration) error {
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE limits SET full_at = full_at - ? WHERE key = ?`), every.Microseconds(), key)
	return err
}

func (s *sqlStore) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Mark and Marked keep their keys in the limits table, a key's full_at
// being its end: the prune of full buckets (Take) deletes it once past.
func (s *sqlStore) Mark(ctx context.Context, key string, until time.Time) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO limits (key, full_at) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET full_at = excluded.full_at`), key, until.UnixMicro())
	return err
}

func (s *sqlStore) Marked(ctx context.Context, key string, now time.Time) (bool, error) {
	var until int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT full_at FROM limits WHERE key = ?`), key).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil && until > now.UnixMicro(), err
}

func (s *sqlStore) BoardIDs(ctx context.Context) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM boards ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Backup copies the store to path: SQLite's online backup. PostgreSQL is
// backed up with its own tools (pg_dump), which copy a live database
// consistently; the README has the procedure.
func (s *sqlStore) Backup(ctx context.Context, path string) error {
	if s.dollars {
		return errors.New("a PostgreSQL store is backed up with pg_dump (see the README), not by pbmserv")
	}
	return s.backupSQLite(ctx, path)
}
