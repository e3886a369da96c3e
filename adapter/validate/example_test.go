package validate_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/validate"
)

func jsonOf(s string) adapter.Value {
	v, err := adapter.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return v
}

func ExampleNew() {
	// One Validator for the whole program: it compiles each input schema once.
	v := validate.New()
	schema := jsonOf(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`)
	for _, args := range []string{`{"q":"weather in Oslo"}`, `{}`} {
		errs, err := v.Validate(schema, jsonOf(args))
		fmt.Println(args, len(errs), err)
	}
	// Output:
	// {"q":"weather in Oslo"} 0 <nil>
	// {} 1 <nil>
}

func ExampleValidator_Validate() {
	v := validate.New()
	schema := jsonOf(`{
		"type": "object",
		"properties": {
			"q": {"type": "string", "pattern": "^[a-z ]+$"},
			"units": {"enum": ["metric", "imperial"]},
			"days": {"type": "integer", "minimum": 1},
			"tags": {"type": "array", "items": {"type": "string", "format": "email"}}
		},
		"required": ["q"],
		"additionalProperties": false
	}`)
	args := jsonOf(`{"units":"kelvin","days":0,"tags":["not an email",7],"x":true}`)
	errs, err := v.Validate(schema, args)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range errs {
		fmt.Println(e.Path, e.Message)
	}
	// Output:
	// [] missing required property "q"
	// [] unexpected property "x"
	// ["units"] must be one of "metric", "imperial"
	// ["days"] must be at least 1
	// ["tags",1] expected string, got number
}

func ExampleValidator_Validate_draft() {
	// The draft is the one $schema names: draft-04 reads exclusiveMaximum as a flag.
	v := validate.New()
	schema := jsonOf(`{
		"$schema": "http://json-schema.org/draft-04/schema#",
		"type": "object",
		"properties": {"pct": {"type": "number", "maximum": 100, "exclusiveMaximum": true}}
	}`)
	errs, _ := v.Validate(schema, jsonOf(`{"pct":100}`))
	fmt.Println(errs[0].Error())
	// Output:
	// ["pct"]: must be less than 100
}

func ExampleValidator_Validate_remoteRef() {
	// Nothing is fetched: a $ref outside the schema is a compile error.
	v := validate.New()
	schema := jsonOf(`{"type":"object","properties":{"loc":{"$ref":"https://example.com/location.json"}}}`)
	_, err := v.Validate(schema, jsonOf(`{}`))
	var se *validate.CompileError
	if errors.As(err, &se) {
		fmt.Println(se.Path)
		fmt.Println(se.Message)
	}
	// Output:
	// ["properties","loc","$ref"]
	// $ref "https://example.com/location.json" points outside the input schema; remote schemas are never fetched
}

func ExampleError_Error() {
	errs, _ := validate.New().Validate(
		jsonOf(`{"type":"object","properties":{"ids":{"type":"array","items":{"type":"integer"}}},"required":["ids"]}`),
		jsonOf(`{"ids":[1,"2"]}`),
	)
	fmt.Println(errs[0].Error())
	errs, _ = validate.New().Validate(jsonOf(`{"required":["ids"]}`), jsonOf(`{}`))
	fmt.Println(errs[0].Error())
	// Output:
	// ["ids",1]: expected integer, got string
	// missing required property "ids"
}

func ExampleError_Value() {
	errs, _ := validate.New().Validate(
		jsonOf(`{"properties":{"when":{"type":"object","properties":{"h":{"maximum":23}}}}}`),
		jsonOf(`{"when":{"h":24}}`),
	)
	fmt.Println(errs[0].Value())
	// Output:
	// {"path":["when","h"],"message":"must be at most 23"}
}

func ExampleCompileError_Error() {
	// A schema is compiled from memory only: a remote $ref is an error.
	_, err := validate.New().Validate(
		jsonOf(`{"properties":{"id":{"$ref":"https://example.com/id.json"}}}`),
		jsonOf(`{}`),
	)
	fmt.Println(err)
	// Output:
	// input schema at /properties/id/$ref: $ref "https://example.com/id.json" points outside the input schema; remote schemas are never fetched
}

func ExampleValidator_Unchecked() {
	// Patterns are Go regular expressions (RE2). One written with look-around for
	// JavaScript is not asserted; the rest of the schema still is.
	schema := jsonOf(`{"properties":{"id":{"type":"string","pattern":"^(?!tmp)"},"n":{"type":"integer"}}}`)
	v := validate.New()
	errs, _ := v.Validate(schema, jsonOf(`{"id":"tmp1","n":"2"}`))
	fmt.Println(errs)
	fmt.Println(v.Unchecked(schema))
	// Output:
	// [["n"]: expected integer, got string]
	// [["properties","id","pattern"]]
}

func ExampleNotCheckedError() {
	// A filter schema whose 10 alternatives each apply it again: arguments that
	// nest it six levels deep would take too long to check. They are not checked,
	// which is no Error: nothing was found wrong with them.
	var alts []string
	for i := range 10 {
		alts = append(alts, fmt.Sprintf(`{"type":"object","properties":{"kind":{"const":"k%d"},"c":{"$ref":"#/$defs/n"}},"required":["kind"]}`, i))
	}
	schema := jsonOf(`{"type":"object","properties":{"c":{"$ref":"#/$defs/n"}},"$defs":{"n":{"anyOf":[` + strings.Join(alts, ",") + `]}}}`)
	v := validate.New()
	for _, levels := range []int{2, 6} {
		args := jsonOf(`{"c":` + strings.Repeat(`{"kind":"k1","c":`, levels-1) + `{"kind":"k1"}` + strings.Repeat(`}`, levels))
		errs, err := v.Validate(schema, args)
		var nc *validate.NotCheckedError
		switch {
		case errors.As(err, &nc):
			fmt.Println(levels, "levels: not checked:", nc.Reason)
		case err != nil:
			fmt.Println(levels, "levels: the schema cannot be compiled:", err)
		case len(errs) > 0:
			fmt.Println(levels, "levels: invalid:", errs)
		default:
			fmt.Println(levels, "levels: valid")
		}
	}
	// Output:
	// 2 levels: valid
	// 6 levels: not checked: checking these arguments would take too long (the schema's anyOf, oneOf and $ref branches reach the same subschemas along too many paths)
}

func ExampleNotCheckedError_Error() {
	err := &validate.NotCheckedError{Reason: "checking these arguments would take too long (…)"}
	fmt.Println(err)
	// Output:
	// not checked: checking these arguments would take too long (…)
}
