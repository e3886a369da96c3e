package replay

import (
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

// replayFiles are uitest.ReplayFiles loaded.
func replayFiles(t *testing.T) *common.Loaded {
	t.Helper()
	l := &common.Loaded{}
	uitest.AddAll(l.AddBytes, uitest.ReplayFiles(t))
	return l
}

// newScreen is the replay screen on l, from the inspector's default modes
// (Chat Completions, strict auto), in a w×h window, as the root model builds
// and sizes it.
func newScreen(t *testing.T, l *common.Loaded, w, h int) *Screen {
	t.Helper()
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = w, h
	s := New(ctx, l, nil, sessions.ReplayOptions{API: adapter.Chat, Strict: adapter.StrictAuto})
	s.Resize()
	return s
}

// press and frame are uitest's, for this screen.
func press(s *Screen, names ...string) { uitest.Press(s, names...) }

func frame(s *Screen) string { return uitest.Frame(s) }

// toStage moves the screen to turn (0-based) and stage (0-based) from its
// first turn, with the keys.
func toStage(s *Screen, turn, stage int) {
	for range turn {
		press(s, "]")
	}
	for range stage {
		press(s, "right")
	}
}

// reStage moves the screen to turn and stage, with the keys: [ back to the
// first turn, ← to its first stage, ] to turn.
func reStage(t *testing.T, s *Screen, turn, stage int) {
	t.Helper()
	for range len(s.entries) {
		press(s, "[")
	}
	for range s.StageCount() {
		press(s, "left")
	}
	for range turn {
		press(s, "]")
	}
	if e, _, _ := s.current(); e == nil || *e != s.entries[turn] || s.stage != 0 {
		t.Fatalf("reStage: at %+v stage %d, want turn %d at its first stage", e, s.stage, turn)
	}
	for range stage {
		press(s, "right")
	}
}

// inferredFiles are uitest.InferredFiles loaded.
func inferredFiles() *common.Loaded {
	l := &common.Loaded{}
	uitest.AddAll(l.AddBytes, uitest.InferredFiles())
	return l
}

// stageOf finds the index of the first stage of kind k (of call, or -1 for
// any) in the trace the screen shows for turn.
func stageOf(t *testing.T, s *Screen, turn int, k sessions.StageKind, call int) int {
	t.Helper()
	e := s.entries[turn]
	for i, st := range s.traces[e.File].Turns[e.Turn].Stages {
		if st.Kind == k && (call < 0 || st.Call == call) {
			return i
		}
	}
	t.Fatalf("turn %d has no %s stage for call %d", turn, k, call)
	return 0
}

func TestReplayFilesTurnOrder(t *testing.T) {
	s := newScreen(t, replayFiles(t), 80, 24)
	want := []string{"turn 1 · session_two_turns.json", "turn 2 · session_two_turns.json", "turn 1 · session_chat_media.json",
		"stream · chat_stream_parallel.sse", "response · responses_reasoning_wrapper.json", "turn 1 · invalid_args.json"}
	if len(s.lp.List.Rows) != len(want) {
		t.Fatalf("%d turns listed, want %d", len(s.lp.List.Rows), len(want))
	}
	for i, w := range want {
		// The files' headers name them: a row is the turn's label, and its
		// long name (copied, matched by /) names the file.
		if r := s.lp.List.Rows[i]; r.Long != w || !strings.HasPrefix(w, r.Name+" · ") {
			t.Errorf("turn %d is %q (%q), want %q", i, r.Name, r.Long, w)
		}
	}
	if got := stageOf(t, s, uitest.TurnTwoTurns1, sessions.StageOutput, 1); got != 13 {
		t.Errorf("call_read's output is stage %d, the scenarios assume 13", got)
	}
	if got := stageOf(t, s, uitest.TurnInvalid, sessions.StageStripped, 0); got != 4 {
		t.Errorf("the invalid call's stripped stage is %d, the scenarios assume 4", got)
	}
}

// TestReplayTogglesReplayAgain checks that m and x replay with the library's
// options, that the stage shows the new trace's output, and that toggling back
// is answered from the cache.
func TestReplayTogglesReplayAgain(t *testing.T) {
	l := replayFiles(t)
	s := newScreen(t, l, 160, 50)
	out := stageOf(t, s, uitest.TurnTwoTurns1, sessions.StageOutput, 0)
	toStage(s, uitest.TurnTwoTurns1, out)
	first := s.traces
	sess := s.eng.files[0].Session
	modes := []adapter.StructuredMode{adapter.StructuredPrefer, adapter.StructuredAppend, adapter.StructuredIgnore, adapter.StructuredAuto}
	var seen []string
	for _, mode := range modes {
		press(s, "m")
		if s.opts.Structured != mode {
			t.Fatalf("m gave %s, want %s", s.opts.Structured, mode)
		}
		want := sessions.ReplaySession(s.eng.files[0].Name, sess, sessions.ReplayOptions{
			ErrorPrefix: adapter.DefaultErrorPrefix, Structured: mode}).Turns[0].Stages[out].Output
		if got := s.lp.Panes[1].Content.Doc.Value; !adapter.Equal(got, want) {
			t.Errorf("%s: the output pane shows %s, the library %s", mode, got, want)
		}
		if !strings.Contains(frame(s), "structured "+string(mode)) {
			t.Errorf("%s: the title bar does not say so", mode)
		}
		seen = append(seen, s.lp.Panes[1].Content.Doc.Value.String())
	}
	if seen[0] == seen[2] {
		t.Error("prefer and ignore render the same output: the toggle did nothing")
	}
	if &s.traces[0] != &first[0] {
		t.Error("back to auto, the traces were replayed again instead of taken from the cache")
	}

	errOut := stageOf(t, s, uitest.TurnTwoTurns1, sessions.StageOutput, 1)
	for s.stage < errOut {
		press(s, "right")
	}
	with := s.lp.Panes[1].Content.Doc.Value.String()
	press(s, "x")
	without := s.lp.Panes[1].Content.Doc.Value.String()
	if !strings.Contains(with, `"Error: ENOENT`) || strings.Contains(without, "Error: ") {
		t.Errorf("x does not take the error prefix off: %s → %s", with, without)
	}
	if s.stage != errOut {
		t.Errorf("a toggle moved the stepper to %d", s.stage)
	}
}
func TestReplayMissingResultIsANote(t *testing.T) {
	s := newScreen(t, replayFiles(t), 100, 30)
	res := stageOf(t, s, uitest.TurnInvalid, sessions.StageResult, 0)
	toStage(s, uitest.TurnInvalid, res)
	scr := frame(s)
	if s.lp.Panes[1].Content.Doc != nil || !strings.Contains(scr, "No result") || !strings.Contains(scr, "missing: no result is recorded") {
		t.Errorf("a missing result is not shown as a note:\n%s", scr)
	}
	press(s, "right")
	if k := s.traces[s.entries[uitest.TurnInvalid].File].Turns[0].Stages[s.stage].Kind; k != sessions.StageNextInput {
		t.Errorf("after a missing result comes %s, want the next input", k)
	}
	if !strings.Contains(frame(s), "have no result") {
		t.Errorf("the next input does not say a call has no result:\n%s", frame(s))
	}
	// The streamed recording holds no results at all.
	reStage(t, s, uitest.TurnStream, stageOf(t, s, uitest.TurnStream, sessions.StageResult, 0))
	if !strings.Contains(frame(s), "the recording holds no MCP results") {
		t.Errorf("a recording's missing result:\n%s", frame(s))
	}
}

func TestReplayUsesTheLoadedToolLists(t *testing.T) {
	l := &common.Loaded{}
	l.AddBytes("r", "stream.sse", uitest.Fixture(t, "recordings/chat_stream_parallel.sse"))
	s := newScreen(t, l, 100, 30)
	if !strings.Contains(frame(s), "no tools known") {
		t.Errorf("without tool lists the banner does not say no tools are known:\n%s", frame(s))
	}
	l.AddBytes("files", "files.json", uitest.Fixture(t, "tools/files.json"))
	s = newScreen(t, l, 100, 30)
	if s.traces[0].ToolsFrom != "tool lists" || strings.Contains(frame(s), "no tools known") {
		t.Errorf("the loaded tool list is not used: tools from %q", s.traces[0].ToolsFrom)
	}
	s = newScreen(t, inferredFiles(), 100, 30)
	if !strings.Contains(frame(s), "tools inferred from the request") {
		t.Errorf("tools from the request are not said to be inferred:\n%s", frame(s))
	}
}

// TestReplaySessionKeepsItsSavedOptions checks that a session file saved with
// its own error prefix, structured mode and defaults replays with them, as
// strictscope replay does when no flag overrides them, and that the toggles
// then start from them.
func TestReplaySessionKeepsItsSavedOptions(t *testing.T) {
	doc, err := adapter.Decode(uitest.Fixture(t, "recordings/session_two_turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	var mems []adapter.Member
	for _, m := range doc.Members() {
		if m.Key() == "options" {
			m = adapter.MemberOf(m.Key(), adapter.ObjectValue(append(m.Value().Members(),
				adapter.MemberOf("error_prefix", adapter.StringValue("Oops: ")),
				adapter.MemberOf("structured", adapter.StringValue("ignore")),
				adapter.MemberOf("apply_defaults", adapter.BoolValue(true)))...))
		}
		mems = append(mems, m)
	}
	l := &common.Loaded{}
	l.AddBytes("s", "saved.json", adapter.Marshal(adapter.ObjectValue(mems...)))
	sess := l.Files[0].Session
	if sess == nil || sess.Structured != adapter.StructuredIgnore || !sess.ApplyDefaults {
		t.Fatalf("the session does not hold its options: %+v", l.Files[0])
	}
	s := newScreen(t, l, 160, 50)
	want := sessions.ReplaySession("saved.json", sess, sessions.ReplayOptions{
		ErrorPrefix: sess.ErrorPrefix, Structured: sess.Structured, ApplyDefaults: sess.ApplyDefaults})
	if got := s.traces[0].Value(true); !adapter.Equal(got, want.Value(true)) {
		t.Errorf("the inspector replays the session without its saved options:\n got %s\nwant %s", got, want.Value(true))
	}
	if !strings.Contains(frame(s), "structured ignore") {
		t.Errorf("the title bar does not name the session's structured mode:\n%s", frame(s))
	}
	press(s, "m")
	if s.opts.Structured != adapter.StructuredAuto {
		t.Errorf("m after the session's ignore gave %q, want auto", s.opts.Structured)
	}
}

// typing types text into whatever has the keys, a character a key.
func typing(s *Screen, text string) {
	for _, r := range text {
		uitest.Press(s, string(r))
	}
}
