package sessions

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/validate"
)

// notCheckedSchema is a 10-way anyOf whose every branch applies
// it again to the member "c".
func notCheckedSchema() string {
	var branches []string
	for i := range 10 {
		branches = append(branches, fmt.Sprintf(`{"type":"object","properties":{"kind":{"const":"k%d"},"c":{"$ref":"#/$defs/n"}},"required":["kind"]}`, i))
	}
	return `{"type":"object","properties":{"c":{"$ref":"#/$defs/n"}},"$defs":{"n":{"anyOf":[` + strings.Join(branches, ",") + `]}}}`
}

// notCheckedArgs nests the anyOf levels deep, each level naming branch k1, the
// innermost value being leaf.
func notCheckedArgs(levels int, leaf string) string {
	return `{"c":` + strings.Repeat(`{"kind":"k1","c":`, levels-1) + leaf + strings.Repeat(`}`, levels)
}

// notCheckedSession is a Responses session with the tool "find" (that schema) and
// "ping", and one turn of three calls, each answered: six levels (the work bound:
// not checked), five levels wrong at the bottom (checked, an error), and a valid
// ping.
func notCheckedSession(t *testing.T) *Session {
	t.Helper()
	call := func(id, name, args string) string {
		return `{"type":"function_call","call_id":"` + id + `","name":"` + name + `","arguments":` + strconv.Quote(args) + `}`
	}
	result := `{"content":[{"type":"text","text":"ok"}]}`
	doc := `{"strictscope_session":1,"api":"responses","options":{"strict":"auto","prefix":false},
		"servers":[{"name":"s","tools":[
			{"name":"find","inputSchema":` + notCheckedSchema() + `},
			{"name":"ping","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}]}],
		"turns":[{"response":{"output":[` +
		call("deep", "find", notCheckedArgs(6, `{"kind":"k10"}`)) + `,` +
		call("under", "find", notCheckedArgs(5, `{}`)) + `,` +
		call("ping", "ping", `{"n":1}`) + `]},
		"results":{"deep":` + result + `,"under":` + result + `,"ping":` + result + `}}]}`
	s, err := ParseSession("notChecked.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCheckCallsNotChecked, through CheckCalls: arguments that
// reach the work bound are not checked, which leaves the call valid, with no
// errors, and a note in its JSON; arguments under the bound are checked and
// their errors reported; a checked call's JSON has no "checked" or "note".
func TestCheckCallsNotChecked(t *testing.T) {
	s := notCheckedSession(t)
	_, rep := adapter.Tools(adapter.NewToolSet(s.Servers, adapter.NameOptions{NoPrefix: true}), adapter.ToolsOptions{API: adapter.Responses, Strict: adapter.StrictAuto})
	x, err := adapter.ToolCalls(s.Turns[0].Response, rep.Sent(), adapter.CallsOptions{ErrorPrefix: adapter.DefaultErrorPrefix})
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Calls) != 3 || len(x.Rejected) != 0 {
		t.Fatalf("%d calls, %d rejected", len(x.Calls), len(x.Rejected))
	}
	calls := CheckCalls(x, validate.New())
	const note = "not checked: checking these arguments would take too long (the schema's anyOf, oneOf and $ref branches reach the same subschemas along too many paths)"
	for _, tt := range []struct {
		id         string
		valid      bool
		notChecked bool
		errors     []string
	}{
		{"deep", true, true, nil},
		{"under", false, false, []string{`["c","c","c","c","c"]: missing required property "kind"`}},
		{"ping", true, false, nil},
	} {
		var c *CheckedCall
		for i := range calls {
			if calls[i].CallID == tt.id {
				c = &calls[i]
			}
		}
		if c == nil {
			t.Fatalf("no call %q", tt.id)
		}
		var got []string
		for _, e := range c.Errors {
			got = append(got, e.Error())
		}
		if c.Valid != tt.valid || (c.NotChecked != nil) != tt.notChecked || c.SchemaErr != nil || strings.Join(got, "\n") != strings.Join(tt.errors, "\n") {
			t.Errorf("%s: valid %v, not checked %v, schema error %v, errors %q; want valid %v, not checked %v, errors %q",
				tt.id, c.Valid, c.NotChecked, c.SchemaErr, got, tt.valid, tt.notChecked, tt.errors)
		}
		v := c.Value()
		valid, _ := v.Get("valid")
		errs, _ := v.Get("errors")
		checked, hasChecked := v.Get("checked")
		n, hasNote := v.Get("note")
		if valid.Kind() != adapter.Bool || valid.Bool() != tt.valid || errs.Len() != len(tt.errors) {
			t.Errorf("%s: JSON %s", tt.id, v)
		}
		if tt.notChecked {
			if !hasChecked || checked.Kind() != adapter.Bool || checked.Bool() || !hasNote || n.Str() != note {
				t.Errorf("%s: JSON %s, want \"checked\": false and the note %q", tt.id, v, note)
			}
		} else if hasChecked || hasNote {
			t.Errorf("%s: a checked call has \"checked\" or \"note\": %s", tt.id, v)
		}
	}
}

// TestReplayNotChecked: the validated stage of a call that was not checked says
// so in a note and marks nothing; the call is answered from its result like any
// valid call, and nothing rejects it. The call under the bound has its
// error marked and noted.
func TestReplayNotChecked(t *testing.T) {
	tr := ReplaySession("notChecked.json", notCheckedSession(t), DefaultReplayOptions())
	if len(tr.Turns) != 1 {
		t.Fatalf("%d turns", len(tr.Turns))
	}
	turn := tr.Turns[0]
	if len(turn.Calls) != 3 || len(turn.Extracted.Rejected) != 0 || len(turn.Outputs) != 3 || len(turn.NextInput) != 3 {
		t.Fatalf("calls %d rejected %d outputs %d next %d", len(turn.Calls), len(turn.Extracted.Rejected), len(turn.Outputs), len(turn.NextInput))
	}
	for i, o := range turn.Outputs {
		if out, _ := o.Get("output"); out.Str() != "ok" {
			t.Errorf("output %d: %s", i, o)
		}
	}
	validated := map[string]Stage{}
	for _, st := range turn.Stages {
		if st.Kind == StageValidated {
			validated[st.CallID] = st
		}
		for _, n := range st.Notes {
			if strings.Contains(n, "not checked") && (st.Kind != StageValidated || st.CallID != "deep") {
				t.Errorf("stage %s of %q carries the note: %q", st.Kind, st.CallID, n)
			}
		}
	}
	deep := validated["deep"]
	want := "not checked: checking these arguments would take too long (the schema's anyOf, oneOf and $ref branches reach the same subschemas along too many paths)"
	if len(deep.Notes) != 1 || deep.Notes[0] != want || len(deep.Marks) != 0 {
		t.Errorf("deep: notes %q, marks %v; want only the note %q", deep.Notes, deep.Marks, want)
	}
	under := validated["under"]
	if len(under.Marks) != 1 || under.Marks[0].String() != `["c","c","c","c","c"]` || len(under.Notes) != 1 || !strings.Contains(under.Notes[0], `missing required property "kind"`) {
		t.Errorf("under: notes %q, marks %v", under.Notes, under.Marks)
	}
	if ping := validated["ping"]; len(ping.Notes) != 1 || ping.Notes[0] != "valid" {
		t.Errorf("ping: notes %q", ping.Notes)
	}
	// The JSON trace (replay --json): the call is valid, with the note.
	turns, _ := tr.Value(false).Get("turns")
	first, _ := turns.Items()[0].Get("calls")
	c := first.Items()[0]
	if id, _ := c.Get("call_id"); id.Str() != "deep" {
		t.Fatalf("first call %s", c)
	}
	valid, _ := c.Get("valid")
	checked, _ := c.Get("checked")
	note, _ := c.Get("note")
	errs, _ := c.Get("errors")
	if !valid.Bool() || checked.Kind() != adapter.Bool || checked.Bool() || note.Str() != want || errs.Len() != 0 {
		t.Errorf("the call in the trace: %s", c)
	}
}
