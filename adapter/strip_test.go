package adapter

import (
	"testing"
)

// pathList reads null paths written as JSON.
func pathList(t testing.TB, s string) []Path {
	t.Helper()
	v := jsonValue(t, s)
	out := []Path{}
	for _, it := range v.Items() {
		p, ok := PathFromValue(it)
		if !ok {
			t.Fatalf("bad path %s", it)
		}
		out = append(out, p)
	}
	return out
}

// TestStripNullsRemovesNullsAtNullPaths: nulls at null paths are removed, and with
// defaults the original schema's default takes their place.
func TestStripNullsRemovesNullsAtNullPaths(t *testing.T) {
	tests := []struct {
		name     string
		args     string
		paths    string
		want     string
		stripped string
	}{
		{"an optional property and one in an array", `{"q":"x","limit":null,"tags":[{"k":null}]}`, `[["limit"],["tags",null,"k"]]`, `{"q":"x","tags":[{}]}`, `[["limit"],["tags",null,"k"]]`},
		{"nothing to strip", `{"q":"x"}`, `[["limit"]]`, `{"q":"x"}`, `[]`},
		{"no null paths", `{"a":null}`, `[]`, `{"a":null}`, `[]`},
		{"only exact null", `{"a":false,"b":0,"c":"","d":[],"e":{},"f":"null"}`, `[["a"],["b"],["c"],["d"],["e"],["f"]]`, `{"a":false,"b":0,"c":"","d":[],"e":{},"f":"null"}`, `[]`},
		{"nulls elsewhere are kept", `{"a":null,"b":null,"c":[null]}`, `[["a"]]`, `{"b":null,"c":[null]}`, `[["a"]]`},
		{"order of the rest kept", `{"z":1,"a":null,"m":2,"b":null,"c":3}`, `[["b"],["a"]]`, `{"z":1,"m":2,"c":3}`, `[["b"],["a"]]`},
		{"stripped in null-path order", `{"a":null,"b":null}`, `[["b"],["x"],["a"]]`, `{}`, `[["b"],["a"]]`},
		{"nested", `{"o":{"x":null,"y":1}}`, `[["o"],["o","x"]]`, `{"o":{"y":1}}`, `[["o","x"]]`},
		{"parent null removed, child path ignored", `{"o":null}`, `[["o"],["o","x"]]`, `{}`, `[["o"]]`},
		{"every element", `{"l":[{"k":null},{"k":1},5,null,"s",[],{"k":null,"j":null},{}]}`, `[["l",null,"k"]]`, `{"l":[{},{"k":1},5,null,"s",[],{"j":null},{}]}`, `[["l",null,"k"]]`},
		{"arrays of arrays", `{"m":[[{"k":null}],[{"k":2},{"k":null}],null]}`, `[["m",null,null,"k"]]`, `{"m":[[{}],[{"k":2},{}],null]}`, `[["m",null,null,"k"]]`},
		{"empty array", `{"l":[]}`, `[["l",null,"k"]]`, `{"l":[]}`, `[]`},
		{"path through a non-object ignored", `{"o":"text","l":{"k":null}}`, `[["o","x"],["l",null,"k"]]`, `{"o":"text","l":{"k":null}}`, `[]`},
		{"path through a number ignored", `{"o":5}`, `[["o","x"]]`, `{"o":5}`, `[]`},
		{"path deeper than the data ignored", `{"a":null}`, `[["a","b","c"]]`, `{"a":null}`, `[]`},
		{"top-level value not an object", `[null]`, `[["a"]]`, `[null]`, `[]`},
		{"null arguments", `null`, `[["a"]]`, `null`, `[]`},
		{"the empty path is ignored", `{"a":null}`, `[[]]`, `{"a":null}`, `[]`},
		{"a path ending with every element is ignored", `{"l":[null,1]}`, `[["l",null]]`, `{"l":[null,1]}`, `[]`},
		{"a path of every element only is ignored", `[null,{"a":null}]`, `[[null]]`, `[null,{"a":null}]`, `[]`},
		{"key names with special characters", `{"a/b":null,"~":null,"":null,"é":null}`, `[["a/b"],["~"],[""],["é"]]`, `{}`, `[["a/b"],["~"],[""],["é"]]`},
		{"path listed twice", `{"a":null}`, `[["a"],["a"]]`, `{}`, `[["a"]]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := jsonValue(t, tt.args)
			before := args.String()
			got, stripped := StripNulls(args, pathList(t, tt.paths))
			if got.String() != compactJSON(t, tt.want) {
				t.Errorf("StripNulls = %s, want %s", got, compactJSON(t, tt.want))
			}
			if pathsJSON(stripped) != compactJSON(t, tt.stripped) {
				t.Errorf("stripped = %s, want %s", pathsJSON(stripped), tt.stripped)
			}
			if args.String() != before {
				t.Errorf("the input changed: %s", args)
			}
		})
	}

	defaults := []struct {
		name      string
		schema    string
		args      string
		paths     string
		want      string
		defaulted string
	}{
		{"default takes the null's place", `{"type":"object","properties":{"a":{"type":"integer","default":10},"b":{"type":"string"}}}`,
			`{"b":"x","a":null,"c":1}`, `[["a"],["b"]]`, `{"b":"x","a":10,"c":1}`, `[["a"]]`},
		{"no default: removed", `{"type":"object","properties":{"a":{"type":"integer"}}}`, `{"a":null}`, `[["a"]]`, `{}`, `[]`},
		{"not null: untouched", `{"type":"object","properties":{"a":{"type":"integer","default":10}}}`, `{"a":3}`, `[["a"]]`, `{"a":3}`, `[]`},
		{"absent: not added", `{"type":"object","properties":{"a":{"type":"integer","default":10}}}`, `{}`, `[["a"]]`, `{}`, `[]`},
		{"object default, order kept", `{"type":"object","properties":{"o":{"type":"object","default":{"z":1,"a":[2.0]}}}}`, `{"o":null}`, `[["o"]]`, `{"o":{"z":1,"a":[2.0]}}`, `[["o"]]`},
		{"nested and in items", `{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string","default":"d"}}}}}}`,
			`{"l":[{"k":null},{"k":"x"},{}]}`, `[["l",null,"k"]]`, `{"l":[{"k":"d"},{"k":"x"},{}]}`, `[["l",null,"k"]]`},
		{"through a $ref", `{"type":"object","properties":{"r":{"$ref":"#/$defs/d"}},"$defs":{"d":{"type":"object","properties":{"x":{"type":"number","default":1.5}}}}}`,
			`{"r":{"x":null}}`, `[["r","x"]]`, `{"r":{"x":1.5}}`, `[["r","x"]]`},
		{"default on a $ref target", `{"type":"object","properties":{"r":{"$ref":"#/$defs/d"}},"$defs":{"d":{"type":"string","default":"dd"}}}`,
			`{"r":null}`, `[["r"]]`, `{"r":"dd"}`, `[["r"]]`},
		{"default inside an anyOf branch", `{"type":"object","properties":{"p":{"anyOf":[{"type":"object","properties":{"x":{"type":"integer","default":7}}},{"type":"string"}]}}}`,
			`{"p":{"x":null}}`, `[["p","x"]]`, `{"p":{"x":7}}`, `[["p","x"]]`},
		{"a default of null", `{"type":"object","properties":{"a":{"type":["integer","null"],"default":null}}}`, `{"a":null}`, `[["a"]]`, `{"a":null}`, `[["a"]]`},
	}
	for _, tt := range defaults {
		t.Run("defaults/"+tt.name, func(t *testing.T) {
			args := jsonValue(t, tt.args)
			paths := pathList(t, tt.paths)
			got, stripped, defaulted := StripNullsWithDefaults(args, paths, jsonValue(t, tt.schema))
			if got.String() != compactJSON(t, tt.want) {
				t.Errorf("StripNullsWithDefaults = %s, want %s", got, compactJSON(t, tt.want))
			}
			if pathsJSON(defaulted) != compactJSON(t, tt.defaulted) {
				t.Errorf("defaulted = %s, want %s", pathsJSON(defaulted), tt.defaulted)
			}
			_, plainStripped := StripNulls(args, paths)
			if pathsJSON(stripped) != pathsJSON(plainStripped) {
				t.Errorf("stripped = %s, want the same as StripNulls: %s", pathsJSON(stripped), pathsJSON(plainStripped))
			}
		})
	}

	t.Run("with the null paths of a conversion", func(t *testing.T) {
		schema := jsonValue(t, `{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":"integer","default":10},"tags":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"},"v":{"type":"string"}},"required":["v"]}}},"required":["q","tags"]}`)
		res, err := StrictSchema(schema, StrictOptions{})
		if err != nil {
			t.Fatal(err)
		}
		args := jsonValue(t, `{"q":"x","limit":null,"tags":[{"k":null,"v":"1"},{"k":"a","v":"2"}]}`)
		got, stripped := StripNulls(args, res.NullPaths.Paths())
		if got.String() != `{"q":"x","tags":[{"v":"1"},{"k":"a","v":"2"}]}` || pathsJSON(stripped) != `[["limit"],["tags",null,"k"]]` {
			t.Errorf("StripNulls = %s, %s", got, pathsJSON(stripped))
		}
		got, _, defaulted := StripNullsWithDefaults(args, res.NullPaths.Paths(), schema)
		if got.String() != `{"q":"x","limit":10,"tags":[{"v":"1"},{"k":"a","v":"2"}]}` || pathsJSON(defaulted) != `[["limit"]]` {
			t.Errorf("StripNullsWithDefaults = %s, %s", got, pathsJSON(defaulted))
		}
	})
}

// TestDefaultAtFindsPropertyDefault: DefaultAt finds a property's default in the
// original schema.
func TestDefaultAtFindsPropertyDefault(t *testing.T) {
	schema := `{"type":"object","properties":{
		"a":{"type":"integer","default":1},
		"o":{"type":"object","properties":{"x":{"default":"ox"}}},
		"l":{"type":"array","items":{"type":"object","properties":{"k":{"default":[1]}}}},
		"r":{"$ref":"#/$defs/d"},
		"w":{"anyOf":[{"type":"string"},{"$ref":"#/$defs/d"}]},
		"n":{"type":"string"},
		"loop":{"$ref":"#/$defs/loop"},
		"b":{"anyOf":[{"type":"object","properties":{"x":{"type":"integer"}}},{"type":"object","properties":{"x":{"default":7}}},{"type":"object","properties":{"x":{"default":8}}}]}},
		"$defs":{"d":{"type":"object","properties":{"z":{"default":false}},"default":{}},"loop":{"$ref":"#/$defs/loop"}}}`
	tests := []struct {
		path string
		want string // "" when there is none
	}{
		{`["a"]`, `1`},
		{`["o","x"]`, `"ox"`},
		{`["l",null,"k"]`, `[1]`},
		{`["r"]`, `{}`},
		{`["r","z"]`, `false`},
		{`["w","z"]`, `false`},
		{`["n"]`, ``},
		{`["missing"]`, ``},
		{`["a","b"]`, ``},
		{`["loop"]`, ``},
		{`["loop","x"]`, ``},
		// Every branch that declares the property is looked in; the first default
		// in document order wins, though branch 0 declares x without one.
		{`["b","x"]`, `7`},
	}
	s := jsonValue(t, schema)
	for _, tt := range tests {
		p, _ := PathFromValue(jsonValue(t, tt.path))
		got, ok := DefaultAt(s, p)
		if tt.want == "" {
			if ok {
				t.Errorf("DefaultAt(%s) = %s, want none", tt.path, got)
			}
			continue
		}
		if !ok || got.String() != tt.want {
			t.Errorf("DefaultAt(%s) = %s, %v; want %s", tt.path, got, ok, tt.want)
		}
	}
}
