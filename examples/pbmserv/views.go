package main

import (
	"context"
	"net/http"
	"strconv"
	"sync"
)

// views keeps the JSON and the page of the boards read lately, each by
// its board's number and version (every change of a board bumps its
// version, so a view of a version is that version's for ever): a board
// read again and again, as a player waiting for a bot's move reads it,
// costs a read of its row and no listing of its legal moves, which on a
// crowded 32x32 Crumble board is thousands of moves and milliseconds.
// Its size is bounded (viewBytes); the oldest views go first.
type views struct {
	mu    sync.Mutex
	m     map[viewKey][]byte
	order []viewKey // as they came
	bytes int
}

type viewKey struct {
	board, version int64
	page           bool // the page, else the JSON
}

// viewBytes bounds what views holds.
const viewBytes = 32 << 20

func (v *views) get(k viewKey) ([]byte, bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	b, ok := v.m[k]
	return b, ok
}

func (v *views) put(k viewKey, body []byte) {
	if len(body) > viewBytes/8 {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.m == nil {
		v.m = map[viewKey][]byte{}
	}
	if _, ok := v.m[k]; ok {
		return
	}
	for v.bytes+len(body) > viewBytes && len(v.order) > 0 {
		old := v.order[0]
		v.order = v.order[1:]
		v.bytes -= len(v.m[old])
		delete(v.m, old)
	}
	v.m[k] = body
	v.order = append(v.order, k)
	v.bytes += len(body)
}

// cachedView answers a read of board n from views when its current
// version's view is there, and reports whether it did. The row is read
// (BoardHead, whose cost does not grow with the game) for the version,
// and a bot's move it says is owed is filed, as a full read would.
func (s *Server) cachedView(ctx context.Context, w http.ResponseWriter, n string, page bool) bool {
	id, err := parseBoard(n)
	if err != nil {
		return false
	}
	b, err := s.store.BoardHead(ctx, id)
	if err != nil {
		return false // the full read says what is wrong
	}
	body, ok := s.views.get(viewKey{id, b.Version, page})
	if !ok {
		return false
	}
	if b.BotDue {
		s.bots.enqueue(id, b.Creator, false)
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
	return true
}
