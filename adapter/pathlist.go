package adapter

import "iter"

// A pathNode is one path held as its last step and the path before it (nil for
// a path of one step). Nodes never change once made, so paths that share a
// prefix share its nodes: a conversion that makes two thousand properties
// nullable keeps each null path as one node beside its object's.
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

// A pathEnd is a path held as the path before its last step, and that step;
// the empty path has a last step of kind noStep.
type pathEnd struct {
	prefix *pathNode
	last   Step
}

// noStep marks the last step of the empty path.
const noStep StepKind = 255

func endOf(p Path) pathEnd {
	if len(p) == 0 {
		return pathEnd{last: Step{Kind: noStep}}
	}
	return pathEnd{prefix: nodeOf(p[:len(p)-1]), last: p[len(p)-1]}
}

// path returns the path as a new Path (empty, not nil, for the empty path).
func (e *pathEnd) path() Path {
	if e.last.Kind == noStep {
		return Path{}
	}
	k := e.prefix.len()
	p := make(Path, k+1)
	e.prefix.fill(p[:k])
	p[k] = e.last
	return p
}

// A listedPath is one path of a PathList, with, for a null path StrictSchema
// found, the schema path of the object that declared it, up to its
// "properties" (see StrictResult.NullSites); nil otherwise.
type listedPath struct {
	pathEnd
	site *pathNode
}

// A PathList is an ordered list of paths, as StrictSchema finds null paths.
// The paths share the storage of their common prefixes, so a list costs
// about one step per path; each is built as a Path when it is asked for. The
// zero PathList is empty.
type PathList struct {
	ends chunkList[listedPath]
}

// PathListOf makes a list of the given paths, in order.
func PathListOf(paths ...Path) PathList {
	var l PathList
	for _, p := range paths {
		l.ends.add(listedPath{pathEnd: endOf(p)})
	}
	return l
}

// Len is the number of paths in the list.
func (l PathList) Len() int { return l.ends.len() }

// At returns path i as a new Path, which the caller may keep or change.
func (l PathList) At(i int) Path { return l.ends.at(i).path() }

// All yields each path of the list with its index, in order. Each Path is new.
func (l PathList) All() iter.Seq2[int, Path] {
	return func(yield func(int, Path) bool) {
		for i, e := range l.ends.each() {
			if !yield(i, e.path()) {
				return
			}
		}
	}
}

// Paths returns the paths of the list as new Paths, in order; an empty list
// gives an empty slice, never nil.
func (l PathList) Paths() []Path {
	out := make([]Path, 0, l.Len())
	for _, p := range l.All() {
		out = append(out, p)
	}
	return out
}

// Value writes the list as a JSON array of paths (see Path.Value).
func (l PathList) Value() Value {
	items := make([]Value, 0, l.Len())
	for _, p := range l.All() {
		items = append(items, p.Value())
	}
	return ArrayValue(items...)
}

// A DroppedList is the ordered list of keywords a conversion dropped. Like a
// PathList, it keeps each keyword's schema path as one step beside the path
// of its node, and builds the Path when an entry is asked for. The zero
// DroppedList is empty.
type DroppedList struct {
	recs chunkList[droppedRec]
}

// droppedRec is one Dropped with its path as a pathEnd.
type droppedRec struct {
	at      pathEnd
	keyword string
	reason  string
}

// DroppedListOf makes a list of the given entries, in order.
func DroppedListOf(dropped ...Dropped) DroppedList {
	var l DroppedList
	for _, d := range dropped {
		l.recs.add(droppedRec{at: endOf(d.Path), keyword: d.Keyword, reason: d.Reason})
	}
	return l
}

// Len is the number of keywords dropped.
func (l DroppedList) Len() int { return l.recs.len() }

// At returns entry i, with a new Path.
func (l DroppedList) At(i int) Dropped { return l.recs.at(i).dropped() }

func (r *droppedRec) dropped() Dropped {
	return Dropped{Path: r.at.path(), Keyword: r.keyword, Reason: r.reason}
}

// All yields each entry with its index, in order.
func (l DroppedList) All() iter.Seq2[int, Dropped] {
	return func(yield func(int, Dropped) bool) {
		for i, r := range l.recs.each() {
			if !yield(i, r.dropped()) {
				return
			}
		}
	}
}

// List returns the entries as a slice, in order; an empty list gives an empty
// slice, never nil.
func (l DroppedList) List() []Dropped {
	out := make([]Dropped, 0, l.Len())
	for _, d := range l.All() {
		out = append(out, d)
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
