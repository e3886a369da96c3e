package pane

import (
	"slices"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
)

// The marks only place what the library returned: null paths and the
// declarations made nullable for them, dropped keywords and the error come from
// adapter's answer; this file finds the lines they sit on.

// Marker collects the marks of one pane.
type Marker struct {
	Doc     *Doc
	base    adapter.Path
	content *Content
	start   int // the failing node, where the cursor starts
	// first and firstErr are the first lines place marked, and the first it
	// marked as an error: the cursor starts there when there is no failure.
	first, firstErr int
}

func NewMarker(c *Content) *Marker {
	c.Marks = map[int]MarkKind{}
	return &Marker{Doc: c.Doc, base: c.Base, content: c, start: -1, first: -1, firstErr: -1}
}

// Place marks the first line of the value at path p (in document terms) with
// k, and explains it over all its lines; n and N visit it. An error mark is
// never replaced. It reports whether the value is there.
func (m *Marker) Place(p adapter.Path, k MarkKind, note string) bool {
	s, e, ok := m.Doc.Span(p)
	if !ok {
		return false
	}
	if m.content.Marks[s] != MarkError {
		m.content.Marks[s] = k
	}
	if note != "" {
		m.content.Notes = append(m.content.Notes, NoteSpan{s, e, note})
	}
	m.content.Targets = append(m.content.Targets, s)
	if m.first < 0 {
		m.first = s
	}
	if k == MarkError && m.firstErr < 0 {
		m.firstErr = s
	}
	return true
}

// Dim marks every line of the value at path p as dropped (or ignored) and
// explains it.
func (m *Marker) Dim(p adapter.Path, note string) bool {
	s, e, ok := m.Doc.Span(p)
	if !ok {
		return false
	}
	for i := s; i <= e; i++ {
		if m.content.Marks[i] == markNone {
			m.content.Marks[i] = markDropped
		}
	}
	m.content.Notes = append(m.content.Notes, NoteSpan{s, e, note})
	return true
}

// Conversion marks what a strict conversion did in the schema as written:
// the dropped keywords, the optional properties at the null paths, and the
// failing node unless the error is a limit (whose path points into the
// converted schema).
func (m *Marker) Conversion(r *adapter.StrictResult, e *adapter.StrictError) {
	if r != nil {
		for _, d := range r.Dropped.All() {
			m.dropped(d)
		}
		m.Nulls(r, "optional here, so strict mode makes it nullable; a null sent here is stripped")
	}
	if e != nil && r == nil {
		m.Failure(e)
	}
}

// dropped dims the keyword at schema path p and says why the library dropped it.
func (m *Marker) dropped(d adapter.Dropped) {
	s, e, ok := m.Doc.Span(m.base.Append(d.Path...))
	if !ok {
		return
	}
	for i := s; i <= e; i++ {
		if m.content.Marks[i] == markNone {
			m.content.Marks[i] = markDropped
		}
	}
	m.content.Notes = append(m.content.Notes, NoteSpan{s, e, "dropped " + common.Safe(d.Keyword) + ": " + d.Reason})
}

// Nulls marks, for each null path of r, the property declarations the
// library made nullable for it (StrictResult.NullSites): in the schema as
// written, or at the same paths in the converted schema.
func (m *Marker) Nulls(r *adapter.StrictResult, note string) {
	sites := r.NullSites()
	for i, np := range r.NullPaths.All() {
		for _, site := range sites[i] {
			l, ok := m.Doc.LineOf(m.base.Append(site...))
			if !ok {
				continue
			}
			if m.content.Marks[l] != MarkError {
				m.content.Marks[l] = MarkNull
			}
			m.content.Notes = append(m.content.Notes, NoteSpan{l, l, "null path " + common.Safe(np.String()) + ": " + note})
			m.content.Targets = append(m.content.Targets, l)
		}
	}
}

// Failure marks the node a conversion failed at, and its keyword when the node
// holds it; the cursor starts there.
func (m *Marker) Failure(e *adapter.StrictError) {
	at := m.base.Append(e.Path...)
	s, end, ok := m.Doc.Span(at)
	if !ok {
		s, end = m.Doc.Nearest(at), m.Doc.Nearest(at)
	}
	m.content.Marks[s] = MarkError
	m.content.Targets = append(m.content.Targets, s)
	m.start = s
	if kl, ok := m.Doc.LineOf(at.Append(adapter.Key(e.Keyword))); ok {
		m.content.Marks[kl] = MarkError
		m.content.Targets = append(m.content.Targets, kl)
		m.start = kl
	}
	m.content.Notes = append(m.content.Notes, NoteSpan{s, end, common.Safe(e.Keyword) + ": " + common.Safe(e.Message)})
}

func (m *Marker) Done() {
	slices.Sort(m.content.Targets)
	m.content.Targets = slices.Compact(m.content.Targets)
	switch {
	case m.start >= 0:
		m.content.Start = m.start
	case m.firstErr >= 0:
		m.content.Start = m.firstErr
	case m.first >= 0:
		m.content.Start = m.first
	}
}

// Expand lists the concrete paths of doc that path p names: an Every step
// (a null path's [*]) stands for each element of the array that is there. It
// walks the document's nodes, so it costs a step per node visited and a path
// per value found.
func (d *Doc) Expand(p adapter.Path) []adapter.Path {
	var out []adapter.Path
	var walk func(id int32, rest adapter.Path)
	walk = func(id int32, rest adapter.Path) {
		if len(rest) == 0 {
			out = append(out, d.path(id))
			return
		}
		if rest[0].Kind != adapter.EveryStep {
			if c, ok := d.child(id, rest[0]); ok {
				walk(c, rest[1:])
			}
			return
		}
		for i := 0; ; i++ {
			c, ok := d.child(id, adapter.Index(i))
			if !ok {
				return
			}
			walk(c, rest[1:])
		}
	}
	if len(d.nodes) > 0 {
		walk(0, p)
	}
	return out
}

// ItemFinder finds where response items the library returned (a call's Item,
// at position index among the response's items) stand in a document: the
// element index of some array that holds that very value. It buckets the
// document's array elements by index once, with their values, so that finding
// many items costs little more than one pass.
type ItemFinder struct {
	Doc     *Doc
	byIndex map[int][]docValue
}

// docValue is a node of a document and its value.
type docValue struct {
	id int32
	v  adapter.Value
}

func NewItemFinder(d *Doc) *ItemFinder {
	f := &ItemFinder{Doc: d, byIndex: map[int][]docValue{}}
	d.eachValue(func(id int32, v adapter.Value) bool {
		if n := &d.nodes[id]; n.step.Kind == adapter.IndexStep && n.parent >= 0 {
			f.byIndex[int(n.step.Index)] = append(f.byIndex[int(n.step.Index)], docValue{id, v})
		}
		return true
	})
	return f
}

func (f *ItemFinder) Find(index int, item adapter.Value) (adapter.Path, bool) {
	for _, c := range f.byIndex[index] {
		if adapter.Equal(c.v, item) {
			return f.Doc.path(c.id), true
		}
	}
	return nil, false
}

// FindString finds the first string value of doc whose text is s.
func (d *Doc) FindString(s string) (adapter.Path, bool) {
	found := int32(-1)
	d.eachValue(func(id int32, v adapter.Value) bool {
		if v.Kind() == adapter.String && v.Str() == s {
			found = id
			return false
		}
		return true
	})
	if found < 0 {
		return nil, false
	}
	return d.path(found), true
}

// MarkRemoved marks, in pc, the values at paths (null paths, [*] standing for
// each element) that the other value of the stage does not have: the nulls
// stripped, or the defaults put back.
func MarkRemoved(pc *Content, paths []adapter.Path, other adapter.Value, note string) {
	if pc.Doc == nil {
		return
	}
	m := NewMarker(pc)
	for _, np := range paths {
		for _, p := range pc.Doc.Expand(np) {
			if _, ok := adapter.Lookup(other, p); ok {
				continue
			}
			m.Place(p, MarkNull, note+common.Safe(np.String()))
		}
	}
	m.Done()
}
