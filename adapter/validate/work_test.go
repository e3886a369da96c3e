package validate

import (
	"strings"
	"testing"
)

// TestValidateWorkBound: arguments whose check would take too long are not
// checked, and say so; the same schemas with arguments of an ordinary depth, and
// large but flat arguments, are checked as usual.
func TestValidateWorkBound(t *testing.T) {
	filter := `{"type":"object","properties":{"filter":{"$ref":"#/$defs/f"}},"$defs":{"f":{"anyOf":[
		{"type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/f"}}},"required":["and"]},
		{"type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/f"}},"or":{"type":"array","items":{"$ref":"#/$defs/f"}}},"required":["or"]}]}}}`
	nested := func(n int, leaf string) string {
		return `{"filter":` + strings.Repeat(`{"and":[`, n) + leaf + strings.Repeat(`]}`, n) + `}`
	}
	chain := `{"type":"object","additionalProperties":{"$ref":"#"},"properties":{"x":{"type":"string"}}}`
	deep := func(n int) string { return strings.Repeat(`{"a":`, n) + `{"x":1}` + strings.Repeat(`}`, n) }
	anyOfItems := `{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"object","properties":{"k":{"type":"integer"}}},{"type":"integer","minimum":0}]}}`
	many := "[" + strings.Repeat(`{"k":1},"s",3,`, 5000) + `-1]`

	for _, tt := range []struct {
		name, schema, args string
		notChecked         bool
	}{
		{"filter nested 10 deep", filter, nested(10, "1"), false},
		{"filter nested 20 deep", filter, nested(20, "1"), true},
		{"filter nested 20 deep, valid", filter, nested(20, `{"and":[]}`), true},
		{"object 300 deep", chain, deep(300), false},
		{"object 5,000 deep", chain, deep(5000), true},
		{"15,001 items, each against three branches", anyOfItems, many, false},
	} {
		errs, err := New().Validate(vldDecode(t, tt.schema), vldDecode(t, tt.args))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := len(errs) == 1 && strings.HasPrefix(errs[0].Message, "not checked: checking these arguments would take too long")
		if got != tt.notChecked {
			t.Errorf("%s: not checked %v, want %v (%d errors: %q)", tt.name, got, tt.notChecked, len(errs), vldLines(errs[:min(len(errs), 3)]))
		}
		if got && (len(errs[0].Path) != 0 || !strings.Contains(errs[0].Message, "levels deep")) {
			t.Errorf("%s: %s", tt.name, errs[0].Error())
		}
	}
}

// TestVldWorkCountsBranches: the count grows with every branch that reaches the
// same subschema again, and a $ref cycle that stays on one value counts once.
func TestVldWorkCountsBranches(t *testing.T) {
	count := func(schema, args string) uint64 {
		t.Helper()
		p := newVldPlan(vldDecode(t, schema))
		p.node("")
		return vldWork(p, vldDecode(t, args), 1<<40)
	}
	if got := count(`{"type":"object","properties":{"a":{"type":"string"}}}`, `{"a":"x","b":1}`); got != 3 {
		t.Errorf("a property: %d, want 3 (the root at depth 0, a at depth 1)", got)
	}
	one := count(`{"anyOf":[{"$ref":"#/$defs/x"}],"$defs":{"x":{"items":{"type":"string"}}}}`, `[1,2]`)
	two := count(`{"anyOf":[{"$ref":"#/$defs/x"},{"$ref":"#/$defs/x"}],"$defs":{"x":{"items":{"type":"string"}}}}`, `[1,2]`)
	if one >= two {
		t.Errorf("two branches to one subschema count %d, one branch %d", two, one)
	}
	if got := count(`{"$ref":"#"}`, `{}`); got != 2 {
		t.Errorf("a $ref to the root: %d, want 2", got)
	}
}
