package common

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
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

// Elapsed is a duration as the screens count a time running, in whole
// seconds: "3s", "2m05s", "1h02m"; a negative one (a clock that went back)
// is "0s".
func Elapsed(d time.Duration) string {
	d = max(d, 0)
	s := int(d / time.Second)
	switch {
	case d < time.Minute:
		return words.Number(s) + "s"
	case d < time.Hour:
		return words.Number(s/60) + "m" + fmt.Sprintf("%02d", s%60) + "s"
	}
	return words.Number(s/3600) + "h" + fmt.Sprintf("%02d", s/60%60) + "m"
}

// FirstLine is the first line of err's message ("" for nil): a failure in a
// header or a row, whose whole message is shown elsewhere. A *live.Error,
// whose message starts with the server's name, is given by its reason alone.
func FirstLine(err error) string {
	if err == nil {
		return ""
	}
	var le *live.Error
	if errors.As(err, &le) && le.Err != nil {
		err = le.Err
	}
	line, _, _ := strings.Cut(err.Error(), "\n")
	return line
}

// LiveSessionName is the live session's name on the replay screen.
const LiveSessionName = "live session"

// NewLiveSession is the live session before any call: the API the outputs
// are rendered for, the strict mode, and whether names are prefixed, as the
// inspector started.
func NewLiveSession(api adapter.API, strict adapter.StrictMode, prefix bool) *sessions.Session {
	return &sessions.Session{API: api, Strict: strict, Prefix: prefix}
}

// WithCall is the live session with the call d as a new last turn: a new
// value (the one before is left as it was, for a replay still reading it).
// The turn is what a model's response with that one call would be, for the
// session's API, under the call id call_live_N (N the turn's number), and
// the server's answer as its result: the CallToolResult as sent, a JSON-RPC
// error as a client error, or, when the call ended with no answer
// (cancelled, timed out, the server gone), a client error saying why. The
// session's servers become the live servers' tool lists as they are now.
func (l *Live) WithCall(d CallDoneMsg) *sessions.Session {
	s := *l.Session
	s.Servers = make([]adapter.Server, len(l.Servers))
	offset := 0
	for i, ls := range l.Servers {
		s.Servers[i] = ls.Server()
		if i < d.Server {
			offset += len(s.Servers[i].Tools)
		}
	}
	exposed := d.Exposed
	set := adapter.NewToolSet(s.Servers, adapter.NameOptions{NoPrefix: !s.Prefix})
	if d.Server >= 0 && d.Server < len(s.Servers) {
		for j, t := range s.Servers[d.Server].Tools {
			if t.Name == d.Tool && offset+j < len(set.Entries) {
				exposed = set.Entries[offset+j].Exposed
				break
			}
		}
	}
	id := fmt.Sprintf("call_live_%d", len(s.Turns)+1)
	args := adapter.StringValue(string(d.Arguments))
	var response adapter.Value
	if s.API == adapter.Responses {
		response = adapter.ObjectValue(
			adapter.MemberOf("object", adapter.StringValue("response")),
			adapter.MemberOf("output", adapter.ArrayValue(adapter.ObjectValue(
				adapter.MemberOf("type", adapter.StringValue("function_call")),
				adapter.MemberOf("call_id", adapter.StringValue(id)),
				adapter.MemberOf("name", adapter.StringValue(exposed)),
				adapter.MemberOf("arguments", args)))))
	} else {
		response = adapter.ObjectValue(
			adapter.MemberOf("object", adapter.StringValue("chat.completion")),
			adapter.MemberOf("choices", adapter.ArrayValue(adapter.ObjectValue(
				adapter.MemberOf("index", adapter.NumberValue("0")),
				adapter.MemberOf("message", adapter.ObjectValue(
					adapter.MemberOf("role", adapter.StringValue("assistant")),
					adapter.MemberOf("content", adapter.NullValue()),
					adapter.MemberOf("tool_calls", adapter.ArrayValue(adapter.ObjectValue(
						adapter.MemberOf("id", adapter.StringValue(id)),
						adapter.MemberOf("type", adapter.StringValue("function")),
						adapter.MemberOf("function", adapter.ObjectValue(
							adapter.MemberOf("name", adapter.StringValue(exposed)),
							adapter.MemberOf("arguments", args)))))))),
				adapter.MemberOf("finish_reason", adapter.StringValue("tool_calls"))))))
	}
	s.Turns = append(s.Turns[:len(s.Turns):len(s.Turns)], sessions.SessionTurn{Response: response,
		Results: []sessions.CallResult{{CallID: id, Result: callAnswer(d)}}})
	return &s
}

// callAnswer is what the server answered d, as a session holds it.
func callAnswer(d CallDoneMsg) adapter.Value {
	if d.Result != nil {
		if v, ok := d.Result.ClientError(); ok {
			return v
		}
		if v, err := adapter.Decode(d.Result.Raw); err == nil {
			return v
		} else if d.Err == nil {
			d.Err = fmt.Errorf("the result is not JSON: %v", err)
		}
	}
	msg := "the call ended with no answer"
	if d.Err != nil {
		msg = d.Err.Error()
	}
	return adapter.ObjectValue(adapter.MemberOf("error", adapter.StringValue(msg)))
}
