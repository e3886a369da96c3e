package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/strictscope/strictscope/ui/pane"
)

// compactForecast is get_forecast's schema laid out by hand: several values on
// a line, so that the marks land on the text's own lines, not on the lines
// the schema would be printed on.
const compactForecast = `{"type": "object",
 "properties": {"location": {"type": "string"},
   "days": {"type": "integer", "minimum": 1, "default": 3},
   "units": {"type": "string", "enum": ["c", "f"], "default": "c"}},
 "required": ["location"]}`

// editorKey is a key the harness has no name for.
func editorKey(code rune, mod tea.KeyMod) tea.KeyPressMsg {
	return tea.KeyPressMsg{Code: code, Mod: mod}
}

// TestPlaygroundEditor draws the playground with its editor at 80×24 and
// 160×50 and compares with golden files: the plain screen (the marks of the
// library's answer in the editor's gutter, on the lines of a schema laid out
// by hand), and the editor's rows as drawn (the JSON highlighting, the marked
// lines, the selection and the cursor), escapes and all.
func TestPlaygroundEditor(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		h := newHarness(t, Options{}, nil, size[0], size[1])
		pick(h, "get_forecast").keys("e")
		p := playOf(h)
		h.send(editorKey('g', tea.ModCtrl), tea.PasteMsg{Content: compactForecast})
		// The cursor on "days", a selection over its value's start.
		h.keys("up", "up", "home", "right", "right", "right")
		for range 8 {
			h.send(editorKey(tea.KeyRight, tea.ModShift))
		}
		if p.Answer().Broken || p.Editor().Lines != 5 {
			t.Fatalf("the pasted schema: broken %v, %d lines", p.Answer().Broken, p.Editor().Lines)
		}
		want := []pane.MarkKind{0, 0, pane.MarkNull, pane.MarkNull, 0}
		if got := p.Editor().Marks; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the gutter's marks are %v, want %v", got, want)
		}
		if sel := p.Editor().Selection; sel != `"days": ` {
			t.Errorf("the selection is %q", sel)
		}
		t.Run("marks/"+name, func(t *testing.T) {
			checkFrame(t, h.m.Render(), size[0], size[1])
			golden.RequireEqual(t, h.screen())
		})
		t.Run("styled/"+name, func(t *testing.T) {
			golden.RequireEqual(t, strings.Join(p.EditorRows(true), "\n"))
		})
	}
}

// TestPlaygroundEditorUndo checks that undo in the playground takes back an
// edit and the library's answer follows, and that ctrl+r (back to the text as
// opened) is undone the same way.
func TestPlaygroundEditorUndo(t *testing.T) {
	h := newHarness(t, Options{}, nil, 120, 40)
	pick(h, "get_forecast").keys("e")
	p := playOf(h)
	opened, summary := p.Editor().Text, p.Answer().Summary
	h.keys("down", "end").typing("}")
	if !p.Answer().Broken {
		t.Fatal("a stray } parses")
	}
	h.send(editorKey('z', tea.ModCtrl))
	if p.Editor().Text != opened || p.Answer().Broken || p.Answer().Summary != summary {
		t.Errorf("undo: text back %v, answer %q", p.Editor().Text == opened, p.Answer().Summary)
	}
	h.send(editorKey('y', tea.ModCtrl))
	if !p.Answer().Broken {
		t.Error("redo did not bring the } back")
	}
	h.keys("ctrl+r")
	if p.Editor().Text != opened {
		t.Fatal("ctrl+r did not bring the text as opened back")
	}
	h.send(editorKey('z', tea.ModCtrl))
	if !p.Answer().Broken || !strings.Contains(h.screen(), "does not parse") {
		t.Error("undo after ctrl+r did not bring the edited text back")
	}
}

// TestPlaygroundEditorMouse checks that a click in the result pane takes the
// keys from the editor, one in the editor gives them back with the cursor
// where it clicked, and the wheel over the editor scrolls it.
func TestPlaygroundEditorMouse(t *testing.T) {
	h := newHarness(t, Options{}, nil, 120, 40)
	pick(h, "get_forecast").keys("e")
	p := playOf(h)
	h.send(tea.MouseClickMsg{X: 80, Y: 5, Button: tea.MouseLeft})
	if p.Capturing() || p.Editor().Focused {
		t.Fatal("a click in the result pane left the keys with the editor")
	}
	// The editor's rows start under the title bar and its own title row; its
	// text after the gutter's 6 cells.
	h.send(tea.MouseClickMsg{X: 6 + 4, Y: 2 + 3, Button: tea.MouseLeft})
	if !p.Capturing() || p.Editor().Line != 3 || p.Editor().Column != 4 {
		t.Errorf("a click on the editor's row 3, column 4: capturing %v, line %d column %d", p.Capturing(), p.Editor().Line, p.Editor().Column)
	}
	h.send(tea.MouseWheelMsg{X: 10, Y: 10, Button: tea.MouseWheelDown})
	if first := strings.Split(h.screen(), "\n")[2]; strings.HasPrefix(first, "    1 ") {
		t.Errorf("the wheel over the editor did not scroll it:\n%s", h.screen())
	}
}
