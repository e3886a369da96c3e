package sessions

import (
	"reflect"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

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
	// The shape replay --json prints (docs/recordings.md#replay-json).
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
