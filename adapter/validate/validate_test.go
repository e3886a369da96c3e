package validate

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

func decode(t testing.TB, s string) adapter.Value {
	t.Helper()
	v, err := adapter.DecodeString(s)
	if err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return v
}

// corpusDir is the shared corpus, beside the checkout.
const corpusDir = "../../../shared/corpus"

// lines renders errors as "PATH: MESSAGE" lines (Error's form) for comparison.
func lines(errs []Error) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Error()
	}
	return out
}

// pathProblem says what is wrong with an error's path into args: nil (the
// root's path is empty, not nil), a step into every element, or a place args
// does not have; "" when nothing is.
func pathProblem(args adapter.Value, p adapter.Path) string {
	if p == nil {
		return "nil path; want an empty one for the root"
	}
	for _, s := range p {
		if s.Kind == adapter.EveryStep {
			return fmt.Sprintf("path %s is not concrete", p)
		}
	}
	if _, ok := adapter.Lookup(args, p); !ok {
		return fmt.Sprintf("path %s does not resolve in the arguments", p)
	}
	return ""
}

// expect validates the JSON args against the JSON schema with v and checks
// the errors against want, as check does.
func expect(t *testing.T, v *Validator, name, schema, args string, want []string) {
	t.Helper()
	errs, err := v.Validate(decode(t, schema), decode(t, args))
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	check(t, name, errs, want)
}

func check(t *testing.T, name string, errs []Error, want []string) {
	t.Helper()
	got := lines(errs)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n got  %q\n want %q", name, got, want)
	}
}

func TestValidateDraftFromSchema(t *testing.T) {
	const (
		d4   = `"http://json-schema.org/draft-04/schema#"`
		d6   = `"http://json-schema.org/draft-06/schema#"`
		d7   = `"http://json-schema.org/draft-07/schema#"`
		d19  = `"https://json-schema.org/draft/2019-09/schema"`
		d20  = `"https://json-schema.org/draft/2020-12/schema"`
		none = ``
	)
	// Each probe behaves differently in some drafts: valid, invalid, or not a schema.
	const (
		valid   = "valid"
		invalid = "invalid"
		bad     = "schema error"
	)
	probes := []struct {
		name, body, args string
		want             map[string]string // $schema → outcome
	}{
		{
			name: "boolean exclusiveMinimum (draft-04 only)",
			body: `"type":"number","minimum":5,"exclusiveMinimum":true`, args: `5`,
			want: map[string]string{d4: invalid, d6: bad, d7: bad, d19: bad, d20: bad, none: bad},
		},
		{
			name: "const (draft-06 on)",
			body: `"const":1`, args: `2`,
			want: map[string]string{d4: valid, d6: invalid, d7: invalid, d19: invalid, d20: invalid, none: invalid},
		},
		{
			name: "if/then (draft-07 on)",
			body: `"if":true,"then":false`, args: `1`,
			want: map[string]string{d4: valid, d6: valid, d7: invalid, d19: invalid, d20: invalid, none: invalid},
		},
		{
			name: "tuple items (before 2020-12)",
			body: `"items":[{"type":"string"}]`, args: `[1]`,
			want: map[string]string{d4: invalid, d6: invalid, d7: invalid, d19: invalid, d20: bad, none: bad},
		},
		{
			name: "prefixItems (2020-12)",
			body: `"prefixItems":[{"type":"string"}]`, args: `[1]`,
			want: map[string]string{d4: valid, d6: valid, d7: valid, d19: valid, d20: invalid, none: invalid},
		},
		{
			name: "dependentRequired (2019-09 on)",
			body: `"dependentRequired":{"a":["b"]}`, args: `{"a":1}`,
			want: map[string]string{d4: valid, d6: valid, d7: valid, d19: invalid, d20: invalid, none: invalid},
		},
	}
	run := func(t *testing.T, schemaURI, body, args, want string) {
		t.Helper()
		src := "{" + body + "}"
		if schemaURI != "" {
			src = `{"$schema":` + schemaURI + "," + body + "}"
		}
		errs, err := New().Validate(decode(t, src), decode(t, args))
		got := valid
		switch {
		case err != nil:
			got = bad
		case len(errs) > 0:
			got = invalid
		}
		if got != want {
			t.Errorf("%s with %s: got %s, want %s (errs %v, err %v)", src, args, got, want, errs, err)
		}
	}
	for _, p := range probes {
		t.Run(p.name, func(t *testing.T) {
			for uri, want := range p.want {
				run(t, uri, p.body, p.args, want)
			}
		})
	}

	// Every spelling of a draft's URI names it: http or https, with or without '#'.
	t.Run("spellings", func(t *testing.T) {
		for _, path := range []struct{ uri, probe string }{
			{"json-schema.org/draft-04/schema", "boolean exclusiveMinimum (draft-04 only)"},
			{"json-schema.org/draft-06/schema", "if/then (draft-07 on)"},
			{"json-schema.org/draft-07/schema", "prefixItems (2020-12)"},
			{"json-schema.org/draft/2019-09/schema", "prefixItems (2020-12)"},
		} {
			var probe = probes[0]
			for _, p := range probes {
				if p.name == path.probe {
					probe = p
				}
			}
			canonical := map[string]string{
				"json-schema.org/draft-04/schema":      d4,
				"json-schema.org/draft-06/schema":      d6,
				"json-schema.org/draft-07/schema":      d7,
				"json-schema.org/draft/2019-09/schema": d19,
			}[path.uri]
			want := probe.want[canonical]
			for _, scheme := range []string{"http://", "https://"} {
				for _, hash := range []string{"", "#"} {
					run(t, `"`+scheme+path.uri+hash+`"`, probe.body, probe.args, want)
				}
			}
		}
	})

	// An unknown or malformed $schema reads as 2020-12, never as a URL to fetch.
	t.Run("unknown is 2020-12", func(t *testing.T) {
		for _, uri := range []string{
			`"https://example.com/my-meta-schema"`,
			`"http://json-schema.org/draft-03/schema#"`,
			`"http://json-schema.org/draft-07/schema#/definitions"`,
			`"json-schema.org/draft-07/schema"`,
			`"ftp://json-schema.org/draft-07/schema"`,
			`""`,
			`7`,
			`null`,
			`{"$ref":"https://example.com"}`,
		} {
			for _, p := range probes {
				run(t, uri, p.body, p.args, p.want[d20])
			}
		}
	})
}

func TestValidateFormatIsNotAsserted(t *testing.T) {
	body := `"type":"object","properties":{
		"email":{"type":"string","format":"email"},
		"when":{"format":"date-time"},
		"id":{"format":"uuid"},
		"ip":{"format":"ipv4"},
		"re":{"format":"regex"},
		"uri":{"format":"uri"},
		"n":{"type":"integer","format":"int32"},
		"nested":{"type":"array","items":{"anyOf":[{"format":"email"}]}}}`
	args := decode(t, `{"email":"not an email","when":"yesterday","id":"x","ip":"999.1.1.1",
		"re":"(?=unclosed","uri":"::","n":12345678901234,"nested":["@","@@"]}`)
	for _, uri := range []string{
		``,
		`"http://json-schema.org/draft-04/schema#"`,
		`"http://json-schema.org/draft-06/schema#"`,
		`"http://json-schema.org/draft-07/schema#"`,
		`"https://json-schema.org/draft/2019-09/schema"`,
		`"https://json-schema.org/draft/2020-12/schema"`,
	} {
		src := "{" + body + "}"
		if uri != "" {
			src = `{"$schema":` + uri + "," + body + "}"
		}
		errs, err := New().Validate(decode(t, src), args)
		if err != nil || errs != nil {
			t.Errorf("$schema %s: format asserted: errs %v, err %v", uri, errs, err)
		}
	}

	// Only format keywords are left out: a property named "format", and "format"
	// members inside enum and const data, are kept.
	for _, c := range []struct{ schema, args string }{
		{`{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"format":{"type":"string"}}}`, `{"format":1}`},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","enum":[{"format":"email"}]}`, `{}`},
		{`{"const":{"format":"email"}}`, `{"format":"other"}`},
	} {
		errs, err := New().Validate(decode(t, c.schema), decode(t, c.args))
		if err != nil || len(errs) != 1 {
			t.Errorf("%s with %s: want one error, got %v, %v", c.schema, c.args, errs, err)
		}
	}
	// A format that is not a string is a schema error, not dropped.
	if _, err := New().Validate(decode(t, `{"format":5}`), decode(t, `1`)); err == nil {
		t.Errorf(`{"format":5} compiled`)
	}
}

func TestValidatePatternUsesRE2(t *testing.T) {
	cases := []struct {
		name, pattern, value string
		want                 []string // nil: valid
	}{
		{"anchored mismatch", `^[a-z]+$`, `"abc1"`, []string{`["p"]: must match pattern "^[a-z]+$"`}},
		{"anchored match", `^[a-z]+$`, `"abc"`, nil},
		{"unanchored search", `[a-z]+`, `"123abc"`, nil},
		{"Go flag group", `(?i)^abc$`, `"ABC"`, nil},
		{"Go named group", `^(?P<word>\\w+)$`, `"a_1"`, nil},
		{"unicode class", `^\\p{Greek}+$`, `"αβγ"`, nil},
		{"unicode class mismatch", `^\\p{Greek}+$`, `"abc"`, []string{`["p"]: must match pattern "^\\p{Greek}+$"`}},
		{"digits are ASCII", `^\\d+$`, `"١٢٣"`, []string{`["p"]: must match pattern "^\\d+$"`}},
	}
	for _, c := range cases {
		schema := `{"type":"object","properties":{"p":{"type":"string","pattern":"` + c.pattern + `"}}}`
		expect(t, New(), c.name, schema, `{"p":`+c.value+`}`, c.want)
	}

	// A pattern RE2 cannot compile is not asserted: the rest of the schema is still
	// checked, and Unchecked says where the pattern is.
	for _, c := range []struct{ schema, args, at string }{
		{`{"properties":{"p":{"pattern":"^a(?=b)"},"n":{"type":"integer"}}}`, `{"p":"zzz","n":"x"}`, "/properties/p/pattern"},
		{`{"properties":{"p":{"pattern":"(?<!x)y"},"n":{"type":"integer"}}}`, `{"p":"xy","n":"x"}`, "/properties/p/pattern"},
		{`{"properties":{"p":{"pattern":"(a)\\1"},"n":{"type":"integer"}}}`, `{"p":"ab","n":"x"}`, "/properties/p/pattern"},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"p":{"items":[{"pattern":"(?!a)"}]},"n":{"type":"integer"}}}`, `{"p":["a"],"n":"x"}`, "/properties/p/items/0/pattern"},
	} {
		v := New()
		expect(t, v, c.schema, c.schema, c.args, []string{`["n"]: expected integer, got string`})
		un := v.Unchecked(decode(t, c.schema))
		if len(un) != 1 || un[0].Pointer() != c.at {
			t.Errorf("%s: Unchecked = %v, want [%s]", c.schema, un, c.at)
		}
	}
	if un := New().Unchecked(decode(t, `{"properties":{"p":{"pattern":"^[a-z]+$","enum":[{"pattern":"(?=x)"}]}}}`)); len(un) != 0 {
		t.Errorf("RE2 patterns and patterns inside data are not unchecked: %v", un)
	}
	// Properties and definitions named like data keywords are schemas.
	un := New().Unchecked(decode(t, `{"properties":{"default":{"type":"string","pattern":"^(?!x)"},"enum":{"items":{"pattern":"(?<=a)"}}},"$defs":{"const":{"pattern":"(?<=a)b"}}}`))
	if got := fmt.Sprint(un); got != `[["properties","default","pattern"] ["properties","enum","items","pattern"] ["$defs","const","pattern"]]` {
		t.Errorf("patterns under properties named like data keywords: Unchecked = %s", got)
	}

	// A patternProperties key RE2 cannot compile makes the schema fail, at its place.
	for _, c := range []struct{ schema, at string }{
		{`{"patternProperties":{"^(?=x)":{}}}`, "/patternProperties"},
	} {
		_, err := New().Validate(decode(t, c.schema), decode(t, `{}`))
		var se *CompileError
		if !errors.As(err, &se) {
			t.Errorf("%s: want *CompileError, got %v", c.schema, err)
			continue
		}
		if se.Path.Pointer() != c.at || !strings.Contains(se.Message, "RE2") {
			t.Errorf("%s: got %s %q, want path %s and a message naming RE2", c.schema, se.Path.Pointer(), se.Message, c.at)
		}
	}

	// patternProperties match property names with RE2 too.
	schema := decode(t, `{"patternProperties":{"(?i)^x$":{"type":"string"}}}`)
	errs, err := New().Validate(schema, decode(t, `{"X":1,"y":2}`))
	if err != nil {
		t.Fatal(err)
	}
	check(t, "patternProperties", errs, []string{`["X"]: expected string, got number`})
}

func TestValidateErrorPathsAreConcrete(t *testing.T) {
	schema := decode(t, `{
		"type":"object",
		"properties":{
			"items":{"type":"array","items":{"type":"object","properties":{
				"tags":{"type":"array","items":{"type":"string"}}}}},
			"m":{"type":"object","additionalProperties":{"type":"string"}},
			"b":{"type":"string"},
			"a":{"type":"string","minLength":3}
		},
		"required":["zz"]
	}`)
	args := decode(t, `{
		"b":1,
		"items":[{"tags":["x"]},{"tags":["y",2,"z",false]}],
		"m":{"0":1,"a/b~c":2},
		"a":7
	}`)
	errs, err := New().Validate(schema, args)
	if err != nil {
		t.Fatal(err)
	}
	want := []adapter.Path{
		{},
		{adapter.Key("b")},
		{adapter.Key("items"), adapter.Index(1), adapter.Key("tags"), adapter.Index(1)},
		{adapter.Key("items"), adapter.Index(1), adapter.Key("tags"), adapter.Index(3)},
		{adapter.Key("m"), adapter.Key("0")},
		{adapter.Key("m"), adapter.Key("a/b~c")},
		{adapter.Key("a")},
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors %v, want %d", len(errs), lines(errs), len(want))
	}
	for i, e := range errs {
		if !e.Path.Equal(want[i]) {
			t.Errorf("error %d: path %s (%#v), want %s", i, e.Path, e.Path, want[i])
		}
		if bad := pathProblem(args, e.Path); bad != "" {
			t.Errorf("error %d: %s", i, bad)
		}
	}
	if got := string(adapter.Marshal(errs[2].Value())); got != `{"path":["items",1,"tags",1],"message":"expected string, got number"}` {
		t.Errorf("JSON form: %s", got)
	}
	if got := string(adapter.Marshal(errs[0].Value())); got != `{"path":[],"message":"missing required property \"zz\""}` {
		t.Errorf("JSON form at the root: %s", got)
	}

	// Same place: sorted by message. A value comes before the values inside it.
	schema = decode(t, `{"type":"object","required":["c","a","b"],"properties":{"o":{"type":"object","required":["y","x"],"minProperties":5}}}`)
	errs, err = New().Validate(schema, decode(t, `{"o":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	check(t, "order", errs, []string{
		`missing required property "a"`,
		`missing required property "b"`,
		`missing required property "c"`,
		`["o"]: missing required property "x"`,
		`["o"]: missing required property "y"`,
		`["o"]: must have at least 5 properties`,
	})
}

func TestValidateMessages(t *testing.T) {
	const d4 = `"$schema":"http://json-schema.org/draft-04/schema#",`
	const d7 = `"$schema":"http://json-schema.org/draft-07/schema#",`
	long := make([]string, 40)
	for i := range long {
		long[i] = fmt.Sprintf(`"v%d"`, i)
	}
	cases := []struct {
		name, schema, args string
		want               []string
	}{
		{"required", `{"required":["q"]}`, `{}`, []string{`missing required property "q"`}},
		{"type", `{"properties":{"n":{"type":"integer"}}}`, `{"n":"5"}`, []string{`["n"]: expected integer, got string`}},
		{"type list", `{"type":["string","null"]}`, `5`, []string{`expected string or null, got number`}},
		{"type list as written", `{"type":["null","integer","boolean"]}`, `"x"`, []string{`expected null, integer or boolean, got string`}},
		{"integer got fraction", `{"type":"integer"}`, `1.5`, []string{`expected integer, got number`}},
		{"type and enum both fail", `{"properties":{"u":{"type":"string","enum":["metric","imperial"]}}}`, `{"u":1}`,
			[]string{`["u"]: expected string, got number`, `["u"]: must be one of "metric", "imperial"`}},
		{"type and const both fail", `{"type":"string","const":"x"}`, `{"a":1}`, []string{`expected string, got object`, `must be "x"`}},
		{"type fails, enum holds", `{"type":"string","enum":["a",1.0,{"k":[1,2],"j":null}]}`, `{"j":null,"k":[1e0,2]}`, []string{`expected string, got object`}},
		{"type fails, enum holds a number", `{"type":"string","enum":["a",100]}`, `1e2`, []string{`expected string, got number`}},
		{"enum", `{"enum":["a","b","c"]}`, `"d"`, []string{`must be one of "a", "b", "c"`}},
		{"enum of one", `{"enum":["a"]}`, `"d"`, []string{`must be "a"`}},
		{"enum keeps number text", `{"enum":[1.0e2,null,{"b":1,"a":2}]}`, `3`, []string{`must be one of 1.0e2, null, {"b":1,"a":2}`}},
		{"enum is cut", `{"enum":[` + strings.Join(long, ",") + `]}`, `"x"`, []string{`must be one of ` + strings.Join(long[:30], ", ") + `, … (10 more)`}},
		{"const", `{"const":{"b":[1,2],"a":"x"}}`, `{}`, []string{`must be {"b":[1,2],"a":"x"}`}},
		{"a long const is cut", `{"const":"` + strings.Repeat("é", 300) + `"}`, `"x"`, []string{`must be "` + strings.Repeat("é", 99) + `…`}},
		{"a long enum value is cut", `{"enum":["` + strings.Repeat("a", 300) + `","b"]}`, `"x"`, []string{`must be one of "` + strings.Repeat("a", 199) + `…, "b"`}},
		{"minLength", `{"minLength":3}`, `"ab"`, []string{`must be at least 3 characters long`}},
		{"maxLength", `{"maxLength":1}`, `"ab"`, []string{`must be at most 1 character long`}},
		{"pattern", `{"pattern":"^[a-z]+$"}`, `"A"`, []string{`must match pattern "^[a-z]+$"`}},
		{"minimum", `{"minimum":1}`, `0`, []string{`must be at least 1`}},
		{"maximum as written", `{"maximum":1.50}`, `2`, []string{`must be at most 1.50`}},
		{"exclusiveMinimum", `{"exclusiveMinimum":0}`, `0`, []string{`must be greater than 0`}},
		{"exclusiveMaximum", `{"exclusiveMaximum":1E2}`, `100`, []string{`must be less than 1E2`}},
		{"draft-04 exclusiveMaximum", `{` + d4 + `"maximum":10,"exclusiveMaximum":true}`, `10`, []string{`must be less than 10`}},
		{"multipleOf", `{"multipleOf":0.5}`, `0.7`, []string{`must be a multiple of 0.5`}},
		{"minItems", `{"minItems":1}`, `[]`, []string{`must have at least 1 item`}},
		{"maxItems", `{"maxItems":2}`, `[1,2,3]`, []string{`must have at most 2 items`}},
		{"uniqueItems", `{"uniqueItems":true}`, `[1,2,1.0]`, []string{`items must be unique: items 0 and 2 are equal`}},
		{"additionalProperties false", `{"properties":{"a":{}},"additionalProperties":false}`, `{"a":1,"z":2,"x":3}`,
			[]string{`unexpected property "x"`, `unexpected property "z"`}},
		{"additionalProperties schema", `{"additionalProperties":{"type":"boolean"}}`, `{"k":1}`, []string{`["k"]: expected boolean, got number`}},
		{"minProperties", `{"minProperties":1}`, `{}`, []string{`must have at least 1 property`}},
		{"maxProperties", `{"maxProperties":1}`, `{"a":1,"b":2}`, []string{`must have at most 1 property`}},
		{"dependentRequired", `{"dependentRequired":{"a":["b"]}}`, `{"a":1}`, []string{`property "b" is required when "a" is present`}},
		{"draft-07 dependencies", `{` + d7 + `"dependencies":{"a":["b","c"]}}`, `{"a":1}`,
			[]string{`property "b" is required when "a" is present`, `property "c" is required when "a" is present`}},
		{"not", `{"not":{"type":"string"}}`, `"x"`, []string{`must not match the schema in "not"`}},
		{"oneOf two match", `{"oneOf":[{"type":"number"},{"type":"integer"}]}`, `1`, []string{`must match exactly one schema in "oneOf", but matches 0 and 1`}},
		{"anyOf types merge", `{"anyOf":[{"type":"string"},{"type":"null"},{"$ref":"#/$defs/n"}],"$defs":{"n":{"type":"integer"}}}`, `true`,
			[]string{`expected string, null or integer, got boolean`}},
		{"anyOf branch of the right type", `{"anyOf":[{"type":"string","minLength":5},{"type":"integer"}]}`, `"ab"`,
			[]string{`must be at least 5 characters long`}},
		{"nullable object", `{"properties":{"o":{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"null"}]}}}`, `{"o":{"a":1}}`,
			[]string{`["o","a"]: expected string, got number`}},
		{"anyOf two branches of the right type", `{"anyOf":[{"type":"string","minLength":5},{"type":"string","pattern":"^x"}]}`, `"ab"`,
			[]string{`must be at least 5 characters long`, `must match pattern "^x"`}},
		{"oneOf none", `{"oneOf":[{"type":"string"},{"type":"boolean"}]}`, `1`, []string{`expected string or boolean, got number`}},
		{"anyOf with a discriminator", `{"properties":{"parent":{"anyOf":[
			{"type":"object","properties":{"type":{"const":"database_id"},"database_id":{"type":"string"}},"required":["database_id"]},
			{"type":"object","properties":{"type":{"const":"page_id"},"page_id":{"type":"string"}},"required":["page_id"]},
			{"type":"object","properties":{"type":{"const":"workspace"},"workspace":{"const":true}},"required":["workspace"]}]}}}`,
			`{"parent":{"type":"page_id"}}`, []string{`["parent"]: missing required property "page_id"`}},
		{"anyOf, the branch that took the shape", `{"$defs":{"f":{"anyOf":[
			{"type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/f"}}},"required":["and"]},
			{"type":"object","properties":{"field":{"type":"string"},"op":{"enum":["eq","lt"]}},"required":["field","op"],"additionalProperties":false}]}},
			"properties":{"filter":{"$ref":"#/$defs/f"}}}`,
			`{"filter":{"and":[{"field":"a","op":"eq"},{"field":"b","op":"like"}]}}`, []string{`["filter","and",1,"op"]: must be one of "eq", "lt"`}},
		{"oneOf, both branches fail at the value", `{"type":"object","oneOf":[{"required":["url"]},{"required":["path"]}]}`, `{}`,
			[]string{`missing required property "path"`, `missing required property "url"`}},
		{"false schema property", `{"properties":{"old":false}}`, `{"old":1}`, []string{`["old"]: property "old" is not allowed`}},
		{"false schema root", `false`, `{}`, []string{`no value is allowed here`}},
		{"unevaluatedProperties", `{"properties":{"a":{}},"unevaluatedProperties":false}`, `{"a":1,"b":2}`, []string{`["b"]: property "b" is not allowed`}},
		{"propertyNames", `{"propertyNames":{"pattern":"^[a-z]+$"}}`, `{"ok":1,"Bad":2}`,
			[]string{`property name "Bad" is not allowed: must match pattern "^[a-z]+$"`}},
		{"contains", `{"contains":{"type":"string"}}`, `[1]`, []string{`must contain at least one item that matches "contains"`}},
		{"minContains", `{"contains":{"type":"string"},"minContains":2}`, `["a",1]`, []string{`must contain at least 2 items that match "contains", found 1`}},
		{"additionalItems", `{` + d7 + `"items":[{}],"additionalItems":false}`, `[1,2,3]`, []string{`must have at most 1 item`}},
		{"nested $ref", `{"properties":{"x":{"$ref":"#/$defs/pos"}},"$defs":{"pos":{"type":"integer","minimum":1}}}`, `{"x":0}`,
			[]string{`["x"]: must be at least 1`}},
		{"escaped names", `{"required":["say \"hi\"\n"]}`, `{}`, []string{`missing required property "say \"hi\"\n"`}},
		{"hidden characters escaped", `{"additionalProperties":false}`, `{"a\u009b31m\u202eb\u2028\u007f\udb40\udc41":1}`,
			[]string{`unexpected property "a\u009b31m\u202eb\u2028\u007f\udb40\udc41"`}},
		{"hidden characters in schema text", `{"enum":["x\u0085",{"k\u200b":1}]}`, `1`, []string{`must be one of "x\u0085", {"k\u200b":1}`}},
		{"empty enum", `{"enum":[]}`, `1`, []string{`no value is allowed here: "enum" lists no values`}},
		{"minContains of one", `{"contains":{"type":"string"},"minContains":1}`, `[1]`, []string{`must contain at least 1 item that matches "contains", found 0`}},
		{"maxContains of one", `{"contains":{"const":1},"maxContains":1}`, `[1,1]`, []string{`must contain at most 1 item that matches "contains", found 2`}},
		{"valid", `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`, `{"q":"x"}`, nil},
	}
	v := New()
	for _, c := range cases {
		expect(t, v, c.name, c.schema, c.args, c.want)
	}
}

func TestValidateNumbersKeepTheirExactValue(t *testing.T) {
	cases := []struct {
		name, schema, args string
		want               []string
	}{
		{"2^53+1 is not rounded", `{"maximum":9007199254740992}`, `9007199254740993`, []string{`must be at most 9007199254740992`}},
		{"huge integers compare exactly", `{"maximum":12345678901234567890}`, `12345678901234567891`, []string{`must be at most 12345678901234567890`}},
		{"decimal multipleOf is exact", `{"multipleOf":0.1}`, `0.3`, nil},
		{"1e400 is an integer", `{"type":"integer"}`, `1e400`, nil},
		{"1e400 beyond float64", `{"maximum":1e300}`, `1e400`, []string{`must be at most 1e300`}},
		{"1e400 equals 1E400 in enum", `{"enum":[1E400]}`, `10e399`, nil},
		{"1.0 equals 1", `{"const":1}`, `1.0`, nil},
		{"huge exponent", `{"type":"integer","maximum":10}`, `1e99999999`, []string{`must be at most 10`}},
		{"huge negative", `{"minimum":-1e300}`, `-1e99999999999999999999999`, []string{`must be at least -1e300`}},
		{"tiny positive", `{"exclusiveMinimum":0,"maximum":1e-300}`, `1e-99999999`, nil},
		{"tiny is not an integer", `{"type":"integer"}`, `1e-99999999`, []string{`expected integer, got number`}},
		{"zero with huge exponent", `{"type":"integer","const":0}`, `0e99999999`, nil},
		{"trailing zeros count", `{"type":"integer"}`, `1.000000e2`, nil},
		{"bound clamps too", `{"maximum":1e99999}`, `1e999999`, nil},
		{"count beyond int", `{"maxLength":1e400,"minLength":1}`, `"abc"`, nil},
		{"count beyond int32", `{"minItems":4294967297}`, `[]`, []string{`must have at least 4294967297 items`}},
		{"count as written", `{"maxItems":1.0e0}`, `[1,2]`, []string{`must have at most 1 item`}},
		{"long fraction", `{"exclusiveMaximum":1}`, `0.` + strings.Repeat("9", 30000), nil},
		{"long fraction with exponent", `{"exclusiveMinimum":1}`, `0.` + strings.Repeat("0", 25000) + `1e25001`, []string{`must be greater than 1`}},
	}
	v := New()
	for _, c := range cases {
		expect(t, v, c.name, c.schema, c.args, c.want)
	}

	// A Value built with NumberValue may hold text that is not a number.
	errs, err := v.Validate(decode(t, `{"type":"object"}`), adapter.ObjectValue(adapter.MemberOf("n", adapter.NumberValue("0x10"))))
	if err != nil {
		t.Fatal(err)
	}
	check(t, "bad number text", errs, []string{`["n"]: invalid JSON number "0x10"`})
	_, err = v.Validate(adapter.ObjectValue(adapter.MemberOf("maximum", adapter.NumberValue("1..2"))), adapter.ObjectValue())
	var se *CompileError
	if !errors.As(err, &se) || se.Path.Pointer() != "/maximum" {
		t.Errorf("bad number in schema: %v", err)
	}
}

func TestValidateNumbersNormalise(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0", "0"},
		{"-0", "-0"},
		{"12.50", "12.50"},
		{"1e400", "1e400"},
		{"1.50E+3", "15e2"},
		{"-0.00e7", "0"},
		{"1e10001", "1e10000"},
		{"-9e99999999999999999999", "-1e10000"},
		{"1e-10000", "1e-10000"},
		{"1e-10001", "1e-10000"},
		{"-1e-99999999999999999999", "-1e-10000"},
		{"1" + strings.Repeat("0", 10000), "1e10000"},
	} {
		got, ok := jsonNumber(c.in)
		if !ok || string(got) != c.want {
			t.Errorf("jsonNumber(%.40s) = %s, %v; want %s", c.in, got, ok, c.want)
		}
	}
	for _, bad := range []string{"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "0x1", "1 ", "NaN", "Infinity"} {
		if _, ok := jsonNumber(bad); ok {
			t.Errorf("jsonNumber(%q) accepted", bad)
		}
	}
}

func TestValidateRemoteRefIsNeverFetched(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte(`{"type":"string"}`))
	}))
	defer srv.Close()
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	if err := os.WriteFile(file, []byte(`{"type":"string"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	fileURL := "file://" + filepath.ToSlash(file)

	for _, c := range []struct{ schema, at, ref string }{
		{`{"properties":{"p":{"$ref":"` + srv.URL + `/s.json"}}}`, "/properties/p/$ref", srv.URL + "/s.json"},
		{`{"properties":{"p":{"$ref":"` + fileURL + `"}}}`, "/properties/p/$ref", fileURL},
		{`{"properties":{"p":{"$ref":"other.json#/x"}}}`, "/properties/p/$ref", "other.json#/x"},
		{`{"properties":{"p":{"$ref":"/etc/passwd"}}}`, "/properties/p/$ref", "/etc/passwd"},
		{`{"$id":"` + srv.URL + `/root.json","properties":{"p":{"$ref":"s.json"}}}`, "/properties/p/$ref", "s.json"},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{"$ref":"` + srv.URL + `/d.json"}},"properties":{"p":{"$ref":"#/definitions/a"}}}`,
			"/definitions/a/$ref", srv.URL + "/d.json"},
		{`{"items":{"$id":"` + srv.URL + `/sub/","$schema":"` + srv.URL + `/meta.json"}}`, "/items/$schema", srv.URL + "/meta.json"},
	} {
		_, err := New().Validate(decode(t, c.schema), decode(t, `{"p":"x"}`))
		var se *CompileError
		if !errors.As(err, &se) {
			t.Errorf("%s: want *CompileError, got %v", c.schema, err)
			continue
		}
		if se.Path.Pointer() != c.at || !strings.Contains(se.Message, quote(c.ref)) || !strings.Contains(se.Message, "never fetched") {
			t.Errorf("%s:\n got  %s %q\n want at %s, naming %q", c.schema, se.Path.Pointer(), se.Message, c.at, c.ref)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the network was reached %d times", n)
	}

	// References inside the schema resolve; so do the built-in meta-schemas.
	for _, c := range []struct{ schema, args string }{
		{`{"properties":{"p":{"$ref":"#/$defs/s"}},"$defs":{"s":{"type":"string"}}}`, `{"p":1}`},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"p":{"$ref":"#/definitions/s"}},"definitions":{"s":{"type":"string"}}}`, `{"p":1}`},
		{`{"type":"object","properties":{"p":{"$ref":"#"}}}`, `{"p":1}`},
		{`{"$id":"https://example.com/root.json","properties":{"p":{"$ref":"https://example.com/root.json#/$defs/s"}},"$defs":{"s":{"type":"string"}}}`, `{"p":1}`},
		{`{"properties":{"p":{"$ref":"#/$defs/s"}},"$defs":{"s":{"$id":"https://example.com/s.json","type":"string"}}}`, `{"p":1}`},
		{`{"properties":{"p":{"$ref":"https://json-schema.org/draft/2020-12/schema"}}}`, `{"p":{"type":1}}`},
	} {
		errs, err := New().Validate(decode(t, c.schema), decode(t, c.args))
		if err != nil || len(errs) == 0 {
			t.Errorf("%s with %s: want validation errors, got %v, %v", c.schema, c.args, errs, err)
		}
	}

	// A local reference that does not resolve fails at its place.
	_, err := New().Validate(decode(t, `{"properties":{"p":{"$ref":"#/$defs/missing"}}}`), adapter.ObjectValue())
	var se *CompileError
	if !errors.As(err, &se) || se.Path.Pointer() != "/properties/p/$ref" || !strings.Contains(se.Message, `"#/$defs/missing"`) {
		t.Errorf("missing definition: %v", err)
	}
}

func TestValidateSchemaThatCannotCompile(t *testing.T) {
	for _, c := range []struct{ schema, at, contains string }{
		{`null`, "", "expected boolean or object, got null"},
		{`"object"`, "", "got string"},
		{`{"type":"foo"}`, "/type", `must be one of "array", "boolean"`},
		{`{"properties":{"a":{"minLength":-1}}}`, "/properties/a/minLength", "must be at least 0"},
		{`{"required":"q"}`, "/required", "expected array, got string"},
		{`{"properties":{"p":{"$ref":"#/$defs/x\u202e"}}}`, "/properties/p/$ref", `"#/$defs/x\u202e"`},
		{`{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"a":true}}`, "/properties/a", "draft-04"},
	} {
		_, err := New().Validate(decode(t, c.schema), adapter.ObjectValue())
		var se *CompileError
		if !errors.As(err, &se) {
			t.Errorf("%s: want *CompileError, got %v", c.schema, err)
			continue
		}
		if se.Path.Pointer() != c.at || !strings.Contains(se.Message, c.contains) {
			t.Errorf("%s: got %s %q; want at %q containing %q", c.schema, se.Path.Pointer(), se.Message, c.at, c.contains)
		}
		if !strings.HasPrefix(se.Error(), "input schema") {
			t.Errorf("%s: Error() = %q", c.schema, se.Error())
		}
	}
}

func TestValidateCachesCompiledSchemas(t *testing.T) {
	v := New()
	a := decode(t, `{"type":"object", "required": ["q"]}`)
	b := decode(t, "{\"type\":\"object\",\n\"required\":[\"q\"]}")
	for _, s := range []adapter.Value{a, b, a} {
		errs, err := v.Validate(s, adapter.ObjectValue())
		if err != nil || len(errs) != 1 {
			t.Fatalf("got %v, %v", errs, err)
		}
	}
	if n := len(v.cache); n != 1 {
		t.Errorf("same compact text compiled %d times", n)
	}
	// Key order is part of the text: another order is another schema.
	c := decode(t, `{"required":["q"],"type":"object"}`)
	if _, err := v.Validate(c, adapter.ObjectValue()); err != nil {
		t.Fatal(err)
	}
	if n := len(v.cache); n != 2 {
		t.Errorf("cache holds %d schemas, want 2", n)
	}
	// Compile errors are cached too, and stay the same error.
	bad := decode(t, `{"type":"foo"}`)
	_, err1 := v.Validate(bad, adapter.ObjectValue())
	_, err2 := v.Validate(bad, adapter.ObjectValue())
	if err1 == nil || err1 != err2 {
		t.Errorf("compile error not cached: %v, %v", err1, err2)
	}
	// A full cache starts again.
	for i := range cacheMax + 1 {
		s := adapter.ObjectValue(adapter.MemberOf("maxLength", adapter.NumberValue(fmt.Sprint(i))))
		if _, err := v.Validate(s, adapter.StringValue("x")); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(v.cache); n > cacheMax {
		t.Errorf("cache grew to %d", n)
	}
	// The zero Validator works.
	var z Validator
	if errs, err := z.Validate(a, adapter.ObjectValue()); err != nil || len(errs) != 1 {
		t.Errorf("zero Validator: %v, %v", errs, err)
	}
}

func TestValidateIsSafeForConcurrentUse(t *testing.T) {
	v := New()
	schemas := []adapter.Value{
		decode(t, `{"type":"object","required":["a"]}`),
		decode(t, `{"type":"object","properties":{"a":{"type":"string"}}}`),
		decode(t, `{"type":"foo"}`),
	}
	args := decode(t, `{"a":1}`)
	want := make([]string, len(schemas))
	for i, s := range schemas {
		errs, err := New().Validate(s, args)
		want[i] = fmt.Sprint(lines(errs), err)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 30 {
				k := (g + i) % len(schemas)
				errs, err := v.Validate(schemas[k], args)
				if got := fmt.Sprint(lines(errs), err); got != want[k] {
					t.Errorf("schema %d: got %s, want %s", k, got, want[k])
				}
			}
		}()
	}
	wg.Wait()
}

// TestCompileErrorHidesControls: a compile error's text writes hidden characters
// of the schema path (a property's name) as escapes, as its message does.
func TestCompileErrorHidesControls(t *testing.T) {
	_, err := New().Validate(decode(t, `{"properties":{"a\u001b[2J\nb\u202e":{"$ref":"#/x"}}}`), decode(t, `{}`))
	if err == nil {
		t.Fatal("a $ref to nothing compiled")
	}
	if msg := err.Error(); strings.ContainsAny(msg, "\x1b\n\u202e") || !strings.Contains(msg, `/properties/a\u001b[2J\u000ab\u202e/$ref`) {
		t.Errorf("Error() = %q", msg)
	}
}

func TestValidateDeepArgumentsAndSchemas(t *testing.T) {
	// Deep arguments through a recursive $ref.
	const depth = 2000
	args := strings.Repeat(`{"a":`, depth) + `1` + strings.Repeat(`}`, depth)
	errs, err := New().Validate(decode(t, `{"$ref":"#/$defs/n","$defs":{"n":{"anyOf":[{"type":"object","properties":{"a":{"$ref":"#/$defs/n"}}},{"type":"string"}]}}}`), decode(t, args))
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 1 || len(errs[0].Path) != depth || errs[0].Message != "expected object or string, got number" {
		t.Fatalf("got %d errors, first %v", len(errs), errs[0].Message)
	}

	// A deep schema up to the limit compiles; one level more is refused.
	nested := func(n int) adapter.Value {
		return decode(t, strings.Repeat(`{"items":`, n)+`{"type":"string"}`+strings.Repeat(`}`, n))
	}
	arr := strings.Repeat(`[`, maxSchemaDepth-1) + `1` + strings.Repeat(`]`, maxSchemaDepth-1)
	errs, err = New().Validate(nested(maxSchemaDepth-1), decode(t, arr))
	if err != nil || len(errs) != 1 || len(errs[0].Path) != maxSchemaDepth-1 {
		t.Fatalf("deep schema: %d errors, %v", len(errs), err)
	}
	_, err = New().Validate(nested(maxSchemaDepth), decode(t, arr))
	var se *CompileError
	if !errors.As(err, &se) || !strings.Contains(se.Message, "deeper than") {
		t.Fatalf("too deep a schema: %v", err)
	}
}

// TestValidateCompilesEveryCorpusSchema compiles every inputSchema of the real MCP tool lists and
// validates {} against it.
func TestValidateCompilesEveryCorpusSchema(t *testing.T) {
	dir := filepath.Join(corpusDir, "mcp-tools")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("no tool lists in %s", dir)
	}
	v := New()
	empty := adapter.ObjectValue()
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := adapter.Decode(data)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		tools, _ := doc.Get("tools")
		for _, tool := range tools.Items() {
			name, _ := tool.Get("name")
			schema, ok := tool.Get("inputSchema")
			if !ok {
				continue
			}
			n++
			errs, err := v.Validate(schema, empty)
			if err != nil {
				t.Errorf("%s %s: %v", filepath.Base(f), name.Str(), err)
				continue
			}
			required, _ := schema.Get("required")
			if errs == nil && required.Len() > 0 {
				t.Errorf("%s %s: {} passed although %s is required", filepath.Base(f), name.Str(), required)
			}
			for _, e := range errs {
				if e.Message == "" || e.Path == nil {
					t.Errorf("%s %s: bad error %#v", filepath.Base(f), name.Str(), e)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no inputSchema found")
	}
	t.Logf("%d input schemas compiled", n)
}

func BenchmarkValidate(b *testing.B) {
	schema := decode(b, `{
		"$schema":"http://json-schema.org/draft-07/schema#",
		"type":"object",
		"properties":{
			"query":{"type":"string","minLength":1,"maxLength":500},
			"limit":{"type":"integer","minimum":1,"maximum":100,"default":10},
			"sort":{"type":"string","enum":["relevance","date","stars"]},
			"filters":{"type":"array","items":{"type":"object","properties":{
				"field":{"type":"string","pattern":"^[a-z_]+$"},
				"value":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"null"}]}},
				"required":["field","value"],"additionalProperties":false}}
		},
		"required":["query"],
		"additionalProperties":false
	}`)
	args := decode(b, `{"query":"mcp servers","limit":20,"sort":"stars","filters":[{"field":"lang","value":"go"},{"field":"stars","value":100}]}`)
	v := New()
	if errs, err := v.Validate(schema, args); err != nil || errs != nil {
		b.Fatal(errs, err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = v.Validate(schema, args)
	}
}
