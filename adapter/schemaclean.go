package adapter

// CleanSchema removes hidden characters (docs/tool-lists.md#description-cleaning)
// from every "description" and "title" string at a schema position of a schema sent
// as written (not strict). A schema position is the root and every subschema a JSON
// Schema keyword holds (properties, items, anyOf, allOf, not, $defs, …); text inside
// enum, const, default, examples and unknown keywords is never touched, and neither
// are property names. A schema without hidden characters is returned as it is.
func CleanSchema(schema Value) (Value, Removed) {
	var rem Removed
	out := cleanSchemaNode(schema, &rem)
	return out, rem
}

func cleanSchemaNode(n Value, rem *Removed) Value {
	if n.Kind() != Object {
		return n
	}
	var out []Member
	mems := n.Members()
	set := func(i int, v Value) {
		if out == nil {
			if v == mems[i].Value() {
				return
			}
			out = make([]Member, len(mems))
			copy(out, mems)
		}
		out[i].setValue(v)
	}
	for i, m := range mems {
		switch m.Key() {
		case "description", "title":
			if m.Value().Kind() == String {
				s, r := CleanText(m.Value().Str())
				if r.Count > 0 {
					rem.Add(r)
					set(i, StringValue(s))
				}
			}
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
			set(i, cleanSchemaMap(m.Value(), rem))
		case "items", "additionalItems", "additionalProperties", "unevaluatedProperties",
			"unevaluatedItems", "propertyNames", "contains", "not", "if", "then", "else", "contentSchema":
			if m.Value().Kind() == Array {
				set(i, cleanSchemaList(m.Value(), rem))
			} else {
				set(i, cleanSchemaNode(m.Value(), rem))
			}
		case "allOf", "anyOf", "oneOf", "prefixItems":
			set(i, cleanSchemaList(m.Value(), rem))
		}
	}
	if out == nil {
		return n
	}
	return ObjectValue(out...)
}

func cleanSchemaMap(v Value, rem *Removed) Value {
	mems := v.Members()
	var out []Member
	for i, m := range mems {
		c := cleanSchemaNode(m.Value(), rem)
		if out == nil && c != m.Value() {
			out = make([]Member, len(mems))
			copy(out, mems)
		}
		if out != nil {
			out[i].setValue(c)
		}
	}
	if out == nil {
		return v
	}
	return ObjectValue(out...)
}

func cleanSchemaList(v Value, rem *Removed) Value {
	items := v.Items()
	var out []Value
	for i, it := range items {
		c := cleanSchemaNode(it, rem)
		if out == nil && c != it {
			out = make([]Value, len(items))
			copy(out, items)
		}
		if out != nil {
			out[i] = c
		}
	}
	if out == nil {
		return v
	}
	return ArrayValue(out...)
}
