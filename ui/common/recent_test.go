package common

import (
	"testing"
)

// Recent keeps the answers of the last max keys used, a get counting as a use.
func TestRecent(t *testing.T) {
	c := NewRecent[int, string](3)
	for _, k := range []int{1, 2, 3} {
		c.Put(k, "v")
	}
	c.Get(1)      // 1 is now the most recent: 2 goes next
	c.Put(4, "v") // drops 2
	c.Put(3, "w") // a put of a kept key drops nothing
	for k, want := range map[int]bool{1: true, 2: false, 3: true, 4: true} {
		if _, ok := c.Get(k); ok != want {
			t.Errorf("key %d kept %v, want %v", k, ok, want)
		}
	}
	if v, _ := c.Get(3); v != "w" {
		t.Errorf("key 3 holds %q", v)
	}
	if len(c.m) != 3 || len(c.order) != 3 {
		t.Errorf("%d answers, %d in order", len(c.m), len(c.order))
	}
}
