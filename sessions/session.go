package sessions

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// SessionVersion is the version of the session file format this package reads and
// writes.
const SessionVersion = 1

// A Session is a strictscope session file (docs/recordings.md#session-files): the
// API, the options the tools were sent with, the MCP servers and their tools, and the
// turns: each a response of the model and the MCP results that answered its calls.
type Session struct {
	API    adapter.API
	Strict adapter.StrictMode
	Prefix bool
	// How outputs are rendered: the error prefix, the structured mode, and whether
	// defaults are put back where nulls were stripped. A session file holds them
	// when they are not the defaults, so that a saved replay replays the same.
	ErrorPrefix   string
	Structured    adapter.StructuredMode
	ApplyDefaults bool
	Servers       []adapter.Server
	Turns         []SessionTurn
	// Warnings name tools read with a default (a tool without inputSchema).
	Warnings []string
}

// A SessionTurn is one response and the results recorded for its calls.
type SessionTurn struct {
	Response adapter.Value // reassembled when the file holds a stream as text
	Streamed bool
	Results  []CallResult // in the file's order
	Warnings []string     // e.g. a stream cut short
	// RequestTools is the "tools" list of the request the turn was recorded
	// with, kept when a recording is saved without tool lists (null otherwise):
	// the turn's calls then resolve against it, as the recording's did.
	RequestTools adapter.Value
}

// A CallResult is the MCP result recorded for one call id: anything
// adapter.ToolOutput reads (a CallToolResult, a client error {"error":"…"}, or a
// JSON-RPC response or capture holding one).
type CallResult struct {
	CallID string
	Result adapter.Value
}

// Result finds the result recorded for a call id.
func (t *SessionTurn) Result(callID string) (adapter.Value, bool) {
	for _, r := range t.Results {
		if r.CallID == callID {
			return r.Result, true
		}
	}
	return adapter.Value{}, false
}

// LoadSessionFile reads and parses a session file.
func LoadSessionFile(path string) (*Session, error) {
	data, err := Limits{}.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseSession(path, data)
}

// ParseSession is ParseSession within the default Limits.
func ParseSession(name string, data []byte) (*Session, error) {
	return Limits{}.ParseSession(name, data)
}

// ParseSession reads a session file (docs/recordings.md#session-files). Its rules:
// "strictscope_session" must be 1; "api" is "chat" or "responses"; "options" may give
// "strict" (auto, true, false; auto when absent) and "prefix" (true when absent), and
// how outputs are rendered: "error_prefix" (a string, "Error: " when absent),
// "structured" (auto, prefer, append, ignore; auto when absent) and "apply_defaults"
// (false when absent); "servers" is a list of {"name", "tools"} whose tools are read
// as an MCP tool list; each turn has a "response" (any response shape, or the text of
// an SSE or JSONL stream, reassembled) and "results", an object from call id to the
// result that answered it (see CallResult). A turn may also hold "request_tools", the
// tools list of the request it was recorded with (written when a recording is saved
// without tool lists); a session with no servers sends a turn's calls to those tools,
// with null paths inferred from them, as the recording's replay did. Errors name the
// file and the JSON path. A gzip-compressed session file is decompressed first, its
// content held to the input cap as a file read whole is.
func (lim Limits) ParseSession(name string, data []byte) (*Session, error) {
	if isGzip(data) {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, &LoadError{File: name, Msg: fmt.Sprintf("the file is gzip data that cannot be decompressed: %v", err)}
		}
		if data, err = lim.ReadDocument(name, zr, true); err != nil {
			return nil, err
		}
	}
	doc, err := adapter.Decode(data)
	if err != nil {
		return nil, JSONFileError(name, err)
	}
	fail := func(p adapter.Path, format string, args ...any) error {
		return &LoadError{File: name, Where: p.Pointer(), Msg: fmt.Sprintf(format, args...)}
	}
	if doc.Kind() != adapter.Object {
		return nil, fail(nil, "a session file is a JSON object")
	}
	ver, ok := doc.Get("strictscope_session")
	if !ok {
		return nil, fail(nil, "not a session file: it has no \"strictscope_session\"")
	}
	if ver.NumberText() != "1" {
		return nil, fail(adapter.Keys("strictscope_session"), "session format %s is not supported (this strictscope reads version %d)", termsafe.Sanitize(ver.String()), SessionVersion)
	}
	s := &Session{Strict: adapter.StrictAuto, Prefix: true, ErrorPrefix: adapter.DefaultErrorPrefix, Structured: adapter.StructuredAuto}
	apiV, _ := doc.Get("api")
	api, ok := adapter.ParseAPI(apiV.Str())
	if !ok {
		return nil, fail(adapter.Keys("api"), "\"api\" must be \"chat\" or \"responses\"")
	}
	s.API = api
	if opts, ok := doc.Get("options"); ok {
		if opts.Kind() != adapter.Object {
			return nil, fail(adapter.Keys("options"), "\"options\" must be an object")
		}
		if v, ok := opts.Get("strict"); ok {
			text := v.Str()
			if v.Kind() == adapter.Bool {
				text = v.String()
			}
			mode, ok := adapter.ParseStrictMode(text)
			if !ok {
				return nil, fail(adapter.Keys("options", "strict"), "\"strict\" must be \"auto\", true or false")
			}
			s.Strict = mode
		}
		for _, o := range []struct {
			key string
			dst *bool
		}{{"prefix", &s.Prefix}, {"apply_defaults", &s.ApplyDefaults}} {
			if v, ok := opts.Get(o.key); ok {
				if v.Kind() != adapter.Bool {
					return nil, fail(adapter.Keys("options", o.key), "%q must be true or false", o.key)
				}
				*o.dst = v.Bool()
			}
		}
		if v, ok := opts.Get("error_prefix"); ok {
			if v.Kind() != adapter.String {
				return nil, fail(adapter.Keys("options", "error_prefix"), "\"error_prefix\" must be a string")
			}
			s.ErrorPrefix = v.Str()
		}
		if v, ok := opts.Get("structured"); ok {
			mode, ok := adapter.ParseStructuredMode(v.Str())
			if !ok || v.Kind() != adapter.String {
				return nil, fail(adapter.Keys("options", "structured"), "\"structured\" must be \"auto\", \"prefer\", \"append\" or \"ignore\"")
			}
			s.Structured = mode
		}
	}
	servers, ok := doc.Get("servers")
	if !ok {
		return nil, fail(nil, "a session needs \"servers\", a list of {\"name\", \"tools\"}")
	}
	if servers.Kind() != adapter.Array {
		return nil, fail(adapter.Keys("servers"), "\"servers\" must be a list of {\"name\", \"tools\"}")
	}
	for i, sv := range servers.Items() {
		at := adapter.Path{adapter.Key("servers"), adapter.Index(i)}
		n, _ := sv.Get("name")
		if n.Kind() != adapter.String || n.Str() == "" {
			return nil, fail(at.Append(adapter.Key("name")), "a server needs a non-empty \"name\"")
		}
		tools, ok := sv.Get("tools")
		if !ok {
			return nil, fail(at, "this server has no \"tools\"")
		}
		list, warns, err := adapter.ParseToolList(tools)
		if err != nil {
			var te *adapter.ToolListError
			if errors.As(err, &te) {
				return nil, fail(at.Append(adapter.Key("tools")).Append(te.Path...), "%s", te.Msg)
			}
			return nil, fail(at.Append(adapter.Key("tools")), "%s", err.Error())
		}
		// ParseToolList's warnings begin with the pointer of their tool in the
		// list, which stands at /servers/i/tools here.
		for _, w := range warns {
			s.Warnings = append(s.Warnings, at.Append(adapter.Key("tools")).Pointer()+w)
		}
		s.Servers = append(s.Servers, adapter.Server{Name: n.Str(), Tools: list})
	}
	turns, ok := doc.Get("turns")
	if !ok {
		return nil, fail(nil, "a session needs \"turns\", a list")
	}
	if turns.Kind() != adapter.Array {
		return nil, fail(adapter.Keys("turns"), "\"turns\" must be a list")
	}
	for i, tv := range turns.Items() {
		at := adapter.Path{adapter.Key("turns"), adapter.Index(i)}
		turn, err := parseTurn(name, tv, at)
		if err != nil {
			return nil, err
		}
		s.Turns = append(s.Turns, turn)
	}
	return s, nil
}

func parseTurn(name string, tv adapter.Value, at adapter.Path) (SessionTurn, error) {
	var t SessionTurn
	fail := func(p adapter.Path, format string, args ...any) error {
		return &LoadError{File: name, Where: p.Pointer(), Msg: fmt.Sprintf(format, args...)}
	}
	if tv.Kind() != adapter.Object {
		return t, fail(at, "a turn must be an object")
	}
	resp, ok := tv.Get("response")
	if !ok {
		return t, fail(at, "this turn has no \"response\"")
	}
	ex, err := LoadResponse(name, resp)
	if err != nil {
		msg := err.Error()
		var le *LoadError
		if errors.As(err, &le) {
			msg = le.Msg
			if le.Where != "" {
				msg = le.Where + ": " + msg
			}
		}
		return t, fail(at.Append(adapter.Key("response")), "%s", msg)
	}
	resp = ex.Response
	t.Streamed, t.Warnings = ex.Streamed, ex.Warnings
	t.Response = resp
	if results, ok := tv.Get("results"); ok {
		if results.Kind() != adapter.Object {
			return t, fail(at.Append(adapter.Key("results")), "\"results\" must be an object from call id to result")
		}
		for _, m := range results.Members() {
			t.Results = append(t.Results, CallResult{CallID: m.Key(), Result: m.Value()})
		}
	}
	if tools, ok := tv.Get("request_tools"); ok {
		if tools.Kind() != adapter.Array {
			return t, fail(at.Append(adapter.Key("request_tools")), "\"request_tools\" must be the list of tools the request sent")
		}
		t.RequestTools = tools
	}
	return t, nil
}

// Value writes the session as a session file.
func (s *Session) Value() adapter.Value {
	m := adapter.MemberOf
	servers := make([]adapter.Value, len(s.Servers))
	for i, sv := range s.Servers {
		tools := make([]adapter.Value, len(sv.Tools))
		for j, t := range sv.Tools {
			tools[j] = t.Raw
		}
		servers[i] = adapter.ObjectValue(m("name", adapter.StringValue(sv.Name)), m("tools", adapter.ArrayValue(tools...)))
	}
	turns := make([]adapter.Value, len(s.Turns))
	for i, t := range s.Turns {
		results := make([]adapter.Member, len(t.Results))
		for j, r := range t.Results {
			results[j] = m(r.CallID, r.Result)
		}
		turn := []adapter.Member{m("response", t.Response), m("results", adapter.ObjectValue(results...))}
		if t.RequestTools.Kind() == adapter.Array {
			turn = append(turn, m("request_tools", t.RequestTools))
		}
		turns[i] = adapter.ObjectValue(turn...)
	}
	options := []adapter.Member{m("strict", adapter.StringValue(string(s.Strict))), m("prefix", adapter.BoolValue(s.Prefix))}
	if s.ErrorPrefix != adapter.DefaultErrorPrefix {
		options = append(options, m("error_prefix", adapter.StringValue(s.ErrorPrefix)))
	}
	if s.Structured != adapter.StructuredAuto && s.Structured != "" {
		options = append(options, m("structured", adapter.StringValue(string(s.Structured))))
	}
	if s.ApplyDefaults {
		options = append(options, m("apply_defaults", adapter.BoolValue(true)))
	}
	return adapter.ObjectValue(
		m("strictscope_session", adapter.NumberValue("1")),
		m("api", adapter.StringValue(string(s.API))),
		m("options", adapter.ObjectValue(options...)),
		m("servers", adapter.ArrayValue(servers...)),
		m("turns", adapter.ArrayValue(turns...)),
	)
}

// SessionFromRecording makes a session file's content from a recording: the
// tools of servers, and one turn per exchange, in order, so that the session
// replays turn for turn as the recording does (an error body is a turn without
// calls both ways). Without servers, each turn keeps the tools list of its
// recorded request ("request_tools"), from which the recording's replay inferred
// the tools. A recording holds no MCP results, so every turn's results are empty,
// to be filled in by hand or by a live run.
func SessionFromRecording(rec *Recording, servers []adapter.Server, api adapter.API, strict adapter.StrictMode, prefix bool) *Session {
	s := &Session{API: api, Strict: strict, Prefix: prefix, ErrorPrefix: adapter.DefaultErrorPrefix, Structured: adapter.StructuredAuto, Servers: servers}
	for _, ex := range rec.Exchanges {
		if s.API == "" && !isErrorBody(ex.Response) {
			s.API = ex.API
		}
		turn := SessionTurn{Response: ex.Response, Streamed: ex.Streamed}
		if tools, ok := ex.Request.Get("tools"); ok && len(servers) == 0 && tools.Kind() == adapter.Array {
			turn.RequestTools = tools
		}
		s.Turns = append(s.Turns, turn)
	}
	if s.API == "" {
		s.API = adapter.Chat
	}
	if s.Strict == "" {
		s.Strict = adapter.StrictAuto
	}
	return s
}
