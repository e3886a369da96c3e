package pane

import (
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
)

// deepArrays is n arrays around inner.
func deepArrays(n int, inner string) string {
	return strings.Repeat("[", n) + inner + strings.Repeat("]", n)
}

// deepObjects is n objects {"k": …} around inner.
func deepObjects(n int, inner string) string {
	return strings.Repeat(`{"k":`, n) + inner + strings.Repeat("}", n)
}

// docBytes is the size of a document's lines.
func docBytes(d *Doc) int {
	n := 0
	for _, l := range d.Lines {
		n += len(l.Text) + 1
	}
	return n
}

// TestJSONDocDeepIsProportional runs FuzzJSONPane's check on the inputs that
// made it slow, at full size: a deeply nested document takes lines in
// proportion to its size, not to the square of its depth, and its maps still
// agree (checkDoc).
func TestJSONDocDeepIsProportional(t *testing.T) {
	for _, tt := range []struct {
		Name string
		src  string
	}{
		{"arrays 3000", deepArrays(3000, "")},
		{"arrays 10000", deepArrays(10000, "")},
		{"objects 3000", deepObjects(3000, `"x"`)},
		{"objects 9998", deepObjects(9998, `{"a":null,"b":[1,2]}`)},
		{"mixed", deepObjects(2000, deepArrays(2000, `{"a":[{"b":null}]}`))},
		{"a long key over many values", `{"` + strings.Repeat("k", 20000) + `":[` + strings.TrimSuffix(strings.Repeat(`{"a":1,"b":[2]},`, 2000), ",") + `]}`},
	} {
		t.Run(tt.Name, func(t *testing.T) {
			d := checkPane(t, []byte(tt.src))
			if d == nil {
				t.Fatal("not JSON")
			}
			if got, compact := docBytes(d), len(adapter.Marshal(d.Value)); got > 3*compact {
				t.Errorf("%d bytes of lines for %d bytes compact: over 3×", got, compact)
			}
		})
	}
}

// TestJSONDocCompactLine: past adapter.MaxIndentDepth a value is one line, and
// every path into it finds that line: a mark there lands on it, the cursor
// jumps to it, and a path beyond what is there finds it as the nearest.
func TestJSONDocCompactLine(t *testing.T) {
	const depth = adapter.MaxIndentDepth
	v, err := adapter.DecodeString(`{"top":` + deepArrays(depth-1, `{"a":{"tags":[{"k":null},{"k":1}]},"b":[[1]]}`) + `,"next":true}`)
	if err != nil {
		t.Fatal(err)
	}
	d := checkDoc(t, v)
	// Lines: "{", "top": [ and depth-2 more [, the object at depth
	// MaxIndentDepth compact, depth-1 closing ], "next", "}".
	if want := 1 + (depth - 1) + 1 + (depth - 1) + 2; len(d.Lines) != want {
		t.Fatalf("%d lines, want %d", len(d.Lines), want)
	}
	line := depth // the compact one
	if got, want := strings.TrimLeft(d.Lines[line].Text, " "), `{"a":{"tags":[{"k":null},{"k":1}]},"b":[[1]]}`; got != want {
		t.Fatalf("line %d = %q, want %q", line, got, want)
	}
	top := adapter.Path{adapter.Key("top")}
	for range depth - 1 {
		top = top.Append(adapter.Index(0))
	}
	if got := d.PathAt(line); !got.Equal(top) {
		t.Errorf("pathAt(%d) = %s, want %s", line, got, top)
	}
	for _, p := range []adapter.Path{
		top,
		top.Append(adapter.Key("a"), adapter.Key("tags"), adapter.Index(1), adapter.Key("k")),
		top.Append(adapter.Key("b"), adapter.Index(0), adapter.Index(0)),
	} {
		if s, e, ok := d.Span(p); !ok || s != line || e != line {
			t.Errorf("span(%s) = %d–%d, %v; want the compact line %d", p, s, e, ok, line)
		}
	}
	if got := d.Nearest(top.Append(adapter.Key("a"), adapter.Key("missing"), adapter.Key("deeper"))); got != line {
		t.Errorf("nearest of a path into the compact line = %d, want %d", got, line)
	}
	if _, ok := d.LineOf(top.Append(adapter.Key("b"), adapter.Index(1))); ok {
		t.Error("lineOf found a value the document does not hold")
	}
	got := d.Expand(top.Append(adapter.Key("a"), adapter.Key("tags"), adapter.Every(), adapter.Key("k")))
	if len(got) != 2 || !got[1].Equal(top.Append(adapter.Key("a"), adapter.Key("tags"), adapter.Index(1), adapter.Key("k"))) {
		t.Errorf("expand = %v", got)
	}
	// A mark on a value inside the compact line marks that line.
	c := &Content{Doc: d, Base: adapter.Path{}}
	m := NewMarker(c)
	if !m.Place(top.Append(adapter.Key("a"), adapter.Key("tags"), adapter.Index(0), adapter.Key("k")), MarkNull, "null") {
		t.Fatal("place found no value")
	}
	m.Done()
	if c.Marks[line] != MarkNull || c.Start != line {
		t.Errorf("marks %v, start %d; want a null mark on line %d", c.Marks, c.Start, line)
	}
	p := &JSON{ctx: common.NewContext(false)}
	p.SetSize(40, 10)
	p.SetContent(&Content{Doc: d, Base: adapter.Path{}})
	if !p.Jump(top.Append(adapter.Key("b"))) || p.Cursor != line {
		t.Errorf("jump into the compact line: cursor %d, want %d", p.Cursor, line)
	}
}

// TestJSONDocLookupKeepsPointerTokens: a path finds a value as the pointer
// tokens of its steps name it, as before the child map: a key of digits is an
// array index, an index is a member named by its digits, an Every step is the
// member "*".
func TestJSONDocLookupKeepsPointerTokens(t *testing.T) {
	v, err := adapter.DecodeString(`{"list":[10,20,30],"0":"zero","12":"twelve","*":"star","01":"lead"}`)
	if err != nil {
		t.Fatal(err)
	}
	d := checkDoc(t, v)
	for _, tt := range []struct {
		p    adapter.Path
		want string // the line's text, "" when not found
	}{
		{adapter.Path{adapter.Key("list"), adapter.Index(2)}, `    30`},
		{adapter.Path{adapter.Key("list"), adapter.Key("1")}, `    20,`},
		{adapter.Path{adapter.Key("list"), adapter.Key("01")}, ``},
		{adapter.Path{adapter.Key("list"), adapter.Key("3")}, ``},
		{adapter.Path{adapter.Key("list"), adapter.Every()}, ``},
		{adapter.Path{adapter.Index(0)}, `  "0": "zero",`},
		{adapter.Path{adapter.Index(12)}, `  "12": "twelve",`},
		{adapter.Path{adapter.Index(1)}, ``},
		{adapter.Path{adapter.Every()}, `  "*": "star",`},
		{adapter.Path{adapter.Key("01")}, `  "01": "lead"`},
	} {
		l, ok := d.LineOf(tt.p)
		switch {
		case tt.want == "" && ok:
			t.Errorf("lineOf(%s) = %d, want none", tt.p, l)
		case tt.want != "" && (!ok || d.Lines[l].Text != tt.want):
			t.Errorf("lineOf(%s) = %d, %v; want %q", tt.p, l, ok, tt.want)
		}
	}
	for s, want := range map[string]int32{"0": 0, "7": 7, "2147483647": 1<<31 - 1, "2147483648": -1, "00": -1, "": -1, "1a": -1, "-1": -1} {
		got, ok := indexToken(s)
		if want < 0 && ok || want >= 0 && (!ok || got != want) {
			t.Errorf("indexToken(%q) = %d, %v", s, got, ok)
		}
	}
}

// TestJSONDocDeepFinders: a string and an item are found at the bottom of a
// deep document (a walk of its values, then one path).
func TestJSONDocDeepFinders(t *testing.T) {
	v, err := adapter.DecodeString(deepArrays(9000, `{"id":"c1","arguments":"{}"}`))
	if err != nil {
		t.Fatal(err)
	}
	d := NewDoc(v)
	p, ok := d.FindString("{}")
	if !ok || len(p) != 9001 {
		t.Fatalf("findString: %d steps, %v", len(p), ok)
	}
	item, _ := adapter.Lookup(v, p[:len(p)-1])
	q, ok := NewItemFinder(d).Find(0, item)
	if !ok || !q.Equal(p[:len(p)-1]) {
		t.Fatalf("find: %d steps, %v", len(q), ok)
	}
}

// TestTextDocFindString: a text document's one value is its text, found at the
// root.
func TestTextDocFindString(t *testing.T) {
	d := NewTextDoc(`{"a": not JSON`, 0)
	if p, ok := d.FindString(`{"a": not JSON`); !ok || len(p) != 0 {
		t.Errorf("findString = %v, %v; want the root", p, ok)
	}
	if _, ok := d.FindString("a"); ok {
		t.Error("findString found text the document does not hold")
	}
}
