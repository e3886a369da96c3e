package sessions

import (
	"reflect"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/fixtures"
)

// TestFixtures: every built-in example loads, and its calls are the ones written
// into it.
func TestFixtures(t *testing.T) {
	var servers []adapter.Server
	for _, name := range fixtures.ToolLists() {
		data, err := fixtures.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		srv, _, err := ParseToolListFile(ServerNameFor(name), name, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		servers = append(servers, srv)
	}
	type want struct {
		calls    []string
		rejected int
	}
	expect := map[string]want{
		"recordings/chat_forecast.json":               {[]string{"weather__get_forecast"}, 1},
		"recordings/chat_refusal.json":                {nil, 0},
		"recordings/chat_stream_parallel.sse":         {[]string{"files__list_allowed_directories"}, 1},
		"recordings/responses_reasoning_wrapper.json": {[]string{"weather__search_places"}, 1},
		"recordings/responses_stream.jsonl":           {[]string{"weather__station_metadata"}, 0},
		"recordings/session_chat_media.json":          {[]string{"files__read_media_file", "files__read_media_file", "files__read_file", "weather__station_metadata", "weather__get_forecast", "files__list_allowed_directories"}, 0},
		"recordings/session_two_turns.json":           {[]string{"weather__get_forecast", "files__read_file", "files__read_media_file", "weather__set_alert"}, 1},
	}
	for _, name := range fixtures.Recordings() {
		data, err := fixtures.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		var tr *Trace
		if Detect(name, data) == FormatSession {
			s, err := ParseSession(name, data)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			tr = ReplaySession(name, s, DefaultReplayOptions())
		} else {
			rec, err := LoadRecording(name, data)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			tr = ReplayRecording(rec, servers, DefaultReplayOptions())
		}
		var calls []string
		rejected := 0
		for _, turn := range tr.Turns {
			for _, c := range turn.Calls {
				calls = append(calls, c.Name)
			}
			if turn.Extracted != nil {
				rejected += len(turn.Extracted.Rejected)
			}
		}
		w, ok := expect[name]
		if !ok {
			t.Errorf("%s: no expectation written for this fixture", name)
			continue
		}
		if !reflect.DeepEqual(calls, w.calls) || rejected != w.rejected {
			t.Errorf("%s: calls %v rejected %d, want %v and %d", name, calls, rejected, w.calls, w.rejected)
		}
	}
	for _, name := range fixtures.Results() {
		data, _ := fixtures.Read(name)
		v, err := adapter.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, api := range []adapter.API{adapter.Chat, adapter.Responses} {
			if _, err := adapter.ToolOutput("c", v, adapter.DefaultOutputOptions(api)); err != nil {
				t.Errorf("%s (%s): %v", name, api, err)
			}
		}
	}
}
