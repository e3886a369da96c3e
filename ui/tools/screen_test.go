package tools

import (
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/pane"
)

// newScreen is the tools screen on l, under the inspector's default modes
// (Chat Completions, strict auto), in a w×h window, as the root model builds
// and sizes it.
func newScreen(t *testing.T, l *common.Loaded, w, h int) *Screen {
	t.Helper()
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = w, h
	s := New(ctx, l, Modes{API: adapter.Chat, Strict: adapter.StrictAuto})
	s.Resize()
	return s
}

// TestLimitErrorIsMarkedWhereTheCursorIs: a schema whose strict form crosses
// a size limit opens with the strict pane's cursor on the error's mark (the
// rest of the case, a conversion error, is TestConversionErrorPutsTheCursorOnIt
// in package ui).
func TestLimitErrorIsMarkedWhereTheCursorIs(t *testing.T) {
	l := &common.Loaded{}
	l.AddBytes("big", "big.json", uitest.BigSchema(5001))
	s := newScreen(t, l, 100, 30)
	if !isLimitError(s.cur.Report.Outcomes[0]) || s.lp.Panes[1].Content.Marks[s.lp.Panes[1].Cursor] != pane.MarkError {
		t.Error("a limit error is not marked in the strict pane where the cursor is")
	}
}

// TestSyncNeverSwingsBackOnCorpus walks every line of every real tool's
// schema, in the strict view and in the rendered-tool view, in both
// directions: the other pane's line never goes back while the cursor goes
// down.
func TestSyncNeverSwingsBackOnCorpus(t *testing.T) {
	s := newScreen(t, common.Load(uitest.CorpusFiles(t)), 120, 40)
	checked := 0
	for _, v := range []viewMode{viewSchema, viewTool} {
		for i, o := range s.cur.Report.Outcomes {
			pc := buildToolContents(s.cur, i, v, s.eng.LeftDoc(i, o, v))
			for dir := range 2 {
				from, to := pc[dir], pc[1-dir]
				if from.Doc == nil || to.Doc == nil || from.Base == nil || to.Base == nil {
					continue
				}
				prev := -1
				for l := range from.Doc.Lines {
					got, ok := from.Doc.Counterpart(l, from.Base, to.Doc, to.Base)
					if !ok {
						continue
					}
					if got < prev {
						t.Fatalf("%s, %s: line %d %q meets line %d %q, above line %d %q met by the line before",
							o.Entry.Exposed, from.Title, l, from.Doc.Lines[l].Text, got, to.Doc.Lines[got].Text, prev, to.Doc.Lines[prev].Text)
					}
					prev = got
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no line checked")
	}
}
