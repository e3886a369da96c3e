package adapter

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

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

// refNode converts a node holding $ref (docs/strict-mode.md#references).
func (c *converter) refNode(n, r Value, p prop) (Value, bool) {
	if r.Kind() != String {
		return Value{}, c.fail("$ref", "$ref must be a string, not %s", describeKind(r))
	}
	t, ok := parseRef(r.Str())
	if !ok {
		return Value{}, c.fail("$ref", "$ref %s %s; strict mode accepts \"#\", \"#/$defs/NAME\" and \"#/definitions/NAME\"", termsafe.Quote(r.Str()), refProblem(r.Str()))
	}
	if _, ok := resolveRef(c.root, t); !ok {
		return Value{}, c.fail("$ref", "$ref %s points to no definition in this schema", termsafe.Quote(r.Str()))
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
	// title on the wrapper (docs/strict-mode.md#optional-properties).
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
			return fmt.Sprintf("points inside the definition %s", termsafe.Quote(rest[:i]))
		case '~':
			if i+1 < len(rest) && (rest[i+1] == '0' || rest[i+1] == '1') {
				i++
				continue
			}
			return fmt.Sprintf("holds %s, which is not an escape (~0 stands for ~ and ~1 for /)", termsafe.Quote(rest[i:min(i+2, len(rest))]))
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
