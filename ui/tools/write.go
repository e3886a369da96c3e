package tools

import (
	"errors"
	"io/fs"
	"os"
	"strings"

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
type writtenMsg struct {
	name   string
	bytes  int
	exists bool // the file exists and overwrite was not agreed
	err    error
}

// write starts writing the rendered tools array of the current modes.
func (s *Screen) write(m writeMsg) tea.Cmd {
	name := strings.TrimSpace(m.name)
	if name == "" {
		return common.ShowError("no file name: nothing written")
	}
	data := adapter.MarshalIndent(adapter.ArrayValue(s.cur.Tools...))
	return writeFileCmd(name, data, m.overwrite)
}

// written reports the result, and asks before replacing an existing file.
func (s *Screen) written(m writtenMsg) tea.Cmd {
	switch {
	case m.exists:
		name := m.name
		return common.PromptCmd(common.TruncLeft(common.Safe(name), 32)+" exists; overwrite it? (y/N)", "", func(v string) tea.Msg {
			if a := strings.ToLower(strings.TrimSpace(v)); a == "y" || a == "yes" {
				return writeMsg{name: name, overwrite: true}
			}
			return common.StatusMsg{Text: "not written: " + common.Safe(name) + " is unchanged"}
		})
	case m.err != nil:
		return common.ShowError("could not write " + common.Safe(m.name) + ": " + common.Safe(m.err.Error()))
	}
	return common.ShowInfo("wrote " + words.Count(len(s.cur.Tools), "tool", "tools") + " (" + string(s.modes.API) + ", strict " +
		string(s.modes.Strict) + ") to " + common.Safe(m.name))
}

// writeFileCmd writes data to name. Without overwrite an existing file is never
// touched: it is created exclusively, and its existence reported.
func writeFileCmd(name string, data []byte, overwrite bool) tea.Cmd {
	return func() tea.Msg {
		flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
		if overwrite {
			flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		}
		f, err := os.OpenFile(name, flags, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return writtenMsg{name: name, exists: true}
		}
		if err != nil {
			return writtenMsg{name: name, err: err}
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return writtenMsg{name: name, bytes: len(data), err: err}
	}
}
