package replay

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

// listAndRecording is uitest.ListAndRecording loaded.
func listAndRecording(t *testing.T) *common.Loaded {
	t.Helper()
	l := &common.Loaded{}
	uitest.AddAll(l.AddBytes, uitest.ListAndRecording(t))
	for _, f := range l.Files {
		if f.Kind == common.FileFailed {
			t.Fatalf("%s: %v", f.Name, f.Err)
		}
	}
	return l
}

// TestReplayKeepsRecordingTools: with a tool list loaded, a recording's call
// to a tool its request sent and the list lacks is accepted against the
// request's tool, the one the list holds against the list's, and the banner
// says which came from where.
func TestReplayKeepsRecordingTools(t *testing.T) {
	s := newScreen(t, listAndRecording(t), 160, 50)
	_, tr, turn := s.current()
	if tr.ToolsFrom != sessions.ToolsMixed {
		t.Errorf("tools from %q, want %q", tr.ToolsFrom, sessions.ToolsMixed)
	}
	if n := len(turn.Extracted.Rejected); n != 0 || len(turn.Calls) != 2 {
		t.Fatalf("%d calls, %d rejected: %v", len(turn.Calls), n, turn.Extracted.Rejected)
	}
	if c := turn.Calls[0]; c.Name != "get_capital" || !c.Sent.Inferred || !c.Valid {
		t.Errorf("get_capital: inferred %v, valid %v", c.Sent.Inferred, c.Valid)
	}
	if c := turn.Calls[1]; c.Sent.Inferred || c.Sent.Server != "weather" || len(c.Stripped) != 4 {
		t.Errorf("weather__get_forecast: inferred %v, server %q, %d stripped", c.Sent.Inferred, c.Sent.Server, len(c.Stripped))
	}
	want := "! tools: weather__get_forecast from weather.json; get_capital inferred from the request (no loaded tool list exposes that name)"
	if !strings.Contains(frame(s), want) {
		t.Errorf("the banner does not say where the tools came from:\n%s", frame(s))
	}
}

// TestReplayBannerOnlyWhenToolsMix: a turn whose request's tools all come
// from the lists, or that recorded no tools, has no tools banner.
func TestReplayBannerOnlyWhenToolsMix(t *testing.T) {
	for _, rec := range []string{
		strings.Replace(uitest.CapitalPairs, `"name":"get_capital"`, `"name":"weather__set_alert"`, 1),
		`{"request":{"model":"m","input":"hi"},"response":{"id":"r","object":"response","output":[]}}` + "\n",
	} {
		l := &common.Loaded{}
		l.AddBytes("weather", "weather.json", uitest.Fixture(t, "tools/weather.json"))
		l.AddBytes("r", "r.jsonl", []byte(rec))
		s := newScreen(t, l, 160, 50)
		if _, tr, _ := s.current(); tr.ToolsFrom != sessions.ToolsGiven || strings.Contains(frame(s), "! tools:") {
			t.Errorf("tools from %q, and the screen:\n%s", tr.ToolsFrom, frame(s))
		}
	}
}

// TestReplayKeepsRecordingToolsOnCorpus is the case: with every tool
// list and every recording of the corpus open, pydantic-ai's Responses round
// trip calls get_capital, which its request sent and no list holds; the call
// is accepted against the request's tool, and the banner says so.
func TestReplayKeepsRecordingToolsOnCorpus(t *testing.T) {
	lists := uitest.CorpusFiles(t)
	recs, _ := filepath.Glob(filepath.Join(uitest.CorpusDir(t), "openai", "*.*"))
	var files []string
	for _, f := range recs {
		if filepath.Ext(f) != ".md" {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Skip("the corpus (../shared/corpus/openai) is absent")
	}
	s := newScreen(t, common.Load(append(lists, files...)), 160, 50)
	press(s, "/")
	typing(s, "responses_roundtrip.pydantic")
	press(s, "enter")
	_, tr, turn := s.current()
	if turn == nil || filepath.Base(tr.Name) != "responses_roundtrip.pydantic-ai.yaml" {
		t.Fatalf("the round trip's first turn is not selected:\n%s", frame(s))
	}
	if tr.ToolsFrom != sessions.ToolsMixed {
		t.Errorf("tools from %q, want %q", tr.ToolsFrom, sessions.ToolsMixed)
	}
	if len(turn.Calls) != 1 || turn.Calls[0].Name != "get_capital" || !turn.Calls[0].Sent.Inferred || len(turn.Extracted.Rejected) != 0 {
		t.Errorf("%d calls, rejected %v", len(turn.Calls), turn.Extracted.Rejected)
	}
	if !strings.Contains(frame(s), "! tools: get_capital inferred from the request (no loaded tool list exposes that name)") {
		t.Errorf("the banner does not say where get_capital came from:\n%s", frame(s))
	}
}
