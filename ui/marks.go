package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// The marks only place what the library returned: null paths, dropped keywords
// and the error come from adapter's answer; this file finds the lines they sit on.
// locateProperty turns an instance path (argument terms) into the schema paths
// of the property that holds it, walking properties, items, the branches of
// anyOf/oneOf/allOf and local $refs. It decides nothing about nullability.

// locateProperty returns the schema paths at which the property at instance
// path inst is declared in schema (several when branches or $refs declare it).
func locateProperty(schema adapter.Value, inst adapter.Path) []adapter.Path {
	var out []adapter.Path
	seen := map[string]bool{}
	var walk func(node adapter.Value, at adapter.Path, rest adapter.Path, hops int)
	walk = func(node adapter.Value, at adapter.Path, rest adapter.Path, hops int) {
		if node.Kind() != adapter.Object || hops > 64 {
			return
		}
		key := at.Pointer() + "\x00" + fmt.Sprint(len(rest))
		if seen[key] {
			return
		}
		seen[key] = true
		if len(rest) == 0 {
			out = append(out, at)
			return
		}
		step := rest[0]
		switch step.Kind {
		case adapter.KeyStep:
			if props, ok := node.Get("properties"); ok && props.Kind() == adapter.Object {
				if p, ok := props.Get(step.Key); ok {
					walk(p, at.Append(adapter.Key("properties"), adapter.Key(step.Key)), rest[1:], hops)
				}
			}
		case adapter.EveryStep, adapter.IndexStep:
			if items, ok := node.Get("items"); ok && items.Kind() == adapter.Object {
				walk(items, at.Append(adapter.Key("items")), rest[1:], hops)
			}
		}
		for _, kw := range []string{"anyOf", "oneOf", "allOf"} {
			if br, ok := node.Get(kw); ok && br.Kind() == adapter.Array {
				for i, b := range br.Items() {
					walk(b, at.Append(adapter.Key(kw), adapter.Index(i)), rest, hops)
				}
			}
		}
		if ref, ok := node.Get("$ref"); ok && ref.Kind() == adapter.String {
			if target, tp, ok := resolveLocalRef(schema, ref.Str()); ok {
				walk(target, tp, rest, hops+1)
			}
		}
	}
	walk(schema, adapter.Path{}, inst, 0)
	return out
}

// resolveLocalRef follows a "#/…" reference inside schema.
func resolveLocalRef(schema adapter.Value, ref string) (adapter.Value, adapter.Path, bool) {
	if ref == "#" {
		return schema, adapter.Path{}, true
	}
	if !strings.HasPrefix(ref, "#/") {
		return adapter.Value{}, nil, false
	}
	p, ok := adapter.ParsePointer(ref[1:], schema)
	if !ok {
		return adapter.Value{}, nil, false
	}
	v, ok := adapter.Lookup(schema, p)
	return v, p, ok
}

// marker collects the marks of one pane.
type marker struct {
	doc   *jsonDoc
	base  adapter.Path
	c     *paneContent
	start int
}

func newMarker(c *paneContent) *marker {
	c.marks = map[int]markKind{}
	return &marker{doc: c.doc, base: c.base, c: c, start: -1}
}

// dropped dims the keyword at schema path p and explains it.
func (m *marker) dropped(d adapter.Dropped, noDefaults bool) {
	s, e, ok := m.doc.span(m.base.Append(d.Path...))
	if !ok {
		return
	}
	for i := s; i <= e; i++ {
		if m.c.marks[i] == markNone {
			m.c.marks[i] = markDropped
		}
	}
	m.c.notes = append(m.c.notes, noteSpan{s, e, "dropped " + safe(d.Keyword) + ": " + droppedReason(d, noDefaults)})
}

// null marks the property declarations of a null path.
func (m *marker) null(schema adapter.Value, np adapter.Path, note string) {
	for _, loc := range locateProperty(schema, np) {
		l, ok := m.doc.lineOf(m.base.Append(loc...))
		if !ok {
			continue
		}
		if m.c.marks[l] != markError {
			m.c.marks[l] = markNull
		}
		m.c.notes = append(m.c.notes, noteSpan{l, l, "null path " + safe(np.String()) + ": " + note})
		m.c.targets = append(m.c.targets, l)
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
	m.c.notes = append(m.c.notes, noteSpan{s, end, safe(e.Keyword) + ": " + safe(e.Message)})
}

func (m *marker) done() {
	slices.Sort(m.c.targets)
	m.c.targets = slices.Compact(m.c.targets)
	if m.start >= 0 {
		m.c.start = m.start
	}
}

// droppedReason says why strict mode leaves a keyword out. The library lists
// what it dropped; the words here only explain the keyword.
func droppedReason(d adapter.Dropped, noDefaults bool) string {
	switch d.Keyword {
	case "default":
		if noDefaults {
			return "strict mode has no default (defaults in descriptions are off)"
		}
		return "strict mode has no default; a property's default goes into its description"
	case "$defs", "definitions":
		return "no kept $ref reaches this definition"
	case "pattern":
		return "a pattern with look-around is rejected by newer models"
	case "format":
		return "not one of the formats strict mode accepts"
	case "properties", "required", "additionalProperties":
		return "only kept on a node whose type is object"
	case "items":
		return "only kept on a node whose type is array"
	case "description", "title":
		return "not a string"
	}
	return "not supported in strict mode"
}
