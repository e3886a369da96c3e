package adapter

import (
	"math/bits"
	"slices"
)

// A plain leaf is the most common node of a schema: one type name other than
// object, with any of description, title, enum, pattern, format, the numeric
// bounds, default and keywords strict mode drops, and, when the type is array,
// items; each keyword once (the numeric bounds and the dropped ones may be
// several) and each of the JSON kind strict mode wants. It is not an object
// and is never wrapped, so it converts without node's keyword index, level or
// wrap bookkeeping: one pass checks it, one writes it out. Most leaves need
// less: a leaf of only a type name is typeOnly's; one whose members but its
// type stay as they are is returned as it is or copied by nullableCopy (and
// by keptLeaf when its items convert to something else); one that only
// drops its default besides is defaultLeaf's, and one with an enum that
// becomes nullable enumLeaf's; one that changes nothing but counts its enum
// is returned after the first pass. child gives exactly what node gives for
// it (TestLeafMatchesNode and the strict-schema fuzz targets hold it to
// that), and leaves any other node, including every node with an error of
// its own, to node.

// leafOnce are the keyword classes a plain leaf may hold once: each case of
// child's switch for one checks it with its own constant.
const leafOnce = 1<<kwType | 1<<kwEnum | 1<<kwDescription | 1<<kwTitle |
	1<<kwPattern | 1<<kwFormat | 1<<kwDefault | 1<<kwItems

// leafAsIs are the classes of keyword a plain leaf keeps as they are, with
// nothing to check or count, when it is not made nullable.
const leafAsIs = 1<<kwType | 1<<kwNumeric

// leafText are the classes of keyword whose text cleaning may change.
const leafText = 1<<kwDescription | 1<<kwTitle

// typeArrayBit is the place of typeArray's bit in a typeSet (the two
// constants below do not compile otherwise).
const typeArrayBit = 5

const (
	_ uint = uint(typeArray) - 1<<typeArrayBit
	_ uint = 1<<typeArrayBit - uint(typeArray)
)

// leafMax is the most members a plain leaf is taken to have.
const leafMax = 12

// child converts a node below another (a property's schema, items or an anyOf
// branch); p says whether it is a property's schema. A plain leaf is converted
// here, any other node by node.
func (c *converter) child(n Value, p prop) (Value, bool) {
	mems := n.mems()
	if n.kind() != Object || len(mems) > leafMax || c.noLeaf {
		return c.node(n, false, p)
	}
	if types := onlyType(n); types&scalarTypes != 0 {
		return c.typeOnly(n, p, types), true
	}
	var kindsBuf [leafMax]keyword
	kinds := kindsBuf[:len(mems)]
	var seen uint32
	var types typeSet
	var unplain uint64           // flagBit when a description or title is not known to be plain
	plain, others := true, false // others: a key the switch does not name
scan:
	for i := range mems {
		// One switch on the name classifies the keyword, checks the kind of
		// its value and that it is there once, and notes it, each case with
		// its own constants: a second dispatch on the class would cost as
		// much again, and so does code after the switch that each case
		// shares.
		m := &mems[i]
		v := m.Value()
		switch m.Key() {
		case "type":
			if v.kind() != String || seen&(1<<kwType) != 0 {
				plain = false
				break scan
			}
			if types = typeOf(v.text()); types == 0 || types&typeObject != 0 {
				plain = false
				break scan
			}
			seen |= 1 << kwType
			kinds[i] = kwType
		case "description":
			if v.kind() != String || seen&(1<<kwDescription) != 0 {
				plain = false
				break scan
			}
			unplain |= ^v.meta & flagBit
			seen |= 1 << kwDescription
			kinds[i] = kwDescription
		case "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems",
			"exclusiveMinimum", "exclusiveMaximum", "multipleOf":
			if v.kind() != Number {
				plain = false
				break scan
			}
			seen |= 1 << kwNumeric
			kinds[i] = kwNumeric
		case "enum":
			if v.kind() != Array || seen&(1<<kwEnum) != 0 {
				plain = false
				break scan
			}
			seen |= 1 << kwEnum
			kinds[i] = kwEnum
		case "items":
			if v.kind() != Object || seen&(1<<kwItems) != 0 {
				plain = false
				break scan
			}
			seen |= 1 << kwItems
			kinds[i] = kwItems
		case "default":
			if seen&(1<<kwDefault) != 0 {
				plain = false
				break scan
			}
			seen |= 1 << kwDefault
			kinds[i] = kwDefault
		case "title":
			if v.kind() != String || seen&(1<<kwTitle) != 0 {
				plain = false
				break scan
			}
			unplain |= ^v.meta & flagBit
			seen |= 1 << kwTitle
			kinds[i] = kwTitle
		case "format":
			if v.kind() != String || seen&(1<<kwFormat) != 0 {
				plain = false
				break scan
			}
			seen |= 1 << kwFormat
			kinds[i] = kwFormat
		case "pattern":
			if v.kind() != String || seen&(1<<kwPattern) != 0 {
				plain = false
				break scan
			}
			seen |= 1 << kwPattern
			kinds[i] = kwPattern
		default:
			// Any other keyword a plain leaf holds is one strict mode drops,
			// which is checked after the loop: a call here would have the
			// loop keep its values in memory.
			others = true
			seen |= 1 << kwOther
			kinds[i] = kwOther
		}
	}
	if others && plain {
		for i, k := range kinds {
			if k == kwOther && classifyKey(mems[i].Key()) != kwOther {
				plain = false
			}
		}
	}
	if !plain {
		return c.node(n, false, p)
	}
	// An array has items, and only an array.
	// (typeArray's bit, shifted to kwItems' place, against the items' bit.)
	if seen&(1<<kwType|1<<kwEnum) == 0 || (uint32(types)<<(kwItems-typeArrayBit)^seen)&(1<<kwItems) != 0 {
		return c.node(n, false, p)
	}

	// It is a plain leaf. An optional property that does not accept null
	// becomes nullable through its type, or its enum when it has no type.
	// Most leaves keep every member but their type and items as it is, or
	// drop a default besides. They have no enum, so they have a type.
	if seen&^(leafAsIs|leafText|1<<kwItems) == 0 && (unplain == 0 || plainTexts(mems, kinds)) {
		addNull := p.optional && types&typeNull == 0
		if addNull {
			c.nullEvent()
		}
		// Items that are only a scalar type name convert to themselves (see
		// items), as the other members do.
		if seen&(1<<kwItems) == 0 || onlyType(mems[slices.Index(kinds, kwItems)].Value())&scalarTypes != 0 {
			if !addNull {
				return n, true // nothing to change
			}
			return objectOf(c.nullableCopy(mems, kinds, types)), true
		}
		return c.keptLeaf(n, mems, kinds, addNull, true, types)
	}
	if seen&^(leafAsIs|leafText|1<<kwDefault) == 0 && (unplain == 0 || plainTexts(mems, kinds)) {
		addNull := p.optional && types&typeNull == 0
		if addNull {
			c.nullEvent()
		}
		return c.defaultLeaf(mems, kinds, addNull, seen&(1<<kwDescription) != 0, types, p), true
	}
	hasType, hasEnum := seen&(1<<kwType) != 0, seen&(1<<kwEnum) != 0
	// The first loop keeps as little as it can in registers: where the enum
	// is found again when needed.
	enum := -1
	if hasEnum {
		enum = slices.Index(kinds, kwEnum)
	}
	how := nullNone
	if p.optional && !((!hasType || types&typeNull != 0) && (!hasEnum || enumHasNull(mems[enum].Value()))) {
		how = nullEnum
		if hasType {
			how = nullAddType
		}
		c.nullEvent()
	}
	if how == nullNone && seen&^(leafAsIs|leafText|1<<kwEnum) == 0 && (unplain == 0 || plainTexts(mems, kinds)) &&
		!mems[enum].Value().flag() {
		// Nothing to change or check: the output is the input, and its enum
		// is counted toward the limits.
		c.strictEnum(mems[enum].Value(), false)
		return n, true
	}
	if how != nullNone && seen&^(leafAsIs|leafText|1<<kwEnum) == 0 && (unplain == 0 || plainTexts(mems, kinds)) {
		return c.enumLeaf(mems, kinds, enum, how, types), true
	}
	// The output has at most the members kept, and a description when the
	// default's text goes into one the leaf lacks.
	size, dflt := len(mems), -1
	for i, k := range kinds {
		switch k {
		case kwDefault:
			dflt = i
			size--
		case kwOther:
			size--
		}
	}
	if dflt >= 0 && seen&(1<<kwDescription) == 0 {
		size++
	}
	var mout []Member // nil while the output is the input
	desc := -1        // the description's index in the output
	for i := range mems {
		m := &mems[i]
		in := m.Value()
		v, keep := in, true
		switch kinds[i] {
		case kwType:
			// A single type name (see addNullType).
			if how == nullAddType && types != typeNull {
				v = nullableType(types)
			}
		case kwEnum:
			v = c.strictEnum(v, how != nullNone)
		case kwDescription, kwTitle:
			v = c.clean(v)
		case kwPattern:
			if hasLookaround(v.text()) {
				c.drop(m.Key(), ReasonLookaround)
				keep = false
			}
		case kwFormat:
			if !isStrictFormat(v.text()) {
				c.drop(m.Key(), ReasonFormat)
				keep = false
			}
		case kwNumeric:
		case kwItems:
			var ok bool
			if v, ok = c.items(v); !ok {
				return Value{}, false
			}
		default: // kwDefault, kwOther
			c.drop(m.Key(), c.dropReason(m.Key(), p))
			keep = false
		}
		if mout == nil {
			if keep && v == in {
				if kinds[i] == kwDescription {
					desc = i
				}
				continue
			}
			mout = c.members(size)[:i]
			if i > 0 {
				copy(mout, mems[:i])
			}
		}
		if keep {
			if kinds[i] == kwDescription {
				desc = len(mout)
			}
			mout = c.push(mout, m.withValue(v))
		}
	}
	if dflt >= 0 {
		// The default was dropped, so mout exists.
		if text, ok := c.defaultText(p, mems[dflt].Value()); ok {
			mout = c.withDefaultText(mout, desc, text)
		}
	}
	if mout == nil {
		return n, true
	}
	return objectOf(mout), true
}

// onlyType is the type n names when it is only a type name, {"type": NAME};
// 0 otherwise. Every child starts here, so one member, its name "type" and
// its value a string are each checked with one compare of the words that
// hold them.
func onlyType(n Value) typeSet {
	if n.meta != uint64(Object)|1<<32 {
		return 0
	}
	m := (*Member)(n.ptr)
	if m.val.meta&(keyLenBits|0xFF) != 4<<keyShift|uint64(String) || *(*[4]byte)(m.key) != [4]byte{'t', 'y', 'p', 'e'} {
		return 0
	}
	return typeOf(stringAt(m.val.ptr, int(m.val.meta>>32)))
}

// scalarTypes are the types of the leaves typeOnly converts.
const scalarTypes = typeString | typeNumber | typeInteger | typeBoolean | typeNull

// typeOnly converts a node that is only the type name of types, one of
// scalarTypes (see onlyType), as child would.
func (c *converter) typeOnly(n Value, p prop, types typeSet) Value {
	if !p.optional || types&typeNull != 0 {
		return n
	}
	c.nullEvent()
	return nullableTypeSchemas[bits.TrailingZeros8(uint8(types))]
}

// keptLeaf converts a plain leaf whose members, but its type and items, are
// kept as they are: the type gains "null" when addNull says so, and the
// items, when hasItems, convert. The members are copied once one changes.
func (c *converter) keptLeaf(n Value, mems []Member, kinds []keyword, addNull, hasItems bool, types typeSet) (Value, bool) {
	var mout []Member // nil while the output is the input
	if addNull {
		mout = c.nullableCopy(mems, kinds, types)
	}
	if hasItems {
		i := slices.Index(kinds, kwItems)
		in := mems[i].Value()
		out, ok := c.items(in)
		if !ok {
			return Value{}, false
		}
		if out != in {
			if mout == nil {
				mout = c.copyOf(mems)
			}
			putMemberValue(&mout[i], out)
		}
	}
	if mout == nil {
		return n, true
	}
	return objectOf(mout), true
}

// nullableCopy copies a plain leaf's members with its type name, one of
// types, made nullable (see nullableType); kinds holds one type.
func (c *converter) nullableCopy(mems []Member, kinds []keyword, types typeSet) []Member {
	mout, ok := c.memSlab.Fits(len(mems))
	if !ok {
		mout = c.members(len(mems))
	}
	// A few members: copied one by one, which costs less than a call, and
	// with no loop for two or three.
	switch len(mems) {
	case 2:
		mout, mems := mout[:2], mems[:2]
		putMember(&mout[0], mems[0])
		putMember(&mout[1], mems[1])
	case 3:
		mout, mems := mout[:3], mems[:3]
		putMember(&mout[0], mems[0])
		putMember(&mout[1], mems[1])
		putMember(&mout[2], mems[2])
	default:
		for i := range mems {
			putMember(&mout[i], mems[i])
		}
	}
	t := slices.Index(kinds, kwType)
	putMemberValue(&mout[t], nullableType(types))
	return mout
}

// enumLeaf converts a plain leaf with an enum, made nullable as how says,
// whose other members but its type are kept as they are: the enum gains null
// and is counted toward the limits, and the type, when how is nullAddType,
// gains null too.
func (c *converter) enumLeaf(mems []Member, kinds []keyword, enum, how int, types typeSet) Value {
	e := c.strictEnum(mems[enum].Value(), true)
	var mout []Member
	if how == nullAddType && types != typeNull {
		mout = c.nullableCopy(mems, kinds, types)
	} else {
		mout = c.copyOf(mems)
	}
	putMemberValue(&mout[enum], e)
	return objectOf(mout)
}

// defaultLeaf converts a plain leaf whose one default is dropped and whose
// other members but its type are kept as they are: the type gains "null"
// when addNull says so, and the default's text goes into the description
// (see defaultText), which the leaf has when hasDesc says so. kinds holds one
// default, and text only when printable.
func (c *converter) defaultLeaf(mems []Member, kinds []keyword, addNull, hasDesc bool, types typeSet, p prop) Value {
	c.dropDefault(p)
	// Room for the members kept, and for a description of its own: a
	// default's text needs one unless NoDefaultDescriptions is set.
	size := len(mems)
	if hasDesc {
		size--
	}
	mout, ok := c.memSlab.Fits(size)
	if !ok {
		mout = c.members(size)
	}
	if len(mems) == 2 {
		// Only a default and the type (the leaf has no enum): no loop.
		d := 0
		if kinds[0] != kwDefault {
			d = 1
		}
		m := mems[1-d]
		if addNull {
			m.setValue(nullableType(types))
		}
		mout := mout[:2]
		putMember(&mout[0], m)
		if text, ok := c.defaultText(p, mems[d].Value()); ok {
			putMember(&mout[1], MemberOf("description", StringValue(text)))
			return objectOf(mout)
		}
		return objectOf(mout[:1])
	}
	j, desc, d := 0, -1, 0 // the members written; the description's index in the output; the default's
	for i, k := range kinds {
		m := mems[i]
		switch k {
		case kwDefault:
			d = i
			continue
		case kwType:
			if addNull {
				m.setValue(nullableType(types))
			}
		case kwDescription:
			desc = j
		}
		putMember(&mout[j], m)
		j++
	}
	if text, ok := c.defaultText(p, mems[d].Value()); ok {
		if desc < 0 {
			// As withDefaultText does, with no call.
			putMember(&mout[j], MemberOf("description", StringValue(text)))
			j++
		} else {
			mout = c.withDefaultText(mout[:j], desc, text)
		}
	}
	return objectOf(mout[:j])
}

// withDefaultText puts a default's text into a leaf's members: joined to the
// description at desc, or as a description of its own after them when desc is
// -1, for which mout has room.
func (c *converter) withDefaultText(mout []Member, desc int, text string) []Member {
	if desc >= 0 {
		d := &mout[desc]
		putMemberValue(d, c.joinDescription(d.Value(), text))
		return mout
	}
	mout = mout[:len(mout)+1]
	putMember(&mout[len(mout)-1], MemberOf("description", StringValue(text)))
	return mout
}

// plainTexts reports whether every description and title of a leaf is
// printable ASCII, which cleaning leaves as it is (see CleanText).
func plainTexts(mems []Member, kinds []keyword) bool {
	for i, k := range kinds {
		if 1<<k&leafText != 0 {
			if v := mems[i].Value(); !v.plain() && !printableASCII(v.text()) {
				return false
			}
		}
	}
	return true
}

// enumHasNull reports whether an enum lists null.
func enumHasNull(enum Value) bool {
	for _, it := range enum.items() {
		if it.kind() == Null {
			return true
		}
	}
	return false
}
