package pane

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/ui/common"
)

// checkDoc checks a document against the library's own indented text and its
// maps against each other and the value; it stops at the first problem. Its
// work grows with the size of v, whatever its depth: paths are looked up whole
// only down to one level below adapter.MaxIndentDepth, and deeper nodes are
// checked against their parent, whose own check covers the rest of the path.
func checkDoc(t testing.TB, v adapter.Value) *Doc {
	t.Helper()
	d := NewDoc(v)
	var texts []string
	for _, l := range d.Lines {
		texts = append(texts, l.Text)
	}
	want := termsafe.SanitizeLines(string(adapter.MarshalIndent(v)))
	if got := strings.Join(texts, "\n") + "\n"; got != want {
		t.Fatalf("lines differ from adapter.MarshalIndent:\ngot:\n%s\nwant:\n%s", got, want)
	}
	// A pre-order walk of v meets the nodes in the order of their ids, each
	// under its parent by its step; the child map leads from the parent to it.
	next := int32(0)
	var at adapter.Path // the walk's path, used as a stack
	var walk func(v adapter.Value, parent int32, depth int)
	walk = func(v adapter.Value, parent int32, depth int) {
		id := next
		next++
		if int(id) >= len(d.nodes) {
			t.Fatalf("the value has more than the document's %d nodes", len(d.nodes))
		}
		n := d.nodes[id]
		if n.parent != parent {
			t.Fatalf("node %d at %s: parent %d, want %d", id, at.Pointer(), n.parent, parent)
		}
		if parent >= 0 {
			if n.step != at[len(at)-1] {
				t.Fatalf("node %d at %s: step %v", id, at.Pointer(), n.step)
			}
			if c, ok := d.child(parent, n.step); !ok || c != id {
				t.Fatalf("node %d at %s: the child map gives %d, %v", id, at.Pointer(), c, ok)
			}
		}
		if depth <= adapter.MaxIndentDepth+1 {
			if l, ok := d.LineOf(at); !ok || l != int(n.Start) {
				t.Fatalf("node %d at %s: lineOf = %d, %v; want %d", id, at.Pointer(), l, ok, n.Start)
			}
			if p := d.path(id); !p.Equal(at) {
				t.Fatalf("node %d: path %s, want %s", id, p.Pointer(), at.Pointer())
			}
		}
		if depth > adapter.MaxIndentDepth {
			// Inside a value printed compact: on its parent's one line.
			if p := d.nodes[parent]; n.Start != p.Start || n.End != p.Start || p.End != p.Start {
				t.Fatalf("node %d at depth %d spans %d–%d, its parent %d–%d", id, depth, n.Start, n.End, p.Start, p.End)
			}
		}
		switch v.Kind() {
		case adapter.Object:
			for _, m := range v.Members() {
				at = append(at, adapter.Key(m.Key()))
				walk(m.Value(), id, depth+1)
				at = at[:len(at)-1]
			}
		case adapter.Array:
			for i, it := range v.Items() {
				at = append(at, adapter.Index(i))
				walk(it, id, depth+1)
				at = at[:len(at)-1]
			}
		}
	}
	walk(v, -1, 0)
	if int(next) != len(d.nodes) {
		t.Fatalf("%d nodes for %d values", len(d.nodes), next)
	}
	count := int32(0)
	d.eachValue(func(id int32, _ adapter.Value) bool {
		if id != count {
			t.Fatalf("eachValue gave node %d after %d nodes", id, count)
		}
		count++
		return true
	})
	if count != next {
		t.Fatalf("eachValue gave %d nodes of %d", count, next)
	}
	for i, l := range d.Lines {
		n := d.nodes[l.node]
		if i < int(n.Start) || i > int(n.End) {
			t.Fatalf("line %d belongs to node %d spanning %d–%d", i, l.node, n.Start, n.End)
		}
		if i != int(n.Start) && i != int(n.End) {
			t.Fatalf("line %d is neither the first nor the last line of its node", i)
		}
	}
	h := newHighlighter()
	for i, l := range d.Lines {
		var b strings.Builder
		for _, tk := range h.tokens(d, i) {
			b.WriteString(tk.Text)
		}
		if b.String() != l.Text {
			t.Fatalf("line %d: tokens %q lose text of %q", i, b.String(), l.Text)
		}
	}
	return d
}

func TestJSONDocMatchesLibraryText(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `null`, `"x"`, `1e400`,
		`{"a":1,"b":[true,false,null,{"c":{}}],"d":"é\u200b","e/f~g":[[]]}`,
		`[{"x":[1,[2,[3]]]},"s",-0.5E+3]`,
	} {
		v, err := adapter.DecodeString(src)
		if err != nil {
			t.Fatal(err)
		}
		checkDoc(t, v)
	}
}

func TestJSONDocPointerMap(t *testing.T) {
	v, _ := adapter.DecodeString(`{"properties":{"a/b":{"type":"string"},"tags":{"items":{"k":0}}},"list":[10,20]}`)
	d := checkDoc(t, v)
	cases := map[string]int{"": 0, "/properties": 1, "/properties/a~1b": 2, "/properties/tags/items/k": 7, "/list/1": 13}
	for ptr, want := range cases {
		p, ok := adapter.ParsePointer(ptr, v)
		if !ok {
			t.Fatalf("ParsePointer(%q) failed", ptr)
		}
		if got, ok := d.LineOf(p); !ok || got != want {
			t.Errorf("lineOf(%q) = %d, %v; want %d", ptr, got, ok, want)
		}
	}
	if got := d.PathAt(7).Pointer(); got != "/properties/tags/items/k" {
		t.Errorf("pathAt(7) = %q", got)
	}
	if got := d.Nearest(adapter.Keys("properties", "tags", "missing", "deeper")); got != 5 {
		t.Errorf("nearest = %d, want 5 (the tags line)", got)
	}
}

func TestJSONDocDrawsInvisibleCharactersVisibly(t *testing.T) {
	v := adapter.ObjectValue(adapter.MemberOf("k\x1b[2J", adapter.StringValue("a\u200bb\u009b31m\u2028")))
	d := checkDoc(t, v)
	text := d.Lines[1].Text
	for _, want := range []string{"⟨U+200B⟩", "⟨U+009B⟩", "⟨U+2028⟩", `\u001b[2J`} {
		if !strings.Contains(text, want) {
			t.Errorf("line %q lacks %q", text, want)
		}
	}
	if strings.ContainsAny(text, "\x1b\u009b\u200b") {
		t.Errorf("line %q holds a raw control or invisible character", text)
	}
	var visible int
	for _, tk := range newHighlighter().tokens(d, 1) {
		if tk.kind == tkVisible {
			visible++
		}
	}
	if visible != 3 {
		t.Errorf("%d visible-character tokens, want 3", visible)
	}
}

func TestWriteLineWidth(t *testing.T) {
	v, _ := adapter.DecodeString(`{"a":"一二三四五六七八九十","bb":[1,2,3]}`)
	d := NewDoc(v)
	h := newHighlighter()
	ls := newLineStyles(common.NewContext(false).Styles)
	for i := range d.Lines {
		for _, x0 := range []int{0, 1, 3, 7, 40} {
			for _, w := range []int{1, 2, 5, 9, 30} {
				var b strings.Builder
				writeLine(&b, h.tokens(d, i), x0, w, &ls.tok[0][bgCursor])
				if got := ansi.StringWidth(b.String()); got != w {
					t.Errorf("line %d x0=%d w=%d: drawn %d cells: %q", i, x0, w, got, ansi.Strip(b.String()))
				}
			}
		}
	}
}

// FuzzJSONPane pretty-prints any JSON value: it never panics, its lines are the
// library's indented text, and its maps agree.
func FuzzJSONPane(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,{"b":null}]}`, `"\u001b]52;c;x\u0007"`, `[[[[]]]]`, `{"":{"~":{"/":1}}}`} {
		f.Add([]byte(s))
	}
	// The shapes of the slow inputs, small but past adapter.MaxIndentDepth:
	// TestJSONDocDeepIsProportional checks them at full size. (Go's fuzzer
	// minimizes each new input it finds in time that grows with the square of
	// its length, up to a minute, and fuzzes nothing meanwhile: seeds of a few
	// KB would make it spend its time there.)
	for _, s := range []string{
		deepArrays(500, ""),
		deepObjects(150, `"x"`),
		deepObjects(40, deepArrays(40, `{"a":[{"b":null}]}`)),
		deepArrays(adapter.MaxIndentDepth, `{"a":[1,{"b":null}],"c":{}}`),
		`{"` + strings.Repeat("k", 300) + `":[` + strings.TrimSuffix(strings.Repeat(`{"a":1},`, 80), ",") + `]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkPane(t, data) })
}

// checkPane is FuzzJSONPane's check of one input: the document of the value
// data holds passes checkDoc, and a pane moves over it, draws it and scrolls it
// sideways. It returns the document, or nil when data is not JSON.
func checkPane(t testing.TB, data []byte) *Doc {
	t.Helper()
	v, err := adapter.Decode(data)
	if err != nil {
		return nil
	}
	d := checkDoc(t, v)
	p := &JSON{ctx: common.NewContext(false)}
	p.SetSize(30, 10)
	p.SetContent(&Content{Doc: d, Base: adapter.Path{}})
	for range 3 {
		p.Move(7)
		_ = p.View(true)
		p.hscroll(5)
	}
	return d
}

func TestJSONDocCounterpart(t *testing.T) {
	// b is a as the strict form writes it: "default" dropped, "type" made
	// nullable (a line becomes four), "required" and "additionalProperties"
	// added, "$comment" (the first member) dropped.
	a, _ := adapter.DecodeString(`{"$comment":"c","type":"object","properties":{"x":{"type":"string","default":"d","enum":["p","q"]},"y":{"type":"integer"}}}`)
	b, _ := adapter.DecodeString(`{"type":"object","properties":{"x":{"type":["string","null"],"enum":["p","q",null]},"y":{"type":"integer"}},"required":["x","y"],"additionalProperties":false}`)
	da, db := checkDoc(t, a), checkDoc(t, b)
	line := func(d *Doc, text string) int {
		t.Helper()
		for i, l := range d.Lines {
			if l.Text == text {
				return i
			}
		}
		t.Fatalf("no line %q", text)
		return 0
	}
	root := adapter.Path{}
	for _, c := range []struct {
		from, to *Doc
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
		got, ok := c.from.Counterpart(line(c.from, c.line), root, c.to, root)
		if !ok || c.to.Lines[got].Text != c.want {
			t.Errorf("counterpart of %q = line %d %q, %v; want %q", c.line, got, c.to.Lines[got].Text, ok, c.want)
		}
	}
	// Outside the schema: no counterpart.
	if _, ok := da.Counterpart(0, adapter.Keys("properties"), db, root); ok {
		t.Error("a line outside the schema has a counterpart")
	}
}
