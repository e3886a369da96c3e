package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/tools"
)

// hostile is a tool list whose names, descriptions, keys and values carry ESC,
// OSC 52 (clipboard), CSI, 8-bit CSI, BEL and hyperlink sequences.
const hostile = `{"tools":[{
  "name": "evil\u001b]52;c;aGVsbG8=\u0007name\u001b[2J",
  "title": "\u001b[5mblink",
  "description": "\u001b[31mred\u001b[0m \u009b31m csi8 \u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\ bell\u0007",
  "inputSchema": {
    "type": "object",
    "description": "\u001b[H\u001b[2Jcleared",
    "properties": {
      "k\u001b[1A": {"type": "string", "enum": ["\u001b]52;c;ZXZpbA==\u0007", "\u009b2J"], "default": "\u001b[6n"},
      "x": {"oneOf": [{"type": "string", "description": "\u001bP+q\u001b\\"}]}
    }
  }
}]}`

func hostileModel(t *testing.T, opts Options) *harness {
	t.Helper()
	l := &common.Loaded{}
	l.AddBytes("srv\x1b[31m", "tools\x1b]0;title\x07.json", []byte(hostile))
	l.AddBytes("x", "bad\x1b[2Jname.json", []byte("{\"tools\": [\x1b"))
	if len(l.Servers) != 1 {
		t.Fatalf("the hostile tool list did not load: %+v", l.Files)
	}
	return newHarness(t, opts, l, 160, 50)
}

// hostileFrames are the screens that show the hostile tool's text.
func hostileFrames(h *harness) map[string]string {
	frames := map[string]string{}
	add := func(name string, keys ...string) {
		h.keys(keys...)
		frames[name] = h.m.Render()
	}
	add("start")
	add("focus-right", "tab", "tab")
	add("rendered", "t")
	add("report", "r")
	add("goto-prompt", "r", "shift+tab", "g", "ctrl+u")
	h.typing("/properties").keys("enter", "down")
	frames["goto-key"] = h.m.Render()
	add("responses", "a", "t")
	add("file-row", "tab", "down")
	add("filter", "/")
	h.typing("\x1b]52;c;eA==\x07")
	frames["filter-typed"] = h.m.Render()
	add("help", "esc", "?")
	return frames
}

var sgr = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// checkNoControls fails on any control character but a line feed: ESC, BEL,
// C1 (8-bit CSI), or anything else.
func checkNoControls(t *testing.T, name, frame string) {
	t.Helper()
	for i, r := range frame {
		if _, size := utf8.DecodeRuneInString(frame[i:]); r == utf8.RuneError && size == 1 {
			t.Errorf("%s: invalid UTF-8 at byte %d", name, i)
			return
		}
		if (r < 0x20 && r != '\n') || (r >= 0x7f && r <= 0x9f) {
			t.Errorf("%s: raw control U+%04X at byte %d: %q", name, r, i, frame[max(i-20, 0):min(i+20, len(frame))])
			return
		}
	}
}

func TestNoControlSequenceFromDataReachesTheScreen(t *testing.T) {
	// Without styling, the screen holds no escape at all.
	h := hostileModel(t, Options{})
	h.send(tea.ColorProfileMsg{Profile: colorprofile.NoTTY})
	frames := hostileFrames(h)
	for name, f := range frames {
		checkNoControls(t, "plain/"+name, f)
	}
	if !strings.Contains(frames["rendered"], "⟨U+001B⟩") && !strings.Contains(frames["rendered"], `\u001b`) {
		t.Error("the hostile name is not drawn visibly in the tool as listed")
	}
	if !strings.Contains(frames["start"], "⟨U+009B⟩") {
		t.Error("the 8-bit CSI in an enum value is not drawn visibly")
	}
	if !strings.Contains(frames["goto-key"], "properties › k⟨U+001B⟩[1A") {
		t.Errorf("the breadcrumb of a hostile key is not drawn visibly:\n%s", frames["goto-key"])
	}

	// With colours, every escape is one of Lip Gloss's SGR sequences.
	h = hostileModel(t, Options{})
	for name, f := range hostileFrames(h) {
		if !strings.Contains(f, "\x1b[") {
			t.Fatalf("%s: no styling at all in colour mode", name)
		}
		checkNoControls(t, "colour/"+name, sgr.ReplaceAllString(f, ""))
	}

	// And with NO_COLOR.
	h = hostileModel(t, Options{NoColor: true})
	for name, f := range hostileFrames(h) {
		checkNoControls(t, "no-colour/"+name, sgr.ReplaceAllString(f, ""))
	}
}

// hostileRecording is a JSONL recording whose request sends a strict tool
// named with OSC 52 and CSI sequences, and whose response calls it (arguments
// holding escaped ESC sequences and a raw 8-bit CSI), calls an unknown tool
// named with ESC, and sends arguments with a raw ESC (not JSON).
func hostileRecording() []byte {
	name := "evil\x1b]52;c;aGk=\x07tool\x1b[2J"
	q := func(s string) string { return string(adapter.AppendQuoted(nil, s)) }
	okArgs := `{"k\u001b[1A":"\u001b]52;c;ZXZpbA==\u0007","c1":"` + "\u009b31m\u200b" + `","n":null}`
	call := func(id, name, args string) string {
		return `{"id":` + q(id) + `,"type":"function","function":{"name":` + q(name) + `,"arguments":` + q(args) + `}}`
	}
	req := `{"model":"m","messages":[],"tools":[{"type":"function","function":{"name":` + q(name) +
		`,"description":` + q("\x1b[31mred\x1b[0m") + `,"strict":true,"parameters":{"type":"object","properties":{"k\u001b[1A":{"type":"string"},"c1":{"type":"string"},"n":{"type":["string","null"]}},"required":["k\u001b[1A","c1","n"],"additionalProperties":false}}}]}`
	resp := `{"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":` + q("\x1b]8;;http://x\x1b\\link") +
		`,"tool_calls":[` + call("call\x1b[6n", name, okArgs) + `,` + call("call_2", "\x1b[31mred\u009b2J", "{}") + `,` +
		call("call_3", name, "{\"k\x1b[2J\":1}") + `]},"finish_reason":"tool_calls"}]}`
	return []byte(`{"request":` + req + `,"response":` + resp + "}\n")
}

func hostileReplay(t *testing.T, opts Options) *harness {
	t.Helper()
	l := &common.Loaded{}
	l.AddBytes("r", "rec\x1b]0;title\x07.jsonl", hostileRecording())
	if len(l.Files) != 1 || l.Files[0].Rec == nil {
		t.Fatalf("the hostile recording did not load: %+v", l.Files)
	}
	return newHarness(t, opts, l, 160, 50)
}

// hostileReplayFrames are every stage of the hostile turn, with each pane
// focused, the help, and the playground on its call.
func hostileReplayFrames(t *testing.T, h *harness) map[string]string {
	frames := map[string]string{}
	h.keys("2")
	s := replayOf(h)
	n := s.StageCount()
	if n < 8 {
		t.Fatalf("the hostile turn has %d stages", n)
	}
	for i := range n {
		frames[fmt.Sprintf("stage-%d", i)] = h.m.Render()
		h.keys("tab")
		frames[fmt.Sprintf("stage-%d-input", i)] = h.m.Render()
		h.keys("tab", "n")
		frames[fmt.Sprintf("stage-%d-output", i)] = h.m.Render()
		h.keys("shift+tab", "shift+tab", "right")
	}
	h.keys("?")
	frames["help"] = h.m.Render()
	h.keys("?", "left", "left", "left", "left", "e")
	frames["playground"] = h.m.Render()
	h.keys("ctrl+o")
	frames["playground-parsed"] = h.m.Render()
	h.send(tea.PasteMsg{Content: "\x1b]52;c;eA==\x07\u202e"})
	frames["playground-pasted"] = h.m.Render()
	return frames
}

func TestNoControlSequenceFromARecordingReachesTheScreen(t *testing.T) {
	h := hostileReplay(t, Options{})
	h.send(tea.ColorProfileMsg{Profile: colorprofile.NoTTY})
	frames := hostileReplayFrames(t, h)
	for name, f := range frames {
		checkNoControls(t, "plain/"+name, f)
	}
	all := strings.Join(mapValues(frames), "\n")
	for _, want := range []string{"evil⟨U+001B⟩]52;c;aGk=⟨U+0007⟩tool", "⟨U+009B⟩31m⟨U+200B⟩", `unknown tool "⟨U+001B⟩[31mred⟨U+009B⟩2J"`} {
		if !strings.Contains(all, want) {
			t.Errorf("%q is not drawn visibly on the replay screen", want)
		}
	}
	if p := playOf(h); strings.ContainsAny(p.Editor().Text, "\x1b\x07\u009b\u200b\u202e") {
		t.Errorf("the editor holds raw controls: %q", p.Editor().Text)
	}

	for _, opts := range []Options{{}, {NoColor: true}} {
		h := hostileReplay(t, opts)
		for name, f := range hostileReplayFrames(t, h) {
			checkNoControls(t, fmt.Sprintf("nocolor=%v/%s", opts.NoColor, name), sgr.ReplaceAllString(f, ""))
		}
	}
}

func mapValues(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestTextInputsDropInvisibleCharacters types and pastes bidi overrides,
// zero-width and tag characters into the one-line inputs (the list filters,
// the prompts): the inputs drop them, as they drop control characters, so the
// text they draw is the text they hold and none reaches the terminal raw.
func TestTextInputsDropInvisibleCharacters(t *testing.T) {
	const invisible = "\u202e\u2066\u200b\u200d\ufeff\U000E0041"
	hasInvisible := func(s string) bool { return strings.ContainsAny(s, invisible) }

	h := newHarness(t, Options{}, nil, 120, 40).keys("g", "ctrl+u")
	h.send(tea.PasteMsg{Content: "/pro\u202eper\u200bties"})
	if got := h.m.prompt.input.Value(); got != "/properties" {
		t.Errorf("the goto prompt holds %q after a paste", got)
	}
	if f := h.m.Render(); hasInvisible(f) {
		t.Errorf("the goto prompt draws an invisible character raw: %q", sgr.ReplaceAllString(f, ""))
	}

	h = newHarness(t, Options{}, nil, 120, 40).keys("/").typing("wea\u202ether\u2066")
	s := h.m.screens[0].(*tools.Screen)
	if got := s.List().Filter.Value(); got != "weather" {
		t.Errorf("the tool filter holds %q after typing", got)
	}
	if f := h.m.Render(); hasInvisible(f) {
		t.Errorf("the tool filter draws an invisible character raw: %q", sgr.ReplaceAllString(f, ""))
	}

	h = newHarness(t, Options{}, replayFiles(t), 120, 40).keys("2", "/")
	h.send(tea.PasteMsg{Content: "fore\ufeffcast\U000E0041"})
	if got := replayOf(h).List().Filter.Value(); got != "forecast" {
		t.Errorf("the turn filter holds %q after a paste", got)
	}
	if f := h.m.Render(); hasInvisible(f) {
		t.Errorf("the turn filter draws an invisible character raw: %q", sgr.ReplaceAllString(f, ""))
	}
}
