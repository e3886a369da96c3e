package adapter

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/strictscope/strictscope/adapter/internal/arena"
	"github.com/strictscope/strictscope/adapter/internal/namesort"
	"github.com/strictscope/strictscope/adapter/internal/runlist"
)

// StrictOptions adjust StrictSchema.
type StrictOptions struct {
	// NoDefaultDescriptions turns off the "Default: …." text that a property's
	// dropped default otherwise leaves in its description (SPEC §5.9).
	NoDefaultDescriptions bool
}

// Dropped is one keyword the conversion left out, at its schema path in the input,
// and why (one of the Reason constants).
type Dropped struct {
	Path    Path
	Keyword string
	Reason  string
}

// Why a keyword is dropped (Dropped.Reason).
const (
	ReasonUnsupported   = "strict mode does not use it; the server still checks it"
	ReasonDefault       = "strict mode has no default; a property's default is written into its description"
	ReasonDefaultNoText = "strict mode has no default"
	ReasonNotObject     = "kept only on a node whose type is object"
	ReasonNotArray      = "kept only on a node whose type is array"
	ReasonNotString     = "a description or title must be a string"
	ReasonLookaround    = "a pattern with look-around is rejected by newer models"
	ReasonFormat        = "not one of the formats strict mode accepts"
	ReasonNestedDefs    = "definitions are kept only at the root"
	ReasonUnreachable   = "no kept $ref reaches this definition"
)

// StrictResult is a schema converted to OpenAI's strict mode, with what the
// conversion did: the instance paths it made nullable, the keywords it dropped, and
// the hidden characters it removed from description and title strings.
type StrictResult struct {
	Schema    Value
	NullPaths PathList
	Dropped   DroppedList
	Removed   Removed

	// For NullSites, the sites of null path i after its first (which the
	// path itself holds).
	moreSites map[int][]*pathNode

	arena *arena.Arena // owns the Schema's new memory; its Values keep it alive anyway
}

// NullSites says where each null path was made: NullSites()[i] are the schema
// paths, in the input, of the property declarations made nullable for
// NullPaths[i]. There is more than one when anyOf branches, or a definition and
// its uses, declare the property more than once; a declaration that already
// accepted null is not one. The converted schema holds each one's nullable form
// at the same path. The paths are made when asked for (a result not made by
// StrictSchema has none).
func (r *StrictResult) NullSites() [][]Path {
	out := make([][]Path, r.NullPaths.Len())
	for i, end := range eachPath(&r.NullPaths.seq) {
		if end.group.site == nil {
			continue
		}
		site := func(k *pathNode) Path {
			// A null path ends at the property's name, which follows the
			// object's "properties" in its declaration's schema path.
			return k.pathThen(end.key())
		}
		out[i] = []Path{site(end.group.site)}
		for _, k := range r.moreSites[i] {
			out[i] = append(out[i], site(k))
		}
	}
	return out
}

// A StrictError says why a schema has no strict form: the schema path of the node
// (in the input, or in the output for limits), the keyword or limit name, and what
// to change.
type StrictError struct {
	Path    Path
	Keyword string
	Message string
}

func (e *StrictError) Error() string {
	return fmt.Sprintf("%s at %s: %s", e.Keyword, e.Path.String(), e.Message)
}

// StrictSchema rewrites a JSON Schema into the subset OpenAI accepts with
// "strict": true, by the rules of SPEC §5 (see the package documentation). On
// failure the error is a *StrictError.
//
// When the conversion succeeds but the result crosses one of OpenAI's size limits,
// both the result and the error are returned: the error's path points into the
// result's schema, which must not be sent as strict.
func StrictSchema(schema Value, opts StrictOptions) (*StrictResult, error) {
	return strictSchema(schema, opts, false)
}

// strictSchema is StrictSchema; noLeaf converts plain leaves the general way,
// for the tests that hold the two ways to the same result.
func strictSchema(schema Value, opts StrictOptions, noLeaf bool) (*StrictResult, error) {
	c := &converter{opts: opts, root: schema, noLeaf: noLeaf}
	c.sp.frames = c.spathBuf[:0]
	c.sp.live, c.sp.liveAt = &c.curProp, &c.propAt
	// The output shares memory with the input, which its arena keeps.
	c.arena = arena.New()
	holdValue(c.arena, schema)
	c.memSlab, c.valSlab = arena.NewSlab[Member](c.arena), arena.NewSlab[Value](c.arena)
	out, ok := c.run()
	if !ok && out.Kind() == Null {
		return nil, c.err
	}
	res := &StrictResult{Schema: out, NullPaths: PathList{c.nullPaths}, Dropped: DroppedList{c.dropped}, Removed: c.removed,
		moreSites: c.moreSites, arena: c.arena}
	if !ok {
		return res, c.err
	}
	return res, nil
}

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

// A unit is the root or one definition, with the properties a pre-order walk of
// its converted schema made nullable: their instance paths, relative to the
// unit's root, with the schema path of the object that declares each (up to
// its "properties"). The $refs it uses are in converter.refUses, placed among
// these properties.
type unit struct {
	paths pathSeq
}

// A refUse is a $ref used at an instance path, after the unit's first at
// properties made nullable and before the others.
type refUse struct {
	at     int
	path   *pathNode
	target refTarget
}

// nulls is how many properties of the unit were made nullable.
func (u *unit) nulls() int { return u.paths.Len() }

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

// reach marks the definitions reachable from node through $refs at kept positions.
func (c *converter) reach(node Value) {
	if node.Kind() != Object {
		return
	}
	if r, ok := node.Get("$ref"); ok {
		if r.Kind() != String {
			return
		}
		t, ok := parseRef(r.Str())
		if !ok || t.Container == "" || c.reachable[t] {
			return
		}
		target, ok := resolveRef(c.root, t)
		if !ok {
			return
		}
		c.reachable[t] = true
		c.reach(target)
		return
	}
	if typeHas(node, "object") {
		if props, ok := node.Get("properties"); ok {
			for _, m := range props.Members() {
				c.reach(m.Value())
			}
		}
	}
	if typeHas(node, "array") {
		if items, ok := node.Get("items"); ok {
			c.reach(items)
		}
	}
	if any, ok := node.Get("anyOf"); ok {
		for _, b := range any.Items() {
			c.reach(b)
		}
	}
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
	optional bool // the property is not required: it must accept null (SPEC §5.7)
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
				return Value{}, c.fail("type", "%s is not a JSON Schema type; use one of string, number, integer, boolean, object, array, null", QuoteForMessage(tv.Str()))
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

// How an optional property becomes nullable (SPEC §5.7).
const (
	nullNone    = iota // it already accepts null, or is required
	nullWrap           // wrap in {"anyOf":[S,{"type":"null"}]}
	nullAddType        // add "null" to the type (and to the enum)
	nullEnum           // append null to the enum
	nullBranch         // append a {"type":"null"} branch to the anyOf
)

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

// members and values hand out slices from the converter's slabs.
func (c *converter) members(n int) []Member { return c.memSlab.Take(n) }
func (c *converter) values(n int) []Value   { return c.valSlab.Take(n) }

// push appends m to out, a slice from members, growing it in the arena: an
// append past its capacity would move it to memory the arena does not keep.
func (c *converter) push(out []Member, m Member) []Member {
	if len(out) == cap(out) {
		grown := c.members(2*len(out) + 1)[:len(out)]
		arena.Copy(grown, out)
		out = grown
	}
	out = out[:len(out)+1]
	putMember(&out[len(out)-1], m)
	return out
}

// hold keeps the memory of v, a text or an array or object made outside the
// arena, alive for as long as the output that holds it (see package arena).
func (c *converter) hold(v Value) Value {
	holdValue(c.arena, v)
	return v
}

// copyOf returns a copy of mems from the converter's slab, for a node whose
// members change one by one after the first that does.
func (c *converter) copyOf(mems []Member) []Member {
	out := c.members(len(mems))
	arena.Copy(out, mems)
	return out
}

// uncheckedKinds are the classes of keyword whose value checkKind does not check.
const uncheckedKinds = 1<<kwOther | 1<<kwType | 1<<kwAdditionalProperties | 1<<kwItems |
	1<<kwConst | 1<<kwRef | 1<<kwDescription | 1<<kwTitle | 1<<kwDefault

// checkKind fails a kept keyword whose value has the wrong JSON kind (SPEC §5.4).
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

func (c *converter) bools(n int) []bool { return c.boolSlab.Take(n) }

// refNode converts a node holding $ref (SPEC §5.3).
func (c *converter) refNode(n, r Value, p prop) (Value, bool) {
	if r.Kind() != String {
		return Value{}, c.fail("$ref", "$ref must be a string, not %s", describeKind(r))
	}
	t, ok := parseRef(r.Str())
	if !ok {
		return Value{}, c.fail("$ref", "$ref %s %s; strict mode accepts \"#\", \"#/$defs/NAME\" and \"#/definitions/NAME\"", QuoteForMessage(r.Str()), refProblem(r.Str()))
	}
	if _, ok := resolveRef(c.root, t); !ok {
		return Value{}, c.fail("$ref", "$ref %s points to no definition in this schema", QuoteForMessage(r.Str()))
	}
	var wrapped []Member // description and title moved onto a wrapper
	for _, m := range n.Members() {
		switch m.Key() {
		case "$ref":
		case "description", "title":
			if m.Value().Kind() != String {
				c.drop(m.Key(), ReasonNotString)
				continue
			}
			wrapped = append(wrapped, m.withValue(c.clean(m.Value())))
		case "properties", "required", "additionalProperties":
			c.drop(m.Key(), ReasonNotObject)
		case "items":
			c.drop(m.Key(), ReasonNotArray)
		case "$defs", "definitions":
			c.drop(m.Key(), ReasonNestedDefs)
		case "pattern":
			if m.Value().Kind() == String && hasLookaround(m.Value().Str()) {
				c.drop(m.Key(), ReasonLookaround)
				continue
			}
			return Value{}, c.fail("$ref", "OpenAI rejects a $ref with sibling keywords; move %q into the referenced definition", m.Key())
		case "format":
			if m.Value().Kind() == String && !isStrictFormat(m.Value().Str()) {
				c.drop(m.Key(), ReasonFormat)
				continue
			}
			return Value{}, c.fail("$ref", "OpenAI rejects a $ref with sibling keywords; move %q into the referenced definition", m.Key())
		default:
			if isKept(m.Key()) {
				return Value{}, c.fail("$ref", "OpenAI rejects a $ref with sibling keywords; move %q into the referenced definition", m.Key())
			}
			c.drop(m.Key(), c.dropReason(m.Key(), p))
		}
	}
	c.sawRef = true
	// The property's null path goes before the paths found through the $ref.
	nullable := p.optional && !c.refAcceptsNull(t)
	if nullable {
		c.nullEvent()
	}
	c.refUsed(t)
	refMem := c.members(1)
	refMem[0] = MemberOf("$ref", r)
	ref := objectOf(refMem)
	// The default, the last when a Value built by hand has several (as node
	// takes the last of each keyword).
	dflt := -1
	for i, m := range n.Members() {
		if m.Key() == "default" {
			dflt = i
		}
	}
	text, ok := "", false
	if dflt >= 0 {
		text, ok = c.defaultText(p, n.Members()[dflt].Value())
	}
	if ok {
		found := false
		for i := range wrapped {
			if wrapped[i].Key() == "description" {
				wrapped[i].setValue(c.joinDescription(wrapped[i].Value(), text))
				found = true
			}
		}
		if !found {
			wrapped = append(wrapped, MemberOf("description", StringValue(text)))
		}
	}
	// An optional property that is a $ref, when the target does not accept null,
	// is wrapped: {"anyOf":[{"$ref":R},{"type":"null"}]} with the description and
	// title on the wrapper (SPEC §5.7).
	if !nullable && len(wrapped) == 0 {
		return ref, true
	}
	size := 1
	if nullable {
		size = 2
	}
	branches := c.values(size)
	branches[0] = ref
	if nullable {
		branches[1] = nullSchema
	}
	out := c.members(1 + len(wrapped))
	out[0] = MemberOf("anyOf", arrayOf(branches))
	copy(out[1:], wrapped)
	return objectOf(out), true
}

// definitions converts the reachable definitions of a root $defs or definitions
// object; keep is false when none is reachable.
func (c *converter) definitions(container string, defs Value) (Value, bool, bool) {
	var out []Member
	saved := c.unit
	c.allUnits()
	for _, m := range defs.Members() {
		t := refTarget{container, m.Key()}
		if !c.reachable[t] {
			c.dropped.AddRun(droppedHead{node: nodeOf(Keys(container, m.Key())), keyword: container, reason: ReasonUnreachable, how: droppedWhole}, 0)
			continue
		}
		u := &unit{}
		c.units[t] = u
		c.unit = u
		c.sp.push(Key(container))
		c.sp.push(Key(m.Key()))
		// A definition's instance paths and depth count from its own root.
		savedStart, savedLevel := c.unitStart, c.level
		c.unitStart, c.level = c.sp.len(), 0
		c.tot.chars += len(m.Key())
		conv, ok := c.node(m.Value(), false, prop{})
		c.unitStart, c.level = savedStart, savedLevel
		c.sp.pop(2)
		c.unit = saved
		if !ok {
			return Value{}, false, false
		}
		out = append(out, m.withValue(conv))
	}
	if len(out) == 0 {
		return Value{}, false, true
	}
	return c.hold(objectOf(out)), true, true
}

// nullSchema is {"type":"null"}. Values are immutable, so one is shared.
var nullSchema = objectOf([]Member{MemberOf("type", StringValue("null"))})

// wrapNull replaces s by {"anyOf":[s,{"type":"null"}]}, moving its description and
// title onto the wrapper.
func (c *converter) wrapNull(s Value) Value {
	var inner, moved []Member
	for _, m := range s.Members() {
		if m.Key() == "description" || m.Key() == "title" {
			moved = append(moved, m)
		} else {
			inner = append(inner, m)
		}
	}
	in := s
	if len(moved) > 0 {
		in = c.hold(objectOf(inner))
	}
	branches := c.values(2)
	branches[0], branches[1] = in, nullSchema
	out := c.members(1 + len(moved))
	out[0] = MemberOf("anyOf", arrayOf(branches))
	copy(out[1:], moved)
	return objectOf(out)
}

// nullableTypes holds ["T","null"] for every type name T but null, in the order of
// typeNames, shared by every conversion (Values are immutable).
var nullableTypes = func() (out [len(typeNames) - 1]Value) {
	for i := range out {
		out[i] = arrayOf([]Value{StringValue(typeNames[i]), StringValue("null")})
	}
	return out
}()

// nullableType is ["T","null"] for the one type name T other than null in types.
func nullableType(types typeSet) Value {
	return nullableTypes[bits.TrailingZeros8(uint8(types))]
}

// nullableTypeSchemas holds {"type":["T","null"]} for every type name T but
// null, in the order of typeNames: the strict form of an optional property
// that is only a type, shared like nullableTypes.
var nullableTypeSchemas = func() (out [len(typeNames) - 1]Value) {
	for i := range out {
		out[i] = ObjectValue(MemberOf("type", nullableTypes[i]))
	}
	return out
}()

// nullEvent records that the property being converted is made nullable.
func (c *converter) nullEvent() {
	if c.curGroup != nil && c.unit.paths.Join(c.curGroup, c.curProp) {
		return
	}
	c.unit.paths.AddRun(c.group(), c.curProp)
}

// group returns the group of the properties converting, made when first
// asked for: the schema path of their object, up to its "properties", and
// its instance path. A property's own name ends both.
func (c *converter) group() *pathGroup {
	if c.curGroup == nil {
		c.newGroup()
	}
	return c.curGroup
}

func (c *converter) newGroup() {
	n := c.propAt + 1 // the path ends "properties", NAME
	g := &c.groupSlab.Take(1)[0]
	*g = pathGroup{site: c.sp.node(n-1, &c.nodeSlab), prefix: c.instancePath(n - 2), props: c.curProps}
	c.curGroup = g
}

// instancePath makes the instance path, relative to the unit being converted,
// of the node at the first n steps of the schema path: "properties", NAME is
// a step into NAME, "items" one into every element, and "anyOf", i none.
func (c *converter) instancePath(n int) *pathNode {
	var p *pathNode
	c.sp.sync()
	for i := c.unitStart; i < n; i++ {
		switch c.sp.step(i).Key {
		case "properties":
			i++
			p = newNode(&c.nodeSlab, p, c.sp.step(i))
		case "items":
			p = newNode(&c.nodeSlab, p, Every())
		case "anyOf":
			i++
		}
	}
	return p
}

// refUsed records that the node at the instance path being converted is a $ref
// to t.
func (c *converter) refUsed(t refTarget) {
	if c.refUses == nil {
		c.refUses = map[*unit][]refUse{}
	}
	c.refUses[c.unit] = append(c.refUses[c.unit], refUse{at: c.unit.nulls(), path: c.instancePath(c.sp.len()), target: t})
}

// addNullType adds "null" to a type that lacks it; types are the type names it has.
func (c *converter) addNullType(t Value, types typeSet) Value {
	if t.Kind() == String {
		if types == typeNull {
			return t
		}
		return nullableType(types)
	}
	src := t.Items()
	for _, it := range src {
		if it.Str() == "null" {
			return t
		}
	}
	out := c.values(len(src) + 1)
	copy(out, src)
	out[len(src)] = StringValue("null")
	return arrayOf(out)
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

// appendNull appends null to an enum that lacks it, remembering that the null is
// ours (it does not count toward max_chars).
func (c *converter) appendNull(enum Value) Value {
	src := enum.Items()
	for _, it := range src {
		if it.IsNull() {
			return enum
		}
	}
	items := c.values(len(src) + 1)
	arena.Copy(items, src)
	out := arrayOf(items)
	out = out.withFlag(true) // the last null is ours: see appendedNull
	return out
}

// acceptsNull reports whether every one of a node's type, enum, const, anyOf and
// $ref that is present accepts null. A $ref accepts null when its target does; a
// cycle does not.
func (c *converter) acceptsNull(s Value) bool {
	return c.nodeAcceptsNull(s, c.refAcceptsNull)
}

// nodeAcceptsNull is acceptsNull with the answer for $ref targets given by ref.
func (c *converter) nodeAcceptsNull(s Value, ref func(refTarget) bool) bool {
	if s.Kind() != Object {
		return false
	}
	any := false
	for _, m := range s.Members() {
		switch m.Key() {
		case "type":
			any = true
			if !typeHas(s, "null") {
				return false
			}
		case "enum":
			any = true
			if !slices.ContainsFunc(m.Value().Items(), Value.IsNull) {
				return false
			}
		case "const":
			any = true
			if !m.Value().IsNull() {
				return false
			}
		case "anyOf":
			any = true
			if !slices.ContainsFunc(m.Value().Items(), func(b Value) bool { return c.nodeAcceptsNull(b, ref) }) {
				return false
			}
		case "$ref":
			any = true
			t, ok := parseRef(m.Value().Str())
			if !ok || !ref(t) {
				return false
			}
		}
	}
	return any
}

// refAcceptsNull reports whether a $ref target accepts null. The answers for every
// target (the root and each definition) are computed together the first time one
// is needed, as the least fixed point of "a target accepts null when its node
// does": a target starts as not accepting and is set once its node accepts with
// the answers so far. A cycle therefore accepts null only through a way out of it
// that does, which is what following the $refs and taking a cycle as not accepting
// finds, without following them again at every use (that walk is exponential in
// the depth of $refs that branch).
func (c *converter) refAcceptsNull(t refTarget) bool {
	if c.nullOK == nil {
		targets := []refTarget{{}}
		for _, container := range []string{"$defs", "definitions"} {
			if defs, ok := c.root.Get(container); ok {
				for _, m := range defs.Members() {
					targets = append(targets, refTarget{container, m.Key()})
				}
			}
		}
		c.nullOK = make(map[refTarget]bool, len(targets))
		known := func(t refTarget) bool { return c.nullOK[t] }
		for changed := true; changed; {
			changed = false
			for _, x := range targets {
				if c.nullOK[x] {
					continue
				}
				if node, ok := resolveRef(c.root, x); ok && c.nodeAcceptsNull(node, known) {
					c.nullOK[x] = true
					changed = true
				}
			}
		}
	}
	return c.nullOK[t]
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

// expandNullPaths expands the null paths of every unit into the root's instance
// paths, in pre-order with $refs expanded where used, and applies the cycle rule.
func (c *converter) expandNullPaths() bool {
	if !c.sawRef {
		// One unit, no $ref: its properties made nullable are the null paths,
		// unique unless anyOf branches repeat a property.
		u := &c.rootUnit
		if !c.sawAnyOf {
			c.nullPaths = u.paths
			return true
		}
		seen := make(map[string]int, u.nulls())
		for _, p := range eachPath(&u.paths) {
			key := pathKey(p.path())
			if j, ok := seen[key]; ok {
				c.addSite(j, p.group.site)
				continue
			}
			seen[key] = c.nullPaths.Len()
			c.nullPaths.Add(p.group, p.idx)
		}
		return true
	}
	c.allUnits()
	// A unit "reaches null" when it, or any unit reachable from it, makes a property
	// nullable.
	reachesNull := map[refTarget]bool{}
	for t := range c.units {
		seen := map[refTarget]bool{}
		var walk func(refTarget) bool
		walk = func(x refTarget) bool {
			if seen[x] {
				return false
			}
			seen[x] = true
			u := c.units[x]
			if u == nil {
				return false
			}
			if u.nulls() > 0 {
				return true
			}
			for _, r := range c.refUses[u] {
				if walk(r.target) {
					return true
				}
			}
			return false
		}
		reachesNull[t] = walk(t)
	}
	seen := map[string]int{}
	// A target expanded once at an instance path gives the same paths at that path
	// again, and a cycle through it would have failed the first time: each
	// (target, path) is expanded once, so that $refs that branch do not make the
	// walk exponential.
	type use struct {
		t    refTarget
		path string
	}
	done := map[use]bool{}
	var stack []refTarget
	// join is a unit's instance path p at the instance path where the unit is used.
	join := func(prefix, p *pathNode) *pathNode {
		if prefix == nil {
			return p
		}
		full := prefix
		for _, st := range p.path() {
			full = newNode(&c.nodeSlab, full, st)
		}
		return full
	}
	add := func(prefix *pathNode, p listedPath) bool {
		full := p
		if prefix != nil {
			full.group = &pathGroup{prefix: join(prefix, p.group.prefix), site: p.group.site, props: p.group.props}
		}
		key := pathKey(full.path())
		if i, ok := seen[key]; ok {
			c.addSite(i, p.group.site)
			return true
		}
		seen[key] = c.nullPaths.Len()
		c.nullPaths.Add(full.group, full.idx)
		if c.nullPaths.Len() > MaxNullPaths {
			c.err = &StrictError{Path: Path{}, Keyword: "$ref", Message: fmt.Sprintf("the $refs of this schema expand to more than %d null paths", MaxNullPaths)}
			return false
		}
		return true
	}
	var expand func(t refTarget, prefix *pathNode) bool
	// follow expands the $ref r, used in the unit of t.
	follow := func(t refTarget, prefix *pathNode, r refUse) bool {
		if i := slices.Index(stack, r.target); i >= 0 {
			for _, member := range stack[i:] {
				if reachesNull[member] {
					c.err = &StrictError{Path: c.refSitePath(t, r), Keyword: "$ref", Message: "this $ref closes a cycle that makes optional properties nullable, so the null paths would be unbounded; make those properties required (or nullable yourself) inside the cycle"}
					return false
				}
			}
			return true
		}
		// A target that reaches no nullable property adds no path, and no
		// cycle through it can fail: every unit of such a cycle reaches it.
		if !reachesNull[r.target] {
			return true
		}
		full := join(prefix, r.path)
		k := use{r.target, pathKey(full.path())}
		if done[k] {
			return true
		}
		done[k] = true
		return expand(r.target, full)
	}
	expand = func(t refTarget, prefix *pathNode) bool {
		u := c.units[t]
		if u == nil {
			return true
		}
		stack = append(stack, t)
		defer func() { stack = stack[:len(stack)-1] }()
		// The properties made nullable and the $refs, in the order the walk met them.
		uses := c.refUses[u]
		for i, p := range eachPath(&u.paths) {
			for ; len(uses) > 0 && uses[0].at == i; uses = uses[1:] {
				if !follow(t, prefix, uses[0]) {
					return false
				}
			}
			if !add(prefix, p) {
				return false
			}
		}
		for _, r := range uses {
			if !follow(t, prefix, r) {
				return false
			}
		}
		return true
	}
	return expand(refTarget{}, nil)
}

// addSite adds the object of a declaration made nullable to null path i, once.
func (c *converter) addSite(i int, site *pathNode) {
	if pathAt(&c.nullPaths, i).group.site == site || slices.Contains(c.moreSites[i], site) {
		return
	}
	if c.moreSites == nil {
		c.moreSites = map[int][]*pathNode{}
	}
	c.moreSites[i] = append(c.moreSites[i], site)
}

// allUnits makes the map of units, which starts with the root's.
func (c *converter) allUnits() {
	if c.units == nil {
		c.units = map[refTarget]*unit{{}: &c.rootUnit}
	}
}

// refSitePath finds the schema path of the node holding a $ref used, for the
// cycle error: it walks the unit's schema for the $ref at the use's instance path.
func (c *converter) refSitePath(t refTarget, use refUse) Path {
	base, _ := resolveRef(c.root, t)
	var found Path
	var walk func(n Value, sp Path, ip Path) bool
	walk = func(n Value, sp Path, ip Path) bool {
		if n.Kind() != Object {
			return false
		}
		if r, ok := n.Get("$ref"); ok {
			if rt, ok := parseRef(r.Str()); ok && rt == use.target && ip.Equal(use.path.path()) {
				found = sp
				return true
			}
			return false
		}
		// The node's keys in their order, as the conversion recorded the uses:
		// two $refs to the target can share an instance path (one in properties,
		// one in an anyOf branch), and the first written is the one reported.
		for _, m := range n.Members() {
			switch m.Key() {
			case "properties":
				if !typeHas(n, "object") {
					continue
				}
				for _, p := range m.Value().Members() {
					if walk(p.Value(), sp.Append(Key("properties"), Key(p.Key())), ip.Append(Key(p.Key()))) {
						return true
					}
				}
			case "items":
				if typeHas(n, "array") && walk(m.Value(), sp.Append(Key("items")), ip.Append(Every())) {
					return true
				}
			case "anyOf":
				for i, b := range m.Value().Items() {
					if walk(b, sp.Append(Key("anyOf"), Index(i)), ip) {
						return true
					}
				}
			}
		}
		return false
	}
	walk(base, t.Path(), Path{})
	if found == nil {
		return t.Path()
	}
	return found
}

// pathKey is a map key for a path.
func pathKey(p Path) string {
	var sb strings.Builder
	for _, s := range p {
		switch s.Kind {
		case KeyStep:
			sb.WriteByte('k')
			sb.WriteString(strconv.Itoa(len(s.Key)))
			sb.WriteByte(':')
			sb.WriteString(s.Key)
		case EveryStep:
			sb.WriteByte('*')
		case IndexStep:
			sb.WriteByte('i')
			sb.WriteString(strconv.Itoa(int(s.Index)))
		}
	}
	return sb.String()
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
		return QuoteForMessage(v.Str())
	}
	return Sanitize(v.String())
}
