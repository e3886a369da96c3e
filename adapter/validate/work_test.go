package validate

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// branchesReason is the reason given for arguments whose check would take
// too long because of the schema's branches.
const branchesReason = tooLongBranches

// chain is a schema whose property "x" goes through a $ref chain (lead
// $refs, at least one) to the first of levels levels of a width-way anyOf, each
// branch a $ref to the next level, the last level being leaf.
func refChain(width, levels, lead int, leaf string) string {
	var defs []string
	for i := 1; i < lead; i++ {
		defs = append(defs, fmt.Sprintf(`"start%d":{"$ref":"#/$defs/start%d"}`, i, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"start%d":{"$ref":"#/$defs/level0"}`, max(lead, 1)))
	for l := range levels {
		branch := fmt.Sprintf(`{"$ref":"#/$defs/level%d"}`, l+1)
		defs = append(defs, fmt.Sprintf(`"level%d":{"anyOf":[%s]}`, l, strings.Repeat(branch+",", width-1)+branch))
	}
	defs = append(defs, fmt.Sprintf(`"level%d":%s`, levels, leaf))
	first := "level0"
	if lead > 1 {
		first = "start2"
	}
	return `{"type":"object","properties":{"x":{"$ref":"#/$defs/` + first + `"}},"$defs":{` + strings.Join(defs, ",") + `}}`
}

// allocSlack is what a check allocates beside what the work count counts:
// converting the arguments, the count itself, sorting the errors.
const allocSlack = 1 << 20

// checkAlloc checks args against schema with v, which has compiled the
// schema already, and returns the errors, the error and the bytes the call
// allocated.
func checkAlloc(v *Validator, schema, args adapter.Value) ([]Error, error, uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	errs, err := v.Validate(schema, args)
	runtime.ReadMemStats(&after)
	return errs, err, after.TotalAlloc - before.TotalAlloc
}

// workOf is the work count of checking args against schema.
func workOf(schema, args adapter.Value) tally {
	p := newPlan(schema)
	p.node("")
	return countWork(p, args)
}

// expectWork checks args against schema and compares the outcome with
// reason (the NotCheckedError's reason, "" when the arguments must be
// checked). A check that runs must allocate no more than the work count says
// (a unit is about a byte), plus allocSlack, and no more than the bound.
func expectWork(t *testing.T, name, schemaText, argsText, reason string) {
	t.Helper()
	schema, args := decode(t, schemaText), decode(t, argsText)
	v := New()
	if _, err := v.Validate(schema, adapter.NullValue()); err != nil && !errors.As(err, new(*NotCheckedError)) {
		t.Fatalf("%s: %v", name, err)
	}
	errs, err, bytes := checkAlloc(v, schema, args)
	var nc *NotCheckedError
	if err != nil && !errors.As(err, &nc) {
		t.Fatalf("%s: %v", name, err)
	}
	work := workOf(schema, args).work
	switch {
	case reason == "" && nc != nil:
		t.Errorf("%s: not checked (work %d): %s", name, work, nc.Reason)
	case reason != "" && nc == nil:
		t.Errorf("%s: checked (work %d, %d bytes, %d errors), want not checked: %s", name, work, bytes, len(errs), reason)
	case nc != nil && (errs != nil || nc.Reason != reason):
		t.Errorf("%s: %d errors and %q, want none and %q", name, len(errs), nc.Reason, reason)
	case nc == nil && (bytes > work+allocSlack || bytes > workBase):
		t.Errorf("%s: the check allocated %d bytes, more than its work count %d or the bound %d", name, bytes, work, workBase)
	}
}

// TestValidateWorkBound: arguments whose check would take too long are not
// checked, and say why; the same schemas with arguments of an ordinary depth,
// and large but flat arguments, are checked as usual. The count weighs each
// visit by what the value and the subschema make it cost, so that a chain of
// branches that each reach a costly check is not checked either.
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
	manyWrong := "[" + strings.Repeat(`{"k":"x"},true,-3,`, 5000) + `-1]`
	list := func(n int, format string) string {
		var out []string
		for i := range n {
			out = append(out, fmt.Sprintf(format, i))
		}
		return strings.Join(out, ",")
	}
	uneval := func(width, levels int) string {
		return strings.Replace(refChain(width, levels, 1, `{"required":["zz"]}`),
			`{"type":"object","properties":{"x":{"$ref":"#/$defs/level0"}},`, `{"unevaluatedProperties":false,"$ref":"#/$defs/level0",`, 1)
	}
	names := func(width, levels int) string {
		return strings.Replace(refChain(width, levels, 1, `{"type":"string","minLength":3}`),
			`"properties":{"x":{"$ref":"#/$defs/level0"}}`, `"propertyNames":{"$ref":"#/$defs/level0"}`, 1)
	}
	x := func(v string) string { return `{"x":` + v + `}` }

	for _, tt := range []struct {
		name, schema, args string
		reason             string // "" when checked
	}{
		{"filter nested 10 deep", filter, nested(10, "1"), ""},
		{"filter nested 20 deep", filter, nested(20, "1"), branchesReason},
		{"filter nested 20 deep, valid", filter, nested(20, `{"and":[]}`), branchesReason},
		{"object 300 deep", chain, deep(300), ""},
		{"object 5,000 deep", chain, deep(5000), "checking these arguments would take too long (they nest 5001 levels deep)"},
		{"15,001 items, each against three branches", anyOfItems, many, ""},
		{"15,001 items, each wrong in three branches", anyOfItems, manyWrong, ""},
		// Each visit copies the members not evaluated yet.
		{"unevaluatedProperties, 100 members", uneval(4, 5), "{" + list(100, `"m%d":1`) + "}", ""},
		{"unevaluatedProperties, 1,000 members", uneval(4, 5), "{" + list(1000, `"m%d":1`) + "}", branchesReason},
		// Each missing name is an error, at every visit.
		{"10 required names missing", refChain(6, 4, 1, `{"required":[`+list(10, `"n%d"`)+`]}`), x(`{}`), ""},
		{"100 required names missing", refChain(6, 5, 1, `{"required":[`+list(100, `"n%d"`)+`]}`), x(`{}`), branchesReason},
		// Each visit copies the string.
		{"a string of 1 KB", refChain(6, 4, 1, `{"minLength":100000}`), x(`"` + strings.Repeat("a", 1000) + `"`), ""},
		{"a string of 20 KB", refChain(6, 5, 1, `{"minLength":100000}`), x(`"` + strings.Repeat("a", 20000) + `"`), branchesReason},
		{"a pattern against a string of 1 KB", refChain(6, 4, 1, `{"pattern":"^a+$"}`), x(`"` + strings.Repeat("a", 1000) + `b"`), ""},
		{"a pattern against a string of 10 KB", refChain(6, 5, 1, `{"pattern":"^a+$"}`), x(`"` + strings.Repeat("a", 10000) + `b"`), branchesReason},
		// Each failing visit writes the enum in its message.
		{"an enum of 10 values", refChain(6, 4, 1, `{"enum":[`+list(10, `"value %d"`)+`]}`), x(`"zz"`), ""},
		{"an enum of 1,000 values", refChain(6, 5, 1, `{"enum":[`+list(1000, `"value %d"`)+`]}`), x(`"zz"`), branchesReason},
		// Each visit hashes the items.
		{"uniqueItems, 30 items", refChain(6, 4, 1, `{"uniqueItems":true,"minItems":100000}`), x(`[` + list(30, `%d`) + `]`), ""},
		{"uniqueItems, 1,000 items", refChain(6, 5, 1, `{"uniqueItems":true,"minItems":100000}`), x(`[` + list(1000, `%d`) + `]`), branchesReason},
		// Bounds read the number as a fraction of its exact digits.
		{"multipleOf, 1e-99", refChain(6, 5, 1, `{"multipleOf":0.001}`), x(`1e-99`), ""},
		{"multipleOf, 1e-9999", refChain(6, 5, 1, `{"multipleOf":0.001}`), x(`1e-9999`), branchesReason},
		// propertyNames applies its subschema, and the branches, to each name.
		{"propertyNames through a 4-way chain", names(4, 6), `{"ab":1}`, ""},
		{"propertyNames through an 8-way chain", names(8, 6), `{"ab":1}`, branchesReason},
	} {
		expectWork(t, tt.name, tt.schema, tt.args, tt.reason)
	}
}

// TestValidateWorkChains: a property whose $ref chain leads through levels of
// a width-way anyOf, each branch a $ref to the next level, ending in a
// minLength the value fails. Every check that runs allocates less than the
// bound (about 300 MB) and no more than its work count; wider or deeper chains
// are not checked: six levels of a 10-way or 11-way anyOf (cases found trying
// hostile schemas) no more than of a 12-way.
func TestValidateWorkChains(t *testing.T) {
	// widest is the widest anyOf checked at each number of levels.
	widest := map[int]int{3: 12, 4: 12, 5: 11, 6: 7, 7: 0}
	leaf := `{"type":"string","minLength":3}`
	for levels := 3; levels <= 7; levels++ {
		for width := 6; width <= 12; width++ {
			reason := ""
			if width > widest[levels] {
				reason = branchesReason
			}
			schema := refChain(width, levels, 3, leaf)
			if testing.Short() && reason == "" && workOf(decode(t, schema), decode(t, `{"x":"ab"}`)).work > 50_000_000 {
				continue
			}
			expectWork(t, fmt.Sprintf("%d-way anyOf, %d levels", width, levels), schema, `{"x":"ab"}`, reason)
		}
	}
}

// tenWayNest is a 10-way anyOf whose every branch applies
// it again to the member "c", and arguments that nest it levels deep, each
// level naming branch k1, the innermost value being leaf.
func tenWayNest(levels int, leaf string) (schema, args string) {
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
// and no Error, whether they are right or wrong; five levels wrong at the
// bottom are just under the bound, checked and their errors reported as usual.
func TestValidateNotChecked(t *testing.T) {
	five := func() []string {
		var out []string
		for i := range 10 {
			out = append(out, fmt.Sprintf(`["c","c","c","c","c","kind"]: must be "k%d"`, i))
		}
		return out
	}
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
		{"six levels ending in {}", 6, `{}`, nil, true, false},
		{"five levels, wrong at the bottom: just under the bound", 5, `{"kind":"k10"}`, five(), false, true},
		{"five levels ending in {}", 5, `{}`, []string{`["c","c","c","c","c"]: missing required property "kind"`}, false, false},
	} {
		schemaText, argsText := tenWayNest(tt.levels, tt.leaf)
		schema, args := decode(t, schemaText), decode(t, argsText)
		if tt.under {
			if w := workOf(schema, args).work; w > workBase || w < workBase/10*9 {
				t.Fatalf("%s: work %d, not just under the bound %d", tt.name, w, workBase)
			}
		}
		errs, err := New().Validate(schema, args)
		var nc *NotCheckedError
		if err != nil && !errors.As(err, &nc) {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.notChecked {
			const want = "not checked: checking these arguments would take too long (the schema's anyOf, oneOf and $ref branches reach the same subschemas along too many paths)"
			if nc == nil || errs != nil || nc.Error() != want {
				t.Errorf("%s: got %d errors (%q) and %v, want no errors and %q", tt.name, len(errs), lines(errs), err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: not checked: %v", tt.name, err)
			continue
		}
		check(t, tt.name, errs, tt.want)
	}
}

// brute is countWork without remembering anything: it follows every path
// through the plan, adding each visit's weight and costHop for each branch
// hop on the way to it.
func brute(w *worker, sid int, x *argValue, hops uint64) (work, visits uint64) {
	n := w.plan.nodes[sid]
	all, _ := w.weight(n, x)
	work, visits = all+costHop*hops, 1
	add := func(t int, y *argValue, hop uint64) {
		a, b := brute(w, t, y, hops+hop)
		work, visits = work+a, visits+b
	}
	for _, t := range n.same {
		add(t, x, 1)
	}
	switch x.v.Kind() {
	case adapter.Object:
		for _, y := range w.nameValues(x) {
			for _, t := range n.names {
				add(t, y, 0)
			}
		}
		for i, m := range x.v.Members() {
			y := w.kids(x)[i]
			if t, has := n.props[m.Key()]; has {
				add(t, y, 0)
			}
			for _, t := range n.members {
				add(t, y, 0)
			}
		}
	case adapter.Array:
		for i, y := range w.kids(x) {
			if i < len(n.prefix) {
				add(n.prefix[i], y, 0)
			}
			for _, t := range n.elements {
				add(t, y, 0)
			}
		}
	}
	return work, visits
}

// TestWorkCountsPaths: the count grows with every branch that reaches the
// same subschema again, weighs each visit by its value and its hops, and a
// $ref cycle that stays on one value counts once. Remembered per (subschema,
// value) pair, it comes to what following every path one by one does.
func TestWorkCountsPaths(t *testing.T) {
	count := func(schema, args string) uint64 {
		t.Helper()
		return workOf(decode(t, schema), decode(t, args)).work
	}
	if got, want := count(`{"type":"object","properties":{"a":{"type":"string"}}}`, `{"a":"x","b":1}`),
		uint64(2*costVisit+2*costPair+2*costMember+costDepth+costByte); got != want {
		t.Errorf("a property: %d, want %d (two pairs: the root and its two members, a at depth 1 with one byte)", got, want)
	}
	one := count(`{"anyOf":[{"$ref":"#/$defs/x"}],"$defs":{"x":{"items":{"type":"string"}}}}`, `[1,2]`)
	two := count(`{"anyOf":[{"$ref":"#/$defs/x"},{"$ref":"#/$defs/x"}],"$defs":{"x":{"items":{"type":"string"}}}}`, `[1,2]`)
	if one >= two {
		t.Errorf("two branches to one subschema count %d, one branch %d", two, one)
	}
	if got, want := count(`{"$ref":"#"}`, `{}`), uint64(2*costVisit+costHop+costPair); got != want {
		t.Errorf("a $ref to the root: %d, want %d (one pair)", got, want)
	}
	if got, want := count(`{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{}}}`, `1`), uint64(3*costVisit+3*costHop+3*costPair); got != want {
		t.Errorf("two $refs in a row: %d, want %d (hops 0, 1 and 2)", got, want)
	}

	filter := `{"type":"object","properties":{"filter":{"$ref":"#/$defs/f"}},"$defs":{"f":{"anyOf":[
		{"type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/f"}}},"required":["and"]},
		{"type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/f"}},"or":{"type":"array","items":{"$ref":"#/$defs/f"}}},"required":["or"]}]}}}`
	tenWay, tenWayArgs := tenWayNest(3, `{"kind":"k10"}`)
	for _, tt := range []struct{ name, schema, args string }{
		{"a 3-way chain of 4 levels", refChain(3, 4, 2, `{"type":"string","minLength":3}`), `{"x":"ab"}`},
		{"the filter nested 4 deep", filter, `{"filter":{"and":[{"and":[{"and":[{"and":[1,{"or":[]}]}]}]}]}}`},
		{"a 10-way anyOf nested 3 deep", tenWay, tenWayArgs},
		{"an object 20 deep", `{"type":"object","additionalProperties":{"$ref":"#"}}`, strings.Repeat(`{"a":`, 20) + `{}` + strings.Repeat(`}`, 20)},
		{"every kind of edge and weight", `{"$defs":{"s":{"anyOf":[{"type":"string","pattern":"^a"},{"enum":["a",1,[2]]}]}},
			"unevaluatedProperties":{"$ref":"#/$defs/s"},"propertyNames":{"$ref":"#/$defs/s"},"required":["a","b"],
			"properties":{"l":{"uniqueItems":true,"prefixItems":[{"$ref":"#/$defs/s"}],"items":{"oneOf":[{"$ref":"#/$defs/s"},{"type":"integer","minimum":1e-5}]}}},
			"patternProperties":{"^m":{"not":{"$ref":"#/$defs/s"}}},"dependentSchemas":{"l":{"if":{"$ref":"#/$defs/s"},"then":{},"else":{"$ref":"#/$defs/s"}}}}`,
			`{"l":["aa",1e30,[1,2,{"x":"y"}],"b"],"m1":"abc","m2":3,"z":null}`},
	} {
		schema, args := decode(t, tt.schema), decode(t, tt.args)
		p := newPlan(schema)
		root := p.node("")
		w := &worker{plan: p, memo: map[uint64]int{}}
		got := w.count(root, &argValue{v: args})
		if all := countWork(p, args); all.work != got.work+costPair*uint64(len(w.memo)) || all.visits != got.visits {
			t.Errorf("%s: countWork %+v, counting %+v and %d pairs", tt.name, all, got, len(w.memo))
		}
		work, visits := brute(w, root, &argValue{v: args}, 0)
		if got.work != work || got.visits != visits {
			t.Errorf("%s: counted work %d in %d visits; every path one by one: %d in %d", tt.name, got.work, got.visits, work, visits)
		}
	}
}
