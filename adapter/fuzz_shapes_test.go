package adapter_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/schemagen"
)

// FuzzStrictSchemaShapes is FuzzStrictSchema on schemas built from JSON Schema's
// own vocabulary by a generator the fuzzer steers with a seed: kept and unsupported
// keywords, values of the right and the wrong kind, $refs that resolve, do not,
// and make cycles, through $defs and definitions. Byte-level mutation rarely
// reaches these shapes.
func FuzzStrictSchemaShapes(f *testing.F) {
	for i := range uint64(16) {
		f.Add(i, i%2 == 0)
	}
	f.Fuzz(func(t *testing.T, seed uint64, noDefaults bool) {
		g := fuzzShapes{r: rand.New(rand.NewPCG(seed, seed>>32|1))}
		schema := g.root()
		res, err := adapter.StrictSchema(schema, adapter.StrictOptions{NoDefaultDescriptions: noDefaults})
		general, gerr := adapter.StrictSchemaGeneral(schema, adapter.StrictOptions{NoDefaultDescriptions: noDefaults})
		adapter.SameStrictOutcome(t, schema, res, err, general, gerr)
		adapter.CheckStrictOwned(t, schema, adapter.StrictOptions{NoDefaultDescriptions: noDefaults})
		if err != nil {
			var se *adapter.StrictError
			if !errors.As(err, &se) || se.Keyword == "" || se.Message == "" || se.Path == nil {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		if vs := adapter.CheckStrict(res.Schema); len(vs) > 0 {
			t.Fatalf("result breaks strict mode: %v\nin  %s\nout %s", vs, schema, res.Schema)
		}
		if again, err := adapter.Decode(adapter.Marshal(res.Schema)); err != nil || !adapter.Equal(again, res.Schema) {
			t.Fatalf("result is not valid JSON: %v\n%s", err, res.Schema)
		}
		// Every null path leads, through properties, items, anyOf and $refs of the
		// result, to a property that accepts null.
		for _, p := range res.NullPaths.Paths() {
			found := false
			for _, n := range fuzzSchemasAt(res.Schema, []adapter.Value{res.Schema}, p) {
				found = found || schemagen.AcceptsNull(res.Schema, n)
			}
			if !found {
				t.Fatalf("null path %s names no nullable property\nin  %s\nout %s", p, schema, res.Schema)
			}
		}
		res2, err := adapter.StrictSchema(res.Schema, adapter.StrictOptions{NoDefaultDescriptions: noDefaults})
		if err != nil {
			t.Fatalf("converting the result again: %v\nin  %s\nout %s", err, schema, res.Schema)
		}
		if !adapter.Equal(res2.Schema, res.Schema) || res2.NullPaths.Len() != 0 || res2.Dropped.Len() != 0 {
			t.Fatalf("converting the result again changed it\nin  %s\nout %s\nagain %s", schema, res.Schema, res2.Schema)
		}
	})
}

type fuzzShapes struct{ r *rand.Rand }

func (g fuzzShapes) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g fuzzShapes) root() adapter.Value {
	mems := []adapter.Member{adapter.MemberOf("type", adapter.StringValue("object")), adapter.MemberOf("properties", g.props(0))}
	if g.r.IntN(2) == 0 {
		mems = append(mems, adapter.MemberOf("required", g.required()))
	}
	for _, c := range []string{"$defs", "definitions"} {
		if g.r.IntN(3) > 0 {
			var defs []adapter.Member
			for _, name := range []string{"a", "b", "a/b"} {
				if g.r.IntN(3) > 0 {
					defs = append(defs, adapter.MemberOf(name, g.node(1)))
				}
			}
			mems = append(mems, adapter.MemberOf(c, adapter.ObjectValue(defs...)))
		}
	}
	if g.r.IntN(8) == 0 {
		mems = append(mems, adapter.MemberOf("additionalProperties", adapter.BoolValue(false)))
	}
	g.r.Shuffle(len(mems), func(i, j int) { mems[i], mems[j] = mems[j], mems[i] })
	return adapter.ObjectValue(mems...)
}

func (g fuzzShapes) props(depth int) adapter.Value {
	var mems []adapter.Member
	for _, name := range []string{"p", "q", "r", "s"}[:g.r.IntN(5)] {
		mems = append(mems, adapter.MemberOf(name, g.node(depth+1)))
	}
	return adapter.ObjectValue(mems...)
}

func (g fuzzShapes) required() adapter.Value {
	var out []adapter.Value
	for _, name := range []string{"p", "q", "r", "s", "zz"} {
		if g.r.IntN(2) == 0 {
			out = append(out, adapter.StringValue(name))
		}
	}
	return adapter.ArrayValue(out...)
}

func (g fuzzShapes) scalar() adapter.Value {
	switch g.r.IntN(6) {
	case 0:
		return adapter.NullValue()
	case 1:
		return adapter.BoolValue(g.r.IntN(2) == 0)
	case 2:
		return adapter.NumberValue(g.pick("0", "1", "-2.5", "1e3"))
	case 3:
		return adapter.StringValue(g.pick("", "x", "a\u200bb", "é"))
	case 4:
		return adapter.ArrayValue(adapter.StringValue("x"), adapter.NullValue())
	}
	return adapter.ObjectValue()
}

func (g fuzzShapes) node(depth int) adapter.Value {
	if depth > 5 || g.r.IntN(30) == 0 {
		return g.scalar()
	}
	ref := func() adapter.Value {
		return adapter.StringValue(g.pick("#", "#/$defs/a", "#/$defs/b", "#/$defs/a~1b", "#/definitions/a", "#/definitions/b", "#/x", "#/$defs/c"))
	}
	typeNames := []string{"string", "number", "integer", "boolean", "object", "array", "null"}
	var mems []adapter.Member
	switch g.r.IntN(10) {
	case 0, 1, 2: // a $ref, sometimes with siblings
		mems = []adapter.Member{adapter.MemberOf("$ref", ref())}
		if g.r.IntN(3) == 0 {
			mems = append(mems, adapter.MemberOf(g.pick("description", "title", "default", "examples", "type", "items"), g.scalar()))
		}
	case 3, 4, 5, 6: // a typed node that mostly converts
		t := typeNames[g.r.IntN(7)]
		if g.r.IntN(3) == 0 {
			mems = []adapter.Member{adapter.MemberOf("type", adapter.ArrayValue(adapter.StringValue(t), adapter.StringValue("null")))}
		} else {
			mems = []adapter.Member{adapter.MemberOf("type", adapter.StringValue(t))}
		}
		switch t {
		case "object":
			mems = append(mems, adapter.MemberOf("properties", g.props(depth)))
			if g.r.IntN(2) == 0 {
				mems = append(mems, adapter.MemberOf("required", g.required()))
			}
			if g.r.IntN(3) == 0 {
				mems = append(mems, adapter.MemberOf("additionalProperties", adapter.BoolValue(false)))
			}
		case "array":
			mems = append(mems, adapter.MemberOf("items", g.node(depth+1)))
		case "string":
			if g.r.IntN(3) == 0 {
				mems = append(mems, adapter.MemberOf("enum", adapter.ArrayValue(adapter.StringValue("x"), adapter.StringValue("y"))))
			}
		}
		if g.r.IntN(4) == 0 {
			mems = append(mems, adapter.MemberOf("default", g.scalar()))
		}
		if g.r.IntN(4) == 0 {
			mems = append(mems, adapter.MemberOf("description", adapter.StringValue(g.pick("", "d", "\u200b", "x\U000E0041"))))
		}
	case 7: // anyOf
		mems = []adapter.Member{adapter.MemberOf("anyOf", adapter.ArrayValue(g.node(depth+1), g.node(depth+1)))}
	case 8: // enum or const
		if g.r.IntN(2) == 0 {
			mems = []adapter.Member{adapter.MemberOf("enum", adapter.ArrayValue(g.scalar(), g.scalar()))}
		} else {
			mems = []adapter.Member{adapter.MemberOf("const", g.scalar())}
		}
	default: // anything from the vocabulary
		for range 1 + g.r.IntN(5) {
			key := g.pick("type", "properties", "required", "additionalProperties", "items", "enum", "const",
				"anyOf", "$ref", "description", "title", "pattern", "minLength", "maximum", "exclusiveMinimum",
				"format", "default", "oneOf", "examples", "$defs", "x-v")
			var v adapter.Value
			switch key {
			case "type":
				v = adapter.StringValue(typeNames[g.r.IntN(7)])
				if g.r.IntN(3) == 0 {
					v = g.scalar()
				}
			case "properties":
				v = g.props(depth)
			case "required":
				v = g.required()
			case "additionalProperties":
				v = adapter.BoolValue(g.r.IntN(3) == 0)
			case "items", "$defs":
				v = g.node(depth + 1)
			case "anyOf", "oneOf":
				v = adapter.ArrayValue(g.node(depth+1), g.node(depth+1))
				if g.r.IntN(8) == 0 {
					v = adapter.ArrayValue()
				}
			case "$ref":
				v = ref()
			case "pattern":
				v = adapter.StringValue(g.pick("^a", "(?=a)", "[(?=]"))
			case "format":
				v = adapter.StringValue(g.pick("date", "uri", "email"))
			case "minLength", "maximum", "exclusiveMinimum":
				v = adapter.NumberValue(g.pick("1", "0.5"))
				if g.r.IntN(4) == 0 {
					v = g.scalar()
				}
			default:
				v = g.scalar()
			}
			mems = append(mems, adapter.MemberOf(key, v))
		}
	}
	seen := map[string]bool{} // one of each keyword
	out := mems[:0]
	for _, m := range mems {
		if !seen[m.Key()] {
			seen[m.Key()] = true
			out = append(out, m)
		}
	}
	return adapter.ObjectValue(out...)
}

// fuzzSchemasAt returns the subschemas of a strict schema at an instance path:
// through $refs and anyOf branches, into properties for a name and items for
// every element.
func fuzzSchemasAt(root adapter.Value, nodes []adapter.Value, p adapter.Path) []adapter.Value {
	expand := func(nodes []adapter.Value) []adapter.Value {
		var out []adapter.Value
		var walk func(n adapter.Value, depth int)
		walk = func(n adapter.Value, depth int) {
			if depth > 50 || n.Kind() != adapter.Object {
				return
			}
			out = append(out, n)
			if r, ok := n.Get("$ref"); ok {
				if target, ok := schemagen.Resolve(root, r.Str()); ok {
					walk(target, depth+1)
				}
			}
			if any, ok := n.Get("anyOf"); ok {
				for _, b := range any.Items() {
					walk(b, depth+1)
				}
			}
		}
		for _, n := range nodes {
			walk(n, 0)
		}
		return out
	}
	for _, step := range p {
		var next []adapter.Value
		for _, n := range expand(nodes) {
			switch step.Kind {
			case adapter.KeyStep:
				if props, ok := n.Get("properties"); ok {
					if c, ok := props.Get(step.Key); ok {
						next = append(next, c)
					}
				}
			case adapter.EveryStep:
				if items, ok := n.Get("items"); ok {
					next = append(next, items)
				}
			}
		}
		nodes = next
	}
	return nodes
}
