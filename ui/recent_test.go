package ui

import (
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// recent keeps the answers of the last max keys used, a get counting as a use.
func TestRecent(t *testing.T) {
	c := newRecent[int, string](3)
	for _, k := range []int{1, 2, 3} {
		c.put(k, "v")
	}
	c.get(1)      // 1 is now the most recent: 2 goes next
	c.put(4, "v") // drops 2
	c.put(3, "w") // a put of a kept key drops nothing
	for k, want := range map[int]bool{1: true, 2: false, 3: true, 4: true} {
		if _, ok := c.get(k); ok != want {
			t.Errorf("key %d kept %v, want %v", k, ok, want)
		}
	}
	if v, _ := c.get(3); v != "w" {
		t.Errorf("key 3 holds %q", v)
	}
	if len(c.m) != 3 || len(c.order) != 3 {
		t.Errorf("%d answers, %d in order", len(c.m), len(c.order))
	}
}

// Toggling through every combination of modes keeps only the last few answers.
func TestEngineKeepsRecentModes(t *testing.T) {
	e := newEngine(LoadExamples().ToolListServers())
	n := 0
	for _, api := range []adapter.API{adapter.Chat, adapter.Responses} {
		for _, strict := range []adapter.StrictMode{adapter.StrictAuto, adapter.StrictOn, adapter.StrictOff} {
			for _, noPrefix := range []bool{false, true} {
				m := Modes{API: api, Strict: strict, NoPrefix: noPrefix}
				if e.get(m) == nil {
					t.Fatal("no answer")
				}
				n++
			}
		}
	}
	if len(e.cache.m) != recentModes || n <= recentModes {
		t.Errorf("%d answers kept after %d combinations, want %d", len(e.cache.m), n, recentModes)
	}
}
