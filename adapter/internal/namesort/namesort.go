// Package namesort sorts property names, as a converted schema's required
// list lists them, with few comparisons of whole names.
//
// Property names are sorted as sort keys: numbers whose high bytes are bytes of
// the name, from some offset on, and whose low bytes are the property's index
// (so that no two keys are equal). Sorting the keys sorts the names by those
// bytes; names whose keys tie on them are then sorted by the bytes that follow.
// Names are usually declared in runs that are already in order ("f1" … "f9", then
// "f10" … "f19"), often one: the runs are found as the keys are made, and merged.
package namesort

import (
	"slices"
	"strings"
	"unsafe"
)

// A Named is a list element with a name: a property, as package adapter's
// Member is one. The sort reads the names through it where they are, with no
// list of names of its own to allocate.
type Named interface{ Key() string }

// A Sorter keeps the scratch memory of sorts for the next one. The zero
// Sorter is ready to use.
type Sorter struct {
	keys []uint64
	runs []int32
}

// Sort returns the sort keys of items in the string order of their names,
// with the mask that takes the index into items out of a key. The keys are
// s's until its next sort.
func Sort[E Named](s *Sorter, items []E) (keys []uint64, mask uint64) {
	return sortNames(items, &s.keys, &s.runs)
}

// keyBits is how many low bits of a sort key hold the index of one of n
// properties: whole bytes, so that the rest holds whole bytes of the name.
func keyBits(n int) uint {
	switch {
	case n <= 1<<8:
		return 8
	case n <= 1<<16:
		return 16
	}
	return 32
}

// A keySorter sorts the sort keys of the names of items; tmp (half as many words as there are
// keys) and ends (where runs of keys end) are scratch.
type keySorter[E Named] struct {
	items []E
	bits  uint
	tmp   []uint64
	ends  []int32
}

// sortNames returns the sort keys of items in the string order of their
// names, with the mask that takes the index out of a key. buf and runs are
// scratch, kept for the next call.
func sortNames[E Named](items []E, buf *[]uint64, runs *[]int32) ([]uint64, uint64) {
	n := len(items)
	bits := keyBits(n)
	all := slices.Grow((*buf)[:0], n+n/2)[:n+n/2]
	*buf = all
	keys := all[:n]
	ends, ordered := setKeys(items, keys, bits, *runs)
	*runs = ends
	if !ordered {
		ks := keySorter[E]{items: items, bits: bits, tmp: all[n:], ends: ends}
		ks.sort(keys, 0)
		*runs = ks.ends
	}
	return keys, 1<<bits - 1
}

// setKeys sets keys[i] to the sort key of items[i] from the first bytes of its
// name, and returns where the runs of keys rising by those bytes end, in the
// memory of ends. ordered reports that the keys rise all the way: then they are in
// order, and none tie.
func setKeys[E Named](items []E, keys []uint64, bits uint, ends []int32) (_ []int32, ordered bool) {
	mask := uint64(1)<<bits - 1
	ordered = true
	var prev uint64
	items = items[:len(keys)]
	ends = slices.Grow(ends[:0], len(keys)+1)[:len(keys)+1]
	r := 0
	for i := range items {
		// The first eight bytes of the name, big-endian and padded with zero
		// bytes, read a word at a time (the byte loads combine into word loads).
		// From 4 to 7 bytes, the word that ends the name is moved to where it
		// ends: its bytes before byte 4 fall on the same bytes of the first word.
		// Below 4, bytes 0, n/2 and n-1 are all n bytes, and the rest is masked.
		// The same code is in resetKeys: the compiler does not inline a function
		// this long, and a call in these loops costs more than the rest.
		s := items[i].Key()
		var p uint64
		switch n := len(s); {
		case n >= 8:
			p = uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
				uint64(s[4])<<24 | uint64(s[5])<<16 | uint64(s[6])<<8 | uint64(s[7])
		case n >= 4:
			p = uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
				(uint64(s[n-4])<<24|uint64(s[n-3])<<16|uint64(s[n-2])<<8|uint64(s[n-1]))*tailShift[n&7]
		case n > 0:
			p = (uint64(s[0])<<56 | uint64(s[n/2])<<48 | uint64(s[n-1])<<40) & headMask[n&3]
		}
		p &^= mask
		if p <= prev {
			ordered = false
			if p < prev {
				ends[r] = int32(i)
				r++
			}
		}
		prev = p
		keys[i] = p | uint64(i)
	}
	ends[r] = int32(len(keys))
	return ends[:r+1], ordered
}

// tailShift[n] multiplies the last four of n bytes (4 to 7) to where they end in
// a sort key, and headMask[n] keeps the first n bytes (1 to 3) of one.
var (
	tailShift = [8]uint64{4: 1 << 32, 5: 1 << 24, 6: 1 << 16, 7: 1 << 8}
	headMask  = [4]uint64{1: 0xFF << 56, 2: 0xFFFF << 48, 3: 0xFFFFFF << 40}
)

// resetKeys sets each key to the sort key of its property from the bytes of its
// name from off on, and sets ks.ends to where the runs of rising keys end. It
// reports whether the keys all tie on those bytes.
func (ks *keySorter[E]) resetKeys(keys []uint64, off int) (same bool) {
	items, mask := ks.items, uint64(1)<<ks.bits-1
	ends := slices.Grow(ks.ends[:0], len(keys)+1)[:len(keys)+1]
	r, ties := 0, 0
	var prev uint64
	for i, k := range keys {
		j := k & mask
		name := items[j].Key()
		// The first eight bytes of name[off:], as setKeys reads them.
		var p uint64
		if off < len(name) {
			s := name[off:]
			switch n := len(s); {
			case n >= 8:
				p = uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
					uint64(s[4])<<24 | uint64(s[5])<<16 | uint64(s[6])<<8 | uint64(s[7])
			case n >= 4:
				p = uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
					(uint64(s[n-4])<<24|uint64(s[n-3])<<16|uint64(s[n-2])<<8|uint64(s[n-1]))*tailShift[n&7]
			default:
				p = (uint64(s[0])<<56 | uint64(s[n/2])<<48 | uint64(s[n-1])<<40) & headMask[n&3]
			}
		}
		p &^= mask
		if i > 0 && p <= prev {
			if p < prev {
				ends[r] = int32(i)
				r++
			} else {
				ties++
			}
		}
		prev = p
		keys[i] = p | j
	}
	ends[r] = int32(len(keys))
	ks.ends = ends[:r+1]
	return ties == len(keys)-1
}

// sort sorts keys made from the names' bytes from off on, whose runs end at
// ks.ends, and then the keys that tie on those bytes by the bytes that follow.
func (ks *keySorter[E]) sort(keys []uint64, off int) {
	mergeRuns(keys, ks.tmp, ks.ends)
	tie := uint64(1) << ks.bits // keys that tie differ by less
	for lo := 0; ; {
		lo += firstTie(keys[lo:], tie)
		if lo >= len(keys) {
			return
		}
		hi := lo + 2
		for hi < len(keys) && keys[hi]^keys[lo] < tie {
			hi++
		}
		ks.sortTied(keys[lo:hi], off+8-int(ks.bits/8))
		lo = hi
	}
}

// sortTied sorts keys that tie on the names' bytes before off, by the bytes that
// follow. Names that still tie past their first tieBytes bytes, or to their ends
// (equal but for trailing zero bytes), are compared whole.
func (ks *keySorter[E]) sortTied(keys []uint64, off int) {
	for off < tieBytes {
		if !ks.resetKeys(keys, off) {
			ks.sort(keys, off)
			return
		}
		off += 8 - int(ks.bits/8)
		if longestName(ks.items, keys, ks.bits) <= off {
			break
		}
	}
	mask := uint64(1)<<ks.bits - 1
	slices.SortFunc(keys, func(a, b uint64) int {
		return strings.Compare(ks.items[a&mask].Key(), ks.items[b&mask].Key())
	})
}

// tieBytes is how far into names that tie sortTied sorts them by sort keys.
const tieBytes = 32

// longestName is the length of the longest name of the keys' items.
func longestName[E Named](items []E, keys []uint64, bits uint) int {
	n := 0
	for _, k := range keys {
		n = max(n, len(items[k&(1<<bits-1)].Key()))
	}
	return n
}

// firstTie is the index of the first of the sorted keys that differs from the
// one after it by less than tie, or len(keys) when none does.
func firstTie(keys []uint64, tie uint64) int {
	if len(keys) == 0 {
		return 0
	}
	prev := keys[0]
	for i, k := range keys[1:] {
		if k^prev < tie {
			return i
		}
		prev = k
	}
	return len(keys)
}

// minRun is the shortest run mergeRuns merges; a shorter one takes in the keys
// after it, sorted by insertion.
const minRun = 8

// mergeRuns sorts distinct keys that are made of runs of rising keys ending at
// ends, by merging the runs pairwise until one is left; tmp (at least half as
// long as keys) and ends are scratch. A few keys are sorted by insertion, and keys
// in many short runs by comparison.
func mergeRuns(keys, tmp []uint64, ends []int32) {
	n := len(keys)
	switch {
	case n <= 2*minRun:
		insertKeys(keys, int(ends[0]))
		return
	case len(ends) > n/minRun:
		slices.Sort(keys)
		return
	}
	runs := ends[:0]
	for lo, r := 0, 0; r < len(ends); {
		hi := int(ends[r])
		r++
		if hi-lo < minRun && hi < n {
			end := min(lo+minRun, n)
			insertKeys(keys[lo:end], hi-lo)
			hi = end
			for r < len(ends) && int(ends[r]) <= hi {
				r++
			}
		}
		runs = append(runs, int32(hi))
		lo = hi
	}
	for len(runs) > 1 {
		k, lo := 0, 0
		for j := 0; j+1 < len(runs); j += 2 {
			mid, hi := int(runs[j]), int(runs[j+1])
			mergeKeys(keys[lo:hi], mid-lo, tmp)
			runs[k] = int32(hi)
			k++
			lo = hi
		}
		if len(runs)%2 == 1 {
			runs[k] = runs[len(runs)-1]
			k++
		}
		runs = runs[:k]
	}
}

// insertKeys sorts s, whose first sorted keys are in order, by insertion.
func insertKeys(s []uint64, sorted int) {
	for i := sorted; i < len(s); i++ {
		x := s[i]
		j := i
		for j > 0 && x < s[j-1] {
			s[j] = s[j-1]
			j--
		}
		s[j] = x
	}
}

// mergeKeys merges the sorted s[:mid] and s[mid:] in place, with tmp (at least
// half as long as s) as scratch.
func mergeKeys(s []uint64, mid int, tmp []uint64) {
	a, b := s[:mid], s[mid:]
	// The keys of a below b's first, and those of b above a's last, stay where
	// they are.
	lo := countBelow(a, b[0])
	if lo == len(a) {
		return
	}
	a, b = a[lo:], b[:len(b)-countAbove(b, a[len(a)-1])]
	out := s[lo : lo+len(a)+len(b)]
	if len(a) <= len(b) {
		mergeUp(out, tmp[:copy(tmp, a)], b)
	} else {
		mergeDown(out, a, tmp[:copy(tmp, b)])
	}
}

// mergeUp merges the sorted a and b into out, from the start; b is the end of out,
// a[0] is above b[0] and b's last key is below a's. When a is much the shorter,
// each of its keys is placed by a search of b.
func mergeUp(out, a, b []uint64) {
	i, j, o := 0, 0, 0
	if 32*len(a) <= len(b) {
		for _, x := range a {
			k := j + countBelow(b[j:], x)
			o += copy(out[o:], b[j:k])
			out[o] = x
			o++
			j = k
		}
		return
	}
	for {
		// The keys of b below a[i], then those of a below b[j]: a outlasts b.
		for x := a[i]; b[j] < x; {
			out[o] = b[j]
			o++
			j++
			if j == len(b) {
				copy(out[o:], a[i:])
				return
			}
		}
		for y := b[j]; a[i] < y; {
			out[o] = a[i]
			o++
			i++
		}
	}
}

// mergeDown merges the sorted a and b into out, from the end; a is the start of
// out, a[0] is above b[0] and b's last key is below a's. When b is much the
// shorter, each of its keys is placed by a search of a.
func mergeDown(out, a, b []uint64) {
	i, j, o := len(a), len(b), len(out)
	if 32*len(b) <= len(a) {
		for j > 0 {
			x := b[j-1]
			k := i - countAbove(a[:i], x)
			o -= copy(out[o-(i-k):o], a[k:i])
			o--
			out[o] = x
			i = k
			j--
		}
		return
	}
	for {
		// The keys of a above b[j-1], then those of b above a[i-1]: b outlasts a.
		for y := b[j-1]; a[i-1] > y; {
			o--
			i--
			out[o] = a[i]
			if i == 0 {
				copy(out[:o], b[:j])
				return
			}
		}
		for x := a[i-1]; b[j-1] > x; {
			o--
			j--
			out[o] = b[j]
		}
	}
}

// countBelow is how many keys at the start of the sorted s are below v. The
// search steps out from the start, so a short answer is found in a few steps.
func countBelow(s []uint64, v uint64) int {
	n, step := 0, 1 // s[:n] are below v
	for n+step <= len(s) && s[n+step-1] < v {
		n += step
		step *= 2
	}
	hi := min(n+step-1, len(s))
	for n < hi {
		m := int(uint(n+hi) >> 1)
		if s[m] < v {
			n = m + 1
		} else {
			hi = m
		}
	}
	return n
}

// countAbove is how many keys at the end of the sorted s are above v, found as
// countBelow finds its answer.
func countAbove(s []uint64, v uint64) int {
	n, step := 0, 1 // s[len(s)-n:] are above v
	for n+step <= len(s) && s[len(s)-n-step] > v {
		n += step
		step *= 2
	}
	lo, hi := max(len(s)-n-step+1, 0), len(s)-n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[m] > v {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return len(s) - lo
}

// Same reports whether two property names are equal, without a call for
// names of 4 to 8 bytes: a name and the required entry that follows it are
// compared once per property, and a call there costs more than the compare.
func Same(a, b string) bool {
	n := len(a)
	if n != len(b) || n < 4 || n > 8 {
		return a == b
	}
	// The first and the last four bytes, which overlap below eight.
	x, y := unsafe.Pointer(unsafe.StringData(a)), unsafe.Pointer(unsafe.StringData(b))
	return *(*[4]byte)(x) == *(*[4]byte)(y) && *(*[4]byte)(unsafe.Add(x, n-4)) == *(*[4]byte)(unsafe.Add(y, n-4))
}
