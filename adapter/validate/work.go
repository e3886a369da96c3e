package validate

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// The work a validation may take. jsonschema/v6 checks every branch of an anyOf
// or oneOf that fails, and keeps the errors of each, so a schema whose branches
// reach the same subschema again (through $ref, often recursively) costs work
// that grows exponentially with how deep the arguments nest: 200 bytes of
// arguments against a recursive two-branch filter schema took 2.4 GB. Each error
// also carries its value's location, so a failing value deep in the arguments
// costs work that grows with the square of its depth. Before checking, the
// Validator counts the (subschema, value) pairs jsonschema/v6 may visit, as if
// every branch failed, each weighted by one plus the value's depth, and does not
// check arguments whose count passes vldWorkBase and vldWorkPerValue times the
// values in the arguments. A count that large comes from branches applied again
// and again to the same values, or from a depth no tool call has, not from the
// arguments' size. (Measured: the filter schema with a wrong value nested 14
// deep counts 4.5 million and takes 110 MB and 0.2 s to check; nested 16 deep,
// 21 million, 550 MB and a second. An object 2,000 levels deep through a
// recursive anyOf, wrong at its bottom, counts 8 million and takes 105 MB; 4,000
// levels, 32 million and 420 MB. The limit keeps a check under about 300 MB.)
const (
	vldWorkBase     = 10_000_000
	vldWorkPerValue = 64
)

// vldTooLong is the reason of a NotCheckedError for arguments whose check would
// take too much work; %d is how deep they nest.
const vldTooLong = "checking these arguments would take too long (the schema's anyOf, oneOf and $ref branches apply to them again and again, and they nest %d levels deep)"

// A vldPlan is what each subschema of a schema applies to a value: the
// subschemas that apply to the same value, and those that apply to its members
// or elements. It is built once per schema, lazily for subschemas reached
// through $ref.
type vldPlan struct {
	// branches says whether any subschema applies others to its own value; a
	// schema without visits each (subschema, value) pair once at most.
	branches bool
	root     adapter.Value
	ids      map[string]int // JSON pointer of a subschema → its index in nodes
	nodes    []*vldNode
	anchors  map[string]string // $anchor and $dynamicAnchor names → JSON pointer
}

type vldNode struct {
	same     []int          // $ref targets, allOf/anyOf/oneOf, not, if/then/else, dependentSchemas
	props    map[string]int // properties
	members  []int          // patternProperties (any may match), additionalProperties, unevaluatedProperties
	prefix   []int          // items as a list (older drafts), prefixItems
	elements []int          // items as a schema, additionalItems, contains, unevaluatedItems
}

func newVldPlan(root adapter.Value) *vldPlan {
	p := &vldPlan{root: root, ids: map[string]int{}, anchors: map[string]string{}}
	p.findAnchors(root, "")
	return p
}

// findAnchors records where every $anchor and $dynamicAnchor stands.
func (p *vldPlan) findAnchors(v adapter.Value, at string) {
	switch v.Kind() {
	case adapter.Array:
		for i, it := range v.Items() {
			p.findAnchors(it, fmt.Sprintf("%s/%d", at, i))
		}
	case adapter.Object:
		for _, m := range v.Members() {
			k := m.Key()
			if (k == "$anchor" || k == "$dynamicAnchor") && m.Value().Kind() == adapter.String {
				if _, seen := p.anchors[m.Value().Str()]; !seen {
					p.anchors[m.Value().Str()] = at
				}
			}
			p.findAnchors(m.Value(), at+"/"+pointerEscaper.Replace(k))
		}
	}
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// node returns the index of the subschema at the JSON pointer at, building its
// node on first use; -1 when nothing is there.
func (p *vldPlan) node(at string) int {
	if id, ok := p.ids[at]; ok {
		return id
	}
	path, ok := adapter.ParsePointer(at, p.root)
	if !ok {
		return -1
	}
	v, ok := adapter.Lookup(p.root, path)
	if !ok {
		return -1
	}
	id := len(p.nodes)
	n := &vldNode{}
	p.nodes = append(p.nodes, n)
	p.ids[at] = id
	if v.Kind() != adapter.Object {
		return id // true, false, or not a schema: applies nothing further
	}
	sub := func(k string) string { return at + "/" + pointerEscaper.Replace(k) }
	list := func(k string, v adapter.Value) []int {
		var out []int
		for i := range v.Items() {
			if c := p.node(fmt.Sprintf("%s/%d", sub(k), i)); c >= 0 {
				out = append(out, c)
			}
		}
		return out
	}
	add := func(dst *[]int, at string) {
		if c := p.node(at); c >= 0 {
			*dst = append(*dst, c)
		}
	}
	for _, m := range v.Members() {
		k, mv := m.Key(), m.Value()
		switch k {
		case "$ref", "$dynamicRef", "$recursiveRef":
			if t := p.target(mv); t >= 0 {
				n.same = append(n.same, t)
			}
		case "allOf", "anyOf", "oneOf":
			n.same = append(n.same, list(k, mv)...)
		case "not", "if", "then", "else":
			add(&n.same, sub(k))
		case "dependentSchemas", "dependencies":
			for _, d := range mv.Members() {
				if d.Value().Kind() == adapter.Object || d.Value().Kind() == adapter.Bool {
					add(&n.same, sub(k)+"/"+pointerEscaper.Replace(d.Key()))
				}
			}
		case "properties":
			for _, pm := range mv.Members() {
				if c := p.node(sub(k) + "/" + pointerEscaper.Replace(pm.Key())); c >= 0 {
					if n.props == nil {
						n.props = map[string]int{}
					}
					if _, dup := n.props[pm.Key()]; !dup {
						n.props[pm.Key()] = c
					}
				}
			}
		case "patternProperties":
			for _, pm := range mv.Members() {
				add(&n.members, sub(k)+"/"+pointerEscaper.Replace(pm.Key()))
			}
		case "additionalProperties", "unevaluatedProperties":
			add(&n.members, sub(k))
		case "items":
			if mv.Kind() == adapter.Array {
				n.prefix = append(n.prefix, list(k, mv)...)
			} else {
				add(&n.elements, sub(k))
			}
		case "prefixItems":
			n.prefix = append(n.prefix, list(k, mv)...)
		case "additionalItems", "contains", "unevaluatedItems":
			add(&n.elements, sub(k))
		}
	}
	if len(n.same) > 0 {
		p.branches = true
	}
	return id
}

// target returns the node a $ref-like value points to within the schema: a
// JSON pointer fragment, or an anchor; -1 for anything else (compiling such a
// reference fails, or it leaves the schema).
func (p *vldPlan) target(ref adapter.Value) int {
	if ref.Kind() != adapter.String {
		return -1
	}
	s := ref.Str()
	frag, ok := strings.CutPrefix(s, "#")
	if !ok {
		return -1
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	if frag == "" || frag[0] == '/' {
		return p.node(frag)
	}
	if at, ok := p.anchors[frag]; ok {
		return p.node(at)
	}
	return -1
}

// vldWork counts the (subschema, value) pairs checking args against the plan's
// schema may visit, each weighted by one plus the value's depth, up to limit (a
// count past limit is returned as limit+1).
// A pair met again while it is being counted (a $ref cycle that does not move
// into the arguments) counts once.
func vldWork(p *vldPlan, args adapter.Value, limit uint64) uint64 {
	w := vldWorker{plan: p, limit: limit, memo: map[[2]int]uint64{}}
	root := p.node("")
	if root < 0 {
		return 1
	}
	return w.count(root, &vldValue{v: args})
}

type vldWorker struct {
	plan   *vldPlan
	limit  uint64
	memo   map[[2]int]uint64
	nextID int
}

// A vldValue is one value of the arguments, numbered when first counted.
type vldValue struct {
	v     adapter.Value
	id    int
	depth int         // how many arrays and objects hold it
	kids  []*vldValue // members' or elements' values, made on first use
}

func (w *vldWorker) kids(x *vldValue) []*vldValue {
	if x.kids == nil {
		switch x.v.Kind() {
		case adapter.Object:
			x.kids = make([]*vldValue, len(x.v.Members()))
			for i, m := range x.v.Members() {
				x.kids[i] = &vldValue{v: m.Value(), depth: x.depth + 1}
			}
		case adapter.Array:
			x.kids = make([]*vldValue, len(x.v.Items()))
			for i, it := range x.v.Items() {
				x.kids[i] = &vldValue{v: it, depth: x.depth + 1}
			}
		}
	}
	return x.kids
}

func (w *vldWorker) count(sid int, x *vldValue) uint64 {
	if x.id == 0 {
		w.nextID++
		x.id = w.nextID
	}
	key := [2]int{sid, x.id}
	if c, ok := w.memo[key]; ok {
		return c
	}
	w.memo[key] = 1 // while counting: a cycle back here counts once
	n := w.plan.nodes[sid]
	c := min(1+uint64(x.depth), w.limit+1)
	// Each pair is counted once (memo), so counting on past the limit costs
	// no more than the pairs there are; the count saturates at limit+1.
	add := func(t int, y *vldValue) { c = min(c+w.count(t, y), w.limit+1) }
	for _, t := range n.same {
		add(t, x)
	}
	switch x.v.Kind() {
	case adapter.Object:
		if n.props == nil && len(n.members) == 0 {
			break
		}
		for i, m := range x.v.Members() {
			y := w.kids(x)[i]
			if t, has := n.props[m.Key()]; has {
				add(t, y)
			}
			for _, t := range n.members {
				add(t, y)
			}
		}
	case adapter.Array:
		if len(n.prefix) == 0 && len(n.elements) == 0 {
			break
		}
		for i, y := range w.kids(x) {
			if i < len(n.prefix) {
				add(n.prefix[i], y)
			}
			for _, t := range n.elements {
				add(t, y)
			}
		}
	}
	w.memo[key] = c
	return c
}

// vldValues counts the values in v, and the deepest nesting of its arrays and
// objects.
func vldValues(v adapter.Value) (n, depth int) {
	n = 1
	var deepest int
	switch v.Kind() {
	case adapter.Object:
		for _, m := range v.Members() {
			c, d := vldValues(m.Value())
			n, deepest = n+c, max(deepest, d)
		}
		return n, deepest + 1
	case adapter.Array:
		for _, it := range v.Items() {
			c, d := vldValues(it)
			n, deepest = n+c, max(deepest, d)
		}
		return n, deepest + 1
	}
	return n, 0
}
