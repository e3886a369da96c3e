package adapter

import (
	"errors"
	"strings"
	"testing"
)

// TestToolListOpenAIShape: a list of OpenAI tools is refused with a message that
// says what it is and what to give instead; a list that is not one by the rule of
// ParseToolList loads as MCP tools (docs/tool-lists.md#warnings-and-refusals).
func TestToolListOpenAIShape(t *testing.T) {
	const respTool = `{"type":"function","name":"get_weather","description":"d","parameters":{"type":"object","properties":{"city":{"type":"string"}}},"strict":true}`
	const chatTool = `{"type":"function","function":{"name":"get_weather","parameters":{"type":"object","properties":{}}}}`
	refused := []struct {
		name string
		doc  string
		path string
	}{
		{"Responses tools under tools", `{"tools":[` + respTool + `]}`, "/tools"},
		{"Responses tools as a bare array", `[` + respTool + `,` + respTool + `]`, ""},
		{"Chat tools under tools", `{"tools":[` + chatTool + `]}`, "/tools"},
		{"Chat tools as a bare array", `[` + chatTool + `]`, ""},
		{"both shapes mixed", `[` + chatTool + `,` + respTool + `]`, ""},
		{"a Chat tool without parameters", `[{"type":"function","function":{"name":"f"}}]`, ""},
		{"a JSON-RPC result holding them", `{"jsonrpc":"2.0","id":1,"result":{"tools":[` + respTool + `]}}`, "/result/tools"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParseToolList(jsonValue(t, tt.doc))
			var te *ToolListError
			if !errors.As(err, &te) {
				t.Fatalf("err = %v, want a ToolListError", err)
			}
			if te.Path.Pointer() != tt.path {
				t.Errorf("path %q, want %q", te.Path.Pointer(), tt.path)
			}
			for _, want := range []string{"this looks like an OpenAI tool list, not an MCP tool list", "inputSchema", "converts MCP tool lists to OpenAI tools", "tools/list"} {
				if !strings.Contains(te.Msg, want) {
					t.Errorf("message %q lacks %q", te.Msg, want)
				}
			}
		})
	}
	loaded := []struct {
		name string
		doc  string
	}{
		{"an MCP tool with type function and an inputSchema", `[{"type":"function","name":"f","parameters":{},"inputSchema":{"type":"object"}}]`},
		{"one MCP tool among OpenAI tools", `[` + respTool + `,{"name":"g","inputSchema":{"type":"object"}}]`},
		{"type function without parameters or function", `[{"type":"function","name":"f"}]`},
		{"parameters without type function", `[{"name":"f","parameters":{"type":"object"}}]`},
		{"another type", `[{"type":"custom","name":"f","parameters":{}}]`},
		{"an empty list", `{"tools":[]}`},
	}
	for _, tt := range loaded {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := ParseToolList(jsonValue(t, tt.doc)); err != nil {
				t.Errorf("err = %v, want the list loaded", err)
			}
		})
	}
}

// TestToolListDuplicateNames: a name listed more than once gives one warning, at
// its second tool, with the count; every tool is kept
// (docs/tool-lists.md#warnings-and-refusals).
func TestToolListDuplicateNames(t *testing.T) {
	const s = `"inputSchema":{"type":"object"}`
	tests := []struct {
		name  string
		doc   string
		tools int
		warns []string
	}{
		{"unique names", `{"tools":[{"name":"a",` + s + `},{"name":"b",` + s + `}]}`, 2, nil},
		{"a name twice", `{"tools":[{"name":"a",` + s + `},{"name":"b",` + s + `},{"name":"a",` + s + `}]}`, 3,
			[]string{`/tools/2: tool "a" is listed 2 times; `}},
		{"two names, one three times", `[{"name":"b",` + s + `},{"name":"a",` + s + `},{"name":"a",` + s + `},{"name":"b",` + s + `},{"name":"a",` + s + `}]`, 5,
			[]string{`/2: tool "a" is listed 3 times; `, `/3: tool "b" is listed 2 times; `}},
		{"names differing in case are different", `[{"name":"a",` + s + `},{"name":"A",` + s + `}]`, 2, nil},
		{"after the missing-inputSchema warnings", `[{"name":"a"},{"name":"a",` + s + `}]`, 2,
			[]string{`/0: tool "a" has no inputSchema`, `/1: tool "a" is listed 2 times; `}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools, warns, err := ParseToolList(jsonValue(t, tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if len(tools) != tt.tools {
				t.Errorf("%d tools, want %d", len(tools), tt.tools)
			}
			if len(warns) != len(tt.warns) {
				t.Fatalf("warnings %q, want %d", warns, len(tt.warns))
			}
			for i, w := range tt.warns {
				if !strings.HasPrefix(warns[i], w) {
					t.Errorf("warning %d = %q, want it to start with %q", i, warns[i], w)
				}
				if strings.Contains(w, "listed") && !strings.Contains(warns[i], "must be unique") {
					t.Errorf("warning %d = %q does not say names must be unique", i, warns[i])
				}
			}
		})
	}
}

// A tool of an MCP list that carries its schema as "parameters", as OpenAI tools
// do, is read without a schema, and the warning says its parameters are not read.
func TestToolListParametersNotRead(t *testing.T) {
	doc := jsonValue(t, `{"tools":[{"name":"mcp","inputSchema":{"type":"object"}},{"type":"function","name":"oai","parameters":{"type":"object","properties":{"q":{"type":"string"}}}}]}`)
	tools, warns, err := ParseToolList(doc)
	if err != nil || len(tools) != 2 {
		t.Fatalf("%d tools, %v", len(tools), err)
	}
	want := `/tools/1: tool "oai" has no inputSchema; read as {"type":"object"}; its "parameters", where an OpenAI tool has its schema, is not read: an MCP tool gives its schema as inputSchema`
	if len(warns) != 1 || warns[0] != want {
		t.Errorf("warnings %q\nwant %q", warns, want)
	}
	if _, _, err := ParseToolList(jsonValue(t, `[{"type":"function","name":"oai","parameters":{}}]`)); err == nil {
		t.Error("a list of OpenAI tools only was read")
	} else if te, ok := err.(*ToolListError); !ok || !te.OpenAI {
		t.Errorf("the error does not say it is an OpenAI list: %#v", err)
	}
}
