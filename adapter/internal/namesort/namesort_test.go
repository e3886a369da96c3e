package namesort

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// A name is a Named that is its name.
type name string

func (n name) Key() string { return string(n) }

// named is the names as Named.
func named(names []string) []name {
	out := make([]name, len(names))
	for i, s := range names {
		out[i] = name(s)
	}
	return out
}

// namesOf sorts the names with sortNames, reusing buf and runs.
func namesOf(in []string, buf *[]uint64, runs *[]int32) []string {
	keys, mask := sortNames(named(in), buf, runs)
	got := make([]string, len(keys))
	for i, k := range keys {
		got[i] = in[k&mask]
	}
	return got
}

// checkSorted checks namesOf(in) against slices.Sort.
func checkSorted(t *testing.T, in []string, buf *[]uint64, runs *[]int32) {
	t.Helper()
	want := slices.Sorted(slices.Values(in))
	if got := namesOf(in, buf, runs); !slices.Equal(got, want) {
		t.Fatalf("sortNames(%q)\ngives %q\nwant  %q", in, got, want)
	}
}

// TestSortNamesRandom checks the required-list sort against slices.Sort on names
// that tie on their first bytes, differ only past them, are prefixes of each other
// and hold zero bytes, in lists short and long, in random order and in order.
func TestSortNamesRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b", "s0_f", "\x00", "é", "long_prefix_", "x"}
	var buf []uint64
	var runs []int32
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
			// In random order, and already in order (one run).
			checkSorted(t, names, &buf, &runs)
			checkSorted(t, slices.Sorted(slices.Values(names)), &buf, &runs)
		}
	}
}

// randomNames makes n distinct names: one of prefixes, then up to four bytes of
// tail (ASCII, bytes of é, a byte that is not UTF-8).
func randomNames(r *rand.Rand, n int, prefixes []string) []string {
	const tail = "019_aé\xffz"
	seen := map[string]bool{}
	var names []string
	for len(names) < n {
		b := []byte(prefixes[r.IntN(len(prefixes))])
		for range r.IntN(5) {
			b = append(b, tail[r.IntN(len(tail))])
		}
		if !seen[string(b)] {
			seen[string(b)] = true
			names = append(names, string(b))
		}
	}
	return names
}

// inRuns cuts names at random points into about runs chunks, sorts each (a few
// in descending order), and joins them in random order.
func inRuns(r *rand.Rand, names []string, runs int) []string {
	var chunks [][]string
	for rest := names; len(rest) > 0; {
		size := len(rest)
		if runs > 1 {
			size = 1 + r.IntN(max(1, 2*len(names)/runs))
		}
		size = min(size, len(rest))
		chunk := slices.Sorted(slices.Values(rest[:size]))
		if r.IntN(8) == 0 {
			slices.Reverse(chunk)
		}
		chunks = append(chunks, chunk)
		rest = rest[size:]
	}
	r.Shuffle(len(chunks), func(i, j int) { chunks[i], chunks[j] = chunks[j], chunks[i] })
	return slices.Concat(chunks...)
}

// sortPrefixes are prefixes of names for the randomized tests: none, short, the
// 7 or 8 bytes a sort key holds, past them (by 1, by much, and past tieBytes),
// bytes that are not ASCII or not UTF-8, and zero bytes.
var sortPrefixes = []string{
	"", "a", "s1_f", "section", "section_", "shipping_address_",
	"shipping_address_line", "a_shared_prefix_longer_than_tieBytes_",
	"\xff\xfe", "é", "日本", "\x00", "\x00\x00\x00\x00\x00\x00\x00",
}

// TestSortNamesRuns checks lists made of sorted runs, few or many, in random order
// of the runs: the ways names are usually declared.
func TestSortNamesRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var buf []uint64
	var runs []int32
	for _, n := range []int{1, 2, 7, 8, 9, 16, 17, 33, 101, 256, 257, 300, 777} {
		for _, nruns := range []int{1, 2, 3, n / 8, n/8 + 1, n / 2, n} {
			for range 20 {
				checkSorted(t, inRuns(r, randomNames(r, n, sortPrefixes), nruns), &buf, &runs)
			}
		}
	}
}

// TestSortNamesPrefixes checks names that all share one prefix, of each length
// around the bytes a sort key holds, so that every sort key ties at first.
func TestSortNamesPrefixes(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var buf []uint64
	var runs []int32
	const long = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ"
	for plen := range len(long) {
		for _, n := range []int{2, 20, 300} {
			names := randomNames(r, n, []string{long[:plen]})
			checkSorted(t, names, &buf, &runs)
			checkSorted(t, inRuns(r, names, 3), &buf, &runs)
		}
	}
}

// TestSortNamesMany checks a list too long for two bytes of index in a sort key.
func TestSortNamesMany(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	names := make([]string, 1<<16+100)
	for i := range names {
		names[i] = fmt.Sprintf("f%d", r.IntN(1<<30))
		if i%3 == 0 {
			names[i] = "same_long_prefix_" + names[i]
		}
	}
	var buf []uint64
	var runs []int32
	checkSorted(t, names, &buf, &runs)
	checkSorted(t, inRuns(r, names, 40), &buf, &runs)
}

// TestSortNamesTable checks named cases: no names, the empty name, one name, a
// name that is a prefix of another past eight bytes, names equal but for zero
// bytes at their ends, the same name twice (which Decode rejects but ObjectValue
// allows), and names declared the usual ways.
func TestSortNamesTable(t *testing.T) {
	for _, in := range [][]string{
		{},
		{""},
		{"only"},
		{"b", ""},
		{"", "a", "\x00"},
		{"abcdefgh", "abcdefg", "abcdefgh\x00", "abcdefghi", "abcdefg\x00"},
		{"a\x00\x00\x00\x00\x00\x00\x00\x00", "a", "a\x00", "a\x00\x00\x00\x00\x00\x00\x00"},
		{"dup", "a", "dup", "b"},
		{"same_name_beyond_eight", "same_name_beyond_eight", "same_name_beyond_eight"},
		{"s0_f0", "s0_f1", "s0_f2", "s0_f3", "s0_f4", "s0_f5", "s0_f6", "s0_f7", "s0_f8", "s0_f9", "s0_f10", "s0_f11", "meta"},
		{"section_10", "section_2", "section_1", "section_0"},
		{"z", "y", "x", "w", "v", "u", "t", "s", "r", "q", "p", "o", "n", "m", "l", "k", "j", "i"},
		{"\xff", "\x7f", "é", "e", "\u00ff", "\u0100"},
		{"id", "rev", "note"},
	} {
		var buf []uint64
		var runs []int32
		checkSorted(t, in, &buf, &runs)
	}
}

// TestSortNamesAllocs checks that sorting allocates nothing once the scratch has
// grown.
func TestSortNamesAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var sets [][]name
	for _, n := range []int{3, 100, 300} {
		for _, nruns := range []int{1, 3, n} {
			sets = append(sets, named(inRuns(r, randomNames(r, n, sortPrefixes), nruns)))
		}
	}
	var buf []uint64
	var runs []int32
	for _, names := range sets {
		sortNames(names, &buf, &runs)
	}
	allocs := testing.AllocsPerRun(10, func() {
		for _, names := range sets {
			sortNames(names, &buf, &runs)
		}
	})
	if allocs != 0 {
		t.Errorf("sortNames allocates %v times a run, want 0", allocs)
	}
}

// TestKeyPrefix checks the word loads of setKeys and resetKeys against the eight
// bytes from an offset read one at a time, for every length around the 4- and
// 8-byte loads.
func TestKeyPrefix(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for length := range 20 {
		for range 50 {
			b := make([]byte, length)
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
			names := []name{name(b)}
			for _, off := range []int{0, 1, 3, 7, 8, 12} {
				var want uint64
				for j := off; j < off+8; j++ {
					want <<= 8
					if j < len(b) {
						want |= uint64(b[j])
					}
				}
				// With no bits for the index, the sort key is the prefix.
				keys := []uint64{0}
				if off == 0 {
					setKeys(names, keys, 0, nil)
				} else {
					s := keySorter[name]{items: names}
					s.resetKeys(keys, off)
				}
				if keys[0] != want {
					t.Fatalf("sort key of %q from %d = %#x, want %#x", b, off, keys[0], want)
				}
			}
		}
	}
}

// TestMergeKeys checks the merge of two sorted runs against slices.Sort, for
// runs of every pair of lengths up to 70 (past the lengths at which one side is
// placed by searches) that interleave, in blocks or one by one, or do not.
func TestMergeKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for la := 1; la <= 70; la++ {
		for lb := 1; lb <= 70; lb++ {
			for _, spread := range []uint64{1, 4, 1000} {
				s := make([]uint64, 0, la+lb)
				seen := map[uint64]bool{}
				for len(s) < la+lb {
					if k := r.Uint64N(spread * uint64(la+lb)); !seen[k] {
						seen[k] = true
						s = append(s, k)
					}
				}
				slices.Sort(s[:la])
				slices.Sort(s[la:])
				want := slices.Sorted(slices.Values(s))
				got := slices.Clone(s)
				mergeKeys(got, la, make([]uint64, (la+lb)/2))
				if !slices.Equal(got, want) {
					t.Fatalf("mergeKeys(%v, %d) = %v, want %v", s, la, got, want)
				}
			}
		}
	}
}

// FuzzSortNames checks sortNames against slices.Sort on names cut from the input:
// each starts with a byte that gives its length.
func FuzzSortNames(f *testing.F) {
	f.Add([]byte("\x02id\x03rev\x04note"))
	f.Add([]byte("\x05s0_f0\x05s0_f1\x06s0_f10\x05s0_f2\x04meta\x00"))
	f.Add([]byte("\x09section_1\x09section_0\x0asection_10"))
	f.Add([]byte("\x10shipping_address\x11shipping_address_\x01\xff\x02\xc3\xa9\x01\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var names []string
		for len(data) > 0 {
			n := min(int(data[0]), len(data)-1)
			names = append(names, string(data[1:1+n]))
			data = data[1+n:]
		}
		var buf []uint64
		var runs []int32
		checkSorted(t, names, &buf, &runs)
	})
}

// TestSame: Same agrees with == on names of every length around its
// word compares, differing at any byte.
func TestSame(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n <= 20; n++ {
		for range 200 {
			a := make([]byte, n)
			for i := range a {
				a[i] = byte('a' + r.IntN(3))
			}
			b := slices.Clone(a)
			if n > 0 && r.IntN(2) == 0 {
				b[r.IntN(n)] = byte('a' + r.IntN(3))
			}
			if r.IntN(10) == 0 {
				b = append(b, 'a')
			}
			// Substrings of longer text, as decoded names are.
			as, bs := ("x" + string(a) + "y")[1:n+1], ("z" + string(b))[1:]
			if got, want := Same(as, bs), as == bs; got != want {
				t.Fatalf("Same(%q, %q) = %v", as, bs, got)
			}
		}
	}
}
