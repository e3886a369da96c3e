package adapter

// slabSize is how many elements a slab block holds.
const slabSize = 512

// A slab hands out small slices from larger blocks, so that building a tree (the
// decoder) or a converted schema makes few allocations. Each slice's capacity is
// capped at its length, so appending to it never writes into a neighbour; a request
// larger than a quarter block gets a slice of its own.
type slab[T any] struct {
	free []T
}

func (s *slab[T]) take(n int) []T {
	if n > len(s.free) {
		if n > slabSize/4 {
			return make([]T, n)
		}
		s.free = make([]T, slabSize)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}
