package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/pane"
	"github.com/strictscope/strictscope/ui/playground"
	"github.com/strictscope/strictscope/ui/replay"
	"github.com/strictscope/strictscope/ui/tools"
)

// replayFiles are uitest.ReplayFiles loaded.
func replayFiles(t *testing.T) *common.Loaded {
	t.Helper()
	l := &common.Loaded{}
	uitest.AddAll(l.AddBytes, uitest.ReplayFiles(t))
	for _, f := range l.Files {
		if f.Kind == common.FileFailed {
			t.Fatalf("%s: %v", f.Name, f.Err)
		}
	}
	return l
}

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

// inferredFiles are uitest.InferredFiles loaded.
func inferredFiles(t *testing.T) *common.Loaded {
	l := &common.Loaded{}
	uitest.AddAll(l.AddBytes, uitest.InferredFiles())
	return l
}

// toStage goes to the replay screen, turn (0-based) and stage (0-based).
func toStage(h *harness, turn, stage int) *harness {
	h.keys("2")
	for range turn {
		h.keys("]")
	}
	for range stage {
		h.keys("right")
	}
	return h
}

// reStage moves a replay screen already shown to turn and stage, with the
// keys: [ back to the first turn, ← to its first stage, ] to turn.
func reStage(h *harness, turn, stage int) *harness {
	s := replayOf(h)
	for range len(s.Turns()) {
		h.keys("[")
	}
	for range s.StageCount() {
		h.keys("left")
	}
	for range turn {
		h.keys("]")
	}
	if e, _, _ := s.Current(); e != s.Turns()[turn] || s.Stage() != 0 {
		h.tb.Fatalf("reStage: at %+v stage %d, want turn %d at its first stage", e, s.Stage(), turn)
	}
	for range stage {
		h.keys("right")
	}
	return h
}

// stageOf finds the index of the first stage of kind k (of call, or -1 for
// any) in the trace the screen shows for turn.
func stageOf(t *testing.T, h *harness, turn int, k sessions.StageKind, call int) int {
	t.Helper()
	s := replayOf(h)
	e := s.Turns()[turn]
	for i, st := range s.Traces()[e.File].Turns[e.Turn].Stages {
		if st.Kind == k && (call < 0 || st.Call == call) {
			return i
		}
	}
	t.Fatalf("turn %d has no %s stage for call %d", turn, k, call)
	return 0
}

func replayOf(h *harness) *replay.Screen {
	for _, s := range h.m.screens {
		if r, ok := s.(*replay.Screen); ok {
			return r
		}
	}
	return nil
}

func playOf(h *harness) *playground.Screen {
	for _, s := range h.m.screens {
		if p, ok := s.(*playground.Screen); ok {
			return p
		}
	}
	return nil
}

// The turns of replayFiles, in list order.
const (
	turnTwoTurns1 = uitest.TurnTwoTurns1
	turnTwoTurns2 = uitest.TurnTwoTurns2
	turnMedia     = uitest.TurnMedia
	turnStream    = uitest.TurnStream
	turnWrapper   = uitest.TurnWrapper
	turnInvalid   = uitest.TurnInvalid
)

func replayScenarios() []scenario {
	at := func(turn, stage int, more ...string) func(h *harness) {
		return func(h *harness) { toStage(h, turn, stage).keys(more...) }
	}
	return []scenario{
		{name: "replay-start", loaded: replayFiles, steps: at(0, 0)},
		{name: "replay-response-ignored-items", loaded: replayFiles, steps: at(turnWrapper, 0, "tab", "tab", "n")},
		{name: "replay-calls", loaded: replayFiles, steps: at(turnTwoTurns1, 1, "tab", "tab")},
		{name: "replay-calls-rejected", loaded: replayFiles, steps: at(turnTwoTurns2, 1, "tab", "tab", "N")},
		{name: "replay-arguments-text", loaded: replayFiles, steps: at(turnTwoTurns1, 2)},
		{name: "replay-arguments-decoded", loaded: replayFiles, steps: at(turnTwoTurns1, 3)},
		{name: "replay-nulls-stripped", loaded: replayFiles, steps: at(turnTwoTurns1, 4, "tab", "n")},
		{name: "replay-nulls-stripped-every-item", loaded: replayFiles, steps: at(turnWrapper, 4, "tab", "n", "n")},
		{name: "replay-validated", loaded: replayFiles, steps: at(turnTwoTurns1, 5)},
		{name: "replay-validation-errors", loaded: replayFiles, steps: at(turnInvalid, 5, "tab", "n")},
		{name: "replay-pattern-not-checked", loaded: replayFiles, steps: at(turnTwoTurns2, 5)},
		{name: "replay-result", loaded: replayFiles, steps: at(turnTwoTurns1, 6, "tab", "tab")},
		{name: "replay-result-missing", loaded: replayFiles, steps: at(turnInvalid, 6)},
		{name: "replay-output", loaded: replayFiles, steps: at(turnTwoTurns1, 7, "tab", "tab")},
		{name: "replay-output-structured-prefer", loaded: replayFiles, steps: at(turnTwoTurns1, 7, "m", "tab", "tab")},
		{name: "replay-output-structured-append", loaded: replayFiles, steps: at(turnTwoTurns1, 7, "m", "m", "tab", "tab")},
		{name: "replay-output-structured-ignore", loaded: replayFiles, steps: at(turnTwoTurns1, 7, "m", "m", "m", "tab", "tab")},
		{name: "replay-output-error-prefix-on", loaded: replayFiles, steps: at(turnTwoTurns1, 13, "tab", "tab", "down", "down", "down")},
		{name: "replay-output-error-prefix-off", loaded: replayFiles, steps: at(turnTwoTurns1, 13, "x", "tab", "tab", "down", "down", "down")},
		{name: "replay-output-media", loaded: replayFiles, steps: at(turnMedia, 7, "tab", "tab")},
		{name: "replay-next-input", loaded: replayFiles, steps: at(turnTwoTurns2, 8, "tab", "tab")},
		{name: "replay-next-input-missing", loaded: replayFiles, steps: at(turnStream, 7, "tab", "tab")},
		{name: "replay-last-stage", loaded: replayFiles, steps: at(turnTwoTurns2, 8, "right")},
		{name: "replay-notes-focused", loaded: replayFiles, steps: at(turnWrapper, 0, "shift+tab", "down")},
		{name: "replay-inferred-tools", loaded: inferredFiles, steps: at(0, 4, "tab", "n")},
		{name: "replay-tools-list-and-request", loaded: listAndRecording, steps: at(0, 0, "tab", "tab")},
		{name: "replay-not-replayable", loaded: inferredFiles, steps: at(1, 0, "right")},
		{name: "replay-help", loaded: replayFiles, steps: at(0, 0, "?")},
		{name: "replay-filter-typing", loaded: replayFiles, steps: func(h *harness) { h.keys("2", "/").typing("forecast") }},
		{name: "replay-filter-kept", loaded: replayFiles, steps: func(h *harness) {
			h.keys("2", "/").typing("rejected").keys("enter", "j", "j", "right", "right") // over a file's header
		}},
		{name: "replay-filter-nothing", loaded: replayFiles, steps: func(h *harness) { h.keys("2", "/").typing("zzz") }},
		{name: "playground-schema", steps: func(h *harness) { pick(h, "get_forecast").keys("e") }},
		{name: "playground-schema-as-written", steps: func(h *harness) { pick(h, "get_forecast").keys("e", "ctrl+o", "tab", "n", "n") }},
		{name: "playground-schema-strict-check", steps: func(h *harness) { pick(h, "get_forecast").keys("e", "ctrl+o", "ctrl+o", "tab") }},
		{name: "playground-no-strict-form", steps: func(h *harness) { pick(h, "raw_query").keys("e") }},
		{name: "playground-invalid-json", steps: func(h *harness) {
			pick(h, "get_forecast").keys("e", "down", "down", "down").typing(`"oops`)
		}},
		{name: "playground-arguments", loaded: replayFiles, steps: at(turnInvalid, 4, "e")},
		{name: "playground-arguments-parsed", loaded: replayFiles, steps: at(turnInvalid, 4, "e", "ctrl+o", "tab")},
		{name: "playground-arguments-fixed", loaded: replayFiles, steps: func(h *harness) {
			toStage(h, turnInvalid, 4).keys("e", "down", "end", "backspace", "backspace", "backspace").typing(`"Oslo",`)
		}},
		{name: "playground-help", steps: func(h *harness) { pick(h, "get_forecast").keys("e", "tab", "?") }},
		{name: "playground-left", steps: func(h *harness) { pick(h, "get_forecast").keys("e", "esc") }},
	}
}

func TestReplayScreenOnlyWithSomethingToReplay(t *testing.T) {
	l := &common.Loaded{}
	l.AddBytes("w", "weather.json", uitest.Fixture(t, "tools/weather.json"))
	if h := newHarness(t, Options{}, l, 80, 24); replayOf(h) != nil {
		t.Error("a replay screen without a recording or session file")
	}
	if h := newHarness(t, Options{}, replayFiles(t), 80, 24); replayOf(h) == nil || h.m.screens[1] != replayOf(h) {
		t.Error("no replay screen as screen 2")
	}
	h := newHarness(t, Options{}, replayFiles(t), 80, 24).keys("2")
	if !strings.Contains(h.screen(), "strictscope replay") {
		t.Errorf("2 does not show the replay screen:\n%s", h.screen())
	}
}

func TestReplayStepperStopsAtBothEnds(t *testing.T) {
	h := newHarness(t, Options{}, replayFiles(t), 100, 30).keys("2")
	s := replayOf(h)
	n := s.StageCount()
	if n != 21 {
		t.Fatalf("turn 1 of session_two_turns has %d stages, want 21", n)
	}
	h.keys("left")
	if s.Stage() != 0 || !strings.Contains(h.screen(), "the first stage of turn 1") {
		t.Errorf("← at the first stage: stage %d, screen:\n%s", s.Stage(), h.screen())
	}
	for i := 1; i < n; i++ {
		h.keys("right")
		if s.Stage() != i {
			t.Fatalf("→ #%d: stage %d", i, s.Stage())
		}
		if want := string(s.Traces()[0].Turns[0].Stages[i].Kind); !strings.Contains(h.screen(), want) {
			t.Fatalf("stage %d: the stepper does not name %s", i, want)
		}
	}
	h.keys("right", "right")
	if s.Stage() != n-1 || !strings.Contains(h.screen(), "the last stage of turn 1") {
		t.Errorf("→ past the last stage: stage %d, screen:\n%s", s.Stage(), h.screen())
	}
	if !strings.Contains(h.screen(), "21/21") {
		t.Errorf("the stepper does not say 21/21:\n%s", h.screen())
	}
	for range n + 3 {
		h.keys("left")
	}
	if s.Stage() != 0 {
		t.Errorf("← back to the start: stage %d", s.Stage())
	}
}

func TestReplayTurnSwitching(t *testing.T) {
	h := newHarness(t, Options{}, replayFiles(t), 100, 30).keys("2", "right", "right", "right")
	s := replayOf(h)
	h.keys("]")
	if e, _, _ := s.Current(); e.File != 0 || e.Turn != 1 || s.Stage() != 0 {
		t.Fatalf("] went to file %d turn %d stage %d, want turn 2 of the first file at its first stage", e.File, e.Turn, s.Stage())
	}
	if !strings.Contains(h.screen(), "resp_fixture_2") {
		t.Errorf("the second turn's response is not shown:\n%s", h.screen())
	}
	h.keys("[", "[")
	if selectedTurn(s) != 0 || !strings.Contains(h.screen(), "the first turn") {
		t.Errorf("[ past the first turn: turn %d\n%s", selectedTurn(s), h.screen())
	}
	// In the list, ↓ selects the next turn (or file header), → still steps,
	// enter opens the stage.
	h.keys("down", "down", "down")
	if e, _, _ := s.Current(); e.File != 1 {
		t.Errorf("↓↓ in the list selects file %d, want the media session", e.File)
	}
	h.keys("right")
	if s.Stage() != 1 || replayOf(h).Focused() != pane.ListPane {
		t.Errorf("→ in the list: stage %d, focus %d", s.Stage(), replayOf(h).Focused())
	}
	h.keys("enter")
	if replayOf(h).Focused() != pane.ListPane+1 {
		t.Errorf("enter in the list does not focus the input pane (focus %d)", replayOf(h).Focused())
	}
	for range len(s.Turns()) + 2 {
		h.keys("]")
	}
	if selectedTurn(s) != len(s.Turns())-1 || !strings.Contains(h.screen(), "the last turn") {
		t.Errorf("] past the last turn: turn %d", selectedTurn(s))
	}
}

// TestReplayMarksComeFromTheTrace checks the marks against the trace: the
// removed nulls in the stripped stage's input, the validation errors in the
// validated stage's input, the call items in the response.
func TestReplayMarksComeFromTheTrace(t *testing.T) {
	h := newHarness(t, Options{}, replayFiles(t), 100, 30)
	s := replayOf(h)
	marked := func(p *pane.JSON, k pane.MarkKind) []string {
		var out []string
		for l, m := range p.Content.Marks {
			if m == k {
				out = append(out, p.Content.Doc.PathAt(l).Pointer())
			}
		}
		sortStrings(out)
		return out
	}
	toStage(h, turnWrapper, stageOf(t, h, turnWrapper, sessions.StageStripped, 0))
	if got := strings.Join(marked(s.Panes()[0], pane.MarkNull), " "); got != "/filters/0/max /filters/0/min /limit /near" {
		t.Errorf("removed nulls marked at %s", got)
	}
	reStage(h, turnInvalid, stageOf(t, h, turnInvalid, sessions.StageValidated, 0))
	_, _, turn := s.Current()
	var want []string
	for _, e := range turn.Calls[0].Errors {
		want = append(want, e.Path.Pointer())
	}
	sortStrings(want)
	if got := marked(s.Panes()[0], pane.MarkError); strings.Join(got, " ") != strings.Join(want, " ") || len(want) != 3 {
		t.Errorf("validation errors marked at %v, the library's at %v", got, want)
	}
	p := s.Panes()[0]
	h.keys("g", "ctrl+u").typing(turn.Calls[0].Errors[0].Path.Pointer()).keys("enter")
	if p.CursorPath().Pointer() != turn.Calls[0].Errors[0].Path.Pointer() {
		t.Fatalf("g to %s put the cursor on %s", turn.Calls[0].Errors[0].Path.Pointer(), p.CursorPath().Pointer())
	}
	if p.Note() != turn.Calls[0].Errors[0].Message {
		t.Errorf("the note on the error line is %q, want %q", p.Note(), turn.Calls[0].Errors[0].Message)
	}
	// The response of the wrapper recording: the accepted call, the rejected
	// wrapper, three ignored items.
	reStage(h, turnWrapper, 0)
	if got := strings.Join(marked(s.Panes()[0], pane.MarkCall), " "); got != "/output/3" {
		t.Errorf("accepted call items at %s", got)
	}
	if got := strings.Join(marked(s.Panes()[0], pane.MarkError), " "); got != "/output/1" {
		t.Errorf("rejected call items at %s", got)
	}
}

func sortStrings(s []string) {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
}

func TestReplayNotReplayableTurnDoesNotStop(t *testing.T) {
	h := newHarness(t, Options{}, inferredFiles(t), 80, 24).keys("2", "]")
	h.keys("right", "left", "tab", "n", "g", "enter", "y", "e", "m", "x", "[", "]")
	checkFrame(t, h.m.Render(), 80, 24)
	if !strings.Contains(h.screen(), "✗ the response is an error body") || !strings.Contains(h.screen(), "This turn cannot be") {
		t.Errorf("an error body is not said to be unreplayable:\n%s", h.screen())
	}
}

func TestSessionToolsJoinTheToolsScreen(t *testing.T) {
	only := &common.Loaded{}
	only.AddBytes("s", "session.json", uitest.Fixture(t, "recordings/session_two_turns.json"))
	h := newHarness(t, Options{}, only, 120, 40)
	ts := h.m.screens[0].(*tools.Screen)
	if n := len(ts.Report().Outcomes); n != 10 {
		t.Errorf("a session file alone puts %d tools on the tools screen, want its 10", n)
	}
	if !strings.Contains(h.screen(), "session.json") {
		t.Errorf("the status line does not name the session file the tool came from:\n%s", h.screen())
	}
	// With the same tools loaded as tool lists, they are not listed twice,
	// whichever comes first.
	for _, order := range [][]string{{"tools/weather.json", "tools/files.json", "recordings/session_two_turns.json"},
		{"recordings/session_two_turns.json", "tools/weather.json", "tools/files.json"}} {
		l := &common.Loaded{}
		for _, name := range order {
			l.AddBytes(sessions.ServerNameFor(name), name, uitest.Fixture(t, name))
		}
		if len(l.Servers) != 2 {
			t.Errorf("%v: %d servers, want 2", order, len(l.Servers))
		}
	}
	// A session's server that differs from a tool list's of the same name is
	// kept, under its own exposed names.
	l := &common.Loaded{}
	l.AddBytes("weather", "weather.json", []byte(`{"tools":[{"name":"other","inputSchema":{"type":"object"}}]}`))
	l.AddBytes("s", "session.json", uitest.Fixture(t, "recordings/session_two_turns.json"))
	if len(l.Servers) != 3 {
		t.Errorf("%d servers, want the tool list's and the session's 2", len(l.Servers))
	}
}

func TestReplayMissingResultOnCorpus(t *testing.T) {
	file := filepath.Join(uitest.CorpusDir(t), "openai", "responses_roundtrip.pydantic-ai.yaml")
	if _, err := os.Stat(file); err != nil {
		t.Skip("the corpus (../shared/corpus/openai) is absent")
	}
	h := newHarness(t, Options{}, common.Load([]string{file}), 120, 40).keys("2")
	res := stageOf(t, h, 0, sessions.StageResult, 0)
	for range res {
		h.keys("right")
	}
	s := replayOf(h)
	if s.Panes()[1].Content.Doc != nil {
		t.Fatalf("the result stage shows a result:\n%s", h.screen())
	}
	out := ansi.Strip(s.Panes()[1].View(false))
	for _, want := range []string{"\n No result:", "\n • missing: the recording holds no MCP", "\n • the client answered it"} {
		if !strings.Contains(out, want) {
			t.Errorf("the result pane lacks a line starting %q:\n%s", want[1:], out)
		}
	}
	if strings.Contains(strings.Join(strings.Fields(out), " "), "results the client") {
		t.Errorf("the notes run into one sentence:\n%s", out)
	}
}
