package pane

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
)

// keyOf is the key press a name stands for: "a", "enter", "shift+left",
// "ctrl+z", "alt+backspace", ….
func keyOf(name string) tea.KeyPressMsg {
	codes := map[string]rune{"left": tea.KeyLeft, "right": tea.KeyRight, "up": tea.KeyUp, "down": tea.KeyDown,
		"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "enter": tea.KeyEnter,
		"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "space": tea.KeySpace}
	var mod tea.KeyMod
	for {
		switch {
		case strings.HasPrefix(name, "shift+") && len(name) > 6:
			mod, name = mod|tea.ModShift, name[6:]
			continue
		case strings.HasPrefix(name, "ctrl+") && len(name) > 5:
			mod, name = mod|tea.ModCtrl, name[5:]
			continue
		case strings.HasPrefix(name, "alt+") && len(name) > 4:
			mod, name = mod|tea.ModAlt, name[4:]
			continue
		}
		break
	}
	if c, ok := codes[name]; ok {
		k := tea.KeyPressMsg{Code: c, Mod: mod}
		if c == tea.KeySpace && mod == 0 {
			k.Text = " "
		}
		return k
	}
	r := []rune(name)[0]
	if mod == 0 || mod == tea.ModShift {
		return tea.KeyPressMsg{Code: r, Text: name, Mod: mod}
	}
	return tea.KeyPressMsg{Code: r, Mod: mod}
}

// newTestEditor is a focused editor of w×h holding text.
func newTestEditor(text string, w, h int) *Editor {
	e := NewEditor(common.NewContext(false))
	e.SetSize(w, h)
	e.Focus()
	e.SetValue(text)
	return e
}

// press sends keys by name; a name of more than one character that is no key
// is typed.
func press(e *Editor, names ...string) {
	for _, n := range names {
		e.Update(keyOf(n))
	}
}

// TestEditorKeys drives the editor with keys and checks the text, the
// cursor (line, column in grapheme clusters) and the selection after them.
func TestEditorKeys(t *testing.T) {
	cases := []struct {
		name, text string
		keys       []string
		want       string
		line, col  int
		selected   string
	}{
		{"typing", `{}`, []string{"right", "a", "b"}, `{ab}`, 0, 3, ""},
		{"enter splits a line", `{"a":1}`, []string{"end", "left", "enter"}, "{\"a\":1\n}", 1, 0, ""},
		{"backspace joins lines", "ab\ncd", []string{"down", "backspace"}, "abcd", 0, 2, ""},
		{"delete joins lines", "ab\ncd", []string{"end", "delete"}, "abcd", 0, 2, ""},
		{"right steps over a grapheme cluster", "e\u0301x", []string{"right", "X"}, "e\u0301Xx", 0, 2, ""},
		{"backspace deletes a whole cluster", "a👍🏽b", []string{"right", "right", "backspace"}, "ab", 0, 1, ""},
		{"left steps over a flag", "🇳🇴|", []string{"end", "left", "left", "X"}, "X🇳🇴|", 0, 1, ""},
		{"down keeps the display column", "abcdef\nab\nabcdef", []string{"end", "down", "down"}, "abcdef\nab\nabcdef", 2, 6, ""},
		{"down over a wide character", "ab界cd\nabcdef", []string{"right", "right", "right", "down"}, "ab界cd\nabcdef", 1, 4, ""},
		{"up at the top stays", "ab", []string{"right", "up"}, "ab", 0, 1, ""},
		{"word moves", `"type": "string"`, []string{"alt+right", "alt+right", "X", "alt+left", "alt+left", "Y"}, `"Ytype": "stringX"`, 0, 2, ""},
		{"delete word left", `"type": "string"`, []string{"end", "left", "alt+backspace"}, `"type": ""`, 0, 9, ""},
		{"ctrl+k deletes to the line end", "abc\ndef", []string{"right", "ctrl+k"}, "a\ndef", 0, 1, ""},
		{"ctrl+k at the end joins", "abc\ndef", []string{"end", "ctrl+k"}, "abcdef", 0, 3, ""},
		{"ctrl+u deletes to the line start", "abc", []string{"end", "left", "ctrl+u"}, "c", 0, 0, ""},
		{"uppercase word", "abc def", []string{"alt+u"}, "ABC def", 0, 3, ""},
		{"capitalize word", "  hELLO", []string{"alt+c"}, "  Hello", 0, 7, ""},
		{"select right", "abcdef", []string{"right", "shift+right", "shift+right"}, "abcdef", 0, 3, "bc"},
		{"select across lines", "ab\ncd\nef", []string{"right", "shift+down", "shift+down"}, "ab\ncd\nef", 2, 1, "b\ncd\ne"},
		{"typing replaces the selection", "abcdef", []string{"right", "shift+right", "shift+right", "X"}, "aXdef", 0, 2, ""},
		{"backspace deletes the selection", "ab\ncd", []string{"right", "shift+down", "backspace"}, "ad", 0, 1, ""},
		{"a move ends the selection", "abcdef", []string{"shift+right", "shift+right", "right"}, "abcdef", 0, 2, ""},
		{"select all", "ab\ncd", []string{"ctrl+g"}, "ab\ncd", 1, 2, "ab\ncd"},
		{"select to the line end", "abc", []string{"right", "shift+end"}, "abc", 0, 3, "bc"},
		{"undo takes back typing as one change", "{}", []string{"right", "a", "b", "c", "ctrl+z"}, "{}", 0, 1, ""},
		{"undo stops at a move", "{}", []string{"right", "a", "b", "left", "c", "ctrl+z"}, "{ab}", 0, 2, ""},
		{"undo after a space", "x", []string{"end", "a", "space", "b", "ctrl+z"}, "xa ", 0, 3, ""},
		{"undo backspaces as one", "abcd", []string{"end", "backspace", "backspace", "ctrl+z"}, "abcd", 0, 4, ""},
		{"undo a joined line", "ab\ncd", []string{"down", "backspace", "ctrl+z"}, "ab\ncd", 1, 0, ""},
		{"redo", "ab", []string{"end", "c", "ctrl+z", "ctrl+y"}, "abc", 0, 3, ""},
		{"redo is gone after a change", "ab", []string{"end", "c", "ctrl+z", "d", "ctrl+y"}, "abd", 0, 3, ""},
		{"undo twice", "ab", []string{"end", "c", "left", "enter", "ctrl+z", "ctrl+z"}, "ab", 0, 2, ""},
		{"undo with nothing to undo", "ab", []string{"ctrl+z", "ctrl+y"}, "ab", 0, 0, ""},
		{"cut", "abc", []string{"shift+right", "ctrl+x"}, "bc", 0, 0, ""},
		{"cut then undo", "abc", []string{"shift+right", "ctrl+x", "ctrl+z"}, "abc", 0, 1, ""},
		{"ctrl+end and ctrl+home", "ab\ncd", []string{"ctrl+end", "X", "ctrl+home", "Y"}, "Yab\ncdX", 0, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newTestEditor(c.text, 40, 10)
			press(e, c.keys...)
			if got := e.Value(); got != c.want {
				t.Errorf("text %q, want %q", got, c.want)
			}
			if e.Line() != c.line || e.Column() != c.col {
				t.Errorf("cursor at line %d column %d, want %d, %d", e.Line(), e.Column(), c.line, c.col)
			}
			if got := e.Selection(); got != c.selected {
				t.Errorf("selection %q, want %q", got, c.selected)
			}
			if e.Size() != len(e.Value()) {
				t.Errorf("size %d, the text has %d bytes", e.Size(), len(e.Value()))
			}
		})
	}
}

// TestEditorCopiesTheSelection checks that copy sends the selection to the
// clipboard, and says when nothing is selected.
func TestEditorCopiesTheSelection(t *testing.T) {
	e := newTestEditor("ab\ncd", 40, 10)
	press(e, "right", "shift+down")
	cmd := e.Update(keyOf("ctrl+shift+c"))
	if cmd == nil {
		t.Fatal("copy returned no command")
	}
	found := false
	for _, c := range cmd().(tea.BatchMsg) {
		if fmt.Sprint(c()) == fmt.Sprint(tea.SetClipboard("b\nc")()) {
			found = true
		}
	}
	if !found {
		t.Error("the selection did not go to the clipboard")
	}
	press(e, "right")
	if msg := e.Update(keyOf("ctrl+shift+c"))(); !strings.Contains(fmt.Sprint(msg), "nothing selected") {
		t.Errorf("copy without a selection: %v", msg)
	}
}

// TestEditorLineLimit checks that a change that would make the text longer
// than EditorMaxLines is refused with a message, and one that does not is
// made.
func TestEditorLineLimit(t *testing.T) {
	e := newTestEditor(strings.Repeat("x\n", EditorMaxLines-2)+"x", 40, 10)
	if e.LineCount() != EditorMaxLines-1 {
		t.Fatalf("setup: %d lines", e.LineCount())
	}
	press(e, "enter")
	if e.LineCount() != EditorMaxLines {
		t.Fatalf("the last line the editor holds was refused: %d lines", e.LineCount())
	}
	before := e.Value()
	cmd := e.Update(keyOf("enter"))
	if e.Value() != before || cmd == nil {
		t.Fatalf("a line past the limit was added (%d lines)", e.LineCount())
	}
	if msg := fmt.Sprint(cmd()); !strings.Contains(msg, "the editor holds 9999") {
		t.Errorf("the refusal says %q", msg)
	}
	if cmd := e.InsertString("a\nb\nc"); cmd == nil || e.Value() != before {
		t.Error("a paste past the limit was not refused")
	}
	// A change that joins lines is made.
	press(e, "backspace", "enter")
	if e.LineCount() != EditorMaxLines {
		t.Errorf("after a join and a new line: %d lines", e.LineCount())
	}
}

// TestEditorWindow edits a text far longer than the editor shows: the view
// is the lines around the cursor with their numbers from the top, and
// typing far down changes only that line.
func TestEditorWindow(t *testing.T) {
	var lines []string
	for i := range 500 {
		lines = append(lines, fmt.Sprintf("line %d", i+1))
	}
	e := newTestEditor(strings.Join(lines, "\n"), 40, 10)
	for range 120 {
		press(e, "down")
	}
	press(e, "home", "backspace", "X")
	want := append(append(append([]string{}, lines[:119]...), "line 120Xline 121"), lines[121:]...)
	if got := e.Value(); got != strings.Join(want, "\n") {
		t.Fatalf("the text after the edit is not the whole text with it")
	}
	view := ansi.Strip(strings.Join(e.View(true), "\n"))
	if !strings.Contains(view, " 120 line 120Xline 121") || strings.Contains(view, "line 100\n") {
		t.Errorf("the cursor line is not drawn with its number from the top:\n%s", view)
	}
	for range 60 {
		press(e, "pgdown")
	}
	if e.Line() != len(want)-1 {
		t.Errorf("page down to the end: line %d of %d", e.Line()+1, len(want))
	}
	press(e, "ctrl+home")
	if e.Line() != 0 || e.top != 0 {
		t.Errorf("ctrl+home: line %d, top %d", e.Line()+1, e.top)
	}
	press(e, "ctrl+end", "enter")
	e.InsertString("last")
	if got := e.Value(); !strings.HasSuffix(got, "line 500\nlast") || e.LineCount() != len(want)+1 {
		t.Errorf("typing at the end: %q", got[max(len(got)-30, 0):])
	}
}

// TestEditorView checks the drawing: every row exactly the width, the line
// number and mark in the gutter, a long line scrolled sideways to the cursor
// and cut with …, and the highlighting the JSON panes use.
func TestEditorView(t *testing.T) {
	text := "{\n  \"name\": \"" + strings.Repeat("x", 60) + "\",\n  \"n\": null\n}"
	e := newTestEditor(text, 30, 6)
	e.SetMarks([]MarkKind{0, markDropped, MarkNull, 0})
	rows := e.View(true)
	if len(rows) != 6 {
		t.Fatalf("%d rows, want 6", len(rows))
	}
	for i, r := range rows {
		if w := ansi.StringWidth(r); w != 30 {
			t.Errorf("row %d is %d cells: %q", i, w, ansi.Strip(r))
		}
	}
	plain := func() []string {
		var out []string
		for _, r := range e.View(true) {
			out = append(out, ansi.Strip(r))
		}
		return out
	}
	got := plain()
	if !strings.HasPrefix(got[0], "    1 {") || !strings.HasPrefix(got[1], "·   2   \"name\"") || !strings.HasPrefix(got[2], "∅   3   \"n\": null") {
		t.Errorf("gutter or text:\n%s", strings.Join(got, "\n"))
	}
	if !strings.HasSuffix(got[1], "…") {
		t.Errorf("a long line is not cut with …: %q", got[1])
	}
	press(e, "down", "end")
	got = plain()
	if !strings.Contains(got[1], `xxx",`) || strings.Contains(got[1], "name") {
		t.Errorf("the view did not scroll to the cursor at the end of a long line: %q", got[1])
	}
	// The key is styled as the JSON panes style a key.
	e = newTestEditor("{\n\"type\": \"object\"}", 40, 3)
	st := e.ctx.Styles
	if row := e.View(false)[1]; !strings.Contains(row, st.JSONKey.Render(`"type"`)) {
		t.Errorf("the key is not highlighted as a JSON key: %q", row)
	}
}

// TestEditorHighlightFollowsNesting checks that the lexer state of a line
// follows the containers open before it, and is found again after an edit
// that opens or closes one.
func TestEditorHighlightFollowsNesting(t *testing.T) {
	e := newTestEditor("[\n\"a\",\n\"b\"\n]", 40, 6)
	e.View(false)
	if s := stateOf(e.stack[1]); s != lexArray {
		t.Fatalf("line 2 starts in state %d, want an array's", s)
	}
	press(e, "delete", "{") // the first line now opens an object
	e.View(false)
	if s := stateOf(e.stack[1]); s != lexObject || e.cache[1].toks == nil {
		t.Errorf("after the edit line 2 starts in state %d, want an object's", s)
	}
	for _, tok := range e.cache[1].toks {
		if tok.Text == `"a"` && tok.kind != tkKey {
			t.Errorf("in an object, \"a\" is %d, not a key", tok.kind)
		}
	}
}

// TestTextMarks checks that the marks of a view land on the lines of the
// editor's text, however it is laid out.
func TestTextMarks(t *testing.T) {
	text := `{"type":"object",
 "properties": {"a": {"type": "string"},
   "b": {"type":
     "integer", "format": "int32"}},
 "required": ["a"]}`
	v, err := adapter.DecodeString(text)
	if err != nil {
		t.Fatal(err)
	}
	c := &Content{Doc: NewDoc(v), Base: adapter.Path{}}
	m := NewMarker(c)
	m.Place(adapter.Path{adapter.Key("properties"), adapter.Key("b")}, MarkNull, "")
	m.Dim(adapter.Path{adapter.Key("properties"), adapter.Key("b"), adapter.Key("format")}, "")
	m.Place(adapter.Path{adapter.Key("required"), adapter.Index(0)}, MarkError, "")
	m.Done()
	got := TextMarks(text, c)
	want := []MarkKind{0, 0, MarkNull, markDropped, MarkError}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("marks %v, want %v", got, want)
	}
}

// TestEditorMouse checks that a click puts the cursor on the character drawn
// under it, and that the wheel scrolls the view, the cursor along when it
// would leave it.
func TestEditorMouse(t *testing.T) {
	var lines []string
	for i := range 100 {
		lines = append(lines, fmt.Sprintf("line %d", i+1))
	}
	e := newTestEditor(strings.Join(lines, "\n"), 40, 10)
	e.Click(numberW+3, 4)
	if e.Line() != 4 || e.Column() != 3 {
		t.Errorf("a click at row 4, text column 3: line %d column %d", e.Line(), e.Column())
	}
	e.Click(0, 2)
	if e.Line() != 2 || e.Column() != 0 {
		t.Errorf("a click in the gutter: line %d column %d", e.Line(), e.Column())
	}
	e.Click(39, 3)
	if e.Line() != 3 || e.Column() != len("line 4") {
		t.Errorf("a click past the line's end: line %d column %d", e.Line(), e.Column())
	}
	e.Scroll(20)
	if e.top != 20 || e.Line() != 20 || e.Column() != len("line 4") {
		t.Errorf("the wheel down 20: top %d, cursor line %d column %d (the column kept)", e.top, e.Line(), e.Column())
	}
	e.Scroll(-5)
	if e.top != 15 || e.Line() != 20 {
		t.Errorf("the wheel up 5: top %d, cursor line %d (it was in view)", e.top, e.Line())
	}
	e.Scroll(1000)
	if e.top != 90 || e.Line() != 90 {
		t.Errorf("the wheel to the end: top %d, cursor line %d", e.top, e.Line())
	}
}
