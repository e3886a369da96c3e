package explain

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

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
		say("The property %s was left out of required.", termsafe.Quote(m[1]))
	}
	if ex.Tool == nil {
		if !ex.lists && (ex.ToolName != "" || ex.ToolIndex >= 0) {
			say("Give the tool lists with --tools to see what strictscope does with this tool.")
		}
		return
	}
	o := ex.Tool
	name := termsafe.Quote(o.Entry.Exposed)
	switch {
	case o.ConversionErr == nil:
		say("strictscope converts %s to strict mode: every object gets additionalProperties false and a complete required list, optional properties become nullable (null paths %s), and unsupported keywords are dropped.", name, termsafe.Sanitize(o.Conversion.NullPaths.Value().String()))
		for _, d := range o.Conversion.Dropped.All() {
			if ex.SchemaPath != nil && hasPrefix(d.Path, ex.SchemaPath) {
				say("At this path it drops %s (%s).", termsafe.Quote(d.Keyword), termsafe.Sanitize(d.Path.String()))
			}
		}
	default:
		e := o.ConversionErr
		say("strictscope cannot convert %s either: %s at %s: %s.", name, termsafe.Sanitize(e.Keyword), termsafe.Sanitize(e.Path.String()), termsafe.Sanitize(strings.TrimSuffix(e.Message, ".")))
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
