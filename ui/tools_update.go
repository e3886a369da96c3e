package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
)

// Update implements Screen.
func (s *toolsScreen) Update(msg tea.Msg, focus int) (int, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg, focus)
	case tea.PasteMsg:
		if s.Capturing(focus) {
			cmd := s.list.updateFilter(msg)
			s.show()
			return focus, cmd
		}
	case tea.MouseClickMsg:
		s.click(msg.Mouse(), focus)
	case tea.MouseWheelMsg:
		s.wheel(msg.Mouse())
	case gotoMsg:
		return focus, s.gotoPointer(msg)
	case writeMsg:
		return focus, s.write(msg)
	case writtenMsg:
		return focus, s.written(msg)
	case toolsComputedMsg:
		return focus, s.computed(msg)
	}
	return focus, nil
}

func (s *toolsScreen) key(k tea.KeyPressMsg, focus int) (int, tea.Cmd) {
	if focus == paneList && s.list.editing {
		return s.filterKey(k, focus)
	}
	tk := &s.ctx.Keys.Tools
	switch {
	case key.Matches(k, tk.API):
		if s.want.API == adapter.Chat {
			s.want.API = adapter.Responses
		} else {
			s.want.API = adapter.Chat
		}
		return focus, s.toggled("api " + string(s.want.API))
	case key.Matches(k, tk.Strict):
		s.want.Strict = cycle(s.want.Strict, adapter.StrictAuto, adapter.StrictOn, adapter.StrictOff)
		return focus, s.toggled("strict " + string(s.want.Strict))
	case key.Matches(k, tk.Prefix):
		s.want.NoPrefix = !s.want.NoPrefix
		return focus, s.toggled(onOff("server prefix", !s.want.NoPrefix))
	case key.Matches(k, tk.Defaults):
		s.want.NoDefaultDescriptions = !s.want.NoDefaultDescriptions
		return focus, s.toggled(onOff("defaults in descriptions", !s.want.NoDefaultDescriptions))
	case key.Matches(k, tk.Tool):
		s.setView(viewTool)
		return focus, nil
	case key.Matches(k, tk.Report):
		s.setView(viewReport)
		return focus, nil
	case key.Matches(k, tk.Filter):
		return paneList, s.list.startFilter()
	case key.Matches(k, tk.Goto):
		return focus, s.gotoPrompt(focus)
	case key.Matches(k, tk.Next):
		return focus, s.nextMark(focus, 1)
	case key.Matches(k, tk.Prev):
		return focus, s.nextMark(focus, -1)
	case key.Matches(k, tk.Copy):
		return focus, s.copyPane(focus)
	case key.Matches(k, tk.Write):
		return focus, promptCmd("write rendered tools to:", defaultWriteName,
			func(v string) tea.Msg { return writeMsg{name: v} })
	case key.Matches(k, tk.Edit):
		return focus, s.edit()
	}
	if focus == paneList {
		return s.listKey(k, focus)
	}
	s.jsonKey(k, focus)
	return focus, nil
}

// toggled redraws after a mode changed. Modes seen before are drawn at once
// from the cache. Others are computed off the frame by a command (the
// library's answer and the selected tool's panes, which on a large schema take
// longer than a frame); the panes keep showing the current modes meanwhile,
// and the answer is swapped in when it arrives (toolsComputedMsg).
func (s *toolsScreen) toggled(what string) tea.Cmd {
	if _, ok := s.eng.cached(s.want); ok {
		s.modes, s.pending = s.want, ""
		s.recompute()
		return statusCmd(what, false)
	}
	return s.ask(what, s.computeCmd)
}

// toolsComputedMsg brings the library's answer for modes, computed off the
// frame, with the panes of the tool that was selected.
type toolsComputedMsg struct {
	modes Modes
	c     *computed
}

// computeCmd computes the answer for m in a command. It is given everything
// it reads (the tool set when there is one, the selected tool's left document,
// which is the same in every mode) and shares nothing it writes.
func (s *toolsScreen) computeCmd(m Modes) tea.Cmd {
	servers := s.eng.servers
	set := s.eng.sets[boolIndex(m.NoPrefix)]
	tool, view := -1, s.view
	var left *jsonDoc
	if row := s.list.current(); row != nil && row.tool >= 0 {
		tool = row.tool
		left = s.eng.leftDoc(tool, s.cur.report.Outcomes[tool], view)
	}
	return func() tea.Msg {
		if set == nil {
			set = adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: m.NoPrefix})
		}
		c := computeModes(set, m)
		if tool >= 0 && tool < len(c.report.Outcomes) {
			c.contents[contentKey{tool: tool, view: view}] = buildToolContents(c, tool, view, left)
		}
		return toolsComputedMsg{modes: m, c: c}
	}
}

// computed takes in an answer computed off the frame, and shows it when its
// modes are still the ones asked for.
func (s *toolsScreen) computed(msg toolsComputedMsg) tea.Cmd {
	if _, ok := s.eng.cached(msg.modes); !ok {
		s.eng.cache.put(msg.modes, msg.c)
		if i := boolIndex(msg.modes.NoPrefix); s.eng.sets[i] == nil {
			s.eng.sets[i] = msg.c.set
		}
	}
	what, ok := s.arrived(msg.modes, s.modes)
	if !ok {
		return nil
	}
	s.modes = s.want
	s.recompute()
	return statusCmd(what, false)
}

// setView shows v in the right pane, or goes back to the strict schema.
func (s *toolsScreen) setView(v viewMode) {
	if s.view == v {
		v = viewSchema
	}
	s.view = v
	s.show()
}

func (s *toolsScreen) filterKey(k tea.KeyPressMsg, focus int) (int, tea.Cmd) {
	cmd := s.list.filterKey(k, &s.ctx.Keys.List)
	s.show()
	return focus, cmd
}

func (s *toolsScreen) listKey(k tea.KeyPressMsg, focus int) (int, tea.Cmd) {
	lk := &s.ctx.Keys.List
	switch {
	case s.list.moveKey(k, lk):
	case key.Matches(k, lk.Open):
		return paneLeft, nil
	case s.list.clearKey(k, lk):
	default:
		return focus, nil
	}
	s.show()
	return focus, nil
}

func (s *toolsScreen) click(m tea.Mouse, focus int) {
	if focus == paneList {
		if s.list.click(m.Y - s.layout.List.Y) {
			s.show()
		}
		return
	}
	s.clickPane(focus, m.Y-s.layout.Left.Y-1)
}

func (s *toolsScreen) wheel(m tea.Mouse) {
	d, ok := wheelDelta(m)
	if !ok {
		return
	}
	switch pane, ok := s.PaneAt(m.X, m.Y); {
	case !ok:
	case pane == paneList:
		s.list.move(d / wheelStep)
		s.show()
	default:
		s.wheelPane(pane, d)
	}
}

// PaneAt implements Screen. The rectangles are in tab order (paneList,
// paneLeft, paneRight).
func (s *toolsScreen) PaneAt(x, y int) (int, bool) {
	return hit(x, y, s.layout.List, s.layout.Left, s.layout.Right)
}

// copyPane copies the focused pane through OSC 52.
func (s *toolsScreen) copyPane(focus int) tea.Cmd {
	if focus == paneList {
		return copyCmd(s.list.text(), "the tool list")
	}
	return copyCmd(s.copyText(focus))
}

// edit opens the selected tool's input schema, as written, in the playground.
func (s *toolsScreen) edit() tea.Cmd {
	row := s.list.current()
	if row == nil || row.tool < 0 {
		return statusCmd("select a tool to edit its input schema", true)
	}
	o := s.cur.report.Outcomes[row.tool]
	text, levels := editableText(o.Entry.Tool.InputSchema)
	return editCmd(editRequest{kind: editSchema, name: o.Entry.Exposed,
		text: text, levels: levels, noDefaults: s.modes.NoDefaultDescriptions})
}
