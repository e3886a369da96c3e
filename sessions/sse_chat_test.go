package sessions

import (
	"os"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// mustLoad loads text as a file named name and fails the test on error.
func mustLoad(t *testing.T, name, text string) *Recording {
	t.Helper()
	rec, err := LoadRecording(name, []byte(text))
	if err != nil {
		t.Fatalf("LoadRecording(%s): %v", name, err)
	}
	return rec
}

// one returns the only exchange of a recording.
func one(t *testing.T, rec *Recording) Exchange {
	t.Helper()
	if len(rec.Exchanges) != 1 {
		t.Fatalf("%d exchanges, want 1", len(rec.Exchanges))
	}
	return rec.Exchanges[0]
}

// compact re-encodes JSON text compactly, for comparing with a Value.
func compact(t *testing.T, s string) string {
	t.Helper()
	v, err := adapter.DecodeString(s)
	if err != nil {
		t.Fatalf("bad expected JSON: %v", err)
	}
	return v.String()
}

func hasWarning(ws []string, part string) bool {
	for _, w := range ws {
		if strings.Contains(w, part) {
			return true
		}
	}
	return false
}

// sse writes chunks as an SSE stream, each "data: CHUNK" and a blank line.
func sse(chunks ...string) string {
	var sb strings.Builder
	for _, c := range chunks {
		sb.WriteString("data: " + c + "\n\n")
	}
	return sb.String()
}

func TestChatSSEMerge(t *testing.T) {
	data, err := os.ReadFile("testdata/chat_two_choices.sse")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := LoadRecording("chat_two_choices.sse", data)
	if err != nil {
		t.Fatal(err)
	}
	ex := one(t, rec)
	if rec.Format != FormatChatSSE || ex.API != adapter.Chat || !ex.Streamed || len(ex.Warnings) != 0 || len(rec.Warnings) != 0 {
		t.Errorf("format %s api %s streamed %v warnings %q %q", rec.Format, ex.API, ex.Streamed, ex.Warnings, rec.Warnings)
	}
	// Calls come out in index order whatever order their fragments came in; the
	// second choice's text adds up; obfuscation is gone; usage is kept.
	want := compact(t, `{"id":"chatcmpl-t1","object":"chat.completion","created":1,"model":"m","choices":[
		{"index":0,"message":{"role":"assistant","content":null,"refusal":null,"tool_calls":[
			{"id":"call_a","type":"function","function":{"name":"alpha","arguments":"{\"x\":1}"}},
			{"id":"call_b","type":"function","function":{"name":"beta","arguments":"{}"}}]},"finish_reason":"tool_calls"},
		{"index":1,"message":{"role":"assistant","content":"Hello","refusal":null},"finish_reason":"stop"}],
		"usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}`)
	if got := ex.Response.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestChatSSEFragmentsWithoutIndex(t *testing.T) {
	// Some OpenAI-compatible servers omit index: a fragment continues the last call
	// unless it brings a new id.
	text := sse(
		`{"id":"c","object":"chat.completion.chunk","choices":[{"delta":{"tool_calls":[{"id":"call_1","function":{"name":"one","arguments":"{\"a\""}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"delta":{"tool_calls":[{"function":{"arguments":":1}"}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"delta":{"tool_calls":[{"id":"call_2","function":{"name":"two","arguments":"{}"}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"delta":{},"finish_reason":"tool_calls"}]}`,
		`[DONE]`,
	)
	ex := one(t, mustLoad(t, "s.sse", text))
	calls := mustGet(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "tool_calls")
	want := compact(t, `[{"id":"call_1","type":"function","function":{"name":"one","arguments":"{\"a\":1}"}},{"id":"call_2","type":"function","function":{"name":"two","arguments":"{}"}}]`)
	if calls.String() != want {
		t.Errorf("got %s", calls)
	}
}

func TestChatSSESetOnce(t *testing.T) {
	// id, type and name are set by the first fragment that has them; later ones
	// (vLLM repeats the id in every fragment) do not overwrite them, arguments
	// always append.
	text := sse(
		`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"first","arguments":"{"}}]}}]}`,
		`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"other","function":{"name":"second","arguments":"}"}}]},"finish_reason":"tool_calls"}]}`,
		`[DONE]`,
	)
	ex := one(t, mustLoad(t, "s.sse", text))
	if got := callNames(ex.Response); len(got) != 1 || got[0] != "first" {
		t.Errorf("names %q", got)
	}
	call := mustGet(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "tool_calls").Items()[0]
	if str(call, "id") != "call_1" || str(call, "type") != "function" || str(mustGet(call, "function"), "arguments") != "{}" {
		t.Errorf("call %s", call)
	}
}

// TestChatSSEIndexReused: a fragment that brings an id other than the one of the
// call at its index starts a new call (Ollama gives every parallel call index 0),
// in both ways of reading a stream, with one warning.
func TestChatSSEIndexReused(t *testing.T) {
	text := sse(
		`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_A","type":"function","function":{"name":"w__t","arguments":"{\"tz\":"}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"A\"}"}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_B","type":"function","function":{"name":"w__t","arguments":"{\"tz\":\"B\"}"}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_C","type":"function","function":{"name":"w__u","arguments":"{}"}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
		`[DONE]`,
	)
	want := compact(t, `[{"id":"call_A","type":"function","function":{"name":"w__t","arguments":"{\"tz\":\"A\"}"}},
		{"id":"call_B","type":"function","function":{"name":"w__t","arguments":"{\"tz\":\"B\"}"}},
		{"id":"call_C","type":"function","function":{"name":"w__u","arguments":"{}"}}]`)
	for _, slow := range []bool{false, true} {
		ex, ferr := loadStreamWay(t, []byte(text), true, slow)
		if ferr != nil {
			t.Fatalf("slow %v: %v", slow, ferr.msg)
		}
		calls := mustGet(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "tool_calls")
		if calls.String() != want {
			t.Errorf("slow %v: calls %s\nwant %s", slow, calls, want)
		}
		if !hasWarning(ex.Warnings, "choice 0: 2 calls came at a tool-call index an earlier call had") || len(ex.Warnings) != 1 {
			t.Errorf("slow %v: warnings %q", slow, ex.Warnings)
		}
	}
}

func TestChatSSECustomToolCall(t *testing.T) {
	text := sse(
		`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_c","type":"custom","custom":{"name":"sql","input":"SELECT "}}]}}]}`,
		`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"custom":{"input":"1"}}]},"finish_reason":"tool_calls"}]}`,
		`[DONE]`,
	)
	ex := one(t, mustLoad(t, "s.sse", text))
	call := mustGet(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "tool_calls").Items()[0]
	want := `{"id":"call_c","type":"custom","custom":{"name":"sql","input":"SELECT 1"}}`
	if call.String() != want {
		t.Errorf("got %s", call)
	}
	if got := callNames(ex.Response); len(got) != 0 {
		t.Errorf("a custom call counted as a function call: %q", got)
	}
}

func TestChatSSETruncated(t *testing.T) {
	// Cut in the middle of the third chunk's line.
	full := sse(
		`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":""}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":"}}]}}]}`,
		`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Paris\"}"}}]}}]}`,
	)
	cut := full[:len(full)-40]
	rec := mustLoad(t, "cut.sse", cut)
	ex := one(t, rec)
	if !hasWarning(ex.Warnings, "stream ends before [DONE]") || !hasWarning(ex.Warnings, "line 5") {
		t.Errorf("warnings %q", ex.Warnings)
	}
	call := mustGet(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "tool_calls").Items()[0]
	if got := str(mustGet(call, "function"), "arguments"); got != `{"city":` {
		t.Errorf("arguments as far as they go: %q", got)
	}
	if fr := mustGet(mustGet(ex.Response, "choices").Items()[0], "finish_reason"); !fr.IsNull() {
		t.Errorf("finish_reason %s", fr)
	}
}

func TestChatSSENoDone(t *testing.T) {
	text := sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}`)
	ex := one(t, mustLoad(t, "s.sse", text))
	if !hasWarning(ex.Warnings, "stream ends before [DONE]: loaded as far as it goes") {
		t.Errorf("warnings %q", ex.Warnings)
	}
	// The same chunks as JSONL, where [DONE] is not expected: no warning.
	jsonl := `{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}` + "\n" +
		`{"object":"chat.completion.chunk","choices":[],"usage":{"total_tokens":1}}` + "\n"
	rec := mustLoad(t, "s.jsonl", jsonl)
	ex = one(t, rec)
	if rec.Format != FormatChatJSONL || len(ex.Warnings) != 0 {
		t.Errorf("format %s warnings %q", rec.Format, ex.Warnings)
	}
}

func TestChatSSEWithoutBlankLines(t *testing.T) {
	text := "data: " + `{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"a"}}]}` + "\n" +
		"data: " + `{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}` + "\n" +
		"data: [DONE]\n"
	ex := one(t, mustLoad(t, "s.sse", text))
	msg := mustGet(mustGet(ex.Response, "choices").Items()[0], "message")
	if str(msg, "content") != "ab" || len(ex.Warnings) != 0 {
		t.Errorf("content %s warnings %q", msg, ex.Warnings)
	}
}

func TestChatSSEMultiLineData(t *testing.T) {
	// One event whose JSON is split over two data lines (allowed by SSE).
	text := "data: {\"object\":\"chat.completion.chunk\",\n" +
		"data: \"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}]}\n\n" +
		"data: [DONE]\n\n"
	ex := one(t, mustLoad(t, "s.sse", text))
	if str(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "content") != "x" || len(ex.Warnings) != 0 {
		t.Errorf("got %s %q", ex.Response, ex.Warnings)
	}
}

func TestChatSSEErrorEvent(t *testing.T) {
	// An error before any chunk is the response.
	ex := one(t, mustLoad(t, "e.sse", sse(`{"error":{"message":"The server is overloaded","type":"server_error"}}`)))
	if ex.Response.String() != `{"error":{"message":"The server is overloaded","type":"server_error"}}` {
		t.Errorf("got %s", ex.Response)
	}
	// After chunks it is a warning; the chunks still load.
	text := sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"par"}}]}`,
		`{"error":{"message":"The server is overloaded"}}`)
	ex = one(t, mustLoad(t, "e.sse", text))
	if !hasWarning(ex.Warnings, "The server is overloaded") || str(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "content") != "par" {
		t.Errorf("got %s %q", ex.Response, ex.Warnings)
	}
}

func TestChatSSEBadEventSkipped(t *testing.T) {
	text := sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"a"}}]}`,
		`{not json`,
		`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}`,
		`[DONE]`)
	ex := one(t, mustLoad(t, "s.sse", text))
	if str(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "content") != "ab" {
		t.Errorf("got %s", ex.Response)
	}
	if !hasWarning(ex.Warnings, "line 3: event is not valid JSON") || hasWarning(ex.Warnings, "stream ends") {
		t.Errorf("warnings %q", ex.Warnings)
	}
}

func TestChatSSEEmptyContentIsNull(t *testing.T) {
	text := sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null,"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}`, `[DONE]`)
	ex := one(t, mustLoad(t, "s.sse", text))
	msg := mustGet(mustGet(ex.Response, "choices").Items()[0], "message")
	if c, _ := msg.Get("content"); !c.IsNull() {
		t.Errorf("content %s", c)
	}
}
