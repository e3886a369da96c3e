package explain

import (
	"strconv"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

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

// schemaPath makes a schema path of tokens by the rule Error states:
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
