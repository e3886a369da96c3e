package adapter

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortStrings checks the required-list sort against slices.Sort on names that
// tie on their first bytes, differ only past them, are prefixes of each other and
// hold zero bytes, in lists short and long (the two ways it sorts).
func TestSortStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b", "s0_f", "\x00", "é", "long_prefix_", "x"}
	var keyed []keyedName
	var keys []uint64
	for _, n := range []int{0, 1, 2, 3, 17, 100, 256, 257, 600} {
		for range 20 {
			seen := map[string]bool{}
			var names []string
			for len(names) < n {
				s := ""
				for range 1 + r.IntN(5) {
					s += alphabet[r.IntN(len(alphabet))]
				}
				if !seen[s] {
					seen[s] = true
					names = append(names, s)
				}
			}
			want := slices.Clone(names)
			slices.Sort(want)
			keyed, keys = sortStrings(names, keyed, keys)
			if !slices.Equal(names, want) {
				t.Fatalf("sortStrings(%d names) = %q, want %q", n, names, want)
			}
		}
	}
}
