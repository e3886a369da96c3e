package ui

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/pane"
	"github.com/strictscope/strictscope/ui/playground"
)

// TestPlaygroundShowsWhereJSONBreaks types a text that does not parse and
// checks the line the library names is marked, with its message, that the
// screen goes on working, and that fixing it brings the result back.
func TestPlaygroundShowsWhereJSONBreaks(t *testing.T) {
	h := newHarness(t, Options{}, nil, 120, 40)
	pick(h, "get_forecast").keys("e", "down", "end").typing("}")
	p := playOf(h)
	if !p.Answer().Broken {
		t.Fatalf("a stray } parses:\n%s", h.screen())
	}
	_, err := adapter.DecodeString(p.Editor().Text)
	se := err.(*adapter.SyntaxError)
	rc, cursor := p.ResultContent(), p.ResultCursor()
	if cursor != se.Line-1 || rc.Marks[se.Line-1] != pane.MarkError || rc.Marks[se.Line] != pane.MarkError {
		t.Errorf("cursor on line %d, marks %v; the library says line %d", cursor+1, rc.Marks, se.Line)
	}
	want := fmt.Sprintf("line %d, column %d", se.Line, se.Column)
	if !strings.Contains(h.screen(), "does not parse: "+want) || !strings.Contains(h.screen(), se.Msg) {
		t.Errorf("the screen does not say where it breaks (%s: %s):\n%s", want, se.Msg, h.screen())
	}
	caret := rc.Doc.Lines[se.Line].Text
	if strings.Index(caret, "^") != se.Column-1 {
		t.Errorf("the caret is at column %d, want %d: %q", strings.Index(caret, "^")+1, se.Column, caret)
	}
	h.keys("tab", "down", "up", "ctrl+o", "tab", "down", "tab")
	checkFrame(t, h.m.Render(), 120, 40)
	h.keys("backspace")
	if p.Answer().Broken {
		t.Errorf("removing the } does not bring the result back:\n%s", h.screen())
	}
	if !strings.Contains(h.screen(), "strict result") {
		t.Errorf("no strict result after the fix:\n%s", h.screen())
	}
}

// TestPlaygroundSchemaIsTheLibrarys checks each view against StrictSchema and
// CheckStrict of the editor's text.
func TestPlaygroundSchemaIsTheLibrarys(t *testing.T) {
	h := newHarness(t, Options{}, nil, 160, 50)
	pick(h, "search_places").keys("e")
	p := playOf(h)
	schema, _ := adapter.DecodeString(p.Editor().Text)
	res, err := adapter.StrictSchema(schema, adapter.StrictOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !adapter.Equal(p.ResultContent().Doc.Value, res.Schema) {
		t.Error("the strict result is not StrictSchema's")
	}
	count := func(k pane.MarkKind) int {
		n := 0
		for _, m := range p.ResultContent().Marks {
			if m == k {
				n++
			}
		}
		return n
	}
	if n := count(pane.MarkNull); n != res.NullPaths.Len() {
		t.Errorf("%d null paths marked, StrictSchema gives %d", n, res.NullPaths.Len())
	}
	h.keys("ctrl+o", "ctrl+o")
	viol := adapter.CheckStrict(schema)
	if n := count(pane.MarkError); n == 0 || n > len(viol) {
		t.Errorf("%d violations marked, CheckStrict gives %d", n, len(viol))
	}
	if notes := strings.Join(p.Answer().Notes, "\n"); !strings.Contains(notes, fmt.Sprintf("(CheckStrict): %d violations", len(viol))) {
		t.Errorf("the notes do not count CheckStrict's violations:\n%s", notes)
	}
	// Pasting a strict schema shows it passes.
	h.keys("ctrl+o")
	h.send(editorKey('g', tea.ModCtrl), tea.PasteMsg{Content: res.Schema.String()})
	if notes := strings.Join(p.Answer().Notes, "\n"); !strings.Contains(notes, "(CheckStrict): no violation") {
		t.Errorf("a strict result does not pass CheckStrict in the playground:\n%s", notes)
	}
}

// TestPlaygroundArguments strips nulls with the tool's null paths and
// validates against its original schema, as the library does for the call.
func TestPlaygroundArguments(t *testing.T) {
	h := newHarness(t, Options{}, replayFiles(t), 160, 50)
	toStage(h, turnInvalid, stageOf(t, h, turnInvalid, sessions.StageStripped, 0)).keys("e")
	p := playOf(h)
	req, open := p.Request()
	if h.m.active != 2 || !open || req.Kind != common.EditArguments || req.Sent == nil {
		t.Fatalf("e on a call stage does not open its arguments (screen %d)", h.m.active)
	}
	args, _ := adapter.DecodeString(p.Editor().Text)
	stripped, removed := adapter.StripNulls(args, req.Sent.NullPaths)
	errs, _ := validate.New().Validate(req.Sent.InputSchema, stripped)
	if len(removed) != 2 || len(errs) != 3 {
		t.Fatalf("the fixture changed: %d removed, %d errors", len(removed), len(errs))
	}
	if !adapter.Equal(p.ResultContent().Doc.Value, stripped) {
		t.Error("the result is not the stripped arguments")
	}
	for _, e := range errs {
		l, ok := p.ResultContent().Doc.LineOf(e.Path)
		if !ok || p.ResultContent().Marks[l] != pane.MarkError {
			t.Errorf("the error at %s is not marked", e.Path.Pointer())
		}
	}
	// Fix location: one error fewer, at once.
	h.keys("down", "end", "backspace", "backspace", "backspace").typing(`"Oslo",`)
	if n := len(p.Answer().Notes); !strings.Contains(h.screen(), "2 validation errors") {
		t.Errorf("after fixing location (%d notes):\n%s", n, h.screen())
	}
	// q is text in the editor, esc goes back to the replay screen.
	h.keys("q")
	if h.quit || !strings.Contains(p.Editor().Text, "q") {
		t.Error("q does not type into the editor")
	}
	h.keys("esc")
	if h.m.active != 1 {
		t.Errorf("esc went to screen %d, want the replay screen", h.m.active)
	}
	// 3 comes back to the playground as it was left.
	h.keys("3")
	if h.m.active != 2 || !strings.Contains(p.Editor().Text, `"Oslo"`) {
		t.Error("the playground did not keep its text")
	}
}

// TestPlaygroundOpensLargeSchemasDense opens a schema whose indented text is
// longer than the editor holds with one line per property, and says so.
func TestPlaygroundOpensLargeSchemasDense(t *testing.T) {
	l := &common.Loaded{}
	l.AddBytes("big", "big.json", uitest.BigSchema(5000))
	h := newHarness(t, Options{}, l, 120, 40).keys("e")
	p := playOf(h)
	text := p.Editor().Text
	if _, onPlayground := h.m.screen().(*playground.Screen); !onPlayground || (h.m.status.Kind == common.StatusError) || !strings.Contains(h.screen(), "opened with only 2 levels") {
		t.Fatalf("a 5,000-property schema did not open dense (screen %d, error %v):\n%s", h.m.active, (h.m.status.Kind == common.StatusError), h.screen())
	}
	if n := pane.EditorLines(text); n > pane.EditorMaxLines || !strings.Contains(text, `"p4999": {"type":"string","description":"property 4999","default":"d4999"}`) {
		t.Errorf("%d lines, one per property expected; p4999's line missing", n)
	}
	v, err := adapter.DecodeString(text)
	want := l.Servers[0].Tools[0].InputSchema
	if err != nil || !adapter.Equal(v, want) {
		t.Errorf("the dense text is not the schema (%v)", err)
	}
}

func TestPlaygroundRefusesWhatTheEditorCannotHold(t *testing.T) {
	l := &common.Loaded{}
	l.AddBytes("big", "big.json", uitest.BigSchema(12000))
	h := newHarness(t, Options{}, l, 120, 40).keys("e")
	if h.m.active != 0 || !(h.m.status.Kind == common.StatusError) || !strings.Contains(h.screen(), "too large for the playground") {
		t.Errorf("a 12,000-property schema opened in the editor:\n%s", h.screen())
	}
	h = newHarness(t, Options{}, &common.Loaded{}, 120, 40).keys("e")
	if h.m.active != 0 || !strings.Contains(h.screen(), "select a tool") {
		t.Errorf("e with no tool:\n%s", h.screen())
	}
	h.keys("2")
	if !strings.Contains(h.screen(), "Press e on a tool") {
		t.Errorf("the empty playground does not say how to fill it:\n%s", h.screen())
	}
	h.keys("x", "esc")
	if h.m.active != 0 {
		t.Errorf("esc in the empty playground went to %d", h.m.active)
	}
}

// TestReplayAndPlaygroundReflowAndStyle resizes the replay screen and the
// playground and checks each frame is whole and the same as one drawn at that
// size; NO_COLOR frames have no colour; a light background restyles them.
func TestReplayAndPlaygroundReflowAndStyle(t *testing.T) {
	drive := func(h *harness) *harness {
		toStage(h, turnTwoTurns1, 4).keys("tab", "n")
		return h
	}
	play := func(h *harness) *harness {
		return drive(h).keys("e", "down", "end", "backspace")
	}
	for name, steps := range map[string]func(*harness) *harness{"replay": drive, "playground": play} {
		h := steps(newHarness(t, Options{}, replayFiles(t), 160, 50))
		for _, size := range [][2]int{{80, 24}, {79, 24}, {100, 30}, {200, 60}, {80, 24}} {
			h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			checkFrame(t, h.m.Render(), size[0], size[1])
		}
		fresh := steps(newHarness(t, Options{}, replayFiles(t), 80, 24))
		if h.screen() != fresh.screen() {
			t.Errorf("%s: after resizing the screen differs from one drawn at that size:\n%s\nwant:\n%s", name, h.screen(), fresh.screen())
		}

		nc := steps(newHarness(t, Options{NoColor: true}, replayFiles(t), 100, 30))
		if f := nc.m.Render(); colourSGR.MatchString(f) {
			t.Errorf("%s: NO_COLOR frame has colours: %q", name, colourSGR.FindString(f))
		}
		dark := steps(newHarness(t, Options{}, replayFiles(t), 100, 30))
		before := dark.m.Render()
		if !colourSGR.MatchString(before) {
			t.Errorf("%s: the colour frame has no colour", name)
		}
		dark.send(tea.BackgroundColorMsg{Color: color.White})
		if dark.m.Render() == before {
			t.Errorf("%s: a light background does not restyle", name)
		}
	}
}
