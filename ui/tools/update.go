package tools

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// Update implements common.Screen.
func (s *Screen) Update(msg tea.Msg) tea.Cmd {
	if cmd, ok := s.lp.Update(msg, nil); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg)
	case writeMsg:
		return s.write(msg)
	case writtenMsg:
		return s.written(msg)
	case computedMsg:
		return s.computed(msg)
	case common.LiveChangedMsg:
		s.liveChanged()
	}
	return nil
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	if s.lp.Capturing() {
		return s.lp.FilterKey(k)
	}
	tk := &s.ctx.Keys.Tools
	switch {
	case key.Matches(k, tk.API):
		if s.off.Want.API == adapter.Chat {
			s.off.Want.API = adapter.Responses
		} else {
			s.off.Want.API = adapter.Chat
		}
		return s.toggled("api " + string(s.off.Want.API))
	case key.Matches(k, tk.Strict):
		s.off.Want.Strict = common.Cycle(s.off.Want.Strict, adapter.StrictAuto, adapter.StrictOn, adapter.StrictOff)
		return s.toggled("strict " + string(s.off.Want.Strict))
	case key.Matches(k, tk.Prefix):
		s.off.Want.NoPrefix = !s.off.Want.NoPrefix
		return s.toggled(common.OnOff("server prefix", !s.off.Want.NoPrefix))
	case key.Matches(k, tk.Defaults):
		s.off.Want.NoDefaultDescriptions = !s.off.Want.NoDefaultDescriptions
		return s.toggled(common.OnOff("defaults in descriptions", !s.off.Want.NoDefaultDescriptions))
	case key.Matches(k, tk.Tool):
		s.setView(viewTool)
		return nil
	case key.Matches(k, tk.Report):
		s.setView(viewReport)
		return nil
	case key.Matches(k, tk.Filter):
		return s.lp.StartFilter()
	case key.Matches(k, tk.Status):
		s.only = (s.only + 1) % len(statusFilters)
		s.lp.List.SetOnly(statusFilters[s.only].only)
		s.show()
		return nil
	case key.Matches(k, tk.Goto):
		return s.lp.GotoPrompt()
	case key.Matches(k, tk.Next):
		return s.lp.NextMark(1)
	case key.Matches(k, tk.Prev):
		return s.lp.NextMark(-1)
	case key.Matches(k, tk.Copy):
		return s.lp.CopyPane()
	case key.Matches(k, tk.Write):
		return common.PromptCmd("write rendered tools to:", defaultWriteName,
			func(v string) tea.Msg { return writeMsg{name: v} })
	case key.Matches(k, tk.Edit):
		return s.edit()
	case key.Matches(k, tk.Call):
		return s.call()
	case key.Matches(k, tk.Reconnect):
		return s.reconnect()
	}
	if s.lp.Pane == pane.ListPane {
		s.lp.ListKey(k)
		return nil
	}
	s.lp.JSONKey(k)
	return nil
}

// toggled redraws after a mode changed. Modes seen before are drawn at once
// from the cache. Others are computed off the frame by a command (the
// library's answer and the selected tool's panes, which on a large schema take
// longer than a frame); the panes keep showing the current modes meanwhile,
// and the answer is swapped in when it arrives (computedMsg).
func (s *Screen) toggled(what string) tea.Cmd {
	if _, ok := s.eng.cached(s.off.Want); ok {
		s.modes, s.off.Pending = s.off.Want, ""
		s.recompute()
		return common.ShowInfo(what)
	}
	return s.off.Ask(what, s.computeCmd)
}

// computedMsg brings the library's answer for modes, computed off the
// frame, with the panes of the tool that was selected.
type computedMsg struct {
	Modes Modes
	c     *computed
	eng   *engine // the engine it was asked of: one made since drops it
}

// computeCmd computes the answer for m in a command. It is given everything
// it reads (the tool set when there is one, the selected tool's left document,
// which is the same in every mode) and shares nothing it writes.
func (s *Screen) computeCmd(m Modes) tea.Cmd {
	servers := s.eng.servers
	set := s.eng.sets[boolIndex(m.NoPrefix)]
	eng, tool, view := s.eng, -1, s.view
	var left *pane.Doc
	if row := s.lp.List.Current(); row != nil && row.Tool >= 0 {
		tool = row.Tool
		left = s.eng.LeftDoc(tool, s.cur.Report.Outcomes[tool], view)
	}
	return func() tea.Msg {
		if set == nil {
			set = adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: m.NoPrefix})
		}
		c := computeModes(set, m)
		if tool >= 0 && tool < len(c.Report.Outcomes) {
			c.contents[contentKey{tool: tool, view: view}] = buildToolContents(c, tool, view, left)
		}
		return computedMsg{Modes: m, c: c, eng: eng}
	}
}

// computed takes in an answer computed off the frame, and shows it when its
// modes are still the ones asked for.
func (s *Screen) computed(msg computedMsg) tea.Cmd {
	if msg.eng != s.eng {
		return nil // a live server's list changed since: liveChanged asked again
	}
	if _, ok := s.eng.cached(msg.Modes); !ok {
		s.eng.cache.Put(msg.Modes, msg.c)
		if i := boolIndex(msg.Modes.NoPrefix); s.eng.sets[i] == nil {
			s.eng.sets[i] = msg.c.set
		}
	}
	what, ok := s.off.Arrived(msg.Modes, s.modes)
	if !ok {
		return nil
	}
	s.modes = s.off.Want
	s.recompute()
	return common.ShowInfo(what)
}

// setView shows v in the right pane, or goes back to the strict schema.
func (s *Screen) setView(v viewMode) {
	if s.view == v {
		v = viewSchema
	}
	s.view = v
	s.show()
}

// edit opens the selected tool's input schema, as written, in the playground.
func (s *Screen) edit() tea.Cmd {
	row := s.lp.List.Current()
	if row == nil || row.Tool < 0 {
		return common.ShowError("select a tool to edit its input schema")
	}
	o := s.cur.Report.Outcomes[row.Tool]
	text, levels := pane.EditableText(o.Entry.Tool.InputSchema)
	return common.EditCmd(common.EditRequest{Kind: common.EditSchema, Name: o.Entry.Exposed,
		Text: text, Levels: levels, NoDefaults: s.modes.NoDefaultDescriptions})
}
