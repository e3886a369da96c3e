package replay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

// liveReplay is the replay screen on a live session with no turn yet, of
// one server with the weather fixture's tools, beside the replay fixtures.
func liveReplay(t *testing.T) (*Screen, *common.Live, *common.Loaded) {
	t.Helper()
	doc, err := adapter.Decode(uitest.Fixture(t, "tools/weather.json"))
	if err != nil {
		t.Fatal(err)
	}
	tools, _, err := adapter.ParseToolList(doc)
	if err != nil {
		t.Fatal(err)
	}
	lv := &common.Live{Session: common.NewLiveSession(adapter.Chat, adapter.StrictAuto, true),
		Servers: []*common.LiveServer{{Spec: live.Server{Name: "weather"}, State: common.LiveReady, Tools: &live.ToolList{Doc: doc, Tools: tools}}}}
	l := replayFiles(t)
	l.Files = append(l.Files, common.File{Name: common.LiveSessionName, Kind: common.FileSession, Server: -1, Session: lv.Session, Live: true})
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = 160, 50
	s := New(ctx, l, lv, sessions.ReplayOptions{API: adapter.Chat, Strict: adapter.StrictAuto})
	s.Resize()
	return s, lv, l
}

// addCall does what the root does with a call's end: the live session takes
// it as a turn, and the screen is told.
func addCall(s *Screen, lv *common.Live, l *common.Loaded, args string) {
	lv.Session = lv.WithCall(common.CallDoneMsg{Server: 0, Tool: "get_forecast", Arguments: []byte(args),
		Result: &live.CallResult{Raw: []byte(`{"content":[{"type":"text","text":"rain"}]}`)}})
	for i := range l.Files {
		if l.Files[i].Live {
			l.Files[i].Session = lv.Session
		}
	}
	s.Update(common.LiveTurnMsg{Turn: len(lv.Session.Turns) - 1})
}

// TestLiveCallsBecomeTurns: each call made from the inspector is a new turn
// of the live session's group, selected as it arrives, replayed to the call
// and its output.
func TestLiveCallsBecomeTurns(t *testing.T) {
	s, lv, l := liveReplay(t)
	before := len(s.entries)
	addCall(s, lv, l, `{"location":"Oslo"}`)
	addCall(s, lv, l, `{"location":"Rome","days":3}`)
	if got := len(s.entries); got != before+2 {
		t.Fatalf("%d turns after two calls, want %d", got, before+2)
	}
	e, _, turn := s.current()
	if e == nil || !s.eng.files[e.File].Live || e.Turn != 1 {
		t.Fatalf("the selected turn is %+v, want the live session's second", e)
	}
	if len(turn.Calls) != 1 || turn.Calls[0].RawText != `{"location":"Rome","days":3}` || len(turn.Outputs) != 1 {
		t.Fatalf("the live turn replays to %d calls (%v), %d outputs", len(turn.Calls), turn.Calls, len(turn.Outputs))
	}
	if f := frame(s); !strings.Contains(f, common.LiveSessionName) {
		t.Errorf("the live session's group is not named:\n%s", f)
	}
}

// TestReplayAPIToggle: a renders the outputs for the other API, and back.
func TestReplayAPIToggle(t *testing.T) {
	s, lv, l := liveReplay(t)
	addCall(s, lv, l, `{"location":"Oslo"}`)
	_, _, turn := s.current()
	if turn.OutputAPI != adapter.Chat {
		t.Fatalf("the live turn's outputs are for %s, want chat", turn.OutputAPI)
	}
	if !strings.Contains(string(adapter.Marshal(turn.Outputs[0])), `"role":"tool"`) {
		t.Errorf("a Chat output is not a tool message: %s", adapter.Marshal(turn.Outputs[0]))
	}
	press(s, "a")
	_, _, turn = s.current()
	if s.opts.OutputAPI != adapter.Responses || turn.OutputAPI != adapter.Responses {
		t.Fatalf("after a: options %q, turn outputs %q; want responses", s.opts.OutputAPI, turn.OutputAPI)
	}
	if out := string(adapter.Marshal(turn.Outputs[0])); !strings.Contains(out, `"function_call_output"`) {
		t.Errorf("a Responses output is not a function_call_output: %s", out)
	}
	if f := frame(s); !strings.Contains(f, "outputs responses") {
		t.Errorf("the frame does not say the outputs are for Responses:\n%s", f)
	}
	press(s, "a")
	if _, _, turn = s.current(); turn.OutputAPI != adapter.Chat {
		t.Errorf("a again: outputs for %s, want chat", turn.OutputAPI)
	}
}

// TestWriteLiveSession: w writes the live session as a session file that
// replays to the same calls, and never replaces a file without asking.
func TestWriteLiveSession(t *testing.T) {
	s, lv, l := liveReplay(t)
	addCall(s, lv, l, `{"location":"Oslo"}`)
	addCall(s, lv, l, `{"location":"Rome","days":3}`)
	name := filepath.Join(t.TempDir(), "live.json")
	msg := s.write(writeMsg{name: name})()
	if w := msg.(writtenMsg); w.Err != nil || w.Exists {
		t.Fatalf("writing: %+v", w)
	}
	sess, err := sessions.LoadSessionFile(name)
	if err != nil {
		t.Fatal(err)
	}
	tr := sessions.ReplaySession(name, sess, sessions.ReplayOptions{})
	if len(tr.Turns) != 2 || tr.Turns[1].Calls[0].RawText != `{"location":"Rome","days":3}` || tr.Turns[1].Calls[0].Name != "weather__get_forecast" {
		t.Fatalf("the written session replays to %d turns: %+v", len(tr.Turns), tr.Turns)
	}
	data, _ := os.ReadFile(name)
	again := s.write(writeMsg{name: name})().(writtenMsg)
	if !again.Exists {
		t.Errorf("writing over an existing file did not ask: %+v", again)
	}
	if now, _ := os.ReadFile(name); string(now) != string(data) {
		t.Errorf("the file changed without being agreed to")
	}
}
