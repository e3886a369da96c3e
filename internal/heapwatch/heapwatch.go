// Package heapwatch measures how far the live heap rises while a function runs,
// for the tests that hold a loader to a memory bound (a large recording is read
// as a stream, never whole). It is test support: no program imports it.
package heapwatch

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// Growth runs f and returns how far the live heap (the bytes of objects, as
// runtime/metrics counts them) rose above where it was before, sampled every
// millisecond while f runs and once after. A collection runs first, so that the
// base is the live heap alone.
func Growth(f func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	runtime.GC()
	base := read()
	var mu sync.Mutex
	top := base
	raise := func() {
		v := read()
		mu.Lock()
		top = max(top, v)
		mu.Unlock()
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				raise()
			}
		}
	})
	f()
	close(done)
	wg.Wait()
	raise()
	return top - base
}
