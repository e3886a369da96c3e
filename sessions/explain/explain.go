package explain

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// An Explanation reads one error OpenAI returned
// (docs/recordings.md#explaining-an-error): which tool it is about, where in its
// schema, which keyword, and what strictscope's conversion does about it.
type Explanation struct {
	Where   string // where the error stands: an exchange label, or "" when pasted
	Message string
	Param   string
	Code    string

	Kind       string       // "schema", "description", "pairing", "namespace" or "other"
	Subject    string       // "function", "response_format" or ""
	ToolIndex  int          // from param tools[N], -1 when not given
	ToolName   string       // from the message ("Invalid schema for function 'NAME'", "… for function_call 'NAME'")
	SchemaPath adapter.Path // the node the error is about, nil when not given
	Keyword    string       // the keyword or limit the error names, "" when none

	Tool *adapter.ToolOutcome // the tool it resolves to among the given tool lists
	// Advice says what the error means and what strictscope's conversion does
	// about it, in sentences. It begins with what the message itself leaves in
	// doubt: a context that cannot be read, a function name no tool of the
	// given lists has.
	Advice []string

	notes []string // sentences for the start of Advice, found while reading and resolving
	lists bool     // tool lists were given
}

var (
	reSubject      = regexp.MustCompile(`Invalid schema for (function|response_format) (['"])`)
	reFunctionCall = regexp.MustCompile(`for function_call (['"])`)
	reFoundAt      = regexp.MustCompile(`Found at (\$.*?)\.?\s*$`)
	reToolIndex    = regexp.MustCompile(`tools\[(\d+)\]`)
	reKeywordFirst = regexp.MustCompile(`^\s*'([^']+)' (is not permitted|is required to be supplied)`)
	reFormat       = regexp.MustCompile(`'([^']+)' is not a valid format`)
	reNesting      = regexp.MustCompile(`(\d+) levels of nesting exceeds limit of (\d+)`)
	reMissing      = regexp.MustCompile(`Missing '([^']*)'`)
)

// Error reads an error body ({"error":{"message","param","code"}}), or a bare
// message. When report is not nil, the tool is resolved among its tools: by the
// function name in the message (an exposed name, exactly), else by the index in
// param (tools[N], counting the tools as rendered). A name that no tool has is said
// so at the start of the advice, and so is a tool then taken by its index only.
//
// The function name is the one quoted after "Invalid schema for function " or "…
// for function_call " (the namespace error). It is read as Python's repr of a str
// ('name', "it's", 'it\'s "x"'; see readPyString); when that does not end where a
// name does (see endsName), the name is the text from the opening quote to the
// first same quote that ends one: a name quoted as written ('it's').
//
// Two message styles give a schema path: "In context=('properties', 'x'), …",
// whose context is Python's repr of a tuple of str and int (see readPyTuple), and
// "… Found at $.properties.x.pattern", a JSONPath of .name, [N] and ['name']
// steps. Both are read as tokens, and the tokens made a path by one rule, so that
// both styles give the same path for the same node, with array indices as numbers
// as the library writes them (["properties","x","anyOf",0]):
//
//   - A token right after properties, patternProperties, $defs, definitions,
//     dependentSchemas, dependencies or dependentRequired is a name, always: a
//     property may be called "0", and ('properties', 0) or $.properties[0] name it.
//   - Elsewhere a token of decimal digits (no leading zero, within int32) is an
//     array index, however it is spelled ('0', 0, [0], .0): after anyOf, allOf,
//     oneOf or prefixItems, after items when items is a list, and inside the value
//     of a keyword that is no schema (enum, type, required, const, default,
//     examples, an unknown keyword), where a path cannot tell an array from an
//     object. Any other token is a name.
//
// Whether "properties" is that keyword, or a property of that name, or data in a
// default, is told by walking the path from the root (schemaPath). A Found at path
// ends at the keyword: when its last token stands where a keyword does, it is the
// Keyword and the node is its parent. A context that is not a tuple Python writes
// gives no path, and the advice says it cannot be read.
func Error(body adapter.Value, report *adapter.ToolsReport) Explanation {
	ex := Explanation{ToolIndex: -1}
	switch body.Kind() {
	case adapter.String:
		ex.Message = body.Str()
	case adapter.Object:
		e, ok := body.Get("error")
		if !ok {
			e = body
		}
		if e.Kind() == adapter.String {
			ex.Message = e.Str()
		} else {
			m, _ := e.Get("message")
			p, _ := e.Get("param")
			c, _ := e.Get("code")
			ex.Message, ex.Param, ex.Code = m.Str(), p.Str(), c.Str()
		}
	}
	ex.read()
	if report != nil {
		ex.resolve(report)
	}
	ex.advise()
	return ex
}

// read takes apart the message and param.
func (ex *Explanation) read() {
	msg := ex.Message
	if m := reSubject.FindStringSubmatchIndex(msg); m != nil {
		ex.Subject = msg[m[2]:m[3]]
		if name, ok := readQuotedName(msg[m[4]:]); ok && ex.Subject == "function" {
			ex.ToolName = name
		}
	} else if m := reFunctionCall.FindStringSubmatchIndex(msg); m != nil {
		ex.ToolName, _ = readQuotedName(msg[m[2]:])
	}
	for _, s := range []string{ex.Param, msg} {
		if m := reToolIndex.FindStringSubmatch(s); m != nil {
			ex.ToolIndex, _ = strconv.Atoi(m[1])
			break
		}
	}
	rest := msg
	if i := strings.Index(msg, "context=("); i >= 0 {
		rest = ex.readContext(msg[i+len("context="):])
	} else if m := reFoundAt.FindStringSubmatch(msg); m != nil {
		if tokens, ok := dollarTokens(m[1]); ok {
			p, last := schemaPath(tokens)
			ex.SchemaPath = p
			if last {
				ex.Keyword = p[len(p)-1].Key
				ex.SchemaPath = p[:len(p)-1]
			}
		}
	}
	lower := strings.ToLower(msg)
	switch {
	case strings.Contains(lower, "namespace"):
		ex.Kind = "namespace"
	case strings.Contains(lower, "tool_call_id") || strings.Contains(lower, "tool output found") || strings.Contains(lower, "tool call found"):
		ex.Kind = "pairing"
	case strings.Contains(ex.Param, "description") || strings.Contains(lower, ".description'") && strings.Contains(lower, "too long"):
		ex.Kind = "description"
	case ex.Subject != "" || strings.Contains(lower, "invalid json schema") || ex.SchemaPath != nil || strings.Contains(msg, "context=("):
		ex.Kind = "schema"
	default:
		ex.Kind = "other"
	}
	if ex.Keyword != "" {
		return
	}
	switch {
	case reKeywordFirst.MatchString(rest):
		ex.Keyword = reKeywordFirst.FindStringSubmatch(rest)[1]
	case reFormat.MatchString(rest):
		ex.Keyword = "format"
	case strings.Contains(rest, "array schema missing items"):
		ex.Keyword = "items"
	case strings.Contains(rest, "object schema missing properties"):
		ex.Keyword = "properties"
	case strings.Contains(rest, "$ref cannot have keywords"), strings.Contains(rest, "reference to component"):
		ex.Keyword = "$ref"
	case reNesting.MatchString(rest):
		ex.Keyword = "max_depth"
	case strings.Contains(rest, `schema must be a JSON Schema of 'type: "object"'`):
		ex.Keyword = "type"
		ex.SchemaPath = adapter.Path{}
	case strings.Contains(lower, "lookaround"):
		ex.Keyword = "pattern"
	case ex.Kind == "description":
		ex.Keyword = "description"
	}
}

// readContext reads the tuple at the start of s (the text after "context=") into
// the schema path, and returns the rest of the message after it and its comma. A
// tuple that cannot be read gives no path and a note; the rest is then taken after
// the first "), " (which ends the tuple unless a name holds one).
func (ex *Explanation) readContext(s string) (rest string) {
	tokens, n, err := readPyTuple(s)
	if err != nil {
		ex.notes = append(ex.notes, fmt.Sprintf("The context in the message cannot be read as a Python tuple (%v), so the schema path is not known.", err))
		if i := strings.Index(s, "), "); i >= 0 {
			return s[i+len("), "):]
		}
		return s
	}
	ex.SchemaPath, _ = schemaPath(tokens)
	return strings.TrimLeft(s[n:], ", ")
}

// readQuotedName reads a name quoted at the start of s: as Python's repr of a str
// when that ends where a name does, else as the text up to the first same quote
// that ends a name (a name quoted as written). ok is false when no quote ends it.
func readQuotedName(s string) (name string, ok bool) {
	if name, n, err := readPyString(s); err == nil && endsName(s[n:]) {
		return name, true
	}
	for i := 1; i < len(s); i++ {
		if s[i] == s[0] && endsName(s[i+1:]) {
			return s[1:i], true
		}
	}
	return "", false
}

// endsName reports whether rest, the text after a quoted name, goes on as a message
// does after one: it is empty or starts with a space, or with ':', '.', ',', ';' or
// ')' and then a space or its end.
func endsName(rest string) bool {
	if rest == "" || rest[0] == ' ' {
		return true
	}
	return strings.IndexByte(":.,;)", rest[0]) >= 0 && (len(rest) == 1 || rest[1] == ' ')
}

// resolve finds the tool among the report's outcomes: by the name in the message,
// else by the index in param. It notes a name that no tool has (and a tool then
// taken by index only), and an index beyond the tools.
func (ex *Explanation) resolve(rep *adapter.ToolsReport) {
	ex.lists = true
	if ex.ToolName != "" {
		if o := toolByName(rep, ex.ToolName); o != nil {
			ex.Tool = o
			return
		}
	}
	byIndex := ex.ToolIndex >= 0 && ex.Subject != "response_format"
	sent := 0
	if byIndex {
		ex.Tool, sent = toolByIndex(rep, ex.ToolIndex)
	}
	if ex.ToolName != "" {
		note := fmt.Sprintf("The message names function %s, which no tool of the list has", termsafe.Quote(ex.ToolName))
		if ex.Tool != nil {
			note += fmt.Sprintf(": %s is tools[%d] of param, matched by index only", termsafe.Quote(ex.Tool.Entry.Exposed), ex.ToolIndex)
		}
		ex.notes = append(ex.notes, note+".")
	}
	if byIndex && ex.Tool == nil {
		tools := "tools"
		if sent == 1 {
			tools = "tool"
		}
		ex.notes = append(ex.notes, fmt.Sprintf("The list has no tools[%d]: it sends %d %s.", ex.ToolIndex, sent, tools))
	}
}

// toolByName finds a tool by its exposed name, else by its name in its list.
func toolByName(rep *adapter.ToolsReport, name string) *adapter.ToolOutcome {
	if o, ok := rep.Lookup(name); ok {
		return o
	}
	for _, o := range rep.Outcomes {
		if o.Entry.Tool.Name == name {
			return o
		}
	}
	return nil
}

// toolByIndex finds tools[i], counting the tools as rendered (the excluded ones
// are not sent). When there is none it returns nil and how many are sent.
func toolByIndex(rep *adapter.ToolsReport, i int) (*adapter.ToolOutcome, int) {
	n := 0
	for _, o := range rep.Outcomes {
		if o.Status == adapter.StatusExcluded {
			continue
		}
		if n == i {
			return o, 0
		}
		n++
	}
	return nil, n
}

// Value writes the explanation as JSON.
func (ex Explanation) Value() adapter.Value {
	m := adapter.MemberOf
	tool := adapter.Value{}
	if ex.Tool != nil {
		tool = adapter.ObjectValue(
			m("name", adapter.StringValue(ex.Tool.Entry.Exposed)),
			m("server", adapter.StringValue(ex.Tool.Entry.Server)),
			m("tool", adapter.StringValue(ex.Tool.Entry.Tool.Name)),
			m("status", adapter.StringValue(string(ex.Tool.Status))),
		)
	}
	path := adapter.Value{}
	if ex.SchemaPath != nil {
		path = ex.SchemaPath.Value()
	}
	idx := adapter.Value{}
	if ex.ToolIndex >= 0 {
		idx = adapter.NumberValue(strconv.Itoa(ex.ToolIndex))
	}
	advice := make([]adapter.Value, len(ex.Advice))
	for i, a := range ex.Advice {
		advice[i] = adapter.StringValue(a)
	}
	return adapter.ObjectValue(
		m("where", adapter.StringValue(ex.Where)),
		m("message", adapter.StringValue(ex.Message)),
		m("param", adapter.StringValue(ex.Param)),
		m("code", adapter.StringValue(ex.Code)),
		m("kind", adapter.StringValue(ex.Kind)),
		m("tool_index", idx),
		m("tool_name", adapter.StringValue(ex.ToolName)),
		m("schema_path", path),
		m("keyword", adapter.StringValue(ex.Keyword)),
		m("tool", tool),
		m("advice", adapter.ArrayValue(advice...)),
	)
}
