package playground

import (
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// The playground's query API: what a test of the whole inspector may observe
// of the screen. It reads and never changes anything; the screen changes only
// through Open and Update.

// EditorState is what the editor holds and where its cursor is.
type EditorState struct {
	Text         string          // the text being edited
	Lines        int             // its number of lines
	Line, Column int             // the cursor's line and column (in grapheme clusters), from 0
	Focused      bool            // the editor has the keys
	Selection    string          // the selected text ("" when none)
	Marks        []pane.MarkKind // the gutter's marks, one per line of the text
}

// Editor says what the editor holds now.
func (p *Screen) Editor() EditorState {
	e := p.editor
	return EditorState{Text: e.Value(), Lines: e.LineCount(), Line: e.Line(), Column: e.Column(),
		Focused: e.Focused(), Selection: e.Selection(), Marks: e.Marks()}
}

// EditorRows is the editor's rows as View draws them (styled), focused or not.
func (p *Screen) EditorRows(focused bool) []string { return p.editor.View(focused) }

// Request is what the playground edits, and false while nothing is open.
func (p *Screen) Request() (common.EditRequest, bool) {
	if p.req == nil {
		return common.EditRequest{}, false
	}
	return *p.req, true
}

// Answer is the library's answer the screen shows (nil while nothing is
// open). While Pending, it is for an older text than the editor's.
func (p *Screen) Answer() *Answer { return p.res }

// Pending says the answer shown is older than the text: a large text waits
// for a pause in typing, or for its answer computed off the frame.
func (p *Screen) Pending() bool { return p.stale }

// ResultContent is what the result pane shows: the current view of the
// answer, its document and its marks.
func (p *Screen) ResultContent() *pane.Content { return p.result.Content }

// ResultCursor is the line of the result pane's cursor, from 0.
func (p *Screen) ResultCursor() int { return p.result.Cursor }
