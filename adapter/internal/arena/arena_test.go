package arena

import (
	"cmp"
	"slices"
	"testing"
	"unsafe"
)

// member and value are words as many as package adapter's Member and Value,
// the elements its slabs hand out.
type (
	member [3]uintptr
	value  [2]uintptr
)

// TestArenaBlockSizes holds the block table to blockLen: a block of shift is
// its owner and blockLen(shift) words, and with the allocator's header (on
// objects of 1 KiB to 32 KiB) exactly 1<<shift words, a size class of its own.
func TestArenaBlockSizes(t *testing.T) {
	for shift := minBlockShift; shift <= 20; shift++ {
		a := New()
		grabs[shift-minBlockShift](a)
		got := a.blocks[0].N
		if want := uintptr(8 * (blockLen(shift) + 1)); got != want {
			t.Errorf("shift %d: block of %d bytes, want %d", shift, got, want)
		}
		header := uintptr(0)
		if got > 512 && got <= 32<<10 {
			header = 8
		}
		if got+header != 8<<shift {
			t.Errorf("shift %d: block of %d bytes and a %d-byte header is not %d", shift, got, header, 8<<shift)
		}
	}
	for _, n := range []int{0, 1, 20, 21, 22, 100, 682, 683, 5000, 100000} {
		a := New()
		if got := len(Slice[member](a, n)); got < n {
			t.Errorf("Slice(%d) members: %d", n, got)
		}
		if got := len(Slice[value](a, n)); got < n {
			t.Errorf("Slice(%d) values: %d", n, got)
		}
	}
}

// TestSlabHandsOutDistinctMemory takes requests of many sizes from an arena's
// slab, large ones among them (which use the spare), and checks that each
// slice is its own: capacity its length, and no two overlapping.
func TestSlabHandsOutDistinctMemory(t *testing.T) {
	s := NewSlab[member](New())
	type got struct{ lo, hi uintptr }
	var all []got
	for i := range 3000 {
		n := 1 + i%7
		switch {
		case i%97 == 0:
			n = 150 + i%200 // past a quarter of a block
		case i%31 == 0:
			n = 60 + i%50
		}
		out := s.Take(n)
		if len(out) != n || cap(out) != n {
			t.Fatalf("Take(%d): len %d cap %d", n, len(out), cap(out))
		}
		lo := uintptr(unsafe.Pointer(&out[0]))
		all = append(all, got{lo, lo + uintptr(n)*unsafe.Sizeof(member{})})
	}
	slices.SortFunc(all, func(a, b got) int { return cmp.Compare(a.lo, b.lo) })
	for i := 1; i < len(all); i++ {
		if all[i].lo < all[i-1].hi {
			t.Fatalf("two slices overlap: %x-%x and %x-%x", all[i-1].lo, all[i-1].hi, all[i].lo, all[i].hi)
		}
	}
}
