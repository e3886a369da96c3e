package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/ui/common"
)

// TestEveryFileFailingStillOpens: with no file loaded, the inspector opens
// all the same and lists the errors.
func TestEveryFileFailingStillOpens(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"tools": [`), 0o644)
	h := newHarness(t, Options{}, common.Load([]string{bad, filepath.Join(dir, "missing.json")}), 80, 24)
	if s := h.screen(); !strings.Contains(s, "bad.json") || !strings.Contains(s, "missing.json") || !strings.Contains(s, "2 not loaded") {
		t.Errorf("the failed files are not listed:\n%s", s)
	}
}

func TestNothingLoadedStillDraws(t *testing.T) {
	h := newHarness(t, Options{}, &common.Loaded{}, 80, 24)
	h.keys("tab", "n", "j", "t", "r", "a", "s", "/", "x", "esc", "?", "?", "y", "g", "enter")
	checkFrame(t, h.m.Render(), 80, 24)
	if !strings.Contains(h.screen(), "No tools.") {
		t.Errorf("an empty inspector does not say so:\n%s", h.screen())
	}
}
