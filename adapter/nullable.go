package adapter

import (
	"math/bits"
	"slices"

	"github.com/strictscope/strictscope/adapter/internal/arena"
)

// How an optional property becomes nullable (docs/strict-mode.md#optional-properties).
const (
	nullNone    = iota // it already accepts null, or is required
	nullWrap           // wrap in {"anyOf":[S,{"type":"null"}]}
	nullAddType        // add "null" to the type (and to the enum)
	nullEnum           // append null to the enum
	nullBranch         // append a {"type":"null"} branch to the anyOf
)

// nullSchema is {"type":"null"}. Values are immutable, so one is shared.
var nullSchema = objectOf([]Member{MemberOf("type", StringValue("null"))})

// wrapNull replaces s by {"anyOf":[s,{"type":"null"}]}, moving its description and
// title onto the wrapper.
func (c *converter) wrapNull(s Value) Value {
	var inner, moved []Member
	for _, m := range s.Members() {
		if m.Key() == "description" || m.Key() == "title" {
			moved = append(moved, m)
		} else {
			inner = append(inner, m)
		}
	}
	in := s
	if len(moved) > 0 {
		in = c.hold(objectOf(inner))
	}
	branches := c.values(2)
	branches[0], branches[1] = in, nullSchema
	out := c.members(1 + len(moved))
	out[0] = MemberOf("anyOf", arrayOf(branches))
	copy(out[1:], moved)
	return objectOf(out)
}

// nullableTypes holds ["T","null"] for every type name T but null, in the order of
// typeNames, shared by every conversion (Values are immutable).
var nullableTypes = func() (out [len(typeNames) - 1]Value) {
	for i := range out {
		out[i] = arrayOf([]Value{StringValue(typeNames[i]), StringValue("null")})
	}
	return out
}()

// nullableType is ["T","null"] for the one type name T other than null in types.
func nullableType(types typeSet) Value {
	return nullableTypes[bits.TrailingZeros8(uint8(types))]
}

// nullableTypeSchemas holds {"type":["T","null"]} for every type name T but
// null, in the order of typeNames: the strict form of an optional property
// that is only a type, shared like nullableTypes.
var nullableTypeSchemas = func() (out [len(typeNames) - 1]Value) {
	for i := range out {
		out[i] = ObjectValue(MemberOf("type", nullableTypes[i]))
	}
	return out
}()

// addNullType adds "null" to a type that lacks it; types are the type names it has.
func (c *converter) addNullType(t Value, types typeSet) Value {
	if t.Kind() == String {
		if types == typeNull {
			return t
		}
		return nullableType(types)
	}
	src := t.Items()
	for _, it := range src {
		if it.Str() == "null" {
			return t
		}
	}
	out := c.values(len(src) + 1)
	copy(out, src)
	out[len(src)] = StringValue("null")
	return arrayOf(out)
}

// appendNull appends null to an enum that lacks it, remembering that the null is
// ours (it does not count toward max_chars).
func (c *converter) appendNull(enum Value) Value {
	src := enum.Items()
	for _, it := range src {
		if it.IsNull() {
			return enum
		}
	}
	items := c.values(len(src) + 1)
	arena.Copy(items, src)
	out := arrayOf(items)
	out = out.withFlag(true) // the last null is ours: see appendedNull
	return out
}

// acceptsNull reports whether every one of a node's type, enum, const, anyOf and
// $ref that is present accepts null. A $ref accepts null when its target does; a
// cycle does not.
func (c *converter) acceptsNull(s Value) bool {
	return c.nodeAcceptsNull(s, c.refAcceptsNull)
}

// nodeAcceptsNull is acceptsNull with the answer for $ref targets given by ref.
func (c *converter) nodeAcceptsNull(s Value, ref func(refTarget) bool) bool {
	if s.Kind() != Object {
		return false
	}
	any := false
	for _, m := range s.Members() {
		switch m.Key() {
		case "type":
			any = true
			if !typeHas(s, "null") {
				return false
			}
		case "enum":
			any = true
			if !slices.ContainsFunc(m.Value().Items(), Value.IsNull) {
				return false
			}
		case "const":
			any = true
			if !m.Value().IsNull() {
				return false
			}
		case "anyOf":
			any = true
			if !slices.ContainsFunc(m.Value().Items(), func(b Value) bool { return c.nodeAcceptsNull(b, ref) }) {
				return false
			}
		case "$ref":
			any = true
			t, ok := parseRef(m.Value().Str())
			if !ok || !ref(t) {
				return false
			}
		}
	}
	return any
}

// refAcceptsNull reports whether a $ref target accepts null. The answers for every
// target (the root and each definition) are computed together the first time one
// is needed, as the least fixed point of "a target accepts null when its node
// does": a target starts as not accepting and is set once its node accepts with
// the answers so far. A cycle therefore accepts null only through a way out of it
// that does, which is what following the $refs and taking a cycle as not accepting
// finds, without following them again at every use (that walk is exponential in
// the depth of $refs that branch).
func (c *converter) refAcceptsNull(t refTarget) bool {
	if c.nullOK == nil {
		targets := []refTarget{{}}
		for _, container := range []string{"$defs", "definitions"} {
			if defs, ok := c.root.Get(container); ok {
				for _, m := range defs.Members() {
					targets = append(targets, refTarget{container, m.Key()})
				}
			}
		}
		c.nullOK = make(map[refTarget]bool, len(targets))
		known := func(t refTarget) bool { return c.nullOK[t] }
		for changed := true; changed; {
			changed = false
			for _, x := range targets {
				if c.nullOK[x] {
					continue
				}
				if node, ok := resolveRef(c.root, x); ok && c.nodeAcceptsNull(node, known) {
					c.nullOK[x] = true
					changed = true
				}
			}
		}
	}
	return c.nullOK[t]
}
