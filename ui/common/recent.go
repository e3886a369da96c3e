package common

// Recent is a cache of the answers for the last few keys used: the inspector
// keeps what each combination of modes computed, so that toggling back is free,
// but only for the most recent ones. Every combination of a large tool list or
// recording costs as much memory as the first, and toggling through all of them
// must not hold them all.
type Recent[K comparable, V any] struct {
	max   int
	order []K // least recently used first
	m     map[K]V
}

// RecentModes is how many combinations of modes each screen keeps.
const RecentModes = 4

func NewRecent[K comparable, V any](max int) *Recent[K, V] {
	return &Recent[K, V]{max: max, m: make(map[K]V, max)}
}

// get returns the answer for k, and makes k the most recently used.
func (c *Recent[K, V]) Get(k K) (V, bool) {
	v, ok := c.m[k]
	if ok {
		c.touch(k)
	}
	return v, ok
}

// put keeps v for k, dropping the least recently used answer when more than max
// are kept.
func (c *Recent[K, V]) Put(k K, v V) {
	if _, ok := c.m[k]; !ok && len(c.m) >= c.max {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[k] = v
	c.touch(k)
}

func (c *Recent[K, V]) touch(k K) {
	for i, o := range c.order {
		if o == k {
			c.order = append(c.order[:i], c.order[i+1:]...)
			break
		}
	}
	c.order = append(c.order, k)
}

// Len is how many answers are kept.
func (c *Recent[K, V]) Len() int { return len(c.m) }
