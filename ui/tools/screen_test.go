package tools

import (
	"slices"
	"strings"
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
	s := New(ctx, l, nil, Modes{API: adapter.Chat, Strict: adapter.StrictAuto})
	s.Resize()
	return s
}

// examples is uitest.Examples loaded, as the built-in examples are.
func examples(t *testing.T) *common.Loaded {
	t.Helper()
	l := &common.Loaded{Examples: true}
	uitest.AddAll(l.AddBytes, uitest.Examples(t))
	return l
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

// TestTogglesRedrawFromTheLibrary checks that after every toggle each row's
// badge is the status adapter.Tools gives for the same modes.
func TestTogglesRedrawFromTheLibrary(t *testing.T) {
	loaded := examples(t)
	s := newScreen(t, loaded, 120, 40)
	servers := loaded.Servers
	for _, k := range []string{"s", "s", "s", "a", "p", "d", "s", "a", "p", "d"} {
		press(s, k)
		m := s.modes
		set := adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: m.NoPrefix})
		_, rep := adapter.Tools(set, adapter.ToolsOptions{API: m.API, Strict: m.Strict, NoDefaultDescriptions: m.NoDefaultDescriptions})
		for _, r := range s.lp.List.Rows {
			if r.Tool < 0 {
				continue
			}
			o := rep.Outcomes[r.Tool]
			if r.Long != o.Entry.Exposed || r.Name != o.Entry.Tool.Name {
				t.Errorf("%v: row %d named %q (%q), library says %q (%q)", m, r.Tool, r.Name, r.Long, o.Entry.Tool.Name, o.Entry.Exposed)
			}
			if st := string(o.Status); !strings.HasPrefix(r.Badges[0].Text, st) {
				t.Errorf("%v: %s badge %q, library says %s", m, r.Name, r.Badges[0].Text, st)
			}
		}
		if !strings.Contains(frame(s), string(m.API)+" · strict "+string(m.Strict)) {
			t.Errorf("%v: the title bar does not show the modes", m)
		}
	}
}

// TestNullMarksAreTheLibrarysSites checks that a null path is marked only at
// the declarations the library made nullable: here "a" is declared in two
// anyOf branches, required in the first and optional in the second, so the
// null path ["o","a"] stands for the second only, in the schema as written, in
// the strict schema and in the tool as sent.
func TestNullMarksAreTheLibrarysSites(t *testing.T) {
	const list = `{"tools":[{"name":"pick","inputSchema":{"type":"object","properties":{"o":{"anyOf":[
		{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},
		{"type":"object","properties":{"a":{"type":"string"}}}]}},"required":["o"]}}]}`
	l := &common.Loaded{}
	l.AddBytes("s", "branches.json", []byte(list))
	s := newScreen(t, l, 160, 50)
	res := s.cur.Report.Outcomes[0].Conversion
	if res.NullPaths.Len() != 1 || res.NullPaths.At(0).String() != `["o","a"]` {
		t.Fatalf("null paths %v", res.NullPaths)
	}
	marked := func(p *pane.JSON) string {
		var out []string
		for l, m := range p.Content.Marks {
			if m == pane.MarkNull {
				out = append(out, p.Content.Doc.PathAt(l).Pointer())
			}
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	const want = "/properties/o/anyOf/1/properties/a"
	if got := marked(s.lp.Panes[0]); got != want {
		t.Errorf("the schema as written marks %q, want %q", got, want)
	}
	if got := marked(s.lp.Panes[1]); got != want {
		t.Errorf("the strict schema marks %q, want %q", got, want)
	}
	press(s, "t")
	if got := marked(s.lp.Panes[1]); got != "/function/parameters"+want {
		t.Errorf("the tool as sent marks %q", got)
	}
}
