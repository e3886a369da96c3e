package tools

import (
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/ui/common"
)

// defaultWriteName is the file w offers to write the rendered tools to.
const defaultWriteName = "strictscope-tools.json"

// writeMsg asks to write the rendered tools to a file.
type writeMsg struct {
	name      string
	overwrite bool // the user agreed to replace an existing file
}

// writtenMsg says how writing went.
type writtenMsg struct{ common.Written }

// write starts writing the rendered tools array of the current modes.
func (s *Screen) write(m writeMsg) tea.Cmd {
	name := common.WriteName(m.name)
	if name == "" {
		return common.ShowError("no file name: nothing written")
	}
	data := adapter.MarshalIndent(adapter.ArrayValue(s.cur.Tools...))
	return common.WriteFile(name, data, m.overwrite, func(w common.Written) tea.Msg { return writtenMsg{w} })
}

// written reports the result, and asks before replacing an existing file.
func (s *Screen) written(m writtenMsg) tea.Cmd {
	return m.Report(func() tea.Msg { return writeMsg{name: m.Name, overwrite: true} },
		"wrote "+words.Count(len(s.cur.Tools), "tool", "tools")+" ("+string(s.modes.API)+", strict "+
			string(s.modes.Strict)+") to "+common.Safe(m.Name))
}
