package adapter

// A plain leaf is the most common node of a schema: one type name other than
// object and array, with any of description, title, enum, pattern, format, the
// numeric bounds, default and keywords strict mode drops, each keyword once
// (the numeric bounds and the dropped ones may be several) and each of the JSON
// kind strict mode wants. It holds no other schema, so it converts in one pass
// with no path, level or wrap bookkeeping. leaf gives exactly what node gives
// for it (TestLeafMatchesNode and FuzzLeafMatchesNode hold it to that), and
// any other node, including every node with an error, is node's to convert.

// leafOnce are the keyword classes a plain leaf may hold once.
const leafOnce = 1<<kwType | 1<<kwEnum | 1<<kwDescription | 1<<kwTitle |
	1<<kwPattern | 1<<kwFormat | 1<<kwDefault

// leafMax is the most members a plain leaf is taken to have.
const leafMax = 12

// leaf converts n when it is a plain leaf; p says whether it is a property's
// schema. It reports false, having changed nothing, for any other node.
func (c *converter) leaf(n Value, p prop) (Value, bool) {
	mems := n.mems()
	if n.kind != Object || len(mems) > leafMax || c.noLeaf {
		return Value{}, false
	}
	var kinds [leafMax]keyword
	var seen uint32
	var types typeSet
	var enum Value
	dflt := -1
	for i := range mems {
		m := &mems[i]
		k := classify(m.Key)
		bit := uint32(1) << k
		if seen&bit&leafOnce != 0 {
			return Value{}, false
		}
		seen |= bit
		kinds[i] = k
		v := m.Value
		switch k {
		case kwType:
			if v.kind != String {
				return Value{}, false
			}
			if types = typeOf(v.text()); types == 0 || types&(typeObject|typeArray) != 0 {
				return Value{}, false
			}
		case kwEnum:
			if v.kind != Array {
				return Value{}, false
			}
			enum = v
		case kwDescription, kwTitle, kwPattern, kwFormat:
			if v.kind != String {
				return Value{}, false
			}
		case kwNumeric:
			if v.kind != Number {
				return Value{}, false
			}
		case kwDefault:
			dflt = i
		case kwOther:
		default:
			return Value{}, false
		}
	}
	hasType, hasEnum := seen&(1<<kwType) != 0, seen&(1<<kwEnum) != 0
	if !hasType && !hasEnum {
		return Value{}, false
	}

	// It is a plain leaf. An optional property that does not accept null
	// becomes nullable through its type, or its enum when it has no type.
	how := nullNone
	if p.optional && !((!hasType || types&typeNull != 0) && (!hasEnum || enumHasNull(enum))) {
		how = nullEnum
		if hasType {
			how = nullAddType
		}
		c.nullEvent()
	}
	extra := 0
	if dflt >= 0 {
		p.dflt, p.hasDflt = mems[dflt].Value, true
		extra = 1
	}
	var out []Member // nil while the output is the input
	desc := -1       // the description's index in the output
	for i := range mems {
		m := &mems[i]
		v := m.Value
		keep := true
		switch kinds[i] {
		case kwType:
			if how == nullAddType {
				v = c.addNullType(v, types)
			}
		case kwEnum:
			// Every null of the input is written, even one an earlier
			// conversion appended: its mark goes.
			v.b = false
			if how != nullNone {
				v = c.appendNull(v)
			}
			c.tot.addEnum(v)
			if c.tot.enumValues > MaxStrictEnumValues && c.crossed == nil {
				c.crossed = enumValuesError(c.outputPath(len(c.spath)))
			}
		case kwDescription, kwTitle:
			v = c.clean(v)
		case kwPattern:
			if hasLookaround(v.text()) {
				c.drop(m.Key, ReasonLookaround)
				keep = false
			}
		case kwFormat:
			if !isStrictFormat(v.text()) {
				c.drop(m.Key, ReasonFormat)
				keep = false
			}
		case kwNumeric:
		default: // kwDefault, kwOther
			c.drop(m.Key, c.dropReason(m.Key, p))
			keep = false
		}
		if out == nil {
			if keep && v == m.Value {
				if kinds[i] == kwDescription {
					desc = i
				}
				continue
			}
			out = append(c.members(len(mems) + extra)[:0], mems[:i]...)
		}
		if keep {
			if kinds[i] == kwDescription {
				desc = len(out)
			}
			out = append(out, Member{m.Key, v})
		}
	}
	if p.hasDflt {
		// The default was dropped, so out exists.
		if text, ok := c.defaultText(p); ok {
			if desc >= 0 {
				d := &out[desc].Value
				*d = StringValue(joinDescription(d.Str(), text))
			} else {
				out = append(out, Member{"description", StringValue(text)})
			}
		}
	}
	if out == nil {
		return n, true
	}
	return objectOf(out), true
}

// enumHasNull reports whether an enum lists null.
func enumHasNull(enum Value) bool {
	for _, it := range enum.items() {
		if it.kind == Null {
			return true
		}
	}
	return false
}
