package adapter

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"
)

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
