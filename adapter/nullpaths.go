package adapter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

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
