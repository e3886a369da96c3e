package ui

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/ui/common"
)

// stubScreen stands for a later screen (the replay screen): it records the keys
// it is given.
type stubScreen struct {
	ctx *common.Context
	common.Focus
	keys []string
}

func (s *stubScreen) Name() string    { return "stub" }
func (s *stubScreen) Resize()         {}
func (s *stubScreen) Restyle()        {}
func (s *stubScreen) Capturing() bool { return false }
func (s *stubScreen) Status() string  { return "stub status" }
func (s *stubScreen) KeyMaps() []common.NamedKeyMap {
	return []common.NamedKeyMap{{Title: "stub", KeyMap: s.ctx.Keys.Prompt}}
}
func (s *stubScreen) View() string {
	return common.PadLines([]string{"STUB SCREEN focus " + strconv.Itoa(s.Pane)}, s.ctx.Width, s.ctx.Height-1)
}
func (s *stubScreen) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		s.keys = append(s.keys, k.String())
	}
	return nil
}

func TestAnotherScreenPlugsIn(t *testing.T) {
	h := newHarness(t, Options{}, &common.Loaded{}, 80, 24)
	if n := len(h.m.screens); n != 2 {
		t.Fatalf("with nothing to replay there are %d screens, want the tools screen and the playground", n)
	}
	stub := &stubScreen{ctx: h.m.ctx, Focus: common.NewFocus(2)}
	h.m.screens = append(h.m.screens, stub)
	h.m.ctx.Keys.Global.Screen.SetEnabled(true)

	h.keys("3", "tab", "x")
	if !strings.Contains(h.screen(), "STUB SCREEN focus 1") || !strings.Contains(h.screen(), "stub status") {
		t.Fatalf("3 does not show the third screen, with its own focus and status:\n%s", h.screen())
	}
	if strings.Join(stub.keys, ",") != "x" {
		t.Errorf("the screen got keys %v, want only x (tab is the root's)", stub.keys)
	}
	h.keys("1")
	if !strings.Contains(h.screen(), "No tools.") {
		t.Errorf("1 does not go back to the tools screen")
	}
	h.keys("?")
	if !strings.Contains(h.screen(), "switch screen") {
		t.Errorf("help does not list the screen keys")
	}
}
