package validate

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// The work a validation may take. jsonschema/v6 checks every branch of an anyOf
// or oneOf that fails, and keeps the errors of each, so a schema whose branches
// reach the same subschema again (through $ref, often recursively) costs work
// that grows exponentially: with how many levels of branches lead to the same
// subschema, and, when the schema recurses into the arguments, with how deep
// they nest. Before checking, the Validator counts the (subschema, value)
// visits jsonschema/v6 may make, as if every branch failed, along every path
// through the branches, and weighs each by what it costs (the cost
// constants: a unit is about a byte the check allocates, or a few nanoseconds
// it takes). Arguments whose count passes workBase, and workPerValue
// times what visiting each of their values once costs, are not checked. A
// count that large comes from branches applied again and again to the same
// values, or from a depth no tool call has, not from the arguments' size.
//
// Measured (Validate's allocation against the count; Go 1.26, jsonschema
// v6.0.3): a property "x" whose $ref chain leads through six levels of a 10-way
// anyOf, each branch a $ref to the next level, to
// {"type":"string","minLength":3}, with {"x":"ab"}, counts 1.8 billion and is
// not checked (weighed by one plus each value's depth only, it counted 4.4
// million, under the bound then, and its check allocated 1.27 GB in 5.3 s);
// 11-way, 3.1 billion (7.8 million before: 2.26 GB). Six levels of a 7-way anyOf count 220 million and take
// 152 MB; five levels of an 11-way, 280 million and 202 MB. The recursive
// two-branch filter schema of the tests with a wrong value nested 14 deep
// counts 214 million and takes 109 MB; 16 deep, 904 million (554 MB to check).
// An object 4,000 levels deep through a recursive $ref, wrong at its bottom,
// counts 296 million and takes 142 MB. Five levels of a 4-way anyOf under
// unevaluatedProperties against an object of 1,000 members count 375 million
// (300 MB to check); before, 2,730 visits. Across these shapes, and 2,000
// properties each a $ref to an anyOf, $defs names of 20,000 bytes, strings of
// 100 KB, patterns, enums and consts of 1,000 values, required lists of 1,000
// names, uniqueItems over 1,000 items and numbers of 10,000 digits, a check
// allocates 0.2 to 0.92 bytes per unit counted where allocation is its cost,
// and takes 0.5 to 4 ns per unit where time is (a chain of 4,000 $refs: 0.02
// bytes per unit; an object of 1,000 members against each visit: 0.06). So
// the bound keeps a check under about 300 MB and a second, for arguments whose
// values cost less than a sixteenth of it to visit once (fewer than about
// 26,000 values and 9 MB of strings); larger arguments may take
// workPerValue times that.
const (
	workBase     = 300_000_000
	workPerValue = 16
)

// What one visit of a value by a subschema costs, in the units of workBase.
const (
	// costVisit is every visit: jsonschema/v6's validator, scope and
	// error, and the error's report.
	costVisit = 700
	// costPair is per (subschema, value) pair, however many paths lead to
	// it: the count's own record of it, and the value converted for
	// jsonschema/v6.
	costPair = 200
	// costDepth is per array and object that holds the value: an error
	// carries the value's location, and its report finds it again.
	costDepth = 12
	// costHop is per $ref, anyOf, oneOf, allOf, not, if, then, else and
	// dependentSchemas branch on the way to the visit: jsonschema/v6 looks for a
	// cycle through them at every visit, and the report walks the errors below
	// each anyOf and oneOf.
	costHop = 6
	// costMember is per member of an object: jsonschema/v6 goes through
	// them all at every visit of an object.
	costMember = 8
	// costUneval is per member of an object and element of an array when
	// the schema has unevaluatedProperties or unevaluatedItems: every visit
	// copies the set of those not evaluated yet.
	costUneval = 128
	// costByte is per byte of a string (every visit copies it, and
	// minLength and maxLength count its characters), and costPatternByte
	// more per byte when the subschema has a pattern.
	costByte        = 2
	costPatternByte = 6
	// costDigit is per decimal digit of a number's exact value (its digits
	// and its exponent) when the subschema has a bound, multipleOf, enum, const
	// or the type integer: they read it as a fraction.
	costDigit = 5
	// costName is per property name that required, dependentRequired or
	// dependencies lists: an error and a report for each one missing.
	costName = 600
	// costEnumByte is per byte of an enum's or const's JSON text, and
	// costEnumValue per value in it: compared, and written in the report.
	costEnumByte  = 6
	costEnumValue = 128
	// costUnique is per value inside an array with uniqueItems, hashed at
	// every visit; an array of 20 items or fewer compares its items in pairs,
	// each about (n+1)/2 times.
	costUnique = 256
)

// tooLongBranches and tooLongDeep are the reasons of a NotCheckedError
// for arguments whose check would take too much work: most of it from the
// schema's branches, or from how deep the arguments nest (%d).
const (
	tooLongBranches = "checking these arguments would take too long (the schema's anyOf, oneOf and $ref branches reach the same subschemas along too many paths)"
	tooLongDeep     = "checking these arguments would take too long (they nest %d levels deep)"
)

// A plan is what each subschema of a schema applies to a value: the
// subschemas that apply to the same value, and those that apply to its members,
// elements or property names, and what a visit of it costs beyond
// costVisit. It is built once per schema, lazily for subschemas reached
// through $ref.
type plan struct {
	// branches says whether any subschema applies others to its own value; a
	// schema without visits each (subschema, value) pair once at most.
	branches bool
	// uneval says whether any subschema has unevaluatedProperties or
	// unevaluatedItems (costUneval).
	uneval  bool
	root    adapter.Value
	ids     map[string]int // JSON pointer of a subschema → its index in nodes
	nodes   []*planNode
	anchors map[string]string // $anchor and $dynamicAnchor names → JSON pointer
}

type planNode struct {
	same     []int          // $ref targets, allOf/anyOf/oneOf, not, if/then/else, dependentSchemas
	props    map[string]int // properties
	members  []int          // patternProperties (any may match), additionalProperties, unevaluatedProperties
	prefix   []int          // items as a list (older drafts), prefixItems
	elements []int          // items as a schema, additionalItems, contains, unevaluatedItems
	names    []int          // propertyNames: applied to each member's name

	fixed   uint64 // cost of every visit: enum, const
	named   uint64 // cost of a visit to an object: the names required and the like list
	pattern bool   // a pattern: costPatternByte
	unique  bool   // uniqueItems: costUnique
	numeric bool   // reads a number as a fraction: costDigit
}

func newPlan(root adapter.Value) *plan {
	p := &plan{root: root, ids: map[string]int{}, anchors: map[string]string{}}
	p.findAnchors(root, "")
	return p
}

// findAnchors records where every $anchor and $dynamicAnchor stands.
func (p *plan) findAnchors(v adapter.Value, at string) {
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
func (p *plan) node(at string) int {
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
	n := &planNode{}
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
				switch d.Value().Kind() {
				case adapter.Object, adapter.Bool:
					add(&n.same, sub(k)+"/"+pointerEscaper.Replace(d.Key()))
				case adapter.Array:
					n.named += costName * uint64(d.Value().Len())
				}
			}
		case "dependentRequired":
			for _, d := range mv.Members() {
				n.named += costName * uint64(d.Value().Len())
			}
		case "required":
			n.named += costName * uint64(mv.Len())
		case "enum", "const":
			values, _ := countValues(mv)
			n.fixed += costEnumByte*uint64(len(adapter.Marshal(mv))) + costEnumValue*uint64(values)
			n.numeric = true
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
			n.numeric = true
		case "type":
			n.numeric = n.numeric || mv.Kind() == adapter.String && mv.Str() == "integer" ||
				slices.ContainsFunc(mv.Items(), func(t adapter.Value) bool { return t.Kind() == adapter.String && t.Str() == "integer" })
		case "pattern":
			n.pattern = true
		case "uniqueItems":
			n.unique = n.unique || mv.Kind() == adapter.Bool && mv.Bool()
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
			p.uneval = p.uneval || k == "unevaluatedProperties"
		case "propertyNames":
			add(&n.names, sub(k))
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
			p.uneval = p.uneval || k == "unevaluatedItems"
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
func (p *plan) target(ref adapter.Value) int {
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

// tooMuchWork returns a *NotCheckedError when checking args against the
// plan's schema would take too much work (see workBase), and nil otherwise.
func tooMuchWork(p *plan, args adapter.Value) *NotCheckedError {
	once, depth := onceWork(args, p.uneval)
	limit := max(uint64(workBase), workPerValue*once)
	c := countWork(p, args)
	switch {
	case c.work <= limit:
		return nil
	case c.deep > c.work-c.deep:
		return &NotCheckedError{Reason: fmt.Sprintf(tooLongDeep, depth)}
	}
	return &NotCheckedError{Reason: tooLongBranches}
}

// tallyMax is where the counts of a tally saturate: far past any limit,
// and twice it still fits a uint64.
const tallyMax = 1 << 62

// addSat adds two counts, saturating at tallyMax.
func addSat(a, b uint64) uint64 { return min(a+b, tallyMax) }

// A tally is the work of one visit and of those below it.
type tally struct {
	work   uint64 // the cost of every visit below, each as weight weighs it, and costHop per hop from here
	visits uint64 // how many visits
	deep   uint64 // the part of work that costDepth makes
}

// countWork counts the work of checking args against the plan's schema: the
// visits of (subschema, value) pairs it may make along every path through the
// branches, each weighted as worker.weight says and by costHop for every
// branch hop on its path, and costPair for each (subschema, value) pair. Its
// counts saturate at tallyMax.
//
// A visit n whose value's children (or n's branches) c are visited costs
// work(n) = weight(n) + Σ work(c) + costHop × Σ visits(c) over its branch
// hops c, since every visit below c is one hop further from n; visits(n) =
// 1 + Σ visits(c). Both are remembered per (subschema, value) pair, so counting
// takes a step per pair, not per path. A pair met again while it is being
// counted (a $ref cycle that does not move into the arguments) counts once.
func countWork(p *plan, args adapter.Value) tally {
	w := worker{plan: p, memo: map[uint64]int{}}
	root := p.node("")
	if root < 0 {
		return tally{work: costVisit + costPair, visits: 1}
	}
	c := w.count(root, &argValue{v: args})
	c.work = addSat(c.work, costPair*uint64(len(w.memo)))
	return c
}

// tallyShift: a worker keeps its tallies in blocks of up to
// 1<<tallyShift, the first ones smaller.
const tallyShift = 10

type worker struct {
	plan    *plan
	memo    map[uint64]int // subschema index << 32 | value id → index in tallies
	tallies [][]tally      // in blocks, never copied as they grow (tallyShift)
	nextID  int
}

// A argValue is one value of the arguments, numbered when first counted.
type argValue struct {
	v     adapter.Value
	id    int
	depth int         // how many arrays and objects hold it
	kids  []*argValue // members' or elements' values, made on first use
	names []*argValue // an object's member names as strings, made on first use
	own   uint64      // ownCost, once known
	inner uint64      // innerCost + 1, once known
}

// slot returns a new tally's place, and its index: block << tallyShift |
// place in the block. A full block is followed by one twice its size, up to
// 1 << tallyShift.
func (w *worker) slot() (int, *tally) {
	n := len(w.tallies)
	if n == 0 || len(w.tallies[n-1]) == cap(w.tallies[n-1]) {
		size := 16
		if n > 0 {
			size = min(2*cap(w.tallies[n-1]), 1<<tallyShift)
		}
		w.tallies = append(w.tallies, make([]tally, 0, size))
		n++
	}
	b := &w.tallies[n-1]
	*b = append(*b, tally{})
	return (n-1)<<tallyShift | (len(*b) - 1), &(*b)[len(*b)-1]
}

func (w *worker) kids(x *argValue) []*argValue {
	if x.kids == nil {
		switch x.v.Kind() {
		case adapter.Object:
			x.kids = make([]*argValue, len(x.v.Members()))
			for i, m := range x.v.Members() {
				x.kids[i] = &argValue{v: m.Value(), depth: x.depth + 1}
			}
		case adapter.Array:
			x.kids = make([]*argValue, len(x.v.Items()))
			for i, it := range x.v.Items() {
				x.kids[i] = &argValue{v: it, depth: x.depth + 1}
			}
		}
	}
	return x.kids
}

// nameValues returns the member names of the object x as string values:
// propertyNames checks each as an instance of its own.
func (w *worker) nameValues(x *argValue) []*argValue {
	if x.names == nil {
		x.names = make([]*argValue, len(x.v.Members()))
		for i, m := range x.v.Members() {
			x.names[i] = &argValue{v: adapter.StringValue(m.Key()), depth: x.depth}
		}
	}
	return x.names
}

// weight is the cost of one visit of x by the subschema n, before hops.
func (w *worker) weight(n *planNode, x *argValue) (all, deep uint64) {
	if x.own == 0 {
		x.own = ownCost(x.v, w.plan.uneval) + 1
	}
	deep = costDepth * uint64(x.depth)
	all = costVisit + deep + n.fixed + x.own - 1
	switch x.v.Kind() {
	case adapter.Object:
		all += n.named
	case adapter.Array:
		if l := uint64(x.v.Len()); n.unique && l > 1 {
			if x.inner == 0 {
				x.inner = innerCost(x.v) + 1
			}
			if l <= 20 {
				all += (x.inner - 1) * ((l + 1) / 2)
			} else {
				all += x.inner - 1
			}
		}
	case adapter.String:
		if n.pattern {
			all += costPatternByte * uint64(len(x.v.Str()))
		}
	case adapter.Number:
		if n.numeric {
			all += costDigit * digitCount(x.v.NumberText())
		}
	}
	return all, deep
}

func (w *worker) count(sid int, x *argValue) tally {
	if x.id == 0 {
		w.nextID++
		x.id = w.nextID
	}
	// A key of two 32-bit halves: a schema and arguments each held in memory
	// have fewer than 2³² subschemas and values.
	key := uint64(sid)<<32 | uint64(uint32(x.id))
	if i, ok := w.memo[key]; ok {
		return w.tallies[i>>tallyShift][i&(1<<tallyShift-1)]
	}
	n := w.plan.nodes[sid]
	all, deep := w.weight(n, x)
	c := tally{work: min(all, tallyMax), visits: 1, deep: min(deep, tallyMax)}
	at, slot := w.slot()
	*slot = c // while counting: a cycle back here counts once
	w.memo[key] = at
	add := func(t int, y *argValue, hop bool) {
		b := w.count(t, y)
		c.work = addSat(c.work, b.work)
		if hop {
			c.work = addSat(c.work, min(b.visits, tallyMax/costHop)*costHop)
		}
		c.visits = addSat(c.visits, b.visits)
		c.deep = addSat(c.deep, b.deep)
	}
	for _, t := range n.same {
		add(t, x, true)
	}
	switch x.v.Kind() {
	case adapter.Object:
		if len(n.names) > 0 {
			for _, y := range w.nameValues(x) {
				for _, t := range n.names {
					add(t, y, false)
				}
			}
		}
		if n.props == nil && len(n.members) == 0 {
			break
		}
		for i, m := range x.v.Members() {
			y := w.kids(x)[i]
			if t, has := n.props[m.Key()]; has {
				add(t, y, false)
			}
			for _, t := range n.members {
				add(t, y, false)
			}
		}
	case adapter.Array:
		if len(n.prefix) == 0 && len(n.elements) == 0 {
			break
		}
		for i, y := range w.kids(x) {
			if i < len(n.prefix) {
				add(n.prefix[i], y, false)
			}
			for _, t := range n.elements {
				add(t, y, false)
			}
		}
	}
	*slot = c
	return c
}

// ownCost is what a visit of v costs for v's own size, whatever the subschema:
// an object's members, a string's bytes, and with uneval
// (unevaluatedProperties or unevaluatedItems in the schema) the members or
// elements whose evaluation is tracked.
func ownCost(v adapter.Value, uneval bool) uint64 {
	switch v.Kind() {
	case adapter.Object:
		c := uint64(costMember * len(v.Members()))
		if uneval {
			c += uint64(costUneval * len(v.Members()))
		}
		return c
	case adapter.Array:
		if uneval {
			return uint64(costUneval * len(v.Items()))
		}
	case adapter.String:
		return uint64(costByte * len(v.Str()))
	}
	return 0
}

// digitCount is about how many decimal digits the exact value of a number
// written as text has: its digits, and as many as its exponent moves the point
// (up to twice numLimit: jsonschema/v6 gets numbers clamped as jsonNumber
// does).
func digitCount(text string) uint64 {
	_, intPart, frac, exp, ok := splitNumber(text)
	if !ok {
		return uint64(len(text))
	}
	e := atoiSat(exp)
	if e < 0 {
		e = -e
	}
	return uint64(len(intPart)+len(frac)) + uint64(min(e, 2*numLimit))
}

// innerCost is what hashing the values inside v costs, as uniqueItems does:
// costUnique for each, and their own sizes and digits.
func innerCost(v adapter.Value) uint64 {
	var c uint64
	var walk func(adapter.Value)
	walk = func(v adapter.Value) {
		c += costUnique + ownCost(v, false)
		if v.Kind() == adapter.Number {
			c += costDigit * digitCount(v.NumberText())
		}
		for _, m := range v.Members() {
			walk(m.Value())
		}
		for _, it := range v.Items() {
			walk(it)
		}
	}
	walk(v)
	return c - costUnique - ownCost(v, false)
}

// onceWork is the work of visiting every value of v once, at no depth, by a
// subschema that costs nothing more (what the arguments' size alone costs);
// and the deepest nesting of v's arrays and objects.
func onceWork(v adapter.Value, uneval bool) (work uint64, depth int) {
	work = costVisit + ownCost(v, uneval)
	var deepest int
	switch v.Kind() {
	case adapter.Object:
		for _, m := range v.Members() {
			c, d := onceWork(m.Value(), uneval)
			work, deepest = work+c, max(deepest, d)
		}
		return work, deepest + 1
	case adapter.Array:
		for _, it := range v.Items() {
			c, d := onceWork(it, uneval)
			work, deepest = work+c, max(deepest, d)
		}
		return work, deepest + 1
	}
	return work, 0
}

// countValues counts the values in v, and the deepest nesting of its arrays and
// objects.
func countValues(v adapter.Value) (n, depth int) {
	n = 1
	var deepest int
	switch v.Kind() {
	case adapter.Object:
		for _, m := range v.Members() {
			c, d := countValues(m.Value())
			n, deepest = n+c, max(deepest, d)
		}
		return n, deepest + 1
	case adapter.Array:
		for _, it := range v.Items() {
			c, d := countValues(it)
			n, deepest = n+c, max(deepest, d)
		}
		return n, deepest + 1
	}
	return n, 0
}
