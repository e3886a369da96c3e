package pane

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// lexState is the state chroma's JSON lexer starts a line in: every line of a
// pretty-printed document is lexically whole, but the lexer needs to know whether
// it sits in an object (where a string is a key) or an array.
type lexState uint8

const (
	lexRoot lexState = iota
	lexObject
	lexArray
)

// Line is one line of a pretty-printed document.
type Line struct {
	Text  string   // sanitized: no control sequence, invisible characters drawn visibly
	node  int32    // the node that starts on this line, or whose container closes on it
	state lexState // the lexer state the line starts in
}

// docNode is one JSON value of a document.
type docNode struct {
	parent     int32 // -1 for the root
	step       adapter.Step
	Start, End int32 // first and last line of the value
}

// Doc is a JSON value pretty-printed once into lines, with a child map
// (to find the value at a path: to jump to it and mark it) and a line → node
// map (for the breadcrumb). It is built once per document and never changes;
// highlighting is cached in it line by line as lines are first drawn.
//
// Lines break as adapter.MarshalIndent breaks them: arrays and objects down to
// adapter.MaxIndentDepth levels, and a value nested deeper on the one line
// where it starts, compact. Every value still has its node, spanning that
// line, so that a path into it finds the line. Building the document, its
// maps and its lines costs in proportion to the size of the value, whatever
// its depth.
type Doc struct {
	Value adapter.Value
	Lines []Line
	nodes []docNode // in pre-order: a node's id is its value's place in a pre-order walk
	kids  map[childKey]int32
	toks  [][]Token // per line, nil until highlighted
	// Plain is a text document (newTextDoc): its lines are drawn as they are,
	// not highlighted as JSON, and raw is the text it shows.
	Plain bool
	raw   string
}

// childKey names a child of node parent: member key of an object (index -1),
// or element index of an array. The key shares the value's storage.
type childKey struct {
	parent int32
	index  int32
	Key    string
}

// NewDoc pretty-prints v with two spaces a level.
func NewDoc(v adapter.Value) *Doc {
	n, containers := countValues(v)
	d := &Doc{Value: v, kids: make(map[childKey]int32, n),
		nodes: make([]docNode, 0, n), Lines: make([]Line, 0, n+containers)}
	p := &printer{d: d}
	p.Value(v, -1, adapter.Step{}, 0, lexRoot, "", false)
	d.toks = make([][]Token, len(d.Lines))
	return d
}

// NewTextDoc shows text as it is, not as JSON: the arguments as the model
// wrote them, an editor's text that does not parse. Each line is sanitized
// (termsafe.SanitizeLines) and, when width > 0, wrapped at width cells. The
// document has one node, the root, spanning every line.
func NewTextDoc(text string, width int) *Doc {
	d := &Doc{Plain: true, raw: text, Value: adapter.StringValue(text),
		nodes: []docNode{{parent: -1}}}
	for _, ln := range strings.Split(termsafe.SanitizeLines(text), "\n") {
		if width > 0 && ansi.StringWidth(ln) > width {
			for _, w := range strings.Split(ansi.Hardwrap(ln, width, true), "\n") {
				d.Lines = append(d.Lines, Line{Text: w})
			}
			continue
		}
		d.Lines = append(d.Lines, Line{Text: ln})
	}
	d.nodes[0].End = int32(len(d.Lines) - 1)
	d.toks = make([][]Token, len(d.Lines))
	return d
}

// InsertLine puts a line of text after line i of a text document
// (NewTextDoc): a caret under where a text breaks, say. The text must be
// sanitized. A JSON document's lines are its value's and take no other.
func (d *Doc) InsertLine(i int, text string) {
	if !d.Plain || i < -1 || i >= len(d.Lines) {
		return
	}
	d.Lines = slices.Insert(d.Lines, i+1, Line{Text: text})
	d.toks = slices.Insert(d.toks, i+1, nil)
	d.nodes[0].End = int32(len(d.Lines) - 1)
}

// countValues counts the values in v, and the non-empty containers among them
// (each takes a closing line), to size the document once.
func countValues(v adapter.Value) (n, containers int) {
	n = 1
	switch v.Kind() {
	case adapter.Object:
		for _, m := range v.Members() {
			a, b := countValues(m.Value())
			n, containers = n+a, containers+b
		}
	case adapter.Array:
		for _, it := range v.Items() {
			a, b := countValues(it)
			n, containers = n+a, containers+b
		}
	default:
		return n, 0
	}
	if v.Len() > 0 {
		containers++
	}
	return n, containers
}

// printer builds a Doc.
type printer struct {
	d   *Doc
	buf []byte
}

func (p *printer) emit(node int32, st lexState) {
	p.d.Lines = append(p.d.Lines, Line{Text: termsafe.Sanitize(string(p.buf)), node: node, state: st})
	p.buf = p.buf[:0]
}

func indent(buf []byte, depth int) []byte {
	for range depth {
		buf = append(buf, ' ', ' ')
	}
	return buf
}

// node adds the node of a value under parent by step, starting on the line
// about to be emitted, and returns its id.
func (p *printer) node(parent int32, step adapter.Step) int32 {
	id := int32(len(p.d.nodes))
	line := int32(len(p.d.Lines))
	p.d.nodes = append(p.d.nodes, docNode{parent: parent, step: step, Start: line, End: line})
	if parent >= 0 {
		k := childKey{parent: parent, index: -1}
		if step.Kind == adapter.IndexStep {
			k.index = step.Index
		} else {
			k.Key = step.Key
		}
		p.d.kids[k] = id
	}
	return id
}

// Value prints v, which sits under parent by step, at depth, in a container whose
// lexer state is st. key is the member name to print before it ("" and !isKey in
// arrays and at the root); comma says whether a comma follows. An array or
// object at depth adapter.MaxIndentDepth is printed compact on its line.
func (p *printer) Value(v adapter.Value, parent int32, step adapter.Step, depth int, st lexState, key string, comma bool) {
	id := p.node(parent, step)

	p.buf = indent(p.buf, depth)
	if st == lexObject {
		p.buf = adapter.AppendQuoted(p.buf, key)
		p.buf = append(p.buf, ':', ' ')
	}
	switch v.Kind() {
	case adapter.Object, adapter.Array:
		if v.Len() == 0 || depth >= adapter.MaxIndentDepth {
			p.buf = adapter.AppendCompact(p.buf, v)
			p.inner(v, id)
			break
		}
		open, close, inner := byte('{'), byte('}'), lexObject
		if v.Kind() == adapter.Array {
			open, close, inner = '[', ']', lexArray
		}
		p.buf = append(p.buf, open)
		p.emit(id, st)
		if v.Kind() == adapter.Object {
			ms := v.Members()
			for i, m := range ms {
				p.Value(m.Value(), id, adapter.Key(m.Key()), depth+1, lexObject, m.Key(), i < len(ms)-1)
			}
		} else {
			items := v.Items()
			for i, it := range items {
				p.Value(it, id, adapter.Index(i), depth+1, lexArray, "", i < len(items)-1)
			}
		}
		p.buf = indent(p.buf, depth)
		p.buf = append(p.buf, close)
		if comma {
			p.buf = append(p.buf, ',')
		}
		// The closing line lexes in the container's own state.
		p.d.nodes[id].End = int32(len(p.d.Lines))
		p.emit(id, inner)
		return
	case adapter.String:
		p.buf = adapter.AppendQuoted(p.buf, v.Str())
	case adapter.Number:
		p.buf = append(p.buf, v.NumberText()...)
	case adapter.Bool:
		if v.Bool() {
			p.buf = append(p.buf, "true"...)
		} else {
			p.buf = append(p.buf, "false"...)
		}
	default:
		p.buf = append(p.buf, "null"...)
	}
	if comma {
		p.buf = append(p.buf, ',')
	}
	p.emit(id, st)
}

// inner adds the nodes of the values inside v, node id, which is printed
// compact on the line about to be emitted: each spans that line.
func (p *printer) inner(v adapter.Value, id int32) {
	switch v.Kind() {
	case adapter.Object:
		for _, m := range v.Members() {
			p.inner(m.Value(), p.node(id, adapter.Key(m.Key())))
		}
	case adapter.Array:
		for i, it := range v.Items() {
			p.inner(it, p.node(id, adapter.Index(i)))
		}
	}
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// itoa writes a non-negative i in decimal, as strconv.Itoa does.
func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	var b [20]byte
	n := len(b)
	for i > 0 {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
	}
	return string(b[n:])
}

// path returns the path of node id from the document's root.
func (d *Doc) path(id int32) adapter.Path {
	n := 0
	for i := id; i > 0; i = d.nodes[i].parent {
		n++
	}
	p := make(adapter.Path, n)
	for i := id; i > 0; i = d.nodes[i].parent {
		n--
		p[n] = d.nodes[i].step
	}
	return p
}

// PointerOf writes p as a JSON pointer, an Every step as "*": the key that
// groups the messages at one path.
func PointerOf(p adapter.Path) string {
	var b strings.Builder
	for _, st := range p {
		b.WriteByte('/')
		switch st.Kind {
		case adapter.KeyStep:
			b.WriteString(escapePointer(st.Key))
		case adapter.IndexStep:
			b.WriteString(itoa(int(st.Index)))
		default:
			b.WriteByte('*')
		}
	}
	return b.String()
}

// child returns the node under node parent by step, as a JSON pointer token
// names it: in an object the member whose name is the step's token (a key, an
// index's digits, "*" for every element), in an array the element whose index
// is a step's index or a key's digits as an index is written.
func (d *Doc) child(parent int32, step adapter.Step) (int32, bool) {
	var id int32
	var ok bool
	switch step.Kind {
	case adapter.KeyStep:
		if id, ok = d.kids[childKey{parent: parent, index: -1, Key: step.Key}]; !ok {
			if i, isIndex := indexToken(step.Key); isIndex {
				id, ok = d.kids[childKey{parent: parent, index: i}]
			}
		}
	case adapter.IndexStep:
		if id, ok = d.kids[childKey{parent: parent, index: step.Index}]; !ok && step.Index >= 0 {
			id, ok = d.kids[childKey{parent: parent, index: -1, Key: itoa(int(step.Index))}]
		}
	default:
		id, ok = d.kids[childKey{parent: parent, index: -1, Key: "*"}]
	}
	return id, ok
}

// indexToken reads s as an array index written in a JSON pointer: "0", or
// digits without a leading zero, below 2³¹.
func indexToken(s string) (int32, bool) {
	if s == "" || len(s) > 10 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := int64(0)
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int64(s[i]-'0')
	}
	if n > 1<<31-1 {
		return 0, false
	}
	return int32(n), true
}

// deepest returns the node of the longest prefix of p that the document holds,
// and that prefix's length: the root and 0 when not even p's first step is
// there. It takes a map look-up a step.
func (d *Doc) deepest(p adapter.Path) (int32, int) {
	if len(d.nodes) == 0 {
		return -1, 0
	}
	id := int32(0)
	for k, st := range p {
		next, ok := d.child(id, st)
		if !ok {
			return id, k
		}
		id = next
	}
	return id, len(p)
}

// Find returns the node of the value at path p.
func (d *Doc) Find(p adapter.Path) (int32, bool) {
	id, k := d.deepest(p)
	return id, id >= 0 && k == len(p)
}

// LineOf returns the first line of the value at path p.
func (d *Doc) LineOf(p adapter.Path) (int, bool) {
	id, ok := d.Find(p)
	if !ok {
		return 0, false
	}
	return int(d.nodes[id].Start), true
}

// Span returns the first and last line of the value at path p.
func (d *Doc) Span(p adapter.Path) (int, int, bool) {
	id, ok := d.Find(p)
	if !ok {
		return 0, 0, false
	}
	return int(d.nodes[id].Start), int(d.nodes[id].End), true
}

// Nearest returns the first line of the deepest value on path p that exists.
func (d *Doc) Nearest(p adapter.Path) int {
	id, _ := d.deepest(p)
	if id < 0 {
		return 0
	}
	return int(d.nodes[id].Start)
}

// eachValue calls fn with each node's id and value, in pre-order (the order of
// the ids), until fn returns false. A text document's one node is its text.
func (d *Doc) eachValue(fn func(id int32, v adapter.Value) bool) {
	if len(d.nodes) == 0 {
		return
	}
	id := int32(0)
	var walk func(v adapter.Value) bool
	walk = func(v adapter.Value) bool {
		if !fn(id, v) {
			return false
		}
		id++
		switch v.Kind() {
		case adapter.Object:
			for _, m := range v.Members() {
				if !walk(m.Value()) {
					return false
				}
			}
		case adapter.Array:
			for _, it := range v.Items() {
				if !walk(it) {
					return false
				}
			}
		}
		return true
	}
	walk(d.Value)
}

// Closes reports whether line i is the closing line of a container: the one
// holding its } or ], not the one it opens on.
func (d *Doc) Closes(i int) bool {
	n := d.nodes[d.Lines[i].node]
	return int(n.End) == i && n.Start != n.End
}

// prevSibling is the value printed just before node id in the same container,
// or -1 when id is its container's first.
func (d *Doc) prevSibling(id int32) int32 {
	n := d.nodes[id]
	if n.parent < 0 || n.Start == 0 {
		return -1
	}
	s := d.Lines[n.Start-1].node // the sibling's only or closing line, or the container's opening one
	if s == n.parent || d.nodes[s].parent != n.parent {
		return -1
	}
	return s
}

// Counterpart is the line of other that shows the place line i of d shows,
// when d holds a schema at base and other holds a form of it at otherBase (the
// two panes of a pair): the first line of the same value, or its last line
// when line i closes a container, so that a closing line meets a closing line.
// A value other does not hold (a keyword dropped, one added) maps to the last
// line of the nearest value before it in its container that other holds, or
// else to the first line of its container there: the place it would sit. So
// the line found moves along as line i does, never back to an unrelated place.
// ok is false when line i is outside the schema.
func (d *Doc) Counterpart(i int, base adapter.Path, other *Doc, otherBase adapter.Path) (int, bool) {
	if i < 0 || i >= len(d.Lines) {
		return 0, false
	}
	id := d.Lines[i].node
	// chain[k] is the node at depth k on the way from the root to id.
	depth := 0
	for j := id; j > 0; j = d.nodes[j].parent {
		depth++
	}
	chain := make([]int32, depth+1)
	for j, k := id, depth; k >= 0; j, k = d.nodes[j].parent, k-1 {
		chain[k] = j
	}
	p := d.path(id)
	if len(p) < len(base) || !p[:len(base)].Equal(base) {
		return 0, false
	}
	// o is the node of other at otherBase + p[len(base):k], the deepest there.
	o, ok := other.Find(otherBase)
	if !ok {
		return 0, false
	}
	k := len(base)
	for ; k < len(p); k++ {
		next, ok := other.child(o, p[k])
		if !ok {
			break
		}
		o = next
	}
	if k == len(p) {
		if d.Closes(i) {
			return int(other.nodes[o].End), true
		}
		return int(other.nodes[o].Start), true
	}
	// p[:k] is the deepest value other holds; its child chain[k+1] is missing.
	for s := d.prevSibling(chain[k+1]); s >= 0; s = d.prevSibling(s) {
		if sib, ok := other.child(o, d.nodes[s].step); ok {
			return int(other.nodes[sib].End), true
		}
	}
	return int(other.nodes[o].Start), true
}

// PathAt returns the path of the value on line i.
func (d *Doc) PathAt(i int) adapter.Path {
	if i < 0 || i >= len(d.Lines) {
		return nil
	}
	return d.path(d.Lines[i].node)
}
