// Package schemagen generates JSON Schemas of the subset strict mode supports,
// and instances of them, for the property and fuzz tests of several packages:
// those of adapter, which cannot share test files with another package, and
// those of adapter/validate, which check conversions with jsonschema/v6. It
// uses only adapter's exported API.
package schemagen

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// New returns a generator seeded with the two seeds of a PCG source.
func New(seed1, seed2 uint64) *Gen { return &Gen{r: rand.New(rand.NewPCG(seed1, seed2))} }

// Resolve returns the node a local $ref of root names: "#", "#/$defs/NAME" or
// "#/definitions/NAME", NAME escaped as in a JSON pointer.
func Resolve(root adapter.Value, ref string) (adapter.Value, bool) {
	if ref == "#" {
		return root, true
	}
	ptr, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return adapter.Value{}, false
	}
	p, ok := adapter.ParsePointer(ptr, adapter.Value{})
	if !ok || len(p) != 2 || p[0].Key != "$defs" && p[0].Key != "definitions" {
		return adapter.Value{}, false
	}
	defs, _ := root.Get(p[0].Key)
	return defs.Get(p[1].Key)
}

// typeHas reports whether node's type is t or lists it.
func typeHas(node adapter.Value, t string) bool {
	tv, _ := node.Get("type")
	if tv.Str() == t {
		return true
	}
	for _, it := range tv.Items() {
		if it.Str() == t {
			return true
		}
	}
	return false
}

// Gen generates schemas in the supported subset, and instances of them.
//
// Null paths have a known limit (docs/strict-mode.md#null-paths): anyOf branches
// share their instance path: a null path found in one branch also applies where
// another branch is taken. The generator keeps it out of the way: an anyOf has at
// most one branch that can hold objects (an object, an array or a $ref), the others
// are scalars, and consts and enums hold only scalars.
type Gen struct {
	r    *rand.Rand
	defs []string // names of the definitions a node may refer to
}

func (g *Gen) chance(p float64) bool { return g.r.Float64() < p }

func (g *Gen) num(lo, hi int) adapter.Value {
	return adapter.NumberValue(strconv.Itoa(lo + g.r.IntN(hi-lo+1)))
}

func str(s string) adapter.Value { return adapter.StringValue(s) }

// scalar returns a schema for a scalar value.
func (g *Gen) scalar() adapter.Value {
	var mems []adapter.Member
	switch g.r.IntN(9) {
	case 0:
		mems = []adapter.Member{adapter.MemberOf("type", str("string"))}
		if g.chance(0.4) {
			mems = append(mems, adapter.MemberOf("minLength", g.num(0, 2)), adapter.MemberOf("maxLength", g.num(3, 8)))
		}
		if g.chance(0.3) {
			mems = append(mems, adapter.MemberOf("pattern", str("^[a-z]*$")))
		}
		if g.chance(0.2) {
			mems = append(mems, adapter.MemberOf("format", str("email")))
		}
	case 1:
		mems = []adapter.Member{adapter.MemberOf("type", str("integer"))}
		if g.chance(0.5) {
			mems = append(mems, adapter.MemberOf("minimum", g.num(-3, 2)), adapter.MemberOf("maximum", g.num(3, 9)))
		}
		if g.chance(0.2) {
			mems = append(mems, adapter.MemberOf("exclusiveMaximum", g.num(10, 12)))
		}
	case 2:
		mems = []adapter.Member{adapter.MemberOf("type", str("number"))}
		if g.chance(0.5) {
			mems = append(mems, adapter.MemberOf("multipleOf", adapter.NumberValue("0.5")))
		}
		if g.chance(0.4) {
			mems = append(mems, adapter.MemberOf("exclusiveMinimum", adapter.NumberValue("-10")), adapter.MemberOf("maximum", adapter.NumberValue("10")))
		}
	case 3:
		mems = []adapter.Member{adapter.MemberOf("type", str("boolean"))}
	case 4:
		pool := []adapter.Value{str("x"), str("y"), adapter.NumberValue("1"), adapter.NumberValue("2"), adapter.BoolValue(true)}
		g.r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		mems = []adapter.Member{adapter.MemberOf("enum", adapter.ArrayValue(pool[:1+g.r.IntN(3)]...))}
	case 5:
		mems = []adapter.Member{adapter.MemberOf("type", str("string")), adapter.MemberOf("enum", adapter.ArrayValue(str("a"), str("b")))}
	case 6:
		c := []adapter.Value{str("c"), adapter.NumberValue("3"), adapter.BoolValue(false)}[g.r.IntN(3)]
		mems = []adapter.Member{adapter.MemberOf("const", c)}
	case 7:
		t := []string{"string", "integer", "boolean"}[g.r.IntN(3)]
		types := []adapter.Value{str(t), str("null")}
		if g.chance(0.3) {
			types = []adapter.Value{str(t), str("number")}
		}
		mems = []adapter.Member{adapter.MemberOf("type", adapter.ArrayValue(types...))}
	case 8:
		branches := []adapter.Value{adapter.ObjectValue(adapter.MemberOf("type", str("string"))), adapter.ObjectValue(adapter.MemberOf("type", str("integer")))}
		if g.chance(0.4) {
			branches = append(branches, adapter.ObjectValue(adapter.MemberOf("type", str("null"))))
		}
		mems = []adapter.Member{adapter.MemberOf("anyOf", adapter.ArrayValue(branches...))}
	}
	if g.chance(0.2) {
		mems = append(mems, adapter.MemberOf("description", str("a value")))
	}
	return adapter.ObjectValue(mems...)
}

// container returns a schema that can hold objects: an object, an array or a $ref.
func (g *Gen) container(depth int) adapter.Value {
	switch k := g.r.IntN(5); {
	case k < 2:
		return g.object(depth, false)
	case k < 4 || len(g.defs) == 0:
		mems := []adapter.Member{adapter.MemberOf("type", str("array")), adapter.MemberOf("items", g.node(depth+1))}
		if g.chance(0.3) {
			mems = append(mems, adapter.MemberOf("minItems", g.num(0, 1)), adapter.MemberOf("maxItems", g.num(2, 3)))
		}
		return adapter.ObjectValue(mems...)
	default:
		return adapter.ObjectValue(adapter.MemberOf("$ref", str("#/$defs/"+g.defs[g.r.IntN(len(g.defs))])))
	}
}

// node returns any schema of the subset.
func (g *Gen) node(depth int) adapter.Value {
	if depth >= 4 {
		return g.scalar()
	}
	switch k := g.r.IntN(10); {
	case k < 5:
		return g.scalar()
	case k < 8:
		return g.container(depth)
	default:
		// anyOf with one container branch and scalar ones.
		branches := []adapter.Value{g.container(depth), g.scalar()}
		if g.chance(0.5) {
			branches = append(branches, adapter.ObjectValue(adapter.MemberOf("type", str("null"))))
		}
		g.r.Shuffle(len(branches), func(i, j int) { branches[i], branches[j] = branches[j], branches[i] })
		return adapter.ObjectValue(adapter.MemberOf("anyOf", adapter.ArrayValue(branches...)))
	}
}

// object returns an object schema; at the root it carries no additionalProperties
// of its own.
func (g *Gen) object(depth int, root bool) adapter.Value {
	names := []string{"a", "b", "c", "d", "e", "f"}
	g.r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	n := g.r.IntN(5)
	if root {
		n = 1 + g.r.IntN(5)
	}
	var props, required []adapter.Member
	var req []adapter.Value
	for _, name := range names[:n] {
		p := g.node(depth + 1)
		if g.chance(0.2) {
			p = p.With("default", []adapter.Value{str("d"), adapter.NumberValue("1"), adapter.NullValue(), adapter.ObjectValue()}[g.r.IntN(4)])
		}
		props = append(props, adapter.MemberOf(name, p))
		if g.chance(0.5) {
			req = append(req, str(name))
		}
	}
	mems := []adapter.Member{adapter.MemberOf("type", str("object"))}
	if n > 0 || g.chance(0.5) {
		mems = append(mems, adapter.MemberOf("properties", adapter.ObjectValue(props...)))
	}
	if len(req) > 0 {
		required = []adapter.Member{adapter.MemberOf("required", adapter.ArrayValue(req...))}
	}
	mems = append(mems, required...)
	if !root && (n == 0 || g.chance(0.3)) {
		mems = append(mems, adapter.MemberOf("additionalProperties", adapter.BoolValue(false)))
	}
	if g.chance(0.2) {
		mems = append(mems, adapter.MemberOf("title", str("Obj")))
	}
	return adapter.ObjectValue(mems...)
}

// Schema returns a root schema with up to three definitions; a definition refers
// only to later ones, so there are no cycles.
func (g *Gen) Schema() adapter.Value {
	count := g.r.IntN(4)
	defs := make([]adapter.Member, count)
	for i := count - 1; i >= 0; i-- {
		g.defs = nil
		for j := i + 1; j < count; j++ {
			g.defs = append(g.defs, "d"+strconv.Itoa(j))
		}
		body := g.node(1)
		if g.chance(0.4) {
			body = g.object(1, false)
		}
		defs[i] = adapter.MemberOf("d"+strconv.Itoa(i), body)
	}
	g.defs = nil
	for i := range count {
		g.defs = append(g.defs, "d"+strconv.Itoa(i))
	}
	root := g.object(0, true)
	if count > 0 {
		root = root.With("$defs", adapter.ObjectValue(defs...))
	}
	return root
}

// AcceptsNull reports whether a schema of the subset accepts null, written
// out apart from adapter's own rule, for the tests to check it by: every one of type, enum, const, anyOf and $ref that is present
// accepts it; a $ref cycle does not.
func AcceptsNull(root, n adapter.Value) bool { return acceptsNullVia(root, n, nil) }

func acceptsNullVia(root, n adapter.Value, refs []string) bool {
	if r, ok := n.Get("$ref"); ok {
		for _, seen := range refs {
			if seen == r.Str() {
				return false
			}
		}
		target, _ := Resolve(root, r.Str())
		return acceptsNullVia(root, target, append(refs[:len(refs):len(refs)], r.Str()))
	}
	any := false
	for _, m := range n.Members() {
		ok := true
		switch m.Key() {
		case "type":
			ok = typeHas(n, "null")
		case "enum":
			ok = false
			for _, it := range m.Value().Items() {
				ok = ok || it.IsNull()
			}
		case "const":
			ok = m.Value().IsNull()
		case "anyOf":
			ok = false
			for _, b := range m.Value().Items() {
				ok = ok || acceptsNullVia(root, b, refs)
			}
		default:
			continue
		}
		if !ok {
			return false
		}
		any = true
	}
	return any
}

// Instance generates a value for schema node n of root. Optional properties are
// left out at random, except those whose schema accepts null: those are sent, as
// strict mode makes every property required and only null paths are filled.
func (g *Gen) Instance(root, n adapter.Value) adapter.Value {
	if r, ok := n.Get("$ref"); ok {
		target, _ := Resolve(root, r.Str())
		return g.Instance(root, target)
	}
	if any, ok := n.Get("anyOf"); ok {
		return g.Instance(root, any.Items()[g.r.IntN(any.Len())])
	}
	if c, ok := n.Get("const"); ok {
		return c
	}
	if e, ok := n.Get("enum"); ok {
		if e.Len() == 0 {
			return adapter.NullValue()
		}
		return e.Items()[g.r.IntN(e.Len())]
	}
	tv, _ := n.Get("type")
	t := tv.Str()
	if tv.Kind() == adapter.Array {
		t = tv.Items()[g.r.IntN(tv.Len())].Str()
	}
	intOf := func(key string, def int) int {
		v, ok := n.Get(key)
		if !ok {
			return def
		}
		i, _ := strconv.Atoi(v.NumberText())
		return i
	}
	switch t {
	case "string":
		lo, hi := intOf("minLength", 0), intOf("maxLength", 6)
		b := make([]byte, lo+g.r.IntN(hi-lo+1))
		for i := range b {
			b[i] = byte('a' + g.r.IntN(26))
		}
		return adapter.StringValue(string(b))
	case "integer":
		lo, hi := intOf("minimum", -5), intOf("maximum", 20)
		return g.num(lo, hi)
	case "number":
		return adapter.NumberValue(strconv.FormatFloat(float64(g.r.IntN(30)-15)*0.5, 'f', -1, 64))
	case "boolean":
		return adapter.BoolValue(g.chance(0.5))
	case "array":
		items, _ := n.Get("items")
		lo, hi := intOf("minItems", 0), intOf("maxItems", 3)
		out := make([]adapter.Value, lo+g.r.IntN(hi-lo+1))
		for i := range out {
			out[i] = g.Instance(root, items)
		}
		return adapter.ArrayValue(out...)
	case "object":
		props, _ := n.Get("properties")
		req, _ := n.Get("required")
		var mems []adapter.Member
		for _, m := range props.Members() {
			required := false
			for _, r := range req.Items() {
				required = required || r.Str() == m.Key()
			}
			if required || AcceptsNull(root, m.Value()) || g.chance(0.5) {
				mems = append(mems, adapter.MemberOf(m.Key(), g.Instance(root, m.Value())))
			}
		}
		return adapter.ObjectValue(mems...)
	}
	return adapter.NullValue()
}

// FillNulls puts null at every null path where the property is absent: what a
// model must send in strict mode for an optional property it leaves out.
func FillNulls(v adapter.Value, paths []adapter.Path) adapter.Value {
	for _, p := range paths {
		v = fill(v, p)
	}
	return v
}

func fill(v adapter.Value, p adapter.Path) adapter.Value {
	switch s := p[0]; s.Kind {
	case adapter.EveryStep:
		if v.Kind() != adapter.Array {
			return v
		}
		out := make([]adapter.Value, v.Len())
		for i, it := range v.Items() {
			out[i] = fill(it, p[1:])
		}
		return adapter.ArrayValue(out...)
	default:
		if v.Kind() != adapter.Object {
			return v
		}
		child, ok := v.Get(s.Key)
		if len(p) == 1 {
			if ok {
				return v
			}
			return v.With(s.Key, adapter.NullValue())
		}
		if !ok {
			return v
		}
		return v.With(s.Key, fill(child, p[1:]))
	}
}
