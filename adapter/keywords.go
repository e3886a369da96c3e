package adapter

import (
	"fmt"
	"strings"
)

// The keyword sets of strict mode (SPEC §5), shared by the converter and CheckStrict.

// unsupportedAdvice returns what to do instead of a keyword strict mode has no
// equivalent for, and whether key is one.
func unsupportedAdvice(key string) (string, bool) {
	switch key {
	case "allOf":
		return "merge the subschemas into one object schema", true
	case "oneOf":
		return "use anyOf instead", true
	case "not", "if", "then", "else", "dependentRequired", "dependentSchemas",
		"dependencies", "unevaluatedItems", "contains", "minContains", "maxContains":
		return "remove it and let the server validate", true
	case "patternProperties", "propertyNames":
		return "declare the properties by name instead", true
	case "unevaluatedProperties":
		return "use \"additionalProperties\": false instead", true
	case "prefixItems":
		return "use one items schema for every element", true
	case "$dynamicRef", "$recursiveRef":
		return "use a local $ref to #/$defs/NAME instead", true
	}
	return "", false
}

// isKept reports whether a keyword survives conversion (format, pattern, $defs and
// definitions have further rules).
func isKept(key string) bool {
	switch key {
	case "type", "properties", "required", "additionalProperties", "items", "enum",
		"const", "anyOf", "$ref", "description", "title", "pattern", "format":
		return true
	}
	return isNumericKeyword(key)
}

// isNumericKeyword reports whether a kept keyword must hold a number.
func isNumericKeyword(key string) bool {
	switch key {
	case "minLength", "maxLength", "multipleOf", "minimum", "maximum",
		"exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems":
		return true
	}
	return false
}

// isStrictFormat reports whether strict mode accepts a string format.
func isStrictFormat(f string) bool {
	switch f {
	case "date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid":
		return true
	}
	return false
}

// isTypeName reports whether t is a JSON Schema type name.
func isTypeName(t string) bool { return typeOf(t) != 0 }

// A typeSet is a set of JSON Schema type names, one bit each in the order of
// typeNames.
type typeSet uint8

const (
	typeString typeSet = 1 << iota
	typeNumber
	typeInteger
	typeBoolean
	typeObject
	typeArray
	typeNull
)

var typeNames = [...]string{"string", "number", "integer", "boolean", "object", "array", "null"}

// typeOf returns the set holding the type named t, empty when t names no type.
func typeOf(t string) typeSet {
	switch t {
	case "string":
		return typeString
	case "number":
		return typeNumber
	case "integer":
		return typeInteger
	case "boolean":
		return typeBoolean
	case "object":
		return typeObject
	case "array":
		return typeArray
	case "null":
		return typeNull
	}
	return 0
}

// Strict-mode limits (SPEC §5, Limits).
const (
	MaxStrictProperties = 5000
	MaxStrictDepth      = 10
	MaxStrictChars      = 120000
	MaxStrictEnumValues = 1000
	// A string enum with more than MaxStrictEnumLargeCount values may hold at most
	// MaxStrictEnumChars characters.
	MaxStrictEnumLargeCount = 250
	MaxStrictEnumChars      = 15000
	// MaxNullPaths bounds the null paths of one schema. $refs used many times can
	// multiply paths without bound; past this the schema fails with keyword "$ref".
	MaxNullPaths = 100000
)

// hasLookaround reports whether a regular expression has a look-ahead or
// look-behind group: an opener (?=, (?!, (?<= or (?<! outside character classes and
// escapes.
func hasLookaround(p string) bool {
	inClass := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
			// A ']' right after '[' or '[^' is a literal member of the class.
			if i+1 < len(p) && p[i+1] == '^' {
				i++
			}
			if i+1 < len(p) && p[i+1] == ']' {
				i++
			}
		case c == '(' && i+2 < len(p) && p[i+1] == '?':
			switch p[i+2] {
			case '=', '!':
				return true
			case '<':
				if i+3 < len(p) && (p[i+3] == '=' || p[i+3] == '!') {
					return true
				}
			}
		}
	}
	return false
}

// typeHas reports whether a node's type (a string or a list) names t.
func typeHas(node Value, t string) bool {
	tv, ok := node.Get("type")
	if !ok {
		return false
	}
	switch tv.Kind() {
	case String:
		return tv.Str() == t
	case Array:
		for _, it := range tv.Items() {
			if it.Kind() == String && it.Str() == t {
				return true
			}
		}
	}
	return false
}

// refTarget is a resolved local $ref: the root (Container "") or one definition.
type refTarget struct {
	Container string // "", "$defs" or "definitions"
	Name      string
}

// Path returns the schema path of the target.
func (t refTarget) Path() Path {
	if t.Container == "" {
		return Path{}
	}
	return Keys(t.Container, t.Name)
}

// refProblem says what is wrong with a $ref that parseRef does not accept, as
// the words that follow the $ref in a message: it is empty; it is not local
// (it does not start with "#"); it is local but not a definition
// ("#/properties/x"); it names something inside a definition
// ("#/$defs/d/type"); or it holds a "~" that is not the JSON Pointer escape ~0
// or ~1.
func refProblem(ref string) string {
	if ref == "" {
		return "is empty"
	}
	if !strings.HasPrefix(ref, "#") {
		return "is not local"
	}
	var rest string
	for _, c := range []string{"#/$defs/", "#/definitions/"} {
		if len(ref) > len(c) && strings.HasPrefix(ref, c) {
			rest = ref[len(c):]
		}
	}
	if rest == "" {
		return "does not point to a definition"
	}
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '/':
			return fmt.Sprintf("points inside the definition %s", QuoteForMessage(rest[:i]))
		case '~':
			if i+1 < len(rest) && (rest[i+1] == '0' || rest[i+1] == '1') {
				i++
				continue
			}
			return fmt.Sprintf("holds %s, which is not an escape (~0 stands for ~ and ~1 for /)", QuoteForMessage(rest[i:min(i+2, len(rest))]))
		}
	}
	return "is not one strict mode accepts"
}

// parseRef reads a local $ref of the forms strict mode accepts: "#",
// "#/$defs/NAME" and "#/definitions/NAME", where only ~1 and ~0 are decoded.
func parseRef(ref string) (refTarget, bool) {
	if ref == "#" {
		return refTarget{}, true
	}
	var container, rest string
	switch {
	case len(ref) > len("#/$defs/") && ref[:len("#/$defs/")] == "#/$defs/":
		container, rest = "$defs", ref[len("#/$defs/"):]
	case len(ref) > len("#/definitions/") && ref[:len("#/definitions/")] == "#/definitions/":
		container, rest = "definitions", ref[len("#/definitions/"):]
	default:
		return refTarget{}, false
	}
	name := make([]byte, 0, len(rest))
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; c {
		case '/':
			return refTarget{}, false
		case '~':
			if i+1 >= len(rest) {
				return refTarget{}, false
			}
			switch rest[i+1] {
			case '0':
				name = append(name, '~')
			case '1':
				name = append(name, '/')
			default:
				return refTarget{}, false
			}
			i++
		default:
			name = append(name, c)
		}
	}
	return refTarget{container, string(name)}, true
}

// resolveRef finds a target in root.
func resolveRef(root Value, t refTarget) (Value, bool) {
	if t.Container == "" {
		return root, true
	}
	defs, ok := root.Get(t.Container)
	if !ok || defs.Kind() != Object {
		return Value{}, false
	}
	return defs.Get(t.Name)
}

// keyword is a schema keyword as the converter tells them apart: each member's key
// is classified once, and the passes over a node switch on the class.
type keyword uint8

const (
	kwOther       keyword = iota // dropped
	kwUnsupported                // fails the conversion
	kwType
	kwProperties
	kwRequired
	kwAdditionalProperties
	kwItems
	kwEnum
	kwConst
	kwAnyOf
	kwRef
	kwDescription
	kwTitle
	kwPattern
	kwFormat
	kwDefs // $defs or definitions
	kwNumeric
	kwDefault // dropped; a property's default is written into its description

	kwCount // the number of classes
)

// The classes are bits of a uint32 (leafOnce, seen sets): fewer than 32.
const _ = uint32(1 << (kwCount - 1)) // does not compile with 33 classes

// classify returns the class of a member key: leafClass tells apart the
// keywords a plain leaf may hold, the most common, and classifyKey the rest.
func classify(key string) keyword {
	if k := leafClass(key); k != kwUnknown {
		return k
	}
	return classifyKey(key)
}

// kwUnknown is leafClass's answer for a key that is not one of its keywords.
const kwUnknown keyword = 0xFF

// leafClass is the class of key when it is a keyword a plain leaf may hold,
// and kwUnknown otherwise: the most common keys, told apart first. (child
// names the same keywords in its own switch, which checks their values too.)
func leafClass(key string) keyword {
	switch key {
	case "type":
		return kwType
	case "description":
		return kwDescription
	case "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems",
		"exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		return kwNumeric
	case "enum":
		return kwEnum
	case "items":
		return kwItems
	case "default":
		return kwDefault
	case "title":
		return kwTitle
	case "format":
		return kwFormat
	case "pattern":
		return kwPattern
	}
	return kwUnknown
}

// classifyKey is the class of a key that leafClass does not know.
func classifyKey(key string) keyword {
	switch key {
	case "properties":
		return kwProperties
	case "required":
		return kwRequired
	case "additionalProperties":
		return kwAdditionalProperties
	case "const":
		return kwConst
	case "anyOf":
		return kwAnyOf
	case "$ref":
		return kwRef
	case "$defs", "definitions":
		return kwDefs
	}
	if _, bad := unsupportedAdvice(key); bad {
		return kwUnsupported
	}
	return kwOther
}
