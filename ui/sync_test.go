package ui

import (
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/pane"
	"github.com/strictscope/strictscope/ui/tools"
)

// checkFollows checks that pane to shows the place of pane from's cursor: a
// line that opens a value both panes hold meets that value's first line, a
// line that closes one meets its last line, and the two cursors are on the
// same row when the other document allows it.
func checkFollows(t *testing.T, from, to *pane.JSON, what string) {
	t.Helper()
	fd, td := from.Content.Doc, to.Content.Doc
	p := fd.PathAt(from.Cursor)
	if len(p) < len(from.Content.Base) || !p[:len(from.Content.Base)].Equal(from.Content.Base) {
		return
	}
	s, e, ok := td.Span(to.Content.Base.Append(p[len(from.Content.Base):]...))
	if !ok {
		return
	}
	want := s
	if fd.Closes(from.Cursor) {
		want = e
	}
	if to.Cursor != want {
		t.Fatalf("%s: cursor on line %d %q (%s); the other pane is on line %d %q, want line %d %q",
			what, from.Cursor, fd.Lines[from.Cursor].Text, p.Pointer(),
			to.Cursor, td.Lines[to.Cursor].Text, want, td.Lines[want].Text)
	}
}

// TestSyncClosingLineMeetsClosingLine is a case seen on a real list: on
// weather__get_forecast, G in the original pane brings the strict pane to its
// end too, and walking back up one line at a time, the strict pane follows
// line for line: a closing line meets the same value's closing line, and the
// strict pane never moves down while the cursor moves up. Then the same from
// the strict pane, walking down from the top.
func TestSyncClosingLineMeetsClosingLine(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		h := newHarness(t, Options{}, nil, size[0], size[1])
		h.keys("j", "j", "j", "j", "j", "j") // over the weather header
		s := h.m.screens[0].(*tools.Screen)
		if row := s.List().Current(); row == nil || s.Report().Outcomes[row.Tool].Entry.Exposed != "weather__get_forecast" {
			t.Fatalf("six j do not select weather__get_forecast:\n%s", h.screen())
		}
		orig, strict := s.Panes()[0], s.Panes()[1]

		h.keys("tab", "G")
		if last := orig.LineCount() - 1; orig.Cursor != last {
			t.Fatalf("G puts the original's cursor on line %d, want %d", orig.Cursor, last)
		}
		if last := strict.LineCount() - 1; strict.Cursor != last || strict.Offset != max(last-rows(strict)+1, 0) {
			t.Fatalf("after G the strict pane is on line %d (first shown %d), want its last line %d at the bottom:\n%s",
				strict.Cursor, strict.Offset, last, h.screen())
		}
		prev := strict.Cursor
		for orig.Cursor > 0 {
			h.keys("k")
			checkFollows(t, orig, strict, "original, k")
			if strict.Cursor > prev {
				t.Fatalf("k to line %d %q moves the strict pane back down from line %d to %d:\n%s",
					orig.Cursor, orig.Content.Doc.Lines[orig.Cursor].Text, prev, strict.Cursor, h.screen())
			}
			prev = strict.Cursor
		}

		h.keys("tab")
		prev = orig.Cursor
		for strict.Cursor < strict.LineCount()-1 {
			h.keys("j")
			checkFollows(t, strict, orig, "strict, j")
			if orig.Cursor < prev {
				t.Fatalf("j to line %d %q moves the original back up from line %d to %d:\n%s",
					strict.Cursor, strict.Content.Doc.Lines[strict.Cursor].Text, prev, orig.Cursor, h.screen())
			}
			prev = orig.Cursor
		}
		if last := orig.LineCount() - 1; orig.Cursor != last {
			t.Fatalf("the strict pane's last line leaves the original on line %d, want %d", orig.Cursor, last)
		}
	}
}

// TestSyncRenderedToolEnds: the rendered tool holds the schema under
// parameters; G and home in either pane bring the other to its end or top.
func TestSyncRenderedToolEnds(t *testing.T) {
	h := newHarness(t, Options{}, nil, 80, 24)
	pick(h, "get_forecast").keys("t", "tab", "G")
	s := h.m.screens[0].(*tools.Screen)
	listed, tool := s.Panes()[0], s.Panes()[1]
	if tool.Cursor != tool.LineCount()-1 {
		t.Fatalf("G in the tool as listed leaves the rendered tool on line %d of %d", tool.Cursor, tool.LineCount())
	}
	h.keys("tab", "home")
	if listed.Cursor != 0 {
		t.Fatalf("home in the rendered tool leaves the tool as listed on line %d", listed.Cursor)
	}
	h.keys("G")
	if listed.Cursor != listed.LineCount()-1 {
		t.Fatalf("G in the rendered tool leaves the tool as listed on line %d of %d", listed.Cursor, listed.LineCount())
	}
}

// TestSyncKeepsClosingLineAcrossToggles: a toggle redraws the panes from the
// library's new answer; a cursor on a closing line stays on that line, not on
// the value's opening line.
func TestSyncKeepsClosingLineAcrossToggles(t *testing.T) {
	h := newHarness(t, Options{}, nil, 80, 24)
	pick(h, "get_forecast").keys("tab", "g").typing("/properties/units").keys("enter")
	s := h.m.screens[0].(*tools.Screen)
	orig := s.Panes()[0]
	_, end, _ := orig.Content.Doc.Span(adapter.Keys("properties", "units"))
	for orig.Cursor < end {
		h.keys("j")
	}
	h.keys("p")
	if _, end, _ := orig.Content.Doc.Span(adapter.Keys("properties", "units")); orig.Cursor != end {
		t.Fatalf("after p the cursor is on line %d %q, want the closing line %d of units",
			orig.Cursor, orig.Content.Doc.Lines[orig.Cursor].Text, end)
	}
}

// rows is how many lines of its document pane p shows.
func rows(p *pane.JSON) int { _, h := p.Size(); return h }
