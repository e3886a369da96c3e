package adapter

import (
	"strings"
	"testing"
)

// CheckStrict flags each rule of strict mode seen from the output side, and passes
// valid strict schemas.
func TestCheckStrict(t *testing.T) {
	const empty = `{"type":"object","properties":{},"required":[],"additionalProperties":false}`
	obj := func(props, required string) string {
		return `{"type":"object","properties":{` + props + `},"required":[` + required + `],"additionalProperties":false}`
	}
	// nest is n levels of strict objects through a property named a.
	nest := func(n int) string {
		s := obj(``, ``)
		for i := 1; i < n; i++ {
			s = obj(`"a":`+s, `"a"`)
		}
		return s
	}
	valid := []string{
		empty,
		`{"additionalProperties":false,"required":[],"properties":{},"type":"object","description":"x","title":"t"}`,
		obj(`"a":{"type":"string","minLength":1,"maxLength":2,"pattern":"^a(?:b)$","format":"uuid","description":"d"}`, `"a"`),
		obj(`"n":{"type":["number","null"],"minimum":0,"maximum":1,"exclusiveMinimum":-1,"exclusiveMaximum":2,"multipleOf":0.5}`, `"n"`),
		obj(`"l":{"type":"array","items":{"type":"string"},"minItems":0,"maxItems":3}`, `"l"`),
		obj(`"e":{"enum":["a",1,null,true,{"x":[]}]},"c":{"const":{"k":"v"}}`, `"e","c"`),
		`{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"null"},{"$ref":"#/$defs/d"}]}},"required":["u"],"additionalProperties":false,"$defs":{"d":{"type":"integer"}}}`,
		`{"type":"object","properties":{"r":{"$ref":"#/definitions/d"},"s":{"$ref":"#"}},"required":["r","s"],"additionalProperties":false,"definitions":{"d":` + obj(`"x":{"type":"boolean"}`, `"x"`) + `}}`,
		obj(`"o":`+obj(`"p":`+obj(``, ``), `"p"`), `"o"`),
		obj(`"z":{"type":["object","null"],"properties":{},"required":[],"additionalProperties":false}`, `"z"`),
	}
	for _, f := range []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"} {
		valid = append(valid, obj(`"f":{"type":"string","format":"`+f+`"}`, `"f"`))
	}
	for i, s := range valid {
		if v := CheckStrict(jsonValue(t, s)); len(v) != 0 {
			t.Errorf("valid schema %d flagged: %v\n%s", i, v, s)
		}
	}

	type flag struct{ path, keyword string }
	tests := []struct {
		name   string
		schema string
		want   []flag // every violation, in document order
	}{
		{"root true", `true`, []flag{{`[]`, "type"}}},
		{"root array", `[]`, []flag{{`[]`, "type"}}},
		{"root type array", `{"type":"array","items":{"type":"string"}}`, []flag{{`[]`, "type"}}},
		{"root type list", `{"type":["object"],"properties":{},"required":[],"additionalProperties":false}`, []flag{{`[]`, "type"}}},
		{"root anyOf", `{"type":"object","properties":{},"required":[],"additionalProperties":false,"anyOf":[{"type":"object","properties":{},"required":[],"additionalProperties":false}]}`, []flag{{`[]`, "anyOf"}}},
		{"root $ref", `{"type":"object","$ref":"#"}`, []flag{{`[]`, "$ref"}, {`[]`, "$ref"}, {`[]`, "additionalProperties"}, {`[]`, "properties"}, {`[]`, "required"}}},
		{"a query with an optional limit", `{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":"integer"}},"required":["q"]}`, []flag{{`[]`, "additionalProperties"}, {`[]`, "required"}}},
		{"bare object", `{"type":"object"}`, []flag{{`[]`, "additionalProperties"}, {`[]`, "properties"}, {`[]`, "required"}}},
		{"additionalProperties true", `{"type":"object","properties":{},"required":[],"additionalProperties":true}`, []flag{{`[]`, "additionalProperties"}}},
		{"additionalProperties schema", `{"type":"object","properties":{},"required":[],"additionalProperties":{}}`, []flag{{`[]`, "additionalProperties"}}},
		{"required missing a property", obj(`"a":{"type":"string"},"b":{"type":"string"}`, `"a"`), []flag{{`[]`, "required"}}},
		{"required names a non-property", obj(`"a":{"type":"string"}`, `"a","zz"`), []flag{{`[]`, "required"}}},
		{"required twice", obj(`"a":{"type":"string"}`, `"a","a"`), []flag{{`[]`, "required"}}},
		{"required with a number", obj(`"a":{"type":"string"}`, `"a",1`), []flag{{`[]`, "required"}}},
		{"required not an array", `{"type":"object","properties":{},"required":"a","additionalProperties":false}`, []flag{{`[]`, "required"}}},
		{"property true", obj(`"a":true`, `"a"`), []flag{{`["properties","a"]`, "type"}}},
		{"property says nothing", obj(`"a":{"description":"x"}`, `"a"`), []flag{{`["properties","a"]`, "type"}}},
		{"unknown type", obj(`"a":{"type":"text"}`, `"a"`), []flag{{`["properties","a"]`, "type"}}},
		{"empty type list", obj(`"a":{"type":[]}`, `"a"`), []flag{{`["properties","a"]`, "type"}}},
		{"default", obj(`"a":{"type":"string","default":"x"}`, `"a"`), []flag{{`["properties","a"]`, "default"}}},
		{"oneOf", obj(`"a":{"oneOf":[{"type":"string"}]}`, `"a"`), []flag{{`["properties","a"]`, "type"}, {`["properties","a"]`, "oneOf"}}},
		{"vendor keyword", obj(`"a":{"type":"string","x-y":1}`, `"a"`), []flag{{`["properties","a"]`, "x-y"}}},
		{"format uri", obj(`"a":{"type":"string","format":"uri"}`, `"a"`), []flag{{`["properties","a"]`, "format"}}},
		{"look-around", obj(`"a":{"type":"string","pattern":"(?<!x)y"}`, `"a"`), []flag{{`["properties","a"]`, "pattern"}}},
		{"pattern not a string", obj(`"a":{"type":"string","pattern":1}`, `"a"`), []flag{{`["properties","a"]`, "pattern"}}},
		{"$ref with a sibling", obj(`"a":{"$ref":"#","description":"d"}`, `"a"`), []flag{{`["properties","a"]`, "$ref"}}},
		{"$ref not local", obj(`"a":{"$ref":"http://x/y.json"}`, `"a"`), []flag{{`["properties","a"]`, "$ref"}}},
		{"$ref unresolved", obj(`"a":{"$ref":"#/$defs/none"}`, `"a"`), []flag{{`["properties","a"]`, "$ref"}}},
		{"$ref not a string", obj(`"a":{"$ref":5}`, `"a"`), []flag{{`["properties","a"]`, "$ref"}}},
		{"object keywords on a string", obj(`"a":{"type":"string","properties":{},"required":[],"additionalProperties":false}`, `"a"`),
			[]flag{{`["properties","a"]`, "properties"}, {`["properties","a"]`, "required"}, {`["properties","a"]`, "additionalProperties"}}},
		{"items on a string", obj(`"a":{"type":"string","items":{"type":"string"}}`, `"a"`), []flag{{`["properties","a"]`, "items"}}},
		{"array without items", obj(`"a":{"type":"array"}`, `"a"`), []flag{{`["properties","a"]`, "items"}}},
		{"nested $defs", obj(`"a":{"type":"string","$defs":{}}`, `"a"`), []flag{{`["properties","a"]`, "$defs"}}},
		{"numeric keyword not a number", obj(`"a":{"type":"string","minLength":"1"}`, `"a"`), []flag{{`["properties","a"]`, "minLength"}}},
		{"description not a string", obj(`"a":{"type":"string","description":1}`, `"a"`), []flag{{`["properties","a"]`, "description"}}},
		{"anyOf empty", obj(`"a":{"anyOf":[]}`, `"a"`), []flag{{`["properties","a"]`, "anyOf"}}},
		{"enum not an array", obj(`"a":{"enum":"x"}`, `"a"`), []flag{{`["properties","a"]`, "enum"}}},
		{"nested free object", obj(`"o":{"type":"object"}`, `"o"`), []flag{{`["properties","o"]`, "additionalProperties"}, {`["properties","o"]`, "properties"}, {`["properties","o"]`, "required"}}},
		{"deep in items and anyOf", obj(`"l":{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"string","examples":[]}]}}`, `"l"`), []flag{{`["properties","l","items","anyOf",1]`, "examples"}}},
		{"inside a definition", `{"type":"object","properties":{"r":{"$ref":"#/$defs/d"}},"required":["r"],"additionalProperties":false,"$defs":{"d":{"type":"object"}}}`,
			[]flag{{`["$defs","d"]`, "additionalProperties"}, {`["$defs","d"]`, "properties"}, {`["$defs","d"]`, "required"}}},
		{"document order", obj(`"b":{"type":"string","default":1},"a":{"type":"array"}`, `"a","b"`), []flag{{`["properties","b"]`, "default"}, {`["properties","a"]`, "items"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CheckStrict(jsonValue(t, tt.schema))
			var gotFlags, wantFlags []string
			for _, v := range got {
				gotFlags = append(gotFlags, v.Keyword+" at "+v.Path.String())
				if v.Message == "" || !strings.HasPrefix(v.String(), v.Keyword+" at "+v.Path.String()+": ") {
					t.Errorf("violation %+v reads %q", v, v.String())
				}
			}
			for _, f := range tt.want {
				wantFlags = append(wantFlags, f.keyword+" at "+compactJSON(t, f.path))
			}
			if strings.Join(gotFlags, "; ") != strings.Join(wantFlags, "; ") {
				t.Errorf("CheckStrict\n got %s\nwant %s", strings.Join(gotFlags, "; "), strings.Join(wantFlags, "; "))
			}
		})
	}

	p5001, r5001 := requiredStringProps(5001)
	limits := []struct {
		name, schema, keyword, path string
	}{
		{"max_properties", `{"type":"object","properties":{` + p5001 + `},"required":[` + r5001 + `],"additionalProperties":false}`, "max_properties", `[]`},
		{"max_depth", nest(11), "max_depth", nestedObjectsPath(10, "")},
		{"max_chars", obj(`"c":{"const":`+repeatedString(120000, "v")+`}`, `"c"`), "max_chars", `["properties","c"]`},
		{"max_enum_values", obj(`"e":{"enum":`+enumOf(1001, numText)+`}`, `"e"`), "max_enum_values", `["properties","e"]`},
		{"max_enum_chars", obj(`"e":{"enum":`+enumOf(251, func(int) string { return repeatedString(60, "s") })+`}`, `"e"`), "max_enum_chars", `["properties","e"]`},
	}
	for _, tt := range limits {
		t.Run(tt.name, func(t *testing.T) {
			got := CheckStrict(jsonValue(t, tt.schema))
			if len(got) != 1 || got[0].Keyword != tt.keyword || got[0].Path.String() != compactJSON(t, tt.path) {
				t.Errorf("CheckStrict = %v, want %s at %s", got, tt.keyword, tt.path)
			}
		})
	}
	t.Run("limits just under pass", func(t *testing.T) {
		p5000, r5000 := requiredStringProps(5000)
		for _, s := range []string{
			`{"type":"object","properties":{` + p5000 + `},"required":[` + r5000 + `],"additionalProperties":false}`,
			nest(10),
			obj(`"c":{"const":`+repeatedString(119999, "v")+`}`, `"c"`),
			obj(`"e":{"enum":`+enumOf(1000, numText)+`}`, `"e"`),
			obj(`"e":{"enum":`+enumOf(250, func(int) string { return repeatedString(100, "s") })+`}`, `"e"`),
		} {
			if v := CheckStrict(jsonValue(t, s)); len(v) != 0 {
				t.Errorf("flagged: %v", v)
			}
		}
	})
}
