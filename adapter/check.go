package adapter

import (
	"fmt"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// A Violation is one way a schema breaks OpenAI's strict-mode rules: where (the
// schema path of the node), which keyword or limit, and what is wrong.
type Violation struct {
	Path    Path
	Keyword string
	Message string
}

func (v Violation) String() string {
	return fmt.Sprintf("%s at %s: %s", v.Keyword, v.Path.String(), v.Message)
}

// CheckStrict lists every way schema breaks the rules OpenAI applies to a strict
// schema, as a schema meant for "strict": true must already satisfy them: the
// rules of StrictSchema seen from its output. It is independent of StrictSchema,
// for people who write strict schemas by hand, and every result of StrictSchema
// passes it.
//
// The root is an object with "type": "object" and neither anyOf nor $ref. Every
// schema node (the root, property schemas, items, anyOf branches and root
// definitions) is an object that says what it accepts (type, enum, const, anyOf or
// $ref) with valid type names, uses only kept keywords with values of the right
// kind, and a format among the nine; a pattern has no look-around; a $ref is a
// local one that resolves and stands alone. Every object has "additionalProperties":
// false, a "properties" object and a "required" list naming every property once and
// nothing else; properties, required and additionalProperties appear only on
// objects, items only on arrays, and every array has items. $defs and definitions
// appear only at the root. Then the size limits: 5,000 properties, 10 levels of
// object nesting, 120,000 characters of names and values, 1,000 enum values, and
// 15,000 characters for a string enum of more than 250 values. A null in an enum
// counts as a value but not as a character, and an enum holding a null is not held
// to the 15,000: the schema does not say whether StrictSchema appended it, and the
// check reads it as if it had, so that a schema StrictSchema wrote always passes.
//
// The result lists violations in document order; it is empty for a valid schema.
func CheckStrict(schema Value) []Violation {
	ch := checker{root: schema}
	if schema.Kind() != Object {
		ch.add(nil, "type", "the root schema must be an object")
		return ch.out
	}
	if t, _ := schema.Get("type"); t.Kind() != String || t.Str() != "object" {
		ch.add(nil, "type", "the root schema must have \"type\": \"object\"")
	}
	if schema.Has("anyOf") {
		ch.add(nil, "anyOf", "the root schema cannot be an anyOf")
	}
	if schema.Has("$ref") {
		ch.add(nil, "$ref", "the root schema cannot be a $ref")
	}
	ch.node(schema, Path{}, true, 0)
	return ch.out
}

type checker struct {
	root       Value
	out        []Violation
	properties int
	chars      int
	enumValues int
	reported   map[string]bool // limits already reported
}

func (ch *checker) add(p Path, keyword, format string, args ...any) {
	if p == nil {
		p = Path{}
	}
	ch.out = append(ch.out, Violation{Path: p, Keyword: keyword, Message: fmt.Sprintf(format, args...)})
}

func (ch *checker) limit(p Path, keyword, format string, args ...any) {
	if ch.reported == nil {
		ch.reported = map[string]bool{}
	}
	if ch.reported[keyword] {
		return
	}
	ch.reported[keyword] = true
	ch.add(p, keyword, format, args...)
}

func (ch *checker) node(n Value, p Path, isRoot bool, level int) {
	if n.Kind() != Object {
		ch.add(p, "type", "a schema must be an object, not %s", describeKind(n))
		return
	}
	isObject, isArray := typeHas(n, "object"), typeHas(n, "array")
	if isObject {
		level++
		if level > MaxStrictDepth {
			ch.limit(p, "max_depth", "objects nest more than %d levels deep", MaxStrictDepth)
		}
	}
	if r, ok := n.Get("$ref"); ok {
		if n.Len() > 1 {
			ch.add(p, "$ref", "a $ref must stand alone; OpenAI rejects sibling keywords")
		}
		t, ok := parseRef(r.Str())
		switch {
		case r.Kind() != String:
			ch.add(p, "$ref", "a $ref must be a string, not %s", describeKind(r))
		case !ok:
			ch.add(p, "$ref", "this $ref %s; a $ref must be \"#\", \"#/$defs/NAME\" or \"#/definitions/NAME\"", refProblem(r.Str()))
		default:
			if _, ok := resolveRef(ch.root, t); !ok {
				ch.add(p, "$ref", "this $ref points to no definition")
			}
		}
	}
	if !n.Has("type") && !n.Has("enum") && !n.Has("const") && !n.Has("anyOf") && !n.Has("$ref") {
		ch.add(p, "type", "a schema must have type, enum, const, anyOf or $ref")
	}
	for _, m := range n.Members() {
		ch.member(n, m, p, isRoot, isObject, isArray, level)
	}
	if isObject {
		ap, ok := n.Get("additionalProperties")
		if !ok || ap.Kind() != Bool || ap.Bool() {
			ch.add(p, "additionalProperties", "an object must have \"additionalProperties\": false")
		}
		props, ok := n.Get("properties")
		if !ok {
			ch.add(p, "properties", "an object must have \"properties\"")
		}
		ch.required(n, props, p)
	}
	if isArray && !n.Has("items") {
		ch.add(p, "items", "an array must have items")
	}
}

func (ch *checker) member(n Value, m Member, p Path, isRoot, isObject, isArray bool, level int) {
	v := m.Value()
	at := p.Append(Key(m.Key()))
	switch m.Key() {
	case "type":
		ok := false
		switch v.Kind() {
		case String:
			ok = isTypeName(v.Str())
		case Array:
			ok = v.Len() > 0
			for _, it := range v.Items() {
				ok = ok && it.Kind() == String && isTypeName(it.Str())
			}
		}
		if !ok {
			ch.add(p, "type", "type must be a type name or a non-empty list of them")
		}
	case "properties":
		if !isObject {
			ch.add(p, "properties", "properties appear only on objects")
		}
		if v.Kind() != Object {
			ch.add(p, "properties", "properties must be an object")
			return
		}
		for _, pm := range v.Members() {
			ch.properties++
			if ch.properties > MaxStrictProperties {
				ch.limit(p, "max_properties", "more than %d properties in total", MaxStrictProperties)
			}
			ch.addChars(p, utf8.RuneCountInString(pm.Key()))
			ch.node(pm.Value(), at.Append(Key(pm.Key())), false, level)
		}
	case "required":
		if !isObject {
			ch.add(p, "required", "required appears only on objects")
		}
	case "additionalProperties":
		if !isObject {
			ch.add(p, "additionalProperties", "additionalProperties appears only on objects")
		}
	case "items":
		if !isArray {
			ch.add(p, "items", "items appear only on arrays")
		}
		ch.node(v, at, false, level)
	case "anyOf":
		if v.Kind() != Array || v.Len() == 0 {
			ch.add(p, "anyOf", "anyOf must be a non-empty array")
			return
		}
		for i, b := range v.Items() {
			ch.node(b, at.Append(Index(i)), false, level)
		}
	case "enum":
		if v.Kind() != Array {
			ch.add(p, "enum", "enum must be an array")
			return
		}
		ch.enum(p, v)
	case "const":
		ch.addChars(p, valueChars(v))
	case "$ref":
	case "description", "title":
		if v.Kind() != String {
			ch.add(p, m.Key(), "%s must be a string", m.Key())
		}
	case "pattern":
		if v.Kind() != String {
			ch.add(p, "pattern", "pattern must be a string")
		} else if hasLookaround(v.Str()) {
			ch.add(p, "pattern", "look-around in a pattern is not supported")
		}
	case "format":
		if v.Kind() != String || !isStrictFormat(v.Str()) {
			ch.add(p, "format", "format must be one of date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid")
		}
	case "$defs", "definitions":
		if !isRoot {
			ch.add(p, m.Key(), "%s may appear only at the root", m.Key())
			return
		}
		if v.Kind() != Object {
			ch.add(p, m.Key(), "%s must be an object", m.Key())
			return
		}
		for _, d := range v.Members() {
			ch.addChars(p, utf8.RuneCountInString(d.Key()))
			ch.node(d.Value(), at.Append(Key(d.Key())), false, 0)
		}
	default:
		if isNumericKeyword(m.Key()) {
			if v.Kind() != Number {
				ch.add(p, m.Key(), "%s must be a number", m.Key())
			}
			return
		}
		ch.add(p, m.Key(), "%q is not allowed in a strict schema", m.Key())
	}
}

// required checks that an object's required list names every property once.
func (ch *checker) required(n, props Value, p Path) {
	req, ok := n.Get("required")
	if !ok || req.Kind() != Array {
		ch.add(p, "required", "an object must have a required list naming every property")
		return
	}
	listed := map[string]int{}
	for _, it := range req.Items() {
		if it.Kind() != String {
			ch.add(p, "required", "required must list property names")
			return
		}
		listed[it.Str()]++
	}
	for _, m := range props.Members() {
		switch listed[m.Key()] {
		case 0:
			ch.add(p, "required", "required must include every property; %s is missing", termsafe.Quote(m.Key()))
		case 1:
		default:
			ch.add(p, "required", "required lists %s more than once", termsafe.Quote(m.Key()))
		}
		delete(listed, m.Key())
	}
	for name := range listed {
		ch.add(p, "required", "required names %s, which is not a property", termsafe.Quote(name))
		break
	}
}

func (ch *checker) addChars(p Path, n int) {
	ch.chars += n
	if ch.chars > MaxStrictChars {
		ch.limit(p, "max_chars", "more than %d characters of names and values", MaxStrictChars)
	}
}

// enum counts an enum toward the limits. A schema does not say which of its nulls
// StrictSchema appended (those count toward neither max_chars nor stop an enum from
// being one of strings) and which were written (those do both), so the check takes
// the lenient reading of each: a null counts no characters, and an enum holding a
// null is not held to max_enum_chars. Every result of StrictSchema passes.
func (ch *checker) enum(p Path, v Value) {
	allStrings, total := true, 0
	for _, it := range v.Items() {
		ch.enumValues++
		if ch.enumValues > MaxStrictEnumValues {
			ch.limit(p, "max_enum_values", "more than %d enum values in total", MaxStrictEnumValues)
		}
		switch it.Kind() {
		case Null:
			allStrings = false
			continue
		case String:
			n := utf8.RuneCountInString(it.Str())
			total += n
			ch.addChars(p, n)
		default:
			allStrings = false
			ch.addChars(p, valueChars(it))
		}
	}
	if allStrings && v.Len() > MaxStrictEnumLargeCount && total > MaxStrictEnumChars {
		ch.limit(p, "max_enum_chars", "a string enum of more than %d values with more than %d characters", MaxStrictEnumLargeCount, MaxStrictEnumChars)
	}
}
