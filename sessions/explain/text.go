package explain

import (
	"regexp"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// The beginnings of the messages OpenAI writes about tools and schemas, as the
// corpus of real error bodies has them (ParseErrorText).
var reToolMessage = regexp.MustCompile(`^(?:` +
	`Invalid schema for (?:function|response_format) ['"]` + // a schema rejected: invalid_function_parameters, invalid_json_schema
	`|Invalid JSON schema\b` + // "Invalid JSON schema: regex lookaround is not supported. Found at $.…"
	`|Invalid '(?:tools|functions|tool_choice|response_format|text\.format)\b` + // a tool member, e.g. string_above_max_length on a description
	`|Invalid 'input\[\d+\]\.output'` + // a tool output over the length limit
	`|Missing namespace for function_call ` +
	`|An assistant message with 'tool_calls' must be followed by tool messages` +
	`|No tool output found for function call` +
	`|No tool call found for function call output` +
	`)`)

// The prefixes a client writes before an error it prints: an exception's name
// ("openai.BadRequestError: ", "Error: "), then openai-python's "Error code: 400 - "
// or openai-node's "400 ".
var (
	reExceptionPrefix = regexp.MustCompile(`^(?:[A-Za-z_][A-Za-z0-9_.]*)?(?:Error|Exception): `)
	reStatusPrefix    = regexp.MustCompile(`^(?:Error code: \d{3} - |\d{3} )`)
)

// ParseErrorText reads an error pasted as text, which is not JSON, into an error
// body {"error":{"message", "param", "code"}} (param and code when the text gives
// them). ok is false when the text is not an OpenAI error message about tools or
// schemas: explain then has nothing to explain.
//
// The text, white space trimmed, may start with what a client prints before an
// error: an exception's name and ": " ("openai.BadRequestError: ", "Error: "), then
// "Error code: NNN - " (openai-python) or "NNN " (openai-node). What follows is the
// message, or the error body: as JSON, or as Python writes a dict
// ({'error': {'message': "…", 'param': '…', 'code': '…'}}), whose message, param
// and code are read as readPyString reads a str (None reads as absent).
//
// The message must start as OpenAI's messages about tools and schemas start
// (reToolMessage): "Invalid schema for function '", "Invalid schema for
// response_format '", "Invalid JSON schema", "Invalid 'tools…'" (and functions,
// tool_choice, response_format, text.format, "input[N].output"), "Missing namespace
// for function_call ", "An assistant message with 'tool_calls' must be followed by
// tool messages", "No tool output found for function call", "No tool call found for
// function call output". A text that only quotes such a message further on (a
// document, a log) is not one.
func ParseErrorText(text string) (body adapter.Value, ok bool) {
	s := strings.TrimSpace(text)
	if m := reExceptionPrefix.FindString(s); m != "" {
		s = s[len(m):]
	}
	if m := reStatusPrefix.FindString(s); m != "" {
		s = s[len(m):]
	}
	var msg, param, code string
	var hasParam, hasCode bool
	switch {
	case strings.HasPrefix(s, "{"):
		if v, err := adapter.DecodeString(s); err == nil {
			e, _ := v.Get("error")
			m, _ := e.Get("message")
			if m.Kind() != adapter.String {
				return adapter.Value{}, false
			}
			p, hp := e.Get("param")
			c, hc := e.Get("code")
			msg = m.Str()
			param, hasParam = p.Str(), hp && p.Kind() == adapter.String
			code, hasCode = c.Str(), hc && c.Kind() == adapter.String
			break
		}
		var rest string
		if msg, rest, ok = pyDictString(s, "message"); !ok {
			return adapter.Value{}, false
		}
		param, _, hasParam = pyDictString(rest, "param")
		code, _, hasCode = pyDictString(rest, "code")
	default:
		msg = s
	}
	if !reToolMessage.MatchString(msg) {
		return adapter.Value{}, false
	}
	m := adapter.MemberOf
	mems := []adapter.Member{m("message", adapter.StringValue(msg))}
	if hasParam {
		mems = append(mems, m("param", adapter.StringValue(param)))
	}
	if hasCode {
		mems = append(mems, m("code", adapter.StringValue(code)))
	}
	return adapter.ObjectValue(m("error", adapter.ObjectValue(mems...))), true
}
