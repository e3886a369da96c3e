package adapter

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter/internal/namesort"
)

// TestRequiredListKeepsSorted checks that a required list that already names
// every property in order is returned as it is, and any other is replaced.
func TestRequiredListKeepsSorted(t *testing.T) {
	props := ObjectValue(MemberOf("b", Value{}), MemberOf("a", Value{}), MemberOf("c", Value{}))
	sorted := ArrayValue(StringValue("a"), StringValue("b"), StringValue("c"))
	c := &converter{}
	if got := c.requiredList(props, sorted); got != sorted {
		t.Errorf("requiredList with %s gives %s, want the same list", sorted, got)
	}
	for _, existing := range []Value{
		{},
		ArrayValue(StringValue("b"), StringValue("a"), StringValue("c")),
		ArrayValue(StringValue("a"), StringValue("b")),
		ArrayValue(StringValue("a"), StringValue("b"), NumberValue("1")),
	} {
		got := c.requiredList(props, existing)
		if got == existing || got.String() != sorted.String() {
			t.Errorf("requiredList with %s gives %s, want a new %s", existing, got, sorted)
		}
	}
}

// TestSortNamesLong: names held through a string of their own (longKey bytes
// and more, see Member) sort by their text among short ones, in any order, and
// a required list of them is made right.
func TestSortNamesLong(t *testing.T) {
	long := strings.Repeat("m", longKey+2)
	names := []string{"z", long[:longKey], "a", long, "m", long[:longKey+1] + "a", "mm"}
	var s namesort.Sorter
	for range 20 {
		mems := make([]Member, len(names))
		for i, name := range names {
			mems[i] = MemberOf(name, Value{})
		}
		keys, mask := namesort.Sort(&s, mems)
		got := make([]string, len(keys))
		for i, k := range keys {
			got[i] = names[k&mask]
		}
		if !slices.Equal(got, slices.Sorted(slices.Values(names))) {
			t.Fatalf("names of %d to %d bytes sort out of order", 1, len(long))
		}
		rand.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	}
	mems := make([]Member, len(names))
	for i, name := range names {
		mems[i] = MemberOf(name, Value{})
	}
	c := &converter{}
	got := c.requiredList(ObjectValue(mems...), Value{}).Items()
	want := slices.Sorted(slices.Values(names))
	for i := range want {
		if got[i].Str() != want[i] {
			t.Fatalf("required list entry %d has %d bytes, want %d", i, len(got[i].Str()), len(want[i]))
		}
	}
}
