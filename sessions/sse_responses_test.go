package sessions

import (
	"os"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// events writes Responses events as SSE, each with its event: line.
func events(evs ...string) string {
	var sb strings.Builder
	for _, e := range evs {
		v, _ := adapter.DecodeString(e)
		sb.WriteString("event: " + str(v, "type") + "\ndata: " + e + "\n\n")
	}
	return sb.String()
}

const (
	evCreated   = `{"type":"response.created","response":{"id":"resp_1","object":"response","status":"in_progress","model":"m","output":[]}}`
	evAdded     = `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"","status":"in_progress"}}`
	evDelta1    = `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":"{\"city\":"}`
	evDelta2    = `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":"\"Oslo\"}"}`
	evArgsDone  = `{"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":0,"arguments":"{\"city\":\"Oslo\"}"}`
	evItemDone  = `{"type":"response.output_item.done","output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","arguments":"{\"city\":\"Oslo\"}","status":"completed"}}`
	evCompleted = `{"type":"response.completed","response":{"id":"resp_1","object":"response","status":"completed","model":"m","output":[{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Oslo\"}","status":"completed"}],"usage":{"total_tokens":9}}}`
)

func TestResponsesSSEReassembly(t *testing.T) {
	rec := mustLoad(t, "r.sse", events(evCreated, evAdded, evDelta1, evDelta2, evArgsDone, evItemDone, evCompleted))
	ex := one(t, rec)
	if rec.Format != FormatResponsesSSE || ex.API != adapter.Responses || !ex.Streamed || len(ex.Warnings) != 0 {
		t.Errorf("format %s api %s warnings %q", rec.Format, ex.API, ex.Warnings)
	}
	// response.completed wins as a whole.
	if got, want := ex.Response.String(), compact(t, mustGet(mustDecode(t, evCompleted), "response").String()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func mustDecode(t *testing.T, s string) adapter.Value {
	t.Helper()
	v, err := adapter.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestResponsesNameFromAddedItem(t *testing.T) {
	// No completed event, and the done item has no name (as real streams omit it in
	// function_call_arguments.done): the name comes from the added item.
	rec := mustLoad(t, "r.sse", events(evCreated, evAdded, evDelta1, evDelta2, evArgsDone, evItemDone))
	ex := one(t, rec)
	item := mustGet(ex.Response, "output").Items()[0]
	if str(item, "name") != "get_weather" || str(item, "arguments") != `{"city":"Oslo"}` || str(item, "status") != "completed" {
		t.Errorf("item %s", item)
	}
	if !hasWarning(ex.Warnings, "stream ends before response.completed") {
		t.Errorf("warnings %q", ex.Warnings)
	}
	if str(ex.Response, "id") != "resp_1" {
		t.Errorf("the created response is the base: %s", ex.Response)
	}
}

func TestResponsesCompletedWithEmptyOutput(t *testing.T) {
	completedEmpty := `{"type":"response.completed","response":{"id":"resp_1","object":"response","status":"completed","output":[]}}`
	ex := one(t, mustLoad(t, "r.jsonl", strings.Join([]string{evCreated, evAdded, evDelta1, evDelta2, completedEmpty}, "\n")))
	if got := callNames(ex.Response); len(got) != 1 || got[0] != "get_weather" {
		t.Errorf("names %q", got)
	}
	if str(ex.Response, "status") != "completed" || !hasWarning(ex.Warnings, "empty output") {
		t.Errorf("got %s %q", ex.Response, ex.Warnings)
	}
}

func TestResponsesTruncatedFile(t *testing.T) {
	data, err := os.ReadFile("testdata/responses_truncated.sse")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := LoadRecording("responses_truncated.sse", data)
	if err != nil {
		t.Fatal(err)
	}
	ex := one(t, rec)
	want := compact(t, `{"id":"resp_t","object":"response","status":"in_progress","model":"m","output":[
		{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[{"type":"output_text","text":"Looking it up","annotations":[]}]},
		{"type":"function_call","id":"fc_1","call_id":"call_1","name":"lookup","arguments":"{\"q\":\"wea","status":"in_progress"}]}`)
	if got := ex.Response.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !hasWarning(ex.Warnings, "line 20") || !hasWarning(ex.Warnings, "stream ends before response.completed") {
		t.Errorf("warnings %q", ex.Warnings)
	}
}

func TestResponsesWithoutOutputIndex(t *testing.T) {
	// Events matched by item_id alone.
	text := strings.Join([]string{
		`{"type":"response.output_item.added","item":{"type":"function_call","id":"fc_9","call_id":"call_9","name":"f","arguments":""}}`,
		`{"type":"response.function_call_arguments.delta","item_id":"fc_9","delta":"{}"}`,
	}, "\n")
	ex := one(t, mustLoad(t, "r.jsonl", text))
	item := mustGet(ex.Response, "output").Items()[0]
	if str(item, "arguments") != "{}" || str(item, "name") != "f" {
		t.Errorf("item %s", item)
	}
}

func TestResponsesEventArray(t *testing.T) {
	// A JSON array of events (as some tests store them).
	text := "[" + strings.Join([]string{evCreated, evAdded, evDelta1, evDelta2, evCompleted}, ",") + "]"
	rec := mustLoad(t, "events.json", text)
	ex := one(t, rec)
	if rec.Format != FormatResponsesJSONL || !ex.Streamed || str(ex.Response, "status") != "completed" {
		t.Errorf("format %s %s", rec.Format, ex.Response)
	}
}

func TestResponsesErrorEvent(t *testing.T) {
	text := events(`{"type":"error","code":"server_error","message":"Something broke","param":null,"sequence_number":1}`)
	ex := one(t, mustLoad(t, "r.sse", text))
	if ex.Response.String() != `{"error":{"code":"server_error","message":"Something broke","param":null}}` {
		t.Errorf("got %s", ex.Response)
	}
	failed := `{"type":"response.failed","response":{"id":"r","object":"response","status":"failed","error":{"code":"server_error","message":"boom"},"output":[]}}`
	ex = one(t, mustLoad(t, "r.sse", events(evCreated, failed)))
	if str(ex.Response, "status") != "failed" || !hasWarning(ex.Warnings, "the response failed: boom") {
		t.Errorf("got %s %q", ex.Response, ex.Warnings)
	}
}

func TestResponsesMixedAPIEventSkipped(t *testing.T) {
	text := events(evCreated, evAdded) + sse(`{"object":"chat.completion.chunk","choices":[]}`) + events(evCompleted)
	ex := one(t, mustLoad(t, "r.sse", text))
	if !hasWarning(ex.Warnings, "a chat event in a responses stream") {
		t.Errorf("warnings %q", ex.Warnings)
	}
}

// A stream that holds two responses, one after the other, reads as one
// response holding both outputs in order, with a warning; the calls of the
// first are not lost. The second response's deltas start again at output_index
// 0, and its fields (id, usage) are the ones kept. A response.created that
// repeats the same response's id starts nothing new.
func TestResponsesStreamOfTwoResponses(t *testing.T) {
	second := func(s string) string {
		return strings.NewReplacer("resp_1", "resp_2", "fc_1", "fc_2", "call_1", "call_2", "Oslo", "Rome").Replace(s)
	}
	first := []string{evCreated, evAdded, evDelta1, evDelta2, evArgsDone, evItemDone, evCompleted}
	var all []string
	all = append(all, first...)
	for _, e := range first {
		all = append(all, second(e))
	}
	for _, name := range []string{"r.sse", "r.jsonl"} {
		text := events(all...)
		if name == "r.jsonl" {
			text = strings.Join(all, "\n") + "\n"
		}
		ex := one(t, mustLoad(t, name, text))
		out := mustGet(ex.Response, "output").Items()
		if len(out) != 2 || str(out[0], "call_id") != "call_1" || str(out[1], "call_id") != "call_2" || str(out[1], "arguments") != `{"city":"Rome"}` {
			t.Errorf("%s: output %v", name, out)
		}
		if str(ex.Response, "id") != "resp_2" || len(ex.Warnings) != 1 || !strings.Contains(ex.Warnings[0], "the stream holds 2 responses: read as one, their outputs in order") {
			t.Errorf("%s: id %s, warnings %q", name, str(ex.Response, "id"), ex.Warnings)
		}
	}
	// Cut short in the second response: the first's items, then what the
	// second streamed.
	cut := append(append([]string{}, first...), second(evCreated), second(evAdded), second(evDelta1))
	ex := one(t, mustLoad(t, "r.sse", events(cut...)))
	if out := mustGet(ex.Response, "output").Items(); len(out) != 2 || str(out[1], "arguments") != `{"city":` {
		t.Errorf("cut: output %v", out)
	}
	// Items after the final event, with no response.created before them: the
	// next response, whose start was not recorded, cut short; its call is kept.
	nocreated := append(append([]string{}, first...), second(evAdded), second(evDelta1), second(evDelta2), second(evItemDone))
	ex = one(t, mustLoad(t, "r.sse", events(nocreated...)))
	if out := mustGet(ex.Response, "output").Items(); len(out) != 2 || str(out[1], "call_id") != "call_2" || !strings.Contains(strings.Join(ex.Warnings, "|"), "the stream holds 2 responses") {
		t.Errorf("items after the final event: output %v, warnings %q", out, ex.Warnings)
	}
	again := append(append([]string{}, first...), evCreated)
	ex = one(t, mustLoad(t, "r.sse", events(again...)))
	if out := mustGet(ex.Response, "output").Items(); len(out) != 1 || len(ex.Warnings) != 0 {
		t.Errorf("a repeated created event: output %v, warnings %q", out, ex.Warnings)
	}
}
