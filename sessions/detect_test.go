package sessions

import (
	"os"
	"strings"
	"testing"
)

func TestDetect(t *testing.T) {
	bigCompletion := `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"` + strings.Repeat("x", 5000) + `"}}]}`
	cases := []struct {
		name, data string
		want       Format
	}{
		{"a.json", `{"object":"chat.completion","choices":[]}`, FormatChatCompletion},
		{"a.json", `{"role":"assistant","content":null,"tool_calls":[]}`, FormatChatMessage},
		{"a.json", `{"id":"resp_1","object":"response","output":[]}`, FormatResponsesResponse},
		{"a.json", `[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}]`, FormatOutputList},
		{"a.json", `[{"type":"function_call","call_id":"c","name":"f","arguments":"{}"}]`, FormatOutputList},
		{"a.json", `[]`, FormatOutputList},
		{"a.json", `{"error":{"message":"bad","type":"invalid_request_error","param":null,"code":null}}`, FormatErrorBody},
		{"a.json", `{"errors":[{"body":{"error":{"message":"x"}}},{"message_only":"y"}]}`, FormatErrorBody},
		{"a.sse", "data: {\"object\":\"chat.completion.chunk\",\"choices\":[]}\n\ndata: [DONE]\n", FormatChatSSE},
		{"a.sse", ": keep-alive\n\ndata: {\"object\":\"chat.completion.chunk\",\"choices\":[]}\n", FormatChatSSE},
		{"a.txt", "event: response.created\ndata: {\"type\":\"response.created\"}\n", FormatResponsesSSE},
		{"a.txt", "data: {\"type\":\"response.created\",\"response\":{}}\n", FormatResponsesSSE},
		{"a.jsonl", "{\"type\":\"response.created\",\"response\":{}}\n{\"type\":\"response.completed\",\"response\":{}}\n", FormatResponsesJSONL},
		{"a.jsonl", "{\"object\":\"chat.completion.chunk\",\"choices\":[]}\n{\"object\":\"chat.completion.chunk\",\"choices\":[]}\n", FormatChatJSONL},
		{"a.jsonl", "{\"request\":{},\"response\":{}}\n{\"request\":{},\"response\":{}}\n", FormatJSONLPairs},
		{"a.yaml", "interactions:\n- request:\n    uri: https://x/v1/responses\n  response:\n    status: {code: 200}\n", FormatVCRPy},
		{"a.yaml", "version: 2\ninteractions:\n- request:\n    url: https://x/v1/responses\n  response:\n    code: 200\n", FormatGoVCR},
		{"a.har", `{"log":{"version":"1.2","entries":[]}}`, FormatHAR},
		{"a", "httprr trace v1\n0 0\n", FormatHTTPRR},
		{"a.json", `{"strictscope_session": 1, "api": "chat", "turns": []}`, FormatSession},
		{"a.json", `{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}`, FormatToolList},
		{"a.json", `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`, FormatToolList},
		{"a.json", `[{"name":"t","description":"d","inputSchema":{}}]`, FormatToolList},
		{"a.json", `{"model":"gpt-4o","messages":[],"tools":[]}`, FormatUnknown},
		{"a.json", `{"hello":"world"}`, FormatUnknown},
		{"a.json", `42`, FormatUnknown},
		{"a.txt", "just text\n", FormatUnknown},
		{"a.json", "", FormatUnknown},
		{"a.json", "\xEF\xBB\xBF{\"object\":\"response\",\"output\":[]}", FormatResponsesResponse},
		// the beginning of a larger file, cut in the middle
		{"a.json", bigCompletion[:200], FormatChatCompletion},
		{"a.json", `{"strictscope_session": 1, "servers": [{"name": "w", "tools": [`, FormatSession},
		{"a.har", "{\n  \"log\": {\n    \"version\": \"1.2\",\n    \"entries\": [\n      {\"request\": {\"url\": \"https://", FormatHAR},
		{"a.yaml", "interactions:\n- request:\n    url: https://x/v1/responses\n    body: '{\"a\":", FormatGoVCR},
		// content first: a JSON completion named .har is still a completion
		{"a.har", `{"object":"chat.completion","choices":[]}`, FormatChatCompletion},
		// the name second: content that tells nothing
		{"trace.httprr", "{broken", FormatHTTPRR},
	}
	for _, c := range cases {
		if got := Detect(c.name, []byte(c.data)); got != c.want {
			t.Errorf("Detect(%s, %.60q) = %s, want %s", c.name, c.data, got, c.want)
		}
	}
}

func TestDetectTestdata(t *testing.T) {
	want := map[string]Format{
		"chat_two_choices.sse":    FormatChatSSE,
		"responses_truncated.sse": FormatResponsesSSE,
		"vcrpy_mixed.yaml":        FormatVCRPy,
		"govcr_v1.yaml":           FormatGoVCR,
		"mixed.har":               FormatHAR,
		"pairs.jsonl":             FormatJSONLPairs,
	}
	for name, f := range want {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if got := Detect(name, data); got != f {
			t.Errorf("%s: %s, want %s", name, got, f)
		}
		// Named otherwise, the content still decides.
		if got := Detect("renamed.bin", data); got != f {
			t.Errorf("%s renamed: %s, want %s", name, got, f)
		}
	}
}

// A bare array of OpenAI tool definitions is a tool list, not a list of calls:
// read as a recording it says what it is; a list of calls stays a list of calls.
func TestDetectOpenAIToolDefinitions(t *testing.T) {
	tests := []struct {
		name, doc string
		want      Format
	}{
		{"responses tool definitions", `[{"type":"function","name":"w","parameters":{"type":"object"}}]`, FormatToolList},
		{"chat tool definitions", `[{"type":"function","function":{"name":"w","parameters":{"type":"object"}}}]`, FormatToolList},
		{"chat tool definitions without parameters", `[{"type":"function","function":{"name":"w","description":"d"}}]`, FormatToolList},
		{"chat tool calls", `[{"id":"c","type":"function","function":{"name":"w","arguments":"{}"}}]`, FormatOutputList},
		{"chat tool calls without id", `[{"type":"function","function":{"name":"w","arguments":"{}"}}]`, FormatOutputList},
		{"responses calls", `[{"type":"function_call","call_id":"c","name":"w","arguments":"{}"}]`, FormatOutputList},
	}
	for _, tt := range tests {
		if got := Detect("x.json", []byte(tt.doc)); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
		if tt.want == FormatToolList {
			_, err := LoadRecording("x.json", []byte(tt.doc))
			if err == nil || !strings.Contains(err.Error(), "x.json: not a recording: this looks like an OpenAI tool list, not an MCP tool list") {
				t.Errorf("%s as a recording: %v", tt.name, err)
			}
		}
	}
}
