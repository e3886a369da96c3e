package adapter

import (
	"fmt"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// A Tool is one MCP tool as a server lists it (docs/tool-lists.md#tools).
type Tool struct {
	Name         string
	Title        string
	Description  string
	InputSchema  Value // {"type":"object"} when the server sent none
	OutputSchema Value // null when absent
	Annotations  Value // null when absent
	Raw          Value // the tool object as listed
}

// A ToolListError says why a document is not a tool list, and where (a path into
// the document).
type ToolListError struct {
	Path Path
	Msg  string
	// OpenAI is set when the list is a list of OpenAI tools, not MCP tools.
	OpenAI bool
}

func (e *ToolListError) Error() string { return atPointer(e.Path, e.Msg) }

// ParseToolList reads the tools of an MCP tool list. Three shapes are accepted,
// told apart by their content: a tools/list result {"tools":[…]}, a JSON-RPC response
// whose "result" is one, and a bare array of tools.
//
// A tool needs a non-empty string "name". "title" and "description" may be a
// string or null; "inputSchema" and "outputSchema" must be objects when present;
// "annotations" is kept as it is. A missing inputSchema reads as {"type":"object"}
// and gives a warning, which begins with the JSON pointer of the tool in doc (and
// says that "parameters" is not read, when the tool has it).
// Other members of a tool are kept in Raw and ignored.
//
// A list that looks like OpenAI tools is refused with a message that says so: a
// non-empty list where every tool is an object whose "type" is "function" and that
// has a "parameters" member (the Responses shape) or a "function" member (the Chat
// shape {"type":"function","function":{…}}), and where no tool has "inputSchema".
// Read as MCP tools it would give tools without schemas, or none at all.
//
// Tool names must be unique within one server (MCP). A name listed more than once
// gives one warning, at the pointer of its second tool (in the order of those
// tools, after the other warnings), saying how many times it is listed; the tools
// are all kept, and [NewToolSet] exposes the later ones under
// the next free names (BASE_2, BASE_3, …).
func ParseToolList(doc Value) ([]Tool, []string, error) {
	list, base, err := findToolArray(doc)
	if err != nil {
		return nil, nil, err
	}
	if looksLikeOpenAITools(list) {
		return nil, nil, &ToolListError{Path: base, OpenAI: true, Msg: "this looks like an OpenAI tool list, not an MCP tool list: every tool is {\"type\":\"function\",…} with parameters, and none has an inputSchema. " +
			"MCP tools have a name and an inputSchema, and strictscope converts MCP tool lists to OpenAI tools: give the MCP server's tools/list result ({\"tools\":[…]}) instead"}
	}
	var warnings []string
	tools := make([]Tool, 0, list.Len())
	for i, tv := range list.Items() {
		at := base.Append(Index(i))
		t, warn, err := parseTool(tv, at)
		if err != nil {
			return nil, nil, err
		}
		if warn != "" {
			warnings = append(warnings, warn)
		}
		tools = append(tools, t)
	}
	return tools, append(warnings, duplicateNames(tools, base)...), nil
}

// looksLikeOpenAITools reports whether a list of tools is a list of OpenAI tools
// (see ParseToolList): not empty, every tool an object with type "function" and a
// parameters or function member, none with inputSchema.
func looksLikeOpenAITools(list Value) bool {
	if list.Len() == 0 {
		return false
	}
	for _, t := range list.Items() {
		if typ, _ := t.Get("type"); t.Kind() != Object || typ.Str() != "function" || t.Has("inputSchema") {
			return false
		}
		if !t.Has("parameters") && !t.Has("function") {
			return false
		}
	}
	return true
}

// duplicateNames warns once for each name that more than one tool has, at the
// pointer of its second tool, in the order of those tools.
func duplicateNames(tools []Tool, base Path) []string {
	type seen struct{ count, second int }
	byName := map[string]*seen{}
	var order []string
	for i, t := range tools {
		s := byName[t.Name]
		if s == nil {
			byName[t.Name] = &seen{count: 1}
			continue
		}
		if s.count == 1 {
			s.second = i
			order = append(order, t.Name)
		}
		s.count++
	}
	var warnings []string
	for _, name := range order {
		s := byName[name]
		warnings = append(warnings, fmt.Sprintf("%s: tool %s is listed %d times; tool names must be unique within an MCP server: the later ones are exposed with _2, _3, … after the name, and each reaches the server as %s",
			base.Append(Index(s.second)).Pointer(), termsafe.Quote(name), s.count, termsafe.Quote(name)))
	}
	return warnings
}

func findToolArray(doc Value) (Value, Path, error) {
	switch doc.Kind() {
	case Array:
		return doc, Path{}, nil
	case Object:
		if tools, ok := doc.Get("tools"); ok {
			if tools.Kind() != Array {
				return Value{}, nil, &ToolListError{Path: Keys("tools"), Msg: fmt.Sprintf("\"tools\" must be an array, not %s", describeKind(tools))}
			}
			return tools, Keys("tools"), nil
		}
		if res, ok := doc.Get("result"); ok {
			if res.Kind() == Object {
				if tools, ok := res.Get("tools"); ok {
					if tools.Kind() != Array {
						return Value{}, nil, &ToolListError{Path: Keys("result", "tools"), Msg: fmt.Sprintf("\"tools\" must be an array, not %s", describeKind(tools))}
					}
					return tools, Keys("result", "tools"), nil
				}
			}
			return Value{}, nil, &ToolListError{Path: Keys("result"), Msg: "this JSON-RPC result holds no \"tools\" array; is it a tools/list response?"}
		}
		if e, ok := doc.Get("error"); ok && doc.Has("jsonrpc") {
			text, _ := rpcErrorText(e)
			return Value{}, nil, &ToolListError{Path: Keys("error"), Msg: "the server answered with an error instead of a tool list: " + termsafe.Sanitize(text)}
		}
	}
	return Value{}, nil, &ToolListError{Path: Path{}, Msg: "not a tool list: expected {\"tools\":[…]}, a JSON-RPC response whose result is one, or an array of tools"}
}

func parseTool(tv Value, at Path) (Tool, string, error) {
	if tv.Kind() != Object {
		return Tool{}, "", &ToolListError{Path: at, Msg: fmt.Sprintf("a tool must be an object, not %s", describeKind(tv))}
	}
	t := Tool{Raw: tv}
	name, ok := tv.Get("name")
	switch {
	case !ok:
		return Tool{}, "", &ToolListError{Path: at, Msg: "this tool has no \"name\""}
	case name.Kind() != String:
		return Tool{}, "", &ToolListError{Path: at.Append(Key("name")), Msg: fmt.Sprintf("a tool name must be a string, not %s", describeKind(name))}
	case name.Str() == "":
		return Tool{}, "", &ToolListError{Path: at.Append(Key("name")), Msg: "a tool name must not be empty"}
	}
	t.Name = name.Str()
	for _, key := range []string{"title", "description"} {
		v, ok := tv.Get(key)
		if !ok || v.IsNull() {
			continue
		}
		if v.Kind() != String {
			return Tool{}, "", &ToolListError{Path: at.Append(Key(key)), Msg: fmt.Sprintf("%q must be a string or null, not %s", key, describeKind(v))}
		}
		if key == "title" {
			t.Title = v.Str()
		} else {
			t.Description = v.Str()
		}
	}
	warn := ""
	if in, ok := tv.Get("inputSchema"); ok {
		if in.Kind() != Object {
			return Tool{}, "", &ToolListError{Path: at.Append(Key("inputSchema")), Msg: fmt.Sprintf("inputSchema must be an object, not %s", describeKind(in))}
		}
		t.InputSchema = in
	} else {
		t.InputSchema = ObjectValue(MemberOf("type", StringValue("object")))
		warn = fmt.Sprintf("%s: tool %s has no inputSchema; read as {\"type\":\"object\"}", at.Pointer(), termsafe.Quote(t.Name))
		if tv.Has("parameters") {
			warn += "; its \"parameters\", where an OpenAI tool has its schema, is not read: an MCP tool gives its schema as inputSchema"
		}
	}
	if out, ok := tv.Get("outputSchema"); ok && !out.IsNull() {
		if out.Kind() != Object {
			return Tool{}, "", &ToolListError{Path: at.Append(Key("outputSchema")), Msg: fmt.Sprintf("outputSchema must be an object, not %s", describeKind(out))}
		}
		t.OutputSchema = out
	}
	t.Annotations, _ = tv.Get("annotations")
	return t, warn, nil
}
