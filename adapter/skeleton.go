package adapter

import (
	"net/url"
	"strconv"
	"strings"
)

// MaxSkeletonDepth is how many objects deep ArgumentsSkeleton fills in, the
// root the first: an object nested deeper is left {}.
const MaxSkeletonDepth = 32

// MaxSkeletonWork bounds the work of one ArgumentsSkeleton: each schema member
// it reads, each value it places and each member of a default, const or enum
// value it copies counts one. Once the budget is spent, every value still to
// fill in is the empty value of its type, and a value too large for what is
// left is too.
const MaxSkeletonWork = 1 << 17

// ArgumentsSkeleton is the arguments an editor opens with for a tool whose
// input schema is schema: an object holding the schema's required
// properties, in the order the schema's "properties" declares them (a
// required name it does not declare comes after them, in "required"'s
// order), each with a value from its own schema:
//
//   - its "default", when it has one (even null, even of another type);
//   - else its "const";
//   - else the first value of its "enum" (a non-empty array);
//   - else the empty value of its "type": "" for a string, 0 for a number or
//     an integer, false for a boolean, [] for an array, null for null, and
//     for an object its own skeleton, by the same rules; a type list takes
//     its first type other than "null" ("null" when it has no other);
//   - else, for a "$ref" ("#" or "#" and a JSON pointer, percent-decoded, into
//     the schema itself), the value of the schema it points to; a $ref that
//     points nowhere, or elsewhere, says nothing;
//   - else the first branch of its "anyOf", "oneOf" or "allOf" (in that
//     order of keywords) that is not only {"type":"null"}, or the first
//     branch when they all are;
//   - else an object for a schema with "properties", [] for one with "items";
//   - else null: nothing says.
//
// Optional properties are left out. A root that is not an object schema (or
// whose value by these rules is not an object) gives {}.
//
// Untrusted schemas cannot make it run away: a $ref to a schema it is
// already filling in (a cycle) gives that schema's empty value without
// filling it in again, objects deeper than MaxSkeletonDepth are left {}, and
// its whole work is bounded by MaxSkeletonWork. The result shares values
// (defaults, consts, enum values) with schema.
func ArgumentsSkeleton(schema Value) Value {
	// The root is being filled in: a $ref "#" inside it is a cycle.
	s := skeleton{root: schema, work: MaxSkeletonWork, open: map[string]bool{"": true}}
	v := s.value(schema, 0)
	if v.Kind() != Object {
		return ObjectValue()
	}
	return v
}

// skeleton is the state of one ArgumentsSkeleton: the schema $refs resolve
// in, the work left, and the $refs being filled in.
type skeleton struct {
	root Value
	work int
	open map[string]bool
}

// spend takes n from the budget and says whether it was there; when it was
// not, the budget is spent for good.
func (s *skeleton) spend(n int) bool {
	if n > s.work {
		s.work = 0
		return false
	}
	s.work -= n
	return true
}

// value is the value a property whose schema is node starts with; depth is
// how many objects deep it sits.
func (s *skeleton) value(node Value, depth int) Value {
	if node.Kind() != Object || !s.spend(1+node.Len()) {
		return s.empty(node)
	}
	if v, ok := node.Get("default"); ok {
		return s.copied(v, node)
	}
	if v, ok := node.Get("const"); ok {
		return s.copied(v, node)
	}
	if e, ok := node.Get("enum"); ok && e.Kind() == Array && e.Len() > 0 {
		return s.copied(e.Items()[0], node)
	}
	if t, ok := s.firstType(node); ok {
		return s.ofType(t, node, depth)
	}
	if r, ok := node.Get("$ref"); ok && r.Kind() == String {
		return s.ref(r.Str(), depth)
	}
	for _, kw := range [...]string{"anyOf", "oneOf", "allOf"} {
		if b, ok := node.Get(kw); ok && b.Kind() == Array && b.Len() > 0 {
			return s.value(s.firstBranch(b.Items()), depth)
		}
	}
	if p, ok := node.Get("properties"); ok && p.Kind() == Object {
		return s.object(node, depth)
	}
	if node.Has("items") {
		return ArrayValue()
	}
	return NullValue()
}

// copied is v placed as it is when the budget holds its size, else the empty
// value of node's type (and the budget is spent).
func (s *skeleton) copied(v, node Value) Value {
	if !s.spend(sizeUpTo(v, s.work)) {
		return s.empty(node)
	}
	return v
}

// sizeUpTo counts v's values and members, stopping once past limit.
func sizeUpTo(v Value, limit int) int {
	n := 1
	stack := []Value{v}
	for len(stack) > 0 && n <= limit {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch top.Kind() {
		case Array:
			n += top.Len()
			stack = append(stack, top.Items()...)
		case Object:
			n += top.Len()
			for _, m := range top.Members() {
				stack = append(stack, m.Value())
			}
		}
	}
	return n
}

// ofType is the empty value of type t; an object gets its skeleton.
func (s *skeleton) ofType(t string, node Value, depth int) Value {
	if t == "object" {
		return s.object(node, depth)
	}
	return emptyOfType(t)
}

// emptyOfType is the empty value of a JSON Schema type (null for "null" and
// for a name that is none).
func emptyOfType(t string) Value {
	switch t {
	case "string":
		return StringValue("")
	case "number", "integer":
		return NumberValue("0")
	case "boolean":
		return BoolValue(false)
	case "array":
		return ArrayValue()
	case "object":
		return ObjectValue()
	}
	return NullValue()
}

// empty is the empty value of node's type, an object left {}, without
// looking further than its "type" (null when it has none).
func (s *skeleton) empty(node Value) Value {
	if t, ok := s.firstType(node); ok {
		return emptyOfType(t)
	}
	return NullValue()
}

// firstType is the type node's "type" names: the string, or a list's first
// name other than "null" ("null" when it has no other). Reading a list
// spends a step of work for each of its names.
func (s *skeleton) firstType(node Value) (string, bool) {
	t, ok := node.Get("type")
	if !ok {
		return "", false
	}
	switch t.Kind() {
	case String:
		return t.Str(), true
	case Array:
		if !s.spend(t.Len()) {
			return "", false
		}
		seenNull := false
		for _, it := range t.Items() {
			if it.Kind() != String {
				continue
			}
			if it.Str() != "null" {
				return it.Str(), true
			}
			seenNull = true
		}
		if seenNull {
			return "null", true
		}
	}
	return "", false
}

// firstBranch is the first branch that is not only {"type":"null"}, or the
// first branch when all are (or when the work runs out), spending a step of
// work for each member of each branch it reads.
func (s *skeleton) firstBranch(branches []Value) Value {
	for _, b := range branches {
		if !s.spend(1 + b.Len()) {
			break
		}
		if t, ok := s.firstType(b); !ok || t != "null" {
			return b
		}
	}
	return branches[0]
}

// object is the skeleton of an object schema: its required properties, in
// the order its "properties" declares them, then the required names it does
// not declare, each once.
func (s *skeleton) object(node Value, depth int) Value {
	if depth >= MaxSkeletonDepth {
		return ObjectValue()
	}
	req, _ := node.Get("required")
	props, _ := node.Get("properties")
	if req.Kind() != Array || req.Len() == 0 || !s.spend(req.Len()+props.Len()) {
		return ObjectValue()
	}
	want := make(map[string]bool, req.Len()) // required, and not placed yet
	for _, r := range req.Items() {
		if r.Kind() == String {
			want[r.Str()] = true
		}
	}
	var mems []Member
	for _, m := range props.Members() {
		if want[m.Key()] {
			delete(want, m.Key())
			mems = append(mems, MemberOf(m.Key(), s.value(m.Value(), depth+1)))
		}
	}
	for _, r := range req.Items() {
		if r.Kind() == String && want[r.Str()] {
			delete(want, r.Str())
			mems = append(mems, MemberOf(r.Str(), NullValue()))
		}
	}
	return ObjectValue(mems...)
}

// ref is the value of the schema ref points to within the root schema: "#",
// or "#" and a JSON pointer (percent-decoded, as a URI fragment). A $ref to
// a schema being filled in gives its empty value.
func (s *skeleton) ref(ref string, depth int) Value {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok || !s.spend(1+len(ref)/8) {
		return NullValue()
	}
	if dec, err := url.PathUnescape(frag); err == nil {
		frag = dec
	}
	target, ok := s.lookup(frag)
	if !ok {
		return NullValue()
	}
	if s.open[frag] {
		return s.empty(target)
	}
	s.open[frag] = true
	v := s.value(target, depth)
	delete(s.open, frag)
	return v
}

// lookup finds the value at JSON pointer ptr in the root schema, spending a
// step of work for each member or element it passes over.
func (s *skeleton) lookup(ptr string) (Value, bool) {
	path, ok := ParsePointer(ptr, NullValue()) // every token a member name
	if !ok {
		return Value{}, false
	}
	cur := s.root
	for _, st := range path {
		if !s.spend(1 + cur.Len()) {
			return Value{}, false
		}
		switch cur.Kind() {
		case Object:
			if cur, ok = cur.Get(st.Key); !ok {
				return Value{}, false
			}
		case Array:
			i, err := strconv.Atoi(st.Key)
			if err != nil || i < 0 || i >= cur.Len() || st.Key != strconv.Itoa(i) {
				return Value{}, false
			}
			cur = cur.Items()[i]
		default:
			return Value{}, false
		}
	}
	return cur, true
}
