package pane

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/ui/common"
)

// TestEditorWindowKeepsTheWholeText edits a text far longer than the window
// the textarea holds: moving down past the window, joining lines across its
// edge, typing at the far end, jumping to either end; the text is always the
// whole text with the edits, the cursor's line counts from the top, and the
// line numbers drawn are the text's.
func TestEditorWindowKeepsTheWholeText(t *testing.T) {
	e := NewEditor(common.NewContext(false).Styles)
	e.SetSize(40, 10)
	e.Focus()
	var lines []string
	for i := range 500 {
		lines = append(lines, fmt.Sprintf("line %d", i+1))
	}
	e.SetValue(strings.Join(lines, "\n"))
	if e.we-e.ws >= len(lines) {
		t.Fatalf("the window holds all %d lines", len(lines))
	}
	for range 120 {
		e.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	if e.Line() != 120 || e.ws == 0 {
		t.Fatalf("after 120 downs the cursor is on line %d (window from %d)", e.Line()+1, e.ws)
	}
	// Join line 121 with line 120 (backspace at the start of a line), then
	// type.
	e.Update(tea.KeyPressMsg{Code: tea.KeyHome})
	e.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	for _, r := range "X" {
		e.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	want := append(append(append([]string{}, lines[:119]...), "line 120Xline 121"), lines[121:]...)
	if got := e.Value(); got != strings.Join(want, "\n") {
		t.Fatalf("the text after the edit is not the whole text with it (%d lines)", strings.Count(got, "\n")+1)
	}
	view := strings.Join(e.View(40, true), "\n")
	if !strings.Contains(ansi.Strip(view), " 120 line 120Xline 121") {
		t.Errorf("the cursor line is not drawn with its number from the top:\n%s", ansi.Strip(view))
	}
	for range 60 {
		e.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	}
	if e.Line() != len(want)-1 {
		t.Errorf("page down to the end: line %d of %d", e.Line()+1, len(want))
	}
	e.Update(tea.KeyPressMsg{Code: tea.KeyHome, Mod: tea.ModCtrl})
	if e.Line() != 0 || e.ws != 0 {
		t.Errorf("ctrl+home: line %d, window from %d", e.Line()+1, e.ws)
	}
	e.Update(tea.KeyPressMsg{Code: tea.KeyEnd, Mod: tea.ModCtrl})
	e.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	e.InsertString("last")
	if got := e.Value(); !strings.HasSuffix(got, "line 500\nlast") || e.LineCount() != len(want)+1 {
		t.Errorf("typing at the end: %q", got[max(len(got)-30, 0):])
	}
}
