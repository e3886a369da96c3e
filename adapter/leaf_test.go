package adapter

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// sameStrictOutcome fails unless two conversions of schema, one with plain leaves
// converted by child and one by node, agree on everything StrictSchema returns.
func sameStrictOutcome(t testing.TB, schema Value, a *StrictResult, aErr error, b *StrictResult, bErr error) {
	t.Helper()
	if fmt.Sprint(aErr) != fmt.Sprint(bErr) || (a == nil) != (b == nil) {
		t.Fatalf("errors differ: %v / %v\nin %s", aErr, bErr, schema)
	}
	if a == nil {
		return
	}
	if string(Marshal(a.Schema)) != string(Marshal(b.Schema)) || !sameAppendedNulls(a.Schema, b.Schema) {
		t.Fatalf("schemas differ:\n%s\n%s\nin %s", a.Schema, b.Schema, schema)
	}
	if pathsJSON(a.NullPaths.Paths()) != pathsJSON(b.NullPaths.Paths()) {
		t.Fatalf("null paths differ: %s / %s\nin %s", pathsJSON(a.NullPaths.Paths()), pathsJSON(b.NullPaths.Paths()), schema)
	}
	if droppedJSON(a.Dropped.List()) != droppedJSON(b.Dropped.List()) {
		t.Fatalf("dropped differ:\n%s\n%s\nin %s", droppedJSON(a.Dropped.List()), droppedJSON(b.Dropped.List()), schema)
	}
	if a.Removed != b.Removed {
		t.Fatalf("removed differ: %+v / %+v\nin %s", a.Removed, b.Removed, schema)
	}
	if fmt.Sprint(a.NullSites()) != fmt.Sprint(b.NullSites()) {
		t.Fatalf("null sites differ: %v / %v\nin %s", a.NullSites(), b.NullSites(), schema)
	}
}

// sameAppendedNulls compares the marks of appended nulls, which JSON text does
// not show.
func sameAppendedNulls(a, b Value) bool {
	if a.kind() != b.kind() || appendedNull(a) != appendedNull(b) {
		return false
	}
	switch a.kind() {
	case Array:
		for i, it := range a.items() {
			if !sameAppendedNulls(it, b.items()[i]) {
				return false
			}
		}
	case Object:
		for i, m := range a.mems() {
			if !sameAppendedNulls(m.Value(), b.mems()[i].Value()) {
				return false
			}
		}
	}
	return true
}

// TestLeafMatchesNode holds the plain-leaf conversion to the general one: random
// nodes made of the keywords a plain leaf may hold, and of some it may not (so
// that the border is crossed both ways), as optional and required properties and
// as array items, with and without default descriptions.
func TestLeafMatchesNode(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	parts := []string{
		`"type":"string"`, `"type":"integer"`, `"type":"number"`, `"type":"boolean"`, `"type":"null"`,
		`"type":["string","null"]`, `"type":"object"`, `"type":"array"`, `"type":"strin"`, `"type":1`,
		`"enum":["a","b"]`, `"enum":["a",null]`, `"enum":[]`, `"enum":"a"`, `"enum":[1,{"k":null}]`,
		`"description":"plain"`, `"description":"hid\u200bden"`, `"description":5`, `"title":"T"`, `"title":"\u00adsoft"`,
		`"pattern":"^a+$"`, `"pattern":"(?=a)b"`, `"pattern":3`,
		`"format":"date-time"`, `"format":"date"`, `"format":"uri-reference"`, `"format":false`,
		`"minimum":0`, `"maximum":1e3`, `"exclusiveMinimum":true`, `"minLength":"1"`, `"maxItems":10`,
		`"default":false`, `"default":"x\u200by"`, `"default":{"a":[1,null]}`, `"default":null`, `"default":-0.5`,
		`"examples":["a"]`, `"$comment":"c"`, `"deprecated":true`, `"readOnly":true`,
		`"const":"a"`, `"oneOf":[{"type":"string"}]`, `"items":{"type":"string"}`, `"properties":{}`,
		`"items":{"type":"array","items":{"type":"integer","default":1}}`, `"items":[{"type":"string"}]`,
		`"items":{"type":"object","properties":{"x":{"type":"string"}}}`, `"items":{"oneOf":[]}`, `"items":{}`,
		`"type":"array"`, `"maxItems":2`, `"minItems":true`,
		`"required":[]`, `"additionalProperties":false`, `"anyOf":[{"type":"string"}]`, `"$ref":"#"`, `"$defs":{}`,
	}
	compared := 0
	for i := range 4000 {
		var keys []string
		for range rng.IntN(6) {
			keys = append(keys, parts[rng.IntN(len(parts))])
		}
		node := "{" + strings.Join(keys, ",") + "}"
		root := `{"type":"object","properties":{"o":` + node + `,"r":` + node + `,"l":{"type":"array","items":` + node + `}},"required":["r","l"]}`
		schema, err := Decode([]byte(root))
		if err != nil {
			continue // a keyword written twice
		}
		opts := StrictOptions{NoDefaultDescriptions: i%3 == 0}
		res, err := StrictSchema(schema, opts)
		general, gerr := strictSchema(schema, opts, true)
		sameStrictOutcome(t, schema, res, err, general, gerr)
		compared++
	}
	if compared < 2000 {
		t.Fatalf("only %d of the random schemas were compared", compared)
	}
	// Decode refuses a key written twice; a Value built by hand may hold one.
	str, num := StringValue("string"), NumberValue("1")
	for _, mems := range [][]Member{
		{MemberOf("type", str), MemberOf("type", StringValue("integer"))},
		{MemberOf("type", str), MemberOf("minimum", num), MemberOf("minimum", NumberValue("2"))},
		{MemberOf("type", str), MemberOf("examples", num), MemberOf("examples", num)},
		{MemberOf("type", str), MemberOf("default", num), MemberOf("default", BoolValue(true))},
		{MemberOf("type", str), MemberOf("description", str), MemberOf("description", StringValue("x"))},
		{MemberOf("enum", ArrayValue(str)), MemberOf("enum", ArrayValue(num))},
		{MemberOf("type", str), MemberOf("title", str), MemberOf("title", StringValue("y"))},
		{MemberOf("type", str), MemberOf("format", StringValue("date")), MemberOf("format", StringValue("email"))},
		{MemberOf("type", str), MemberOf("pattern", StringValue("^a")), MemberOf("pattern", StringValue("(?=a)"))},
		{MemberOf("type", StringValue("array")), MemberOf("items", ObjectValue(MemberOf("type", str))),
			MemberOf("items", ObjectValue(MemberOf("type", num)))},
	} {
		node := ObjectValue(mems...)
		schema := ObjectValue(MemberOf("type", StringValue("object")), MemberOf("properties", ObjectValue(
			MemberOf("o", node), MemberOf("r", node), MemberOf("l", ObjectValue(MemberOf("type", StringValue("array")), MemberOf("items", node))))),
			MemberOf("required", ArrayValue(StringValue("r"), StringValue("l"))))
		res, err := StrictSchema(schema, StrictOptions{})
		general, gerr := strictSchema(schema, StrictOptions{}, true)
		sameStrictOutcome(t, schema, res, err, general, gerr)
	}
}

// TestLeafMatchesNodeOnTheCorpus converts every real tool schema both ways.
func TestLeafMatchesNodeOnTheCorpus(t *testing.T) {
	schemas := corpusInputSchemas()
	if len(schemas) == 0 {
		t.Skip("corpus not available")
	}
	for _, schema := range schemas {
		for _, noDefaults := range []bool{false, true} {
			opts := StrictOptions{NoDefaultDescriptions: noDefaults}
			res, err := StrictSchema(schema, opts)
			general, gerr := strictSchema(schema, opts, true)
			sameStrictOutcome(t, schema, res, err, general, gerr)
		}
	}
	t.Logf("%d schemas compared", len(schemas))
}

// TestClassify: every keyword strict mode knows has its class, whether
// leafClass (the plain leaf's keywords, told apart first) or
// classifyKey names it, and any other key is kwOther.
func TestClassify(t *testing.T) {
	want := map[string]keyword{
		"type": kwType, "properties": kwProperties, "required": kwRequired,
		"additionalProperties": kwAdditionalProperties, "items": kwItems, "enum": kwEnum,
		"const": kwConst, "anyOf": kwAnyOf, "$ref": kwRef, "description": kwDescription,
		"title": kwTitle, "pattern": kwPattern, "format": kwFormat, "$defs": kwDefs,
		"definitions": kwDefs, "default": kwDefault,
		"examples": kwOther, "$id": kwOther, "": kwOther, "Type": kwOther, "typ": kwOther, "types": kwOther,
	}
	for _, k := range []string{"minLength", "maxLength", "multipleOf", "minimum", "maximum",
		"exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems"} {
		want[k] = kwNumeric
	}
	for _, k := range []string{"allOf", "oneOf", "not", "if", "then", "else", "patternProperties",
		"propertyNames", "unevaluatedProperties", "prefixItems", "$dynamicRef", "$recursiveRef"} {
		want[k] = kwUnsupported
	}
	for key, k := range want {
		if got := classify(key); got != k {
			t.Errorf("classify(%q) = %d, want %d", key, got, k)
		}
		if got := leafClass(key); got != kwUnknown && got != k {
			t.Errorf("leafClass(%q) = %d, want %d or kwUnknown", key, got, k)
		}
		if leafOnce&(1<<k) != 0 || k == kwNumeric {
			if got := leafClass(key); got != k {
				t.Errorf("leafClass(%q) = %d: a plain leaf's keyword must be told apart first", key, got)
			}
		}
	}
}
