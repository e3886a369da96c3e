package sessions

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// rtList is a tool list of one server: each tool takes an object with an
// optional nullable "n", so that its converted form has a null path.
func rtList(t *testing.T, server string, tools ...string) adapter.Server {
	t.Helper()
	var items []string
	for _, name := range tools {
		items = append(items, fmt.Sprintf(`{"name":%q,"inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}`, name))
	}
	srv, _, err := ParseToolListFile(server, server+".json", []byte(`{"tools":[`+strings.Join(items, ",")+`]}`))
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// noStrictForm is a tool list whose one tool has no strict form (oneOf).
func noStrictForm(t *testing.T) adapter.Server {
	t.Helper()
	srv, _, err := ParseToolListFile("loose", "loose.json", []byte(`{"tools":[{"name":"q","inputSchema":{"type":"object","properties":{"p":{"oneOf":[{"type":"string"},{"type":"integer"}]}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// rtRecording is a Chat recording of one exchange: a request that sent the
// tools named (each strict, with a required string "s"; none: no "tools"
// member) and a response that calls each of calls with {"s":"x"}.
func rtRecording(t *testing.T, tools []string, calls []string) *Recording {
	t.Helper()
	req := `{"model":"m","messages":[]`
	if tools != nil {
		var items []string
		for _, name := range tools {
			items = append(items, fmt.Sprintf(`{"type":"function","function":{"name":%q,"strict":true,"parameters":{"type":"object","properties":{"s":{"type":"string"}},"required":["s"],"additionalProperties":false}}}`, name))
		}
		req += `,"tools":[` + strings.Join(items, ",") + `]`
	}
	req += `}`
	var tc []string
	for i, name := range calls {
		tc = append(tc, fmt.Sprintf(`{"id":"c%d","type":"function","function":{"name":%q,"arguments":"{\"s\":\"x\"}"}}`, i+1, name))
	}
	resp := `{"id":"r","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[` +
		strings.Join(tc, ",") + `]},"finish_reason":"tool_calls"}]}`
	rec, err := LoadRecording("pairs.jsonl", []byte(`{"request":`+req+`,"response":`+resp+`}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// origin is a ToolOrigin as the table writes it: "NAME<-LIST" for a list's
// tool, "NAME<-request" for an inferred one, with "~NEAR@LIST" when a list's
// tool has that name on its server.
func origin(o ToolOrigin) string {
	s := o.Name + "<-request"
	if !o.Inferred() {
		s = fmt.Sprintf("%s<-%d:%s/%s", o.Name, o.List, o.Server, o.Tool)
	}
	if o.Near != "" {
		s += fmt.Sprintf("~%s@%d", o.Near, o.NearList)
	}
	return s
}

// TestKeepRequestToolsRule is the inspector's rule for a recording replayed
// with tool lists: a request's tool name held by the lists (their exposed
// names, exactly) comes from them, any other from the request; the calls
// resolve against both. Without KeepRequestTools (the command line) the lists
// are the tools, and without lists the request is.
func TestKeepRequestToolsRule(t *testing.T) {
	weather := func(t *testing.T) []adapter.Server {
		return []adapter.Server{rtList(t, "weather", "get_forecast", "set_alert")}
	}
	cases := []struct {
		name     string
		servers  func(t *testing.T) []adapter.Server
		opts     func(*ReplayOptions)
		tools    []string // the request's tools; nil: the request has none
		calls    []string
		keep     bool
		origins  []string
		accepted []string // name and whether its tool was inferred: "f" or "f (inferred)"
		rejected []string
		from     string
	}{
		{name: "a name the lists expose comes from the list",
			servers: weather, keep: true, tools: []string{"weather__get_forecast"}, calls: []string{"weather__get_forecast"},
			origins: []string{"weather__get_forecast<-0:weather/get_forecast"}, accepted: []string{"weather__get_forecast"}, from: ToolsGiven},
		{name: "a name no list holds is the request's own, inferred",
			servers: weather, keep: true, tools: []string{"weather__get_forecast", "get_capital"}, calls: []string{"get_capital", "weather__get_forecast"},
			origins:  []string{"weather__get_forecast<-0:weather/get_forecast", "get_capital<-request"},
			accepted: []string{"get_capital (inferred)", "weather__get_forecast"}, from: ToolsMixed},
		{name: "the name on the server does not match the prefixed exposed name",
			servers: weather, keep: true, tools: []string{"get_forecast"}, calls: []string{"get_forecast"},
			origins:  []string{"get_forecast<-request~weather__get_forecast@0"},
			accepted: []string{"get_forecast (inferred)"}, from: ToolsMixed},
		{name: "without the prefix the name on the server is the exposed name",
			servers: weather, keep: true, opts: func(o *ReplayOptions) { o.NoPrefix = true }, tools: []string{"get_forecast"}, calls: []string{"get_forecast"},
			origins: []string{"get_forecast<-0:weather/get_forecast"}, accepted: []string{"get_forecast"}, from: ToolsGiven},
		{name: "names match case-sensitively",
			servers: weather, keep: true, tools: []string{"Weather__get_forecast"}, calls: []string{"Weather__get_forecast"},
			origins: []string{"Weather__get_forecast<-request"}, accepted: []string{"Weather__get_forecast (inferred)"}, from: ToolsMixed},
		{name: "a name is matched as exposed: other characters replaced",
			servers: func(t *testing.T) []adapter.Server { return []adapter.Server{rtList(t, "my.srv", "a b")} },
			keep:    true, tools: []string{"my_srv__a_b"}, calls: []string{"my_srv__a_b"},
			origins: []string{"my_srv__a_b<-0:my.srv/a b"}, accepted: []string{"my_srv__a_b"}, from: ToolsGiven},
		{name: "a name is matched as exposed: the second of two lists takes _2",
			servers: func(t *testing.T) []adapter.Server { return []adapter.Server{rtList(t, "w", "t"), rtList(t, "w", "t")} },
			keep:    true, tools: []string{"w__t_2", "w__t"}, calls: []string{"w__t_2"},
			origins: []string{"w__t_2<-1:w/t", "w__t<-0:w/t"}, accepted: []string{"w__t_2"}, from: ToolsGiven},
		{name: "a tool strict true leaves out holds no name",
			servers: func(t *testing.T) []adapter.Server { return []adapter.Server{noStrictForm(t)} },
			opts:    func(o *ReplayOptions) { o.Strict = adapter.StrictOn },
			keep:    true, tools: []string{"loose__q"}, calls: []string{"loose__q"},
			origins: []string{"loose__q<-request"}, accepted: []string{"loose__q (inferred)"}, from: ToolsMixed},
		{name: "a call to a list's tool the request did not send resolves against the list",
			servers: weather, keep: true, tools: []string{"get_capital"}, calls: []string{"weather__set_alert", "get_capital"},
			origins:  []string{"get_capital<-request"},
			accepted: []string{"weather__set_alert", "get_capital (inferred)"}, from: ToolsMixed},
		{name: "a call that names neither is unknown",
			servers: weather, keep: true, tools: []string{"get_capital"}, calls: []string{"radar"},
			origins: []string{"get_capital<-request"}, rejected: []string{`unknown tool "radar"`}, from: ToolsMixed},
		{name: "a request without tools leaves the lists alone",
			servers: weather, keep: true, calls: []string{"weather__get_forecast", "get_capital"},
			accepted: []string{"weather__get_forecast"}, rejected: []string{`unknown tool "get_capital"`}, from: ToolsGiven},
		{name: "without KeepRequestTools the lists are the tools",
			servers: weather, tools: []string{"get_capital"}, calls: []string{"get_capital"},
			rejected: []string{`unknown tool "get_capital"`}, from: ToolsGiven},
		{name: "without lists the request is the tools",
			servers: func(*testing.T) []adapter.Server { return nil }, keep: true, tools: []string{"get_capital"}, calls: []string{"get_capital"},
			accepted: []string{"get_capital (inferred)"}, from: ToolsInferred},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := DefaultReplayOptions()
			opts.KeepRequestTools = c.keep
			if c.opts != nil {
				c.opts(&opts)
			}
			tr := ReplayRecording(rtRecording(t, c.tools, c.calls), c.servers(t), opts)
			if tr.ToolsFrom != c.from {
				t.Errorf("tools from %q, want %q", tr.ToolsFrom, c.from)
			}
			turn := tr.Turns[0]
			var origins, accepted, rejected []string
			for _, o := range turn.ToolOrigins {
				origins = append(origins, origin(o))
			}
			for _, cc := range turn.Calls {
				s := cc.Name
				if cc.Sent.Inferred {
					s += " (inferred)"
				}
				accepted = append(accepted, s)
				if !cc.Valid {
					t.Errorf("call %s is not valid: %v", cc.Name, cc.Errors)
				}
			}
			for _, r := range turn.Extracted.Rejected {
				rejected = append(rejected, r.Reason)
			}
			if !slices.Equal(origins, c.origins) {
				t.Errorf("origins %q, want %q", origins, c.origins)
			}
			if !slices.Equal(accepted, c.accepted) {
				t.Errorf("accepted %q, want %q", accepted, c.accepted)
			}
			if !slices.Equal(rejected, c.rejected) {
				t.Errorf("rejected %q, want %q", rejected, c.rejected)
			}
		})
	}
}

// TestKeepRequestToolsNotes: a turn whose tools were partly inferred says so
// in its response stage, naming them, and names a list's tool that has the
// name on its server; a turn whose tools all come from the lists adds nothing.
func TestKeepRequestToolsNotes(t *testing.T) {
	opts := DefaultReplayOptions()
	opts.KeepRequestTools = true
	servers := []adapter.Server{rtList(t, "weather", "get_forecast")}
	tr := ReplayRecording(rtRecording(t, []string{"weather__get_forecast", "get_forecast", "get_capital"}, []string{"get_capital"}), servers, opts)
	notes := strings.Join(tr.Turns[0].Stages[0].Notes, "\n")
	for _, want := range []string{
		"inferred from the request, since no loaded tool list exposes the name: get_forecast, get_capital (2 of the 3 tools the request sent)",
		"a tool of the lists is named get_forecast on its server but exposed as weather__get_forecast; the model saw get_forecast, so the request's tool is used",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	tr = ReplayRecording(rtRecording(t, []string{"weather__get_forecast"}, []string{"weather__get_forecast"}), servers, opts)
	if notes := strings.Join(tr.Turns[0].Stages[0].Notes, "\n"); strings.Contains(notes, "inferred") {
		t.Errorf("a turn whose tools all come from the lists notes inference:\n%s", notes)
	}
}

// TestKeepRequestToolsUsesTheList: a tool the lists hold is the list's, not
// the request's: its null paths are the converted ones and its arguments are
// validated against the list's schema, whatever the request sent.
func TestKeepRequestToolsUsesTheList(t *testing.T) {
	opts := DefaultReplayOptions()
	opts.KeepRequestTools = true
	// The request's weather__get_forecast requires "s"; the list's takes an
	// optional integer "n", so {"s":"x"} is valid for it, n is its null path.
	tr := ReplayRecording(rtRecording(t, []string{"weather__get_forecast"}, []string{"weather__get_forecast"}),
		[]adapter.Server{rtList(t, "weather", "get_forecast")}, opts)
	c := tr.Turns[0].Calls[0]
	if c.Sent.Inferred || c.Sent.Server != "weather" || len(c.Sent.NullPaths) != 1 || c.Sent.NullPaths[0].String() != `["n"]` {
		t.Errorf("the call resolved against %+v", c.Sent)
	}
}
