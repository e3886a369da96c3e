package adapter

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestOnlyReachableDefinitionsAreKept: only the definitions reachable from the root
// through $refs are converted and kept; the others are listed as dropped.
func TestOnlyReachableDefinitionsAreKept(t *testing.T) {
	addr := `"addr":{"type":"object","properties":{"street":{"type":"string"},"zip":{"type":"string"}},"required":["street"]}`
	strictAddr := `"addr":{"type":"object","properties":{"street":{"type":"string"},"zip":{"type":["string","null"]}},"required":["street","zip"],"additionalProperties":false}`
	node := func(valueRequired bool) string {
		req := `"children"`
		if valueRequired {
			req = `"value","children"`
		}
		return `"node":{"type":"object","properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":[` + req + `]}`
	}
	runStrictCases(t, []strictCase{
		{name: "reachable kept, unreachable listed",
			in:      `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"],"$defs":{"y":{"type":"string"},"x":{"type":"integer"},"z":{"oneOf":[]}}}`,
			want:    `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"],"$defs":{"x":{"type":"integer"}},"additionalProperties":false}`,
			dropped: `[{"path":["$defs","y"],"keyword":"$defs"},{"path":["$defs","z"],"keyword":"$defs"}]`},
		{name: "no reachable definition: $defs left out",
			in:      `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"$defs":{"x":{"type":"string"},"y":true}}`,
			want:    `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`,
			dropped: `[{"path":["$defs","x"],"keyword":"$defs"},{"path":["$defs","y"],"keyword":"$defs"}]`},
		{name: "empty $defs left out",
			in:      `{"type":"object","$defs":{}}`,
			want:    `{"type":"object","properties":{},"required":[],"additionalProperties":false}`,
			dropped: `[]`},
		{name: "definitions container",
			in:      `{"type":"object","properties":{"a":{"$ref":"#/definitions/x"}},"required":["a"],"definitions":{"x":{"type":"integer"},"u":{"type":"string"}}}`,
			want:    `{"type":"object","properties":{"a":{"$ref":"#/definitions/x"}},"required":["a"],"definitions":{"x":{"type":"integer"}},"additionalProperties":false}`,
			dropped: `[{"path":["definitions","u"],"keyword":"definitions"}]`},
		{name: "reachable through another definition, across containers",
			in:      `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"],"$defs":{"x":{"type":"array","items":{"$ref":"#/definitions/y"}},"z":{"$ref":"#/definitions/w"}},"definitions":{"w":{"type":"string"},"y":{"anyOf":[{"$ref":"#/$defs/x"},{"type":"string"}]}}}`,
			want:    `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"],"$defs":{"x":{"type":"array","items":{"$ref":"#/definitions/y"}}},"definitions":{"y":{"anyOf":[{"$ref":"#/$defs/x"},{"type":"string"}]}},"additionalProperties":false}`,
			dropped: `[{"path":["$defs","z"],"keyword":"$defs"},{"path":["definitions","w"],"keyword":"definitions"}]`,
			nulls:   `[]`},
		{name: "a $ref at a dropped position does not reach",
			in:      `{"type":"object","properties":{"a":{"type":"string","items":{"$ref":"#/$defs/x"},"default":{"$ref":"#/$defs/y"}},"b":{"$ref":"#/$defs/z","properties":{"q":{"$ref":"#/$defs/x"}}}},"required":["a","b"],"$defs":{"x":{"type":"string"},"y":{"type":"string"},"z":{"type":"boolean"}}}`,
			want:    `{"type":"object","properties":{"a":{"type":"string","description":"Default: {\"$ref\":\"#/$defs/y\"}."},"b":{"$ref":"#/$defs/z"}},"required":["a","b"],"$defs":{"z":{"type":"boolean"}},"additionalProperties":false}`,
			dropped: `[{"path":["properties","a","items"],"keyword":"items"},{"path":["properties","a","default"],"keyword":"default"},{"path":["properties","b","properties"],"keyword":"properties"},{"path":["$defs","x"],"keyword":"$defs"},{"path":["$defs","y"],"keyword":"$defs"}]`},
		{name: "a definition reached only from an unreachable one is unreachable",
			in:      `{"type":"object","$defs":{"x":{"$ref":"#/$defs/y"},"y":{"type":"string"}}}`,
			want:    `{"type":"object","properties":{},"required":[],"additionalProperties":false}`,
			dropped: `[{"path":["$defs","x"],"keyword":"$defs"},{"path":["$defs","y"],"keyword":"$defs"}]`},
		{name: "null paths through a $ref are expanded at each use",
			in:    `{"type":"object","properties":{"home":{"$ref":"#/$defs/addr"},"work":{"$ref":"#/$defs/addr"},"past":{"type":"array","items":{"$ref":"#/$defs/addr"}}},"required":["home","past"],"$defs":{` + addr + `}}`,
			want:  `{"type":"object","properties":{"home":{"$ref":"#/$defs/addr"},"work":{"anyOf":[{"$ref":"#/$defs/addr"},{"type":"null"}]},"past":{"type":"array","items":{"$ref":"#/$defs/addr"}}},"required":["home","past","work"],"$defs":{` + strictAddr + `},"additionalProperties":false}`,
			nulls: `[["home","zip"],["work"],["work","zip"],["past",null,"zip"]]`},
		{name: "$defs before properties: same null paths",
			in:    `{"$defs":{` + addr + `},"type":"object","properties":{"home":{"$ref":"#/$defs/addr"}},"required":["home"]}`,
			want:  `{"$defs":{` + strictAddr + `},"type":"object","properties":{"home":{"$ref":"#/$defs/addr"}},"required":["home"],"additionalProperties":false}`,
			nulls: `[["home","zip"]]`},
		{name: "nested definitions expand inside each other",
			in:    `{"type":"object","properties":{"p":{"$ref":"#/$defs/a"}},"required":["p"],"$defs":{"a":{"type":"object","properties":{"x":{"type":"string"},"b":{"$ref":"#/$defs/b"}}},"b":{"type":"object","properties":{"y":{"type":"string"}}}}}`,
			want:  `{"type":"object","properties":{"p":{"$ref":"#/$defs/a"}},"required":["p"],"$defs":{"a":{"type":"object","properties":{"x":{"type":["string","null"]},"b":{"anyOf":[{"$ref":"#/$defs/b"},{"type":"null"}]}},"required":["b","x"],"additionalProperties":false},"b":{"type":"object","properties":{"y":{"type":["string","null"]}},"required":["y"],"additionalProperties":false}},"additionalProperties":false}`,
			nulls: `[["p","x"],["p","b"],["p","b","y"]]`},
		{name: "$ref to the root with required properties",
			in:    `{"type":"object","properties":{"name":{"type":"string"},"child":{"anyOf":[{"$ref":"#"},{"type":"null"}]}},"required":["name"]}`,
			want:  `{"type":"object","properties":{"name":{"type":"string"},"child":{"anyOf":[{"$ref":"#"},{"type":"null"}]}},"required":["child","name"],"additionalProperties":false}`,
			nulls: `[]`},

		// Cycles.
		{name: "cycle without nullable properties",
			in:    `{"type":"object","properties":{"tree":{"$ref":"#/$defs/node"}},"required":["tree"],"$defs":{` + node(true) + `}}`,
			want:  `{"type":"object","properties":{"tree":{"$ref":"#/$defs/node"}},"required":["tree"],"$defs":{"node":{"type":"object","properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":["children","value"],"additionalProperties":false}},"additionalProperties":false}`,
			nulls: `[]`},
		{name: "cycle without nullable, nullable outside it",
			in:    `{"type":"object","properties":{"tree":{"$ref":"#/$defs/node"},"x":{"type":"string"}},"required":["tree"],"$defs":{` + node(true) + `}}`,
			want:  `{"type":"object","properties":{"tree":{"$ref":"#/$defs/node"},"x":{"type":["string","null"]}},"required":["tree","x"],"$defs":{"node":{"type":"object","properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":["children","value"],"additionalProperties":false}},"additionalProperties":false}`,
			nulls: `[["x"]]`},
		{name: "optional use of a cycle without nullable",
			in:    `{"type":"object","properties":{"tree":{"$ref":"#/$defs/node"}},"$defs":{` + node(true) + `}}`,
			want:  `{"type":"object","properties":{"tree":{"anyOf":[{"$ref":"#/$defs/node"},{"type":"null"}]}},"$defs":{"node":{"type":"object","properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":["children","value"],"additionalProperties":false}},"required":["tree"],"additionalProperties":false}`,
			nulls: `[["tree"]]`},
		{name: "cycle whose optional property already accepts null",
			in:    `{"type":"object","properties":{"head":{"$ref":"#/$defs/item"}},"required":["head"],"$defs":{"item":{"type":"object","properties":{"v":{"type":"integer"},"next":{"anyOf":[{"$ref":"#/$defs/item"},{"type":"null"}]}},"required":["v"]}}}`,
			want:  `{"type":"object","properties":{"head":{"$ref":"#/$defs/item"}},"required":["head"],"$defs":{"item":{"type":"object","properties":{"v":{"type":"integer"},"next":{"anyOf":[{"$ref":"#/$defs/item"},{"type":"null"}]}},"required":["next","v"],"additionalProperties":false}},"additionalProperties":false}`,
			nulls: `[]`},
		{name: "cycle with a nullable property fails at the $ref that closes it",
			in:      `{"type":"object","properties":{"tree":{"$ref":"#/$defs/node"}},"required":["tree"],"$defs":{` + node(false) + `}}`,
			errPath: `["$defs","node","properties","children","items"]`, errKeyword: "$ref"},
		{name: "two-definition cycle fails in the definition that closes it",
			in:      `{"type":"object","properties":{"start":{"$ref":"#/$defs/a"}},"required":["start"],"$defs":{"a":{"type":"object","properties":{"note":{"type":"string"},"next":{"$ref":"#/$defs/b"}},"required":["next"]},"b":{"type":"object","properties":{"back":{"$ref":"#/$defs/a"}},"required":["back"]}}}`,
			errPath: `["$defs","b","properties","back"]`, errKeyword: "$ref"},
		{name: "cycle through the root",
			in:      `{"type":"object","properties":{"child":{"$ref":"#"},"name":{"type":"string"}},"required":["child"]}`,
			errPath: `["properties","child"]`, errKeyword: "$ref"},
		{name: "cycle through the root, optional",
			in:      `{"type":"object","properties":{"name":{"type":"string"},"child":{"$ref":"#"}},"required":["name"]}`,
			errPath: `["properties","child"]`, errKeyword: "$ref"},
		{name: "cycle reaching a definition that makes a property nullable",
			in:      `{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"required":["n"],"$defs":{"node":{"type":"object","properties":{"next":{"$ref":"#/$defs/node"},"meta":{"$ref":"#/$defs/meta"}},"required":["next","meta"]},"meta":{"type":"object","properties":{"tag":{"type":"string"}}}}}`,
			errPath: `["$defs","node","properties","next"]`, errKeyword: "$ref"},
		{name: "the first closing $ref in document order",
			in:      `{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"required":["n"],"$defs":{"node":{"type":"object","properties":{"v":{"type":"string"},"left":{"$ref":"#/$defs/node"},"right":{"$ref":"#/$defs/node"}},"required":["left","right"]}}}`,
			errPath: `["$defs","node","properties","left"]`, errKeyword: "$ref"},
		{name: "closing $ref inside an anyOf branch",
			in:      `{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"required":["n"],"$defs":{"node":{"type":"object","properties":{"v":{"type":"string"},"kids":{"anyOf":[{"type":"string"},{"type":"array","items":{"$ref":"#/$defs/node"}}]}},"required":["kids"]}}}`,
			errPath: `["$defs","node","properties","kids","anyOf",1,"items"]`, errKeyword: "$ref"},
		// Two closing $refs at the same instance path: the node's keys are read in
		// their order, so the anyOf written before properties holds the first one.
		{name: "the first closing $ref in document order: anyOf before properties",
			in:      `{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"required":["n"],"$defs":{"node":{"type":"object","anyOf":[{"type":"object","properties":{"k":{"$ref":"#/$defs/node"}},"required":["k"]}],"properties":{"k":{"$ref":"#/$defs/node"},"o":{"type":"string"}},"required":["k"]}}}`,
			errPath: `["$defs","node","anyOf",0,"properties","k"]`, errKeyword: "$ref"},
		{name: "the first closing $ref in document order: items before anyOf",
			in:      `{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"required":["n"],"$defs":{"node":{"type":["array","object"],"items":{"$ref":"#/$defs/node"},"anyOf":[{"type":"array","items":{"$ref":"#/$defs/node"}}],"properties":{"o":{"type":"string"}}}}}`,
			errPath: `["$defs","node","items"]`, errKeyword: "$ref"},
		{name: "self-referencing definition without properties",
			in:    `{"type":"object","properties":{"j":{"$ref":"#/$defs/json"}},"required":["j"],"$defs":{"json":{"anyOf":[{"type":"string"},{"type":"array","items":{"$ref":"#/$defs/json"}}]}}}`,
			want:  `{"type":"object","properties":{"j":{"$ref":"#/$defs/json"}},"required":["j"],"$defs":{"json":{"anyOf":[{"type":"string"},{"type":"array","items":{"$ref":"#/$defs/json"}}]}},"additionalProperties":false}`,
			nulls: `[]`},

		// Where a failure inside a definition is reported.
		{name: "failure inside a definition",
			in:      `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"$defs":{"x":{"type":"object","properties":{"k":{"type":"array"}}}}}`,
			errPath: `["$defs","x","properties","k"]`, errKeyword: "items"},
		{name: "failure inside a definitions definition",
			in:      `{"type":"object","properties":{"a":{"$ref":"#/definitions/x"}},"definitions":{"x":{"anyOf":[{"type":"string"},{"not":{}}]}}}`,
			errPath: `["definitions","x","anyOf",1]`, errKeyword: "not"},
	})
}

// TestDefinitionsReachedManyWaysConvertOnce: $refs that lead to one definition many ways (two
// branches to the next definition, forty deep: 2^40 routes) are converted, expanded
// and searched for defaults once per definition and path. Before, each of these
// walked every route and never finished.
func TestDefinitionsReachedManyWaysConvertOnce(t *testing.T) {
	const depth = 40
	build := func(node func(next string) string) string {
		var defs []string
		for i := range depth {
			defs = append(defs, `"d`+strconv.Itoa(i)+`":`+node(`"#/$defs/d`+strconv.Itoa(i+1)+`"`))
		}
		defs = append(defs, `"d`+strconv.Itoa(depth)+`":{"type":"string","default":"deep"}`)
		return `{"type":"object","properties":{"a":{"$ref":"#/$defs/d0"}},"$defs":{` + strings.Join(defs, ",") + `}}`
	}
	t.Run("no nullable property inside", func(t *testing.T) {
		in := build(func(next string) string {
			return `{"anyOf":[{"$ref":` + next + `},{"type":"array","items":{"$ref":` + next + `}}]}`
		})
		res, err := StrictSchema(jsonValue(t, in), StrictOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if pathsJSON(res.NullPaths.Paths()) != `[["a"]]` {
			t.Errorf("null paths = %s", pathsJSON(res.NullPaths.Paths()))
		}
		if len(CheckStrict(res.Schema)) != 0 {
			t.Error("CheckStrict")
		}
	})
	t.Run("a nullable property at every level, one path each", func(t *testing.T) {
		in := build(func(next string) string {
			return `{"type":"object","properties":{"x":{"type":"string"},"n":{"anyOf":[{"$ref":` + next + `},{"$ref":` + next + `}]}},"required":["n"]}`
		})
		res, err := StrictSchema(jsonValue(t, in), StrictOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{`["a"]`}
		prefix := `"a"`
		for range depth {
			want = append(want, `[`+prefix+`,"x"]`)
			prefix += `,"n"`
		}
		if got := pathsJSON(res.NullPaths.Paths()); got != "["+strings.Join(want, ",")+"]" {
			t.Errorf("null paths = %s", got)
		}
		p := Keys("a")
		for range depth {
			p = p.Append(Key("n"))
		}
		if d, ok := DefaultAt(jsonValue(t, in), p); !ok || d.Str() != "deep" {
			t.Errorf("DefaultAt = %s, %v", d, ok)
		}
	})
	t.Run("whether a $ref accepts null", func(t *testing.T) {
		in := build(func(next string) string {
			return `{"anyOf":[{"$ref":` + next + `},{"$ref":` + next + `}]}`
		})
		res, err := StrictSchema(jsonValue(t, in), StrictOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := Lookup(res.Schema, Keys("properties", "a")); got.String() != `{"anyOf":[{"$ref":"#/$defs/d0"},{"type":"null"}]}` {
			t.Errorf("a = %s", got)
		}
	})
}

// TestNullPathExpansionIsCapped: a schema whose $refs expand to MaxNullPaths null paths
// converts; one more fails with keyword $ref at the root. Five levels of
// definitions that use the next one twice reach the last, whose optional
// properties are made nullable, 32 times.
func TestNullPathExpansionIsCapped(t *testing.T) {
	const levels = 5
	build := func(leafProps int) string {
		var defs []string
		for i := range levels {
			next := `{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}`
			defs = append(defs, `"d`+strconv.Itoa(i)+`":{"type":"object","properties":{"x":`+next+`,"y":`+next+`},"required":["x","y"]}`)
		}
		var props []string
		for i := range leafProps {
			props = append(props, `"p`+strconv.Itoa(i)+`":{"type":"string"}`)
		}
		defs = append(defs, `"d`+strconv.Itoa(levels)+`":{"type":"object","properties":{`+strings.Join(props, ",")+`}}`)
		return `{"type":"object","properties":{"a":{"$ref":"#/$defs/d0"}},"required":["a"],"$defs":{` + strings.Join(defs, ",") + `}}`
	}
	// As many paths as the limit allows (all of them when it is a multiple of 32).
	perLeaf := MaxNullPaths >> levels
	total := perLeaf << levels
	res, err := StrictSchema(jsonValue(t, build(perLeaf)), StrictOptions{})
	if err != nil {
		t.Fatalf("%d null paths: %v", total, err)
	}
	if res.NullPaths.Len() != total {
		t.Fatalf("%d null paths, want %d", res.NullPaths.Len(), total)
	}
	// Pre-order: every property of the first leaf reached, then the next leaf.
	first, last := `["a","x","x","x","x","x","p0"]`, `["a","y","y","y","y","y","p`+strconv.Itoa(perLeaf-1)+`"]`
	if got := pathsJSON(res.NullPaths.Paths()[:1]); got != "["+first+"]" {
		t.Errorf("first null path %s, want %s", got, first)
	}
	if got := pathsJSON(res.NullPaths.Paths()[perLeaf : perLeaf+1]); got != `[["a","x","x","x","x","y","p0"]]` {
		t.Errorf("null path %d = %s", perLeaf, got)
	}
	if got := pathsJSON(res.NullPaths.Paths()[total-1:]); got != "["+last+"]" {
		t.Errorf("last null path %s, want %s", got, last)
	}
	_, err = StrictSchema(jsonValue(t, build(perLeaf+1)), StrictOptions{})
	var se *StrictError
	if !errors.As(err, &se) || se.Keyword != "$ref" || len(se.Path) != 0 || !strings.Contains(se.Message, "more than "+strconv.Itoa(MaxNullPaths)+" null paths") {
		t.Errorf("one leaf property more: want the $ref error at the root, got %v", err)
	}
}

// requiredStringProps writes n required string properties p0, p1, ….
func requiredStringProps(n int) (props, required string) {
	var p, r strings.Builder
	for i := range n {
		if i > 0 {
			p.WriteByte(',')
			r.WriteByte(',')
		}
		name := `"p` + strconv.Itoa(i) + `"`
		p.WriteString(name + `:{"type":"string"}`)
		r.WriteString(name)
	}
	return p.String(), r.String()
}

// nestedObjects writes n levels of object nesting through a property named a: level 1 is
// the outer object.
func nestedObjects(n int) string {
	s := `{"type":"object","additionalProperties":false}`
	for i := 1; i < n; i++ {
		s = `{"type":"object","properties":{"a":` + s + `},"required":["a"]}`
	}
	return s
}

func nestedObjectsPath(levels int, prefix string) string {
	parts := []string{}
	if prefix != "" {
		parts = append(parts, prefix)
	}
	for range levels {
		parts = append(parts, `"properties","a"`)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// enumOf writes an enum of n values from f.
func enumOf(n int, f func(i int) string) string {
	items := make([]string, n)
	for i := range n {
		items[i] = f(i)
	}
	return "[" + strings.Join(items, ",") + "]"
}

func numText(i int) string { return strconv.Itoa(i) }

func repeatedString(n int, c string) string { return `"` + strings.Repeat(c, n) + `"` }

// TestStrictLimitsJustUnderAndJustOver: each of OpenAI's size limits just under and
// just over, failing at the output-schema path.
func TestStrictLimitsJustUnderAndJustOver(t *testing.T) {
	type limitCase struct {
		name    string
		in      string
		path    string // "" when the schema is within the limits
		keyword string
	}
	// These limits are crossed because of a null the schema itself wrote (or one
	// strict mode appended): CheckStrict cannot tell the two apart and takes the
	// lenient reading, so it is not expected to see them.
	hidden := map[string]bool{
		"a written null counts, over":                  true,
		"an appended null is one of the values sent":   true,
		"an appended null does not stop a string enum": true,
	}
	p5000, r5000 := requiredStringProps(5000)
	p5001, r5001 := requiredStringProps(5001)
	p4999, r4999 := requiredStringProps(4999)
	p3000, r3000 := requiredStringProps(3000)
	nameOf := func(i int, n int) string { return strings.Repeat(string(rune('a'+i)), n) }
	twelveNames := func(extra string) string {
		var parts []string
		for i := range 12 {
			parts = append(parts, `"`+nameOf(i, 10000)+`":{"type":"string"}`)
		}
		if extra != "" {
			parts = append(parts, extra)
		}
		return `{"type":"object","properties":{` + strings.Join(parts, ",") + `},"additionalProperties":false}`
	}
	// req is an object whose properties are all required.
	req := func(props string) string {
		var names []string
		for _, m := range jsonValue(t, "{"+props+"}").Members() {
			names = append(names, string(AppendQuoted(nil, m.Key())))
		}
		return `{"type":"object","properties":{` + props + `},"required":[` + strings.Join(names, ",") + `],"additionalProperties":false}`
	}
	str250 := func(n, each int) string { return enumOf(n, func(i int) string { return repeatedString(each, "s") }) }
	cases := []limitCase{
		// max_properties.
		{"5000 properties", `{"type":"object","properties":{` + p5000 + `},"required":[` + r5000 + `]}`, "", ""},
		{"5001 properties", `{"type":"object","properties":{` + p5001 + `},"required":[` + r5001 + `]}`, `[]`, "max_properties"},
		{"5000 in total with a nested object", req(`"o":{"type":"object","properties":{` + p4999 + `},"required":[` + r4999 + `]}`), "", ""},
		{"5001 in total, crossed in the nested object", req(`"o":{"type":"object","properties":{` + p5000 + `},"required":[` + r5000 + `]}`), `["properties","o"]`, "max_properties"},
		{"crossed in a definition", `{"type":"object","properties":{"a":{"$ref":"#/$defs/d"}},"required":["a"],"$defs":{"d":{"type":"object","properties":{` + p5000 + `},"required":[` + r5000 + `]}}}`, `["$defs","d"]`, "max_properties"},
		{"a definition used twice counts once", `{"type":"object","properties":{"a":{"$ref":"#/$defs/d"},"b":{"$ref":"#/$defs/d"}},"required":["a","b"],"$defs":{"d":{"type":"object","properties":{` + p3000 + `},"required":[` + r3000 + `]}}}`, "", ""},

		// max_depth.
		{"10 levels", nestedObjects(10), "", ""},
		{"11 levels", nestedObjects(11), nestedObjectsPath(10, ""), "max_depth"},
		{"arrays add no level", `{"type":"object","properties":{"l":{"type":"array","items":{"type":"array","items":` + nestedObjects(9) + `}}},"required":["l"]}`, "", ""},
		{"arrays add no level, over", `{"type":"object","properties":{"l":{"type":"array","items":` + nestedObjects(10) + `}},"required":["l"]}`, `["properties","l","items",` + nestedObjectsPath(9, "")[1:], "max_depth"},
		{"optional objects count", `{"type":"object","properties":{"a":` + strings.Replace(nestedObjects(10), `,"required":["a"]`, ``, 1) + `}}`, `["properties","a",` + nestedObjectsPath(9, "")[1:], "max_depth"},
		{"definitions count from their own root", `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"$ref":"#/$defs/d"}},"required":["b"]}},"required":["a"],"$defs":{"d":` + nestedObjects(10) + `}}`, "", ""},
		{"a definition with 11 levels", `{"type":"object","properties":{"b":{"$ref":"#/$defs/d"}},"required":["b"],"$defs":{"d":` + nestedObjects(11) + `}}`, nestedObjectsPath(10, `"$defs","d"`), "max_depth"},
		{"objects in anyOf branches count", `{"type":"object","properties":{"a":{"anyOf":[` + nestedObjects(10) + `,{"type":"null"}]}},"required":["a"]}`, `["properties","a","anyOf",0,` + nestedObjectsPath(9, "")[1:], "max_depth"},

		// max_chars.
		{"120,000 characters of property names", twelveNames(""), "", ""},
		{"120,001 characters of property names", twelveNames(`"x":{"type":"string"}`), `[]`, "max_chars"},
		{"property names count code points", req(`"` + strings.Repeat("é", 60000) + `":{"type":"string"},"` + strings.Repeat("ü", 60000) + `":{"type":"string"}`), "", ""},
		{"enum value at 120,000", req(`"e":{"enum":[` + repeatedString(119999, "v") + `]}`), "", ""},
		{"enum value at 120,001", req(`"e":{"enum":[` + repeatedString(120000, "v") + `]}`), `["properties","e"]`, "max_chars"},
		{"const value at 120,000", req(`"c":{"const":` + repeatedString(119999, "v") + `}`), "", ""},
		{"const value at 120,001", req(`"c":{"const":` + repeatedString(120000, "v") + `}`), `["properties","c"]`, "max_chars"},
		{"non-string const counts its JSON text", req(`"s":{"const":` + repeatedString(119993, "v") + `},"n":{"const":12345}`), "", ""},
		{"non-string const counts its JSON text, over", req(`"s":{"const":` + repeatedString(119993, "v") + `},"n":{"const":123456}`), `["properties","n"]`, "max_chars"},
		{"non-string const counts code points", req(`"s":{"const":` + repeatedString(119987, "v") + `},"n":{"const":{"k":"ééé"}}`), "", ""},
		{"non-string const counts code points, over", req(`"s":{"const":` + repeatedString(119988, "v") + `},"n":{"const":{"k":"ééé"}}`), `["properties","n"]`, "max_chars"},
		{"non-string enum values count their JSON text", req(`"s":{"const":` + repeatedString(119994, "v") + `},"n":{"enum":[1.50]}`), "", ""},
		{"non-string enum values count their JSON text, over", req(`"s":{"const":` + repeatedString(119994, "v") + `},"n":{"enum":[1.500]}`), `["properties","n"]`, "max_chars"},
		{"a written null counts", req(`"e":{"enum":[` + repeatedString(119995, "v") + `,null]}`), "", ""},
		{"a written null counts, over", req(`"e":{"enum":[` + repeatedString(119996, "v") + `,null]}`), `["properties","e"]`, "max_chars"},
		{"an appended null does not count", `{"type":"object","properties":{"e":{"enum":[` + repeatedString(119999, "v") + `]}}}`, "", ""},
		{"definition names count", `{"type":"object","properties":{"p":{"$ref":"#/$defs/` + strings.Repeat("d", 119999) + `"}},"required":["p"],"$defs":{"` + strings.Repeat("d", 119999) + `":{"type":"string"}}}`, "", ""},
		{"definition names count, over at the root", `{"type":"object","properties":{"p":{"$ref":"#/$defs/` + strings.Repeat("d", 120000) + `"}},"required":["p"],"$defs":{"` + strings.Repeat("d", 120000) + `":{"type":"string"}}}`, `[]`, "max_chars"},
		{"output-schema path of a wrapped const", `{"type":"object","properties":{"c":{"const":` + repeatedString(120000, "v") + `}}}`, `["properties","c","anyOf",0]`, "max_chars"},

		// max_enum_values.
		{"1000 enum values", req(`"e":{"enum":` + enumOf(1000, numText) + `}`), "", ""},
		{"1001 enum values", req(`"e":{"enum":` + enumOf(1001, numText) + `}`), `["properties","e"]`, "max_enum_values"},
		{"1001 across the schema", req(`"a":{"enum":` + enumOf(600, numText) + `},"b":{"type":"array","items":{"enum":` + enumOf(401, numText) + `}}`), `["properties","b","items"]`, "max_enum_values"},
		{"appended nulls count", `{"type":"object","properties":{"a":{"enum":` + enumOf(999, numText) + `},"b":{"enum":["x"]}},"required":["a"]}`, `["properties","b"]`, "max_enum_values"},
		{"1000 with b required", `{"type":"object","properties":{"a":{"enum":` + enumOf(999, numText) + `},"b":{"enum":["x"]}},"required":["a","b"]}`, "", ""},
		{"output-schema path of a wrapped enum", `{"type":"object","properties":{"a":{"enum":` + enumOf(999, numText) + `},"b":{"enum":["x","y"],"const":"x"}},"required":["a"]}`, `["properties","b","anyOf",0]`, "max_enum_values"},
		{"enum values in a definition", `{"type":"object","properties":{"a":{"$ref":"#/$defs/e"}},"required":["a"],"$defs":{"e":{"enum":` + enumOf(1001, numText) + `}}}`, `["$defs","e"]`, "max_enum_values"},

		// max_enum_chars.
		{"251 strings of 15,060 characters", req(`"e":{"enum":` + str250(251, 60) + `}`), `["properties","e"]`, "max_enum_chars"},
		{"251 strings of exactly 15,000", req(`"e":{"enum":` + enumOf(251, func(i int) string {
			if i == 0 {
				return `""`
			}
			return repeatedString(60, "s")
		}) + `}`), "", ""},
		{"250 long strings", req(`"e":{"enum":` + str250(250, 100) + `}`), "", ""},
		{"251 values, one a number", req(`"e":{"enum":` + enumOf(251, func(i int) string {
			if i == 0 {
				return `7`
			}
			return repeatedString(100, "s")
		}) + `}`), "", ""},
		{"251 values, one a written null", req(`"e":{"enum":` + enumOf(251, func(i int) string {
			if i == 250 {
				return `null`
			}
			return repeatedString(100, "s")
		}) + `}`), "", ""},
		{"an appended null does not stop a string enum", `{"type":"object","properties":{"e":{"enum":` + str250(251, 60) + `}}}`, `["properties","e"]`, "max_enum_chars"},
		{"an appended null is one of the values sent", `{"type":"object","properties":{"e":{"type":"string","enum":` + str250(250, 61) + `}}}`, `["properties","e"]`, "max_enum_chars"},
		{"code points, not bytes", req(`"e":{"enum":` + enumOf(251, func(i int) string { return repeatedString(59, "é") }) + `}`), "", ""},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			res, err := StrictSchema(jsonValue(t, tt.in), StrictOptions{})
			if tt.keyword == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if v := CheckStrict(res.Schema); len(v) > 0 {
					t.Errorf("CheckStrict: %v", v)
				}
				return
			}
			var se *StrictError
			if !errors.As(err, &se) {
				t.Fatalf("error = %v, want %s", err, tt.keyword)
			}
			if se.Keyword != tt.keyword || se.Path.String() != compactJSON(t, tt.path) {
				p := se.Path.String()
				if len(p) > 200 {
					p = p[:200] + "…"
				}
				t.Fatalf("error = %s at %s, want %s at %s", se.Keyword, p, tt.keyword, tt.path)
			}
			// A limit is checked on the finished conversion: the result comes with
			// the error, and the path points into its schema.
			if res == nil {
				t.Fatal("no result with a limit error")
			}
			if _, ok := Lookup(res.Schema, se.Path); !ok {
				t.Errorf("error path %s is not in the output schema", se.Path)
			}
			if hidden[tt.name] {
				return
			}
			v := CheckStrict(res.Schema)
			found := false
			for _, x := range v {
				found = found || x.Keyword == tt.keyword
			}
			if !found {
				t.Errorf("CheckStrict does not report %s: %v", tt.keyword, v)
			}
		})
	}

	// Only a null this conversion appends is exempt. A strict result given back
	// to StrictSchema as it is (not re-decoded) has its appended nulls written in
	// the input now, and they count like any written null.
	again := []struct {
		name, in, keyword string
	}{
		{"a null appended by an earlier conversion counts", `{"type":"object","properties":{"e":{"enum":[` + repeatedString(119997, "v") + `]}}}`, "max_chars"},
		{"a null appended by an earlier conversion stops a string enum", `{"type":"object","properties":{"e":{"enum":` + str250(250, 61) + `}}}`, ""},
	}
	for _, tt := range again {
		t.Run(tt.name, func(t *testing.T) {
			first, _ := StrictSchema(jsonValue(t, tt.in), StrictOptions{})
			if first == nil {
				t.Fatal("no result from the first conversion")
			}
			_, errInProcess := StrictSchema(first.Schema, StrictOptions{})
			_, errDecoded := StrictSchema(jsonValue(t, first.Schema.String()), StrictOptions{})
			for _, err := range []error{errInProcess, errDecoded} {
				var se *StrictError
				got := ""
				if errors.As(err, &se) {
					got = se.Keyword
				}
				if got != tt.keyword {
					t.Errorf("second conversion: error %v, want keyword %q", err, tt.keyword)
				}
			}
		})
	}
}

// TestFirstFailureInOrderIsReported: of several failures, the first in the order
// root, node steps, reference cycles, limits is reported.
func TestFirstFailureInOrderIsReported(t *testing.T) {
	cycle := `"child":{"$ref":"#"},"name":{"type":"string"}`
	runStrictCases(t, []strictCase{
		{name: "first property in key order", in: `{"type":"object","properties":{"b":{"type":"foo"},"a":{"oneOf":[]}}}`, errPath: `["properties","b"]`, errKeyword: "type"},
		{name: "first property in key order, reversed", in: `{"type":"object","properties":{"a":{"oneOf":[]},"b":{"type":"foo"}}}`, errPath: `["properties","a"]`, errKeyword: "oneOf"},
		{name: "inside an earlier property before a later one", in: `{"type":"object","properties":{"a":{"type":"array","items":{"type":"foo"}},"b":{"oneOf":[]}}}`, errPath: `["properties","a","items"]`, errKeyword: "type"},
		{name: "a node before its children", in: `{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"oneOf":[]}},"additionalProperties":true}}}`, errPath: `["properties","o"]`, errKeyword: "additionalProperties"},
		{name: "the root's own steps before its properties", in: `{"type":"object","properties":{"a":{"oneOf":[]}},"additionalProperties":true}`, errPath: `[]`, errKeyword: "additionalProperties"},
		{name: "root checks first", in: `{"anyOf":[],"type":"object","properties":{"a":{"oneOf":[]}}}`, errPath: `[]`, errKeyword: "anyOf"},
		{name: "step 2 before step 4", in: `{"type":"object","properties":{"v":{"type":"foo","oneOf":[]}}}`, errPath: `["properties","v"]`, errKeyword: "oneOf"},
		{name: "step 2 before step 3", in: `{"type":"object","properties":{"v":{"$ref":"#/nowhere","allOf":[]}}}`, errPath: `["properties","v"]`, errKeyword: "allOf"},
		{name: "step 3 before step 4", in: `{"type":"object","properties":{"v":{"$ref":"#/nowhere","type":"foo"}}}`, errPath: `["properties","v"]`, errKeyword: "$ref"},
		{name: "step 4 before step 5", in: `{"type":"object","properties":{"v":{"type":"object","additionalProperties":true,"minLength":"x"}}}`, errPath: `["properties","v"]`, errKeyword: "minLength"},
		{name: "step 4 before step 5, free-form map", in: `{"type":"object","properties":{"v":{"type":"object","maxLength":"x"}}}`, errPath: `["properties","v"]`, errKeyword: "maxLength"},
		{name: "step 5 before step 6", in: `{"type":"object","properties":{"v":{"type":["object","array"],"additionalProperties":true}}}`, errPath: `["properties","v"]`, errKeyword: "additionalProperties"},
		{name: "step 6 before the children", in: `{"type":"object","properties":{"v":{"type":["object","array"],"properties":{"x":{"oneOf":[]}}}}}`, errPath: `["properties","v"]`, errKeyword: "items"},
		{name: "anyOf branches in order", in: `{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"array"},{"oneOf":[]}]}}}`, errPath: `["properties","v","anyOf",1]`, errKeyword: "items"},
		{name: "$defs before properties is converted first",
			in:      `{"type":"object","$defs":{"d":{"type":"bar"}},"properties":{"a":{"$ref":"#/$defs/d"},"b":{"type":"foo"}}}`,
			errPath: `["$defs","d"]`, errKeyword: "type"},
		{name: "$defs after properties is converted last",
			in:      `{"type":"object","properties":{"a":{"$ref":"#/$defs/d"},"b":{"type":"foo"}},"$defs":{"d":{"type":"bar"}}}`,
			errPath: `["properties","b"]`, errKeyword: "type"},
		{name: "definitions in key order",
			in:      `{"type":"object","properties":{"a":{"$ref":"#/$defs/y"},"b":{"$ref":"#/$defs/x"}},"$defs":{"x":{"type":"bar"},"y":{"oneOf":[]}}}`,
			errPath: `["$defs","x"]`, errKeyword: "type"},
		{name: "an unreachable definition never fails",
			in:   `{"type":"object","properties":{"a":{"$ref":"#/$defs/y"}},"$defs":{"x":{"type":"bar"},"y":{"type":"string"}}}`,
			want: `{"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/y"},{"type":"null"}]}},"$defs":{"y":{"type":"string"}},"required":["a"],"additionalProperties":false}`},
		{name: "node steps before the cycle rule",
			in:      `{"type":"object","properties":{` + cycle + `,"z":{"type":"foo"}},"required":["child"]}`,
			errPath: `["properties","z"]`, errKeyword: "type"},
		{name: "cycle rule before limits",
			in:      `{"type":"object","properties":{"e":{"enum":` + enumOf(1001, numText) + `},` + cycle + `},"required":["child","e"]}`,
			errPath: `["properties","child"]`, errKeyword: "$ref"},
		{name: "node steps before limits",
			in:      `{"type":"object","properties":{"e":{"enum":` + enumOf(1001, numText) + `},"z":{"type":"foo"}},"required":["e"]}`,
			errPath: `["properties","z"]`, errKeyword: "type"},
		{name: "limits in walk order: depth first",
			in:      `{"type":"object","properties":{"a":` + nestedObjects(10) + `,"e":{"enum":` + enumOf(1001, numText) + `}},"required":["a","e"]}`,
			errPath: nestedObjectsPath(10, ""), errKeyword: "max_depth"},
		{name: "limits in walk order: enum first",
			in:      `{"type":"object","properties":{"e":{"enum":` + enumOf(1001, numText) + `},"a":` + nestedObjects(10) + `},"required":["a","e"]}`,
			errPath: `["properties","e"]`, errKeyword: "max_enum_values"},
		{name: "limits: the limit crossed first in the walk wins over an earlier-listed one",
			in:      `{"type":"object","properties":{"e":{"enum":` + enumOf(1000, numText) + `},"c":{"const":` + repeatedString(120000, "v") + `},"f":{"enum":[1]}},"required":["c","e","f"]}`,
			errPath: `["properties","c"]`, errKeyword: "max_chars"},
	})
}

// TestNullPathsAreInPreOrder: null paths are a set in first-seen order of a
// pre-order walk.
func TestNullPathsAreInPreOrder(t *testing.T) {
	runStrictCases(t, []strictCase{
		{name: "own path, then inside, children in key order",
			in:    `{"type":"object","properties":{"z":{"type":"object","properties":{"y":{"type":"string"},"b":{"type":"string"}}},"a":{"type":"string"},"m":{"type":"string"}},"required":["m"]}`,
			want:  `{"type":"object","properties":{"z":{"type":["object","null"],"properties":{"y":{"type":["string","null"]},"b":{"type":["string","null"]}},"required":["b","y"],"additionalProperties":false},"a":{"type":["string","null"]},"m":{"type":"string"}},"required":["a","m","z"],"additionalProperties":false}`,
			nulls: `[["z"],["z","y"],["z","b"],["a"]]`},
		{name: "deep pre-order",
			in:    `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"object","properties":{"c":{"type":"string"}}},"d":{"type":"string"}}},"e":{"type":"string"}}}`,
			want:  `{"type":"object","properties":{"a":{"type":["object","null"],"properties":{"b":{"type":["object","null"],"properties":{"c":{"type":["string","null"]}},"required":["c"],"additionalProperties":false},"d":{"type":["string","null"]}},"required":["b","d"],"additionalProperties":false},"e":{"type":["string","null"]}},"required":["a","e"],"additionalProperties":false}`,
			nulls: `[["a"],["a","b"],["a","b","c"],["a","d"],["e"]]`},
		{name: "$refs expanded where used",
			in:    `{"type":"object","properties":{"first":{"type":"string"},"r":{"$ref":"#/$defs/d"},"last":{"type":"string"}},"$defs":{"d":{"type":"object","properties":{"in":{"type":"string"}}}}}`,
			want:  `{"type":"object","properties":{"first":{"type":["string","null"]},"r":{"anyOf":[{"$ref":"#/$defs/d"},{"type":"null"}]},"last":{"type":["string","null"]}},"$defs":{"d":{"type":"object","properties":{"in":{"type":["string","null"]}},"required":["in"],"additionalProperties":false}},"required":["first","last","r"],"additionalProperties":false}`,
			nulls: `[["first"],["r"],["r","in"],["last"]]`},
		{name: "items",
			in:    `{"type":"object","properties":{"list":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}},"after":{"type":"string"}}}`,
			want:  `{"type":"object","properties":{"list":{"type":["array","null"],"items":{"type":"object","properties":{"k":{"type":["string","null"]}},"required":["k"],"additionalProperties":false}},"after":{"type":["string","null"]}},"required":["after","list"],"additionalProperties":false}`,
			nulls: `[["list"],["list",null,"k"],["after"]]`},
		{name: "an already-nullable object is not a null path, its children are",
			in:    `{"type":"object","properties":{"o":{"type":["object","null"],"properties":{"x":{"type":"string"}}}}}`,
			want:  `{"type":"object","properties":{"o":{"type":["object","null"],"properties":{"x":{"type":["string","null"]}},"required":["x"],"additionalProperties":false}},"required":["o"],"additionalProperties":false}`,
			nulls: `[["o","x"]]`},
		{name: "anyOf branches share their path: a set, first seen first",
			in:    `{"type":"object","properties":{"p":{"anyOf":[{"type":"object","properties":{"x":{"type":"string"}}},{"type":"object","properties":{"y":{"type":"string"},"x":{"type":"integer"}}}]}},"required":["p"]}`,
			want:  `{"type":"object","properties":{"p":{"anyOf":[{"type":"object","properties":{"x":{"type":["string","null"]}},"required":["x"],"additionalProperties":false},{"type":"object","properties":{"y":{"type":["string","null"]},"x":{"type":["integer","null"]}},"required":["x","y"],"additionalProperties":false}]}},"required":["p"],"additionalProperties":false}`,
			nulls: `[["p","x"],["p","y"]]`},
		{name: "the same definition twice at one path",
			in:    `{"type":"object","properties":{"p":{"anyOf":[{"$ref":"#/$defs/d"},{"type":"array","items":{"type":"string"}},{"$ref":"#/$defs/d"}]}},"required":["p"],"$defs":{"d":{"type":"object","properties":{"q":{"type":"string"}}}}}`,
			want:  `{"type":"object","properties":{"p":{"anyOf":[{"$ref":"#/$defs/d"},{"type":"array","items":{"type":"string"}},{"$ref":"#/$defs/d"}]}},"required":["p"],"$defs":{"d":{"type":"object","properties":{"q":{"type":["string","null"]}},"required":["q"],"additionalProperties":false}},"additionalProperties":false}`,
			nulls: `[["p","q"]]`},
		{name: "known limit: a null path from one branch covers a branch that accepts null",
			in:    `{"type":"object","properties":{"p":{"anyOf":[{"type":"object","properties":{"x":{"type":"string"}}},{"type":"object","properties":{"x":{"type":["string","null"]}},"required":["x"]}]}},"required":["p"]}`,
			want:  `{"type":"object","properties":{"p":{"anyOf":[{"type":"object","properties":{"x":{"type":["string","null"]}},"required":["x"],"additionalProperties":false},{"type":"object","properties":{"x":{"type":["string","null"]}},"required":["x"],"additionalProperties":false}]}},"required":["p"],"additionalProperties":false}`,
			nulls: `[["p","x"]]`},
	})
	t.Run("known limit: the null is stripped in either branch", func(t *testing.T) {
		got, stripped := StripNulls(jsonValue(t, `{"p":{"x":null}}`), []Path{Keys("p", "x")})
		if got.String() != `{"p":{}}` || pathsJSON(stripped) != `[["p","x"]]` {
			t.Errorf("StripNulls = %s, %s", got, pathsJSON(stripped))
		}
	})
}

// TestStrictNullSites checks where each null path was made: the declarations
// made nullable for it, in the input, and that the converted schema holds a
// nullable form at each of them.
func TestStrictNullSites(t *testing.T) {
	cases := []struct {
		name, schema string
		want         string // NullSites, one array of paths per null path
	}{
		{"a property", `{"type":"object","properties":{"a":{"type":"string"}}}`,
			`[[["properties","a"]]]`},
		{"required in one branch, optional in the other",
			`{"type":"object","properties":{"o":{"anyOf":[
				{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},
				{"type":"object","properties":{"a":{"type":"string"}}}]}},"required":["o"]}`,
			`[[["properties","o","anyOf",1,"properties","a"]]]`},
		{"optional in both branches",
			`{"type":"object","properties":{"o":{"anyOf":[
				{"type":"object","properties":{"a":{"type":"string"}}},
				{"type":"object","properties":{"a":{"type":"integer"}}}]}},"required":["o"]}`,
			`[[["properties","o","anyOf",0,"properties","a"],["properties","o","anyOf",1,"properties","a"]]]`},
		{"already nullable in one branch",
			`{"type":"object","properties":{"o":{"anyOf":[
				{"type":"object","properties":{"a":{"type":["string","null"]}}},
				{"type":"object","properties":{"a":{"type":"integer"}}}]}},"required":["o"]}`,
			`[[["properties","o","anyOf",1,"properties","a"]]]`},
		{"through a $ref used twice",
			`{"type":"object","properties":{"x":{"$ref":"#/$defs/D"},"y":{"type":"array","items":{"$ref":"#/$defs/D"}}},
			"required":["x","y"],"$defs":{"D":{"type":"object","properties":{"p":{"type":"string"}}}}}`,
			`[[["$defs","D","properties","p"]],[["$defs","D","properties","p"]]]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := StrictSchema(jsonValue(t, c.schema), StrictOptions{})
			if err != nil {
				t.Fatal(err)
			}
			nullSites := res.NullSites()
			if len(nullSites) != res.NullPaths.Len() {
				t.Fatalf("%d sites for %d null paths", len(nullSites), res.NullPaths.Len())
			}
			sites := make([]Value, len(nullSites))
			for i, s := range nullSites {
				sites[i] = PathsValue(s)
				for _, p := range s {
					n, ok := Lookup(res.Schema, p)
					if !ok || !acceptsNullAt(res.Schema, n) {
						t.Errorf("the converted schema has no nullable form at %s", p)
					}
				}
			}
			if got := ArrayValue(sites...).String(); got != compactJSON(t, c.want) {
				t.Errorf("null sites %s, want %s", got, compactJSON(t, c.want))
			}
		})
	}
}

// acceptsNullAt says whether a converted node lets null through: by its type,
// an anyOf branch, or the definition its $ref names.
func acceptsNullAt(root, n Value) bool {
	if typ, ok := n.Get("type"); ok {
		if typ.Str() == "null" || slices.ContainsFunc(typ.Items(), func(v Value) bool { return v.Str() == "null" }) {
			return true
		}
	}
	if br, ok := n.Get("anyOf"); ok && slices.ContainsFunc(br.Items(), func(v Value) bool { return acceptsNullAt(root, v) }) {
		return true
	}
	if r, ok := n.Get("$ref"); ok {
		if p, ok := ParsePointer(strings.TrimPrefix(r.Str(), "#"), root); ok {
			d, _ := Lookup(root, p)
			return acceptsNullAt(root, d)
		}
	}
	return false
}
