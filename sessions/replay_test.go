package sessions

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../fixtures/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestParseSession(t *testing.T) {
	s, err := ParseSession("s.json", readFixture(t, "recordings/session_two_turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	if s.API != adapter.Responses || s.Strict != adapter.StrictAuto || !s.Prefix {
		t.Errorf("api %q strict %q prefix %v", s.API, s.Strict, s.Prefix)
	}
	if len(s.Servers) != 2 || s.Servers[0].Name != "weather" || len(s.Servers[1].Tools) != 5 {
		t.Errorf("servers: %+v", s.Servers)
	}
	if len(s.Turns) != 2 || !s.Turns[1].Streamed || len(s.Turns[0].Results) != 3 {
		t.Fatalf("turns: %d, streamed %v", len(s.Turns), s.Turns[1].Streamed)
	}
	if r, ok := s.Turns[0].Result("call_read"); !ok || !r.Has("isError") {
		t.Errorf("result of call_read: %v %v", r, ok)
	}
	// Writing it back and reading it again gives the same session.
	again, err := ParseSession("again.json", adapter.Marshal(s.Value()))
	if err != nil {
		t.Fatal(err)
	}
	if !adapter.Equal(again.Value(), s.Value()) {
		t.Error("a written session does not read back the same")
	}
}

func TestParseSessionErrors(t *testing.T) {
	for _, tt := range []struct{ doc, where string }{
		{`[]`, ""},
		{`{"api":"chat"}`, ""},
		{`{"strictscope_session":1,"api":"chat","turns":[]}`, ""},
		{`{"strictscope_session":1,"api":"chat","servers":{},"turns":[]}`, "/servers"},
		{`{"strictscope_session":1,"api":"chat","servers":[]}`, ""},
		{`{"strictscope_session":1,"api":"chat","servers":[],"turns":{}}`, "/turns"},
		{`{"strictscope_session":2,"api":"chat","servers":[],"turns":[]}`, "/strictscope_session"},
		{`{"strictscope_session":1,"api":"soap","servers":[],"turns":[]}`, "/api"},
		{`{"strictscope_session":1,"api":"chat","options":{"strict":"maybe"},"servers":[],"turns":[]}`, "/options/strict"},
		{`{"strictscope_session":1,"api":"chat","options":{"error_prefix":1},"servers":[],"turns":[]}`, "/options/error_prefix"},
		{`{"strictscope_session":1,"api":"chat","options":{"structured":"always"},"servers":[],"turns":[]}`, "/options/structured"},
		{`{"strictscope_session":1,"api":"chat","options":{"apply_defaults":"yes"},"servers":[],"turns":[]}`, "/options/apply_defaults"},
		{`{"strictscope_session":1,"api":"chat","servers":[{"tools":[]}],"turns":[]}`, "/servers/0/name"},
		{`{"strictscope_session":1,"api":"chat","servers":[{"name":"a","tools":[{"title":"x"}]}],"turns":[]}`, "/servers/0/tools/0"},
		{`{"strictscope_session":1,"api":"chat","servers":[],"turns":[{}]}`, "/turns/0"},
		{`{"strictscope_session":1,"api":"chat","servers":[],"turns":[{"response":{"choices":[]},"results":[]}]}`, "/turns/0/results"},
		{`{"strictscope_session":1,"api":"chat","servers":[],"turns":[{"response":{}}]}`, "/turns/0/response"},
		{`{"strictscope_session":1,"api":"chat","servers":[],"turns":[{"response":"not a stream"}]}`, "/turns/0/response"},
		{`{"strictscope_session":1,"api":"chat","servers":[],"turns":[{"response":{"choices":[]},"request_tools":{}}]}`, "/turns/0/request_tools"},
	} {
		_, err := ParseSession("bad.json", []byte(tt.doc))
		le, ok := err.(*LoadError)
		if !ok || le.Where != tt.where || le.File != "bad.json" {
			t.Errorf("%s: got %v, want a LoadError at %q", tt.doc, err, tt.where)
		}
	}
}

// TestParseSessionMissingMembers: a missing "servers" or "turns" is said to be
// missing, not to be of the wrong kind.
func TestParseSessionMissingMembers(t *testing.T) {
	for _, tt := range []struct{ doc, msg string }{
		{`{"strictscope_session":1,"api":"chat","turns":[]}`, `a session needs "servers", a list of {"name", "tools"}`},
		{`{"strictscope_session":1,"api":"chat","servers":[]}`, `a session needs "turns", a list`},
		{`{"strictscope_session":1,"api":"chat","servers":7,"turns":[]}`, `"servers" must be a list of {"name", "tools"}`},
	} {
		_, err := ParseSession("bad.json", []byte(tt.doc))
		if le, ok := err.(*LoadError); !ok || le.Msg != tt.msg {
			t.Errorf("%s: got %v, want %q", tt.doc, err, tt.msg)
		}
	}
}

// TestParseSessionWarningsPointAtTheTool: a tool's warning names its place in
// the session file, as its errors do.
func TestParseSessionWarningsPointAtTheTool(t *testing.T) {
	s, err := ParseSession("s.json", []byte(`{"strictscope_session":1,"api":"chat","servers":[{"name":"a","tools":[]},{"name":"b","tools":[{"name":"x","inputSchema":{"type":"object"}},{"name":"t"}]}],"turns":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`/servers/1/tools/1: tool "t" has no inputSchema; read as {"type":"object"}`}
	if !slices.Equal(s.Warnings, want) {
		t.Errorf("warnings %q, want %q", s.Warnings, want)
	}
}

func stageKinds(turn TurnTrace) []StageKind {
	var out []StageKind
	for _, s := range turn.Stages {
		out = append(out, s.Kind)
	}
	return out
}

func TestReplaySession(t *testing.T) {
	s, err := ParseSession("s.json", readFixture(t, "recordings/session_two_turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	tr := ReplaySession("s.json", s, DefaultReplayOptions())
	if len(tr.Turns) != 2 {
		t.Fatalf("%d turns", len(tr.Turns))
	}
	one := tr.Turns[0]
	call := []StageKind{StageArguments, StageDecoded, StageStripped, StageValidated, StageResult, StageOutput}
	want := []StageKind{StageResponse, StageCalls}
	for range 3 {
		want = append(want, call...)
	}
	want = append(want, StageNextInput)
	if got := stageKinds(one); !reflect.DeepEqual(got, want) {
		t.Errorf("stages\n got %v\nwant %v", got, want)
	}
	if len(one.Calls) != 3 || len(one.Outputs) != 3 || len(one.NextInput) != 3 {
		t.Fatalf("calls %d outputs %d next %d", len(one.Calls), len(one.Outputs), len(one.NextInput))
	}
	if got := one.Calls[0].Stripped; len(got) != 2 || got[0].String() != `["units"]` || got[1].String() != `["when"]` {
		t.Errorf("stripped %v", got)
	}
	if out := one.Outputs[1].String(); out != `{"type":"function_call_output","call_id":"call_read","output":"Error: ENOENT: no such file /srv/notes/trip.md"}` {
		t.Errorf("error output %s", out)
	}
	// Turn 2: one call answered, one rejected; the next input keeps the model's order.
	two := tr.Turns[1]
	if len(two.Calls) != 1 || len(two.Extracted.Rejected) != 1 || len(two.NextInput) != 2 {
		t.Fatalf("turn 2: calls %d rejected %d next %d", len(two.Calls), len(two.Extracted.Rejected), len(two.NextInput))
	}
	if id, _ := two.NextInput[1].Get("call_id"); id.Str() != "call_query" {
		t.Errorf("next input order: %v", two.NextInput)
	}
	// The SPEC §11 shape.
	v := tr.Value(false)
	turns, _ := v.Get("turns")
	for _, turn := range turns.Items() {
		var keys []string
		for _, m := range turn.Members() {
			keys = append(keys, m.Key())
		}
		if strings.Join(keys, ",") != "calls,rejected,outputs,next_input" {
			t.Errorf("turn keys %v", keys)
		}
	}
}

func TestReplayMissingResultAndDefaults(t *testing.T) {
	s, err := ParseSession("s.json", readFixture(t, "recordings/session_two_turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	s.Turns[0].Results = s.Turns[0].Results[:1] // only call_forecast answered
	opts := DefaultReplayOptions()
	opts.ApplyDefaults = true
	tr := ReplaySession("s.json", s, opts)
	one := tr.Turns[0]
	if len(one.Outputs) != 1 || len(one.NextInput) != 1 {
		t.Fatalf("outputs %d next %d", len(one.Outputs), len(one.NextInput))
	}
	var missing, defaults int
	for _, st := range one.Stages {
		if st.Kind == StageResult && len(st.Notes) > 0 && strings.HasPrefix(st.Notes[0], "missing") {
			missing++
		}
		if st.Kind == StageDefaults {
			defaults++
		}
	}
	if missing != 2 || defaults != 3 {
		t.Errorf("missing results %d (want 2), defaults stages %d (want 3)", missing, defaults)
	}
	// units was stripped and has a default: it comes back.
	args := one.Calls[0].Arguments.String()
	if args != `{"location":"Bergen","days":5,"units":"metric","include":["wind"]}` {
		t.Errorf("arguments with defaults: %s", args)
	}
}

// TestReplayJSONRPCResults: a recorded result that is a JSON-RPC response, or a
// capture of one, renders as adapter.ToolOutput renders it.
func TestReplayJSONRPCResults(t *testing.T) {
	s, err := ParseSession("s.json", readFixture(t, "recordings/session_two_turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	results := []string{
		`{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"sunny"}]}}`,
		`{"request":{"method":"tools/call"},"error":{"code":-32602,"message":"unknown tool"}}`,
	}
	for i, r := range results {
		v, err := adapter.DecodeString(r)
		if err != nil {
			t.Fatal(err)
		}
		s.Turns[0].Results[i].Result = v
	}
	one := ReplaySession("s.json", s, DefaultReplayOptions()).Turns[0]
	want := []string{"sunny", "Error: JSON-RPC error -32602: unknown tool"}
	for i, w := range want {
		if out, _ := one.Outputs[i].Get("output"); out.Str() != w {
			t.Errorf("output %d = %s, want %q", i, one.Outputs[i], w)
		}
	}
}

func TestReplayRecordingInfersTools(t *testing.T) {
	rec, err := LoadRecording("cassette.yaml", []byte(`interactions:
- request:
    method: POST
    uri: https://api.openai.com/v1/chat/completions
    body: '{"model":"gpt-4o","messages":[],"tools":[{"type":"function","function":{"name":"f","strict":true,"parameters":{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"type":"string"}},"required":["a","b"],"additionalProperties":false}}}]}'
  response:
    status: {code: 200, message: OK}
    body: {string: '{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{\"a\":null,\"b\":\"x\"}"}}]},"finish_reason":"tool_calls"}]}'}
`))
	if err != nil {
		t.Fatal(err)
	}
	tr := ReplayRecording(rec, nil, DefaultReplayOptions())
	if tr.ToolsFrom != "inferred from the request" || len(tr.Turns) != 1 {
		t.Fatalf("tools from %q, %d turns", tr.ToolsFrom, len(tr.Turns))
	}
	c := tr.Turns[0].Calls[0]
	if c.Arguments.String() != `{"b":"x"}` || !c.Sent.Inferred || !c.Valid {
		t.Errorf("call: %s inferred %v valid %v %v", c.Arguments, c.Sent.Inferred, c.Valid, c.Errors)
	}
}

// TestReplayRecordingErrorTurnKeepsRequestTools: a request's tools are what the
// recording recorded even when its response is an error body; the trace does not
// say that no tools were recorded.
func TestReplayRecordingErrorTurnKeepsRequestTools(t *testing.T) {
	rec, err := LoadRecording("cassette.yaml", []byte(`interactions:
- request:
    method: POST
    uri: https://api.openai.com/v1/chat/completions
    body: '{"model":"gpt-4o","messages":[],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}]}'
  response:
    status: {code: 400, message: Bad Request}
    body: {string: '{"error":{"message":"Invalid schema for function ''f''.","type":"invalid_request_error","param":"tools[0].function.parameters","code":"invalid_function_parameters"}}'}
`))
	if err != nil {
		t.Fatal(err)
	}
	tr := ReplayRecording(rec, nil, DefaultReplayOptions())
	if tr.ToolsFrom != ToolsInferred || len(tr.Turns) != 1 || len(tr.Turns[0].Calls) != 0 {
		t.Errorf("tools from %q, %d turns", tr.ToolsFrom, len(tr.Turns))
	}
}

func TestInferNullPaths(t *testing.T) {
	schema, _ := adapter.DecodeString(`{"type":"object","properties":{
		"a":{"type":["string","null"]},
		"b":{"type":"string"},
		"c":{"type":"array","items":{"type":"object","properties":{"d":{"enum":["x",null]},"e":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"string"}]}}}},
		"f":{"$ref":"#/$defs/N"}},
		"$defs":{"N":{"type":"null"}}}`)
	got := adapter.PathsValue(InferNullPaths(schema)).String()
	want := `[["a"],["c",null,"d"],["c",null,"e"],["f"]]`
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestToolSource(t *testing.T) {
	dir := t.TempDir()
	weird := dir + "/a=b.json"
	if err := os.WriteFile(weird, []byte(`{"tools":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ arg, server, path string }{
		{"weather=tools.json", "weather", "tools.json"},
		{"w=x=y.json", "w", "x=y.json"},
		{"my.server.json", "my.server", "my.server.json"},
		{"dir/plain", "plain", "dir/plain"},
		{weird, "a=b", weird},
	} {
		got := ParseToolSource(tt.arg)
		if got.Server != tt.server || got.Path != tt.path {
			t.Errorf("%s: got %+v", tt.arg, got)
		}
	}
}
