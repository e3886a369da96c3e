package ui

import (
	"path/filepath"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
)

// checkFollows checks that pane to shows the place of pane from's cursor: a
// line that opens a value both panes hold meets that value's first line, a
// line that closes one meets its last line, and the two cursors are on the
// same row when the other document allows it.
func checkFollows(t *testing.T, from, to *jsonPane, what string) {
	t.Helper()
	fd, td := from.c.doc, to.c.doc
	p := fd.pathAt(from.cursor)
	if len(p) < len(from.c.base) || !p[:len(from.c.base)].Equal(from.c.base) {
		return
	}
	s, e, ok := td.span(to.c.base.Append(p[len(from.c.base):]...))
	if !ok {
		return
	}
	want := s
	if fd.closes(from.cursor) {
		want = e
	}
	if to.cursor != want {
		t.Fatalf("%s: cursor on line %d %q (%s); the other pane is on line %d %q, want line %d %q",
			what, from.cursor, fd.lines[from.cursor].text, p.Pointer(),
			to.cursor, td.lines[to.cursor].text, want, td.lines[want].text)
	}
}

// TestSyncClosingLineMeetsClosingLine is the audit's case: on
// weather__get_forecast, G in the original pane brings the strict pane to its
// end too, and walking back up one line at a time, the strict pane follows
// line for line: a closing line meets the same value's closing line, and the
// strict pane never moves down while the cursor moves up. Then the same from
// the strict pane, walking down from the top.
func TestSyncClosingLineMeetsClosingLine(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		h := newHarness(t, Options{}, nil, size[0], size[1])
		h.keys("j", "j", "j", "j", "j")
		s := h.m.screens[0].(*toolsScreen)
		if row := s.list.current(); row == nil || s.cur.report.Outcomes[row.tool].Entry.Exposed != "weather__get_forecast" {
			t.Fatalf("five j do not select weather__get_forecast:\n%s", h.screen())
		}
		orig, strict := s.panes[0], s.panes[1]

		h.keys("tab", "G")
		if last := orig.lineCount() - 1; orig.cursor != last {
			t.Fatalf("G puts the original's cursor on line %d, want %d", orig.cursor, last)
		}
		if last := strict.lineCount() - 1; strict.cursor != last || strict.offset != max(last-strict.h+1, 0) {
			t.Fatalf("after G the strict pane is on line %d (first shown %d), want its last line %d at the bottom:\n%s",
				strict.cursor, strict.offset, last, h.screen())
		}
		prev := strict.cursor
		for orig.cursor > 0 {
			h.keys("k")
			checkFollows(t, orig, strict, "original, k")
			if strict.cursor > prev {
				t.Fatalf("k to line %d %q moves the strict pane back down from line %d to %d:\n%s",
					orig.cursor, orig.c.doc.lines[orig.cursor].text, prev, strict.cursor, h.screen())
			}
			prev = strict.cursor
		}

		h.keys("tab")
		prev = orig.cursor
		for strict.cursor < strict.lineCount()-1 {
			h.keys("j")
			checkFollows(t, strict, orig, "strict, j")
			if orig.cursor < prev {
				t.Fatalf("j to line %d %q moves the original back up from line %d to %d:\n%s",
					strict.cursor, strict.c.doc.lines[strict.cursor].text, prev, orig.cursor, h.screen())
			}
			prev = orig.cursor
		}
		if last := orig.lineCount() - 1; orig.cursor != last {
			t.Fatalf("the strict pane's last line leaves the original on line %d, want %d", orig.cursor, last)
		}
	}
}

// TestSyncRenderedToolEnds: the rendered tool holds the schema under
// parameters; G and home in either pane bring the other to its end or top.
func TestSyncRenderedToolEnds(t *testing.T) {
	h := newHarness(t, Options{}, nil, 80, 24)
	pick(h, "get_forecast").keys("t", "tab", "G")
	s := h.m.screens[0].(*toolsScreen)
	listed, tool := s.panes[0], s.panes[1]
	if tool.cursor != tool.lineCount()-1 {
		t.Fatalf("G in the tool as listed leaves the rendered tool on line %d of %d", tool.cursor, tool.lineCount())
	}
	h.keys("tab", "home")
	if listed.cursor != 0 {
		t.Fatalf("home in the rendered tool leaves the tool as listed on line %d", listed.cursor)
	}
	h.keys("G")
	if listed.cursor != listed.lineCount()-1 {
		t.Fatalf("G in the rendered tool leaves the tool as listed on line %d of %d", listed.cursor, listed.lineCount())
	}
}

// TestSyncKeepsClosingLineAcrossToggles: a toggle redraws the panes from the
// library's new answer; a cursor on a closing line stays on that line, not on
// the value's opening line.
func TestSyncKeepsClosingLineAcrossToggles(t *testing.T) {
	h := newHarness(t, Options{}, nil, 80, 24)
	pick(h, "get_forecast").keys("tab", "g").typing("/properties/units").keys("enter")
	s := h.m.screens[0].(*toolsScreen)
	orig := s.panes[0]
	_, end, _ := orig.c.doc.span(adapter.Keys("properties", "units"))
	for orig.cursor < end {
		h.keys("j")
	}
	h.keys("p")
	if _, end, _ := orig.c.doc.span(adapter.Keys("properties", "units")); orig.cursor != end {
		t.Fatalf("after p the cursor is on line %d %q, want the closing line %d of units",
			orig.cursor, orig.c.doc.lines[orig.cursor].text, end)
	}
}

func TestJSONDocCounterpart(t *testing.T) {
	// b is a as the strict form writes it: "default" dropped, "type" made
	// nullable (a line becomes four), "required" and "additionalProperties"
	// added, "$comment" (the first member) dropped.
	a, _ := adapter.DecodeString(`{"$comment":"c","type":"object","properties":{"x":{"type":"string","default":"d","enum":["p","q"]},"y":{"type":"integer"}}}`)
	b, _ := adapter.DecodeString(`{"type":"object","properties":{"x":{"type":["string","null"],"enum":["p","q",null]},"y":{"type":"integer"}},"required":["x","y"],"additionalProperties":false}`)
	da, db := checkDoc(t, a), checkDoc(t, b)
	line := func(d *jsonDoc, text string) int {
		t.Helper()
		for i, l := range d.lines {
			if l.text == text {
				return i
			}
		}
		t.Fatalf("no line %q", text)
		return 0
	}
	root := adapter.Path{}
	for _, c := range []struct {
		from, to *jsonDoc
		line     string
		want     string
	}{
		{da, db, `  "$comment": "c",`, `{`},                    // missing first member: its container's first line
		{da, db, `    "x": {`, `    "x": {`},                   // an opening line meets the same value's
		{da, db, `      "type": "string",`, `      "type": [`}, // a scalar meets the value's first line
		{da, db, `      "default": "d",`, `      ],`},          // dropped: the last line of the value before it
		{da, db, `      ]`, `      ]`},                         // the enum closes: on its closing line
		{da, db, `    },`, `    },`},                           // x closes
		{da, db, `  }`, `  },`},                                // properties closes
		{da, db, `}`, `}`},                                     // the root closes
		{db, da, `        "null"`, `      "type": "string",`},  // an index a holds no value at: its container
		{db, da, `  "required": [`, `  }`},                     // added after properties: properties' last line
		{db, da, `    "y"`, `  }`},                             // inside what was added
		{db, da, `  "additionalProperties": false`, `  }`},     // added after required, which a lacks too
		{db, da, `  "type": "object",`, `  "type": "object",`},
	} {
		got, ok := c.from.counterpart(line(c.from, c.line), root, c.to, root)
		if !ok || c.to.lines[got].text != c.want {
			t.Errorf("counterpart of %q = line %d %q, %v; want %q", c.line, got, c.to.lines[got].text, ok, c.want)
		}
	}
	// Outside the schema: no counterpart.
	if _, ok := da.counterpart(0, adapter.Keys("properties"), db, root); ok {
		t.Error("a line outside the schema has a counterpart")
	}
}

// TestSyncNeverSwingsBackOnCorpus walks every line of every real tool's
// schema, in the strict view and in the rendered-tool view, in both
// directions: the other pane's line never goes back while the cursor goes
// down.
func TestSyncNeverSwingsBackOnCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if len(files) == 0 {
		t.Skip("the corpus (../shared/corpus/mcp-tools) is absent")
	}
	h := newHarness(t, Options{}, common.Load(files), 120, 40)
	s := h.m.screens[0].(*toolsScreen)
	checked := 0
	for _, v := range []viewMode{viewSchema, viewTool} {
		for i, o := range s.cur.report.Outcomes {
			pc := buildToolContents(s.cur, i, v, s.eng.leftDoc(i, o, v))
			for dir := range 2 {
				from, to := pc[dir], pc[1-dir]
				if from.doc == nil || to.doc == nil || from.base == nil || to.base == nil {
					continue
				}
				prev := -1
				for l := range from.doc.lines {
					got, ok := from.doc.counterpart(l, from.base, to.doc, to.base)
					if !ok {
						continue
					}
					if got < prev {
						t.Fatalf("%s, %s: line %d %q meets line %d %q, above line %d %q met by the line before",
							o.Entry.Exposed, from.title, l, from.doc.lines[l].text, got, to.doc.lines[got].text, prev, to.doc.lines[prev].text)
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
