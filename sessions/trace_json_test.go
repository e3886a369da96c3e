package sessions

import (
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// callResults returns, for each call of each turn of a trace's JSON, its "result"
// member ("" when it has none).
func callResults(t *testing.T, v adapter.Value) [][]string {
	t.Helper()
	turns, _ := v.Get("turns")
	var out [][]string
	for _, turn := range turns.Items() {
		calls, _ := turn.Get("calls")
		var rs []string
		for _, c := range calls.Items() {
			r, ok := c.Get("result")
			if ok && r.Kind() != adapter.String {
				t.Errorf("result %s is not a string", r)
			}
			if last := c.Members()[len(c.Members())-1]; ok && last.Key() != "result" {
				t.Errorf("result is not the call's last member: %s", c)
			}
			rs = append(rs, r.Str())
		}
		out = append(out, rs)
	}
	return out
}

// TestTraceMarksCallsWithoutResult: in the JSON trace a call that no output
// answers has "result": "missing" or "invalid", and a call answered has none
// (docs/recordings.md#missing-and-invalid-results).
func TestTraceMarksCallsWithoutResult(t *testing.T) {
	s, err := ParseSession("s.json", readFixture(t, "recordings/session_two_turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := callResults(t, ReplaySession("s.json", s, DefaultReplayOptions()).Value(false)); len(got) != 2 || len(got[0]) != 3 || got[0][0]+got[0][1]+got[0][2]+got[1][0] != "" {
		t.Fatalf("every call of the fixture is answered, got %q", got)
	}

	// The second call's result is left out, the third's cannot be rendered.
	first := s.Turns[0].Results
	if len(first) != 3 {
		t.Fatalf("the fixture's first turn has %d results, want 3", len(first))
	}
	first[2].Result, _ = adapter.DecodeString(`{"content":"not a list"}`)
	s.Turns[0].Results = []CallResult{first[0], first[2]}
	for _, stages := range []bool{false, true} {
		tr := ReplaySession("s.json", s, DefaultReplayOptions())
		v := tr.Value(stages)
		got := callResults(t, v)
		want := [][]string{{"", ResultMissing, ResultInvalid}, {""}}
		if len(got) != 2 || len(got[0]) != 3 || got[0][0] != want[0][0] || got[0][1] != want[0][1] || got[0][2] != want[0][2] || got[1][0] != "" {
			t.Errorf("stages %v: results %q, want %q", stages, got, want)
		}
		turns, _ := v.Get("turns")
		outputs, _ := turns.Items()[0].Get("outputs")
		if outputs.Len() != 1 {
			t.Errorf("stages %v: %d outputs, want 1 (the calls without a result member)", stages, outputs.Len())
		}
	}

	// A recording holds no MCP results: every call is missing one.
	rec, err := LoadRecording("pair.json", []byte(`{"request":{"model":"gpt-5","input":"hi","tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{}},"strict":true}]},
		"response":{"object":"response","output":[
			{"type":"function_call","call_id":"c1","name":"f","arguments":"{}"},
			{"type":"function_call","call_id":"c2","name":"f","arguments":"{}"},
			{"type":"function_call","call_id":"c3","name":"unknown","arguments":"{}"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := callResults(t, ReplayRecording(rec, nil, DefaultReplayOptions()).Value(false))
	if len(got) != 1 || len(got[0]) != 2 || got[0][0] != ResultMissing || got[0][1] != ResultMissing {
		t.Errorf("recording: results %q, want both missing (the rejected call is no call)", got)
	}
}
