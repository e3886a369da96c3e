package common

import (
	"time"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/sessions/live"
)

// LiveState is where a live server is.
type LiveState uint8

// The states of a live server.
const (
	LiveConnecting LiveState = iota // connecting and listing (first time, or again after R)
	LiveReady                       // connected; its tool list is Tools
	LiveFailed                      // could not connect or list, or died since: Err says why
)

// String names the state as the screens show it.
func (s LiveState) String() string {
	switch s {
	case LiveReady:
		return "ready"
	case LiveFailed:
		return "failed"
	}
	return "connecting…"
}

// LiveServer is one live MCP server of the inspector (--server, --config) and
// what became of it. The root model changes it, on the frame, and then tells
// every screen with a LiveChangedMsg; screens only read it.
type LiveServer struct {
	Spec  live.Server
	State LiveState
	// Conn is the session while the server is ready; nil before and after.
	Conn *live.Conn
	// Info is what the server said of itself when its last session began;
	// zero before the first.
	Info live.Info
	// Tools is its last tool list; nil before the first. A server that failed
	// after listing keeps it, so that its tools stay on the tools screen.
	Tools *live.ToolList
	// Err is why it failed (a *live.Error, with the tail of its stderr).
	Err error
	// Log is what the server wrote on stderr, and with --trace the JSON-RPC
	// messages both ways, oldest first, each sanitized: from Conn while it
	// is ready, and kept from the session that ended or failed.
	Log []live.LogEntry
	// Changes are notes of changes to its tool list, oldest first: "list
	// changed: 1 added (x), 1 removed (y)".
	Changes []string
	// Since is when it entered State.
	Since time.Time
	// Gen counts its connections: a message about an older one is dropped.
	Gen int
}

// Server is the server's tools as the library takes them: its name and its
// last tool list (none before the first).
func (s *LiveServer) Server() adapter.Server {
	srv := adapter.Server{Name: s.Spec.Name}
	if s.Tools != nil {
		srv.Tools = s.Tools.Tools
	}
	return srv
}

// Live is the inspector's live servers, in the order given (--server, then
// --config), and the live exploration: the session of the calls made from
// the inspector, one turn per call, which the replay screen shows and w
// writes. Nil when no server was given.
type Live struct {
	Servers []*LiveServer
	// Trace keeps the JSON-RPC messages in each server's log (--trace).
	Trace bool
	// Session holds a turn for each call made, with the servers' tool lists
	// as they were at the last call.
	Session *sessions.Session
}

// LiveChangedMsg tells every screen that live server Server changed: its
// state, its tool list, its log or its notes. The root sends it after it
// changed the server.
type LiveChangedMsg struct{ Server int }

// ReconnectRequest asks the root model to connect live server Server again
// (R): its session, if any, is closed first.
type ReconnectRequest struct{ Server int }

// CallRequest asks the root model to open the call screen on a tool of a
// live server (c on the tools screen).
type CallRequest struct {
	Server  int          // index into Live.Servers
	Tool    adapter.Tool // the tool as listed (Raw holds its annotations)
	Exposed string       // its exposed name under the tools screen's modes
}

// CallDoneMsg is a call's end, which the call screen sends: the root adds it
// to the live session as a turn and shows it on the replay screen.
type CallDoneMsg struct {
	Server    int
	Tool      string // the name on the server
	Exposed   string
	Arguments []byte // the exact JSON sent
	// Result is the server's answer; nil when Err says the call did not end
	// with one (cancelled, timed out, the server went away).
	Result  *live.CallResult
	Err     error
	Elapsed time.Duration
}

// LiveTurnMsg tells every screen that the live session has a new turn,
// Turn (an index into Live.Session.Turns).
type LiveTurnMsg struct{ Turn int }
