package adapter

// StripNulls removes the nulls strict mode made the model send
// (docs/strict-mode.md#stripping-nulls). For each null path it walks args, an Every
// step walking every element of an array; at the last step a member whose value is
// exactly null is removed. Everything else is left alone, and paths that do not fit
// the data are ignored. It returns the new arguments and, in null-path order, each
// path at which at least one value was removed. args itself is never modified.
func StripNulls(args Value, nullPaths []Path) (Value, []Path) {
	out, stripped, _ := stripNulls(args, nullPaths, Value{}, false)
	return out, stripped
}

// StripNullsWithDefaults is StripNulls that puts a default back where a null was
// removed, when the property's schema in the tool's original input schema has one
// (--apply-defaults, docs/strict-mode.md#applying-defaults). The default takes the
// removed member's place. The third result lists the paths where at least one default
// was applied.
func StripNullsWithDefaults(args Value, nullPaths []Path, original Value) (Value, []Path, []Path) {
	return stripNulls(args, nullPaths, original, true)
}

func stripNulls(args Value, nullPaths []Path, original Value, defaults bool) (Value, []Path, []Path) {
	stripped := []Path{}
	var defaulted []Path
	for _, p := range nullPaths {
		// A null path ends with a property name: the empty path and one that
		// ends with an array step name no property, so they fit no data.
		if len(p) == 0 || p[len(p)-1].Kind != KeyStep {
			continue
		}
		out, removed := stripPath(args, p, Value{}, false)
		hasDflt := false
		if removed > 0 && defaults {
			// The default is looked up only where a null was found: the
			// lookup walks the schema, and most paths hold no null.
			var dflt Value
			if dflt, hasDflt = DefaultAt(original, p); hasDflt {
				out, _ = stripPath(args, p, dflt, true)
			}
		}
		args = out
		if removed > 0 {
			stripped = append(stripped, p)
			if hasDflt {
				defaulted = append(defaulted, p)
			}
		}
	}
	return args, stripped, defaulted
}

// stripPath removes (or replaces by dflt) the nulls at one path; it returns the new
// value and how many it removed. Unchanged subtrees are shared, not copied.
func stripPath(v Value, p Path, dflt Value, hasDflt bool) (Value, int) {
	step := p[0]
	switch step.Kind {
	case EveryStep:
		items := v.Items()
		var out []Value
		total := 0
		for i, it := range items {
			n, removed := stripPath(it, p[1:], dflt, hasDflt)
			if removed > 0 {
				if out == nil {
					out = make([]Value, len(items))
					copy(out, items)
				}
				out[i] = n
				total += removed
			}
		}
		if out == nil {
			return v, 0
		}
		return ArrayValue(out...), total
	case KeyStep:
		mems := v.Members()
		for i, m := range mems {
			if m.Key() != step.Key {
				continue
			}
			if len(p) == 1 {
				if !m.Value().IsNull() {
					return v, 0
				}
				out := make([]Member, 0, len(mems))
				out = append(out, mems[:i]...)
				if hasDflt {
					out = append(out, m.withValue(dflt))
				}
				out = append(out, mems[i+1:]...)
				return ObjectValue(out...), 1
			}
			n, removed := stripPath(m.Value(), p[1:], dflt, hasDflt)
			if removed == 0 {
				return v, 0
			}
			out := make([]Member, len(mems))
			copy(out, mems)
			out[i].setValue(n)
			return ObjectValue(out...), removed
		}
	}
	return v, 0
}

// DefaultAt finds the "default" of the property at an instance path in a schema
// (the tool's original input schema). Properties are looked up in the node, through
// a local $ref, and in every anyOf/oneOf/allOf branch that declares them; an Every
// step goes into "items". When several schemas stand for the property (branches
// that each declare it, a $ref and its target), the first default in document
// order is the one returned, even if an earlier branch declares the property
// without one.
//
// Each subschema is visited once per step, so $refs and branches that lead to the
// same schema many ways cost no more than the schema's size.
func DefaultAt(schema Value, p Path) (Value, bool) {
	nodes := []Value{schema}
	for _, step := range p {
		seen := map[Value]bool{}
		var next []Value
		for _, n := range nodes {
			for _, c := range childSchemas(schema, n, step) {
				if !seen[c] {
					seen[c] = true
					next = append(next, c)
				}
			}
		}
		if len(next) == 0 {
			return Value{}, false
		}
		nodes = next
	}
	// Each node first, then what its $ref or branches stand for: a property that
	// is a $ref or a wrapper may carry its default there.
	for _, r := range resolveAll(schema, nodes) {
		if d, ok := r.Get("default"); ok {
			return d, true
		}
	}
	return Value{}, false
}

// resolveAll returns the nodes and, following local $refs and branches, the schemas
// they stand for, in pre-order, each once.
func resolveAll(root Value, nodes []Value) []Value {
	var out []Value
	seen := map[Value]bool{}
	var walk func(n Value)
	walk = func(n Value) {
		if n.Kind() != Object || seen[n] {
			return
		}
		seen[n] = true
		out = append(out, n)
		if r, ok := n.Get("$ref"); ok {
			if t, ok := parseRef(r.Str()); ok {
				if target, ok := resolveRef(root, t); ok {
					walk(target)
				}
			}
		}
		for _, kw := range []string{"anyOf", "oneOf", "allOf"} {
			if bs, ok := n.Get(kw); ok {
				for _, b := range bs.Items() {
					walk(b)
				}
			}
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return out
}

func childSchemas(root, n Value, step Step) []Value {
	var out []Value
	for _, s := range resolveAll(root, []Value{n}) {
		switch step.Kind {
		case KeyStep:
			if props, ok := s.Get("properties"); ok {
				if c, ok := props.Get(step.Key); ok {
					out = append(out, c)
				}
			}
		case EveryStep, IndexStep:
			if items, ok := s.Get("items"); ok && items.Kind() == Object {
				out = append(out, items)
			}
		}
	}
	return out
}
