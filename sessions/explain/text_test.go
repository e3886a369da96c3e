package explain

import (
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
)

// The message forms of the corpus's error bodies, one of each.
var realMessages = []struct{ message, kind string }{
	{"Invalid schema for function 'mysql_execute': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'params'.", "schema"},
	{"Invalid schema for function 'filesystem-set_permissions': In context=('properties', 'permissions'), 'additionalProperties' is required to be supplied and to be false.", "schema"},
	{"Invalid schema for function 'mcp_firecrawl_mcp_firecrawl_scrape': In context=('properties', 'url'), 'uri' is not a valid format.", "schema"},
	{"Invalid schema for function 'k8s_get_available_api_resources': In context=(), object schema missing properties.", "schema"},
	{"Invalid schema for function 'sendEmailTool': schema must be a JSON Schema of 'type: \"object\"', got 'type: \"string\"'.", "schema"},
	{"Invalid schema for response_format 'response': context=('properties', 'labels'), $ref cannot have keywords {'description'}", "schema"},
	{"Invalid schema for response_format 'structured_data': 6 levels of nesting exceeds limit of 5.", "schema"},
	{"Invalid JSON schema: regex lookaround is not supported. Found at $.properties.email.pattern.", "schema"},
	{"Invalid 'tools[13].function.description': string too long. Expected a string with maximum length 1024, but got a string with length 1103 instead.", "description"},
	{"Missing namespace for function_call 'create_widget'. It does not exist in the default namespace. Round-trip the model's function_call item with its namespace field included.", "namespace"},
	{"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_jJATmoUduQWxi4tRwcQjsodM", "pairing"},
	{"No tool output found for function call call_***.", "pairing"},
	{"No tool call found for function call output with call_id fcUdHXdv33lqE3HoR9P6yJNJ7.", "pairing"},
}

// TestParseErrorTextMessages: each real message form is read as a message, bare,
// between white space, and after the prefixes clients print.
func TestParseErrorTextMessages(t *testing.T) {
	for _, rm := range realMessages {
		for _, text := range []string{
			rm.message,
			"\n  " + rm.message + "\n",
			"Error: " + rm.message,
			"400 " + rm.message,
			"openai.BadRequestError: " + rm.message,
		} {
			body, ok := ParseErrorText(text)
			if !ok {
				t.Errorf("%q: not read as an error message", text)
				continue
			}
			ex := Error(body, nil)
			if ex.Message != rm.message || ex.Kind != rm.kind {
				t.Errorf("%q: message %q, kind %q (want %q)", text, ex.Message, ex.Kind, rm.kind)
			}
		}
	}
}

// TestParseErrorTextClientPrints: openai-python prints "Error code: 400 - " and the
// body as a Python dict; other clients the body as JSON. Message, param and code
// are read from either.
func TestParseErrorTextClientPrints(t *testing.T) {
	const msg = `Invalid schema for function 'get_x': In context=('properties', 'p'), 'default' is not permitted.`
	tests := []struct {
		name, text, param, code string
	}{
		{"openai-python", `openai.BadRequestError: Error code: 400 - {'error': {'message': "` + msg + `", 'type': 'invalid_request_error', 'param': 'tools[2].function.parameters', 'code': 'invalid_function_parameters'}}`, "tools[2].function.parameters", "invalid_function_parameters"},
		{"Python dict, param None", `Error code: 400 - {'error': {'message': "` + msg + `", 'type': 'invalid_request_error', 'param': None, 'code': None}}`, "", ""},
		{"Python dict alone", `{'error': {'message': "` + msg + `", 'param': 'tools[2].parameters'}}`, "tools[2].parameters", ""},
		{"JSON after a status", `Error code: 400 - {"error":{"message":"` + strings.ReplaceAll(msg, `"`, `\"`) + `","param":"tools[2].parameters","code":"invalid_json_schema"}}`, "tools[2].parameters", "invalid_json_schema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, ok := ParseErrorText(tt.text)
			if !ok {
				t.Fatal("not read")
			}
			ex := Error(body, nil)
			if ex.Message != msg || ex.Param != tt.param || ex.Code != tt.code || ex.Keyword != "default" {
				t.Errorf("message %q param %q code %q keyword %q", ex.Message, ex.Param, ex.Code, ex.Keyword)
			}
			if tt.param != "" && ex.ToolIndex != 2 {
				t.Errorf("tool index %d, want 2", ex.ToolIndex)
			}
		})
	}
}

// TestParseErrorTextRefused: text that is no error message about tools is refused,
// whatever it quotes further on.
func TestParseErrorTextRefused(t *testing.T) {
	for _, tt := range []struct{ name, text string }{
		{"passwd", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"},
		{"markdown naming a keyword", "# Notes\n\nThe API said 'additionalProperties' is not permitted.\n"},
		{"markdown quoting a message", "## Errors\n\nInvalid schema for function 'f': In context=(), 'allOf' is not permitted.\n"},
		{"a log line", "2026-01-02 10:00:00 ERROR Invalid schema for function 'f': In context=(), 'allOf' is not permitted."},
		{"empty", "  \n"},
		{"another error", "Rate limit reached for gpt-4o in organization org-x on tokens per min."},
		{"another Invalid", "Invalid 'messages[0].content': string too long."},
		{"a Python dict of another error", `Error code: 429 - {'error': {'message': 'Rate limit reached', 'code': 'rate_limit_exceeded'}}`},
		{"a Python dict without a message", `Error code: 400 - {'error': {'param': 'tools'}}`},
		{"JSON that is no error", `Error code: 400 - {"ok":true}`},
		{"a keyword alone", "'additionalProperties' is required to be supplied and to be false."},
	} {
		if body, ok := ParseErrorText(tt.text); ok {
			t.Errorf("%s: read as %s", tt.name, body)
		}
	}
}

// TestParseErrorTextCorpus: every message of the corpus's error collection reads as
// an error message when pasted as text.
func TestParseErrorTextCorpus(t *testing.T) {
	rec := loadCorpusErrors(t)
	n := 0
	for _, ex := range rec.Exchanges {
		e, _ := ex.Response.Get("error")
		m, _ := e.Get("message")
		if m.Kind() != adapter.String {
			continue
		}
		n++
		if _, ok := ParseErrorText(m.Str()); !ok {
			t.Errorf("%s: %q not read as an error message", ex.Label, m.Str())
		}
	}
	if n < 20 {
		t.Errorf("only %d messages in the corpus", n)
	}
}

// TestExplainSaysWhatIsSent: the advice says what is done with the tool in words,
// "the tool is sent as a fallback" for one that falls back, for each strict mode
// (docs/recordings.md#explaining-an-error).
func TestExplainSaysWhatIsSent(t *testing.T) {
	srv, _, err := sessions.LoadToolList(sessions.ToolSource{Server: "weather", Path: "../../fixtures/tools/weather.json"})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := adapter.DecodeString(`{"error":{"message":"Invalid schema for function 'weather__raw_query': In context=('properties', 'params'), 'oneOf' is not permitted."}}`)
	bodyStrict, _ := adapter.DecodeString(`{"error":{"message":"Invalid schema for function 'weather__get_forecast': In context=('properties', 'days'), 'default' is not permitted."}}`)
	for _, tt := range []struct {
		mode adapter.StrictMode
		body adapter.Value
		want string
	}{
		{adapter.StrictAuto, body, "In this run the tool is sent as a fallback."},
		{adapter.StrictOn, body, "In this run the tool is left out (excluded)."},
		{adapter.StrictOff, body, "In this run the tool is sent as written, not strict (--strict false)."},
		{adapter.StrictAuto, bodyStrict, "In this run the tool is sent strict."},
	} {
		_, rep := adapter.Tools(adapter.NewToolSet([]adapter.Server{srv}, adapter.NameOptions{}), adapter.ToolsOptions{API: adapter.Chat, Strict: tt.mode})
		ex := Error(tt.body, rep)
		if ex.Tool == nil {
			t.Fatalf("%s: tool not resolved", tt.mode)
		}
		all := strings.Join(ex.Advice, "\n")
		if ex.Advice[len(ex.Advice)-1] != tt.want {
			t.Errorf("%s: advice ends %q, want %q", tt.mode, ex.Advice[len(ex.Advice)-1], tt.want)
		}
		if ex.Tool.ConversionErr != nil && !strings.Contains(all, "With --strict auto the tool is sent as a fallback") {
			t.Errorf("%s: advice does not say the tool is sent as a fallback:\n%s", tt.mode, all)
		}
		for _, bad := range []string{"tool is fallback", "falls back", "tool is excluded.", "tool is strict."} {
			if strings.Contains(all, bad) {
				t.Errorf("%s: advice says %q:\n%s", tt.mode, bad, all)
			}
		}
	}
}

// FuzzParseErrorText holds ParseErrorText's promises for any text: no panic; a text
// it reads gives an error body whose message starts as a tool or schema message,
// and that message pasted alone reads as itself.
func FuzzParseErrorText(f *testing.F) {
	for _, rm := range realMessages {
		f.Add(rm.message)
	}
	f.Add(`openai.BadRequestError: Error code: 400 - {'error': {'message': "Invalid schema for function 'f': In context=(), 'allOf' is not permitted.", 'param': 'tools[0].parameters', 'code': None}}`)
	f.Add(`Error code: 400 - {"error":{"message":"Invalid JSON schema: x","param":"tools"}}`)
	f.Add("root:x:0:0:root:/root:/bin/bash\n")
	f.Add("Error code: 400 - {'error': {'message': 'Invalid 'tools[0]'")
	f.Fuzz(func(t *testing.T, text string) {
		body, ok := ParseErrorText(text)
		if !ok {
			return
		}
		e, _ := body.Get("error")
		m, _ := e.Get("message")
		if m.Kind() != adapter.String || !reToolMessage.MatchString(m.Str()) {
			t.Fatalf("%q: read as %s", text, body)
		}
		again, ok := ParseErrorText(m.Str())
		if !ok {
			t.Fatalf("%q: its message %q alone is not read", text, m.Str())
		}
		e2, _ := again.Get("error")
		if m2, _ := e2.Get("message"); m2.Str() != strings.TrimSpace(m.Str()) {
			t.Fatalf("%q: message %q reads as %q", text, m.Str(), m2.Str())
		}
	})
}
