package main

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// notCheckedFiles writes a tool list with the tool "find" (a 10-way anyOf
// that applies itself again to the member "c") and "ping", a Responses
// response calling them, and a session of both with results. The calls: six
// levels deep (the validation work bound: not checked), five levels wrong at
// the bottom (under it: checked, an error), and a valid ping.
func notCheckedFiles(t *testing.T) (tools, response, session string) {
	t.Helper()
	var branches []string
	for i := range 10 {
		branches = append(branches, fmt.Sprintf(`{"type":"object","properties":{"kind":{"const":"k%d"},"c":{"$ref":"#/$defs/n"}},"required":["kind"]}`, i))
	}
	schema := `{"type":"object","properties":{"c":{"$ref":"#/$defs/n"}},"$defs":{"n":{"anyOf":[` + strings.Join(branches, ",") + `]}}}`
	list := `[{"name":"find","inputSchema":` + schema + `},{"name":"ping","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}]`
	nest := func(levels int, leaf string) string {
		return `{"c":` + strings.Repeat(`{"kind":"k1","c":`, levels-1) + leaf + strings.Repeat(`}`, levels)
	}
	call := func(id, name, args string) string {
		return `{"type":"function_call","call_id":"` + id + `","name":"` + name + `","arguments":` + strconv.Quote(args) + `}`
	}
	resp := `{"output":[` + call("deep", "s__find", nest(6, `{"kind":"k10"}`)) + `,` +
		call("under", "s__find", nest(5, `{}`)) + `,` + call("ping", "s__ping", `{"n":1}`) + `]}`
	ok := `{"content":[{"type":"text","text":"ok"}]}`
	sess := `{"strictscope_session":1,"api":"responses","options":{"strict":"auto","prefix":true},
		"servers":[{"name":"s","tools":` + list + `}],
		"turns":[{"response":` + resp + `,"results":{"deep":` + ok + `,"under":` + ok + `,"ping":` + ok + `}}]}`
	dir := t.TempDir()
	return writeFile(t, dir, "s.json", `{"tools":`+list+`}`), writeFile(t, dir, "response.json", resp), writeFile(t, dir, "session.json", sess)
}

// notCheckedCalls are the three calls as `calls` and `replay --json` print them.
const (
	notCheckedNote  = "not checked: checking these arguments would take too long (the schema's anyOf, oneOf and $ref branches reach the same subschemas along too many paths)"
	notCheckedDeep  = `{"call_id":"deep","name":"s__find","server":"s","tool":"find","arguments":{"c":{"kind":"k1","c":{"kind":"k1","c":{"kind":"k1","c":{"kind":"k1","c":{"kind":"k1","c":{"kind":"k10"}}}}}}},"stripped":[],"valid":true,"checked":false,"note":"` + notCheckedNote + `","errors":[]}`
	notCheckedUnder = `{"call_id":"under","name":"s__find","server":"s","tool":"find","arguments":{"c":{"kind":"k1","c":{"kind":"k1","c":{"kind":"k1","c":{"kind":"k1","c":{}}}}}},"stripped":[],"valid":false,"errors":[{"path":["c","c","c","c","c"],"message":"missing required property \"kind\""}]}`
	notCheckedPing  = `{"call_id":"ping","name":"s__ping","server":"s","tool":"ping","arguments":{"n":1},"stripped":[],"valid":true,"errors":[]}`
)

// TestCallsNotChecked, through `calls`: the call that reaches the
// validation work bound stays valid, with "checked": false and a note, and no
// error; the one under the bound is checked and its error reported; nothing
// is rejected.
func TestCallsNotChecked(t *testing.T) {
	tools, response, _ := notCheckedFiles(t)
	r := runCLI(t, "", "calls", "--api", "responses", "--tools", tools, response)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := `{"calls":[` + notCheckedDeep + `,` + notCheckedUnder + `,` + notCheckedPing + `],"rejected":[]}`
	if got := r.parse(t); !reflect.DeepEqual(got, mustJSON(t, want)) {
		t.Errorf("\n got %s\nwant %s", r.stdout, want)
	}
}

// TestReplayNotChecked: `replay --json` prints the call as `calls` does and
// answers it with its result like any valid call; the validated stage of the
// trace holds the note and no marks; the text trace shows the note.
func TestReplayNotChecked(t *testing.T) {
	_, _, session := notCheckedFiles(t)
	r := runCLI(t, "", "replay", "--json", session)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	out := func(id string) string {
		return `{"type":"function_call_output","call_id":"` + id + `","output":"ok"}`
	}
	outputs := `[` + out("deep") + `,` + out("under") + `,` + out("ping") + `]`
	want := `{"turns":[{"calls":[` + notCheckedDeep + `,` + notCheckedUnder + `,` + notCheckedPing + `],"rejected":[],"outputs":` + outputs + `,"next_input":` + outputs + `}]}`
	if got := r.parse(t); !reflect.DeepEqual(got, mustJSON(t, want)) {
		t.Errorf("\n got %s\nwant %s", r.stdout, want)
	}

	r = runCLI(t, "", "replay", "--json", "--stages", session)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	turn := r.parse(t).(map[string]any)["turns"].([]any)[0].(map[string]any)
	var found bool
	for _, s := range turn["stages"].([]any) {
		st := s.(map[string]any)
		if st["stage"] != "validated" || st["call_id"] != "deep" {
			continue
		}
		found = true
		if !reflect.DeepEqual(st["notes"], []any{notCheckedNote}) || st["marks"] != nil {
			t.Errorf("the validated stage: notes %v, marks %v", st["notes"], st["marks"])
		}
	}
	if !found {
		t.Fatal("no validated stage for the call \"deep\"")
	}

	r = runCLI(t, "", "replay", session)
	if r.code != 0 || !strings.Contains(r.stdout, "deep s__find: valid as far as known: "+notCheckedNote) {
		t.Errorf("text summary: exit %d\n%s", r.code, r.stdout)
	}
	r = runCLI(t, "", "replay", "--stages", session)
	if r.code != 0 || !strings.Contains(r.stdout, notCheckedNote) {
		t.Errorf("text trace: exit %d\n%s", r.code, r.stdout)
	}
}
