package adapter

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// Wrapping helpers for the expectations below: an object schema with the given
// properties JSON, all of them required, or none of them.
func objectSchema(props string, required string) string {
	return `{"type":"object","properties":{` + props + `},"required":[` + required + `]}`
}

// strictObjectSchema is the strict form of an object whose input already listed props in
// that order and required sortedRequired.
func strictObjectSchema(props string, sortedRequired string) string {
	return `{"type":"object","properties":{` + props + `},"required":[` + sortedRequired + `],"additionalProperties":false}`
}

// TestStrictRootIsCheckedFirst: the root must be an object with "type": "object"
// and no anyOf or $ref; an object without properties gets empty ones.
func TestStrictRootIsCheckedFirst(t *testing.T) {
	runStrictCases(t, []strictCase{
		{name: "argument-less tool", in: `{"type":"object"}`,
			want: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`, nulls: `[]`, dropped: `[]`},
		{name: "empty properties", in: `{"type":"object","properties":{}}`,
			want: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`, nulls: `[]`, dropped: `[]`},
		{name: "additionalProperties false and no properties", in: `{"type":"object","additionalProperties":false}`,
			want: `{"type":"object","additionalProperties":false,"properties":{},"required":[]}`, nulls: `[]`},
		{name: "empty required kept in place", in: `{"required":[],"type":"object"}`,
			want: `{"required":[],"type":"object","properties":{},"additionalProperties":false}`},
		{name: "$schema dropped", in: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}`,
			want: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`, dropped: `[{"path":["$schema"],"keyword":"$schema"}]`},
		{name: "description kept before added keys", in: `{"type":"object","description":"Args"}`,
			want: `{"type":"object","description":"Args","properties":{},"required":[],"additionalProperties":false}`},
		{name: "root default dropped without text", in: `{"type":"object","default":{}}`,
			want: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`, dropped: `[{"path":["default"],"keyword":"default"}]`},
		{name: "simple", in: objectSchema(`"q":{"type":"string"}`, `"q"`), want: strictObjectSchema(`"q":{"type":"string"}`, `"q"`), nulls: `[]`, dropped: `[]`},

		{name: "anyOf root", in: `{"anyOf":[{"type":"object"}]}`, errPath: `[]`, errKeyword: "anyOf"},
		{name: "anyOf root with type object", in: `{"type":"object","anyOf":[{"type":"object"}]}`, errPath: `[]`, errKeyword: "anyOf"},
		{name: "anyOf checked before type", in: `{"type":"string","anyOf":[]}`, errPath: `[]`, errKeyword: "anyOf"},
		{name: "array root", in: `{"type":"array","items":{"type":"string"}}`, errPath: `[]`, errKeyword: "type"},
		{name: "no type", in: `{"properties":{"a":{"type":"string"}}}`, errPath: `[]`, errKeyword: "type"},
		{name: "type list object", in: `{"type":["object"]}`, errPath: `[]`, errKeyword: "type"},
		{name: "type list object null", in: `{"type":["object","null"]}`, errPath: `[]`, errKeyword: "type"},
		{name: "type not a string", in: `{"type":1}`, errPath: `[]`, errKeyword: "type"},
		{name: "type Object", in: `{"type":"Object"}`, errPath: `[]`, errKeyword: "type"},
		{name: "$ref root with type", in: `{"type":"object","$ref":"#/$defs/a","$defs":{"a":{"type":"object"}}}`, errPath: `[]`, errKeyword: "$ref"},
		{name: "$ref root with type, first", in: `{"$ref":"#","type":"object"}`, errPath: `[]`, errKeyword: "$ref"},
		{name: "$ref root without type fails on type first", in: `{"$ref":"#/$defs/a","$defs":{"a":{"type":"object"}}}`, errPath: `[]`, errKeyword: "type"},
		{name: "true", in: `true`, errPath: `[]`, errKeyword: "type"},
		{name: "false", in: `false`, errPath: `[]`, errKeyword: "type"},
		{name: "null", in: `null`, errPath: `[]`, errKeyword: "type"},
		{name: "array", in: `[]`, errPath: `[]`, errKeyword: "type"},
		{name: "string", in: `"object"`, errPath: `[]`, errKeyword: "type"},
		{name: "additionalProperties true", in: `{"type":"object","additionalProperties":true}`, errPath: `[]`, errKeyword: "additionalProperties"},
		{name: "additionalProperties schema", in: `{"type":"object","additionalProperties":{"type":"string"}}`, errPath: `[]`, errKeyword: "additionalProperties"},
		{name: "additionalProperties empty schema", in: `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{}}`, errPath: `[]`, errKeyword: "additionalProperties"},
	})
}

// TestStrictNodeThatIsNotAnObjectFails: a node that is not a JSON object fails
// with type.
func TestStrictNodeThatIsNotAnObjectFails(t *testing.T) {
	var cases []strictCase
	for _, bad := range []string{`true`, `false`, `null`, `1`, `"string"`, `[]`, `[{"type":"string"}]`} {
		cases = append(cases,
			strictCase{name: "property " + bad, in: objectSchema(`"a":`+bad, `"a"`), errPath: `["properties","a"]`, errKeyword: "type"},
			strictCase{name: "optional property " + bad, in: objectSchema(`"a":{"type":"string"},"b":`+bad, ``), errPath: `["properties","b"]`, errKeyword: "type"},
			strictCase{name: "anyOf branch " + bad, in: objectSchema(`"a":{"anyOf":[{"type":"string"},`+bad+`]}`, `"a"`), errPath: `["properties","a","anyOf",1]`, errKeyword: "type"},
			strictCase{name: "reachable definition " + bad, in: `{"type":"object","properties":{"a":{"$ref":"#/$defs/d"}},"required":["a"],"$defs":{"d":` + bad + `}}`, errPath: `["$defs","d"]`, errKeyword: "type"},
		)
		if bad != `[]` && bad != `[{"type":"string"}]` { // items as an array is step 2's tuple form
			cases = append(cases, strictCase{name: "items " + bad, in: objectSchema(`"a":{"type":"array","items":`+bad+`}`, `"a"`), errPath: `["properties","a","items"]`, errKeyword: "type"})
		}
	}
	cases = append(cases,
		strictCase{name: "unreachable definition is not converted", in: `{"type":"object","$defs":{"d":true}}`,
			want: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`, dropped: `[{"path":["$defs","d"],"keyword":"$defs"}]`},
		strictCase{name: "deep", in: objectSchema(`"a":`+objectSchema(`"b":{"type":"array","items":{"anyOf":[false]}}`, `"b"`), `"a"`), errPath: `["properties","a","properties","b","items","anyOf",0]`, errKeyword: "type"},
	)
	runStrictCases(t, cases)
}

// TestStrictUnsupportedKeywordsFail: an unsupported keyword fails the node, the
// first in the node's key order; items as an array counts as one more.
func TestStrictUnsupportedKeywordsFail(t *testing.T) {
	unsupported := []string{"allOf", "not", "oneOf", "if", "then", "else", "dependentRequired", "dependentSchemas", "dependencies", "patternProperties", "unevaluatedProperties", "unevaluatedItems", "propertyNames", "prefixItems", "contains", "minContains", "maxContains", "$dynamicRef", "$recursiveRef"}
	var cases []strictCase
	for _, kw := range unsupported {
		cases = append(cases,
			strictCase{name: kw + " on a property", in: objectSchema(`"v":{"type":"string","`+kw+`":{}}`, ``), errPath: `["properties","v"]`, errKeyword: kw},
			strictCase{name: kw + " at the root", in: `{"type":"object","` + kw + `":[]}`, errPath: `[]`, errKeyword: kw},
			strictCase{name: kw + " beside a $ref", in: `{"type":"object","properties":{"v":{"$ref":"#/$defs/d","` + kw + `":1}},"$defs":{"d":{"type":"string"}}}`, errPath: `["properties","v"]`, errKeyword: kw},
			strictCase{name: kw + " in items", in: objectSchema(`"v":{"type":"array","items":{"`+kw+`":null,"type":"string"}}`, `"v"`), errPath: `["properties","v","items"]`, errKeyword: kw},
		)
	}
	cases = append(cases,
		strictCase{name: "oneOf on a property", in: `{"type":"object","properties":{"v":{"oneOf":[{"type":"string"}]}}}`, errPath: `["properties","v"]`, errKeyword: "oneOf"},
		strictCase{name: "first in key order", in: objectSchema(`"v":{"type":"string","not":{},"allOf":[]}`, ``), errPath: `["properties","v"]`, errKeyword: "not"},
		strictCase{name: "first in key order, reversed", in: objectSchema(`"v":{"allOf":[],"type":"string","not":{}}`, ``), errPath: `["properties","v"]`, errKeyword: "allOf"},
		strictCase{name: "items tuple", in: objectSchema(`"v":{"type":"array","items":[{"type":"string"}]}`, ``), errPath: `["properties","v"]`, errKeyword: "items"},
		strictCase{name: "empty items tuple", in: objectSchema(`"v":{"type":"array","items":[]}`, ``), errPath: `["properties","v"]`, errKeyword: "items"},
		strictCase{name: "items tuple before oneOf", in: objectSchema(`"v":{"type":"array","items":[],"oneOf":[]}`, ``), errPath: `["properties","v"]`, errKeyword: "items"},
		strictCase{name: "oneOf before items tuple", in: objectSchema(`"v":{"oneOf":[],"type":"array","items":[]}`, ``), errPath: `["properties","v"]`, errKeyword: "oneOf"},
		strictCase{name: "items tuple on a non-array still counts", in: objectSchema(`"v":{"type":"string","items":[]}`, ``), errPath: `["properties","v"]`, errKeyword: "items"},
		strictCase{name: "unsupported before a bad type", in: objectSchema(`"v":{"type":"nope","if":{}}`, ``), errPath: `["properties","v"]`, errKeyword: "if"},
		strictCase{name: "unsupported before a bad $ref", in: objectSchema(`"v":{"$ref":"http://x","allOf":[]}`, ``), errPath: `["properties","v"]`, errKeyword: "allOf"},
		strictCase{name: "unsupported before a missing type", in: objectSchema(`"v":{"oneOf":[]}`, ``), errPath: `["properties","v"]`, errKeyword: "oneOf"},
		strictCase{name: "inside a dropped properties is not a node", in: objectSchema(`"v":{"type":"string","properties":{"x":{"oneOf":[]}}}`, `"v"`),
			want: strictObjectSchema(`"v":{"type":"string"}`, `"v"`), dropped: `[{"path":["properties","v","properties"],"keyword":"properties"}]`},
		strictCase{name: "inside examples is not a node", in: objectSchema(`"v":{"type":"string","examples":[{"oneOf":[]}]}`, `"v"`),
			want: strictObjectSchema(`"v":{"type":"string"}`, `"v"`), dropped: `[{"path":["properties","v","examples"],"keyword":"examples"}]`},
		strictCase{name: "inside an unreachable definition", in: `{"type":"object","$defs":{"d":{"oneOf":[]}}}`,
			want: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`, dropped: `[{"path":["$defs","d"],"keyword":"$defs"}]`},
		strictCase{name: "a property named like a keyword is fine", in: objectSchema(`"oneOf":{"type":"string"},"not":{"type":"string"}`, `"oneOf","not"`),
			want: strictObjectSchema(`"oneOf":{"type":"string"},"not":{"type":"string"}`, `"not","oneOf"`)},
	)
	runStrictCases(t, cases)
}

// TestStrictRefFormsResolutionAndSiblings: a $ref must be local and resolve, and
// keeps no siblings: description and title move onto a wrapper, others fail.
func TestStrictRefFormsResolutionAndSiblings(t *testing.T) {
	defs := `"$defs":{"d":{"type":"string"},"a/b":{"type":"integer"},"a~b":{"type":"boolean"},"a%20b":{"type":"number"},"n":{"type":["string","null"]}}`
	with := func(prop string, required string) string {
		return `{"type":"object","properties":{"v":` + prop + `},"required":[` + required + `],` + defs + `}`
	}
	withDefs := func(prop string, keptDefs string) string {
		return `{"type":"object","properties":{"v":` + prop + `},"required":["v"],"$defs":{` + keptDefs + `},"additionalProperties":false}`
	}
	unreachable := func(except ...string) string {
		out := `[`
		for _, n := range []string{"d", "a/b", "a~b", "a%20b", "n"} {
			skip := false
			for _, e := range except {
				skip = skip || e == n
			}
			if !skip {
				if len(out) > 1 {
					out += ","
				}
				out += `{"path":["$defs","` + n + `"],"keyword":"$defs"}`
			}
		}
		return out
	}
	runStrictCases(t, []strictCase{
		{name: "#/$defs/NAME", in: with(`{"$ref":"#/$defs/d"}`, `"v"`), want: withDefs(`{"$ref":"#/$defs/d"}`, `"d":{"type":"string"}`), nulls: `[]`, dropped: unreachable("d") + `]`},
		{name: "~1 decodes to /", in: with(`{"$ref":"#/$defs/a~1b"}`, `"v"`), want: withDefs(`{"$ref":"#/$defs/a~1b"}`, `"a/b":{"type":"integer"}`)},
		{name: "~0 decodes to ~", in: with(`{"$ref":"#/$defs/a~0b"}`, `"v"`), want: withDefs(`{"$ref":"#/$defs/a~0b"}`, `"a~b":{"type":"boolean"}`)},
		{name: "percent is not decoded", in: with(`{"$ref":"#/$defs/a%20b"}`, `"v"`), want: withDefs(`{"$ref":"#/$defs/a%20b"}`, `"a%20b":{"type":"number"}`)},
		{name: "#/definitions/NAME", in: `{"type":"object","properties":{"v":{"$ref":"#/definitions/x"}},"required":["v"],"definitions":{"x":{"type":"string"}}}`,
			want: `{"type":"object","properties":{"v":{"$ref":"#/definitions/x"}},"required":["v"],"definitions":{"x":{"type":"string"}},"additionalProperties":false}`},
		{name: "# is the root", in: `{"type":"object","properties":{"v":{"$ref":"#"}},"required":["v"]}`,
			want: `{"type":"object","properties":{"v":{"$ref":"#"}},"required":["v"],"additionalProperties":false}`, nulls: `[]`},

		{name: "~2 fails", in: with(`{"$ref":"#/$defs/a~2b"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "trailing ~ fails", in: with(`{"$ref":"#/$defs/a~"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "a space is not %20", in: `{"type":"object","properties":{"v":{"$ref":"#/$defs/a%20b"}},"$defs":{"a b":{"type":"string"}}}`, errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "unresolved", in: with(`{"$ref":"#/$defs/missing"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "wrong container", in: with(`{"$ref":"#/definitions/d"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "not local", in: with(`{"$ref":"other.json#/$defs/d"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "URL", in: with(`{"$ref":"https://example.com/s.json"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "pointer to a property", in: with(`{"$ref":"#/properties/v"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "nested pointer", in: with(`{"$ref":"#/$defs/d/type"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "anchor", in: with(`{"$ref":"#foo"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "empty", in: with(`{"$ref":""}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "not a string", in: with(`{"$ref":1}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "$defs not an object does not resolve", in: `{"type":"object","properties":{"v":{"$ref":"#/$defs/d"}},"required":["v"],"$defs":[]}`, errPath: `[]`, errKeyword: "$defs"},

		// Siblings.
		{name: "description moves onto a wrapper", in: with(`{"$ref":"#/$defs/d","description":"The d"}`, `"v"`),
			want: withDefs(`{"anyOf":[{"$ref":"#/$defs/d"}],"description":"The d"}`, `"d":{"type":"string"}`)},
		{name: "title and description keep their order", in: with(`{"title":"T","$ref":"#/$defs/d","description":"D"}`, `"v"`),
			want: withDefs(`{"anyOf":[{"$ref":"#/$defs/d"}],"title":"T","description":"D"}`, `"d":{"type":"string"}`)},
		{name: "description cleaned on the wrapper", in: with(`{"$ref":"#/$defs/d","description":"D\u200b"}`, `"v"`),
			want: withDefs(`{"anyOf":[{"$ref":"#/$defs/d"}],"description":"D"}`, `"d":{"type":"string"}`)},
		{name: "non-string description dropped, no wrapper", in: with(`{"$ref":"#/$defs/d","description":5}`, `"v"`),
			want: withDefs(`{"$ref":"#/$defs/d"}`, `"d":{"type":"string"}`), dropped: unreachable("d") + `,{"path":["properties","v","description"],"keyword":"description"}]`},
		{name: "dropped siblings go", in: with(`{"$ref":"#/$defs/d","examples":["x"],"$comment":"c","default":"x","deprecated":true,"x-vendor":1}`, `"v"`),
			want:    withDefs(`{"anyOf":[{"$ref":"#/$defs/d"}],"description":"Default: \"x\"."}`, `"d":{"type":"string"}`),
			dropped: unreachable("d") + `,{"path":["properties","v","examples"],"keyword":"examples"},{"path":["properties","v","$comment"],"keyword":"$comment"},{"path":["properties","v","default"],"keyword":"default"},{"path":["properties","v","deprecated"],"keyword":"deprecated"},{"path":["properties","v","x-vendor"],"keyword":"x-vendor"}]`},
		{name: "object and array keywords without type go", in: with(`{"$ref":"#/$defs/d","properties":{"x":{}},"required":["x"],"additionalProperties":true,"items":{}}`, `"v"`),
			want:    withDefs(`{"$ref":"#/$defs/d"}`, `"d":{"type":"string"}`),
			dropped: unreachable("d") + `,{"path":["properties","v","properties"],"keyword":"properties"},{"path":["properties","v","required"],"keyword":"required"},{"path":["properties","v","additionalProperties"],"keyword":"additionalProperties"},{"path":["properties","v","items"],"keyword":"items"}]`},
		{name: "unsupported format goes", in: with(`{"$ref":"#/$defs/d","format":"uri"}`, `"v"`), want: withDefs(`{"$ref":"#/$defs/d"}`, `"d":{"type":"string"}`)},
		{name: "look-around pattern goes", in: with(`{"$ref":"#/$defs/d","pattern":"(?=x)"}`, `"v"`), want: withDefs(`{"$ref":"#/$defs/d"}`, `"d":{"type":"string"}`)},
		{name: "nested $defs goes", in: with(`{"$ref":"#/$defs/d","$defs":{"z":{"type":"string"}}}`, `"v"`), want: withDefs(`{"$ref":"#/$defs/d"}`, `"d":{"type":"string"}`)},
		{name: "type sibling fails", in: with(`{"$ref":"#/$defs/d","type":"string"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "type sibling before the $ref fails", in: with(`{"type":"string","$ref":"#/$defs/d"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "enum sibling fails", in: with(`{"$ref":"#/$defs/d","enum":["a"]}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "const sibling fails", in: with(`{"$ref":"#/$defs/d","const":"a"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "anyOf sibling fails", in: with(`{"$ref":"#/$defs/d","anyOf":[{"type":"string"}]}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "minLength sibling fails", in: with(`{"$ref":"#/$defs/d","minLength":1}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "kept format sibling fails", in: with(`{"$ref":"#/$defs/d","format":"date"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "plain pattern sibling fails", in: with(`{"$ref":"#/$defs/d","pattern":"^a"}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "nested $ref sibling fails", in: with(`{"$ref":"#/$defs/d","maximum":1}`, `"v"`), errPath: `["properties","v"]`, errKeyword: "$ref"},

		// Optional $ref properties.
		{name: "optional $ref is wrapped", in: with(`{"$ref":"#/$defs/d"}`, ``),
			want: withDefs(`{"anyOf":[{"$ref":"#/$defs/d"},{"type":"null"}]}`, `"d":{"type":"string"}`), nulls: `[["v"]]`},
		{name: "optional $ref with description", in: with(`{"description":"D","$ref":"#/$defs/d"}`, ``),
			want: withDefs(`{"anyOf":[{"$ref":"#/$defs/d"},{"type":"null"}],"description":"D"}`, `"d":{"type":"string"}`), nulls: `[["v"]]`},
		{name: "optional $ref with description and default", in: with(`{"description":"D","$ref":"#/$defs/d","default":"x"}`, ``),
			want: withDefs(`{"anyOf":[{"$ref":"#/$defs/d"},{"type":"null"}],"description":"D Default: \"x\"."}`, `"d":{"type":"string"}`), nulls: `[["v"]]`},
		{name: "optional $ref to a nullable definition is unchanged", in: with(`{"$ref":"#/$defs/n"}`, ``),
			want: withDefs(`{"$ref":"#/$defs/n"}`, `"n":{"type":["string","null"]}`), nulls: `[]`},
	})
}

// TestStrictRefErrorsSayWhatIsWrong: a $ref strict mode does not accept fails with
// a message that says
// what is wrong with it, from the converter and from CheckStrict alike.
func TestStrictRefErrorsSayWhatIsWrong(t *testing.T) {
	for _, tc := range []struct{ ref, says string }{
		{`other.json#/$defs/d`, `is not local`},
		{`https://example.com/s.json`, `is not local`},
		{``, `is empty`},
		{`#foo`, `does not point to a definition`},
		{`#/properties/v`, `does not point to a definition`},
		{`#/$defs/`, `does not point to a definition`},
		{`#/$defs/d/type`, `points inside the definition "d"`},
		{`#/definitions/a~1b/items`, `points inside the definition "a~1b"`},
		{`#/$defs/a~2b`, `holds "~2", which is not an escape (~0 stands for ~ and ~1 for /)`},
		{`#/$defs/a~`, `holds "~", which is not an escape`},
		{`#/$defs/a~0~`, `holds "~", which is not an escape`},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			ref, _ := json.Marshal(tc.ref)
			schema := jsonValue(t, `{"type":"object","properties":{"v":{"$ref":`+string(ref)+`}},"required":["v"],"$defs":{"d":{"type":"string"}}}`)
			_, err := StrictSchema(schema, StrictOptions{})
			var se *StrictError
			if !errors.As(err, &se) || se.Keyword != "$ref" {
				t.Fatalf("want a $ref error, got %v", err)
			}
			if want := "$ref " + termsafe.Quote(tc.ref) + " " + tc.says; !strings.HasPrefix(se.Message, want) {
				t.Errorf("StrictSchema says %q, want it to start %q", se.Message, want)
			}
			vs := CheckStrict(schema)
			found := false
			for _, v := range vs {
				found = found || v.Keyword == "$ref" && strings.HasPrefix(v.Message, "this $ref "+tc.says)
			}
			if !found {
				t.Errorf("CheckStrict says %v, want a $ref violation that starts %q", vs, "this $ref "+tc.says)
			}
		})
	}
}

// TestStrictTypesAndKeywordKinds: type names, what a node must say, and the kinds
// of kept keywords.
func TestStrictTypesAndKeywordKinds(t *testing.T) {
	prop := func(p string) string { return objectSchema(`"v":`+p, `"v"`) }
	strictProp := func(p string) string { return strictObjectSchema(`"v":`+p, `"v"`) }
	fail := func(name, p, kw string) strictCase {
		return strictCase{name: name, in: prop(p), errPath: `["properties","v"]`, errKeyword: kw}
	}
	ok := func(name, p, want string) strictCase {
		return strictCase{name: name, in: prop(p), want: strictProp(want)}
	}
	var cases []strictCase
	for _, typ := range []string{"string", "number", "integer", "boolean", "null"} {
		cases = append(cases, ok("type "+typ, `{"type":"`+typ+`"}`, `{"type":"`+typ+`"}`))
	}
	cases = append(cases,
		ok("type list", `{"type":["string","integer"]}`, `{"type":["string","integer"]}`),
		ok("type list with duplicates kept", `{"type":["string","string"]}`, `{"type":["string","string"]}`),
		ok("type list of one", `{"type":["boolean"]}`, `{"type":["boolean"]}`),
		ok("enum alone", `{"enum":["a",1,null,{"x":[]}]}`, `{"enum":["a",1,null,{"x":[]}]}`),
		ok("const alone", `{"const":{"a":1}}`, `{"const":{"a":1}}`),
		ok("anyOf alone", `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, `{"anyOf":[{"type":"string"},{"type":"integer"}]}`),
		ok("non-string description dropped", `{"type":"string","description":["x"]}`, `{"type":"string"}`),
		ok("non-string title dropped", `{"type":"string","title":null}`, `{"type":"string"}`),
		ok("all numeric keywords kept", `{"type":"number","multipleOf":0.5,"minimum":-1,"maximum":1e3,"exclusiveMinimum":-2,"exclusiveMaximum":2000}`, `{"type":"number","multipleOf":0.5,"minimum":-1,"maximum":1e3,"exclusiveMinimum":-2,"exclusiveMaximum":2000}`),
		ok("string and array numeric keywords kept", `{"type":["string","array"],"minLength":1,"maxLength":2,"minItems":0,"maxItems":9,"items":{"type":"string"}}`, `{"type":["string","array"],"minLength":1,"maxLength":2,"minItems":0,"maxItems":9,"items":{"type":"string"}}`),
		ok("properties of the wrong kind on a non-object are dropped", `{"type":"string","properties":5,"required":"x"}`, `{"type":"string"}`),
		ok("dropped keywords of the wrong kind are not checked", `{"type":"string","minProperties":"x","uniqueItems":3,"default":{}}`, `{"type":"string","description":"Default: {}."}`),

		fail("unknown type name", `{"type":"text"}`, "type"),
		fail("type name with capital", `{"type":"String"}`, "type"),
		fail("unknown name in a list", `{"type":["string","text"]}`, "type"),
		fail("non-string in a list", `{"type":["string",1]}`, "type"),
		fail("null in a list", `{"type":[null]}`, "type"),
		fail("empty type list", `{"type":[]}`, "type"),
		fail("type a number", `{"type":5}`, "type"),
		fail("type an object", `{"type":{}}`, "type"),
		fail("type null", `{"type":null}`, "type"),
		fail("nothing said", `{"description":"anything"}`, "type"),
		fail("empty schema", `{}`, "type"),
		fail("only bounds", `{"minimum":1}`, "type"),
		fail("only format", `{"format":"date"}`, "type"),
		fail("enum a string", `{"enum":"a"}`, "enum"),
		fail("enum an object", `{"type":"string","enum":{}}`, "enum"),
		fail("enum null", `{"enum":null}`, "enum"),
		fail("anyOf empty", `{"anyOf":[]}`, "anyOf"),
		fail("anyOf an object", `{"anyOf":{"type":"string"}}`, "anyOf"),
		fail("anyOf with type, not an array", `{"type":"string","anyOf":"x"}`, "anyOf"),
		fail("properties an array", `{"type":"object","properties":[],"additionalProperties":false}`, "properties"),
		fail("properties a string", `{"type":["object","null"],"properties":"x","additionalProperties":false}`, "properties"),
		fail("required a string", `{"type":"object","properties":{"a":{"type":"string"}},"required":"a"}`, "required"),
		fail("required an object", `{"type":"object","properties":{"a":{"type":"string"}},"required":{}}`, "required"),
		fail("pattern a number", `{"type":"string","pattern":5}`, "pattern"),
		fail("format a number", `{"type":"string","format":5}`, "format"),
		fail("format null", `{"type":"string","format":null}`, "format"),
		fail("minLength a string", `{"type":"string","minLength":"1"}`, "minLength"),
		fail("maxLength null", `{"type":"string","maxLength":null}`, "maxLength"),
		fail("multipleOf an array", `{"type":"number","multipleOf":[2]}`, "multipleOf"),
		fail("minimum a string", `{"type":"number","minimum":"0"}`, "minimum"),
		fail("maximum true", `{"type":"number","maximum":true}`, "maximum"),
		fail("minItems an object", `{"type":"array","items":{"type":"string"},"minItems":{}}`, "minItems"),
		fail("maxItems a string", `{"type":"array","items":{"type":"string"},"maxItems":"2"}`, "maxItems"),
		fail("draft-04 exclusiveMinimum", `{"type":"number","minimum":0,"exclusiveMinimum":true}`, "exclusiveMinimum"),
		fail("draft-04 exclusiveMaximum false", `{"type":"number","maximum":0,"exclusiveMaximum":false}`, "exclusiveMaximum"),
		strictCase{name: "root $defs an array", in: `{"type":"object","$defs":[]}`, errPath: `[]`, errKeyword: "$defs"},
		strictCase{name: "root definitions a string", in: `{"type":"object","definitions":"x"}`, errPath: `[]`, errKeyword: "definitions"},
		strictCase{name: "nested $defs of the wrong kind is dropped", in: prop(`{"type":"string","$defs":[]}`), want: strictProp(`{"type":"string"}`),
			dropped: `[{"path":["properties","v","$defs"],"keyword":"$defs"}]`},
		strictCase{name: "required entries that are not strings or not properties are ignored",
			in:    `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a",1,null,"zz",["b"]]}`,
			want:  `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":["string","null"]}},"required":["a","b"],"additionalProperties":false}`,
			nulls: `[["b"]]`},
		strictCase{name: "type list duplicates kept when made nullable",
			in:   objectSchema(`"v":{"type":["string","string"]}`, ``),
			want: strictObjectSchema(`"v":{"type":["string","string","null"]}`, `"v"`), nulls: `[["v"]]`},
	)
	runStrictCases(t, cases)
}

// TestStrictObjectsAreClosedAndRequireEveryProperty: an object gets
// "additionalProperties": false and requires every property; an open object or a
// free-form map fails.
func TestStrictObjectsAreClosedAndRequireEveryProperty(t *testing.T) {
	prop := func(p string) string { return objectSchema(`"o":`+p, `"o"`) }
	strictProp := func(p string) string { return strictObjectSchema(`"o":`+p, `"o"`) }
	runStrictCases(t, []strictCase{
		{name: "additionalProperties true", in: prop(`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":true}`), errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "additionalProperties schema", in: prop(`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"string"}}`), errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "additionalProperties empty schema", in: prop(`{"type":"object","additionalProperties":{}}`), errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "additionalProperties null", in: prop(`{"type":"object","additionalProperties":null}`), errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "additionalProperties \"false\"", in: prop(`{"type":"object","additionalProperties":"false"}`), errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "free-form map", in: prop(`{"type":"object"}`), errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "free-form map with empty properties", in: prop(`{"type":"object","properties":{}}`), errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "free-form map in a type list", in: prop(`{"type":["object","null"]}`), errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "free-form map in items", in: prop(`{"type":"array","items":{"type":"object","description":"any"}}`), errPath: `["properties","o","items"]`, errKeyword: "additionalProperties"},
		{name: "free-form map in a definition", in: `{"type":"object","properties":{"o":{"$ref":"#/$defs/m"}},"$defs":{"m":{"type":"object"}}}`, errPath: `["$defs","m"]`, errKeyword: "additionalProperties"},
		{name: "additionalProperties false without properties gets properties",
			in:   prop(`{"type":"object","additionalProperties":false}`),
			want: strictProp(`{"type":"object","additionalProperties":false,"properties":{},"required":[]}`)},
		{name: "empty properties with additionalProperties false",
			in:   prop(`{"type":"object","properties":{},"additionalProperties":false}`),
			want: strictProp(`{"type":"object","properties":{},"additionalProperties":false,"required":[]}`)},
		{name: "every object gets additionalProperties false and every name in required, sorted",
			in:    prop(`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"},"C":{"type":"string"},"_":{"type":"string"},"é":{"type":"string"},"z":{"type":"string"},"aa":{"type":"string"},"a b":{"type":"string"}},"required":["b","a","C","_","é","z","aa","a b"]}`),
			want:  strictProp(`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"},"C":{"type":"string"},"_":{"type":"string"},"é":{"type":"string"},"z":{"type":"string"},"aa":{"type":"string"},"a b":{"type":"string"}},"required":["C","_","a","a b","aa","b","z","é"],"additionalProperties":false}`),
			nulls: `[]`},
		{name: "many properties sort the same way",
			in:   prop(`{"type":"object","properties":{"p9":{"type":"string"},"p10":{"type":"string"},"p1":{"type":"string"},"p100000000":{"type":"string"},"p10000000":{"type":"string"},"P":{"type":"string"},"p":{"type":"string"},"p0":{"type":"string"},"p00000000":{"type":"string"},"p0000000":{"type":"string"}},"required":["p9","p10","p1","p100000000","p10000000","P","p","p0","p00000000","p0000000"]}`),
			want: strictProp(`{"type":"object","properties":{"p9":{"type":"string"},"p10":{"type":"string"},"p1":{"type":"string"},"p100000000":{"type":"string"},"p10000000":{"type":"string"},"P":{"type":"string"},"p":{"type":"string"},"p0":{"type":"string"},"p00000000":{"type":"string"},"p0000000":{"type":"string"}},"required":["P","p","p0","p0000000","p00000000","p1","p10","p10000000","p100000000","p9"],"additionalProperties":false}`)},
		{name: "object in a type list",
			in:    prop(`{"type":["object","null"],"properties":{"x":{"type":"string"}}}`),
			want:  strictProp(`{"type":["object","null"],"properties":{"x":{"type":["string","null"]}},"required":["x"],"additionalProperties":false}`),
			nulls: `[["o","x"]]`},
		{name: "object keywords dropped on a non-object",
			in:      prop(`{"type":"string","properties":{"x":{"type":"string"}},"required":["x"],"additionalProperties":false}`),
			want:    strictProp(`{"type":"string"}`),
			dropped: `[{"path":["properties","o","properties"],"keyword":"properties"},{"path":["properties","o","required"],"keyword":"required"},{"path":["properties","o","additionalProperties"],"keyword":"additionalProperties"}]`},
		{name: "object keywords dropped on an enum without type",
			in:      prop(`{"enum":["a"],"properties":{},"additionalProperties":true}`),
			want:    strictProp(`{"enum":["a"]}`),
			dropped: `[{"path":["properties","o","properties"],"keyword":"properties"},{"path":["properties","o","additionalProperties"],"keyword":"additionalProperties"}]`},
		{name: "items dropped on a non-array",
			in:      prop(`{"type":"string","items":{"type":"string"}}`),
			want:    strictProp(`{"type":"string"}`),
			dropped: `[{"path":["properties","o","items"],"keyword":"items"}]`},
		{name: "items dropped on an anyOf node",
			in:      prop(`{"anyOf":[{"type":"string"}],"items":{"oneOf":[]}}`),
			want:    strictProp(`{"anyOf":[{"type":"string"}]}`),
			dropped: `[{"path":["properties","o","items"],"keyword":"items"}]`},
		{name: "object and array at once",
			in:   prop(`{"type":["array","object"],"items":{"type":"string"},"properties":{"k":{"type":"integer"}},"required":["k"]}`),
			want: strictProp(`{"type":["array","object"],"items":{"type":"string"},"properties":{"k":{"type":"integer"}},"required":["k"],"additionalProperties":false}`)},
		{name: "nested objects",
			in:    `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"object","properties":{"c":{"type":"string"}}}}}}}`,
			want:  `{"type":"object","properties":{"a":{"type":["object","null"],"properties":{"b":{"type":["object","null"],"properties":{"c":{"type":["string","null"]}},"required":["c"],"additionalProperties":false}},"required":["b"],"additionalProperties":false}},"required":["a"],"additionalProperties":false}`,
			nulls: `[["a"],["a","b"],["a","b","c"]]`},
	})
}

// TestStrictArraysNeedItems: an array without items fails.
func TestStrictArraysNeedItems(t *testing.T) {
	prop := func(p string) string { return objectSchema(`"l":`+p, `"l"`) }
	runStrictCases(t, []strictCase{
		{name: "no items", in: prop(`{"type":"array"}`), errPath: `["properties","l"]`, errKeyword: "items"},
		{name: "no items with bounds", in: prop(`{"type":"array","minItems":1,"maxItems":3}`), errPath: `["properties","l"]`, errKeyword: "items"},
		{name: "no items in a type list", in: prop(`{"type":["array","null"]}`), errPath: `["properties","l"]`, errKeyword: "items"},
		{name: "no items, optional", in: objectSchema(`"l":{"type":"array"}`, ``), errPath: `["properties","l"]`, errKeyword: "items"},
		{name: "nested array without items", in: prop(`{"type":"array","items":{"type":"array"}}`), errPath: `["properties","l","items"]`, errKeyword: "items"},
		{name: "items in an anyOf branch", in: prop(`{"anyOf":[{"type":"array"},{"type":"null"}]}`), errPath: `["properties","l","anyOf",0]`, errKeyword: "items"},
		{name: "items kept", in: prop(`{"type":"array","items":{"type":"string"}}`), want: strictObjectSchema(`"l":{"type":"array","items":{"type":"string"}}`, `"l"`), nulls: `[]`},
		{name: "prefixItems instead of items", in: prop(`{"type":"array","prefixItems":[{"type":"string"}]}`), errPath: `["properties","l"]`, errKeyword: "prefixItems"},
		{name: "items of objects carry null paths with null for every element",
			in:    prop(`{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"},"v":{"type":"string"}},"required":["v"]}}`),
			want:  strictObjectSchema(`"l":{"type":"array","items":{"type":"object","properties":{"k":{"type":["string","null"]},"v":{"type":"string"}},"required":["k","v"],"additionalProperties":false}}`, `"l"`),
			nulls: `[["l",null,"k"]]`},
		{name: "arrays of arrays",
			in:    prop(`{"type":"array","items":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}}}`),
			want:  strictObjectSchema(`"l":{"type":"array","items":{"type":"array","items":{"type":"object","properties":{"k":{"type":["string","null"]}},"required":["k"],"additionalProperties":false}}}`, `"l"`),
			nulls: `[["l",null,null,"k"]]`},
		{name: "optional array",
			in:    objectSchema(`"l":{"type":"array","items":{"type":"string"}}`, ``),
			want:  strictObjectSchema(`"l":{"type":["array","null"],"items":{"type":"string"}}`, `"l"`),
			nulls: `[["l"]]`},
	})
}

// TestOptionalPropertyBecomesNullable: a property the input does not require is
// made nullable, and its path is a null path.
func TestOptionalPropertyBecomesNullable(t *testing.T) {
	opt := func(p string) string { return objectSchema(`"v":`+p, ``) }
	res := func(p string) string { return strictObjectSchema(`"v":`+p, `"v"`) }
	made := func(name, in, want string) strictCase {
		return strictCase{name: name, in: opt(in), want: res(want), nulls: `[["v"]]`}
	}
	kept := func(name, in string) strictCase {
		return strictCase{name: name, in: opt(in), want: res(in), nulls: `[]`}
	}
	defs := `"$defs":{"s":{"type":"string"},"n":{"type":["string","null"]},"an":{"anyOf":[{"type":"integer"},{"type":"null"}]},"rn":{"$ref":"#/$defs/n"},"loop":{"$ref":"#/$defs/loop2"},"loop2":{"anyOf":[{"$ref":"#/$defs/loop"},{"type":"string"}]}}`
	withDefs := func(p, required string) string {
		return `{"type":"object","properties":{"v":` + p + `},"required":[` + required + `],` + defs + `}`
	}
	runStrictCases(t, []strictCase{
		// Already accepting null: unchanged, not a null path.
		kept("type null", `{"type":"null"}`),
		kept("type list with null", `{"type":["string","null"]}`),
		kept("type list null first", `{"type":["null","integer"],"minimum":1}`),
		kept("enum with null", `{"enum":["a",null]}`),
		kept("type and enum with null", `{"type":["string","null"],"enum":["a",null]}`),
		kept("const null", `{"const":null}`),
		kept("anyOf with a null branch", `{"anyOf":[{"type":"string"},{"type":"null"}]}`),
		kept("anyOf with a nullable branch", `{"anyOf":[{"type":"string"},{"type":["integer","null"]}]}`),
		kept("anyOf with an enum null branch", `{"anyOf":[{"type":"string"},{"enum":[null]}]}`),
		kept("type and anyOf both accepting null", `{"type":["string","null"],"anyOf":[{"type":"null"},{"type":"string"}]}`),
		{name: "$ref to a nullable definition", in: withDefs(`{"$ref":"#/$defs/n"}`, ``), want: `{"type":"object","properties":{"v":{"$ref":"#/$defs/n"}},"required":["v"],"$defs":{"n":{"type":["string","null"]}},"additionalProperties":false}`, nulls: `[]`},
		{name: "$ref to an anyOf with null", in: withDefs(`{"$ref":"#/$defs/an"}`, ``), want: `{"type":"object","properties":{"v":{"$ref":"#/$defs/an"}},"required":["v"],"$defs":{"an":{"anyOf":[{"type":"integer"},{"type":"null"}]}},"additionalProperties":false}`, nulls: `[]`},
		{name: "$ref to a $ref to a nullable definition", in: withDefs(`{"$ref":"#/$defs/rn"}`, ``), want: `{"type":"object","properties":{"v":{"$ref":"#/$defs/rn"}},"required":["v"],"$defs":{"n":{"type":["string","null"]},"rn":{"$ref":"#/$defs/n"}},"additionalProperties":false}`, nulls: `[]`},

		// Made nullable.
		made("type string", `{"type":"string"}`, `{"type":["string","null"]}`),
		made("type with keywords", `{"type":"integer","minimum":1,"description":"n"}`, `{"type":["integer","null"],"minimum":1,"description":"n"}`),
		made("type list", `{"type":["string","integer"]}`, `{"type":["string","integer","null"]}`),
		made("type and enum", `{"type":"string","enum":["a","b"]}`, `{"type":["string","null"],"enum":["a","b",null]}`),
		made("enum before type", `{"enum":["a"],"type":"string"}`, `{"enum":["a",null],"type":["string","null"]}`),
		made("type with null, enum without", `{"type":["string","null"],"enum":["a"]}`, `{"type":["string","null"],"enum":["a",null]}`),
		made("type without null, enum with", `{"type":"string","enum":["a",null]}`, `{"type":["string","null"],"enum":["a",null]}`),
		made("enum only", `{"enum":["a",1]}`, `{"enum":["a",1,null]}`),
		made("empty enum", `{"enum":[]}`, `{"enum":[null]}`),
		made("const", `{"const":"x"}`, `{"anyOf":[{"const":"x"},{"type":"null"}]}`),
		made("const with type", `{"type":"string","const":"x"}`, `{"anyOf":[{"type":"string","const":"x"},{"type":"null"}]}`),
		made("const with a nullable type", `{"type":["string","null"],"const":"x"}`, `{"anyOf":[{"type":["string","null"],"const":"x"},{"type":"null"}]}`),
		made("const with enum", `{"enum":["x",null],"const":"x"}`, `{"anyOf":[{"enum":["x",null],"const":"x"},{"type":"null"}]}`),
		made("anyOf", `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, `{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}`),
		made("anyOf with keywords", `{"description":"x","anyOf":[{"type":"string"}],"title":"t"}`, `{"description":"x","anyOf":[{"type":"string"},{"type":"null"}],"title":"t"}`),
		made("anyOf with type", `{"type":"string","anyOf":[{"minLength":1,"type":"string"}]}`, `{"anyOf":[{"type":"string","anyOf":[{"minLength":1,"type":"string"}]},{"type":"null"}]}`),
		made("anyOf with a nullable type", `{"type":["string","null"],"anyOf":[{"type":"string"}]}`, `{"anyOf":[{"type":["string","null"],"anyOf":[{"type":"string"}]},{"type":"null"}]}`),
		made("anyOf with enum", `{"enum":["a"],"anyOf":[{"type":"string"}]}`, `{"anyOf":[{"enum":["a"],"anyOf":[{"type":"string"}]},{"type":"null"}]}`),
		made("anyOf with an enum that has null", `{"enum":["a",null],"anyOf":[{"type":"string"}]}`, `{"anyOf":[{"enum":["a",null],"anyOf":[{"type":"string"}]},{"type":"null"}]}`),
		made("wrap moves description and title", `{"title":"T","const":1,"description":"D"}`, `{"anyOf":[{"const":1},{"type":"null"}],"title":"T","description":"D"}`),
		made("wrap moves cleaned description", `{"const":1,"description":"D\u200b"}`, `{"anyOf":[{"const":1},{"type":"null"}],"description":"D"}`),
		{name: "$ref wrapped", in: withDefs(`{"$ref":"#/$defs/s"}`, ``), want: `{"type":"object","properties":{"v":{"anyOf":[{"$ref":"#/$defs/s"},{"type":"null"}]}},"required":["v"],"$defs":{"s":{"type":"string"}},"additionalProperties":false}`, nulls: `[["v"]]`},
		{name: "$ref in a cycle does not accept null",
			in:    withDefs(`{"$ref":"#/$defs/loop"}`, ``),
			want:  `{"type":"object","properties":{"v":{"anyOf":[{"$ref":"#/$defs/loop"},{"type":"null"}]}},"required":["v"],"$defs":{"loop":{"$ref":"#/$defs/loop2"},"loop2":{"anyOf":[{"$ref":"#/$defs/loop"},{"type":"string"}]}},"additionalProperties":false}`,
			nulls: `[["v"]]`},
		{name: "required property stays as it is", in: objectSchema(`"v":{"type":"string"}`, `"v"`), want: res(`{"type":"string"}`), nulls: `[]`},
		{name: "required const stays as it is", in: objectSchema(`"v":{"const":"x"}`, `"v"`), want: res(`{"const":"x"}`), nulls: `[]`},
		{name: "optional inside required",
			in:    objectSchema(`"o":`+objectSchema(`"x":{"type":"string"},"y":{"type":"boolean"}`, `"y"`), `"o"`),
			want:  strictObjectSchema(`"o":`+strictObjectSchema(`"x":{"type":["string","null"]},"y":{"type":"boolean"}`, `"x","y"`), `"o"`),
			nulls: `[["o","x"]]`},
		{name: "optional object and its optional property",
			in:    opt(`{"type":"object","properties":{"x":{"type":"string"}}}`),
			want:  res(`{"type":["object","null"],"properties":{"x":{"type":["string","null"]}},"required":["x"],"additionalProperties":false}`),
			nulls: `[["v"],["v","x"]]`},
		{name: "nullable object keeps its path out, its children in",
			in:    opt(`{"type":["object","null"],"properties":{"x":{"type":"string"}}}`),
			want:  res(`{"type":["object","null"],"properties":{"x":{"type":["string","null"]}},"required":["x"],"additionalProperties":false}`),
			nulls: `[["v","x"]]`},
		{name: "anyOf branches are not properties",
			in:    objectSchema(`"v":{"anyOf":[{"type":"string"},{"type":"integer"}]}`, `"v"`),
			want:  res(`{"anyOf":[{"type":"string"},{"type":"integer"}]}`),
			nulls: `[]`},
	})
}

// TestStrictKeepsKnownKeywordsAndListsDropped: the kept keywords stay; everything
// else is dropped and listed.
func TestStrictKeepsKnownKeywordsAndListsDropped(t *testing.T) {
	prop := func(p string) string { return objectSchema(`"v":`+p, `"v"`) }
	strictProp := func(p string) string { return strictObjectSchema(`"v":`+p, `"v"`) }
	var cases []strictCase
	for _, f := range []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"} {
		cases = append(cases, strictCase{name: "format " + f, in: prop(`{"type":"string","format":"` + f + `"}`), want: strictProp(`{"type":"string","format":"` + f + `"}`), dropped: `[]`})
	}
	for _, f := range []string{"uri", "uri-reference", "regex", "date-time ", "DATE", "Email", "", "int32", "binary"} {
		cases = append(cases, strictCase{name: "format " + f + " dropped", in: prop(`{"type":"string","format":"` + f + `"}`), want: strictProp(`{"type":"string"}`),
			dropped: `[{"path":["properties","v","format"],"keyword":"format"}]`})
	}
	for _, kw := range []string{"examples", "uniqueItems", "minProperties", "maxProperties", "contentMediaType", "contentEncoding", "x-vendor", "$id", "$comment", "$anchor", "readOnly", "writeOnly", "deprecated", "nullable", "discriminator", "const_", "$schema", "additionalItems"} {
		cases = append(cases, strictCase{name: kw + " dropped", in: prop(`{"type":"string","` + kw + `":{"oneOf":[]}}`), want: strictProp(`{"type":"string"}`),
			dropped: `[{"path":["properties","v","` + kw + `"],"keyword":"` + kw + `"}]`})
	}
	for _, p := range []string{`(?=a)`, `(?!a)`, `(?<=a)`, `(?<!a)`, `^x(?=y)`, `[a](?!b)`, `[]](?=a)`, `[^]](?=a)`, `\\\\(?=a)`, `((?<=a)b)`} {
		cases = append(cases, strictCase{name: "look-around " + p, in: prop(`{"type":"string","pattern":"` + p + `"}`), want: strictProp(`{"type":"string"}`),
			dropped: `[{"path":["properties","v","pattern"],"keyword":"pattern"}]`})
	}
	for _, p := range []string{`^[a-z]+$`, `(?:a)`, `(?P<name>a)`, `(?<name>a)`, `(?i)a`, `\\(?=a`, `[(?=a]`, `[^(?!]`, `[\\](?=]`, `[]](?:x)`, `a(?`, `(?<`, `(?`} {
		cases = append(cases, strictCase{name: "kept pattern " + p, in: prop(`{"type":"string","pattern":"` + p + `"}`), want: strictProp(`{"type":"string","pattern":"` + p + `"}`), dropped: `[]`})
	}
	cases = append(cases,
		strictCase{name: "every kept keyword",
			in:      prop(`{"type":"string","description":"d","title":"t","pattern":"^a","minLength":1,"maxLength":9,"format":"email","enum":["a"],"const":"a"}`),
			want:    strictProp(`{"type":"string","description":"d","title":"t","pattern":"^a","minLength":1,"maxLength":9,"format":"email","enum":["a"],"const":"a"}`),
			dropped: `[]`},
		strictCase{name: "dropped keywords listed with their schema paths, nested",
			in:      `{"type":"object","$id":"x","properties":{"a":{"type":"array","items":{"type":"string","examples":["e"]},"uniqueItems":true},"b":{"anyOf":[{"type":"string","x-y":1}]}},"required":["a","b"],"$comment":"c"}`,
			want:    `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}},"b":{"anyOf":[{"type":"string"}]}},"required":["a","b"],"additionalProperties":false}`,
			dropped: `[{"path":["$id"],"keyword":"$id"},{"path":["properties","a","items","examples"],"keyword":"examples"},{"path":["properties","a","uniqueItems"],"keyword":"uniqueItems"},{"path":["properties","b","anyOf",0,"x-y"],"keyword":"x-y"},{"path":["$comment"],"keyword":"$comment"}]`},
		strictCase{name: "nested $defs and definitions dropped",
			in:      prop(`{"type":"string","$defs":{"a":{}},"definitions":{"b":{}}}`),
			want:    strictProp(`{"type":"string"}`),
			dropped: `[{"path":["properties","v","$defs"],"keyword":"$defs"},{"path":["properties","v","definitions"],"keyword":"definitions"}]`},
		strictCase{name: "root $defs and definitions both kept",
			in:   `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"},"b":{"$ref":"#/definitions/y"}},"required":["a","b"],"$defs":{"x":{"type":"string"}},"definitions":{"y":{"type":"integer"}}}`,
			want: `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"},"b":{"$ref":"#/definitions/y"}},"required":["a","b"],"$defs":{"x":{"type":"string"}},"definitions":{"y":{"type":"integer"}},"additionalProperties":false}`},
	)
	runStrictCases(t, cases)
}

// TestDefaultsGoIntoDescriptions: a property's default is dropped and written into
// its description.
func TestDefaultsGoIntoDescriptions(t *testing.T) {
	req := func(p string) string { return objectSchema(`"v":`+p, `"v"`) }
	opt := func(p string) string { return objectSchema(`"v":`+p, ``) }
	res := func(p string) string { return strictObjectSchema(`"v":`+p, `"v"`) }
	droppedDefault := `[{"path":["properties","v","default"],"keyword":"default"}]`
	runStrictCases(t, []strictCase{
		{name: "required, no description", in: req(`{"type":"string","default":"c"}`), want: res(`{"type":"string","description":"Default: \"c\"."}`), dropped: droppedDefault, nulls: `[]`},
		{name: "a description, then the default", in: req(`{"type":"string","description":"Mode","default":"c"}`), want: res(`{"type":"string","description":"Mode Default: \"c\"."}`), dropped: droppedDefault},
		{name: "default before description", in: req(`{"default":"c","description":"Mode","type":"string"}`), want: res(`{"description":"Mode Default: \"c\".","type":"string"}`), dropped: droppedDefault},
		{name: "description ending in a period", in: req(`{"type":"integer","description":"How many.","default":10}`), want: res(`{"type":"integer","description":"How many. Default: 10."}`)},
		{name: "empty description", in: req(`{"type":"string","description":"","default":"c"}`), want: res(`{"type":"string","description":"Default: \"c\"."}`)},
		{name: "description empty after cleaning", in: req(`{"type":"string","description":"\u200b\u2060","default":"c"}`), want: res(`{"type":"string","description":"Default: \"c\"."}`)},
		{name: "description with spaces is not trimmed", in: req(`{"type":"string","description":" d ","default":"c"}`), want: res(`{"type":"string","description":" d  Default: \"c\"."}`)},
		{name: "non-string description dropped, text added at the end", in: req(`{"description":5,"type":"string","default":"c"}`), want: res(`{"type":"string","description":"Default: \"c\"."}`),
			dropped: `[{"path":["properties","v","description"],"keyword":"description"},{"path":["properties","v","default"],"keyword":"default"}]`},
		{name: "optional", in: opt(`{"type":"integer","default":10}`), want: res(`{"type":["integer","null"],"description":"Default: 10."}`), nulls: `[["v"]]`, dropped: droppedDefault},
		{name: "optional wrapped: text on the wrapper", in: opt(`{"const":"x","description":"Only x","default":"x"}`), want: res(`{"anyOf":[{"const":"x"},{"type":"null"}],"description":"Only x Default: \"x\"."}`), nulls: `[["v"]]`},
		{name: "optional wrapped without description", in: opt(`{"const":"x","default":"x"}`), want: res(`{"anyOf":[{"const":"x"},{"type":"null"}],"description":"Default: \"x\"."}`)},
		{name: "optional anyOf", in: opt(`{"anyOf":[{"type":"string"}],"default":"a"}`), want: res(`{"anyOf":[{"type":"string"},{"type":"null"}],"description":"Default: \"a\"."}`)},
		{name: "default null", in: opt(`{"type":["string","null"],"default":null}`), want: res(`{"type":["string","null"],"description":"Default: null."}`), nulls: `[]`},
		{name: "default false", in: req(`{"type":"boolean","default":false}`), want: res(`{"type":"boolean","description":"Default: false."}`)},
		{name: "default object compact, in order", in: req(`{"type":"object","properties":{"b":{"type":"string"}},"required":["b"],"default":{ "b" : "x" , "a" : [ 1 , 2 ] }}`),
			want: res(`{"type":"object","properties":{"b":{"type":"string"}},"required":["b"],"additionalProperties":false,"description":"Default: {\"b\":\"x\",\"a\":[1,2]}."}`)},
		{name: "default array", in: req(`{"type":"array","items":{"type":"string"},"default":[]}`), want: res(`{"type":"array","items":{"type":"string"},"description":"Default: []."}`)},
		{name: "default number kept as written", in: req(`{"type":"number","default":1.50}`), want: res(`{"type":"number","description":"Default: 1.50."}`)},
		{name: "default text is cleaned", in: req(`{"type":"string","default":"a\u200bb\u0007"}`), want: res(`{"type":"string","description":"Default: \"ab\\u0007\"."}`)},
		{name: "default escaped characters stay JSON", in: req(`{"type":"string","default":"line\nbreak \"q\""}`), want: res(`{"type":"string","description":"Default: \"line\\nbreak \\\"q\\\"\"."}`)},
		{name: "default on a $ref property", in: `{"type":"object","properties":{"v":{"$ref":"#/$defs/d","default":"x"}},"required":["v"],"$defs":{"d":{"type":"string"}}}`,
			want: `{"type":"object","properties":{"v":{"anyOf":[{"$ref":"#/$defs/d"}],"description":"Default: \"x\"."}},"required":["v"],"$defs":{"d":{"type":"string"}},"additionalProperties":false}`},
		{name: "default in items is not on a property", in: req(`{"type":"array","items":{"type":"string","default":"x"}}`), want: res(`{"type":"array","items":{"type":"string"}}`),
			dropped: `[{"path":["properties","v","items","default"],"keyword":"default"}]`},
		{name: "default in an anyOf branch is not on a property", in: req(`{"anyOf":[{"type":"string","default":"x"}]}`), want: res(`{"anyOf":[{"type":"string"}]}`),
			dropped: `[{"path":["properties","v","anyOf",0,"default"],"keyword":"default"}]`},
		{name: "default on a definition is not on a property", in: `{"type":"object","properties":{"v":{"$ref":"#/$defs/d"}},"required":["v"],"$defs":{"d":{"type":"string","default":"x"}}}`,
			want: `{"type":"object","properties":{"v":{"$ref":"#/$defs/d"}},"required":["v"],"$defs":{"d":{"type":"string"}},"additionalProperties":false}`, dropped: `[{"path":["$defs","d","default"],"keyword":"default"}]`},
		{name: "default on a property inside a definition", in: `{"type":"object","properties":{"v":{"$ref":"#/$defs/d"}},"required":["v"],"$defs":{"d":{"type":"object","properties":{"k":{"type":"string","default":"z"}},"required":["k"]}}}`,
			want: `{"type":"object","properties":{"v":{"$ref":"#/$defs/d"}},"required":["v"],"$defs":{"d":{"type":"object","properties":{"k":{"type":"string","description":"Default: \"z\"."}},"required":["k"],"additionalProperties":false}},"additionalProperties":false}`},
		{name: "option turns the text off", in: opt(`{"type":"string","description":"Mode","default":"c"}`), opts: StrictOptions{NoDefaultDescriptions: true},
			want: res(`{"type":["string","null"],"description":"Mode"}`), dropped: droppedDefault},
		{name: "option off, wrapped", in: opt(`{"const":"x","default":"x"}`), opts: StrictOptions{NoDefaultDescriptions: true},
			want: res(`{"anyOf":[{"const":"x"},{"type":"null"}]}`)},
		{name: "title empty after cleaning stays empty", in: req(`{"type":"string","title":"\u200b","description":"\ufeff"}`), want: res(`{"type":"string","title":"","description":""}`)},
		{name: "empty title and description stay", in: req(`{"type":"string","title":"","description":""}`), want: res(`{"type":"string","title":"","description":""}`)},
	})
}

// TestDefaultTextIsCleanedWhateverItsKind: the text of a default is cleaned of
// hidden characters whatever its kind. Decoded
// numbers are plain ASCII, but NumberValue does not check its text, so a number
// built with hidden characters is cleaned like a string.
func TestDefaultTextIsCleanedWhateverItsKind(t *testing.T) {
	v := ObjectValue(MemberOf("type", StringValue("number")), MemberOf("default", NumberValue("1\u200b5")))
	schema := ObjectValue(
		MemberOf("type", StringValue("object")),
		MemberOf("properties", ObjectValue(MemberOf("v", v))),
		MemberOf("required", ArrayValue(StringValue("v"))),
	)
	res, err := StrictSchema(schema, StrictOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := Lookup(res.Schema, Keys("properties", "v", "description"))
	if d.Str() != "Default: 15." || res.Removed.Count != 1 {
		t.Errorf("description %q, removed %+v; want \"Default: 15.\" and one removed", d.Str(), res.Removed)
	}
}
