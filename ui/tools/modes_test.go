package tools

import (
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
)

// Toggling through every combination of modes keeps only the last few answers.
func TestEngineKeepsRecentModes(t *testing.T) {
	e := newEngine(common.LoadExamples().ToolListServers())
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
	if e.cache.Len() != common.RecentModes || n <= common.RecentModes {
		t.Errorf("%d answers kept after %d combinations, want %d", e.cache.Len(), n, common.RecentModes)
	}
}
