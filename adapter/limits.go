package adapter

import (
	"fmt"
	"unicode/utf8"
)

// limitWalk checks OpenAI's size limits on a converted schema in one walk of the
// output in document order (docs/strict-mode.md#limits). The first limit crossed
// fails, at the output-schema path of the node holding what crossed it. Only the
// limits whose totals, counted during the conversion, are over are checked: no other
// can be crossed anywhere.
type limitWalk struct {
	c          *converter
	path       []Step
	properties int
	chars      int
	enumValues int

	countChars bool // max_chars may be crossed
	checkDepth bool // max_depth may be crossed
	bigEnum    bool // max_enum_chars may be crossed
}

func (c *converter) checkLimits(out Value) bool {
	w := limitWalk{c: c, countChars: c.tot.chars > MaxStrictChars, checkDepth: c.tot.deep, bigEnum: c.tot.bigEnum}
	return w.node(out, 0, true)
}

func (w *limitWalk) fail(keyword, format string, args ...any) bool {
	w.c.err = &StrictError{Path: append(Path{}, w.path...), Keyword: keyword, Message: fmt.Sprintf(format, args...)}
	return false
}

func (w *limitWalk) addChars(n int) bool {
	if !w.countChars {
		return true
	}
	w.chars += n
	if w.chars > MaxStrictChars {
		return w.fail("max_chars", "the schema's property names, definition names, enum and const values add up to more than %d characters, OpenAI's limit", MaxStrictChars)
	}
	return true
}

// valueChars counts a value as OpenAI does: a string by its characters, anything else
// by the length of its JSON text. Characters are code points, in JSON text too: a
// const {"k":"é"} is 9 characters, not 10 bytes.
func valueChars(v Value) int {
	switch v.Kind() {
	case String:
		return utf8.RuneCountInString(v.Str())
	case Null:
		return len("null")
	case Bool, Number:
		return len(AppendCompact(nil, v)) // ASCII
	}
	return utf8.RuneCount(AppendCompact(nil, v))
}

// valueBound is at least valueChars(v), and cheaper: text counts in bytes.
func valueBound(v Value) int {
	switch v.Kind() {
	case String, Number:
		return v.n()
	case Null, Bool:
		return len("false")
	}
	return valueChars(v)
}

// node walks one schema node; level is the object nesting of its parent object.
func (w *limitWalk) node(n Value, level int, isRoot bool) bool {
	if n.Kind() != Object {
		return true
	}
	if w.checkDepth && typeHas(n, "object") {
		level++
		if level > MaxStrictDepth {
			return w.fail("max_depth", "objects nest %d levels deep here, over OpenAI's limit of %d", level, MaxStrictDepth)
		}
	}
	mems := n.Members()
	for i := range mems {
		m := &mems[i] // in place: a Member is four words
		switch m.Key() {
		case "properties":
			w.path = append(w.path, Key("properties"), Step{})
			props := m.Value().Members()
			for j := range props {
				p := &props[j]
				w.properties++
				if w.properties > MaxStrictProperties {
					w.c.err = propertiesError(append(Path{}, w.path[:len(w.path)-2]...))
					return false
				}
				if w.countChars && !w.addCharsAt(utf8.RuneCountInString(p.Key()), 2) {
					return false
				}
				w.path[len(w.path)-1] = Key(p.Key())
				if !w.node(p.Value(), level, false) {
					return false
				}
			}
			w.path = w.path[:len(w.path)-2]
		case "items":
			w.path = append(w.path, Key("items"))
			if !w.node(m.Value(), level, false) {
				return false
			}
			w.path = w.path[:len(w.path)-1]
		case "anyOf":
			w.path = append(w.path, Key("anyOf"), Step{})
			for i, b := range m.Value().Items() {
				w.path[len(w.path)-1] = Index(i)
				if !w.node(b, level, false) {
					return false
				}
			}
			w.path = w.path[:len(w.path)-2]
		case "$defs", "definitions":
			if !isRoot {
				continue
			}
			w.path = append(w.path, Key(m.Key()), Step{})
			for _, d := range m.Value().Members() {
				// A definition name is held by the root, as a property name is
				// held by its object.
				if w.countChars && !w.addCharsAt(utf8.RuneCountInString(d.Key()), 2) {
					return false
				}
				w.path[len(w.path)-1] = Key(d.Key())
				if !w.node(d.Value(), 0, false) {
					return false
				}
			}
			w.path = w.path[:len(w.path)-2]
		case "enum":
			if !w.enum(m.Value()) {
				return false
			}
		case "const":
			if w.countChars && !w.addChars(valueChars(m.Value())) {
				return false
			}
		}
	}
	return true
}

// addCharsAt adds n characters while w.path has up extra steps below the node that
// holds them, failing at the holder.
func (w *limitWalk) addCharsAt(n, up int) bool {
	if w.chars+n > MaxStrictChars {
		w.path = w.path[:len(w.path)-up]
	}
	return w.addChars(n)
}

func (w *limitWalk) enum(enum Value) bool {
	items := enum.Items()
	appended := len(items) > 0 && appendedNull(enum)
	allStrings, total := true, 0
	for i, v := range items {
		w.enumValues++
		if w.enumValues > MaxStrictEnumValues {
			w.c.err = enumValuesError(append(Path{}, w.path...))
			return false
		}
		if appended && i == len(items)-1 || !w.countChars && !w.bigEnum {
			continue
		}
		n := valueChars(v)
		if v.Kind() == String {
			total += n
		} else {
			allStrings = false
		}
		if !w.addChars(n) {
			return false
		}
	}
	if w.bigEnum && allStrings && len(items) > MaxStrictEnumLargeCount && total > MaxStrictEnumChars {
		return w.fail("max_enum_chars", "this enum has %d string values of %d characters in all; OpenAI allows at most %d characters when an enum has more than %d values", len(items), total, MaxStrictEnumChars, MaxStrictEnumLargeCount)
	}
	return true
}

// limitTotals are the totals a conversion counts toward the size limits. They only
// decide whether the exact walk of the output must run: a limit can be crossed only
// when a total is over it. Each is at least the exact total (text is counted in
// bytes), so a total under its limit rules the limit out.
type limitTotals struct {
	properties int
	chars      int
	enumValues int
	deep       bool // an object nests deeper than MaxStrictDepth
	bigEnum    bool // a string enum over MaxStrictEnumChars
}

// addEnum counts one enum as it is sent.
func (t *limitTotals) addEnum(enum Value) {
	items := enum.Items()
	n := len(items)
	t.enumValues += n
	if appendedNull(enum) {
		items = items[:n-1]
	}
	allStrings, total, chars := true, 0, 0
	for _, v := range items {
		switch v.kind() {
		case String:
			total += v.n()
		case Number:
			chars += v.n()
			allStrings = false
		default:
			chars += valueBound(v)
			allStrings = false
		}
	}
	t.chars += chars + total
	if allStrings && n > MaxStrictEnumLargeCount && total > MaxStrictEnumChars {
		t.bigEnum = true
	}
}

// mayCrossText reports whether a limit that only the walk of the output checks
// may be crossed: the characters, the depth or a large enum's characters. The
// properties and enum values are counted exactly while converting.
func (t *limitTotals) mayCrossText() bool {
	return t.chars > MaxStrictChars || t.deep || t.bigEnum
}

func propertiesError(p Path) *StrictError {
	return &StrictError{Path: p, Keyword: "max_properties", Message: fmt.Sprintf("the schema has more than %d properties in total, OpenAI's limit", MaxStrictProperties)}
}

func enumValuesError(p Path) *StrictError {
	return &StrictError{Path: p, Keyword: "max_enum_values", Message: fmt.Sprintf("the schema's enums have more than %d values in total (counting the nulls strict mode appends), OpenAI's limit", MaxStrictEnumValues)}
}

// outputPath is the path in the output of the node at the first n steps of the
// schema path: that path, with "anyOf", 0 where an enclosing node is wrapped.
func (c *converter) outputPath(n int) Path {
	out := make(Path, 0, n+2*len(c.wrapAt))
	c.sp.sync()
	j := 0
	for i := 0; i <= n; i++ {
		for j < len(c.wrapAt) && c.wrapAt[j] == i {
			out = append(out, Key("anyOf"), Index(0))
			j++
		}
		if i < n {
			out = append(out, c.sp.step(i))
		}
	}
	return out
}
