package sessions

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/strictscope/strictscope/adapter"
)

// An Explanation reads one error OpenAI returned (issue 3 §4): which tool it is
// about, where in its schema, which keyword, and what strictscope's conversion does
// about it.
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

// ExplainError reads an error body ({"error":{"message","param","code"}}), or a bare
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
func ExplainError(body adapter.Value, report *adapter.ToolsReport) Explanation {
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

// pyDictString finds 'key': and the Python str after it in s, the repr of a dict,
// and returns the str and the text after it. ok is false when the key is not there
// or its value is not a str (None, a number).
func pyDictString(s, key string) (value, rest string, ok bool) {
	i := strings.Index(s, "'"+key+"': ")
	if i < 0 {
		return "", "", false
	}
	s = s[i+len(key)+4:]
	if s == "" || (s[0] != '\'' && s[0] != '"') {
		return "", "", false
	}
	value, n, err := readPyString(s)
	if err != nil {
		return "", "", false
	}
	return value, s[n:], true
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

// The keywords whose value maps names to schemas, or (dependencies,
// dependentRequired) to lists of names: the token after one is a name.
var nameKeywords = map[string]bool{
	"properties": true, "patternProperties": true, "$defs": true, "definitions": true,
	"dependentSchemas": true, "dependencies": true, "dependentRequired": true,
}

// The keywords whose value is a schema or a list of schemas: the token after one
// is a keyword of that schema or an index into the list.
var schemaKeywords = map[string]bool{
	"anyOf": true, "allOf": true, "oneOf": true, "prefixItems": true, "items": true,
	"additionalItems": true, "unevaluatedItems": true, "contains": true,
	"additionalProperties": true, "unevaluatedProperties": true, "propertyNames": true,
	"not": true, "if": true, "then": true, "else": true,
}

// schemaPath makes a schema path of tokens by the rule ExplainError states:
// walking from the root, a token after a keyword of nameKeywords is a name, any
// other token of digits is an index (arrayIndex), and the rest are names. last
// reports whether the last token stands where a keyword does (in a schema, not a
// name, an index or data).
func schemaPath(tokens []string) (p adapter.Path, last bool) {
	const (
		inSchema     = iota // a keyword, or an index into a list of schemas
		inName              // a name; a schema follows
		inNameOfData        // a name (dependentRequired); data follows
		inData              // the value of a keyword that is no schema
	)
	p = make(adapter.Path, 0, len(tokens))
	at := inSchema
	for _, t := range tokens {
		last = false
		switch at {
		case inName:
			p, at = append(p, adapter.Key(t)), inSchema
			continue
		case inNameOfData:
			p, at = append(p, adapter.Key(t)), inData
			continue
		}
		if i, ok := arrayIndex(t); ok {
			p = append(p, adapter.Index(i))
			continue
		}
		p = append(p, adapter.Key(t))
		if at == inData {
			continue
		}
		last = true
		switch {
		case t == "dependentRequired":
			at = inNameOfData
		case nameKeywords[t]:
			at = inName
		case !schemaKeywords[t]:
			at = inData
		}
	}
	return p, last
}

// arrayIndex reads a token of decimal digits as an index: no sign, no leading zero
// (but "0"), and within the int32 range of a Value's arrays.
func arrayIndex(t string) (int, bool) {
	if t == "" || t[0] < '0' || t[0] > '9' || t[0] == '0' && len(t) > 1 {
		return 0, false
	}
	n, err := strconv.ParseInt(t, 10, 32)
	if err != nil {
		return 0, false
	}
	return int(n), true
}

// dollarTokens reads the tokens of a JSONPath as OpenAI writes one: "$" and then
// ".name", "[N]" or "['name']" steps, a quoted name read as readPyString reads it
// (with double quotes too). Whether a token is an index is schemaPath's to say.
func dollarTokens(s string) ([]string, bool) {
	if !strings.HasPrefix(s, "$") {
		return nil, false
	}
	s = s[1:]
	tokens := []string{}
	for len(s) > 0 {
		switch s[0] {
		case '.':
			s = s[1:]
			end := strings.IndexAny(s, ".[")
			if end < 0 {
				end = len(s)
			}
			tokens = append(tokens, s[:end])
			s = s[end:]
		case '[':
			tok, end := "", 0
			if len(s) > 1 && (s[1] == '\'' || s[1] == '"') {
				str, n, err := readPyString(s[1:])
				if err != nil {
					return nil, false
				}
				tok, end = str, 1+n
			} else {
				end = strings.IndexByte(s, ']')
				if end < 0 {
					return nil, false
				}
				tok = s[1:end]
			}
			if end >= len(s) || s[end] != ']' {
				return nil, false
			}
			tokens = append(tokens, tok)
			s = s[end+1:]
		default:
			return nil, false
		}
	}
	return tokens, true
}

// readPyTuple reads Python's repr of a tuple of str and int at the start of s:
// "()", "('x',)", "('properties', 'x')", "('anyOf', 0)". A str is read by
// readPyString; an int is an optional minus sign and decimal digits, kept as
// written. Space may stand around items and commas, and a comma may follow the
// last item (Python writes one after the only item of a one-element tuple; one
// missing there is forgiven). It returns the items as text and the length of s
// read, through the closing parenthesis.
func readPyTuple(s string) (items []string, n int, err error) {
	if !strings.HasPrefix(s, "(") {
		return nil, 0, errors.New("no opening parenthesis")
	}
	items = []string{}
	i := 1
	for {
		i = skipSpaces(s, i)
		if i >= len(s) {
			return nil, 0, errors.New("no closing parenthesis")
		}
		if s[i] == ')' {
			return items, i + 1, nil
		}
		var item string
		var n int
		switch c := s[i]; {
		case c == '\'' || c == '"':
			item, n, err = readPyString(s[i:])
		case c == '-' || '0' <= c && c <= '9':
			item, n, err = readPyInt(s[i:])
		default:
			err = fmt.Errorf("%q where an item should be", c)
		}
		if err != nil {
			return nil, 0, fmt.Errorf("item %d: %w", len(items)+1, err)
		}
		items = append(items, item)
		i = skipSpaces(s, i+n)
		switch {
		case i < len(s) && s[i] == ',':
			i++
		case i < len(s) && s[i] == ')':
		default:
			return nil, 0, fmt.Errorf("no comma or closing parenthesis after item %d", len(items))
		}
	}
}

func skipSpaces(s string, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// readPyInt reads Python's repr of an int at the start of s: an optional minus
// sign and decimal digits. It returns them as written and their length.
func readPyInt(s string) (string, int, error) {
	i := 0
	if strings.HasPrefix(s, "-") {
		i++
	}
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j == i {
		return "", 0, errors.New("a minus sign without digits")
	}
	return s[:j], j, nil
}

// readPyString reads Python's repr of a str at the start of s: between single
// quotes, or double quotes (Python's choice when the text holds ' and no "), with
// backslash escapes: \\ \' \" \n \r \t \a \b \f \v, \ooo (octal), \xNN, \uNNNN and
// \UNNNNNNNN; a backslash before any other character stands for itself, as in
// Python. A code point that is a surrogate (Python writes a lone one as \udXXX)
// becomes U+FFFD. It returns the text and the length of s read, through the
// closing quote.
func readPyString(s string) (string, int, error) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); {
		switch c := s[i]; c {
		case q:
			return b.String(), i + 1, nil
		case '\\':
			n, err := readPyEscape(&b, s[i:])
			if err != nil {
				return "", 0, err
			}
			i += n
		default:
			b.WriteByte(c)
			i++
		}
	}
	return "", 0, fmt.Errorf("a string with no closing %c", q)
}

// readPyEscape writes the character the escape at the start of s stands for and
// returns the escape's length.
func readPyEscape(b *strings.Builder, s string) (int, error) {
	if len(s) < 2 {
		return 0, errors.New("a backslash at the end")
	}
	c := s[1]
	if r, ok := pySimpleEscapes[c]; ok {
		b.WriteByte(r)
		return 2, nil
	}
	start, end, base := 2, 0, 16 // the digits are s[start:end]
	switch c {
	case 'x', 'u', 'U':
		end = start + 2
		if c == 'u' {
			end = start + 4
		} else if c == 'U' {
			end = start + 8
		}
		if len(s) < end {
			return 0, fmt.Errorf("a \\%c escape cut short", c)
		}
	case '0', '1', '2', '3', '4', '5', '6', '7':
		start, base = 1, 8
		end = start + 1
		for end < 4 && end < len(s) && '0' <= s[end] && s[end] <= '7' {
			end++
		}
	default:
		b.WriteByte('\\') // an unknown escape stands for itself
		return 1, nil
	}
	r, err := strconv.ParseUint(s[start:end], base, 32)
	if err != nil || r > unicode.MaxRune {
		return 0, fmt.Errorf("a bad escape %q", s[:end])
	}
	b.WriteRune(rune(r)) // a surrogate is written as U+FFFD
	return end, nil
}

// pySimpleEscapes are Python's one-character escapes.
var pySimpleEscapes = map[byte]byte{
	'\\': '\\', '\'': '\'', '"': '"', 'n': '\n', 'r': '\r', 't': '\t',
	'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v',
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
		note := fmt.Sprintf("The message names function %s, which no tool of the list has", adapter.QuoteForMessage(ex.ToolName))
		if ex.Tool != nil {
			note += fmt.Sprintf(": %s is tools[%d] of param, matched by index only", adapter.QuoteForMessage(ex.Tool.Entry.Exposed), ex.ToolIndex)
		}
		ex.notes = append(ex.notes, note+".")
	}
	if byIndex && ex.Tool == nil {
		ex.notes = append(ex.notes, fmt.Sprintf("The list has no tools[%d]: it sends %d %s.", ex.ToolIndex, sent, plural(sent, "tool", "tools")))
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

// advise writes what the error means and what strictscope does about it.
func (ex *Explanation) advise() {
	ex.Advice = append(ex.Advice, ex.notes...)
	say := func(format string, args ...any) { ex.Advice = append(ex.Advice, fmt.Sprintf(format, args...)) }
	switch ex.Kind {
	case "pairing":
		say("OpenAI wants every call of the previous turn answered, and every answer to match a call. strictscope's next input answers each call in the order the model made it, rejected calls included; a call whose result is missing is the one to look for (replay shows it as a missing result).")
		return
	case "namespace":
		say("The call came from a deferred tool with a namespace; replay the model's function_call item as it was, with its namespace field.")
		return
	case "description":
		say("The Chat Completions API rejects tool descriptions over 1024 characters. strictscope caps them at 1024 code points for Chat and 4096 bytes for Responses (--description-cap sets another cap), ending a cut description with \"…\".")
		if ex.Tool != nil && ex.Tool.Truncated {
			say("This tool's description was cut to fit.")
		}
		return
	case "other":
		say("This error is not about a tool schema.")
		return
	}
	if ex.Subject == "response_format" {
		say("The error is about a response_format schema, not a tool; strictscope's conversion applies to it the same way (strictscope strict FILE).")
	}
	if generic := keywordAdvice(ex.Keyword); generic != "" {
		say("%s", generic)
	} else {
		say("OpenAI rejected the schema; strictscope check (or strict, for one schema) shows what the conversion does with it.")
	}
	if m := reMissing.FindStringSubmatch(ex.Message); m != nil && ex.Keyword == "required" {
		say("The property %s was left out of required.", adapter.QuoteForMessage(m[1]))
	}
	if ex.Tool == nil {
		if !ex.lists && (ex.ToolName != "" || ex.ToolIndex >= 0) {
			say("Give the tool lists with --tools to see what strictscope does with this tool.")
		}
		return
	}
	o := ex.Tool
	name := adapter.QuoteForMessage(o.Entry.Exposed)
	switch {
	case o.ConversionErr == nil:
		say("strictscope converts %s to strict mode: every object gets additionalProperties false and a complete required list, optional properties become nullable (null paths %s), and unsupported keywords are dropped.", name, adapter.Sanitize(o.Conversion.NullPaths.Value().String()))
		for _, d := range o.Conversion.Dropped.All() {
			if ex.SchemaPath != nil && hasPrefix(d.Path, ex.SchemaPath) {
				say("At this path it drops %s (%s).", adapter.QuoteForMessage(d.Keyword), adapter.Sanitize(d.Path.String()))
			}
		}
	default:
		e := o.ConversionErr
		say("strictscope cannot convert %s either: %s at %s: %s.", name, adapter.Sanitize(e.Keyword), adapter.Sanitize(e.Path.String()), adapter.Sanitize(strings.TrimSuffix(e.Message, ".")))
		say("With --strict auto the tool is sent as a fallback (as written, with \"strict\": false); with --strict true it is left out, so the request is not rejected.")
	}
	if s := statusSentence(o.Status); s != "" {
		say("%s", s)
	}
}

// statusSentence says what was done with a tool in this run, by its status.
func statusSentence(st adapter.ToolStatus) string {
	switch st {
	case adapter.StatusStrict:
		return "In this run the tool is sent strict."
	case adapter.StatusFallback:
		return "In this run the tool is sent as a fallback."
	case adapter.StatusExcluded:
		return "In this run the tool is left out (excluded)."
	case adapter.StatusNonStrict:
		return "In this run the tool is sent as written, not strict (--strict false)."
	}
	return ""
}

func hasPrefix(p, prefix adapter.Path) bool {
	return len(p) >= len(prefix) && p[:len(prefix)].Equal(prefix)
}

// keywordAdvice is what strictscope does about a keyword or limit in general.
func keywordAdvice(kw string) string {
	switch kw {
	case "additionalProperties":
		return "Strict mode needs \"additionalProperties\": false on every object. strictscope adds it; an object open to other keys (additionalProperties true or a schema, or no properties at all) has no strict form."
	case "required":
		return "Strict mode needs every property listed in required. strictscope lists them all, sorted, and makes the optional ones nullable; the nulls the model then sends are stripped at their null paths."
	case "properties":
		return "Strict mode needs \"properties\" on every object. strictscope adds \"properties\": {} to an object with additionalProperties false and none, and to an argument-less root."
	case "items":
		return "Strict mode needs an items schema on every array; strictscope cannot invent one, so the tool is sent as a fallback (strict auto) or left out (strict true)."
	case "default", "examples", "uniqueItems", "minProperties", "maxProperties", "contentMediaType":
		return fmt.Sprintf("strictscope drops %q in strict mode (a default is written into the description as \"Default: ….\").", kw)
	case "format":
		return "strictscope keeps only the formats strict mode accepts (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid) and drops the others."
	case "pattern":
		return "Newer models reject look-around in patterns; strictscope drops a pattern with look-around."
	case "$ref":
		return "OpenAI rejects a $ref with sibling keywords and a $ref that does not resolve. strictscope moves description and title onto an anyOf wrapper, drops siblings that are dropped anyway, and fails on any other."
	case "max_depth":
		return "Strict mode limits object nesting; strictscope checks 10 levels (the current limit; some models enforce 5)."
	case "type":
		return "A tool's parameters must be an object schema; strictscope fails the conversion at the root."
	}
	if advice, bad := adapter.UnsupportedKeyword(kw); bad {
		return fmt.Sprintf("%q is not supported in strict mode (%s); strictscope cannot convert it, so the tool is sent as a fallback (strict auto) or left out (strict true).", kw, advice)
	}
	return ""
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
