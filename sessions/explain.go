package sessions

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

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
	ToolName   string       // from the message ("Invalid schema for function 'NAME'")
	SchemaPath adapter.Path // the node the error is about, nil when not given
	Keyword    string       // the keyword or limit the error names, "" when none

	Tool *adapter.ToolOutcome // the tool it resolves to among the given tool lists
	// Advice says what the error means and what strictscope's conversion does
	// about it, in sentences.
	Advice []string
}

var (
	reSubject      = regexp.MustCompile(`Invalid schema for (function|response_format) '([^']*)'`)
	reContext      = regexp.MustCompile(`context=\(([^)]*)\)`)
	reFoundAt      = regexp.MustCompile(`Found at (\$.*?)\.?\s*$`)
	reToolIndex    = regexp.MustCompile(`tools\[(\d+)\]`)
	reQuoted       = regexp.MustCompile(`'([^']*)'`)
	reKeywordFirst = regexp.MustCompile(`^\s*'([^']+)' (is not permitted|is required to be supplied)`)
	reFormat       = regexp.MustCompile(`'([^']+)' is not a valid format`)
	reNesting      = regexp.MustCompile(`(\d+) levels of nesting exceeds limit of (\d+)`)
	reMissing      = regexp.MustCompile(`Missing '([^']*)'`)
)

// ExplainError reads an error body ({"error":{"message","param","code"}}), or a bare
// message. When report is not nil, the tool is resolved among its tools: by the
// function name in the message (an exposed name, exactly), else by the index in
// param (tools[N], counting the tools as rendered). Two message styles give a
// schema path: "In context=('properties', 'x'), …" and "… Found at
// $.properties.x.pattern".
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

// read takes apart the message and param.
func (ex *Explanation) read() {
	msg := ex.Message
	if m := reSubject.FindStringSubmatch(msg); m != nil {
		ex.Subject = m[1]
		if m[1] == "function" {
			ex.ToolName = m[2]
		}
	}
	for _, s := range []string{ex.Param, msg} {
		if m := reToolIndex.FindStringSubmatch(s); m != nil {
			ex.ToolIndex, _ = strconv.Atoi(m[1])
			break
		}
	}
	rest := msg
	switch {
	case reContext.MatchString(msg):
		loc := reContext.FindStringSubmatchIndex(msg)
		ex.SchemaPath = adapter.Path{}
		for _, q := range reQuoted.FindAllStringSubmatch(msg[loc[2]:loc[3]], -1) {
			ex.SchemaPath = append(ex.SchemaPath, adapter.Key(q[1]))
		}
		rest = strings.TrimLeft(msg[loc[1]:], ", ")
	case reFoundAt.MatchString(msg):
		m := reFoundAt.FindStringSubmatch(msg)
		if p, ok := parseDollarPath(m[1]); ok {
			ex.SchemaPath = p
			// The path ends at the keyword: the node is its parent.
			if n := len(p); n > 0 && p[n-1].Kind == adapter.KeyStep && !isPropertyName(p, n-1) {
				ex.Keyword = p[n-1].Key
				ex.SchemaPath = p[:n-1]
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
	case ex.Subject != "" || strings.Contains(lower, "invalid json schema") || ex.SchemaPath != nil:
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

// isPropertyName reports whether step i of a schema path is a property name (it
// follows "properties", "$defs" or "definitions").
func isPropertyName(p adapter.Path, i int) bool {
	if i == 0 {
		return false
	}
	prev := p[i-1]
	return prev.Kind == adapter.KeyStep && (prev.Key == "properties" || prev.Key == "$defs" || prev.Key == "definitions") && !isPropertyName(p, i-1)
}

// parseDollarPath reads "$.properties.x.pattern", "$.a[0]" and "$['a b']".
func parseDollarPath(s string) (adapter.Path, bool) {
	if !strings.HasPrefix(s, "$") {
		return nil, false
	}
	s = s[1:]
	p := adapter.Path{}
	for len(s) > 0 {
		switch s[0] {
		case '.':
			s = s[1:]
			end := strings.IndexAny(s, ".[")
			if end < 0 {
				end = len(s)
			}
			p = append(p, adapter.Key(s[:end]))
			s = s[end:]
		case '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, false
			}
			inner := s[1:end]
			if n, err := strconv.Atoi(inner); err == nil {
				p = append(p, adapter.Index(n))
			} else {
				p = append(p, adapter.Key(strings.Trim(inner, `'"`)))
			}
			s = s[end+1:]
		default:
			return nil, false
		}
	}
	return p, true
}

// resolve finds the tool among the report's outcomes.
func (ex *Explanation) resolve(rep *adapter.ToolsReport) {
	if ex.ToolName != "" {
		if o, ok := rep.Lookup(ex.ToolName); ok {
			ex.Tool = o
			return
		}
		for _, o := range rep.Outcomes {
			if o.Entry.Tool.Name == ex.ToolName {
				ex.Tool = o
				return
			}
		}
	}
	if ex.ToolIndex >= 0 && ex.Subject != "response_format" {
		n := 0
		for _, o := range rep.Outcomes {
			if o.Status == adapter.StatusExcluded {
				continue
			}
			if n == ex.ToolIndex {
				ex.Tool = o
				return
			}
			n++
		}
	}
}

// advise writes what the error means and what strictscope does about it.
func (ex *Explanation) advise() {
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
		if ex.ToolName != "" || ex.ToolIndex >= 0 {
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
		say("With --strict auto it sends the tool as written with \"strict\": false (a fallback); with --strict true it leaves the tool out, so the request is not rejected.")
	}
	if o.Status != "" {
		say("In this run the tool is %s.", o.Status)
	}
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
		return "Strict mode needs an items schema on every array; strictscope cannot invent one, so the tool falls back or is left out."
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
		return fmt.Sprintf("%q is not supported in strict mode (%s); strictscope cannot convert it, so the tool falls back (strict auto) or is left out (strict true).", kw, advice)
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
