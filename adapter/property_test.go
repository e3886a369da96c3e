package adapter

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// propAny converts a Value to the plain Go value jsonschema/v6 validates (numbers
// as json.Number, so that they keep their text).
func propAny(v Value) any {
	switch v.Kind() {
	case Bool:
		return v.Bool()
	case Number:
		return json.Number(v.NumberText())
	case String:
		return v.Str()
	case Array:
		out := make([]any, v.Len())
		for i, it := range v.Items() {
			out[i] = propAny(it)
		}
		return out
	case Object:
		out := make(map[string]any, v.Len())
		for _, m := range v.Members() {
			out[m.Key()] = propAny(m.Value())
		}
		return out
	}
	return nil
}

// propCompile compiles a schema with jsonschema/v6 (draft 2020-12, format not
// asserted).
func propCompile(t *testing.T, schema Value) *jsonschema.Schema {
	t.Helper()
	const url = "https://strictscope.test/property.json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, propAny(schema)); err != nil {
		t.Fatalf("add %s: %v", schema, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("compile %s: %v", schema, err)
	}
	return sch
}

// propGen generates schemas in the supported subset, and instances of them.
//
// The SPEC's known limit (§5, last paragraph) is that anyOf branches share their
// instance path: a null path found in one branch also applies where another branch
// is taken. The generator keeps it out of the way: an anyOf has at most one branch
// that can hold objects (an object, an array or a $ref), the others are scalars, and
// consts and enums hold only scalars.
type propGen struct {
	r    *rand.Rand
	defs []string // names of the definitions a node may refer to
}

func (g *propGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *propGen) num(lo, hi int) Value { return NumberValue(strconv.Itoa(lo + g.r.IntN(hi-lo+1))) }

func propStr(s string) Value { return StringValue(s) }

// scalar returns a schema for a scalar value.
func (g *propGen) scalar() Value {
	var mems []Member
	switch g.r.IntN(9) {
	case 0:
		mems = []Member{MemberOf("type", propStr("string"))}
		if g.chance(0.4) {
			mems = append(mems, MemberOf("minLength", g.num(0, 2)), MemberOf("maxLength", g.num(3, 8)))
		}
		if g.chance(0.3) {
			mems = append(mems, MemberOf("pattern", propStr("^[a-z]*$")))
		}
		if g.chance(0.2) {
			mems = append(mems, MemberOf("format", propStr("email")))
		}
	case 1:
		mems = []Member{MemberOf("type", propStr("integer"))}
		if g.chance(0.5) {
			mems = append(mems, MemberOf("minimum", g.num(-3, 2)), MemberOf("maximum", g.num(3, 9)))
		}
		if g.chance(0.2) {
			mems = append(mems, MemberOf("exclusiveMaximum", g.num(10, 12)))
		}
	case 2:
		mems = []Member{MemberOf("type", propStr("number"))}
		if g.chance(0.5) {
			mems = append(mems, MemberOf("multipleOf", NumberValue("0.5")))
		}
		if g.chance(0.4) {
			mems = append(mems, MemberOf("exclusiveMinimum", NumberValue("-10")), MemberOf("maximum", NumberValue("10")))
		}
	case 3:
		mems = []Member{MemberOf("type", propStr("boolean"))}
	case 4:
		pool := []Value{propStr("x"), propStr("y"), NumberValue("1"), NumberValue("2"), BoolValue(true)}
		g.r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		mems = []Member{MemberOf("enum", ArrayValue(pool[:1+g.r.IntN(3)]...))}
	case 5:
		mems = []Member{MemberOf("type", propStr("string")), MemberOf("enum", ArrayValue(propStr("a"), propStr("b")))}
	case 6:
		c := []Value{propStr("c"), NumberValue("3"), BoolValue(false)}[g.r.IntN(3)]
		mems = []Member{MemberOf("const", c)}
	case 7:
		t := []string{"string", "integer", "boolean"}[g.r.IntN(3)]
		types := []Value{propStr(t), propStr("null")}
		if g.chance(0.3) {
			types = []Value{propStr(t), propStr("number")}
		}
		mems = []Member{MemberOf("type", ArrayValue(types...))}
	case 8:
		branches := []Value{ObjectValue(MemberOf("type", propStr("string"))), ObjectValue(MemberOf("type", propStr("integer")))}
		if g.chance(0.4) {
			branches = append(branches, ObjectValue(MemberOf("type", propStr("null"))))
		}
		mems = []Member{MemberOf("anyOf", ArrayValue(branches...))}
	}
	if g.chance(0.2) {
		mems = append(mems, MemberOf("description", propStr("a value")))
	}
	return ObjectValue(mems...)
}

// container returns a schema that can hold objects: an object, an array or a $ref.
func (g *propGen) container(depth int) Value {
	switch k := g.r.IntN(5); {
	case k < 2:
		return g.object(depth, false)
	case k < 4 || len(g.defs) == 0:
		mems := []Member{MemberOf("type", propStr("array")), MemberOf("items", g.node(depth+1))}
		if g.chance(0.3) {
			mems = append(mems, MemberOf("minItems", g.num(0, 1)), MemberOf("maxItems", g.num(2, 3)))
		}
		return ObjectValue(mems...)
	default:
		return ObjectValue(MemberOf("$ref", propStr("#/$defs/"+g.defs[g.r.IntN(len(g.defs))])))
	}
}

// node returns any schema of the subset.
func (g *propGen) node(depth int) Value {
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
		branches := []Value{g.container(depth), g.scalar()}
		if g.chance(0.5) {
			branches = append(branches, ObjectValue(MemberOf("type", propStr("null"))))
		}
		g.r.Shuffle(len(branches), func(i, j int) { branches[i], branches[j] = branches[j], branches[i] })
		return ObjectValue(MemberOf("anyOf", ArrayValue(branches...)))
	}
}

// object returns an object schema; at the root it carries no additionalProperties
// of its own.
func (g *propGen) object(depth int, root bool) Value {
	names := []string{"a", "b", "c", "d", "e", "f"}
	g.r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	n := g.r.IntN(5)
	if root {
		n = 1 + g.r.IntN(5)
	}
	var props, required []Member
	var req []Value
	for _, name := range names[:n] {
		p := g.node(depth + 1)
		if g.chance(0.2) {
			p = p.With("default", []Value{propStr("d"), NumberValue("1"), NullValue(), ObjectValue()}[g.r.IntN(4)])
		}
		props = append(props, MemberOf(name, p))
		if g.chance(0.5) {
			req = append(req, propStr(name))
		}
	}
	mems := []Member{MemberOf("type", propStr("object"))}
	if n > 0 || g.chance(0.5) {
		mems = append(mems, MemberOf("properties", ObjectValue(props...)))
	}
	if len(req) > 0 {
		required = []Member{MemberOf("required", ArrayValue(req...))}
	}
	mems = append(mems, required...)
	if !root && (n == 0 || g.chance(0.3)) {
		mems = append(mems, MemberOf("additionalProperties", BoolValue(false)))
	}
	if g.chance(0.2) {
		mems = append(mems, MemberOf("title", propStr("Obj")))
	}
	return ObjectValue(mems...)
}

// schema returns a root schema with up to three definitions; a definition refers
// only to later ones, so there are no cycles.
func (g *propGen) schema() Value {
	count := g.r.IntN(4)
	defs := make([]Member, count)
	for i := count - 1; i >= 0; i-- {
		g.defs = nil
		for j := i + 1; j < count; j++ {
			g.defs = append(g.defs, "d"+strconv.Itoa(j))
		}
		body := g.node(1)
		if g.chance(0.4) {
			body = g.object(1, false)
		}
		defs[i] = MemberOf("d"+strconv.Itoa(i), body)
	}
	g.defs = nil
	for i := range count {
		g.defs = append(g.defs, "d"+strconv.Itoa(i))
	}
	root := g.object(0, true)
	if count > 0 {
		root = root.With("$defs", ObjectValue(defs...))
	}
	return root
}

// propAcceptsNull reports whether a schema of the subset accepts null, written
// out for the test: every one of type, enum, const, anyOf and $ref that is present
// accepts it; a $ref cycle does not.
func propAcceptsNull(root, n Value) bool { return propAcceptsNullVia(root, n, nil) }

func propAcceptsNullVia(root, n Value, refs []string) bool {
	if r, ok := n.Get("$ref"); ok {
		for _, seen := range refs {
			if seen == r.Str() {
				return false
			}
		}
		t, _ := parseRef(r.Str())
		target, _ := resolveRef(root, t)
		return propAcceptsNullVia(root, target, append(refs[:len(refs):len(refs)], r.Str()))
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
				ok = ok || propAcceptsNullVia(root, b, refs)
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

// instance generates a value for schema node n of root. Optional properties are
// left out at random, except those whose schema accepts null: those are sent, as
// strict mode makes every property required and only null paths are filled.
func (g *propGen) instance(root, n Value) Value {
	if r, ok := n.Get("$ref"); ok {
		t, _ := parseRef(r.Str())
		target, _ := resolveRef(root, t)
		return g.instance(root, target)
	}
	if any, ok := n.Get("anyOf"); ok {
		return g.instance(root, any.Items()[g.r.IntN(any.Len())])
	}
	if c, ok := n.Get("const"); ok {
		return c
	}
	if e, ok := n.Get("enum"); ok {
		if e.Len() == 0 {
			return NullValue()
		}
		return e.Items()[g.r.IntN(e.Len())]
	}
	tv, _ := n.Get("type")
	t := tv.Str()
	if tv.Kind() == Array {
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
		return StringValue(string(b))
	case "integer":
		lo, hi := intOf("minimum", -5), intOf("maximum", 20)
		return g.num(lo, hi)
	case "number":
		return NumberValue(strconv.FormatFloat(float64(g.r.IntN(30)-15)*0.5, 'f', -1, 64))
	case "boolean":
		return BoolValue(g.chance(0.5))
	case "array":
		items, _ := n.Get("items")
		lo, hi := intOf("minItems", 0), intOf("maxItems", 3)
		out := make([]Value, lo+g.r.IntN(hi-lo+1))
		for i := range out {
			out[i] = g.instance(root, items)
		}
		return ArrayValue(out...)
	case "object":
		props, _ := n.Get("properties")
		req, _ := n.Get("required")
		var mems []Member
		for _, m := range props.Members() {
			required := false
			for _, r := range req.Items() {
				required = required || r.Str() == m.Key()
			}
			if required || propAcceptsNull(root, m.Value()) || g.chance(0.5) {
				mems = append(mems, MemberOf(m.Key(), g.instance(root, m.Value())))
			}
		}
		return ObjectValue(mems...)
	}
	return NullValue()
}

// propFillNulls puts null at every null path where the property is absent: what a
// model must send in strict mode for an optional property it leaves out.
func propFillNulls(v Value, paths []Path) Value {
	for _, p := range paths {
		v = propFill(v, p)
	}
	return v
}

func propFill(v Value, p Path) Value {
	switch s := p[0]; s.Kind {
	case EveryStep:
		if v.Kind() != Array {
			return v
		}
		out := make([]Value, v.Len())
		for i, it := range v.Items() {
			out[i] = propFill(it, p[1:])
		}
		return ArrayValue(out...)
	default:
		if v.Kind() != Object {
			return v
		}
		child, ok := v.Get(s.Key)
		if len(p) == 1 {
			if ok {
				return v
			}
			return v.With(s.Key, NullValue())
		}
		if !ok {
			return v
		}
		return v.With(s.Key, propFill(child, p[1:]))
	}
}

// TestPropertyStrictRoundTrip checks the two properties that make strict mode safe
// to use, on random schemas of the supported subset and random instances of them,
// validated with jsonschema/v6:
//
//	A: an instance valid under the strict schema, once its nulls are stripped at
//	   the conversion's null paths, is valid under the original schema;
//	B: an instance valid under the original schema, with null filled in at every
//	   null path where the property is absent, is valid under the strict schema.
func TestPropertyStrictRoundTrip(t *testing.T) {
	const schemas, perSchema = 1000, 4
	g := &propGen{r: rand.New(rand.NewPCG(20261130, 5))}
	var checkedA, checkedB, strippedA, filledB int
	for i := range schemas {
		schema := g.schema()
		res, err := StrictSchema(schema, StrictOptions{})
		if err != nil {
			t.Fatalf("schema %d does not convert: %v\n%s", i, err, schema)
		}
		if v := CheckStrict(res.Schema); len(v) > 0 {
			t.Fatalf("schema %d: %v", i, v)
		}
		original, strict := propCompile(t, schema), propCompile(t, res.Schema)
		for range perSchema {
			// A: from the strict schema back to the original.
			inst := g.instance(res.Schema, res.Schema)
			if strict.Validate(propAny(inst)) == nil {
				checkedA++
				args, stripped := StripNulls(inst, res.NullPaths.Paths())
				if len(stripped) > 0 {
					strippedA++
				}
				if err := original.Validate(propAny(args)); err != nil {
					t.Fatalf("A: schema %d\noriginal %s\nstrict   %s\nnull paths %s\ninstance %s\nstripped %s\n%v", i, schema, res.Schema, spPaths(res.NullPaths.Paths()), inst, args, err)
				}
			}
			// B: from the original schema to the strict one.
			inst = g.instance(schema, schema)
			if original.Validate(propAny(inst)) == nil {
				checkedB++
				filled := propFillNulls(inst, res.NullPaths.Paths())
				if !Equal(filled, inst) {
					filledB++
				}
				if err := strict.Validate(propAny(filled)); err != nil {
					t.Fatalf("B: schema %d\noriginal %s\nstrict   %s\nnull paths %s\ninstance %s\nfilled   %s\n%v", i, schema, res.Schema, spPaths(res.NullPaths.Paths()), inst, filled, err)
				}
			}
		}
	}
	// The generator must produce enough valid instances, with nulls to strip and
	// to fill, for the properties to say something.
	if checkedA < schemas || checkedB < schemas || strippedA < schemas/4 || filledB < schemas/4 {
		t.Errorf("too few cases: A %d checked, %d stripped; B %d checked, %d filled", checkedA, strippedA, checkedB, filledB)
	}
	t.Logf("A: %d instances, %d with nulls stripped; B: %d instances, %d with nulls filled", checkedA, strippedA, checkedB, filledB)
}
