package adapter

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
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
	props := make([]Member, 300)
	for i := range props {
		props[i] = MemberOf("p"+strconv.Itoa(i), Value{})
	}
	groups := []*pathGroup{{props: props}, {props: props}, {props: props}}
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2, 63, 64, 65, 200, 1000} {
		var s pathSeq
		var want []listedPath
		g, i := groups[0], uint32(0)
		for range n {
			switch r.IntN(10) {
			case 0:
				g = groups[r.IntN(len(groups))]
			case 1:
				i = uint32(r.IntN(len(props)))
			case 2:
				i += 64
			default:
				i += uint32(1 + r.IntN(3))
			}
			i %= uint32(len(props))
			s.add(g, i)
			want = append(want, listedPath{g, i})
		}
		if s.len() != n {
			t.Fatalf("%d entries: len() = %d", n, s.len())
		}
		for k, w := range want {
			if got := pathAt(&s, k); got != w {
				t.Fatalf("%d entries: at(%d) = %v, want %v", n, k, got, w)
			}
		}
		k := 0
		for j, e := range eachPath(&s) {
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

// TestPathListOf: a list made of paths gives back the same paths, in order,
// however they share prefixes, by At, All, Paths and Value, and each Path it
// gives is the caller's to change.
func TestPathListOf(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 3, 17, 300} {
		want := make([]Path, n)
		for i := range want {
			p := make(Path, r.IntN(5))
			for j := range p {
				switch r.IntN(4) {
				case 0:
					p[j] = Index(r.IntN(3))
				case 1:
					p[j] = Every()
				default:
					p[j] = Key(strconv.Itoa(r.IntN(3)))
				}
			}
			want[i] = p
		}
		l := PathListOf(want...)
		if l.Len() != n {
			t.Fatalf("%d paths: Len() = %d", n, l.Len())
		}
		got := l.Paths()
		if got == nil || !slices.EqualFunc(got, want, Path.Equal) {
			t.Fatalf("%d paths: Paths() = %v, want %v", n, got, want)
		}
		for i, p := range l.All() {
			if !p.Equal(want[i]) || !l.At(i).Equal(want[i]) {
				t.Fatalf("%d paths: path %d = %s and %s, want %s", n, i, p, l.At(i), want[i])
			}
		}
		if !Equal(l.Value(), PathsValue(want)) {
			t.Fatalf("%d paths: Value() = %s", n, l.Value())
		}
		if n > 0 && len(want[0]) > 0 {
			p := l.At(0)
			p[0] = Key("changed")
			if !l.At(0).Equal(want[0]) {
				t.Fatalf("changing a Path from At changed the list")
			}
		}
	}
	d := []Dropped{{Path: Keys("properties", "a", "default"), Keyword: "default", Reason: ReasonDefault}, {Path: Path{}, Keyword: "x", Reason: ReasonUnsupported}}
	dl := DroppedListOf(d...)
	if dl.Len() != 2 || !reflect.DeepEqual(dl.List(), d) || !reflect.DeepEqual(dl.At(1), d[1]) {
		t.Fatalf("DroppedListOf gave %v", dl.List())
	}
	if got := AppendCompact(nil, dl.Value()); string(got) != `[{"path":["properties","a","default"],"keyword":"default"},{"path":[],"keyword":"x"}]` {
		t.Fatalf("DroppedList.Value() = %s", got)
	}
	if (PathList{}).Paths() == nil || (DroppedList{}).List() == nil {
		t.Fatalf("an empty list gives a nil slice")
	}
}
