package servers

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// Update implements common.Screen: keys, the mouse, a paste into the log's
// filter, and the root's word that a live server changed.
func (s *Screen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.LiveChangedMsg:
		s.changed(msg.Server)
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.PasteMsg:
		if s.log.editing {
			return s.log.Edit(msg)
		}
	case tea.MouseClickMsg:
		s.click(msg.Mouse())
	case tea.MouseWheelMsg:
		s.wheel(msg.Mouse())
	}
	return nil
}

// changed draws server i again: its row, and its details and log when it is
// the one shown.
func (s *Screen) changed(i int) {
	if i < 0 || i >= len(s.servers()) {
		return
	}
	s.setRows()
	if i == s.shown || s.selected() != s.shown {
		s.show()
	}
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	sk := &s.ctx.Keys.Servers
	if s.log.editing {
		return s.log.FilterKey(k, func(k tea.KeyPressMsg) bool { return key.Matches(k, sk.Clear) })
	}
	switch {
	case key.Matches(k, sk.Reconnect):
		return s.reconnect()
	case key.Matches(k, sk.Filter):
		s.focus.Pane = logPane
		return s.log.StartFilter()
	case key.Matches(k, sk.Kinds):
		return common.ShowInfo("log lines: " + s.log.CycleKinds().String())
	case key.Matches(k, sk.Clear):
		if s.log.Filtering() || s.log.filter.Value() != "" {
			s.log.ClearFilters()
			return common.ShowInfo("log filter cleared")
		}
		return nil
	case key.Matches(k, sk.Copy):
		return s.copyPane()
	}
	switch s.focus.Pane {
	case listPane:
		s.listKey(k)
	case detailsPane:
		pk := s.ctx.Keys.ServersPager()
		if m, ok := pagerMove(k, &pk, s.details.height); ok {
			s.details.Move(m)
		}
	case logPane:
		pk := s.ctx.Keys.ServersPager()
		if m, ok := pagerMove(k, &pk, s.log.rows()); ok {
			s.log.Move(m)
		}
	}
	return nil
}

// listKey moves the selection in the list, or opens the selected server's
// log.
func (s *Screen) listKey(k tea.KeyPressMsg) {
	lk := s.ctx.Keys.ServersList()
	page := max((s.layout.List.H-s.list.HeaderRows())/pane.RowHeight, 1)
	switch {
	case key.Matches(k, lk.Up):
		s.list.Move(-1)
	case key.Matches(k, lk.Down):
		s.list.Move(1)
	case key.Matches(k, lk.PgUp):
		s.list.Move(-page)
	case key.Matches(k, lk.PgDown):
		s.list.Move(page)
	case key.Matches(k, lk.Top):
		s.list.Move(-len(s.list.Rows))
	case key.Matches(k, lk.Bottom):
		s.list.Move(len(s.list.Rows))
	case key.Matches(k, lk.Open):
		s.focus.Pane = logPane
		return
	default:
		return
	}
	s.show()
}

// reconnect asks the root model to connect the selected server again.
func (s *Screen) reconnect() tea.Cmd {
	i := s.selected()
	if i < 0 {
		return common.ShowError("no server to reconnect")
	}
	return func() tea.Msg { return common.ReconnectRequest{Server: i} }
}

// copyPane copies the pane with focus through OSC 52: the servers' names,
// the details, or the log's lines the filters keep.
func (s *Screen) copyPane() tea.Cmd {
	switch s.focus.Pane {
	case listPane:
		return pane.CopyCmd(s.list.Text(), "the servers' names")
	case detailsPane:
		return pane.CopyCmd(s.details.Text(), "the server's details")
	}
	return pane.CopyCmd(s.log.Text(), "the log")
}

// rects are the panes' rectangles in tab order; none when the window is too
// small to draw in.
func (s *Screen) rects() []common.Rect {
	if s.layout.TooSmall {
		return nil
	}
	return []common.Rect{s.layout.List, s.layout.Details, s.layout.Log}
}

// click focuses the pane under the mouse; on the list it selects the server
// drawn there.
func (s *Screen) click(m tea.Mouse) {
	p, ok := common.Hit(m.X, m.Y, s.rects()...)
	if !ok {
		return
	}
	s.focus.Pane = p
	if p == listPane && s.list.Click(m.Y-s.layout.List.Y) {
		s.show()
	}
}

// wheel scrolls the pane under the mouse; on the list it moves the
// selection.
func (s *Screen) wheel(m tea.Mouse) {
	d, ok := pane.WheelDelta(m)
	if !ok {
		return
	}
	switch p, ok := common.Hit(m.X, m.Y, s.rects()...); {
	case !ok:
	case p == listPane:
		s.list.Move(d / 3)
		s.show()
	case p == detailsPane:
		s.details.Move(move{rows: d})
	default:
		s.log.Move(move{rows: d})
	}
}
