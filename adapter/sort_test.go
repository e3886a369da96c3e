package adapter

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeyOrder checks the required-list sort against slices.Sort on names that
// tie on their first bytes, differ only past them, are prefixes of each other and
// hold zero bytes, in lists short and long (the two ways it sorts).
func TestKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b", "s0_f", "\x00", "é", "long_prefix_", "x"}
	var order []int32
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
			want := slices.Sorted(slices.Values(names))
			// In random order, and already in order (one run).
			for _, in := range [][]string{names, want} {
				mems := make([]Member, len(in))
				for i, name := range in {
					mems[i].Key = name
				}
				order = keyOrder(mems, order[:0], &keys)
				got := make([]string, len(order))
				for i, j := range order {
					got[i] = in[j]
				}
				if !slices.Equal(got, want) {
					t.Fatalf("keyOrder(%q) gives %q, want %q", in, got, want)
				}
			}
		}
	}
}

// TestPrefixKey checks the word loads of prefixKey against the first n bytes read
// one at a time, for every length around the 4- and 8-byte loads.
func TestPrefixKey(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for length := range 13 {
		for range 50 {
			b := make([]byte, length)
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
			s := string(b)
			for _, n := range []int{7, 8} {
				var want uint64
				for j := range n {
					want <<= 8
					if j < len(s) {
						want |= uint64(s[j])
					}
				}
				if got := prefixKey(s, n); got != want {
					t.Fatalf("prefixKey(%q, %d) = %#x, want %#x", s, n, got, want)
				}
			}
		}
	}
}

// TestSortKeys checks both ways sortKeys sorts: lists made of a few ascending runs
// (merged) and lists in random order (sorted by comparison), against slices.Sort.
func TestSortKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2, 8, 9, 16, 17, 101, 256} {
		for _, runs := range []int{1, 2, 3, n / 8, n/8 + 1, n} {
			for range 20 {
				seen := map[uint64]bool{}
				var keys []uint64
				for len(keys) < n {
					k := r.Uint64() >> r.IntN(64)
					if !seen[k] {
						seen[k] = true
						keys = append(keys, k)
					}
				}
				// Sorted chunks between random cut points, in random order.
				var chunks [][]uint64
				for rest := keys; len(rest) > 0; {
					size := len(rest)
					if runs > 1 {
						size = 1 + r.IntN(max(1, 2*len(keys)/runs))
					}
					size = min(size, len(rest))
					chunk := slices.Clone(rest[:size])
					slices.Sort(chunk)
					chunks = append(chunks, chunk)
					rest = rest[size:]
				}
				r.Shuffle(len(chunks), func(i, j int) { chunks[i], chunks[j] = chunks[j], chunks[i] })
				in := slices.Concat(chunks...)
				want := slices.Sorted(slices.Values(in))
				got := slices.Clone(in)
				sortKeys(got, make([]uint64, len(got)))
				if !slices.Equal(got, want) {
					t.Fatalf("sortKeys(%v) = %v, want %v", in, got, want)
				}
			}
		}
	}
}
