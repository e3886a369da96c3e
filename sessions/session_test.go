package sessions

import (
	"os"
	"slices"
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
