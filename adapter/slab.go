package adapter

// slabSize is how many elements a slab block holds at most.
const slabSize = 512

// A slab hands out small slices from larger blocks, so that building a converted
// schema makes few allocations. Blocks start small and double up to slabSize, so a
// small schema costs little and a large one few allocations. Each slice's capacity
// is capped at its length, so appending to it never writes into a neighbour; a
// request larger than an eighth of the next block gets a slice of its own, so a
// block wastes little at its end.
type slab[T any] struct {
	free []T
	next int // the size of the next block; 0 before the first
}

func (s *slab[T]) take(n int) []T {
	if n > len(s.free) {
		size := max(s.next, 32)
		if n > size/8 {
			return make([]T, n)
		}
		s.free = make([]T, size)
		s.next = min(2*size, slabSize)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// A chunkList collects a list in blocks that are never copied while it grows, and
// all returns it as one slice of exactly its length: the list costs about twice
// its size, where growing one slice by append copies it at every step (about five
// times its size for a long list).
type chunkList[T any] struct {
	blocks [][]T
	n      int
}

func (l *chunkList[T]) add(v T) {
	k := len(l.blocks)
	if k == 0 || len(l.blocks[k-1]) == cap(l.blocks[k-1]) {
		l.blocks = append(l.blocks, make([]T, 0, 16<<min(k, 3)))
		k++
	}
	l.blocks[k-1] = append(l.blocks[k-1], v)
	l.n++
}

// all returns the list as one slice, never nil.
func (l *chunkList[T]) all() []T {
	out := make([]T, 0, l.n)
	for _, b := range l.blocks {
		out = append(out, b...)
	}
	return out
}
