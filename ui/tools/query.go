package tools

import (
	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/pane"
)

// The tools screen's query API: what a test of the whole inspector may
// observe of the screen. It reads and never changes anything; the screen
// changes only through Update.

// Modes are the modes the panes show (the toggles asked for may be ahead of
// them while the library computes their answer).
func (s *Screen) Modes() Modes { return s.modes }

// Report is the library's answer for Modes: one outcome per tool, in the
// order of the list's tool rows (Row.Tool).
func (s *Screen) Report() *adapter.ToolsReport { return s.cur.Report }

// Rendered is the tools as sent under Modes, as w writes them.
func (s *Screen) Rendered() []adapter.Value { return s.cur.Tools }

// Layout is where the list and the panes are drawn in the current window.
func (s *Screen) Layout() pane.Layout { return s.layout }

// Focused is the pane with focus, in tab order: the list (pane.ListPane), the
// left pane, the right pane.
func (s *Screen) Focused() int { return s.lp.Pane }

// List is the tool list, to read: its rows, groups, filters and selection.
// Only the screen's Update changes it.
func (s *Screen) List() *pane.List { return s.lp.List }

// Panes are the left and the right JSON pane, to read: what they show, their
// marks and cursors. Only the screen's Update changes them.
func (s *Screen) Panes() [2]*pane.JSON { return s.lp.Panes }
