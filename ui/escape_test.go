package ui

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
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
	l := &Loaded{}
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
		if r == utf8.RuneError {
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
