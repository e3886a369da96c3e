package adapter_test

import (
	"fmt"

	"github.com/strictscope/strictscope/adapter"
)

// weatherSet is a small tool set: one tool that converts, one that does not.
func weatherSet() *adapter.ToolSet {
	tools, _, err := adapter.ParseToolList(must(`{"tools": [
		{"name": "forecast", "description": "Forecast for a city.",
		 "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer", "default": 3}}, "required": ["city"]}},
		{"name": "raw", "inputSchema": {"type": "object", "additionalProperties": true}}
	]}`))
	if err != nil {
		panic(err)
	}
	return adapter.NewToolSet([]adapter.Server{{Name: "weather", Tools: tools}}, adapter.NameOptions{})
}

func ExampleParseToolList() {
	tools, warnings, err := adapter.ParseToolList(must(`{"jsonrpc": "2.0", "id": 1, "result": {"tools": [
		{"name": "ping", "description": null}
	]}}`))
	fmt.Println(len(tools), tools[0].Name, tools[0].InputSchema, err)
	fmt.Println(warnings)
	// Output:
	// 1 ping {"type":"object"} <nil>
	// [/result/tools/0: tool "ping" has no inputSchema; read as {"type":"object"}]
}

func ExampleToolListError_Error() {
	_, _, err := adapter.ParseToolList(must(`{"tools": [{"name": "ok"}, {"description": "no name"}]}`))
	fmt.Println(err)
	// Output:
	// /tools/1: this tool has no "name"
}

func ExampleNewToolSet() {
	set := adapter.NewToolSet([]adapter.Server{
		{Name: "files", Tools: []adapter.Tool{{Name: "read.file"}}},
		{Name: "files", Tools: []adapter.Tool{{Name: "read_file"}}},
	}, adapter.NameOptions{})
	for _, e := range set.Entries {
		fmt.Println(e.Exposed, e.Plain, e.Renamed)
	}
	// Output:
	// files__read_file files__read.file true
	// files__read_file_2 files__read_file true
}

func ExampleToolSet_Lookup() {
	set := weatherSet()
	e, ok := set.Lookup("weather__forecast")
	fmt.Println(e.Server, e.Tool.Name, ok)
	_, ok = set.Lookup("Weather__Forecast")
	fmt.Println(ok)
	// Output:
	// weather forecast true
	// false
}

func ExampleExposedName() {
	fmt.Println(adapter.ExposedName("my server", "get café", false))
	fmt.Println(adapter.ExposedName("my server", "get café", true))
	// Output:
	// my_server__get_caf_
	// get_caf_
}

func ExampleParseStrictMode() {
	m, ok := adapter.ParseStrictMode("auto")
	fmt.Println(m == adapter.StrictAuto, ok)
	_, ok = adapter.ParseStrictMode("yes")
	fmt.Println(ok)
	// Output:
	// true true
	// false
}

// Tools renders the tools parameter; with strict auto, a tool that does not
// convert falls back to its original schema with "strict": false.
func ExampleTools() {
	tools, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Responses})
	for _, t := range tools {
		fmt.Println(t)
	}
	fmt.Println(rep.Value())
	// Output:
	// {"type":"function","name":"weather__forecast","description":"Forecast for a city.","parameters":{"type":"object","properties":{"city":{"type":"string"},"days":{"type":["integer","null"],"description":"Default: 3."}},"required":["city","days"],"additionalProperties":false},"strict":true}
	// {"type":"function","name":"weather__raw","parameters":{"type":"object","additionalProperties":true},"strict":false}
	// {"null_paths":{"weather__forecast":[["days"]]},"fallbacks":[{"name":"weather__raw","path":[],"keyword":"additionalProperties","message":"strict mode needs \"additionalProperties\": false; an object open to other keys has no strict form, so declare its properties by name"}],"excluded":[],"notes":{"weather__forecast":{"dropped":[{"path":["properties","days","default"],"keyword":"default"}]}}}
}

// With strict true, a tool that does not convert is left out.
func ExampleTools_strictTrue() {
	tools, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Chat, Strict: adapter.StrictOn})
	fmt.Println(len(tools))
	for _, o := range rep.Outcomes {
		fmt.Println(o.Entry.Exposed, o.Status)
	}
	// Output:
	// 1
	// weather__forecast strict
	// weather__raw excluded
}

func ExampleToolOutcome_NullPaths() {
	_, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Chat})
	for _, o := range rep.Outcomes {
		fmt.Println(o.Entry.Exposed, adapter.PathsValue(o.NullPaths()))
	}
	// Output:
	// weather__forecast [["days"]]
	// weather__raw []
}

func ExampleToolsReport_Tools() {
	_, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Chat, Strict: adapter.StrictOff})
	for _, t := range rep.Tools() {
		fn, _ := t.Get("function")
		name, _ := fn.Get("name")
		strict, _ := fn.Get("strict")
		fmt.Println(name.Str(), strict)
	}
	// Output:
	// weather__forecast false
	// weather__raw false
}

func ExampleToolsReport_Lookup() {
	_, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Chat})
	o, _ := rep.Lookup("weather__raw")
	fmt.Println(o.Status, o.ConversionErr.Keyword, o.ConversionErr.Path)
	// Output:
	// fallback additionalProperties []
}

func ExampleToolsReport_Value() {
	_, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Chat, Strict: adapter.StrictOn})
	excluded, _ := rep.Value().Get("excluded")
	for _, e := range excluded.Items() {
		name, _ := e.Get("name")
		kw, _ := e.Get("keyword")
		fmt.Println(name.Str(), kw.Str())
	}
	// Output:
	// weather__raw additionalProperties
}

// Notes says what else the report knows of a tool: here the dropped default, and
// a description cut to a cap of 12 characters.
func ExampleToolOutcome_Notes() {
	_, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Chat, DescriptionCap: 12})
	o, _ := rep.Lookup("weather__forecast")
	fmt.Println(o.Notes())
	raw, _ := rep.Lookup("weather__raw")
	fmt.Println(raw.Notes())
	// Output:
	// {"truncated":true,"dropped":[{"path":["properties","days","default"],"keyword":"default"}]}
	// {}
}

func ExampleToolsReport_Sent() {
	_, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Chat, Strict: adapter.StrictOn})
	for _, t := range rep.Sent().List() {
		fmt.Println(t.Exposed, t.Strict, adapter.PathsValue(t.NullPaths))
	}
	// Output:
	// weather__forecast true [["days"]]
}

func ExampleNewSentTools() {
	sent := adapter.NewSentTools([]adapter.SentTool{
		{Exposed: "search", Strict: true, NullPaths: []adapter.Path{adapter.Keys("limit")}},
	})
	t, ok := sent.Lookup("search")
	fmt.Println(t.Exposed, ok)
	// Output:
	// search true
}

func ExampleSentTools_Lookup() {
	sent := adapter.NewSentTools([]adapter.SentTool{{Exposed: "search"}})
	_, ok := sent.Lookup("Search")
	fmt.Println(ok)
	// Output:
	// false
}

func ExampleSentTools_List() {
	sent := adapter.NewSentTools([]adapter.SentTool{{Exposed: "b"}, {Exposed: "a"}, {Exposed: "b"}})
	for _, t := range sent.List() {
		fmt.Print(t.Exposed, " ")
	}
	fmt.Println()
	// Output:
	// b a
}

func ExampleDefaultCallsOptions() {
	fmt.Printf("%q\n", adapter.DefaultCallsOptions().ErrorPrefix)
	// Output:
	// "Error: "
}

// ToolCalls extracts the calls of a response, strips the nulls strict mode made
// the model send, and answers the calls it cannot make.
func ExampleToolCalls() {
	_, rep := adapter.Tools(weatherSet(), adapter.ToolsOptions{API: adapter.Chat})
	response := must(`{"choices": [{"message": {"role": "assistant", "tool_calls": [
		{"id": "call_1", "type": "function", "function": {"name": "weather__forecast", "arguments": "{\"city\":\"Oslo\",\"days\":null}"}},
		{"id": "call_2", "type": "function", "function": {"name": "forecast", "arguments": "{}"}},
		{"id": "call_3", "type": "function", "function": {"name": "weather__forecast", "arguments": "{\"city\":"}}
	]}}]}`)
	x, err := adapter.ToolCalls(response, rep.Sent(), adapter.DefaultCallsOptions())
	if err != nil {
		panic(err)
	}
	for _, c := range x.Calls {
		fmt.Println(c.CallID, c.Name, c.Arguments, adapter.PathsValue(c.Stripped))
	}
	for _, r := range x.Rejected {
		fmt.Println(r.Output)
	}
	// Output:
	// call_1 weather__forecast {"city":"Oslo"} [["days"]]
	// {"role":"tool","tool_call_id":"call_2","content":"Error: unknown tool \"forecast\""}
	// {"role":"tool","tool_call_id":"call_3","content":"Error: arguments for tool \"weather__forecast\" are not a JSON object: unexpected end of input at byte 8"}
}

func ExampleExtracted_NextInput() {
	sent := adapter.NewSentTools([]adapter.SentTool{{Exposed: "echo"}})
	x, _ := adapter.ToolCalls(must(`{"output": [
		{"type": "function_call", "call_id": "a", "name": "nope", "arguments": "{}"},
		{"type": "function_call", "call_id": "b", "name": "echo", "arguments": "{\"s\":\"hi\"}"}
	]}`), sent, adapter.DefaultCallsOptions())
	outputs := []adapter.Value{must(`{"type":"function_call_output","call_id":"b","output":"hi"}`)}
	for _, item := range x.NextInput(outputs) {
		fmt.Println(item)
	}
	// Output:
	// {"type":"function_call_output","call_id":"a","output":"Error: unknown tool \"nope\""}
	// {"type":"function_call_output","call_id":"b","output":"hi"}
}

func ExampleResponseError_Error() {
	_, err := adapter.ToolCalls(must(`{"error": {"message": "Invalid schema for function 'x'"}}`), nil, adapter.DefaultCallsOptions())
	fmt.Println(err)
	// Output:
	// /error: this is an error body, not a response: Invalid schema for function 'x'
}
