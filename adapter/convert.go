package adapter

import (
	"fmt"
	"slices"

	"github.com/strictscope/strictscope/adapter/internal/arena"
	"github.com/strictscope/strictscope/adapter/internal/namesort"
	"github.com/strictscope/strictscope/adapter/internal/runlist"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// converter holds the state of one conversion. It is 1264 bytes: with the
// allocator's header it fits the 1280-byte size class, and each class above
// costs 128 bytes more on every conversion (TestConverterSizeClass).
type converter struct {
	opts   StrictOptions
	noLeaf bool // convert plain leaves with node too (for tests)
	root   Value

	reachable map[refTarget]bool // definitions reachable from the root
	rootUnit  unit
	units     map[refTarget]*unit // every unit, once a definition or $ref needs them; nil before
	unit      *unit               // the root or definition being converted

	// The schema path of the current node; its instance path is read from it
	// when needed (see instancePath). The path starts in spathBuf: one of up
	// to eight steps (four levels of properties) needs no allocation.
	sp        pathStack
	spathBuf  [8]pathFrame
	unitStart int // where the unit being converted starts in sp

	arena    *arena.Arena // owns the output's new members and elements
	memSlab  arena.Slab[Member]
	valSlab  arena.Slab[Value]
	nodeSlab arena.Slab[pathNode]
	// The groups of null paths: one for each object with a property made
	// nullable, often one for each object.
	groupSlab arena.Slab[pathGroup]
	sorter    namesort.Sorter // scratch for requiredList
	textBuf   []byte          // scratch for defaultText

	// Totals toward the size limits, counted while converting, so that the exact
	// walk of checkLimits (which finds where a limit is crossed) runs only when
	// one may be. Text is counted in bytes, never fewer than its characters.
	level    int // object nesting of the node being converted
	tot      limitTotals
	reqSet   map[string]bool // scratch for requiredSet
	boolSlab arena.Slab[bool]
	// The output is built in document order, so where it crosses the limits on
	// properties and enum values is known while converting: crossed is the first
	// such limit error, at its path in the output. wrapAt holds the lengths of
	// the schema path at which an enclosing node is wrapped in an anyOf
	// (nullWrap), which puts "anyOf", 0 into the output path there.
	crossed  *StrictError
	wrapAt   []int
	sawRef   bool // a $ref was converted
	sawAnyOf bool // an anyOf was converted

	dropped   runlist.List[droppedHead]
	removed   Removed
	nullPaths pathSeq
	err       *StrictError

	// The group of the null paths of the object whose properties are being
	// converted: its instance path, its properties and the schema path of its
	// "properties" (nil until one is made nullable); those properties, and
	// the index of the one converting. For each null path, the sites after
	// its first (see StrictResult.NullSites).
	curGroup  *pathGroup
	curProps  []Member
	curProp   uint32
	propAt    int // the index in sp of the name of the property converting
	moreSites map[int][]*pathNode

	nullOK map[refTarget]bool // which $ref targets accept null; nil until needed
	// The $refs each unit uses, in the order the walk met them; nil until one
	// is converted.
	refUses map[*unit][]refUse
}

func (c *converter) fail(keyword, format string, args ...any) bool {
	if c.err == nil {
		c.err = &StrictError{Path: c.sp.path(c.sp.len()), Keyword: keyword, Message: fmt.Sprintf(format, args...)}
	}
	return false
}

func (c *converter) drop(key, reason string) {
	// A default, the keyword most often dropped, is named by the constant, so
	// that the runs of defaults compare names by address.
	if key == "default" {
		key = "default"
	}
	c.dropNamed(key, reason)
}

// dropDefault is drop for a node's default.
func (c *converter) dropDefault(p prop) {
	c.dropNamed("default", c.defaultReason(p))
}

// dropNamed is drop for a key that, when it is "default", is the constant.
func (c *converter) dropNamed(key, reason string) {
	// The keyword's schema path: the node's, then the keyword.
	// Below a member name (a property's schema, most often), the path is
	// that of the member's object, the name and the keyword.
	n := c.sp.len()
	if c.curProps != nil && n-1 == c.propAt {
		// A keyword of a property's schema: its path is that of the object's
		// "properties", the name and the keyword.
		// Most often it joins the run of the keyword of an earlier property.
		g := c.group()
		if h := c.dropped.Last(); h != nil && h.group == g && sameText(h.keyword, key) && sameText(h.reason, reason) &&
			c.dropped.JoinLast(c.curProp) {
			return
		}
		c.dropped.AddRun(droppedHead{group: g, keyword: key, reason: reason, how: droppedInKeyword}, c.curProp)
		return
	}
	c.dropped.AddRun(droppedHead{node: c.sp.node(n, &c.nodeSlab), keyword: key, reason: reason}, 0)
}

func (c *converter) run() (Value, bool) {
	root := c.root
	if root.Kind() != Object {
		return Value{}, c.fail("type", "the root schema must be a JSON object with \"type\": \"object\", not %s", describeKind(root))
	}
	if root.Has("anyOf") {
		return Value{}, c.fail("anyOf", "the root schema cannot be an anyOf; make the root one object with the alternatives as properties")
	}
	if t, ok := root.Get("type"); !ok || t.Kind() != String || t.Str() != "object" {
		return Value{}, c.fail("type", "the root schema must have \"type\": \"object\" (a single string)")
	}
	if root.Has("$ref") {
		return Value{}, c.fail("$ref", "the root schema cannot be a $ref; inline the referenced object at the root")
	}
	if root.Has("$defs") || root.Has("definitions") {
		c.reachable = map[refTarget]bool{}
		c.reach(root)
	}
	c.unit = &c.rootUnit
	out, ok := c.node(root, true, prop{})
	if !ok {
		return Value{}, false
	}
	if !c.expandNullPaths() {
		return Value{}, false
	}
	if c.tot.mayCrossText() {
		// The walk finds the first limit crossed of all of them.
		if !c.checkLimits(out) {
			return out, false
		}
	} else if c.crossed != nil {
		c.err = c.crossed
		return out, false
	}
	return out, true
}

// The keyword sets of strict mode (docs/strict-mode.md#unsupported-keywords and
// docs/strict-mode.md#kept-and-dropped-keywords), shared by the converter and
// CheckStrict.

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

// A keywordIndex says where each class of keyword is among a node's members: 1 +
// its index, 0 when the node has none.
type keywordIndex [kwCount]int32

// value returns the value of the member of class k, null when there is none.
func (at *keywordIndex) value(mems []Member, k keyword) Value {
	if i := at[k]; i != 0 {
		return mems[i-1].Value()
	}
	return Value{}
}

// prop describes the property a node sits at, when it does.
type prop struct {
	is       bool // the node is a property's schema
	optional bool // the property is not required: it must accept null
}

// node converts one schema node. isRoot marks the real root (its object exemption
// and its $defs). p says whether the node is a property's schema.
func (c *converter) node(n Value, isRoot bool, p prop) (Value, bool) {
	// Step 1: a node is a JSON object.
	if n.Kind() != Object {
		return Value{}, c.fail("type", "a schema here must be a JSON object, not %s", describeKind(n))
	}
	mems := n.Members()
	// Each key is classified once; steps 2 and 4 need to know which keywords are
	// there, and this first pass finds them.
	var kindsBuf [16]keyword
	kinds := kindsBuf[:0]
	if len(mems) > len(kindsBuf) {
		kinds = make([]keyword, 0, len(mems))
	}
	var at keywordIndex
	for i := range mems {
		k := classify(mems[i].Key())
		kinds = append(kinds, k)
		at[k] = int32(i + 1)
		switch {
		case k == kwUnsupported:
			// Step 2: unsupported keywords, in the node's key order.
			key := mems[i].Key()
			advice, _ := unsupportedAdvice(key)
			return Value{}, c.fail(key, "%q is not supported in strict mode; %s", key, advice)
		case k == kwItems && mems[i].Value().Kind() == Array:
			return Value{}, c.fail("items", "items given as an array (tuple form) is not supported in strict mode; use one items schema for every element")
		}
	}
	hasType, hasRef, hasItems, hasAP := at[kwType] != 0, at[kwRef] != 0, at[kwItems] != 0, at[kwAdditionalProperties] != 0
	hasEnum, hasConst, hasAnyOf := at[kwEnum] != 0, at[kwConst] != 0, at[kwAnyOf] != 0
	tv, props := at.value(mems, kwType), at.value(mems, kwProperties)
	dflt, hasDflt := at.value(mems, kwDefault), at[kwDefault] != 0
	// Step 3: $ref.
	if hasRef {
		return c.refNode(n, at.value(mems, kwRef), p)
	}
	// Step 4: types and the kinds of kept keywords.
	var types typeSet
	if hasType {
		switch tv.Kind() {
		case String:
			if types = typeOf(tv.Str()); types == 0 {
				return Value{}, c.fail("type", "%s is not a JSON Schema type; use one of string, number, integer, boolean, object, array, null", termsafe.Quote(tv.Str()))
			}
		case Array:
			if tv.Len() == 0 {
				return Value{}, c.fail("type", "an empty type list accepts nothing; name at least one type")
			}
			for _, it := range tv.Items() {
				t := typeSet(0)
				if it.Kind() == String {
					t = typeOf(it.Str())
				}
				if t == 0 {
					return Value{}, c.fail("type", "%s is not a JSON Schema type; use one of string, number, integer, boolean, object, array, null", describeValue(it))
				}
				types |= t
			}
		default:
			return Value{}, c.fail("type", "type must be a type name or a list of them, not %s", describeKind(tv))
		}
	} else if !hasEnum && !hasConst && !hasAnyOf {
		return Value{}, c.fail("type", "strict mode needs every schema to say what it accepts: add a type (or enum, const, anyOf, $ref)")
	}
	isObject, isArray := types&typeObject != 0, types&typeArray != 0
	for i, k := range kinds {
		if uncheckedKinds>>k&1 != 0 || k == kwNumeric && mems[i].Value().kind() == Number {
			continue
		}
		if !c.checkKind(mems[i], k, isRoot, isObject) {
			return Value{}, false
		}
	}
	// Step 5: objects.
	if isObject {
		ap, _ := n.Get("additionalProperties")
		if hasAP && !(ap.Kind() == Bool && !ap.Bool()) {
			return Value{}, c.fail("additionalProperties", "strict mode needs \"additionalProperties\": false; an object open to other keys has no strict form, so declare its properties by name")
		}
		if !isRoot && !hasAP && props.Len() == 0 {
			return Value{}, c.fail("additionalProperties", "an object that declares no properties is a free-form map, which strict mode cannot express; declare its properties, or add \"additionalProperties\": false if it must be empty")
		}
	}
	// Step 6: arrays.
	if isArray && !hasItems {
		return Value{}, c.fail("items", "an array needs an items schema in strict mode")
	}

	// Step 7 for an optional property: how it becomes nullable is decided on the
	// input node (conversion keeps type, enum, const and what anyOf branches
	// accept), and applied while its members are built, so that it is copied once.
	// The property's null path goes before the paths found inside it.
	how := nullNone
	if p.optional {
		accepts := (!hasType || types&typeNull != 0) &&
			(!hasEnum || slices.ContainsFunc(at.value(mems, kwEnum).Items(), Value.IsNull)) &&
			(!hasConst || at.value(mems, kwConst).IsNull()) &&
			(!hasAnyOf || slices.ContainsFunc(at.value(mems, kwAnyOf).Items(), c.acceptsNull))
		if !accepts {
			switch {
			case hasConst, hasAnyOf && (hasType || hasEnum):
				how = nullWrap
			case hasType:
				how = nullAddType
			case hasEnum:
				how = nullEnum
			default:
				how = nullBranch
			}
			c.nullEvent()
		}
	}
	if how == nullWrap {
		c.wrapAt = append(c.wrapAt, c.sp.len())
	}
	if isObject {
		// Decremented once the members are built; a failure ends the conversion.
		c.level++
		if c.level > MaxStrictDepth {
			c.tot.deep = true
		}
	}
	extra := 0
	if isObject {
		extra += 3
	}
	if hasDflt {
		extra++
	}
	b := memberBuilder{c: c, src: mems, extra: extra}
	desc := -1 // index of the description in b.out, once b.out exists
	seenProps, seenReq, seenAP := false, false, false
	for i := range mems {
		m := &mems[i]
		switch kinds[i] {
		case kwType:
			if how == nullAddType {
				b.set(i, c.addNullType(m.Value(), types))
			} else {
				b.keep(i)
			}
		case kwEnum:
			b.set(i, c.strictEnum(m.Value(), how == nullAddType || how == nullEnum))
		case kwConst:
			c.tot.chars += valueBound(m.Value())
			b.keep(i)
		case kwProperties:
			if !isObject {
				b.drop(i, ReasonNotObject)
				continue
			}
			c.sp.push(Key("properties"))
			conv, ok := c.properties(m.Value(), n)
			c.sp.pop(1)
			if !ok {
				return Value{}, false
			}
			b.set(i, conv)
			seenProps = true
		case kwRequired:
			if !isObject {
				b.drop(i, ReasonNotObject)
				continue
			}
			b.set(i, c.requiredList(props, m.Value()))
			seenReq = true
		case kwAdditionalProperties:
			if !isObject {
				b.drop(i, ReasonNotObject)
				continue
			}
			b.keep(i)
			seenAP = true
		case kwItems:
			if !isArray {
				b.drop(i, ReasonNotArray)
				continue
			}
			conv, ok := c.items(m.Value())
			if !ok {
				return Value{}, false
			}
			b.set(i, conv)
		case kwAnyOf:
			c.sawAnyOf = true
			src := m.Value().Items()
			var branches []Value // nil while every branch converts to itself
			c.sp.push(Key("anyOf"))
			c.sp.push(Step{})
			for j, br := range src {
				c.sp.setIndex(c.sp.len()-1, j)
				conv, ok := c.child(br, prop{})
				if !ok {
					return Value{}, false
				}
				if branches == nil && conv != br {
					branches = c.values(len(src))
					copy(branches, src[:j])
				}
				if branches != nil {
					branches[j] = conv
				}
			}
			c.sp.pop(2)
			if how == nullBranch {
				if branches == nil {
					branches = c.values(len(src) + 1)
					copy(branches, src)
				} else {
					grown := c.values(len(src) + 1)
					copy(grown, branches)
					branches = grown
				}
				branches[len(src)] = nullSchema
			}
			if branches != nil {
				b.set(i, arrayOf(branches))
			} else {
				b.keep(i)
			}
		case kwDescription, kwTitle:
			if m.Value().Kind() != String {
				b.drop(i, ReasonNotString)
				continue
			}
			b.set(i, c.clean(m.Value()))
			if kinds[i] == kwDescription {
				desc = b.last()
			}
		case kwPattern:
			if hasLookaround(m.Value().Str()) {
				b.drop(i, ReasonLookaround)
				continue
			}
			b.keep(i)
		case kwFormat:
			if !isStrictFormat(m.Value().Str()) {
				b.drop(i, ReasonFormat)
				continue
			}
			b.keep(i)
		case kwDefs:
			if !isRoot {
				b.drop(i, ReasonNestedDefs)
				continue
			}
			conv, keep, ok := c.definitions(m.Key(), m.Value())
			if !ok {
				return Value{}, false
			}
			if keep {
				b.set(i, conv)
			} else {
				b.skip(i)
			}
		case kwNumeric:
			b.keep(i)
		default:
			b.drop(i, c.dropReason(m.Key(), p))
		}
	}
	if isObject {
		if !seenProps {
			b.add(MemberOf("properties", valueOf(Object, 0, nil)))
		}
		if !seenReq {
			b.add(MemberOf("required", c.requiredList(props, Value{})))
		}
		if !seenAP {
			b.add(MemberOf("additionalProperties", BoolValue(false)))
		}
	}
	// Most nodes have no default: defaultText is not called for them.
	if hasDflt {
		if text, ok := c.defaultText(p, dflt); ok {
			if desc >= 0 {
				d := &b.out[desc]
				d.setValue(c.joinDescription(d.Value(), text))
			} else {
				b.add(MemberOf("description", StringValue(text)))
			}
		}
	}
	if isObject {
		c.level--
	}
	out := b.value(n)
	if how == nullWrap {
		c.wrapAt = c.wrapAt[:len(c.wrapAt)-1]
		out = c.wrapNull(out)
	}
	return out, true
}

// memberBuilder builds the members of a converted node copy-on-write: while every
// member is kept as it is, nothing is allocated and the input node is the output.
type memberBuilder struct {
	c     *converter
	src   []Member
	out   []Member // nil until the output differs from src
	i     int      // members of src accounted for
	extra int      // members that may be added
}

func (b *memberBuilder) materialize() {
	if b.out == nil {
		b.out = b.c.members(len(b.src) + b.extra)[:0]
		b.out = append(b.out, b.src[:b.i]...)
	}
}

// keep takes member i unchanged.
func (b *memberBuilder) keep(i int) {
	if b.out != nil {
		b.out = b.c.push(b.out, b.src[i])
	}
	b.i = i + 1
}

// set takes member i with a new value.
func (b *memberBuilder) set(i int, v Value) {
	if b.out == nil && v == b.src[i].Value() {
		b.i = i + 1
		return
	}
	b.setNew(i, v)
}

func (b *memberBuilder) setNew(i int, v Value) {
	b.materialize()
	b.out = b.c.push(b.out, b.src[i].withValue(v))
	b.i = i + 1
}

// drop leaves member i out and lists it in dropped.
func (b *memberBuilder) drop(i int, reason string) {
	b.c.drop(b.src[i].Key(), reason)
	b.skip(i)
}

// skip leaves member i out.
func (b *memberBuilder) skip(i int) {
	b.materialize()
	b.i = i + 1
}

// add appends a new member.
func (b *memberBuilder) add(m Member) {
	b.materialize()
	b.out = b.c.push(b.out, m)
}

// last returns the index of the member just taken, materializing the output.
func (b *memberBuilder) last() int {
	b.materialize()
	return len(b.out) - 1
}

func (b *memberBuilder) value(orig Value) Value {
	if b.out == nil {
		return orig
	}
	return objectOf(b.out)
}

// uncheckedKinds are the classes of keyword whose value checkKind does not check.
const uncheckedKinds = 1<<kwOther | 1<<kwType | 1<<kwAdditionalProperties | 1<<kwItems |
	1<<kwConst | 1<<kwRef | 1<<kwDescription | 1<<kwTitle | 1<<kwDefault

// checkKind fails a kept keyword whose value has the wrong JSON kind
// (docs/strict-mode.md#types-and-keyword-kinds).
func (c *converter) checkKind(m Member, k keyword, isRoot, isObject bool) bool {
	v := m.Value()
	switch k {
	case kwEnum:
		if v.Kind() != Array {
			return c.fail("enum", "enum must be an array of values, not %s", describeKind(v))
		}
	case kwAnyOf:
		if v.Kind() != Array || v.Len() == 0 {
			return c.fail("anyOf", "anyOf must be a non-empty array of schemas")
		}
	case kwProperties:
		if isObject && v.Kind() != Object {
			return c.fail("properties", "properties must be an object mapping names to schemas, not %s", describeKind(v))
		}
	case kwRequired:
		if isObject && v.Kind() != Array {
			return c.fail("required", "required must be an array of property names, not %s", describeKind(v))
		}
	case kwPattern, kwFormat:
		if v.Kind() != String {
			return c.fail(m.Key(), "%s must be a string, not %s", m.Key(), describeKind(v))
		}
	case kwDefs:
		if isRoot && v.Kind() != Object {
			return c.fail(m.Key(), "%s must be an object mapping names to schemas, not %s", m.Key(), describeKind(v))
		}
	case kwNumeric:
		if v.Kind() != Number {
			if v.Kind() == Bool && (m.Key() == "exclusiveMinimum" || m.Key() == "exclusiveMaximum") {
				return c.fail(m.Key(), "a boolean %s is draft-04 syntax; write the bound itself (\"%s\": N) instead of a flag", m.Key(), m.Key())
			}
			return c.fail(m.Key(), "%s must be a number, not %s", m.Key(), describeKind(v))
		}
	}
	return true
}

// properties converts the members of a properties object; parent is the object node.
func (c *converter) properties(props Value, parent Value) (Value, bool) {
	mems := props.Members()
	// Which properties are optional is read before any child is converted: the
	// required set is shared scratch that nested objects reuse.
	optional, chars := c.optionalFlags(mems, parent)
	c.tot.chars += chars
	// These properties' object is saved as a site when one is made nullable.
	outerGroup, outerProps, outerAt, outerProp := c.curGroup, c.curProps, c.propAt, c.curProp
	// The step into the property that holds these is written before the
	// frame of theirs becomes the one sync writes.
	c.sp.sync()
	// Each property's name is the last step of the path while it converts.
	sp := c.sp.len()
	c.curGroup, c.curProps, c.propAt = nil, mems, sp
	c.sp.pushProps(mems)
	var out []Member // nil while every property converts to itself
	for i, opt := range optional[:len(mems)] {
		m := &mems[i]
		val := m.Value()
		// Counted one by one, as the properties before this one may hold
		// objects of their own.
		c.tot.properties++
		if c.tot.properties == MaxStrictProperties+1 && c.crossed == nil {
			// The object, whose path ends before its "properties".
			c.crossed = propertiesError(c.outputPath(sp - 1))
		}
		c.curProp = uint32(i) // the step into it (see pathStack.sync)
		conv, ok := c.child(val, prop{is: true, optional: opt})
		if !ok {
			return Value{}, false
		}
		if conv != val {
			// The members are copied at the first that changes, and only
			// those that change are written after it.
			if out == nil {
				out = c.copyOf(mems)
			}
			putMemberValue(&out[i], conv)
		}
	}
	c.sp.pop(1)
	c.curGroup, c.curProps, c.propAt, c.curProp = outerGroup, outerProps, outerAt, outerProp
	if out == nil {
		return props, true
	}
	return objectOf(out), true
}

// strictEnum is an enum as it is written out, counted toward the limits: null
// is appended when the node becomes nullable through it (addNull), and every
// null of the input is written, even one an earlier conversion appended (a
// result given back as it is), so the input's mark goes.
func (c *converter) strictEnum(e Value, addNull bool) Value {
	e = e.withFlag(false)
	if addNull {
		e = c.appendNull(e)
	}
	c.tot.addEnum(e)
	if c.tot.enumValues > MaxStrictEnumValues && c.crossed == nil {
		c.crossed = enumValuesError(c.outputPath(c.sp.len()))
	}
	return e
}

// items converts the items schema of an array node.
func (c *converter) items(n Value) (Value, bool) {
	if onlyType(n)&scalarTypes != 0 {
		// Not a property, so not made nullable: it converts to itself.
		return n, true
	}
	c.sp.push(Key("items"))
	out, ok := c.child(n, prop{})
	c.sp.pop(1)
	return out, ok
}

// dropReason says why a keyword that strict mode does not keep is dropped.
func (c *converter) dropReason(key string, p prop) string {
	if key != "default" {
		return ReasonUnsupported
	}
	return c.defaultReason(p)
}

// defaultReason says why a node's default is dropped.
func (c *converter) defaultReason(p prop) string {
	if p.is && !c.opts.NoDefaultDescriptions {
		return ReasonDefault
	}
	return ReasonDefaultNoText
}

// defaultText returns the "Default: …." text for the default d of the node at
// p; there is none when the node is not a property's schema.
func (c *converter) defaultText(p prop, d Value) (string, bool) {
	if !p.is || c.opts.NoDefaultDescriptions {
		return "", false
	}
	// The texts of true, false and null are known, and a number's text (when
	// it is plain ASCII, as decoded numbers are) has no hidden characters.
	switch d.kind() {
	case Null:
		return "Default: null.", true
	case Bool:
		if d.flag() {
			return "Default: true.", true
		}
		return "Default: false.", true
	case Number:
		if printableASCII(d.text()) {
			return c.arena.HoldText("Default: " + d.text() + "."), true
		}
	}
	c.textBuf = append(c.textBuf[:0], "Default: "...)
	c.textBuf = AppendCompact(c.textBuf, d)
	c.textBuf = append(c.textBuf, '.')
	cleaned, rem := CleanText(string(c.textBuf))
	c.removed.Add(rem)
	return c.arena.HoldText(cleaned), true
}

// printableASCII reports whether s has only bytes from space to tilde.
func printableASCII(s string) bool { return printablePrefix(s) == len(s) }

// joinDescription appends a default's text (from defaultText) to a description.
func (c *converter) joinDescription(desc Value, text string) Value {
	if desc.text() == "" {
		return StringValue(text)
	}
	return c.hold(StringValue(desc.text() + " " + text))
}

// clean removes hidden characters from a description or title string.
func (c *converter) clean(s Value) Value {
	if s.plain() {
		return s
	}
	out, rem := CleanText(s.Str())
	if rem.Count == 0 {
		return s
	}
	c.removed.Add(rem)
	return c.hold(StringValue(out))
}

// optionalFlags says, for each property, whether it is optional: not in the
// object's required list. Required lists usually name properties in the order
// they are declared, and then one walk of both answers; otherwise a set does.
// chars is the total length of the names, which the walk reads anyway.
func (c *converter) optionalFlags(mems []Member, parent Value) (optional []bool, chars int) {
	optional = c.bools(len(mems))
	r, _ := parent.Get("required")
	req := r.Items()
	j := 0
	for i := range mems {
		key := mems[i].Key()
		chars += len(key)
		if j < len(req) {
			if r := &req[j]; r.kind() == String && namesort.Same(r.text(), key) {
				j++
				continue
			}
		}
		optional[i] = true
	}
	if j == len(req) {
		return optional, chars
	}
	set := c.requiredSet(parent)
	for i, m := range mems {
		optional[i] = !set.has(m.Key())
	}
	return optional, chars
}

// requiredNames is the set of names in a node's required list.
type requiredNames struct {
	list []Value
	set  map[string]bool
}

// requiredSet reads a node's required list. Long lists go into a map the converter
// reuses, so the set is only valid until the next call.
func (c *converter) requiredSet(node Value) requiredNames {
	r, _ := node.Get("required")
	items := r.Items()
	if len(items) <= 8 {
		return requiredNames{list: items}
	}
	if c.reqSet == nil {
		c.reqSet = make(map[string]bool, len(items))
	}
	clear(c.reqSet)
	for _, it := range items {
		if it.Kind() == String {
			c.reqSet[it.Str()] = true
		}
	}
	return requiredNames{set: c.reqSet}
}

func (r requiredNames) has(name string) bool {
	if r.set != nil {
		return r.set[name]
	}
	for _, it := range r.list {
		if it.Kind() == String && it.Str() == name {
			return true
		}
	}
	return false
}

// requiredList lists every property name, sorted. A required list that already is
// exactly that is returned as it is.
func (c *converter) requiredList(props Value, existing Value) Value {
	mems := props.Members()
	keys, mask := namesort.Sort(&c.sorter, mems)
	if old := existing.Items(); existing.Kind() == Array && len(old) == len(keys) {
		same := true
		for i, it := range old {
			if it.Kind() != String || it.Str() != mems[keys[i]&mask].Key() {
				same = false
				break
			}
		}
		if same {
			return existing
		}
	}
	items := c.values(len(keys))[:len(keys)]
	for i, k := range keys {
		putValue(&items[i], StringValue(mems[k&mask].Key()))
	}
	return arrayOf(items)
}

func describeKind(v Value) string {
	switch v.Kind() {
	case Null:
		return "null"
	case Bool:
		if v.Bool() {
			return "true"
		}
		return "false"
	case Number:
		return "a number"
	case String:
		return "a string"
	case Array:
		return "an array"
	}
	return "an object"
}

func describeValue(v Value) string {
	if v.Kind() == String {
		return termsafe.Quote(v.Str())
	}
	return termsafe.Sanitize(v.String())
}
