package validate

import (
	"slices"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// FuzzValidate checks that Validate never panics, and that what it returns holds:
// every path is concrete and resolves in the arguments, errors are sorted and
// unique, messages are not empty, and a second call (from the cache) agrees. An
// error is a *CompileError or a *NotCheckedError, never with errors beside it.
func FuzzValidate(f *testing.F) {
	seeds := []struct{ schema, args string }{
		{`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`, `{"q":1}`},
		{`{"type":"object","additionalProperties":false,"properties":{"a":{"type":"array","items":{"enum":[1,"x",null]}}}}`, `{"a":[1,2,[3]],"b":0}`},
		{`{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"n":{"maximum":1,"exclusiveMaximum":true}}}`, `{"n":1e400}`},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","items":[{"type":"string"}],"additionalItems":false}`, `["a",2]`},
		{`{"anyOf":[{"type":"string","minLength":2},{"type":"null"}],"$defs":{"x":{"$ref":"#"}}}`, `"a"`},
		{`{"properties":{"p":{"$ref":"other.json"}}}`, `{}`},
		{`{"patternProperties":{"^x":{"multipleOf":0.01}},"propertyNames":{"maxLength":3}}`, `{"x1":1.005,"long name":1}`},
		{`{"oneOf":[{"type":"integer"},{"minimum":0}],"not":{"const":3}}`, `1e-99999999`},
		{`{"uniqueItems":true,"contains":{"type":"object"},"maxContains":1}`, `[{},{"a":1},{"a":1.0}]`},
		{`false`, `-0`},
		{`{"type":"integer","maximum":12345678901234567890}`, `12345678901234567891`},
		{`{"dependentSchemas":{"a":{"required":["b"]}},"unevaluatedProperties":false,"properties":{"a":{}}}`, `{"a":1,"c":2}`},
		{`{"$defs":{"n":{"anyOf":[{"properties":{"a":{"$ref":"#/$defs/n"}},"required":["k"]},{"properties":{"a":{"$ref":"#/$defs/n"}},"required":["j"]}]}},"$ref":"#/$defs/n"}`,
			`{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":1}}}}}}}}}}}}}}}}}}}}}}}}`},
		// Shapes the work count weighs: a chain of branches, names, unevaluated
		// members, hashed items and long numbers.
		{refChain(3, 3, 2, `{"type":"string","minLength":3}`), `{"x":"ab"}`},
		{`{"propertyNames":{"$ref":"#/$defs/n"},"$defs":{"n":{"anyOf":[{"maxLength":2},{"pattern":"^a"}]}}}`, `{"abc":1,"a":2}`},
		{`{"anyOf":[{"properties":{"a":{}}},{"required":["b"]}],"unevaluatedProperties":false}`, `{"a":1,"c":2}`},
		{`{"oneOf":[{"uniqueItems":true},{"items":{"multipleOf":0.5}}]}`, `[1e-300,1e-300,2]`},
	}
	for _, s := range seeds {
		f.Add(s.schema, s.args)
	}
	f.Fuzz(func(t *testing.T, schemaText, argsText string) {
		schema, err := adapter.DecodeString(schemaText)
		if err != nil {
			return
		}
		args, err := adapter.DecodeString(argsText)
		if err != nil {
			return
		}
		v := New()
		errs, err := v.Validate(schema, args)
		if err != nil {
			switch e := err.(type) {
			case *CompileError:
			case *NotCheckedError:
				// Not checked is no verdict, and stays so from the cache.
				if e.Reason == "" {
					t.Fatal("not checked, with no reason")
				}
				if again, err2 := v.Validate(schema, args); again != nil || err2 == nil || err2.Error() != err.Error() {
					t.Fatalf("second call differs: %v, %v", again, err2)
				}
			default:
				t.Fatalf("error of type %T: %v", err, err)
			}
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			if errs != nil {
				t.Fatalf("errors together with %v", err)
			}
			return
		}
		for i, e := range errs {
			if e.Message == "" {
				t.Fatalf("error %d: empty message", i)
			}
			if bad := pathProblem(args, e.Path); bad != "" {
				t.Fatalf("error %d: %s", i, bad)
			}
			if i > 0 {
				prev := errs[i-1]
				c := slices.Compare(ordinals(args, prev.Path), ordinals(args, e.Path))
				if c > 0 || (c == 0 && prev.Message >= e.Message) {
					t.Fatalf("errors %d and %d out of order or repeated: %v, %v", i-1, i, prev, e)
				}
			}
		}
		again, err := v.Validate(schema, args)
		if err != nil || len(again) != len(errs) {
			t.Fatalf("second call differs: %v, %v", again, err)
		}
		for i := range errs {
			if !again[i].Path.Equal(errs[i].Path) || again[i].Message != errs[i].Message {
				t.Fatalf("second call differs at %d: %v, %v", i, again[i], errs[i])
			}
		}
	})
}
