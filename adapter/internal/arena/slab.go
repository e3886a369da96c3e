package arena

import "unsafe"

// A Slab hands out small slices from larger blocks, so that building a tree (the
// decoder's, or a converted schema) makes few allocations. Each slice's capacity is
// capped at its length, so appending to it never writes into a neighbour. A request
// that does not fit in what is left of a block gets a new block, and one of more
// than a quarter of the new block gets memory of its own, so little of a block is
// left unused. (An eighth made more allocations: a 100-property object's lists
// each had their own.)
//
// Blocks are sized one of two ways. By default they start at 32 elements, or
// 512 bytes when that is fewer, and double up to 512 elements, so a small
// schema costs little and a large one few allocations. A builder that can tell how much is
// still to come says so with TakeFor, and the block is sized for that (within
// 16 and 4096 elements).
//
// A slab with an arena takes its blocks, and the memory of large requests, from
// the arena; T is then made of whole words. A TakeFor block is the arena's
// block nearest the estimate from below that holds the request. An arena's block is a power of two
// words, so memory of its own for a large request comes with room to spare:
// the larger of that rest and what the current block has left goes on serving
// requests, and the smaller is kept aside for when the larger runs out.
//
// The zero Slab takes its blocks from ordinary memory; NewSlab makes one that
// takes them from an arena.
type Slab[T any] struct {
	free  []T // the block in hand, of which used elements are handed out
	used  int // (counted, so that a request writes no pointer)
	spare []T
	next  int    // the size of the next default block; 0 before the first
	taken int    // elements handed out by TakeFor so far
	arena *Arena // where blocks come from; nil for ordinary memory
}

// NewSlab returns a slab that takes its memory from a; T is made of whole
// words.
func NewSlab[T any](a *Arena) Slab[T] { return Slab[T]{arena: a} }

// Fits returns n elements when what is left of the block holds them. Take
// cannot be inlined (it may start a block), so the callers that take most
// often try Fits first, which the compiler inlines.
func (s *Slab[T]) Fits(n int) ([]T, bool) {
	if n > len(s.free)-s.used {
		return nil, false
	}
	return s.cut(n), true
}

// Take returns n elements, in default-sized blocks.
func (s *Slab[T]) Take(n int) []T {
	if out, ok := s.Fits(n); ok {
		return out
	}
	var zero T
	size := max(s.next, min(32, 512/int(unsafe.Sizeof(zero))))
	// The next block is larger either way, so that requests too large for
	// this one soon fit in blocks.
	s.next = min(2*size, 512)
	return s.grow(n, size, size)
}

// TakeFor returns n elements for a builder that has read done of total units of
// input: a new block holds what the rest of the input should ask for, at the rate
// elements were asked for so far.
func (s *Slab[T]) TakeFor(n, done, total int) []T {
	s.taken += n
	if n <= len(s.free)-s.used {
		return s.cut(n)
	}
	rest := s.taken * (total - done) / max(done, 1)
	// The size is an estimate: an arena's block near it from below will do.
	return s.grow(n, min(max(n+rest+rest/8, 16), 4096), n)
}

// grow returns n elements from new memory: a new block of size elements, or
// memory of its own when n is large beside it. An arena's block holds at least
// least elements, and as near size as its blocks come (see sliceNear).
func (s *Slab[T]) grow(n, size, least int) []T {
	own := n > size/4
	if s.arena == nil {
		if own {
			return make([]T, n)
		}
		s.start(make([]T, size))
		return s.cut(n)
	}
	if n <= len(s.spare) {
		left := s.free[s.used:]
		s.start(s.spare)
		s.spare = left
		return s.cut(n)
	}
	if !own {
		s.start(sliceNear[T](s.arena, least, size))
		return s.cut(n)
	}
	mem := Slice[T](s.arena, n)
	rest := mem[n:]
	if left := s.free[s.used:]; len(rest) > len(left) {
		s.start(rest)
		rest = left
	}
	if len(rest) > len(s.spare) {
		s.spare = rest
	}
	return mem[:n:n]
}

// start makes mem the block in hand.
func (s *Slab[T]) start(mem []T) {
	s.free, s.used = mem, 0
}

func (s *Slab[T]) cut(n int) []T {
	out := s.free[s.used : s.used+n : s.used+n]
	s.used += n
	return out
}
