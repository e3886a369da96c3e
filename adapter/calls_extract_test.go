package adapter

import (
	"errors"
	"strings"
	"testing"
)

// callTestTools is the tool set of the call tests: search (strict, with null paths), echo
// (no null paths) and a tool named "parallel" on a second set.
func callTestTools(t testing.TB) *SentTools {
	return NewSentTools([]SentTool{
		{Exposed: "search", Server: "srv", Tool: "search", Strict: true, NullPaths: pathList(t, `[["limit"],["tags",null,"k"]]`),
			InputSchema: jsonValue(t, `{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":"integer","default":10},"tags":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}}},"required":["q"]}`)},
		{Exposed: "echo", Server: "srv", Tool: "echo", InputSchema: jsonValue(t, `{"type":"object"}`)},
	})
}

// chatCallItem and responsesCallItem write one call item of each API.
func chatCallItem(id, name, args string) string {
	return `{"id":"` + id + `","type":"function","function":{"name":"` + name + `","arguments":` + args + `}}`
}

func responsesCallItem(id, name, args string) string {
	return `{"type":"function_call","id":"fc_` + id + `","call_id":"` + id + `","name":"` + name + `","arguments":` + args + `,"status":"completed"}`
}

type wantCall struct {
	id, name, args, stripped string
}

// TestToolCallsExtractsResolvesAndRejects: the calls of every response shape are
// taken out, resolved by exact name among the tools sent, their nulls stripped, and a
// call that cannot run is answered by a rejected output in the answered item's shape.
func TestToolCallsExtractsResolvesAndRejects(t *testing.T) {
	quoted := func(s string) string { return string(AppendQuoted(nil, s)) }
	chatRejected := func(id, text string) string {
		return `{"role":"tool","tool_call_id":"` + id + `","content":` + quoted(text) + `}`
	}
	respRejected := func(id, text string) string {
		return `{"type":"function_call_output","call_id":"` + id + `","output":` + quoted(text) + `}`
	}
	searchArgs := quoted(`{"q":"x","limit":null,"tags":[{"k":null},{"k":"a"}]}`)
	tests := []struct {
		name     string
		response string
		api      API
		calls    []wantCall
		rejected []string
		ignored  int
	}{
		{name: "Chat completion", api: Chat,
			response: `{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[` + chatCallItem("call_1", "search", searchArgs) + `]},"finish_reason":"tool_calls"}]}`,
			calls:    []wantCall{{"call_1", "search", `{"q":"x","tags":[{},{"k":"a"}]}`, `[["limit"],["tags",null,"k"]]`}}},
		{name: "Chat completion: only the first choice", api: Chat,
			response: `{"choices":[{"message":{"role":"assistant","tool_calls":[` + chatCallItem("a", "echo", `"{}"`) + `]}},{"message":{"role":"assistant","tool_calls":[` + chatCallItem("b", "echo", `"{}"`) + `]}}]}`,
			calls:    []wantCall{{"a", "echo", `{}`, `[]`}}},
		{name: "Chat completion without tool calls", api: Chat, response: `{"choices":[{"message":{"role":"assistant","content":"hi"}}]}`},
		{name: "Chat completion with null tool calls", api: Chat, response: `{"choices":[{"message":{"role":"assistant","content":"hi","tool_calls":null}}]}`},
		{name: "Chat completion without choices", api: Chat, response: `{"choices":[]}`},
		{name: "Chat assistant message", api: Chat,
			response: `{"role":"assistant","content":null,"tool_calls":[` + chatCallItem("call_1", "search", searchArgs) + `,` + chatCallItem("call_2", "echo", `"{\"z\":null}"`) + `]}`,
			calls:    []wantCall{{"call_1", "search", `{"q":"x","tags":[{},{"k":"a"}]}`, `[["limit"],["tags",null,"k"]]`}, {"call_2", "echo", `{"z":null}`, `[]`}}},
		{name: "Responses response", api: Responses,
			response: `{"id":"resp_1","object":"response","output":[{"type":"reasoning","id":"rs_1","summary":[]},` + responsesCallItem("call_9", "search", quoted(`{"q":"y","tags":[{"k":null}]}`)) + `,{"type":"message","id":"m","role":"assistant","content":[{"type":"output_text","text":"x"}]}]}`,
			calls:    []wantCall{{"call_9", "search", `{"q":"y","tags":[{}]}`, `[["tags",null,"k"]]`}}, ignored: 2},
		{name: "list of Chat tool_calls entries", api: Chat,
			response: `[` + chatCallItem("c1", "echo", `"{\"a\":1}"`) + `,` + chatCallItem("c2", "search", `"{\"q\":\"z\",\"limit\":null}"`) + `]`,
			calls:    []wantCall{{"c1", "echo", `{"a":1}`, `[]`}, {"c2", "search", `{"q":"z"}`, `[["limit"]]`}}},
		{name: "list of Responses output items", api: Responses,
			response: `[{"type":"reasoning","id":"r"},` + responsesCallItem("c1", "echo", `"{}"`) + `]`,
			calls:    []wantCall{{"c1", "echo", `{}`, `[]`}}, ignored: 1},
		{name: "empty list", api: "", response: `[]`},
		{name: "Chat custom tool calls ignored", api: Chat,
			response: `{"role":"assistant","tool_calls":[{"id":"x","type":"custom","custom":{"name":"search","input":"{}"}},` + chatCallItem("y", "echo", `"{}"`) + `]}`,
			calls:    []wantCall{{"y", "echo", `{}`, `[]`}}, ignored: 1},
		{name: "every Responses item that is not a function call is ignored", api: Responses,
			response: `{"output":[{"type":"custom_tool_call","call_id":"a","name":"search","input":"x"},{"type":"web_search_call","id":"w"},{"type":"file_search_call","id":"f"},{"type":"computer_call","id":"c"},{"type":"mcp_call","id":"m","name":"search"},{"type":"image_generation_call","id":"i"},{"type":"code_interpreter_call","id":"ci"},{"type":"message","role":"assistant","content":[]},{"type":"reasoning","id":"r"}]}`,
			ignored:  9},
		{name: "Chat id missing", api: Chat, response: `{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"echo","arguments":"{}"}}]}`,
			calls: []wantCall{{"", "echo", `{}`, `[]`}}},
		{name: "Responses call_id missing", api: Responses, response: `{"output":[{"type":"function_call","name":"echo","arguments":"{}"}]}`,
			calls: []wantCall{{"", "echo", `{}`, `[]`}}},
		{name: "empty arguments read as {}", api: Chat, response: `[` + chatCallItem("a", "echo", `""`) + `,` + chatCallItem("b", "echo", `" \n\t\r "`) + `]`,
			calls: []wantCall{{"a", "echo", `{}`, `[]`}, {"b", "echo", `{}`, `[]`}}},
		{name: "arguments given as an object are taken as they are", api: Responses,
			response: `[` + responsesCallItem("a", "search", `{"q":"x","limit":null}`) + `]`,
			calls:    []wantCall{{"a", "search", `{"q":"x"}`, `[["limit"]]`}}},
		{name: "arguments keep their order and numbers", api: Chat,
			response: `[` + chatCallItem("a", "echo", quoted(`{"z":1.0,"a":1e400,"m":[true,null]}`)) + `]`,
			calls:    []wantCall{{"a", "echo", `{"z":1.0,"a":1e400,"m":[true,null]}`, `[]`}}},

		// Rejected.
		{name: "unknown tool (Chat)", api: Chat, response: `[` + chatCallItem("call_1", "nope", `"{}"`) + `]`,
			rejected: []string{chatRejected("call_1", `Error: unknown tool "nope"`)}},
		{name: "unknown tool (Responses)", api: Responses, response: `[` + responsesCallItem("call_2", "nope", `"{}"`) + `]`,
			rejected: []string{respRejected("call_2", `Error: unknown tool "nope"`)}},
		{name: "names resolve case-sensitively", api: Chat, response: `[` + chatCallItem("c", "Search", `"{}"`) + `,` + chatCallItem("d", "search ", `"{}"`) + `,` + chatCallItem("e", "srv__search", `"{}"`) + `]`,
			rejected: []string{chatRejected("c", `Error: unknown tool "Search"`), chatRejected("d", `Error: unknown tool "search "`), chatRejected("e", `Error: unknown tool "srv__search"`)}},
		{name: "NAME is written unescaped", api: Chat, response: `[` + chatCallItem("c", `a\"b\\c\u00e9`, `"{}"`) + `]`,
			rejected: []string{chatRejected("c", `Error: unknown tool "a"b\cé"`)}},
		{name: "missing name", api: Responses, response: `[{"type":"function_call","call_id":"c","arguments":"{}"}]`,
			rejected: []string{respRejected("c", `Error: unknown tool ""`)}},
		{name: "calls and rejections keep the model's order", api: Responses,
			response: `{"output":[` + responsesCallItem("1", "nope", `"{}"`) + `,` + responsesCallItem("2", "echo", `"{}"`) + `,{"type":"reasoning"},` + responsesCallItem("3", "gone", `"{}"`) + `]}`,
			calls:    []wantCall{{"2", "echo", `{}`, `[]`}},
			rejected: []string{respRejected("1", `Error: unknown tool "nope"`), respRejected("3", `Error: unknown tool "gone"`)}, ignored: 1},
	}
	sent := callTestTools(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, err := ToolCalls(jsonValue(t, tt.response), sent, DefaultCallsOptions())
			if err != nil {
				t.Fatal(err)
			}
			if x.API != tt.api {
				t.Errorf("API = %q, want %q", x.API, tt.api)
			}
			if len(x.Calls) != len(tt.calls) {
				t.Fatalf("%d calls, want %d (rejected %v)", len(x.Calls), len(tt.calls), x.Rejected)
			}
			for i, c := range x.Calls {
				w := tt.calls[i]
				if c.CallID != w.id || c.Name != w.name || c.Arguments.String() != compactJSON(t, w.args) || pathsJSON(c.Stripped) != compactJSON(t, w.stripped) {
					t.Errorf("call %d = %q %q %s %s; want %q %q %s %s", i, c.CallID, c.Name, c.Arguments, pathsJSON(c.Stripped), w.id, w.name, w.args, w.stripped)
				}
				if c.Sent == nil || c.Sent.Exposed != w.name {
					t.Errorf("call %d sent tool = %+v", i, c.Sent)
				}
			}
			if len(x.Rejected) != len(tt.rejected) {
				t.Fatalf("%d rejected, want %d: %v", len(x.Rejected), len(tt.rejected), x.Rejected)
			}
			for i, r := range x.Rejected {
				if r.Output.String() != compactJSON(t, tt.rejected[i]) {
					t.Errorf("rejected %d\n got %s\nwant %s", i, r.Output, compactJSON(t, tt.rejected[i]))
				}
			}
			if len(x.Ignored) != tt.ignored {
				t.Errorf("%d ignored, want %d", len(x.Ignored), tt.ignored)
			}
			if len(x.Order) != len(x.Calls)+len(x.Rejected) {
				t.Errorf("order %v", x.Order)
			}
		})
	}

	t.Run("next input in the order of the calls", func(t *testing.T) {
		x, _ := ToolCalls(jsonValue(t, `{"output":[`+responsesCallItem("1", "nope", `"{}"`)+`,`+responsesCallItem("2", "echo", `"{}"`)+`,`+responsesCallItem("3", "echo", `"[]"`)+`,`+responsesCallItem("4", "search", `"{}"`)+`]}`), sent, DefaultCallsOptions())
		outputs := []Value{StringValue("out 2"), StringValue("out 4")}
		var texts []string
		for _, v := range x.NextInput(outputs) {
			if v.Kind() == String {
				texts = append(texts, v.Str())
				continue
			}
			o, _ := v.Get("output")
			id, _ := v.Get("call_id")
			texts = append(texts, id.Str()+":"+strings.SplitN(o.Str(), ":", 2)[0])
		}
		if got := strings.Join(texts, "|"); got != "1:Error|out 2|3:Error|out 4" {
			t.Errorf("NextInput = %s", got)
		}
	})

	// Arguments that are not a JSON object: no call, a rejected output whose text
	// names the tool and says why.
	notObject := []struct {
		name   string
		args   string // the JSON of the arguments member; "" for none
		detail string // a part of the detail
	}{
		{"missing arguments", "", "no arguments"},
		{"invalid JSON", quoted(`{"q":`), "end of input"},
		{"invalid JSON in the middle", quoted(`{"q" "x"}`), "invalid character"},
		{"trailing text", quoted(`{} x`), "invalid character"},
		{"two objects", quoted(`{}{}`), "more than one JSON value"},
		{"duplicate keys", quoted(`{"q":"a","q":"b"}`), "duplicate key"},
		{"nested duplicate keys", quoted(`{"o":{"k":1,"k":1}}`), "duplicate key"},
		{"an array", quoted(`[{"q":"x"}]`), "array"},
		{"a JSON string", quoted(`"{}"`), "string"},
		{"a number", quoted(`5`), "number"},
		{"JSON null", quoted(`null`), "null"},
		{"JSON true", quoted(`true`), "boolean"},
		{"byte-order mark", quoted("\uFEFF{}"), "byte-order mark"},
		{"byte-order mark after space", quoted(" \uFEFF{}"), "invalid character"},
		{"lone high surrogate", `"{\"q\":\"\\ud800\"}"`, "surrogate"},
		{"lone low surrogate", `"{\"q\":\"\\udfff x\"}"`, "surrogate"},
		{"arguments value a number", `5`, "number"},
		{"arguments value an array", `[]`, "array"},
		{"arguments value null", `null`, "null"},
		{"arguments value true", `true`, "boolean"},
	}
	for _, api := range []API{Chat, Responses} {
		for _, tt := range notObject {
			t.Run(string(api)+"/not an object/"+tt.name, func(t *testing.T) {
				var item string
				if api == Chat {
					item = `{"id":"c1","type":"function","function":{"name":"search"` + map[bool]string{true: `,"arguments":` + tt.args, false: ``}[tt.args != ""] + `}}`
				} else {
					item = `{"type":"function_call","call_id":"c1","name":"search"` + map[bool]string{true: `,"arguments":` + tt.args, false: ``}[tt.args != ""] + `}`
				}
				x, err := ToolCalls(jsonValue(t, `[`+item+`]`), sent, DefaultCallsOptions())
				if err != nil {
					t.Fatal(err)
				}
				if len(x.Calls) != 0 || len(x.Rejected) != 1 {
					t.Fatalf("calls %d, rejected %d", len(x.Calls), len(x.Rejected))
				}
				r := x.Rejected[0]
				const prefix = `Error: arguments for tool "search" are not a JSON object: `
				var text, id Value
				if api == Chat {
					text, _ = r.Output.Get("content")
					id, _ = r.Output.Get("tool_call_id")
					if r.Output.Members()[0].Key() != "role" {
						t.Errorf("not a Chat tool message: %s", r.Output)
					}
				} else {
					text, _ = r.Output.Get("output")
					id, _ = r.Output.Get("call_id")
					if typ, _ := r.Output.Get("type"); typ.Str() != "function_call_output" {
						t.Errorf("not a function_call_output: %s", r.Output)
					}
				}
				if id.Str() != "c1" || r.Output.Len() != 3 {
					t.Errorf("output = %s", r.Output)
				}
				detail, ok := strings.CutPrefix(text.Str(), prefix)
				if !ok || !strings.Contains(detail, tt.detail) {
					t.Errorf("text %q, want %q then %q", text.Str(), prefix, tt.detail)
				}
				if r.Reason != strings.TrimPrefix(text.Str(), "Error: ") || r.Name != "search" || r.CallID != "c1" {
					t.Errorf("rejection = %+v", r)
				}
			})
		}
	}

	t.Run("parallel wrapper", func(t *testing.T) {
		for _, name := range []string{"multi_tool_use.parallel", "parallel"} {
			for _, api := range []API{Chat, Responses} {
				item := chatCallItem("p", name, quoted(`{"tool_uses":[{"recipient_name":"functions.search","parameters":{"q":"x"}}]}`))
				if api == Responses {
					item = responsesCallItem("p", name, quoted(`{"tool_uses":[]}`))
				}
				x, _ := ToolCalls(jsonValue(t, `[`+item+`]`), sent, DefaultCallsOptions())
				if len(x.Calls) != 0 || len(x.Rejected) != 1 {
					t.Fatalf("%s %s: calls %d, rejected %d", api, name, len(x.Calls), len(x.Rejected))
				}
				text := x.Rejected[0].Output.Members()[2].Value().Str()
				if !strings.HasPrefix(text, `Error: "`+name+`" is not a tool`) || !strings.Contains(text, "call each tool directly") {
					t.Errorf("%s %s: %q", api, name, text)
				}
			}
		}
		withParallel := NewSentTools([]SentTool{{Exposed: "parallel", Tool: "parallel"}})
		x, _ := ToolCalls(jsonValue(t, `[`+chatCallItem("p", "parallel", `"{}"`)+`]`), withParallel, DefaultCallsOptions())
		if len(x.Calls) != 1 {
			t.Errorf("a tool named parallel was not called: %+v", x.Rejected)
		}
	})

	t.Run("a tool excluded under strict true is unknown", func(t *testing.T) {
		set := NewToolSet([]Server{{Name: "s", Tools: []Tool{
			{Name: "ok", InputSchema: jsonValue(t, `{"type":"object","properties":{"a":{"type":"string"}}}`)},
			{Name: "bad", InputSchema: jsonValue(t, `{"type":"object","properties":{"a":{"oneOf":[]}}}`)}}}}, NameOptions{})
		_, rep := Tools(set, ToolsOptions{API: Chat, Strict: StrictOn})
		x, _ := ToolCalls(jsonValue(t, `[`+chatCallItem("1", "s__bad", `"{}"`)+`,`+chatCallItem("2", "s__ok", `"{\"a\":null}"`)+`]`), rep.Sent(), DefaultCallsOptions())
		if len(x.Rejected) != 1 || x.Rejected[0].Output.String() != chatRejected("1", `Error: unknown tool "s__bad"`) {
			t.Errorf("rejected = %+v", x.Rejected)
		}
		if len(x.Calls) != 1 || x.Calls[0].Arguments.String() != `{}` || pathsJSON(x.Calls[0].Stripped) != `[["a"]]` || x.Calls[0].Sent.Tool != "ok" {
			t.Errorf("calls = %+v", x.Calls)
		}
		_, auto := Tools(set, ToolsOptions{API: Chat})
		x, _ = ToolCalls(jsonValue(t, `[`+chatCallItem("1", "s__bad", `"{\"a\":null}"`)+`]`), auto.Sent(), DefaultCallsOptions())
		if len(x.Calls) != 1 || x.Calls[0].Arguments.String() != `{"a":null}` {
			t.Errorf("fallback call = %+v", x.Calls)
		}
	})

	t.Run("error prefix option", func(t *testing.T) {
		x, _ := ToolCalls(jsonValue(t, `[`+responsesCallItem("1", "nope", `"{}"`)+`]`), sent, CallsOptions{ErrorPrefix: "Oops: "})
		if got := x.Rejected[0].Output.String(); got != respRejected("1", `Oops: unknown tool "nope"`) {
			t.Errorf("output = %s", got)
		}
		if DefaultCallsOptions().ErrorPrefix != "Error: " {
			t.Error("default prefix")
		}
	})

	t.Run("defaults applied", func(t *testing.T) {
		opts := DefaultCallsOptions()
		opts.ApplyDefaults = true
		x, _ := ToolCalls(jsonValue(t, `[`+chatCallItem("1", "search", searchArgs)+`]`), sent, opts)
		c := x.Calls[0]
		if c.Arguments.String() != `{"q":"x","limit":10,"tags":[{},{"k":"a"}]}` || pathsJSON(c.Defaulted) != `[["limit"]]` || pathsJSON(c.Stripped) != `[["limit"],["tags",null,"k"]]` {
			t.Errorf("call = %s %s %s", c.Arguments, pathsJSON(c.Defaulted), pathsJSON(c.Stripped))
		}
		if c.Decoded.String() != `{"q":"x","limit":null,"tags":[{"k":null},{"k":"a"}]}` || c.RawText != `{"q":"x","limit":null,"tags":[{"k":null},{"k":"a"}]}` {
			t.Errorf("decoded = %s, raw %q", c.Decoded, c.RawText)
		}
	})

	bad := []struct {
		name     string
		response string
		msg      string
	}{
		{"an error body", `{"error":{"message":"Invalid schema for function 'x'","type":"invalid_request_error"}}`, "Invalid schema"},
		{"some object", `{"foo":1}`, "not a response"},
		{"a string", `"x"`, "not a response"},
		{"choices not an array", `{"choices":{}}`, "choices"},
		{"first choice without message", `{"choices":[{"index":0}]}`, "message"},
		{"output not an array", `{"output":"x"}`, "output"},
		{"tool_calls not an array", `{"role":"assistant","tool_calls":{}}`, "tool_calls"},
		{"a Chat entry without function", `{"role":"assistant","tool_calls":[{"id":"x","type":"function"}]}`, "function"},
		// A bare list says its API only through its items: type "function" is a
		// Chat tool call's type (a Responses item's is "function_call").
		{"a bare Chat entry without function", `[{"id":"x","type":"function"}]`, "a Chat tool call needs a \"function\" object"},
		{"a bare Chat entry without function, then a Responses item", `[{"id":"x","type":"function"},{"type":"message"}]`, "a Chat tool call needs a \"function\" object"},
		{"an item that is not an object", `{"output":[5]}`, "object"},
	}
	for _, tt := range bad {
		t.Run("not a response/"+tt.name, func(t *testing.T) {
			_, err := ToolCalls(jsonValue(t, tt.response), sent, DefaultCallsOptions())
			var re *ResponseError
			if !errors.As(err, &re) || !strings.Contains(re.Error(), tt.msg) {
				t.Errorf("error = %v, want a *ResponseError saying %q", err, tt.msg)
			}
		})
	}

	t.Run("sent tools", func(t *testing.T) {
		s := NewSentTools([]SentTool{{Exposed: "a", Tool: "one"}, {Exposed: "b"}, {Exposed: "a", Tool: "two"}})
		if len(s.List()) != 2 {
			t.Errorf("List = %d tools", len(s.List()))
		}
		if a, _ := s.Lookup("a"); a.Tool != "one" {
			t.Errorf("the later duplicate won: %+v", a)
		}
		var none *SentTools
		if _, ok := none.Lookup("a"); ok || none.List() != nil {
			t.Error("nil SentTools")
		}
		x, err := ToolCalls(jsonValue(t, `[`+chatCallItem("1", "a", `"{}"`)+`]`), none, DefaultCallsOptions())
		if err != nil || len(x.Rejected) != 1 {
			t.Errorf("with no tools: %v %v", x, err)
		}
	})
}

// CallsOptions.OutputAPI writes rejected outputs for the API asked, whatever the
// answered item's shape; empty keeps the item's own.
func TestRejectedOutputForAnotherAPI(t *testing.T) {
	chat := `{"choices":[{"message":{"role":"assistant","tool_calls":[` + chatCallItem("c1", "nope", `"{}"`) + `]}}]}`
	resp := `{"output":[` + responsesCallItem("c1", "nope", `"{}"`) + `]}`
	tests := []struct {
		name     string
		response string
		out      API
		want     string
	}{
		{"chat item, own API", chat, "", `{"role":"tool","tool_call_id":"c1","content":"Error: unknown tool \"nope\""}`},
		{"chat item, rendered for responses", chat, Responses, `{"type":"function_call_output","call_id":"c1","output":"Error: unknown tool \"nope\""}`},
		{"responses item, own API", resp, "", `{"type":"function_call_output","call_id":"c1","output":"Error: unknown tool \"nope\""}`},
		{"responses item, rendered for chat", resp, Chat, `{"role":"tool","tool_call_id":"c1","content":"Error: unknown tool \"nope\""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := DefaultCallsOptions()
			opts.OutputAPI = tt.out
			x, err := ToolCalls(jsonValue(t, tt.response), callTestTools(t), opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(x.Rejected) != 1 {
				t.Fatalf("%d rejected, want 1", len(x.Rejected))
			}
			if got := x.Rejected[0].Output.String(); got != tt.want {
				t.Errorf("rejected output\n got %s\nwant %s", got, tt.want)
			}
			if x.Rejected[0].API != x.API {
				t.Errorf("Rejection.API %q, want the item's own %q", x.Rejected[0].API, x.API)
			}
		})
	}
}
