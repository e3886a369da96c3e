package adapter

import (
	"iter"

	"github.com/strictscope/strictscope/adapter/internal/runlist"
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
func (e listedPath) key() string { return e.group.props[e.idx].Key() }

// path returns the path as a new Path.
func (e listedPath) path() Path {
	if e.group.whole {
		return e.group.prefix.path()
	}
	return e.group.prefix.pathThen(e.key())
}

// A pathSeq is a list of paths, held as runs of the properties of one group.
type pathSeq = runlist.List[*pathGroup]

// listedAt is the path of a run list's entry: its run's group and member.
func listedAt(g **pathGroup, idx uint32) listedPath { return listedPath{*g, idx} }

// pathAt is path i of s.
func pathAt(s *pathSeq, i int) listedPath { return listedAt(s.At(i)) }

// eachPath yields the paths of s in order, with their indices.
func eachPath(s *pathSeq) iter.Seq2[int, listedPath] { return runlist.Mapped(s, listedAt) }

// A PathList is an ordered list of paths, as StrictSchema finds null paths.
// The paths share the storage of their common prefixes, and the properties of
// one object made nullable share runs, so a list costs a few words per object;
// each path is built as a Path when it is asked for. The zero PathList is empty.
type PathList struct {
	seq pathSeq
}

// PathListOf makes a list of the given paths, in order.
func PathListOf(paths ...Path) PathList {
	var l PathList
	for _, p := range paths {
		l.seq.AddRun(&pathGroup{prefix: nodeOf(p), whole: true}, 0)
	}
	return l
}

// Len is the number of paths in the list.
func (l PathList) Len() int { return l.seq.Len() }

// At returns path i as a new Path, which the caller may keep or change.
func (l PathList) At(i int) Path { return pathAt(&l.seq, i).path() }

// All yields each path of the list with its index, in order. Each Path is new.
func (l PathList) All() iter.Seq2[int, Path] {
	return runlist.Mapped(&l.seq, func(g **pathGroup, idx uint32) Path { return listedAt(g, idx).path() })
}

// Paths returns the paths of the list as new Paths, in order; an empty list
// gives an empty slice, never nil.
func (l PathList) Paths() []Path { return collect(l.All(), l.Len()) }

// Value writes the list as a JSON array of paths (see PathsValue).
func (l PathList) Value() Value { return PathsValue(l.Paths()) }

// A DroppedList is the ordered list of keywords a conversion dropped. Like a
// PathList, it keeps each keyword's schema path as the path of its node,
// shared with the node's other keywords, and the keywords of one name that
// the properties of an object drop share runs; the Path is built when an
// entry is asked for. The zero DroppedList is empty.
type DroppedList struct {
	recs runlist.List[droppedHead]
}

// A droppedHead is what the entries of one run share. The path of an entry is
// node, then the keyword; or node alone when whole (an unreachable
// definition, or an entry of DroppedListOf); or, for a keyword of a
// property's schema, the group's "properties" (its site), the name of the
// entry's property, then the keyword, so that the keywords of an object's
// properties share one group.
type droppedHead struct {
	node    *pathNode
	group   *pathGroup
	keyword string
	reason  string
	how     droppedPath
}

type droppedPath uint8

const (
	droppedKeyword   droppedPath = iota // node, keyword
	droppedInKeyword                    // group's site, property, keyword
	droppedWhole                        // node
)

// dropped returns the entry of h for property idx (0 when it names none),
// with a new Path.
func (h *droppedHead) dropped(idx uint32) Dropped {
	var p Path
	switch h.how {
	case droppedWhole:
		p = h.node.path()
	case droppedInKeyword:
		p = h.group.site.pathThen(h.group.props[idx].Key(), h.keyword)
	default:
		p = h.node.pathThen(h.keyword)
	}
	return Dropped{Path: p, Keyword: h.keyword, Reason: h.reason}
}

// DroppedListOf makes a list of the given entries, in order.
func DroppedListOf(dropped ...Dropped) DroppedList {
	var l DroppedList
	for _, d := range dropped {
		l.recs.AddRun(droppedHead{node: nodeOf(d.Path), keyword: d.Keyword, reason: d.Reason, how: droppedWhole}, 0)
	}
	return l
}

// Len is the number of keywords dropped.
func (l DroppedList) Len() int { return l.recs.Len() }

// At returns entry i, with a new Path.
func (l DroppedList) At(i int) Dropped {
	h, idx := l.recs.At(i)
	return h.dropped(idx)
}

// All yields each entry with its index, in order.
func (l DroppedList) All() iter.Seq2[int, Dropped] {
	return runlist.Mapped(&l.recs, (*droppedHead).dropped)
}

// List returns the entries as a slice, in order; an empty list gives an empty
// slice, never nil.
func (l DroppedList) List() []Dropped { return collect(l.All(), l.Len()) }

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
		items = append(items, ObjectValue(MemberOf("path", d.Path.Value()), MemberOf("keyword", StringValue(d.Keyword))))
	}
	return ArrayValue(items...)
}

// PathsValue writes paths as a JSON array of paths.
func PathsValue(paths []Path) Value {
	items := make([]Value, len(paths))
	for i, p := range paths {
		items[i] = p.Value()
	}
	return ArrayValue(items...)
}
