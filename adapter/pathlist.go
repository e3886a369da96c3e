package adapter

import (
	"fmt"
	"iter"
	"math/bits"
)

// A pathNode is one path held as its last step and the path before it (nil for
// a path of one step). Nodes never change once made, so paths that share a
// prefix share its nodes: a conversion that makes two thousand properties
// nullable keeps a node or two for each object, and for each null path only
// the property's name beside them.
type pathNode struct {
	step   Step
	parent *pathNode
}

// len is the number of steps of the path ending at n (0 for nil).
func (n *pathNode) len() int {
	k := 0
	for ; n != nil; n = n.parent {
		k++
	}
	return k
}

// fill writes the steps of the path ending at n into the end of p, which has
// room for exactly them.
func (n *pathNode) fill(p []Step) {
	for i := len(p) - 1; n != nil; i, n = i-1, n.parent {
		p[i] = n.step
	}
}

// path returns the path ending at n as a new Path (empty, not nil, for nil).
func (n *pathNode) path() Path {
	p := make(Path, n.len())
	n.fill(p)
	return p
}

// pathThen returns the path ending at n, then a step into each member named
// in keys, as a new Path.
func (n *pathNode) pathThen(keys ...string) Path {
	k := n.len()
	p := make(Path, k+len(keys))
	n.fill(p[:k])
	for i, key := range keys {
		p[k+i] = Key(key)
	}
	return p
}

// nodeOf returns the nodes of a Path, the last one last.
func nodeOf(p Path) *pathNode {
	var n *pathNode
	if len(p) == 0 {
		return nil
	}
	nodes := make([]pathNode, len(p))
	for i, s := range p {
		nodes[i] = pathNode{step: s, parent: n}
		n = &nodes[i]
	}
	return n
}

// A listedPath is one path of a PathList: the path of its group, then the
// name of the group's property idx.
type listedPath struct {
	group *pathGroup
	idx   uint32
}

// A pathGroup is what the paths of a list that name properties of one object
// share: the object's path, its properties (whose names end the paths) and,
// for the null paths StrictSchema finds, the schema path of its "properties"
// (see StrictResult.NullSites; nil otherwise). A path of a list made with
// PathListOf has a group of its own, which holds the whole path.
type pathGroup struct {
	prefix *pathNode
	site   *pathNode
	props  []Member
	whole  bool // the path is prefix; no property's name follows
}

// key is the name that ends the path.
func (e listedPath) key() string { return e.group.props[e.idx].Key }

// path returns the path as a new Path.
func (e listedPath) path() Path {
	if e.group.whole {
		return e.group.prefix.path()
	}
	return e.group.prefix.pathThen(e.key())
}

// A pathSeq holds a list of paths as runs: the paths of one group whose
// properties are at most 64 apart follow one another in the order of their
// properties, and one run holds them all, with a bit for each property. A
// conversion meets an object's properties in order, so a run costs a few
// words for up to 64 null paths.
type pathSeq struct {
	runs chunkList[pathRun]
	last *pathRun // the last of runs; nil for none
	n    int
}

// A pathRun is the paths, in the order of their properties, of the group's
// properties base+k for each bit k set in bits.
type pathRun struct {
	group  *pathGroup
	bits   uint64
	base   uint32
	before uint32 // the paths of the runs before this one
}

// add appends the path of property i of g.
func (s *pathSeq) add(g *pathGroup, i uint32) {
	if !s.join(g, i) {
		s.addRun(g, i)
	}
}

// join appends the path of property i of g to the last run, and reports
// whether it could: the property must be of the run's group and come after
// its last, within 64 of its first.
func (s *pathSeq) join(g *pathGroup, i uint32) bool {
	r := s.last
	if r == nil || r.group != g {
		return false
	}
	d := i - r.base
	if d >= 64 || r.bits>>d != 0 {
		return false
	}
	r.bits |= 1 << d
	s.n++
	return true
}

// addRun appends the path of property i of g in a run of its own.
func (s *pathSeq) addRun(g *pathGroup, i uint32) {
	s.runs.add(pathRun{group: g, bits: 1, base: i, before: uint32(s.n)})
	s.last = s.runs.last()
	s.n++
}

// len is the number of paths.
func (s *pathSeq) len() int { return s.n }

// at returns path i.
func (s *pathSeq) at(i int) listedPath {
	if uint(i) >= uint(s.n) {
		panic(fmt.Sprintf("adapter: path index %d out of range [0:%d]", i, s.n))
	}
	// The last run that starts at or before i.
	lo, hi := 0, s.runs.n
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(s.runs.at(m).before) <= i {
			lo = m
		} else {
			hi = m
		}
	}
	r := s.runs.at(lo)
	b := r.bits
	for k := i - int(r.before); k > 0; k-- {
		b &= b - 1
	}
	return listedPath{r.group, r.base + uint32(bits.TrailingZeros64(b))}
}

// each yields the paths in order, with their indices.
func (s *pathSeq) each() iter.Seq2[int, listedPath] {
	return func(yield func(int, listedPath) bool) {
		i := 0
		for _, r := range s.runs.each() {
			for b := r.bits; b != 0; b &= b - 1 {
				if !yield(i, listedPath{r.group, r.base + uint32(bits.TrailingZeros64(b))}) {
					return
				}
				i++
			}
		}
	}
}

// A PathList is an ordered list of paths, as StrictSchema finds null paths.
// The paths share the storage of their common prefixes, and the properties of
// one object made nullable share a run, so a list costs a few words per object;
// each path is built as a Path when it is asked for. The zero PathList is empty.
type PathList struct {
	seq pathSeq
}

// PathListOf makes a list of the given paths, in order.
func PathListOf(paths ...Path) PathList {
	var l PathList
	for _, p := range paths {
		l.seq.add(&pathGroup{prefix: nodeOf(p), whole: true}, 0)
	}
	return l
}

// Len is the number of paths in the list.
func (l PathList) Len() int { return l.seq.len() }

// At returns path i as a new Path, which the caller may keep or change.
func (l PathList) At(i int) Path { return l.seq.at(i).path() }

// All yields each path of the list with its index, in order. Each Path is new.
func (l PathList) All() iter.Seq2[int, Path] {
	return func(yield func(int, Path) bool) {
		for i, e := range l.seq.each() {
			if !yield(i, e.path()) {
				return
			}
		}
	}
}

// Paths returns the paths of the list as new Paths, in order; an empty list
// gives an empty slice, never nil.
func (l PathList) Paths() []Path { return collect(l.All(), l.Len()) }

// Value writes the list as a JSON array of paths (see PathsValue).
func (l PathList) Value() Value { return PathsValue(l.Paths()) }

// A DroppedList is the ordered list of keywords a conversion dropped. Like a
// PathList, it keeps each keyword's schema path as the path of its node,
// shared with the node's other keywords, and builds the Path when an entry is
// asked for. The zero DroppedList is empty.
type DroppedList struct {
	recs chunkList[droppedRec]
}

// droppedRec is one Dropped. Its path is node, then the member name in, then
// the keyword; or node alone when whole (an unreachable definition, or an
// entry of DroppedListOf). A keyword of a property's schema has the object's
// "properties" as node and the property's name as in, so that the keywords of
// many properties share one node.
type droppedRec struct {
	node    *pathNode
	in      string
	keyword string
	reason  string
	how     droppedPath
}

type droppedPath uint8

const (
	droppedKeyword   droppedPath = iota // node, keyword
	droppedInKeyword                    // node, in, keyword
	droppedWhole                        // node
)

// path returns the entry's path as a new Path.
func (r *droppedRec) path() Path {
	switch r.how {
	case droppedWhole:
		return r.node.path()
	case droppedInKeyword:
		return r.node.pathThen(r.in, r.keyword)
	}
	return r.node.pathThen(r.keyword)
}

// DroppedListOf makes a list of the given entries, in order.
func DroppedListOf(dropped ...Dropped) DroppedList {
	var l DroppedList
	for _, d := range dropped {
		l.recs.add(droppedRec{node: nodeOf(d.Path), keyword: d.Keyword, reason: d.Reason, how: droppedWhole})
	}
	return l
}

// Len is the number of keywords dropped.
func (l DroppedList) Len() int { return l.recs.len() }

// At returns entry i, with a new Path.
func (l DroppedList) At(i int) Dropped { return l.recs.at(i).dropped() }

func (r *droppedRec) dropped() Dropped {
	return Dropped{Path: r.path(), Keyword: r.keyword, Reason: r.reason}
}

// All yields each entry with its index, in order.
func (l DroppedList) All() iter.Seq2[int, Dropped] { return mapped(&l.recs, (*droppedRec).dropped) }

// List returns the entries as a slice, in order; an empty list gives an empty
// slice, never nil.
func (l DroppedList) List() []Dropped { return collect(l.All(), l.Len()) }

// mapped yields f of each element of l, with its index.
func mapped[T, U any](l *chunkList[T], f func(*T) U) iter.Seq2[int, U] {
	return func(yield func(int, U) bool) {
		for i, e := range l.each() {
			if !yield(i, f(e)) {
				return
			}
		}
	}
}

// collect gathers the n values seq yields into a slice (empty, not nil, for
// none).
func collect[U any](seq iter.Seq2[int, U], n int) []U {
	out := make([]U, 0, n)
	for _, u := range seq {
		out = append(out, u)
	}
	return out
}

// Value writes the list as [{"path":[…],"keyword":"…"}].
func (l DroppedList) Value() Value {
	items := make([]Value, 0, l.Len())
	for _, d := range l.All() {
		items = append(items, ObjectValue(Member{"path", d.Path.Value()}, Member{"keyword", StringValue(d.Keyword)}))
	}
	return ArrayValue(items...)
}
