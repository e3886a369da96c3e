// Package arena holds the memory of the trees package adapter builds (a
// decoded document, a converted schema) where the garbage collector does not
// look for pointers, and hands it out in small slices through slabs.
package arena

import "unsafe"

// An Arena owns the memory of the trees one Decode or one StrictSchema builds,
// held where the garbage collector does not look for pointers.
//
// A decoded or converted schema is mostly members and elements, and most of
// their words are pointers. In ordinary memory the collector reads every one of
// them at every cycle, and while it marks, each one written costs a write
// barrier; a conversion of a large schema spent about a fifth of its time so.
// An arena's blocks are typed as plain words instead, and what keeps alive
// what they point to is the arena:
//
//   - every block begins with a pointer to its arena, so a tree, or any Value
//     taken out of it, that holds one block holds the arena;
//   - the arena lists every block, so holding it holds all of them;
//   - the arena lists everything else its blocks point to (keep): the input
//     of a conversion, the texts a conversion or a decoding makes. Static data
//     needs no keeping.
//
// The rule for code that writes into an arena's blocks is therefore: a value or
// name written there points into the arena's blocks, into static data, or into
// memory the arena keeps. Package adapter's TestArenaOwnsWhatItHolds checks
// every pointer of every tree its tests build against it, and
// TestArenaOutlivesCollections collects garbage between building and reading
// trees, with freed memory overwritten.
type Arena struct {
	blocks []Span
	keep   []Span
	first  [4]Span // where blocks and keep start, so a small tree's arena is one allocation
}

// New returns an empty arena.
func New() *Arena {
	a := &Arena{}
	a.blocks, a.keep = a.first[:0:2], a.first[2:2:4]
	return a
}

// A Span is memory an arena keeps: where it starts, and its bytes (which the
// collector does not need, and the tests that check the rule do).
type Span struct {
	P unsafe.Pointer
	N uintptr
}

// Blocks are the arena's blocks: with Kept, what a tree built in the arena
// may point into besides static data, for the tests that check the rule.
func (a *Arena) Blocks() []Span { return a.blocks }

// Kept is the memory the arena keeps alive besides its blocks (see Hold).
func (a *Arena) Kept() []Span { return a.keep }

// A block is arena memory: a pointer to its arena, then words the collector
// does not read.
type block[W any] struct {
	owner *Arena
	words W
}

// Hold keeps the n bytes at p alive for as long as the arena is.
func (a *Arena) Hold(p unsafe.Pointer, n uintptr) {
	if p != nil {
		a.keep = append(a.keep, Span{p, n})
	}
}

// HoldText keeps the memory of s alive for as long as the arena is, and
// returns s.
func (a *Arena) HoldText(s string) string {
	a.Hold(unsafe.Pointer(unsafe.StringData(s)), uintptr(len(s)))
	return s
}

// A block is a power of two words in the allocator's accounting, from
// 1<<minBlockShift to 1<<maxBlockShift: the allocator has a size class for every
// power of two, so none of its memory goes unused. Of those words, one is the
// owner, and one more is the allocator's header on objects of 1 KiB to 32 KiB
// (it heads objects with pointers above 512 bytes, up to its largest small
// object); blockLen gives what is left. The largest block holds more members
// than a Value can count (1<<32), so every request gets a block: arena memory
// is never ordinary memory, and writes into it need no write barrier.
const (
	minBlockShift = 5
	maxBlockShift = 34
)

// blockLen is how many words a block of 1<<shift words holds for use.
func blockLen(shift int) int {
	if shift >= 7 && shift <= 12 {
		return 1<<shift - 2
	}
	return 1<<shift - 1
}

// grab starts a block of the size W and returns its words.
func grab[W any](a *Arena) unsafe.Pointer {
	b := &block[W]{owner: a}
	a.blocks = append(a.blocks, Span{unsafe.Pointer(b), unsafe.Sizeof(*b)})
	return unsafe.Pointer(&b.words)
}

// grabs starts a block of 1<<(minBlockShift+i) words, blockLen of them for use.
var grabs = [maxBlockShift - minBlockShift + 1]func(*Arena) unsafe.Pointer{
	grab[[1<<5 - 1]uintptr], grab[[1<<6 - 1]uintptr], grab[[1<<7 - 2]uintptr],
	grab[[1<<8 - 2]uintptr], grab[[1<<9 - 2]uintptr], grab[[1<<10 - 2]uintptr],
	grab[[1<<11 - 2]uintptr], grab[[1<<12 - 2]uintptr], grab[[1<<13 - 1]uintptr],
	grab[[1<<14 - 1]uintptr], grab[[1<<15 - 1]uintptr], grab[[1<<16 - 1]uintptr],
	grab[[1<<17 - 1]uintptr], grab[[1<<18 - 1]uintptr], grab[[1<<19 - 1]uintptr],
	grab[[1<<20 - 1]uintptr], grab[[1<<21 - 1]uintptr], grab[[1<<22 - 1]uintptr],
	grab[[1<<23 - 1]uintptr], grab[[1<<24 - 1]uintptr], grab[[1<<25 - 1]uintptr],
	grab[[1<<26 - 1]uintptr], grab[[1<<27 - 1]uintptr], grab[[1<<28 - 1]uintptr],
	grab[[1<<29 - 1]uintptr], grab[[1<<30 - 1]uintptr], grab[[1<<31 - 1]uintptr],
	grab[[1<<32 - 1]uintptr], grab[[1<<33 - 1]uintptr], grab[[1<<34 - 1]uintptr],
}

// Slice returns at least n zeroed elements of T, n below 1<<32, in a new
// block of a (as many as the block holds). T is made of whole words.
func Slice[T any](a *Arena, n int) []T {
	return sliceNear[T](a, n, 0)
}

// sliceNear is Slice for a request of n elements that would like about want:
// the largest block that holds no more than want and at least n (a block
// rounded up to want could be twice as large as wanted). With want at most n,
// it is the smallest block that holds n.
func sliceNear[T any](a *Arena, n, want int) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	words, wanted := (n*size+7)/8, want*size/8
	shift := minBlockShift
	for shift < maxBlockShift && (blockLen(shift) < words || blockLen(shift+1) <= wanted) {
		shift++
	}
	p := grabs[shift-minBlockShift](a)
	return sliceAt[T](p, blockLen(shift)*8/size)
}

// The collector never reads arena memory, so writes into it need no write
// barrier. Copy writes words as plain integers, which the compiler puts no
// barrier on (a word is 8 bytes: package adapter builds for 64-bit platforms
// only, and the block types are too large for any other). It writes only into
// arena memory (a slab with an arena hands out nothing else), and only what
// the arena keeps alive.

// Copy copies src into dst, in arena memory. T is made of whole words.
func Copy[T any](dst, src []T) {
	copy(words(dst), words(src))
}

// words is the memory of s as words.
func words[T any](s []T) []uintptr {
	var zero T
	return sliceAt[uintptr](unsafe.Pointer(unsafe.SliceData(s)), len(s)*int(unsafe.Sizeof(zero))/8)
}

// sliceAt is the slice of n elements of T at p, made without the checks of
// unsafe.Slice.
func sliceAt[T any](p unsafe.Pointer, n int) []T {
	type header struct {
		data     unsafe.Pointer
		len, cap int
	}
	return *(*[]T)(unsafe.Pointer(&header{p, n, n}))
}
