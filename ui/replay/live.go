package replay

import (
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/ui/common"
)

// defaultSessionName is the file w offers to write the live session to.
const defaultSessionName = "strictscope-live-session.json"

// liveTurn takes in a turn added to the live session: the files are read
// again (the session is a new value on each call), the traces of the old
// ones dropped with the replays still running off the frame, and the new
// turn selected.
func (s *Screen) liveTurn(msg common.LiveTurnMsg) {
	s.eng = newEngine(s.loaded, s.eng.start)
	s.off = common.NewOffFrame(s.opts)
	s.views = map[stageKey]*stageView{}
	s.shown = stageKey{File: -1}
	s.setEntries()
	s.setRows()
	for k := range s.eng.files {
		if !s.eng.files[k].Live {
			continue
		}
		for i, e := range s.entries {
			if e.File == k && e.Turn == msg.Turn {
				s.lp.List.SelectRow(i)
				s.stage = 0
			}
		}
	}
	s.show()
}

// toggleAPI renders the outputs for the other API than the selected turn's.
func (s *Screen) toggleAPI() tea.Cmd {
	k := 0
	if e, _, _ := s.current(); e != nil {
		k = e.File
	}
	if len(s.eng.files) == 0 {
		return common.ShowInfo("nothing to replay")
	}
	if s.eng.api(s.off.Want, k) == adapter.Chat {
		s.off.Want.OutputAPI = adapter.Responses
	} else {
		s.off.Want.OutputAPI = adapter.Chat
	}
	return s.toggled("outputs for " + string(s.off.Want.OutputAPI))
}

// writeMsg asks to write the live session to a file.
type writeMsg struct {
	name      string
	overwrite bool
}

type writtenMsg struct{ common.Written }

// writePrompt asks where to write the live session.
func (s *Screen) writePrompt() tea.Cmd {
	if s.lv == nil || s.lv.Session == nil {
		return common.ShowError("no live session: w writes the calls made to live servers (--server, --config)")
	}
	return common.PromptCmd("write the live session to:", defaultSessionName,
		func(v string) tea.Msg { return writeMsg{name: v} })
}

// write writes the live session as a session file, which replay reads back.
func (s *Screen) write(m writeMsg) tea.Cmd {
	name := common.WriteName(m.name)
	if name == "" {
		return common.ShowError("no file name: nothing written")
	}
	data := adapter.MarshalIndent(s.lv.Session.Value())
	return common.WriteFile(name, data, m.overwrite, func(w common.Written) tea.Msg { return writtenMsg{w} })
}

func (s *Screen) written(m writtenMsg) tea.Cmd {
	return m.Report(func() tea.Msg { return writeMsg{name: m.Name, overwrite: true} },
		"wrote the live session ("+words.Count(len(s.lv.Session.Turns), "turn", "turns")+") to "+common.Safe(m.Name))
}
