package runlist

import (
	"math/rand/v2"
	"testing"
)

// TestChunkList: a chunk list finds every element it was given, by index and
// in order, on both sides of each block boundary.
func TestChunkList(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 5, 11, 12, 13, 27, 28, 29, 59, 60, 61, 123, 124, 125, 251, 252, 253, 1000} {
		var l chunkList[int]
		for i := range n {
			l.add(i * 7)
		}
		if l.len() != n {
			t.Fatalf("%d elements: len() = %d", n, l.len())
		}
		for i := range n {
			if got := *l.at(i); got != i*7 {
				t.Fatalf("%d elements: at(%d) = %d, want %d", n, i, got, i*7)
			}
		}
		k := 0
		for i, v := range l.each() {
			if i != k || *v != k*7 {
				t.Fatalf("%d elements: each gave %d: %d at step %d", n, i, *v, k)
			}
			k++
		}
		if k != n {
			t.Fatalf("%d elements: each gave %d", n, k)
		}
	}
}

// TestRunList: a run list gives back the entries it was given, in the order
// given, by index and in order, whether they join a run (same head, later
// member, within 64 of the run's first) or start one (another head, an
// earlier or equal member, one 64 or more past the run's first).
func TestRunList(t *testing.T) {
	// Three heads, and the members of an array of 300.
	const heads, members = 3, 300
	type entry struct {
		head int
		i    uint32
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2, 63, 64, 65, 200, 1000} {
		var s List[int]
		var want []entry
		g, i := 0, uint32(0)
		for range n {
			switch r.IntN(10) {
			case 0:
				g = r.IntN(heads)
			case 1:
				i = uint32(r.IntN(members))
			case 2:
				i += 64
			default:
				i += uint32(1 + r.IntN(3))
			}
			i %= members
			s.Add(g, i)
			want = append(want, entry{g, i})
		}
		if s.Len() != n {
			t.Fatalf("%d entries: Len() = %d", n, s.Len())
		}
		for k, w := range want {
			h, i := s.At(k)
			if got := (entry{*h, i}); got != w {
				t.Fatalf("%d entries: At(%d) = %v, want %v", n, k, got, w)
			}
		}
		k := 0
		for j, e := range Mapped(&s, func(h *int, i uint32) entry { return entry{*h, i} }) {
			if j != k || e != want[k] {
				t.Fatalf("%d entries: each gave %d: %v at step %d, want %v", n, j, e, k, want[k])
			}
			k++
		}
		if k != n {
			t.Fatalf("%d entries: each gave %d", n, k)
		}
		if n > 1 && s.runs.len() == n {
			t.Errorf("%d entries: no two share a run", n)
		}
	}
}
