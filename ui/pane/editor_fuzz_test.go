package pane

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// editorFuzzKeys are the keys the fuzzer presses, one per byte of its input.
var editorFuzzKeys = []string{"a", "é", "界", "👍🏽", "{", "\"", "]", "space", "enter", "backspace", "delete",
	"left", "right", "up", "down", "home", "end", "pgup", "pgdown", "ctrl+home", "ctrl+end",
	"alt+left", "alt+right", "alt+backspace", "alt+delete", "ctrl+k", "ctrl+u", "alt+u", "alt+c",
	"shift+left", "shift+right", "shift+up", "shift+down", "alt+shift+left", "shift+end", "ctrl+g",
	"ctrl+x", "ctrl+z", "ctrl+y"}

// FuzzEditor presses keys at random and checks that the editor stays whole:
// its size is its text's, the cursor is inside the text at a cluster's start,
// every row drawn is exactly the editor's width, and undoing every change
// gives back the text it started with.
func FuzzEditor(f *testing.F) {
	f.Add("{\n  \"a\": [1, 2]\n}", []byte{0, 8, 12, 30, 31, 4, 37, 37, 38})
	f.Add("e\u0301🇳🇴\nx", []byte{12, 12, 9, 10, 35, 36, 7, 37})
	f.Fuzz(func(t *testing.T, text string, keys []byte) {
		if strings.Count(text, "\n") > 200 || len(keys) > 300 {
			return
		}
		text = strings.Map(func(r rune) rune {
			if r < 0x20 && r != '\n' || r == 0x7f {
				return -1
			}
			return r
		}, text)
		e := newTestEditor(text, 30, 6)
		for _, k := range keys {
			press(e, editorFuzzKeys[int(k)%len(editorFuzzKeys)])
			v := e.Value()
			if e.Size() != len(v) || e.LineCount() != strings.Count(v, "\n")+1 {
				t.Fatalf("size %d, lines %d; the text has %d bytes, %d lines", e.Size(), e.LineCount(), len(v), strings.Count(v, "\n")+1)
			}
			ln := e.lines[e.cur.row]
			if e.cur.col > len(ln) || (e.cur.col > 0 && e.cur.col < len(ln) && clusterStart(ln, e.cur.col+1) > e.cur.col) {
				t.Fatalf("cursor at %v in %q", e.cur, ln)
			}
			for i, row := range e.View(true) {
				if w := ansi.StringWidth(row); w != 30 {
					t.Fatalf("row %d is %d cells: %q", i, w, ansi.Strip(row))
				}
			}
		}
		for range len(keys) + 1 {
			e.Undo()
		}
		if e.Value() != text {
			t.Fatalf("undoing every change gives %q, not %q", e.Value(), text)
		}
	})
}
