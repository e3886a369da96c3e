package validate

import (
	"errors"
	"fmt"
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
		var nc *NotCheckedError
		if err != nil && !errors.As(err, &nc) {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := nc != nil; got != tt.notChecked {
			t.Errorf("%s: not checked %v, want %v (%d errors: %q)", tt.name, got, tt.notChecked, len(errs), vldLines(errs[:min(len(errs), 3)]))
		}
		if nc != nil && (errs != nil || !strings.HasPrefix(nc.Reason, "checking these arguments would take too long") || !strings.Contains(nc.Reason, "levels deep")) {
			t.Errorf("%s: %d errors beside %q", tt.name, len(errs), nc.Error())
		}
	}
}

// vldTenWayNest is a 10-way anyOf whose every branch applies
// it again to the member "c", and arguments that nest it levels deep, each
// level naming branch k1, the innermost value being leaf.
func vldTenWayNest(levels int, leaf string) (schema, args string) {
	var branches []string
	for i := range 10 {
		branches = append(branches, fmt.Sprintf(`{"type":"object","properties":{"kind":{"const":"k%d"},"c":{"$ref":"#/$defs/n"}},"required":["kind"]}`, i))
	}
	schema = `{"type":"object","properties":{"c":{"$ref":"#/$defs/n"}},"$defs":{"n":{"anyOf":[` + strings.Join(branches, ",") + `]}}}`
	args = `{"c":` + strings.Repeat(`{"kind":"k1","c":`, levels-1) + leaf + strings.Repeat(`}`, levels)
	return schema, args
}

// TestValidateNotChecked: six levels of a 10-way anyOf reach the
// work bound, and the arguments are not checked, which is a *NotCheckedError
// and no Error, whether they are right or wrong; just under the bound they are
// checked and their errors reported as usual.
func TestValidateNotChecked(t *testing.T) {
	for _, tt := range []struct {
		name   string
		levels int
		leaf   string
		want   []string // the errors; nil with notChecked
		// notChecked: a *NotCheckedError and no errors.
		notChecked bool
		// under: the work count is under the bound but more than 90% of it.
		under bool
	}{
		{"six levels, wrong at the bottom", 6, `{"kind":"k10"}`, nil, true, false},
		{"six levels, right", 6, `{"kind":"k1"}`, nil, true, false},
		{"six levels ending in {}: just under the bound", 6, `{}`, []string{`["c","c","c","c","c","c"]: missing required property "kind"`}, false, true},
		{"five levels, wrong at the bottom", 5, `{"kind":"k10"}`, []string{
			`["c","c","c","c","c","kind"]: must be "k0"`, `["c","c","c","c","c","kind"]: must be "k1"`,
			`["c","c","c","c","c","kind"]: must be "k2"`, `["c","c","c","c","c","kind"]: must be "k3"`,
			`["c","c","c","c","c","kind"]: must be "k4"`, `["c","c","c","c","c","kind"]: must be "k5"`,
			`["c","c","c","c","c","kind"]: must be "k6"`, `["c","c","c","c","c","kind"]: must be "k7"`,
			`["c","c","c","c","c","kind"]: must be "k8"`, `["c","c","c","c","c","kind"]: must be "k9"`,
		}, false, false},
	} {
		schemaText, argsText := vldTenWayNest(tt.levels, tt.leaf)
		schema, args := vldDecode(t, schemaText), vldDecode(t, argsText)
		if tt.under {
			p := newVldPlan(schema)
			p.node("")
			values, _ := vldValues(args)
			limit := max(uint64(vldWorkBase), vldWorkPerValue*uint64(values))
			if w := vldWork(p, args, limit); w > limit || w < limit/10*9 {
				t.Fatalf("%s: work %d, not just under the bound %d", tt.name, w, limit)
			}
		}
		errs, err := New().Validate(schema, args)
		var nc *NotCheckedError
		if err != nil && !errors.As(err, &nc) {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.notChecked {
			const want = "not checked: checking these arguments would take too long (the schema's anyOf, oneOf and $ref branches apply to them again and again, and they nest 7 levels deep)"
			if nc == nil || errs != nil || nc.Error() != want {
				t.Errorf("%s: got %d errors (%q) and %v, want no errors and %q", tt.name, len(errs), vldLines(errs), err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: not checked: %v", tt.name, err)
			continue
		}
		vldCheck(t, tt.name, errs, tt.want)
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
