package sessions

import (
	"github.com/strictscope/strictscope/adapter"
)

// ToolsFromRequest reads the tools a recorded request sent
// (docs/recordings.md#inferred-tools):
// Chat {"type":"function","function":{…}} and Responses {"type":"function","name",…}
// entries alike. It returns nil when the request has no tools.
//
// Whether a tool went strict is read as the API read it:
//   - "strict": true or false, where the tool gives it, says so (in a Chat tool, the
//     one inside "function");
//   - a Chat tool without it (absent or null) is not strict: Chat Completions
//     requests stay best-effort by default;
//   - a Responses tool without it is strict when its parameters have a strict form,
//     that is when [adapter.StrictSchema] converts them without an error (a size
//     limit crossed included): the Responses API normalizes such a tool into strict
//     mode, setting additionalProperties false and marking every property required,
//     and echoes "strict": true in the response's tools. A tool whose parameters
//     have no strict form is sent best-effort, not strict.
//
// A tool that was sent strict has its null paths inferred from its nullable
// properties: every property whose schema accepts null (a "null" type, a null in
// its enum, a null const, an anyOf branch or a $ref target that accepts null) is a
// null path, walking properties, items ("every element"), anyOf branches and local
// $refs. The inference cannot tell a property that was optional from one that was
// nullable and required; the tools are marked Inferred so that readers can say so.
// Such a tool's InputSchema is the strict schema that was sent, not the server's.
//
// A Responses tool made strict by the default was sent with its own schema, whose
// required lists still tell the optional properties: its null paths are the
// properties that accept null and are not in their object's required list
// ([InferOptionalNullPaths]). The normalization made the others required without
// making them nullable, so the model writes a value there, never null; and a
// required property that accepts null keeps its null, which the schema gives a
// meaning. Its InputSchema is the schema that was sent.
func ToolsFromRequest(req adapter.Value) *adapter.SentTools {
	tools, ok := req.Get("tools")
	if !ok || tools.Kind() != adapter.Array {
		return nil
	}
	var list []adapter.SentTool
	for _, t := range tools.Items() {
		fn, chat := t, false
		if f, ok := t.Get("function"); ok {
			fn, chat = f, true
		}
		if typ, _ := t.Get("type"); typ.Str() != "function" {
			continue
		}
		name, _ := fn.Get("name")
		if name.Kind() != adapter.String {
			continue
		}
		params, _ := fn.Get("parameters")
		st := adapter.SentTool{Exposed: name.Str(), Tool: name.Str(), InputSchema: params, Inferred: true}
		switch strict, _ := fn.Get("strict"); {
		case strict.Kind() == adapter.Bool:
			st.Strict = strict.Bool()
			if st.Strict {
				st.NullPaths = InferNullPaths(params)
			}
		case !chat && HasStrictForm(params):
			st.Strict = true
			st.NullPaths = InferOptionalNullPaths(params)
		}
		list = append(list, st)
	}
	return adapter.NewSentTools(list)
}

// HasStrictForm reports whether a tool's parameters convert to strict mode: whether
// adapter.StrictSchema returns no error for them.
func HasStrictForm(params adapter.Value) bool {
	_, err := adapter.StrictSchema(params, adapter.StrictOptions{})
	return err == nil
}

// InferNullPaths lists the instance paths of the properties of a strict schema that
// accept null, in pre-order (see ToolsFromRequest).
func InferNullPaths(schema adapter.Value) []adapter.Path {
	return inferNullPaths(schema, false)
}

// InferOptionalNullPaths lists the instance paths of the properties of a schema
// that accept null and are not in the required list of the object that declares
// them, in pre-order: the null paths of a Responses tool that the API made strict
// by its default (see ToolsFromRequest).
func InferOptionalNullPaths(schema adapter.Value) []adapter.Path {
	return inferNullPaths(schema, true)
}

func inferNullPaths(schema adapter.Value, optionalOnly bool) []adapter.Path {
	w := nullWalk{root: schema, seen: map[string]bool{}, optionalOnly: optionalOnly}
	w.node(schema, nil, nil)
	if w.out == nil {
		return []adapter.Path{}
	}
	return w.out
}

type nullWalk struct {
	root         adapter.Value
	out          []adapter.Path
	seen         map[string]bool
	optionalOnly bool // only properties their object does not require
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
		req, _ := n.Get("required")
		for _, m := range props.Members() {
			p := at.Append(adapter.Key(m.Key()))
			if w.acceptsNull(m.Value(), refs) && !(w.optionalOnly && requires(req, m.Key())) {
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

// requires reports whether a required list names key.
func requires(required adapter.Value, key string) bool {
	for _, r := range required.Items() {
		if r.Kind() == adapter.String && r.Str() == key {
			return true
		}
	}
	return false
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
