package runlist

import (
	"iter"
	"math/bits"
)

// A chunkList collects a list in blocks that are never copied while it grows:
// the list costs its own size and a little slack, where growing one slice by
// append copies it at every step (about three times its size in all). Block k
// holds 4<<k elements up to 128, so a short list (a tool's few null paths)
// takes one small block, and element i is found by arithmetic.
type chunkList[T any] struct {
	blocks [][]T
	n      int
	full   int // the elements the blocks hold when full
}

// The first five blocks hold 4, 8, 16, 32 and 64 elements (124 in all); every
// later one holds 128.
const (
	chunkFirstShift = 2
	chunkFirst      = 1 << chunkFirstShift
	chunkGrowths    = 5 // blocks before the first of chunkLast
	chunkLast       = chunkFirst << chunkGrowths
	chunkSmall      = chunkLast - chunkFirst
)

func (l *chunkList[T]) add(v T) {
	if l.n == l.full {
		l.grow()
	}
	b := &l.blocks[len(l.blocks)-1]
	*b = append(*b, v)
	l.n++
}

// grow starts a new block.
func (l *chunkList[T]) grow() {
	size := chunkFirst << min(len(l.blocks), chunkGrowths)
	l.blocks = append(l.blocks, make([]T, 0, size))
	l.full += size
}

// len is the number of elements.
func (l *chunkList[T]) len() int { return l.n }

// last returns the last element; the list is not empty.
func (l *chunkList[T]) last() *T {
	b := l.blocks[len(l.blocks)-1]
	return &b[len(b)-1]
}

// at returns element i.
func (l *chunkList[T]) at(i int) *T {
	if i < chunkSmall {
		// Block k starts at chunkFirst<<k - chunkFirst.
		k := bits.Len(uint(i+chunkFirst)) - 1 - chunkFirstShift
		return &l.blocks[k][i+chunkFirst-chunkFirst<<k]
	}
	i -= chunkSmall
	return &l.blocks[chunkGrowths+i/chunkLast][i%chunkLast]
}

// each yields the elements in order.
func (l *chunkList[T]) each() iter.Seq2[int, *T] {
	return func(yield func(int, *T) bool) {
		i := 0
		for _, b := range l.blocks {
			for j := range b {
				if !yield(i, &b[j]) {
					return
				}
				i++
			}
		}
	}
}
