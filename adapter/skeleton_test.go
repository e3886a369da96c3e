package adapter_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// TestArgumentsSkeleton checks each rule of ArgumentsSkeleton on a schema
// that isolates it.
func TestArgumentsSkeleton(t *testing.T) {
	for _, tc := range []struct {
		name, schema, want string
	}{
		// Which properties, in which order.
		{"only required, in properties' order",
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}},"required":["c","a"]}`,
			`{"a":"","c":""}`},
		{"required but not declared: null, after",
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["z","a","y"]}`,
			`{"a":"","z":null,"y":null}`},
		{"a name required twice is there once",
			`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a","a"]}`,
			`{"a":0}`},
		{"non-string required names are ignored",
			`{"type":"object","properties":{"a":{"type":"integer"}},"required":[1,null,"a"]}`,
			`{"a":0}`},
		{"no required: empty", `{"type":"object","properties":{"a":{"type":"string"}}}`, `{}`},
		{"required not an array", `{"type":"object","properties":{"a":{"type":"string"}},"required":"a"}`, `{}`},
		// The root.
		{"root not an object schema", `{"type":"string"}`, `{}`},
		{"root a boolean schema", `true`, `{}`},
		{"root an array", `[{"type":"object"}]`, `{}`},
		{"root null", `null`, `{}`},
		{"root default not an object", `{"type":"object","default":3}`, `{}`},
		{"root default an object", `{"type":"object","default":{"x":1},"properties":{"a":{}},"required":["a"]}`, `{"x":1}`},
		{"root $ref", `{"$ref":"#/$defs/args","$defs":{"args":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}}}`, `{"q":""}`},
		{"root without type but properties", `{"properties":{"q":{"type":"boolean"}},"required":["q"]}`, `{"q":false}`},
		// default, const, enum, in that order.
		{"default", `{"type":"object","properties":{"a":{"type":"integer","default":7,"const":3,"enum":[1]}},"required":["a"]}`, `{"a":7}`},
		{"default null", `{"type":"object","properties":{"a":{"type":"integer","default":null}},"required":["a"]}`, `{"a":null}`},
		{"default of another type, kept as written", `{"type":"object","properties":{"a":{"type":"integer","default":"ten"}},"required":["a"]}`, `{"a":"ten"}`},
		{"default number text kept", `{"type":"object","properties":{"a":{"type":"number","default":1.0e400}},"required":["a"]}`, `{"a":1.0e400}`},
		{"const", `{"type":"object","properties":{"a":{"const":{"k":[1,2]},"enum":[1]}},"required":["a"]}`, `{"a":{"k":[1,2]}}`},
		{"enum: first value", `{"type":"object","properties":{"a":{"type":"string","enum":["metric","imperial"]}},"required":["a"]}`, `{"a":"metric"}`},
		{"empty enum: the type", `{"type":"object","properties":{"a":{"type":"string","enum":[]}},"required":["a"]}`, `{"a":""}`},
		{"enum not an array: the type", `{"type":"object","properties":{"a":{"type":"string","enum":"x"}},"required":["a"]}`, `{"a":""}`},
		// Empty values of types.
		{"types", `{"type":"object","properties":{
			"s":{"type":"string"},"n":{"type":"number"},"i":{"type":"integer"},"b":{"type":"boolean"},
			"a":{"type":"array","items":{"type":"string"}},"o":{"type":"object"},"z":{"type":"null"},"u":{"type":"uuid"}},
			"required":["s","n","i","b","a","o","z","u"]}`,
			`{"s":"","n":0,"i":0,"b":false,"a":[],"o":{},"z":null,"u":null}`},
		{"type list: first non-null", `{"type":"object","properties":{"a":{"type":["null","integer","string"]}},"required":["a"]}`, `{"a":0}`},
		{"type list of null only", `{"type":"object","properties":{"a":{"type":["null"]}},"required":["a"]}`, `{"a":null}`},
		{"type list of no strings: nothing says", `{"type":"object","properties":{"a":{"type":[1,2]}},"required":["a"]}`, `{"a":null}`},
		{"type not a string: the next rule", `{"type":"object","properties":{"a":{"type":5,"anyOf":[{"type":"boolean"}]}},"required":["a"]}`, `{"a":false}`},
		{"object property: its own skeleton",
			`{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"integer"}},"required":["y"]}},"required":["o"]}`,
			`{"o":{"y":0}}`},
		{"properties without type: an object",
			`{"type":"object","properties":{"o":{"properties":{"x":{"type":"string"}},"required":["x"]}},"required":["o"]}`,
			`{"o":{"x":""}}`},
		{"items without type: an array", `{"type":"object","properties":{"a":{"items":{"type":"string"}}},"required":["a"]}`, `{"a":[]}`},
		// Nothing says.
		{"empty schema", `{"type":"object","properties":{"a":{}},"required":["a"]}`, `{"a":null}`},
		{"boolean schema", `{"type":"object","properties":{"a":true},"required":["a"]}`, `{"a":null}`},
		{"description only", `{"type":"object","properties":{"a":{"description":"anything"}},"required":["a"]}`, `{"a":null}`},
		// anyOf, oneOf, allOf.
		{"anyOf: first branch", `{"type":"object","properties":{"a":{"anyOf":[{"type":"integer"},{"type":"string"}]}},"required":["a"]}`, `{"a":0}`},
		{"anyOf: a null branch is passed over", `{"type":"object","properties":{"a":{"anyOf":[{"type":"null"},{"type":"string"}]}},"required":["a"]}`, `{"a":""}`},
		{"anyOf: all null", `{"type":"object","properties":{"a":{"anyOf":[{"type":"null"},{"type":["null"]}]}},"required":["a"]}`, `{"a":null}`},
		{"oneOf", `{"type":"object","properties":{"a":{"oneOf":[{"type":"boolean"},{"type":"string"}]}},"required":["a"]}`, `{"a":false}`},
		{"allOf", `{"type":"object","properties":{"a":{"allOf":[{"enum":["x","y"]}]}},"required":["a"]}`, `{"a":"x"}`},
		{"anyOf before oneOf", `{"type":"object","properties":{"a":{"oneOf":[{"type":"boolean"}],"anyOf":[{"type":"string"}]}},"required":["a"]}`, `{"a":""}`},
		{"empty anyOf: nothing says", `{"type":"object","properties":{"a":{"anyOf":[]}},"required":["a"]}`, `{"a":null}`},
		{"type before anyOf", `{"type":"object","properties":{"a":{"type":"integer","anyOf":[{"type":"string"}]}},"required":["a"]}`, `{"a":0}`},
		// $ref.
		{"$ref to $defs", `{"type":"object","properties":{"a":{"$ref":"#/$defs/u"}},"required":["a"],"$defs":{"u":{"enum":["c","f"]}}}`, `{"a":"c"}`},
		{"$ref to definitions", `{"type":"object","properties":{"a":{"$ref":"#/definitions/u"}},"required":["a"],"definitions":{"u":{"type":"boolean"}}}`, `{"a":false}`},
		{"$ref to a property", `{"type":"object","properties":{"a":{"$ref":"#/properties/b"},"b":{"type":"integer","default":4}},"required":["a"]}`, `{"a":4}`},
		{"$ref through an array index", `{"type":"object","properties":{"a":{"$ref":"#/$defs/l/1"}},"required":["a"],"$defs":{"l":[{"type":"string"},{"type":"integer"}]}}`, `{"a":0}`},
		{"$ref escaped", `{"type":"object","properties":{"a":{"$ref":"#/$defs/a~1b~0c%20d"}},"required":["a"],"$defs":{"a/b~c d":{"type":"boolean"}}}`, `{"a":false}`},
		{"$ref to an object", `{"type":"object","properties":{"a":{"$ref":"#/$defs/o"}},"required":["a"],"$defs":{"o":{"type":"object","properties":{"k":{"type":"string"}},"required":["k"]}}}`, `{"a":{"k":""}}`},
		{"$ref nowhere", `{"type":"object","properties":{"a":{"$ref":"#/$defs/none"}},"required":["a"]}`, `{"a":null}`},
		{"$ref elsewhere", `{"type":"object","properties":{"a":{"$ref":"other.json#/x"}},"required":["a"]}`, `{"a":null}`},
		{"$ref to an anchor", `{"type":"object","properties":{"a":{"$ref":"#anchor"}},"required":["a"]}`, `{"a":null}`},
		{"$ref index out of range", `{"type":"object","properties":{"a":{"$ref":"#/$defs/l/5"}},"required":["a"],"$defs":{"l":[]}}`, `{"a":null}`},
		{"$ref not a string: the next rule", `{"type":"object","properties":{"a":{"$ref":1,"oneOf":[{"type":"string"}]}},"required":["a"]}`, `{"a":""}`},
		{"default beside $ref", `{"type":"object","properties":{"a":{"$ref":"#/$defs/u","default":"f"}},"required":["a"],"$defs":{"u":{"enum":["c","f"]}}}`, `{"a":"f"}`},
		{"the same $ref twice is filled in twice",
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/o"},"b":{"$ref":"#/$defs/o"}},"required":["a","b"],"$defs":{"o":{"type":"object","properties":{"k":{"type":"integer"}},"required":["k"]}}}`,
			`{"a":{"k":0},"b":{"k":0}}`},
		// Cycles.
		{"self $ref", `{"type":"object","properties":{"self":{"$ref":"#"}},"required":["self"]}`, `{"self":{}}`},
		{"$ref cycle through $defs",
			`{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"required":["n"],"$defs":{"node":{"type":"object","properties":{"next":{"$ref":"#/$defs/node"},"v":{"type":"integer"}},"required":["v","next"]}}}`,
			`{"n":{"next":{},"v":0}}`},
		{"$ref chain without an object", `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"],"$defs":{"x":{"$ref":"#/$defs/y"},"y":{"$ref":"#/$defs/x"}}}`, `{"a":null}`},
		{"$ref cycle to a typed schema", `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"],"$defs":{"x":{"anyOf":[{"$ref":"#/$defs/y"}]},"y":{"type":"array","items":{},"anyOf":[{"$ref":"#/$defs/x"}]}}}`, `{"a":[]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			schema, err := adapter.DecodeString(tc.schema)
			if err != nil {
				t.Fatal(err)
			}
			got := adapter.ArgumentsSkeleton(schema)
			want, err := adapter.DecodeString(tc.want)
			if err != nil {
				t.Fatal(err)
			}
			if !adapter.Equal(got, want) {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// TestArgumentsSkeletonDepth: a schema of objects nested as deep as the
// decoder reads, or 10,000 levels deep, gives a skeleton of MaxSkeletonDepth
// objects filled in, and {} under the deepest.
func TestArgumentsSkeletonDepth(t *testing.T) {
	const levels = adapter.MaxDepth/2 - 1 // two levels of JSON a level of objects
	var sb strings.Builder
	for range levels {
		sb.WriteString(`{"type":"object","required":["a"],"properties":{"a":`)
	}
	sb.WriteString(`{"type":"string"}`)
	sb.WriteString(strings.Repeat("}}", levels))
	schema, err := adapter.DecodeString(sb.String())
	if err != nil {
		t.Fatal(err)
	}
	got := adapter.ArgumentsSkeleton(schema)
	depth := 0
	for v := got; ; depth++ {
		a, ok := v.Get("a")
		if !ok {
			if v.Kind() != adapter.Object || v.Len() != 0 {
				t.Fatalf("the deepest value is %s, not {}", v)
			}
			break
		}
		v = a
	}
	if depth != adapter.MaxSkeletonDepth { // the root and 31 objects filled in, then {}
		t.Errorf("%d objects under the root, want %d", depth, adapter.MaxSkeletonDepth)
	}
	// The same depth built without the decoder's limit on nesting.
	deep := adapter.ObjectValue(adapter.MemberOf("type", adapter.StringValue("string")))
	for range 10000 {
		deep = adapter.ObjectValue(
			adapter.MemberOf("type", adapter.StringValue("object")),
			adapter.MemberOf("required", adapter.ArrayValue(adapter.StringValue("a"))),
			adapter.MemberOf("properties", adapter.ObjectValue(adapter.MemberOf("a", deep))))
	}
	if got := adapter.ArgumentsSkeleton(deep); len(adapter.Marshal(got)) > 10*adapter.MaxSkeletonDepth {
		t.Errorf("a skeleton %d bytes long for a chain of objects", len(adapter.Marshal(got)))
	}
	// anyOf nested 10,000 deep without an object: no object to count, but
	// the work is bounded.
	anyOf := adapter.ObjectValue(adapter.MemberOf("type", adapter.StringValue("integer")))
	for range 10000 {
		anyOf = adapter.ObjectValue(adapter.MemberOf("anyOf", adapter.ArrayValue(anyOf)))
	}
	root := adapter.ObjectValue(
		adapter.MemberOf("type", adapter.StringValue("object")),
		adapter.MemberOf("required", adapter.ArrayValue(adapter.StringValue("a"))),
		adapter.MemberOf("properties", adapter.ObjectValue(adapter.MemberOf("a", anyOf))))
	if got := adapter.ArgumentsSkeleton(root); got.String() != `{"a":0}` {
		t.Errorf("anyOf 10,000 deep: %s", got)
	}
}

// TestArgumentsSkeletonBounded: schemas whose skeleton would be huge (each
// definition requires two of the next, 40 levels: 2^40 values; a default
// of 100,000 values required a thousand times) give a skeleton within the
// work budget.
func TestArgumentsSkeletonBounded(t *testing.T) {
	var defs []string
	const n = 40
	for i := range n {
		defs = append(defs, fmt.Sprintf(`"d%d":{"type":"object","properties":{"l":{"$ref":"#/$defs/d%d"},"r":{"$ref":"#/$defs/d%d"}},"required":["l","r"]}`, i, i+1, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"d%d":{"type":"integer"}`, n))
	tree := `{"type":"object","properties":{"t":{"$ref":"#/$defs/d0"}},"required":["t"],"$defs":{` + strings.Join(defs, ",") + `}}`

	// The default is one value, shared by every property.
	zeros := make([]adapter.Value, 100000)
	for i := range zeros {
		zeros[i] = adapter.NumberValue("0")
	}
	big := adapter.ArrayValue(zeros...)
	props := make([]adapter.Member, 1000)
	req := make([]adapter.Value, 1000)
	for i := range props {
		name := fmt.Sprintf("p%d", i)
		props[i] = adapter.MemberOf(name, adapter.ObjectValue(adapter.MemberOf("type", adapter.StringValue("array")), adapter.MemberOf("default", big)))
		req[i] = adapter.StringValue(name)
	}
	defaults := adapter.ObjectValue(adapter.MemberOf("type", adapter.StringValue("object")),
		adapter.MemberOf("properties", adapter.ObjectValue(props...)), adapter.MemberOf("required", adapter.ArrayValue(req...)))

	treeSchema, err := adapter.DecodeString(tree)
	if err != nil {
		t.Fatal(err)
	}
	for name, schema := range map[string]adapter.Value{"tree": treeSchema, "defaults": defaults} {
		got := adapter.ArgumentsSkeleton(schema)
		if size := countValues(got); size > 2*adapter.MaxSkeletonWork {
			t.Errorf("%s: %d values, over twice the work budget", name, size)
		}
		if name == "defaults" {
			// The first default fits, and the values after it are empty.
			p0, _ := got.Get("p0")
			p999, _ := got.Get("p999")
			if got.Len() != 1000 || p0.Len() != 100000 || p999.Kind() != adapter.Array || p999.Len() != 0 {
				t.Errorf("defaults: %d members, p0 %d long, p999 %s", got.Len(), p0.Len(), p999.Kind())
			}
		}
	}
}

// countValues counts v's values, its own included.
func countValues(v adapter.Value) int {
	n := 1
	for _, it := range v.Items() {
		n += countValues(it)
	}
	for _, m := range v.Members() {
		n += countValues(m.Value())
	}
	return n
}

// An editor's arguments start from the schema: required properties only,
// in the schema's order, each with its default, its first enum value or an
// empty value of its type; a $ref is followed.
func ExampleArgumentsSkeleton() {
	schema := must(`{
		"type": "object",
		"properties": {
			"query": {"type": "string"},
			"limit": {"type": "integer", "default": 10},
			"units": {"enum": ["metric", "imperial"]},
			"verbose": {"type": "boolean"},
			"filter": {"$ref": "#/$defs/filter"}
		},
		"required": ["filter", "query", "units", "limit"],
		"$defs": {"filter": {
			"type": "object",
			"properties": {"tags": {"type": ["null", "array"]}, "since": {"type": "string"}},
			"required": ["tags"]
		}}
	}`)
	fmt.Print(string(adapter.MarshalIndent(adapter.ArgumentsSkeleton(schema))))
	// Output:
	// {
	//   "query": "",
	//   "limit": 10,
	//   "units": "metric",
	//   "filter": {
	//     "tags": []
	//   }
	// }
}

// FuzzArgumentsSkeleton: for any decoded schema, and for schemas built of
// JSON Schema's vocabulary with $refs that make cycles, ArgumentsSkeleton
// returns an object within its work budget, without a panic.
func FuzzArgumentsSkeleton(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"a":{"$ref":"#"}},"required":["a"]}`,
		`{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"],"$defs":{"x":{"anyOf":[{"$ref":"#/$defs/x"}]}}}`,
		`{"properties":{"a":{"type":["null","object"],"properties":{"b":{"enum":[1]}},"required":["b"]}},"required":["a","z"]}`,
		`{"type":"object","properties":{"a":{"$ref":"#/properties/a/items","items":{"$ref":"#/properties/a"}}},"required":["a"]}`,
	} {
		f.Add([]byte(s), uint64(0))
	}
	f.Add([]byte(nil), uint64(1))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		schema, err := adapter.Decode(data)
		if err != nil || len(data) == 0 {
			schema = randomSkeletonSchema(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		}
		got := adapter.ArgumentsSkeleton(schema)
		if got.Kind() != adapter.Object {
			t.Fatalf("not an object: %s", got)
		}
		if n := countValues(got); n > 2*adapter.MaxSkeletonWork {
			t.Fatalf("%d values, over twice the work budget", n)
		}
	})
}

// randomSkeletonSchema builds a schema of the keywords ArgumentsSkeleton
// reads, with $refs among a few definitions and to the root.
func randomSkeletonSchema(r *rand.Rand) adapter.Value {
	names := []string{"a", "b", "c"}
	var node func(depth int) adapter.Value
	node = func(depth int) adapter.Value {
		var mems []adapter.Member
		types := []string{"object", "string", "integer", "array", "null", "boolean"}
		if r.IntN(3) == 0 || depth > 4 {
			refs := []string{"#", "#/$defs/a", "#/$defs/b", "#/$defs/c", "#/properties/a", "#/$defs/none", "#bad"}
			return adapter.ObjectValue(adapter.MemberOf("$ref", adapter.StringValue(refs[r.IntN(len(refs))])))
		}
		if r.IntN(4) == 0 {
			mems = append(mems, adapter.MemberOf("type", adapter.ArrayValue(adapter.StringValue("null"), adapter.StringValue(types[r.IntN(len(types))]))))
		} else {
			mems = append(mems, adapter.MemberOf("type", adapter.StringValue(types[r.IntN(len(types))])))
		}
		if r.IntN(5) == 0 {
			mems = append(mems, adapter.MemberOf("default", adapter.NumberValue("1")))
		}
		if r.IntN(5) == 0 {
			mems = append(mems, adapter.MemberOf("anyOf", adapter.ArrayValue(node(depth+1), node(depth+1))))
		}
		var req []adapter.Value
		var pm []adapter.Member
		for _, n := range names[:r.IntN(len(names)+1)] {
			pm = append(pm, adapter.MemberOf(n, node(depth+1)))
			if r.IntN(4) != 0 {
				req = append(req, adapter.StringValue(n))
			}
		}
		mems = append(mems, adapter.MemberOf("properties", adapter.ObjectValue(pm...)), adapter.MemberOf("required", adapter.ArrayValue(req...)))
		return adapter.ObjectValue(mems...)
	}
	root := node(0)
	defs := make([]adapter.Member, len(names))
	for i, n := range names {
		defs[i] = adapter.MemberOf(n, node(1))
	}
	return root.With("$defs", adapter.ObjectValue(defs...))
}

// TestArgumentsSkeletonWideBranches: anyOf lists of many null branches and
// type lists of many names, filled in many times, spend the work budget
// (the work they take is paid for), and every property is still there, null.
func TestArgumentsSkeletonWideBranches(t *testing.T) {
	nulls := make([]adapter.Value, 20000)
	names := make([]adapter.Value, 20000)
	for i := range nulls {
		nulls[i] = adapter.ObjectValue(adapter.MemberOf("type", adapter.StringValue("null")))
		names[i] = adapter.StringValue("null")
	}
	wide := adapter.ObjectValue(adapter.MemberOf("anyOf", adapter.ArrayValue(append(nulls, adapter.ObjectValue(adapter.MemberOf("type", adapter.ArrayValue(names...))))...)))
	props := make([]adapter.Member, 5000)
	req := make([]adapter.Value, 5000)
	for i := range props {
		props[i] = adapter.MemberOf(fmt.Sprint(i), wide)
		req[i] = adapter.StringValue(fmt.Sprint(i))
	}
	schema := adapter.ObjectValue(adapter.MemberOf("properties", adapter.ObjectValue(props...)), adapter.MemberOf("required", adapter.ArrayValue(req...)))
	got := adapter.ArgumentsSkeleton(schema)
	if got.Len() != 5000 {
		t.Fatalf("%d members", got.Len())
	}
	for _, m := range got.Members() {
		if !m.Value().IsNull() {
			t.Fatalf("%s: %s, want null", m.Key(), m.Value())
		}
	}
}
