package call

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// runCmd runs cmd and the commands of its batches, and returns their
// messages (the test's stand-in for the root model).
func runCmd(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch m := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			out = append(out, runCmd(c)...)
		}
		return out
	default:
		return []tea.Msg{m}
	}
}

// statusOf is the status message among msgs, if any.
func statusOf(msgs []tea.Msg) (common.StatusMsg, bool) {
	for _, m := range msgs {
		if st, ok := m.(common.StatusMsg); ok {
			return st, true
		}
	}
	return common.StatusMsg{}, false
}

// Text that cannot be sent (it does not parse, or is not an object) stays
// in the editor when enter is pressed, and the status line says why.
func TestReviewRefusesWhatCannotBeSent(t *testing.T) {
	all := tools(t, toolList)
	for _, tc := range []struct{ text, says string }{
		{`{"location": "Paris",`, "does not parse: line 1"},
		{`["Paris"]`, "not a JSON object"},
		{`"Paris"`, "not a JSON object"},
		{``, "does not parse"},
	} {
		f := &fakeCaller{}
		s := newTestScreen(t, 80, 24, all["get_forecast"], common.LiveReady, f, &fixedClock{})
		replaceText(s, tc.text)
		if tc.text == "" {
			s.Update(press("ctrl+g"))
			s.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
		}
		st, ok := statusOf(runCmd(s.Update(press("enter"))))
		if s.Stage() != Editing || !ok || st.Kind != common.StatusError || !strings.Contains(st.Text, tc.says) {
			t.Errorf("%q: at %v, status %+v, want an error saying %q", tc.text, s.Stage(), st, tc.says)
		}
		if s.Check().Sendable || s.Check().Gutter[0] != pane.MarkError && tc.text != "" && !strings.Contains(tc.text, "\n") {
			t.Errorf("%q: sendable %v, gutter %v", tc.text, s.Check().Sendable, s.Check().Gutter)
		}
	}
}

// The editor's new-line keys on the call screen are alt+enter and ctrl+j;
// enter reviews the call.
func TestCallEditorNewline(t *testing.T) {
	all := tools(t, toolList)
	s := newTestScreen(t, 80, 24, all["read_file"], common.LiveReady, &fakeCaller{}, &fixedClock{})
	replaceText(s, "{}")
	s.Update(tea.KeyPressMsg{Code: tea.KeyHome})
	s.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	s.Update(press("alt+enter"))
	s.Update(tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl})
	if s.Text() != "{\n\n}" {
		t.Errorf("text %q, want two new lines", s.Text())
	}
	if s.Stage() != Editing {
		t.Errorf("a new-line key left the editor: %v", s.Stage())
	}
	s.Update(press("enter"))
	if s.Stage() != Approving || string(s.Sending()) != "{}" {
		t.Errorf("enter: at %v, sending %q", s.Stage(), s.Sending())
	}
}

// ctrl+r puts the prefilled arguments back; the prefill is the schema's
// skeleton, indented.
func TestCallReset(t *testing.T) {
	all := tools(t, toolList)
	s := newTestScreen(t, 80, 24, all["get_forecast"], common.LiveReady, &fakeCaller{}, &fixedClock{})
	want := "{\n  \"location\": \"\",\n  \"days\": 3,\n  \"units\": \"metric\"\n}"
	if s.Text() != want {
		t.Fatalf("opened on %q, want %q", s.Text(), want)
	}
	replaceText(s, `{"x": 1}`)
	s.Update(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
	if s.Text() != want || !s.Check().Valid() {
		t.Errorf("ctrl+r: %q (valid %v)", s.Text(), s.Check().Valid())
	}
}

// A large text is validated after a pause in typing, off the frame; a
// tick of an older change does nothing.
func TestCallDebounce(t *testing.T) {
	all := tools(t, toolList)
	s := newTestScreen(t, 80, 24, all["get_forecast"], common.LiveReady, &fakeCaller{}, &fixedClock{})
	big := `{"location": "` + strings.Repeat("x", instantCheck) + `", "days": "three", "units": "metric"}`
	s.Update(press("ctrl+g"))
	tick := s.Update(tea.PasteMsg{Content: big})
	if !s.Pending() || !s.Check().Valid() {
		t.Fatalf("a large paste was validated at once (pending %v)", s.Pending())
	}
	if !strings.Contains(ansi.Strip(s.View()), "arguments · waiting for a pause") || !strings.Contains(s.Status(), "waiting for a pause") {
		t.Error("the screen does not say it waits")
	}
	s.Update(checkTickMsg{gen: s.gen - 1})
	if !s.Pending() {
		t.Error("an older tick validated")
	}
	msgs := runCmd(tick)
	if len(msgs) != 1 {
		t.Fatalf("the paste's command sent %v", msgs)
	}
	compute := s.Update(msgs[0])
	s.Update(runCmd(compute)[0])
	if s.Pending() || s.Check().Valid() || len(s.Check().Errors) != 1 {
		t.Errorf("after the pause: pending %v, errors %v", s.Pending(), s.Check().Errors)
	}
	// enter while an answer is pending validates first.
	s.Update(tea.PasteMsg{Content: " "})
	s.Update(press("enter"))
	if s.Stage() != Approving || s.Pending() || len(s.Check().Errors) != 1 {
		t.Errorf("enter with a pending answer: at %v, pending %v", s.Stage(), s.Pending())
	}
}

// While a call runs, another tool does not open, the screen's messages of
// an older call are dropped, and the clock ticks only while it runs.
func TestCallRunning(t *testing.T) {
	all := tools(t, toolList)
	clock := &fixedClock{t: time.Unix(0, 0)}
	f := &fakeCaller{answer: make(chan *live.CallResult, 1)}
	s := newTestScreen(t, 80, 24, all["read_file"], common.LiveReady, f, clock)
	s.Update(press("enter"))
	cmd := s.Update(press("y"))
	if s.Stage() != Running || cmd == nil {
		t.Fatalf("y: at %v", s.Stage())
	}
	st, _ := statusOf(runCmd(s.Open(common.CallRequest{Tool: all["get_forecast"]}, 0)))
	if st.Kind != common.StatusError || s.Stage() != Running || s.req.Tool.Name != "read_file" {
		t.Errorf("Open while running: %+v, at %v on %s", st, s.Stage(), s.req.Tool.Name)
	}
	if s.Update(clockMsg{id: 7}) != nil || s.Update(progressMsg{id: 7, count: 1}) != nil || s.call.notified != 0 {
		t.Error("a message of another call was taken")
	}
	clock.t = clock.t.Add(time.Second)
	if s.Update(clockMsg{id: 1}) == nil || s.call.elapsed != time.Second {
		t.Errorf("a tick of the running call: elapsed %v", s.call.elapsed)
	}
	// The command of y makes the call through the session and ends it.
	f.answer <- &live.CallResult{Raw: []byte(`{"content":[]}`)}
	var ended endedMsg
	for _, m := range runCmd(cmd) {
		if e, ok := m.(endedMsg); ok {
			ended = e
		}
	}
	if got := f.made(); len(got) != 1 || got[0] != `read_file {"path":"","lines":0}` {
		t.Errorf("calls made: %q", got)
	}
	done := runCmd(s.Update(ended))
	if len(done) != 1 {
		t.Fatalf("the end sent %v", done)
	}
	m, ok := done[0].(common.CallDoneMsg)
	if !ok || m.Tool != "read_file" || m.Exposed != "weather__read_file" || string(m.Arguments) != `{"path":"","lines":0}` ||
		m.Result == nil || m.Err != nil || m.Elapsed != time.Second {
		t.Errorf("CallDoneMsg %+v", done[0])
	}
	if s.Update(clockMsg{id: 1}) != nil {
		t.Error("the clock ticks after the end")
	}
	if s.Update(ended) != nil {
		t.Error("an end taken twice")
	}
}

// The approval view keeps, in any window, the validation and the
// destructive warning: optional rows (the description, the annotations'
// notes) and the arguments give way.
func TestApprovalKeepsWarnings(t *testing.T) {
	long := strings.Repeat("A tool with a long description. ", 40)
	list := fmt.Sprintf(`{"tools":[{"name":"crowded","title":"Crowded","description":%q,
	 "annotations":{"readOnlyHint":1,"destructiveHint":"x","idempotentHint":[],"openWorldHint":null},
	 "inputSchema":{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"},"c":{"type":"integer"},"d":{"type":"integer"},"e":{"type":"array"}},"required":["a","b","c","d"]}}]}`, long)
	tool := tools(t, list)["crowded"]
	args := `{"a":"1","b":"2","c":"3","d":"4","e":[` + strings.Repeat(`"long",`, 2000) + `"end"]}`
	for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 50}} {
		s := newTestScreen(t, size[0], size[1], tool, common.LiveReady, &fakeCaller{}, &fixedClock{})
		replaceText(s, args)
		s.Update(press("enter"))
		out := frame(t, s)
		for _, want := range []string{"INVALID: 4 validation errors", "may destroy", "… and 2 more", `{"a":"1"`, "arguments", "bytes in all", "y sends the call"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: the approval view lacks %q:\n%s", size, want, out)
			}
		}
	}
}

// Annotations are read by MCP's defaults, and badges say which values are
// defaults.
func TestAnnotations(t *testing.T) {
	for _, tc := range []struct {
		ann, badges string
		destructive bool
		notes       int
	}{
		{``, "destructive (by default)|open-world (by default)", true, 0},
		{`{}`, "destructive (by default)|open-world (by default)", true, 0},
		{`{"readOnlyHint":true}`, "read-only|open-world (by default)", false, 0},
		{`{"readOnlyHint":true,"destructiveHint":true,"idempotentHint":true}`, "read-only|open-world (by default)", false, 0},
		{`{"readOnlyHint":false}`, "destructive (by default)|open-world (by default)", true, 0},
		{`{"destructiveHint":false}`, "not destructive|open-world (by default)", false, 0},
		{`{"destructiveHint":true,"idempotentHint":true,"openWorldHint":false}`, "destructive|idempotent|closed-world", true, 0},
		{`{"idempotentHint":false,"openWorldHint":true}`, "destructive (by default)|open-world", true, 0},
		{`{"readOnlyHint":"true","openWorldHint":0}`, "destructive (by default)|open-world (by default)", true, 2},
		{`"not an object"`, "destructive (by default)|open-world (by default)", true, 0},
	} {
		tool := `{"name":"t","inputSchema":{"type":"object"}}`
		if tc.ann != "" {
			tool = `{"name":"t","inputSchema":{"type":"object"},"annotations":` + tc.ann + `}`
		}
		v, err := adapter.DecodeString(tool)
		if err != nil {
			t.Fatal(err)
		}
		a := readAnnotations(adapter.Tool{Name: "t", Raw: v})
		var got []string
		for _, b := range a.Badges() {
			got = append(got, b.Text)
		}
		if strings.Join(got, "|") != tc.badges || a.IsDestructive() != tc.destructive || len(a.Notes) != tc.notes {
			t.Errorf("%s: badges %q, destructive %v, notes %q; want %q, %v, %d notes", tc.ann, got, a.IsDestructive(), a.Notes, tc.badges, tc.destructive, tc.notes)
		}
	}
}

// The layout fills the window: the editor and the schema side by side over
// the notes, the body between the title and the info row, nothing outside.
func TestLayout(t *testing.T) {
	if !ComputeLayout(79, 24).TooSmall || !ComputeLayout(80, 23).TooSmall {
		t.Error("a window under 80×24 is laid out")
	}
	for _, size := range [][2]int{{80, 24}, {81, 25}, {160, 50}, {300, 100}} {
		w, h := size[0], size[1]
		l := ComputeLayout(w, h)
		if l.Editor.W+l.Sep.W+l.Schema.W != w || l.Editor.H+l.Notes.H != l.Body.H || l.Body.Y+l.Body.H != l.Info.Y ||
			l.Info.Y+1 != l.Status.Y || l.Status.Y != h-1 || l.Notes.Y+l.Notes.H != l.Info.Y {
			t.Errorf("%dx%d: %+v", w, h, l)
		}
		if l != ComputeLayout(w, h) {
			t.Errorf("%dx%d: not a function of the size", w, h)
		}
	}
}

// tab leaves the editor for the schema, which then takes the JSON pane's
// keys; the root's tab (MoveFocus) goes round to the editor again, which
// then has the keys.
func TestCallFocus(t *testing.T) {
	all := tools(t, toolList)
	s := newTestScreen(t, 80, 24, all["get_forecast"], common.LiveReady, &fakeCaller{}, &fixedClock{})
	if !s.Capturing() || !s.editor.Focused() {
		t.Fatal("the editor does not have the keys when opened")
	}
	s.Update(press("tab"))
	if s.focus.Pane != schemaPane || s.Capturing() || s.editor.Focused() {
		t.Fatalf("tab: pane %d, capturing %v", s.focus.Pane, s.Capturing())
	}
	s.Update(press("j"))
	s.Update(press("j"))
	if s.schema.Cursor != 2 || s.Text() != s.opened {
		t.Errorf("j in the schema: cursor %d, text %q", s.schema.Cursor, s.Text())
	}
	rows := strings.Split(ansi.Strip(s.View()), "\n")
	if info := rows[len(rows)-1]; !strings.Contains(info, "properties") {
		t.Errorf("the info row is not the breadcrumb of the schema's cursor: %q", info)
	}
	s.MoveFocus(1)
	s.MoveFocus(1)
	if s.focus.Pane != editorPane || !s.Capturing() || !s.editor.Focused() {
		t.Errorf("round to the editor: pane %d, capturing %v", s.focus.Pane, s.Capturing())
	}
	s.Update(press("esc"))
	if s.Stage() != Editing {
		t.Errorf("esc changed the stage to %v", s.Stage())
	}
}
