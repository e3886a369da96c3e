package adapter

import (
	"errors"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// A SentTool is one tool as the model saw it: its exposed name, where it comes
// from, and the null paths its arguments carry.
type SentTool struct {
	Exposed     string
	Server      string
	Tool        string
	Strict      bool
	NullPaths   []Path
	InputSchema Value // the tool's original input schema (validation, defaults)
	// Inferred marks null paths guessed from a recorded request's strict schema
	// rather than converted from an MCP tool list.
	Inferred bool
}

// SentTools is the set of tools the model saw, by exposed name.
type SentTools struct {
	list   []*SentTool
	byName map[string]*SentTool
}

// NewSentTools makes a set from a list; a later tool with the same exposed name is
// ignored.
func NewSentTools(tools []SentTool) *SentTools {
	s := &SentTools{byName: map[string]*SentTool{}}
	for i := range tools {
		t := &tools[i]
		if _, dup := s.byName[t.Exposed]; dup {
			continue
		}
		s.byName[t.Exposed] = t
		s.list = append(s.list, t)
	}
	return s
}

// Lookup resolves an exposed name: an exact, case-sensitive match.
func (s *SentTools) Lookup(name string) (*SentTool, bool) {
	if s == nil {
		return nil, false
	}
	t, ok := s.byName[name]
	return t, ok
}

// List returns the tools in order.
func (s *SentTools) List() []*SentTool {
	if s == nil {
		return nil
	}
	return s.list
}

// CallsOptions adjust ToolCalls.
type CallsOptions struct {
	// ErrorPrefix starts the text of every rejected output (usually
	// DefaultErrorPrefix, "Error: ").
	ErrorPrefix string
	// ApplyDefaults puts a property's default back where a null was stripped.
	ApplyDefaults bool
	// OutputAPI, when set, is the API rejected outputs are written for, whatever
	// the shape of the answered item: a replay that renders a Chat response's
	// answers for Responses (to compare the two) answers its rejected calls that
	// way too. Empty: the answered item's own API
	// (docs/calls-and-outputs.md#rejected-outputs).
	OutputAPI API
}

// DefaultCallsOptions returns the options with the default error prefix.
func DefaultCallsOptions() CallsOptions { return CallsOptions{ErrorPrefix: DefaultErrorPrefix} }

// A Call is one function call of a response that names a tool the model saw and
// carries a JSON object of arguments.
type Call struct {
	API       API    // the API whose shape the call item has
	Index     int    // position of the call item among the response's items
	ItemPath  Path   // where the call item is in the response
	CallID    string // the Chat "id" or the Responses "call_id" ("" when missing)
	Name      string // the exposed name
	Sent      *SentTool
	RawText   string // the arguments as the model wrote them (JSON text)
	Decoded   Value  // the arguments as decoded
	Arguments Value  // the arguments with nulls stripped (and defaults applied)
	Stripped  []Path // null paths at which at least one null was removed
	Defaulted []Path // null paths at which a default was put back
	Item      Value  // the call item as it stands in the response
}

// A Rejection is a call item that produced no Call, and the output that answers it.
type Rejection struct {
	API      API
	Index    int
	ItemPath Path // where the call item is in the response
	CallID   string
	Name     string
	Reason   string // why, without the error prefix
	Output   Value  // the rejected output item, in the answered item's API shape (CallsOptions.OutputAPI's when set)
	Item     Value
}

// An Ignored item is a response item that is not a function call.
type Ignored struct {
	Index    int
	ItemPath Path // where the item is in the response
	Type     string
	Reason   string
}

// Extracted is what ToolCalls found in a response.
type Extracted struct {
	API      API // the API of the response shape ("" for an empty list)
	Calls    []Call
	Rejected []Rejection
	Ignored  []Ignored
	// Order lists calls and rejections in the order the model made them: an index
	// into Calls when >= 0, into Rejected as -1-i otherwise.
	Order []int
}

// A ResponseError says a value is none of the shapes ToolCalls reads.
type ResponseError struct {
	Path Path
	Msg  string
}

func (e *ResponseError) Error() string { return atPointer(e.Path, e.Msg) }

// ToolCalls extracts the function calls from a response
// (docs/calls-and-outputs.md#response-shapes): a Chat
// completion (its first choice's message), a Chat assistant message, a Responses
// response ("output"), a list of Chat tool_calls entries, or a list of Responses
// output items.
//
// Chat entries of type "custom" and every Responses item that is not a
// "function_call" are ignored. A call whose name resolves exactly among sent, with
// arguments that decode to a JSON object ("" or white space reads as {}; an object
// given as a value is taken as is), becomes a Call with its nulls stripped at the
// tool's null paths. Any other call — an unknown name (a tool left out under strict
// true is unknown), missing arguments, arguments that are not a JSON object — is
// rejected with an output in the answered item's API shape whose text starts with
// the error prefix: `unknown tool "NAME"`, or `arguments for tool "NAME" are not a
// JSON object: DETAIL`. The multi_tool_use.parallel (or parallel) wrapper some
// models emit is rejected with a message to call each tool directly, unless a tool
// of that name was sent. Arguments are decoded strictly: a byte-order mark before
// them or a lone surrogate inside makes them not a JSON object.
func ToolCalls(response Value, sent *SentTools, opts CallsOptions) (*Extracted, error) {
	api, items, base, err := responseItems(response)
	if err != nil {
		return nil, err
	}
	x := &Extracted{API: api}
	itemPath := func(i int) Path {
		if base == nil {
			return Path{}
		}
		return base.Append(Index(i))
	}
	for i, it := range items {
		itemAPI := api
		if itemAPI == "" {
			itemAPI = itemShape(it)
		}
		call, ok, ignored := readCallItem(it, itemAPI)
		if ignored != "" {
			typ, _ := it.Get("type")
			x.Ignored = append(x.Ignored, Ignored{Index: i, ItemPath: itemPath(i), Type: typ.Str(), Reason: ignored})
			continue
		}
		if !ok {
			return nil, &ResponseError{itemPath(i), "not a tool call item: " + call.reason}
		}
		c, r := resolveCall(call, i, itemAPI, sent, opts)
		if c != nil {
			c.ItemPath = itemPath(i)
		} else {
			r.ItemPath = itemPath(i)
		}
		x.add(c, r)
	}
	return x, nil
}

func (x *Extracted) add(c *Call, r *Rejection) {
	if r != nil {
		x.Rejected = append(x.Rejected, *r)
		x.Order = append(x.Order, -len(x.Rejected))
		return
	}
	x.Calls = append(x.Calls, *c)
	x.Order = append(x.Order, len(x.Calls)-1)
}

// NextInput returns every answer in the order the model made the calls: rejected
// outputs as they are, and for each call the item outputs returns for it.
func (x *Extracted) NextInput(outputs []Value) []Value {
	out := make([]Value, 0, len(x.Order))
	for _, k := range x.Order {
		if k < 0 {
			out = append(out, x.Rejected[-1-k].Output)
		} else if k < len(outputs) {
			out = append(out, outputs[k])
		}
	}
	return out
}

// responseItems finds the call items of a response and the API its shape belongs to.
func responseItems(v Value) (API, []Value, Path, error) {
	switch v.Kind() {
	case Array:
		api := API("")
		for _, it := range v.Items() {
			if s := itemShape(it); s != "" {
				api = s
				break
			}
		}
		return api, v.Items(), Path{}, nil
	case Object:
		if choices, ok := v.Get("choices"); ok {
			if choices.Kind() != Array {
				return "", nil, nil, &ResponseError{Keys("choices"), "\"choices\" must be an array"}
			}
			if choices.Len() == 0 {
				return Chat, nil, nil, nil
			}
			msg, ok := choices.Items()[0].Get("message")
			if !ok {
				return "", nil, nil, &ResponseError{Path{Key("choices"), Index(0)}, "the first choice has no \"message\""}
			}
			items, err := chatMessageCalls(msg, Path{Key("choices"), Index(0), Key("message")})
			return Chat, items, Path{Key("choices"), Index(0), Key("message"), Key("tool_calls")}, err
		}
		if out, ok := v.Get("output"); ok {
			if out.Kind() != Array {
				return "", nil, nil, &ResponseError{Keys("output"), "\"output\" must be an array"}
			}
			return Responses, out.Items(), Keys("output"), nil
		}
		if v.Has("tool_calls") || v.Has("role") {
			items, err := chatMessageCalls(v, Path{})
			return Chat, items, Keys("tool_calls"), err
		}
		if typ, _ := v.Get("type"); typ.Str() == "function_call" {
			return Responses, []Value{v}, nil, nil // the response is the item
		}
		if v.Has("error") {
			return "", nil, nil, &ResponseError{Keys("error"), "this is an error body, not a response: " + errorMessage(v)}
		}
	}
	return "", nil, nil, &ResponseError{Path{}, "not a response: expected a Chat completion, a Chat assistant message, a Responses response, or a list of tool calls or output items"}
}

func errorMessage(v Value) string {
	e, _ := v.Get("error")
	if e.Kind() == String {
		return termsafe.Sanitize(e.Str())
	}
	m, _ := e.Get("message")
	return termsafe.Sanitize(m.Str())
}

func chatMessageCalls(msg Value, at Path) ([]Value, error) {
	if msg.Kind() != Object {
		return nil, &ResponseError{at, "a message must be an object"}
	}
	tc, ok := msg.Get("tool_calls")
	if !ok || tc.IsNull() {
		return nil, nil
	}
	if tc.Kind() != Array {
		return nil, &ResponseError{at.Append(Key("tool_calls")), "\"tool_calls\" must be an array"}
	}
	return tc.Items(), nil
}

// itemShape tells which API an item's shape belongs to: Chat entries carry
// "function" or "custom", or the type "function"; Responses items carry a "type"
// of their own ("function_call", "message", …).
func itemShape(it Value) API {
	if it.Has("function") || it.Has("custom") {
		return Chat
	}
	if typ, ok := it.Get("type"); ok && typ.Kind() == String {
		if typ.Str() == "function" {
			return Chat // a Chat tool call's type; a Responses item's is "function_call"
		}
		return Responses
	}
	return ""
}

// rawCall is a call item before its name is resolved.
type rawCall struct {
	id, name string
	args     Value
	hasArgs  bool
	reason   string
	item     Value
}

// readCallItem reads one item. ignored is why the item is not a function call; ok
// is false (with call.reason) for an item that is no item at all.
func readCallItem(it Value, api API) (call rawCall, ok bool, ignored string) {
	call.item = it
	if it.Kind() != Object {
		call.reason = "expected an object, not " + describeKind(it)
		return call, false, ""
	}
	typ, _ := it.Get("type")
	if api == Chat {
		if typ.Str() == "custom" || it.Has("custom") {
			return call, true, "a custom tool call, not a function call"
		}
		fn, ok := it.Get("function")
		if !ok || fn.Kind() != Object {
			call.reason = "a Chat tool call needs a \"function\" object"
			return call, false, ""
		}
		id, _ := it.Get("id")
		name, _ := fn.Get("name")
		call.id, call.name = id.Str(), name.Str()
		call.args, call.hasArgs = fn.Get("arguments")
		return call, true, ""
	}
	switch typ.Str() {
	case "function_call":
		id, _ := it.Get("call_id")
		name, _ := it.Get("name")
		call.id, call.name = id.Str(), name.Str()
		call.args, call.hasArgs = it.Get("arguments")
		return call, true, ""
	case "":
		call.reason = "a Responses output item needs a \"type\""
		return call, false, ""
	case "custom_tool_call":
		return call, true, "a custom tool call, not a function call"
	case "message":
		return call, true, "a message"
	case "reasoning":
		return call, true, "reasoning"
	}
	return call, true, termsafe.Sanitize(typ.Str()) + ", not a function call"
}

// parallelWrapperNames are the names of the wrapper some models emit to make
// several calls at once.
func isParallelWrapper(name string) bool {
	return name == "multi_tool_use.parallel" || name == "parallel"
}

func resolveCall(rc rawCall, index int, api API, sent *SentTools, opts CallsOptions) (*Call, *Rejection) {
	reject := func(reason string) (*Call, *Rejection) {
		outAPI := api
		if opts.OutputAPI != "" {
			outAPI = opts.OutputAPI
		}
		return nil, &Rejection{
			API: api, Index: index, CallID: rc.id, Name: rc.name, Reason: reason,
			Output: rejectedOutput(outAPI, rc.id, opts.ErrorPrefix+reason), Item: rc.item,
		}
	}
	tool, ok := sent.Lookup(rc.name)
	if !ok {
		if isParallelWrapper(rc.name) {
			return reject(`"` + rc.name + `" is not a tool: call each tool directly, with one function call per tool`)
		}
		return reject(`unknown tool "` + rc.name + `"`)
	}
	notObject := func(detail string) (*Call, *Rejection) {
		return reject(`arguments for tool "` + rc.name + `" are not a JSON object: ` + detail)
	}
	if !rc.hasArgs {
		return notObject("the call has no arguments")
	}
	var text string
	var args Value
	switch rc.args.Kind() {
	case String:
		text = rc.args.Str()
		if strings.Trim(text, " \t\r\n") == "" {
			args = ObjectValue()
			break
		}
		v, err := decodeArguments(text)
		if err != nil {
			return notObject(err.Error())
		}
		if v.Kind() != Object {
			return notObject("they are " + describeKindArticle(v))
		}
		args = v
	case Object:
		args = rc.args
		text = rc.args.String()
	default:
		return notObject("the arguments are " + describeKindArticle(rc.args) + ", not a string of JSON text")
	}
	c := &Call{API: api, Index: index, CallID: rc.id, Name: rc.name, Sent: tool, RawText: text, Decoded: args, Item: rc.item}
	if opts.ApplyDefaults {
		c.Arguments, c.Stripped, c.Defaulted = StripNullsWithDefaults(args, tool.NullPaths, tool.InputSchema)
	} else {
		c.Arguments, c.Stripped = StripNulls(args, tool.NullPaths)
	}
	return c, nil
}

// decodeArguments decodes a model's arguments text strictly: unlike input files, a
// leading byte-order mark is not skipped.
func decodeArguments(text string) (Value, error) {
	if strings.HasPrefix(text, "\uFEFF") {
		return Value{}, errors.New("they start with a byte-order mark")
	}
	v, err := DecodeString(text)
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			return Value{}, fmt.Errorf("%s at byte %d", se.Msg, se.Offset)
		}
		return Value{}, err
	}
	return v, nil
}

func describeKindArticle(v Value) string {
	switch v.Kind() {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	}
	return describeKind(v)
}

// rejectedOutput is the output answering a rejected call, in the shape of api
// (docs/calls-and-outputs.md#rejected-outputs).
func rejectedOutput(api API, callID, text string) Value {
	if api == Responses {
		return ObjectValue(
			MemberOf("type", StringValue("function_call_output")),
			MemberOf("call_id", StringValue(callID)),
			MemberOf("output", StringValue(text)),
		)
	}
	return ObjectValue(
		MemberOf("role", StringValue("tool")),
		MemberOf("tool_call_id", StringValue(callID)),
		MemberOf("content", StringValue(text)),
	)
}
