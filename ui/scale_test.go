package ui

import (
	"testing"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/tools"
)

// scaleServers is how many tool lists manyServers generates.
const scaleServers = uitest.ScaleServers

// manyServers is uitest.ManyServers loaded: 73 tool lists, about 2,000 tools.
func manyServers(tb testing.TB) *common.Loaded {
	tb.Helper()
	l := &common.Loaded{}
	uitest.AddAll(l.AddBytes, uitest.ManyServers(tb))
	return l
}

func scaleScenarios() []scenario {
	many := func(t *testing.T) *common.Loaded { return manyServers(t) }
	return []scenario{
		// The first server's group is open, every other past the first
		// screenful folded.
		{name: "scale-73-servers", loaded: many},
		{name: "scale-73-servers-unfold-all", loaded: many, steps: func(h *harness) { h.keys("z", "z", "pgdown", "pgdown", "j") }},
		{name: "scale-73-servers-status-filter", loaded: many, steps: func(h *harness) { h.keys("f", "f") }},
		{name: "scale-73-servers-status-filter-text", loaded: many, steps: func(h *harness) {
			h.keys("f", "f", "/").typing("agent-infra").keys("enter")
		}},
	}
}

func groupScenarios() []scenario {
	return []scenario{
		// The examples: two servers and the files, the weather header selected.
		{name: "group-header", steps: func(h *harness) { h.keys("j", "j", "j", "j", "j") }},
		{name: "group-folded", steps: func(h *harness) { h.keys("j", "j", "j", "j", "j", "enter") }},
		{name: "group-fold-all", steps: func(h *harness) { h.keys("z") }},
		{name: "status-filter-renamed", steps: func(h *harness) { h.keys("f", "f", "f", "f", "f") }},
		{name: "status-filter-with-text", steps: func(h *harness) {
			h.keys("f", "f", "/").typing("station").keys("enter")
		}},
		{name: "status-filter-nothing", steps: func(h *harness) { h.keys("f", "f", "f", "f") }},
		// The replay screen groups the turns by file the same way: the first
		// file's header selected, then folded, then every file folded.
		{name: "replay-group-header", loaded: replayFiles, steps: func(h *harness) { h.keys("2", "k") }},
		{name: "replay-group-folded", loaded: replayFiles, steps: func(h *harness) { h.keys("2", "k", "enter") }},
		{name: "replay-group-fold-all", loaded: replayFiles, steps: func(h *harness) { h.keys("2", "z", "j", "space") }},
	}
}

// toolsOf is the tools screen of h.
func toolsOf(h *harness) *tools.Screen { return h.m.screens[0].(*tools.Screen) }

// TestCorpusGroupsFrame opens every tool list of the corpus at once, when it
// is there, and checks the frame is whole (the groups themselves are checked
// by TestCorpusGroups in package tools).
func TestCorpusGroupsFrame(t *testing.T) {
	h := newHarness(t, Options{}, common.Load(uitest.CorpusFiles(t)), 160, 50)
	checkFrame(t, h.m.Render(), 160, 50)
}
