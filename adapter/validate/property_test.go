package validate_test

import (
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/schemagen"
)

// propAny converts an adapter.Value to the plain Go value jsonschema/v6 validates (numbers
// as json.Number, so that they keep their text).
func propAny(v adapter.Value) any {
	switch v.Kind() {
	case adapter.Bool:
		return v.Bool()
	case adapter.Number:
		return json.Number(v.NumberText())
	case adapter.String:
		return v.Str()
	case adapter.Array:
		out := make([]any, v.Len())
		for i, it := range v.Items() {
			out[i] = propAny(it)
		}
		return out
	case adapter.Object:
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
func propCompile(t *testing.T, schema adapter.Value) *jsonschema.Schema {
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
	g := schemagen.New(20261130, 5)
	var checkedA, checkedB, strippedA, filledB int
	for i := range schemas {
		schema := g.Schema()
		res, err := adapter.StrictSchema(schema, adapter.StrictOptions{})
		if err != nil {
			t.Fatalf("schema %d does not convert: %v\n%s", i, err, schema)
		}
		if v := adapter.CheckStrict(res.Schema); len(v) > 0 {
			t.Fatalf("schema %d: %v", i, v)
		}
		original, strict := propCompile(t, schema), propCompile(t, res.Schema)
		for range perSchema {
			// A: from the strict schema back to the original.
			inst := g.Instance(res.Schema, res.Schema)
			if strict.Validate(propAny(inst)) == nil {
				checkedA++
				args, stripped := adapter.StripNulls(inst, res.NullPaths.Paths())
				if len(stripped) > 0 {
					strippedA++
				}
				if err := original.Validate(propAny(args)); err != nil {
					t.Fatalf("A: schema %d\noriginal %s\nstrict   %s\nnull paths %s\ninstance %s\nstripped %s\n%v", i, schema, res.Schema, adapter.PathsValue(res.NullPaths.Paths()), inst, args, err)
				}
			}
			// B: from the original schema to the strict one.
			inst = g.Instance(schema, schema)
			if original.Validate(propAny(inst)) == nil {
				checkedB++
				filled := schemagen.FillNulls(inst, res.NullPaths.Paths())
				if !adapter.Equal(filled, inst) {
					filledB++
				}
				if err := strict.Validate(propAny(filled)); err != nil {
					t.Fatalf("B: schema %d\noriginal %s\nstrict   %s\nnull paths %s\ninstance %s\nfilled   %s\n%v", i, schema, res.Schema, adapter.PathsValue(res.NullPaths.Paths()), inst, filled, err)
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
