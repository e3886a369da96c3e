package sessions

import (
	"github.com/strictscope/strictscope/adapter"
)

// ToolsFromRequest reads the tools a recorded request sent (SPEC §11, issue 3 §2):
// Chat {"type":"function","function":{…}} and Responses {"type":"function","name",…}
// entries alike. It returns nil when the request has no tools.
//
// A tool that was sent strict has its null paths inferred from its nullable
// properties: every property whose schema accepts null (a "null" type, a null in
// its enum, a null const, an anyOf branch or a $ref target that accepts null) is a
// null path, walking properties, items ("every element"), anyOf branches and local
// $refs. The inference cannot tell a property that was optional from one that was
// nullable and required; the tools are marked Inferred so that readers can say so.
// Such a tool's InputSchema is the strict schema that was sent, not the server's.
func ToolsFromRequest(req adapter.Value) *adapter.SentTools {
	tools, ok := req.Get("tools")
	if !ok || tools.Kind() != adapter.Array {
		return nil
	}
	var list []adapter.SentTool
	for _, t := range tools.Items() {
		fn := t
		if f, ok := t.Get("function"); ok {
			fn = f
		}
		if typ, _ := t.Get("type"); typ.Str() != "function" {
			continue
		}
		name, _ := fn.Get("name")
		if name.Kind() != adapter.String {
			continue
		}
		params, _ := fn.Get("parameters")
		strict, _ := fn.Get("strict")
		st := adapter.SentTool{Exposed: name.Str(), Tool: name.Str(), Strict: strict.Bool(), InputSchema: params, Inferred: true}
		if st.Strict {
			st.NullPaths = InferNullPaths(params)
		}
		list = append(list, st)
	}
	return adapter.NewSentTools(list)
}

// InferNullPaths lists the instance paths of the properties of a strict schema that
// accept null, in pre-order (see ToolsFromRequest).
func InferNullPaths(schema adapter.Value) []adapter.Path {
	w := nullWalk{root: schema, seen: map[string]bool{}}
	w.node(schema, nil, nil)
	if w.out == nil {
		return []adapter.Path{}
	}
	return w.out
}

type nullWalk struct {
	root adapter.Value
	out  []adapter.Path
	seen map[string]bool
}

func (w *nullWalk) add(p adapter.Path) {
	k := p.String()
	if !w.seen[k] {
		w.seen[k] = true
		w.out = append(w.out, p)
	}
}

// node walks one schema; refs holds the $refs being expanded (a cycle stops).
func (w *nullWalk) node(n adapter.Value, at adapter.Path, refs []string) {
	if n.Kind() != adapter.Object || len(w.out) > adapter.MaxNullPaths {
		return
	}
	if r, ok := n.Get("$ref"); ok {
		ref := r.Str()
		for _, x := range refs {
			if x == ref {
				return
			}
		}
		if target, ok := w.resolve(ref); ok {
			w.node(target, at, append(refs, ref))
		}
	}
	if props, ok := n.Get("properties"); ok {
		for _, m := range props.Members() {
			p := at.Append(adapter.Key(m.Key()))
			if w.acceptsNull(m.Value(), refs) {
				w.add(p)
			}
			w.node(m.Value(), p, refs)
		}
	}
	if items, ok := n.Get("items"); ok {
		w.node(items, at.Append(adapter.Every()), refs)
	}
	if any, ok := n.Get("anyOf"); ok {
		for _, b := range any.Items() {
			w.node(b, at, refs)
		}
	}
}

func (w *nullWalk) resolve(ref string) (adapter.Value, bool) {
	if ref == "#" {
		return w.root, true
	}
	p, ok := adapter.ParsePointer(ref[min(1, len(ref)):], adapter.Value{})
	if !ok || len(ref) == 0 || ref[0] != '#' {
		return adapter.Value{}, false
	}
	return adapter.Lookup(w.root, p)
}

func (w *nullWalk) acceptsNull(n adapter.Value, refs []string) bool {
	if n.Kind() != adapter.Object {
		return false
	}
	if t, ok := n.Get("type"); ok {
		if t.Str() == "null" {
			return true
		}
		for _, it := range t.Items() {
			if it.Str() == "null" {
				return true
			}
		}
	}
	if e, ok := n.Get("enum"); ok {
		for _, it := range e.Items() {
			if it.IsNull() {
				return true
			}
		}
	}
	if c, ok := n.Get("const"); ok && c.IsNull() {
		return true
	}
	if any, ok := n.Get("anyOf"); ok {
		for _, b := range any.Items() {
			if w.acceptsNull(b, refs) {
				return true
			}
		}
	}
	if r, ok := n.Get("$ref"); ok {
		for _, x := range refs {
			if x == r.Str() {
				return false
			}
		}
		if target, ok := w.resolve(r.Str()); ok {
			return w.acceptsNull(target, append(refs, r.Str()))
		}
	}
	return false
}
