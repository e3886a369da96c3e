package adapter

import (
	"unsafe"

	"github.com/strictscope/strictscope/adapter/internal/arena"
)

// A pathStack is the path of the node being converted, one frame per step. A
// frame also holds, once asked for, the pathNode that ends at its step: the
// first made frames have one. A path recorded at the same place again, or
// below it (a node's dropped keywords, the objects whose properties are made
// nullable), reuses those nodes and makes only its own.
//
// The step into the property converting is not written as each property
// starts: live and liveAt point to the index of that property and to its
// frame, and the step is brought up to date when the path is read.
type pathStack struct {
	frames []pathFrame
	made   int
	live   *uint32
	liveAt *int
}

// sync writes the index of the property converting into its step.
func (s *pathStack) sync() {
	at := *s.liveAt
	if uint(at) >= uint(len(s.frames)) {
		return
	}
	f := &s.frames[at]
	if j := int32(*s.live); f.props != nil && f.step.Index != j {
		f.step.Index = j
		s.made = min(s.made, at)
	}
}

type pathFrame struct {
	step Step
	node *pathNode
	// The first of the properties of an object, for the step into one of
	// them: the step's Index says which. A step into the property being
	// converted is so written by one integer, not its name.
	props *Member
}

// len is the number of steps.
func (s *pathStack) len() int { return len(s.frames) }

// push adds a step at the end.
func (s *pathStack) push(st Step) { s.frames = append(s.frames, pathFrame{step: st}) }

// pop removes the last n steps.
func (s *pathStack) pop(n int) {
	s.frames = s.frames[:len(s.frames)-n]
	s.made = min(s.made, len(s.frames))
}

// pushProps adds a step into one of props, which the converter's curProp
// chooses (see sync).
func (s *pathStack) pushProps(props []Member) {
	s.frames = append(s.frames, pathFrame{props: unsafe.SliceData(props)})
}

// setIndex replaces step i with the array index j.
func (s *pathStack) setIndex(i, j int) {
	s.frames[i].step = Index(j)
	s.made = min(s.made, i)
}

// step returns step i; a caller that reads the property converting syncs
// first.
func (s *pathStack) step(i int) Step {
	f := &s.frames[i]
	if f.props != nil {
		return Key(sliceAt[Member](unsafe.Pointer(f.props), int(f.step.Index)+1)[f.step.Index].Key())
	}
	return f.step
}

// path returns the first n steps as a new Path (never nil).
func (s *pathStack) path(n int) Path {
	s.sync()
	p := make(Path, n)
	for i := range p {
		p[i] = s.step(i)
	}
	return p
}

// node returns the pathNode of the first n steps (nil for none), making the
// nodes it lacks from slab.
func (s *pathStack) node(n int, slab *arena.Slab[pathNode]) *pathNode {
	if n == 0 {
		return nil
	}
	s.sync()
	if s.made < n {
		s.make(n, slab)
	}
	return s.frames[n-1].node
}

// make makes the nodes of the first n steps that are not made.
func (s *pathStack) make(n int, slab *arena.Slab[pathNode]) {
	for ; s.made < n; s.made++ {
		var parent *pathNode
		if s.made > 0 {
			parent = s.frames[s.made-1].node
		}
		s.frames[s.made].node = newNode(slab, parent, s.step(s.made))
	}
}

// newNode makes the path parent, then st, from slab.
func newNode(slab *arena.Slab[pathNode], parent *pathNode, st Step) *pathNode {
	n := &slab.Take(1)[0]
	n.step, n.parent = st, parent
	return n
}
