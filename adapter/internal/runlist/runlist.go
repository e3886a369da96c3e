// Package runlist holds lists whose entries name members of arrays, kept as
// runs of members that share what is said of them: the null paths and the
// dropped keywords of a schema conversion.
package runlist

import (
	"fmt"
	"iter"
	"math/bits"
)

// A List holds a list whose entries name members of arrays, as runs: the
// entries with the same head (what they share: the array and what is said of
// each member) that name members at most 64 apart, one after another and in
// the order of the members, share one run, with a bit for each member. A
// conversion meets an object's properties in order, so a run holds up to 64
// of its null paths, or of its dropped keywords of one name, in a few words.
type List[H comparable] struct {
	runs chunkList[run[H]]
	last *run[H] // the last of runs; nil for none
	n    int
}

// A run is the entries of head for members base+k, for each bit k set in bits,
// in that order.
type run[H comparable] struct {
	head   H
	bits   uint64
	base   uint32
	before uint32 // the entries of the runs before this one
}

// Add appends the entry of h for member i.
func (l *List[H]) Add(h H, i uint32) {
	if !l.Join(h, i) {
		l.AddRun(h, i)
	}
}

// Join appends the entry of h for member i to the last run, and reports
// whether it could: the run must have head h, and i must come after its last
// member, within 64 of its first.
func (l *List[H]) Join(h H, i uint32) bool {
	return l.last != nil && l.last.head == h && l.JoinLast(i)
}

// Last returns the head of the last run, nil when there is none.
func (l *List[H]) Last() *H {
	if l.last == nil {
		return nil
	}
	return &l.last.head
}

// JoinLast is Join for a caller that has compared the last run's head.
func (l *List[H]) JoinLast(i uint32) bool {
	r := l.last
	d := i - r.base
	if d >= 64 || r.bits>>d != 0 {
		return false
	}
	r.bits |= 1 << d
	l.n++
	return true
}

// AddRun appends the entry of h for member i in a run of its own.
func (l *List[H]) AddRun(h H, i uint32) {
	l.runs.add(run[H]{head: h, bits: 1, base: i, before: uint32(l.n)})
	l.last = l.runs.last()
	l.n++
}

// Len is the number of entries.
func (l *List[H]) Len() int { return l.n }

// At returns the head and member of entry i.
func (l *List[H]) At(i int) (*H, uint32) {
	if uint(i) >= uint(l.n) {
		panic(fmt.Sprintf("adapter: index %d out of range [0:%d]", i, l.n))
	}
	// The last run that starts at or before i.
	lo, hi := 0, l.runs.n
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(l.runs.at(m).before) <= i {
			lo = m
		} else {
			hi = m
		}
	}
	r := l.runs.at(lo)
	b := r.bits
	for k := i - int(r.before); k > 0; k-- {
		b &= b - 1
	}
	return &r.head, r.base + uint32(bits.TrailingZeros64(b))
}

// each yields each entry's index, head and member, in order.
func (l *List[H]) each(yield func(int, *H, uint32) bool) {
	i := 0
	for _, r := range l.runs.each() {
		for b := r.bits; b != 0; b &= b - 1 {
			if !yield(i, &r.head, r.base+uint32(bits.TrailingZeros64(b))) {
				return
			}
			i++
		}
	}
}

// Mapped yields f of each entry, with its index.
func Mapped[H comparable, U any](l *List[H], f func(*H, uint32) U) iter.Seq2[int, U] {
	return func(yield func(int, U) bool) {
		l.each(func(i int, h *H, m uint32) bool { return yield(i, f(h, m)) })
	}
}
