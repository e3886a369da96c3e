package ui

import (
	"slices"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
)

// The marks only place what the library returned: null paths and the
// declarations made nullable for them, dropped keywords and the error come from
// adapter's answer; this file finds the lines they sit on.

// marker collects the marks of one pane.
type marker struct {
	doc   *jsonDoc
	base  adapter.Path
	c     *paneContent
	start int // the failing node, where the cursor starts
	// first and firstErr are the first lines place marked, and the first it
	// marked as an error: the cursor starts there when there is no failure.
	first, firstErr int
}

func newMarker(c *paneContent) *marker {
	c.marks = map[int]markKind{}
	return &marker{doc: c.doc, base: c.base, c: c, start: -1, first: -1, firstErr: -1}
}

// place marks the first line of the value at path p (in document terms) with
// k, and explains it over all its lines; n and N visit it. An error mark is
// never replaced. It reports whether the value is there.
func (m *marker) place(p adapter.Path, k markKind, note string) bool {
	s, e, ok := m.doc.span(p)
	if !ok {
		return false
	}
	if m.c.marks[s] != markError {
		m.c.marks[s] = k
	}
	if note != "" {
		m.c.notes = append(m.c.notes, noteSpan{s, e, note})
	}
	m.c.targets = append(m.c.targets, s)
	if m.first < 0 {
		m.first = s
	}
	if k == markError && m.firstErr < 0 {
		m.firstErr = s
	}
	return true
}

// dim marks every line of the value at path p as dropped (or ignored) and
// explains it.
func (m *marker) dim(p adapter.Path, note string) bool {
	s, e, ok := m.doc.span(p)
	if !ok {
		return false
	}
	for i := s; i <= e; i++ {
		if m.c.marks[i] == markNone {
			m.c.marks[i] = markDropped
		}
	}
	m.c.notes = append(m.c.notes, noteSpan{s, e, note})
	return true
}

// conversion marks what a strict conversion did in the schema as written:
// the dropped keywords, the optional properties at the null paths, and the
// failing node unless the error is a limit (whose path points into the
// converted schema).
func (m *marker) conversion(r *adapter.StrictResult, e *adapter.StrictError) {
	if r != nil {
		for _, d := range r.Dropped.All() {
			m.dropped(d)
		}
		m.nulls(r, "optional here, so strict mode makes it nullable; a null sent here is stripped")
	}
	if e != nil && r == nil {
		m.failure(e)
	}
}

// dropped dims the keyword at schema path p and says why the library dropped it.
func (m *marker) dropped(d adapter.Dropped) {
	s, e, ok := m.doc.span(m.base.Append(d.Path...))
	if !ok {
		return
	}
	for i := s; i <= e; i++ {
		if m.c.marks[i] == markNone {
			m.c.marks[i] = markDropped
		}
	}
	m.c.notes = append(m.c.notes, noteSpan{s, e, "dropped " + common.Safe(d.Keyword) + ": " + d.Reason})
}

// nulls marks, for each null path of r, the property declarations the
// library made nullable for it (StrictResult.NullSites): in the schema as
// written, or at the same paths in the converted schema.
func (m *marker) nulls(r *adapter.StrictResult, note string) {
	sites := r.NullSites()
	for i, np := range r.NullPaths.All() {
		for _, site := range sites[i] {
			l, ok := m.doc.lineOf(m.base.Append(site...))
			if !ok {
				continue
			}
			if m.c.marks[l] != markError {
				m.c.marks[l] = markNull
			}
			m.c.notes = append(m.c.notes, noteSpan{l, l, "null path " + common.Safe(np.String()) + ": " + note})
			m.c.targets = append(m.c.targets, l)
		}
	}
}

// failure marks the node a conversion failed at, and its keyword when the node
// holds it; the cursor starts there.
func (m *marker) failure(e *adapter.StrictError) {
	at := m.base.Append(e.Path...)
	s, end, ok := m.doc.span(at)
	if !ok {
		s, end = m.doc.nearest(at), m.doc.nearest(at)
	}
	m.c.marks[s] = markError
	m.c.targets = append(m.c.targets, s)
	m.start = s
	if kl, ok := m.doc.lineOf(at.Append(adapter.Key(e.Keyword))); ok {
		m.c.marks[kl] = markError
		m.c.targets = append(m.c.targets, kl)
		m.start = kl
	}
	m.c.notes = append(m.c.notes, noteSpan{s, end, common.Safe(e.Keyword) + ": " + common.Safe(e.Message)})
}

func (m *marker) done() {
	slices.Sort(m.c.targets)
	m.c.targets = slices.Compact(m.c.targets)
	switch {
	case m.start >= 0:
		m.c.start = m.start
	case m.firstErr >= 0:
		m.c.start = m.firstErr
	case m.first >= 0:
		m.c.start = m.first
	}
}

// expand lists the concrete paths of doc that path p names: an Every step
// (a null path's [*]) stands for each element of the array that is there. It
// walks the document's nodes, so it costs a step per node visited and a path
// per value found.
func (d *jsonDoc) expand(p adapter.Path) []adapter.Path {
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

// itemFinder finds where response items the library returned (a call's Item,
// at position index among the response's items) stand in a document: the
// element index of some array that holds that very value. It buckets the
// document's array elements by index once, with their values, so that finding
// many items costs little more than one pass.
type itemFinder struct {
	doc     *jsonDoc
	byIndex map[int][]docValue
}

// docValue is a node of a document and its value.
type docValue struct {
	id int32
	v  adapter.Value
}

func newItemFinder(d *jsonDoc) *itemFinder {
	f := &itemFinder{doc: d, byIndex: map[int][]docValue{}}
	d.eachValue(func(id int32, v adapter.Value) bool {
		if n := &d.nodes[id]; n.step.Kind == adapter.IndexStep && n.parent >= 0 {
			f.byIndex[int(n.step.Index)] = append(f.byIndex[int(n.step.Index)], docValue{id, v})
		}
		return true
	})
	return f
}

func (f *itemFinder) find(index int, item adapter.Value) (adapter.Path, bool) {
	for _, c := range f.byIndex[index] {
		if adapter.Equal(c.v, item) {
			return f.doc.path(c.id), true
		}
	}
	return nil, false
}

// findString finds the first string value of doc whose text is s.
func (d *jsonDoc) findString(s string) (adapter.Path, bool) {
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
