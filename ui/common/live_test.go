package common

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/fixtures"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/sessions/live"
)

// weatherLive is one live server with the weather fixture's tools.
func weatherLive(t *testing.T, api adapter.API, prefix bool) *Live {
	t.Helper()
	data, err := fixtures.Read("tools/weather.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := adapter.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	tools, _, err := adapter.ParseToolList(doc)
	if err != nil {
		t.Fatal(err)
	}
	return &Live{Session: NewLiveSession(api, adapter.StrictAuto, prefix), Servers: []*LiveServer{
		{Spec: live.Server{Name: "weather"}, State: LiveReady, Tools: &live.ToolList{Doc: doc, Tools: tools}}}}
}

// TestWithCallReplays: a call made from the inspector becomes a turn of the
// live session that the library replays to that call (the tool under its
// exposed name, the arguments as sent, valid) answered by the server's
// result, rendered for the session's API; a JSON-RPC error and a call that
// ended without an answer are client errors; the session before is left as
// it was.
func TestWithCallReplays(t *testing.T) {
	args := []byte(`{"location":"Paris","days":2}`)
	result := []byte(`{"content":[{"type":"text","text":"sunny, 1.0e1 degrees"}]}`)
	cases := []struct {
		name     string
		api      adapter.API
		prefix   bool
		done     CallDoneMsg
		exposed  string
		inOutput string
	}{
		{"chat", adapter.Chat, true, CallDoneMsg{Result: &live.CallResult{Raw: result}}, "weather__get_forecast", "sunny, 1.0e1 degrees"},
		{"responses", adapter.Responses, true, CallDoneMsg{Result: &live.CallResult{Raw: result}}, "weather__get_forecast", "sunny, 1.0e1 degrees"},
		{"no prefix", adapter.Chat, false, CallDoneMsg{Result: &live.CallResult{Raw: result}}, "get_forecast", "sunny"},
		{"rpc error", adapter.Chat, true, CallDoneMsg{Result: &live.CallResult{RPCError: &jsonrpc.Error{Code: -32602, Message: "bad days"}}},
			"weather__get_forecast", "JSON-RPC error -32602: bad days"},
		{"no answer", adapter.Responses, true, CallDoneMsg{Err: errors.New("the call was cancelled")}, "weather__get_forecast", "the call was cancelled"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lv := weatherLive(t, tc.api, tc.prefix)
			before := lv.Session
			d := tc.done
			d.Server, d.Tool, d.Exposed, d.Arguments, d.Elapsed = 0, "get_forecast", "whatever the screen showed", args, time.Second
			s := lv.WithCall(d)
			if len(before.Turns) != 0 || len(s.Turns) != 1 {
				t.Fatalf("turns before %d after %d, want 0 and 1", len(before.Turns), len(s.Turns))
			}
			tr := sessions.ReplaySession("live", s, sessions.ReplayOptions{ErrorPrefix: adapter.DefaultErrorPrefix})
			turn := tr.Turns[0]
			if turn.Err != nil || len(turn.Calls) != 1 || len(turn.Outputs) != 1 {
				t.Fatalf("the turn replays with err %v, %d calls, %d outputs", turn.Err, len(turn.Calls), len(turn.Outputs))
			}
			c := turn.Calls[0]
			if c.Name != tc.exposed || c.CallID != "call_live_1" || !c.Valid || c.RawText != string(args) {
				t.Errorf("call %q id %q valid %v args %s; want %q call_live_1 valid %s", c.Name, c.CallID, c.Valid, c.RawText, tc.exposed, args)
			}
			if turn.API != tc.api {
				t.Errorf("the turn is of API %s, want %s", turn.API, tc.api)
			}
			if out := string(adapter.Marshal(turn.Outputs[0])); !strings.Contains(out, tc.inOutput) {
				t.Errorf("the output %s lacks %q", out, tc.inOutput)
			}
			again := lv.WithCall(d)
			if len(again.Turns) != 1 {
				t.Errorf("WithCall changed lv.Session: a second call on the same session has %d turns", len(again.Turns))
			}
		})
	}
}

func TestElapsed(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0s", 400 * time.Millisecond: "0s", 2900 * time.Millisecond: "2s", 59 * time.Second: "59s",
		61 * time.Second: "1m01s", 59*time.Minute + 59*time.Second: "59m59s", 12 * time.Second: "12s", 185 * time.Second: "3m05s",
		2*time.Hour + time.Minute: "2h01m", -time.Second: "0s", 1000 * time.Hour: "1,000h00m",
	} {
		if got := Elapsed(d); got != want {
			t.Errorf("Elapsed(%v) = %q, want %q", d, got, want)
		}
	}
}
