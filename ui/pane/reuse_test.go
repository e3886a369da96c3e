package pane

import (
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// TestReuseTokens checks that a document made again takes the highlighting of
// the lines it shares with the one before, and only those.
func TestReuseTokens(t *testing.T) {
	a, _ := adapter.DecodeString(`{"a": [1, 2], "b": "x"}`)
	b, _ := adapter.DecodeString(`{"a": [1, 3], "b": "x"}`)
	prev, d := NewDoc(a), NewDoc(b)
	for i := range prev.Lines {
		jsonHighlighter.tokens(prev, i)
	}
	d.ReuseTokens(prev)
	for i := range d.Lines {
		same := d.Lines[i].Text == prev.Lines[i].Text
		if got := d.toks[i] != nil; got != same {
			t.Errorf("line %d %q: reused %v, the line is the same: %v", i, d.Lines[i].Text, got, same)
		}
	}
}
