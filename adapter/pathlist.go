package adapter

import "iter"

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

// A listedPath is one path of a PathList: the path of its group, then key.
type listedPath struct {
	group *pathGroup
	key   string
}

// A pathGroup is what the paths of a list that name properties of one object
// share: the object's path and, for the null paths StrictSchema finds, the
// schema path of its "properties" (see StrictResult.NullSites; nil otherwise).
// A path of a list made with PathListOf has a group of its own, which holds
// the whole path.
type pathGroup struct {
	prefix *pathNode
	site   *pathNode
	whole  bool // the path is prefix; the key is not used
}

// path returns the path as a new Path.
func (e *listedPath) path() Path {
	if e.group.whole {
		return e.group.prefix.path()
	}
	return e.group.prefix.pathThen(e.key)
}

// A PathList is an ordered list of paths, as StrictSchema finds null paths.
// The paths share the storage of their common prefixes, so a list costs
// about a name per path; each is built as a Path when it is asked for. The
// zero PathList is empty.
type PathList struct {
	ends chunkList[listedPath]
}

// PathListOf makes a list of the given paths, in order.
func PathListOf(paths ...Path) PathList {
	var l PathList
	for _, p := range paths {
		l.ends.add(listedPath{group: &pathGroup{prefix: nodeOf(p), whole: true}})
	}
	return l
}

// Len is the number of paths in the list.
func (l PathList) Len() int { return l.ends.len() }

// At returns path i as a new Path, which the caller may keep or change.
func (l PathList) At(i int) Path { return l.ends.at(i).path() }

// All yields each path of the list with its index, in order. Each Path is new.
func (l PathList) All() iter.Seq2[int, Path] { return mapped(&l.ends, (*listedPath).path) }

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
